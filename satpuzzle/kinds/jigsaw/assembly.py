"""The board itself tells which blank a tab fits (the `assembled` grouping of
satpuzzle.kinds.jigsaw.board): under noise a side's least-cost partner is often not its true
one, but a board where every piece sits beside four neighbours leaves little room for a wrong
pair, as jigsaw assembly solvers use it (Gallagher 2012; Pomeranz et al. 2011, §3; Paikin and
Tal 2015).

  1. Candidates: for every tab its KEPT cheapest blanks, and for every blank its KEPT
     cheapest tabs (either way makes the pair a candidate), with the pair's cost.
  2. Assembly: the cells filled in order of anti-diagonals (beam search, Pomeranz et al.
     2011 place pieces in a fixed order too): a piece and turn go into a cell when its sides
     facing the border are flat, the others not, and its sides facing the pieces already
     left of it and above it are candidates of theirs; every partial board of one depth has
     the same edges matched, so their total costs compare, and the BEAM cheapest are kept
     (those equal in the pieces used and in the last placements merged, the cheaper kept).
     A beam from each corner piece in the top left cell (STARTS): a piece read badly, its
     true pairs dearer than others, pushes the truth out of a beam when it comes early, and
     each start meets it at its own place.
  3. Repair: each beam's board improved by moving whole sets of pieces at once while its
     cost drops (satpuzzle.kinds.jigsaw.repair); the cheapest board of all kept.
  4. The cheapest board fixes the pairing: each pair of neighbouring sides its own
     class, so that the labels allow that board (and its turns) only.

No whole board (a side misread, a true partner outside the candidates): None, and the
caller falls back to a pairing, or tries again with misread sides allowed at a cost
(Pairs.tolerant: flat inside the board or a bump on its border, two tabs or two blanks
side by side). Time and memory: at most BEAM × cells partial boards per start, each tried with
the candidates of one side (KEPT to 2 × KEPT of them).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from itertools import islice

import numpy as np
import numpy.typing as npt

Costs = npt.NDArray[np.float64]

KEPT = 6  # candidate partners per side
REFINED = 120  # partners per side whose costs are refined (sidematch.costs): the rough
# stage ranks a true partner up to 94th under 1 % noise (10×10); one left unrefined costs
# as much as a thousand true pairs and puts the true board out of the beam
BEAM = 300  # partial boards kept per cell
STARTS = "each"  # beams: "one" from the first cell's pieces, or "each" corner piece its own
# (measured: each start goes wrong at its own badly read pieces; 4 times the beams' time)
ONE_SIDED = 4  # times KEPT tried in a cell meeting one placed piece only
MAX_PIECES = 1000  # the most pieces assembled: the side costs grow with their square (a
# 1000-piece board's cost table 128 MB, the aligned costs' refined pairs 480,000)
# a side's directions on the board: 0 top, 1 right, 2 bottom, 3 left; piece side s, turned
# by t quarter turns clockwise, faces (s + t) % 4
TOP, RIGHT, BOTTOM, LEFT = range(4)


@dataclass(frozen=True)
class Node:
    """A partial board: its cost, the pieces used (a bit each), the last `cols` placements
    (piece, turn), and the node it grew from."""

    cost: float
    used: int
    recent: tuple[tuple[int, int], ...]
    parent: Node | None


@dataclass
class Pairs:
    """Every tab against every blank: `cost[a, b]` for sides numbered 4 × piece + side (inf
    where a and b are not a tab and a blank); the pieces tried in a cell are the cheapest
    by the sides they meet, among the pieces and turns that fit the cell's border. With a
    finite `misread`, a piece fits with one side flat inside the board or not flat on its
    border, at that cost (a near-straight edge read as flat, a corner misplaced)."""

    cost: Costs
    kinds: list[tuple[int, int, int, int]]
    kept: int
    misread: float = np.inf
    _fitting: dict[tuple[bool, ...], list[tuple[int, int]]] = field(default_factory=dict)
    _penalty: dict[tuple[bool, ...], Costs] = field(default_factory=dict)
    _ranked: dict[tuple[int, int, tuple[bool, ...]], list[tuple[int, int]]] = field(
        default_factory=dict)
    _sides: dict[tuple[bool, ...], npt.NDArray[np.intp]] = field(default_factory=dict)

    def fitting(self, border: tuple[bool, ...]) -> list[tuple[int, int]]:
        """The (piece, turn) flat exactly towards `border` (top, right, bottom, left), or
        but for one side when misreads are allowed."""
        if border not in self._fitting:
            allowed = 1 if np.isfinite(self.misread) else 0
            found = [(piece, turn, wrong) for piece, sides in enumerate(self.kinds)
                     for turn in range(4)
                     if (wrong := sum((_facing(sides, turn, d) == 0) != border[d]
                                      for d in range(4))) <= allowed]
            self._fitting[border] = [(piece, turn) for piece, turn, _ in found]
            self._penalty[border] = np.array([wrong * self.misread if wrong else 0.0
                                              for _, _, wrong in found])
        return self._fitting[border]

    def penalty(self, border: tuple[bool, ...]) -> Costs:
        """Per `fitting(border)` placement, the cost of its misread sides."""
        self.fitting(border)
        return self._penalty[border]

    def tolerant(self, misread: float) -> Pairs:
        """These pairs, a side read as flat meeting any other for nothing more than its
        misread cost; and two tabs (two blanks) meeting for that cost: a side read as a tab
        where it is a blank, or the reverse (real pieces' shoulders swing as far from the
        chord as a shallow head), relabelled by the board found."""
        flat = [4 * piece + side for piece, sides in enumerate(self.kinds)
                for side in range(4) if sides[side] == 0]
        signs = np.array([side for sides in self.kinds for side in sides])
        cost = self.cost.copy()
        alike = np.equal.outer(signs, signs) & (signs != 0)[:, None]
        cost[alike & ~np.isfinite(cost)] = misread
        cost[flat, :] = 0.0
        cost[:, flat] = 0.0
        return Pairs(cost, self.kinds, self.kept, misread)

    def facing_sides(self, border: tuple[bool, ...]) -> npt.NDArray[np.intp]:
        """For the `fitting(border)` (piece, turn): 5 × n, the pieces, then per direction the
        side facing it."""
        if border not in self._sides:
            fitting = self.fitting(border)
            self._sides[border] = np.array(
                [[piece for piece, _ in fitting]]
                + [[4 * piece + (d - turn) % 4 for piece, turn in fitting] for d in range(4)],
                dtype=np.intp).reshape(5, len(fitting))
        return self._sides[border]

    def one_sided(self, side: int, facing: int, border: tuple[bool, ...]
                  ) -> list[tuple[int, int]]:
        """The (piece, turn) fitting `border`, cheapest first by their side facing `facing`
        against `side` (computed once and kept)."""
        key = (side, facing, border)
        if key not in self._ranked:
            fitting = self.fitting(border)
            costs = self.cost[side, self.facing_sides(border)[1 + facing]] + self.penalty(
                border)
            order = np.argsort(costs, kind="stable")
            self._ranked[key] = [fitting[i] for i in order if np.isfinite(costs[i])]
        return self._ranked[key]

    def two_sided(self, meets: list[tuple[int, int]], border: tuple[bool, ...], used: int,
                  count: int) -> list[tuple[int, int]]:
        """The `count` unused (piece, turn) fitting `border` cheapest by the summed costs of
        their sides facing the two (side, direction) of `meets` against those sides."""
        sides = self.facing_sides(border)
        if sides.shape[1] == 0:
            return []
        costs = self.penalty(border).copy()
        for side, facing in meets:
            costs += self.cost[side, sides[1 + facing]]
        bits = np.unpackbits(np.frombuffer(used.to_bytes(len(self.kinds) // 8 + 1, "little"),
                                           dtype=np.uint8), bitorder="little")
        costs[bits[sides[0]].astype(bool)] = np.inf
        count = min(count, int(np.isfinite(costs).sum()))
        if count == 0:
            return []
        chosen = np.argpartition(costs, count - 1)[:count]
        chosen = chosen[np.argsort(costs[chosen], kind="stable")]
        fitting = self.fitting(border)
        return [fitting[i] for i in chosen]


def pairs(kinds: list[tuple[int, int, int, int]], tabs: list[int], blanks: list[int],
          cost: Costs, kept: int = KEPT) -> Pairs:
    """The Pairs of a tabs × blanks cost matrix, its rows the sides `tabs`, its columns the
    sides `blanks` (numbered 4 × piece + side)."""
    full = np.full((4 * len(kinds), 4 * len(kinds)), np.inf)
    if tabs and blanks:
        full[np.ix_(tabs, blanks)] = cost
        full[np.ix_(blanks, tabs)] = cost.T
    return Pairs(full, kinds, kept)


def assemble(kinds: list[tuple[int, int, int, int]], found: Pairs, rows: int, cols: int,
             beam: int = BEAM, starts: str = STARTS) -> list[tuple[int, int]] | None:
    """The cheapest board found: per cell in reading order (piece, turn); None when no whole
    board was found. `kinds`: each piece's sides, 0 flat, else a tab or a blank. `starts`:
    "one" beam from the first cell's pieces, or "each" corner piece a beam of its own (on a
    square board a corner piece's beam reaches the boards with it in the top left corner
    only); each beam's board repaired (satpuzzle.kinds.jigsaw.repair), the cheapest kept."""
    from satpuzzle.kinds.jigsaw import repair

    if len(kinds) != rows * cols:
        return None
    firsts = _first_cell(kinds, rows, cols, every=starts == "each")
    best: tuple[float, list[tuple[int, int]]] | None = None
    for group in ([[first] for first in firsts] if starts == "each" else [firsts]):
        placed = _beam(found, rows, cols, beam, group)
        if placed is None:
            continue
        placed = repair.repaired(found, placed, rows, cols)
        cost = repair.board_cost(found, placed, rows, cols)
        if best is None or cost < best[0]:
            best = (cost, placed)
    return None if best is None else best[1]


