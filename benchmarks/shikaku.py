"""Shikaku benchmark: satpuzzle side by side with CP-SAT (benchmarks/baselines/cpsat.py), in
this process and as whole processes, on the generator's puzzles and on the puzzlekit/janko set.

    python benchmarks/shikaku.py [--sizes 50,100,200] [--seeds 1] [--unique] [--repeat 3]
                                 [--janko FILE] [--janko-sample 30] [--no-directory]
                                 [--no-process] [--timeout 300] [--json FILE]
                                 [--cbc-max SIZE] [--anneal-max SIZE]

Puzzles: per size, the generator's puzzles as `satpuzzle generate shikaku --size NxN --seed S`
makes them (seeds 0, 1, ...; with --unique, `--unique` ones); with --janko, every puzzle of
the puzzlekit Shikaku set (janko.at puzzles; its Shikaku_dataset.json), default
SHARED_DATA/shikaku/puzzlekit/Shikaku_dataset.json when present. Generation is not timed.

- In the library: satpuzzle through the solve pipeline as a user's program calls it
  (`pipeline.solve`, first solution, rule check on; benchmarks/product.py), from the parsed
  puzzle, the kind's caches cleared first so that candidate enumeration is charged to it;
  CP-SAT from the same parsed puzzle: its model built and solved with one worker (what
  `cpsat.solve` does, timed in two parts).
- Whole process: `python -m satpuzzle solve FILE` against `python
  benchmarks/baselines/shikaku_cpsat.py FILE` (start-up, reading FILE with the same reader,
  model, solve, rule check, the answer printed the same way), FILE being the .puz file the
  generator writes. On the janko set, --janko-sample puzzles spread over the sizes (the
  largest included), one process each, and (unless --no-directory) one process for the whole
  set, `satpuzzle solve DIR` against the CP-SAT runner on DIR.

Every measurement is repeated --repeat times with the two sides interleaved (their order
alternating from one repetition to the next); the tables give medians and the ratio
CP-SAT / satpuzzle (above 1: satpuzzle is faster). Every answer is checked by the rule
checker; on the janko set the first solution is also compared with the published one.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product  # after the path set-up above
from benchmarks.baselines import cpsat
from satpuzzle.checkers.shikaku import check
from satpuzzle.children import run_command
from satpuzzle.kinds.shikaku import KIND
from satpuzzle.kinds.shikaku import encoding as shikaku_encoding
from satpuzzle.kinds.shikaku import puzzle as shikaku

SHARED_JANKO = ROOT.parent / "shared" / "data" / "shikaku" / "puzzlekit" / "Shikaku_dataset.json"
CPSAT_RUNNER = ROOT / "benchmarks" / "baselines" / "shikaku_cpsat.py"


@dataclass
class Puzzle:
    name: str
    instance: shikaku.ShikakuInstance
    published: set[tuple[int, int, int, int]] | None = None  # the set's own solution
    file: Path | None = None


@dataclass
class Timings:
    """Seconds per repetition, per side and measure."""

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, key: str, seconds: float) -> None:
        self.values.setdefault(key, []).append(seconds)

    def median(self, key: str) -> float:
        return statistics.median(self.values[key]) if key in self.values else math.nan


# ---------------------------------------------------------------- puzzles


def generated(size: int, seed: int, unique: bool) -> Puzzle:
    """What `satpuzzle generate shikaku --size NxN --seed S [--unique]` writes."""
    instance = KIND.generate(size, size, seed, unique, {})
    return Puzzle(f"{size}x{size}#{seed}", instance)


def janko(path: Path) -> list[Puzzle]:
    """The puzzlekit dataset: {"data": {id: {"problem": "R C\\n rows", "solution": "R C\\n
    rows of region numbers"}}}, '-' an empty cell."""
    puzzles = []
    for name, item in json.loads(path.read_text())["data"].items():
        lines = item["problem"].strip("\n").split("\n")
        instance = shikaku.read_native("\n".join(lines[1:]), name, {})[0][0]
        if [instance.rows, instance.cols] != [int(v) for v in lines[0].split()]:
            raise SystemExit(f"{name}: the grid is not {lines[0]}")
        puzzles.append(Puzzle(name, instance, _regions(item.get("solution", ""))))
    return sorted(puzzles, key=lambda p: (p.instance.rows * p.instance.cols, p.name))


def _regions(text: str) -> set[tuple[int, int, int, int]] | None:
    """The published solution's rectangles (bounding boxes of its numbered regions)."""
    rows = [line.split() for line in text.strip("\n").split("\n")[1:]]
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(rows):
        for c, label in enumerate(row):
            cells.setdefault(label, []).append((r, c))
    if not cells:
        return None
    boxes = set()
    for members in cells.values():
        top, left = min(r for r, _ in members), min(c for _, c in members)
        boxes.add((top, left, max(r for r, _ in members) - top + 1,
                   max(c for _, c in members) - left + 1))
    return boxes


def write_files(puzzles: list[Puzzle], folder: Path) -> None:
    for number, puzzle in enumerate(puzzles):
        puzzle.file = folder / f"{number:04d}-{puzzle.name}.puz"
        puzzle.file.write_text(shikaku.to_puz(puzzle.instance))


def sample(puzzles: list[Puzzle], count: int) -> list[Puzzle]:
    """`count` puzzles spread evenly over the list (sorted by size), the largest included."""
    if count >= len(puzzles):
        return puzzles
    step = (len(puzzles) - 1) / max(1, count - 1)
    return [puzzles[round(i * step)] for i in range(count)]


# ---------------------------------------------------------------- one run of each side


def ours(puzzle: Puzzle) -> tuple[float, float]:
    """satpuzzle through the pipeline: (compile seconds, total seconds)."""
    shikaku.candidates.cache_clear()  # charge candidate enumeration and presolve to the run
    shikaku_encoding.reduced.cache_clear()
    run = product.run(puzzle.instance, limit=1)
    if not run.solutions or run.compiled is None:
        raise SystemExit(f"WRONG ANSWER: satpuzzle found no solution to {puzzle.name}")
    _verify(puzzle, run.solutions[0], "satpuzzle")
    return run.compiled, run.seconds


def theirs(puzzle: Puzzle) -> tuple[float, float]:
    """CP-SAT as `cpsat.solve` runs it, one worker: (model seconds, total seconds)."""
    started = time.perf_counter()
    built = cpsat._build(puzzle.instance, counting=False)
    modelled = time.perf_counter() - started
    solver = cpsat._solver(None, 1)
    status = solver.solve(built.model)
    total = time.perf_counter() - started
    if status not in (cpsat.cp_model.OPTIMAL, cpsat.cp_model.FEASIBLE):
        raise SystemExit(f"WRONG ANSWER: CP-SAT found no solution to {puzzle.name}")
    _verify(puzzle, built.decode(solver.value), "CP-SAT")
    return modelled, total


def cbc(puzzle: Puzzle) -> tuple[float, float]:
    """The seed's integer program (CBC through PuLP): (0, total seconds)."""
    from benchmarks.baselines import shikaku_ilp

    started = time.perf_counter()
    rects = shikaku_ilp.solve(puzzle.instance.rows, puzzle.instance.cols,
                              puzzle.instance.clues, 600)
    total = time.perf_counter() - started
    if rects is None:
        raise SystemExit(f"CBC found no solution to {puzzle.name} in 600 s")
    _verify(puzzle, [(None, *rect) for rect in rects], "CBC")
    return 0.0, total


def annealing(puzzle: Puzzle) -> tuple[float, float]:
    """The seed's simulated annealing: (0, total seconds); a failure is reported as 'inf'."""
    from benchmarks.baselines import shikaku_annealing

    instance = puzzle.instance
    started = time.perf_counter()
    rects, solved = shikaku_annealing.anneal(instance.rows, instance.cols, instance.clues)
    total = time.perf_counter() - started
    if not solved:
        return 0.0, math.inf
    _verify(puzzle, [(None, *rect) for rect in rects], "annealing")
    return 0.0, total


def _verify(puzzle: Puzzle, solution: Any, who: str) -> None:
    problems = check(puzzle.instance, solution)
    if problems:
        raise SystemExit(f"WRONG ANSWER from {who} on {puzzle.name}: {problems[:3]}")


def process(argv: list[str], timeout: float) -> float:
    """A whole process, timed from before it starts to after it has exited."""
    with tempfile.TemporaryDirectory(prefix="shikaku-bench-") as name:
        out, err = Path(name) / "out", Path(name) / "err"
        started = time.monotonic()
        code, killed = run_command(argv, out, err, timeout)
        seconds = time.monotonic() - started
        if killed or code != 0:
            raise SystemExit(f"{' '.join(argv)}: exit {code} ({'killed' if killed else ''})"
                             f" {err.read_text()[-300:]}")
    return seconds


def our_process(path: Path, timeout: float) -> float:
    return process([sys.executable, "-m", "satpuzzle", "solve", str(path)], timeout)


def their_process(path: Path, timeout: float) -> float:
    return process([sys.executable, str(CPSAT_RUNNER), str(path)], timeout)


# ---------------------------------------------------------------- interleaved repetitions


Side = Callable[[Puzzle], tuple[float, float]]


def in_library(puzzles: list[Puzzle], repeat: int,
               more: tuple[tuple[str, Side], ...] = ()) -> dict[str, Timings]:
    """Per puzzle, `repeat` runs of each side (and of the `more` baselines), interleaved."""
    found = {puzzle.name: Timings() for puzzle in puzzles}
    sides: list[tuple[str, Side]] = [("satpuzzle", ours), ("CP-SAT", theirs), *more]
    for rep in range(repeat):
        for puzzle in puzzles:
            for name, side in sides if rep % 2 == 0 else sides[::-1]:
                part, total = side(puzzle)
                found[puzzle.name].add(f"{name} model", part)
                found[puzzle.name].add(name, total)
    return found


def whole(targets: list[tuple[str, Path]], repeat: int, timeout: float) -> dict[str, Timings]:
    """Per (name, file or folder), `repeat` processes of each side, interleaved."""
    found = {name: Timings() for name, _ in targets}
    sides = [("satpuzzle", our_process), ("CP-SAT", their_process)]
    for rep in range(repeat):
        for name, path in targets:
            for side, run in sides if rep % 2 == 0 else sides[::-1]:
                found[name].add(side, run(path, timeout))
    return found


def first_solutions_agree(puzzles: list[Puzzle]) -> tuple[int, int, list[str]]:
    """How many puzzles have a published solution, how many of those satpuzzle's first
    solution equals, and the names of the others (a puzzle with several solutions, or a
    malformed published one)."""
    compared, same, other = 0, 0, []
    for puzzle in puzzles:
        if puzzle.published is None:
            continue
        compared += 1
        solutions = product.run(puzzle.instance, limit=1).solutions
        if solutions and {p[1:] for p in solutions[0]} == puzzle.published:
            same += 1
        else:
            other.append(puzzle.name)
    return compared, same, other


# ---------------------------------------------------------------- tables


def ratio(theirs_: float, ours_: float) -> str:
    return f"{theirs_ / ours_:.2f}" if ours_ > 0 else "n/a"


def library_table(rows: list[tuple[str, str, dict[str, Timings]]]) -> list[str]:
    lines = [("| puzzles | clues | satpuzzle (compile) s | CP-SAT (model) s "
              "| CP-SAT / satpuzzle | seed baselines |"), "| --- | --- | --- | --- | --- | --- |"]
    for label, clues, timings in rows:
        mine = sum(t.median("satpuzzle") for t in timings.values())
        mine_part = sum(t.median("satpuzzle model") for t in timings.values())
        their = sum(t.median("CP-SAT") for t in timings.values())
        their_part = sum(t.median("CP-SAT model") for t in timings.values())
        seeds = [f"{name} {sum(t.median(name) for t in timings.values()):.3f} s"
                 for name in ("CBC", "annealing")
                 if all(name in t.values for t in timings.values())]
        lines.append(f"| {label} | {clues} | {mine:.3f} ({mine_part:.3f}) | "
                     f"{their:.3f} ({their_part:.3f}) | {ratio(their, mine)} | "
                     f"{', '.join(seeds) or '-'} |")
    return lines


def process_table(rows: list[tuple[str, dict[str, Timings]]]) -> list[str]:
    lines = ["| puzzles | satpuzzle solve FILE s | CP-SAT process s | CP-SAT / satpuzzle |",
             "| --- | --- | --- | --- |"]
    for label, timings in rows:
        mine = sum(t.median("satpuzzle") for t in timings.values())
        their = sum(t.median("CP-SAT") for t in timings.values())
        lines.append(f"| {label} | {mine:.2f} | {their:.2f} | {ratio(their, mine)} |")
    return lines


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200")
    parser.add_argument("--seeds", type=int, default=1, help="generated puzzles per size")
    parser.add_argument("--unique", action="store_true", help="generate unique puzzles")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--janko", type=Path, default=SHARED_JANKO,
                        help="the puzzlekit Shikaku_dataset.json (skipped when absent)")
    parser.add_argument("--janko-sample", type=int, default=30,
                        help="janko puzzles run as one process each")
    parser.add_argument("--no-directory", action="store_true",
                        help="skip the one-process run over the whole janko set")
    parser.add_argument("--no-process", action="store_true", help="in the library only")
    parser.add_argument("--timeout", type=float, default=300.0, help="per process")
    parser.add_argument("--json", type=Path, help="write every measurement there")
    parser.add_argument("--cbc-max", type=int, default=0,
                        help="also the seed's ILP (CBC) up to this size (default: none)")
    parser.add_argument("--anneal-max", type=int, default=0,
                        help="also the seed's annealing up to this size (default: none)")
    args = parser.parse_args()
    if not cpsat.AVAILABLE:
        raise SystemExit("OR-Tools is not installed: pip install ortools")
    sizes = [int(size) for size in args.sizes.split(",") if size]
    generated_sets = [(size, [generated(size, seed, args.unique) for seed in range(args.seeds)])
                      for size in sizes]
    janko_set = janko(args.janko) if args.janko and args.janko.exists() else []
    if not janko_set:
        print(f"janko set: {args.janko} not found, skipped")
    record: dict[str, Any] = {"repeat": args.repeat}
    library_rows = []
    for size, puzzles in generated_sets:
        more = tuple(side for side, limit in ((("CBC", cbc), args.cbc_max),
                                              (("annealing", annealing), args.anneal_max))
                     if size <= limit)
        timings = in_library(puzzles, args.repeat, more)
        clues = "/".join(str(len(p.instance.clues)) for p in puzzles)
        library_rows.append((f"{size}x{size} generated ({len(puzzles)})", clues, timings))
        print(f"in the library: {size}x{size} done", flush=True)
    if janko_set:
        timings = in_library(janko_set, args.repeat)
        clues = str(sum(len(p.instance.clues) for p in janko_set))
        library_rows.append((f"janko set ({len(janko_set)}), sum", clues, timings))
        compared, same, other = first_solutions_agree(janko_set)
        print(f"janko: satpuzzle's first solution is the published one for {same} of "
              f"{compared}; the others: {', '.join(other)}")
        record["janko_published"] = {"compared": compared, "same": same, "other": other}
    print("\nIn the library (medians of the sums over puzzles):")
    print("\n".join(library_table(library_rows)))
    record["library"] = {label: {name: t.values for name, t in timings.items()}
                         for label, _, timings in library_rows}
    if not args.no_process:
        record["process"] = run_processes(args, generated_sets, janko_set)
    if args.json:
        args.json.write_text(json.dumps(record, indent=1))


def run_processes(args: argparse.Namespace, generated_sets: list[tuple[int, list[Puzzle]]],
                  janko_set: list[Puzzle]) -> dict[str, Any]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="shikaku-bench-") as name:
        folder = Path(name)
        for size, puzzles in generated_sets:
            write_files(puzzles, folder)
            targets = [(p.name, p.file) for p in puzzles if p.file is not None]
            rows.append((f"{size}x{size} generated ({len(puzzles)})",
                         whole(targets, args.repeat, args.timeout)))
            print(f"whole process: {size}x{size} done", flush=True)
        if janko_set:
            every = folder / "janko"
            every.mkdir()
            write_files(janko_set, every)
            chosen = sample(janko_set, args.janko_sample)
            targets = [(p.name, p.file) for p in chosen if p.file is not None]
            rows.append((f"janko sample ({len(chosen)}), one process each, sum",
                         whole(targets, args.repeat, args.timeout)))
            if not args.no_directory:
                rows.append((f"janko set ({len(janko_set)}), one process for all",
                             whole([("all", every)], args.repeat, args.timeout)))
    print("\nWhole process (medians, sums over puzzles):")
    print("\n".join(process_table(rows)))
    return {label: {name: t.values for name, t in timings.items()} for label, timings in rows}


if __name__ == "__main__":
    main()
