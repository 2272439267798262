"""Sudoku by simulated annealing, exactly as the Sudoku simulated-annealing note ("Recuit simulé et Sudoku")
describes it, for standard boxes (no irregular regions).

- State: a grid whose free cells hold any digit 1..N (givens kept); the start is arbitrary,
  here a uniformly random digit in every free cell.
- Cost: c(w) = ½ Σ c_ij(w), c_ij = occurrences of w_ij among the cell's peers (the union of
  its row, column and box, the cell itself excluded): the number of conflicting peer pairs.
- Move: pick a free cell uniformly, give it a different digit chosen uniformly; the cost
  changes by c_ij after − c_ij before (the seed's c' = c − c1 + c2), computed in O(1) from a
  per-cell table of peer digit counts, which is updated (20 peers on a 9×9) only on
  acceptance. Accepted with probability min(1, exp(−Δ/T)); stop as soon as the cost is 0.
- Schedule: T0 = 810, T ← T / (1 + log(1 + δ)/811 · T) with δ = 0.1 (natural log), 81 moves
  per temperature step, stop below T = 0.00273852 and restart from a new random grid.

Other sizes (the seed only treats 9×9): T0 = (N + 1)·N² as the seed derives 810 from "10
digits and 9² cells", the constant 811 becomes T0 + 1, N² moves per step (the seed: "a number
of iterations proportional to the number of cells"), and the stop temperature is kept.

1/T grows by exactly log(1 + δ)/811 per step, so one run is about 3.1 million temperature
steps (2.5·10⁸ moves) on a 9×9: minutes in pure Python. Hence `time_limit` and
`max_restarts`; with neither, an unsolvable puzzle is annealed forever.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator

from satpuzzle.kinds.sudoku.puzzle import Grid, SudokuInstance

DELTA = 0.1
STOP_TEMPERATURE = 0.00273852
SEED_SIZE = 9


def initial_temperature(size: int = SEED_SIZE) -> float:
    """T0: (N + 1)·N², 810 for the seed's 9×9."""
    return float((size + 1) * size * size)


def cooling_constant(size: int = SEED_SIZE) -> float:
    """The seed's 811 = T0 + 1."""
    return initial_temperature(size) + 1.0


def next_temperature(temperature: float, size: int = SEED_SIZE, delta: float = DELTA) -> float:
    """T / (1 + log(1 + δ)/811 · T)."""
    return temperature / (1.0 + math.log(1.0 + delta) / cooling_constant(size) * temperature)


def temperatures(size: int = SEED_SIZE, delta: float = DELTA) -> Iterator[float]:
    """The temperature of every step of one run, from T0 while T ≥ the stop temperature."""
    temperature = initial_temperature(size)
    while temperature >= STOP_TEMPERATURE:
        yield temperature
        temperature = next_temperature(temperature, size, delta)


def moves_per_step(size: int = SEED_SIZE) -> int:
    """81 on a 9×9: one move per cell."""
    return size * size


def _peers(instance: SudokuInstance) -> list[list[int]]:
    """Per flat cell index, the other cells of its row, column and box (each once)."""
    size, box_rows, box_cols = instance.size, instance.box_rows, instance.box_cols
    peers = []
    for r in range(size):
        for c in range(size):
            top, left = r - r % box_rows, c - c % box_cols
            cells = {r * size + k for k in range(size)} | {k * size + c for k in range(size)}
            cells |= {(top + i) * size + left + j for i in range(box_rows)
                      for j in range(box_cols)}
            cells.discard(r * size + c)
            peers.append(sorted(cells))
    return peers


