"""Work on a Dask cluster against --jobs on this machine (docs/CLUSTER.md).

Whole-process timings of the `satpuzzle` command, the configurations interleaved run by run,
median of --runs: `--jobs 1`, `--jobs 2`, and `--cluster ADDRESS` of a LocalCluster of two
single-threaded worker processes on 127.0.0.1 started once beforehand (as a user's cluster is
up before the command runs; its start-up is measured apart). Every run's stdout is compared
with the `--jobs 1` run's: the figures are for identical output.

    python -m benchmarks.cluster                 # everything (about 20 minutes on 2 cores)
    python -m benchmarks.cluster --only overhead,brendan --runs 1

Workloads: the shared Sudoku sets (one-line batches), the Coelho et al. (2019) Hashi set (one
directory per size), `generate shikaku --unique --count N`, the cluster's per-task overhead
(tasks that do nothing but start their process), and the per-cube rates of a Brendan 8×8
edge-matching board under --split (each cube solved alone within a time limit).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"

SUDOKU_SETS = ["top95.txt", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106",
               "puzzles2_17_clue"]
HASHI_SETS = ["100", "200", "300", "400"]


def command(*args: object) -> tuple[float, str, int]:
    """Seconds, stdout and exit status of one `python -m satpuzzle ARGS` run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "satpuzzle", *map(str, args)],
                          capture_output=True, text=True, env=env, check=False)
    return time.perf_counter() - started, done.stdout, done.returncode


def compare(name: str, args: list[object], configs: dict[str, list[str]], runs: int,
            items: int) -> dict[str, float]:
    """Interleaved runs of every configuration; medians, throughput, identical output."""
    times: dict[str, list[float]] = {config: [] for config in configs}
    reference = None
    for _ in range(runs):
        for config, extra in configs.items():
            seconds, stdout, status = command(*args, *extra)
            if reference is None:
                reference = (stdout, status)
            same = (stdout, status) == reference
            if not same:
                print(f"  {name}: {config} output DIFFERS from the first run", flush=True)
            times[config].append(seconds)
    medians = {config: statistics.median(values) for config, values in times.items()}
    base = medians[next(iter(configs))]
    for config, median in medians.items():
        print(f"  {name:34} {config:10} {median:8.2f} s  {items / median:9.1f} items/s  "
              f"x{base / median:4.2f}  (runs: {', '.join(f'{t:.2f}' for t in times[config])})",
              flush=True)
    return medians


def start_cluster(workers: int = 2):
    import distributed

    started = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                       silence_logs=logging.ERROR)
    print(f"LocalCluster of {workers} worker processes up in "
          f"{time.perf_counter() - started:.2f} s ({cluster.scheduler_address})", flush=True)
    return cluster


def count_lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.strip() and not line.startswith(b"#"))


def sudoku(configs: dict[str, list[str]], runs: int, names: list[str]) -> None:
    print("Sudoku, shared sets (one-line batches, one solution each):", flush=True)
    for name in names:
        path = DATA / "sudoku" / name
        if path.exists():
            compare(name, ["solve", path], configs, runs, count_lines(path))


def hashi(configs: dict[str, list[str]], runs: int, names: list[str]) -> None:
    print("Hashi, Coelho et al. 2019 (a directory of 360 puzzles per size):", flush=True)
    for name in names:
        path = DATA / "hashi" / "coelho2019" / name
        if path.exists():
            compare(f"coelho2019/{name}", ["solve", "--kind", "hashi", path], configs, runs,
                    len(list(path.glob("*.has"))))


def generation(configs: dict[str, list[str]], runs: int, count: int) -> None:
    print(f"generate shikaku 10x10 --unique --count {count}:", flush=True)
    compare(f"shikaku x{count}", ["generate", "shikaku", "--unique", "--count", count],
            configs, runs, count)


