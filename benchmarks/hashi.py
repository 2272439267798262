"""Hashiwokakero benchmark on the 1,440 instances of Coelho, Laporte, Lindbeck and Vidal (2019),
"Benchmark instances and branch-and-cut algorithm for the Hashiwokakero puzzle".

    python benchmarks/hashi.py [--data ../shared/data/hashi/coelho2019] [--sample N]
                               [--eager-sample N] [--cbc-sample N] [--annealing N]

Per island class (100, 200, 300, 400): time to the first solution through the solve pipeline
in this process, as `satpuzzle.solutions` runs it (compile, solve, decode, rule check: the
product path, benchmarks/product.py), with exact connectivity both ways (lazy cuts, the
default: every instance, or --sample per class; eager spanning tree: --eager-sample per
class; and the degree family's CardEnc sequential counter instead of the order encoding),
and the seed's ILP with CBC through PuLP (max-edges objective, no connectivity) on
--cbc-sample per class, counting its disconnected answers. Samples are spread evenly over
each class's files (all densities and parameters).
Every answer is checked by the rule checker. Then the seed's simulated annealing on generated
puzzles of 4 to 80 islands, as in the seed. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product
from benchmarks.baselines import hashi_annealing, hashi_ilp
from satpuzzle.checkers.hashi import violations
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi

CLASSES = (100, 200, 300, 400)
# Published means per class (s): Coelho et al.'s branch-and-cut, and a Gurobi ILP with lazy
# connectivity cuts, as quoted in the issue.
BRANCH_AND_CUT = {100: 0.16, 200: 1.13, 300: 6.32, 400: 36.94}
GUROBI_LAZY = {100: "<0.01", 200: "0.04", 300: "0.12", 400: "1.48"}


def read(path: Path) -> hashi.HashiInstance:
    (instance,), _ = hashi.read_native(path.read_text(), str(path), {})
    return instance


def spread(items: Sequence, count: int | None) -> list:
    """`count` items evenly spaced over `items` (all of them when count is None)."""
    if count is None or count >= len(items):
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


def solve_sat(instance: hashi.HashiInstance, connectivity: str,
              degrees: str = "order") -> tuple[float, int]:
    """Seconds to the first solution through the pipeline (compile, solve, decode, rule
    check), and the solver's restarts where the back end counts them."""
    chosen = hashi.with_connectivity(instance, connectivity)
    if degrees != "order":  # the degree family's encoding (--encoding degree=NAME)
        chosen = dataclasses.replace(chosen, encodings=(("degree", degrees),))
    solution, seconds, run = product.first(chosen)
    if solution is None or violations(instance.grid, solution):
        problems = violations(instance.grid, solution) if solution else "no solution"
        raise SystemExit(f"WRONG ANSWER ({connectivity}): {problems}")
    return seconds, run.stats.get("restarts", 0)


def solve_cbc(instance: hashi.HashiInstance) -> tuple[float, str]:
    """Seconds and the verdict: "connected", "disconnected" or CBC's status."""
    start = time.perf_counter()
    status, solution = hashi_ilp.solve(instance)
    elapsed = time.perf_counter() - start
    if solution is None:
        return elapsed, status
    problems = violations(instance.grid, solution)
    if problems == ["the bridges do not connect all the islands"]:
        return elapsed, "disconnected"
    if problems:
        raise SystemExit(f"CBC answer breaks a local rule: {problems[:2]}")
    return elapsed, "connected"


def stats(times: Sequence[float]) -> str:
    return (f"n {len(times):4d}  mean {statistics.mean(times):7.4f} s  median "
            f"{statistics.median(times):7.4f} s  max {max(times):7.4f} s")


def timed_runs(label: str, paths: Sequence[Path], run: Callable) -> list:
    results = [run(read(path)) for path in paths]
    print(f"  {label:<26}{stats([r[0] for r in results])}", flush=True)
    return results


