"""Random Shikaku puzzles, and puzzles with exactly one solution.

The layout follows the seed's method: cut the grid recursively, merge some neighbouring
rectangles, put each rectangle's area on a random cell of it. For a unique puzzle, the clues
are then moved (and, where moving does not help, rectangles split) until the intended cover is
the only solution.

Uniqueness is checked in rounds. Each round builds the puzzle's formula once (the presolve
and probing alone decide most clues, and a decided clue needs no question) and one
incremental solver asks, for each clue still open, whether it can take another rectangle: the
clue's intended rectangle is assumed false, and decisions follow the intended solution (its
phases), so that an answer differs from it only where it must. A "no" is kept as a unit clause
for the next questions; a "yes" is another solution, whose independent differences from the
intended cover are all fixed in the same round (one clue moved per difference). So a round
finds every ambiguity at once instead of one per solver run: on a 200×200 the earlier loop
(one rebuild and one solve per ambiguity) needed 259 rounds and 86 s, this one 8 rounds and
about 4 s.
"""

from __future__ import annotations

import random

import numpy as np

from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.kinds.shikaku import presolve, probing, rules
from satpuzzle.kinds.shikaku.puzzle import MAX_CELLS, ShikakuInstance
from satpuzzle.solving import DEFAULT_SOLVER, make_solver

Rect = tuple[int, int, int, int]  # (top, left, height, width)
Cell = tuple[int, int]

# A rectangle whose clue was moved this many times is split instead: splits only add
# rectangles, at most one per cell, so the loop ends (at worst with all single cells).
MOVES_BEFORE_SPLIT = 2


def generate(rows: int, cols: int, *, depth: int, merge_iters: int, merge_prob: float,
             seed: int, unique: bool = False) -> ShikakuInstance:
    """A random puzzle by the seed's method: cut the grid recursively (`depth` levels, the
    longer side more likely to be cut), merge contiguous rectangles (`merge_iters` rounds, each
    pair merged with probability `merge_prob`), put each rectangle's area on a random cell of
    it. With `unique`, clues are then moved and rectangles split until the solver proves the
    solution unique (see `make_unique`). The same arguments always give the same puzzle."""
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise InputError(f"cannot generate a {rows}×{cols} grid: 1..{MAX_CELLS} cells")
    if depth < 0 or merge_iters < 0 or not 0 <= merge_prob <= 1:
        raise InputError("generator parameters: depth ≥ 0, merge iterations ≥ 0, "
                         "merge probability in [0, 1]")
    rng = random.Random(seed)
    rects = _merge(rng, _cut(rng, rows, cols, depth), merge_iters, merge_prob)
    clues = {rect: _random_cell(rng, rect) for rect in rects}
    if unique:
        clues = make_unique(rng, rows, cols, clues)
    return instance_of(rows, cols, clues)


def instance_of(rows: int, cols: int, clues: dict[Rect, Cell]) -> ShikakuInstance:
    """The puzzle whose intended cover is `clues`' rectangles, each with its clue cell."""
    return ShikakuInstance(rows, cols, tuple(sorted(
        (r, c, rect[2] * rect[3]) for rect, (r, c) in clues.items())))


def _random_cell(rng: random.Random, rect: Rect) -> Cell:
    return (rng.randrange(rect[0], rect[0] + rect[2]), rng.randrange(rect[1], rect[1] + rect[3]))


# ---------------------------------------------------------------- layout


def _cut(rng: random.Random, rows: int, cols: int, depth: int) -> list[Rect]:
    """Recursive cuts, `depth` levels deep (fewer where a piece is a single cell). The cut
    position is drawn in the middle 40% of the side, so that the pieces of one level have
    comparable areas and depth d gives about 2^d rectangles (the seed leaves it open; uniform
    positions give a few huge rectangles among many single cells)."""
    done: list[Rect] = []
    stack = [((0, 0, rows, cols), depth)]
    while stack:
        (top, left, height, width), level = stack.pop()
        if level == 0 or height * width == 1:
            done.append((top, left, height, width))
            continue
        across = rng.random() < (height - 1) / (height + width - 2)  # a cut across the rows
        side = height if across else width
        at = max(1, min(side - 1, round(side * rng.uniform(0.3, 0.7))))
        if across:
            halves = [(top, left, at, width), (top + at, left, height - at, width)]
        else:
            halves = [(top, left, height, at), (top, left + at, height, width - at)]
        stack += [(half, level - 1) for half in reversed(halves)]
    return done


