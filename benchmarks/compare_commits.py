"""Two checkouts of satpuzzle side by side, in one run: every workload of the benchmark
report's rows as a whole `satpuzzle` process of each, interleaved (A B A B ..., the order
swapped every round, so that a busy moment of the machine hits both), and the clause counts
of every bundled puzzle under each.

    python benchmarks/compare_commits.py OLD_CHECKOUT NEW_CHECKOUT [--runs 7] [--quick]

Each process runs `python -m satpuzzle ...` with PYTHONPATH set to its checkout; wall time
from before it starts to after it has exited, CPU time from the kernel's accounting of the
finished child (user + system); medians, the ratio new ÷ old of the medians for both, and
the load average before and after. A workload whose outputs differ between the two is
reported as such (it must not: the solutions are the same). Workloads that need the shared
data folder (`--data`, default `../shared/data` beside the checkout) are left out, saying
so, when it is absent. Prints Markdown on standard output.
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Workload:
    name: str
    args: list[str]  # satpuzzle's arguments
    needs: str | None = None  # a path under the data folder it reads
    stdin: str | None = None


@dataclass
class Timing:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    outputs: set[str] = field(default_factory=set)


def workloads(data: Path, scratch: Path, quick: bool) -> list[Workload]:
    """The report's rows, each as the command a user runs."""
    inst = ROOT / "instances"
    top1465 = data / "sudoku" / "puzzles3_magictour_top1465"
    head = scratch / "top1465-200.txt"
    if top1465.exists():
        lines = [line for line in top1465.read_text().splitlines()
                 if line.strip() and not line.startswith("#")]
        head.write_text("\n".join(lines[:200]) + "\n")
    hardest = data / "sudoku" / "puzzles6_forum_hardest_1106"
    hard = scratch / "hardest-200.txt"
    if hardest.exists():
        lines = [line for line in hardest.read_text().splitlines()
                 if line.strip() and not line.startswith("#")]
        hard.write_text("\n".join(lines[:200]) + "\n")
    latin = scratch / "latin5.puz"
    latin.write_text("sudoku {\n  box: 1x5\n  grid {\n" + " . . . . .\n" * 5 + "  }\n}\n")
    rows = [
        Workload("start-up: solve sudoku/classic.puz",
                 ["solve", str(inst / "sudoku/classic.puz")]),
        Workload("sudoku top1465 ×200, batch --unique", ["solve", str(head), "--unique"],
                 needs="sudoku/puzzles3_magictour_top1465"),
        Workload("sudoku forum hardest ×200, batch", ["solve", str(hard)],
                 needs="sudoku/puzzles6_forum_hardest_1106"),
        Workload("sudoku killer-9x9 --unique", ["solve", str(inst / "sudoku/killer-9x9.puz"),
                                                 "--unique"]),
        Workload("sudoku empty 9x9 (first solution)",
                 ["solve", str(inst / "sudoku/empty-9x9.puz")]),
        Workload("Latin 5x5 --count", ["solve", str(latin), "--count"]),
        Workload("shikaku codingame-20x20",
                 ["solve", str(inst / "shikaku/codingame-20x20.puz")]),
        Workload("hashi hashi-info-17x17 --unique",
                 ["solve", str(inst / "hashi/hashi-info-17x17.puz"), "--unique"]),
        Workload("hashi dailyprogrammer-7x7", ["solve", str(inst / "hashi/dailyprogrammer-7x7.puz")]),
        Workload("jigsaw fibonacci-4x20 --count", ["solve", str(inst / "jigsaw/fibonacci-4x20.puz"),
                                                   "--count"]),
        Workload("jigsaw generated-4x4 --engine sat --all",
                 ["solve", str(inst / "jigsaw/generated-4x4.puz"), "--engine", "sat", "--all"]),
        Workload("partition wikipedia --count", ["solve", str(inst / "partition/wikipedia.puz"),
                                                 "--count"]),
        Workload("1-in-3 SAT example --all", ["solve", str(inst / "one-in-three-sat/example.puz"),
                                              "--all"]),
        Workload("crossword seed-example --all", ["solve", str(inst / "crossword/seed-example.puz"),
                                                  "--all"]),
        Workload("verify partition-contour --random 10", ["verify", "partition-contour",
                                                         "--random", "10"]),
    ]
    if quick:
        rows = [row for row in rows if "200" not in row.name]
    return rows


