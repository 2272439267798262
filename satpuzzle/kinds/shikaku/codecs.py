"""Shikaku in the exchange formats: Simon Tatham's Rectangles, puzz.link URLs, JSON.

Rectangles `WxH:DESC` (W columns, H rows; an `e<factor>` or `a` suffix only steers the
generator and is ignored). DESC runs through the cells row by row: a letter a..z is a run of
1..26 empty cells, a decimal number a clue; `_` separates two adjacent numbers. The game has
no `?` clue, so a puzzle with one is refused.

puzz.link bodies are pzprjs's number16 (satpuzzle/codecs/puzzlink.py); its `.` is a `?` clue
(area None here), a rectangle of any area. In JSON a `?` clue's area is the string "?".
"""

from __future__ import annotations

import re
from typing import Any

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry, number, quoted
from satpuzzle.codecs.puzzlink import UNKNOWN, Cells, UrlCodec, decode_number16
from satpuzzle.codecs.sgt import SgtGame, check_cells, decode_numbers, encode_numbers
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance

# ---------------------------------------------------------------- sgt: Rectangles

RECT_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:e[0-9.]*)?a?")


def read_rect(params: str, desc: str, params_at: int, desc_at: int) -> ShikakuInstance:
    match = RECT_PARAMS.fullmatch(params)
    if not match:
        raise BadEntry(f"sgt rect: expected parameters WxH (like 7x7), found {quoted(params)}",
                       params_at)
    cols = number(match.group(1), "sgt rect", params_at)
    rows = number(match.group(2), "sgt rect", params_at) if match.group(2) else cols
    if cols < 1 or rows < 1 or cols * rows < 2:
        raise BadEntry(f"sgt rect: grid {cols}x{rows} too small: the game needs at least 2 cells",
                       params_at)
    if cols * rows > shikaku.MAX_CELLS:
        raise BadEntry(f"sgt rect: grid {cols}x{rows} too large (at most {shikaku.MAX_CELLS} "
                       "cells)", params_at)
    values, count, _ = decode_numbers("rect", desc, desc_at, cols * rows)
    check_cells("rect", count, cols * rows, f"{cols}x{rows}")
    clues = tuple((i // cols, i % cols, area) for i, area in enumerate(values) if area)
    instance = ShikakuInstance(rows, cols, clues)
    problem = shikaku.impossibility(instance)
    if problem is not None:
        raise BadEntry(f"sgt rect: {problem[0]}", desc_at)
    return instance


def write_rect(instance: ShikakuInstance) -> str:
    if instance.rows * instance.cols < 2:
        raise BadEntry("sgt rect: Rectangles needs a grid of at least 2 cells")
    unknown = [(r, c) for r, c, area in instance.clues if area is None]
    if unknown:
        r, c = unknown[0]
        raise BadEntry(f"sgt rect: Rectangles has no '?' clue (one at row {r + 1}, column "
                       f"{c + 1}): this puzzle cannot be written as a game ID")
    return f"{instance.cols}x{instance.rows}:{encode_numbers(_cells(instance, 0))}"


def _cells(instance: ShikakuInstance, empty: object, unknown: object = None) -> list[Any]:
    """The clue areas in reading order, `empty` where there is none, `unknown` for `?`."""
    values = [empty] * (instance.rows * instance.cols)
    for r, c, area in instance.clues:
        values[r * instance.cols + c] = unknown if area is None else area
    return values


RECT = SgtGame("rect", "Rectangles", "7x7:2b5f3_6k6a3_2a4_4e2a2c6c4c", read_rect, write_rect)


# ---------------------------------------------------------------- puzz.link


def read_url(cols: int, rows: int, body: str, at: int) -> ShikakuInstance:
    if cols * rows > shikaku.MAX_CELLS:
        raise BadEntry(f"url shikaku: grid {cols}x{rows} too large (at most {shikaku.MAX_CELLS} "
                       "cells)", at)
    label = f"url shikaku {cols}x{rows}"
    values, columns = decode_number16(body, at, cols * rows, label)
    clues = []
    for i, (value, column) in enumerate(zip(values, columns)):
        if value is None:
            continue
        if value != UNKNOWN and not 1 <= value <= cols * rows:
            raise BadEntry(f"url shikaku: clue {value} out of range: expected 1..{cols * rows} "
                           "or '.' (a '?' clue)", column)
        clues.append((i // cols, i % cols, None if value == UNKNOWN else value))
    instance = ShikakuInstance(rows, cols, tuple(clues))
    problem = shikaku.impossibility(instance)
    if problem is not None:
        raise BadEntry(f"url shikaku: {problem[0]}", at)
    return instance


def write_url(instance: ShikakuInstance) -> Cells:
    return instance.cols, instance.rows, _cells(instance, None, UNKNOWN)


URL = UrlCodec(("shikaku",), read_url, write_url)


# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> ShikakuInstance:
    r = f.reader
    rows, cols = f.board(shikaku.MAX_CELLS)
    items = r.array(f.data["clues"], f.at("clues"))
    found: dict[tuple[int, int], int] = {}  # cell → index of its clue in the list
    clues = []
    for i, item in enumerate(items):
        row, col, area = r.array(item, f.at("clues", i), 3)
        row = r.integer(row, f.at("clues", i, 0), 0, rows - 1)
        col = r.integer(col, f.at("clues", i, 1), 0, cols - 1)
        if isinstance(area, str) and area != shikaku.QUESTION:
            raise r.fail(f.at("clues", i, 2), f'expected an integer 1..{rows * cols} or "?" '
                                              f"(a clue of any area), found {area!r}")
        if area != shikaku.QUESTION:  # a `?` clue: a rectangle of any area
            area = r.integer(area, f.at("clues", i, 2), 1, rows * cols)
        if (row, col) in found:
            raise r.fail(f.at("clues", i), f"a second clue at row {row}, column {col} (the "
                                           f"first is $.clues[{found[(row, col)]}])")
        found[(row, col)] = i
        clues.append((row, col, None if area == shikaku.QUESTION else area))
    instance = ShikakuInstance(rows, cols, tuple(sorted(clues)), title)
    problem = shikaku.impossibility(instance)
    if problem is not None:
        message, cell = problem
        raise r.fail(f.at("clues", found[cell]) if cell in found else f.at("clues"), message)
    return instance


def write_json(instance: ShikakuInstance) -> dict[str, JSONOut]:
    return {"rows": instance.rows, "cols": instance.cols,
            "clues": [[r, c, shikaku.QUESTION if area is None else area]
                      for r, c, area in instance.clues]}


JSON = JsonCodec(("rows", "cols", "clues"), ("rows", "cols", "clues"), read_json, write_json)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = (RECT,)
NATIVE = ()
