"""The rules of Sudoku, stated over the constraint library (satpuzzle.constraints).

1. Every empty cell holds one digit.                                        family `cell`
2. Every row, column and box holds each digit once: each digit a unit      `row`, `column`,
   lacks goes in exactly one of its cells ("at least once" is implied, but  `box` (`region`
   stated: it speeds hard puzzles up a lot).                                for jigsaw Sudoku)
3. Sudoku X: both main diagonals hold each digit once too.                  `diagonal`
4. Killer: a cage holds each digit at most once                             `cage`
   and its digits add up to its total.                                      `sum`

The variables are the candidates the givens leave (candidates.py): x(row, col, digit), one
per digit that no given of the cell's units already holds. A pair of candidates that two
units share (two cells of one row and one box) is excluded once, not twice.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import FAMILIES, candidates
from satpuzzle.kinds.sudoku.candidates import Candidates
from satpuzzle.kinds.sudoku.puzzle import KIND, Grid, SudokuInstance, diagonal_units, units

# the pruning level used when the user names none (docs/benchmarks/DETAILS.md, "Large
# Sudoku orders")
DEFAULT_PRUNE = "none"

# the grid size from which CaDiCaL runs with its own options (see encode)
SOLVER_DEFAULTS_FROM = 25


class SudokuFormula(Formula):
    """A Sudoku formula: every puzzle variable is a candidate of an empty cell and occurs in
    that cell's clause, so every one is live and no scan of the clauses is needed."""

    def live_puzzle_vars(self) -> list[int]:
        return sorted(self.names)


def state_rules(formula: Formula, grid: Candidates, encodings: dict[str, str]) -> None:
    """Add the puzzle's rules to a formula whose variables are `grid`'s candidates."""
    model = Model(formula, encodings, FAMILIES)
    if grid.clash:
        model.clause("givens", [], "two equal givens in one unit, or a cage's givens "
                     "ruling out its total", "the givens agree")
        return
    model.exactly_one_families(
        [("cell", grid.cells, _example("cell", grid.cells, grid.names))]
        + [(family, groups, _example(family, groups, grid.names))
           for family, groups in grid.units], ascending=True)
    for digits, (lits, weights, total) in zip(grid.cage_digits, grid.cage_sums):
        for lits_of_digit in digits:
            model.at_most_one("cage", lits_of_digit, "a cage holds a digit at most once")
        if total is not None:
            if lits:
                model.linear("sum", lits, weights, "equals", total,
                             "a cage's digits add up to its total")
            elif total != 0:
                model.clause("sum", [], "a cage of givens only, with another total")


def _example(family: str, groups: list[list[int]], names: list[tuple[str, int, int, int]],
             ) -> str:
    """The first group's rule in words: "cell r1c3 holds a digit", "row 1 holds 4 once"."""
    first = next((group for group in groups if group), None)
    if first is None:
        return ""
    _x, row, col, digit = names[first[0] - 1]
    where = {"cell": f"cell r{row}c{col} holds a digit", "row": f"row {row} holds {digit}",
             "column": f"column {col} holds {digit}"}.get(
        family, f"the {family} of r{row}c{col} holds {digit}")
    return where if family == "cell" else where + " once"


def shape_text(instance: SudokuInstance) -> str:
    size = instance.size
    if instance.regions is not None:
        text = f"size: {size}x{size}, irregular regions"
    else:
        text = f"size: {size}x{size}, box {instance.box_rows}x{instance.box_cols}"
    if instance.diagonals:
        text += ", diagonals (X)"
    if instance.cages:
        text += f", {len(instance.cages)} cages (Killer)"
    return text


def _summary(instance: SudokuInstance) -> list[str]:
    size = instance.size
    filled = sum(1 for row in instance.givens for v in row if v)
    return [shape_text(instance), f"givens: {filled}, empty cells: {size * size - filled}"]


