"""Gaps of the crossword readers found by files of other projects (issue 29), each shown on a
small hand-made file through the real command: ipuz clues placed by their `cells` (labels such
as '•' or '2-3'); an ipuz diagramless grid, its blocks only in the solution; variety crosswords
(entries that turn, run backwards or cross a bar) refused in one line, not filled by their
straight runs; xd's HTML comments and digit cells; other sites' JSON refused as what it is.

The grid of most: CAT / A#E / TEN, whose own answers fill it one way."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import ipuz
import puz
import pytest
from conftest import run_process

from satpuzzle.kinds.crossword.formats import ipuzfile, xd

TIMEOUT = 300  # seconds; each command takes a second or two on a quiet machine
ROWS = ("CAT", "A#E", "TEN")
FILL = "cat\na0e\nten"  # as `solve` prints it
CLUES = {"Feline", "Digit", "Pet", "Number"}


def _run(*args: object) -> subprocess.CompletedProcess:
    result = run_process(*args, timeout=TIMEOUT)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _refused(result: subprocess.CompletedProcess, *reasons: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "error: " in lines[0] and all(reason in lines[0] for reason in reasons), lines[0]
    assert result.stdout == ""
    return lines[0]


def _written_clues(path: Path, tmp_path: Path) -> dict[str, set[str]]:
    """The clue texts of the fill of `path` written as Across Lite (read by puzpy), ipuz (read
    by the ipuz library) and xd (read by satpuzzle)."""
    found = {}
    for fmt in ("puz", "ipuz", "xd"):
        out = tmp_path / f"out.{fmt}"
        result = _run("solve", path, "--format", fmt, "-o", out)
        assert result.returncode == 0, (fmt, result.stderr)
        if fmt == "puz":
            found[fmt] = set(puz.read(str(out)).clues)
        elif fmt == "ipuz":
            text = out.read_text(encoding="utf-8")
            try:
                data = ipuz.read(text)
            except ipuz.IPUZException as exc:  # the library refuses a clue's `cells`, which
                assert "Clue" in str(exc), exc  # the specification allows (checked by
                data = json.loads(text)  # satpuzzle, re-reading it below)
                assert ipuzfile.read_document(text, str(out)).clues
            found[fmt] = {clue[1] if isinstance(clue, list) else clue["clue"]
                          for clues in data["clues"].values() for clue in clues}
        else:
            found[fmt] = {clue.text for clue in
                          xd.read_document(out.read_text(encoding="utf-8"), str(out)).clues}
    return found


def _ipuz(clues: dict, puzzle: list | None = None, kind: str = "crossword#1",
          solution: list | None = None) -> str:
    return json.dumps({
        "version": "http://ipuz.org/v2", "kind": [f"http://ipuz.org/{kind}"],
        "dimensions": {"width": 3, "height": 3},
        "puzzle": puzzle or [[1, 0, 2], [0, "#", 0], [3, 0, 0]],
        "solution": solution or [list(row.replace("#", "#")) for row in ROWS],
        "clues": clues})


# ---------------------------------------------------------------- ipuz clues placed by cells

def test_ipuz_clues_are_placed_by_their_cells(tmp_path: Path) -> None:
    """Down clues all labelled '•', across ones '9-9' and 'x': each on the entry its cells
    are, kept when the fill is written back; a clue whose cells are no entry (part of one)
    and whose label is none either is dropped."""
    path = tmp_path / "bullets.ipuz"
    path.write_text(_ipuz({
        "Across": [{"number": "9-9", "clue": "Feline", "cells": [[1, 1], [2, 1], [3, 1]]},
                   {"number": "x", "clue": "Digit", "cells": [[1, 3], [2, 3], [3, 3]]},
                   {"number": "•", "clue": "Part", "cells": [[2, 3], [3, 3]]}],
        "Down": [{"number": "•", "clue": "Pet", "cells": [[1, 1], [1, 2], [1, 3]]},
                 {"number": "•", "clue": "Number", "cells": [[3, 1], [3, 2], [3, 3]]}]}))
    document = ipuzfile.read_document(path.read_text(), str(path))
    assert {(c.direction, c.number, c.text) for c in document.clues} == {
        ("across", 1, "Feline"), ("across", 3, "Digit"), ("down", 1, "Pet"),
        ("down", 2, "Number")}
    result = _run("solve", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == FILL
    # the clue left out is said, once, before the search
    assert result.stderr.count("note: 1 clue of the file is on no entry of the grid") == 1
    assert document.unplaced_clues == 1
    written = _written_clues(path, tmp_path)
    assert written["puz"] == written["xd"] == CLUES
    assert written["ipuz"] == CLUES | {"Part"}  # the file's own clues, kept as it has them


def test_every_clue_placed_means_no_note(tmp_path: Path) -> None:
    path = tmp_path / "whole.ipuz"
    path.write_text(_ipuz({
        "Across": [{"number": 1, "clue": "Feline"}, {"number": 3, "clue": "Digit"}],
        "Down": [{"number": 1, "clue": "Pet"}, {"number": 2, "clue": "Number"}]}))
    assert ipuzfile.read_document(path.read_text(), str(path)).unplaced_clues == 0
    result = _run("solve", path)
    assert result.returncode == 0 and "clue" not in result.stderr, result.stderr


def test_jpz_clue_of_no_entry_is_noted(tmp_path: Path) -> None:
    """A jpz clue whose word is part of an entry is counted in the same note."""
    cells = "".join(f'<cell x="{x}" y="{y}" ' + (
        'type="block"/>' if letter == "#" else f'solution="{letter}"/>')
        for y, row in enumerate(ROWS, 1) for x, letter in enumerate(row, 1))
    words = ('<word id="1" x="1-3" y="1"/><word id="2" x="1-3" y="3"/>'
             '<word id="3" x="1" y="1-3"/><word id="4" x="3" y="1-3"/>'
             '<word id="5" x="2-3" y="3"/>')
    clues = ('<clues><title>Across</title><clue word="1" number="1">Feline</clue>'
             '<clue word="2" number="3">Digit</clue><clue word="5" number="9">Part</clue>'
             '</clues><clues><title>Down</title><clue word="3" number="1">Pet</clue>'
             '<clue word="4" number="2">Number</clue></clues>')
    path = tmp_path / "part.jpz"
    path.write_text(f'<?xml version="1.0"?><crossword-compiler><rectangular-puzzle>'
                    f'<crossword><grid width="3" height="3">{cells}</grid>{words}</crossword>'
                    f'{clues}</rectangular-puzzle></crossword-compiler>')
    result = _run("solve", path)
    assert result.returncode == 0, result.stderr
    assert "note: 1 clue of the file is on no entry of the grid" in result.stderr


def test_ipuz_clue_cells_counted_from_zero_are_read_so(tmp_path: Path) -> None:
    """Some writers count `cells` from 0 (a file naming a 0 does): placed all the same."""
    path = tmp_path / "zero.ipuz"
    path.write_text(_ipuz({
        "Across": [{"number": "•", "clue": "Feline", "cells": [[0, 0], [1, 0], [2, 0]]},
                   {"number": "•", "clue": "Digit", "cells": [[0, 2], [1, 2], [2, 2]]}],
        "Down": [{"number": "•", "clue": "Pet", "cells": [[0, 0], [0, 1], [0, 2]]},
                 {"number": "•", "clue": "Number", "cells": [[2, 0], [2, 1], [2, 2]]}]}))
    assert _written_clues(path, tmp_path)["puz"] == CLUES


# ---------------------------------------------------------------- ipuz diagramless

def test_ipuz_diagramless_takes_its_blocks_from_the_solution(tmp_path: Path) -> None:
    """A diagramless grid is all open, its cells labelled by the solver's numbering: its
    blocks are the solution's, its entries numbered as satpuzzle numbers grids (the Across
    Lite diagramless files' blocks are in their grid already)."""
    path = tmp_path / "diagramless.ipuz"
    path.write_text(_ipuz({"Across": [[1, "Feline"], [3, "Digit"]],
                           "Down": [[1, "Pet"], [2, "Number"]]},
                          puzzle=[[1, 2, 3], [4, 5, 6], [7, 8, 9]],
                          kind="crossword/diagramless#1"))
    result = _run("solve", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == FILL
    written = _written_clues(path, tmp_path)
    assert written["puz"] == written["ipuz"] == written["xd"] == CLUES


# ---------------------------------------------------------------- variety crosswords

SPIRAL_CELLS = "".join(f'<cell x="{x}" y="{y}" solution="{letter}"/>' for y, row in
                       enumerate(("ABC", "HID", "GFE"), 1) for x, letter in enumerate(row, 1))


def _jpz(words: str, clues: str, cells: str = SPIRAL_CELLS) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            '<crossword-compiler xmlns="http://crossword.info/xml/crossword-compiler">'
            '<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle">'
            '<metadata><title>Hand-made</title></metadata><crossword>'
            f'<grid width="3" height="3">{cells}</grid>{words}{clues}'
            '</crossword></rectangular-puzzle></crossword-compiler>')


