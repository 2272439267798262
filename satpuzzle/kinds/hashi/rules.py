"""Hashiwokakero's rules over the constraint library (satpuzzle/constraints/).

A candidate pair is two islands in one row or column with only water between them (or none:
the Coelho et al. benchmark joins neighbouring islands by a bridge of length zero). Each pair
has max_bridges puzzle variables bridge(r1, c1, r2, c2, k), "at least k bridges": an
order-encoded count. The rule book, one family each:

- order: at least k+1 bridges means at least k;
- crossing: no bridge crosses another (two pairs that would cross are not both bridged);
- degree: an island has as many bridges as its number (a `?` island at least one: implied by
  connectivity where there are other islands, stated so that propagation sees it at once);
- isolated-pair: no two islands close themselves off (1-1 joined once, 2=2 twice), a
  consequence of connectivity that costs one unit clause each;
- connected: the bridges connect every island;
- no-loops (variant `loops: no`): the bridged pairs form no cycle.

Connectivity (`connected=cuts|tree|reachability`, or the language's `connectivity:
lazy|eager`): lazy is `reachability`, cuts on each model for SAT and clasp's own reachability
rules for `--engine auto` (it measured faster than the tree, see benchmarks/hashi.py); eager
is `tree`, a spanning tree rooted at the island of the largest number, and always the
encoding of DIMACS export (`encode_standalone`). No loops: with the tree, every bridged pair
is an arc of it (exact: n − 1 arcs cover at most n − 1 pairs); otherwise at most n − 1
bridged pairs, since connectivity gives at least n − 1 and a connected graph with n − 1
edges is a tree.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.constraints.bulk import at_most_one_each
from satpuzzle.constraints.counts import count_sums, ordered
from satpuzzle.constraints.graphs import connected
from satpuzzle.kinds.hashi import DEFAULTS, FAMILIES
from satpuzzle.kinds.hashi.geometry import Board, board, components
from satpuzzle.kinds.hashi.puzzle import ANY, DEFAULT_MAX_BRIDGES, KIND, HashiInstance

PairVars = tuple[int, ...]  # a pair's order encoding: element k-1 means "at least k bridges"
# the language's `connectivity:` entry, as the connected family's encodings
METHOD_OF_MODE = {"lazy": "reachability", "eager": "tree"}
_WORDS = {"reachability": "lazy (cuts on each model)", "cuts": "lazy (cuts on each model)",
          "tree": "eager (spanning tree)", "distance": "eager (distances from an island)"}


def encode(instance: HashiInstance) -> Formula:
    """The CNF of one puzzle, connectivity as the instance chooses."""
    return _encode(instance, connectivity_method(instance))


def encode_standalone(instance: HashiInstance) -> Formula:
    """Complete by itself (no lazy cuts): the spanning tree, for DIMACS export."""
    return _encode(instance, "tree")


def encode_local_rules(instance: HashiInstance) -> Formula:
    """Every rule but connectivity: its models include disconnected bridge sets (for tests and
    for comparison with the seed's ILP, which has no connectivity constraint)."""
    model, layout = _model(instance, "none (local rules only)")
    _local_rules(model, layout, instance.max_bridges)
    return model.formula


def connectivity_method(instance: HashiInstance) -> str:
    """The connected family's encoding: the user's choice, else the `connectivity:` entry's
    (lazy by default)."""
    chosen = dict(instance.encodings).get("connected")
    if chosen is None and instance.connectivity is not None:
        chosen = METHOD_OF_MODE[instance.connectivity]
    return chosen or DEFAULTS["connected"]


def _model(instance: HashiInstance, connectivity: str) -> tuple[Model, Board]:
    layout = board(instance.grid)
    formula = Formula(KIND)
    formula.summary = _summary(instance, layout, connectivity)
    return Model(formula, dict(instance.encodings), FAMILIES), layout


def _encode(instance: HashiInstance, method: str) -> Formula:
    model, layout = _model(instance, _WORDS[method])
    bridges = _local_rules(model, layout, instance.max_bridges)
    if bridges is None:
        return model.formula
    islands = len(layout.islands)
    if len(set(components(islands, layout.pairs))) > 1:
        # even every candidate bridge together leaves islands apart
        model.clause("connected", [], "every candidate bridge leaves islands apart")
        return model.formula
    _isolated_pairs(model, layout, bridges)
    # The bridges connect every island.
    edges = [(a, b, pair[0]) for (a, b), pair in zip(layout.pairs, bridges)]
    tree = method == "tree"
    # the tree grows from the island of the largest number; clasp's reachability from the
    # first island (either is exact: the root only steers the search)
    root = max(range(islands), key=lambda i: (layout.values[i], -i)) if tree else 0
    connected(model, "connected", islands, edges, root=root, method=method,
              spanning_tree_only=instance.no_loops and tree,
              example="some bridge leaves a group of islands")
    # The bridges form no loop: the tree's arcs (above), or at most islands − 1 pairs.
    if instance.no_loops and not tree:
        model.count("no-loops", [pair[0] for pair in bridges], "atmost", islands - 1,
                    "at most islands − 1 bridged pairs", default=DEFAULTS["no-loops"])
    return model.formula


def _local_rules(model: Model, layout: Board, max_bridges: int) -> list[PairVars] | None:
    """Order, crossings, degrees; None when some island cannot reach its number."""
    bridges = _bridge_vars(model, layout, max_bridges)
    # At least k+1 bridges on a pair means at least k.
    ordered(model, "order", bridges, "2 bridges ⇒ 1 bridge")
    # Bridges do not cross.
    at_most_one_each(model, "crossing", [[bridges[horizontal][0], bridges[vertical][0]]
                                         for horizontal, vertical in layout.crossings],
                     "crossing pairs are not both bridged")
    # Each island has as many bridges as its number (a `?` island some).
    incident: list[list[PairVars]] = [[] for _ in layout.islands]
    for pair_index, (a, b) in enumerate(layout.pairs):
        incident[a].append(bridges[pair_index])
        incident[b].append(bridges[pair_index])
    if any(max_bridges * len(pairs) < value for pairs, value in zip(incident, layout.values)):
        model.clause("degree", [], "an island out of reach of its number")
        return None
    count_sums(model, "degree", [(pairs, value) for pairs, value in zip(incident, layout.values)
                                 if value != ANY], "equals",
               "bridges at an island = its number", default=DEFAULTS["degree"])
    if len(layout.islands) > 1:
        for pairs, value in zip(incident, layout.values):
            if value == ANY:
                model.at_least_one("degree", [pair[0] for pair in pairs], "a ? island")
    return bridges


def _bridge_vars(model: Model, layout: Board, max_bridges: int) -> list[PairVars]:
    """The puzzle variables bridge(r1, c1, r2, c2, k), "at least k bridges", k = 1..max, of
    each candidate pair, 1-based cells in their names as in every kind's DIMACS variable
    map."""
    bridges = []
    for a, b in layout.pairs:
        (r1, c1), (r2, c2) = layout.islands[a], layout.islands[b]
        cells = (r1 + 1, c1 + 1, r2 + 1, c2 + 1)
        bridges.append(tuple(model.var("bridge", *cells, k) for k in range(1, max_bridges + 1)))
    return bridges


def _isolated_pairs(model: Model, layout: Board, bridges: Sequence[PairVars]) -> None:
    """No pair of islands closes itself off, in a puzzle of three islands or more: a pair
    whose bridges would use up both numbers (1-1 joined once, k-k joined k times) would be a
    component of its own."""
    if len(layout.islands) <= 2:
        return
    units = [[-pair[value - 1]] for (a, b), pair in zip(layout.pairs, bridges)
             if (value := layout.values[a]) == layout.values[b] and 1 <= value <= len(pair)]
    model.clauses("isolated-pair", units, "a pair not closed off", "1-1 not joined once")


def _summary(instance: HashiInstance, layout: Board, connectivity: str) -> list[str]:
    lines = [f"size: {instance.height}x{instance.width}, islands: {len(layout.islands)}",
             f"candidate pairs: {len(layout.pairs)}, crossings: {len(layout.crossings)}",
             f"connectivity: {connectivity}"]
    if instance.max_bridges != DEFAULT_MAX_BRIDGES or instance.no_loops:
        lines.append(f"variant: at most {instance.max_bridges} bridge(s) a pair"
                     + (", no loops" if instance.no_loops else ""))
    return lines
