"""Crossword constructors' files (satpuzzle/kinds/crossword/formats/acrosslite.py, ipuzfile.py,
xd.py): real files from the test suites of puzpy, ipuz, xd-crossword-tools and the xd corpus
(tests/data/crossword/*, each folder with its project's licence) are read as fill problems
or refused in one line for a documented reason, filled, and written back into their own format
(`solve --format puz|ipuz|xd`), where the format's library reads them back: blocks and given
letters kept, every entry in the word list, the rule checker content, clues unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import ipuz
import puz
import pytest
from conftest import ROOT, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_crossword_rebus_files import REBUS_FILES  # the files with a rebus, read there

from satpuzzle.checkers import crossword as checker
from satpuzzle.codecs.gridfile import BLOCK, OPEN, Clue, GridFile, entries
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.formats import acrosslite, constructors, ipuzfile, jpz, xd
from satpuzzle.loading import load, load_bytes, load_text

DATA = ROOT / "tests" / "data" / "crossword"

# every real file, and what satpuzzle does with it
FILLED = [
    "puzpy/Feb0308_oddnumbering.puz", "puzpy/av110622.puz", "puzpy/cs080904.puz",
    "puzpy/diagramless.puz", "puzpy/nyt_jul0719.puz", "puzpy/nyt_nov0596.puz",
    "puzpy/nyt_partlyfilled.puz", "puzpy/nyt_v1_4.puz", "puzpy/nyt_with_shape.puz",
    "puzpy/unicode.puz", "puzpy/washpost.puz", "puzpy/wsj110624.puz",
    "puzpy/diagramless.txt", "puzpy/text_format_v1.txt", "puzpy/text_format_v2_mark.txt",
    "xd-crossword-tools/alpha-bits.puz", "ipuz/example.ipuz", "ipuz/example_v2.ipuz",
    "ipuz/first.ipuz", "xd-crossword-tools/word-square.ipuz",
    "xd-crossword-tools/alpha-bits.xd", "xd-crossword-tools/the-minion-puzzle.xd",
]
REFUSED = {
    "puzpy/ONE_bad.puz": "binary data, expected UTF-8 text",
    "puzpy/nyt_locked.puz": "the solution is locked (scrambled)",
    "puzpy/nyt_diagramless.puz": "the solution is locked (scrambled)",
    "puzpy/nyt_sun_rebus.puz": "the solution is locked (scrambled)",
    "puzpy/nyt_weekday_with_notes.puz": "the solution is locked (scrambled)",
    # puzpy refuses these two (xd-crossword-tools reads what it can of them)
    "xd-crossword-tools/plus-symbol-rebus.puz": "not a valid Across Lite file",
    "xd-crossword-tools/truncated-strings.puz": "not a valid Across Lite file",
}
# a Schrödinger puzzle: its player's grid holds the other answer of a two-way cell
SCHRODINGER = "xd-crossword-tools/Mini-240918-Schrdinger.puz"
# read only: written back as ipuz
JPZ = ["xd-crossword-tools/inline-style-sample.jpz",
       "xd-crossword-tools/lil-167-ratliff-121823.jpz"]
OWN_FORMAT = {".puz": "puz", ".txt": "puz", ".ipuz": "ipuz", ".xd": "xd"}


def test_every_real_file_is_listed():
    files = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file()
             and p.name not in ("LICENSE", "README.md")}
    assert files == set(FILLED) | set(REFUSED) | {SCHRODINGER} | set(JPZ) | set(REBUS_FILES)
    for folder in {(DATA / name).parent for name in files}:
        assert (folder / "LICENSE").exists(), f"{folder} has no licence"


def _document(relative: str):
    path = DATA / relative
    data = path.read_bytes()
    name = constructors.recognise(data if acrosslite.is_across_lite(data) else data.decode(),
                                  str(path))
    source = data if name == "acrosslite" and acrosslite.is_across_lite(data) else data.decode()
    return constructors.read_document(name, source, str(path))


def _written_back(relative: str, out: Path) -> tuple[tuple[str, ...], dict]:
    """The solution grid of the file `solve --format` wrote (rows, `#` blocks, capitals), as
    the format's own library reads it, and its clues."""
    fmt = OWN_FORMAT[Path(relative).suffix]
    if fmt == "puz":
        written = puz.read(str(out))
        width = written.width
        rows = tuple("".join(BLOCK if puz.is_blacksquare(ch) else ch for ch in
                             written.solution[i:i + width])
                     for i in range(0, len(written.solution), width))
        return rows, {"clues": written.clues, "title": written.title}
    if fmt == "ipuz":
        data = ipuz.read(out.read_text())
        block = data.get("block", "#")
        rows = tuple("".join(BLOCK if cell is None or cell == block else
                             (cell["value"] if isinstance(cell, dict) else cell)
                             for cell in row) for row in data["solution"])
        return rows, {"clues": data["clues"], "title": data.get("title")}
    # xd has no Python library: satpuzzle's reader, which follows the published spec
    document = xd.read_document(out.read_text(), str(out))
    return document.solution, {"clues": document.clues, "title": document.title}


