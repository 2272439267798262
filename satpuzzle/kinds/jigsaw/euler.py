"""CONTOUR-ORIENTATION decided without SAT, after seed paper 004, §4 Theorem 4.2 ("CONTOUR-
ORIENTATION est dans P"), with the paper's gaps repaired (docs/REDUCTIONS.md, section
"CONTOUR-ORIENTATION by Eulerian trails (§4, Théorème 4.2)").

Pieces keep their listed orientation (rotation 0) and fill the 2m+2n−4 frame cells. With border
"zero" and m, n ≥ 3 the zeros of a piece say where it may go: a corner pattern fits exactly one
corner, and a piece with one outer 0 fits one side, except a piece with 0 on two opposite faces
(its inner face looks at an interior cell, so it is unconstrained): (0,a,0,b) fits the top or
the bottom side, (a,0,b,0) the left or the right side. Each side, read from corner to corner, is
an Eulerian trail in a multigraph whose edges are its pieces, from the label the previous
piece must show to the label the piece shows next (Hierholzer, linear time). Without
"ambiguous" pieces this is polynomial, as the paper claims. With them, choosing their sides is
NP-hard in general (`hamiltonian_cycle_gadget` reduces directed Hamiltonian cycle to it), and
the solver branches over how many of each kind of ambiguous piece go to each side (exact,
exponential only in the number of distinct ambiguous pieces). Thin boards (a side ≤ 2) and
border "free" (zeros say nothing) are decided by plain backtracking (exact, exponential).

Shares no code with the SAT encoder (only the fixed types and geometry).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece, Solution, frame_cells

TOP, RIGHT, BOTTOM, LEFT = range(4)
STEP = {TOP: (-1, 0), RIGHT: (0, 1), BOTTOM: (1, 0), LEFT: (0, -1)}

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
    Eulerian test per way of splitting them, `branches` of them), "search" (backtracking)."""

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


def decide_contour_orientation(instance: JigsawInstance) -> ContourVerdict:
    """Find a frame placement (rotation 0 everywhere) or prove there is none."""
    if instance.variant != "contour-orientation":
        raise ValueError(f"a contour-orientation instance is needed, not {instance.variant}")
    rows, cols = instance.rows, instance.cols
    if len(instance.pieces) != len(frame_cells(rows, cols)):
        return ContourVerdict("unsat", None, "euler")
    if rows < 3 or cols < 3 or instance.border != "zero":
        solution = backtrack_contour(instance)
        return ContourVerdict("solved" if solution else "unsat", solution, "search")
    corner_of, side_of = corners(rows, cols), sides(rows, cols)
    placed_corner: dict[str, int] = {}
    fixed: dict[str, list[int]] = {name: [] for name in side_of}
    ambiguous: dict[frozenset[str], list[int]] = defaultdict(list)
    for index, piece in enumerate(instance.pieces):
        where = slots(piece, rows, cols)
        if not where:
            return ContourVerdict("unsat", None, "euler")
        if where[0] in corner_of:  # a corner pattern fits one corner and nothing else
            if where[0] in placed_corner:
                return ContourVerdict("unsat", None, "euler")
            placed_corner[where[0]] = index
        elif len(where) == 1:
            fixed[where[0]].append(index)
        else:  # only {top, bottom} and {left, right} are possible (see module docstring)
            ambiguous[frozenset(where)].append(index)
    method = "branching" if ambiguous else "euler"
    if len(placed_corner) < 4:
        return ContourVerdict("unsat", None, method)
    orders: dict[str, list[int]] = {}
    branches = 0
    for first, second in (("top", "bottom"), ("left", "right")):
        found, tried = solve_side_pair(instance, side_of[first], side_of[second], fixed,
                                       ambiguous.get(frozenset((first, second)), []),
                                       placed_corner)
        branches += tried
        if found is None:
            return ContourVerdict("unsat", None, method, branches)
        orders.update(found)
    grid: list[list[tuple[int, int] | None]] = [[None] * cols for _ in range(rows)]
    for name, index in placed_corner.items():
        r, c = corner_of[name].cell
        grid[r][c] = (index, 0)
    for name, order in orders.items():
        for (r, c), index in zip(side_of[name].cells, order):
            grid[r][c] = (index, 0)
    return ContourVerdict("solved", tuple(map(tuple, grid)), method, branches)


