"""The candidates a Sudoku's givens leave, and the groups of them the rules speak of.

A shape (size, boxes or regions, diagonals) is the same for every puzzle of it, so its units
are listed once per process (`shape_of`); a puzzle keeps the candidates its givens leave:
cell k holds digit d (candidate k·N + d − 1) unless a given of one of k's units (its cages
too) is d, and, in a cage with a total, unless no set of different digits reaching the
total uses d. Puzzle variables are numbered in candidate order, 1 for the first candidate
left. No clause is written here: rules.py states the rules over these groups.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from satpuzzle.kinds.sudoku import pruning
from satpuzzle.kinds.sudoku.cages import Cage, allowed_digits, combinations_small

Cell = tuple[int, int]


@dataclass(frozen=True, eq=False)
class Shape:
    """The empty grid's units, family by family, cells as k = row·N + col (ascending)."""

    size: int
    families: tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]
    cell_units: tuple[tuple[int, ...], ...]  # each cell's units, numbered across families


@functools.lru_cache(maxsize=16)
def shape_of(size: int, families: tuple[tuple[str, tuple[tuple[Cell, ...], ...]], ...],
             ) -> Shape:
    """The shape whose units are `families` (family name, its units as (row, col) cells)."""
    flat = tuple((name, tuple(tuple(sorted(r * size + c for r, c in unit)) for unit in units))
                 for name, units in families)
    cell_units: list[list[int]] = [[] for _ in range(size * size)]
    number = 0
    for _name, units in flat:
        for unit in units:
            for cell in unit:
                cell_units[cell].append(number)
            number += 1
    return Shape(size, flat, tuple(map(tuple, cell_units)))


@dataclass
class Candidates:
    """One puzzle's candidates: their names (variable i + 1 is names[i]) and the groups of
    variables the rules take: each empty cell's, each unit's per missing digit (by family),
    each cage's per digit, and each cage's sum (literals, weights, total left; total None
    for a cage without one). `clash`: the givens contradict each other."""

    names: list[tuple[str, int, int, int]]
    cells: list[list[int]]
    units: list[tuple[str, list[list[int]]]]
    cage_digits: list[list[list[int]]]
    cage_sums: list[tuple[list[int], list[int], int | None]]
    clash: bool = False


def _clash() -> Candidates:
    return Candidates([], [], [], [], [], clash=True)


def candidates(shape: Shape, givens: Sequence[Sequence[int]],
               cages: Sequence[Cage] = (), prune: str = "none") -> Candidates:
    """The candidates `givens` leave in `shape` (and its cages), thinned further by the
    pruning level `prune` (pruning.py) when some cell is given."""
    n = shape.size
    values = [v for row in givens for v in row]
    cage_cells = [sorted(r * n + c for r, c in cage.cells) for cage in cages]
    units_seen = _units_seen(shape, cage_cells)
    present = _present_digits(values, units_seen,
                              sum(len(units) for _name, units in shape.families) + len(cages))
    if present is None:
        return _clash()  # two equal givens in one unit
    allowed = _allowed_digits(values, units_seen, present, n)
    if not _restrict_to_sums(allowed, values, cages, cage_cells, n):
        return _clash()
    if prune != "none" and any(values):
        pruning.prune([unit for _name, units in shape.families for unit in units], allowed,
                      values, prune)
    names, cells, ids = _variables(values, allowed, n)
    units = _unit_groups(shape, present, ids)
    cage_digits, cage_sums = _cage_groups(cages, cage_cells, values, ids, n)
    return Candidates(names, cells, units, cage_digits, cage_sums)


def _units_seen(shape: Shape, cage_cells: Sequence[Sequence[int]]) -> Sequence[Sequence[int]]:
    """Each cell's units: the shape's, then its cages (numbered after the shape's units)."""
    if not cage_cells:
        return shape.cell_units
    first = sum(len(units) for _name, units in shape.families)
    with_cages = [list(units) for units in shape.cell_units]
    for number, members in enumerate(cage_cells):
        for cell in members:
            with_cages[cell].append(first + number)
    return with_cages


