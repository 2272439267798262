"""Crossword files from projects satpuzzle's readers were not written against (issue 29): each
is read and filled by the real command, its fill written back as Across Lite, ipuz and xd and
read again (puzpy, the ipuz library, satpuzzle's xd reader) with its clues kept and, where the
fill is unique, the file's own solution as the fill; or it is refused in one line naming the
reason; or its 'no solution' says why in a note. Never a traceback, never a silent none.

The files (test files of other projects, each folder with its project's licence and a README
naming the source and commit) are looked for in tests/data/crossword/unseen/, then beside the
checkout in shared/data/crossword/unseen/, or where SATPUZZLE_UNSEEN_CROSSWORDS points; the
tests skip naming the folder when none is there. Each file's outcome is recorded in EXPECTED,
so that a change of outcome fails."""

from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import ipuz
import puz
import pytest
from conftest import ROOT, SHARED_DATA, run_process

from satpuzzle.codecs.gridfile import BLOCK, GridFile
from satpuzzle.kinds.crossword.formats import constructors, xd

TIMEOUT = 300  # seconds a command may take on a busy shared machine (each takes a second or two)
FORMATS = ("puz", "ipuz", "xd")
# Rebus cells (several letters a cell) are read and filled by the work on rebus support; until
# that lands they are refused. Flip this to True when it has: the files marked rebus() are then
# expected filled, as their Filled outcome says.
REBUS_FILLS = True


def _root() -> Path | None:
    candidates = [ROOT / "tests" / "data" / "crossword" / "unseen",
                  SHARED_DATA / "crossword" / "unseen"]
    if os.environ.get("SATPUZZLE_UNSEEN_CROSSWORDS"):
        candidates.insert(0, Path(os.environ["SATPUZZLE_UNSEEN_CROSSWORDS"]))
    return next((path for path in candidates if path.is_dir()), None)


DATA = _root()


@dataclass(frozen=True)
class Filled:
    """Read and filled; written back in each of FORMATS except those of `refused_writes`
    (format -> the reason its one-line refusal names), clues kept."""

    refused_writes: tuple[tuple[str, str], ...] = ()
    # formats the fill is written into with fewer clues than the file has (a known gap: clues
    # that are not on an entry satpuzzle reads, such as a variety puzzle's)
    clues_lost: tuple[str, ...] = ()


@dataclass(frozen=True)
class Refused:
    """Exit 2, one stderr line naming the reason (`reason`, a substring)."""

    reason: str


@dataclass(frozen=True)
class NoSolution:
    """Exit 1, 'no solution' and a note saying why (`note`, a substring of a note line)."""

    note: str


Outcome = Filled | Refused | NoSolution


def rebus(supported: Outcome, refused: str = "rebus cell") -> Outcome:
    """A file with rebus cells: `supported` once rebus support has landed (REBUS_FILLS),
    refused naming `refused` until then."""
    return supported if REBUS_FILLS else Refused(refused)


BARRED = Filled(refused_writes=(("puz", "bars"),))  # Across Lite has no bars
# clues on no entry satpuzzle numbers (fake-numbered or unnumbered clues, a variety puzzle's
# paths, a clue its grid has no entry for) are not written into another format
UNPLACED_CLUES = ("puz", "xd")
# a variety puzzle's entries (its <word>s, or clue `cells`, running in spirals, bands, rows of a
# garden) are not the straight runs of its grid satpuzzle fills: refused, naming the first word
# that turns, runs backwards or crosses a bar (a diagonal clue too)
VARIETY = Refused("a variety crossword whose entries are not the straight runs of its grid")
# kotwords' test puzzle holds the digits and symbols 1, 2, $ and @ in its solution: the answers
# through them are left out of the word list, and the note says so
DIGITS = "solution without a letter"
ACROSTIC = Refused("holds an acrostic puzzle")
CODED = Refused("holds a coded crossword")
NO_ANSWERS = Refused("no complete answer to use as the word list")
# other sites' JSON (NYT, WSJ, Guardian, CNN, WaPo, uclick, Puzzlr...), told from satpuzzle's own
# JSON missing its kind by a key satpuzzle's JSON has not
OTHER_JSON = Refused("a JSON puzzle of a format satpuzzle does not read")
# Amuse Labs words not on the grid's across and down runs (marching bands; hidden squares,
# which the file shows only by colour)
AMUSE_VARIETY = Refused("entries are not the across and down runs of its grid")

