"""Candidate rectangles that are in no solution, removed before any clause is written.

Every clue and every cell is an exactly-one constraint over candidate rectangles (a clue takes
one of its candidates, a cell lies in exactly one chosen rectangle). When the candidates of one
such constraint S all belong to another T, the candidates of T outside S are in no solution.
Three of these inclusions are cheap to see on rectangles, because the intersection of
rectangles is a rectangle:

- clue in cell: the core of a clue (the intersection of its candidates) is covered by the
  clue in every solution, so other clues' candidates touching the core go;
- cell in clue: a cell that only one clue's candidates cover is that clue's, so the clue's
  candidates missing it go;
- cell in cell: every candidate covering cell x covers all of I(x), the intersection of those
  candidates, so a candidate covering a cell of I(x) but not x goes.

They are applied to a fixpoint in rounds, each round looking only at the cells and clues whose
candidates changed in the one before (numpy over those, not a Python loop per candidate).
Only candidates in no solution are removed: solution counts do not change. None of the rules
uses a clue's area, only its candidates, so they hold for `?` clues (any area) as they are. A
clue left with one candidate is decided. Why it pays: a SAT solver needs thousands of
conflicts to learn these inclusions one by one. On a generated 200x200 (6,979 clues) they cut 56,888 candidates
to 16,365 and decide 4,341 clues, and CaDiCaL then needs 0.06 s instead of 3-4 s.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from satpuzzle.cnf import BYTES_PER_CLAUSE, ClauseBudgetExceeded, max_clauses

Rect = tuple[int, int, int, int]  # (top, left, height, width)
Clue = tuple[int, int, int | None]  # (row, column, area), 0-based; area None for a `?`

# Cell-in-cell is applied where I(x) has at most this many cells: I(x) is small where the
# rule matters (a cell between a few clues), and large ones would cost their area squared.
INTERSECTION_LIMIT = 64
# Memory per (candidate, cell) pair: the cover lists and the sort that builds them.
PAIR_BYTES = 32
MEMORY_FLOOR = 1 << 30
# Positions (shape and place around a clue) tested at once when enumerating candidates.
POSITIONS_PER_BATCH = 1 << 22


@dataclass
class Reduction:
    """All candidates of an instance, grouped by clue (clue i owns candidates
    clue_start[i]:clue_start[i + 1]), with which survive; `cover` lists candidates covering
    each cell (cell x's are cover[cell_start[x]:cell_start[x + 1]], in increasing order):
    every live one, and removed ones until the lists are compacted."""

    cols: int
    top: np.ndarray
    left: np.ndarray
    bottom: np.ndarray  # exclusive
    right: np.ndarray  # exclusive
    clue: np.ndarray
    clue_start: np.ndarray
    cell_start: np.ndarray
    cover: np.ndarray
    alive: np.ndarray
    feasible: bool = True

    @property
    def height(self) -> np.ndarray:
        return self.bottom - self.top

    @property
    def width(self) -> np.ndarray:
        return self.right - self.left

    def alive_per_clue(self) -> np.ndarray:
        return np.bincount(self.clue[self.alive], minlength=len(self.clue_start) - 1)


@dataclass(frozen=True)
class Candidates:
    """Every candidate rectangle of every clue, as arrays in clue order (then height, top,
    left): candidate k is clue[k]'s rectangle (top[k], left[k], height[k], width[k])."""

    clue: np.ndarray
    top: np.ndarray
    left: np.ndarray
    height: np.ndarray
    width: np.ndarray

    def per_clue(self, clues: int) -> np.ndarray:
        return np.bincount(self.clue, minlength=clues)

    def rects(self, clues: int) -> tuple[tuple[Rect, ...], ...]:
        """Per clue, its candidates as (top, left, height, width) tuples."""
        found: list[list[Rect]] = [[] for _ in range(clues)]
        columns = (self.top, self.left, self.height, self.width)
        for clue, *rect in zip(self.clue.tolist(), *(c.tolist() for c in columns)):
            found[clue].append(tuple(rect))
        return tuple(map(tuple, found))


def candidates(rows: int, cols: int, clues: Sequence[Clue]) -> Candidates:
    """Per clue, every rectangle of its area inside the grid that holds it and no other clue;
    for a `?` clue (area None), every such rectangle of any area the other clues leave room
    for (_question_candidates)."""
    table = np.array([(r, c, 0 if area is None else area) for r, c, area in clues],
                     dtype=np.int64).reshape(-1, 3)
    found = _numbered_candidates(rows, cols, table)
    question = np.flatnonzero(table[:, 2] == 0)
    if not len(question):
        return found
    known = int(table[:, 2].sum())
    # every other `?` takes at least its own cell: no `?` rectangle is larger than this
    largest = rows * cols - known - (len(question) - 1)
    extra = _question_candidates(rows, cols, table, question, largest)
    columns = [np.concatenate([getattr(found, name), part]) for name, part in
               zip(("clue", "top", "left", "height", "width"), extra)]
    order = np.argsort(columns[0], kind="stable")  # grouped by clue, as Reduction expects
    return Candidates(*(column[order] for column in columns))


def _numbered_candidates(rows: int, cols: int, table: np.ndarray) -> Candidates:
    """Per numbered clue (area > 0 in `table`; a `?`, area 0, has no shape here), every
    rectangle of its area holding it and no other clue: every shape and position around the
    clue, kept where a 2-D prefix sum over the clue cells counts exactly one inside (O(1) per
    position, positions in numpy batches of at most POSITIONS_PER_BATCH, so that memory stays
    bounded when clues are large)."""
    row, col, area = table.T
    shape_h, shape_w, first_shape, shapes = _shapes(area, rows, cols)
    owner = np.repeat(np.arange(len(area), dtype=np.int64), shapes)
    pick = first_shape[owner] + np.arange(len(owner)) - (np.cumsum(shapes) - shapes)[owner]
    height, width = shape_h[pick], shape_w[pick]
    row, col = row[owner], col[owner]
    top0 = np.maximum(0, row - height + 1)
    left0 = np.maximum(0, col - width + 1)
    lefts = np.minimum(col, cols - width) - left0 + 1
    positions = (np.minimum(row, rows - height) - top0 + 1) * lefts
    sums = _clue_sums(rows, cols, table)
    parts: list[tuple[np.ndarray, ...]] = []
    for batch in _batches(positions):
        place, which = _ranges(np.zeros(len(batch), dtype=np.int64), positions[batch])
        which = batch[which]
        top = top0[which] + place // lefts[which]
        left = left0[which] + place % lefts[which]
        h, w = height[which], width[which]
        keep = _clue_count(sums, cols, top, left, top + h, left + w) == 1
        parts.append((owner[which][keep], top[keep], left[keep], h[keep], w[keep]))
    if not parts:
        parts.append(tuple(np.zeros(0, dtype=np.int64) for _ in range(5)))
    return Candidates(*(np.concatenate(column) for column in zip(*parts)))


def _question_candidates(rows: int, cols: int, table: np.ndarray, question: np.ndarray,
                         largest: int) -> tuple[np.ndarray, ...]:
    """(clue, top, left, height, width) of every rectangle holding a `?` clue of `question`
    and no other clue, of area at most `largest`. In rows top..bottom around the clue (a
    band) the left side may lie anywhere right of the nearest other clue on the clue's left
    in those rows, the right side anywhere left of the nearest on its right, and neither
    when a clue lies in the clue's column: every pair of sides is then a candidate, so only
    candidates are listed, never positions to test. Their cells are counted first (a closed
    form per band), so that a `?` in a large empty grid is refused by the memory budget
    before its candidates are listed."""
    occupied = np.zeros((rows, cols), dtype=bool)
    occupied[table[:, 0], table[:, 1]] = True
    columns = np.arange(cols, dtype=np.int64)
    # the nearest clue column at or left of (x, j) (-1: none), at or right of it (cols: none)
    before = np.maximum.accumulate(np.where(occupied, columns, -1), axis=1)
    after = np.minimum.accumulate(np.where(occupied, columns, cols)[:, ::-1], axis=1)[:, ::-1]
    bands = [_bands(before, after, occupied, int(table[i, 0]), int(table[i, 1]), largest)
             for i in question.tolist()]
    _check_memory(int(sum(_band_cells(*band[1:]).sum() for band in bands)))
    parts = [_band_rectangles(i, int(table[i, 1]), *band)
             for i, band in zip(question.tolist(), bands)]
    return tuple(np.concatenate(column) for column in zip(*parts))


def _bands(before: np.ndarray, after: np.ndarray, occupied: np.ndarray, r: int, c: int,
           largest: int) -> tuple[np.ndarray, ...]:
    """The bands around clue (r, c) that hold a candidate: top, height, how many places the
    left side has (A, from the clue's column leftwards), how many the right side has (B), and
    K, the most cells a candidate takes beside the clue's column in a row (its width is at
    most largest // height)."""
    rows, cols = occupied.shape
    low = before[:, c - 1] + 1 if c > 0 else np.zeros(rows, dtype=np.int64)
    high = after[:, c + 1] - 1 if c + 1 < cols else np.full(rows, cols - 1, dtype=np.int64)
    blocked = occupied[:, c].copy()
    blocked[r] = False  # the clue itself
    # over rows r, r-1, ..., t (the band's top part) and r, r+1, ..., b (its bottom part)
    up = [np.maximum.accumulate(low[r::-1]), np.minimum.accumulate(high[r::-1]),
          np.logical_or.accumulate(blocked[r::-1])]
    down = [np.maximum.accumulate(low[r:]), np.minimum.accumulate(high[r:]),
            np.logical_or.accumulate(blocked[r:])]
    above, below = (grid.ravel() for grid in np.meshgrid(np.arange(r + 1), np.arange(rows - r),
                                                          indexing="ij"))
    height = above + below + 1
    lefts = c - np.maximum(up[0][above], down[0][below]) + 1
    rights = np.minimum(up[1][above], down[1][below]) - c + 1
    spare = largest // height - 1
    keep = ~(up[2][above] | down[2][below]) & (spare >= 0)
    return (r - above[keep], height[keep], lefts[keep], rights[keep], spare[keep])


def _band_cells(height: np.ndarray, lefts: np.ndarray, rights: np.ndarray,
                spare: np.ndarray) -> np.ndarray:
    """The cells of all candidates of each band, as floats (a budget, where int64 could
    overflow): height times the sum of a + b + 1 over a < A, b < B, a + b ≤ K, by
    inclusion-exclusion on the triangle a + b ≤ K (shifting a by A adds A to each width)."""
    def count(n: np.ndarray) -> np.ndarray:  # pairs a, b ≥ 0 with a + b ≤ n
        m = np.maximum(n + 1, 0).astype(np.float64)
        return m * (m + 1) / 2

    def widths(n: np.ndarray) -> np.ndarray:  # their sum of a + b + 1
        m = np.maximum(n + 1, 0).astype(np.float64)
        return m * (m + 1) * (2 * m + 1) / 6

    a, b = lefts.astype(np.float64), rights.astype(np.float64)
    total = (widths(spare) - widths(spare - lefts) - a * count(spare - lefts)
             - widths(spare - rights) - b * count(spare - rights)
             + widths(spare - lefts - rights) + (a + b) * count(spare - lefts - rights))
    return height * total


def _band_rectangles(clue: int, c: int, top: np.ndarray, height: np.ndarray,
                     lefts: np.ndarray, rights: np.ndarray,
                     spare: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every candidate of the bands: its left side a cells left of the clue's column, its
    right side b cells right of it, a < A, b < B, a + b ≤ K."""
    a, band = _ranges(np.zeros(len(top), dtype=np.int64), np.minimum(lefts, spare + 1))
    b, which = _ranges(np.zeros(len(a), dtype=np.int64),
                       np.minimum(rights[band], spare[band] - a + 1))
    a, band = a[which], band[which]
    return (np.full(len(a), clue, dtype=np.int64), top[band], c - a, height[band], a + b + 1)


def _batches(positions: np.ndarray) -> list[np.ndarray]:
    """Consecutive runs of shapes whose positions add up to about POSITIONS_PER_BATCH."""
    ends = np.cumsum(positions)
    total = int(ends[-1]) if len(ends) else 0
    cuts = np.searchsorted(ends, np.arange(POSITIONS_PER_BATCH, total, POSITIONS_PER_BATCH),
                           side="right")
    bounds = np.unique(np.concatenate([[0], cuts, [len(positions)]])).tolist()
    return [np.arange(start, end) for start, end in itertools.pairwise(bounds)]


def _shapes(area: np.ndarray, rows: int,
            cols: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The shapes (h, w) of each area that fit the grid, h increasing, all areas' shapes
    flat: clue i's are shape_h[first[i]:first[i] + count[i]]."""
    distinct, inverse = np.unique(area, return_inverse=True)
    heights: list[int] = []
    widths: list[int] = []
    starts, counts = [], []
    for value in distinct.tolist():
        fits = [(h, value // h) for h in _divisors(value) if h <= rows and value // h <= cols]
        starts.append(len(heights))
        counts.append(len(fits))
        heights += [h for h, _ in fits]
        widths += [w for _, w in fits]
    begin = np.array(starts, dtype=np.int64)[inverse]
    count = np.array(counts, dtype=np.int64)[inverse]
    return (np.array(heights, dtype=np.int64), np.array(widths, dtype=np.int64), begin,
            count)


def _divisors(value: int) -> list[int]:
    small = [d for d in range(1, math.isqrt(value) + 1) if value % d == 0]
    return small + [value // d for d in reversed(small) if d * d != value]


def _clue_sums(rows: int, cols: int, table: np.ndarray) -> np.ndarray:
    """sums[r * (cols + 1) + c]: how many clues lie above row r and left of column c."""
    grid = np.zeros((rows + 1, cols + 1), dtype=np.int32)
    grid[table[:, 0] + 1, table[:, 1] + 1] = 1
    return grid.cumsum(axis=0).cumsum(axis=1).ravel()


def _clue_count(sums: np.ndarray, cols: int, top: np.ndarray, left: np.ndarray,
                bottom: np.ndarray, right: np.ndarray) -> np.ndarray:
    """How many clues each rectangle holds."""
    width = cols + 1
    return (sums[bottom * width + right] - sums[top * width + right]
            - sums[bottom * width + left] + sums[top * width + left])


def reduce(rows: int, cols: int, found: Candidates, clues: int,
           propagate: bool = True) -> Reduction:
    """The candidates `found` (of `clues` clues) reduced to the fixpoint of the three rules
    unless `propagate` is False; `feasible` is False when a clue or a cell is left without
    candidates (no solution)."""
    reduction = _arrays(rows, cols, found, clues)
    if propagate:
        reduction.feasible = _fixpoint(reduction, rows * cols)
    else:
        covered = np.diff(reduction.cell_start) > 0
        reduction.feasible = bool(covered.all() and np.diff(reduction.clue_start).all())
    return reduction


def _arrays(rows: int, cols: int, found: Candidates, clues: int) -> Reduction:
    _check_memory(int((found.height * found.width).sum()))
    clue_start = np.concatenate([[0], np.cumsum(found.per_clue(clues))])
    cells, owner = rect_cells(found.top, found.left, found.height, found.width, cols)
    # by cell, then candidate (unique keys: the quick sort, three times faster than a stable one)
    order = np.argsort(cells * max(1, len(found.top)) + owner)
    cell_start = np.searchsorted(cells[order], np.arange(rows * cols + 1))
    return Reduction(cols, found.top, found.left, found.top + found.height,
                     found.left + found.width, found.clue, clue_start, cell_start,
                     owner[order], np.ones(len(found.top), dtype=bool))


def _check_memory(pairs: int) -> None:
    """The (candidate, cell) pairs are the big arrays, built before any clause: refused where
    they would take more memory than the clause budget stands for (and at least
    MEMORY_FLOOR, so that a small budget still lets small puzzles through)."""
    need = pairs * PAIR_BYTES
    if need > max(MEMORY_FLOOR, max_clauses() * BYTES_PER_CLAUSE):
        raise ClauseBudgetExceeded(
            f"this shikaku puzzle's candidate rectangles cover {pairs:,} cells in all, about "
            f"{need / 1e9:.1f} GB before any clause, over what the budget of "
            f"{max_clauses():,} clauses allows: raise it with --max-clauses N to try anyway")


def rect_cells(top: np.ndarray, left: np.ndarray, height: np.ndarray, width: np.ndarray,
               cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Every cell (row * cols + column) of each rectangle, row by row, with the index of its
    rectangle."""
    area = height * width
    owner = np.repeat(np.arange(len(area), dtype=np.int64), area)
    offset = np.arange(len(owner), dtype=np.int64) - (np.cumsum(area) - area)[owner]
    span = width[owner]
    return (top[owner] + offset // span) * cols + left[owner] + offset % span, owner


def _ranges(starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The indices of the ranges starts[i]:ends[i] one after another, with each one's i."""
    lengths = ends - starts
    group = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    offset = np.arange(len(group), dtype=np.int64) - (np.cumsum(lengths) - lengths)[group]
    return starts[group] + offset, group


def remove(red: Reduction, killed: np.ndarray, cells: int) -> None:
    """Remove the candidates `killed` (found in no solution by other means) and bring the
    reduction back to the fixpoint of the rules."""
    killed = killed[red.alive[killed]]
    red.alive[killed] = False
    red.feasible = red.feasible and _fixpoint(red, cells, *_touched(red, killed, cells))


def _touched(red: Reduction, killed: np.ndarray, cells: int) -> tuple[np.ndarray, np.ndarray]:
    """The cells and clues whose candidates `killed` were among."""
    covered = rect_cells(red.top[killed], red.left[killed], red.height[killed],
                         red.width[killed], red.cols)[0]
    return _distinct(covered, cells), _distinct(red.clue[killed], len(red.clue_start) - 1)


def _fixpoint(red: Reduction, cells: int, dirty_cells: np.ndarray | None = None,
              dirty_clues: np.ndarray | None = None) -> bool:
    """Apply the rules until nothing changes, starting from the dirty cells and clues (all
    of them by default); False when a clue or cell runs out."""
    if dirty_cells is None or dirty_clues is None:
        dirty_cells = np.arange(cells, dtype=np.int64)
        dirty_clues = np.arange(len(red.clue_start) - 1, dtype=np.int64)
    stale = 0  # entries of `cover` whose candidate was removed since the last compaction
    while len(dirty_cells) or len(dirty_clues):
        by_cells = _cell_rules(red, dirty_cells)
        by_clues = _clue_rule(red, dirty_clues)
        if by_cells is None or by_clues is None:
            return False
        killed = _distinct(np.concatenate([by_cells, by_clues]), len(red.alive))
        killed = killed[red.alive[killed]]
        red.alive[killed] = False
        dirty_cells, dirty_clues = _touched(red, killed, cells)
        stale += int((red.height[killed] * red.width[killed]).sum())
        if stale * 4 > len(red.cover):
            _compact(red)
            stale = 0
    return True


def _compact(red: Reduction) -> None:
    """Drop removed candidates from the cover lists: each round scans the lists of the
    cells it looks at, and most of a first round's entries are gone after it."""
    cells = len(red.cell_start) - 1
    keep = red.alive[red.cover]
    owner = np.repeat(np.arange(cells, dtype=np.int64), np.diff(red.cell_start))[keep]
    red.cover = red.cover[keep]
    red.cell_start = np.concatenate([[0], np.cumsum(np.bincount(owner, minlength=cells))])


def _distinct(values: np.ndarray, size: int) -> np.ndarray:
    """The distinct values (all in range(size)), increasing; a mask is much faster than
    np.unique's sort for the tens of thousands of values of a first round."""
    seen = np.zeros(size, dtype=bool)
    seen[values] = True
    return np.flatnonzero(seen)


def _live_cover(red: Reduction, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The live candidates covering each of `cells`, with the index into `cells` of each."""
    index, group = _ranges(red.cell_start[cells], red.cell_start[cells + 1])
    found = red.cover[index]
    live = red.alive[found]
    return found[live], group[live]


def _contains(red: Reduction, candidates: np.ndarray, cells: np.ndarray) -> np.ndarray:
    row, col = np.divmod(cells, red.cols)
    return ((red.top[candidates] <= row) & (row < red.bottom[candidates])
            & (red.left[candidates] <= col) & (col < red.right[candidates]))


def _cell_rules(red: Reduction, cells: np.ndarray) -> np.ndarray | None:
    """Candidates that cell-in-clue and cell-in-cell remove, looking at `cells`; None when
    one of them has no candidate left."""
    if not len(cells):
        return np.zeros(0, dtype=np.int64)
    found, group = _live_cover(red, cells)
    count = np.bincount(group, minlength=len(cells))
    if not count.all():
        return None
    first = np.cumsum(count) - count
    clues = red.clue[found]
    lowest = np.minimum.reduceat(clues, first)
    one_clue = lowest == np.maximum.reduceat(clues, first)
    return np.concatenate([_cell_in_clue(red, cells[one_clue], lowest[one_clue]),
                           _cell_in_cell(red, found, first, cells, ~one_clue)])


def _cell_in_clue(red: Reduction, cells: np.ndarray, clues: np.ndarray) -> np.ndarray:
    """Each cell belongs to its only clue: that clue's candidates missing it go."""
    candidates, group = _ranges(red.clue_start[clues], red.clue_start[clues + 1])
    out = red.alive[candidates] & ~_contains(red, candidates, cells[group])
    return candidates[out]


def _cell_in_cell(red: Reduction, found: np.ndarray, first: np.ndarray, cells: np.ndarray,
                  chosen: np.ndarray) -> np.ndarray:
    """For the `chosen` cells x: candidates covering a cell of I(x) but not x go."""
    top = np.maximum.reduceat(red.top[found], first)[chosen]
    left = np.maximum.reduceat(red.left[found], first)[chosen]
    height = np.minimum.reduceat(red.bottom[found], first)[chosen] - top
    width = np.minimum.reduceat(red.right[found], first)[chosen] - left
    area = height * width
    wide = (area > 1) & (area <= INTERSECTION_LIMIT)
    if not wide.any():
        return np.zeros(0, dtype=np.int64)
    inner, which = rect_cells(top[wide], left[wide], height[wide], width[wide], red.cols)
    origin = cells[chosen][wide][which]
    others = inner != origin
    inner, origin = inner[others], origin[others]
    candidates, group = _live_cover(red, inner)
    return candidates[~_contains(red, candidates, origin[group])]


def _clue_rule(red: Reduction, clues: np.ndarray) -> np.ndarray | None:
    """Clue-in-cell for `clues`: other clues' candidates meeting a clue's core go; None when
    one of them has no candidate left."""
    if not len(clues):
        return np.zeros(0, dtype=np.int64)
    candidates, group = _ranges(red.clue_start[clues], red.clue_start[clues + 1])
    live = red.alive[candidates]
    candidates, group = candidates[live], group[live]
    count = np.bincount(group, minlength=len(clues))
    if not count.all():
        return None
    first = np.cumsum(count) - count
    # every candidate holds its clue's cell, so the core is never empty
    top = np.maximum.reduceat(red.top[candidates], first)
    left = np.maximum.reduceat(red.left[candidates], first)
    height = np.minimum.reduceat(red.bottom[candidates], first) - top
    width = np.minimum.reduceat(red.right[candidates], first) - left
    core, which = rect_cells(top, left, height, width, red.cols)
    found, group = _live_cover(red, core)
    return found[red.clue[found] != clues[which[group]]]