@pytest.mark.parametrize("relative", FILLED)
def test_real_file_filled_and_written_back(relative, tmp_path):
    """Filled from the file's own answers (no --dict: a quick, real fill), written back into
    its own format: blocks and given letters kept, every entry a word of the list, the rule
    checker content, clues and title as the file had them."""
    out = tmp_path / ("out" + Path(relative).suffix.replace(".txt", ".puz"))
    fmt = OWN_FORMAT[Path(relative).suffix]
    result = run_cli("solve", DATA / relative, "--format", fmt, "-o", out)
    document = _document(relative)
    if relative == "xd-crossword-tools/alpha-bits.puz":
        # its player's grid is solved: every letter is given, so the fill is that grid
        assert all(OPEN not in row for row in document.cells)
    assert result.returncode == 0, result.stderr
    rows, written = _written_back(relative, out)
    instance = load(str(DATA / relative)).instances[0]
    words = set(instance.words)
    assert len(rows) == document.height and all(len(row) == document.width for row in rows)
    for row, cells, filled in zip(range(document.height), document.cells, rows):
        for col, (cell, letter) in enumerate(zip(cells, filled)):
            assert (cell == BLOCK) == (letter == BLOCK), (row, col)
            if cell not in (BLOCK, OPEN):
                assert letter == cell, f"given letter at {row}, {col} not kept"
    for entry in entries(document.cells):
        spelled = "".join(rows[r][c] for r, c in entry.cells())
        assert spelled.lower() in words, (entry, spelled)
    fill = tuple("".join("0" if ch == BLOCK else ch.lower() for ch in row) for row in rows)
    assert checker.check(instance, fill) == []
    _same_clues(relative, written, document)


def _same_clues(relative: str, written: dict, document) -> None:
    path = DATA / relative
    if path.suffix in (".puz", ".txt"):
        original = (puz.read(str(path)) if path.suffix == ".puz"
                    else puz.read_text(str(path)))
        assert written["clues"] == original.clues
        assert written["title"] == original.title
    elif path.suffix == ".ipuz":
        original = ipuz.read(path.read_text())
        assert written["clues"] == original["clues"]
        assert written["title"] == original.get("title")
    else:
        assert written["clues"] == document.clues
        assert written["title"] == document.title


@pytest.mark.parametrize("relative", sorted(REFUSED))
def test_real_file_refused_in_one_line(relative):
    result = run_cli("solve", DATA / relative)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith(f"{DATA / relative}:") and REFUSED[relative] in lines[0]


def test_across_lite_filled_from_a_dictionary_round_trip(tmp_path):
    """.puz -> fill with --dict -> .puz, read back by puzpy: checksums right (puzpy checks
    them on load), clues, title, notes and the player's grid as they were, the fill new."""
    source = DATA / "puzpy" / "nyt_partlyfilled.puz"
    out = tmp_path / "filled.puz"
    dictionary = tmp_path / "words.txt"
    original = puz.read(str(source))
    # the file's answers, plus decoys of every length, so that the fill is a choice
    answers = {w.lower() for w in load(str(source)).instances[0].words}
    dictionary.write_text("\n".join(sorted(answers | {"zz" * n for n in range(1, 8)})))
    result = run_cli("solve", source, "--dict", dictionary, "--format", "puz", "-o", out)
    assert result.returncode == 0, result.stderr
    written = puz.read(str(out))
    assert (written.clues, written.title, written.notes, written.fill) == (
        original.clues, original.title, original.notes, original.fill)
    # the letters typed in the player's grid are givens: the fill keeps them
    typed = [(i, ch) for i, ch in enumerate(original.fill) if ch.isalpha()]
    assert typed and all(written.solution[i] == ch for i, ch in typed)
    assert [i for i, ch in enumerate(written.solution) if ch == "."] == \
        [i for i, ch in enumerate(original.solution) if ch == "."]