def test_jpz_spiral_is_refused_naming_the_turn(tmp_path: Path) -> None:
    """A spiral's words run round the grid: filled by its rows and columns it would get a
    wrong answer (abc / hid / gfe, every clue lost). Refused, naming the word and its turn."""
    path = tmp_path / "spiral.jpz"
    path.write_text(_jpz(
        '<word id="1"><cells x="1-3" y="1"/><cells x="3" y="2-3"/></word>'
        '<word id="2"><cells x="2" y="3"/><cells x="1" y="3"/></word>',
        '<clues><title><b>Inward</b></title><clue word="1" number="1-5">First</clue>'
        '<clue word="2" number="6-7">Second</clue></clues>'))
    _refused(_run("solve", path), "a variety crossword whose entries are not the straight runs",
             "clue 'Inward 1-5' turns at row 1, column 3", "clue groups 'Inward'",
             "satpuzzle fills straight-run crosswords only")


def test_ipuz_spiral_is_refused_naming_the_turn_not_the_library(tmp_path: Path) -> None:
    """Its ipuz twin was refused only by the ipuz library's 'Invalid clues value found'."""
    path = tmp_path / "spiral.ipuz"
    path.write_text(json.dumps({
        "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3}, "puzzle": [[1, 0, 0], [0, 0, 0], [0, 0, 0]],
        "solution": [list("ABC"), list("HID"), list("GFE")],
        "clues": {"Inward": [{"number": "1-5", "clue": "First",
                              "cells": [[1, 1], [2, 1], [3, 1], [3, 2], [3, 3]]}],
                  "Outward": [{"number": "3-1", "clue": "Back",
                               "cells": [[3, 1], [2, 1], [1, 1]]}]}}))
    line = _refused(_run("solve", path), "a variety crossword",
                    "clue 'Inward 1-5' turns at row 1, column 3",
                    "clue groups 'Inward', 'Outward'")
    assert "Invalid" not in line


