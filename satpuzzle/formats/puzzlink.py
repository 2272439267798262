"""puzz.link / pzprjs URLs of Sudoku, Shikaku and Hashi puzzles.

A URL is `https://puzz.link/p?KIND/[FLAGS/]COLS/ROWS/BODY` (also read: `http:`, the hosts
pzv.jp `p.html?` and pzprxs.vercel.app, any other host with the same query, and a trailing `/`).
KIND is `sudoku`, `shikaku` or `hashi` (read also as `hashikake` and `bridges`); FLAGS, which
these three puzzles do not use, are ignored. BODY lists the cells row by row in pzprjs's
"number16" encoding:
    0..9 a..f   a number 0..15           -XX   16..255 (two hex digits)
    +XXX        256..4095                =XXX  4096 + XXX      %XXX  8192 + XXX
    *XXXX       12240 + XXXX             $XXXXX 77776 + XXXXX  (at most 1126351)
    g..z        1..20 empty cells        .     a clue whose number is unknown ("?")
Clues with unknown numbers have no meaning for satpuzzle and are refused, and so is a body that
covers more or fewer cells than the grid (pzprjs would quietly ignore or pad it). `write`
pads the hex digits of the `=`, `%`, `*` and `$` forms to their full width, which pzprjs's own
encoder forgets for small offsets (its decoder always reads the full width).

Sudoku sizes are those pzprjs draws: N×N with square boxes for N a square (4, 9, 16, 25, ...)
and 2×3 boxes (2 rows, 3 columns) for N = 6. Irregular regions have no Sudoku URL.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.formats.sgt import MAX_DIGITS, BadEntry, quoted, read_lines
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.sudoku import puzzle as sudoku

NAME = "url"
KINDS = ("sudoku", "shikaku", "hashi")
CANONICAL = "https://puzz.link/p?"
KIND_OF = {"sudoku": "sudoku", "shikaku": "shikaku", "hashi": "hashi", "hashikake": "hashi",
           "bridges": "hashi"}
URL_NAME = {"sudoku": "sudoku", "shikaku": "shikaku", "hashi": "hashi"}
EXAMPLE = "https://puzz.link/p?hashi/7/7/BODY"
URL = re.compile(r"https?://[^/?#\s]+(?:/[^?#\s]*)?\?([^#\s]*)(?:#\S*)?", re.IGNORECASE)
HEX = "0123456789abcdef"
# (prefix, hex digits that follow, value added, first value after its range), smallest first
NUMBER_FORMS = (("", 1, 0, 16), ("-", 2, 0, 256), ("+", 3, 0, 4096), ("=", 3, 4096, 8192),
                ("%", 3, 8192, 12240), ("*", 4, 12240, 77776), ("$", 5, 77776, 77776 + 0x100000))
WIDE_NUMBERS = {prefix: (width, offset) for prefix, width, offset, _ in NUMBER_FORMS if prefix}
MAX_NUMBER = NUMBER_FORMS[-1][3] - 1
UNKNOWN = -2  # the body's "." clue
MAX_RUN = 20  # g..z


def looks_like(argument: str) -> bool:
    """Whether a command-line argument is a URL (http:// or https://)."""
    return argument[:8].lower().startswith(("http://", "https://"))


def read(source: str, path: str) -> list[Any]:
    """The puzzles of one URL, or of a text of URLs one a line (blank and `#` lines skipped)."""
    return read_lines(source, path, _read_url, f"a puzz.link URL like {EXAMPLE}")


# ---------------------------------------------------------------- number16


def decode_number16(body: str, at: int, cells: int, label: str) -> tuple[list[int | None],
                                                                       list[int]]:
    """The `cells` values of a number16 body (None empty, UNKNOWN for `.`) and, for each, the
    column index of the character that gave it; `at` is the body's index in its line, `label`
    starts messages ("url sudoku")."""
    values: list[int | None] = []
    columns: list[int] = []
    count = 0  # cells described; only the first cells + 1 are kept (a long body stays cheap)
    i = 0
    while i < len(body):
        char, start = body[i], i
        token: list[int | None]
        if char in HEX:
            token, i = [int(char, 16)], i + 1
        elif char in WIDE_NUMBERS:
            width, offset = WIDE_NUMBERS[char]
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or any(d not in HEX + "ABCDEF" for d in digits):
                raise BadEntry(f"{label}: expected {width} hex digits after {char!r} in the body, "
                               f"found {digits!r}", at + i)
            token, i = [int(digits, 16) + offset], i + 1 + width
        elif char == ".":
            token, i = [UNKNOWN], i + 1
        elif "g" <= char <= "z":
            run = int(char, 36) - 15
            token, i = [None] * min(run, cells + 1 - len(values)), i + 1
            count += run - len(token)
        else:
            raise BadEntry(f"{label}: unexpected character {char!r} in the body: expected 0..9 "
                           "a..f, - + = % * $ numbers, g..z (runs of empty cells) or '.'", at + i)
        count += len(token)
        if len(values) <= cells:
            values += token
            columns += [at + start] * len(token)
    if count != cells:
        raise BadEntry(f"{label}: body has {count} cells, expected {cells}", at)
    return values, columns


def _number16(value: int) -> str:
    for prefix, width, offset, limit in NUMBER_FORMS:
        if offset <= value < limit:
            return f"{prefix}{value - offset:0{width}x}"
    raise BadEntry(f"url: number {value} is too large for a puzz.link URL (at most "
                   f"{MAX_NUMBER})")


def encode_number16(values: Iterable[int | None]) -> str:
    """Values (None empty) as pzprjs writes them: runs of 1..20 empty cells as g..z."""
    out: list[str] = []
    run = 0
    for value in values:
        if value is None:
            run += 1
            if run == MAX_RUN:
                out.append(_run(run))
                run = 0
            continue
        if run:
            out.append(_run(run))
            run = 0
        out.append(_number16(value))
    if run:
        out.append(_run(run))
    return "".join(out)


def _run(count: int) -> str:
    return chr(ord("g") + count - 1)


# ---------------------------------------------------------------- reading


def _read_url(text: str) -> Any:
    match = URL.fullmatch(text)
    if not match:
        raise BadEntry(f"url: expected a puzz.link URL like {EXAMPLE}, found {quoted(text)}", 0)
    query, at = match.group(1), match.start(1)
    parts = query.split("/")
    kind = KIND_OF.get(parts[0])
    if kind is None:
        raise BadEntry(f"url: puzzle {quoted(parts[0])} is not supported: expected sudoku, shikaku "
                       "or hashi (hashikake, bridges)", at)
    fields, offsets = parts[1:], _offsets(parts, at)[1:]
    if fields and not fields[0].isdigit():
        fields, offsets = fields[1:], offsets[1:]  # flags: none matter to these puzzles
    if len(fields) < 2 or not all(f.isascii() and f.isdigit() and 0 < len(f) <= MAX_DIGITS
                                  and int(f) > 0 for f in fields[:2]):
        raise BadEntry(f"url: expected {parts[0]}/COLS/ROWS/BODY with positive COLS and ROWS, "
                       f"found {quoted(query)}", at)
    cols, rows = int(fields[0]), int(fields[1])
    body_parts = fields[2:]
    if body_parts and not body_parts[-1]:
        body_parts.pop()  # pzprjs ends a URL with '/' when its body ends in a symbol
    body = "/".join(body_parts)
    body_at = offsets[2] if len(offsets) > 2 else len(text)
    return _READERS[kind](cols, rows, body, body_at)


def _offsets(parts: Sequence[str], start: int) -> list[int]:
    offsets = []
    for part in parts:
        offsets.append(start)
        start += len(part) + 1
    return offsets


def _known(label: str, body: str, at: int, cols: int, rows: int, largest: int) -> list[int]:
    """The clues of a body, 0 for an empty cell; clues of unknown number ('.'), 0 and above
    `largest` are refused."""
    values, columns = decode_number16(body, at, cols * rows, f"{label} {cols}x{rows}")
    for value, column in zip(values, columns):
        if value == UNKNOWN:
            raise BadEntry(f"{label}: a clue with an unknown number ('.', shown '?') has no "
                           "meaning for satpuzzle", column)
        if value is not None and not 1 <= value <= largest:
            raise BadEntry(f"{label}: clue {value} out of range: expected 1..{largest}", column)
    return [value or 0 for value in values]


def _rows_of(values: Sequence[int], cols: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(values[i:i + cols]) for i in range(0, len(values), cols))


def _read_sudoku(cols: int, rows: int, body: str, at: int) -> sudoku.SudokuInstance:
    if cols != rows:
        raise BadEntry(f"url sudoku: a Sudoku grid is square, found {cols}x{rows}", at)
    box = url_box(cols)
    if box is None or cols > sudoku.MAX_SIZE:
        raise BadEntry(f"url sudoku: puzz.link draws boxes only for 6x6 and for N×N grids with N a "
                       f"square up to {sudoku.MAX_SIZE} (4, 9, 16, ...), found {cols}x{cols}", at)
    values = _known("url sudoku", body, at, cols, rows, cols)
    return sudoku.SudokuInstance(box[0], box[1], _rows_of(values, cols))


def url_box(size: int) -> tuple[int, int] | None:
    """The boxes pzprjs draws in an N×N Sudoku: square ones for N a square, 2×3 for 6."""
    if size == 6:
        return 2, 3
    side = math.isqrt(size)
    return (side, side) if side * side == size else None


def _read_shikaku(cols: int, rows: int, body: str, at: int) -> shikaku.ShikakuInstance:
    if cols * rows > shikaku.MAX_CELLS:
        raise BadEntry(f"url shikaku: grid {cols}x{rows} too large (at most {shikaku.MAX_CELLS} "
                       "cells)", at)
    values = _known("url shikaku", body, at, cols, rows, cols * rows)
    clues = tuple((i // cols, i % cols, area) for i, area in enumerate(values) if area)
    instance = shikaku.ShikakuInstance(rows, cols, clues)
    problem = shikaku.impossibility(instance)
    if problem is not None:
        raise BadEntry(f"url shikaku: {problem[0]}", at)
    return instance


def _read_hashi(cols: int, rows: int, body: str, at: int) -> hashi.HashiInstance:
    if cols * rows > hashi.MAX_CELLS:
        raise BadEntry(f"url hashi: grid {cols}x{rows} too large", at)
    values = _known("url hashi", body, at, cols, rows, hashi.MAX_VALUE)
    if not any(values):
        raise BadEntry("url hashi: the grid has no island", at)
    return hashi.HashiInstance(_rows_of(values, cols))


_READERS: dict[str, Callable[[int, int, str, int], Any]] = {
    "sudoku": _read_sudoku, "shikaku": _read_shikaku, "hashi": _read_hashi,
}


# ---------------------------------------------------------------- writing


def write(instance: Any) -> str:
    """The canonical `https://puzz.link/p?KIND/COLS/ROWS/BODY` of the instance; an InputError
    when a URL cannot express it."""
    writer = _WRITERS.get(instance.KIND)
    if writer is None:
        raise InputError(f"puzz.link URLs hold {', '.join(KINDS)} puzzles here, not "
                         f"{instance.KIND}")
    try:
        cols, rows, values = writer(instance)
        body = encode_number16(values)
    except BadEntry as bad:
        raise InputError(bad.message) from None
    url = f"{CANONICAL}{URL_NAME[instance.KIND]}/{cols}/{rows}/{body}"
    return url if url[-1].isalnum() else url + "/"  # as pzprjs ends URLs


Cells = tuple[int, int, list[int | None]]


def _write_sudoku(instance: sudoku.SudokuInstance) -> Cells:
    if instance.regions is not None:
        raise BadEntry("url sudoku: a Sudoku with irregular regions has no puzz.link URL")
    size = instance.size
    if url_box(size) != (instance.box_rows, instance.box_cols):
        raise BadEntry(f"url sudoku: puzz.link draws square boxes in N×N grids with N a square, "
                       f"and 2x3 boxes in 6x6 ones; this {size}x{size} grid has "
                       f"{instance.box_rows}x{instance.box_cols} boxes")
    return size, size, [value or None for row in instance.givens for value in row]


def _write_shikaku(instance: shikaku.ShikakuInstance) -> Cells:
    values: list[int | None] = [None] * (instance.rows * instance.cols)
    for r, c, area in instance.clues:
        values[r * instance.cols + c] = area
    return instance.cols, instance.rows, values


def _write_hashi(instance: hashi.HashiInstance) -> Cells:
    values = [value or None for row in instance.grid for value in row]
    return instance.width, instance.height, values


_WRITERS: dict[str, Callable[[Any], Cells]] = {
    "sudoku": _write_sudoku, "shikaku": _write_shikaku, "hashi": _write_hashi,
}
