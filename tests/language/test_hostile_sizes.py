"""Oversized input is refused while it is read: each case is a ~10 MB file past one of the
limits of the .puz language (satpuzzle/grammar/limits.py) or of a native reader, run through
the real command in a child process, which must exit 2 with one line `FILE:LINE:COL: error:`
and stay within generous CPU and memory bounds (asserted first, so a reader that reads the
whole file fails on its cost).

Measured with these files before the limits (CPU, peak memory): a Sudoku grid of 100,000
lines 51 s and 2.4 GB; 454,545 tiny puzzles 59 s and 1.7 GB; a word list 56 s and 2.6 GB; a
Shikaku grid 41 s and 2.6 GB, one of 5,000,000 one-cell lines 107 s and 4.8 GB; a 1-in-3 SAT
formula 80 s and 2.8 GB (accepted); a DIMACS one 13.5 s and 1.0 GB (accepted); a .has file
10 s and 1.0 GB; a grid of dashes 24 s and 1.4 GB; a puzz.link URL 5.2 s; a janko.at text
2.3 s and 158 MB; a Sudoku line a 10 MB error line. Now each takes under a second of CPU
and under 100 MB; the bounds below leave room for a busy machine."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

MB = 10_000_000
MAX_CPU_SECONDS = 5.0
MAX_RSS_MB = 150

# Runs the command given after it and prints its exit status, stderr, CPU seconds and peak
# memory: in a process of its own, the children's usage is that one command's.
_MEASURE = """
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"status": done.returncode, "stderr": done.stderr,
                  "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024}))
