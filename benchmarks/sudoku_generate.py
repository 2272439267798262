"""Sudoku generator throughput: puzzles per second of `satpuzzle generate sudoku`, as whole
processes and in this process.

    python benchmarks/sudoku_generate.py [--repeat 3] [--seeds 20] [--only NAME,...]
                                         [--json FILE]

Cases: 9×9 (default options, --minimal, each --difficulty from naked-single to search), 4×4,
6×6 (2×3 boxes), 12×12 (3×4), 16×16, Sudoku X and Killer 9×9.

- Whole process: `python -m satpuzzle generate sudoku ARGS --seed S`, start-up, generation,
  grading and the .puz text written included; the median of --repeat runs (seeds 0, 1, ...).
- In the library: `generator.generate` for --seeds seeds in a row in this process (no
  start-up): puzzles per second over them, and the median seconds per puzzle.

Every puzzle written is checked unique by the library (a count with limit 2). Not part of the
test suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import satpuzzle  # after the path set-up above
from satpuzzle.kinds.sudoku import generator

# name, command-line arguments, the same as generator.generate keywords
CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("9x9", [], {"size": 9}),
    ("9x9 --minimal", ["--minimal"], {"size": 9, "minimal": True}),
    *[(f"9x9 --difficulty {level}", ["--difficulty", level], {"size": 9, "difficulty": level})
      for level in ("naked-single", "hidden-single", "naked-pair", "locked-candidates",
                    "search")],
    ("4x4", ["--size", "4"], {"size": 4}),
    ("6x6 (2x3)", ["--size", "6"], {"size": 6}),
    ("12x12 (3x4)", ["--size", "12", "--box", "3x4"], {"size": 12, "box": (3, 4)}),
    ("16x16", ["--size", "16"], {"size": 16}),
    ("9x9 X --minimal", ["--diagonals", "--minimal"], {"size": 9, "variant": "x",
                                                       "minimal": True}),
    ("9x9 killer", ["--killer"], {"size": 9, "variant": "killer"}),
]


def whole_process(args: list[str], seed: int, timeout: float) -> tuple[float, str]:
    command = [sys.executable, "-m", "satpuzzle", "generate", "sudoku", *args,
               "--seed", str(seed)]
    started = time.perf_counter()
    done = subprocess.run(command, check=False, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
    return seconds, done.stdout


def in_library(keywords: dict[str, Any], seeds: int) -> tuple[float, float, str]:
    """(puzzles per second, median seconds per puzzle, the last grade)."""
    times, title = [], ""
    for seed in range(seeds):
        started = time.perf_counter()
        instance = generator.generate(seed=seed, **keywords)
        times.append(time.perf_counter() - started)
        if satpuzzle.count(instance, 2).count != 1:
            raise RuntimeError(f"{keywords} seed {seed}: not unique")
        title = instance.title or ""
    return len(times) / sum(times), statistics.median(times), title


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="whole-process runs per case")
    parser.add_argument("--seeds", type=int, default=20, help="in-library puzzles per case")
    parser.add_argument("--only", default=None, help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else None
    rows = []
    print(f"{'case':32} {'process median s':>16} {'process/s':>10} {'library/s':>10} "
          f"{'median s':>9}")
    for name, cli_args, keywords in CASES:
        if wanted is not None and name not in wanted:
            continue
        runs = [whole_process(cli_args, seed, args.timeout)[0] for seed in range(args.repeat)]
        rate, median, _ = in_library(keywords, args.seeds)
        process = statistics.median(runs)
        rows.append({"case": name, "process_median_s": process, "process_per_s": 1 / process,
                     "library_per_s": rate, "library_median_s": median})
        print(f"{name:32} {process:16.3f} {1 / process:10.2f} {rate:10.2f} {median:9.4f}",
              flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
