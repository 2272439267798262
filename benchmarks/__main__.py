"""One benchmark report for every kind: `python -m benchmarks`.

    python -m benchmarks [--quick] [--kinds sudoku,hashi,...] [--timeout S]
                         [--out docs/BENCHMARKS.md] [--data ../shared/data]

--quick: small sets, short time limits and one run per enumeration (a few minutes on 2
cores); the default full mode takes larger sets and, for "scale", the instances with 10^5
solutions or more and 3 runs each (an hour or more). `scale` is "Enumeration at scale"
(benchmarks/scale.py: whole processes of satpuzzle, clingo and CP-SAT); `contest` is the
speed issue's table rerun side by side (benchmarks/contest.py; its 9×9 batch rows need
Norvig's solver built, named by BENCH_NORVIG=PATH); every other kind also times a start-up
row. Progress goes to stderr; the report and its plots
(docs/benchmarks/<kind>-time.png, <kind>-profile.png) are written at the end. `--kinds
encodings` runs the encoding study (benchmarks/encodings.py), which writes docs/ENCODINGS.md
instead. Not part of the test suite (tests/benchmarks/test_benchmark_harness.py tests the
harness with fake methods, tests/benchmarks/test_benchmark_report.py the report from records).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import crossword_grids, scale
from benchmarks.harness import python_baselines, run_suite, time_processes
from benchmarks.report import Section, write_report
from benchmarks.suites import BUILDERS, checker_for

# the report's order; "scale" and "grids" are not harness suites (benchmarks/scale.py,
# benchmarks/crossword_grids.py: big crossword grids, first fill against the seed's trie)
KINDS = ("contest", "sudoku", "crossword", "grids", "shikaku", "hashi", "jigsaw", "scale",
         "reductions")
# asked for by name only: the encoding study writes its own page (benchmarks/encodings.py,
# docs/ENCODINGS.md), not a section of this report
EXTRA = ("encodings",)


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sets and short time limits (a few minutes)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help=f"comma-separated, among {', '.join(KINDS + EXTRA)} (default: "
                        f"all but {', '.join(EXTRA)})")
    parser.add_argument("--timeout", type=float, default=0.0, metavar="S",
                        help="time limit per (method, instance), seconds (default: per kind)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "BENCHMARKS.md")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args(argv)
    kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS + EXTRA]
    if unknown:
        parser.error(f"unknown kind(s) {', '.join(unknown)}; expected "
                     f"{', '.join(KINDS + EXTRA)}")
    args.kinds = kinds
    return args


STARTUP_RUNS, STARTUP_RUNS_QUICK = 10, 5


def trivial_name(arguments: list[str]) -> str:
    """The start-up row's puzzle, as the report names it: its file under instances/."""
    if not arguments:
        return ""
    path = Path(arguments[0])
    shown = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    return f"`{shown}`" + (f" (`{' '.join(arguments[1:])}`)" if arguments[1:] else "")


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    command = "python -m benchmarks " + shlex.join(argv if argv is not None else sys.argv[1:])
    started = time.perf_counter()
    if not args.data.exists():
        progress(f"note: shared data {args.data} not found; generated instances only")
    sections: list = []
    for kind in args.kinds:
        begin = time.perf_counter()
        if kind == "encodings":
            from benchmarks import encodings

            encodings.main(["--quick"] * args.quick + ["--data", str(args.data)])
            progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
            continue
        if kind == "contest":
            from benchmarks import contest

            norvig = os.environ.get("BENCH_NORVIG")
            sections.append(contest.section(args.data, args.quick,
                                            Path(norvig) if norvig else None, 0, progress))
            progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
            continue
        if kind in ("scale", "grids"):
            module = scale if kind == "scale" else crossword_grids
            sections.append(module.section(args.data, args.quick, args.timeout, progress))
            progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
            continue
        suite = BUILDERS[kind](args.data, args.quick, args.timeout)
        if not args.data.exists():
            suite.notes.insert(0, f"shared data folder {args.data} not found.")
        progress(f"== {kind}: {len(suite.cases)} instances, {len(suite.methods)} methods, "
                 f"limit {suite.time_limit:g} s (set up in {time.perf_counter() - begin:.1f} s)")
        records = run_suite(kind, suite.cases, suite.methods, suite.time_limit,
                            checker_for(kind), progress)
        startup = {}
        if suite.trivial:
            ours = "`satpuzzle solve`"
            startup = time_processes({ours: [sys.executable, "-m", "satpuzzle", "solve",
                                             *suite.trivial], **python_baselines()},
                                     STARTUP_RUNS_QUICK if args.quick else STARTUP_RUNS)
            progress(f"{kind} start-up: " + ", ".join(
                f"{name} {min(values, default=0):.3f} s (best of {len(values)})"
                for name, values in startup.items()))
        sections.append(Section(kind, suite.title, records, suite.time_limit, suite.notes,
                                suite.size_label, startup, trivial_name(suite.trivial)))
        progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
    elapsed = time.perf_counter() - started
    if not sections:  # only the encoding study ran: it wrote its own page
        return 0
    notes = write_report(sections, args.out, command.strip(), elapsed=elapsed)
    for note in notes:
        progress(f"note: {note}")
    progress(f"wrote {args.out} in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
