"""The speed issue's table, rerun side by side in one run: each row a satpuzzle command beside
its peer (or against a bound), both whole processes, interleaved (round 1 of every command of
the row, then round 2, the order rotated), medians of wall time and of CPU time (user +
system of the process and its children, from getrusage(RUSAGE_CHILDREN) around each run), the
load average over the row, and the verdict against the row's target in wall AND in CPU time.

    python -m benchmarks.contest [--rows startup,counts,small,export,batches,large,jigsaw]
        [--runs 3] [--data ../shared/data] [--norvig PATH] [--python PATH] [--quick]

`--python`: the interpreter of every process, satpuzzle's and the peers' (default: this one),
e.g. that of a virtual environment where satpuzzle is installed as a user installs it: an
interpreter whose site-packages run code at start-up (.pth files) makes `python -c pass`
itself slow and every start-up ratio look better than a fresh machine's.

- startup: `satpuzzle --help` against `python -c pass` (target 3×); `satpuzzle solve
  instances/sudoku/classic.puz` against `python -c "import pysat.solvers"` (2×).
- counts: `satpuzzle solve --count` against clingo on its own ASP model
  (benchmarks/baselines/clingo_count.py) for the Fibonacci jigsaw 4×20 and Shikaku dominoes
  6×8 (1.0×).
- small: 10,000 4×4 Sudokus in one `.puz` file (at least 2,000 puzzles a second).
- export: `satpuzzle export --format json` of 5,000 9×9 Sudokus (under 2 s).
- batches: `satpuzzle solve SET --unique` against Norvig's C++ solver built with
  benchmarks/baselines/sudoku_limit2_driver.cc (`--norvig PATH`; 1.0×) on every shared 9×9 set.
- large: generated 36×36 and 49×49 Sudokus (half the cells given,
  benchmarks/suites.generated_sudoku) and the Gecode 25×25 set, each within 10 s, beside
  CP-SAT (one worker) on the same puzzle.
- jigsaw: Brendan Owen's boards, `satpuzzle solve` against the C backtracker
  (benchmarks/baselines/jigsaw_backtrack.c; 3× where it answers) and within 60 s.

Every process is started through satpuzzle.children.run_command (killed with everything it
started at its time limit); a run that fails or passes the limit counts as not answered, and a
row whose first run took over LONG seconds (or failed) runs once. The
output of satpuzzle's runs is checked where a line count tells (one answer per puzzle).
Prints the Markdown section on standard output. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from satpuzzle.children import run_command

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable  # --python sets both
SATPUZZLE = [PYTHON, "-m", "satpuzzle"]
ROWS = ("startup", "counts", "small", "export", "batches", "large", "jigsaw")
SUDOKU_SETS = ("puzzles6_forum_hardest_1106", "puzzles3_magictour_top1465",
               "puzzles2_17_clue", "puzzles5_forum_hardest_1905_11+", "puzzles7_serg_benchmark")
LONG = 20.0  # seconds: a row whose first run took longer runs once
BRENDAN = ("pieces_06x06", "pieces_08x05", "pieces_07x07", "pieces_09x06", "pieces_10x06",
           "pieces_09x07", "pieces_10x07", "pieces_08x08", "pieces_09x09", "pieces_10x10")


@dataclass
class Timing:
    """One command's runs: wall and CPU seconds each (None: failed or over the limit)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    failed: int = 0

    def median(self, which: str) -> float | None:
        values = getattr(self, which)
        return statistics.median(values) if values and not self.failed else None


@dataclass
class Row:
    """A contest: satpuzzle's command beside its peer's (or alone against a bound).
    `target`: the ratio satpuzzle's median may reach over the peer's; `bound`: seconds
    satpuzzle's median must stay under; `rate`: (items, least items a second)."""

    name: str
    ours: list[str]
    peer: list[str] | None = None
    peer_name: str = ""
    target: float | None = None
    bound: float | None = None
    rate: tuple[int, float] | None = None
    limit: float = 120.0
    check: Callable[[str], str] | None = None  # satpuzzle's output -> a problem, or ""


@dataclass
class Result:
    row: Row
    ours: Timing
    peer: Timing | None
    load: tuple[float, float]
    problem: str = ""


