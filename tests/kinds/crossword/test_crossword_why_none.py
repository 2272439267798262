"""A crossword run that ends with "no solution" says why when the cause shows before any
search (satpuzzle/kinds/crossword/causes.py): a slot length no word has, answers of the file
left out of its word list (digits, symbols, blank solution cells), given letters no word
fits; letters typed in the player's grid are noted once at reading, and --ignore-typed drops
them. Real processes: the notes are the command's stderr and its exit status."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import puz
import pytest
from conftest import ROOT

CHECKOUT = ROOT

# 3×3 with a block in the middle: CAT / A#O / TOP (1-Across, 1-Down, 2-Down, 3-Across)
SOLUTION = [["C", "A", "T"], ["A", "#", "O"], ["T", "O", "P"]]
LABELS = [[1, 0, 2], [0, "#", 0], [3, 0, 0]]

XD_FILLABLE = """Title: Fillable


CAT
A#O
TOP


A1. Pet ~ CAT
A3. Summit ~ TOP
D1. Pet ~ CAT
D2. Summit ~ TOP
"""

# 1-Across has four cells, and the word list below no word of four letters
XD_LONG_SLOT = """Title: Long slot


CATS
A#O#
TOP#


A1. Pets ~ CATS
A3. Summit ~ TOP
D1. Pet ~ CAT
D2. Summit ~ TOP
"""


def _ipuz(solution: list[list[object]], labels: list[list[object]] = LABELS,
          saved: list[list[str]] | None = None) -> str:
    data: dict[str, object] = {
        "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": len(labels[0]), "height": len(labels)}, "title": "t",
        "puzzle": labels, "solution": solution}
    if saved is not None:
        data["saved"] = saved
    return json.dumps(data)


def _solve(tmp_path: Path, name: str, text: str | None,
           *args: str) -> subprocess.CompletedProcess:
    """`satpuzzle solve NAME ARGS` in tmp_path, NAME written there first unless `text` is
    None, beside words.txt (cat, top)."""
    if text is not None:
        (tmp_path / name).write_text(text)
    (tmp_path / "words.txt").write_text("cat\ntop\n")
    env = {**os.environ, "PYTHONPATH": str(CHECKOUT)}
    return subprocess.run([sys.executable, "-m", "satpuzzle", "solve", name, *args],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
                          check=False)


def _notes(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.startswith("satpuzzle: note:")]


@pytest.mark.parametrize("name, text", [("ok.xd", XD_FILLABLE),
                                        ("ok.ipuz", _ipuz(SOLUTION))])
def test_a_fillable_grid_gives_no_note(tmp_path, name, text):
    for args in ((), ("--dict", "words.txt")):
        result = _solve(tmp_path, name, text, *args)
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["cat", "a0o", "top"]
        assert _notes(result) == [], result.stderr
        assert "Traceback" not in result.stderr


def test_a_slot_length_no_word_has_is_named(tmp_path):
    result = _solve(tmp_path, "long.xd", XD_LONG_SLOT, "--dict", "words.txt")
    assert result.returncode == 1, result.stderr
    assert _notes(result) == [
        "satpuzzle: note: no word of length 4 in the list (slot 1-Across)"]
    lines = result.stderr.splitlines()
    assert lines.index("satpuzzle: no solution") < lines.index(_notes(result)[0])


def test_answers_with_digits_or_symbols_are_said_dropped(tmp_path):
    """The file's own answers are the word list; 1-Across `12$` and the two down answers
    crossing it hold no letter there, so they are left out and nothing fills those slots."""
    solution = [["1", "2", "$"], ["A", "#", "O"], ["T", "O", "P"]]
    result = _solve(tmp_path, "digits.ipuz", _ipuz(solution))
    assert result.returncode == 1, result.stderr
    notes = _notes(result)
    assert notes[0] == ('satpuzzle: note: 3 answers of the file dropped from the word list '
                        '("???", "?AT", "?OP": ? a cell of its solution holding a digit, a '
                        'symbol or nothing)')
    assert notes[1] == ("satpuzzle: note: 3 cells of the file's solution without a letter "
                        "(blank, digit or symbol; first at row 1, column 1)")
    assert "Traceback" not in result.stderr


def test_a_blank_solution_cell_is_said(tmp_path):
    """A 4-cell 1-Across whose last cell the solution leaves blank: its answer is no word,
    so no word of length 4 is left, and the notes say both."""
    labels = [[1, 0, 2, 0], [0, "#", 0, "#"], [3, 0, 0, "#"]]
    solution = [["C", "A", "T", ""], ["A", "#", "O", "#"], ["T", "O", "P", "#"]]
    result = _solve(tmp_path, "blank.ipuz", _ipuz(solution, labels))
    assert result.returncode == 1, result.stderr
    assert _notes(result) == [
        ('satpuzzle: note: 1 answer of the file dropped from the word list ("CAT?": ? a cell '
         'of its solution holding a digit, a symbol or nothing)'),
        ("satpuzzle: note: 1 cell of the file's solution without a letter (blank, digit or "
         "symbol; first at row 1, column 4)"),
        "satpuzzle: note: no word of length 4 in the list (slot 1-Across)"]


TYPED = [["X", "", ""], ["", "#", ""], ["", "", ""]]  # a wrong letter typed by the player


def _typed_puz(tmp_path: Path) -> bytes:
    """An Across Lite file whose player's grid (its fill) holds the typed X."""
    grid = puz.Puzzle()
    grid.width = grid.height = 3
    grid.solution = "".join("".join(row) for row in SOLUTION).replace("#", ".")
    grid.fill = "X--" "-.-" "---"
    grid.clues = ["Pet", "Pet", "Summit", "Summit"]
    grid.save(str(tmp_path / "made.puz"))
    return (tmp_path / "made.puz").read_bytes()


