"""The constraint library: a kind states its rules here, and every clause is born here.

It knows no kind. `Model` (model.py) wraps a `Formula` and adds constraints under family
names the kind gives, each written by a named encoding from the one registry
(encodings.py); integers.py adds integer variables with direct, order and log views,
all-different and sums; graphs.py adds connectivity (cuts, spanning tree, clasp
reachability) and acyclicity. What each family cost is recorded on the formula
(`Formula.families`): `satpuzzle compile --explain` prints it (report.py).

The package imports its modules on first use (the command line's help reads the registry
of encodings, which must not load PySAT).
"""

from __future__ import annotations

from typing import Any

from satpuzzle.lazy import Lazy, loaded

_WHERE = {"Model": Lazy("satpuzzle.constraints.model", "Model"),
          "parse_choices": Lazy("satpuzzle.constraints.model", "parse_choices"),
          "DEFAULTS": Lazy("satpuzzle.constraints.encodings", "DEFAULTS"),
          "ENCODINGS": Lazy("satpuzzle.constraints.encodings", "ENCODINGS"),
          "Encoding": Lazy("satpuzzle.constraints.encodings", "Encoding"),
          "choices": Lazy("satpuzzle.constraints.encodings", "choices")}

__all__ = ["DEFAULTS", "ENCODINGS", "Encoding", "Model", "choices", "parse_choices"]


def __getattr__(name: str) -> Any:
    deferred = _WHERE.get(name)
    if deferred is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return loaded(deferred)
