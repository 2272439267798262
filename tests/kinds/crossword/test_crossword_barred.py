"""Barred crossword grids (British style: entries end at bars drawn on cell edges, not only
at blocks), in xd (a Design section's bar-left/bar-top rules), jpz (a cell's top-bar,
left-bar, right-bar, bottom-bar) and ipuz (a cell style's `barred`): the bars are read, the
slots end at them, the fill is checked by a rule checker that reads the words by bars, and a
fill written back keeps them. A reader that cannot honour bars refuses the file in one line.

The grid of every test: 4x4, no block; a bar right of column 2 in every row, and bars under
row 2 in columns 3 and 4. Its answers, read by bars:

    I S | A T      across: IS AT / NO NO / TO IS / ON TO
    N O | N O      down:   INTO, SOON, AN and IT (column 3), TO and SO (column 4)
        ---        Across the bars the rows would spell ISAT, NONO, TOIS, ONTO.
    T O | I S
    O N | T O
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from satpuzzle.checkers import crossword as checker
from satpuzzle.codecs.gridfile import BOTTOM, RIGHT
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword import model, puzzle, search
from satpuzzle.kinds.crossword.formats import constructors, ipuzfile, jpz, xd
from satpuzzle.kinds.crossword.model import CrosswordInstance

CHECKOUT = ROOT
BARS = frozenset({(0, 1, RIGHT), (1, 1, RIGHT), (2, 1, RIGHT), (3, 1, RIGHT),
                  (1, 2, BOTTOM), (1, 3, BOTTOM)})
SOLUTION = ("ISAT", "NONO", "TOIS", "ONTO")
ANSWERS = {"is", "at", "no", "to", "on", "into", "soon", "an", "it", "so"}
ACROSS = {1: "IS", 3: "AT", 5: "NO", 6: "NO", 7: "TO", 8: "IS", 10: "ON", 11: "TO"}
DOWN = {1: "INTO", 2: "SOON", 3: "AN", 4: "TO", 8: "IT", 9: "SO"}

XD = """## Metadata

Title: Barred four
Author: Tester
Form: barred

## Grid

ISAT
NONO
TOIS
ONTO

## Clues

""" + "\n".join(f"A{n}. Across {n} ~ {a}" for n, a in ACROSS.items()) + "\n\n" + "\n".join(
    f"D{n}. Down {n} ~ {a}" for n, a in DOWN.items()) + """

## Design

<style>
A { bar-left: true }
B { bar-top: true }
C { bar-left: true; bar-top: true }
</style>

