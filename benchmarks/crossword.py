"""Crossword benchmark: satpuzzle side by side with the seed's trie backtracking baseline.

    python benchmarks/crossword.py [--cap 30] [--quick] [--only NAME[,NAME...]] [--jobs 1]
                                   [--grid FILE --dict WORDS] [--repeat 3] [--no-library]

Two measurements, both on the product path (no engine is called directly):

1. In library. For each (instance, method) — `satpuzzle` (`satpuzzle.solutions`, the solve
   pipeline in process with the kind's default engine, every fill rule-checked by the
   pipeline, as the command does), `sat` (the same with engine="sat": compile the CNF, then
   enumerate with blocking clauses) or `trie` (the seed's algorithm,
   benchmarks/baselines/crossword_trie.py) — a child process loads the dictionary (not timed),
   then enumerates fills until the generator ends or the cap is reached (checked between
   fills). It reports the time to the first fill (a first fill under 50 ms is timed again on
   fresh runs, up to 25 times within 1 s, and the median kept), the number of fills found,
   fills/s, whether the enumeration completed within the cap, the total time and the peak RSS
   of the child (`ru_maxrss`, which includes the loaded dictionary: `dict MB` is the RSS right
   after loading). Up to --check-limit fills per run are verified again by the independent
   checker and tested for duplicates; when both methods complete, their fill counts must agree.

2. Whole process (start-up and dictionary loading included), A/B interleaved --repeat times,
   medians and ratios: the command a user runs,
       python -m satpuzzle solve --kind crossword GRID --dict WORDS --count --timeout CAP
   (`--limit 1` instead of `--count` for first-fill instances), against the trie run as a
   process of its own (`python benchmarks/crossword.py --trie-command GRID WORDS`), which
   loads the same list with the same reader and enumerates for the same cap. fills/s = fills
   counted / wall time of the process.

Every child goes through satpuzzle.children.run_command (killed with anything it started, at
the cap plus a grace period). Not part of the test suite.

Instance names (for --only, matched exactly or as a substring): seed, open4-en, open4-fr,
open5-en, open5-fr, open6-en, x4-fr (4x4 open grid whose last cell is x), dense6-fr (6x6 open
grid with e at row 1 col 1 and s at row 6 col 6, first fill only), vb05.01-en ... vb05.03-fr
(the first three 5x5 grids of ../shared/data/crossword/grids-vanbeek.txt), vb15.01-en and
vb15.01-fr (its first 15x15 grid, first fill only). --grid FILE --dict WORDS measures one
grid (native format: `1` white, `0` black, a letter) with one word list (a file, or `en`/`fr`)
instead.
"""

from __future__ import annotations

import time

STARTED = time.monotonic()  # this process's start, near enough: the trie's cap counts from here

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from satpuzzle.children import run_command

METHODS = ("satpuzzle", "sat", "trie")
KILL_GRACE = 10.0  # seconds past the cap before a child is killed
PROGRESS_EVERY = 1.0  # seconds between a child's progress lines
QUICK_FIRST = 0.05  # a first fill faster than this is timed again (one sub-ms sample is noise)
FIRST_REPEATS = 25  # ... at most this many times, within FIRST_BUDGET seconds
FIRST_BUDGET = 1.0
SEED_WORDS = ("mars", "mois", "plus", "tard", "soir")
QUICK = ("seed", "open4-en", "x4-fr", "vb05.01-en")


@dataclass(frozen=True)
class Case:
    """One benchmark instance: a grid (rows in the trie's notation) and a word source."""

    grid_name: str
    rows: tuple[str, ...]  # '1' white, '0' black, a letter, or '[abc]'
    dictionary: str  # "fr", "en", "seed" for SEED_WORDS, or a word file
    first_only: bool = False  # stop at the first fill
    expected: int | None = None  # the number of fills, asserted when enumeration completes
    reference: int | None = None  # a count quoted elsewhere (another word list?): a note only

    @property
    def dict_label(self) -> str:
        return Path(self.dictionary).stem

    @property
    def name(self) -> str:
        if self.dictionary == "seed":
            return self.grid_name
        return f"{self.grid_name}-{Path(self.dictionary).stem}"


