"""jpz and ipuz read as their specifications say: a jpz `type="clue"` cell holding a letter is
that letter given (without one, an arrow-word clue cell: a block); ipuz clues given as the
specification's dicts (`cells`, `label`, `continued`, `references`, `see`) are read; a puzzle
that is no crossword (an acrostic, a coded crossword, a word search, a sudoku) is refused in one
line naming what it is, by the real command."""

from __future__ import annotations

import json
from pathlib import Path

import ipuz
import pytest
from conftest import run_cli, run_process

from satpuzzle.checkers import crossword as checker
from satpuzzle.codecs.gridfile import BLOCK
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.formats import ipuzfile, jpz
from satpuzzle.loading import load

# K I T      across KIT, NAP; down KIN, TOP (among other fills). SIT / SUN / TOP / NAP fills
# I # O      the same grid too: only the given K rules such fills out.
# N A P
WORDS = ["kit", "kin", "top", "nap", "sit", "sun"]
ANSWER = ("KIT", "I#O", "NAP")


def _jpz_cell(x: int, y: int, letter: str, attributes: str = "") -> str:
    if letter == "#":
        return f'<cell x="{x}" y="{y}" type="block"/>'
    return f'<cell x="{x}" y="{y}" solution="{letter}"{attributes}/>'


def _jpz(body: str, width: int, height: int, puzzle: str = "crossword") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<crossword-compiler-applet xmlns="http://crossword.info/xml/'
            'crossword-compiler-applet">\n'
            '<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle">\n'
            f'<metadata><title>Given</title></metadata>\n<{puzzle}>\n'
            f'<grid width="{width}" height="{height}">\n{body}\n</grid>\n'
            f'</{puzzle}>\n</rectangular-puzzle>\n</crossword-compiler-applet>\n')


GIVEN_K = _jpz("\n".join(
    _jpz_cell(c + 1, r + 1, letter, ' type="clue"' if (r, c) == (0, 0) else "")
    for r, row in enumerate(ANSWER) for c, letter in enumerate(row)), 3, 3)


def _dictionary(tmp_path: Path) -> Path:
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n")
    return words


def _solution(path: Path) -> tuple[str, ...]:
    data = ipuz.read(path.read_text())
    return tuple("".join(BLOCK if cell == "#" else cell for cell in row)
                 for row in data["solution"])


def _checked_fill(source: Path, words: Path, rows: tuple[str, ...]) -> list[str]:
    instance = load(str(source), None, {"dict": str(words)}).instances[0]
    return checker.check(instance, tuple("".join("0" if ch == BLOCK else ch.lower()
                                                 for ch in row) for row in rows))


# ---------------------------------------------------------------- jpz cells


def test_jpz_clue_cell_with_a_letter_is_a_given(tmp_path):
    """The K of a `type="clue"` cell is given: the fill keeps it (SIT/SUN would fit the grid
    as well), and the rule checker agrees with the fill."""
    source = tmp_path / "given.jpz"
    source.write_text(GIVEN_K)
    document = jpz.read_document(GIVEN_K, str(source))
    assert document.cells == ("K..", ".#.", "...")
    assert document.solution == ANSWER
    words = _dictionary(tmp_path)
    out = tmp_path / "out.ipuz"
    result = run_cli("solve", source, "--dict", words, "--format", "ipuz", "-o", out)
    assert result.returncode == 0, result.stderr
    filled = _solution(out)
    assert filled[0][0] == "K"
    assert _checked_fill(source, words, filled) == []
    # the other fill breaks the given: the checker says so
    assert _checked_fill(source, words, ("SIT", "U#O", "NAP")) != []


def test_jpz_clue_cell_without_a_letter_is_a_block(tmp_path):
    """An arrow-word's clue cell (type="clue", no solution) blocks the fill as a block does."""
    cells = "\n".join(_jpz_cell(c + 1, r + 1, letter) for r, row in enumerate(ANSWER)
                      for c, letter in enumerate(row))
    clue_cells = "\n".join(f'<cell x="4" y="{y}" type="clue"><clue>Arrow</clue></cell>'
                           for y in (1, 2, 3))
    text = _jpz(cells + "\n" + clue_cells, 4, 3)
    document = jpz.read_document(text, "arrows.jpz")
    assert document.cells == ("...#", ".#.#", "...#")
    source = tmp_path / "arrows.jpz"
    source.write_text(text)
    result = run_cli("solve", source, "--dict", _dictionary(tmp_path))
    assert result.returncode == 0, result.stderr


def test_jpz_clue_cell_of_several_letters_is_a_rebus_given():
    text = _jpz('<cell x="1" y="1" solution="KI" type="clue"/>', 1, 1)
    document = jpz.read_document(text, "rebus.jpz")
    assert document.rebus == ((0, 0, "KI"),) and document.cells == ("K",)


# ---------------------------------------------------------------- ipuz clues


def _ipuz(clues: dict, kind: list[str] | None = None) -> str:
    """The 3×3 grid above as the ipuz specification's crossword example writes one: clues as
    dicts of the specification's Clue fields."""
    return json.dumps({
        "version": "http://ipuz.org/v2",
        "kind": kind or ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "title": "Clues with cells",
        "puzzle": [[1, 0, 2], [0, "#", 0], [3, 0, 0]],
        "solution": [list(row) for row in ANSWER],
        "clues": clues,
    })