"""


def _measure(*args: object, cwd: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "satpuzzle",
                           *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          timeout=600, check=True)
    return json.loads(done.stdout)


_ROW = " ".join(["1"] * 50) + "\n"
_WIDE = " ".join(["1"] * 1000) + "\n"


def _fill(line: str) -> str:
    """`line` repeated to about 10 MB."""
    return line * (MB // len(line))


# name: (file name, its text, the error's line:col, words the message holds, extra args)
CASES: dict[str, tuple[str, Callable[[], str], str, str, tuple[str, ...]]] = {
    "grid of many lines": (
        "lines.puz", lambda: "sudoku {\n  grid {\n" + _fill(_ROW) + "  }\n}\n",
        "67:1", "grid of more than 64 lines is too large", ()),
    "a grid whose first line holds a form feed": (  # counted line by line there, then on
        "feed.puz", lambda: "shikaku {\n  grid {\n\f" + _fill(_WIDE) + "  }\n}\n",
        "1003:1", "grid of more than 1000000 cells", ()),
    "one enormous line": (
        "line.puz", lambda: "sudoku {\n  grid {\n    " + "." * MB + "\n  }\n}\n",
        "3:65537", "grid of more than 65536 characters", ()),
    "drawing aids": (
        "drawing.puz", lambda: "shikaku {\n  grid {\n    1 . .\n" + _fill("| " * 999 + "|\n")
        + "  }\n}\n", "3003:", "grid of more than 3000000 words", ()),
    "millions of tiny puzzles": (
        "tiny.puz", lambda: _fill("sudoku { grid { 1 } }\n"),
        "100001:1", "more than 100000 puzzles in one file", ()),
    "a huge word list": (
        "words.puz", lambda: "crossword {\n  grid {\n    ...\n  }\n  words {\n"
        + _fill("abc\n") + "  }\n}\n", "100006:1", "words of more than 100000 words", ()),
    "a huge word field": (
        "field.puz", lambda: "crossword {\n  grid {\n    ...\n  }\n  words: " + _fill("ab ")
        + "\n}\n", "5:300010", "words of more than 100000 words", ()),
    "many entries": (
        "entries.puz", lambda: "sudoku {\n" + "".join(f"  f{i}: 1\n" for i in range(MB // 12))
        + "}\n", "66:3", "more than 64 entries in one puzzle", ()),
    "deep nesting": (
        "nesting.puz", lambda: "sudoku {\n  grid {\n" + "{" * MB + "\n", "3:1",
        "unexpected '{'", ()),
    "huge numbers": (
        "numbers.puz", lambda: "partition {\n  numbers {\n" + _fill("9" * 4000 + "\n")
        + "  }\n}\n", "403:1", "numbers of more than 1600000 characters", ()),
    "a wide grid of many cells": (
        "cells.puz", lambda: "shikaku {\n  grid {\n" + _fill(_WIDE) + "  }\n}\n",
        "1003:1", "grid of more than 1000000 cells", ()),
    "a huge formula": (
        "clauses.puz", lambda: "one-in-three-sat {\n  clauses {\n" + _fill("1 -2 3\n")
        + "  }\n}\n", "100003:1", "clauses of more than 100000 lines", ()),
    "a huge jigsaw": (
        "pieces.puz", lambda: "jigsaw {\n  size: 2x2\n  pieces {\n" + _fill("0 1 2 0\n")
        + "  }\n}\n", "250004:", "pieces of more than", ()),
    "an unknown kind": (
        "kind.puz", lambda: "widget {\n  grid {\n" + _fill(_ROW) + "  }\n}\n", "1:1",
        "unknown puzzle kind 'widget'", ()),
    "an unknown block": (
        "block.puz", lambda: "sudoku {\n  stuff {\n" + _fill(_ROW) + "  }\n}\n", "67:1",
        "stuff of more than 64 lines", ()),
    "a grid read from a file": (
        "data.txt", lambda: _fill(_ROW), "65:1", "grid of more than 64 lines", ()),
    "a janko.at text": (
        "janko.txt", lambda: "10000 1000\n" + _fill(" ".join(["-"] * 1000) + "\n"), "1:1",
        "janko.at header says a grid of 10000×1000 cells, too large", ("--kind", "shikaku")),
    "a .has file": (
        "grid.has", lambda: "5000 1000 10\n" + _fill(" ".join(["0"] * 1000) + "\n"), "252:1",
        "grid of more than 250000 cells", ("--kind", "hashi")),
    "a tall grid": (
        "tall.puz", lambda: "shikaku {\n  grid {\n" + _fill("1\n") + "  }\n}\n", "1000003:1",
        "grid of more than 1000000 cells", ()),
    "a janko.at text, its kind not given": (
        "janko.txt", lambda: "9 9\n" + _fill(" ".join(["-"] * 1000) + "\n"), "2:",
        "janko.at text of more than", ()),
    "a .has file, its kind not given": (
        "grid.has", lambda: "5000 1000 10\n" + _fill(" ".join(["0"] * 1000) + "\n"), "252:1",
        "grid of more than 250000 cells", ()),
    "a grid of dashes, its kind not given": (
        "dashes.txt", lambda: _fill("- -\n"), "1500001:1", "grid of more than 3000000 words",
        ()),
    "a puzz.link URL": (
        "link.txt", lambda: "https://puzz.link/p?sudoku/9/9/" + "g" * MB + "\n", "1:32",
        "body of 10000000 characters holds more than 82 cells", ()),
    "a DIMACS formula": (
        "formula.cnf", lambda: f"p cnf 3 {MB // 9}\n" + _fill("1 -2 3 0\n"), "100002:1",
        "clauses of more than 400000 numbers", ("--kind", "one-in-three-sat")),
    "a .jpz grid": (
        "grid.jpz", lambda: '<?xml version="1.0"?><crossword-compiler-applet>'
        '<rectangular-puzzle><crossword><grid width="5" height="5">'
        + '<cell x="1" y="1" solution="A"/>' * (MB // 32) + "</grid></crossword>"
        "</rectangular-puzzle></crossword-compiler-applet>", "1:",
        "more than 80000 XML elements", ()),
    "a Sudoku line": (
        "line.txt", lambda: "." * MB + "\n", "1:1", "characters left out", ("--kind", "sudoku")),
    "a file of one-line Sudokus": (
        "batch.txt", lambda: _fill("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28"
                                   "....419..5....8..79\n"), "100001:1",
        "more than 100000 puzzles in one file", ()),
    "a file of links": (
        "links.txt", lambda: _fill("https://puzz.link/p?sudoku/9/9/53h7j6h195j98j6g8i6i34h8g3h"
                                   "17i2i6g6j28j419h5j8h79\n"), "100001:1",
        "more than 100000 puzzles in one file", ()),
    "a list of numbers": (
        "numbers.txt", lambda: _fill("1 2 3 4 5\n"), "20001:1",
        "numbers of more than 100000 numbers", ("--kind", "partition")),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_an_oversized_input_is_refused_cheaply(case: str, tmp_path: Path) -> None:
    name, text, where, words, extra = CASES[case]
    (tmp_path / name).write_text(text(), encoding="utf-8")
    target = name
    if name == "data.txt":  # referred to from a small .puz file
        target = "ref.puz"
        (tmp_path / target).write_text('sudoku {\n  grid: file "data.txt"\n}\n')
    assert (tmp_path / name).stat().st_size > 0.9 * MB
    run = _measure("compile", name if target == name else target, *extra, cwd=tmp_path)
    lines = run["stderr"].splitlines()
    summary = {**run, "stderr": run["stderr"][:300]}
    assert run["status"] == 2, summary
    assert run["cpu"] < MAX_CPU_SECONDS, summary
    assert run["rss_mb"] < MAX_RSS_MB, summary
    assert len(lines) == 1, lines[:5]
    assert "Traceback" not in run["stderr"]
    assert lines[0].startswith(f"{name}:{where}"), lines[0][:300]
    assert ": error: " in lines[0] and words in lines[0], lines[0][:300]
    assert len(lines[0]) < 2000  # a message quotes no input at length


def test_a_grid_at_the_limit_is_read(tmp_path: Path) -> None:
    """The limits refuse only what the kinds refuse too: a 64×64 Sudoku, drawn with box
    borders, and a Shikaku with a line of 1,000 cells are still read."""
    rows = [" ".join(["."] * 8) for _ in range(64)]
    drawn = []
    for r, row in enumerate(rows):
        drawn.append(" | ".join([row] * 8))
        if r % 8 == 7 and r < 63:
            drawn.append("-" * 150)
    (tmp_path / "big.puz").write_text("sudoku {\n  grid {\n" + "\n".join(drawn) + "\n  }\n}\n")
    run = _measure("compile", "big.puz", "--max-clauses", "1", cwd=tmp_path)
    assert run["status"] == 2 and "clauses" in run["stderr"], run  # read, then the budget
    (tmp_path / "wide.puz").write_text("shikaku {\n  grid {\n    1000 " + ". " * 999
                                       + "\n  }\n}\n")
    run = _measure("compile", "wide.puz", cwd=tmp_path)
    assert run["status"] == 0, run


@pytest.mark.skipif(sys.version_info < (3, 11), reason="a run of line ends is lexed in one "
                    "possessive match from Python 3.11 on; before, 10 MB of them take 2.5 GB")
def test_a_long_run_of_blank_lines_costs_little(tmp_path: Path) -> None:
    """Blank lines are no size: a puzzle followed by 10 MB of line ends is read, in bounds
    (the lexer took 4.5 s and 2.5 GB on them, a backtracking state a line)."""
    (tmp_path / "blank.puz").write_text("sudoku { grid { 1 } }" + "\n" * MB)
    run = _measure("compile", "blank.puz", cwd=tmp_path)
    assert run["status"] == 0, run
    assert run["cpu"] < MAX_CPU_SECONDS and run["rss_mb"] < MAX_RSS_MB, run