@dataclass
class Result:
    """What one child reported (or the last progress it reported before being killed)."""

    case: Case
    method: str
    first: float | None = None
    count: int = 0
    complete: bool | None = None
    total: float | None = None
    peak_mb: float | None = None
    dict_mb: float | None = None
    status: str = "ok"  # ok, killed, error
    checked: int = 0
    failures: list[str] = field(default_factory=list)
    duplicates: int = 0
    note: str = ""

    @property
    def rate(self) -> float | None:
        if self.case.first_only or not self.total or not self.count:
            return None
        return self.count / self.total


# ---------------------------------------------------------------- instances


def open_grid(rows: int, cols: int) -> tuple[str, ...]:
    return tuple("1" * cols for _ in range(rows))


def read_vanbeek(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """(name, rows) of each grid: a line `# name WxH (...)`, then rows of `_` white, `*` black."""
    grids: list[tuple[str, list[str]]] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("#"):
            grids.append((line[1:].split()[0], []))
        elif line and grids:
            grids[-1][1].append(line.replace("_", "1").replace("*", "0"))
    return [(name, tuple(rows)) for name, rows in grids if rows]


def build_cases(data: Path) -> list[Case]:
    cases = [
        Case("seed", ("1111", "1001", "1001", "1111"), "seed", expected=5),
        Case("open4", open_grid(4, 4), "en"),
        Case("open4", open_grid(4, 4), "fr"),
        Case("open5", open_grid(5, 5), "en"),
        Case("open5", open_grid(5, 5), "fr"),
        Case("open6", open_grid(6, 6), "en"),
        Case("x4", ("1111", "1111", "1111", "111x"), "fr", reference=8767),
        Case("dense6", ("e11111", *open_grid(4, 6), "11111s"), "fr", first_only=True),
    ]
    path = data / "crossword" / "grids-vanbeek.txt"
    if not path.exists():
        print(f"note: {path} not found, van Beek grids skipped", file=sys.stderr)
        return cases
    grids = read_vanbeek(path)
    small = [(name, rows) for name, rows in grids if len(rows) == 5 and len(rows[0]) == 5][:3]
    large = [(name, rows) for name, rows in grids if len(rows) == 15 and len(rows[0]) == 15][:1]
    for name, rows in small:
        cases += [Case(f"vb{name}", rows, dictionary) for dictionary in ("en", "fr")]
    for name, rows in large:
        cases += [Case(f"vb{name}", rows, dictionary, first_only=True)
                  for dictionary in ("en", "fr")]
    return cases


def select(cases: list[Case], quick: bool, only: str | None) -> list[Case]:
    if quick:
        cases = [case for case in cases if case.name in QUICK]
    if only:
        wanted = [part.strip() for part in only.split(",") if part.strip()]
        cases = [case for case in cases
                 if any(case.name == w or w in case.name for w in wanted)]
    return cases


# ---------------------------------------------------------------- child: one (instance, method)


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def emit(record: dict[str, Any]) -> None:
    print(json.dumps(record), flush=True)


def load_words(case: Case) -> tuple[str, ...]:
    if case.dictionary == "seed":
        return SEED_WORDS
    from satpuzzle.kinds.crossword.wordlists import read_dictionary

    return read_dictionary(case.dictionary)


def slot_lengths(grid: Sequence[Sequence[str]]) -> set[int]:
    """Lengths of the maximal white runs (≥ 2) across and down."""
    lines = ["".join("0" if token == "0" else "1" for token in row) for row in grid]
    lines += ["".join(column) for column in zip(*lines)]
    return {len(part) for line in lines for part in line.split("0") if len(part) >= 2}


def median_first(enumerate_fills: Callable[[int | None], Iterator[Sequence[str]]],
                 first: float) -> tuple[float, int]:
    """The median time to the first fill over repeated fresh runs (the first one included)."""
    samples = [first]
    deadline = time.perf_counter() + FIRST_BUDGET
    while len(samples) < FIRST_REPEATS and time.perf_counter() < deadline:
        start = time.perf_counter()
        next(enumerate_fills(1), None)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), len(samples)


