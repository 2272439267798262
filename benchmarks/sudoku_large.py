"""Large Sudoku orders: `satpuzzle solve FILE` (whole processes) under each pruning level
against CP-SAT (one worker) on the same puzzles.

    python benchmarks/sudoku_large.py [--data ../shared/data/sudoku] [--seeds 5]
        [--orders 6,7] [--gecode 18] [--prune none,locked,matching] [--cpu-limit 30]

The puzzles: `suites.generated_sudoku(order, 0.5, seed)` (half the cells given, several
solutions likely) for each order and seed, and the Gecode examples of box order 5 (25×25),
each written to a .puz file. Each puzzle is run by every method in turn (interleaved), each
run a process of its own, with a CPU-time limit (RLIMIT_CPU, so that a loaded machine does
not turn a wall-clock limit into a smaller budget) and a wall-clock limit of 10× that; wall
and CPU time (getrusage of the children) are recorded, and the load average at the start
and end. Every answer is checked: satpuzzle checks its own with the rule checker, CP-SAT's
is checked here by the same checker. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.suites import gecode_sudokus, generated_sudoku
from satpuzzle.kinds.sudoku.puzzle import to_puz

CPSAT_CHILD = """
import sys
sys.path.insert(0, {root!r})
from satpuzzle.loading import load
from benchmarks.baselines import cpsat
from satpuzzle.checkers.sudoku import violations
instance = load(sys.argv[1]).instances[0]
status, grid = cpsat.solve(instance, workers=1)
if grid is not None and violations(instance.givens, instance.box_rows, instance.box_cols, grid):
    sys.exit(4)
sys.exit(0 if status == "solved" else 1)
"""


def puzzles(data: Path, orders: list[int], seeds: int, gecode: int,
            folder: Path) -> list[tuple[str, Path]]:
    """(label, .puz file) for every puzzle of the run."""
    chosen = []
    for order in orders:
        for seed in range(seeds):
            chosen.append((f"gen{order * order}#{seed}", generated_sudoku(order, 0.5, seed)))
    tsv = data / "gecode_sudoku_examples.tsv"
    if gecode and tsv.exists():
        for number, instance in enumerate(gecode_sudokus(tsv, 5, gecode)):
            chosen.append((f"gecode25#{number}", instance))
    elif gecode:
        print(f"{tsv} missing: no Gecode 25x25 puzzles")
    files = []
    for label, instance in chosen:
        path = folder / (label.replace("#", "_") + ".puz")
        path.write_text(to_puz(instance))
        files.append((label, path))
    return files


def run(command: list[str], cpu_limit: float) -> tuple[str, float, float]:
    """(outcome, wall s, CPU s of the process and its children) of one whole process."""
    def limit() -> None:
        seconds = max(1, int(cpu_limit))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=cpu_limit * 10, preexec_fn=limit, check=False)
        code: int | None = done.returncode
        if code == 4 and b"killed by SIG" in done.stderr:
            code = None  # satpuzzle's solving child met the CPU limit (SIGXCPU, SIGKILL)
    except subprocess.TimeoutExpired:
        code = None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if code is None or code < 0 or code == 3:
        outcome = "limit"  # out of CPU time (SIGXCPU), wall clock, or gave up
    else:
        outcome = {0: "solved", 1: "none"}.get(code, f"exit {code}")  # 4: wrong or a bug
    return outcome, wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "sudoku"))
    parser.add_argument("--orders", default="6,7")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--gecode", type=int, default=18)
    parser.add_argument("--prune", default="none,locked,matching")
    parser.add_argument("--cpu-limit", type=float, default=30.0)
    parser.add_argument("--no-cpsat", action="store_true")
    args = parser.parse_args()
    levels = [level for level in args.prune.split(",") if level]
    methods = [(f"satpuzzle prune={level}",
                [sys.executable, "-m", "satpuzzle", "solve", "{file}", "--encoding",
                 f"prune={level}"]) for level in levels]
    with tempfile.TemporaryDirectory() as folder:
        child = Path(folder) / "cpsat_child.py"
        child.write_text(CPSAT_CHILD.format(root=str(ROOT)))
        if not args.no_cpsat:
            methods.append(("CP-SAT 1 worker", [sys.executable, str(child), "{file}"]))
        files = puzzles(Path(args.data), [int(o) for o in args.orders.split(",") if o],
                        args.seeds, args.gecode, Path(folder))
        print(f"load average at start: {os.getloadavg()}; CPU limit {args.cpu_limit:g} s")
        results: dict[str, dict[str, list[tuple[str, float, float]]]] = {}
        for label, path in files:
            group = label.split("#")[0]
            cells = []
            for name, command in methods:
                outcome, wall, cpu = run([str(path) if part == "{file}" else part
                                          for part in command], args.cpu_limit)
                results.setdefault(group, {}).setdefault(name, []).append((outcome, wall, cpu))
                cells.append(f"{name}: {outcome} {wall:.1f} s wall {cpu:.1f} s CPU")
            print(f"{label}: " + " | ".join(cells), flush=True)
        print(f"load average at end: {os.getloadavg()}")
        for group, by_method in results.items():
            for name, runs in by_method.items():
                solved = [r for r in runs if r[0] == "solved"]
                cpu = statistics.median(r[2] for r in runs)
                print(f"{group} {name}: solved {len(solved)}/{len(runs)}, median CPU "
                      f"{cpu:.1f} s (a run at the limit counts as the limit), median wall "
                      f"{statistics.median(r[1] for r in runs):.1f} s")


if __name__ == "__main__":
    main()
