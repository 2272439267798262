"""Connectivity and acyclicity of a chosen subgraph.

A graph has nodes 0..n−1, each always present or present when its literal is true, and
edges (a, b, literal): usable both ways when the literal is true (None: whenever both ends
are present). `connected` says the present nodes are connected through usable edges, in one
of three ways (the family's connectivity method):

- `cuts` (lazy): each model's components are found, and for every component C the cut
  "some edge leaving C is used" (with optional nodes: "or a in C is absent, or b outside C
  is absent") is added; a model is a solution only once it is connected. The formula is
  then not complete by itself (DIMACS export takes `tree`).
- `tree` (eager): a spanning tree rooted at one node, every other present node choosing one
  parent among its neighbours through a usable edge, with binary levels strictly decreasing
  from child to parent so that parent pointers cannot cycle.
- `reachability`: cuts for SAT back ends, and the reachability rules handed to clasp, whose
  unfounded-set check is exactly connectivity (Formula.reachable; all nodes present).

`forest` (acyclicity) says the used edges form no cycle: each node has at most one parent,
every used edge is a parent arc one way or the other, and levels strictly decrease.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from satpuzzle.cnf import Reachability
from satpuzzle.constraints.model import Model
from satpuzzle.disjoint import DisjointSets

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11

Edge = tuple[int, int, "int | None"]
METHODS = ("cuts", "tree", "reachability", "distance")


class ConnectedOptions(TypedDict, total=False):
    """The options of `connected` past its method, named at the call."""

    spanning_tree_only: bool
    example: str
    bound: int | None


@dataclass(frozen=True)
class _Graph:
    """Nodes 0..nodes − 1, each always present (None) or present when its literal is true,
    and edges (a, b, literal)."""

    nodes: int
    edges: Sequence[Edge]
    present: Sequence[int | None]


def connected(model: Model, family: str, nodes: int, edges: Sequence[Edge],
              present: Sequence[int | None] | None = None, root: int | None = None,
              method: str | None = None, **options: Unpack[ConnectedOptions]) -> None:
    """The present nodes are connected, by `method` (default: the family's encoding, cuts
    unless the user chose another). `root`: a node known present (else every present
    node may be the root: one root variable each, at most one of them true).
    `spanning_tree_only` (tree method): the used edges are exactly the tree's arcs, so they
    form a tree (no cycles). `bound` (distance method): no present node is farther than
    this from the root (default nodes − 1); without a root the distance method is a tree.
    `example`: the family's example, for --explain."""
    graph = _Graph(nodes, edges, list(present) if present is not None else [None] * nodes)
    method = method or model.encoding(family, "connected")
    spanning_tree_only = options.get("spanning_tree_only", False)
    example = options.get("example", "")
    if method == "distance" and root is not None and not spanning_tree_only:
        with model.formula.family(family, "distance", "connected", 1, example):
            _distance(model, graph, root, options.get("bound"))
        model.formula.check_budget()
        return
    if method in ("tree", "distance") or spanning_tree_only:
        if nodes > 1:
            with model.formula.family(family, "tree", "connected", 1, example):
                _tree(model, graph, root, spanning_tree_only)
            model.formula.check_budget()
        return
    with model.formula.family(family, method, "connected", 1, example):
        usable = _usable(model, edges, graph.present)
    model.add_refiner(_cut_generator(nodes, edges, usable, graph.present))
    # clasp takes reachability natively only when it is the formula's one lazy constraint
    if method == "reachability" and model.lazy_constraints == 1 and all(
            p is None for p in graph.present) and all(
            lit is not None for _a, _b, lit in edges):
        model.formula.reachable = Reachability(
            nodes, 0 if root is None else root,
            tuple((a, b, lit) for a, b, lit in edges if lit is not None))