# crosswordnexus: github.com/crosswordnexus/html5-crossword-solver sample_puzzles/ (CC BY 4.0);
# cwcomp: github.com/philhanna/cwcomp Across Lite text test files (MIT);
# kotwords: github.com/jpd236/kotwords src/commonTest/resources/ (Apache-2.0), most of its
# files one 5×5 puzzle whose grid holds a rebus (XYZ) and the digits and symbols 1, 2, $, @
EXPECTED: dict[str, Outcome] = {
    "cwcomp/easy.txt": Filled(),
    "cwcomp/goodfile.txt": Filled(),
    "crosswordnexus/3x.cfp": Refused("cannot tell what puzzle this is"),
    "crosswordnexus/BB8.ipuz": Filled(),  # Down clues numbered '•', placed by their cells
    "crosswordnexus/BirthOfTheCool_Diagramless.ipuz": Filled(),  # its blocks from its solution
    "crosswordnexus/DupeThereItIs.jpz": ACROSTIC,
    "crosswordnexus/FM.jpz": Filled(),
    "crosswordnexus/IKeepForgetting.jpz": Filled(),
    "crosswordnexus/Route_66.ipuz": Filled(clues_lost=UNPLACED_CLUES),
    "crosswordnexus/fun.ipuz": Filled(),  # numbered '2-3', placed by their cells
    "crosswordnexus/kaidoku.jpz": CODED,
    "crosswordnexus/patchwork_quilt.ipuz": VARIETY,
    "crosswordnexus/two_tone.ipuz": VARIETY,
    "kotwords/acrostic/acrostic-attribution.jpz": ACROSTIC,
    "kotwords/acrostic/acrostic-explicit-width.jpz": ACROSTIC,
    "kotwords/acrostic/acrostic.jpz": ACROSTIC,
    "kotwords/around-the-bend/around-the-bend.ipuz": VARIETY,
    "kotwords/around-the-bend/around-the-bend.jpz": VARIETY,
    "kotwords/cnn/test.json": OTHER_JSON,
    "kotwords/coded/coded.ipuz": Filled(),
    "kotwords/coded/coded.jpz": CODED,
    "kotwords/crosshare/test-barred.json": BARRED,
    "kotwords/crosshare/test-html.json": rebus(NoSolution(DIGITS)),
    "kotwords/crosshare/test.json": rebus(NoSolution(DIGITS)),
    "kotwords/crosswordle.jpz": BARRED,
    "kotwords/crosswordr/test.json": OTHER_JSON,
    "kotwords/eight-tracks/annotations.ipuz": VARIETY,
    "kotwords/eight-tracks/annotations.jpz": VARIETY,
    "kotwords/eight-tracks/inner-track-starts.jpz": VARIETY,
    "kotwords/eight-tracks/no-annotations.jpz": VARIETY,
    "kotwords/guardian/test-simple.json": OTHER_JSON,
    "kotwords/hearts-and-arrows/hearts-and-arrows-unlabeled.ipuz": VARIETY,
    "kotwords/hearts-and-arrows/hearts-and-arrows.ipuz": VARIETY,
    "kotwords/hearts-and-arrows/hearts-and-arrows.jpz": VARIETY,
    "kotwords/helter-skelter/helter-skelter-extend-to-edges.jpz": VARIETY,
    "kotwords/helter-skelter/helter-skelter.jpz": VARIETY,
    "kotwords/ipuz/gaps.ipuz": Filled(clues_lost=UNPLACED_CLUES),
    "kotwords/ipuz/test-bgimage.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/ipuz/test-diagonal.ipuz": VARIETY,
    "kotwords/ipuz/test-diagramless.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/ipuz/test-empty-clue.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/ipuz/test-no-solution.ipuz": NO_ANSWERS,
    "kotwords/ipuz/test-solved.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/ipuz/test-zero-indexed.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/ipuz/test.ipuz": rebus(NoSolution(DIGITS)),
    "kotwords/jelly-roll/jelly-roll-combined.jpz": VARIETY,
    "kotwords/jelly-roll/jelly-roll-nonsquare.jpz": VARIETY,
    "kotwords/jelly-roll/jelly-roll.ipuz": VARIETY,
    "kotwords/jelly-roll/jelly-roll.jpz": VARIETY,
    "kotwords/jpz/gaps.jpz": Filled(clues_lost=("puz", "ipuz", "xd")),  # a clue on no entry
    "kotwords/jpz/test-applet-metadata.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-barred.jpz": BARRED,
    "kotwords/jpz/test-bgimage.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-cell-ranges.jpz": VARIETY,
    "kotwords/jpz/test-diagonal.jpz": VARIETY,
    "kotwords/jpz/test-empty-clue.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-formats.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-html.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-inline-cells.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-invalid-namespace.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-no-namespaces.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-no-solution.jpz": NO_ANSWERS,
    "kotwords/jpz/test-prefilled.jpz": NoSolution(DIGITS),
    "kotwords/jpz/test-shaded.jpz": NoSolution(DIGITS),
    "kotwords/jpz/test-solved.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test-void.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/jpz/test.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/labyrinth/labyrinth.ipuz": VARIETY,
    "kotwords/labyrinth/labyrinth.jpz": VARIETY,
    "kotwords/marching-bands/marching-bands-without-rows.jpz": VARIETY,
    "kotwords/marching-bands/marching-bands.ipuz": VARIETY,
    "kotwords/marching-bands/marching-bands.jpz": VARIETY,
    "kotwords/nyt/test-acrostic.json": OTHER_JSON,
    "kotwords/nyt/test-api.json": OTHER_JSON,
    "kotwords/nyt/test-bgimage-api.json": OTHER_JSON,
    "kotwords/nyt/test-bgimage-nofetcher.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/nyt/test-bgimage.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/nyt/test-bgimage.json": OTHER_JSON,
    "kotwords/nyt/test.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/nyt/test.json": OTHER_JSON,
    "kotwords/patchwork/patchwork-unlabeled-pieces.ipuz":
        Refused("Invalid LabeledCell in puzzle element found (a variety crossword"),
    "kotwords/patchwork/patchwork.ipuz": VARIETY,
    "kotwords/patchwork/patchwork.jpz": VARIETY,
    "kotwords/princetonian/test-authors.json": OTHER_JSON,
    "kotwords/princetonian/test-clues.json": OTHER_JSON,
    "kotwords/princetonian/test-crossword.json": Refused("missing key 'kind'"),  # a title alone
    "kotwords/puz/gaps.puz": Filled(),
    "kotwords/puz/test-diagramless.puz": rebus(NoSolution(DIGITS)),
    "kotwords/puz/test-empty-clue.puz": rebus(NoSolution(DIGITS)),
    "kotwords/puz/test-iso-8859-1.puz": rebus(NoSolution(DIGITS)),
    "kotwords/puz/test-no-solution.puz": Filled(),
    "kotwords/puz/test-simple.puz": Filled(),
    "kotwords/puz/test-solved.puz": rebus(NoSolution(DIGITS)),
    "kotwords/puz/test.puz": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test-bgimage.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test-hiddenSquares.json": AMUSE_VARIETY,
    "kotwords/puzzleme/test-isCircled.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test-italics.json": Refused('$.box: expected a list of 1 item(s), found 2'),
    "kotwords/puzzleme/test-italics.puz": Filled(),
    "kotwords/puzzleme/test-marchingBands.json": AMUSE_VARIETY,
    "kotwords/puzzleme/test-rowsGarden.json": Refused("clue sections 'Rows', 'Blooms'"),
    "kotwords/puzzleme/test-shadedCells.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test-void.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test-wordlens.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzleme/test.json": rebus(NoSolution(DIGITS)),
    "kotwords/puzzlr/test-no-solution.json": OTHER_JSON,
    "kotwords/puzzlr/test.json": OTHER_JSON,
    "kotwords/pzzl/test.txt": Refused("cannot tell what puzzle this is"),
    "kotwords/rows-garden/rows-garden-mini.jpz": VARIETY,
    "kotwords/rows-garden/rows-garden.ipuz": VARIETY,
    "kotwords/rows-garden/rows-garden.jpz": VARIETY,
    "kotwords/snake-charmer/snake-charmer.ipuz": VARIETY,
    "kotwords/snake-charmer/snake-charmer.jpz": VARIETY,
    "kotwords/spell-weaving/spell-weaving.ipuz": VARIETY,
    "kotwords/spell-weaving/spell-weaving.jpz": VARIETY,
    "kotwords/spiral/spiral-chunked.jpz": VARIETY,
    "kotwords/spiral/spiral-nonsquare.jpz": VARIETY,
    "kotwords/spiral/spiral-rectangular.jpz": VARIETY,
    "kotwords/spiral/spiral.ipuz": VARIETY,
    "kotwords/spiral/spiral.jpz": VARIETY,
    "kotwords/twists-and-turns/twists-and-turns.ipuz": VARIETY,
    "kotwords/twists-and-turns/twists-and-turns.jpz": VARIETY,
    "kotwords/two-tone/two-tone-nonsquare.jpz": VARIETY,
    "kotwords/two-tone/two-tone.ipuz": VARIETY,
    "kotwords/two-tone/two-tone.jpz": VARIETY,
    "kotwords/uclick/test-simple-usatoday.json": OTHER_JSON,
    "kotwords/uclick/test-simple.json": OTHER_JSON,
    "kotwords/uclick/test-urldecode.json": OTHER_JSON,
    "kotwords/uclick/test.jpz": rebus(NoSolution(DIGITS)),
    "kotwords/wapo/test.json": OTHER_JSON,
    "kotwords/worldofcrosswords/test-simple.json": OTHER_JSON,
    "kotwords/wsj/test-acrostic.json": OTHER_JSON,
    "kotwords/wsj/test-no-solution.json": OTHER_JSON,
    "kotwords/wsj/test.json": OTHER_JSON,
    "kotwords/xd/test-barred.xd": BARRED,
    "kotwords/xd/test-formatting.xd": rebus(NoSolution(DIGITS)),
    "kotwords/xd/test-prefilled.xd": NoSolution(DIGITS),
    "kotwords/xd/test-shaded.xd": NoSolution(DIGITS),
    "kotwords/xd/test.xd": rebus(NoSolution(DIGITS)),  # its HTML comments skipped
    "kotwords/xwordinfo/test-acrostic.json": OTHER_JSON,
    "kotwords/xwordinfo/test.json": rebus(NoSolution(DIGITS)),
}


