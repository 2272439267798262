"""Behague (2024), §5.2: the claims about Algorithm 1 (constraint propagation for
PUZZLE-POSITION) measured.

    python benchmarks/jigsaw_claims.py [--max-n 20] [--seeds 20] [--sizes 4x4,6x6,8x8,10x10]

1. The §5.2.3 family (`fibonacci_family` below, also used by the tests): for each n the
   instance is written to a temporary .puz file and counted by the command line,
   `python -m satpuzzle solve FILE --count` (wall time of the whole process), next to the
   paper's F(n − 2), our F(n − 1) and Algorithm 1's status.
2. Algorithm 1 against SAT on random position puzzles (generation.generate, labels 1..3) and
   a perturbed copy of each (one label negated): how often Algorithm 1 solves, gets stuck or
   proves unsat, whether any verdict contradicts SAT (must be 0), median times. Algorithm 1
   is the object of the claim: it is called directly (satpuzzle.kinds.jigsaw.propagation) to
   read its verdict, and its column is the algorithm's own time, not a satpuzzle figure. The
   SAT column is the product path: `--engine sat` through the solve pipeline in this process
   (compile, first solution, rule check; benchmarks/product.py).
Prints Markdown tables. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import product
from satpuzzle.checkers.jigsaw import check
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.propagation import propagate

# ---------------------------------------------------------------- the Fibonacci family (§5.2.3)

INNER, SPECIAL, FRAME = 1, 2, 3  # i, j of the interior pieces; the label between frame pieces


def fibonacci(k: int) -> int:
    """F(k) with F(0) = 0, F(1) = 1."""
    a, b = 0, 1
    for _ in range(k):
        a, b = b, a + b
    return a


def family_count(n: int) -> int:
    """The number of boards of fibonacci_family(n): domino tilings of the 2×(n − 2) interior,
    T(1) = 1, T(2) = 2, T(m) = T(m − 1) + T(m − 2), so F(n − 1)."""
    return fibonacci(n - 1)


def fibonacci_family(n: int) -> jigsaw.JigsawInstance:
    """The 4×n position instance of Behague (2024), §5.2.3 (its figure 18 is missing from the
    text: designed here, see docs/REDUCTIONS.md): interior cell (r, c) holds (1, 1, 1, 2) when
    r + c is even and (−1, −1, −1, −2) otherwise (listed so); frame pieces show 0 outside,
    ±3 between frame pieces and the fitting ∓1 towards the interior, so that 2 can only face
    −2 inside the interior; frame pieces are listed turned (r + c) mod 4 quarter turns."""
    if n < 3:
        raise ValueError(f"the family needs an interior: n ≥ 3, not {n}")
    rows, cols = 4, n
    pieces = []
    for r in range(rows):
        for c in range(cols):
            if _interior(r, c, cols):
                pieces.append(_interior_piece(r, c))
            else:
                look = tuple(_frame_label(r, c, side, rows, cols) for side in range(4))
                pieces.append(jigsaw.rotated(look, r + c))  # type: ignore[arg-type]
    title = f"Fibonacci family 4x{n} (Behague 2024, 5.2.3): {family_count(n)} solutions"
    return jigsaw.JigsawInstance(rows, cols, tuple(pieces), "position", "opposite", "zero", title)


def _interior(r: int, c: int, cols: int) -> bool:
    return 1 <= r <= 2 and 1 <= c <= cols - 2


def _interior_piece(r: int, c: int) -> jigsaw.Piece:
    sign = 1 if (r + c) % 2 == 0 else -1
    return (sign * INNER, sign * INNER, sign * INNER, sign * SPECIAL)


def _frame_label(r: int, c: int, side: int, rows: int, cols: int) -> int:
    dr, dc = jigsaw.STEPS[side]
    r2, c2 = r + dr, c + dc
    if not (0 <= r2 < rows and 0 <= c2 < cols):
        return 0
    if _interior(r2, c2, cols):
        return -_interior_piece(r2, c2)[0]
    return FRAME if side in (jigsaw.RIGHT, jigsaw.BOTTOM) else -FRAME


def cli_count(path: Path) -> tuple[int, float]:
    """The CLI's --count answer and the wall time of the whole process."""
    done = product.command(["solve", str(path), "--count"])
    if done.code not in (0, 1) or not done.stdout.strip().isdigit():
        raise SystemExit(f"satpuzzle failed on {path}: {done.stderr.strip()}")
    return int(done.stdout), done.seconds


def family_table(max_n: int) -> None:
    print("| n | boards (`--count`) | paper F(n−2) | F(n−1) | Algorithm 1 | CLI time (s) |")
    print("|---:|---:|---:|---:|:---|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for n in range(3, max_n + 1):
            instance = fibonacci_family(n)
            path = Path(folder) / f"fibonacci-4x{n}.puz"
            path.write_text(jigsaw.to_puz(instance))
            count, elapsed = cli_count(path)
            status = propagate(instance).status
            print(f"| {n} | {count} | {fibonacci(n - 2)} | {fibonacci(n - 1)} | {status} | "
                  f"{elapsed:.2f} |")


def negated_label(instance: jigsaw.JigsawInstance, seed: int) -> jigsaw.JigsawInstance:
    """The instance with one nonzero label negated (usually unsolvable)."""
    rng = random.Random(seed)
    pieces = list(instance.pieces)
    index, side = rng.choice([(i, s) for i, piece in enumerate(pieces)
                              for s in range(4) if piece[s]])
    labels = list(pieces[index])
    labels[side] = -labels[side]
    pieces[index] = tuple(labels)  # type: ignore[call-overload]
    return jigsaw.JigsawInstance(instance.rows, instance.cols, tuple(pieces), "position")


def compare(instance: jigsaw.JigsawInstance, tally: Counter[str],
            times: dict[str, list[float]]) -> None:
    start = time.perf_counter()
    result = propagate(instance)
    times["alg1"].append(time.perf_counter() - start)
    solution, seconds, _run = product.first(instance, engine="sat")
    times["sat"].append(seconds)
    tally[result.status] += 1
    tally["sat"] += solution is not None
    wrong = ((result.status == "solved" and check(instance, result.board))
             or (result.status == "unsat" and solution is not None))
    tally["contradictions"] += bool(wrong)


def random_table(sizes: list[tuple[int, int]], seeds: int) -> None:
    print("| board | labels | instances | solved | stuck | unsat | SAT: solvable | "
          "contradictions | Alg. 1 itself, median (ms) | satpuzzle --engine sat, median (ms) |")
    print("|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rows, cols in sizes:
        for labels in (1, 2, 3):
            tally: Counter[str] = Counter()
            times: dict[str, list[float]] = {"alg1": [], "sat": []}
            for seed in range(seeds):
                made = jigsaw_generation.generate(rows, cols, labels=labels, variant="position",
                                       seed=seed)
                for instance in (made, negated_label(made, seed)):
                    compare(instance, tally, times)
            print(f"| {rows}×{cols} | {labels} | {2 * seeds} | {tally['solved']} | "
                  f"{tally['stuck']} | {tally['unsat']} | {tally['sat']} | "
                  f"{tally['contradictions']} | {1000 * statistics.median(times['alg1']):.2f} "
                  f"| {1000 * statistics.median(times['sat']):.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-n", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=20, help="random instances per row")
    parser.add_argument("--sizes", default="4x4,6x6,8x8,10x10")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in size.split("x")) for size in args.sizes.split(",")]
    print("## §5.2.3: the 4×n family\n")
    family_table(args.max_n)
    print("\n## Algorithm 1 against SAT (random position puzzles + one negated label each)\n")
    random_table(sizes, args.seeds)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