def solve_contour_orientation(instance: JigsawInstance) -> Solution | None:
    """A solution of a contour-orientation instance, or None when there is none."""
    return decide_contour_orientation(instance).solution


def backtrack_contour(instance: JigsawInstance) -> Solution | None:
    """Exact exponential fallback: fill the frame cells clockwise with unused pieces (rotation
    0) that fit their placed neighbours and the border; identical pieces are tried once."""
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    cells = frame_cells(rows, cols)
    in_frame = set(cells)
    placed: dict[tuple[int, int], int] = {}
    used = [False] * len(pieces)

    def fits_here(cell: tuple[int, int], piece: Piece) -> bool:
        for face, (dr, dc) in STEP.items():
            r, c = cell[0] + dr, cell[1] + dc
            if not (0 <= r < rows and 0 <= c < cols):
                if instance.border == "zero" and piece[face] != 0:
                    return False
            elif (r, c) in placed:
                other = pieces[placed[(r, c)]][face ^ 2]
                if not fits(piece[face], other, instance.matching, instance.border):
                    return False
            elif (r, c) in in_frame and piece[face] == 0 and not fits(
                    0, 0, instance.matching, instance.border):
                return False  # a 0 towards a frame neighbour can never be met
        return True

    def fill(position: int) -> bool:
        if position == len(cells):
            return True
        tried: set[Piece] = set()
        for index, piece in enumerate(pieces):
            if used[index] or piece in tried or not fits_here(cells[position], piece):
                continue
            tried.add(piece)
            used[index], placed[cells[position]] = True, index
            if fill(position + 1):
                return True
            used[index] = False
            del placed[cells[position]]
        return False

    if not fill(0):
        return None
    grid = [[(placed[(r, c)], 0) if (r, c) in placed else None for c in range(cols)]
            for r in range(rows)]
    return tuple(map(tuple, grid))


# --- what the paper's own construction decides (to exhibit its gaps) ---------------------------

