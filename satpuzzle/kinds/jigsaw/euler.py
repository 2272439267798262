"""CONTOUR-ORIENTATION without SAT: the Eulerian-trail method of Behague (2024), §4
(Théorème 4.2, "CONTOUR-ORIENTATION est dans P"), with the paper's gaps repaired
(docs/REDUCTIONS.md, section "CONTOUR-ORIENTATION by Eulerian trails"), as the engine "euler".

Pieces keep their listed orientation (rotation 0) and fill the 2m+2n−4 frame cells. With border
"zero" and m, n ≥ 3 the zeros of a piece say where it may go: a corner pattern fits exactly one
corner, and a piece with one outer 0 fits one side, except a piece with 0 on two opposite faces
(its inner face looks at an interior cell, so it is unconstrained): (0,a,0,b) fits the top or
the bottom side, (a,0,b,0) the left or the right side ("ambiguous" pieces). Each side, read
from corner to corner, is an Eulerian trail in a multigraph whose edges are its pieces, from
the label the previous piece must show to the label the piece shows next.

Where the method is exact (`suits`): contour-orientation, border zero, m, n ≥ 3 — every frame
of a real puzzle. There `solutions` decides first: without ambiguous pieces in linear time
(degree balance and one Hierholzer sweep per side), so an unsolvable frame yields nothing at
once. With ambiguous pieces, choosing their sides is NP-hard in general (a reduction from
directed Hamiltonian cycle is in tests/jigsaw_paper.py), and the method branches over how many
of each kind of ambiguous piece go to each side: exact, exponential only in the number of
distinct ambiguous pieces; `suits` declines frames with more than `MAX_SPLITS` such splits.
A solvable frame's boards are then enumerated, each visible board once: the sides are
independent given the corners, and each side's distinct trails (identical pieces
interchangeable) are listed by a depth-first walk that never enters a dead end (an edge is
taken only if an Eulerian trail of the rest still exists: balance is kept by construction,
connectivity is re-checked when the last copy of a label pair is used), so the delay between
two boards is polynomial. Thin boards (a side ≤ 2) and border "free", where zeros say nothing,
are enumerated by the depth-first search of search.py (exact, exponential; `suits` is false).

Boards are yielded in the canonical placements of the SAT decoder (puzzle.placements_for), so
both engines give the same set of solutions.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from satpuzzle.kinds.base import EngineDeclined
from satpuzzle.kinds.jigsaw.decoding import placements_for
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece, Solution, frame_cells
from satpuzzle.kinds.jigsaw.search import search

TOP, RIGHT, BOTTOM, LEFT = range(4)

Node = int
Edge = tuple[Node, Node, int]  # from node, to node, piece index


@dataclass(frozen=True)
class Corner:
    name: str
    outside: tuple[int, int]  # the two faces on the board's outside
    cell: tuple[int, int]


@dataclass(frozen=True)
class Side:
    """A side read from the corner `before` to the corner `after`: each piece's face `entry`
    meets the previous piece, its face `exit` the next one."""

    name: str
    outside: int
    entry: int
    exit: int
    before: str
    after: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ContourVerdict:
    """`status` "solved" (with a valid `solution`) or "unsat" (proved: the solver is exact).
    `method`: "euler" (no ambiguous piece: polynomial), "branching" (ambiguous pieces: one
    Eulerian test per way of splitting them, `branches` of them), "search" (depth-first
    search: thin boards, free borders)."""

    status: str
    solution: Solution | None
    method: str
    branches: int = 0


def fits(a: int, b: int, matching: str, border: str) -> bool:
    """Whether facing labels a and b fit (the common jigsaw rules)."""
    if matching == "opposite":
        return a == -b and a != 0
    return a == b and (a != 0 or border == "free")


def wanted(label: int, matching: str) -> Node:
    """The label a neighbour must show to meet `label`: the trail node before a piece."""
    return -label if matching == "opposite" else label


def corners(rows: int, cols: int) -> dict[str, Corner]:
    return {c.name: c for c in (
        Corner("top-left", (TOP, LEFT), (0, 0)),
        Corner("top-right", (TOP, RIGHT), (0, cols - 1)),
        Corner("bottom-right", (BOTTOM, RIGHT), (rows - 1, cols - 1)),
        Corner("bottom-left", (BOTTOM, LEFT), (rows - 1, 0)))}


def sides(rows: int, cols: int) -> dict[str, Side]:
    across = range(1, cols - 1)
    down = range(1, rows - 1)
    return {s.name: s for s in (
        Side("top", TOP, LEFT, RIGHT, "top-left", "top-right", tuple((0, c) for c in across)),
        Side("bottom", BOTTOM, LEFT, RIGHT, "bottom-left", "bottom-right",
             tuple((rows - 1, c) for c in across)),
        Side("left", LEFT, TOP, BOTTOM, "top-left", "bottom-left", tuple((r, 0) for r in down)),
        Side("right", RIGHT, TOP, BOTTOM, "top-right", "bottom-right",
             tuple((r, cols - 1) for r in down)))}


def corner_fits(piece: Piece, corner: Corner) -> bool:
    """0 on both outer faces; the two other faces meet frame neighbours, so they are not 0."""
    return all((piece[f] == 0) == (f in corner.outside) for f in range(4))


def side_fits(piece: Piece, side: Side) -> bool:
    """0 outside, non-zero towards both frame neighbours; the inner face is free."""
    return piece[side.outside] == 0 and piece[side.entry] != 0 and piece[side.exit] != 0


def slots(piece: Piece, rows: int, cols: int) -> list[str]:
    """Every corner or side name the piece can occupy (zero border, rows, cols ≥ 3)."""
    return ([c.name for c in corners(rows, cols).values() if corner_fits(piece, c)]
            + [s.name for s in sides(rows, cols).values() if side_fits(piece, s)])


def euler_trail(edges: list[Edge], start: Node, end: Node) -> list[int] | None:
    """The pieces of an Eulerian trail from `start` to `end` using every edge once, or None
    when there is none (Hierholzer; degree balance plus one sweep for connectivity)."""
    balance: dict[Node, int] = defaultdict(int)
    outgoing: dict[Node, list[tuple[Node, int]]] = defaultdict(list)
    for tail, head, piece in edges:
        balance[tail] += 1
        balance[head] -= 1
        outgoing[tail].append((head, piece))
    if start != end:
        balance[start] -= 1
        balance[end] += 1
    if any(balance.values()):
        return None
    stack: list[tuple[Node, int | None]] = [(start, None)]
    trail: list[int] = []
    while stack:
        node, via = stack[-1]
        if outgoing[node]:
            stack.append(outgoing[node].pop())
        else:
            stack.pop()
            if via is not None:
                trail.append(via)
    trail.reverse()
    # Balanced but disconnected: the sweep from `start` misses some edges.
    return trail if len(trail) == len(edges) else None


def side_order(instance: JigsawInstance, side: Side, members: list[int],
               placed_corner: dict[str, int]) -> list[int] | None:
    """The side's pieces in order from its `before` corner to its `after` corner, or None."""
    pieces, matching = instance.pieces, instance.matching
    edges = [(wanted(pieces[p][side.entry], matching), pieces[p][side.exit], p) for p in members]
    entry_face = {TOP: BOTTOM, LEFT: RIGHT}[side.entry]  # the before-corner's face towards us
    start = pieces[placed_corner[side.before]][entry_face]
    end = wanted(pieces[placed_corner[side.after]][side.entry], matching)  # it faces us
    return euler_trail(edges, start, end)


