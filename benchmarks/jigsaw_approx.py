"""The jigsaw approximations of Behague (2024), §4.1 and §5.1, against their bounds and the
MaxSAT optimum, on random solvable boards (docs/APPROXIMATIONS.md quotes its tables).

    python -m benchmarks.jigsaw_approx [--seeds 5] [--maxsat-cells 36]
    python -m benchmarks.jigsaw_approx --cli [--seeds 3]

Each row: a board size and label count, means over the seeds of the bound α·total, what each
algorithm achieved (its minimum over the seeds too), the MaxSAT optimum where the board is
small enough, and the mean time of each."""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from statistics import mean, median

from satpuzzle.kinds import jigsaw
from satpuzzle.kinds.jigsaw import approx, maxsat
from satpuzzle.kinds.jigsaw.generation import generate
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

SIZES = [(3, 3), (4, 4), (5, 5), (6, 6), (4, 9), (7, 7), (10, 10), (13, 13), (20, 20)]


def timed(run: Callable[[JigsawInstance], int], instance: JigsawInstance) -> tuple[int, float]:
    start = time.perf_counter()
    score = run(instance)
    return score, time.perf_counter() - start


def row(name: str, scores: dict[str, list[tuple[int, float]]], bound: list[Fraction],
        total: int) -> str:
    cells = [name, str(total), f"{float(mean(bound)):.1f}"]
    for values in scores.values():
        if not values:
            cells.append("–")
            continue
        got = [score for score, _ in values]
        cells.append(f"{mean(got):.1f} (min {min(got)}), {mean(t for _, t in values):.3f} s")
    return "| " + " | ".join(cells) + " |"