@pytest.mark.parametrize("words, reason", [
    # a word listed backwards (an Outward spiral's)
    ('<word id="1"><cells x="3" y="1"/><cells x="2" y="1"/><cells x="1" y="1"/></word>',
     "clue 'Rows 1' runs backwards from row 1, column 3"),
    # diagonal
    ('<word id="1"><cells x="1" y="1"/><cells x="2" y="2"/><cells x="3" y="3"/></word>',
     "clue 'Rows 1' goes from row 1, column 1 to row 2, column 2, not the next cell"),
    # straight, across the bar right of the first cell
    ('<word id="1" x="1-3" y="2"/>', ("clue 'Rows 1' runs on through a block or across a "
                                      "bar to row 2, column 3")),
    # straight, half a row satpuzzle would fill whole
    ('<word id="1" x="1-2" y="3"/>', ("clue 'Rows 1' is part of the across run from row 3, "
                                      "column 1, which satpuzzle fills as one entry")),
])
def test_jpz_words_off_the_grids_runs_are_refused(words: str, reason: str,
                                                  tmp_path: Path) -> None:
    cells = SPIRAL_CELLS.replace('<cell x="2" y="2" solution="I"/>',
                                 '<cell x="2" y="2" solution="I" right-bar="true"/>')
    path = tmp_path / "variety.jpz"
    path.write_text(_jpz(words, '<clues><title>Rows</title><clue word="1" number="1">'
                                'Row</clue></clues>', cells))
    _refused(_run("solve", path), "a variety crossword", reason)