def timed_run(argv: list[str], limit: float, out: Path,
              ok: tuple[int, ...] = (0,)) -> tuple[float, float] | None:
    """(wall, CPU) seconds of one whole process, its output in `out`; None when it failed
    (an exit status not in `ok`) or passed the limit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    code, killed = run_command(argv, out, out.with_suffix(".err"), limit)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if killed or code not in ok:
        return None
    return wall, cpu


def run_row(row: Row, runs: int, folder: Path) -> Result:
    commands = {"ours": row.ours, **({"peer": row.peer} if row.peer else {})}
    timings = {name: Timing() for name in commands}
    loads = []
    problem = ""
    for round_ in range(runs):
        if round_ and any(t.wall and t.wall[0] > LONG or t.failed for t in timings.values()):
            break  # a long or failed row runs once: its spread is small next to it
        names = list(commands)
        names = names[round_ % len(names):] + names[:round_ % len(names)]
        for name in names:
            if timings[name].failed:
                continue
            out = folder / f"{name}.out"
            # satpuzzle's 1 is an answer (no solution); a peer answers with 0 only
            measured = timed_run(commands[name], row.limit, out, (0, 1) if name == "ours" else (0,))
            loads.append(os.getloadavg()[0])
            if measured is None:
                timings[name].failed += 1
                continue
            timings[name].wall.append(measured[0])
            timings[name].cpu.append(measured[1])
            if name == "ours" and row.check is not None and not problem:
                problem = row.check(out.read_text(errors="replace"))
    return Result(row, timings["ours"], timings.get("peer"), (min(loads), max(loads)), problem)


# ---------------------------------------------------------------- the rows


def lines_check(expected: int, verdicts: frozenset[str] = frozenset()) -> Callable[[str], str]:
    """One answer line per puzzle, each starting with one of `verdicts` where given."""
    def check(output: str) -> str:
        lines = [line for line in output.splitlines() if line.strip()]
        if len(lines) != expected:
            return f"{len(lines)} answer lines, expected {expected}"
        if verdicts and any(line.split()[0] not in verdicts for line in lines):
            return f"an answer line that is none of {sorted(verdicts)}"
        return ""
    return check


ANSWERED = frozenset({"unique", "multiple", "none"})  # --unique's verdicts ("unknown": not)


def startup_rows(folder: Path) -> list[Row]:
    classic = str(ROOT / "instances" / "sudoku" / "classic.puz")
    return [Row("`satpuzzle --help`", [*SATPUZZLE, "--help"], [PYTHON, "-c", "pass"],
                "`python -c pass`", target=3.0, limit=30),
            Row("`satpuzzle solve classic.puz`", [*SATPUZZLE, "solve", classic],
                [PYTHON, "-c", "import pysat.solvers"], '`python -c "import pysat.solvers"`',
                target=2.0, limit=30)]


def count_rows(folder: Path) -> list[Row]:
    from benchmarks import scale

    rows = []
    for case in (scale.fibonacci_case(folder, 60, 20), scale.dominoes_case(folder, 60, 6, 8)):
        ours = [a for a in case.commands[scale.SATPUZZLE]["count"] if a != "--stats"]
        rows.append(Row(f"{case.name} `--count`", ours, case.commands[scale.CLINGO]["count"],
                        "clingo", target=1.0, limit=60,
                        check=lambda out, n=case.expected: "" if out.split()[:1] == [str(n)]
                        else f"count {out.split()[:1]}, expected {n}"))
    return rows


def small_rows(folder: Path, quick: bool) -> list[Row]:
    rng = random.Random(4)
    count = 2_000 if quick else 10_000
    path = folder / "many-4x4.puz"
    with path.open("w") as handle:
        for _ in range(count):
            handle.write(_random_4x4(rng))
    return [Row(f"{count:,} 4×4 Sudokus in one `.puz` file", [*SATPUZZLE, "solve", str(path)],
                rate=(count, 2_000.0), limit=300)]


def _random_4x4(rng: random.Random) -> str:
    """A 4×4 Sudoku with 8 givens, from a shuffled solved grid (several solutions allowed)."""
    digits = rng.sample(range(1, 5), 4)
    base = [[digits[(2 * (r % 2) + r // 2 + c) % 4] for c in range(4)] for r in range(4)]
    shown = set(rng.sample(range(16), 8))
    rows = [" ".join(str(base[r][c]) if 4 * r + c in shown else "." for c in range(4))
            for r in range(4)]
    return "sudoku {\n  size: 4\n  grid {\n" + "".join(f"    {row}\n" for row in rows) \
        + "  }\n}\n"


def export_rows(folder: Path, data: Path) -> list[Row]:
    source = data / "sudoku" / "puzzles3_magictour_top1465"
    if not source.exists():
        return []
    lines = [line for line in source.read_text().splitlines() if len(line.strip()) == 81]
    path = folder / "export-5000.txt"
    path.write_text("\n".join((lines * (5000 // len(lines) + 1))[:5000]) + "\n")
    return [Row("`export --format json` of 5,000 9×9 Sudokus",
                [*SATPUZZLE, "export", str(path), "--format", "json", "-o",
                 str(folder / "export.json")], bound=2.0, limit=120)]


def batch_rows(data: Path, norvig: Path | None, quick: bool) -> list[Row]:
    rows = []
    for name in SUDOKU_SETS:
        path = data / "sudoku" / name
        if not path.exists():
            continue
        puzzles = sum(1 for line in path.read_text().splitlines()
                      if len(line.strip()) >= 81 and not line.startswith("#"))
        rows.append(Row(f"{name} ({puzzles:,}) `--unique`",
                        [*SATPUZZLE, "solve", str(path), "--unique"],
                        [str(norvig), str(path)] if norvig else None, "Norvig (C++, limit 2)",
                        target=1.0, limit=300, check=lines_check(puzzles, ANSWERED)))
        if quick:
            break
    return rows


def large_rows(folder: Path, data: Path, quick: bool) -> list[Row]:
    from benchmarks.suites import gecode_sudokus, generated_sudoku
    from satpuzzle.kinds.sudoku import puzzle as sudoku

    instances = [(f"generated 36×36, seed {seed}", generated_sudoku(6, 0.5, seed))
                 for seed in range(1, 2 if quick else 3)]
    instances += [(f"generated 49×49, seed {seed}", generated_sudoku(7, 0.5, seed))
                  for seed in range(1, 2)]
    gecode = data / "sudoku" / "gecode_sudoku_examples.tsv"
    if gecode.exists():  # the first, and #8, one of the two the default answered slowest
        chosen = gecode_sudokus(gecode, 5, 8)
        instances += [(f"Gecode 25×25 #{n}", chosen[n - 1]) for n in ((1,) if quick else (1, 8))
                      if n <= len(chosen)]
    rows = []
    for name, instance in instances:
        path = folder / (name.replace(" ", "-").replace(",", "").replace("#", "") + ".puz")
        path.write_text(sudoku.to_puz(instance))
        peer = [PYTHON, "-c", ("import sys; from benchmarks.baselines import cpsat; "
                               "from satpuzzle import load; "
                               "status = cpsat.solve(load(sys.argv[1])[0], 60)[0]; "
                               "sys.exit(0 if status == 'solved' else 3)"),
                str(path)]
        rows.append(Row(name, [*SATPUZZLE, "solve", str(path)], peer, "CP-SAT (1 worker)",
                        bound=10.0, limit=30))
    return rows


def jigsaw_rows(folder: Path, data: Path, quick: bool) -> list[Row]:
    from benchmarks.baselines import jigsaw_backtrack
    from satpuzzle import load

    rows = []
    binary = jigsaw_backtrack.build() if jigsaw_backtrack.AVAILABLE else None
    for name in BRENDAN[:3] if quick else BRENDAN:
        source = data / "jigsaw" / "brendan" / f"{name}.txt"
        if not source.exists():
            continue
        peer = None
        if binary is not None:
            instance = load(str(source), kind="jigsaw")[0]
            text = jigsaw_backtrack.input_text(instance)
            feed = folder / f"{name}.in"
            feed.write_text(text)
            peer = ["sh", "-c", f'exec "{binary}" < "{feed}"']
        rows.append(Row(f"Brendan {name[7:]}", [*SATPUZZLE, "solve", "--kind", "jigsaw",
                                                str(source)],
                        peer, "C backtracker", target=3.0, bound=60.0, limit=60))
    return rows


# ---------------------------------------------------------------- the table


def seconds(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def verdict(result: Result) -> str:
    row, ours, peer = result.row, result.ours, result.peer
    wall, cpu = ours.median("wall"), ours.median("cpu")
    if result.problem:
        return f"**wrong**: {result.problem}"
    if wall is None or cpu is None:
        return "**not met** (failed or over the limit)"
    parts = []
    if row.target is not None and peer is not None:
        peer_wall, peer_cpu = peer.median("wall"), peer.median("cpu")
        if peer_wall is None or peer_cpu is None:
            parts.append("peer failed or over the limit")
        else:
            met = wall / peer_wall <= row.target and cpu / peer_cpu <= row.target
            parts.append(f"≤ {row.target:g}×: {'met' if met else '**not met**'}")
    if row.bound is not None:
        met = wall <= row.bound and cpu <= row.bound
        parts.append(f"< {row.bound:g} s: {'met' if met else '**not met**'}")
    if row.rate is not None:
        items, least = row.rate
        per_second = items / wall
        met = per_second >= least and items / cpu >= least
        parts.append(f"{per_second:,.0f}/s wall, {items / cpu:,.0f}/s CPU "
                     f"(≥ {least:,.0f}/s: {'met' if met else '**not met**'})")
    return "; ".join(parts)


def table(results: Sequence[Result], runs: int) -> list[str]:
    lines = [(f"Whole processes, medians of {runs} interleaved runs; *ratio*: satpuzzle's "
              "median over the peer's (below 1: satpuzzle is faster)."), "",
             ("| contest | satpuzzle wall / CPU | peer | peer wall / CPU | ratio wall / CPU | "
              "load (1 min) | verdict |"),
             "| --- | ---: | --- | ---: | ---: | ---: | --- |"]
    for result in results:
        ours, peer = result.ours, result.peer
        ratio = "—"
        if peer is not None and None not in (ours.median("wall"), peer.median("wall")):
            ratio = (f"{ours.median('wall') / peer.median('wall'):.2f} / "  # type: ignore[operator]
                     f"{ours.median('cpu') / peer.median('cpu'):.2f}")  # type: ignore[operator]
        lines.append(
            f"| {result.row.name} | {seconds(ours.median('wall'))} / "
            f"{seconds(ours.median('cpu'))} | {result.row.peer_name or '—'} | "
            + (f"{seconds(peer.median('wall'))} / {seconds(peer.median('cpu'))}"
               if peer is not None else "—")
            + f" | {ratio} | {result.load[0]:.1f}–{result.load[1]:.1f} | {verdict(result)} |")
    return lines


@dataclass
class ContestSection:
    """The report's section (benchmarks/report.py writes it first): the table and how it
    was made."""

    title: str
    lines: list[str]


def section(data: Path, quick: bool, norvig: Path | None = None, runs: int = 0,
            progress: Callable[[str], None] = lambda line: None) -> ContestSection:
    """Every row, for `python -m benchmarks --kinds contest` (the Norvig rows only where
    `norvig` names the built peer: BENCH_NORVIG or --norvig)."""
    runs = runs or (1 if quick else 3)
    results = []
    with tempfile.TemporaryDirectory(prefix="satpuzzle-contest-") as temporary:
        for row in build_rows(ROWS, Path(temporary), data, norvig, quick):
            result = run_row(row, runs, Path(temporary))
            progress(f"contest {row.name}: {verdict(result)}")
            results.append(result)
    intro = ("The speed issue's table rerun side by side in one run "
             "(`python -m benchmarks.contest`): each satpuzzle command beside its peer, both "
             "whole processes, or against the issue's bound; the verdict holds only when it "
             "holds in wall time and in CPU time.")
    return ContestSection("Contests: satpuzzle against its peers and targets",
                          [intro, ""] + table(results, runs) + [""])


def build_rows(names: Sequence[str], folder: Path, data: Path, norvig: Path | None,
               quick: bool) -> list[Row]:
    makers: dict[str, Callable[[], list[Row]]] = {
        "startup": lambda: startup_rows(folder),
        "counts": lambda: count_rows(folder),
        "small": lambda: small_rows(folder, quick),
        "export": lambda: export_rows(folder, data),
        "batches": lambda: batch_rows(data, norvig, quick),
        "large": lambda: large_rows(folder, data, quick),
        "jigsaw": lambda: jigsaw_rows(folder, data, quick),
    }
    return [row for name in names for row in makers[name]()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default=",".join(ROWS))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--norvig", type=Path, default=None)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    global PYTHON, SATPUZZLE  # the interpreter of every row's commands
    PYTHON, SATPUZZLE = args.python, [args.python, "-m", "satpuzzle"]
    names = [name for name in args.rows.split(",") if name]
    unknown = sorted(set(names) - set(ROWS))
    if unknown:
        parser.error(f"unknown rows {unknown}; known: {', '.join(ROWS)}")
    started = time.strftime("%Y-%m-%d %H:%M")
    results = []
    with tempfile.TemporaryDirectory(prefix="satpuzzle-contest-") as temporary:
        folder = Path(temporary)
        os.chdir(ROOT)  # the peers' scripts import benchmarks.*
        for row in build_rows(names, folder, args.data, args.norvig, args.quick):
            result = run_row(row, args.runs, folder)
            print(f"{row.name}: {verdict(result)}", file=sys.stderr)
            results.append(result)
    print(f"Run of {started} (`python -m benchmarks.contest --rows {args.rows} --runs "
          f"{args.runs}`{' --quick' if args.quick else ''}), interpreter {args.python}, "
          f"{os.cpu_count()} cores.\n")
    print("\n".join(table(results, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
