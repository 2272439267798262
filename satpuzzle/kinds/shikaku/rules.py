"""Shikaku's rules over the constraint library (satpuzzle/constraints/), on the candidate
rectangles that survive the presolve (presolve.py and probing.py), written in numpy blocks
(constraints/bulk.py) rather than a Python list per clause.

One puzzle variable rect(r, c, top, left, h, w) per surviving candidate of the clue at (r, c).
The rule book, one family each:

- clue: each clue's rectangle is exactly one of its candidate placements (a clue the presolve
  decided: its one candidate, a unit clause; nothing else mentions it, since the presolve
  removed every candidate meeting it);
- cover: every cell is covered by exactly one rectangle. At least one: a clause per cell,
  except where that clause is a clue's own (all its candidates are one clue's, and all that
  clue's candidates cover it). At most one: two candidates of different clues never contain
  one another (each holds one clue), so when they overlap some corner of their intersection
  lies on the border of both; so a rectangle claims its border cells, and at most one clue
  claims each cell (bulk.one_group_per_item): 2(h + w) clauses per candidate instead of h·w,
  and unit propagation sees an overlap as soon as a rectangle is chosen.

Both families are at-most-one constraints whose encoding a user may choose (`--encoding
clue=ladder,cover=commander`); by default pairwise up to PAIRWISE_LIMIT literals, a
sequential counter above. Without `?` clues, cover's "at least one" and the clues alone would
be complete (the areas sum to the grid, so covering it with that much area leaves no
overlap), but a solver would have to rediscover that counting argument: without the claims a
generated 100×100 was not solved in 5 minutes. With `?` clues (any area) the areas no longer
add up, and the claims are what keeps rectangles apart: they are needed, not only fast.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.constraints.bulk import (
    at_least_one_groups,
    exactly_one_groups,
    one_group_per_item,
)
from satpuzzle.kinds.shikaku import FAMILIES
from satpuzzle.kinds.shikaku.presolve import Clue, Reduction, rect_cells

KIND = "shikaku"

Choices = Sequence[tuple[str, str]]  # (family, encoding) chosen by the user


def encode(rows: int, cols: int, clues: Sequence[Clue], red: Reduction,
           encodings: Choices = ()) -> Formula:
    """The formula of the puzzle whose candidates `red` holds (see the module docstring)."""
    return encode_with_variables(rows, cols, clues, red, encodings)[0]


def encode_with_variables(rows: int, cols: int, clues: Sequence[Clue], red: Reduction,
                          encodings: Choices = ()) -> tuple[Formula, np.ndarray]:
    """The formula, and the variable of each candidate (0 for those the presolve removed)."""
    formula = Formula(KIND)
    formula.one_hot = True  # exactly one rect variable per clue is true
    model = Model(formula, dict(encodings), FAMILIES)
    per_clue = red.alive_per_clue()
    formula.summary = [f"size: {rows}x{cols}, clues: {len(clues)}",
                       (f"candidate rectangles: {len(red.alive)}, {int(red.alive.sum())} left by "
                        f"presolve and probing, {int((per_clue == 1).sum())} clue(s) decided")]
    if not red.feasible:
        model.clause("clue", [], "a clue with no placement left")
        return formula, np.zeros(len(red.alive), dtype=np.int64)
    var = _variables(model, clues, red)
    decided = per_clue == 1
    open_clues = ~decided
    # A clue the presolve decided has its one rectangle.
    at_least_one_groups(model, "clue", var[red.alive & decided[red.clue]],
                        np.ones(int(decided.sum()), dtype=np.int64), "a decided clue",
                        "exactly one")
    # Each other clue's rectangle is exactly one of its candidate placements.
    exactly_one_groups(model, "clue", var[red.alive & open_clues[red.clue]],
                       per_clue[open_clues], "a clue's rectangle is one placement")
    # Every cell is covered by a rectangle ...
    lits, sizes = _cell_covers(red, var, per_clue)
    at_least_one_groups(model, "cover", lits, sizes, "a cell is covered", "exactly once")
    # ... and by one only: at most one clue claims each cell, a rectangle its border.
    cells, candidates = _borders(red, open_clues)
    one_group_per_item(model, "cover", cells, var[candidates], red.clue[candidates],
                       len(red.clue_start) - 1, "a cell in one clue's rectangle only")
    formula.check_budget()
    return formula, var


def _variables(model: Model, clues: Sequence[Clue], red: Reduction) -> np.ndarray:
    """The rect variable of each live candidate (0 for the removed ones), named in candidate
    order so that ids are consecutive."""
    var = np.zeros(len(red.alive), dtype=np.int64)
    live = np.flatnonzero(red.alive)
    columns = (red.clue[live], red.top[live], red.left[live], red.height[live],
               red.width[live])
    names = [("rect", *clues[clue][:2], top, left, height, width)
             for clue, top, left, height, width in zip(*(column.tolist() for column in columns))]
    first = model.formula.add_names(names)  # all new: numbered in one go, as var would
    var[live] = np.arange(first, first + len(names))
    return var


def _cell_covers(red: Reduction, var: np.ndarray,
                 per_clue: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The candidates covering each cell, cell after cell (literals and group sizes), but for
    cells whose clause would be a clue's own."""
    live = red.alive[red.cover]
    found = red.cover[live]
    cell = np.repeat(np.arange(len(red.cell_start) - 1), np.diff(red.cell_start))[live]
    count = np.bincount(cell, minlength=len(red.cell_start) - 1)
    first = np.cumsum(count) - count
    clue = red.clue[found]
    lowest = np.minimum.reduceat(clue, first)
    own = (lowest == np.maximum.reduceat(clue, first)) & (count == per_clue[lowest])
    needed = ~own[cell]
    return var[found[needed]], count[~own]


def _borders(red: Reduction, open_clues: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each border cell of each candidate of an open clue, with that candidate."""
    chosen = np.flatnonzero(red.alive & open_clues[red.clue])
    if not len(chosen):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    cells, which = rect_cells(red.top[chosen], red.left[chosen], red.height[chosen],
                              red.width[chosen], red.cols)
    candidate = chosen[which]
    row, col = np.divmod(cells, red.cols)
    border = ((row == red.top[candidate]) | (row == red.bottom[candidate] - 1)
              | (col == red.left[candidate]) | (col == red.right[candidate] - 1))
    return cells[border], candidate[border]