def _merge(rng: random.Random, rects: list[Rect], rounds: int, probability: float) -> list[Rect]:
    """Up to `rounds` passes; in each, every pair of rectangles sharing a whole side (their
    union a rectangle) is merged with `probability`, each rectangle merging at most once per
    pass. This reaches layouts that cuts alone cannot make (the seed's Figure 5)."""
    alive = set(rects)
    for _ in range(rounds):
        by_corner = {(t, l): (t, l, h, w) for t, l, h, w in alive}  # top-left corners
        merged: set[Rect] = set()
        order = sorted(alive)
        rng.shuffle(order)
        for rect in order:
            if rect in merged:
                continue
            top, left, height, width = rect
            right = by_corner.get((top, left + width))
            below = by_corner.get((top + height, left))
            partners = [other for other in (right, below) if other is not None
                        and other not in merged and _joinable(rect, other)]
            if not partners or rng.random() >= probability:
                continue
            other = rng.choice(partners)
            union = (top, left, height + (other[2] if other is below else 0),
                     width + (other[3] if other is right else 0))
            alive -= {rect, other}
            alive.add(union)
            merged |= {rect, other, union}
            by_corner[(top, left)] = union
            del by_corner[(other[0], other[1])]
    return sorted(alive)


def _joinable(rect: Rect, other: Rect) -> bool:
    """Whether `other`, right of or below `rect`, shares a whole side with it."""
    top, left, height, width = rect
    if other[0] == top and other[1] == left + width:
        return other[2] == height
    return other[1] == left and other[0] == top + height and other[3] == width


# ---------------------------------------------------------------- uniqueness


def make_unique(rng: random.Random, rows: int, cols: int,
                clues: dict[Rect, Cell]) -> dict[Rect, Cell]:
    """Change the puzzle until its intended cover (`clues`' rectangles) is its only solution.
    Each round finds every independent way another solution differs from the intended one
    (`ambiguities`); for each, one clue is moved inside its own rectangle to a cell that the
    other solution's rectangle for it misses (that solution is then gone, the intended one
    kept), or, once moved MOVES_BEFORE_SPLIT times, its rectangle is split in two."""
    clues = dict(clues)
    moves: dict[Rect, int] = {}
    while True:
        found = ambiguities(rows, cols, clues)
        if not found:
            return clues
        for rect, elsewhere in found:
            outside = [(r, c) for r in range(rect[0], rect[0] + rect[2])
                       for c in range(rect[1], rect[1] + rect[3])
                       if not _inside((r, c), elsewhere)]
            if moves.get(rect, 0) < MOVES_BEFORE_SPLIT and outside:
                moves[rect] = moves.get(rect, 0) + 1
                clues[rect] = rng.choice(outside)
            else:
                del clues[rect]
                for half in _split(rng, rect):
                    clues[half] = _random_cell(rng, half)


def _inside(cell: Cell, rect: Rect) -> bool:
    return 0 <= cell[0] - rect[0] < rect[2] and 0 <= cell[1] - rect[1] < rect[3]


def _split(rng: random.Random, rect: Rect) -> list[Rect]:
    top, left, height, width = rect
    if height >= width:
        at = rng.randint(1, height - 1)
        return [(top, left, at, width), (top + at, left, height - at, width)]
    at = rng.randint(1, width - 1)
    return [(top, left, height, at), (top, left + at, height, width - at)]


