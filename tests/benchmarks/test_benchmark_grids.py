"""The report's "Big crossword grids" section (benchmarks/crossword_grids.py): which grids it
takes, how it reads a run's outcome, the table rendered from records (timeouts shown as such,
ratios as bounds, proofs of no fill), its place in the report, and one real measurement of a
small grid by both commands."""

from __future__ import annotations

from pathlib import Path

from benchmarks.crossword_grids import (
    SATPUZZLE,
    TRIE,
    GridRecord,
    GridSection,
    big_grids,
    grid_lines,
    measure_case,
    outcome,
)
from benchmarks.report import write_report


def record(grid: str, dictionary: str, method: str, times: list[float], status: str = "fill",
           peaks: list[float] | None = None) -> GridRecord:
    return GridRecord(grid, "15x15", 189, dictionary, method, times,
                      peaks if peaks is not None else [100.0] * len(times),
                      [t / 2 for t in times], status)


def sample() -> GridSection:
    return GridSection("Big crossword grids: first fill", [
        record("15.01", "fr", SATPUZZLE, [1.0, 1.2, 1.1], peaks=[140.0, 142.0, 141.0]),
        record("15.01", "fr", TRIE, [], "timeout"),
        record("15.01", "en", SATPUZZLE, [0.5, 0.7, 0.6]),
        record("15.01", "en", TRIE, [3.0, 3.6, 3.3]),
        record("15.02", "fr", SATPUZZLE, [2.0], "no fill"),
        record("15.02", "fr", TRIE, [], "error"),
    ], 3, 60.0)


def test_only_grids_of_fifteen_or_more_a_side(tmp_path: Path) -> None:
    folder = tmp_path / "crossword"
    folder.mkdir()
    small, big = ["_____"] * 5, ["_" * 15] * 14 + ["*" + "_" * 14]
    (folder / "grids-vanbeek.txt").write_text(
        "# 05.01 5x5 (x)\n" + "\n".join(small) + "\n\n# 15.01 15x15 (y)\n" + "\n".join(big)
        + "\n\n# puzzle17 15x15\n" + "\n".join(big) + "\n")
    grids = big_grids(tmp_path)
    assert [name for name, _ in grids] == ["15.01", "puzzle17"]
    assert grids[0][1][-1] == "0" + "1" * 14
    assert [name for name, _ in big_grids(tmp_path, ["puzzle"])] == ["puzzle17"]
    assert big_grids(tmp_path / "nowhere") == []


def test_a_runs_outcome_from_its_exit_code_and_count() -> None:
    assert outcome(SATPUZZLE, {"rc": 0}, "1\n") == ("fill", "")
    assert outcome(SATPUZZLE, {"rc": 1}, "0\n") == ("no fill", "")
    assert outcome(SATPUZZLE, {"rc": 3}, "0\n") == ("timeout", "")
    assert outcome(TRIE, {"rc": "killed"}, "") == ("timeout", "")
    assert outcome(TRIE, {"rc": 0}, "0\n") == ("no fill", "")
    status, detail = outcome(SATPUZZLE, {"rc": 2, "stderr": "x\nsatpuzzle: bad\n"}, "")
    assert status == "error" and "exit 2: satpuzzle: bad" in detail


def test_the_table_shows_medians_timeouts_bounds_and_proofs() -> None:
    lines = grid_lines(sample())
    assert lines[0] == "## Big crossword grids: first fill"
    text = "\n".join(lines)
    assert "time cap 60 s per run" in text and "Medians of 3 interleaved runs" in text
    rows = [line for line in lines if line.startswith("| 15.")]
    assert all(row.count("|") == lines[lines.index(rows[0]) - 2].count("|") for row in rows)
    assert rows[0] == ("| 15.01 | 15x15 | 189 | fr | 1.10 | 0.55 | 141 | — (timeout > 60 s) "
                       "| — | — | > 55 |")
    assert rows[1] == "| 15.01 | 15x15 | 189 | en | 0.60 | 0.30 | 100 | 3.30 | 1.65 | 100 | 5.5 |"
    assert rows[2].startswith("| 15.02 | 15x15 | 189 | fr | 2.00 (no fill) | 1.00 | 100 | error")
    assert rows[2].endswith("| — | — | — |")
    assert ("- `fr`: satpuzzle answered 2 of 2 grids (1 with a proof of no fill), median "
            "1.55 s, slowest 2.00 s (CPU: median 0.78 s, most 1.00 s), largest peak 141 MB; "
            "the trie answered 0 of 2 within 60 s.") in lines


def test_the_report_holds_the_section(tmp_path: Path) -> None:
    out = tmp_path / "docs" / "BENCHMARKS.md"
    write_report([sample()], out, "python -m benchmarks --kinds grids", plots=False)
    text = out.read_text()
    assert "## Big crossword grids: first fill" in text
    assert "| 15.01 | 15x15 | 189 | en | 0.60 | 0.30 | 100 | 3.30 | 1.65 | 100 | 5.5 |" in text


def test_a_small_grid_measured_by_both_commands() -> None:
    """Real processes: a 5×5 grid with a black corner and the English list; both find a
    fill, with a time and a peak RSS each."""
    rows = ("11110", "11111", "11111", "11111", "01111")
    satpuzzle, trie = measure_case("corner5", rows, "en", 1, 60.0)
    for measured in (satpuzzle, trie):
        assert measured.status == "fill", measured.detail
        assert len(measured.times) == 1 and 0 < measured.times[0] < 60
        assert measured.peaks_mb[0] > 10 and 0 < measured.cpu[0] < 60
    assert (satpuzzle.size, satpuzzle.white) == ("5x5", 23)


def test_without_the_grids_file_the_section_says_so(tmp_path: Path) -> None:
    from benchmarks.crossword_grids import section

    empty = section(tmp_path, quick=True)
    lines = grid_lines(empty)
    assert empty.records == [] and not any(line.startswith("| grid") for line in lines)
    assert any(line.startswith("Note: ") and "grids-vanbeek.txt not found" in line
               for line in lines)


def test_satpuzzle_alone_leaves_the_trie_not_run() -> None:
    alone = GridSection("Big crossword grids: first fill",
                        [record("15.01", "en", SATPUZZLE, [0.5, 0.7, 0.6])], 3, 60.0)
    row = next(line for line in grid_lines(alone) if line.startswith("| 15.01"))
    assert row == "| 15.01 | 15x15 | 189 | en | 0.60 | 0.30 | 100 | not run | — | — | — |"
