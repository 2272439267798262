"""The jigsaw search engine's loop compiled by numba: the same depth-first search as
search.EdgeSearch, over the same cells in the same order, trying the same candidates in the
same order, so it finds the same boards in the same order, at the speed of the C backtracker
(benchmarks/baselines/jigsaw_backtrack.c; docs/benchmarks/DETAILS.md) instead of 20-40 times
below it.

The data are plain integer arrays, no Python object in the loop:
- every label a cell may show or offer has a small number (its id, `none` for a label that
  nothing faces);
- cell k's candidates sit in one block of the candidate arrays, sorted by their key (the ids
  of the labels they show towards the cells placed before k, read as digits in base
  `none + 1`), in the encoder's order within a key; `start[base[k] + key]` and
  `stop[base[k] + key]` bound the candidates of a key;
- a candidate's piece class (`klass`) and the ids it offers its neighbours (`offer`);
- the search's state (`cell`, `next_try`, `last`, `chosen`, `left`, `shown`) lives in arrays
  the loop resumes from, so that it stops at each board and goes on from there.

When numba is missing, or the tables would be too large (a cell facing three or four placed
neighbours with many labels: contours closing), `kernel_for` gives None and the Python engine
runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

from satpuzzle.checkers.lrat_arrays import blas_refused  # numba's loader, shared

Cell = tuple[int, int]
Labels = tuple[int, int, int, int]  # top, right, bottom, left
Ints = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., object])

_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
_OPPOSITE = (2, 3, 0, 1)  # the neighbour's side facing each side
MAX_KEYS = 1 << 22  # key slots over all cells: 32 MB of bounds at most


def _compiled(function: F) -> F:
    """`function` compiled by numba (cached on disk, as checkers/lrat_arrays.py does), or None
    in COMPILED's place when numba is missing or cannot cache (compiling in every process
    would cost seconds, more than the Python engine spends on most boards)."""
    try:
        from numba import njit
    except Exception:  # noqa: BLE001 - missing, or its LLVM library not loadable (ulimit -v)
        return function
    try:
        compiled = cast(F, njit(cache=True, nogil=True)(function))
    except RuntimeError:  # no directory numba may cache in
        return function
    _COMPILED.append(True)
    return compiled


_COMPILED: list[bool] = []

FOUND, EXHAUSTED, BUDGET = 1, 0, -1  # what the loop returns


# the loop's tables (start, stop, base, faced, klass, offer) and its state (state, next_try,
# last, chosen, left, shown), see the module's docstring
Tables = tuple[Ints, Ints, Ints, Ints, Ints, Ints]
Work = tuple[Ints, Ints, Ints, Ints, Ints, Ints]


def _search(tables: Tables, work: Work, radix: int, budget: int) -> int:
    """Run the search from `state` = [cell, nodes] until a board is complete (FOUND: `chosen`
    holds it, the search resumes after it), every board has been found (EXHAUSTED), or
    `budget` more placements were made (BUDGET). `faced[k, j]`: the slot of `shown` (4 a
    cell, the ids each placed cell offers) that cell k's j-th placed neighbour offers, -1
    past the last."""
    start, stop, base, faced, klass, offer = tables
    state, next_try, last, chosen, left, shown = work
    cells = len(base)
    k = state[0]
    nodes = state[1]
    limit = nodes + budget
    while k >= 0:
        if nodes >= limit:
            state[0] = k
            state[1] = nodes
            return BUDGET
        p = next_try[k]
        end = last[k]
        while p < end and left[klass[p]] == 0:
            p += 1
        if p == end:  # exhausted: take back the cell before
            k -= 1
            if k >= 0:
                left[klass[chosen[k]]] += 1
            continue
        next_try[k] = p + 1
        left[klass[p]] -= 1
        chosen[k] = p
        nodes += 1
        if k + 1 == cells:
            left[klass[p]] += 1
            state[0] = k
            state[1] = nodes
            return FOUND
        for side in range(4):
            shown[4 * k + side] = offer[p, side]
        k += 1
        key = 0
        for j in range(4):
            slot = faced[k, j]
            if slot < 0:
                break
            key = key * radix + shown[slot]
        next_try[k] = start[base[k] + key]
        last[k] = stop[base[k] + key]
    state[0] = k
    state[1] = nodes
    return EXHAUSTED


_search = _compiled(_search)
COMPILED = bool(_COMPILED)


class KernelSearch:
    """search.EdgeSearch's boards by the compiled loop; the same arguments."""

    def __init__(self, order: Sequence[Cell], options: dict[Cell, list[Labels]],
                 class_of: dict[Labels, int] | None, copies: list[int] | None,
                 partner_negates: bool) -> None:
        self.order = list(order)
        index = {cell: k for k, cell in enumerate(self.order)}
        sign = -1 if partner_negates else 1
        ids: dict[int, int] = {}
        for labels in (t for cell in self.order for t in options[cell]):
            for label in labels:
                ids.setdefault(label, len(ids))
        none = len(ids)  # the id of an offered label that no candidate shows
        self.radix = none + 1
        cells = len(self.order)
        self.faced = np.full((max(cells, 1), 4), -1, np.int64)
        sides_of: list[list[int]] = []
        for k, (r, c) in enumerate(self.order):
            sides = [side for side, (dr, dc) in enumerate(_STEPS)
                     if index.get((r + dr, c + dc), k) < k]
            for j, side in enumerate(sides):
                neighbour = index[(r + _STEPS[side][0], c + _STEPS[side][1])]
                self.faced[k, j] = 4 * neighbour + _OPPOSITE[side]
            sides_of.append(sides)
        self.keys = sum(self.radix ** len(sides) for sides in sides_of)
        if self.keys > MAX_KEYS:
            raise ValueError("too many key slots")
        self.base = np.zeros(cells, np.int64)
        self.start = np.zeros(self.keys, np.int64)
        self.stop = np.zeros(self.keys, np.int64)
        shown_of: list[Labels] = []
        klasses: list[int] = []
        offers: list[tuple[int, int, int, int]] = []
        slot = 0
        for k, cell in enumerate(self.order):
            self.base[k] = slot
            by_key: dict[int, list[Labels]] = {}
            for labels in options[cell]:
                key = 0
                for side in sides_of[k]:
                    key = key * self.radix + ids[labels[side]]
                by_key.setdefault(key, []).append(labels)
            for key in sorted(by_key):
                self.start[slot + key] = len(shown_of)
                for labels in by_key[key]:
                    shown_of.append(labels)
                    klasses.append(class_of[labels] if class_of is not None else 0)
                    offers.append(cast(tuple[int, int, int, int], tuple(
                        ids.get(sign * label, none) for label in labels)))
                self.stop[slot + key] = len(shown_of)
            slot += self.radix ** len(sides_of[k])
        self.shown_of = shown_of
        self.klass = np.array(klasses or [0], np.int64)
        self.offer = np.array(offers or [(0, 0, 0, 0)], np.int64).reshape(-1, 4)
        self.copies = list(copies) if copies is not None else [cells]
        self.nodes = 0

    def boards(self, budget: int = 1 << 26) -> Iterator[dict[Cell, Labels]]:
        """Every assignment of label tuples to the cells that fits, each once, in the order
        EdgeSearch.boards gives them. `budget`: placements per call of the loop (the loop
        returns to Python that often)."""
        cells = len(self.order)
        if cells == 0:
            yield {}
            return
        state = np.zeros(2, np.int64)
        next_try = np.zeros(cells, np.int64)
        last = np.zeros(cells, np.int64)
        next_try[0], last[0] = self.start[0], self.stop[0]
        chosen = np.zeros(cells, np.int64)
        left = np.array(self.copies, np.int64)
        shown = np.zeros(4 * cells, np.int64)
        tables = (self.start, self.stop, self.base, self.faced, self.klass, self.offer)
        work = (state, next_try, last, chosen, left, shown)
        while True:
            status = _search(tables, work, self.radix, budget)
            self.nodes = int(state[1])
            if status == EXHAUSTED:
                return
            if status == FOUND:
                yield {cell: self.shown_of[chosen[k]] for k, cell in enumerate(self.order)}


def kernel_for(order: Sequence[Cell], options: dict[Cell, list[Labels]],
               class_of: dict[Labels, int] | None, copies: list[int] | None,
               partner_negates: bool) -> KernelSearch | None:
    """The compiled search over these cells, or None without numba (or its cache) or when
    its key tables would be too large."""
    if not COMPILED or not warm():
        return None
    try:
        return KernelSearch(order, options, class_of, copies, partner_negates)
    except ValueError:
        return None


def warm() -> bool:
    """Load the compiled loop (from numba's cache, or compile it) on a board of one cell;
    False, once and for all in this process, if that failed: LLVM out of memory under
    `ulimit -v`, say, where the Python loop still runs."""
    if not _WARM:
        from numba.core.errors import NumbaError

        try:
            with blas_refused():  # scipy.linalg's import would double the load's cost
                one = KernelSearch([(0, 0)], {(0, 0): [(0, 0, 0, 0)]}, None, None, False)
                _WARM.append(list(one.boards()) == [{(0, 0): (0, 0, 0, 0)}])
        except (NumbaError, OSError, MemoryError, RuntimeError):  # not a timeout's exception
            _WARM.append(False)
    return _WARM[0]


_WARM: list[bool] = []  # what warm() found, once it ran
