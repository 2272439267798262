"""The jigsaw paper's NP-hardness reductions (Behague (2024), §3), each a module speaking one
protocol (see docs/REDUCTIONS.md):

- `NAME`, `SOURCE_KIND`: the CLI name and the kind of the source instances;
- `accepts(source) -> str | None`: why `reduce` would refuse the source, before any work;
- `reduce(source) -> JigsawInstance`: the construction;
- `to_source(source, target, target_solution)`: any jigsaw solution back to a source solution;
- `to_target(source, target, source_solution)`: a source solution forward to a jigsaw solution;
- `random_source(rng, size)`: small random source instances, satisfiable or not.
"""

from __future__ import annotations

from types import ModuleType

from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy, loaded

# name -> module, imported when the reduction is first used
REDUCTIONS = {
    "partition-contour": Lazy("satpuzzle.reductions.partition_contour"),
    "contour-puzzle": Lazy("satpuzzle.reductions.contour_puzzle"),
    "partition-orientation": Lazy("satpuzzle.reductions.partition_orientation"),
    "one-in-three-position": Lazy("satpuzzle.reductions.one_in_three_position"),
}


def reduction(name: str) -> ModuleType:
    """The module of reduction `name`, or an InputError listing the known ones."""
    if name not in REDUCTIONS:
        raise InputError(f"unknown reduction {name!r}; expected one of {', '.join(REDUCTIONS)}")
    return loaded(REDUCTIONS[name])