..A.
..A.
..CB
..A.
"""

JPZ = """<?xml version="1.0" encoding="UTF-8"?>
<crossword-compiler xmlns="http://crossword.info/xml/crossword-compiler">
<rectangular-puzzle xmlns="http://crossword.info/xml/rectangular-puzzle">
<metadata><title>Barred four</title><creator>Tester</creator></metadata>
<crossword>
<grid width="4" height="4">
<cell x="1" y="1" solution="I" number="1"/>
<cell x="2" y="1" solution="S" number="2" right-bar="true"/>
<cell x="3" y="1" solution="A" number="3"/>
<cell x="4" y="1" solution="T" number="4"/>
<cell x="1" y="2" solution="N" number="5"/>
<cell x="2" y="2" solution="O" right-bar="true"/>
<cell x="3" y="2" solution="N" number="6" bottom-bar="true"/>
<cell x="4" y="2" solution="O" bottom-bar="true"/>
<cell x="1" y="3" solution="T" number="7"/>
<cell x="2" y="3" solution="O"/>
<cell x="3" y="3" solution="I" number="8" left-bar="true"/>
<cell x="4" y="3" solution="S" number="9" top-bar="true"/>
<cell x="1" y="4" solution="O" number="10"/>
<cell x="2" y="4" solution="N" right-bar="true"/>
<cell x="3" y="4" solution="T" number="11"/>
<cell x="4" y="4" solution="O"/>
</grid>
<word id="1" x="1-2" y="1"/>
<word id="2" x="3-4" y="1"/>
<word id="3" x="1" y="1-4"/>
<word id="4" x="2" y="1-4"/>
<clues><title>Across</title>
<clue word="1" number="1">Across 1</clue>
<clue word="2" number="3">Across 3</clue>
</clues>
<clues><title>Down</title>
<clue word="3" number="1">Down 1</clue>
<clue word="4" number="2">Down 2</clue>
</clues>
</crossword>
</rectangular-puzzle>
</crossword-compiler>
"""

IPUZ = json.dumps({
    "version": "http://ipuz.org/v2",
    "kind": ["http://ipuz.org/crossword#1"],
    "dimensions": {"width": 4, "height": 4},
    "title": "Barred four",
    "puzzle": [
        [1, {"cell": 2, "style": {"barred": "R"}}, 3, 4],
        [5, {"cell": 0, "style": {"barred": "R"}}, {"cell": 6, "style": {"barred": "B"}},
         {"cell": 0, "style": "under"}],
        [7, 0, {"cell": 8, "style": {"barred": "L"}}, 9],
        [10, {"cell": 0, "style": {"barred": "R"}}, 11, 0],
    ],
    "styles": {"under": {"barred": "B"}},
    "solution": [list(row) for row in SOLUTION],
    "clues": {"Across": [[n, f"Across {n}"] for n in ACROSS],
              "Down": [[n, f"Down {n}"] for n in DOWN]},
}, indent=1)

# Amuse Labs' puzzle JSON: `box` is `w` columns of `h` cells; walls in `cellInfos`
AMUSE = json.dumps({
    "title": "Barred four", "author": "Tester", "w": 4, "h": 4,
    "box": [[SOLUTION[r][c] for r in range(4)] for c in range(4)],
    "placedWords": [{"x": 0, "y": 0, "acrossNotDown": True, "clue": {"clue": "Across 1"}},
                    {"x": 2, "y": 2, "acrossNotDown": False, "clue": {"clue": "Down 8"}}],
    "cellInfos": [{"x": 1, "y": 0, "rightWall": True}, {"x": 1, "y": 1, "rightWall": True},
                  {"x": 2, "y": 1, "bottomWall": True, "isCircled": False},
                  {"x": 3, "y": 1, "bottomWall": True}, {"x": 2, "y": 2, "leftWall": True},
                  {"x": 1, "y": 3, "rightWall": True}, {"x": 0, "y": 0, "isCircled": True}],
})

FILES = {"xd": ("barred.xd", XD), "jpz": ("barred.jpz", JPZ), "ipuz": ("barred.ipuz", IPUZ)}
READERS = {"xd": xd, "jpz": jpz, "ipuz": ipuzfile}


def words_by_bars(rows: tuple[str, ...] | list[str]) -> list[str]:
    """The entries of a filled 4x4 grid of this file's shape, read by its bars (written out
    by hand: independent of every reader and of the checker)."""
    across = [row[0:2] for row in rows] + [row[2:4] for row in rows]
    columns = ["".join(row[c] for row in rows) for c in range(4)]
    down = [columns[0], columns[1], columns[2][0:2], columns[2][2:4], columns[3][0:2],
            columns[3][2:4]]
    return [word.lower() for word in across + down]


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(CHECKOUT))
    return subprocess.run([sys.executable, "-m", "satpuzzle", *args], check=False, cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", sorted(FILES))
def test_bars_are_read_and_end_the_entries(name: str) -> None:
    filename, text = FILES[name]
    document = READERS[name].read_document(text, filename)
    assert document.bars == BARS
    [instance] = READERS[name].read(text, filename)
    assert instance.bars == BARS
    slots = model.slots(instance)
    spelled = sorted("".join(SOLUTION[r][c] for r, c in slot).lower() for slot in slots)
    assert spelled == sorted(words_by_bars(SOLUTION))
    assert set(instance.words) == ANSWERS  # the file's answers, read by bars


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_fill_respects_the_bars(name: str) -> None:
    filename, text = FILES[name]
    [instance] = READERS[name].read(text, filename)
    fills = list(search.search(instance, "cadical153"))
    assert fills
    assert tuple(SOLUTION[r].lower() for r in range(4)) in fills
    for fill in fills:
        assert all(word in ANSWERS for word in words_by_bars(fill)), fill
        assert checker.check(instance, fill) == []
        assert checker.prepare(instance)(fill) == []


def test_the_checker_rejects_a_fill_across_a_bar() -> None:
    row = CrosswordInstance(grid=(("1", "1", "1", "1"),), words=("abcd",))
    barred = CrosswordInstance(grid=row.grid, words=row.words, bars={(0, 1, "right")})
    assert checker.check(row, ("abcd",)) == []  # the same fill, without the bar: valid
    assert checker.check(barred, ("abcd",)) == ["'ab' is not in the dictionary",
                                                "'cd' is not in the dictionary"]
    assert checker.prepare(barred)(("abcd",)) != []
    # the 4x4 grid: its rows, read across the bars, are no answers
    [instance] = xd.read(XD, "barred.xd")
    assert checker.check(instance, tuple(s.lower() for s in SOLUTION)) == []
    unbarred = CrosswordInstance(instance.grid, instance.words)
    assert "'isat' is not in the dictionary" in checker.check(
        unbarred, tuple(s.lower() for s in SOLUTION))


def test_slots_without_bars_differ() -> None:
    """The bars are what makes the file solvable with its own answers: without them the rows
    would be 4-letter slots."""
    [instance] = jpz.read(JPZ, "barred.jpz")
    plain = CrosswordInstance(instance.grid, instance.words)
    assert {len(slot) for slot in model.slots(plain)} == {4}
    assert not list(search.search(plain, "cadical153"))


@pytest.mark.parametrize("name", sorted(FILES))
@pytest.mark.parametrize("out_format", ["ipuz", "xd"])
def test_round_trip_keeps_the_bars(name: str, out_format: str) -> None:
    filename, text = FILES[name]
    [instance] = READERS[name].read(text, filename)
    fill = tuple(row.lower() for row in SOLUTION)
    written = constructors.write_fill(out_format, instance, fill)
    assert isinstance(written, str)
    back = READERS[out_format].read_document(written, f"back.{out_format}")
    assert back.bars == BARS
    assert back.solution == SOLUTION
    assert {(c.direction, c.number) for c in back.clues} >= {("across", 1), ("down", 1)}


@pytest.mark.parametrize("name", sorted(FILES))
def test_writers_without_bars_refuse_a_barred_grid(name: str) -> None:
    filename, text = FILES[name]
    [instance] = READERS[name].read(text, filename)
    fill = tuple(row.lower() for row in SOLUTION)
    with pytest.raises(InputError, match="barred grid cannot be written as Across Lite"):
        constructors.write_fill("puz", instance, fill)
    with pytest.raises(InputError, match="barred grid cannot be written in satpuzzle's"):
        puzzle.to_puz(instance)


@pytest.mark.parametrize("name", sorted(FILES))
def test_solve_through_the_command_line(name: str, tmp_path: Path) -> None:
    filename, text = FILES[name]
    source = tmp_path / filename
    source.write_text(text)
    result = run_cli("solve", filename, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    fills = [tuple(block.split()) for block in result.stdout.strip().split("\n\n")]
    assert tuple(s.lower() for s in SOLUTION) in [tuple(f) for f in fills]
    for fill in fills:
        assert all(word in ANSWERS for word in words_by_bars(fill)), fill
    out = tmp_path / "filled.ipuz"
    result = run_cli("solve", filename, "--format", "ipuz", "-o", str(out), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert ipuzfile.read_document(out.read_text(), str(out)).bars == BARS
    result = run_cli("solve", filename, "--format", "puz", "-o", "x.puz", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Across Lite" in result.stderr
    assert not (tmp_path / "x.puz").exists()


def test_amuse_labs_walls_are_bars(tmp_path: Path) -> None:
    from satpuzzle.kinds.crossword.formats import sitejson

    document = sitejson.read_document(AMUSE, "barred.json")
    assert document.format == "amuse" and document.bars == BARS
    assert ("down", 8, "Down 8") in {(c.direction, c.number, c.text) for c in document.clues}
    (tmp_path / "barred.json").write_text(AMUSE)
    result = run_cli("solve", "barred.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    fills = [tuple(block.split()) for block in result.stdout.strip().split("\n\n")]
    assert fills and all(all(word in ANSWERS for word in words_by_bars(fill))
                         for fill in fills)
    with pytest.raises(InputError, match="rightWall"):
        sitejson.read_document(AMUSE.replace('"rightWall": true', '"rightWall": "yes"', 1),
                               "bad.json")


@pytest.mark.parametrize("key", ["bars"])  # Crosshare's vBars, hBars, vb, hb are read
def test_site_json_with_bars_it_cannot_read_is_refused(key: str, tmp_path: Path) -> None:
    crosshare = {"size": {"rows": 4, "cols": 4}, "grid": list("".join(SOLUTION)),
                 "clues": [{"num": 1, "dir": 0, "clue": "Across 1"}], "title": "Barred",
                 key: [1, 5, 9, 13]}
    (tmp_path / "crosshare.json").write_text(json.dumps(crosshare))
    result = run_cli("solve", "crosshare.json", cwd=tmp_path)
    assert result.returncode == 2, result.stdout
    assert result.stderr.count("\n") == 1 and key in result.stderr
    assert result.stdout == ""
    from satpuzzle.kinds.crossword.formats import sitejson

    del crosshare[key]  # the same grid without bars is read
    assert sitejson.read_document(json.dumps(crosshare), "c.json").format == "crosshare"


def test_pictures_show_the_bars() -> None:
    from satpuzzle.kinds.crossword import pictures

    [instance] = jpz.read(JPZ, "barred.jpz")
    fill = tuple(row.lower() for row in SOLUTION)
    drawn = "".join(pictures.svg(instance, fill).body)
    assert drawn.count(f'stroke-width="{pictures.BAR_WIDTH}"') == len(BARS)
    text = pictures.pretty(instance, fill)
    assert text.count("┃") == 4 and "━" in text
    plain = pictures.pretty(CrosswordInstance(instance.grid, instance.words), fill)
    assert "┃" not in plain and "━" not in plain


def test_an_xd_file_saying_barred_without_bars_is_refused(tmp_path: Path) -> None:
    text = XD.split("## Design")[0]
    with pytest.raises(InputError, match="Form: barred"):
        xd.read_document(text, "old.xd")
    (tmp_path / "old.xd").write_text(text)
    result = run_cli("solve", "old.xd", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Form: barred" in result.stderr
    assert result.stdout == ""


def test_xd_design_rules_in_their_other_forms() -> None:
    """Several selectors a rule, a rule over several lines, the style block on the lines of
    its rules: the same bars."""
    compact = XD.replace("""<style>
