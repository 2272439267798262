"""Certified uniqueness (issue 31): what proving "unique" costs on a file of one-line puzzles.

    python benchmarks/certify.py FILE [FILE ...] [--workers N] [--dratify] [--json OUT]
    python benchmarks/certify.py FILE [FILE ...] --whole RUNS [--count] [--json OUT]

With --whole: the whole `satpuzzle solve FILE --unique` process (`--count` with --count)
beside the same with `--certify`, RUNS times each, interleaved (so that a busy moment of the
shared machine hits both); per file the medians of wall and CPU time (user + system, the
process and its children) of each, their ratios, the load average over the runs, and the
certified run's last line. Otherwise:

For each file (e.g. ../shared/data/sudoku/top95.txt): the puzzles solved as `solve --unique`
solves a batch (one formula, a job per puzzle, limit 2), then every puzzle's "unique" claim
certified by satpuzzle.certify.certify_each (one child process per worker): each puzzle's
formula compiled with its givens as clauses, its answer found again and blocked, the rest
refuted by CaDiCaL with an LRAT proof, the proof checked by satpuzzle/checkers/lrat.py
(and, with --dratify, its DRAT form by dratify). Printed: the batch solve's time, the
certification's total, and per puzzle the medians and maxima of the proving time (finding
the answer and the proof), the checking time, the proof's lines and bytes; and the load
average, since the machine is shared. Every claim must be certified. Not part of the test
suite.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from satpuzzle import certify
from satpuzzle.loading import load
from satpuzzle.pipeline import Found, Request, solve_batch


def measure(path: str, workers: int, dratify: bool) -> dict[str, object]:
    instances = load(path).instances
    started = time.perf_counter()
    found: dict[int, list] = {}
    for event in solve_batch(instances, Request(limit=2)):
        if isinstance(event, Found):
            found.setdefault(event.index, []).append(event.solution)
    solve_seconds = time.perf_counter() - started
    claims = [certify.Claim(instance, found.get(index, []))
              for index, instance in enumerate(instances)]
    checkers = certify.CHECKERS if dratify else (certify.LRAT_CHECKER,)
    started = time.perf_counter()
    results = dict(certify.certify_each(claims, Request(),
                                        certify.ProofOptions(checkers=checkers), workers))
    certify_seconds = time.perf_counter() - started
    refused = [f"{index}: {c.reason}" for index, c in results.items() if not c.certified]
    if refused:
        raise SystemExit(f"{path}: not certified: {refused[:3]}")
    certificates = list(results.values())

    def spread(values: list[float]) -> dict[str, float]:
        return {"median": statistics.median(values), "max": max(values)}

    row: dict[str, object] = {
        "file": os.path.basename(path), "puzzles": len(instances), "workers": workers,
        "solve_seconds": solve_seconds, "certify_seconds": certify_seconds,
        "prove_ms": spread([c.prove_seconds * 1000 for c in certificates]),
        "lrat_check_ms": spread([c.checks[0].seconds * 1000 for c in certificates]),
        "proof_lines": spread([float(c.proof_lines) for c in certificates]),
        "proof_bytes": spread([float(c.proof_bytes) for c in certificates]),
        "load": os.getloadavg(),
    }
    if dratify:
        row["dratify_check_ms"] = spread([c.checks[1].seconds * 1000 for c in certificates])
    return row


def whole_run(args: list[str]) -> dict[str, object]:
    """One `python -m satpuzzle solve ARGS` process: wall and CPU seconds, load, exit status,
    its last line on standard error."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", *args],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stderr.strip().splitlines()
    return {"wall": wall, "cpu": cpu, "load": load, "status": done.returncode,
            "last": lines[-1] if lines else ""}


def measure_whole(path: str, runs: int, mode: str) -> dict[str, object]:
    plain, certified = [], []
    for _ in range(runs):
        plain.append(whole_run([path, mode]))
        certified.append(whole_run([path, mode, "--certify"]))

    def median(rows: list[dict[str, object]], key: str) -> float:
        return statistics.median(float(row[key]) for row in rows)  # type: ignore[arg-type]

    loads = [float(row["load"]) for row in plain + certified]  # type: ignore[arg-type]
    row: dict[str, object] = {
        "file": os.path.basename(path), "mode": mode, "runs": runs,
        "wall": median(plain, "wall"), "cpu": median(plain, "cpu"),
        "certified_wall": median(certified, "wall"), "certified_cpu": median(certified, "cpu"),
        "load": (min(loads), max(loads)),
        "status": sorted({row["status"] for row in plain}),
        "certified_status": sorted({row["status"] for row in certified}),
        "verdict": certified[-1]["last"],
    }
    return row


def show_whole(row: dict[str, object]) -> str:
    wall, cpu = float(row["wall"]), float(row["cpu"])  # type: ignore[arg-type]
    cwall, ccpu = float(row["certified_wall"]), float(row["certified_cpu"])  # type: ignore[arg-type]
    low, high = row["load"]  # type: ignore[misc]
    return (f"{row['file']} {row['mode']}: wall {wall:.2f} s → {cwall:.2f} s "
            f"({cwall / wall:.1f}×), CPU {cpu:.2f} s → {ccpu:.2f} s ({ccpu / cpu:.1f}×); "
            f"load {low:.1f}-{high:.1f}; status {row['status']} / {row['certified_status']}; "
            f"{row['verdict']}")


def show(row: dict[str, object]) -> str:
    def pair(key: str, unit: str = "") -> str:
        value = row[key]
        assert isinstance(value, dict)
        return f"{value['median']:.1f}{unit} (max {value['max']:.0f}{unit})"

    load = ", ".join(f"{x:.2f}" for x in row["load"])  # type: ignore[attr-defined]
    lines = [
        f"{row['file']}: {row['puzzles']} puzzles, {row['workers']} worker(s), load {load}",
        (f"  batch solve --unique: {row['solve_seconds']:.2f} s; certification: "
         f"{row['certify_seconds']:.2f} s"),
        (f"  per puzzle: prove {pair('prove_ms', ' ms')}, LRAT check "
         f"{pair('lrat_check_ms', ' ms')}, proof {pair('proof_lines')} lines, "
         f"{pair('proof_bytes')} bytes"),
    ]
    if "dratify_check_ms" in row:
        lines.append(f"  dratify on the same proof as DRAT: {pair('dratify_check_ms', ' ms')}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--dratify", action="store_true",
                        help="check each proof with dratify too (its DRAT form)")
    parser.add_argument("--json", help="write the rows to this file")
    parser.add_argument("--whole", type=int, metavar="RUNS",
                        help="time whole processes, with and without --certify, RUNS each")
    parser.add_argument("--count", action="store_true", help="with --whole: --count, not "
                        "--unique")
    args = parser.parse_args()
    rows = []
    for path in args.files:
        if args.whole:
            row = measure_whole(path, args.whole, "--count" if args.count else "--unique")
            print(show_whole(row), flush=True)
        else:
            row = measure(path, args.workers, args.dratify)
            print(show(row), flush=True)
        rows.append(row)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")


if __name__ == "__main__":
    main()