def test_the_players_grid_is_given(tmp_path):
    """The letters of Across Lite's player's grid are givens (its solution is not): this
    file's player's grid differs from its answer key in one cell, so its own answers cannot
    fill it, and a dictionary holding the player's words gives back the player's grid."""
    source = DATA / SCHRODINGER
    original = puz.read(str(source))
    assert original.fill != original.solution and "-" not in original.fill
    assert run_cli("solve", source).returncode == 1  # own answers only: no fill
    words = tmp_path / "words.txt"
    width = original.width
    rows = [original.fill[i:i + width] for i in range(0, len(original.fill), width)]
    words.write_text("\n".join(rows + ["".join(col) for col in zip(*rows)]))
    out = tmp_path / "out.puz"
    result = run_cli("solve", source, "--dict", words, "--format", "puz", "-o", out)
    assert result.returncode == 0, result.stderr
    assert puz.read(str(out)).solution == original.fill


def test_keep_solution_keeps_the_answer_key(tmp_path):
    """--keep-solution: the solution's letters are givens, so the only fill is the file's."""
    source = DATA / "ipuz" / "example.ipuz"
    out = tmp_path / "kept.ipuz"
    result = run_cli("solve", source, "--keep-solution", "--dict", "en", "--format", "ipuz",
                     "-o", out)
    original = ipuz.read(source.read_text())
    if result.returncode == 1:  # the built-in list lacks one of its answers: no fill, nothing written
        assert not out.exists()
        return
    assert result.returncode == 0, result.stderr
    assert ipuz.read(out.read_text())["solution"] == original["solution"]


@pytest.mark.parametrize("fmt", ["puz", "ipuz", "xd"])
def test_cross_format_written_and_read_back(fmt, tmp_path):
    """An xd file filled and written as Across Lite, ipuz or xd: each reads back (by its
    library) with the same clues on the same entries."""
    source = DATA / "xd-crossword-tools" / "alpha-bits.xd"
    out = tmp_path / f"out.{fmt}"
    result = run_cli("solve", source, "--format", fmt, "-o", out)
    assert result.returncode == 0, result.stderr
    back = load(str(out), None, {}).instances[0].source
    document = _document("xd-crossword-tools/alpha-bits.xd")
    assert back.cells == document.cells
    assert {(c.direction, c.number, c.text) for c in back.clues} == \
        {(c.direction, c.number, c.text) for c in document.clues}
    assert back.solution == document.solution  # its own answers: the fill is the original
    if fmt == "puz":
        assert puz.read(str(out)).title == "Alpha-Bits"
    if fmt == "ipuz":
        ipuz.read(out.read_text())


def test_language_puz_and_across_lite_puz_do_not_meet(tmp_path):
    """A `.puz` of text is the language; a binary one Across Lite, whatever its name."""
    language = tmp_path / "grid.puz"
    language.write_text("crossword { words: ab ba\n grid {\n 11\n 11\n }\n}\n")
    assert run_cli("solve", language, "--limit", "1").returncode == 0
    refused = run_cli("solve", language, "--dict", "en")
    assert refused.returncode == 2 and "in a .puz file write them as entries" in refused.stderr
    renamed = tmp_path / "across-lite.bin"
    renamed.write_bytes((DATA / "puzpy" / "nyt_nov0596.puz").read_bytes())
    loaded = load(str(renamed), None, {})
    assert loaded.inferred == "crossword" and loaded.instances[0].source.format == "acrosslite"