def _usable(model: Model, edges: Sequence[Edge],
            present: Sequence[int | None]) -> list[int | None]:
    """Per edge, a literal that implies both ends present: where an end is optional, a new
    literal "usable" ⇔ edge ∧ both ends (so a cut can name the edge alone)."""
    out: list[int | None] = []
    clauses = model.formula.clauses
    for a, b, lit in edges:
        ends = [p for p in (present[a], present[b]) if p is not None]
        if lit is None or not ends:
            out.append(lit)
            continue
        usable = model.fresh()
        clauses += [[-usable, lit], *([-usable, p] for p in ends), [usable, -lit,
                                                                    *(-p for p in ends)]]
        out.append(usable)
    return out


def _cut_generator(nodes: int, edges: Sequence[Edge], usable: Sequence[int | None],
                   present: Sequence[int | None]):
    """The refine function: [] for a model whose present nodes are connected, else one cut
    per component (true of every solution, false in this model). The model's truth is read
    on the puzzle's own literals (`edges`); the cuts name `usable`."""
    edge_lits = list(usable)
    node_lits = list(present)

    def cuts(true_vars: frozenset[int]) -> list[list[int]]:
        here = [lit is None or lit in true_vars for lit in node_lits]
        sets = DisjointSets(range(nodes))
        for (a, b, lit) in edges:
            if here[a] and here[b] and (lit is None or lit in true_vars):
                sets.union(a, b)
        label = [sets.find(v) if here[v] else -1 for v in range(nodes)]  # -1: absent
        first: dict[int, int] = {}  # each component's first node
        for v, component in enumerate(label):
            if component >= 0 and component not in first:
                first[component] = v
        if len(first) <= 1:
            return []
        # One pass over the edges (a pass per component took 20 times longer on a
        # 400-island Hashi): the edges leaving each component C, named by their literal
        # (which implies both ends present), or by the outer end's presence where the edge
        # is always usable: the first edge a path from C takes out of C is used, or reaches
        # a present node outside C.
        leaving: dict[int, list[int]] = {component: [] for component in first}
        for (a, b, _lit), lit in zip(edges, edge_lits):
            if label[a] == label[b]:
                continue
            for inner, outer in ((a, b), (b, a)):
                if label[inner] >= 0:
                    used = node_lits[outer] if lit is None else lit
                    # an always usable edge to an always present node would join it to C
                    assert used is not None
                    leaving[label[inner]].append(used)
        # A node of C absent, or one present outside C absent, also satisfies the cut: C's
        # first node, and the first present node outside C.
        order = sorted(first.values())
        found: set[tuple[int, ...]] = set()
        for component, some_in in first.items():
            outer_node = order[1] if order[0] == some_in else order[0]
            guard = [-node for node in (node_lits[some_in], node_lits[outer_node])
                     if node is not None]
            found.add(tuple(sorted(set(guard + leaving[component]))))
        return [list(clause) for clause in sorted(found)]

    return cuts


def _levels(model: Model, nodes: int) -> list[list[int]]:
    bits = max(1, (nodes - 1).bit_length())
    first = model.fresh(nodes * bits)
    return [[first + i * bits + k for k in range(bits)] for i in range(nodes)]


def _strictly_less(condition: int, smaller: Sequence[int], larger: Sequence[int],
                   fresh) -> list[list[int]]:
    """condition ⇒ number(smaller) < number(larger), bit 0 least significant. less[k]:
    "bits k..0 of smaller are below those of larger"; less[top] is the condition."""
    top = len(smaller) - 1
    first = fresh(top) if top else 0
    less = [first + k for k in range(top)] + [condition]
    clauses = []
    for k in range(top, 0, -1):
        a, b = smaller[k], larger[k]
        clauses.append([-less[k], -a, b])  # a bit 1 above a bit 0 would make it larger
        clauses.append([-less[k], a, b, less[k - 1]])  # equal bits: the lower bits decide
        clauses.append([-less[k], -a, -b, less[k - 1]])
    clauses += [[-less[0], -smaller[0]], [-less[0], larger[0]]]
    return clauses