class _Round:
    """One puzzle's formula on one incremental solver, with the intended rectangle of each
    clue, for the questions of a round."""

    def __init__(self, rows: int, cols: int, clues: dict[Rect, Cell]) -> None:
        instance = instance_of(rows, cols, clues)
        found = presolve.candidates(rows, cols, instance.clues)
        self.red = presolve.reduce(rows, cols, found, len(instance.clues))
        probing.probe(rows, cols, instance.clues, self.red)
        index = {(r, c): i for i, (r, c, _) in enumerate(instance.clues)}
        self.intended = {index[cell]: rect for rect, cell in clues.items()}
        self.open = np.flatnonzero(self.red.alive_per_clue() > 1).tolist()
        self.solver = None
        if self.open:
            formula, self.var = rules.encode_with_variables(rows, cols, instance.clues,
                                                               self.red)
            self.chosen = self._intended_candidates(len(instance.clues))
            self.solver = make_solver(DEFAULT_SOLVER, formula.all_clauses())
            # decisions follow the intended solution (auxiliaries included), so that another
            # solution found differs from it only where it must: small, local differences
            self.solver.solve(assumptions=self.var[self.chosen].tolist())
            self.solver.set_phases(self.solver.get_model())
            self.owner = np.full((rows, cols), -1, dtype=np.int64)  # intended clue per cell
            for clue, (top, left, height, width) in self.intended.items():
                self.owner[top:top + height, left:left + width] = clue

    def _intended_candidates(self, clues: int) -> np.ndarray:
        """The candidate of each clue's intended rectangle (it survives the presolve: the
        intended cover is a solution)."""
        shape = np.zeros((clues, 4), dtype=np.int64)
        for clue, rect in self.intended.items():
            shape[clue] = rect
        red = self.red
        rect = shape[red.clue]
        match = (red.alive & (red.top == rect[:, 0]) & (red.left == rect[:, 1])
                 & (red.bottom - red.top == rect[:, 2]) & (red.right - red.left == rect[:, 3]))
        chosen = np.zeros(clues, dtype=np.int64)
        chosen[red.clue[match]] = np.flatnonzero(match)
        return chosen

    def other_solution(self, clue: int) -> dict[int, Rect] | None:
        """A solution where `clue` does not take its intended rectangle (clue index →
        rectangle, for the clues that differ), or None when there is none."""
        assert self.solver is not None
        literal = int(self.var[self.chosen[clue]])
        if not self.solver.solve(assumptions=[-literal]):
            self.solver.add_clause([literal])  # true in every solution: helps later questions
            return None
        model = np.asarray(self.solver.get_model(), dtype=np.int64)
        red = self.red
        live = np.flatnonzero(red.alive)
        picked = live[model[self.var[live] - 1] > 0]
        moved = picked[self.chosen[red.clue[picked]] != picked]
        columns = (red.clue[moved], red.top[moved], red.left[moved],
                   red.bottom[moved] - red.top[moved], red.right[moved] - red.left[moved])
        return {i: (top, left, height, width)
                for i, top, left, height, width in zip(*(c.tolist() for c in columns))}

    def close(self) -> None:
        if self.solver is not None:
            self.solver.delete()


def ambiguities(rows: int, cols: int, clues: dict[Rect, Cell]) -> list[tuple[Rect, Rect]]:
    """One (intended rectangle, its rectangle in another solution) per independent way another
    solution differs from the intended cover; empty when the intended cover is the only
    solution."""
    round_ = _Round(rows, cols, clues)
    try:
        settled: set[int] = set()  # clues whose difference is found, or that cannot differ
        found: list[tuple[Rect, Rect]] = []
        for clue in round_.open:
            if clue in settled:
                continue
            other = round_.other_solution(clue)
            if other is not None:
                found += _new_differences(round_, other, clue, settled)
            settled.add(clue)
        return found
    finally:
        round_.close()


def _new_differences(round_: _Round, other: dict[int, Rect], clue: int,
                     settled: set[int]) -> list[tuple[Rect, Rect]]:
    """The differences of `other` not seen yet this round (`clue`'s always is), one clue each
    (`clue` itself where it belongs to one); their clues are then settled."""
    found = []
    for group in _groups(round_, other):
        fresh = [i for i in group if i not in settled]
        if fresh:
            pick = clue if clue in fresh else fresh[0]
            found.append((round_.intended[pick], other[pick]))
            settled.update(group)
    return found


def _groups(round_: _Round, other: dict[int, Rect]) -> list[list[int]]:
    """The clues that `other` moves, in independent groups: a clue is grouped with the clues
    whose intended rectangles its other rectangle meets (each group covers the same cells
    both ways, so any one group alone is a solution too)."""
    sets = DisjointSets(sorted(other))
    for clue, (top, left, height, width) in other.items():
        met = np.unique(round_.owner[top:top + height, left:left + width])
        for neighbour in met.tolist():
            if neighbour != clue and neighbour in other:
                sets.union(clue, neighbour)
    return [sorted(members) for members in sets.groups().values()]