def bench_class(data: Path, islands: int, args: argparse.Namespace) -> None:
    paths = sorted((data / str(islands)).glob("*.has"))
    print(f"\n{islands} islands: {len(paths)} instances; published means: branch-and-cut "
          f"{BRANCH_AND_CUT[islands]} s, Gurobi lazy-cut ILP {GUROBI_LAZY[islands]} s", flush=True)
    lazy_paths = spread(paths, args.sample)
    lazy = timed_runs("satpuzzle lazy", lazy_paths, lambda i: solve_sat(i, "lazy"))
    restarts = [r[1] for r in lazy]
    print(f"  {'':<26}solver restarts: mean {statistics.mean(restarts):.2f}, "
          f"max {max(restarts)}")
    lazy_by_path = {path: result[0] for path, result in zip(lazy_paths, lazy)}
    if args.eager_sample:
        eager_paths = spread(paths, args.eager_sample)
        eager = timed_runs("satpuzzle eager", eager_paths, lambda i: solve_sat(i, "eager"))
        _ratio("eager / lazy", [e[0] for e in eager], _same(eager_paths, lazy_by_path))
        cardenc = timed_runs("lazy, CardEnc degrees", eager_paths,
                             lambda i: solve_sat(i, "lazy", "seqcounter"))
        _ratio("CardEnc / order degrees", [c[0] for c in cardenc],
               _same(eager_paths, lazy_by_path))
    if args.cbc_sample and hashi_ilp.AVAILABLE:
        cbc_paths = spread(paths, args.cbc_sample)
        cbc = timed_runs("seed ILP, CBC (PuLP)", cbc_paths, solve_cbc)
        verdicts = [r[1] for r in cbc]
        print(f"  {'':<26}answers: {verdicts.count('connected')} connected, "
              f"{verdicts.count('disconnected')} disconnected, "
              f"{len(verdicts) - verdicts.count('connected') - verdicts.count('disconnected')}"
              " other")
        _ratio("CBC / lazy", [r[0] for r in cbc], _same(cbc_paths, lazy_by_path))


def _same(paths: Sequence[Path], lazy_by_path: dict[Path, float]) -> list[float]:
    """Lazy times of the same instances (measured now when outside the lazy sample)."""
    return [lazy_by_path[p] if p in lazy_by_path else solve_sat(read(p), "lazy")[0]
            for p in paths]


def _ratio(label: str, times: Sequence[float], lazy_times: Sequence[float]) -> None:
    per_instance = [t / max(lazy, 1e-9) for t, lazy in zip(times, lazy_times)]
    means = statistics.mean(times) / statistics.mean(lazy_times)
    print(f"  {'':<26}{label}: ratio of means {means:.1f}, median per-instance ratio "
          f"{statistics.median(per_instance):.1f}", flush=True)


def bench_annealing(count: int) -> None:
    print(f"\nseed's simulated annealing on {count} generated puzzles (4-80 islands, as the seed)")
    annealing_times, sat_times, solved, connected, sizes = [], [], 0, 0, []
    for seed in range(count):
        target = 4 + seed * 76 // max(1, count - 1)
        side = max(4, round((target * 4) ** 0.5))
        instance = hashi_generation.generate(side, side, islands=target, seed=seed)
        sizes.append(sum(1 for row in instance.grid for v in row if v))
        start = time.perf_counter()
        result = hashi_annealing.solve(instance, seed=seed)
        annealing_times.append(time.perf_counter() - start)
        if result.solution is not None:
            solved += 1
            problems = violations(instance.grid, result.solution)
            connected += not problems
        sat_times.append(solve_sat(instance, "lazy")[0])
    print(f"  islands after generation: {min(sizes)}..{max(sizes)}")
    print(f"  {'annealing':<26}{stats(annealing_times)}; {solved}/{count} met every number, "
          f"{connected}/{count} connected too")
    print(f"  {'satpuzzle lazy':<26}{stats(sat_times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path,
                        default=ROOT.parent / "shared" / "data" / "hashi" / "coelho2019")
    parser.add_argument("--sample", type=int, help="lazy runs per class (default: all 360)")
    parser.add_argument("--eager-sample", type=int, default=36, help="eager runs per class")
    parser.add_argument("--cbc-sample", type=int, default=24, help="CBC runs per class")
    parser.add_argument("--annealing", type=int, default=20, help="annealing runs")
    parser.add_argument("--classes", type=int, nargs="*", default=list(CLASSES))
    args = parser.parse_args()
    if not args.data.is_dir():
        raise SystemExit(f"no benchmark data at {args.data}")
    if not hashi_ilp.AVAILABLE:
        print("PuLP is absent: the CBC baseline is skipped (pip install pulp)")
    for islands in args.classes:
        bench_class(args.data, islands, args)
    if args.annealing:
        bench_annealing(args.annealing)


if __name__ == "__main__":
    main()
