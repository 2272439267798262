"""The report's new parts rendered from records (benchmarks/report.py, benchmarks/scale.py):
the "Enumeration at scale" table (engine, medians, ratios, targets, wrong and timed-out
cells), the start-up rows, the whole-process column of a kind's table, and how the scale
section reads and checks what a process printed. Nothing here measures speed: the processes
started are tiny stand-ins whose output is fixed."""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.harness import Record
from benchmarks.report import CHANGES, Section, scale_lines, table, write_report
from benchmarks.scale import (
    CLINGO,
    CPSAT,
    SATPUZZLE,
    ScaleCase,
    ScaleRecord,
    ScaleSection,
    blocks,
    domino_tilings,
    read_clingo,
    reconcile,
    run_case,
    subset_splits,
)

STARTUP = {"`satpuzzle solve` (a 9×9 Sudoku)": [0.30, 0.28, 0.29],
           "`python -m clingo` (the program `a.`)": [0.05, 0.06, 0.05],
           "`python -c pass`": [0.02, 0.02, 0.02]}


def scale_record(case: str, mode: str, method: str, times: list[float], count: int | None,
                 status: str = "solved", expected: int | None = 100, engine: str = "",
                 target: float | None = None) -> ScaleRecord:
    return ScaleRecord(case, "sudoku", mode, method, times, status, count,
                       engine=engine, expected=expected, target=target)


def sample_section() -> ScaleSection:
    records = [
        scale_record("Latin", "count", SATPUZZLE, [0.9, 1.0, 1.1], 100,
                     engine="clasp (clingo)", target=1.0),
        scale_record("Latin", "count", CLINGO, [1.9, 2.0, 2.1], 100),
        scale_record("Latin", "count", CPSAT, [19.0, 20.0, 21.0], 100),
        scale_record("Latin", "all", SATPUZZLE, [6.0, 6.0, 6.0], 100,
                     engine="clasp (clingo)", target=1.5),
        scale_record("Latin", "all", CLINGO, [3.0, 3.0, 3.0], 100),
        scale_record("Latin", "all", CPSAT, [70.0], 99),
        scale_record("words", "count", SATPUZZLE, [2.0], 7, expected=None,
                     engine="search (the kind's own)"),
        scale_record("words", "count", CLINGO, [60.0], 5, "timeout", expected=None),
        scale_record("words", "count", CPSAT, [4.0], 7, expected=None),
    ]
    reconcile(records)
    return ScaleSection("Enumeration at scale", records, 3, 60.0, ["a note."], STARTUP)


def row(lines: list[str], start: str) -> str:
    return next(line for line in lines if line.startswith(start))


def test_the_scale_table_shows_engines_medians_ratios_and_targets() -> None:
    lines = scale_lines(sample_section())
    assert lines[0] == "## Enumeration at scale"
    assert any("| instance | mode | solutions | `auto` ran | satpuzzle | clingo | CP-SAT |"
               in line for line in lines)
    count = row(lines, "| Latin | `--count` |")
    assert "| 100 | clasp (clingo) | 1.00 s (3 runs) | 2.00 s (3 runs) | 20.00 s (3 runs) |" \
        in count
    assert "| 0.50 | 0.05 |" in count and "≤ 1× clingo: **met**" in count
    every = row(lines, "| Latin | `--all` |")
    assert "| 2.00 |" in every and "≤ 1.5× clingo: **not met**" in every
    assert "**wrong**" in every and "count 99, expected 100" in every  # never hidden
    words = row(lines, "| words | `--count` |")
    assert "7 (agreed)" in words and "search (the kind's own)" in words
    assert "timeout (> 60 s; 5 found)" in words and "< 0.03" in words
    assert "- a note." in lines
    assert "| 290 ms | 50 ms | 20 ms |" in lines  # the start-up medians
    assert any(line.startswith("- CP-SAT on Latin `--all`: **wrong**") for line in lines)
    assert any(line.startswith("- Latin `--count`: satpuzzle 0.90, 1.00, 1.10;")
               for line in lines)