def overhead(address: str, tasks: int = 400) -> None:
    """The cluster path's cost per task: `tasks` tasks that each fork their process and
    return nothing, through satpuzzle.cluster.run_chunks as every --cluster run submits them;
    against the same number of forked children on this machine (satpuzzle.children)."""
    import distributed

    from satpuzzle import children, cluster
    from satpuzzle.pipeline import Request

    with distributed.Client(address, set_as_default=False) as client:
        for _ in range(2):  # the first round warms the workers up
            started = time.perf_counter()
            results = list(cluster.run_chunks(client, nothing, list(range(tasks)), Request()))
            seconds = time.perf_counter() - started
        assert len(results) == tasks and all(tag == "done" for _, (tag, _v) in results)
    started = time.perf_counter()
    for first in range(0, tasks, 2):
        list(children.stream([_send_none, _send_none]))
    local = time.perf_counter() - started
    print(f"per-task overhead: {tasks} empty tasks on 2 workers in {seconds:.2f} s = "
          f"{1000 * seconds / tasks * 2:.1f} ms of a worker per task "
          f"({1000 * seconds / tasks:.1f} ms wall per task); the same forks here, two at a "
          f"time: {1000 * local / tasks * 2:.1f} ms per child", flush=True)


def nothing(chunk: object, request: object) -> list[object]:
    return [chunk]


def _send_none(send) -> None:
    send(None)


def brendan(seconds: float, cubes: int, sample: int) -> None:
    """Per-cube rates of a Brendan 8×8 board: `sample` of its `cubes` cubes, each solved
    alone for at most `seconds` on one worker (the pipeline's solve under the cube)."""
    from dataclasses import replace

    from satpuzzle.loading import load
    from satpuzzle.pipeline import Done, Found, Request, solve_each, split_cubes

    path = DATA / "jigsaw" / "brendan" / "pieces_08x08.txt"
    if not path.exists():
        print(f"brendan: {path} is absent", flush=True)
        return
    instance = load(str(path), "jigsaw", {}).instances[0]
    made = split_cubes(instance, Request(limit=1), cubes)
    step = max(1, len(made) // sample)
    chosen = made[::step][:sample]
    print(f"Brendan 8x8 (pieces_08x08.txt): {len(made)} cubes of depth "
          f"{min(map(len, made))}-{max(map(len, made))}; {len(chosen)} of them, each alone "
          f"for at most {seconds:g} s, two at a time:", flush=True)
    outcomes = []
    for first in range(0, len(chosen), 2):
        pair = chosen[first:first + 2]
        request = replace(Request(limit=1), deadline=time.monotonic() + seconds)
        started = time.perf_counter()
        answered = {part.index: part for part in
                    solve_each([instance] * len(pair), request, 2, pair)}
        elapsed = time.perf_counter() - started
        for index in range(len(pair)):
            part = answered.get(index)
            found = part is not None and any(isinstance(e, Found) for e in part.events)
            done = part is not None and any(isinstance(e, Done) and e.complete
                                            for e in part.events)
            outcome = "solved" if found else "refuted" if done else "open"
            outcomes.append(outcome)
            print(f"  cube {first + index + 1}: {outcome} ({elapsed:.1f} s for the pair)",
                  flush=True)
    print(f"  summary: {outcomes.count('solved')} solved, {outcomes.count('refuted')} "
          f"refuted, {outcomes.count('open')} open after {seconds:g} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="sudoku,hashi,generate,overhead,brendan")
    parser.add_argument("--generate", type=int, default=10_000, metavar="N")
    parser.add_argument("--cube-seconds", type=float, default=60.0)
    parser.add_argument("--cubes", type=int, default=256)
    parser.add_argument("--cube-sample", type=int, default=8)
    parser.add_argument("--sudoku", default=",".join(SUDOKU_SETS), metavar="FILES")
    parser.add_argument("--hashi", default=",".join(HASHI_SETS), metavar="SIZES")
    args = parser.parse_args()
    only = set(args.only.split(","))
    cluster = start_cluster() if only & {"sudoku", "hashi", "generate", "overhead"} else None
    try:
        configs = {"jobs 1": ["--jobs", "1"], "jobs 2": ["--jobs", "2"]}
        if cluster is not None:
            configs["cluster 2"] = ["--cluster", cluster.scheduler_address]
        if "sudoku" in only:
            sudoku(configs, args.runs, args.sudoku.split(","))
        if "hashi" in only:
            hashi(configs, args.runs, args.hashi.split(","))
        if "generate" in only:
            generation(configs, args.runs, args.generate)
        if "overhead" in only:
            overhead(cluster.scheduler_address)
    finally:
        if cluster is not None:
            cluster.close()
    if "brendan" in only:
        brendan(args.cube_seconds, args.cubes, args.cube_sample)


if __name__ == "__main__":
    main()
