"""Sudoku benchmark: satpuzzle side by side with the seed's own algorithm (candidate bitmasks,
exclusivity / uniqueness / pairs rules, branching on the fewest-candidates cell).

    python benchmarks/sudoku.py [--data ../shared/data/sudoku] [--baseline-cap 200]

For each set: puzzles/s, median and p90 ms per puzzle, every satpuzzle figure through the
solve pipeline with the rule check on (benchmarks/product.py), in this process:
  - side by side: each puzzle, never seen before in this process, through `pipeline.solve`
    (what `satpuzzle.solve` runs: after the first puzzles of a shape, on the shape's shared
    solver) and then through the seed baseline, on the first --baseline-cap puzzles; medians
    and their ratio (below 1: satpuzzle faster);
  - satpuzzle batch: `pipeline.solve_batch`, one incremental solver, the givens as
    assumptions (what `satpuzzle solve` does on a one-line file), first solution, and first
    solution + uniqueness proof;
  - satpuzzle single: `pipeline.solve` per puzzle with `--engine sat` (a fresh encoding
    and solver each, never the shape's shared solver);
  - `satpuzzle solve FILE --jobs 1/2`: the whole command as a process (start-up, parsing,
    rule checks, printing), timed from start to exit;
  - the seed baseline, on the first --baseline-cap puzzles of the set (pure Python is slow),
and the throughput ratio on the same puzzles. Then 25×25 puzzles: generated with 60% empty
cells, and the minimal ones of the Gecode examples. Every answer is checked by the rule checker.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product
from benchmarks.baselines import sudoku_eup
from satpuzzle.checkers.sudoku import violations
from satpuzzle.kinds.sudoku import native as sudoku_native
from satpuzzle.kinds.sudoku import puzzle as sudoku

SETS = [
    "puzzles3_magictour_top1465",
    "puzzles6_forum_hardest_1106",
    "top95.txt",
    "hardest.txt",
    "puzzles2_17_clue",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles7_serg_benchmark",
]


def read_set(path: Path, cap: int | None) -> list[sudoku.SudokuInstance]:
    text = path.read_text()
    lines = [line.strip() for line in text.splitlines()
             if line.strip() and not line.startswith("#")]
    instances, _ = sudoku_native.read_native("\n".join(lines[:cap]) + "\n", str(path), {})
    return instances


def summary(times: Sequence[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    total = sum(times)
    return (f"{len(times) / total:9.1f} puzzles/s  median {statistics.median(times) * 1e3:7.3f} ms"
            f"  p90 {p90 * 1e3:7.3f} ms  max {max(times) * 1e3:8.1f} ms  total {total:7.2f} s")


def check(instance: sudoku.SudokuInstance, grid) -> None:
    problems = violations(instance.givens, instance.box_rows, instance.box_cols, grid)
    if problems:
        raise SystemExit(f"WRONG ANSWER: {problems[:3]}")


def run_batch(instances, limit: int) -> tuple[list[float], list[int]]:
    """Per-puzzle times through `pipeline.solve_batch` (the shared encoding's build is
    charged to the first puzzle)."""
    times, found = product.batch(instances, limit)
    for instance, grids in zip(instances, found):
        for grid in grids:
            check(instance, grid)
    return times, [len(grids) for grids in found]


def run_single(instances, limit: int) -> tuple[list[float], list[int]]:
    """Per-puzzle times through `pipeline.solve`, one puzzle at a time, each with a fresh
    encoding and solver (`--engine sat`)."""
    times, counts = [], []
    for instance in instances:
        run = product.run(instance, limit, engine="sat")
        times.append(run.seconds)
        counts.append(len(run.solutions))
        for grid in run.solutions:
            check(instance, grid)
    return times, counts


def baseline_one(instance: sudoku.SudokuInstance) -> float:
    """Seconds of the seed baseline on one puzzle (its answer checked outside the timing)."""
    grid = [list(row) for row in instance.givens]
    begin = time.perf_counter()
    answer = sudoku_eup.solve(grid, instance.box_rows, instance.box_cols)
    seconds = time.perf_counter() - begin
    if answer is not None:
        check(instance, answer)
    return seconds


def run_baseline(instances) -> list[float]:
    return [baseline_one(instance) for instance in instances]


def side_by_side(instances, label: str = "") -> tuple[list[float], list[float]]:
    """Each puzzle through `pipeline.solve` in process (first solution, rule check on) and
    right after through the seed baseline, so that a busy moment of the machine hits both;
    every puzzle is new to the process. Prints the medians, and satpuzzle's first puzzle
    apart (the first of its shape in the process)."""
    ours, base = [], []
    for instance in instances:
        run = product.run(instance, 1)
        for grid in run.solutions:
            check(instance, grid)
        ours.append(run.seconds)
        base.append(baseline_one(instance))
    ratio = statistics.median(ours) / statistics.median(base)
    print(f"  {'side by side' + label:<34}satpuzzle median {statistics.median(ours) * 1e3:.3f} ms"
          f" (first puzzle {ours[0] * 1e3:.2f} ms), baseline median "
          f"{statistics.median(base) * 1e3:.3f} ms: ratio {ratio:.2f} on {len(ours)} puzzles",
          flush=True)
    return ours, base


def timed(label: str, action: Callable[[], tuple[list[float], list[int]]]) -> list[float]:
    times, counts = action()
    extra = ""
    if counts:
        extra = (f"  [{sum(c == 1 for c in counts)} one, {sum(c >= 2 for c in counts)} several,"
                 f" {sum(c == 0 for c in counts)} none]")
    print(f"  {label:<34}{summary(times)}{extra}", flush=True)
    return times


def bench_set(path: Path, cap: int | None, baseline_cap: int) -> None:
    instances = read_set(path, cap)
    print(f"\n{path.name}: {len(instances)} puzzles", flush=True)
    if baseline_cap:  # first: these puzzles must be new to the process
        side_by_side(instances[:baseline_cap])
    batch = timed("satpuzzle batch, first solution", lambda: run_batch(instances, 1))
    timed("satpuzzle batch, + uniqueness", lambda: run_batch(instances, 2))
    single = timed("satpuzzle single, first solution", lambda: run_single(instances, 1))
    if not baseline_cap:
        return
    subset = instances[:baseline_cap]
    base = timed(f"seed baseline (first {len(subset)})", lambda: (run_baseline(subset), []))
    base_rate = len(base) / sum(base)
    ours = batch[1:len(subset)] or batch
    print(f"  throughput ratio on those puzzles: batch "
          f"{len(ours) / sum(ours) / base_rate:.1f}x, single "
          f"{len(subset) / sum(single[:len(subset)]) / base_rate:.1f}x the baseline", flush=True)
    for jobs in (1, 2):
        wall = run_cli(path, cap, jobs)
        print(f"  {f'satpuzzle solve FILE --jobs {jobs}':<34}{len(instances) / wall:9.1f} "
              f"puzzles/s  end to end {wall:7.2f} s  = {len(instances) / wall / base_rate:.1f}x "
              "the baseline's throughput", flush=True)


def run_cli(path: Path, cap: int | None, jobs: int) -> float:
    """Wall time of the command line on the set (start-up, parsing, rule checks included)."""
    with tempfile.TemporaryDirectory() as folder:
        lines = [line for line in path.read_text().splitlines()
                 if line.strip() and not line.startswith("#")][:cap]
        puzzles = Path(folder) / "puzzles.txt"
        puzzles.write_text("\n".join(lines) + "\n")
        done = product.command(["solve", str(puzzles), "--jobs", str(jobs)])
        if done.code != 0:
            raise SystemExit(f"satpuzzle solve failed (exit {done.code}): "
                             f"{done.stderr.strip()[-300:]}")
        return done.seconds


def random_full_grid(rng: random.Random, order: int) -> list[list[int]]:
    """A uniformly shuffled relabelling of the pattern grid (rows, columns, bands, digits)."""
    size = order * order
    base = [[(order * (r % order) + r // order + c) % size + 1 for c in range(size)]
            for r in range(size)]
    bands = rng.sample(range(order), order)
    rows = [b * order + r for b in bands for r in rng.sample(range(order), order)]
    stacks = rng.sample(range(order), order)
    cols = [s * order + c for s in stacks for c in rng.sample(range(order), order)]
    digits = list(range(1, size + 1))
    rng.shuffle(digits)
    return [[digits[base[r][c] - 1] for c in cols] for r in rows]


def bench_large(data: Path, count: int, seed: int) -> None:
    rng = random.Random(seed)
    instances = []
    for _ in range(count):
        full = random_full_grid(rng, 5)
        givens = tuple(tuple(0 if rng.random() < 0.6 else v for v in row) for row in full)
        instances.append(sudoku.SudokuInstance(5, 5, givens))
    print(f"\n25x25, 60% empty cells, {count} generated (seed {seed})", flush=True)
    timed("satpuzzle single, solve + unique?", lambda: run_single(instances, 2))
    gecode = data / "gecode_sudoku_examples.tsv"
    if gecode.exists():
        rows = [line.split("\t") for line in gecode.read_text().splitlines()[1:]]
        def grids(keep: Callable[[list[str]], bool]) -> list[sudoku.SudokuInstance]:
            chosen = []
            for row in (r for r in rows if keep(r)):
                side = int(row[2])
                text = "\n".join(row[3][r * side:(r + 1) * side] for r in range(side))
                chosen.append(sudoku_native.read_native(text + "\n", str(gecode), {})[0][0])
            return chosen

        sixteen = grids(lambda row: row[1] == "4")
        print(f"\n16x16 (Gecode examples): {len(sixteen)} puzzles", flush=True)
        timed("satpuzzle single, solve + unique?", lambda: run_single(sixteen, 2))
        minimal = grids(lambda row: row[1] == "5" and int(row[0]) < 89)
        print(f"\n25x25 minimal (Alain Frisch, Gecode examples): {len(minimal)} puzzles",
              flush=True)
        timed("satpuzzle single, solve + unique?", lambda: run_single(minimal, 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "sudoku")
    parser.add_argument("--cap", type=int, default=5000,
                        help="at most this many puzzles per set (default 5000)")
    parser.add_argument("--baseline-cap", type=int, default=200,
                        help="baseline runs on this many puzzles per set (0: skip)")
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--large", type=int, default=20, help="generated 25x25 puzzles")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import pysat

    print(f"satpuzzle Sudoku benchmark; python {sys.version.split()[0]}, "
          f"python-sat {pysat.__version__}, back end cadical195")
    for name in args.sets:
        path = args.data / name
        if not path.exists():
            print(f"\n{name}: absent, skipped")
            continue
        bench_set(path, args.cap, args.baseline_cap)
    if args.large:
        bench_large(args.data, args.large, args.seed)


if __name__ == "__main__":
    main()