def run_one(case: Case, method: str, cap: float, check_limit: int) -> None:
    """Enumerate in this process and print JSON lines: progress, then a final record."""
    import satpuzzle
    import satpuzzle.kinds.registry
    from benchmarks.baselines.crossword_trie import solutions as trie_solutions
    from satpuzzle.checkers.crossword import violations
    from satpuzzle.grammar.transformer import tokenize_rows
    from satpuzzle.kinds.crossword.model import CrosswordInstance
    from satpuzzle.kinds.crossword.reading import parse_grid_rows

    words = load_words(case)
    grid = parse_grid_rows(tokenize_rows("\n".join(case.rows), case.name), case.name)
    instance = CrosswordInstance(grid, words)
    dict_mb = rss_mb()
    limit = 1 if case.first_only else None
    satpuzzle.kinds.registry.kind("crossword")  # imported before the clock starts, as the trie

    def enumerate_fills(limit: int | None) -> Iterator[Sequence[str]]:
        if method in ("satpuzzle", "sat"):
            engine = "auto" if method == "satpuzzle" else "sat"
            return iter(satpuzzle.solutions(instance, limit=limit, engine=engine, check=True))
        return iter(trie_solutions(list(case.rows), words, limit=limit))

    start = time.perf_counter()
    fills = enumerate_fills(limit)
    first: float | None = None
    count = 0
    kept: list[tuple[str, ...]] = []
    complete: bool | None = None if case.first_only else True
    next_progress = start + PROGRESS_EVERY
    for fill in fills:
        now = time.perf_counter()
        count += 1
        if len(kept) < check_limit:
            kept.append(tuple(fill))
        if first is None:
            first = now - start
            emit({"event": "progress", "first": first, "count": count, "rss": rss_mb()})
        elif now >= next_progress:
            next_progress = now + PROGRESS_EVERY
            emit({"event": "progress", "first": first, "count": count, "rss": rss_mb()})
        if now - start >= cap:
            complete = False
            break
    total = time.perf_counter() - start
    peak = rss_mb()
    close = getattr(fills, "close", None)
    if close is not None:
        close()

    first_samples = 1 if first is not None else 0
    if first is not None and first < QUICK_FIRST:
        first, first_samples = median_first(enumerate_fills, first)

    relevant = {len(w) for w in words} & slot_lengths(grid)
    check_words = tuple(w for w in words if len(w) in relevant)  # same verdicts, smaller set
    failures: list[str] = []
    for fill in kept:
        problems = violations(instance.grid, check_words, False, fill)
        if problems:
            failures.append(f"{'/'.join(fill)}: {'; '.join(problems[:3])}")
    emit({"event": "done", "first": first, "first_samples": first_samples,
          "count": count, "complete": complete,
          "total": total, "rss": peak, "dict_rss": dict_mb, "checked": len(kept),
          "failures": failures[:5], "n_failures": len(failures),
          "duplicates": len(kept) - len(set(kept))})


# ---------------------------------------------------------------- parent


def run_child(case: Case, method: str, args: argparse.Namespace) -> Result:
    command = [sys.executable, str(Path(__file__).resolve()), "--one", case.name, method,
               "--cap", str(args.cap), "--check-limit", str(args.check_limit),
               "--data", str(args.data)] + case_arguments(args)
    result = Result(case, method)
    with tempfile.TemporaryDirectory(prefix="crossword-bench-") as folder:
        out, err = Path(folder) / "out", Path(folder) / "err"
        started = time.perf_counter()
        # the dictionary load comes before the timed part: allow for it on top of the cap
        _code, killed = run_command(command, out, err, args.cap + KILL_GRACE + 15)
        elapsed = time.perf_counter() - started
        lines = [json.loads(line) for line in out.read_text().splitlines()
                 if line.startswith("{")]
        stderr = err.read_text()
    if killed:
        result.status = "killed"
    for record in lines:
        result.first = record.get("first")
        result.count = record.get("count", 0)
        result.peak_mb = record.get("rss")
        if record["event"] == "done":
            result.complete = record["complete"]
            result.total = record["total"]
            result.dict_mb = record["dict_rss"]
            result.checked = record["checked"]
            result.failures = record["failures"]
            result.duplicates = record["duplicates"]
            if record["n_failures"] > len(result.failures):
                result.note = f"{record['n_failures']} failing fills"
    if result.status == "killed":
        result.complete = False
        result.note = f"killed after {elapsed:.0f} s wall (stuck in one solver call)"
    elif not lines or lines[-1]["event"] != "done":
        result.status = "error"
        tail = stderr.strip().splitlines()[-3:]
        result.note = f"exit {_code}: " + " | ".join(tail)
    return result