def _tree(model: Model, graph: _Graph, root: int | None, spanning_tree_only: bool) -> None:
    """Connectivity by a spanning tree (the `tree` method, in the module's docstring)."""
    level = _levels(model, graph.nodes)
    arcs = _parent_arcs(model, graph, root, level)
    parents: list[list[int]] = [[] for _ in range(graph.nodes)]
    for (child, _parent), arc in arcs.items():
        parents[child].append(arc)
    out = model.formula.clauses
    if root is None:
        _some_root(model, graph, parents)
    else:
        out += [[-bit] for bit in level[root]]
        for v in range(graph.nodes):
            if v != root:
                here = graph.present[v]
                lead = [] if here is None else [-here]
                out.append([*lead, *parents[v]])
    for ps in parents:
        out += [[-x, -y] for i, x in enumerate(ps) for y in ps[i + 1:]]
    # implied by the levels, but stated: the solver sees it at once (Hashi: ~2.5×)
    for (child, parent), arc in arcs.items():
        back = arcs.get((parent, child))
        if back is not None and child < parent:
            out.append([-arc, -back])
    if spanning_tree_only:
        for a, b, lit in graph.edges:
            if lit is not None:
                ways = [arcs[c, p] for c, p in ((a, b), (b, a)) if (c, p) in arcs]
                out.append([-lit, *ways])


def _parent_arcs(model: Model, graph: _Graph, root: int | None,
                 level: list[list[int]]) -> dict[tuple[int, int], int]:
    """An arc variable per (child, parent) pair of neighbours (the root has no parent): the
    arc implies its edge usable, both ends present and the parent's level below the
    child's."""
    arcs: dict[tuple[int, int], int] = {}
    out = model.formula.clauses
    present = graph.present
    for a, b, lit in graph.edges:
        for child, parent in ((a, b), (b, a)):
            if child == root or (child, parent) in arcs:
                continue
            arc = arcs[child, parent] = model.fresh()
            if lit is not None:
                out.append([-arc, lit])
            out += [[-arc, end] for end in (present[parent], present[child])
                    if end is not None]
            out += _strictly_less(arc, level[parent], level[child], model.fresh)
    return arcs


def _some_root(model: Model, graph: _Graph, parents: list[list[int]]) -> None:
    """Without a known root: a root variable per node, the root present and without a
    parent, every other present node with one, and at most one root."""
    nodes, out = graph.nodes, model.formula.clauses
    first = model.fresh(nodes)
    roots = [first + v for v in range(nodes)]
    for v in range(nodes):
        here = graph.present[v]
        if here is not None:
            out.append([-roots[v], here])
        lead = [] if here is None else [-here]
        out.append([*lead, roots[v], *parents[v]])
        out += [[-roots[v], -arc] for arc in parents[v]]
    out += [[-roots[i], -roots[j]] for i in range(nodes) for j in range(i + 1, nodes)]


Neighbours = list[tuple[int, "int | None"]]  # (node, edge literal) of each edge to a node


def _distance(model: Model, graph: _Graph, root: int, bound: int | None) -> None:
    """Rooted connectivity by unary distances: every present node but the root takes a
    distance d, from its shortest-path distance to the root in the whole graph up to `bound`,
    and a node at distance d has a neighbour at distance d − 1 through a usable edge (the
    root is at 0), so that ever smaller distances lead every present node to the root. A node
    farther than `bound` is absent. Propagates well where distances are few (a Nurikabe
    island of n cells: at most n − 1)."""
    bound = graph.nodes - 1 if bound is None else bound
    adjacent = _adjacency(graph)
    at = _distance_variables(model, _shortest_distances(adjacent, root), root, bound)
    out = model.formula.clauses
    for u in range(graph.nodes):
        if u == root:
            continue
        node_lit = graph.present[u]
        lead = [] if node_lit is None else [-node_lit]
        if not at[u]:  # too far from the root, or not joined to it at all
            if lead:
                out.append(lead)
            else:
                model.formula.contradiction()
            continue
        out.append([*lead, *at[u].values()])  # present ⇒ some distance
        for d, here in at[u].items():
            if node_lit is not None:
                out.append([-here, node_lit])
            support = _closer(model, adjacent[u], at, root, d)
            if support is not None:  # no edge always joins it to the root: one of these must
                out.append([-here, *support])


