"""The CNF of a Shikaku puzzle over the candidates that survive the presolve (presolve.py),
built in numpy blocks rather than a Python list per clause.

One puzzle variable rect(r, c, top, left, h, w) per surviving candidate of the clue at (r, c).

- A decided clue (one candidate left) is a unit clause; nothing else mentions it, since the
  presolve removed every candidate meeting it.
- Every other clue: exactly one candidate (pairwise at most one up to PAIRWISE_LIMIT
  candidates, a sequential counter above).
- Every cell: at least one covering candidate, except where that clause is a clue's own
  (all its candidates are one clue's, and all that clue's candidates cover it).
- No overlaps, through clue marks on rectangle borders: two candidates of different clues
  never contain one another (each holds one clue), so when they overlap some corner of their
  intersection lies on the border of both. Marking the border cells of each candidate with its
  clue and allowing one clue's mark per cell excludes every overlap, and unit propagation sees
  it as soon as a rectangle is chosen: 2(h + w) clauses per candidate instead of h·w.

Without `?` clues, cover and one-per-clue alone would be complete (the areas sum to the grid,
so covering it with that much area leaves no overlap), but a solver would have to rediscover
that counting argument: without the overlap clauses a generated 100×100 was not solved in 5
minutes. With `?` clues (any area) the areas no longer add up, and the overlap clauses are what
keeps rectangles apart: they are needed, not only fast.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from satpuzzle.cnf import PAIRWISE_LIMIT, Formula
from satpuzzle.kinds.shikaku.presolve import Reduction, rect_cells

KIND = "shikaku"

Clue = tuple[int, int, int]


def encode(rows: int, cols: int, clues: Sequence[Clue], red: Reduction) -> Formula:
    """The formula of the puzzle whose candidates `red` holds (see the module docstring)."""
    return encode_with_variables(rows, cols, clues, red)[0]


def encode_with_variables(rows: int, cols: int, clues: Sequence[Clue],
                          red: Reduction) -> tuple[Formula, np.ndarray]:
    """The formula, and the variable of each candidate (0 for those the presolve removed)."""
    formula = Formula(KIND)
    formula.one_hot = True  # exactly one rect variable per clue is true
    per_clue = red.alive_per_clue()
    formula.summary = [f"size: {rows}x{cols}, clues: {len(clues)}",
                       (f"candidate rectangles: {len(red.alive)}, {int(red.alive.sum())} left by "
                        f"presolve and probing, {int((per_clue == 1).sum())} clue(s) decided")]
    if not red.feasible:
        formula.contradiction()
        return formula, np.zeros(len(red.alive), dtype=np.int64)
    var = _variables(formula, clues, red)
    decided = per_clue == 1
    formula.add_block(var[red.alive & decided[red.clue]], np.arange(1, int(decided.sum()) + 1))
    _clues(formula, red, var, per_clue, ~decided)
    _cells(formula, red, var, per_clue)
    _overlaps(formula, red, var, ~decided)
    formula.check_budget()
    return formula, var


def _variables(formula: Formula, clues: Sequence[Clue], red: Reduction) -> np.ndarray:
    """The rect variable of each live candidate (0 for the removed ones), named in candidate
    order so that ids are consecutive."""
    var = np.zeros(len(red.alive), dtype=np.int64)
    live = np.flatnonzero(red.alive)
    columns = (red.clue[live], red.top[live], red.left[live], red.height[live],
               red.width[live])
    ids = []
    for clue, top, left, height, width in zip(*(column.tolist() for column in columns)):
        row, col, _ = clues[clue]
        ids.append(formula.var("rect", row, col, top, left, height, width))
    var[live] = ids
    return var


def _clues(formula: Formula, red: Reduction, var: np.ndarray, per_clue: np.ndarray,
           open_clues: np.ndarray) -> None:
    """Exactly one candidate for each clue not decided."""
    members = red.alive & open_clues[red.clue]
    lits = var[members]  # grouped by clue, as candidates are
    sizes = per_clue[open_clues]
    formula.add_block(lits, np.cumsum(sizes))
    at_most_one(formula, lits, sizes)


def _cells(formula: Formula, red: Reduction, var: np.ndarray, per_clue: np.ndarray) -> None:
    """At least one candidate covering each cell, unless that is a clue's own clause."""
    live = red.alive[red.cover]
    found = red.cover[live]
    cell = np.repeat(np.arange(len(red.cell_start) - 1), np.diff(red.cell_start))[live]
    count = np.bincount(cell, minlength=len(red.cell_start) - 1)
    first = np.cumsum(count) - count
    clue = red.clue[found]
    lowest = np.minimum.reduceat(clue, first)
    own = (lowest == np.maximum.reduceat(clue, first)) & (count == per_clue[lowest])
    needed = ~own[cell]
    formula.add_block(var[found[needed]], np.cumsum(count[~own]))