def test_reconcile_trusts_the_known_count_else_the_majority() -> None:
    known = [scale_record("a", "count", SATPUZZLE, [1.0], 8),
             scale_record("a", "count", CLINGO, [1.0], 10),
             scale_record("a", "count", CPSAT, [1.0], 8)]
    for record in known:
        record.expected = 10
    reconcile(known)
    assert [r.status for r in known] == ["wrong", "solved", "wrong"]
    voted = [scale_record("b", mode, method, [1.0], count, expected=None)
             for mode, method, count in (("count", SATPUZZLE, 8), ("count", CLINGO, 9),
                                         ("all", SATPUZZLE, 8), ("all", CPSAT, 9),
                                         ("all", CLINGO, 8))]
    reconcile(voted)
    assert [r.status for r in voted] == ["solved", "wrong", "solved", "wrong", "solved"]
    late = scale_record("c", "count", CLINGO, [60.0], 3, "timeout", expected=10)
    reconcile([late])
    assert late.status == "timeout"  # a partial count is not a wrong one


def test_a_kind_table_has_a_whole_process_column_a_start_up_row_and_the_engine() -> None:
    records = [Record("k", "a", 1, "satpuzzle", 0.005, "solved"),
               Record("k", "b", 1, "satpuzzle", 0.007, "solved"),
               Record("k", "a", 1, "satpuzzle command", 0.30, "solved", engine="SAT"),
               Record("k", "b", 1, "satpuzzle command", 0.32, "timeout", engine="search"),
               Record("k", "a", 1, "peer", 0.010, "solved"),
               Record("k", "b", 1, "peer", 0.014, "solved")]
    startup = {"`satpuzzle solve`": [0.29, 0.28, 0.30], "`python -c pass`": [0.02, 0.02]}
    lines = table(records, startup, "`instances/k/easy.puz`")
    assert "| p90 | whole process | throughput |" in lines[0]
    ours = row(lines, "| satpuzzle |")
    assert "| 300 ms (1/2, 1 timeout, 60× in process) |" in ours
    assert "`auto` ran: SAT 1, search 1" in ours
    assert not any(line.startswith("| satpuzzle command |") for line in lines)
    assert "| — |" in row(lines, "| peer |")
    start = lines[-1]
    assert start.startswith("| start-up: `satpuzzle solve` on `instances/k/easy.puz` | 3 runs |")
    assert "| 290 ms (median) |" in start and "`python -c pass` 20 ms (medians)" in start
    plain = table(records[4:], startup)  # no command: no column, the start-up in *median*
    assert "whole process" not in plain[0]
    assert "| 290 ms |" in plain[-1]


def test_the_report_holds_the_scale_section_and_the_moved_sudoku_paragraph(
        tmp_path: Path) -> None:
    out = tmp_path / "docs" / "BENCHMARKS.md"
    kind = Section("k", "A kind", [Record("k", "a", 1, "satpuzzle", 0.01, "solved")], 3.0,
                   startup={"`satpuzzle solve`": [0.3]}, trivial="`x.puz`")
    write_report([kind, sample_section()], out, "python -m benchmarks --quick", plots=False)
    text = out.read_text()
    assert "## Enumeration at scale" in text and "## Enumeration counts" not in text
    assert "| start-up: `satpuzzle solve` on `x.puz` |" in text
    assert "10,530 clauses instead of 11,988" in text  # the paragraph regeneration kept
    assert "incremental lazy backtracking" in text  # why the shared solver was withdrawn
    assert text.index("## What changed") < text.index("## A kind") \
        < text.index("## Enumeration at scale")
    assert all(isinstance(line, str) for line in CHANGES)


