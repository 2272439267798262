"""Rebus cells (a cell of several letters) in the crossword constructors' files: read into
GridFile.rebus by the Across Lite (GRBS/RTBL, text `<REBUS>`), ipuz, xd (`Rebus:` header) and
jpz readers, checked here against what puzpy, the ipuz library or the raw file says; written
back by the Across Lite, ipuz and xd writers, where the library (puzpy, ipuz) and satpuzzle
read the same strings and clues again, and no rebus the fill leaves out stays behind; bad rebus
input refused in one line by the real command; an xd file's Design styles kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipuz
import puz
import pytest
from conftest import ROOT, run_process
from hypothesis import given, settings
from hypothesis import strategies as st

from satpuzzle.codecs.gridfile import BLOCK, MAX_REBUS_LETTERS, OPEN, GridFile, entries
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.formats import acrosslite, constructors, ipuzfile, jpz, xd

DATA = ROOT / "tests" / "data" / "crossword"

# every real file holding a rebus, and the file's own reader
REBUS_FILES = [
    "puzpy/nyt_rebus_with_notes_and_shape.puz",
    "puzpy/nyt_rebus_with_notes_and_shape_revealed.puz",
    "puzpy/nyt_rebus_with_notes_and_shape_solved.puz",
    "puzpy/text_format_v2_rebus.txt",
    "xd-crossword-tools/112921---speakerboxxx-the-love-below.puz",
    "xd-crossword-tools/112921---speakerboxxx-the-love-below.xd",
    "xd-crossword-tools/twitch-tv-with-pipes.xd",
    "xd-crossword-tools/kitchen-sink.ipuz",
    "xd/nyt1955-01-01.xd",
]
# rebus files refused for another reason, before their rebus is read
REFUSED = {
    "puzpy/nyt_sun_rebus.puz": "the solution is locked (scrambled)",
    # xd-crossword-tools wrote it with no version and no checksums; its `+` is a cell of the
    # solution grid, no rebus extension
    "xd-crossword-tools/plus-symbol-rebus.puz": "not a valid Across Lite file: its header's "
                                                "version field holds b'\\x00\\x00\\x00\\x00'",
}
WRITERS = {"puz": acrosslite, "ipuz": ipuzfile, "xd": xd}


def _source(path: Path) -> str | bytes:
    data = path.read_bytes()
    return data if acrosslite.is_across_lite(data) else data.decode("utf-8")


def _read(relative: str) -> GridFile:
    path = DATA / relative
    source = _source(path)
    name = constructors.recognise(source, str(path))
    assert name is not None, relative
    return constructors.read_document(name, source, str(path))


# ---------------------------------------------------------------- what each file says


def _puzpy_rebus(puzzle: puz.Puzzle) -> dict[tuple[int, int], str]:
    if not puzzle.has_rebus():
        return {}
    helper = puzzle.rebus()
    return {divmod(index, puzzle.width): helper.get_rebus_solution(index)
            for index in helper.get_rebus_squares()}


def _ipuz_rebus(data: dict) -> dict[tuple[int, int], str]:
    found = {}
    for r, row in enumerate(data.get("solution") or []):
        for c, cell in enumerate(row):
            value = cell.get("value") if isinstance(cell, dict) else cell
            if isinstance(value, str) and len(value) > 1:
                found[(r, c)] = value.upper()
    return found


def _xd_rebus(text: str) -> dict[tuple[int, int], str]:
    """The rebus cells of an xd file, read here from its Rebus header and grid lines."""
    header = re.search(r"^rebus:(.*)$", text, re.IGNORECASE | re.MULTILINE)
    keys = dict(item.split("=", 1) for item in re.split(r"[\s,]+", header.group(1).strip()))
    if "## Grid" in text:
        grid_text = text.split("## Grid", 1)[1].split("\n## ", 1)[0]
    else:  # sections split by two blank lines: metadata, grid, clues
        grid_text = re.split(r"\n[ \t]*\n[ \t]*\n", text.strip())[1]
    rows = [line.strip() for line in grid_text.strip().splitlines() if line.strip()]
    return {(r, c): keys[char] for r, row in enumerate(rows) for c, char in enumerate(row)
            if char in keys}


def _independent_rebus(relative: str) -> dict[tuple[int, int], str]:
    path = DATA / relative
    if path.suffix == ".puz":
        return _puzpy_rebus(puz.read(str(path)))
    if path.suffix == ".txt":
        return _puzpy_rebus(puz.load_text(path.read_text()))
    if path.suffix == ".ipuz":
        return _ipuz_rebus(ipuz.read(path.read_text()))
    return _xd_rebus(path.read_text())


def _holds_rebus(path: Path) -> bool:
    """Whether a file holds a rebus, as its library (or its raw text) says."""
    data = path.read_bytes()
    if path.suffix in (".puz", ".txt"):
        try:
            puzzle = puz.load(data) if path.suffix == ".puz" else puz.load_text(data.decode())
        except (puz.PuzzleFormatError, ValueError):
            return "rebus" in path.name  # puzpy reads no more of it
        return bool(_puzpy_rebus(puzzle))
    if path.suffix == ".ipuz":
        return bool(_ipuz_rebus(ipuz.read(data.decode())))
    if path.suffix == ".jpz":
        return bool(re.search(rb'solution="[^"]{2,}"', data))
    return bool(re.search(rb"^rebus:", data, re.IGNORECASE | re.MULTILINE))


def test_every_rebus_file_is_listed():
    """Every file of tests/data/crossword holding a rebus is read here (or refused for a
    reason of its own)."""
    found = {str(path.relative_to(DATA)) for path in DATA.rglob("*.*")
             if path.suffix in (".puz", ".txt", ".ipuz", ".jpz", ".xd") and _holds_rebus(path)}
    assert found == set(REBUS_FILES) | set(REFUSED)


@pytest.mark.parametrize("relative", REBUS_FILES)
def test_rebus_is_read(relative):
    document = _read(relative)
    expected = _independent_rebus(relative)
    assert expected, relative
    assert document.rebus_cells() == {at: letters.upper() for at, letters in expected.items()}
    assert list(document.rebus) == sorted(document.rebus)
    for (r, c), letters in document.rebus_cells().items():
        assert document.solution[r][c] == letters[0]  # the first letter, as Across Lite
        assert document.cells[r][c] in (OPEN, letters[0])


def test_across_lite_typed_rebus():
    """The player's typed rebus (RUSR): the solved file's STAR cells are typed (their first
    letter in the player's grid), the unsolved file's open."""
    solved = _read("puzpy/nyt_rebus_with_notes_and_shape_solved.puz")
    unsolved = _read("puzpy/nyt_rebus_with_notes_and_shape.puz")
    for r, c, _ in solved.rebus:
        assert solved.cells[r][c] == "S" and solved.typed[r][c] == "S"
        assert unsolved.cells[r][c] == OPEN


@pytest.mark.parametrize("relative", sorted(REFUSED))
def test_rebus_files_refused_for_another_reason(relative):
    result = run_process("export", DATA / relative, "--format", "xd")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and REFUSED[relative] in result.stderr


# ---------------------------------------------------------------- written back


def _reread(fmt: str, written: str | bytes) -> GridFile:
    return {"puz": acrosslite, "ipuz": ipuzfile, "xd": xd}[fmt].read_document(
        written, f"written.{fmt}")


def _clue_texts(document: GridFile) -> dict[tuple[str, int], str]:
    return {(clue.direction, clue.number): clue.text for clue in document.clues if clue.text}


@pytest.mark.parametrize("fmt", sorted(WRITERS))
@pytest.mark.parametrize("relative", REBUS_FILES)
def test_rebus_written_back(relative, fmt):
    """The file's own solution and rebus, written by each writer, read again: by the format's
    library (puzpy, ipuz) and by satpuzzle, the same strings in the same cells, clues kept."""
    document = _read(relative)
    written = WRITERS[fmt].write_filled(document, document.solution, document.rebus)
    expected = document.rebus_cells()
    if fmt == "puz":
        assert _puzpy_rebus(puz.load(written)) == expected
    elif fmt == "ipuz":
        data = ipuz.read(written)
        assert _ipuz_rebus(data) == expected
        assert all(cell == BLOCK or len(cell) == 1 or (r, c) in expected
                   for r, row in enumerate(data["solution"]) for c, cell in enumerate(row)
                   if isinstance(cell, str))
    else:
        assert _xd_rebus(written) == expected
    again = _reread(fmt, written)
    assert again.rebus == document.rebus
    assert again.solution == document.solution
    assert _clue_texts(again) == _clue_texts(document)
    assert again.notes.split() == document.notes.split()


@pytest.mark.parametrize("fmt", sorted(WRITERS))
@pytest.mark.parametrize("relative", ["puzpy/nyt_rebus_with_notes_and_shape_solved.puz",
                                      "xd/nyt1955-01-01.xd",
                                      "xd-crossword-tools/kitchen-sink.ipuz"])
def test_no_stale_rebus_when_the_fill_has_none(relative, fmt):
    """A fill that puts plain letters where the file had a rebus leaves no GRBS/RTBL entry, no
    Rebus key and no string behind; one rebus moved to another cell is the only one."""
    document = _read(relative)
    written = WRITERS[fmt].write_filled(document, document.solution, ())
    if fmt == "puz":
        puzzle = puz.load(written)
        assert not puzzle.has_rebus()
        assert b"GRBS" not in puzzle.extensions and b"RTBL" not in puzzle.extensions
    elif fmt == "ipuz":
        assert _ipuz_rebus(ipuz.read(written)) == {}
    else:
        assert not re.search(r"^rebus:", written, re.IGNORECASE | re.MULTILINE)
    assert _reread(fmt, written).rebus == ()
    # one new rebus, in the first open cell that held none
    r, c = next((r, c) for r, row in enumerate(document.solution) for c, cell in enumerate(row)
                if cell not in (BLOCK, OPEN) and (r, c) not in document.rebus_cells())
    filled = tuple(row[:c] + "Q" + row[c + 1:] if i == r else row
                   for i, row in enumerate(document.solution))
    written = WRITERS[fmt].write_filled(document, filled, ((r, c, "QUIZ"),))
    assert _reread(fmt, written).rebus == ((r, c, "QUIZ"),)
    if fmt == "puz":
        assert _puzpy_rebus(puz.load(written)) == {(r, c): "QUIZ"}
        assert puz.load(written).rebus().solutions == {0: "QUIZ"}


def test_xd_rebus_answers_and_keys():
    """xd written back: the file's keys kept for its strings, answers spelled in full, the
    header named as the file names it."""
    document = _read("xd/nyt1955-01-01.xd")
    written = xd.write_filled(document, document.solution, document.rebus)
    assert "Rebus: 1=HEART 2=DIAMOND 3=SPADE 4=CLUB" in written
    assert "1ACHE#ADAM#2LIL" in written
    assert "~ DIAMONDMINES" in written and "~ HEARTACHE" in written
    speaker = _read("xd-crossword-tools/112921---speakerboxxx-the-love-below.xd")
    written = xd.write_filled(speaker, speaker.solution, speaker.rebus)
    assert "rebus: ❶=BOSE ❷=SONY" in written
    assert "~ CHADWICKBOSEMAN" in written


def test_xd_letter_key_not_reused():
    """A file whose Rebus key is a letter (every such letter of its grid is the rebus): the
    fill, whose other cells hold letters, is written with a key of its own."""
    document = xd.read_document(_xd("Rebus: A=HEART", first="A"), "letter-key.xd")
    assert (0, 0, "HEART") in document.rebus and (1, 0, "HEART") in document.rebus
    written = xd.write_filled(document, ("HAT", "AGE", "TEN"), ((0, 0, "HEART"),))
    assert "Rebus: 1=HEART" in written
    assert xd.read_document(written, "x.xd").rebus == ((0, 0, "HEART"),)


def test_writers_from_another_format():
    """A rebus read from one format written in the others: a new xd header's keys, a new
    .puz's GRBS/RTBL, a new ipuz's strings."""
    document = _read("xd/nyt1955-01-01.xd")
    as_puz = acrosslite.write_filled(document, document.solution, document.rebus)
    assert _puzpy_rebus(puz.load(as_puz)) == document.rebus_cells()
    from_puz = acrosslite.read_document(as_puz, "x.puz")
    as_xd = xd.write_filled(from_puz, from_puz.solution, from_puz.rebus)
    assert "Rebus: 1=HEART 2=DIAMOND 3=SPADE 4=CLUB" in as_xd
    as_ipuz = ipuzfile.write_filled(from_puz, from_puz.solution, from_puz.rebus)
    assert _ipuz_rebus(ipuz.read(as_ipuz)) == document.rebus_cells()


def test_writers_refuse_more_rebus_strings_than_their_format_holds():
    """A .puz holds 255 different rebus strings (a GRBS byte), an xd file written here 136
    keys: more is refused in one line, not written wrong."""
    size = 17
    letters = "ABCDEFGHIJKLMNOPQ"
    rebus = tuple((r, c, letters[r] + letters[c]) for r in range(size) for c in range(size))
    rows = tuple(letters[r] * size for r in range(size))  # each cell's first letter
    document = GridFile("satpuzzle", tuple("." * size for _ in range(size)), rows)
    with pytest.raises(InputError, match="289 different rebus strings; Across Lite holds at "
                                         "most 255"):
        acrosslite.write_filled(document, rows, rebus)
    with pytest.raises(InputError, match="289 different rebus strings; xd is written with at "
                                         "most 136"):
        xd.write_filled(document, rows, rebus)
    assert _ipuz_rebus(ipuz.read(ipuzfile.write_filled(document, rows, rebus))) == {
        (r, c): letters for r, c, letters in rebus}


@st.composite
def _filled_documents(draw: st.DrawFn) -> tuple[GridFile, tuple[str, ...], tuple]:
    """A grid of blocks and letters, some of its cells rebus strings, as a writer gets it."""
    height, width = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    letters = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=MAX_REBUS_LETTERS)
    grid = draw(st.lists(st.lists(st.one_of(st.just(BLOCK), letters), min_size=width,
                                  max_size=width), min_size=height, max_size=height))
    rows = tuple("".join(cell[0] for cell in row) for row in grid)
    rebus = tuple((r, c, cell) for r, row in enumerate(grid) for c, cell in enumerate(row)
                  if len(cell) > 1)
    cells = tuple("".join(BLOCK if cell == BLOCK else OPEN for cell in row) for row in rows)
    return GridFile("satpuzzle", cells, rows), rows, rebus


@settings(max_examples=60, deadline=None)
@given(_filled_documents())
def test_any_rebus_written_and_read_again(case):
    """Whatever rebus a fill has, each writer writes it and satpuzzle reads it again (and
    puzpy, for .puz, the same strings)."""
    document, rows, rebus = case
    for fmt, writer in WRITERS.items():
        written = writer.write_filled(document, rows, rebus)
        again = _reread(fmt, written)
        assert again.rebus == rebus, fmt
        assert again.solution == rows, fmt
        if fmt == "puz":
            assert _puzpy_rebus(puz.load(written)) == {(r, c): s for r, c, s in rebus}


# ---------------------------------------------------------------- hand-made documents

# HEART A T     a 3×3 grid whose first cell is a rebus
#   A   G E
#   T   E N
CLUES = {"Across": [[1, "One"], [4, "Four"], [5, "Five"]],
         "Down": [[1, "One down"], [2, "Two"], [3, "Three"]]}


def _ipuz(solution: list, puzzle: list | None = None, saved: list | None = None) -> str:
    data = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
            "dimensions": {"width": 3, "height": 3},
            "puzzle": puzzle or [[1, 2, 3], [4, 0, 0], [5, 0, 0]], "clues": CLUES}
    if solution:
        data["solution"] = solution
    if saved:
        data["saved"] = saved
    return json.dumps(data, ensure_ascii=False)


def _xd(header: str, first: str = "1") -> str:
    return (f"Title: Small\n{header}\n\n\n{first}AT\nAGE\nTEN\n\n\n"
            "A1. One ~ HEARTAT\nA4. Four ~ AGE\nA5. Five ~ TEN\n\n"
            "D1. One down ~ HEARTAT\nD2. Two ~ AGE\nD3. Three ~ TEN\n")


def _jpz(first: str, attributes: str = "") -> str:
    rows = [[first, "A", "T"], ["A", "G", "E"], ["T", "E", "N"]]
    cells = "\n".join(f'<cell x="{c + 1}" y="{r + 1}" solution="{letter}"'
                      f'{attributes if (r, c) == (0, 0) else ""}/>'
                      for r, row in enumerate(rows) for c, letter in enumerate(row))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<crossword-compiler-applet>\n'
            '<rectangular-puzzle><metadata><title>Small</title></metadata><crossword>\n'
            f'<grid width="3" height="3">\n{cells}\n</grid>\n</crossword>\n'
            '</rectangular-puzzle>\n</crossword-compiler-applet>\n')


TAIL = [["A", "G", "E"], ["T", "E", "N"]]


@pytest.mark.parametrize("solution", [
    [["heart", "A", "T"], *TAIL],  # lower case
    [[{"value": "HEART"}, "A", "T"], *TAIL],  # the CrosswordValue form
    [["HÉART", "A", "T"], *TAIL],  # an accent, folded
])
def test_ipuz_rebus_forms(solution):
    document = ipuzfile.read_document(_ipuz(solution), "small.ipuz")
    assert document.rebus == ((0, 0, "HEART"),)
    assert document.solution == ("HAT", "AGE", "TEN")


def test_ipuz_given_and_saved_rebus():
    """A puzzle's given rebus: given (its first letter in the grid) and, without a solution,
    the solution's too; a saved (typed) value counts only as the whole string."""
    given = [[{"cell": 1, "value": "HEART"}, 2, 3], [4, 0, 0], [5, 0, 0]]
    document = ipuzfile.read_document(_ipuz([], given), "given.ipuz")
    assert document.rebus == ((0, 0, "HEART"),) and document.cells[0] == "H.."
    solution = [["HEART", "A", "T"], *TAIL]
    for typed, cell in (("HEART", "H"), ("H", OPEN), ("HEAT", OPEN)):
        saved = [[typed, "", ""], ["", "", ""], ["", "", ""]]
        document = ipuzfile.read_document(_ipuz(solution, saved=saved), "saved.ipuz")
        assert document.cells[0][0] == cell, typed
    # a rebus typed where the solution is one letter: not a letter typed there
    saved = [["", "AT", ""], ["", "", ""], ["", "", ""]]
    document = ipuzfile.read_document(_ipuz(solution, saved=saved), "saved.ipuz")
    assert document.cells[0][1] == OPEN


def test_new_ipuz_keeps_a_given_rebus():
    given = [[{"cell": 1, "value": "HEART"}, 2, 3], [4, 0, 0], [5, 0, 0]]
    document = ipuzfile.read_document(_ipuz([], given), "given.ipuz")
    from_xd = xd.read_document(xd.write_filled(document, document.solution, document.rebus),
                               "x.xd")
    written = ipuzfile.write_filled(GridFile("xd", document.cells, from_xd.solution,
                                             rebus=from_xd.rebus), None)
    assert ipuz.read(written)["puzzle"][0][0]["value"] == "HEART"


def test_xd_rebus_small():
    document = xd.read_document(_xd("Rebus: 1=heart"), "small.xd")
    assert document.rebus == ((0, 0, "HEART"),) and document.solution[0] == "HAT"
    assert document.cells[0] == "..."


def test_jpz_rebus_small():
    document = jpz.read_document(_jpz("HEART"), "small.jpz")
    assert document.rebus == ((0, 0, "HEART"),) and document.solution[0] == "HAT"
    typed = jpz.read_document(_jpz("HEART", ' solve-state="HEART"'), "small.jpz")
    assert typed.cells[0][0] == "H" and typed.typed[0][0] == "H"
    partly = jpz.read_document(_jpz("HEART", ' solve-state="H"'), "small.jpz")
    assert partly.cells[0][0] == OPEN
    clue = jpz.read_document(_jpz("HEART", ' type="clue"'), "small.jpz")
    assert clue.cells[0][0] == "H"  # shown to the solver: given
    as_ipuz = ipuzfile.write_filled(document, document.solution, document.rebus)
    assert ipuz.read(as_ipuz)["solution"][0][0] == "HEART"


@pytest.mark.parametrize("text,reader", [
    (_ipuz([["A+", "A", "T"], *TAIL]), ipuzfile),
    (_ipuz([["10", "A", "T"], *TAIL]), ipuzfile),
    (_xd("Rebus: 1=♥"), xd),
    (_xd("Rebus: 1=A+"), xd),
    (_jpz("♥♥"), jpz),
])
def test_a_rebus_of_no_letters_leaves_its_cell_open(text, reader):
    """Digits or symbols are no letters a fill can use: the cell is open, no letter known (its
    answers are then left out of the file's word list, with their note)."""
    document = reader.read_document(text, "symbol")
    assert document.rebus == ()
    assert document.solution[0] == ".AT"


def _puz(rebus: dict[int, str] | None = None, grbs: bytes | None = None,
         rtbl: bytes | None = None, text: bool = False) -> bytes:
    puzzle = puz.Puzzle()
    puzzle.width = puzzle.height = 3
    puzzle.solution = "HATAGETEN"
    puzzle.fill = "-" * 9
    puzzle.clues = ["c"] * 6
    for index, letters in (rebus or {}).items():
        puzzle.rebus().add_rebus_squares(index, letters)
    if grbs is not None:
        puzzle.extensions[b"GRBS"] = grbs
    if rtbl is not None:
        puzzle.extensions[b"RTBL"] = rtbl
    return bytes(puzzle.tobytes())


def test_across_lite_small():
    document = acrosslite.read_document(_puz({0: "HEART"}), "small.puz")
    assert document.rebus == ((0, 0, "HEART"),)
    symbol = acrosslite.read_document(_puz({0: "A+"}), "symbol.puz")
    assert symbol.rebus == () and symbol.solution[0] == ".AT"


# ---------------------------------------------------------------- bad rebus input

LONG = "X" * (MAX_REBUS_LETTERS + 1)
TEXT_REBUS = (DATA / "puzpy" / "text_format_v2_rebus.txt").read_text()
BAD = {
    "long.ipuz": (_ipuz([[LONG, "A", "T"], *TAIL]),
                  (f"rebus cell at row 1, column 1 holds '{LONG}'... (17 characters): "
                   f"a rebus cell holds at most {MAX_REBUS_LETTERS}")),
    "long-given.ipuz": (_ipuz([], [[{"cell": 1, "value": LONG}, 2, 3], [4, 0, 0], [5, 0, 0]]),
                        "rebus cell at row 1, column 1 holds"),
    "long.xd": (_xd(f"Rebus: 1={LONG}"),
                ":2:1: error: the Rebus header's key '1' stands for"),
    "unused-key.xd": (_xd("Rebus: 1=HEART 2=DIAMOND"),
                      ":2:1: error: the Rebus header's key '2' (DIAMOND) names no cell"),
    "bad-item.xd": (_xd("Rebus: 12=HEART"), ":2:1: error: the Rebus header's item '12=HEART'"),
    "block-key.xd": (_xd("Rebus: #=HEART"), "the Rebus header's item '#=HEART'"),
    "long.jpz": (_jpz(LONG), "rebus cell at row 1, column 1 holds"),
    "long.puz": (_puz({0: LONG}), "rebus cell at row 1, column 1 holds"),
    "outside.puz": (_puz(grbs=bytes(9) + b"\x01", rtbl=b" 0:HEART;"),
                    "the rebus grid (GRBS) marks cell 10, outside the 3x3 grid"),
    "no-entry.puz": (_puz(grbs=b"\x03" + bytes(8), rtbl=b" 0:HEART;"),
                     "rebus cell at row 1, column 1 names entry 2 of the rebus table (RTBL)"),
    "unused-marker.txt": (TEXT_REBUS.replace("2:BIG:B", "2:BIG:B\n\t7:SEVEN:S"),
                          "the <REBUS> line '7:SEVEN:S' names '7', no character of the grid"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_rebus_refused_in_one_line(name, tmp_path):
    content, message = BAD[name]
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    for command in (("export", path, "--format", "xd"), ("solve", path)):
        result = run_process(*command)
        assert result.returncode == 2, (command, result.stderr)
        assert result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr
        assert message in result.stderr, result.stderr
        assert result.stdout == ""


def test_reader_errors_in_process():
    """The same checks at the reader, with the position the message gives."""
    with pytest.raises(InputError) as caught:
        xd.read_document(_xd("Rebus: 1=HEART 2=DIAMOND"), "bad.xd")
    assert (caught.value.line, caught.value.column) == (2, 1)


# ---------------------------------------------------------------- xd Design styles


@pytest.mark.parametrize("relative", ["xd-crossword-tools/112921---speakerboxxx-the-love-below.xd",
                                      "xd-crossword-tools/the-minion-puzzle.xd"])
def test_xd_design_styles_kept(relative):
    """A Design section's styles other than bars (circles, shading, colours) and the cells that
    use them are written back."""
    document = _read(relative)
    written = xd.write_filled(document, document.solution, document.rebus)

    def design(text: str) -> tuple[list[str], list[str]]:
        section = text.split("## Design", 1)[1]
        style = re.search(r"<style>.*?</style>", section, re.DOTALL).group(0)
        rows = [line.strip() for line in section[section.index("</style>") + 8:].splitlines()
                if line.strip()]
        return [" ".join(line.split()) for line in style.splitlines()], rows

    assert design(written) == design((DATA / relative).read_text())
    assert _reread("xd", written).bars == document.bars


# ---------------------------------------------------------------- filled end to end

# (nyt_sun_rebus.puz, the example, is locked: refused before any fill)
FILL_CASES = {
    "puzpy/nyt_rebus_with_notes_and_shape.puz": "puz",
    "xd-crossword-tools/112921---speakerboxxx-the-love-below.puz": "puz",
    "puzpy/text_format_v2_rebus.txt": "puz",
    "xd/nyt1955-01-01.xd": "xd",
    "xd-crossword-tools/112921---speakerboxxx-the-love-below.xd": "xd",
    "xd-crossword-tools/kitchen-sink.ipuz": "ipuz",
}


def _answers(document: GridFile) -> set[str]:
    """The answers a document's solution spells, each rebus cell with its string."""
    strings = document.rebus_cells()
    return {"".join(strings.get((r, c), document.solution[r][c]) for r, c in entry.cells())
            for entry in entries(document.cells, document.bars)}


@pytest.mark.parametrize("relative", sorted(FILL_CASES))
def test_solve_writes_the_rebus_back(relative, tmp_path):
    """`satpuzzle solve FILE --format F -o OUT` (the file's own answers as the word list):
    OUT, read by its library (puzpy, ipuz) and by satpuzzle, spells every entry as one of the
    file's answers, rebus cells with their strings; the large grids' fill is the file's own,
    rebus cells where the file has them."""
    fmt = FILL_CASES[relative]
    out = tmp_path / f"out.{fmt}"
    result = run_process("solve", DATA / relative, "--format", fmt, "-o", out)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    document = _read(relative)
    written = _reread(fmt, out.read_bytes() if fmt == "puz" else out.read_text())
    if fmt == "puz":
        assert _puzpy_rebus(puz.read(str(out))) == written.rebus_cells()
    elif fmt == "ipuz":
        assert _ipuz_rebus(ipuz.read(out.read_text())) == written.rebus_cells()
    assert _answers(written) <= _answers(document)
    assert written.rebus, "the fill has no rebus cell"
    if document.height >= 15:
        assert written.rebus == document.rebus
        assert written.solution == document.solution
    assert _clue_texts(written) == _clue_texts(document)


def test_solve_a_file_whose_player_typed_the_rebus(tmp_path):
    """The solved file's player typed STAR in its three rebus cells (RUSR): the reader gives
    those cells (their first letter in the player's grid, GridFile.rebus their string); the
    fill keeps STAR there."""
    relative = "puzpy/nyt_rebus_with_notes_and_shape_solved.puz"
    out = tmp_path / "out.puz"
    result = run_process("solve", DATA / relative, "--format", "puz", "-o", out)
    assert result.returncode == 0, result.stderr
    assert _puzpy_rebus(puz.read(str(out))) == _read(relative).rebus_cells()


def test_ignore_typed_opens_a_typed_rebus(tmp_path):
    relative = "puzpy/nyt_rebus_with_notes_and_shape_solved.puz"
    out = tmp_path / "out.puz"
    result = run_process("solve", DATA / relative, "--ignore-typed", "--format", "puz", "-o",
                         out)
    assert result.returncode == 0, result.stderr
    written = puz.read(str(out))
    assert _puzpy_rebus(written) == _read(relative).rebus_cells()
    assert written.extensions[b"RUSR"] == puz.read(str(DATA / relative)).extensions[b"RUSR"]