def split_counts(groups: list[list[int]], total: int) -> Iterator[list[int]]:
    """Every way to take `total` pieces from the groups (how many from each)."""
    if not groups:
        if total == 0:
            yield []
        return
    rest = sum(len(g) for g in groups[1:])
    for take in range(max(0, total - rest), min(total, len(groups[0])) + 1):
        for tail in split_counts(groups[1:], total - take):
            yield [take, *tail]


def solve_side_pair(instance: JigsawInstance, first: Side, second: Side, fixed: dict[str, list[int]],
                    shared: list[int], placed_corner: dict[str, int]
                    ) -> tuple[dict[str, list[int]] | None, int]:
    """Orders for two opposite sides sharing `shared` ambiguous pieces, and the number of
    splits tried. Identical trail edges are interchangeable, so only counts per edge matter."""
    need = len(first.cells) - len(fixed[first.name])
    if need < 0 or need > len(shared) or len(fixed[second.name]) + len(shared) - need \
            != len(second.cells):
        return None, 0
    by_edge: dict[tuple[Node, Node], list[int]] = defaultdict(list)
    for p in shared:
        piece = instance.pieces[p]
        by_edge[(wanted(piece[first.entry], instance.matching), piece[first.exit])].append(p)
    groups = list(by_edge.values())
    tried = 0
    for counts in split_counts(groups, need):
        tried += 1
        to_first = [p for g, k in zip(groups, counts) for p in g[:k]]
        to_second = [p for g, k in zip(groups, counts) for p in g[k:]]
        one = side_order(instance, first, fixed[first.name] + to_first, placed_corner)
        if one is None:
            continue
        two = side_order(instance, second, fixed[second.name] + to_second, placed_corner)
        if two is not None:
            return {first.name: one, second.name: two}, tried
    return None, tried


