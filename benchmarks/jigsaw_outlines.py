"""Jigsaw pieces read from their outlines against the synthetic cutter's truth
(docs/BENCHMARKS.md, "Jigsaw pieces from outlines"), by board size and noise.

    python -m benchmarks.jigsaw_outlines [--sizes 4,6,10] [--noises 0,0.005,0.01]
        [--seeds 3] [--grouping pairs] [--descriptor arc] [--edge-classes K|auto]
        [--source svg] [--timeout 60] [--board-given]

Each row, means over the seeds: the adjusted Rand index of the side classes against the true
edges (tabs and blanks: two sides of an edge should share a class, no other side), the share
of true edges whose two sides got fitting labels, how many classes, the share of boards
rebuilt perfectly (every neighbour pair in place, up to a turn of the whole board), the mean
neighbour accuracy (0 for a board not solved), and the seconds spent reading the outlines,
finding corners and sides, grouping (the board read as `satpuzzle solve` reads it,
satpuzzle.kinds.jigsaw.board.board, less the sides' time), and solving. `--board-given`:
the board's size given, as `--board RxC` gives it."""

from __future__ import annotations

import argparse
import time
from statistics import mean

import satpuzzle
from satpuzzle.api import Timeout
from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw import board, cutter, outlines, sides


def adjusted_rand(truth: list[object], found: list[int]) -> float:
    """The adjusted Rand index of two labellings (Hubert and Arabie 1985)."""
    from collections import Counter
    from math import comb

    pairs = Counter(zip(truth, found))
    together = sum(comb(n, 2) for n in pairs.values())
    first = sum(comb(n, 2) for n in Counter(truth).values())
    second = sum(comb(n, 2) for n in Counter(found).values())
    total = comb(len(truth), 2)
    expected = first * second / total if total else 0.0
    most = (first + second) / 2
    return 1.0 if most == expected else (together - expected) / (most - expected)


def run(size: int, noise: float, seed: int, options: dict[str, object], source: str,
        timeout: float, given: bool = False) -> dict[str, float]:
    """One cut's row; `given`: the board's size given (as `--board RxC` gives it), not told
    from the flat sides."""
    cut = cutter.cut(size, size, seed=seed, noise=noise)
    data = {"svg": cut.svg, "png": cut.png, "json": cut.points_json}[source]()
    start = time.perf_counter()
    found = outlines.read(data, "<cut>")
    read_time = time.perf_counter() - start
    start = time.perf_counter()
    scale = sides.piece_size(found)
    try:
        for index, outline in enumerate(found):  # timed alone: board.board does it again
            sides.piece(outline, index, scale)
    except InputError:
        pass
    sides_time = time.perf_counter() - start
    start = time.perf_counter()
    try:  # the user's path: the board of these outlines as `satpuzzle solve` reads it
        instance = board.board(found, {**options, "board": (size, size) if given else None})
    except InputError:
        return {"read": read_time, "perfect": 0.0, "neighbours": 0.0, "ari": 0.0,
                "fitting": 0.0, "classes": 0.0, "sides": sides_time, "group": 0.0,
                "solve": 0.0}
    group_time = max(0.0, time.perf_counter() - start - sides_time)
    labels = instance.pieces
    order = cutter.matched(cut, found)
    truth: list[object] = []
    classes: list[int] = []
    by_edge: dict[cutter.Edge, list[int]] = {}
    for index, corners in enumerate(instance.corners):
        edges = cutter.side_edges(cut, order[index], corners)
        for side, edge in enumerate(edges):
            if edge is not None:
                truth.append(edge)
                classes.append(abs(labels[index][side]))
                by_edge.setdefault(edge, []).append(labels[index][side])
    fitting = mean(1.0 if len(pair) == 2 and pair[0] == -pair[1] != 0 else 0.0
                   for pair in by_edge.values())
    start = time.perf_counter()
    try:
        solution = satpuzzle.solve(instance, timeout=timeout)
    except Timeout:
        solution = None
    solve_time = time.perf_counter() - start
    accuracy = 0.0
    if solution is not None:
        placed = [[None if cell is None else order[cell[0]] for cell in row] for row in solution]
        accuracy = cutter.neighbour_accuracy(cut, placed)
    return {"read": read_time, "sides": sides_time, "group": group_time, "solve": solve_time,
            "ari": adjusted_rand(truth, classes), "fitting": fitting,
            "classes": len(set(classes)), "perfect": float(accuracy == 1.0),
            "neighbours": accuracy}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="4,6,10")
    parser.add_argument("--noises", default="0,0.0025,0.005,0.01,0.02")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--grouping", default="pairs")
    parser.add_argument("--descriptor", default="arc")
    parser.add_argument("--edge-classes", default=None, help="k for --grouping kmeans, or auto")
    parser.add_argument("--source", default="svg", choices=("svg", "png", "json"))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--board-given", action="store_true",
                        help="the board's size given, as --board RxC gives it")
    args = parser.parse_args()
    options: dict[str, object] = {"grouping": args.grouping, "descriptor": args.descriptor,
                                  "edge_classes": args.edge_classes}
    print(f"grouping {args.grouping}, descriptor {args.descriptor}, edge classes "
          f"{args.edge_classes or 'default'}, source {args.source}, {args.seeds} seeds"
          f"{', board size given' if args.board_given else ''}")
    print("| board | noise | ARI | edges fitting | classes | perfect | neighbours | read s "
          "| sides s | group s | solve s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for size in map(int, args.sizes.split(",")):
        for noise in map(float, args.noises.split(",")):
            rows = [run(size, noise, seed, options, args.source, args.timeout,
                        args.board_given)
                    for seed in range(1, args.seeds + 1)]
            m = {key: mean(row[key] for row in rows) for key in rows[0]}
            print(f"| {size}×{size} | {noise:g} | {m['ari']:.3f} | {m['fitting']:.3f} | "
                  f"{m['classes']:.0f} | {m['perfect']:.2f} | {m['neighbours']:.3f} | "
                  f"{m['read']:.2f} | {m['sides']:.2f} | {m['group']:.2f} | "
                  f"{m['solve']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
