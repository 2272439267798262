"""Simulated annealing for Hashiwokakero, as in the Shikaku and Hashiwokakero integer-programming study (sections 1.3 and 2.3).

A state is a set of edges with 1 or 2 bridges each (here: a count 0..2 per pair of islands
facing each other). A neighbour adds an edge, removes one or changes its count; adding is
likelier when there are few edges (probability: the share of pairs without an edge), the
other two share the rest. The energy to minimise is (10): f(E) = C + ΔW² − |E|, C the number of
crossings, ΔW = Σ_x (v(x) − bridges at x)², |E| the number of edges (the term meant to favour
connected answers). A worse neighbour is accepted with probability exp(−(E_k − E)/T) and
T ← λT after each step. The seed stops below an energy threshold or after k_max steps; the
lowest energy of a solution is not known in advance, so this stops at the first state without
crossings and with every number met (E_opt is returned otherwise). Connectivity is not
guaranteed: the caller checks it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from satpuzzle.kinds.hashi.geometry import board
from satpuzzle.kinds.hashi.puzzle import HashiInstance, Solution


@dataclass
class Result:
    solution: Solution | None  # None when no state met every number without crossings
    steps: int


def solve(instance: HashiInstance, seed: int = 0, max_steps: int = 200_000,
          temperature: float = 4.0, cooling: float = 0.9995) -> Result:
    layout = board(instance.grid)
    rng = random.Random(seed)
    pair_count = len(layout.pairs)
    crossing_with: list[list[int]] = [[] for _ in layout.pairs]
    for horizontal, vertical in layout.crossings:
        crossing_with[horizontal].append(vertical)
        crossing_with[vertical].append(horizontal)
    counts = [0] * pair_count
    missing = list(layout.values)  # v(x) − bridges at x
    state = _Energy(crossings=0, weight=sum(m * m for m in missing), edges=0)
    for step in range(1, max_steps + 1):
        if state.crossings == 0 and state.weight == 0:
            return Result(_solution(layout, counts), step - 1)
        pair, new = _neighbour(rng, counts, state.edges, pair_count)
        change = _change(layout, crossing_with, counts, missing, state, pair, new)
        delta = change.value - state.value
        if delta < 0 or rng.random() < math.exp(-delta / max(temperature, 1e-9)):
            a, b = layout.pairs[pair]
            missing[a] -= new - counts[pair]
            missing[b] -= new - counts[pair]
            counts[pair] = new
            state = change
        temperature *= cooling
    done = state.crossings == 0 and state.weight == 0
    return Result(_solution(layout, counts) if done else None, max_steps)


@dataclass
class _Energy:
    crossings: int
    weight: int  # ΔW
    edges: int

    @property
    def value(self) -> int:
        return self.crossings + self.weight ** 2 - self.edges


def _neighbour(rng: random.Random, counts: list[int], edges: int,
               pair_count: int) -> tuple[int, int]:
    """A pair and its new count: add an edge, remove one, or switch 1 ↔ 2."""
    if edges == 0 or (edges < pair_count and rng.random() < 1 - edges / pair_count):
        pair = rng.choice([i for i, k in enumerate(counts) if k == 0])
        return pair, rng.choice((1, 2))
    pair = rng.choice([i for i, k in enumerate(counts) if k])
    return pair, 0 if rng.random() < 0.5 else 3 - counts[pair]


def _change(layout, crossing_with, counts, missing, state: _Energy, pair: int,
            new: int) -> _Energy:
    old = counts[pair]
    a, b = layout.pairs[pair]
    weight = state.weight
    for island in (a, b):
        after = missing[island] - (new - old)
        weight += after * after - missing[island] ** 2
    crossed = sum(1 for other in crossing_with[pair] if counts[other])
    crossings = state.crossings + (crossed if not old and new else -crossed if old and not new
                                   else 0)
    edges = state.edges + (1 if not old and new else -1 if old and not new else 0)
    return _Energy(crossings, weight, edges)


def _solution(layout, counts: list[int]) -> Solution:
    return tuple(sorted((layout.islands[a], layout.islands[b], k)
                        for (a, b), k in zip(layout.pairs, counts) if k))