def run_once(checkout: Path, workload: Workload, timeout: float) -> tuple[float, float, str]:
    env = dict(os.environ, PYTHONPATH=str(checkout))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "satpuzzle", *workload.args],
                            capture_output=True, text=True, env=env, timeout=timeout,
                            input=workload.stdin, cwd=checkout, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, f"exit {result.returncode}\n{result.stdout}"


def clause_counts(checkout: Path) -> dict[str, int]:
    """Clauses of the default encoding of every bundled .puz puzzle, under one checkout."""
    code = """
import json, sys
from pathlib import Path
import satpuzzle
counts = {}
for path in sorted(Path('instances').glob('*/*.puz')):
    try:
        instance = satpuzzle.load(str(path))[0]
        counts[str(path)] = satpuzzle.compile(instance).num_clauses
    except Exception as error:
        counts[str(path)] = -1
print(json.dumps(counts))
"""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env, cwd=checkout, timeout=600, check=False)
    import json

    return json.loads(result.stdout) if result.returncode == 0 else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--only", default="", metavar="WORDS",
                        help="comma-separated words: only the workloads whose name has one")
    parser.add_argument("--no-clauses", action="store_true", help="skip the clause table")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="compare-"))
    rows = workloads(args.data, scratch, args.quick)
    if args.only:
        words = args.only.split(",")
        rows = [row for row in rows if any(word in row.name for word in words)]
    load_before = os.getloadavg()
    print("| workload | old wall | new wall | new ÷ old wall | old CPU | new CPU | "
          "new ÷ old CPU | same output |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for workload in rows:
        if workload.needs and not (args.data / workload.needs).exists():
            print(f"| {workload.name} | left out: {workload.needs} is not in {args.data} "
                  "| | | | | | |")
            continue
        timings = {"old": Timing(), "new": Timing()}
        order = [("old", args.old), ("new", args.new)]
        run_once(args.old, workload, args.timeout)  # warm-up: caches, .pyc files
        run_once(args.new, workload, args.timeout)
        for round_number in range(args.runs):
            for label, checkout in (order if round_number % 2 == 0 else order[::-1]):
                wall, cpu, output = run_once(checkout, workload, args.timeout)
                timing = timings[label]
                timing.wall.append(wall)
                timing.cpu.append(cpu)
                timing.outputs.add(output)
        old, new = timings["old"], timings["new"]
        ow, nw = statistics.median(old.wall), statistics.median(new.wall)
        oc, nc = statistics.median(old.cpu), statistics.median(new.cpu)
        same = "yes" if old.outputs == new.outputs and len(old.outputs) == 1 else (
            "varies run to run" if len(old.outputs) > 1 or len(new.outputs) > 1 else "**no**")
        print(f"| {workload.name} | {ow * 1e3:.0f} ms | {nw * 1e3:.0f} ms | {nw / ow:.2f} | "
              f"{oc * 1e3:.0f} ms | {nc * 1e3:.0f} ms | {nc / oc:.2f} | {same} |", flush=True)
    load_after = os.getloadavg()
    print(f"\n{args.runs} runs each, medians; load average {load_before[0]:.2f} before, "
          f"{load_after[0]:.2f} after.\n")
    if args.no_clauses:
        return
    old_counts, new_counts = clause_counts(args.old), clause_counts(args.new)
    print("| bundled puzzle | old clauses | new clauses | new ÷ old |")
    print("| --- | ---: | ---: | ---: |")
    for path in sorted(old_counts.keys() & new_counts.keys()):
        old, new = old_counts[path], new_counts[path]
        ratio = f"{new / old:.3f}" if old > 0 and new >= 0 else "—"
        print(f"| {path} | {old} | {new} | {ratio} |")


if __name__ == "__main__":
    main()
