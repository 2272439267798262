"""9×9 batches with uniqueness decided for every puzzle, whole process, against compiled
solvers: `satpuzzle solve SET --unique` (one worker; `--jobs 2` on request) side by side with
peers that ask for up to two solutions per puzzle, as the tdoku benchmarks do.

    python benchmarks/sudoku_peers.py --peer norvig=/path/to/norvig [--rounds 3]
        [--data ../shared/data/sudoku] [--sets puzzles6_forum_hardest_1106 ...] [--jobs2]
        [--first N] [--before LABEL=CHECKOUT]

A peer is any program taking the puzzle file as its one argument (`NAME=PATH`);
benchmarks/baselines/sudoku_limit2_driver.cc makes one of any solver with the tdoku
benchmarks' interface (docs/benchmarks/DETAILS.md, "Sudoku peers", says how Norvig's was
built). The runs are interleaved (round 1 of every command on every set, then round 2, ...),
and each run is timed three ways: wall time, CPU time (user + system of the process and its
children, from getrusage(RUSAGE_CHILDREN) around it), and the peak resident memory of its
largest process (GNU time's %M where installed: wait4 from here would count this Python
process, which the fork copies before exec). The table gives medians, the ratios to the
fastest peer in wall and in CPU time, and the load average over the rounds (the machine is
shared: the CPU ratio is the one a busy moment moves least). satpuzzle's output is checked:
one line per puzzle, each saying "unique" and the solution (the pipeline has rule-checked it).

    python benchmarks/sudoku_peers.py --api [--first 1000] [--rounds 3]

times the API half instead, in this process: the same puzzles through `satpuzzle.solve` one
at a time, through `pipeline.solve_batch` in process, and through a hand-written PySAT loop on
the same formula (one incremental CaDiCaL, the givens as assumptions, a blocking clause over
the puzzle's variables under a selector for the second solve), CPU time each.
Not part of the test suite.
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
SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106"]

TIME = Path("/usr/bin/time")  # GNU time: a small C parent, so that the peak is the command's


@dataclass
class Runs:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_mb: float = 0.0
    note: str = ""


def run(command: list[str], out: Path) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds (user + system, the process and its children), peak
    resident MB of the largest process, exit status."""
    peak_file = out.with_suffix(".peak")
    if TIME.exists():
        command = [str(TIME), "-f", "%M", "-o", str(peak_file), *command]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    with open(out, "wb") as stdout:
        process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak_kb = float(peak_file.read_text().split()[-1]) if TIME.exists() else usage.ru_maxrss
    return seconds, cpu, peak_kb / 1024, os.waitstatus_to_exitcode(status)


def puzzle_lines(path: Path, first: int | None) -> list[bytes]:
    with open(path, "rb") as file:
        lines = [line for line in file if line.strip() and not line.startswith(b"#")]
    return lines[:first] if first else lines


def checked_answers(out: Path, expected: int) -> str:
    lines = out.read_text().splitlines()
    unique = sum(1 for line in lines if line.startswith("unique "))
    return "ok" if len(lines) == expected == unique else f"{unique}/{len(lines)} unique"


