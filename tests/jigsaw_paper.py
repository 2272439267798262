"""What the paper states, built for the tests: Behague (2024), §4 (Théorème 4.2) read as
written, to exhibit its gaps; the NP-hardness of CONTOUR-ORIENTATION once pieces may carry 0
on two opposite faces; the pieces (i, i, i, j) of the §5.2.4 theorem. The engines do not need
any of it (satpuzzle/kinds/jigsaw/euler.py and propagation.py); docs/REDUCTIONS.md tells the
story."""

from __future__ import annotations

from collections import Counter, defaultdict

from satpuzzle.kinds.jigsaw.euler import BOTTOM, LEFT, RIGHT, TOP, sides, slots
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece

# ---------------------------------------------------------------- §4 as written

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


# ---------------------------------------------------------------- NP-hardness with ambiguous pieces

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


# ---------------------------------------------------------------- pieces of the form (i, i, i, j)


def is_three_one(piece: Piece) -> bool:
    """Whether the piece is (i, i, i, j) with i ≠ j up to rotation (three equal labels and one
    other, in any order around the piece): the only pieces that two constraints on adjacent
    sides can leave with two different looks (Behague (2024), §5.2.4)."""
    return sorted(Counter(piece).values()) == [1, 3]


def count_three_one(instance: JigsawInstance) -> int:
    """How many pieces of the instance have the form (i, i, i, j), i ≠ j (the hypothesis of the
    §5.2.4 theorem: fewer than 4 ⇒ Algorithm 1 solves the instance)."""
    return sum(1 for piece in instance.pieces if is_three_one(piece))
