"""Exact optima of the quantities the approximations of Behague (2024), §4.1 and §5.1 bound,
by MaxSAT (PySAT's RC2): the answer when no perfect board exists (noisy outlines) and the
yardstick of the approximations (docs/APPROXIMATIONS.md). For small boards: the formula grows
with cells × placements, and RC2 is exponential in the worst case.

- `max_matched(instance)`: a complete board (variants puzzle, orientation, position: a piece
  per cell, each piece once, turned only where the variant lets it) matching the most face
  pairs of the 2mn + m + n that §5.1 counts (shared edges once, outside faces showing 0).
  Anytime: a first board from climbing.py (greedy, then annealed swaps and turns) is a lower
  bound, and the count of the labels (`label_bound`) an upper one; where they meet below the
  total, that board is the optimum and RC2 is not run (the formula is built first all the
  same: one over the clause budget is refused at once); else RC2 starts from that board (its
  SAT solver's phases), and each core it finds lowers the upper bound. `progress` hears of
  the best board and both bounds as they change (the board to give if the run is cut short).
- `max_valid(instance)`: a partial board of an orientation instance with the most valid
  pieces (§4.1: every placed neighbour fits, outside faces show 0).

The hard clauses are written through the constraint library (constraints.Model over a
cnf.Formula): `put(r, c, piece, turns)` one placement per cell (at most one for partial
boards) and each piece once; `shows(r, c, side, label)` the label a cell shows on a side,
defined both ways from the placements. The soft clauses, weight 1 each: `fit(r, c, side)`
for a shared edge (its two labels fit) or an outside face (it shows 0), or `valid(r, c)`."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.kinds.jigsaw.puzzle import (
    KIND,
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

if TYPE_CHECKING:
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

MATCHED = "neighbouring face pairs matched"
VALID = "valid pieces"


@dataclass(frozen=True)
class Optimum:
    """The best board and its score of `total`, proven optimal by RC2."""

    board: Solution
    score: int
    total: int
    counted: str
    proof: str = "RC2"

    def report(self) -> str:
        return (f"maxsat: {self.score} of {self.total} {self.counted} (optimum, proven by "
                f"{self.proof})")


# what `max_matched` hears as it goes: the best board so far, its score and the upper bound
# proven so far (no board matches more)
Progress = Callable[[Solution, int, int], None]
LABEL_COUNT = "the count of the labels"


class _Encoding:
    """The placements and shown labels of one instance over a Model."""

    def __init__(self, instance: JigsawInstance, partial: bool) -> None:
        self.instance = instance
        self.model = Model(Formula(KIND))
        self.cells = [(r, c) for r in range(instance.rows) for c in range(instance.cols)]
        # a whole board turned scores the same: piece 0 only where no turn of the board
        # put it before (pieces anywhere, turned; complete boards)
        self.first_kept = (_first_piece_kept(instance, self.cells)
                           if instance.variant == "puzzle" and not partial else None)
        self.put: dict[Cell, dict[Placement, int]] = {}
        by_piece: dict[int, list[int]] = defaultdict(list)
        for cell in self.cells:
            self.put[cell] = {(p, t): self.model.var("put", *cell, p, t)
                              for p, t in self._placements(cell)}
            for (p, _turns), var in self.put[cell].items():
                by_piece[p].append(var)
            lits = list(self.put[cell].values())
            if partial:
                self.model.at_most_one("cell", lits, "a cell holds at most one piece")
            else:
                self.model.exactly_one("cell", lits, "a cell holds one piece")
        for lits in by_piece.values():
            if partial:
                self.model.at_most_one("piece", lits, "a piece is placed at most once")
            else:
                self.model.exactly_one("piece", lits, "a piece is placed once")
        self.shows: dict[tuple[Cell, int], dict[int, int]] = {}
        for cell in self.cells:
            for side in range(4):
                self._define_shows(cell, side)

    def _placements(self, cell: Cell) -> list[Placement]:
        instance = self.instance
        if instance.variant == "position":
            pieces = [cell[0] * instance.cols + cell[1]]
        else:
            pieces = list(range(len(instance.pieces)))
        turns = range(4) if rotates(instance.variant) else range(1)
        found = []
        for p in pieces:
            seen = set()
            for t in turns:  # a turn showing what a smaller one shows adds nothing
                if rotated(instance.pieces[p], t) not in seen:
                    seen.add(rotated(instance.pieces[p], t))
                    if p or self.first_kept is None or (cell, t) in self.first_kept:
                        found.append((p, t))
        return found

    def _define_shows(self, cell: Cell, side: int) -> None:
        """shows(cell, side, label) ⇔ some placement at the cell shows label there."""
        by_label: dict[int, list[int]] = defaultdict(list)
        for (p, t), var in self.put[cell].items():
            by_label[rotated(self.instance.pieces[p], t)[side]].append(var)
        labels = {}
        for label, placements in by_label.items():
            shown = self.model.var("shows", *cell, side, label)
            labels[label] = shown
            self.model.clauses("shows", ([-var, shown] for var in placements),
                               "a placement shows its labels")
            self.model.clause("shows", [-shown, *placements], what="a label shown is placed")
        self.shows[(cell, side)] = labels

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.instance.rows and 0 <= cell[1] < self.instance.cols

    def wrong_outside(self, cell: Cell, side: int) -> list[int]:
        """The shows literals that break the outside rule on this face (border zero: not 0)."""
        if self.instance.border == "free":
            return []
        return [var for label, var in self.shows[(cell, side)].items() if label != 0]

    def supports(self, cell: Cell, side: int) -> Iterable[list[int]]:
        """Clauses (over shows) saying the edge on `side` of `cell` fits on a whole board: a
        label shown there has a label it fits shown across the edge (one clause a label,
        not one a pair of labels that misfit: a board read from outlines has a label for
        each pair of sides, and the pairs' clauses grew with their square)."""
        other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
        facing = self.shows[(other, (side + 2) % 4)]
        for label, var in self.shows[(cell, side)].items():
            yield [-var, *(other_var for theirs, other_var in facing.items()
                           if fits(label, theirs, self.instance))]

    def misfits(self, cell: Cell, side: int) -> Iterable[list[int]]:
        """Clauses (over shows) saying the edge on `side` of `cell` fits, when both are shown."""
        other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
        facing = self.shows[(other, (side + 2) % 4)]
        for label, var in self.shows[(cell, side)].items():
            for theirs, other_var in facing.items():
                if not fits(label, theirs, self.instance):
                    yield [-var, -other_var]

    def phases(self, board: Solution) -> list[int]:
        """The placement literals of `board` (turned as a whole to put piece 0 where it is
        kept), true, for the SAT solver's first choices."""
        instance = self.instance
        rows, cols = instance.rows, instance.cols
        at: dict[Cell, Placement] = {}
        for k in board_turns(rows, cols):
            at = {turned_cell((r, c), k, rows, cols):
                  (placed[0], _least_turn(instance.pieces[placed[0]], placed[1] + k))
                  for r, row in enumerate(board) for c, placed in enumerate(row)
                  if placed is not None}
            if self.first_kept is None or any(
                    p == 0 and (cell, t) in self.first_kept for cell, (p, t) in at.items()):
                break
        return [self.put[cell][placement] for cell, placement in at.items()
                if placement in self.put[cell]]

    def solve(self, soft: list[int], start: list[int] | None = None,
              cost_found: Callable[[int], None] | None = None) -> tuple[Solution, int]:
        """The board of an optimum and how many `soft` literals it makes true; `start`: the
        phases to begin with; `cost_found` hears each lower bound of the cost RC2 proves."""
        from pysat.formula import WCNF

        wcnf = WCNF()
        for clause in self.model.formula.all_clauses():
            wcnf.append(clause)
        for lit in soft:
            wcnf.append([lit], weight=1)
        with _rc2_reporting(wcnf, cost_found) as rc2:
            if start:
                rc2.oracle.set_phases(start)
            model = rc2.compute()
            if model is None:
                raise ValueError("no board at all: the placement rules contradict")
            true = {lit for lit in model if lit > 0}
            cost = rc2.cost
        board: list[list[Placement | None]] = [[None] * self.instance.cols
                                               for _ in range(self.instance.rows)]
        for (r, c), placements in self.put.items():
            for placement, var in placements.items():
                if var in true:
                    board[r][c] = placement
        return tuple(tuple(row) for row in board), len(soft) - cost


def board_turns(rows: int, cols: int) -> tuple[int, ...]:
    """The quarter turns of a whole board that leave its shape: all four of a square."""
    return (0, 1, 2, 3) if rows == cols else (0, 2)


def turned_cell(cell: Cell, turns: int, rows: int, cols: int) -> Cell:
    """Where `cell` goes when the board turns clockwise by `turns` quarters (a board_turns
    one): its piece turns as many quarters with it, and every face pair stays matched or
    not."""
    r, c = cell
    return ((r, c), (c, rows - 1 - r), (rows - 1 - r, cols - 1 - c),
            (cols - 1 - c, r))[turns % 4]


def _least_turn(piece: Piece, turns: int) -> int:
    """The smallest turn of `piece` showing what `turns` shows (the one placed)."""
    return min(t for t in range(4) if rotated(piece, t) == rotated(piece, turns))


def _first_piece_kept(instance: JigsawInstance, cells: list[Cell]) -> set[tuple[Cell, int]]:
    """The placements of piece 0 to keep: one of each set that turns of the whole board
    carry into each other (every board is a turn of one with piece 0 at a kept one)."""
    rows, cols = instance.rows, instance.cols
    piece = instance.pieces[0]
    least = sorted({_least_turn(piece, t) for t in range(4)})
    kept: set[tuple[Cell, int]] = set()
    met: set[tuple[Cell, int]] = set()
    for cell in cells:
        for t in least:
            if (cell, t) not in met:
                kept.add((cell, t))
                met.update((turned_cell(cell, k, rows, cols), _least_turn(piece, t + k))
                           for k in board_turns(rows, cols))
    return kept


def label_bound(instance: JigsawInstance) -> int:
    """No board matches more face pairs than this: an outside face matches by showing 0 (or
    always, border free), from a piece's side with 0 (each piece at most as many as a cell
    and turn of it can show outside); a shared edge fits by two sides of the labels that fit,
    from two pieces (opposite: a and -a, a ≠ 0, at most min(n(a), n(-a)) edges; equal:
    n(a) // 2, 0 only with border free)."""
    rows, cols = instance.rows, instance.cols
    inner_edges = 2 * rows * cols - rows - cols
    sides = Counter(label for piece in instance.pieces for label in piece)
    if instance.matching == "opposite":
        pairs = sum(min(n, sides[-label]) for label, n in sides.items() if label > 0)
    else:
        pairs = sum(n // 2 for label, n in sides.items()
                    if label != 0 or instance.border == "free")
    outside = 2 * (rows + cols)
    if instance.border == "zero":
        outside = min(outside, sum(_zeros_outside(instance, p)
                                   for p in range(len(instance.pieces))))
    return outside + min(inner_edges, pairs)


def _zeros_outside(instance: JigsawInstance, p: int) -> int:
    """The most sides showing 0 that piece `p` can put on the outside, over the cells and
    turns it may take (a cell's outside sides depend only on its row and column being the
    first, the last or neither)."""
    rows, cols = instance.rows, instance.cols
    if fixed(instance.variant):
        cells = {divmod(p, cols)}
    else:
        cells = {(r, c) for r in {0, min(1, rows - 1), rows - 1}
                 for c in {0, min(1, cols - 1), cols - 1}}
    turns = range(4) if rotates(instance.variant) else range(1)
    best = 0
    for r, c in cells:
        out = [side for side, (dr, dc) in enumerate(STEPS)
               if not (0 <= r + dr < rows and 0 <= c + dc < cols)]
        for t in turns:
            shown = rotated(instance.pieces[p], t)
            best = max(best, sum(shown[side] == 0 for side in out))
    return best


def max_matched(instance: JigsawInstance, progress: Progress | None = None) -> Optimum:
    """A complete board matching the most face pairs (shared edges once, outside faces).
    The formula is built first, so that one over the clause budget is refused before any
    other work."""
    if instance.contour:
        raise ValueError("the face pairs are counted on whole boards, not on contours")
    from satpuzzle.kinds.jigsaw.climbing import good_board

    encoding = _Encoding(instance, partial=False)
    soft, always = _face_softs(encoding)
    rows, cols = instance.rows, instance.cols
    total = 2 * rows * cols + rows + cols
    upper = min(total, label_bound(instance))
    first, lower = good_board(instance, goal=upper)
    if progress is not None:
        progress(first, lower, upper)
    if lower == upper < total:  # the labels allow no better: proven without RC2
        return Optimum(first, lower, total, MATCHED, LABEL_COUNT)

    def cost_found(cost: int) -> None:
        nonlocal upper
        if progress is not None and len(soft) - cost + always < upper:
            upper = len(soft) - cost + always
            progress(first, lower, upper)

    board, score = encoding.solve(soft, encoding.phases(first), cost_found)
    return Optimum(board, score + always, total, MATCHED)


def _face_softs(encoding: _Encoding) -> tuple[list[int], int]:
    """A soft literal per face pair that may miss (each defined to mean it matches), and
    the count of those that always match (border free, or only 0 can show there)."""
    model = encoding.model
    soft, always = [], 0
    for cell in encoding.cells:
        for side in range(4):
            other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
            if not encoding.inside(other):
                wrong = encoding.wrong_outside(cell, side)
                if not wrong:
                    always += 1
                    continue
                fit = model.var("fit", *cell, side)
                model.clauses("fit", ([-fit, -var] for var in wrong), "an outside face is 0")
                soft.append(fit)
            elif side in (1, 2):  # right and bottom: each shared edge once
                fit = model.var("fit", *cell, side)
                model.clauses("fit", ([-fit, *clause]
                                      for clause in encoding.supports(cell, side)),
                              "a shared edge fits")
                soft.append(fit)
    return soft, always


def max_valid(instance: JigsawInstance) -> Optimum:
    """A partial board of an orientation instance with the most valid pieces."""
    if instance.variant != "orientation":
        raise ValueError(f"valid pieces are counted on orientation instances, not "
                         f"{instance.variant}")
    encoding = _Encoding(instance, partial=True)
    model = encoding.model
    soft = []
    for cell in encoding.cells:
        valid = model.var("valid", *cell)
        soft.append(valid)
        model.clause("valid", [-valid, *encoding.put[cell].values()],
                     what="a valid piece is placed")
        for side in range(4):
            other = (cell[0] + STEPS[side][0], cell[1] + STEPS[side][1])
            if not encoding.inside(other):
                model.clauses("valid", ([-valid, -var]
                                        for var in encoding.wrong_outside(cell, side)),
                              "a valid piece shows 0 outside")
            else:  # a neighbour shown must fit (an empty neighbour shows nothing)
                model.clauses("valid", ([-valid, *clause]
                                        for clause in encoding.misfits(cell, side)),
                              "a valid piece fits its neighbours")
    board, score = encoding.solve(soft)
    return Optimum(board, score, instance.rows * instance.cols, VALID)


def _rc2_reporting(wcnf: WCNF, cost_found: Callable[[int], None] | None) -> RC2:
    """PySAT's RC2 on `wcnf`, telling `cost_found` its cost (a proven lower bound of the
    optimum's) after each core it processes."""
    from pysat.examples.rc2 import RC2

    class Reporting(RC2):
        def process_core(self) -> None:
            super().process_core()
            if cost_found is not None:
                cost_found(self.cost)

    return Reporting(wcnf)
