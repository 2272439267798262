"""How hard a Sudoku is for a human: the hardest deduction rule a human solver needs.

A grader, not a solver (answers come from SAT): it applies rules in order of difficulty, always
the easiest one that still makes progress, and the grade is the hardest rule it had to use, or
`search` when the rules stall before the grid is full (a human would then have to guess, as the
seed's algorithm branches on the cell with fewest candidates).

The rules, easiest first. The first three are the seed's Sudoku rules ("eup"); the others are
the classic next steps it alludes to ("and many others"):

| level | the seed's name | rule |
| --- | --- | --- |
| `naked-single` | exclusivity | a placed digit leaves its peers; a cell left with one candidate takes it |
| `hidden-single` | uniqueness | a digit with one place left in a unit goes there |
| `naked-pair` | pairs (parity) | two cells of a unit with the same two candidates: those digits leave the unit's other cells |
| `locked-candidates` | | a digit confined, within one unit, to its overlap with another unit leaves the rest of that other unit (pointing and claiming) |
| `hidden-pair` | | two digits with the same two places in a unit: those cells keep only them |
| `naked-triple` | | three cells of a unit with three candidates between them |
| `hidden-triple` | | three digits with the same three places in a unit |
| `x-wing` | | a digit with two places in each of two rows (columns), in the same two columns (rows): it leaves the rest of those columns (rows) |

Units are the instance's rows, columns and boxes (or regions), and its diagonals when it is a
Sudoku X. Killer cages, when present, are units of distinct digits too (no repeat in a cage),
and `cage-sum` keeps only the candidates some combination of distinct digits summing to the
cage's total allows; it ranks after `x-wing`.

Candidates are bitmasks (bit d-1 = digit d) per cell, and where a digit may go is a bitmask
over the cells, so the rules are a few integer operations each.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import puzzle

if TYPE_CHECKING:
    from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

LEVELS = ("naked-single", "hidden-single", "naked-pair", "locked-candidates", "hidden-pair",
          "naked-triple", "hidden-triple", "x-wing", "cage-sum", "search")
SEARCH = "search"


class _Grid:
    """Candidates of every cell of one puzzle, and the units they live in."""

    def __init__(self, size: int, units: Sequence[Sequence[int]], givens: Sequence[int],
                 line_count: int, cages: Sequence[tuple[int | None, Sequence[int]]] = (),
                 ) -> None:
        self.size = size
        self.full = (1 << size) - 1
        self.units = [list(unit) for unit in units]
        self.unit_masks = [sum(1 << cell for cell in unit) for unit in self.units]
        self.lines = self.units[:line_count]  # rows then columns: the fish rule's lines
        self.cages = [(total, list(cells)) for total, cells in cages]
        self.peers: list[set[int]] = [set() for _ in range(size * size)]
        for unit in self.units:
            for cell in unit:
                self.peers[cell].update(unit)
        for cell, peers in enumerate(self.peers):
            peers.discard(cell)
        self.cand = [self.full] * (size * size)
        self.placed = [False] * (size * size)
        for cell, value in enumerate(givens):
            if value:
                self.cand[cell] = 1 << (value - 1)

    def solved(self) -> bool:
        return all(self.placed)

    def broken(self) -> bool:
        return 0 in self.cand

    def positions(self, digit_bit: int, unit: Sequence[int]) -> int:
        """Where a digit may go in `unit`, as a bitmask over cells."""
        cand = self.cand
        return sum(1 << cell for cell in unit if cand[cell] & digit_bit)

    def remove(self, cells: Iterable[int], mask: int) -> bool:
        """Take the digits of `mask` out of `cells`; whether anything changed."""
        changed = False
        for cell in cells:
            if self.cand[cell] & mask:
                self.cand[cell] &= ~mask
                changed = True
        return changed


def _cells_of(mask: int) -> list[int]:
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def _bits(mask: int) -> list[int]:
    return [bit for bit in (1 << i for i in range(mask.bit_length())) if mask & bit]


# ---------------------------------------------------------------- the rules


def naked_single(grid: _Grid) -> bool:
    """The seed's exclusivity: every cell down to one candidate is placed, and its digit
    leaves its peers."""
    progress = False
    for cell, mask in enumerate(grid.cand):
        if not grid.placed[cell] and mask and mask & (mask - 1) == 0:
            grid.placed[cell] = True
            grid.remove(grid.peers[cell], mask)
            progress = True
    return progress


def hidden_single(grid: _Grid) -> bool:
    """The seed's uniqueness: a digit with one place left in a unit (not yet its only
    candidate there) goes there. Full units only: a cage lacks digits."""
    for unit in grid.units[:len(grid.units) - len(grid.cages)]:
        for bit in _bits(grid.full):
            where = [cell for cell in unit if grid.cand[cell] & bit]
            if len(where) == 1 and grid.cand[where[0]] != bit:
                grid.cand[where[0]] = bit
                return True
    return False


def _naked_subset(grid: _Grid, k: int) -> bool:
    """k open cells of a unit whose candidates number k together: those digits leave the
    unit's other cells (the seed's pairs for k = 2)."""
    for unit in grid.units:
        open_cells = [c for c in unit if not grid.placed[c] and 2 <= grid.cand[c].bit_count() <= k]
        for group in itertools.combinations(open_cells, k):
            union = 0
            for cell in group:
                union |= grid.cand[cell]
            if union.bit_count() == k and grid.remove(
                    (c for c in unit if c not in group), union):
                return True
    return False


def _hidden_subset(grid: _Grid, k: int) -> bool:
    """k digits whose places in a (full) unit are the same k cells: those cells keep only
    these digits."""
    for unit in grid.units[:len(grid.units) - len(grid.cages)]:
        places = {bit: grid.positions(bit, unit) for bit in _bits(grid.full)}
        digits = [bit for bit, where in places.items() if 2 <= where.bit_count() <= k]
        for group in itertools.combinations(digits, k):
            cells = 0
            for bit in group:
                cells |= places[bit]
            if cells.bit_count() != k:
                continue
            keep = sum(group)
            if grid.remove(_cells_of(cells), grid.full & ~keep):
                return True
    return False


def locked_candidates(grid: _Grid) -> bool:
    """Pointing and claiming, for any two overlapping units: a digit whose places in one
    unit all lie in another leaves the rest of that other unit."""
    masks = grid.unit_masks
    full_units = len(masks) - len(grid.cages)  # a cage need not hold the digit: not an `a`
    for bit in _bits(grid.full):
        where = sum(1 << cell for cell, mask in enumerate(grid.cand) if mask & bit)
        for a, mask_a in enumerate(masks[:full_units]):
            inside = where & mask_a
            if inside.bit_count() < 2:
                continue  # one place is a hidden single's business
            for b, mask_b in enumerate(masks):
                if b != a and inside & ~mask_b == 0 and where & mask_b & ~mask_a:
                    grid.remove(_cells_of(where & mask_b & ~mask_a), bit)
                    return True
    return False


def x_wing(grid: _Grid) -> bool:
    """A digit with two places in each of two rows, the same two columns: it leaves those
    columns' other cells (and the same with rows and columns swapped)."""
    size = grid.size
    for bit in _bits(grid.full):
        for first, second in ((grid.lines[:size], grid.lines[size:]),
                              (grid.lines[size:], grid.lines[:size])):
            pairs: dict[tuple[int, ...], list[int]] = {}
            for index, line in enumerate(first):
                where = [position for position, cell in enumerate(line)
                         if grid.cand[cell] & bit]
                if len(where) == 2:
                    pairs.setdefault(tuple(where), []).append(index)
            for places, found in pairs.items():
                if len(found) < 2:
                    continue
                for pair in itertools.combinations(found, 2):
                    kept = {cell for index in pair for cell in first[index]}
                    # the two crossing lines: position p of line 0 of `first` is line p of `second`
                    crossing = {cell for position in places for cell in second[position]}
                    if grid.remove(crossing - kept, bit):
                        return True
    return False


