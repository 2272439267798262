"""Edge-matching benchmark: the four Eternity II clue puzzles and Brendan Owen's boards
(/work/shared/data/jigsaw), equal matching, border zero, time to the first solution.

    python benchmarks/jigsaw.py [--data ../shared/data/jigsaw] [--max-side 8] [--timeout 60]
                                [--repeat 1] [--no-race] [--no-sat] [--no-cpsat]
                                [--no-backtrack]
                                [--solver cadical195] [--set colour_counts=false ...]
                                [--only clue|brendan] [--names pieces_06x06,clue2]

Columns, each run in a child process that the timeout stops; every satpuzzle column is the
solve pipeline as `satpuzzle solve` runs it (`pipeline.solve`, back ends in a child process,
the deadline, the rule check on; benchmarks/product.py), never an engine called directly:
- satpuzzle: `--engine auto`: on boards of distinct pieces the depth-first search engine,
  else SAT;
- race: `--engine race`, the search and SAT side by side in two processes (both cores);
- SAT: `--engine sat`: encode, then CaDiCaL; the time is encode + solve;
- CP-SAT (benchmarks/baselines/jigsaw_cpsat.py, one worker) when OR-Tools is importable;
- C backtrack: a dedicated scan-row backtracker in C (benchmarks/baselines/jigsaw_backtrack.c,
  built with the system's compiler; skipped without one).
With --repeat K > 1 each instance is also run with its pieces shuffled and turned at random
(seeds 1 .. K-1) and the median is printed: solver times on one fixed formula are a single
sample of a wide distribution. Every answer is checked by the rule checker. Brendan boards are
taken up to --max-side on their longer side, smallest first. At the end: the largest Brendan
board satpuzzle solved within the timeout.

Search engine against the C program (`--search-vs-c`, with --names or --max-side): whole
`satpuzzle solve FILE --engine search` processes and the C backtracker, interleaved, --repeat
times each (3 by default here), medians of wall and CPU time (the children's rusage), the
placements each made (the engine's counted in this process, search_kernel.KernelSearch, as
`solve` makes them), both answers checked, the load average before and after.

Full run (the issue's targets: clue puzzles and Brendan boards up to 10×10 in under 60 s; the
largest board solved in 10 minutes):
    python benchmarks/jigsaw.py --max-side 20 --timeout 600
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from math import inf, nan
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product
from benchmarks.baselines import jigsaw_backtrack, jigsaw_cpsat
from satpuzzle.checkers.jigsaw import check
from satpuzzle.children import run_children
from satpuzzle.constraints.encodings import check_name
from satpuzzle.kinds.jigsaw import FAMILIES, rules
from satpuzzle.kinds.jigsaw import puzzle as jigsaw

BRENDAN = re.compile(r"^pieces_(\d+)x(\d+)\.txt$")


# encoding choices (family, name) given with --set FAMILY=NAME, carried by every instance read
CHOSEN: dict[str, str] = {}


def read(path: Path) -> jigsaw.JigsawInstance:
    (instance,), _ = jigsaw.read_native(path.read_text(), str(path), {})
    return dataclasses.replace(instance, encodings=tuple(CHOSEN.items()))


def shuffled(instance: jigsaw.JigsawInstance, seed: int) -> jigsaw.JigsawInstance:
    """The same puzzle with its pieces listed in another order, turned at random, and its
    labels renamed (a permutation of the absolute values, signs kept: fits are unchanged)."""
    if seed == 0:
        return instance
    rng = random.Random(seed)
    pieces = [jigsaw.rotated(piece, rng.randrange(4)) for piece in instance.pieces]
    rng.shuffle(pieces)
    values = sorted({abs(label) for piece in pieces for label in piece} - {0})
    rename = dict(zip(values, rng.sample(values, len(values))))
    pieces = [tuple(rename.get(abs(label), 0) * (1 if label >= 0 else -1) for label in piece)
              for piece in pieces]
    return dataclasses.replace(instance, pieces=tuple(pieces))  # type: ignore[arg-type]


def answered(instance: jigsaw.JigsawInstance, found: list, stopped: str | None,
             who: str) -> bool:
    """Whether `who` found a board in time (False on a timeout); a board that breaks the rules,
    or "no solution" on these solvable boards, ends the benchmark."""
    if not found:
        if stopped:
            return False
        raise SystemExit(f"WRONG ANSWER: {who} says the puzzle has no solution")
    problems = check(instance, found[0])
    if problems:
        raise SystemExit(f"WRONG ANSWER ({who}): {problems[:2]}")
    return True


def run_engine(instance: jigsaw.JigsawInstance, engine: str, solver: str,
               timeout: float) -> float | None:
    """Seconds to the first checked solution through the pipeline with `--engine ENGINE`
    (as the command runs it: back ends in child processes, the deadline); None on timeout."""
    solution, seconds, run = product.first(instance, engine, solver, timeout)
    who = "satpuzzle" if engine == "auto" else f"--engine {engine}"
    if not answered(instance, [solution] if solution is not None else [], run.stopped, who):
        return None
    if engine == "race":
        WINNERS[run.winner] = WINNERS.get(run.winner, 0) + 1
    return seconds


def run_satpuzzle(instance: jigsaw.JigsawInstance, solver: str,
                  timeout: float) -> float | None:
    """`--engine sat`: seconds to encode and find the first solution; None on timeout."""
    return run_engine(instance, "sat", solver, timeout)


def run_auto(instance: jigsaw.JigsawInstance, solver: str, timeout: float) -> float | None:
    """Seconds to the first solution as `satpuzzle solve` finds it (--engine auto)."""
    return run_engine(instance, "auto", solver, timeout)


def run_race_engine(instance: jigsaw.JigsawInstance, solver: str,
                    timeout: float) -> float | None:
    """Seconds to the first solution with `--engine race` (SAT alone where the search does
    not suit the board: the pipeline decides)."""
    return run_engine(instance, "race", solver, timeout)


WINNERS: dict[str | None, int] = {}  # which engine of the race answered first, how often


def _cpsat_timed(instance: jigsaw.JigsawInstance, timeout: float) -> tuple:
    start = time.perf_counter()
    status, solution = jigsaw_cpsat.solve(instance, time_limit=timeout)
    return time.perf_counter() - start, status, solution


def run_cpsat(instance: jigsaw.JigsawInstance, timeout: float) -> float | None:
    """Seconds for CP-SAT (model + solve, one worker) in a child process (killed with its
    process group 10 s past the timeout); None on timeout."""
    outcome = run_children([lambda _send: _cpsat_timed(instance, timeout)],
                           lambda _index, _event: None, timeout + 10)
    if outcome.stopped == "interrupt":
        raise KeyboardInterrupt
    if outcome.stopped is not None:
        return None
    elapsed, _status, solution = outcome.results[0]  # type: ignore[misc]
    if solution is None:
        return None  # UNKNOWN at the time limit
    problems = check(instance, solution)
    if problems:
        raise SystemExit(f"WRONG ANSWER (CP-SAT): {problems[:2]}")
    return elapsed


def run_backtrack(instance: jigsaw.JigsawInstance, timeout: float) -> float | None:
    """Seconds for the C scan-row backtracker (a child process); None on timeout."""
    start = time.perf_counter()
    solution, _nodes = jigsaw_backtrack.solve(instance, timeout)
    elapsed = time.perf_counter() - start
    if solution is None:
        return None
    problems = check(instance, solution)
    if problems:
        raise SystemExit(f"WRONG ANSWER (backtracking): {problems[:2]}")
    return elapsed


def median_time(run, instance, repeat: int) -> float | None:
    """The median over `repeat` shuffles; a timeout counts as infinitely slow."""
    times = [run(shuffled(instance, seed)) for seed in range(repeat)]
    value = statistics.median([t if t is not None else float("inf") for t in times])
    return None if value == float("inf") else value


def _timed(command: list[str], timeout: float) -> tuple[float, float, str | None]:
    """Wall and CPU seconds (user + system of the child) of a whole process, and its
    output (None when it timed out or failed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              check=False)
        output = done.stdout if done.returncode == 0 else None
    except subprocess.TimeoutExpired:
        output = None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, output


