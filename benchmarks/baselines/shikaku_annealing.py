"""Shikaku by simulated annealing, as in the Shikaku and Hashiwokakero integer-programming study (§1.3, Algorithm 1).

State: one rectangle per clue (an index into R_k, the rectangles of area v_k containing the
clue). Neighbour: one clue takes another of its rectangles, chosen at random. Energy (3): the
sum over cells of (number of rectangles covering it)²; it equals R·C exactly for a solution
and is computed incrementally. A worse neighbour is accepted with probability
exp(-(E_k - E) / T); T starts at `start_temperature` and is multiplied by `cooling` each step;
the search stops at a solution or after `max_steps`, returning the best state seen.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from benchmarks.baselines.shikaku_ilp import Rect, rectangles


def anneal(rows: int, cols: int, clues: Sequence[tuple[int, int, int]], *, seed: int = 0,
           max_steps: int = 200_000, start_temperature: float = 4.0,
           cooling: float = 0.99995) -> tuple[list[Rect], bool]:
    """The best state found (one rectangle per clue) and whether it is a solution."""
    rng = random.Random(seed)
    options = [rectangles(rows, cols, r, c, area) for r, c, area in clues]
    if any(not rects for rects in options):
        return [], False
    state = [rng.randrange(len(rects)) for rects in options]
    count = [[0] * cols for _ in range(rows)]
    energy = 0
    for k, index in enumerate(state):
        energy += _move(count, options[k][index], +1)
    best, best_energy = list(state), energy
    target = rows * cols
    temperature = start_temperature
    movable = [k for k, rects in enumerate(options) if len(rects) > 1]
    for _ in range(max_steps):
        if energy == target or not movable:
            break
        k = rng.choice(movable)
        new = rng.randrange(len(options[k]) - 1)
        new += new >= state[k]  # any other rectangle of clue k
        delta = _move(count, options[k][state[k]], -1) + _move(count, options[k][new], +1)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            state[k] = new
            energy += delta
            if energy < best_energy:
                best, best_energy = list(state), energy
        else:
            _move(count, options[k][new], -1)
            _move(count, options[k][state[k]], +1)
        temperature *= cooling
    return [options[k][i] for k, i in enumerate(best)], best_energy == target


def _move(count: list[list[int]], rect: Rect, step: int) -> int:
    """Add (+1) or remove (-1) a rectangle; the change of the energy."""
    top, left, height, width = rect
    delta = 0
    for r in range(top, top + height):
        row = count[r]
        for c in range(left, left + width):
            before = row[c]
            row[c] = before + step
            delta += (before + step) ** 2 - before * before
    return delta