def test_a_grid_from_elsewhere_is_written_with_empty_clues(tmp_path):
    out = tmp_path / "out.puz"
    grid = tmp_path / "grid.txt"
    grid.write_text("111\n101\n111\n")
    words = tmp_path / "words.txt"
    words.write_text("abc\nade\ncfg\nefg\n")
    result = run_cli("solve", grid, "--dict", words, "--format", "puz", "-o", out)
    assert result.returncode == 0, result.stderr
    written = puz.read(str(out))
    rows = [written.solution[i:i + 3] for i in range(0, 9, 3)]
    assert rows[1][1] == "." and written.clues == ["", "", "", ""]
    spelled = [rows[0], rows[2], rows[0][0] + rows[1][0] + rows[2][0],
               rows[0][2] + rows[1][2] + rows[2][2]]
    assert {word.lower() for word in spelled} <= {"abc", "ade", "cfg", "efg"}


@pytest.mark.parametrize("args, message", [
    (["--all"], "--format puz writes one fill; --all asks for more"),
    (["--limit", "2"], "--format puz writes one fill; --limit asks for more"),
    (["--count"], "--format puz writes one fill; --count asks for more"),
])
def test_fill_formats_refuse_more_than_one_fill(args, message, tmp_path):
    result = run_cli("solve", DATA / "ipuz" / "example.ipuz", "--format", "puz", "-o",
                     tmp_path / "x.puz", *args)
    assert result.returncode == 2 and message in result.stderr


def test_output_needs_a_fill_format(tmp_path):
    result = run_cli("solve", DATA / "ipuz" / "example.ipuz", "-o", tmp_path / "x.txt")
    assert result.returncode == 2 and "-o writes a filled grid" in result.stderr


# ---------------------------------------------------------------- hostile variants


def _puz_bytes() -> bytes:
    return (DATA / "puzpy" / "nyt_nov0596.puz").read_bytes()


@pytest.mark.parametrize("name, data, message", [pytest.param(*case, id=case[0]) for case in [
    ("truncated", _puz_bytes()[:300], "not a valid Across Lite file"),
    ("bad-header-checksum", _puz_bytes()[:14] + bytes([_puz_bytes()[14] ^ 1])
     + _puz_bytes()[15:], "header checksum does not match"),
    ("bad-magic-checksum", _puz_bytes()[:16] + bytes([_puz_bytes()[16] ^ 1])
     + _puz_bytes()[17:], "magic checksum does not match"),
    ("bad-global-checksum", bytes([_puz_bytes()[0] ^ 1]) + _puz_bytes()[1:],
     "global checksum does not match"),
    ("huge-size", _puz_bytes()[:0x2C] + bytes([255, 255]) + _puz_bytes()[0x2E:],
     "not a valid Across Lite file"),
    ("header-only", _puz_bytes()[:0x34], "not a valid Across Lite file"),
]])
def test_hostile_across_lite_refused_in_one_line(name, data, message, tmp_path):
    path = tmp_path / f"{name}.puz"
    path.write_bytes(data)
    result = run_cli("solve", path, "--dict", "en")
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


HEADER = '{"version": "http://ipuz.org/v2", '