class _Run:
    """One annealing run's state: the flat grid and conflicts[cell·(N+1) + d] = how many
    peers of the cell hold digit d."""

    def __init__(self, instance: SudokuInstance, peers: list[list[int]], rng: random.Random):
        size = instance.size
        self.grid = [value or rng.randint(1, size) for row in instance.givens for value in row]
        self.stride = size + 1
        self.conflicts = [0] * (size * size * self.stride)
        for cell, cell_peers in enumerate(peers):
            for peer in cell_peers:
                self.conflicts[cell * self.stride + self.grid[peer]] += 1
        self.cost = sum(self.conflicts[cell * self.stride + self.grid[cell]]
                        for cell in range(size * size)) // 2


def _anneal(run: _Run, instance: SudokuInstance, peers: list[list[int]], free: list[int],
            rng: random.Random, deadline: float | None, stats: dict) -> bool:
    """The seed's loop on `run` until the cost is 0 (True) or T falls below the stop
    temperature or the deadline passes (False)."""
    size = instance.size
    grid, conflicts, stride = run.grid, run.conflicts, run.stride
    cost = run.cost
    rand = rng.random
    exp = math.exp
    free_count = len(free)
    others = size - 1
    per_step = moves_per_step(size)
    most = max(len(p) for p in peers)  # the largest possible cost increase of one move
    offsets = [[peer * stride for peer in cell_peers] for cell_peers in peers]
    steps = moves = 0
    solved = cost == 0
    for temperature in temperatures(size):
        if solved or (deadline is not None and time.monotonic() > deadline):
            break
        accept = [1.0] + [exp(-k / temperature) for k in range(1, most + 1)]
        steps += 1
        moves += per_step
        for move in range(per_step):
            cell = free[int(rand() * free_count)]
            old = grid[cell]
            new = int(rand() * others) + 1
            if new >= old:
                new += 1  # uniform over the digits other than the old one
            base = cell * stride
            change = conflicts[base + new] - conflicts[base + old]
            if change > 0 and rand() > accept[change]:
                continue
            grid[cell] = new
            cost += change
            for offset in offsets[cell]:
                conflicts[offset + old] -= 1
                conflicts[offset + new] += 1
            if cost == 0:
                solved = True
                moves -= per_step - move - 1  # the moves of this step not made
                break
    run.cost = cost
    stats["steps"] += steps
    stats["moves"] += moves
    return solved


def solve(instance: SudokuInstance, seed: int = 0, time_limit: float | None = None,
          max_restarts: int | None = None) -> tuple[Grid | None, dict]:
    """A solution grid (None when the limits end the search first) and statistics: restarts
    (runs that ended below the stop temperature and were started again), steps (temperature
    steps, all runs), moves (moves tried, all runs), seconds, runs, final_cost (the cost of
    the last run's grid: 0 when solved), run_costs (the final cost of every run)."""
    if instance.regions is not None:
        raise ValueError("the annealing baseline handles standard boxes only (no regions)")
    started = time.monotonic()
    deadline = None if time_limit is None else started + time_limit
    rng = random.Random(seed)
    peers = _peers(instance)
    free = [cell for cell, value in enumerate(v for row in instance.givens for v in row)
            if value == 0]
    stats = {"restarts": 0, "steps": 0, "moves": 0, "seconds": 0.0, "runs": 0,
             "final_cost": None, "run_costs": []}
    solution = None
    while True:
        run = _Run(instance, peers, rng)
        stats["runs"] += 1
        if run.cost == 0 or (free and instance.size > 1
                             and _anneal(run, instance, peers, free, rng, deadline, stats)):
            solution = _grid(run.grid, instance.size)
        stats["final_cost"] = run.cost
        stats["run_costs"].append(run.cost)
        # Nothing to move: the givens are the only state, so restarting cannot help.
        if solution is not None or not free or instance.size == 1:
            break
        if deadline is not None and time.monotonic() > deadline:
            break
        if max_restarts is not None and stats["restarts"] >= max_restarts:
            break
        stats["restarts"] += 1
    stats["seconds"] = time.monotonic() - started
    return solution, stats


def _grid(flat: list[int], size: int) -> Grid:
    return tuple(tuple(flat[r * size:(r + 1) * size]) for r in range(size))