def whole_processes(args: argparse.Namespace) -> None:
    peers = dict(item.split("=", 1) for item in args.peer)
    commands = {"satpuzzle": [sys.executable, "-m", "satpuzzle", "solve", "{file}", "--unique"]}
    if args.jobs2:
        commands["satpuzzle --jobs 2"] = [*commands["satpuzzle"], "--jobs", "2"]
    for item in args.before:  # another checkout's satpuzzle, run from there
        label, checkout = item.split("=", 1)
        commands[f"satpuzzle {label}"] = ["env", "--chdir", checkout, f"PYTHONPATH={checkout}",
                                          *commands["satpuzzle"]]
    commands.update({name: [path, "{file}"] for name, path in peers.items()})
    runs: dict[tuple[str, str], Runs] = {}
    loads: list[float] = []
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out.txt"
        files = {}
        for name in args.sets:  # the puzzles alone, one a line (the first N with --first)
            lines = puzzle_lines(args.data / name, args.first)
            files[name] = (Path(scratch) / name, len(lines))
            files[name][0].write_bytes(b"".join(lines))
        for _round in range(args.rounds):
            for name in args.sets:
                path, count = files[name]
                for label, template in commands.items():
                    loads.append(os.getloadavg()[0])
                    command = [str(path) if part == "{file}" else part for part in template]
                    wall, cpu, peak, status = run(command, out)
                    entry = runs.setdefault((name, label), Runs())
                    entry.wall.append(wall)
                    entry.cpu.append(cpu)
                    entry.peak_mb = max(entry.peak_mb, peak)
                    if label.startswith("satpuzzle"):
                        entry.note = (checked_answers(out, count) if status == 0
                                      else f"exit {status}")
                    print(f"round {_round + 1} {name} {label}: {wall:.2f} s wall, "
                          f"{cpu:.2f} s CPU, {peak:.0f} MB", file=sys.stderr)
    peer_names = "/".join(peers) or "peer"
    print(f"load average (1 min) over the runs: {min(loads):.1f} to {max(loads):.1f}, "
          f"median {statistics.median(loads):.1f}; {args.rounds} rounds, medians")
    print()
    print(f"| set | puzzles | command | wall s | CPU s | wall ÷ {peer_names} | "
          f"CPU ÷ {peer_names} | peak MB | answers |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for name in args.sets:
        best_wall = min((statistics.median(runs[(name, p)].wall) for p in peers), default=None)
        best_cpu = min((statistics.median(runs[(name, p)].cpu) for p in peers), default=None)
        for label in commands:
            entry = runs[(name, label)]
            wall, cpu = statistics.median(entry.wall), statistics.median(entry.cpu)
            wall_ratio = f"{wall / best_wall:.2f}" if best_wall else ""
            cpu_ratio = f"{cpu / best_cpu:.2f}" if best_cpu else ""
            print(f"| {name} | {files[name][1]} | {label} | {wall:.2f} | {cpu:.2f} | "
                  f"{wall_ratio} | {cpu_ratio} | {entry.peak_mb:.0f} | {entry.note} |")


def api_half(args: argparse.Namespace) -> None:
    """The API against a hand-written PySAT loop, in this process, CPU time, interleaved."""
    from pysat.solvers import Solver

    import satpuzzle
    from satpuzzle import loading, pipeline
    from satpuzzle.kinds.sudoku import batch

    path = args.data / "puzzles3_magictour_top1465"
    text = b"".join(puzzle_lines(path, args.first or 1000)).decode()
    instances = loading.load_text(text, "top1465.txt").instances
    formula, jobs = batch.encode_batch(instances)
    clauses = list(formula.all_clauses())
    puzzle_vars = formula.live_puzzle_vars()
    top = puzzle_vars[-1]

    def by_hand() -> int:
        """One incremental CaDiCaL, givens as assumptions, the second solve blocked on the
        puzzle variables under a selector: how many puzzles are unique."""
        solver = Solver(name="cadical195", bootstrap_with=clauses)
        selector = formula.num_vars
        unique = 0
        for job in jobs:
            assert solver.solve(assumptions=job.assumptions)
            model = solver.get_model()[:top]
            givens = set(job.assumptions)
            selector += 1
            solver.add_clause([-selector, *(-v for v in model if v > 0 and v not in givens)])
            unique += not solver.solve(assumptions=[*job.assumptions, selector])
            solver.add_clause([-selector])
        solver.delete()
        return unique

    def api_each() -> int:
        return sum(satpuzzle.unique(instance).verdict == "unique" for instance in instances)

    def api_batch() -> int:
        done = [event for event in pipeline.solve_batch(
            instances, pipeline.Request(limit=2, in_process=True))
            if isinstance(event, pipeline.Done)]
        return sum(event.count == 1 and event.complete for event in done)

    methods = {"hand-written PySAT loop": by_hand, "satpuzzle.unique, one at a time": api_each,
               "pipeline.solve_batch, in process": api_batch}
    cpu: dict[str, list[float]] = {name: [] for name in methods}
    loads = []
    for _round in range(args.rounds):
        for name, method in methods.items():
            loads.append(os.getloadavg()[0])
            started = time.process_time()
            unique = method()
            cpu[name].append(time.process_time() - started)
            assert unique == len(instances), (name, unique)
    base = statistics.median(cpu["hand-written PySAT loop"])
    print(f"{len(instances)} top1465 puzzles, {args.rounds} rounds, CPU medians; load "
          f"{min(loads):.1f} to {max(loads):.1f}")
    print("| method | CPU s | ms a puzzle | ÷ PySAT loop |")
    print("| --- | ---: | ---: | ---: |")
    for name in methods:
        median = statistics.median(cpu[name])
        print(f"| {name} | {median:.3f} | {1000 * median / len(instances):.3f} | "
              f"{median / base:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "sudoku")
    parser.add_argument("--sets", nargs="+", default=SETS)
    parser.add_argument("--peer", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--first", type=int, default=None, help="the first N puzzles of each")
    parser.add_argument("--jobs2", action="store_true", help="also `--jobs 2`")
    parser.add_argument("--before", action="append", default=[], metavar="LABEL=CHECKOUT",
                        help="also the satpuzzle of another checkout (a git worktree)")
    parser.add_argument("--api", action="store_true", help="the API half instead")
    args = parser.parse_args()
    if args.api:
        api_half(args)
    else:
        whole_processes(args)


if __name__ == "__main__":
    main()
