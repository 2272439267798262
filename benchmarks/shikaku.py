"""Shikaku benchmark: satpuzzle side by side with the seed's ILP (CBC through PuLP) and its
simulated annealing (benchmarks/baselines/shikaku_*.py).

    python benchmarks/shikaku.py [--sizes 10,25,50,100] [--repeat 3] [--anneal-max 25]
                                 [--cbc-limit 120]

Per size, `--repeat` puzzles are generated with a unique solution (`generate(..., unique=True)`,
depth ≈ log2(cells / 6), one merge round with probability 0.2, seeds 0, 1, ...; generation
is not timed). For each, through the solve pipeline in this process (`pipeline.solve` with a
limit of 2 and the rule check on, as `satpuzzle solve --unique` asks it; benchmarks/product.py):
satpuzzle's compile time (parse the plain grid text + the pipeline's Compiled event), solve
time (from there to the first checked solution), uniqueness time (the second search, which
proves there is no other solution), their total; CBC's time (model build + solve, capped at
--cbc-limit s); the annealing's time and whether it found the solution (sizes up to
--anneal-max). Medians are printed with the ratio CBC / satpuzzle (compile + solve). Every
answer is checked by the rule checker. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product
from benchmarks.baselines import shikaku_annealing, shikaku_ilp
from satpuzzle.checkers.shikaku import check, violations
from satpuzzle.kinds.shikaku import puzzle as shikaku


def puzzle(size: int, seed: int) -> shikaku.ShikakuInstance:
    depth = max(1, round(math.log2(size * size / 6)))
    return shikaku.generate(size, size, depth=depth, merge_iters=1, merge_prob=0.2, seed=seed,
                            unique=True)


def run_satpuzzle(instance: shikaku.ShikakuInstance) -> dict[str, float]:
    text = shikaku.to_plain(instance)
    shikaku.candidates.cache_clear()  # charge candidate enumeration to the compile
    start = time.perf_counter()
    loaded, _ = shikaku.read_native(text, "<bench>", {})
    parsed = time.perf_counter() - start
    run = product.run(loaded[0], limit=2)
    if not run.solutions or run.compiled is None:
        raise SystemExit("WRONG ANSWER: no solution (or no CNF) for a generated puzzle")
    compiled = parsed + run.compiled
    solved = parsed + run.times[0]
    proved = parsed + run.seconds
    problems = check(instance, run.solutions[0])
    if problems or len(run.solutions) > 1:
        raise SystemExit(f"WRONG ANSWER: {problems[:3]} / {len(run.solutions) - 1} other "
                         "solution(s)")
    return {"compile": compiled, "solve": solved - compiled,
            "unique": proved - solved, "clauses": run.clauses or 0}


def as_placements(instance, rects):
    return [(None, *rect) for rect in rects]


def run_cbc(instance, limit: float) -> float | None:
    start = time.perf_counter()
    rects = shikaku_ilp.solve(instance.rows, instance.cols, instance.clues, limit)
    elapsed = time.perf_counter() - start
    if rects is None:
        return None
    if violations(instance.rows, instance.cols, instance.clues, as_placements(instance, rects)):
        raise SystemExit("CBC gave a wrong answer")
    return elapsed


def run_annealing(instance) -> tuple[float, bool]:
    start = time.perf_counter()
    rects, solved = shikaku_annealing.anneal(instance.rows, instance.cols, instance.clues)
    elapsed = time.perf_counter() - start
    if solved and violations(instance.rows, instance.cols, instance.clues,
                             as_placements(instance, rects)):
        raise SystemExit("annealing claimed a wrong solution")
    return elapsed, solved


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def bench_size(size: int, args: argparse.Namespace) -> None:
    rows = []
    for seed in range(args.repeat):
        begin = time.perf_counter()
        instance = puzzle(size, seed)
        generated = time.perf_counter() - begin
        ours = run_satpuzzle(instance)
        cbc = run_cbc(instance, args.cbc_limit) if shikaku_ilp.AVAILABLE else None
        anneal = run_annealing(instance) if size <= args.anneal_max else None
        rows.append((instance, ours, cbc, anneal))
        print(f"  {size}x{size} seed {seed}: {len(instance.clues)} clues, {ours['clauses']} "
              f"clauses (generated in {generated:.1f} s); compile {ours['compile']:.3f} s, "
              f"solve {ours['solve']:.3f} s, unique {ours['unique']:.3f} s; CBC "
              + (f"{cbc:.3f} s" if cbc is not None else "n/a")
              + (f"; annealing {anneal[0]:.2f} s {'solved' if anneal[1] else 'FAILED'}"
                 if anneal else ""), flush=True)
    compile_ = median([o["compile"] for _, o, _, _ in rows])
    solve = median([o["solve"] for _, o, _, _ in rows])
    unique = median([o["unique"] for _, o, _, _ in rows])
    line = (f"{size}x{size} medians: compile {compile_:.3f} s, solve {solve:.3f} s, "
            f"compile+solve {compile_ + solve:.3f} s, uniqueness proof {unique:.3f} s")
    cbc_times = [c for _, _, c, _ in rows if c is not None]
    if cbc_times:
        line += (f"; CBC {median(cbc_times):.3f} s, ratio CBC/satpuzzle "
                 f"{median(cbc_times) / (compile_ + solve):.1f}x")
    elif not shikaku_ilp.AVAILABLE:
        line += "; CBC: PuLP absent"
    anneals = [a for _, _, _, a in rows if a is not None]
    if anneals:
        line += (f"; annealing {median([a[0] for a in anneals]):.2f} s, solved "
                 f"{sum(a[1] for a in anneals)}/{len(anneals)}")
    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,25,50,100")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--anneal-max", type=int, default=25)
    parser.add_argument("--cbc-limit", type=float, default=120.0)
    args = parser.parse_args()
    if not shikaku_ilp.AVAILABLE:
        print("PuLP is absent: CBC baseline skipped")
    for size in map(int, args.sizes.split(",")):
        bench_size(size, args)


if __name__ == "__main__":
    main()