def case_arguments(args: argparse.Namespace) -> list[str]:
    """--grid and --dict passed on to a child, when given."""
    if not args.grid:
        return []
    return ["--grid", str(args.grid), "--dict", args.dict]


# ---------------------------------------------------------------- whole processes


@dataclass
class Process:
    """One whole-process run: wall seconds and fills counted (None: it failed)."""

    seconds: float
    fills: int | None
    complete: bool
    note: str = ""

    @property
    def rate(self) -> float | None:
        return self.fills / self.seconds if self.fills and self.seconds else None


def case_files(case: Case, folder: Path) -> tuple[Path, str]:
    """The grid as a native file and the word list as the command takes it (a built-in
    name, or a file)."""
    grid = folder / "grid.txt"
    grid.write_text("\n".join(case.rows) + "\n")
    if case.dictionary == "seed":
        words = folder / "words.txt"
        words.write_text("\n".join(SEED_WORDS) + "\n")
        return grid, str(words)
    return grid, case.dictionary


def process_argv(case: Case, method: str, grid: Path, words: str, cap: float) -> list[str]:
    if method == "satpuzzle":
        return [sys.executable, "-m", "satpuzzle", "solve", "--kind", "crossword", str(grid),
                "--dict", words, *(["--limit", "1"] if case.first_only else []), "--count",
                "--timeout", f"{cap:g}"]
    return [sys.executable, str(Path(__file__).resolve()), "--trie-command", str(grid), words,
            "--cap", f"{cap:g}", *(["--first"] if case.first_only else [])]


def run_process(case: Case, method: str, cap: float) -> Process:
    """One whole process, timed from before it starts to after it has exited."""
    with tempfile.TemporaryDirectory(prefix="crossword-bench-") as name:
        folder = Path(name)
        grid, words = case_files(case, folder)
        argv = process_argv(case, method, grid, words, cap)
        started = time.monotonic()
        code, killed = run_command(argv, folder / "out", folder / "err", cap + 60)
        seconds = time.monotonic() - started
        out = (folder / "out").read_text().split()
        err = (folder / "err").read_text().strip().splitlines()
    if killed or code not in (0, 1, 3) or not out or not out[0].isdigit():
        return Process(seconds, None, False, f"exit {code}: {' | '.join(err[-2:])}"[:200])
    return Process(seconds, int(out[0]), code != 3 and not case.first_only)


def trie_command(grid_path: str, words_source: str, cap: float, first: bool) -> int:
    """The trie as a process of its own: load the list (satpuzzle's reader, as the command
    does), enumerate until `cap` seconds after the process started (the command's --timeout
    also counts from its start), print the number of fills."""
    from benchmarks.baselines.crossword_trie import solutions
    from satpuzzle.kinds.crossword.wordlists import read_dictionary

    rows = [line.strip() for line in Path(grid_path).read_text().splitlines() if line.strip()]
    words = read_dictionary(words_source)
    deadline = STARTED + cap  # from the start, as the command's --timeout
    count = 0
    for _fill in solutions(rows, words, limit=1 if first else None):
        count += 1
        if not count & 255 and time.monotonic() >= deadline:
            break
    print(count)
    return 0


