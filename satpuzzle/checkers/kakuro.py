"""Kakuro rules, checked directly: every white cell holds a digit 1-9, blocks hold none, and
the digits of every run (a maximal line of white cells) are all different and add up to the
clue before it, where there is one. Independent of the encoder by design: it reads the
instance's `rows`, `cols` and `grid` (None a white cell, (down, across) a block with its
clues, None where there is none) and the solution's digits (0 on blocks), nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

LIMIT = 20  # problems listed before the rest are summarised
Run = tuple[str, "int | None", list[tuple[int, int]]]


def _runs(grid: Sequence[Sequence[Any]], rows: int, cols: int) -> list[Run]:
    """(direction, clue or None, cells) of every run."""
    found: list[Run] = []
    for direction in ("across", "down"):
        lines = ([[(r, c) for c in range(cols)] for r in range(rows)] if direction == "across"
                 else [[(r, c) for r in range(rows)] for c in range(cols)])
        side = 1 if direction == "across" else 0
        for line in lines:
            clue: int | None = None
            cells: list[tuple[int, int]] = []
            for r, c in line:
                if grid[r][c] is None:
                    cells.append((r, c))
                    continue
                if cells:
                    found.append((direction, clue, cells))
                clue, cells = grid[r][c][side], []
            if cells:
                found.append((direction, clue, cells))
    return found


class Puzzle(Protocol):
    """What the checker reads of an instance: its size and grid, a cell None when white, else
    its block's (down, across) sums (None: no clue)."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def grid(self) -> Sequence[Sequence[tuple[int | None, int | None] | None]]: ...


def check(instance: Puzzle, solution: Sequence[Sequence[int]]) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid."""
    rows, cols, grid = instance.rows, instance.cols, instance.grid
    if len(solution) != rows or any(len(line) != cols for line in solution):
        return [f"the solution is not a grid of {rows} rows of {cols} cells"]
    problems = []
    for r in range(rows):
        for c in range(cols):
            value = solution[r][c]
            if grid[r][c] is None and value not in range(1, 10):
                problems.append(f"white cell ({r}, {c}) holds {value!r}, not a digit 1-9")
            elif grid[r][c] is not None and value != 0:
                problems.append(f"block ({r}, {c}) holds {value!r}; a block holds no digit")
    for direction, clue, cells in _runs(grid, rows, cols):
        digits = [solution[r][c] for r, c in cells]
        start = cells[0]
        if len(set(digits)) != len(digits):
            problems.append(f"the {direction} run from {start} repeats a digit: {digits}")
        if clue is not None and sum(digits) != clue:
            problems.append(f"the {direction} run from {start} adds up to {sum(digits)}, "
                            f"its clue says {clue}")
        if len(problems) > LIMIT:
            return problems + ["(further problems not listed)"]
    return problems