def _engine_placements(instance: jigsaw.JigsawInstance) -> int:
    """The placements `--engine search` makes to its first board (the compiled loop counts
    them; it tries what the Python loop tries, in its order)."""
    from satpuzzle.kinds.jigsaw import search, search_kernel

    kernel = search_kernel.kernel_for(*search.engine_arguments(instance))
    if kernel is None:
        return 0
    next(kernel.boards(), None)
    return kernel.nodes


def search_versus_c(chosen: list[tuple[str, Path]], repeat: int, timeout: float) -> None:
    """The search engine's whole processes against the C backtracker (--search-vs-c)."""
    jigsaw_backtrack.build()  # compiled before any clock starts
    print(f"load average {os.getloadavg()}, medians of {repeat}, timeout {timeout:.0f} s")
    print(f"{'instance':<16}{'board':>7}{'engine wall':>12}{'cpu':>8}{'C wall':>9}{'cpu':>8}"
          f"{'wall ÷':>8}{'cpu ÷':>7}{'engine nodes':>14}{'C nodes':>12}{'per node ÷':>11}")
    for name, path in chosen:
        instance = read(path)
        engine_times, c_times, c_nodes = [], [], 0
        for _ in range(repeat):
            wall, cpu, output = _timed([sys.executable, "-m", "satpuzzle", "solve", str(path),
                                        "--engine", "search", "--format", "json",
                                        "--timeout", str(timeout)], timeout + 30)
            if output is not None:
                board = json.loads(output)["solutions"][0]
                answered(instance, [tuple(tuple(map(tuple, row)) for row in board)], None,
                         "--engine search")
            engine_times.append((wall, cpu) if output is not None else (inf, inf))
            start = resource.getrusage(resource.RUSAGE_CHILDREN)
            began = time.perf_counter()
            solution, nodes = jigsaw_backtrack.solve(instance, timeout)
            wall = time.perf_counter() - began
            end = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
            if solution is not None:
                answered(instance, [solution], None, "C backtracker")
                c_nodes = nodes or 0
            c_times.append((wall, cpu) if solution is not None else (inf, inf))
        ours = [statistics.median(t[i] for t in engine_times) for i in (0, 1)]
        theirs = [statistics.median(t[i] for t in c_times) for i in (0, 1)]
        nodes = _engine_placements(instance) if ours[0] < inf else 0
        per_node = (ours[1] / nodes) / (theirs[1] / c_nodes) if nodes and c_nodes else nan
        print(f"{name:<16}{instance.rows:>3}x{instance.cols:<3}{ours[0]:>12.2f}{ours[1]:>8.2f}"
              f"{theirs[0]:>9.2f}{theirs[1]:>8.2f}{ours[0] / theirs[0]:>8.2f}"
              f"{ours[1] / theirs[1]:>7.2f}{nodes:>14,}{c_nodes:>12,}{per_node:>11.2f}",
              flush=True)
    print(f"load average {os.getloadavg()}")


