"""Puzzles as people paste them (issue 28): a puzz.link URL that picked up a tracker's
parameters, a plain Sudoku made a Sudoku X from the command line (`--diagonals`), and
generated Hashi puzzles that Simon Tatham's Bridges can take (no islands side by side).
The command line's behaviour is checked in real processes, the API in this one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT

import satpuzzle
from satpuzzle.kinds.hashi import generation as hashi_generation

CLASSIC = INSTANCES / "sudoku" / "classic.puz"
EMPTY = INSTANCES / "sudoku" / "empty-9x9.puz"
HASHI = INSTANCES / "hashi" / "dailyprogrammer-7x7.puz"


def _satpuzzle(*args: object, cwd: Path | None = None,
               input_text: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "satpuzzle", *map(str, args)], check=False,
                          capture_output=True, text=True, cwd=cwd, input=input_text,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=300)


def _grids(text: str) -> list[list[list[int]]]:
    """The 9x9 grids of `solve`'s text output (one-line answers or grids of 9 lines)."""
    digits = [int(ch) for ch in text if ch.isdigit()]
    return [[digits[g * 81 + r * 9:g * 81 + r * 9 + 9] for r in range(9)]
            for g in range(len(digits) // 81)]


def _is_x(grid: list[list[int]]) -> bool:
    return ({grid[i][i] for i in range(9)} == set(range(1, 10))
            and {grid[i][8 - i] for i in range(9)} == set(range(1, 10)))


# ---------------------------------------------------------------- (a) URLs with trackers


@pytest.fixture(scope="module")
def url() -> str:
    return satpuzzle.export(satpuzzle.load(CLASSIC)[0], "url")


@pytest.mark.parametrize(("tail", "note"), [
    ("&utm=x", "'utm'"),
    ("?utm_source=newsletter", "'utm_source'"),
    ("&utm_source=a&utm_medium=b#share", "parameters 'utm_source', 'utm_medium'"),
    ("/?fbclid=IwAR0", "'fbclid'"),
])
def test_tracking_parameters_are_ignored_with_one_note(url, tail, note):
    result = _satpuzzle("solve", url + tail)
    assert result.returncode == 0, result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("satpuzzle: note: ignored the URL's parameter") and note in line
    assert result.stdout == _satpuzzle("solve", url).stdout


def test_a_fragment_alone_is_ignored_silently(url):
    result = _satpuzzle("solve", url + "#top")
    assert (result.returncode, result.stderr) == (0, "")


def test_the_api_reads_the_same_puzzle(url, capsys):
    assert satpuzzle.load(url + "&utm_source=x&utm_campaign=y") == satpuzzle.load(url)
    assert capsys.readouterr().err.splitlines() == [
        "satpuzzle: note: ignored the URL's parameters 'utm_source', 'utm_campaign'"]


def test_a_file_of_urls_with_trackers(tmp_path, url):
    links = tmp_path / "links.txt"
    links.write_text(f"{url}&utm_source=a\n{url}?ref=b\n")
    result = _satpuzzle("solve", links)
    assert result.returncode == 0, result.stderr
    assert len(_grids(result.stdout)) == 2
    assert sum("note: ignored" in line for line in result.stderr.splitlines()) == 2


# ---------------------------------------------------------------- (b) --diagonals


def test_diagonals_make_a_pasted_line_a_sudoku_x(tmp_path):
    result = _satpuzzle("solve", "." * 81, "--diagonals", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    [grid] = _grids(result.stdout)
    assert _is_x(grid)
    plain = _satpuzzle("solve", "." * 81, cwd=tmp_path)
    assert not _is_x(_grids(plain.stdout)[0])  # the plain grid's first answer is no X


def test_diagonals_on_a_puz_file_and_a_batch(tmp_path):
    solved = _satpuzzle("solve", EMPTY, "--diagonals")
    assert solved.returncode == 0 and _is_x(_grids(solved.stdout)[0])
    # classic's one solution breaks the diagonals: as a Sudoku X it has none
    assert _satpuzzle("solve", CLASSIC, "--diagonals").returncode == 1
    batch = tmp_path / "batch.txt"
    batch.write_text("." * 81 + "\n" + "1" + "." * 80 + "\n")
    answered = _satpuzzle("solve", batch, "--diagonals")
    assert answered.returncode == 0, answered.stderr
    grids = _grids(answered.stdout)
    assert len(grids) == 2 and all(map(_is_x, grids)) and grids[1][0][0] == 1


def test_every_command_that_reads_the_puzzle_takes_diagonals(tmp_path):
    compiled = _satpuzzle("compile", EMPTY, "--diagonals")
    assert compiled.returncode == 0 and "diagonals (X)" in compiled.stdout
    assert "diagonals (X)" not in _satpuzzle("compile", EMPTY).stdout
    exported = _satpuzzle("export", EMPTY, "--diagonals", "--format", "json")
    assert exported.returncode == 0 and json.loads(exported.stdout)["diagonals"] is True
    plain_solution = tmp_path / "plain.txt"
    plain_solution.write_text(_satpuzzle("solve", EMPTY).stdout)
    assert _satpuzzle("check", EMPTY, plain_solution).returncode == 0
    checked = _satpuzzle("check", EMPTY, plain_solution, "--diagonals")
    assert checked.returncode == 1 and "diagonal" in checked.stdout  # the rule checker's


@pytest.mark.parametrize("command", [["solve"], ["compile"], ["export", "--format", "json"]])
def test_diagonals_are_refused_for_other_kinds_with_one_line(command):
    result = _satpuzzle(*command, HASHI, "--diagonals")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"{HASHI}: error: --diagonals is a sudoku option, and this file holds hashi puzzles"]
    assert result.stdout == ""


# ---------------------------------------------------------------- (c) Hashi game IDs


def _neighbours(grid: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    rows, cols = len(grid), len(grid[0])
    return [(r, c) for r in range(rows) for c in range(cols) if grid[r][c]
            and ((r + 1 < rows and grid[r + 1][c]) or (c + 1 < cols and grid[r][c + 1]))]


SIZES = [(5, 5), (7, 7), (6, 9), (10, 10), (12, 12)]


@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_generated_hashi_puzzles_export_as_game_ids(rows, cols):
    """40 per size (200 in all), plain and unique: no island beside another, and each one's
    game ID reads back as the same puzzle."""
    for seed in range(20):
        for unique in (False, True):
            instance = hashi_generation.generate(rows, cols, islands=max(2, rows * cols // 5),
                                                 seed=seed, unique=unique)
            assert _neighbours(instance.grid) == [], (rows, cols, seed, unique)
            game_id = satpuzzle.export(instance, "sgt")
            assert game_id.startswith("sgt:bridges:")
            assert satpuzzle.load(game_id) == [instance]
            if unique:
                assert satpuzzle.unique(instance).verdict == "unique"


def test_generate_then_export_on_the_command_line(tmp_path):
    puzzle = tmp_path / "h.puz"
    made = _satpuzzle("generate", "hashi", "--size", "9x9", "--seed", "3", "--unique", "-o",
                      puzzle)
    assert made.returncode == 0, made.stderr
    exported = _satpuzzle("export", puzzle, "--format", "sgt")
    assert exported.returncode == 0, exported.stderr
    back = _satpuzzle("export", exported.stdout.strip(), "--format", "puz")
    assert back.returncode == 0 and satpuzzle.load(back.stdout) == satpuzzle.load(puzzle)
