"""Game IDs of Simon Tatham's Portable Puzzle Collection: Rectangles, Bridges and Solo.

A game ID is `PARAMS:DESCRIPTION`, exactly what the game prints (Game > Specific) and takes
back; satpuzzle reads it as `sgt:GAME:ID` or `GAME:ID`, GAME being rect (Rectangles, a Shikaku),
bridges (a Hashi) or solo (a Sudoku), and writes `sgt:GAME:ID` in the game's own encoding, so
that an ID the game generated comes back unchanged. The encodings, from rect.c, bridges.c and
solo.c of the collection:

- Rectangles `WxH:DESC` (W columns, H rows; an `e<factor>` or `a` suffix only steers the
  generator and is ignored). DESC runs through the cells row by row: a letter a..z is a run of
  1..26 empty cells, a decimal number a clue; `_` separates two adjacent numbers.
- Bridges `WxHmM:DESC` (W, H >= 3). M is the most bridges joining two islands: satpuzzle's Hashi
  has 2, the game's default when `m` is absent, and refuses any other M; `L` (no loops allowed,
  an extra rule) is refused too; `i`, `e` and `d` only steer the generator. DESC: a..z a run of
  1..26 water cells, 1..9 and A..G an island needing 1..16 bridges. The game refuses islands in
  orthogonally adjacent cells and fewer than two islands, and so does satpuzzle.
- Solo `CxR:DESC`: boxes of C rows by R columns in a (C*R)x(C*R) grid (`2x3` has 2-row,
  3-column boxes), DESC as in Rectangles with numbers 1..C*R. Jigsaw mode `Nj:DESC,REGIONS` (or
  R = 1) has irregular regions instead of boxes: REGIONS walks the N(N-1) lines between
  horizontal neighbours in reading order, then the N(N-1) lines between vertical neighbours
  column by column, and counts the non-lines before each line (`_` none, a..y 1..25); `z` is 26
  non-lines and no line. (The game's own encoder writes `z` for 25, a mismatch with its decoder
  that only a run of 26 or more non-lines would show; satpuzzle writes what the game's decoder
  reads.) X mode (`x`, diagonals) and Killer mode (`k`, cages) are refused; symmetry (`r`, `m`,
  `a`) and difficulty (`d`) only steer the generator.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.sudoku import puzzle as sudoku
from satpuzzle.loading import shorten

NAME = "sgt"
KINDS = ("shikaku", "hashi", "sudoku")
PREFIX = "sgt:"
GAMES = {"rect": "rect", "rectangles": "rect", "bridges": "bridges", "solo": "solo"}
EXAMPLES = {"rect": "7x7:2b5f3_6k6a3_2a4_4e2a2c6c4c",
            "bridges": "7x7m2:3a2a1i3a2a6a1h2b7a3g3a3a3a1", "solo": "2x3:b2a3f6b1a2b4a5b5f1a3b"}
MAX_BRIDGES = 2  # satpuzzle's Hashi joins two islands by at most two bridges
SOLO_MAX_SIZE = 31  # the game refuses more symbols than that
MAX_DIGITS = 12  # longer decimal numbers are refused before conversion


class BadEntry(Exception):
    """A fault in one line of the source, `at` its 0-based character index (None: the line)."""

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


# ---------------------------------------------------------------- shared with puzzlink


def source_lines(source: str) -> Iterator[tuple[int, str, int]]:
    """(line number, text, indent) of each line holding an entry: blank lines and `#` comment
    lines are skipped, the text is stripped and `indent` counts what was stripped on the left."""
    for line_number, line in enumerate(source.splitlines(), 1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield line_number, text, len(line) - len(line.lstrip())


def inline_path(source: str, path: str) -> str:
    """The name for errors: `path`, cut short when it is the inline source itself."""
    return shorten(path) if path == source.strip() else path


def read_lines(source: str, path: str, read_one: Callable[[str], Any], expected: str) -> list:
    """`read_one` applied to each entry line of `source`; a BadEntry becomes an InputError at its
    line and column."""
    where = inline_path(source, path)
    instances = []
    for line_number, text, indent in source_lines(source):
        try:
            instances.append(read_one(text))
        except BadEntry as bad:
            column = None if bad.at is None else indent + bad.at + 1
            raise InputError(bad.message, where, line_number, column) from None
    if not instances:
        raise InputError(f"nothing to read: expected {expected}", where, 1, 1)
    return instances


def quoted(text: str, limit: int = 30) -> str:
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def number(text: str, what: str, at: int | None = None) -> int:
    """A decimal number of a description or parameters; absurdly long ones are refused here
    (Python would refuse to convert them, and no grid is that large)."""
    if len(text) > MAX_DIGITS:
        raise BadEntry(f"{what}: number {quoted(text, 15)} is too large", at)
    return int(text)


# ---------------------------------------------------------------- reading


def looks_like(argument: str) -> bool:
    """Whether a command-line argument is a game ID: only the `sgt:` prefix says so."""
    return argument[:len(PREFIX)].lower() == PREFIX


def read(source: str, path: str) -> list[Any]:
    """The puzzles of one game ID, or of a text of game IDs one a line (blank and `#` lines
    skipped)."""
    return read_lines(source, path, _read_line,
                      "a game ID sgt:GAME:PARAMS:DESCRIPTION with GAME rect, bridges or solo")


def _read_line(text: str) -> Any:
    start = len(PREFIX) if looks_like(text) else 0
    name_end = text.find(":", start)
    name = text[start:name_end] if name_end >= 0 else text[start:]
    game = GAMES.get(name.lower())
    if game is None:
        raise BadEntry(f"expected sgt:GAME:PARAMS:DESCRIPTION with GAME rect, bridges or solo (or "
                       f"Rectangles, Bridges, Solo), found game {quoted(name)}", start)
    game_id = text[name_end + 1:]
    id_at = name_end + 1
    colon = game_id.find(":")
    if colon < 0:
        if "#" in game_id:
            raise BadEntry(f"sgt {game}: {quoted(game_id)} is a random seed (PARAMS#SEED), not a "
                           "puzzle: give the game ID (PARAMS:DESCRIPTION) the game shows for it",
                           id_at)
        raise BadEntry(f"sgt {game}: expected a game ID PARAMS:DESCRIPTION like {EXAMPLES[game]}, "
                       f"found {quoted(game_id)}", id_at)
    params, desc = game_id[:colon], game_id[colon + 1:]
    return _READERS[game](params, desc, id_at, id_at + colon + 1)


def _decode_numbers(game: str, desc: str, at: int, area: int,
                    stop: str = "") -> tuple[list[int], int, int]:
    """The cells of a Rectangles/Solo description (0 empty; only the first `area + 1` kept,
    so that a huge run cannot fill the memory), how many it describes, and the index where it
    ended (at a character of `stop`, or at the end)."""
    values: list[int] = []
    count = 0
    i = 0
    while i < len(desc):
        char = desc[i]
        if char in stop:
            break
        if "a" <= char <= "z":
            run = ord(char) - ord("a") + 1
            values.extend([0] * min(run, area + 1 - len(values)))
            count += run
            i += 1
        elif char == "_":
            i += 1
        elif "1" <= char <= "9":
            end = i + 1
            while end < len(desc) and desc[end].isascii() and desc[end].isdigit():
                end += 1
            values.append(number(desc[i:end], f"sgt {game}", at + i))
            count += 1
            i = end
        else:
            raise BadEntry(f"sgt {game}: unexpected character {char!r} in the description: "
                           "expected a..z (a run of empty cells), a number, or '_'", at + i)
    return values[:area], count, i


def _check_cells(game: str, found: int, expected: int, size: str) -> None:
    if found != expected:
        raise BadEntry(f"sgt {game}: description has {found} cells, expected {expected} for {size}")


def _grid(values: Sequence[int], cols: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(values[i:i + cols]) for i in range(0, len(values), cols))


RECT_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:e[0-9.]*)?a?")


def _read_rect(params: str, desc: str, params_at: int, desc_at: int) -> shikaku.ShikakuInstance:
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
    values, count, _ = _decode_numbers("rect", desc, desc_at, cols * rows)
    _check_cells("rect", count, cols * rows, f"{cols}x{rows}")
    clues = tuple((i // cols, i % cols, area) for i, area in enumerate(values) if area)
    instance = shikaku.ShikakuInstance(rows, cols, clues)
    problem = shikaku.impossibility(instance)
    if problem is not None:
        raise BadEntry(f"sgt rect: {problem[0]}", desc_at)
    return instance


BRIDGES_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:i(\d+))?(?:e(\d+))?(?:m(\d+))?(L?)(?:d(\d+))?")


def _read_bridges(params: str, desc: str, params_at: int, desc_at: int) -> hashi.HashiInstance:
    match = BRIDGES_PARAMS.fullmatch(params)
    if not match:
        raise BadEntry(f"sgt bridges: expected parameters WxH or WxHm2 (like 7x7m2), found "
                       f"{quoted(params)}", params_at)
    width = number(match.group(1), "sgt bridges", params_at)
    height = number(match.group(2), "sgt bridges", params_at) if match.group(2) else width
    # absent m: the game's default preset, at most 2 bridges
    most = number(match.group(5), "sgt bridges", params_at) if match.group(5) else MAX_BRIDGES
    if most != MAX_BRIDGES:
        raise BadEntry(f"sgt bridges: m{most} (at most {most} bridges between two islands) is "
                       f"not supported: satpuzzle's Hashi allows at most {MAX_BRIDGES} "
                       f"(m{MAX_BRIDGES})", params_at)
    if match.group(6):
        raise BadEntry("sgt bridges: 'L' (solutions may not form loops) is an extra rule that "
                       "satpuzzle's Hashi does not have", params_at)
    if width < 3 or height < 3:
        raise BadEntry(f"sgt bridges: grid {width}x{height} too small: width and height must be at "
                       "least 3", params_at)
    if width * height > hashi.MAX_CELLS:
        raise BadEntry(f"sgt bridges: grid {width}x{height} too large", params_at)
    cells, count = _decode_islands(desc, desc_at, width * height)
    _check_cells("bridges", count, width * height, f"{width}x{height}")
    grid = _grid(cells, width)
    _check_islands(grid, "sgt bridges: ")
    return hashi.HashiInstance(grid)


def _decode_islands(desc: str, at: int, area: int) -> tuple[list[int], int]:
    """The cells of a Bridges description (0 water; at most `area` kept) and their count."""
    cells: list[int] = []
    count = 0
    for i, char in enumerate(desc):
        if "a" <= char <= "z":
            run = ord(char) - ord("a") + 1
            cells.extend([0] * min(run, area + 1 - len(cells)))
            count += run
            continue
        if "1" <= char <= "9":
            value = int(char)
        elif "A" <= char <= "G":
            value = ord(char) - ord("A") + 10
        else:
            raise BadEntry(f"sgt bridges: unexpected character {char!r} in the description: "
                           "expected a..z (a run of water cells) or 1..9, A..G (an island)", at + i)
        if value > hashi.MAX_VALUE:
            raise BadEntry(f"sgt bridges: island {value} needs more than {hashi.MAX_VALUE} "
                           f"bridges, impossible with at most {MAX_BRIDGES} in each direction",
                           at + i)
        cells.append(value)
        count += 1
    return cells[:area], count


def _check_islands(grid: hashi.Grid, prefix: str) -> None:
    """The game's rules on islands: at least two, none orthogonally next to another."""
    islands = [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value]
    if len(islands) < 2:
        raise BadEntry(f"{prefix}the game needs at least two islands, found {len(islands)}")
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            if r + dr < len(grid) and c + dc < len(grid[0]) and grid[r + dr][c + dc]:
                raise BadEntry(f"{prefix}islands at row {r + 1}, column {c + 1} and row "
                               f"{r + dr + 1}, column {c + dc + 1} touch: the game refuses "
                               "adjacent islands")