def _typed_jpz() -> str:
    """A .jpz whose first cell holds the typed X as its solve-state."""
    cells = "\n".join(
        f'<cell x="{c + 1}" y="{r + 1}" type="block"/>' if letter == "#" else
        f'<cell x="{c + 1}" y="{r + 1}" solution="{letter}"'
        + (' solve-state="X"' if (r, c) == (0, 0) else "") + "/>"
        for r, row in enumerate(SOLUTION) for c, letter in enumerate(row))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<crossword-compiler-applet xmlns="http://crossword.info/xml/'
            'crossword-compiler-applet">\n'
            '<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle">\n'
            '<metadata><title>Typed</title></metadata>\n<crossword>\n'
            f'<grid width="3" height="3">\n{cells}\n</grid>\n'
            '</crossword>\n</rectangular-puzzle>\n</crossword-compiler-applet>\n')


def _typed_file(tmp_path: Path, suffix: str) -> str:
    name = f"typed.{suffix}"
    if suffix == "puz":
        (tmp_path / name).write_bytes(_typed_puz(tmp_path))
    else:
        (tmp_path / name).write_text(_ipuz(SOLUTION, saved=TYPED) if suffix == "ipuz"
                                     else _typed_jpz())
    return name


@pytest.mark.parametrize("suffix", ["ipuz", "puz", "jpz"])
def test_typed_letters_are_noted_once_and_block_the_fill(tmp_path, suffix):
    name = _typed_file(tmp_path, suffix)
    result = _solve(tmp_path, name, None, "--dict", "words.txt")
    assert result.returncode == 1, result.stderr
    typed = ("satpuzzle: note: 1 letter typed in the player's grid is kept as given "
             "(--ignore-typed to drop them)")
    assert _notes(result) == [typed,
                              "satpuzzle: note: no word of the list fits slot 1-Across (X??)",
                              "satpuzzle: note: no word of the list fits slot 1-Down (X??)"]
    lines = result.stderr.splitlines()
    assert lines.index(typed) < lines.index("satpuzzle: no solution")


@pytest.mark.parametrize("suffix", ["ipuz", "puz", "jpz"])
@pytest.mark.parametrize("args", [(), ("--dict", "words.txt")])
def test_ignore_typed_makes_the_blocked_file_fill(tmp_path, suffix, args):
    name = _typed_file(tmp_path, suffix)
    result = _solve(tmp_path, name, None, "--ignore-typed", *args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["cat", "a0o", "top"]
    assert _notes(result) == [], result.stderr


def test_letters_pre_filled_by_the_puzzle_are_not_typed_ones(tmp_path):
    """An ipuz `value` in the puzzle is the puzzle's own given: no note, --ignore-typed
    keeps it (here a wrong one, so the fill stays blocked, and says why)."""
    labels = [[{"cell": 1, "value": "X"}, 0, 2], [0, "#", 0], [3, 0, 0]]
    result = _solve(tmp_path, "given.ipuz", _ipuz(SOLUTION, labels), "--dict", "words.txt",
                    "--ignore-typed")
    assert result.returncode == 1, result.stderr
    assert _notes(result) == [
        "satpuzzle: note: no word of the list fits slot 1-Across (X??)",
        "satpuzzle: note: no word of the list fits slot 1-Down (X??)"]


def test_slots_no_word_fits_are_named_five_then_counted(tmp_path):
    """A native grid of six across slots XXX (blocks between): five named, the sixth
    counted, so that a grid of many wrong letters gives a few lines, not one a slot."""
    grid = "\n".join(["xxx", "000"] * 5 + ["xxx"]) + "\n"
    result = _solve(tmp_path, "many.txt", grid, "--kind", "crossword", "--dict", "words.txt")
    assert result.returncode == 1, result.stderr
    numbers = [1, 2, 3, 4, 5]
    assert _notes(result) == [
        *(f"satpuzzle: note: no word of the list fits slot {n}-Across (XXX)" for n in numbers),
        "satpuzzle: note: 1 more slot that no word of the list fits"]


def test_entries_of_a_word_list_dropped_are_quoted(tmp_path):
    """A --dict list's entries of digits or symbols are dropped: the summary line quotes the
    first ones, and the slot they would have filled is named."""
    (tmp_path / "odd.txt").write_text("cat\ntop\n12$@\nA-1\nfoo!\nbar?\n")
    result = _solve(tmp_path, "long.xd", XD_LONG_SLOT, "--dict", "odd.txt")
    assert result.returncode == 1, result.stderr
    assert ('satpuzzle: dictionary odd.txt: 2 words kept, 4 dropped (other characters), '
            '0 duplicates removed; dropped: "12$@", "A-1", "foo!", ...') in result.stderr
    assert _notes(result) == [
        "satpuzzle: note: no word of length 4 in the list (slot 1-Across)"]