def whole_processes(cases: list[Case], repeat: int, cap: float) -> list[list[str]]:
    """Each case: satpuzzle's command and the trie's process, A/B interleaved (the order
    flips every round), `repeat` rounds; a row of medians and ratios."""
    rows = []
    for case in cases:
        runs: dict[str, list[Process]] = {"satpuzzle": [], "trie": []}
        for round_ in range(repeat):
            order = ("satpuzzle", "trie") if round_ % 2 == 0 else ("trie", "satpuzzle")
            for method in order:
                run = run_process(case, method, cap)
                runs[method].append(run)
                print(f"  process: {case.name} {method} round {round_ + 1}: "
                      f"{run.fills} fills in {run.seconds:.2f} s {run.note}", flush=True)
        ours, trie = (process_medians(runs[m]) for m in ("satpuzzle", "trie"))
        rows.append([case.grid_name, case.dict_label, str(repeat),
                     fmt(ours[0], 2), fmt(ours[1], 0), fmt(trie[0], 2), fmt(trie[1], 0),
                     ratio(ours[1], trie[1]) if not case.first_only else "-",
                     ratio(ours[0], trie[0])])
    return rows


def process_medians(runs: list[Process]) -> tuple[float | None, float | None]:
    """Median wall seconds and median fills/s over the runs that succeeded."""
    good = [run for run in runs if run.fills is not None]
    if not good:
        return None, None
    rates = [run.rate for run in good if run.rate is not None]
    return (statistics.median(run.seconds for run in good),
            statistics.median(rates) if rates else None)


PROCESS_HEADER = ["instance", "dict", "runs", "satpuzzle wall (s)", "satpuzzle fills/s",
                  "trie wall (s)", "trie fills/s", "fills/s ratio", "wall ratio"]


def fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def complete_label(result: Result) -> str:
    if result.status != "ok":
        return result.status
    if result.case.first_only:
        return "first only" if result.count else "none found"
    return "yes" if result.complete else "no (cap)"


def result_row(result: Result) -> list[str]:
    case = result.case
    return [case.grid_name, case.dict_label, result.method, fmt(result.first, 4),
            str(result.count), fmt(result.rate, 1), complete_label(result),
            fmt(result.total, 2), fmt(result.peak_mb, 1), fmt(result.dict_mb, 1)]


HEADER = ["instance", "dict", "method", "first (s)", "fills", "fills/s", "complete?",
          "total (s)", "peak MB", "dict MB"]


