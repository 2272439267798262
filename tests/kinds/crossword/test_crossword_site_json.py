"""The crossword JSON of puzzle sites (XWordInfo, Crosshare, Amuse Labs;
satpuzzle.kinds.crossword.formats.sitejson): recognised by their keys, read as fill problems
like the constructors' files, filled by the real `satpuzzle solve`, and refused in one line
when malformed or too large."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import run_process

from satpuzzle.codecs.gridfile import Clue
from satpuzzle.kinds.crossword.formats import constructors
from satpuzzle.loading import load_text

GRID = ("CAT", "A#E", "TEN")  # entries: 1 across CAT, 3 across TEN, 1 down CAT, 2 down TEN
CLUES = {("across", 1): "Feline", ("across", 3): "Decade", ("down", 1): "Pet",
         ("down", 2): "Ten"}
STARTS = {("across", 1): (0, 0), ("across", 3): (2, 0), ("down", 1): (0, 0),
          ("down", 2): (0, 2)}


def _cells(grid: tuple[str, ...], block: str) -> list[str]:
    return [block if ch == "#" else "" if ch == "." else ch for row in grid for ch in row]


def xwordinfo(grid: tuple[str, ...] = GRID) -> dict[str, Any]:
    return {"title": "Tiny", "author": "A. Setter", "copyright": "2024",
            "size": {"rows": len(grid), "cols": len(grid[0])}, "grid": _cells(grid, "."),
            "gridnums": [1, 0, 2, 0, 0, 0, 3, 0, 0], "circles": [0] * 9,
            "clues": {d: [f"{n}. {t}" for (d2, n), t in CLUES.items() if d2 == d]
                      for d in ("across", "down")},
            "answers": {"across": ["CAT", "TEN"], "down": ["CAT", "TEN"]}}


def crosshare(grid: tuple[str, ...] = GRID) -> dict[str, Any]:
    return {"title": "Tiny", "authorName": "A. Setter", "authorId": "u1", "category": None,
            "moderated": True, "publishTime": None,
            "size": {"rows": len(grid), "cols": len(grid[0])}, "grid": _cells(grid, "."),
            "clues": [{"num": n, "dir": 0 if d == "across" else 1, "clue": t}
                      for (d, n), t in CLUES.items()],
            "highlighted": [], "highlight": "circle", "comments": []}


def crosshare_stored(grid: tuple[str, ...] = GRID) -> dict[str, Any]:
    def of(direction: str) -> list[tuple[int, str]]:
        return [(n, t) for (d, n), t in CLUES.items() if d == direction]

    return {"a": "u1", "n": "A. Setter", "c": None, "m": True, "p": None, "t": "Tiny",
            "w": len(grid[0]), "h": len(grid), "g": _cells(grid, "."),
            "ac": [t for _, t in of("across")], "an": [n for n, _ in of("across")],
            "dc": [t for _, t in of("down")], "dn": [n for n, _ in of("down")]}


def amuse(grid: tuple[str, ...] = GRID) -> dict[str, Any]:
    height, width = len(grid), len(grid[0])
    box = [["\0" if grid[r][c] == "#" else "" if grid[r][c] == "." else grid[r][c]
            for r in range(height)] for c in range(width)]
    return {"title": "Tiny", "author": "A. Setter", "copyright": "2024", "w": width,
            "h": height, "box": box,
            "placedWords": [{"x": STARTS[key][1], "y": STARTS[key][0],
                             "acrossNotDown": key[0] == "across", "nBoxes": 3,
                             "clue": {"clue": text}} for key, text in CLUES.items()],
            "cellInfos": []}


SHAPES = {"xwordinfo": (xwordinfo, "xwordinfo"), "crosshare": (crosshare, "crosshare"),
          "crosshare-stored": (crosshare_stored, "crosshare"), "amuse": (amuse, "amuse")}


def _write(tmp_path: Path, data: Any, name: str = "puzzle.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _fills(stdout: str) -> list[list[str]]:
    return [block.split("\n") for block in stdout.strip().split("\n\n") if block]


def _valid(fill: list[str], words: set[str]) -> bool:
    """Blocks where the grid has them, and every entry of two or more cells a listed word."""
    if [[ch == "0" for ch in row] for row in fill] != [[ch == "#" for ch in row] for row in GRID]:
        return False
    lines = fill + ["".join(col) for col in zip(*fill)]
    runs = [run for line in lines for run in line.split("0") if len(run) > 1]
    return all(run in words for run in runs)


@pytest.mark.parametrize("shape", SHAPES)
def test_recognised_and_read_as_the_constructors_files(shape: str) -> None:
    build, name = SHAPES[shape]
    text = json.dumps(build())
    assert constructors.recognise(text, "p.json") == name
    loaded = load_text(text, "p.json")
    [instance] = loaded.instances
    document = instance.source
    assert document.format == name
    assert document.cells == ("...", ".#.", "...")  # no player's grid: nothing given
    assert document.solution == GRID
    assert set(document.clues) == {Clue(d, n, t) for (d, n), t in CLUES.items()}
    assert (document.title, document.author) == ("Tiny", "A. Setter")
    assert sorted(instance.words) == ["cat", "ten"]  # the file's answers, without --dict


@pytest.mark.parametrize("shape", SHAPES)
def test_filled_by_solve_from_a_dictionary(shape: str, tmp_path: Path) -> None:
    path = _write(tmp_path, SHAPES[shape][0]())
    words = tmp_path / "words.txt"
    words.write_text("dog\ndig\ngun\n", encoding="utf-8")
    result = run_process("solve", path, "--dict", words)
    assert result.returncode == 0, result.stderr
    fills = _fills(result.stdout)
    assert len(fills) == 4  # first row and first column each dig or dog; gun twice
    assert all(_valid(fill, {"dog", "dig", "gun"}) for fill in fills)
    # the solution is kept only when asked: CAT/TEN are not in this list, so no fill
    kept = run_process("solve", path, "--dict", words, "--keep-solution")
    assert kept.returncode == 1, kept.stderr
    assert "Traceback" not in kept.stderr


@pytest.mark.parametrize("shape", SHAPES)
def test_keep_solution_refinds_the_file_s_grid(shape: str, tmp_path: Path) -> None:
    path = _write(tmp_path, SHAPES[shape][0]())
    result = run_process("solve", path, "--keep-solution")
    assert result.returncode == 0, result.stderr
    assert _fills(result.stdout) == [["cat", "a0e", "ten"]]


@pytest.mark.parametrize("shape", ["xwordinfo", "amuse"])
def test_open_cells_filled_and_written_back_with_clues(shape: str, tmp_path: Path) -> None:
    path = _write(tmp_path, SHAPES[shape][0](("...", ".#.", "...")))
    words = tmp_path / "words.txt"
    words.write_text("cat\nten\n", encoding="utf-8")
    out = tmp_path / "filled.xd"
    result = run_process("solve", path, "--dict", words, "--format", "xd", "-o", out)
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "CAT\nA#E\nTEN" in text
    assert "A1. Feline ~ CAT" in text and "D2. Ten ~ TEN" in text
    assert "Title: Tiny" in text


def _xw(**changes: Any) -> dict[str, Any]:
    return {**xwordinfo(), **changes}


def _am(**changes: Any) -> dict[str, Any]:
    return {**amuse(), **changes}


REFUSED = {
    "xwordinfo too large": (_xw(size={"rows": 100_000, "cols": 100_000}), "too large"),
    "xwordinfo short grid": (_xw(grid=["C", "A"]), "$.grid: expected a list of 9"),
    "xwordinfo rebus too long": (_xw(grid=["C" * 17, *_cells(GRID, ".")[1:]]),
                                 "rebus cell at row 1, column 1 holds"),
    "xwordinfo clues not lists": (_xw(clues={"across": "1. Feline"}), "$.clues.across"),
    "xwordinfo clues a string": (_xw(clues="none"), "$.clues"),
    "xwordinfo size not numbers": (_xw(size={"rows": "3", "cols": 3}), "$.size.rows"),
    "xwordinfo grid of numbers": (_xw(grid=[1] * 9), "$.grid[0]: expected a string"),
    "crosshare bad direction": ({**crosshare(), "clues": [{"num": 1, "dir": 2, "clue": "x"}]},
                                "$.clues[0].dir"),
    "crosshare stored numbers": ({**crosshare_stored(), "an": [1]}, "$.an: expected a list of 2"),
    "amuse too large": (_am(w=10_001, h=1), "too large"),
    "amuse short column": (_am(box=[["C", "A"], ["A", "\0", "E"], ["T", "E", "N"]]),
                           "$.box[0]: expected a list of 3"),
    "amuse word outside": (_am(placedWords=[{"x": 7, "y": 0, "acrossNotDown": True,
                                             "clue": {"clue": "x"}}]), "$.placedWords[0].x"),
    "amuse rebus too long": (_am(box=[["C" * 17, "A", "T"], ["A", "\0", "E"], ["T", "E", "N"]]),
                             "a rebus cell holds at most"),
    "deeply nested": ('{"size": ' + "[" * 100_000, "malformed JSON"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_malformed_refused_in_one_line(case: str, tmp_path: Path) -> None:
    data, message = REFUSED[case]
    path = _write(tmp_path, data)
    result = run_process("solve", path, timeout=60)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{path}:") and ": error: " in lines[0]
    assert message in lines[0]


def test_other_kinds_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, xwordinfo())
    result = run_process("solve", path, "--kind", "sudoku")
    assert result.returncode == 2
    assert result.stderr.strip().endswith("this is an XWordInfo JSON puzzle, a crossword: "
                                          "--kind sudoku does not apply")


def test_json_of_none_of_these_shapes_is_satpuzzle_json() -> None:
    # a key of these formats alone does not make one: the JSON reader's own error stands
    for text in ('{"size": {"rows": 3, "cols": 3}}',
                 '{"kind": "crossword", "size": 1, "grid": [], "clues": {}}'):
        assert constructors.recognise(text, "p.json") is None


def test_imported_by_name_and_read_only(tmp_path: Path) -> None:
    path = _write(tmp_path, amuse())
    imported = run_process("import", "sitejson", path)
    assert imported.returncode == 0, imported.stderr
    assert "cat" in imported.stdout and "ten" in imported.stdout
    other = _write(tmp_path, {"a": 1}, "other.json")
    refused = run_process("import", "sitejson", other)
    assert refused.returncode == 2
    assert refused.stderr.strip() == (f"{other}: error: not a crossword of XWordInfo, "
                                      "Crosshare or Amuse Labs JSON")
    written = run_process("export", path, "--format", "sitejson")
    assert written.returncode == 2
    assert "read-only" in written.stderr and len(written.stderr.strip().splitlines()) == 1
