"""A model's true variables as a 1-in-3 SAT assignment, and `--forced` in the formula's
words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance, Solution, occurring


def decode(instance: OneInThreeInstance, true_names: Iterable[VarName]) -> Solution:
    """The true variables among those that occur."""
    present = occurring(instance)
    # ("x", variable): the rules' name of each variable
    chosen = (cast(tuple[str, int], name)[1] for name in true_names if name[0] == "x")
    return tuple(sorted(variable for variable in chosen if variable in present))


def forced_text(instance: OneInThreeInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the forced occurring variables as signed literals (positive
    = true, as in a solution), then the open ones."""
    value = {name[1]: truth for name, truth in forced.items() if name[0] == "x"}
    present = sorted(occurring(instance))
    literals = [v if value[v] else -v for v in present if v in value]
    open_vars = [v for v in present if v not in value]
    lines = [f"forced: {' '.join(map(str, literals))}"] if literals else []
    return lines + ([f"open: {' '.join(map(str, open_vars))}"] if open_vars else [])