def cage_sum(grid: _Grid) -> bool:
    """Killer cages: a candidate that no combination of distinct digits, one per cell of the
    cage from their candidates, summing to the cage's total uses, goes."""
    for total, cells in grid.cages:
        if total is None:
            continue  # a cage without a sum only keeps its digits apart
        allowed = [0] * len(cells)
        _combinations(grid, cells, total, 0, 0, [], allowed)
        for index, cell in enumerate(cells):
            if grid.cand[cell] & ~allowed[index]:
                grid.cand[cell] &= allowed[index]
                return True
    return False


def _combinations(grid: _Grid, cells: Sequence[int], total: int, index: int, used: int,
                  chosen: list[int], allowed: list[int]) -> bool:
    """Fill `allowed` with each cell's digits that take part in some way to complete the
    cage; whether one exists below this point."""
    if index == len(cells):
        if total != 0:
            return False
        for position, bit in enumerate(chosen):
            allowed[position] |= bit
        return True
    found = False
    for bit in _bits(grid.cand[cells[index]] & ~used):
        digit = bit.bit_length()
        if digit <= total:
            chosen.append(bit)
            found |= _combinations(grid, cells, total - digit, index + 1, used | bit, chosen,
                                   allowed)
            chosen.pop()
    return found


RULES: tuple[tuple[str, Callable[[_Grid], bool]], ...] = (
    ("naked-single", naked_single),
    ("hidden-single", hidden_single),
    ("naked-pair", functools.partial(_naked_subset, k=2)),
    ("locked-candidates", locked_candidates),
    ("hidden-pair", functools.partial(_hidden_subset, k=2)),
    ("naked-triple", functools.partial(_naked_subset, k=3)),
    ("hidden-triple", functools.partial(_hidden_subset, k=3)),
    ("x-wing", x_wing),
    ("cage-sum", cage_sum),
)