def _beam(found: Pairs, rows: int, cols: int, beam: int, firsts: list[Node]
          ) -> list[tuple[int, int]] | None:
    """The cheapest board of one beam search from the partial boards `firsts`."""
    order = sorted(range(rows * cols), key=lambda cell: (sum(divmod(cell, cols)), cell))
    step = {cell: i for i, cell in enumerate(order)}
    # per step, the steps back at which its left and upper neighbours were placed
    back = [(i - step[cell - 1] if cell % cols else 0,
             i - step[cell - cols] if cell >= cols else 0) for i, cell in enumerate(order)]
    window = max(max(pair) for pair in back)
    layer = firsts
    for i in range(1, rows * cols):
        grown: dict[tuple[int, tuple[tuple[int, int], ...]], Node] = {}
        for parent in layer:
            for child in _children(parent, order[i], back[i], window, found, (rows, cols)):
                key = (child.used, child.recent)
                if key not in grown or child.cost < grown[key].cost:
                    grown[key] = child
        layer = heapq.nsmallest(beam, grown.values(), key=lambda node: node.cost)
        if not layer:
            return None
    placed: list[tuple[int, int]] = []
    node: Node | None = min(layer, key=lambda node: node.cost)
    while node is not None:
        placed.append(node.recent[-1])
        node = node.parent
    board = [(0, 0)] * (rows * cols)
    for cell, placement in zip(order, placed[::-1]):
        board[cell] = placement
    return board


