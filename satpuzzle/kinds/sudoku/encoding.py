"""Sudoku's CNF, from the groups of a grid shape built once per process.

The rules of a shape (size, boxes or regions) are the same for every puzzle: each empty cell
holds one digit, each unit holds each digit it lacks once. A `Shape` lists, for the empty
grid, the candidates (row, column, digit) of each such group; a puzzle keeps the candidates
its givens leave and writes at least one candidate per group, and at most one as pairs, each
pair once (two cells of one row and one box exclude each other once, not twice). The formula
is the general encoder's (`puzzle._encode_general`), variables and numbers included, up to
clause order and the duplicates (and, for a puzzle with no solution, where the
contradiction's variable is).

Two ways write the same clauses in the same order, so which one runs changes nothing but
the time. numpy takes a few array operations instead of one Python call per clause (a 25×25
Sudoku has 750,000 pair clauses: 8 ms; a 9×9, 0.1 to 0.2 ms). Plain Python takes grids up to
9×9 in a process that has not imported numpy: a 17-clue 9×9 has about 2,600 clauses (0.4 to
1 ms), and importing numpy (35 ms) would cost a one-off `satpuzzle solve` far more. A test
holds the two to identical clause lists.

Candidate k is cell k // N (row-major) holding digit k % N + 1; puzzle variables are
numbered in candidate order, 1 for the first candidate the givens leave.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from satpuzzle.cnf import Formula

Cell = tuple[int, int]

# Grids up to this size are encoded in plain Python unless numpy is loaded already.
PLAIN_UP_TO = 9


class SudokuFormula(Formula):
    """A Sudoku formula: every puzzle variable is a candidate of an empty cell and occurs in
    that cell's clause, so every one is live and no scan of the clauses is needed."""

    def live_puzzle_vars(self) -> list[int]:
        return sorted(self.names)


@dataclass(frozen=True, eq=False)
class Shape:
    """The empty grid's groups, for every puzzle of one shape (never written)."""

    size: int
    cell_units: tuple[tuple[int, int, int], ...]  # the row, column and box (region) unit
    # of each cell
    groups: tuple[tuple[int, ...], ...]  # candidates of each cell, then of each (unit, digit)
    # at index N² + unit·N + digit − 1, each ascending

    @cached_property
    def arrays(self) -> tuple[Any, Any, Any, Any]:
        """The same as numpy arrays, with the positions (left, right) of every pair in a
        group: cell_units (N², 3), groups (N² + 3N·N, N), left, right."""
        import numpy as np

        n = self.size
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        arrays = (np.array(self.cell_units, dtype=np.int64),
                  np.array(self.groups, dtype=np.int64),
                  np.array([i for i, _ in pairs], dtype=np.int64),
                  np.array([j for _, j in pairs], dtype=np.int64))
        for array in arrays:
            array.flags.writeable = False  # shared by every puzzle of the shape
        return arrays


