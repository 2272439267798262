"""Files of one-line Sudoku puzzles (`Kind.encode_batch`, `Kind.render_line`): one formula, the
empty grid's, answers them all, each puzzle a job whose assumptions are its givens; each answer
is one line."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku.puzzle import SYMBOLS, Grid, SudokuInstance
from satpuzzle.kinds.sudoku.rules import encode, shape_text
from satpuzzle.solving import Job

_LINE_SYMBOLS = "." + SYMBOLS  # value → symbol, 0 → "."


def encode_batch(instances: Sequence[SudokuInstance]) -> tuple[Formula, list[Job]]:
    """One full encoding of the empty grid shared by all puzzles (same size, box, regions
    and diagonals: --diagonals makes a batch of Sudoku X), and per puzzle a job whose
    assumptions are its givens."""
    first = instances[0]
    size = first.size
    if any(instance.cages or instance.diagonals != first.diagonals for instance in instances):
        raise InputError("a batch of one-line puzzles holds plain Sudoku only, or Sudoku X "
                         "only (--diagonals): Killer puzzles are solved one at a time")
    formula = encode(SudokuInstance(first.box_rows, first.box_cols,
                                    tuple((0,) * size for _ in range(size)),
                                    regions=first.regions, diagonals=first.diagonals))
    formula.summary = [shape_text(first),
                       f"batch of {len(instances)} puzzles, givens as assumptions"]
    # the variable of (row, column, digit) at [(row · size + column) · size + digit - 1]
    variable = [formula.var("x", r + 1, c + 1, v) for r in range(size) for c in range(size)
                for v in range(1, size + 1)]
    jobs = []
    for instance in instances:
        if (instance.box_rows, instance.box_cols) != (first.box_rows, first.box_cols):
            raise InputError(f"a batch holds puzzles of one shape; found {instance.size}×"
                             f"{instance.size} after {size}×{size}")
        if instance.regions != first.regions:
            raise InputError("a batch holds puzzles of one shape; found puzzles with "
                             "different regions")
        # one pass over the givens: a cache of each row's literals, kept while the batch is
        # built, made 48,766 puzzles 16 MB larger at the peak and was slower (7.9 µs a
        # puzzle against 5.1)
        cells = itertools.count(0, size)
        jobs.append(Job([variable[cell + v - 1] for cell, v in zip(
            cells, itertools.chain.from_iterable(instance.givens)) if v]))
    return formula, jobs


def answer_names(instance: SudokuInstance, solution: Grid) -> list[VarName]:
    """The batch formula's true variables for `solution`: digit v in row r, column c."""
    return [("x", r + 1, c + 1, v) for r, row in enumerate(solution) for c, v in enumerate(row)]


def render_line(instance: SudokuInstance, solution: Grid) -> str:
    """One line: N² symbols (1-9 then A-Z) or, above 35, N² space-separated numbers."""
    if instance.size <= len(SYMBOLS):
        return "".join("".join(map(_LINE_SYMBOLS.__getitem__, row)) for row in solution)
    return " ".join(" ".join(map(str, row)) for row in solution)