def _overlaps(formula: Formula, red: Reduction, var: np.ndarray,
              open_clues: np.ndarray) -> None:
    """Border marks: mark(cell, clue) implied by each candidate of the clue with that cell on
    its border (a lone candidate is its own mark); at most one mark per cell."""
    chosen = np.flatnonzero(red.alive & open_clues[red.clue])
    if not len(chosen):
        return
    cells, which = rect_cells(red.top[chosen], red.left[chosen], red.height[chosen],
                              red.width[chosen], red.cols)
    candidate = chosen[which]
    row, col = np.divmod(cells, red.cols)
    border = ((row == red.top[candidate]) | (row == red.bottom[candidate] - 1)
              | (col == red.left[candidate]) | (col == red.right[candidate] - 1))
    cells, candidate = cells[border], candidate[border]
    clues = len(red.clue_start) - 1
    key = cells * clues + red.clue[candidate]
    order = np.argsort(key, kind="stable")
    key, candidate = key[order], candidate[order]
    # one mark per (cell, clue); only cells where two clues or more have a border matter
    new_key = np.concatenate([[True], key[1:] != key[:-1]])
    mark_cell = (key // clues)[new_key]
    new_cell = np.concatenate([[True], mark_cell[1:] != mark_cell[:-1]])
    marks_per_cell = np.diff(np.append(np.flatnonzero(new_cell), len(mark_cell)))
    shared = np.repeat(marks_per_cell >= 2, marks_per_cell)  # per mark
    group = np.cumsum(new_key) - 1  # each candidate's mark
    size = np.bincount(group)
    lone = size == 1
    mark = np.zeros(len(size), dtype=np.int64)
    needs_aux = shared & ~lone
    mark[needs_aux] = formula.reserve(int(needs_aux.sum())) + np.arange(int(needs_aux.sum()))
    mark[lone] = var[candidate[new_key][lone]]
    implied = needs_aux[group]
    formula.add_pairs(-var[candidate[implied]], mark[group[implied]])
    kept = shared
    at_most_one(formula, mark[kept], marks_per_cell[marks_per_cell >= 2])


def at_most_one(formula: Formula, lits: np.ndarray, sizes: np.ndarray) -> None:
    """At most one literal of each consecutive group (`sizes` long each): pairwise for small
    groups (no auxiliaries, best propagation), a sequential counter for large ones (3n
    binary clauses instead of n²/2)."""
    group = np.repeat(np.arange(len(sizes)), sizes)
    small = sizes <= PAIRWISE_LIMIT
    _pairwise(formula, lits[small[group]], sizes[small])
    _sequential(formula, lits[~small[group]], sizes[~small])


def _pairwise(formula: Formula, lits: np.ndarray, sizes: np.ndarray) -> None:
    starts = np.cumsum(sizes) - sizes
    group = np.repeat(np.arange(len(sizes)), sizes)
    position = np.arange(len(lits)) - starts[group]
    partners = sizes[group] - 1 - position
    first = np.repeat(np.arange(len(lits)), partners)
    second = first + 1 + np.arange(len(first)) - np.repeat(np.cumsum(partners) - partners,
                                                           partners)
    formula.add_pairs(-lits[first], -lits[second])


def _sequential(formula: Formula, lits: np.ndarray, sizes: np.ndarray) -> None:
    """Sinz's sequential counter for at most one: s_i says "one of x_1..x_i is true"."""
    if not len(lits):
        return
    last = np.zeros(len(lits), dtype=bool)
    last[np.cumsum(sizes) - 1] = True
    inner = np.flatnonzero(~last)  # elements with a successor in their group
    aux = np.zeros(len(lits), dtype=np.int64)
    aux[inner] = formula.reserve(len(inner)) + np.arange(len(inner))
    chained = inner[~last[inner + 1]]  # s_i -> s_{i+1} where x_{i+1} has a counter too
    formula.add_pairs(np.concatenate([-lits[inner], -aux[chained], -lits[inner + 1]]),
                      np.concatenate([aux[inner], aux[chained + 1], -aux[inner]]))