MAX_SPLITS = 4096  # ways of sharing ambiguous pieces between opposite sides `suits` accepts


@dataclass(frozen=True)
class Frame:
    """Where the zeros send each piece (border zero, m, n ≥ 3): `corner` maps each corner to
    its piece, `fixed` each side to the pieces that fit it alone, `ambiguous` the pairs
    ("top", "bottom") and ("left", "right") to the pieces that fit either side."""

    corner: dict[str, int]
    fixed: dict[str, list[int]]
    ambiguous: dict[tuple[str, str], list[int]]


PAIRS = (("top", "bottom"), ("left", "right"))


def eulerian_applies(instance: JigsawInstance) -> bool:
    """Whether the zeros place the pieces: contour-orientation, border zero, m, n ≥ 3."""
    return (instance.variant == "contour-orientation" and instance.border == "zero"
            and min(instance.rows, instance.cols) >= 3)


def classify(instance: JigsawInstance) -> Frame | None:
    """The frame's corners and sides (see `Frame`), or None when the zeros already prove it
    unsolvable: a piece fitting nowhere, two pieces for one corner, a corner left empty."""
    rows, cols = instance.rows, instance.cols
    if len(instance.pieces) != len(frame_cells(rows, cols)):
        return None
    corner_of = corners(rows, cols)
    corner: dict[str, int] = {}
    fixed: dict[str, list[int]] = {name: [] for name in sides(rows, cols)}
    ambiguous: dict[tuple[str, str], list[int]] = {pair: [] for pair in PAIRS}
    for index, piece in enumerate(instance.pieces):
        where = slots(piece, rows, cols)
        if not where:
            return None
        if where[0] in corner_of:  # a corner pattern fits one corner and nothing else
            if where[0] in corner:
                return None
            corner[where[0]] = index
        elif len(where) == 1:
            fixed[where[0]].append(index)
        else:  # only {top, bottom} and {left, right} are possible (see module docstring)
            ambiguous[next(p for p in PAIRS if set(p) == set(where))].append(index)
    if len(corner) < 4:
        return None
    return Frame(corner, fixed, ambiguous)