def test_counting_what_a_process_printed(tmp_path: Path) -> None:
    grids = tmp_path / "grids.txt"
    grids.write_text("1 2\n2 1\n\n2 1\n1 2\n\n1 2\n2 1\n")
    assert blocks(grids, lines=False) == (3, 2)
    assert blocks(grids, lines=True) == (6, 2)
    clingo = tmp_path / "clingo.txt"
    clingo.write_text("clingo version 5\nSolving...\nAnswer: 1\nx(1) x(2)\nAnswer: 2\n"
                      "x(2) x(1)\nAnswer: 3\nx(3)\nSATISFIABLE\n\nModels       : 3\n")
    case = ScaleCase("c", "sudoku", None, {})
    reading = read_clingo(clingo, clingo, "all", case)
    assert (reading.count, reading.distinct, reading.complete) == (3, 2, True)
    clingo.write_text("Models       : 85078+\nCalls        : 1\n")
    reading = read_clingo(clingo, clingo, "count", case)
    assert (reading.count, reading.complete) == (85078, False)


def test_independent_counts() -> None:
    assert [domino_tilings(2, n) for n in range(1, 7)] == [1, 2, 3, 5, 8, 13]
    assert domino_tilings(6, 8) == 167_089 and domino_tilings(8, 8) == 12_988_816
    assert domino_tilings(3, 3) == 0
    assert subset_splits(list(range(1, 25))) == 93_846  # OEIS A058377
    assert subset_splits([3, 1, 1, 2, 2, 1]) == 5 and subset_splits([1, 2]) == 0


def test_run_case_reads_checks_and_flags_a_wrong_peer(tmp_path: Path) -> None:
    """Stand-in processes print fixed answers: satpuzzle and clingo agree, CP-SAT counts one
    too many and prints a solution twice; both of its rows are wrong, whatever the times."""
    def printing(text: str, code: int = 0) -> list[str]:
        return [sys.executable, "-c",
                f"import sys; sys.stdout.write({text!r}); sys.exit({code})"]

    case = ScaleCase("fake", "sudoku", None, {
        SATPUZZLE: {"count": printing("3\n"), "all": printing("a\nb\n\nc\n\nd\n")},
        CLINGO: {"count": printing("Models       : 3\n"),
                 "all": printing("Answer: 1\np\nAnswer: 2\nq\nAnswer: 3\nr\nModels : 3\n")},
        CPSAT: {"count": printing("4\n"), "all": printing("1 2\n2 1\n1 2\n")}})
    records = run_case(case, 2, 30.0, tmp_path)
    status = {(r.mode, r.method): (r.status, r.count, len(r.times)) for r in records}
    assert status[("count", SATPUZZLE)] == ("solved", 3, 2)
    assert status[("all", CLINGO)] == ("solved", 3, 2)
    assert status[("count", CPSAT)][:2] == ("wrong", 4)
    assert status[("all", CPSAT)][0] == "wrong"
    assert next(r for r in records if r.method == SATPUZZLE).engine == "?"  # no --stats line
    failing = ScaleCase("broken", "sudoku", None, {
        SATPUZZLE: {"count": printing("", 2), "all": printing("x\n")},
        CLINGO: {"count": printing("Models       : 1+\n"), "all": printing("never run")}})
    records = run_case(failing, 3, 30.0, tmp_path)
    assert [(r.mode, r.method, r.status, len(r.times)) for r in records] == [
        ("count", SATPUZZLE, "error", 1), ("count", CLINGO, "timeout", 1),
        ("all", SATPUZZLE, "solved", 3), ("all", CLINGO, "timeout", 0)]
    assert "not run (its `--count` timed out)" in "\n".join(
        scale_lines(ScaleSection("s", records, 3, 30.0)))


def test_the_engine_named_by_the_command_stats_line() -> None:
    from benchmarks.suites import stated_engine

    assert stated_engine(["satpuzzle: stats: search engine, solve 0.013 s"]) == "search"
    stats = "satpuzzle: stats: variables 153 (153 puzzle), clauses 854, compile 0.001 s"
    assert stated_engine(["satpuzzle: read as sudoku", stats]) == "SAT"
    assert stated_engine(["satpuzzle: stats: race engine, solve 0.1 s",
                          "satpuzzle: stats: first answer by search"]) == "race"
    assert stated_engine(["satpuzzle: 2 solution(s), complete"]) == ""