def build_shape(size: int, units: Sequence[Sequence[Cell]]) -> Shape:
    """The groups of a grid whose 3N units are `units`: its N rows, N columns, then its N
    boxes or regions (each a list of N cells)."""
    n = size
    unit_cells = [sorted(r * n + c for r, c in unit) for unit in units]
    cell_units = [[0, 0, 0] for _ in range(n * n)]
    for unit, cells in enumerate(unit_cells):  # each cell is in one unit of each kind
        for cell in cells:
            cell_units[cell][unit // n] = unit
    cell_groups = [tuple(range(cell * n, (cell + 1) * n)) for cell in range(n * n)]
    # unit u, digit d: the candidate "digit d" of each cell of u
    unit_groups = [tuple(cell * n + digit for cell in cells)
                   for cells in unit_cells for digit in range(n)]
    return Shape(n, tuple(map(tuple, cell_units)), tuple(cell_groups + unit_groups))


def encode_givens(formula: Formula, shape: Shape, givens: Sequence[Sequence[int]]) -> None:
    """Add one puzzle's clauses to an empty `formula`: exactly one digit per empty cell and
    exactly one cell per (unit, missing digit), over the candidates the givens leave."""
    if shape.size <= PLAIN_UP_TO and "numpy" not in sys.modules:
        _encode_plain(formula, shape, givens)
    else:
        _encode_numpy(formula, shape, givens)


def _encode_plain(formula: Formula, shape: Shape, givens: Sequence[Sequence[int]]) -> None:
    n, n3 = shape.size, shape.size ** 3
    values = [v for row in givens for v in row]
    present = [0] * (3 * n)  # the digits given in each unit, as bits
    for cell, value in enumerate(values):
        if value:
            bit = 1 << value
            for unit in shape.cell_units[cell]:
                if present[unit] & bit:
                    formula.contradiction()  # two equal givens in one unit: no solution
                    return
                present[unit] |= bit
    ids = [0] * n3  # the variable of each candidate left (0: ruled out)
    names = []
    for cell, value in enumerate(values):
        if value:
            continue
        first, second, third = shape.cell_units[cell]
        ruled_out = present[first] | present[second] | present[third]
        for digit in range(1, n + 1):
            if not ruled_out >> digit & 1:
                names.append(("x", cell // n + 1, cell % n + 1, digit))
                ids[cell * n + digit - 1] = len(names)
    formula.add_names(names)
    # the groups that need a candidate: the empty cells, the digits each unit lacks
    groups = shape.groups
    needed = [groups[cell] for cell, value in enumerate(values) if not value]
    needed += [groups[n * n + unit * n + digit] for unit in range(3 * n)
               for digit in range(n) if not present[unit] >> (digit + 1) & 1]
    at_least, keys, empty = [], [], False
    for members in needed:
        alive = [m for m in members if ids[m]]
        if not alive:
            empty = True
            continue
        at_least.append([ids[m] for m in alive])
        for i, low in enumerate(alive):  # members ascend: each pair once as (low, high)
            keys += [low * n3 + high for high in alive[i + 1:]]
    if empty:
        formula.contradiction()  # an empty cell, or a missing digit, with no candidate left
    formula.clauses += at_least  # at least one
    # at most one: each pair of candidates left in a group, once (in lexicographic order)
    formula.clauses += [[-ids[key // n3], -ids[key % n3]] for key in sorted(set(keys))]
    formula.check_budget()


def _encode_numpy(formula: Formula, shape: Shape, givens: Sequence[Sequence[int]]) -> None:
    import numpy as np

    n = shape.size
    cell_units, groups, left, right = shape.arrays
    values = np.fromiter((v for row in givens for v in row), dtype=np.int64, count=n * n)
    # how often each digit is given in each unit (column 0: empty cells)
    slots = (cell_units * (n + 1) + values[:, None]).ravel()
    counts = np.bincount(slots, minlength=3 * n * (n + 1)).reshape(3 * n, n + 1)[:, 1:]
    if (counts > 1).any():
        formula.contradiction()  # two equal givens in one unit: no solution
        return
    present = counts > 0  # (3N, N): digit given in the unit
    ruled_out = present[cell_units[:, 0]] | present[cell_units[:, 1]] | present[cell_units[:, 2]]
    alive = ((values == 0)[:, None] & ~ruled_out).ravel()  # the candidates left, (N³,)
    ids = np.cumsum(alive)  # variable of candidate k (where alive): its rank among them
    kept = np.flatnonzero(alive)
    cells, digits = (kept // n).tolist(), (kept % n + 1).tolist()
    formula.add_names([("x", cell // n + 1, cell % n + 1, digit)
                       for cell, digit in zip(cells, digits)])
    # the groups that need a candidate: the empty cells, the digits each unit lacks
    needed = np.concatenate([values == 0, ~present.ravel()])
    members = groups[needed]
    inside = alive[members]
    lengths = inside.sum(axis=1)
    if (lengths == 0).any():
        formula.contradiction()  # an empty cell, or a missing digit, with no candidate left
        some = lengths > 0
        members, inside, lengths = members[some], inside[some], lengths[some]
    formula.add_block(ids[members[inside]], np.cumsum(lengths))  # at least one
    # at most one: each pair of candidates left in a group, once (in lexicographic order)
    both = inside[:, left] & inside[:, right]
    keys = np.sort(members[:, left][both] * n ** 3 + members[:, right][both])
    keys = keys[np.concatenate([[True], keys[1:] != keys[:-1]])] if len(keys) else keys
    formula.add_pairs(-ids[keys // n ** 3], -ids[keys % n ** 3])
