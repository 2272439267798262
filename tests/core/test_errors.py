"""Bad input gives one line `FILE:LINE:COL: error: ...`, exit status 2, never a traceback."""

from __future__ import annotations

import re

import pytest
from conftest import INSTANCES, run_cli

GOOD_GRID = "sudoku {\n  grid {\n    1 . . .\n    . . . .\n    . . . .\n    . . . .\n  }\n}\n"

# name -> (file content, expected line, expected column, words the message must contain)
CASES = {
    "syntax error": ("sudoku {\n  box 2x2\n}\n", 2, 7, "expected ':' or '{'"),
    "unclosed brace": ("sudoku {\n  grid {\n    1 2\n", 4, 1, "unexpected end of file"),
    "stray character": ("sudoku } {\n", 1, 8, "unexpected"),
    "unknown kind": ("sudokku {\n  grid {\n    1\n  }\n}\n", 1, 1, "unknown puzzle kind 'sudokku'"),
    "partition number not an integer": ("partition {\n  numbers: 1 x 3\n}\n", 2, 14,
                                        "integer"),
    "wrong grid width": (GOOD_GRID.replace(". . . .\n    . . . .\n  }", ". . .\n    . . . .\n  }"),
                         5, 5, "line has 3 cell(s), expected 4"),
    "clue out of range": (GOOD_GRID.replace("1 . . .", "1 . 9 ."), 3, 9, "clue 9 out of range"),
    "bad cell": (GOOD_GRID.replace("1 . . .", "1 . x ."), 3, 9, "expected a digit 1..4"),
    "box does not fit": (GOOD_GRID.replace("  grid", "  box: 3x3\n  grid"), 2, 8,
                         "box 3x3"),
    "unknown entry": (GOOD_GRID.replace("  grid", "  colour: red\n  grid"), 2, 3,
                      "unknown entry 'colour'"),
    "entry twice": (GOOD_GRID.replace("  grid", "  box: 2x2\n  box: 2x2\n  grid"), 3, 3,
                    "given twice"),
    "missing referenced file": ('sudoku {\n  grid: file "absent.txt"\n}\n', 2, 14,
                                "cannot read"),
    "empty file": ("", 1, 1, "empty file"),
    "only comments": ("# nothing here\n# at all\n", 1, 1, "no puzzle in file"),
    "no grid": ("sudoku {\n  box: 2x2\n}\n", 1, 1, "needs a grid"),
}


def _assert_one_clean_line(result, path, line, column, words):
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    prefix = f"{path}:{line}:{column}: error: " if line else f"{path}: error: "
    assert lines[0].startswith(prefix), lines[0]
    assert words in lines[0]


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("command", ["solve", "compile"])
def test_bad_puz_file(tmp_path, name, command):
    content, line, column, words = CASES[name]
    path = tmp_path / "bad.puz"
    path.write_text(content)
    _assert_one_clean_line(run_cli(command, path), path, line, column, words)


def test_referenced_grid_error_points_into_that_file(tmp_path):
    (tmp_path / "grid.txt").write_text("1 . . .\n. . . .\n. . 5 .\n. . . .\n")
    path = tmp_path / "ref.puz"
    path.write_text('sudoku {\n  grid: file "grid.txt"\n}\n')
    _assert_one_clean_line(run_cli("solve", path), tmp_path / "grid.txt", 3, 5,
                           "clue 5 out of range")
    (tmp_path / "grid.txt").write_text("1 . . .\n. . . .\n. . 4 .\n. . . .\n")
    assert run_cli("solve", path).returncode == 0


def test_binary_garbage(tmp_path):
    path = tmp_path / "garbage.puz"
    path.write_bytes(b"sudoku {\n \x00\x9f\xff\xfe garbage")
    _assert_one_clean_line(run_cli("solve", path), path, 2, 2, "binary data")


def test_binary_garbage_native(tmp_path):
    path = tmp_path / "garbage.txt"
    path.write_bytes(bytes(range(256)) * 4)
    _assert_one_clean_line(run_cli("solve", path), path, 1, 1, "binary data")


def test_missing_file_and_directory(tmp_path):
    _assert_one_clean_line(run_cli("solve", tmp_path / "absent.puz"), tmp_path / "absent.puz",
                           None, None, "no such file")
    # a directory is a set of puzzles now: one without any is a clean error
    _assert_one_clean_line(run_cli("solve", tmp_path), tmp_path, None, None,
                           "the directory holds no puzzle .puz file")


def test_unrecognised_native_file(tmp_path):
    path = tmp_path / "what.txt"
    path.write_text("hello world\nthis is not a puzzle\n")
    _assert_one_clean_line(run_cli("solve", path), path, 1, 1, "cannot tell what puzzle")


def test_native_errors(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_text("." * 81 + "\n" + "." * 40 + "7" + "." * 40 + "\n" + "." * 80 + "\n")
    _assert_one_clean_line(run_cli("solve", path, "--kind", "sudoku"), path, 3, 1,
                           "80 cells")
    grid = tmp_path / "grid.txt"
    grid.write_text("1 2 3 4\n0 0 0 0\n0 0 0\n0 0 0 0\n")
    _assert_one_clean_line(run_cli("solve", grid, "--kind", "sudoku"), grid, 3, 1,
                           "line has 3 cell(s)")


@pytest.mark.parametrize("args,words", [
    (["solve", "X", "--solver", "nosuch"], "unknown solver 'nosuch'"),
    (["solve", "X", "--limit", "0"], "positive integer"),
    (["solve", "X", "--timeout", "-3"], "positive number of seconds"),
    (["solve", "X", "--count", "--unique"], "--count and --unique"),
    (["solve", "X", "--box", "3x3"], "apply to native files"),
    (["frobnicate"], "invalid choice"),
])
def test_usage_errors_are_one_line(args, words):
    args = [str(INSTANCES / "sudoku" / "classic.puz") if a == "X" else a for a in args]
    result = run_cli(*args)
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_model_for_decode(tmp_path):
    puzzle = INSTANCES / "sudoku" / "classic.puz"
    model = tmp_path / "model.txt"
    model.write_text("s SATISFIABLE\nv 1 2 x 0\n")
    _assert_one_clean_line(run_cli("decode", puzzle, model), model, 2, 7,
                           "expected an integer literal")
    model.write_text("s SATISFIABLE\nv 1 2 3 0\n")
    result = run_cli("decode", puzzle, model)
    assert result.returncode == 2 and re.search(r"falsifies clause \d+", result.stderr)
