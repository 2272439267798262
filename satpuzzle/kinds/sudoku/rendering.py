"""Sudoku solutions as text (a grid, or one line for files of one-line puzzles) and JSON, and
read back from both (`satpuzzle check`)."""

from __future__ import annotations

from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.kinds.sudoku.native import one_line
from satpuzzle.kinds.sudoku.puzzle import (
    SEPARATOR,
    Grid,
    SudokuInstance,
    cell_value,
    row_cells,
)


def parse_solutions(instance: SudokuInstance, text: str, path: str) -> list[Grid]:
    """Solutions written as grids (one after another, blank lines ignored) or one per line."""
    rows = tokenize_rows(text, path)
    size = instance.size
    if not rows:
        raise InputError("empty solution file, expected a grid", path, 1, 1)
    if len(rows[0]) == 1 and len(rows[0][0].text) == size * size or len(rows[0]) == size * size:
        shape = f"{instance.box_rows}x{instance.box_cols}"
        return [one_line(row, path, shape).givens for row in rows]
    rows = [row for row in rows if not all(SEPARATOR.match(t.text) for t in row)]
    if len(rows) % size:
        raise InputError(f"{len(rows)} grid lines is not a multiple of {size}", path)
    grids = []
    for start in range(0, len(rows), size):
        lines = [row_cells(row, size) for row in rows[start:start + size]]
        for row, line in zip(rows[start:start + size], lines):
            if len(line) != size:
                raise row[0].error(f"line has {len(line)} cells, expected {size}")
        grids.append(tuple(tuple(cell_value(cell, size) for cell in line) for line in lines))
    return grids


# ---------------------------------------------------------------- output


def render_text(instance: SudokuInstance, solution: Grid) -> str:
    """N lines of N numbers separated by spaces, as in the seed document."""
    return "\n".join(" ".join(map(str, row)) for row in solution)


def render_json(instance: SudokuInstance, solution: Grid) -> list[list[int]]:
    return [list(row) for row in solution]


def from_json(instance: SudokuInstance, data: object, path: str) -> Grid:
    """A solution given as JSON: N rows of N integers."""
    size = instance.size
    if not (isinstance(data, list) and len(data) == size and all(
            isinstance(row, list) and len(row) == size
            and all(isinstance(v, int) and not isinstance(v, bool) for v in row)
            for row in data)):
        raise InputError(f"a Sudoku solution in JSON is {size} lists of {size} integers", path)
    return tuple(tuple(row) for row in data)