def _adjacency(graph: _Graph) -> list[Neighbours]:
    """Each node's neighbours, through the edges that join two nodes."""
    adjacent: list[Neighbours] = [[] for _ in range(graph.nodes)]
    for a, b, lit in graph.edges:
        if a != b:
            adjacent[a].append((b, lit))
            adjacent[b].append((a, lit))
    return adjacent


def _shortest_distances(adjacent: list[Neighbours], root: int) -> list[int | None]:
    """Each node's distance from `root` in the whole graph (None: not joined to it)."""
    far: list[int | None] = [None] * len(adjacent)
    far[root] = 0
    queue = [(root, 0)]
    for u, distance in queue:  # breadth first: the queue grows as it is read
        for v, _lit in adjacent[u]:
            if far[v] is None:
                far[v] = distance + 1
                queue.append((v, distance + 1))
    return far


def _distance_variables(model: Model, far: list[int | None], root: int,
                        bound: int) -> list[dict[int, int]]:
    """Per node, distance d → the variable "the node is at distance d", for d from its
    shortest distance to `bound` (none for the root, nor for a node farther than `bound`)."""
    at: list[dict[int, int]] = [{} for _ in far]
    for u, low in enumerate(far):
        if u == root or low is None or low > bound:
            continue
        first = model.fresh(bound - low + 1)
        at[u] = {d: first + d - low for d in range(low, bound + 1)}
    return at


def _closer(model: Model, neighbours: Neighbours, at: list[dict[int, int]], root: int,
            d: int) -> list[int] | None:
    """The literals one of which must hold for a node at distance d: a neighbour's step at
    distance d − 1 through a usable edge (a fresh variable "edge used and end at d − 1" where
    the edge has a literal). None when an always usable edge joins the node to the root."""
    out = model.formula.clauses
    support: list[int] = []
    for v, lit in neighbours:
        step = None if v == root and d == 1 else at[v].get(d - 1)
        if v != root and step is None or v == root and d != 1:
            continue
        if step is None:
            if lit is None:  # the root, always beside it
                return None
            support.append(lit)
            continue
        if lit is None:
            support.append(step)
            continue
        both = model.fresh()  # the edge used and its end at d − 1
        out += [[-both, lit], [-both, step]]
        support.append(both)
    return support


def forest(model: Model, family: str, nodes: int, edges: Sequence[Edge],
           example: str = "") -> None:
    """The used edges (all with literals) form no cycle: a forest. Each node has at most
    one parent, every used edge is a parent arc one way, and levels decrease from child to
    parent: a cycle would need a node with two parents or a decreasing cycle of levels."""
    formula = model.formula
    with formula.family(family, "levels", "acyclic", 1, example):
        level = _levels(model, nodes)
        parents: list[list[int]] = [[] for _ in range(nodes)]
        out = formula.clauses
        for a, b, lit in edges:
            assert lit is not None, "forest: every edge needs its literal"
            ways = []
            for child, parent in ((a, b), (b, a)):
                arc = model.fresh()
                parents[child].append(arc)
                ways.append(arc)
                out.append([-arc, lit])
                out += _strictly_less(arc, level[parent], level[child], model.fresh)
            out.append([-lit, *ways])
        for ps in parents:
            out += [[-x, -y] for i, x in enumerate(ps) for y in ps[i + 1:]]
    formula.check_budget()