def orientation_table(seeds: int, maxsat_cells: int) -> list[str]:
    lines = [("| board, labels | mn | bound α·mn | checkerboard 4.1 | frame 4.3 | blocks 4.4 "
              "| best, improved | MaxSAT optimum |"), "|" + "---|" * 8]
    for rows, cols in SIZES:
        for labels in (3, max(1, rows * cols // 2)):
            scores: dict[str, list[tuple[int, float]]] = {k: [] for k in (
                "check", "frame", "blocks", "best", "maxsat")}
            bound = []
            for seed in range(seeds):
                instance = generate(rows, cols, labels=labels, variant="orientation",
                                    seed=seed)
                best = approx.approx_orientation(instance)
                bound.append(best.bound)
                runs: dict[str, Callable[[JigsawInstance], int]] = {
                    "check": lambda i: approx.checkerboard(i).score,
                    "frame": lambda i: approx.frame_and_checkerboard(i).score,
                    "blocks": lambda i: approx.blocks_and_singles(i).score,
                    "best": lambda i: approx.approx_orientation(i).score}
                if rows * cols <= maxsat_cells:
                    runs["maxsat"] = lambda i: maxsat.max_valid(i).score
                for key, run in runs.items():
                    scores[key].append(timed(run, instance))
            lines.append(row(f"{rows}×{cols}, {labels}", scores, bound, rows * cols))
    return lines


def position_table(seeds: int, maxsat_cells: int) -> list[str]:
    lines = [("| board, labels | 2mn+m+n | bound α·total | paper's 5.2 | improved "
              "| MaxSAT optimum | MaxSAT, one label changed |"), "|" + "---|" * 7]
    for rows, cols in SIZES:
        for labels in (3, max(1, rows * cols // 2)):
            scores: dict[str, list[tuple[int, float]]] = {k: [] for k in (
                "paper", "improved", "maxsat", "broken")}
            bound = []
            for seed in range(seeds):
                instance = generate(rows, cols, labels=labels, variant="position", seed=seed)
                bound.append(approx.orient_by_path(instance).bound)
                scores["paper"].append(timed(lambda i: approx.orient_by_path(i).score,
                                             instance))
                scores["improved"].append(timed(lambda i: approx.approx_position(i).score,
                                                instance))
                if rows * cols <= maxsat_cells:
                    scores["maxsat"].append(timed(lambda i: maxsat.max_matched(i).score,
                                                  instance))
                    scores["broken"].append(timed(lambda i: maxsat.max_matched(i).score,
                                                  _broken(instance)))
            lines.append(row(f"{rows}×{cols}, {labels}", scores, bound,
                             approx.face_pairs(rows, cols)))
    return lines


def _broken(instance: JigsawInstance) -> JigsawInstance:
    """One non-zero label of the first piece changed to one found nowhere."""
    from dataclasses import replace

    first = list(instance.pieces[0])
    first[next(side for side in range(4) if first[side] != 0)] = 10_000
    pieces = ((first[0], first[1], first[2], first[3]), *instance.pieces[1:])
    return replace(instance, pieces=pieces)


CLI_ROWS = [("orientation", "approx-orientation", (6, 10, 20)),
            ("position", "approx-position", (6, 10, 20)),
            ("puzzle", "maxsat", (4, 5, 6)),
            ("position", "maxsat", (6, 10)),
            ("orientation", "maxsat", (5, 6))]
_SAID = re.compile(r"^satpuzzle: [a-z-]+: ([0-9,]+) of ([0-9,]+) ")


def cli_table(seeds: int) -> list[str]:
    """The engines as a user runs them: `satpuzzle solve FILE --engine E`, a whole process
    each, beside the library call that does the same work; what the engine's line on stderr
    says it reached, and that it is what the library reaches."""
    lines = [("| variant, engine | board | reached (CLI line) / total | the library's "
              "| whole process: wall, CPU | library call |"), "|" + "---|" * 6]
    with tempfile.TemporaryDirectory() as folder:
        for variant, engine, sizes in CLI_ROWS:
            for size in sizes:
                said, walls, cpus, calls, library = [], [], [], [], []
                total = 0
                for seed in range(seeds):
                    instance = generate(size, size, labels=3, variant=variant, seed=seed)
                    path = Path(folder) / f"{variant}-{size}-{seed}.puz"
                    path.write_text(jigsaw.KIND.to_puz(instance))
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    started = time.perf_counter()
                    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(path),
                                           "--engine", engine], capture_output=True, text=True,
                                          check=False)
                    walls.append(time.perf_counter() - started)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpus.append(after.ru_utime - before.ru_utime + after.ru_stime
                                - before.ru_stime)
                    match = next(filter(None, map(_SAID.match, done.stderr.splitlines())), None)
                    if match is None:
                        raise SystemExit(f"{engine} on {path.name}: {done.stderr.strip()}")
                    said.append(int(match.group(1).replace(",", "")))
                    total = int(match.group(2).replace(",", ""))
                    score, seconds = timed(_LIBRARY[(variant, engine)], instance)
                    library.append(score)
                    calls.append(seconds)
                lines.append(f"| {variant}, {engine} | {size}×{size} | {mean(said):.1f} / "
                             f"{total} | {mean(library):.1f} | {median(walls):.2f} s, "
                             f"{median(cpus):.2f} s | {median(calls):.3f} s |")
    return lines


_LIBRARY: dict[tuple[str, str], Callable[[JigsawInstance], int]] = {
    ("orientation", "approx-orientation"): lambda i: approx.approx_orientation(i).score,
    ("position", "approx-position"): lambda i: approx.approx_position(i).score,
    ("puzzle", "maxsat"): lambda i: maxsat.max_matched(i).score,
    ("position", "maxsat"): lambda i: maxsat.max_matched(i).score,
    ("orientation", "maxsat"): lambda i: maxsat.max_valid(i).score,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--maxsat-cells", type=int, default=36)
    parser.add_argument("--cli", action="store_true",
                        help="only the engines run as `satpuzzle solve --engine E` processes")
    args = parser.parse_args()
    if args.cli:
        print("\n".join(cli_table(args.seeds)))
        return
    print("PUZZLE-ORIENTATION: valid pieces\n")
    print("\n".join(orientation_table(args.seeds, args.maxsat_cells)))
    print("\nPUZZLE-POSITION: matched face pairs\n")
    print("\n".join(position_table(args.seeds, args.maxsat_cells)))


if __name__ == "__main__":
    main()