def test_jpz_words_that_are_the_grids_entries_are_filled(tmp_path: Path) -> None:
    """Words given as ranges and <cells>, each an entry (and one part of an entry the file
    lists whole too, as some files have): read and filled, the clues on their entries."""
    cells = "".join(f'<cell x="{x}" y="{y}" solution="{letter}"/>' if letter != "#"
                    else f'<cell x="{x}" y="{y}" type="block"/>'
                    for y, row in enumerate(ROWS, 1) for x, letter in enumerate(row, 1))
    path = tmp_path / "plain.jpz"
    path.write_text(_jpz(
        '<word id="1" x="1-2" y="1"><cells x="3" y="1"/></word><word id="3" x="1-3" y="3"/>'
        '<word id="101" x="1" y="1-3"/><word id="102"><cells x="3" y="1"/>'
        '<cells x="3" y="2-3"/></word><word id="103" x="3" y="2-3"/>',
        '<clues><title>Across</title><clue word="1" number="1">Feline</clue>'
        '<clue word="3" number="3">Digit</clue></clues><clues><title>Down</title>'
        '<clue word="101" number="1">Pet</clue><clue word="102" number="2">Number</clue>'
        '</clues>', cells))
    result = _run("solve", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == FILL
    assert _written_clues(path, tmp_path)["puz"] == CLUES


def test_ipuz_variety_refused_by_the_library_says_it_is_one(tmp_path: Path) -> None:
    """A variety file the ipuz library refuses before its clues' cells can be read (here a
    bar written 'R, B'): its refusal says what its clue groups are."""
    path = tmp_path / "patchwork.ipuz"
    puzzle = [[{"cell": 1, "style": {"barred": "R, B"}}, 0, 0], [0, 0, 0], [0, 0, 0]]
    path.write_text(json.dumps({
        "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3}, "puzzle": puzzle,
        "solution": [list("ABC"), list("HID"), list("GFE")],
        "clues": {"Rows": [{"number": "A", "clue": "Row", "cells": [[1, 1], [2, 1], [3, 1]]}],
                  "Pieces": ["Piece 1"]}}))
    line = _refused(_run("solve", path), "not a valid ipuz file",
                    "(a variety crossword, clue groups 'Rows', 'Pieces': satpuzzle fills "
                    "straight-run crosswords only)")
    assert line.count("error:") == 1


# ---------------------------------------------------------------- xd

XD_COMMENTED = """## Metadata

<!-- a comment of one line -->
Title: Tiny <!-- after a value -->
<!--
  a comment of
  several lines
-->
Author: Hand

## Grid

CAT
A#E
TEN

## Clues

A1. Feline ~ CAT
A3. Digit ~ TEN
<!-- between clues -->
D1. Pet ~ CAT
D2. Number ~ TEN
"""


def test_xd_html_comments_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "commented.xd"
    path.write_text(XD_COMMENTED)
    document = xd.read_document(XD_COMMENTED, str(path))
    assert (document.title, document.author) == ("Tiny", "Hand")
    result = _run("solve", path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == FILL
    assert _written_clues(path, tmp_path)["puz"] == CLUES


def test_xd_comments_without_headers_do_not_split_sections(tmp_path: Path) -> None:
    """Without `##` headers two blank lines part the sections: a comment's lines are none."""
    text = ("Title: Tiny\n<!--\n\n\nx\n-->\nAuthor: Hand\n\n\nCAT\nA#E\nTEN\n\n\n"
            "A1. Feline ~ CAT\nA3. Digit ~ TEN\nD1. Pet ~ CAT\nD2. Number ~ TEN\n")
    document = xd.read_document(text, "plain.xd")
    assert (document.author, document.solution) == ("Hand", ROWS)


def test_xd_digit_cells_are_open_their_answers_dropped_with_a_note(tmp_path: Path) -> None:
    """A digit or symbol as a cell's answer, as kotwords' test puzzle has (`TE1`), leaves its
    cell open as the other readers do: the answers through it dropped, 'no solution' saying
    why."""
    path = tmp_path / "digit.xd"
    path.write_text(XD_COMMENTED.replace("TEN\n\n## Clues", "TE1\n\n## Clues")
                    .replace("~ TEN", "~ TE1"))
    result = _run("solve", path)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    verdict = next(i for i, line in enumerate(lines) if "no solution" in line)
    notes = lines[verdict + 1:]
    assert notes and all(line.startswith("satpuzzle: note: ") for line in notes), lines
    assert any("dropped from the word list" in line for line in notes), lines
    assert any("solution without a letter" in line and "row 3, column 3" in line
               for line in notes), lines


def test_xd_dictionary_fills_the_digit_cell(tmp_path: Path) -> None:
    path = tmp_path / "digit.xd"
    path.write_text(XD_COMMENTED.replace("TEN\n\n## Clues", "TE1\n\n## Clues"))
    words = tmp_path / "words.txt"
    words.write_text("CAT\nTEN\n")
    result = _run("solve", path, "--dict", words)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == FILL


# ---------------------------------------------------------------- other sites' JSON

OTHER = "a JSON puzzle of a format satpuzzle does not read (not satpuzzle's JSON, which has " \
        "'kind'; nor XWordInfo, Crosshare or Amuse Labs JSON)"


@pytest.mark.parametrize("data, where", [
    ({"puzzle_meta": {"title": "x"}, "puzzle_data": {"answers": ["C", "A", "T"]}}, "$: "),
    ({"data": {"copy": {"title": "x"}, "grid": [[{"Letter": "C"}]]}}, "$: "),
    ([{"result": {"title": "x"}}], "$[0]: "),
    ({"title": "x", "width": 3, "cells": [], "words": []}, "$: "),  # some keys satpuzzle's
])
def test_other_sites_json_is_refused_as_what_it_is(data: object, where: str,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "site.json"
    path.write_text(json.dumps(data))
    line = _refused(_run("solve", path), where + OTHER)
    assert "missing key 'kind'" not in line


@pytest.mark.parametrize("data", [
    {"grid": [[1, 0], [0, 0]], "clues": []},  # satpuzzle's JSON, its kind left out
    {"title": "Only a title"},
])
def test_satpuzzles_own_json_without_kind_keeps_its_error(data: dict, tmp_path: Path) -> None:
    path = tmp_path / "own.json"
    path.write_text(json.dumps(data))
    _refused(_run("solve", path), "$: missing key 'kind' (one of crossword")