def _present_digits(values: Sequence[int], units_seen: Sequence[Sequence[int]],
                    unit_count: int) -> list[int] | None:
    """The digits the givens put in each unit, as bits; None when two equal givens share a
    unit."""
    present = [0] * unit_count
    for cell, value in enumerate(values):
        if value:
            bit = 1 << value
            for unit in units_seen[cell]:
                if present[unit] & bit:
                    return None
                present[unit] |= bit
    return present


def _allowed_digits(values: Sequence[int], units_seen: Sequence[Sequence[int]],
                    present: Sequence[int], n: int) -> list[int]:
    """Each empty cell's digits left by the givens of its units, as bits (0 for a given)."""
    allowed = [0] * (n * n)
    full = (1 << (n + 1)) - 2
    for cell, value in enumerate(values):
        if not value:
            ruled_out = 0
            for unit in units_seen[cell]:
                ruled_out |= present[unit]
            allowed[cell] = full & ~ruled_out
    return allowed


def _variables(values: Sequence[int], allowed: Sequence[int], n: int,
               ) -> tuple[list[tuple[str, int, int, int]], list[list[int]], list[int]]:
    """The puzzle variables in candidate order: their names, each empty cell's, and the
    variable of (cell, digit) at cell·(N+1) + digit (0: none)."""
    ids = [0] * (n * n * (n + 1))
    names: list[tuple[str, int, int, int]] = []
    cells: list[list[int]] = []
    for cell, value in enumerate(values):
        if value:
            continue
        bits, group = allowed[cell], []
        for digit in range(1, n + 1):
            if bits >> digit & 1:
                names.append(("x", cell // n + 1, cell % n + 1, digit))
                ids[cell * (n + 1) + digit] = len(names)
                group.append(len(names))
        cells.append(group)
    return names, cells, ids


def _unit_groups(shape: Shape, present: Sequence[int],
                 ids: Sequence[int]) -> list[tuple[str, list[list[int]]]]:
    """Per family, each unit's variables of each digit its givens lack."""
    n = shape.size
    units: list[tuple[str, list[list[int]]]] = []
    number = 0
    for name, family_units in shape.families:
        groups = []
        for unit_cells in family_units:
            lacking = present[number]
            number += 1
            for digit in range(1, n + 1):
                if not lacking >> digit & 1:
                    groups.append([v for cell in unit_cells
                                   if (v := ids[cell * (n + 1) + digit])])
        units.append((name, groups))
    return units


def _cage_groups(cages: Sequence[Cage], cage_cells: Sequence[Sequence[int]],
                 values: Sequence[int], ids: Sequence[int], n: int,
                 ) -> tuple[list[list[list[int]]], list[tuple[list[int], list[int], int | None]]]:
    """Each cage's variables per digit, and its sum: literals, weights, total left."""
    cage_digits, cage_sums = [], []
    for cage, members in zip(cages, cage_cells):
        free = [cell for cell in members if not values[cell]]
        cage_digits.append([[v for cell in free if (v := ids[cell * (n + 1) + digit])]
                            for digit in range(1, n + 1)])
        lits = [v for cell in free for d in range(1, n + 1) if (v := ids[cell * (n + 1) + d])]
        weights = [d for cell in free for d in range(1, n + 1) if ids[cell * (n + 1) + d]]
        total = None if cage.total is None else cage.total - sum(values[c] for c in members)
        cage_sums.append((lits, weights, total))
    return cage_digits, cage_sums


def _restrict_to_sums(allowed: list[int], values: Sequence[int], cages: Sequence[Cage],
                      cage_cells: Sequence[Sequence[int]], n: int) -> bool:
    """Keep in each cage cell only the digits that some set of different digits reaching
    the cage's total (and holding its givens) uses: a cheap, exact pruning that helps the
    solver far more than the sum alone. False when a cage has no such set."""
    for cage, members in zip(cages, cage_cells):
        if cage.total is None or not combinations_small(len(members), n):
            continue
        given = frozenset(values[cell] for cell in members if values[cell])
        digits = allowed_digits(len(members), cage.total, n, given)
        if not digits:
            return False
        mask = sum(1 << d for d in digits)
        for cell in members:
            if not values[cell]:
                allowed[cell] &= mask
    return True