@pytest.mark.parametrize("text, message", [
    (HEADER + '"kind": ["http://ipuz.org/crossword#1"], "dimensions": '
              '{"width": 100000, "height": 100000}, "puzzle": [], "solution": []}',
     "too large"),
    (HEADER + '"kind": ["http://ipuz.org/sudoku#1"], "dimensions": {"width": 2, "height": 2}, '
              '"puzzle": [[0, 0], [0, 0]]}', "satpuzzle fills crosswords"),
    (HEADER + '"kind": ["http://ipuz.org/crossword#1"], "dimensions": '
              '{"width": 3, "height": 1}, "puzzle": [[1, 0]]}', "not 1 rows of 3"),
    (HEADER + '"kind": "crossword"}', "not a valid ipuz file"),
    ("ipuz(" + HEADER, "not a valid ipuz file"),
])
def test_hostile_ipuz_refused(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        ipuzfile.read_document(text, "x.ipuz")


@pytest.mark.parametrize("text, message", [
    ("Title: x\n\n\nAB\nABC\n\n\nA1. x ~ AB\n", "5:1: error: grid line has 3 cells"),
    ("Title: x\n\n\nA" + "B" * 20000 + "\n", "too large"),
    # a digit or symbol is a cell's answer (open, no letter known); a letter not A-Z is not
    ("Title: x\n\n\nAé\nBC\n\n\nA1. x ~ AB\n", "unexpected 'é'"),
    ("## Metadata\nTitle: x\n## Clues\nA1. x ~ AB\n", "no grid"),
])
def test_hostile_xd_refused(text, message):
    with pytest.raises(InputError, match=message):
        xd.read_document(text, "x.xd")


def test_across_lite_text_of_absurd_size_refused():
    text = "<ACROSS PUZZLE>\n<TITLE>\nx\n<SIZE>\n99999x99999\n<GRID>\nAB\n"
    with pytest.raises(InputError, match="too large"):
        acrosslite.read_document(text, "x.txt")


def test_formats_read_as_text_without_a_dictionary():
    """`import`: the file's own answers are the word list, so the puzzle stands alone."""
    text = (DATA / "xd-crossword-tools" / "word-square.ipuz").read_text()
    instance = load_text(text, "word-square.ipuz").instances[0]
    assert instance.source.format == "ipuz"
    answers = json.loads(text)["solution"]
    assert "".join(answers[0]).lower() in instance.words
    with pytest.raises(InputError, match="binary data, expected the text of a xd file"):
        from satpuzzle import formats

        formats.read("xd", _puz_bytes(), "x.puz")


def test_a_short_header_is_an_input_error():
    """puzpy unpacks the header as a struct: a short one is a struct.error inside it."""
    with pytest.raises(InputError, match="not a valid Across Lite file"):
        acrosslite.read_document(b"\0\0ACROSS&DOWN\0" + b"\0" * 10, "x.puz")


# ---------------------------------------------------------------- binary fuzzing

SEEDS = [_puz_bytes(), (DATA / "puzpy" / "washpost.puz").read_bytes(),
         (DATA / "xd-crossword-tools" / "Mini-240918-Schrdinger.puz").read_bytes()]


@st.composite
def mutated_puz(draw) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(data) - 1))
        action = draw(st.sampled_from(["flip", "cut", "insert", "size"]))
        if action == "flip":
            data[position] ^= 1 << draw(st.integers(0, 7))
        elif action == "cut":
            del data[position:]
        elif action == "insert":
            data[position:position] = draw(st.binary(min_size=1, max_size=8))
        elif len(data) > 0x2E:  # width and height bytes
            data[0x2C:0x2E] = bytes(draw(st.lists(st.integers(0, 255), min_size=2, max_size=2)))
        if not data:
            data = bytearray(b"\0")
    return bytes(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_puz())
def test_mutated_across_lite_gives_instances_or_one_clean_error(data):
    """Bit flips, cuts, insertions and absurd sizes in real .puz files: a puzzle or an
    InputError, never another exception. (Checksums catch most; puzpy's own errors become
    InputErrors.)"""
    try:
        loaded = load_bytes(data, "fuzz.puz", None, {})
    except InputError as error:
        assert "\n" not in str(error)
        return
    assert loaded.instances and loaded.instances[0].KIND == "crossword"


# ---------------------------------------------------------------- .jpz


@pytest.mark.parametrize("relative", JPZ)
@pytest.mark.parametrize("zipped", [False, True])
def test_jpz_filled_and_written_as_ipuz(relative, zipped, tmp_path):
    source = DATA / relative
    if zipped:
        import zipfile

        packed = tmp_path / "puzzle.jpz"
        with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(source, "puzzle.jpz")
        source = packed
    out = tmp_path / "out.ipuz"
    result = run_cli("solve", source, "--format", "ipuz", "-o", out)
    assert result.returncode == 0, result.stderr
    document = jpz.read_document(source.read_bytes(), str(source))
    data = ipuz.read(out.read_text())
    rows = ["".join(BLOCK if cell == "#" else cell for cell in row) for row in data["solution"]]
    words = set(load(str(source)).instances[0].words)
    for cells, filled in zip(document.cells, rows):
        assert [c == BLOCK for c in cells] == [c == BLOCK for c in filled]
    for entry in entries(document.cells, document.bars):  # a barred grid's entries end at bars
        assert "".join(rows[r][c] for r, c in entry.cells()).lower() in words
    assert ipuzfile.read_document(out.read_text(), str(out)).bars == document.bars
    across = {number: text for number, text in data["clues"]["Across"]}
    assert across and all(across[c.number] == c.text for c in document.clues
                          if c.direction == "across")


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
          '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
          '<crossword-compiler><rectangular-puzzle>&lol2;</rectangular-puzzle>'
          '</crossword-compiler>\n')
