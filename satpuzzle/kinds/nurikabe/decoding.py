"""A model's true sea variables as a Nurikabe solution, and `--forced` in the puzzle's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.nurikabe.puzzle import (
    ISLAND,
    SEA,
    NurikabeInstance,
    Solution,
    drawn_cells,
    drawn_lines,
)


def decode(instance: NurikabeInstance, true_names: Iterable[VarName]) -> Solution:
    """The grid of sea and island cells the true choices say."""
    grid = [[ISLAND] * instance.cols for _ in range(instance.rows)]
    for name in true_names:
        if name[0] == "sea":
            grid[_at(name, 1)][_at(name, 2)] = SEA
    return tuple("".join(row) for row in grid)


def _at(name: VarName, k: int) -> int:
    """Part k of a variable's name, a row or column."""
    return cast(int, name[k])


# ---------------------------------------------------------------- forced cells


def forced_text(instance: NurikabeInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the grid with `#` where every solution has sea, `.` where
    every solution has island, `?` where solutions differ."""
    grid: list[list[str | None]] = [[None] * instance.cols for _ in range(instance.rows)]
    for name, value in forced.items():
        if name[0] == "sea":
            grid[_at(name, 1)][_at(name, 2)] = SEA if value else ISLAND
        elif name[0] == "island" and value:
            grid[_at(name, 1)][_at(name, 2)] = ISLAND
    rows = tuple("".join(cell or "?" for cell in row) for row in grid)
    return drawn_lines(drawn_cells(instance, rows)).splitlines()