def paper_side_graph_is_eulerian(instance: JigsawInstance, side_name: str,
                                 members: list[int], placed_corner: dict[str, int]) -> bool:
    """Theorem 4.2's graph for one side, read as intended: vertices s_x (an entry label x) and
    e_x (an exit label x); one edge s_entry → e_exit per piece; one link e_i → s_{-i} per
    ordered pair of distinct items (piece or corner) where the first exits with i and the second
    enters with −i (the corners taking part, otherwise the cycle the proof writes cannot exist);
    the closing edge s_{b_d} → e_{b_g}. Eulerian cycle: balanced and edge-connected.
    Opposite matching only (the paper's)."""
    side = sides(instance.rows, instance.cols)[side_name]
    pieces = instance.pieces
    before, after = pieces[placed_corner[side.before]], pieces[placed_corner[side.after]]
    exits = [pieces[p][side.exit] for p in members] + [before[{TOP: BOTTOM, LEFT: RIGHT}[
        side.entry]]]
    entries = [pieces[p][side.entry] for p in members] + [after[side.entry]]
    edges = [(("s", pieces[p][side.entry]), ("e", pieces[p][side.exit])) for p in members]
    exit_owner = list(members) + ["before"]
    entry_owner = list(members) + ["after"]
    for i, x in zip(exit_owner, exits):
        for j, y in zip(entry_owner, entries):
            if i != j and y == -x:
                edges.append((("e", x), ("s", y)))
    edges.append((("s", entries[-1]), ("e", exits[-1])))
    balance: dict[tuple[str, int], int] = defaultdict(int)
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def root(v: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(v, v) != v:
            v = parent[v]
        return v

    for tail, head in edges:
        balance[tail] += 1
        balance[head] -= 1
        parent[root(tail)] = root(head)
    return not any(balance.values()) and len({root(v) for v in balance}) == 1


def paper_decision(instance: JigsawInstance) -> bool:
    """Theorem 4.2's procedure as written: sides by the position of the 0 (a piece fitting two
    sides is given to the first, top or left: the paper does not consider them), corners by
    orientation, then 'the side graph has an Eulerian cycle' for each side; no side-length
    check. Defined only where the paper is: opposite matching, zero border, m, n ≥ 3."""
    rows, cols = instance.rows, instance.cols
    if instance.matching != "opposite" or instance.border != "zero" or min(rows, cols) < 3:
        raise ValueError("the paper's test needs opposite matching, zero border, m, n ≥ 3")
    placed_corner: dict[str, int] = {}
    members: dict[str, list[int]] = {name: [] for name in sides(rows, cols)}
    for index, piece in enumerate(instance.pieces):
        where = slots(piece, rows, cols)
        if not where or where[0] in placed_corner:
            return False
        if where[0] in members:
            members[where[0]].append(index)
        else:
            placed_corner[where[0]] = index
    return len(placed_corner) == 4 and all(
        paper_side_graph_is_eulerian(instance, name, group, placed_corner)
        for name, group in members.items())


# --- NP-hardness once pieces may carry 0 on two opposite faces ----------------------------------

def hamiltonian_cycle_gadget(num_vertices: int, arcs: list[tuple[int, int]]) -> JigsawInstance:
    """A 3-row contour-orientation instance (opposite matching, zero border) that is solvable
    iff the digraph on vertices 0..num_vertices−1 with these arcs (no loops, no repeats,
    num_vertices ≥ 2) has a Hamiltonian cycle.

    Vertex v is trail node v+1, a hub h. Top side: a loop (0, v, f, −v) at every vertex, the
    trail being a circuit at vertex 0. Each arc u→v is an ambiguous piece (0, v, 0, −u), on top
    or bottom. Bottom side (circuit at h): a cycle h→1→…→n→h through every node, plus for each
    vertex |out−in| pieces to or from h that rebalance the arcs left on the bottom. Loops pad
    both sides to one length W, set so that the top must take exactly n arcs: a balanced,
    connected set of n arcs touching all n vertices is a Hamiltonian cycle, and conversely."""
    n = num_vertices
    hub, filler = n + 1, n + 6
    link = [n + 2, n + 3, n + 4, n + 5]  # corner ↔ left/right side piece labels

    def top(enter: int, leave: int) -> Piece:
        return (0, leave, filler, -enter)

    def bottom(enter: int, leave: int) -> Piece:
        return (filler, leave, 0, -enter)

    imbalance = [0] * n
    for u, v in arcs:
        imbalance[u] += 1
        imbalance[v] -= 1
    bottoms = [bottom(a, b) for a, b in zip([hub, *range(1, n + 1)], [*range(1, n + 1), hub])]
    for v, d in enumerate(imbalance):
        bottoms += [bottom(hub, v + 1) if d > 0 else bottom(v + 1, hub)] * abs(d)
    tops = [top(v, v) for v in range(1, n + 1)]
    width = max(2 * n, len(bottoms) + len(arcs) - n)
    tops += [top(1, 1)] * (width - 2 * n)
    bottoms += [bottom(hub, hub)] * (width - len(bottoms) - len(arcs) + n)
    frame = [
        (0, 1, link[0], 0),  # top-left: the top trail starts at vertex node 1
        (0, 0, link[2], -1),  # top-right: and ends there
        (-link[3], 0, 0, -hub),  # bottom-right
        (-link[1], hub, 0, 0),  # bottom-left: the bottom trail starts at the hub
        (-link[0], filler, link[1], 0),  # left side
        (-link[2], 0, link[3], filler),  # right side
    ]
    pieces = tuple(frame + tops + bottoms + [(0, v + 1, 0, -(u + 1)) for u, v in arcs])
    return JigsawInstance(3, width + 2, pieces, variant="contour-orientation",
                          title=f"Hamiltonian-cycle gadget, {n} vertices, {len(arcs)} arcs")