def print_table(header: list[str], rows: list[list[str]], left: set[int]) -> None:
    """Columns padded to width; the `left` ones left-aligned, the others right-aligned."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.ljust(w) if i in left else cell.rjust(w)
                         for i, (cell, w) in enumerate(zip(cells, widths)))

    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))


def ratio(numerator: float | None, denominator: float | None) -> str:
    if numerator is None or denominator is None or denominator == 0:
        return "-"
    return f"{numerator / denominator:.3g}"


def problems_of(runs: list[Result]) -> list[str]:
    """Checker failures, duplicates, count mismatches and errors, in words."""
    problems = []
    for result in runs:
        if result is None:
            continue
        label = f"{result.case.name} / {result.method}"
        if result.failures:
            problems.append(f"CHECKER FAILURE {label}: {result.failures} {result.note}")
        if result.duplicates:
            problems.append(f"DUPLICATE FILLS {label}: {result.duplicates}")
        if result.status == "error":
            problems.append(f"ERROR {label}: {result.note}")
        expected = result.case.expected
        if result.complete and expected is not None and result.count != expected:
            problems.append(f"COUNT MISMATCH {label}: {result.count} fills, expected {expected}")
    complete = {result.method: result.count for result in runs if result.complete}
    if len(set(complete.values())) > 1:
        problems.append(f"COUNT MISMATCH {runs[0].case.name}: {complete}")
    return problems


def notes_of(result: Result | None) -> list[str]:
    """Counts that differ from a figure quoted for another word list: reported, not failed."""
    if result is None or not result.complete or result.case.reference is None:
        return []
    if result.count == result.case.reference:
        return []
    label = f"{result.case.name} / {result.method}"
    message = (f"note: {label}: {result.count} fills with the built-in "
               f"{result.case.dictionary} dictionary, where the issue quotes "
               f"{result.case.reference}")
    return [message]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=30.0,
                        help="seconds per method per instance (default 30)")
    parser.add_argument("--quick", action="store_true",
                        help="only " + ", ".join(QUICK))
    parser.add_argument("--only", metavar="NAME", help="instances whose name is or contains "
                        "NAME (comma-separated list allowed)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="children run at once (default 1; >1 skews timings)")
    parser.add_argument("--check-limit", type=int, default=2000,
                        help="fills checked per run (default 2000)")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--grid", type=Path, help="one grid file (native: 1 white, 0 black, "
                        "a letter) instead of the built-in instances; needs --dict")
    parser.add_argument("--dict", default="en", help="with --grid: a word file, or en / fr")
    parser.add_argument("--first", action="store_true",
                        help="with --grid: the first fill only (default: every fill)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="whole-process rounds per instance, A/B interleaved (default 3)")
    parser.add_argument("--no-library", action="store_true",
                        help="skip the in-library measurement")
    parser.add_argument("--no-process", action="store_true",
                        help="skip the whole-process measurement")
    parser.add_argument("--one", nargs=2, metavar=("NAME", "METHOD"), help=argparse.SUPPRESS)
    parser.add_argument("--trie-command", nargs=2, metavar=("GRID", "WORDS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.trie_command:
        return trie_command(*args.trie_command, args.cap, args.first)

    if args.grid:
        rows = tuple(line.strip() for line in args.grid.read_text().splitlines()
                     if line.strip())
        cases = [Case(args.grid.stem, rows, args.dict, first_only=args.first)]
    else:
        cases = build_cases(args.data)
    if args.one:
        name, method = args.one
        by_name = {case.name: case for case in cases}
        if name not in by_name or method not in METHODS:
            parser.error(f"--one: unknown instance {name!r} or method {method!r}")
        run_one(by_name[name], method, args.cap, args.check_limit)
        return 0

    if not args.grid:
        cases = select(cases, args.quick, args.only)
    if not cases:
        parser.error("no instance selected")
    status = 0 if args.no_library else library(cases, args)
    if not args.no_process:
        print(f"\nwhole processes (start-up and dictionary loading included), cap "
              f"{args.cap:g} s, {args.repeat} A/B rounds, medians; ratios: fills/s satpuzzle "
              "/ trie (> 1: satpuzzle faster), wall satpuzzle / trie (< 1: faster)", flush=True)
        process_rows = whole_processes(cases, args.repeat, args.cap)
        print()
        print_table(PROCESS_HEADER, process_rows, {0, 1})
    return status


def library(cases: list[Case], args: argparse.Namespace) -> int:
    """The in-library measurement (part 1 of the docstring); 1 when a check failed."""
    print(f"crossword benchmark: {len(cases)} instances x {len(METHODS)} methods, cap "
          f"{args.cap:g} s, python {sys.version.split()[0]}, pid {os.getpid()}", flush=True)
    jobs = [(case, method) for case in cases for method in METHODS]
    results: dict[tuple[str, str], Result] = {}
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_child, case, method, args) for case, method in jobs]
        for future in futures:
            result = future.result()
            results[(result.case.name, result.method)] = result
            print("  done: " + " | ".join(result_row(result)), flush=True)

    print()
    print_table(HEADER, [result_row(results[key]) for key in
                         ((case.name, method) for case, method in jobs)], {0, 1, 2, 6})
    print()
    ratio_rows = []
    problems: list[str] = []
    notes: list[str] = []
    for case in cases:
        runs = [results[(case.name, method)] for method in METHODS]
        problems += problems_of(runs)
        for result in runs:
            notes += notes_of(result)
        engine, sat, trie = runs
        ratio_rows.append([case.grid_name, case.dict_label,
                           ratio(engine.first, trie.first), ratio(engine.rate, trie.rate),
                           ratio(engine.total, trie.total) if engine.complete and trie.complete
                           else "-",
                           ratio(sat.first, trie.first), ratio(sat.rate, trie.rate)])
    print("ratios to the trie (first fill and total: < 1 means faster than the trie; "
          "fills/s: > 1 means faster)")
    print_table(["instance", "dict", "satpuzzle first", "satpuzzle fills/s", "satpuzzle total",
                 "sat first", "sat fills/s"], ratio_rows, {0, 1})
    checked = sum(result.checked for result in results.values())
    print()
    for note in notes:
        print(note)
    if problems:
        print(f"!!! {len(problems)} PROBLEM(S) !!!")
        for problem in problems:
            print("!!! " + problem)
        return 1
    print(f"all {checked} checked fills valid, no duplicates; counts agree where both "
          "methods completed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