SOLO_SHAPE = re.compile(r"(\d+)(?:x(\d+))?")
SOLO_DIFFICULTY = "tbiaeu"


def _solo_params(params: str, at: int) -> tuple[int, int]:
    """(C, R) of Solo parameters, R = 1 meaning jigsaw mode; refused modes are errors."""
    match = SOLO_SHAPE.match(params)
    if not match:
        raise BadEntry(f"sgt solo: expected parameters CxR (like 3x3, 2x3) or Nj (jigsaw, like "
                       f"9j), found {quoted(params)}", at)
    boxes_c = number(match.group(1), "sgt solo", at)
    boxes_r = number(match.group(2), "sgt solo", at) if match.group(2) else boxes_c
    i = match.end()
    while i < len(params):
        char = params[i]
        i += 1
        if char == "j":
            if match.group(2):
                boxes_c *= boxes_r
            boxes_r = 1
        elif char == "x":
            raise BadEntry("sgt solo: X mode ('x': both diagonals must also hold every digit) is "
                           "not supported", at + i - 1)
        elif char == "k":
            raise BadEntry("sgt solo: Killer mode ('k': cages with sums) is not supported",
                           at + i - 1)
        elif char in "rma":  # symmetry of the generated clues: r2 r4 m2 md2 m4 md4 m8 a
            if char == "m" and params[i:i + 1] == "d":
                i += 1
            while i < len(params) and params[i].isdigit():
                i += 1
        elif char == "d":  # difficulty of the generated puzzle
            if params[i:i + 1] and params[i] in SOLO_DIFFICULTY:
                i += 1
        else:
            raise BadEntry(f"sgt solo: unknown parameter {char!r} in {quoted(params)}: expected "
                           "CxR, Nj, symmetry (r, m, a) or difficulty (d)", at + i - 1)
    if boxes_c < 2 or boxes_r < 1:
        raise BadEntry(f"sgt solo: box shape {boxes_c}x{boxes_r} out of range: the game needs C at "
                       "least 2 and R at least 1", at)
    if boxes_c * boxes_r > SOLO_MAX_SIZE:
        raise BadEntry(f"sgt solo: {boxes_c * boxes_r} symbols is too many: the game supports at "
                       f"most {SOLO_MAX_SIZE}", at)
    return boxes_c, boxes_r


