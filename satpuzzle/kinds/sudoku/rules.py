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

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.kinds.sudoku import FAMILIES
from satpuzzle.kinds.sudoku.candidates import Candidates


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
