"""Big crossword grids: the first fill of every van Beek grid of 15×15 or more (Herald Tribune
15×15 to 23×23 and Ginsberg's puzzles 17–19, ../shared/data/crossword/grids-vanbeek.txt) with
the built-in French and English lists, satpuzzle against the seed's trie side by side.

    python -m benchmarks.crossword_grids [--cap 60] [--runs 3] [--only 15.01,puzzle]
                                         [--methods satpuzzle,trie] [--out FILE]
                                         [--data ../shared/data]

Both are whole processes, the command a user runs and the trie as a process of its own:
    python -m satpuzzle solve --kind crossword GRID --dict fr --limit 1 --count --timeout CAP
    python benchmarks/crossword.py --trie-command GRID fr --first --cap CAP
(the trie loads the list with satpuzzle's reader, from the same warm cache, and stops at its
first fill). Each runs in a wrapper process that reads its peak RSS (getrusage of its children,
benchmarks/memory.py: the largest of the process and its solver children), A/B interleaved, the
order flipping every round; medians of `--runs` rounds. A trie that passes the cap in one round
is not run again (it is deterministic: it would pass it again). satpuzzle checks its fill with
the independent checker, as the command always does; "no fill" is an answer (a proof), timed
like a fill. Standalone, prints the report's section (markdown) or writes it to --out; the
report generator (`python -m benchmarks --kinds grids`) runs the same.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.crossword import read_vanbeek
from benchmarks.memory import measure_process

SATPUZZLE, TRIE = "satpuzzle", "trie"
DICTIONARIES = ("fr", "en")
MIN_SIDE = 15
TRIE_GRACE = 2.0  # seconds past the cap before a trie without a fill is killed
TITLE = "Big crossword grids: first fill"
HEADER = ("| grid | size | white cells | list | satpuzzle (s) | satpuzzle CPU (s) "
          "| satpuzzle peak MB | trie (s) | trie CPU (s) | trie peak MB | ratio |")


@dataclass
class GridRecord:
    """One (grid, list, method): whole-process seconds and peak RSS (MiB) per run, and the
    outcome: "fill", "no fill" (the search proved there is none), "timeout" or "error"."""

    grid: str
    size: str  # "15x15"
    white: int  # white cells
    dictionary: str
    method: str
    times: list[float] = field(default_factory=list)
    peaks_mb: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # user + system seconds per run
    status: str = "fill"
    detail: str = ""


@dataclass
class GridSection:
    """The report's "Big crossword grids" section."""

    title: str
    records: list[GridRecord]
    runs: int
    time_limit: float
    notes: list[str] = field(default_factory=list)
    kind: str = "grids"


def big_grids(data: Path, only: Sequence[str] = ()) -> list[tuple[str, tuple[str, ...]]]:
    """The van Beek grids of at least MIN_SIDE cells a side (name, rows of 1 and 0)."""
    path = data / "crossword" / "grids-vanbeek.txt"
    if not path.exists():
        return []
    grids = [(name, rows) for name, rows in read_vanbeek(path)
             if min(len(rows), len(rows[0])) >= MIN_SIDE]
    return [(name, rows) for name, rows in grids if not only or any(w in name for w in only)]


def command(method: str, grid: Path, dictionary: str, cap: float) -> list[str]:
    if method == SATPUZZLE:
        return [sys.executable, "-m", "satpuzzle", "solve", "--kind", "crossword", str(grid),
                "--dict", dictionary, "--limit", "1", "--count", "--timeout", f"{cap:g}"]
    return [sys.executable, str(ROOT / "benchmarks" / "crossword.py"), "--trie-command",
            str(grid), dictionary, "--first", "--cap", f"{cap:g}"]


def outcome(method: str, run: dict, printed: str) -> tuple[str, str]:
    """(status, detail) of one run from its exit code and what it printed (the count)."""
    code = run["rc"]
    count = printed.split()[0] if printed.split() else ""
    if code == "killed" or (method == SATPUZZLE and code == 3):
        return "timeout", ""
    if code in (0, 1) and count.isdigit():
        return ("fill" if int(count) else "no fill"), ""
    lines = str(run.get("stderr", "")).strip().splitlines()
    last = lines[-1].replace("|", "/") if lines else ""  # a table cell
    return "error", f"exit {code}: {last}"[:160]


