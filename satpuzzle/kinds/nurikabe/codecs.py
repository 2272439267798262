"""Nurikabe in the exchange formats: puzz.link URLs and JSON.

puzz.link (`https://puzz.link/p?nurikabe/COLS/ROWS/BODY`): pzprjs's number16 body
(satpuzzle/codecs/puzzlink.py); its `.` clue of unknown number is refused, satpuzzle's
Nurikabe having none. In JSON, `clues` is a list of [row, column, number], 0-based.
"""

from __future__ import annotations

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry
from satpuzzle.codecs.puzzlink import Cells, UrlCodec, known_clues
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.nurikabe import puzzle as nurikabe
from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance

# ---------------------------------------------------------------- puzz.link


def read_url(cols: int, rows: int, body: str, at: int) -> NurikabeInstance:
    if cols * rows > nurikabe.MAX_CELLS:
        raise BadEntry(f"url nurikabe: grid {cols}x{rows} too large (at most "
                       f"{nurikabe.MAX_CELLS} cells)", at)
    values = known_clues("url nurikabe", body, at, cols, rows, cols * rows)
    clues = tuple((i // cols, i % cols, v) for i, v in enumerate(values) if v)
    return NurikabeInstance(rows, cols, clues)


def write_url(instance: NurikabeInstance) -> Cells:
    values: list[int | None] = [None] * (instance.rows * instance.cols)
    for r, c, n in instance.clues:
        values[r * instance.cols + c] = n
    return instance.cols, instance.rows, values


URL = UrlCodec(("nurikabe",), read_url, write_url)


# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> NurikabeInstance:
    r = f.reader
    rows, cols = f.board(nurikabe.MAX_CELLS)
    items = r.array(f.data["clues"], f.at("clues"))
    found: dict[tuple[int, int], int] = {}
    clues = []
    for i, item in enumerate(items):
        row, col, number = r.array(item, f.at("clues", i), 3)
        row = r.integer(row, f.at("clues", i, 0), 0, rows - 1)
        col = r.integer(col, f.at("clues", i, 1), 0, cols - 1)
        number = r.integer(number, f.at("clues", i, 2), 1, rows * cols)
        if (row, col) in found:
            raise r.fail(f.at("clues", i), f"a second number at row {row}, column {col} (the "
                                           f"first is $.clues[{found[(row, col)]}])")
        found[(row, col)] = i
        clues.append((row, col, number))
    return NurikabeInstance(rows, cols, tuple(sorted(clues)), title)


def write_json(instance: NurikabeInstance) -> dict[str, JSONOut]:
    return {"rows": instance.rows, "cols": instance.cols,
            "clues": [[r, c, n] for r, c, n in instance.clues]}


JSON = JsonCodec(("rows", "cols", "clues"), ("rows", "cols", "clues"), read_json, write_json)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
NATIVE = ()