def _files() -> list[str]:
    return sorted(EXPECTED)


def _fills(stdout: str) -> list[tuple[str, ...]]:
    """The fills `solve` printed: blocks of rows split by blank lines."""
    return [tuple(block.split("\n")) for block in stdout.strip().split("\n\n") if block]


def _document(path: Path) -> GridFile:
    source: str | bytes = path.read_bytes()
    if constructors.recognise(source, str(path)) is None:
        source = path.read_text(encoding="utf-8")
    name = constructors.recognise(source, str(path))
    assert name is not None, path
    return constructors.read_document(name, source, str(path))


def _texts(clues: list[str]) -> Counter[str]:
    """Clue texts counted, spaces folded; an empty clue (a writer's for an entry the file
    gave none) is no clue."""
    return Counter(shown for text in clues if (shown := " ".join(text.split())))


def _ipuz_clues(data: dict) -> list[str]:
    texts = []
    for listed in data.get("clues", {}).values():
        for clue in listed:
            if isinstance(clue, dict):
                texts.append(str(clue.get("clue", "")))
            elif isinstance(clue, list):
                texts.append(str(clue[1]))
            else:
                texts.append(str(clue))
    return texts


def _own_clues(path: Path, fmt: str) -> Counter[str] | None:
    """The clue texts of the file as its format's library reads them (Across Lite binary:
    puzpy; ipuz: its `clues`; jpz: the text of its <clue> elements), or None for the formats
    satpuzzle reads itself."""
    if fmt == "acrosslite" and path.read_bytes()[:1] != b"<":
        return _texts(list(puz.read(str(path)).clues))
    if fmt == "ipuz":
        return _texts(_ipuz_clues(json.loads(path.read_text(encoding="utf-8"))))
    if fmt == "jpz" and path.read_bytes()[:2] != b"PK":  # test data: ElementTree will do
        root = ElementTree.fromstring(path.read_bytes())
        return _texts(["".join(clue.itertext()) for clue in root.iter()
                       if clue.tag.rpartition("}")[2] == "clue"])
    return None