def measure_case(name: str, rows: Sequence[str], dictionary: str, runs: int, cap: float,
                 progress: Callable[[str], None] = lambda line: None,
                 methods: Sequence[str] = (SATPUZZLE, TRIE)) -> list[GridRecord]:
    """satpuzzle and the trie (or `methods` only) on one grid and list, `runs` A/B rounds."""
    size, white = f"{len(rows[0])}x{len(rows)}", sum(row.count("1") for row in rows)
    records = {method: GridRecord(name, size, white, dictionary, method) for method in methods}
    with tempfile.TemporaryDirectory(prefix="satpuzzle-grids-") as folder:
        grid = Path(folder) / f"vb{name}.txt"
        grid.write_text("\n".join(rows) + "\n")
        output = Path(folder) / "out"
        for round_ in range(runs):
            order = list(methods) if round_ % 2 == 0 else list(reversed(methods))
            for method in order:
                record = records[method]
                if record.status in ("timeout", "error"):
                    continue  # deterministic: it would again
                grace = TRIE_GRACE if method == TRIE else 30.0
                run = measure_process(command(method, grid, dictionary, cap), cap,
                                      str(output), grace)
                status, detail = outcome(method, run, output.read_text() if output.exists()
                                         else "")
                record.status, record.detail = status, detail
                if status in ("fill", "no fill"):
                    record.times.append(run["seconds"])
                    record.peaks_mb.append(run["peak_kb"] / 1024)
                    record.cpu.append(run["cpu"])
                progress(f"  grids: {name} {dictionary} {method} round {round_ + 1}: {status}"
                         + (f" in {run['seconds']:.2f} s (CPU {run['cpu']:.2f} s), "
                            f"{run['peak_kb'] / 1024:.0f} MB"
                            if status in ("fill", "no fill") else f" {detail}"))
    return [records[method] for method in methods]


def section(data: Path, quick: bool, time_limit: float = 0.0,
            progress: Callable[[str], None] = lambda line: None, runs: int = 0,
            only: Sequence[str] = (), methods: Sequence[str] = (SATPUZZLE, TRIE)) -> GridSection:
    """Every big van Beek grid with both lists (--quick: the first 15×15 grid only)."""
    cap = time_limit or (20.0 if quick else 60.0)
    runs = runs or (1 if quick else 3)
    grids = big_grids(data, only)
    if quick:
        grids = grids[:1]
    missing = f"{data / 'crossword' / 'grids-vanbeek.txt'} not found: no grid measured."
    notes = [] if grids else [missing]
    records: list[GridRecord] = []
    for name, rows in grids:
        for dictionary in DICTIONARIES:
            records += measure_case(name, rows, dictionary, runs, cap, progress, methods)
    return GridSection(TITLE, records, runs, cap, notes)


# ---------------------------------------------------------------- the report's section


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def _cell(record: GridRecord | None, limit: float) -> str:
    """Median wall seconds, CPU seconds and peak MB, or what went wrong; "no fill" marks a
    proof."""
    if record is None:
        return "not run | — | —"
    if record.status == "timeout":
        return f"— (timeout > {limit:g} s) | — | —"
    if record.status == "error":
        return f"error: {record.detail} | — | —"
    seconds = f"{_median(record.times):.2f}"
    if record.status == "no fill":
        seconds += " (no fill)"
    cpu = f"{_median(record.cpu):.2f}" if record.cpu else "—"
    return f"{seconds} | {cpu} | {_median(record.peaks_mb):.0f}"


def _ratio(ours: GridRecord | None, trie: GridRecord | None, limit: float) -> str:
    """The trie's median over satpuzzle's (above 1: satpuzzle faster); a bound when the trie
    passed the cap."""
    if ours is None or not ours.times or trie is None:
        return "—"
    mine = _median(ours.times)
    if trie.status == "timeout":
        return f"> {limit / mine:.0f}"
    if not trie.times:
        return "—"
    return f"{_median(trie.times) / mine:.2g}"