def _read_solo(params: str, desc: str, params_at: int, desc_at: int) -> sudoku.SudokuInstance:
    boxes_c, boxes_r = _solo_params(params, params_at)
    size = boxes_c * boxes_r
    values, count, end = _decode_numbers("solo", desc, desc_at, size * size, ",")
    _check_cells("solo", count, size * size, f"{params} ({size}x{size})")
    for value in values:
        if value > size:
            raise BadEntry(f"sgt solo: number {value} out of range: expected 1..{size}", desc_at)
    givens = _grid(values, size)
    if boxes_r > 1:
        if end < len(desc):
            raise BadEntry(f"sgt solo: unexpected data after the grid of a {params} puzzle "
                           "(only jigsaw mode, Nj, has a region description after a comma)",
                           desc_at + end)
        return sudoku.SudokuInstance(boxes_c, boxes_r, givens)
    if end == len(desc):
        raise BadEntry("sgt solo: jigsaw mode needs the region description after the grid: "
                       "GRID,REGIONS", desc_at + end)
    regions = _decode_regions(desc[end + 1:], desc_at + end + 1, size)
    box_rows, box_cols = sudoku.default_box(size)
    return sudoku.SudokuInstance(box_rows, box_cols, givens, regions=regions)


def _edge_cells(position: int, size: int) -> tuple[int, int]:
    """The two cells (indices in reading order) on either side of internal line `position`:
    lines between horizontal neighbours row by row, then between vertical ones column by
    column."""
    per_line = size - 1
    if position < size * per_line:
        row, col = divmod(position, per_line)
        return row * size + col, row * size + col + 1
    col, row = divmod(position - size * per_line, per_line)
    return row * size + col, (row + 1) * size + col