def _facing(kinds: tuple[int, int, int, int], turn: int, direction: int) -> int:
    return kinds[(direction - turn) % 4]


def _border(cell: int, rows: int, cols: int) -> tuple[bool, ...]:
    """Which of the cell's four directions meet the board's border."""
    r, c = divmod(cell, cols)
    return (r == 0, c == cols - 1, r == rows - 1, c == 0)


def _first_cell(kinds: list[tuple[int, int, int, int]], rows: int, cols: int,
                every: bool = False) -> list[Node]:
    """The top left cell: a corner piece turned to fit it (one corner piece on a square
    board, where every board can be turned to put it there, unless `every`)."""
    border = _border(0, rows, cols)
    firsts = [Node(0.0, 1 << piece, ((piece, turn),), None)
              for piece, sides in enumerate(kinds) for turn in range(4)
              if all((_facing(sides, turn, d) == 0) == border[d] for d in range(4))]
    return firsts[:1] if rows == cols and len(kinds) > 1 and not every else firsts


def _children(node: Node, cell: int, back: tuple[int, int], window: int, found: Pairs,
              size: tuple[int, int]) -> list[Node]:
    """The partial boards one piece more: a piece and turn in `cell` fitting the border,
    the cheapest by the sides it meets (left and above, placed `back` steps before); each
    keeps its last `window` placements."""
    border = _border(cell, *size)
    # the neighbours' sides facing the cell, and the direction each meets
    meets = []
    for steps, (way, facing) in zip(back, ((RIGHT, LEFT), (BOTTOM, TOP))):
        if steps:
            piece, turn = node.recent[-steps]
            meets.append((4 * piece + (way - turn) % 4, facing))
    if len(meets) == 2:
        tried = found.two_sided(meets, border, node.used, found.kept)
    else:
        # a cell meeting one placed piece (the first row and column) has one side to tell
        # its piece by: more are tried there
        tried = list(islice((placing for placing in found.one_sided(*meets[0], border)
                             if not node.used >> placing[0] & 1), found.kept * ONE_SIDED))
    children = []
    for piece, turn in tried:
        wrong = sum((_facing(found.kinds[piece], turn, d) == 0) != border[d] for d in range(4))
        total = node.cost + sum(float(found.cost[meeting, 4 * piece + (way - turn) % 4])
                                for meeting, way in meets) + (found.misread * wrong if wrong
                                                              else 0.0)
        recent = (*node.recent[-(window - 1):], (piece, turn)) if window > 1 else (
            (piece, turn),)
        children.append(Node(total, node.used | 1 << piece, recent, node))
    return children