def decide_contour_orientation(instance: JigsawInstance) -> ContourVerdict:
    """Find a frame placement (rotation 0 everywhere) or prove there is none."""
    if instance.variant != "contour-orientation":
        raise ValueError(f"a contour-orientation instance is needed, not {instance.variant}")
    if len(instance.pieces) != len(frame_cells(instance.rows, instance.cols)):
        return ContourVerdict("unsat", None, "euler")
    if not eulerian_applies(instance):
        solution = next(search(instance), None)
        return ContourVerdict("solved" if solution else "unsat", solution, "search")
    frame = classify(instance)
    if frame is None:
        return ContourVerdict("unsat", None, "euler")
    rows, cols = instance.rows, instance.cols
    side_of = sides(rows, cols)
    method = "branching" if any(frame.ambiguous.values()) else "euler"
    orders: dict[str, list[int]] = {}
    branches = 0
    for first, second in PAIRS:
        found, tried = solve_side_pair(instance, side_of[first], side_of[second], frame.fixed,
                                       frame.ambiguous[(first, second)], frame.corner)
        branches += tried
        if found is None:
            return ContourVerdict("unsat", None, method, branches)
        orders.update(found)
    grid: list[list[tuple[int, int] | None]] = [[None] * cols for _ in range(rows)]
    for name, index in frame.corner.items():
        r, c = corners(rows, cols)[name].cell
        grid[r][c] = (index, 0)
    for name, order in orders.items():
        for (r, c), index in zip(side_of[name].cells, order):
            grid[r][c] = (index, 0)
    return ContourVerdict("solved", tuple(map(tuple, grid)), method, branches)


def solve_contour_orientation(instance: JigsawInstance) -> Solution | None:
    """A solution of a contour-orientation instance, or None when there is none."""
    return decide_contour_orientation(instance).solution


# ---------------------------------------------------------------- every board: the engine


def suits(instance: JigsawInstance) -> bool:
    """Whether `--engine auto` takes this engine: where the Eulerian method is exact and
    polynomial or nearly so (Behague (2024), §4, repaired: contour-orientation, border zero,
    m, n ≥ 3, at most MAX_SPLITS ways of sharing the ambiguous pieces)."""
    if not eulerian_applies(instance):
        return False
    frame = classify(instance)
    if frame is None:
        return True  # unsolvable, and said so at once
    return _split_count(instance, frame) <= MAX_SPLITS


def _split_count(instance: JigsawInstance, frame: Frame) -> int:
    """How many ways of sharing the ambiguous pieces between opposite sides there are (each
    kind of identical piece shared by counts): at most this many Eulerian tests per board."""
    total = 1
    for members in frame.ambiguous.values():
        total *= math.prod(k + 1 for k in Counter(instance.pieces[p] for p in members).values())
    return total


def solutions(instance: JigsawInstance, solver_name: str = "") -> Iterator[Solution]:
    """Every board of a contour-orientation instance, each once, in a fixed order (the engine
    "euler"; `solver_name` is not used). Declines (EngineDeclined) any other variant."""
    if instance.variant != "contour-orientation":
        raise EngineDeclined(f"the Eulerian method solves contour-orientation puzzles, not "
                             f"{instance.variant}")
    if not eulerian_applies(instance):
        yield from search(instance)
        return
    if decide_contour_orientation(instance).status == "unsat":
        return  # proved in linear time without ambiguous pieces
    frame = classify(instance)
    assert frame is not None
    yield from _boards(instance, frame)


def _boards(instance: JigsawInstance, frame: Frame) -> Iterator[Solution]:
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    corner_of, side_of = corners(rows, cols), sides(rows, cols)
    shown: dict[tuple[int, int], Piece] = {corner_of[name].cell: pieces[index]
                                            for name, index in frame.corner.items()}
    ways = [list(_pair_layouts(instance, frame, side_of[a], side_of[b])) for a, b in PAIRS]

    def fill(pair: int) -> Iterator[Solution]:
        if pair == len(ways):
            yield placements_for(instance, shown)
            return
        for first, second in ways[pair]:
            for order in first.orders():
                shown.update(zip(first.side.cells, order))
                for other in second.orders():
                    shown.update(zip(second.side.cells, other))
                    yield from fill(pair + 1)

    yield from fill(0)