def _summary(records: Sequence[GridRecord], limit: float) -> list[str]:
    """Per list: how many grids each method answered, satpuzzle's median and worst."""
    lines = []
    for dictionary in DICTIONARIES:
        ours = [r for r in records if r.dictionary == dictionary and r.method == SATPUZZLE]
        trie = [r for r in records if r.dictionary == dictionary and r.method == TRIE]
        if not ours:
            continue
        answered = [r for r in ours if r.times]
        medians = [_median(r.times) for r in answered]
        cpu = [_median(r.cpu) for r in answered if r.cpu]
        peaks = [_median(r.peaks_mb) for r in answered]
        line = (f"- `{dictionary}`: satpuzzle answered {len(answered)} of {len(ours)} grids "
                f"({sum(r.status == 'no fill' for r in answered)} with a proof of no fill)")
        if medians:
            line += (f", median {statistics.median(medians):.2f} s, slowest "
                     f"{max(medians):.2f} s"
                     + (f" (CPU: median {statistics.median(cpu):.2f} s, most "
                        f"{max(cpu):.2f} s)" if cpu else "")
                     + f", largest peak {max(peaks):.0f} MB")
        if trie:
            line += (f"; the trie answered {sum(bool(r.times) for r in trie)} of {len(trie)} "
                     f"within {limit:g} s")
        lines.append(line + ".")
    return lines


def grid_lines(section: GridSection) -> list[str]:
    """The section in markdown: one row per (grid, list)."""
    lines = [f"## {section.title}", "",
             ("The first fill of every van Beek grid of 15×15 or more "
              "(`../shared/data/crossword/grids-vanbeek.txt`: Herald Tribune 15×15 to 23×23, "
              "Ginsberg's puzzles 17 to 19) with the built-in French (`fr`, 608,955 words) and "
              "English (`en`, 128,376 words) lists. Both columns are whole processes: "
              "`satpuzzle solve --kind crossword GRID --dict LIST --limit 1 --count` (start-up, "
              "the list read from its warm cache, the search and the checker of the fill) and "
              "the seed's trie (`benchmarks/baselines/crossword_trie.py`) run as a process of "
              "its own that reads the same list the same way and stops at its first fill. "
              f"Medians of {section.runs} interleaved runs (a trie past the cap is not run "
              f"again); *CPU* is user + system time of the process and its children (the "
              f"wall time less what other work on the machine took); peak memory is the "
              f"largest RSS of the process and its children; "
              f"time cap {section.time_limit:g} s per run; *no fill* is a proof that the "
              "grid has none with that list; *ratio* is the trie's time over satpuzzle's "
              "(a lower bound when the trie passed the cap). Produced by "
              "`python -m benchmarks.crossword_grids` (also `python -m benchmarks --kinds "
              "grids`)."), ""]
    lines += _summary(section.records, section.time_limit)
    if section.records:
        lines += ["", HEADER, "|---" * HEADER.count(" | ") + "|---|"]
    by_key = {(r.grid, r.dictionary, r.method): r for r in section.records}
    for grid, dictionary in dict.fromkeys((r.grid, r.dictionary) for r in section.records):
        ours, trie = by_key.get((grid, dictionary, SATPUZZLE)), by_key.get((grid, dictionary,
                                                                            TRIE))
        first = ours or trie
        lines.append(f"| {grid} | {first.size} | {first.white} | {dictionary} | "
                     f"{_cell(ours, section.time_limit)} | {_cell(trie, section.time_limit)} | "
                     f"{_ratio(ours, trie, section.time_limit)} |")
    lines.append("")
    if section.notes:
        lines += [f"Note: {note}" for note in section.notes] + [""]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per run (60)")
    parser.add_argument("--runs", type=int, default=3, help="A/B rounds (3)")
    parser.add_argument("--only", default="", help="grids whose name contains one of these "
                        "(comma-separated), e.g. 15.,puzzle")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--out", type=Path, help="write the section here (default: stdout)")
    parser.add_argument("--methods", default=f"{SATPUZZLE},{TRIE}",
                        help=f"comma-separated, among {SATPUZZLE}, {TRIE} (default: both)")
    args = parser.parse_args(argv)
    only = [part for part in args.only.split(",") if part]
    methods = [part for part in args.methods.split(",") if part]
    if not methods or any(method not in (SATPUZZLE, TRIE) for method in methods):
        parser.error(f"--methods: expected {SATPUZZLE} and/or {TRIE}")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    result = section(args.data, False, args.cap, progress, args.runs, only, methods)
    text = "\n".join(grid_lines(result)).rstrip() + "\n"
    if args.out:
        from satpuzzle.textio import write_atomic

        write_atomic(str(args.out), text)
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