SPEC_CLUES = {
    "Across": [
        {"number": 1, "clue": "Set of tools", "cells": [[0, 0], [1, 0], [2, 0]],
         "enumeration": "3", "answer": "KIT",
         "references": [{"direction": "Down", "number": 1}]},
        {"number": 3, "clue": "Short sleep", "label": "3", "cells": [[0, 2], [1, 2], [2, 2]],
         "see": {"direction": "Down", "number": 2}, "highlight": False},
    ],
    "Down": [
        {"number": 1, "clue": "Family", "cells": [[0, 0], [0, 1], [0, 2]], "hints": ["kith"],
         "continued": [{"direction": "Across", "number": 3}]},
        {"number": 2, "clue": "Summit", "cells": [[2, 0], [2, 1], [2, 2]],
         "references": [1, "3"], "see": 1},
    ],
}


def test_ipuz_clues_with_cells_read_and_filled(tmp_path):
    """The library alone refuses these clues ("Invalid Clue"); satpuzzle reads them, fills the
    grid and writes it back with the clues as they were."""
    text = _ipuz(SPEC_CLUES)
    with pytest.raises(ipuz.IPUZException, match="Invalid Clue"):
        ipuz.read(text)
    source = tmp_path / "cells.ipuz"
    source.write_text(text)
    document = ipuzfile.read_document(text, str(source))
    assert {(c.direction, c.number, c.text) for c in document.clues} == {
        ("across", 1, "Set of tools"), ("across", 3, "Short sleep"),
        ("down", 1, "Family"), ("down", 2, "Summit")}
    words = _dictionary(tmp_path)
    out = tmp_path / "out.ipuz"
    result = run_cli("solve", source, "--dict", words, "--format", "ipuz", "-o", out)
    assert result.returncode == 0, result.stderr
    written = json.loads(out.read_text())
    assert written["clues"] == SPEC_CLUES
    rows = tuple("".join(BLOCK if cell == "#" else cell for cell in row)
                 for row in written["solution"])
    assert _checked_fill(source, words, rows) == []


@pytest.mark.parametrize("field, value", [
    ("cells", "A1"), ("cells", [[0]]), ("cells", [[0, -1]]), ("cells", [[0, True]]),
    ("label", ["1"]), ("continued", {"direction": "Down", "number": 1}),
    ("references", [{"direction": "Down"}]), ("see", {"number": 1}),
])
def test_ipuz_clue_fields_outside_the_specification_refused(field, value):
    clues = {"Across": [{"number": 1, "clue": "Set of tools", field: value}]}
    with pytest.raises(InputError, match="not a valid ipuz file: Invalid Clue"):
        ipuzfile.read_document(_ipuz(clues), "bad.ipuz")


def test_ipuz_fields_the_library_checks_are_still_checked():
    clues = {"Across": [{"number": 1, "clue": 7, "cells": [[0, 0]]}]}
    with pytest.raises(InputError, match="not a valid ipuz file: Invalid Clue"):
        ipuzfile.read_document(_ipuz(clues), "bad.ipuz")


# ---------------------------------------------------------------- other puzzles refused

ACROSTIC_GRID = "\n".join(f'<cell x="{x}" y="1" solution="A" number="{x}"/>' for x in range(1, 4))
IPUZ_KIND = "http://ipuz.org/{}#1"


@pytest.mark.parametrize("name, text, message", [
    ("acrostic.jpz", _jpz(ACROSTIC_GRID, 3, 1, "acrostic"),
     "error: this jpz file holds an acrostic puzzle (<acrostic>); satpuzzle fills crosswords"),
    ("coded.jpz", _jpz(ACROSTIC_GRID, 3, 1, "coded"),
     "error: this jpz file holds a coded crossword (<coded>); satpuzzle fills crosswords"),
    ("search.jpz", _jpz(ACROSTIC_GRID, 3, 1, "word-search"),
     "error: this jpz file holds a word search (<word-search>); satpuzzle fills crosswords"),
    ("sudoku.jpz", _jpz(ACROSTIC_GRID, 3, 1, "sudoku"),
     "error: this jpz file holds a sudoku (<sudoku>); satpuzzle fills crosswords"),
    ("acrostic.ipuz", _ipuz({}, [IPUZ_KIND.format("crossword"), IPUZ_KIND.format("acrostic")]),
     "error: an ipuz puzzle of kind http://ipuz.org/acrostic#1: satpuzzle fills crosswords"),
    ("search.ipuz", _ipuz({}, [IPUZ_KIND.format("wordsearch")]),
     "error: an ipuz puzzle of kind http://ipuz.org/wordsearch#1: satpuzzle fills crosswords"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 20 else "")
def test_other_puzzles_refused_in_one_line(name, text, message, tmp_path):
    source = tmp_path / name
    source.write_text(text)
    result = run_process("solve", source, "--dict", _dictionary(tmp_path), timeout=120)
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines == [f"{source}: {message} (kind http://ipuz.org/crossword)"
                     if name.endswith(".ipuz") else f"{source}: {message}"], result.stderr
