"""Shikaku as the integer program of the Shikaku and Hashiwokakero integer-programming study (§1.2), solved by CBC through PuLP.

Variables x[k, l] = 1 when clue k takes its l-th rectangle, R_k being every rectangle of area
v_k inside the grid that contains the clue cell (as in the seed: rectangles holding another
clue are not filtered out; constraint (2) excludes them). Constraints: (1) one rectangle per
clue, (2) every cell covered exactly once. No objective. PuLP is optional: `AVAILABLE` says
whether it could be imported, and `solve` raises RuntimeError when it could not.
"""

from __future__ import annotations

from collections.abc import Sequence

try:
    import pulp
except ImportError:  # reported as absent by the benchmark
    pulp = None

AVAILABLE = pulp is not None

Rect = tuple[int, int, int, int]  # (top, left, height, width), 0-based


def rectangles(rows: int, cols: int, row: int, col: int, area: int) -> list[Rect]:
    """R_k: every rectangle of `area` cells inside the grid that contains (row, col)."""
    found = []
    for height in range(1, area + 1):
        if area % height or height > rows or area // height > cols:
            continue
        width = area // height
        for top in range(max(0, row - height + 1), min(row, rows - height) + 1):
            for left in range(max(0, col - width + 1), min(col, cols - width) + 1):
                found.append((top, left, height, width))
    return found


def solve(rows: int, cols: int, clues: Sequence[tuple[int, int, int]],
          time_limit: float | None = None) -> list[Rect] | None:
    """One rectangle per clue (in the order of `clues`), or None when CBC finds none."""
    if pulp is None:
        raise RuntimeError("PuLP is not installed")
    problem = pulp.LpProblem("shikaku", pulp.LpMinimize)
    options = [rectangles(rows, cols, r, c, area) for r, c, area in clues]
    chosen = {(k, l): pulp.LpVariable(f"x_{k}_{l}", cat="Binary")
              for k, rects in enumerate(options) for l in range(len(rects))}
    problem += pulp.lpSum([])  # feasibility only
    covering: dict[tuple[int, int], list] = {}
    for k, rects in enumerate(options):
        problem += pulp.lpSum(chosen[k, l] for l in range(len(rects))) == 1  # (1)
        for l, (top, left, height, width) in enumerate(rects):
            for r in range(top, top + height):
                for c in range(left, left + width):
                    covering.setdefault((r, c), []).append(chosen[k, l])
    for r in range(rows):
        for c in range(cols):
            problem += pulp.lpSum(covering.get((r, c), [])) == 1  # (2)
    status = problem.solve(pulp.PULP_CBC_CMD(msg=False, timeLimit=time_limit))
    if pulp.LpStatus[status] != "Optimal":
        return None
    return [next(rects[l] for l in range(len(rects)) if chosen[k, l].value() > 0.5)
            for k, rects in enumerate(options)]
