"""Sudoku in the exchange formats: Simon Tatham's Solo, puzz.link URLs, JSON, one-line files.

Solo `CxR:DESC`: boxes of C rows by R columns in a (C*R)x(C*R) grid (`2x3` has 2-row,
3-column boxes), DESC cells row by row: a letter a..z a run of 1..26 empty cells, a number
1..C*R a given, `_` between two adjacent numbers. Jigsaw mode `Nj:DESC,REGIONS` (or R = 1) has
irregular regions instead of boxes: REGIONS walks the N(N-1) lines between horizontal
neighbours in reading order, then the N(N-1) lines between vertical neighbours column by
column, and counts the non-lines before each line (`_` none, a..y 1..25); `z` is 26 non-lines
and no line. (The game's own encoder writes `z` for 25, a mismatch with its decoder that only a
run of 26 or more non-lines would show; satpuzzle writes what the game's decoder reads.) X mode
(`x`, diagonals) and Killer mode (`k`, cages) are refused; symmetry (`r`, `m`, `a`) and
difficulty (`d`) only steer the generator.

puzz.link: sizes are those pzprjs draws, N×N with square boxes for N a square (4, 9, 16, 25,
...) and 2×3 boxes (2 rows, 3 columns) for N = 6. Irregular regions have no Sudoku URL.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry, grid, number, quoted
from satpuzzle.codecs.native import NativeFormat
from satpuzzle.codecs.puzzlink import Cells, UrlCodec, known_clues, url_box
from satpuzzle.codecs.sgt import SgtGame, check_cells, decode_numbers, encode_numbers
from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import puzzle as sudoku
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

# ---------------------------------------------------------------- sgt: Solo

SOLO_MAX_SIZE = 31  # the game refuses more symbols than that
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


def read_solo(params: str, desc: str, params_at: int, desc_at: int) -> SudokuInstance:
    boxes_c, boxes_r = _solo_params(params, params_at)
    size = boxes_c * boxes_r
    values, count, end = decode_numbers("solo", desc, desc_at, size * size, ",")
    check_cells("solo", count, size * size, f"{params} ({size}x{size})")
    for value in values:
        if value > size:
            raise BadEntry(f"sgt solo: number {value} out of range: expected 1..{size}", desc_at)
    givens = grid(values, size)
    if boxes_r > 1:
        if end < len(desc):
            raise BadEntry(f"sgt solo: unexpected data after the grid of a {params} puzzle "
                           "(only jigsaw mode, Nj, has a region description after a comma)",
                           desc_at + end)
        return SudokuInstance(boxes_c, boxes_r, givens)
    if end == len(desc):
        raise BadEntry("sgt solo: jigsaw mode needs the region description after the grid: "
                       "GRID,REGIONS", desc_at + end)
    regions = _decode_regions(desc[end + 1:], desc_at + end + 1, size)
    box_rows, box_cols = sudoku.default_box(size)
    return SudokuInstance(box_rows, box_cols, givens, regions=regions)


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
    sets = DisjointSets(range(size * size))
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
            sets.union(first, second)
            position += 1
        position += joined != 26  # 'z': 26 joins and no line after them
    if position != lines + 1:
        raise BadEntry(f"sgt solo: the jigsaw region description covers {position} positions, "
                       f"expected {lines + 1} ({lines} lines between cells and one closing)", at)
    labels: dict[int, int] = {}
    numbers = [labels.setdefault(sets.find(cell), len(labels)) for cell in range(size * size)]
    sizes = [numbers.count(region) for region in range(len(labels))]
    if len(labels) != size or any(count != size for count in sizes):
        raise BadEntry(f"sgt solo: the jigsaw regions have {sorted(sizes)} cells, expected {size} "
                       f"regions of {size}", at)
    return grid(numbers, size)


def write_solo(instance: SudokuInstance) -> str:
    size = instance.size
    if size > SOLO_MAX_SIZE:
        raise BadEntry(f"sgt solo: a {size}x{size} Sudoku is too large: Solo supports at most "
                       f"{SOLO_MAX_SIZE} symbols")
    cells = encode_numbers([value for row in instance.givens for value in row])
    regions = instance.regions
    if regions is not None:
        if size < 2:
            raise BadEntry("sgt solo: Solo's jigsaw mode needs at least 2 symbols")
        return f"{size}j:{cells},{_encode_regions(regions, size)}"
    if instance.box_rows < 2 or instance.box_cols < 2:
        raise BadEntry(f"sgt solo: Solo cannot express boxes of {instance.box_rows}x"
                       f"{instance.box_cols} cells: its boxes have at least 2 rows and 2 columns")
    return f"{instance.box_rows}x{instance.box_cols}:{cells}"


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


SOLO = SgtGame("solo", "Solo", "2x3:b2a3f6b1a2b4a5b5f1a3b", read_solo, write_solo)


# ---------------------------------------------------------------- puzz.link


def read_url(cols: int, rows: int, body: str, at: int) -> SudokuInstance:
    if cols != rows:
        raise BadEntry(f"url sudoku: a Sudoku grid is square, found {cols}x{rows}", at)
    box = url_box(cols)
    if box is None or cols > sudoku.MAX_SIZE:
        raise BadEntry(f"url sudoku: puzz.link draws boxes only for 6x6 and for N×N grids with N a "
                       f"square up to {sudoku.MAX_SIZE} (4, 9, 16, ...), found {cols}x{cols}", at)
    values = known_clues("url sudoku", body, at, cols, rows, cols)
    return SudokuInstance(box[0], box[1], grid(values, cols))


def write_url(instance: SudokuInstance) -> Cells:
    if instance.regions is not None:
        raise BadEntry("url sudoku: a Sudoku with irregular regions has no puzz.link URL")
    size = instance.size
    if url_box(size) != (instance.box_rows, instance.box_cols):
        raise BadEntry(f"url sudoku: puzz.link draws square boxes in N×N grids with N a square, "
                       f"and 2x3 boxes in 6x6 ones; this {size}x{size} grid has "
                       f"{instance.box_rows}x{instance.box_cols} boxes")
    return size, size, [value or None for row in instance.givens for value in row]


URL = UrlCodec(("sudoku",), read_url, write_url)


# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> SudokuInstance:
    r = f.reader
    rows = r.array(f.data["givens"], f.at("givens"))
    size = len(rows)
    if not 1 <= size <= sudoku.MAX_SIZE:
        raise r.fail(f.at("givens"), f"expected 1..{sudoku.MAX_SIZE} rows, found {size}")
    if f.get("size") is not None:
        declared = r.integer(f.data["size"], f.at("size"), 1)
        if declared != size:
            raise r.fail(f.at("size"), f"size {declared} does not match the {size} rows of "
                                       "givens")
    givens = r.grid(rows, f.at("givens"), size, 0, size)
    if f.get("box") is None:
        box = sudoku.default_box(size)
    else:
        box_rows, box_cols = r.integers(f.data["box"], f.at("box"), 2, 1)
        box = sudoku.parse_box(f.token("box", text=f"{box_rows}x{box_cols}"), size)
    regions = None
    if f.get("regions") is not None:
        regions = r.grid(f.data["regions"], f.at("regions"), size)
        problem = sudoku.region_problem(regions, size)
        if problem is not None:
            message, (row, col) = problem
            raise r.fail(f.at("regions", row, col), message)
    return SudokuInstance(box[0], box[1], givens, title, regions)


def write_json(instance: SudokuInstance) -> dict[str, Any]:
    regions = instance.regions
    return {"size": instance.size, "box": [instance.box_rows, instance.box_cols],
            "givens": [list(row) for row in instance.givens],
            "regions": None if regions is None else [list(row) for row in regions]}


JSON = JsonCodec(("size", "box", "givens", "regions"), ("givens",), read_json, write_json)


# ---------------------------------------------------------------- one Sudoku a line


def read_line_file(text: str, path: str) -> list[SudokuInstance]:
    instances, one_line = sudoku.read_native(text, path, {})
    if not one_line:
        raise InputError("expected one Sudoku a line (N² symbols, '.' or 0 empty), found a "
                         "grid", path, 1, 1)
    return instances


def write_line(instance: SudokuInstance) -> str:
    if instance.regions is not None:
        raise InputError("the one-line format has no irregular regions; use --format puz")
    if instance.size > len(sudoku.SYMBOLS):
        raise InputError(f"the one-line format writes digits 1-9 and A-Z: a "
                         f"{instance.size}x{instance.size} Sudoku needs more symbols")
    symbols = "." + sudoku.SYMBOLS
    return "".join(symbols[value] for row in instance.givens for value in row) + "\n"


NATIVE = (NativeFormat("sudoku-line", read_line_file, write_line, multi=True),)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = (SOLO,)
