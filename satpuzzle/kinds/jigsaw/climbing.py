"""A good complete board fast, the first board of the MaxSAT engine (maxsat.py): the pieces
laid greedily cell by cell, then swaps of two pieces and turns of one, each kept when it
matches strictly more face pairs, until none does or the budget of tries is spent. Its score
is a lower bound of the optimum (the score of a legal board), nothing more: the optimum is
proven elsewhere. Deterministic: the same instance gives the same board."""

from __future__ import annotations

import math
import random
from itertools import product

from satpuzzle.kinds.jigsaw.puzzle import (
    STEPS,
    Cell,
    JigsawInstance,
    Piece,
    Placement,
    Solution,
    fits,
    fixed,
    rotated,
    rotates,
)

TRIES = 3_000_000  # face-pair looks at most (about 7 s of Python), and per cell:
LOOKS_PER_CELL = 10_000  # 1,000,000 on a 10×10 board, about 2 s
HOT, COLD = 0.4, 0.02  # the annealing heat at the start and at the end (measured best of a few)


class _Board:
    """A complete board being improved: the placement at each cell and what it shows."""

    def __init__(self, instance: JigsawInstance) -> None:
        self.instance = instance
        self.rows, self.cols = instance.rows, instance.cols
        self.turns = range(4) if rotates(instance.variant) else range(1)
        self.shown = {(p, t): rotated(piece, t) for p, piece in enumerate(instance.pieces)
                      for t in self.turns}
        self.at: dict[Cell, Placement] = {}
        self.looks = 0

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def outside_sides(self, cell: Cell) -> int:
        return sum(not self.inside((cell[0] + dr, cell[1] + dc)) for dr, dc in STEPS)

    def face(self, cell: Cell, side: int, labels: Piece) -> int:
        """1 if the face on `side` of `cell`, showing `labels`, is matched (0 if its
        neighbour is not placed yet)."""
        self.looks += 1
        other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
        if not self.inside(other):
            return int(self.instance.border == "free" or labels[side] == 0)
        there = self.at.get(other)
        if there is None:
            return 0
        return int(fits(labels[side], self.shown[there][(side + 2) % 4], self.instance))

    def around(self, cells: tuple[Cell, ...]) -> int:
        """The matched face pairs touching `cells`, each pair once."""
        total = 0
        for cell in cells:
            labels = self.shown[self.at[cell]]
            for side in range(4):
                other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
                if other in cells and other < cell:
                    continue  # counted from the other cell
                total += self.face(cell, side, labels)
        return total

    def score(self) -> int:
        return sum(self.face(cell, side, self.shown[placement])
                   for cell, placement in self.at.items() for side in (0, 1, 2, 3)
                   if side in (1, 2) or not self.inside((cell[0] + STEPS[side][0],
                                                         cell[1] + STEPS[side][1])))

    def frozen(self) -> Solution:
        return tuple(tuple(self.at[(r, c)] for c in range(self.cols))
                     for r in range(self.rows))


def _lay(board: _Board) -> None:
    """Each cell in turn (row by row) takes the free piece and turn matching the most faces
    with its outside and the pieces laid, preferring a piece with as many zeros as the cell
    has outside faces (a corner piece is kept for a corner)."""
    instance = board.instance
    free = list(range(len(instance.pieces)))
    for r in range(board.rows):
        for c in range(board.cols):
            cell = (r, c)
            if fixed(instance.variant):
                choices = [r * board.cols + c]
            else:
                choices = free
            outside = board.outside_sides(cell)
            best: tuple[tuple[int, int], Placement] | None = None
            for p in choices:
                zeros = instance.pieces[p].count(0) == outside
                for t in board.turns:
                    labels = board.shown[(p, t)]
                    key = (sum(board.face(cell, side, labels) for side in range(4)), zeros)
                    if best is None or key > best[0]:
                        best = (key, (p, t))
            assert best is not None
            board.at[cell] = best[1]
            if not fixed(instance.variant):
                free.remove(best[1][0])


def _swap(board: _Board, cells: tuple[Cell, ...], rng: random.Random,
          heat: float) -> int:
    """Swap the pieces of two cells (or turn the piece of one) in their best turns and keep
    it if it matches no fewer face pairs, or by chance at `heat` (simulated annealing, the
    chance e^(change / heat)); the change kept (0 when undone)."""
    before = board.around(cells)
    old = tuple(board.at[cell] for cell in cells)
    pieces = [placement[0] for placement in reversed(old)]  # swapped (or the one piece)
    best, best_at = -1, old
    for chosen in product(board.turns, repeat=len(cells)):
        for cell, piece, turn in zip(cells, pieces, chosen):
            board.at[cell] = (piece, turn)
        now = board.around(cells)
        if now > best:
            best, best_at = now, tuple(board.at[cell] for cell in cells)
    change = best - before
    if change < 0 and rng.random() >= math.exp(change / heat):
        best_at, change = old, 0
    for cell, placement in zip(cells, best_at):
        board.at[cell] = placement
    return change


def good_board(instance: JigsawInstance, tries: int | None = None, seed: int = 0,
               goal: int | None = None) -> tuple[Solution, int]:
    """A complete board and the face pairs it matches (shared edges once, outside faces):
    laid greedily, then improved by swaps and turns of random cells (a fixed seed), cooling
    from HOT to COLD over `tries` face-pair looks (default: LOOKS_PER_CELL a cell, at most
    TRIES); the best board met, or the first to reach `goal`."""
    if tries is None:
        tries = min(TRIES, LOOKS_PER_CELL * instance.rows * instance.cols)
    board = _Board(instance)
    _lay(board)
    rng = random.Random(seed)
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    swaps = not fixed(instance.variant) and len(cells) > 1
    score = board.score()
    best = (score, board.frozen())
    while board.looks < tries and (goal is None or best[0] < goal):
        heat = HOT - (HOT - COLD) * board.looks / tries
        first = rng.choice(cells)
        moved = (first, rng.choice(cells)) if swaps and rng.random() < 0.8 else (first,)
        if len(moved) == 2 and moved[0] == moved[1]:
            continue
        score += _swap(board, moved, rng, heat)
        if score > best[0]:
            best = (score, board.frozen())
    return best[1], best[0]
