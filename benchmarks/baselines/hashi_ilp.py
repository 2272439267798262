"""The Hashiwokakero ILP of the Shikaku and Hashiwokakero integer-programming study (section 2.2), solved by CBC through PuLP.

Per pair of islands k, l: x_kl binary (an edge is used) and y_kl integer (its bridges, 0..2);
x_kl + x_k'l' <= 1 for crossing pairs (6); x_kl <= y_kl <= 2 x_kl (7); the bridges at each
island sum to its number (8); objective (9): maximise the number of edges, sum x_kl, which the
seed found to favour (not guarantee) connected answers: the model has no connectivity
constraint, so the caller must check the answer. Pairs are restricted to islands facing each
other with only water between (rules (4)-(5) and "no bridge over an island", which the seed's
model states in words only). A missing PuLP is reported by AVAILABLE = False.
"""

from __future__ import annotations

from satpuzzle.kinds.hashi.geometry import Board, board
from satpuzzle.kinds.hashi.puzzle import HashiInstance, Solution

try:
    import pulp
except ImportError:  # optional: pip install pulp (the `bench` extra)
    pulp = None

AVAILABLE = pulp is not None


def solve(instance: HashiInstance, time_limit: float | None = None) -> tuple[str, Solution | None]:
    """CBC's status ("Optimal", "Infeasible", ...) and its bridges, or None without an answer."""
    if pulp is None:
        raise RuntimeError("PuLP is not installed: pip install pulp")
    layout = board(instance.grid)
    problem, edge_used, bridges = _model(layout)
    status = problem.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=time_limit))
    name = pulp.LpStatus[status]
    if name != "Optimal":
        return name, None
    solution = tuple(sorted(
        (layout.islands[a], layout.islands[b], round(bridges[i].value()))
        for i, (a, b) in enumerate(layout.pairs) if round(edge_used[i].value())))
    return name, solution


def _model(layout: Board):
    problem = pulp.LpProblem("hashi", pulp.LpMaximize)
    edge_used = [pulp.LpVariable(f"x_{i}", cat="Binary") for i in range(len(layout.pairs))]
    bridges = [pulp.LpVariable(f"y_{i}", lowBound=0, upBound=2, cat="Integer")
               for i in range(len(layout.pairs))]
    problem += pulp.lpSum(edge_used)  # (9)
    for horizontal, vertical in layout.crossings:  # (6)
        problem += edge_used[horizontal] + edge_used[vertical] <= 1
    for x, y in zip(edge_used, bridges):  # (7)
        problem += x <= y
        problem += y <= 2 * x
    incident: list[list[int]] = [[] for _ in layout.islands]
    for i, (a, b) in enumerate(layout.pairs):
        incident[a].append(i)
        incident[b].append(i)
    for island, pair_indices in enumerate(incident):  # (8)
        problem += pulp.lpSum(bridges[i] for i in pair_indices) == layout.values[island]
    return problem, edge_used, bridges