def _decode_regions(text: str, at: int, size: int) -> tuple[tuple[int, ...], ...]:
    parent = list(range(size * size))

    def find(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    lines = 2 * size * (size - 1)
    position = 0
    for i, char in enumerate(text):
        if char == "_":
            joined = 0
        elif "a" <= char <= "z":
            joined = ord(char) - ord("a") + 1
        else:
            raise BadEntry(f"sgt solo: unexpected character {char!r} in the jigsaw region "
                           "description: expected a..z or '_'", at + i)
        for _ in range(joined):
            if position >= lines:
                raise BadEntry("sgt solo: the jigsaw region description is too long", at + i)
            first, second = _edge_cells(position, size)
            parent[find(first)] = find(second)
            position += 1
        position += joined != 26  # 'z': 26 joins and no line after them
    if position != lines + 1:
        raise BadEntry(f"sgt solo: the jigsaw region description covers {position} positions, "
                       f"expected {lines + 1} ({lines} lines between cells and one closing)", at)
    labels: dict[int, int] = {}
    numbers = [labels.setdefault(find(cell), len(labels)) for cell in range(size * size)]
    sizes = [numbers.count(region) for region in range(len(labels))]
    if len(labels) != size or any(count != size for count in sizes):
        raise BadEntry(f"sgt solo: the jigsaw regions have {sorted(sizes)} cells, expected {size} "
                       f"regions of {size}", at)
    return _grid(numbers, size)


_READERS = {"rect": _read_rect, "bridges": _read_bridges, "solo": _read_solo}


# ---------------------------------------------------------------- writing


def write(instance: Any) -> str:
    """`sgt:GAME:ID` in the game's canonical encoding; an InputError when the game cannot
    express the instance."""
    writer = _WRITERS.get(instance.KIND)
    if writer is None:
        raise InputError(f"sgt game IDs hold {', '.join(KINDS)} puzzles, not {instance.KIND}")
    try:
        return writer(instance)
    except BadEntry as bad:
        raise InputError(bad.message) from None


def _encode_numbers(values: Sequence[int]) -> str:
    """Cells (0 empty) as Rectangles and Solo write them: runs of empty cells as a..z, numbers
    in decimal, `_` only between two numbers with no run between them."""
    out: list[str] = []
    run = 0
    for value in [*values, -1]:  # -1 closes the last run
        if value == 0:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") + step - 1))
                run -= step
        elif out and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
    return "".join(out)


def _write_rect(instance: shikaku.ShikakuInstance) -> str:
    if instance.rows * instance.cols < 2:
        raise BadEntry("sgt rect: Rectangles needs a grid of at least 2 cells")
    values = [0] * (instance.rows * instance.cols)
    for r, c, area in instance.clues:
        values[r * instance.cols + c] = area
    return f"{PREFIX}rect:{instance.cols}x{instance.rows}:{_encode_numbers(values)}"


def _write_bridges(instance: hashi.HashiInstance) -> str:
    if instance.height < 3 or instance.width < 3:
        raise BadEntry(f"sgt bridges: Bridges needs a grid of at least 3x3, this one is "
                       f"{instance.width}x{instance.height}")
    _check_islands(instance.grid, "sgt bridges: cannot write this puzzle: ")
    out: list[str] = []
    run = 0
    for value in (value for row in instance.grid for value in row):
        if value:
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(str(value))
        else:
            if run == 26:
                out.append("z")
                run = 0
            run += 1
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{PREFIX}bridges:{instance.width}x{instance.height}m{MAX_BRIDGES}:{''.join(out)}"


def _write_solo(instance: sudoku.SudokuInstance) -> str:
    size = instance.size
    if size > SOLO_MAX_SIZE:
        raise BadEntry(f"sgt solo: a {size}x{size} Sudoku is too large: Solo supports at most "
                       f"{SOLO_MAX_SIZE} symbols")
    grid = _encode_numbers([value for row in instance.givens for value in row])
    regions = instance.regions
    if regions is not None:
        if size < 2:
            raise BadEntry("sgt solo: Solo's jigsaw mode needs at least 2 symbols")
        return f"{PREFIX}solo:{size}j:{grid},{_encode_regions(regions, size)}"
    if instance.box_rows < 2 or instance.box_cols < 2:
        raise BadEntry(f"sgt solo: Solo cannot express boxes of {instance.box_rows}x"
                       f"{instance.box_cols} cells: its boxes have at least 2 rows and 2 columns")
    return f"{PREFIX}solo:{instance.box_rows}x{instance.box_cols}:{grid}"


def _encode_regions(regions: Sequence[Sequence[int]], size: int) -> str:
    if len(regions) != size or any(len(row) != size for row in regions):
        raise BadEntry(f"sgt solo: regions must be {size} rows of {size} region numbers")
    problem = sudoku.region_problem(regions, size)
    if problem is not None:  # Solo draws regions by lines between cells: each must be connected
        raise BadEntry(f"sgt solo: cannot write these regions: {problem[0]}")
    cells = [region for row in regions for region in row]
    lines = 2 * size * (size - 1)
    out: list[str] = []
    run = 0
    for position in range(lines + 1):
        if position < lines:
            first, second = _edge_cells(position, size)
            if cells[first] == cells[second]:
                run += 1
                continue
        while run >= 26:  # the game reads 'z' as 26 joins without a line
            out.append("z")
            run -= 26
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    return "".join(out)


_WRITERS: dict[str, Callable[[Any], str]] = {
    "shikaku": _write_rect, "hashi": _write_bridges, "sudoku": _write_solo,
}