A { bar-left: true }
B { bar-top: true }
C { bar-left: true; bar-top: true }
</style>""", """<style>A, C { bar-left: true }
B,C {
  bar-top: "true";
}</style>""")
    assert xd.read_document(compact, "compact.xd").bars == BARS


def test_unknown_bar_values_are_refused() -> None:
    with pytest.raises(InputError, match="right-bar"):
        jpz.read_document(JPZ.replace('right-bar="true"', 'right-bar="yes"', 1), "b.jpz")
    with pytest.raises(InputError, match="not a valid ipuz file"):  # the library's check
        ipuzfile.read_document(IPUZ.replace('"barred": "L"', '"barred": "X"'), "b.ipuz")
    with pytest.raises(InputError, match="bar-left"):
        xd.read_document(XD.replace("A { bar-left: true }", "A { bar-left: maybe }"), "b.xd")
    with pytest.raises(InputError, match="cannot read"):
        xd.read_document(XD.replace("A { bar-left: true }", "A {{ bar-left: true }"), "b.xd")
    with pytest.raises(InputError, match="one character"):
        xd.read_document(XD.replace("A { bar-left: true }", "AA { bar-left: true }"), "b.xd")
    with pytest.raises(InputError, match="4 rows of 4 cells"):
        xd.read_document(XD.replace("..CB\n", "..CB.\n"), "b.xd")
