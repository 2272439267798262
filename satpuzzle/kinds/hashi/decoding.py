"""A model's true bridge variables as Hashi bridges, and `--forced` in the puzzle's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.hashi.puzzle import BridgeName, Cell, HashiInstance, Solution


def decode(instance: HashiInstance, true_names: Iterable[VarName]) -> Solution:
    """The bridges: each true bridge(r1, c1, r2, c2, k) variable, keeping the largest k."""
    counts: dict[tuple[Cell, Cell], int] = {}
    for name in true_names:
        if name[0] == "bridge":
            r1, c1, r2, c2, k = cast(BridgeName, name)[1:]  # as the rules name them
            key = ((r1 - 1, c1 - 1), (r2 - 1, c2 - 1))
            counts[key] = max(counts.get(key, 0), k)
    return tuple(sorted((a, b, k) for (a, b), k in counts.items()))


# ---------------------------------------------------------------- forced cells


def _is_bridge_name(name: VarName) -> TypeGuard[BridgeName]:
    """Whether `name` is a bridge variable's name: a tuple ("bridge", five ints)."""
    return (type(name) is tuple and len(name) == 6 and name[0] == "bridge"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: HashiInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: each pair of islands (1-based cells) with something forced:
    `r1c1-r1c5: 2 bridges`, `1 bridge`, `no bridge`, `at least 1 bridge` (a lower bound, the
    rest open), `at most 1 bridge` (an upper bound below the maximum) or `1 to 3 bridges`
    (both). The variables are an order encoding: bridge(..., k) = at least k bridges."""
    pairs: dict[tuple[int, int, int, int], dict[int, bool]] = {}
    for name, value in forced.items():
        if _is_bridge_name(name):  # every bridge variable's name is one
            pairs.setdefault(name[1:5], {})[name[5]] = value
    lines = []
    for (r1, c1, r2, c2), known in sorted(pairs.items()):
        low = max((k for k, value in known.items() if value), default=0)
        high = min((k - 1 for k, value in known.items() if not value),
                   default=instance.max_bridges)
        lines.append(f"r{r1}c{c1}-r{r2}c{c2}: {_bounds_text(low, high, instance.max_bridges)}")
    return lines


def _bridges(count: int) -> str:
    return "no bridge" if count == 0 else f"{count} bridge" + ("s" if count > 1 else "")


def _bounds_text(low: int, high: int, most: int) -> str:
    """A pair's count known to lie in low..high (of 0..most), in words."""
    if low == high:
        return _bridges(low)
    if high == most:
        return f"at least {_bridges(low)}"
    if low == 0:
        return f"at most {_bridges(high)}"
    return f"{low} to {high} bridges"