def instances(data: Path, max_side: int, only: str | None) -> list[tuple[str, Path]]:
    chosen = []
    if only in (None, "clue"):
        chosen += [(f"clue{k}", data / "eternity2" / f"clue{k}.txt") for k in range(1, 5)]
    if only in (None, "brendan"):
        boards = []
        for path in (data / "brendan").glob("pieces_*.txt"):
            match = BRENDAN.match(path.name)
            width, height = int(match.group(1)), int(match.group(2))
            if max(width, height) <= max_side:
                boards.append((width * height, width, height, path))
        for name in ("eternity7x7.txt", "eternity8x8.txt"):
            side = int(name[8])
            if side <= max_side and (data / "brendan" / name).exists():
                boards.append((side * side, side, side, data / "brendan" / name))
        chosen += [(path.stem, path) for *_, path in sorted(boards)]
    return [(name, path) for name, path in chosen if path.exists()]


def show(value: float | None, timeout: float) -> str:
    return f"{value:8.2f}" if value is not None else f"  >{timeout:<5.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "jigsaw")
    parser.add_argument("--max-side", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--no-race", action="store_true",
                        help="skip the column of --engine race (two processes)")
    parser.add_argument("--no-sat", action="store_true",
                        help="skip the column of the SAT encoding (--engine sat)")
    parser.add_argument("--no-cpsat", action="store_true", help="skip the CP-SAT column")
    parser.add_argument("--no-backtrack", action="store_true",
                        help="skip the C backtracking column")
    parser.add_argument("--only", choices=("clue", "brendan"))
    parser.add_argument("--names", help="comma-separated instance names (e.g. "
                        "pieces_06x06,clue2): only these")
    parser.add_argument("--search-vs-c", action="store_true",
                        help="only the search engine's whole processes against the C "
                             "backtracker (medians of --repeat, 3 if not given)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="switch a redundant rule (jigsaw rules.RULES), e.g. "
                             "colour_counts=true, or choose a family's encoding, e.g. "
                             "edge=ladder")
    args = parser.parse_args()
    if not args.data.is_dir():
        raise SystemExit(f"no benchmark data at {args.data}")
    for setting in args.set:
        key, _, value = setting.partition("=")
        if key in rules.RULES:
            rules.RULES[key] = json.loads(value)
        elif key in FAMILIES:
            check_name(value, FAMILIES[key], key)
            CHOSEN[key] = value
        else:
            raise SystemExit(f"unknown rule or family {key!r}; rules: {list(rules.RULES)}, "
                             f"families: {list(FAMILIES)}")
    chosen = instances(args.data, args.max_side, args.only)
    if args.names:
        wanted = set(args.names.split(","))
        chosen = [(name, path) for name, path in chosen if name in wanted]
    if args.search_vs_c:
        search_versus_c(chosen, args.repeat or 3, args.timeout)
        return
    args.repeat = args.repeat or 1
    methods = {"satpuzzle": lambda i: run_auto(i, args.solver, args.timeout)}
    if not args.no_race:
        methods["race"] = lambda i: run_race_engine(i, args.solver, args.timeout)
    if not args.no_sat:
        methods["SAT"] = lambda i: run_satpuzzle(i, args.solver, args.timeout)
    if not jigsaw_cpsat.AVAILABLE:
        print("OR-Tools is absent: the CP-SAT column is skipped (pip install ortools)")
    elif not args.no_cpsat:
        methods["CP-SAT"] = lambda i: run_cpsat(i, args.timeout)
    if not jigsaw_backtrack.AVAILABLE:
        print("no C compiler: the backtracking column is skipped")
    elif not args.no_backtrack:
        jigsaw_backtrack.build()  # compiled before any clock starts
        methods["C backtrack"] = lambda i: run_backtrack(i, args.timeout)
    print(f"rules {rules.RULES}, encodings {CHOSEN or 'default'}, solver {args.solver}, timeout {args.timeout:.0f} s, "
          f"median of {args.repeat} run(s); satpuzzle = what `solve` runs (--engine auto), "
          f"ratios = method ÷ satpuzzle")
    header = f"{'instance':<18}{'board':>7}{'colours':>8}{'satpuzzle s':>13}"
    for method in list(methods)[1:]:
        header += f"{method + ' s':>15}{'ratio':>8}"
    print(header)
    largest = None
    for name, path in chosen:
        instance = read(path)
        colours = len({label for piece in instance.pieces for label in piece} - {0})
        times = {method: median_time(run, instance, args.repeat)
                 for method, run in methods.items()}
        ours = times["satpuzzle"]
        line = (f"{name:<18}{instance.rows:>3}x{instance.cols:<3}{colours:>8}"
                f"{show(ours, args.timeout):>13}")
        for method in list(methods)[1:]:
            other = times[method]
            ratio = f"{other / ours:8.2f}" if other is not None and ours else "       -"
            line += f"{show(other, args.timeout):>15}{ratio}"
        print(line, flush=True)
        if ours is not None and name.startswith("pieces_"):
            cells = instance.rows * instance.cols
            if largest is None or cells > largest[0]:
                largest = (cells, name, ours)
    if WINNERS:
        print("first answers in the race: "
              + ", ".join(f"{name} {count}" for name, count in sorted(WINNERS.items())))
    if largest:
        print(f"largest Brendan board solved within {args.timeout:.0f} s: {largest[1]} "
              f"({largest[2]:.1f} s)")


if __name__ == "__main__":
    main()
