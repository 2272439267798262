"""Sudoku's CNF with numpy, from the groups of a grid shape built once per process.

The rules of a shape (size, boxes or regions) are the same for every puzzle: each empty cell
holds one digit, each unit holds each digit it lacks once. A `Shape` lists, for the empty
grid, the candidates (row, column, digit) of each such group; a puzzle keeps the candidates
its givens leave and writes its clauses with a few array operations instead of one Python
call per clause: at least one candidate per group, and at most one as pairs, each pair once
(two cells of one row and one box exclude each other once, not twice). The formula is the
general encoder's (`puzzle._encode_general`), variables and numbers included, up to clause
order and the duplicates (and, for a puzzle with no solution, where the contradiction's
variable is).

Candidate k is cell k // N (row-major) holding digit k % N + 1; puzzle variables are
numbered in candidate order, 1 for the first candidate the givens leave.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from satpuzzle.cnf import Formula

Cell = tuple[int, int]


class SudokuFormula(Formula):
    """A Sudoku formula: every puzzle variable is a candidate of an empty cell and occurs in
    that cell's clause, so every one is live and no scan of the clauses is needed."""

    def live_puzzle_vars(self) -> list[int]:
        return sorted(self.names)


@dataclass(frozen=True, eq=False)
class Shape:
    """The empty grid's groups, for every puzzle of one shape (arrays are never written)."""

    size: int
    cell_units: np.ndarray  # (N², 3): the row, column and box (region) unit of each cell
    groups: np.ndarray  # (N² + 3N·N, N): candidates of each cell, then of each (unit, digit),
    # each row ascending
    left: np.ndarray  # the pairs (left[i], right[i]) of positions in a group, left < right
    right: np.ndarray


def build_shape(size: int, units: Sequence[Sequence[Cell]]) -> Shape:
    """The groups of a grid whose 3N units are `units`: its N rows, N columns, then its N
    boxes or regions (each a list of N cells)."""
    n = size
    unit_cells = np.sort(np.array([[r * n + c for r, c in unit] for unit in units],
                                  dtype=np.int64), axis=1)
    cell_units = np.empty((n * n, 3), dtype=np.int64)
    for kind in range(3):  # each cell is in exactly one unit of each kind
        block = unit_cells[kind * n:(kind + 1) * n]
        cell_units[block.ravel(), kind] = np.repeat(np.arange(kind * n, (kind + 1) * n), n)
    cell_groups = np.arange(n ** 3, dtype=np.int64).reshape(n * n, n)
    # unit u, digit d: the candidate "digit d" of each cell of u
    unit_groups = (unit_cells[:, None, :] * n + np.arange(n)[None, :, None]).reshape(-1, n)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    left = np.array([i for i, _ in pairs], dtype=np.int64)
    right = np.array([j for _, j in pairs], dtype=np.int64)
    arrays = cell_units, np.concatenate([cell_groups, unit_groups]), left, right
    for array in arrays:
        array.flags.writeable = False  # shared by every puzzle of the shape
    return Shape(n, *arrays)


def encode_givens(formula: Formula, shape: Shape, givens: Sequence[Sequence[int]]) -> None:
    """Add one puzzle's clauses to an empty `formula`: exactly one digit per empty cell and
    exactly one cell per (unit, missing digit), over the candidates the givens leave."""
    n = shape.size
    values = np.fromiter((v for row in givens for v in row), dtype=np.int64, count=n * n)
    # how often each digit is given in each unit (column 0: empty cells)
    slots = (shape.cell_units * (n + 1) + values[:, None]).ravel()
    counts = np.bincount(slots, minlength=3 * n * (n + 1)).reshape(3 * n, n + 1)[:, 1:]
    if (counts > 1).any():
        formula.contradiction()  # two equal givens in one unit: no solution
        return
    present = counts > 0  # (3N, N): digit given in the unit
    units = shape.cell_units
    ruled_out = present[units[:, 0]] | present[units[:, 1]] | present[units[:, 2]]
    alive = ((values == 0)[:, None] & ~ruled_out).ravel()  # the candidates left, (N³,)
    ids = np.cumsum(alive)  # variable of candidate k (where alive): its rank among them
    kept = np.flatnonzero(alive)
    cells, digits = (kept // n).tolist(), (kept % n + 1).tolist()
    formula.add_names([("x", cell // n + 1, cell % n + 1, digit)
                       for cell, digit in zip(cells, digits)])
    # the groups that need a candidate: the empty cells, the digits each unit lacks
    needed = np.concatenate([values == 0, ~present.ravel()])
    members = shape.groups[needed]
    inside = alive[members]
    lengths = inside.sum(axis=1)
    if (lengths == 0).any():
        formula.contradiction()  # an empty cell, or a missing digit, with no candidate left
        some = lengths > 0
        members, inside, lengths = members[some], inside[some], lengths[some]
    formula.add_block(ids[members[inside]], np.cumsum(lengths))  # at least one
    # at most one: each pair of candidates left in a group, once (in lexicographic order)
    both = inside[:, shape.left] & inside[:, shape.right]
    keys = np.sort(members[:, shape.left][both] * n ** 3 + members[:, shape.right][both])
    keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])] if len(keys) else keys
    formula.add_pairs(-ids[keys // n ** 3], -ids[keys % n ** 3])
