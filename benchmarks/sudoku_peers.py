"""9×9 batches with uniqueness decided for every puzzle, whole process, against compiled
solvers: `satpuzzle solve SET --unique` (one worker, and `--jobs 2`) side by side with peers
that ask for up to two solutions per puzzle, as the tdoku benchmarks do.

    python benchmarks/sudoku_peers.py --peer norvig=/path/to/norvig [--rounds 3]
        [--data ../shared/data/sudoku] [--sets puzzles6_forum_hardest_1106 ...]

A peer is any program taking the puzzle file as its one argument (`NAME=PATH`);
benchmarks/baselines/sudoku_limit2_driver.cc makes one of any solver with the tdoku
benchmarks' interface. The runs are interleaved (round 1 of every command on every set, then
round 2, ...) and the table gives medians of wall time, the ratio to the fastest peer, and the
peak resident memory of the largest process of each run (wait4). satpuzzle's output is checked:
one line per puzzle, each saying "unique" and the solution (the pipeline has rule-checked it).
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106"]


TIME = Path("/usr/bin/time")  # GNU time: a small C parent, so that the peak is the command's


def run(command: list[str], out: Path) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB of the largest process, exit status. The peak comes
    from GNU time where it is installed (wait4 from this process would count the Python
    process a fork copies before exec)."""
    peak_file = out.with_suffix(".peak")
    if TIME.exists():
        command = [str(TIME), "-f", "%M", "-o", str(peak_file), *command]
    started = time.monotonic()
    with open(out, "wb") as stdout:
        process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - started
    peak_kb = float(peak_file.read_text().split()[-1]) if TIME.exists() else usage.ru_maxrss
    return seconds, peak_kb / 1024, os.waitstatus_to_exitcode(status)


def puzzle_count(path: Path) -> int:
    with open(path, "rb") as file:
        return sum(1 for line in file if line.strip() and not line.startswith(b"#"))


def checked_answers(out: Path, expected: int) -> str:
    lines = out.read_text().splitlines()
    unique = sum(1 for line in lines if line.startswith("unique "))
    return "ok" if len(lines) == expected == unique else f"{unique}/{len(lines)} unique"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "sudoku")
    parser.add_argument("--sets", nargs="+", default=SETS)
    parser.add_argument("--peer", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    peers = dict(item.split("=", 1) for item in args.peer)
    commands = {"satpuzzle": [sys.executable, "-m", "satpuzzle", "solve", "{file}", "--unique"],
                "satpuzzle --jobs 2": [sys.executable, "-m", "satpuzzle", "solve", "{file}",
                                       "--unique", "--jobs", "2"],
                **{name: [path, "{file}"] for name, path in peers.items()}}
    times: dict[tuple[str, str], list[float]] = {}
    memory: dict[tuple[str, str], float] = {}
    notes: dict[tuple[str, str], str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out.txt"
        for _round in range(args.rounds):
            for name in args.sets:
                path = args.data / name
                for label, template in commands.items():
                    command = [str(path) if part == "{file}" else part for part in template]
                    seconds, peak, status = run(command, out)
                    key = (name, label)
                    times.setdefault(key, []).append(seconds)
                    memory[key] = max(memory.get(key, 0.0), peak)
                    if label.startswith("satpuzzle"):
                        notes[key] = (checked_answers(out, puzzle_count(path)) if status == 0
                                      else f"exit {status}")
    print(f"| set | command | median s | ratio to {'/'.join(peers) or 'peer'} | peak MB | "
          "answers |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in args.sets:
        best_peer = min((statistics.median(times[(name, p)]) for p in peers), default=None)
        for label in commands:
            median = statistics.median(times[(name, label)])
            ratio = f"{median / best_peer:.2f}" if best_peer else ""
            print(f"| {name} | {label} | {median:.2f} | {ratio} | {memory[(name, label)]:.0f} | "
                  f"{notes.get((name, label), '')} |")


if __name__ == "__main__":
    main()