def _checked_regions(instance: SudokuInstance) -> Grid | None:
    """The regions: the constructor has checked them already."""
    return instance.regions


def encode(instance: SudokuInstance) -> Formula:
    """The CNF of one puzzle (rules.py), with variables only for the candidates the givens
    leave."""
    formula = SudokuFormula(KIND)
    formula.one_hot = True  # each empty cell holds exactly one candidate variable
    # CaDiCaL's options that make a model found without a decision the only one
    # (solving.ModelStream) pay on small grids' uniqueness proofs; from 25×25 on they
    # cost the first solution (no variable elimination, no lucky phases): under
    # CaDiCaL's defaults the Gecode 25×25 set answered 18 of 18 within 10 s of CPU
    # against 16-17 (docs/benchmarks/DETAILS.md, "Large Sudoku orders")
    formula.settled_by_propagation = instance.size < SOLVER_DEFAULTS_FROM
    formula.summary = _summary(instance)
    shape = _shape(instance.box_rows, instance.box_cols, _hashable(instance.regions),
                   instance.diagonals)
    encodings = dict(instance.encodings)
    grid = candidates.candidates(shape, _checked_givens(instance), instance.cages,
                                 prune_level(encodings, instance.size))
    formula.add_names(grid.names)
    state_rules(formula, grid, encodings)
    return formula


def prune_level(encodings: dict[str, str], size: int) -> str:
    """The pruning level (pruning.py) the user chose (`--encoding prune=NAME`), else the
    default for grids of this order."""
    return encodings.get("prune") or DEFAULT_PRUNE


@functools.lru_cache(maxsize=16)
def _shape(box_rows: int, box_cols: int, regions: Grid | None,
           diagonals: bool = False) -> candidates.Shape:
    """The units of one grid shape, listed (and its regions checked) once per process: only
    the givens differ from one puzzle of the shape to the next. A bad shape raises every
    time (errors are not cached)."""
    probe = SudokuInstance(box_rows, box_cols, (), regions=regions)
    size = probe.size
    every = units(size, box_rows, box_cols, _checked_regions(probe))
    families = [("row", every[:size]), ("column", every[size:2 * size]),
                ("region" if regions is not None else "box", every[2 * size:])]
    if diagonals:
        families.append(("diagonal", diagonal_units(size)))
    return candidates.shape_of(size, tuple((name, tuple(map(tuple, group)))
                                           for name, group in families))


def shape_key(instance: SudokuInstance) -> tuple[int, int, Grid | None]:
    """What puzzles of one shape share: box shape and regions (hashable)."""
    return instance.box_rows, instance.box_cols, _hashable(instance.regions)


def checked_shape_key(instance: SudokuInstance) -> tuple[int, int, Grid | None] | None:
    """The shape key of an instance whose givens are also valid (an InputError if not);
    None for the variants, whose rules the empty grid's formula does not hold."""
    _checked_givens(instance)
    return None if instance.variant else shape_key(instance)


def encode_empty(key: tuple[int, int, Grid | None]) -> Formula:
    """The formula of the empty grid of a shape: candidate k is variable k + 1."""
    box_rows, box_cols, regions = key
    size = box_rows * box_cols
    return encode(SudokuInstance(box_rows, box_cols, ((0,) * size,) * size, regions=regions))


def _hashable(regions: Sequence[Sequence[int]] | None) -> Grid | None:
    """Regions as a key of the shape cache (an instance built in code may hold lists)."""
    if regions is None:
        return None
    try:
        return tuple(map(tuple, regions))
    except TypeError:
        raise InputError("regions must be rows of region numbers") from None


def _checked_givens(instance: SudokuInstance) -> Grid:
    """The givens of a puzzle to compile. The constructor has checked them, but lets an
    empty tuple stand for a shape alone: that is no puzzle."""
    if instance.givens == ():
        size = instance.size
        raise InputError(f"the givens must be {size} rows of {size} integers in 0..{size}")
    return instance.givens
