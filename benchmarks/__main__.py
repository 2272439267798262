"""One benchmark report for every kind: `python -m benchmarks`.

    python -m benchmarks [--quick] [--kinds sudoku,hashi,...] [--timeout S]
                         [--out docs/BENCHMARKS.md] [--data ../shared/data]

--quick: small sets and short time limits (a few minutes on 2 cores); the default full mode
takes larger sets (30-60 minutes). Progress goes to stderr; the report and its plots
(docs/benchmarks/<kind>-time.png, <kind>-profile.png) are written at the end. Not part of the
test suite (tests/test_benchmark_harness.py tests the harness with fake methods).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.harness import run_suite
from benchmarks.report import Section, write_report
from benchmarks.suites import BUILDERS, checker_for


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sets and short time limits (a few minutes)")
    parser.add_argument("--kinds", default=",".join(BUILDERS),
                        help=f"comma-separated, among {', '.join(BUILDERS)} (default: all)")
    parser.add_argument("--timeout", type=float, default=0.0, metavar="S",
                        help="time limit per (method, instance), seconds (default: per kind)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "BENCHMARKS.md")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args(argv)
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in BUILDERS]
    if unknown:
        parser.error(f"unknown kind(s) {', '.join(unknown)}; expected {', '.join(BUILDERS)}")
    args.kinds = kinds
    return args


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    command = "python -m benchmarks " + shlex.join(argv if argv is not None else sys.argv[1:])
    started = time.perf_counter()
    if not args.data.exists():
        progress(f"note: shared data {args.data} not found; generated instances only")
    sections = []
    for kind in args.kinds:
        begin = time.perf_counter()
        suite = BUILDERS[kind](args.data, args.quick, args.timeout)
        if not args.data.exists():
            suite.notes.insert(0, f"shared data folder {args.data} not found.")
        progress(f"== {kind}: {len(suite.cases)} instances, {len(suite.methods)} methods, "
                 f"limit {suite.time_limit:g} s (set up in {time.perf_counter() - begin:.1f} s)")
        records = run_suite(kind, suite.cases, suite.methods, suite.time_limit,
                            checker_for(kind), progress)
        sections.append(Section(kind, suite.title, records, suite.time_limit, suite.notes,
                                suite.size_label))
        progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
    elapsed = time.perf_counter() - started
    notes = write_report(sections, args.out, command.strip(), elapsed=elapsed)
    for note in notes:
        progress(f"note: {note}")
    progress(f"wrote {args.out} in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
