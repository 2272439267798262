"""A model's true digit variables as a Sudoku grid, and `--forced` in the puzzle's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, cast

from satpuzzle.cnf import VarName
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku.puzzle import DigitName, Grid, SudokuInstance


def decode(instance: SudokuInstance, true_names: Iterable[VarName]) -> Grid:
    """The solution grid: givens plus the digit of each true cell variable."""
    grid = [list(row) for row in instance.givens]
    # typed as digit names once, not per name: other names are told by their tag
    for name in cast("Iterable[DigitName]", true_names):
        if name[0] == "x":  # ("x", row, column, digit), as encode names its variables
            _, row, column, digit = name
            grid[row - 1][column - 1] = digit
    return filled(grid)


def decode_candidates(instance: SudokuInstance, true_vars: Iterable[int]) -> Grid:
    """The solution grid from the true variables of the empty grid's formula, where candidate
    k (cell k // N, digit k % N + 1) is variable k + 1 (rules.encode_empty): a batch's answers
    read without a name lookup each."""
    size = len(instance.givens)
    cells = [0] * (size * size)
    for var in true_vars:
        cell, digit = divmod(var - 1, size)
        cells[cell] = digit + 1
    return filled([cells[r * size:(r + 1) * size] for r in range(size)])


def filled(grid: list[list[int]]) -> Grid:
    """`grid` as a solution, every cell given a digit (an InputError names the first not)."""
    for r, row in enumerate(grid):
        if 0 in row:
            raise InputError(f"the model gives no digit to cell row {r + 1}, "
                             f"column {row.index(0) + 1}")
    return tuple(map(tuple, grid))


# ---------------------------------------------------------------- forced cells


def _is_digit_name(name: VarName) -> TypeGuard[DigitName]:
    """Whether `name` is a digit variable's name: a tuple ("x", three ints)."""
    return (type(name) is tuple and len(name) == 4 and name[0] == "x"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: SudokuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: `r3c5 = 7` for each empty cell whose digit is forced (givens
    have no variable), then `r4c6 open, not 2 9` for the others, with the digits ruled out."""
    digit: dict[tuple[int, int], int] = {}
    ruled_out: dict[tuple[int, int], list[int]] = {}
    for name, value in forced.items():
        if _is_digit_name(name):  # every digit variable's name is one
            cell, candidate = (name[1], name[2]), name[3]
            if value:
                digit[cell] = candidate
            else:
                ruled_out.setdefault(cell, []).append(candidate)
    lines = []
    for r, row in enumerate(instance.givens, 1):
        for c, given in enumerate(row, 1):
            if given:
                continue
            if (r, c) in digit:
                lines.append(f"r{r}c{c} = {digit[(r, c)]}")
            else:
                excluded = sorted(ruled_out.get((r, c), []))
                lines.append(f"r{r}c{c} open" + (f", not {' '.join(map(str, excluded))}"
                                                  if excluded else ""))
    return lines