def _written_back(fmt: str, out: Path, source: Path | None = None
                  ) -> tuple[list[str], tuple[str, ...]]:
    """The clue texts and the solution rows (`#` blocks, a rebus cell's full letters in
    brackets) of a written fill, as the format's library reads it."""
    if fmt == "puz":
        written = puz.read(str(out))
        rows = [written.solution[r * written.width:(r + 1) * written.width]
                for r in range(written.height)]
        rebus = written.rebus() if written.has_rebus() else None
        shown = []
        for r, row in enumerate(rows):
            cells = []
            for c, cell in enumerate(row):
                string = rebus.get_rebus_solution(r * written.width + c) if rebus else None
                cells.append(BLOCK if cell == "." else f"[{string}]" if string else cell)
            shown.append("".join(cells))
        return list(written.clues), tuple(shown)
    if fmt == "ipuz":
        text = out.read_text(encoding="utf-8")
        try:
            data = ipuz.read(text)
        except ipuz.IPUZException as exc:
            # the library refuses clue fields the specification allows (`cells`, `label`...),
            # which satpuzzle checks itself: no worse than the file written back
            assert source is not None and "Clue" in str(exc), exc
            with pytest.raises(ipuz.IPUZException, match="Clue"):
                ipuz.read(source.read_text(encoding="utf-8"))
            data = json.loads(text)
        rows = []
        for row in data["solution"]:
            cells = []
            for cell in row:
                value = cell.get("value") if isinstance(cell, dict) else cell
                value = str(value) if value is not None else BLOCK
                cells.append(BLOCK if value == "#" else value if len(value) == 1
                             else f"[{value}]")
            rows.append("".join(cells))
        return _ipuz_clues(data), tuple(rows)
    document = xd.read_document(out.read_text(encoding="utf-8"), str(out))
    return [clue.text for clue in document.clues], _shown_solution(document)