EXTERNAL = ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
            '\n<crossword-compiler><rectangular-puzzle>&secret;</rectangular-puzzle>'
            '</crossword-compiler>\n')


OPEN_GRID = "<crossword-compiler><rectangular-puzzle><crossword>"
CLOSE_GRID = "</grid></crossword></rectangular-puzzle></crossword-compiler>"


@pytest.mark.parametrize("text, message", [
    (LAUGHS, "error: a .jpz with a document type declaration"),
    (EXTERNAL, "error: a .jpz with a document type declaration"),
    (OPEN_GRID + "<grid width='99999' height='9'>" + CLOSE_GRID, "too large"),
    (OPEN_GRID + "<grid width='2' height='1'><cell x='3' y='1' solution='A'/>" + CLOSE_GRID,
     "outside the 2×1 grid"),
    (OPEN_GRID + "<grid width='2' height='1'><cell x='1' y='1' solution='" + "AB" * 9 + "'/>"
     + CLOSE_GRID, "rebus cell at row 1, column 1 holds"),
    ("<crossword-compiler><rectangular-puzzle>", "not valid XML"),
])
def test_hostile_jpz_refused(text, message, tmp_path):
    path = tmp_path / "hostile.jpz"
    path.write_text(text)
    result = run_cli("solve", path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr


def test_zip_bomb_jpz_stops_at_the_input_limit(tmp_path):
    import zipfile

    bomb = tmp_path / "bomb.jpz"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("puzzle.jpz", b"<" + b" " * 50_000_000)  # 50 MB packs to ~50 kB
    assert bomb.stat().st_size < 200_000
    result = run_cli("solve", bomb, "--max-input-bytes", "1000000")
    assert result.returncode == 2 and "unpacks to" in result.stderr, result.stderr
    many = tmp_path / "many.jpz"
    with zipfile.ZipFile(many, "w") as archive:
        for number in range(20):
            archive.writestr(f"part{number}.xml", "<x/>")
    result = run_cli("solve", many)
    assert result.returncode == 2 and "holds 20 files" in result.stderr


# ---------------------------------------------------------------- writers, property-tested

TEXT = st.text(st.sampled_from("abcXYZ019 ,.?!'\"-é"), max_size=12).map(
    lambda text: " ".join(text.split()))


@st.composite
def grid_files(draw) -> GridFile:
    """A grid of blocks, letters and givens, with a clue per entry and credits."""
    width, height = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    solution = tuple("".join(draw(st.sampled_from([BLOCK, *"ABCDEZ"])) for _ in range(width))
                     for _ in range(height))
    cells = tuple("".join(cell if cell == BLOCK else draw(st.sampled_from([OPEN, cell]))
                          for cell in row) for row in solution)
    clues = tuple(Clue(entry.direction, entry.number, draw(TEXT)) for entry in entries(cells))
    return GridFile("satpuzzle", cells, solution, clues, draw(TEXT), draw(TEXT), draw(TEXT))


@settings(max_examples=60, deadline=None)
@given(grid_files(), st.sampled_from(["puz", "ipuz", "xd"]))
def test_a_written_grid_reads_back_the_same(document, fmt):
    """What the writers write, the readers read back: blocks, the solution, the clues on their
    entries, the credits; and the given letters, in the formats that have a player's grid or
    pre-filled cells (Across Lite, ipuz; xd has none)."""
    written = constructors.write_fill(fmt, _instance_of(document), _fill_of(document))
    name = constructors.FILL_FORMATS[fmt]
    back = constructors.read_document(name, written, f"back.{fmt}")
    assert back.solution == document.solution
    if fmt != "xd":
        assert back.cells == document.cells
    assert set(back.clues) == set(document.clues)
    assert (back.title, back.author, back.copyright) == (
        document.title, document.author, document.copyright)


def _instance_of(document: GridFile):
    from satpuzzle.kinds.crossword.model import CrosswordInstance

    grid = tuple(tuple("0" if cell == BLOCK else "1" for cell in row) for row in document.cells)
    return CrosswordInstance(grid, ("ab",), source=document)


def _fill_of(document: GridFile) -> tuple[str, ...]:
    return tuple("".join("0" if cell == BLOCK else cell.lower() for cell in row)
                 for row in document.solution)