# ---------------------------------------------------------------- grading


def grade(instance: SudokuInstance) -> str:
    """The hardest rule (a name of LEVELS) a human needs to fill `instance` by the rules
    above, always taking the easiest rule that still helps; `search` when they stall. An
    InputError when the rules reach a contradiction (the puzzle has no solution)."""
    return deduce(instance)[0]


def deduce(instance: SudokuInstance, upto: str | None = None) -> tuple[str, list[int]]:
    """The grade, and the candidates (bitmask per cell, row-major) the rules leave, using
    the rules up to `upto` only (default: all)."""
    grid = _grid_of(instance)
    rules = RULES[:LEVELS.index(upto) + 1] if upto is not None else RULES
    hardest = 0
    while not grid.solved():
        for level, (_, rule) in enumerate(rules):
            if rule(grid):
                hardest = max(hardest, level)
                break
        else:
            return SEARCH, grid.cand
        if grid.broken():
            raise InputError("the rules reach a contradiction: the puzzle has no solution")
    return LEVELS[hardest], grid.cand


def level_index(name: str) -> int:
    return LEVELS.index(name)


def _grid_of(instance: SudokuInstance) -> _Grid:
    size = instance.size
    units = [[r * size + c for r, c in unit] for unit in
             puzzle.units(size, instance.box_rows, instance.box_cols, instance.regions)]
    if getattr(instance, "diagonals", False):  # Sudoku X, once the instance has it
        diagonals = [[i * size + i for i in range(size)],
                     [i * size + size - 1 - i for i in range(size)]]
        units += [d for d in diagonals if d not in units]
    cages = [(total, [r * size + c for r, c in cells]) for total, cells in cages_of(instance)]
    units += [cells for _, cells in cages]
    givens = [value for row in instance.givens for value in row]
    return _Grid(size, units, givens, 2 * size, cages)


def cages_of(instance: SudokuInstance) -> list[tuple[int | None, list[tuple[int, int]]]]:
    """The Killer cages of `instance` as (total or None, cells); none for a plain Sudoku."""
    found = []
    for cage in getattr(instance, "cages", None) or ():
        total, cells = cage.total, cage.cells
        found.append((None if total is None else int(total), [tuple(cell) for cell in cells]))
    return found