def _shown_solution(document: GridFile) -> tuple[str, ...]:
    rebus = document.rebus_cells()
    return tuple("".join(f"[{rebus[r, c]}]" if (r, c) in rebus else cell
                         for c, cell in enumerate(row))
                 for r, row in enumerate(document.solution))


def _run(*args: object) -> subprocess.CompletedProcess:
    result = run_process(*args, timeout=TIMEOUT)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _one_line_refusal(result: subprocess.CompletedProcess, reason: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "error: " in lines[0] and reason in lines[0], lines[0]
    assert result.stdout == ""


def test_every_file_of_the_folder_is_listed() -> None:
    if DATA is None:
        pytest.skip("no folder of unseen crossword files (tests/data/crossword/unseen, "
                    "shared/data/crossword/unseen or SATPUZZLE_UNSEEN_CROSSWORDS)")
    found = {str(path.relative_to(DATA)) for path in DATA.rglob("*") if path.is_file()
             and not path.name.startswith("LICENSE") and path.suffix != ".md"}
    assert found == set(EXPECTED)


@pytest.mark.parametrize("relative", _files())
def test_unseen_file(relative: str, tmp_path: Path) -> None:
    if DATA is None:
        pytest.skip("no folder of unseen crossword files (tests/data/crossword/unseen, "
                    "shared/data/crossword/unseen or SATPUZZLE_UNSEEN_CROSSWORDS)")
    path = DATA / relative
    expected = EXPECTED[relative]
    result = _run("solve", path, "--limit", "2")
    if isinstance(expected, Refused):
        _one_line_refusal(result, expected.reason)
        return
    if isinstance(expected, NoSolution):
        assert result.returncode == 1, (result.returncode, result.stderr)
        lines = result.stderr.strip().splitlines()
        verdict = next(i for i, line in enumerate(lines) if "no solution" in line)
        notes = lines[verdict + 1:]
        assert notes and all(line.startswith("satpuzzle: note: ") for line in notes), lines
        assert any(expected.note in line for line in notes), lines
        return
    assert result.returncode == 0, (result.returncode, result.stderr)
    fills = _fills(result.stdout)
    assert 1 <= len(fills) <= 2, result.stdout
    document = _document(path)
    read = _texts([clue.text for clue in document.clues])
    refused = dict(expected.refused_writes)
    for fmt in FORMATS:
        out = tmp_path / f"out.{fmt}"
        written = _run("solve", path, "--format", fmt, "-o", out)
        if fmt in refused:
            _one_line_refusal(written, refused[fmt])
            assert not out.exists()
            continue
        assert written.returncode == 0, (fmt, written.returncode, written.stderr)
        clues, solution = _written_back(fmt, out, path if path.suffix == ".ipuz" else None)
        # the file's clues as its format's library reads them, or as satpuzzle does
        own = _own_clues(path, document.format)
        original = read if own is None else own
        if fmt in expected.clues_lost:
            assert _texts(clues) < original, fmt  # all kept now? then flip clues_lost
        else:
            assert _texts(clues) == original, fmt
        if len(fills) == 1 and "." not in "".join(document.solution):
            assert solution == _shown_solution(document), fmt  # the file's own fill


# ---------------------------------------------------------------- Crosshare's bars, by hand

def _crosshare_barred(stored: bool) -> dict:
    """The 4×4 barred grid of tests/kinds/crossword/test_crossword_barred.py as Crosshare writes
    it: bars as cell indexes (x + y * 4), `vBars` on a cell's right, `hBars` below it."""
    from test_crossword_barred import BARS, SOLUTION

    right = sorted(r * 4 + c for r, c, side in BARS if side == "right")
    below = sorted(r * 4 + c for r, c, side in BARS if side == "bottom")
    grid = list("".join(SOLUTION))
    if stored:
        return {"w": 4, "h": 4, "g": grid, "ac": ["Across 1"], "an": [1], "dc": ["Down 8"],
                "dn": [8], "t": "Barred", "vb": right, "hb": below}
    puzzle = {"size": {"rows": 4, "cols": 4}, "grid": grid, "title": "Barred",
              "authorName": "Tester", "clues": [{"num": 1, "dir": 0, "clue": "Across 1"},
                                                {"num": 8, "dir": 1, "clue": "Down 8"}],
              "vBars": right, "hBars": below}
    return {"props": {"pageProps": {"puzzle": puzzle}}, "page": "/crosswords/[[...puzzleId]]"}


@pytest.mark.parametrize("stored", [False, True])
def test_crosshare_bars_are_read_and_filled_by(stored: bool, tmp_path: Path) -> None:
    import json

    from test_crossword_barred import ANSWERS, BARS, words_by_bars

    from satpuzzle.kinds.crossword.formats import sitejson

    text = json.dumps(_crosshare_barred(stored))
    document = sitejson.read_document(text, "barred.json")
    assert document.format == "crosshare" and document.bars == BARS
    assert ("down", 8, "Down 8") in {(c.direction, c.number, c.text) for c in document.clues}
    (tmp_path / "barred.json").write_text(text)
    result = _run("solve", tmp_path / "barred.json")
    assert result.returncode == 0, result.stderr
    fills = _fills(result.stdout)
    assert fills and all(all(word in ANSWERS for word in words_by_bars(fill)) for fill in fills)
    written = _run("solve", tmp_path / "barred.json", "--format", "ipuz",
                   "-o", tmp_path / "out.ipuz")
    assert written.returncode == 0, written.stderr
    data = ipuz.read((tmp_path / "out.ipuz").read_text(encoding="utf-8"))
    assert _texts(_ipuz_clues(data)) == Counter(["Across 1", "Down 8"])


@pytest.mark.parametrize("bad, message", [
    ({"vBars": [16]}, "vBars[0]: expected an integer 0..15"),
    ({"hBars": "0"}, "hBars: expected a list"),
])
def test_crosshare_bars_malformed_refused_in_one_line(bad: dict, message: str,
                                                      tmp_path: Path) -> None:
    import json

    data = _crosshare_barred(False)
    data["props"]["pageProps"]["puzzle"].update(bad)
    (tmp_path / "bad.json").write_text(json.dumps(data))
    _one_line_refusal(_run("solve", tmp_path / "bad.json"), message)


# ---------------------------------------------------------------- site JSON rebus cells

@pytest.mark.parametrize("fmt", ["xwordinfo", "crosshare", "amuse"])
def test_site_json_rebus_cells_are_read(fmt: str) -> None:
    """A cell of several letters is a rebus cell (GridFile.rebus, upper-cased, accents
    folded), the solution holding its first letter; a cell of no letter is open."""
    from satpuzzle.kinds.crossword.formats import sitejson

    cells = ["C", "hé", "T", "A", ".", "E", "T", "E", "10"]
    if fmt == "xwordinfo":
        data: dict = {"size": {"rows": 3, "cols": 3}, "grid": cells,
                      "clues": {"across": ["1. a"], "down": ["1. b"]}}
    elif fmt == "crosshare":
        data = {"pageProps": {"puzzle": {"size": {"rows": 3, "cols": 3}, "grid": cells,
                                         "clues": [{"num": 1, "dir": 0, "clue": "a"}]}}}
    else:
        columns = [[cells[r * 3 + c] if cells[r * 3 + c] != "." else "\0" for r in range(3)]
                   for c in range(3)]
        data = {"w": 3, "h": 3, "box": columns, "placedWords": []}
    document = sitejson.read_document(json.dumps(data), "rebus.json")
    assert document.format == fmt
    assert document.rebus == ((0, 1, "HE"),)
    assert document.solution == ("CHT", "A#E", "TE.")


def _amuse_tiny(**changes: object) -> dict:
    """Amuse Labs' JSON of the 3×3 grid CAT / A#E / TEN (`box` column by column)."""
    rows = ["CAT", "A\0E", "TEN"]
    data = {"w": 3, "h": 3, "box": [[rows[r][c] for r in range(3)] for c in range(3)],
            "placedWords": [{"x": 0, "y": 0, "acrossNotDown": True, "nBoxes": 3,
                             "clue": {"clue": "Feline"}},
                            {"x": 2, "y": 0, "acrossNotDown": False, "nBoxes": 3,
                             "clue": {"clue": "Ten"}}]}
    return {**data, **changes}


def test_amuse_void_cells_are_no_cells_of_the_grid() -> None:
    from satpuzzle.kinds.crossword.formats import sitejson

    data = _amuse_tiny(cellInfos=[{"x": 2, "y": 2, "isVoid": True}],
                       placedWords=[{"x": 0, "y": 0, "acrossNotDown": True, "nBoxes": 3,
                                     "clue": {"clue": "Feline"}}])
    document = sitejson.read_document(json.dumps(data), "void.json")
    assert document.solution == ("CAT", "A#E", "TE#")
    assert [(c.direction, c.number, c.text) for c in document.clues] == [
        ("across", 1, "Feline")]


@pytest.mark.parametrize("changes, message", [
    ({"placedWords": [{"x": 0, "y": 1, "acrossNotDown": True, "nBoxes": 3,
                       "clue": {"clue": "Band"}}]}, "no across entry starts there"),
    ({"placedWords": [{"x": 0, "y": 0, "acrossNotDown": False, "nBoxes": 2,
                       "clue": {"clue": "Band"}}]}, "the down entry there runs 3"),
    ({"clueSections": ["Rows", "Blooms"]}, "clue sections 'Rows', 'Blooms'"),
])
def test_amuse_variety_puzzles_refused_in_one_line(changes: dict, message: str,
                                                   tmp_path: Path) -> None:
    """A word not on the grid's across and down runs (marching bands, a Rows Garden) would
    put its clue on other cells: refused, naming why."""
    path = tmp_path / "variety.json"
    path.write_text(json.dumps(_amuse_tiny(**changes)))
    _one_line_refusal(_run("solve", path), message)


def test_xwordinfo_texts_are_html() -> None:
    """XWordInfo's clues and credits are HTML: character references read as characters."""
    from satpuzzle.kinds.crossword.formats import sitejson

    data = {"size": {"rows": 1, "cols": 3}, "grid": ["C", "A", "T"], "title": "Cats &amp; dogs",
            "clues": {"across": ["1. &#945; or &beta;"], "down": []}}
    document = sitejson.read_document(json.dumps(data), "x.json")
    assert document.title == "Cats & dogs"
    assert [clue.text for clue in document.clues] == ["α or β"]