def _pair_layouts(instance: JigsawInstance, frame: Frame, first: Side, second: Side
                  ) -> Iterator[tuple[SideTrails, SideTrails]]:
    """Every way of sharing the pair's ambiguous pieces (by kind: identical pieces are
    interchangeable) that leaves both sides with an Eulerian trail."""
    pieces = instance.pieces
    kinds: dict[Piece, list[int]] = defaultdict(list)
    for p in frame.ambiguous[(first.name, second.name)]:
        kinds[pieces[p]].append(p)
    groups = [kinds[piece] for piece in sorted(kinds)]
    need = len(first.cells) - len(frame.fixed[first.name])
    for counts in split_counts(groups, need) if need >= 0 else ():
        one = SideTrails(instance, first, frame.fixed[first.name]
                         + [p for g, k in zip(groups, counts) for p in g[:k]], frame.corner)
        two = SideTrails(instance, second, frame.fixed[second.name]
                         + [p for g, k in zip(groups, counts) for p in g[k:]], frame.corner)
        if one.possible() and two.possible():
            yield one, two


class SideTrails:
    """The distinct orders of `members` along `side` (as label tuples, each sequence once),
    from its `before` corner to its `after` corner."""

    def __init__(self, instance: JigsawInstance, side: Side, members: list[int],
                 corner: dict[str, int]) -> None:
        pieces, matching = instance.pieces, instance.matching
        self.side = side
        self.length = len(members)
        self.count: Counter[Piece] = Counter(pieces[p] for p in members)
        self.edge = {piece: (wanted(piece[side.entry], matching), piece[side.exit])
                     for piece in self.count}
        self.pairs: Counter[tuple[Node, Node]] = Counter()
        self.leaving: dict[Node, list[Piece]] = defaultdict(list)
        for piece in sorted(self.count):
            self.pairs[self.edge[piece]] += self.count[piece]
            self.leaving[self.edge[piece][0]].append(piece)
        entry_face = {TOP: BOTTOM, LEFT: RIGHT}[side.entry]  # the before-corner's face
        self.start = pieces[corner[side.before]][entry_face]
        self.end = wanted(pieces[corner[side.after]][side.entry], matching)

    def possible(self) -> bool:
        """Whether any trail exists: the side has its number of cells, degrees balance and
        the edges are connected to the start."""
        if self.length != len(self.side.cells):
            return False
        balance: Counter[Node] = Counter()
        for (tail, head), k in self.pairs.items():
            balance[tail] += k
            balance[head] -= k
        balance[self.start] -= 1
        balance[self.end] += 1
        return not any(balance.values()) and self._connected(self.start)

    def _connected(self, node: Node) -> bool:
        """Whether the remaining edges (pairs with copies left) form one weakly connected
        piece containing `node`; with no edge left, whether `node` is the end."""
        links: dict[Node, list[Node]] = defaultdict(list)
        for (tail, head), k in self.pairs.items():
            if k:
                links[tail].append(head)
                links[head].append(tail)
        if not links:
            return node == self.end
        if node not in links:
            return False
        seen, stack = {node}, [node]
        while stack:
            for other in links[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
        return len(seen) == len(links)

    def orders(self) -> Iterator[list[Piece]]:
        """Every distinct trail, depth first, pieces tried in sorted order. Balance holds
        throughout; taking the last copy of a label pair may disconnect the rest, so only
        then is connectivity checked: every branch taken ends in a trail."""
        count, pairs, edge = self.count, self.pairs, self.edge
        path: list[Piece] = []
        choices = [iter(self.leaving.get(self.start, ()))]
        while choices:
            for piece in choices[-1]:
                if not count[piece]:
                    continue
                pair = edge[piece]
                count[piece] -= 1
                pairs[pair] -= 1
                if pairs[pair] or self._connected(pair[1]):
                    break
                count[piece] += 1
                pairs[pair] += 1
            else:  # no piece left to try here: take back the one before
                choices.pop()
                if path:
                    self._put_back(path.pop())
                continue
            path.append(piece)
            if len(path) == self.length:
                yield list(path)
                self._put_back(path.pop())
                continue
            choices.append(iter(self.leaving.get(pair[1], ())))

    def _put_back(self, piece: Piece) -> None:
        self.count[piece] += 1
        self.pairs[self.edge[piece]] += 1
