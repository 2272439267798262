"""Kakuro in the exchange formats: puzz.link URLs and JSON.

puzz.link (pzprjs `kakuro`): COLS×ROWS are the cells inside a frame whose top row and left
column pzprjs draws outside the grid, so a URL's puzzle is satpuzzle's grid without its first
row and column, which must be blocks (they hold the first clues). The body lists the inner
cells row by row: `k`..`z` a run of 1..16 white cells, `.` a block without clues, two
characters a block's down then across sum (`-` none, as pzprjs writes it today, `0` none
as it wrote it before, `1`..`9` `a`..`j` 1..19, `A`..`Z` 20..45); then one character per
column whose top inner cell is white (the down clue above it), then one per row whose left
inner cell is white (the across clue left of it).

JSON: `grid` is rows of cells, `0` a white cell, `[DOWN, ACROSS]` a block (null where it
has no clue).
"""

from __future__ import annotations

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry
from satpuzzle.codecs.puzzlink import UrlCodec
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.kakuro import puzzle as kakuro
from satpuzzle.kinds.kakuro.puzzle import Clue, KakuroInstance

# ---------------------------------------------------------------- puzz.link

RUN_FIRST, RUN_LONGEST = "k", 16  # `k`..`z`: 1..16 white cells


NONE = "-"  # no clue in that direction (pzprjs's encval; its older one wrote `0`)


def _value(char: str, at: int) -> int:
    """A sum of one body character: 0..9, a..j 10..19, A..Z 20..45; 0 for none (`-`)."""
    if char == NONE:
        return 0
    if char.isascii() and char.isdigit():
        return int(char)
    if "a" <= char <= "j":
        return int(char, 36)
    if "A" <= char <= "Z":
        return int(char, 36) + 10
    raise BadEntry(f"url kakuro: expected a sum (0..9, a..j, A..Z, or '-' for none) in the body, found "
                   f"{char!r}", at)


def _char(value: int | None) -> str:
    if not value:
        return NONE
    if value <= 19:
        return "0123456789abcdefghij"[value]
    if value <= 45:
        return chr(ord("A") + value - 20)
    raise BadEntry(f"url kakuro: sum {value} is too large for a puzz.link URL (at most 45)")


def read_url(cols: int, rows: int, body: str, at: int) -> KakuroInstance:
    if (cols + 1) * (rows + 1) > kakuro.MAX_CELLS:
        raise BadEntry(f"url kakuro: grid {cols}x{rows} too large (at most "
                       f"{kakuro.MAX_CELLS} cells)", at)
    inner: list[Clue | None] = []
    i = 0
    while len(inner) < cols * rows:
        if i >= len(body):
            raise BadEntry(f"url kakuro: body has {len(inner)} cells, expected {cols * rows}",
                           at)
        char = body[i]
        if RUN_FIRST <= char <= "z":
            inner += [None] * (int(char, 36) - 19)
            i += 1
        elif char == ".":
            inner.append((None, None))
            i += 1
        else:
            down = _value(char, at + i)
            across = _value(body[i + 1], at + i + 1) if i + 1 < len(body) else _value("", at)
            inner.append((down or None, across or None))
            i += 2
    if len(inner) != cols * rows:
        raise BadEntry(f"url kakuro: body has {len(inner)} cells, expected {cols * rows}", at)
    outer = [c for c in range(cols) if inner[c] is None] + [
        cols + r for r in range(rows) if inner[r * cols] is None]
    if len(body) - i != len(outer):
        raise BadEntry(f"url kakuro: expected {len(outer)} outer clue(s) after the cells "
                       f"(one per white cell of the first inner row and column), found "
                       f"{len(body) - i}", at + min(i, len(body)))
    grid: list[list[Clue | None]] = [[(None, None)] * (cols + 1)]
    grid += [[(None, None)] + inner[r * cols:(r + 1) * cols] for r in range(rows)]
    for k, where in enumerate(outer):
        value = _value(body[i + k], at + i + k) or None
        if where < cols:
            grid[0][where + 1] = (value, None)
        else:
            grid[where - cols + 1][0] = (None, value)
    instance = KakuroInstance(rows + 1, cols + 1, tuple(map(tuple, grid)))
    problem = kakuro.impossibility(instance)
    if problem is not None:
        raise BadEntry(f"url kakuro: {problem[0]}", at)
    return instance


def write_url(instance: KakuroInstance) -> tuple[int, int, str]:
    grid = instance.grid
    if instance.rows < 2 or instance.cols < 2 or any(cell is None for cell in grid[0]) or any(
            row[0] is None for row in grid):
        raise BadEntry("url kakuro: puzz.link draws the first row and column outside the "
                       "grid: they must be blocks (holding the first clues), in a grid of at "
                       "least 2x2")
    out: list[str] = []
    count = 0
    for row in grid[1:]:
        for cell in row[1:]:
            if cell is None:
                count += 1
                if count == RUN_LONGEST:
                    out.append("z")
                    count = 0
                continue
            if count:
                out.append(chr(ord(RUN_FIRST) + count - 1))
                count = 0
            down, across = cell
            out.append("." if not down and not across else _char(down) + _char(across))
    if count:
        out.append(chr(ord(RUN_FIRST) + count - 1))
    # the first row's and column's cells, blocks all (refused above otherwise)
    top = [cell for cell in grid[0] if cell is not None]
    left = [row[0] for row in grid if row[0] is not None]
    out += [_char(top[c][0]) for c in range(1, instance.cols) if grid[1][c] is None]
    out += [_char(left[r][1]) for r in range(1, instance.rows) if grid[r][1] is None]
    return instance.cols - 1, instance.rows - 1, "".join(out)


URL = UrlCodec(("kakuro",), read_url, write_body=write_url)


# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> KakuroInstance:
    r = f.reader
    rows, cols = f.board(kakuro.MAX_CELLS)
    lines = r.array(f.data["grid"], f.at("grid"), rows)
    grid = []
    for y, line in enumerate(lines):
        cells: list[Clue | None] = []
        for x, cell in enumerate(r.array(line, f.at("grid", y), cols)):
            where = f.at("grid", y, x)
            if cell == 0 and type(cell) is int:
                cells.append(None)
                continue
            if not isinstance(cell, list):
                raise r.fail(where, "expected 0 (a white cell) or [DOWN, ACROSS] (a block, "
                                    f"null where it has no clue), found {cell!r}")
            down, across = (None if value is None else r.integer(
                value, (*where, k), 1, kakuro.MAX_TOTAL)
                for k, value in enumerate(r.array(cell, where, 2)))
            cells.append((down, across))
        grid.append(tuple(cells))
    instance = KakuroInstance(rows, cols, tuple(grid), title)
    problem = kakuro.impossibility(instance)
    if problem is not None:
        message, (y, x) = problem
        raise r.fail(f.at("grid", y, x), message)
    return instance


def write_json(instance: KakuroInstance) -> dict[str, JSONOut]:
    return {"rows": instance.rows, "cols": instance.cols,
            "grid": [[0 if cell is None else list(cell) for cell in row]
                     for row in instance.grid]}


JSON = JsonCodec(("rows", "cols", "grid"), ("rows", "cols", "grid"), read_json, write_json)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
NATIVE = ()
