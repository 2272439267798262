"""Sudoku in the exchange formats: Simon Tatham's Solo, puzz.link URLs, JSON, one-line files.

Solo `CxR:DESC`: boxes of C rows by R columns in a (C*R)x(C*R) grid (`2x3` has 2-row,
3-column boxes), DESC cells row by row: a letter a..z a run of 1..26 empty cells, a number
1..C*R a given, `_` between two adjacent numbers. Jigsaw mode `Nj:DESC,REGIONS` (or R = 1) has
irregular regions instead of boxes: REGIONS walks the N(N-1) lines between horizontal
neighbours in reading order, then the N(N-1) lines between vertical neighbours column by
column, and counts the non-lines before each line (`_` none, a..y 1..25); `z` is 26 non-lines
and no line. (The game's own encoder writes `z` for 25, a mismatch with its decoder that only a
run of 26 or more non-lines would show; satpuzzle writes what the game's decoder reads.) X mode
(`x`): both main diagonals hold each digit once too. Killer mode (`k`, `3x3k:GRID,CAGES,SUMS`
or `9jk:GRID,REGIONS,CAGES,SUMS`): CAGES are the cages drawn as REGIONS are, every cell in a
cage of 2..N cells; SUMS a grid like GRID with each cage's total in one of its cells (the
game writes it in the cage's first cell in reading order, and so does satpuzzle). Symmetry
(`r`, `m`, `a`) and difficulty (`d`) only steer the generator.

puzz.link: sizes are those pzprjs draws, N×N with square boxes for N a square (4, 9, 16, 25,
...) and 2×3 boxes (2 rows, 3 columns) for N = 6. Irregular regions have no Sudoku URL.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry, grid, number, quoted
from satpuzzle.codecs.native import NativeFormat
from satpuzzle.codecs.puzzlink import Cells, UrlCodec, known_clues, url_box
from satpuzzle.codecs.sgt import SgtGame, check_cells, decode_numbers, encode_numbers
from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.sudoku import native as sudoku_native
from satpuzzle.kinds.sudoku import puzzle as sudoku
from satpuzzle.kinds.sudoku.cages import Cage, cage_problem
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

# ---------------------------------------------------------------- sgt: Solo

SOLO_MAX_SIZE = 31  # the game refuses more symbols than that
SOLO_SHAPE = re.compile(r"(\d+)(?:x(\d+))?")
SOLO_DIFFICULTY = "tbiaeu"


@dataclass(frozen=True)
class SoloParams:
    """Solo's parameters: C and R (R = 1 jigsaw mode), X mode, Killer mode."""

    boxes_c: int
    boxes_r: int
    diagonals: bool = False
    killer: bool = False


def _solo_params(params: str, at: int) -> SoloParams:
    """Solo's parameters; unknown ones are errors."""
    match = SOLO_SHAPE.match(params)
    if not match:
        raise BadEntry(f"sgt solo: expected parameters CxR (like 3x3, 2x3) or Nj (jigsaw, like "
                       f"9j), found {quoted(params)}", at)
    boxes_c = number(match.group(1), "sgt solo", at)
    boxes_r = number(match.group(2), "sgt solo", at) if match.group(2) else boxes_c
    i = match.end()
    diagonals = killer = False
    while i < len(params):
        char = params[i]
        i += 1
        if char == "j":
            if match.group(2):
                boxes_c *= boxes_r
            boxes_r = 1
        elif char == "x":
            diagonals = True
        elif char == "k":
            killer = True
        else:
            i = _past_generation_parameter(params, char, i, at)
    if boxes_c < 2 or boxes_r < 1:
        raise BadEntry(f"sgt solo: box shape {boxes_c}x{boxes_r} out of range: the game needs C at "
                       "least 2 and R at least 1", at)
    if boxes_c * boxes_r > SOLO_MAX_SIZE:
        raise BadEntry(f"sgt solo: {boxes_c * boxes_r} symbols is too many: the game supports at "
                       f"most {SOLO_MAX_SIZE}", at)
    return SoloParams(boxes_c, boxes_r, diagonals, killer)


def _past_generation_parameter(params: str, char: str, i: int, at: int) -> int:
    """Where Solo's parameter `char` (read, its rest from `i` on) ends: a symmetry (r2 r4 m2
    md2 m4 md4 m8 a) or difficulty (d and a letter) of the puzzles the game generates, which
    says nothing of a given puzzle; any other letter is an unknown parameter."""
    if char in "rma":  # symmetry of the generated clues
        if char == "m" and params[i:i + 1] == "d":
            i += 1
        while i < len(params) and params[i].isdigit():
            i += 1
        return i
    if char == "d":  # difficulty of the generated puzzle
        return i + 1 if params[i:i + 1] and params[i] in SOLO_DIFFICULTY else i
    raise BadEntry(f"sgt solo: unknown parameter {char!r} in {quoted(params)}: expected "
                   "CxR, Nj, x, k, symmetry (r, m, a) or difficulty (d)", at + i - 1)


def read_solo(params: str, desc: str, params_at: int, desc_at: int) -> SudokuInstance:
    mode = _solo_params(params, params_at)
    size = mode.boxes_c * mode.boxes_r
    values, count, end = decode_numbers("solo", desc, desc_at, size * size, ",")
    check_cells("solo", count, size * size, f"{params} ({size}x{size})")
    for value in values:
        if value > size:
            raise BadEntry(f"sgt solo: number {value} out of range: expected 1..{size}", desc_at)
    givens = grid(values, size)
    jigsaw = mode.boxes_r == 1
    if not jigsaw and not mode.killer and end < len(desc):
        raise BadEntry(f"sgt solo: unexpected data after the grid of a {params} puzzle "
                       "(only jigsaw mode, Nj, and Killer mode, k, have more after a comma)",
                       desc_at + end)
    regions = None
    box_rows, box_cols = mode.boxes_c, mode.boxes_r
    if jigsaw:
        if end == len(desc):
            raise BadEntry("sgt solo: jigsaw mode needs the region description after the grid: "
                           "GRID,REGIONS", desc_at + end)
        start = end + 1
        end = _section_end(desc, start, mode.killer)
        regions = _decode_regions(desc[start:end], desc_at + start, size)
        box_rows, box_cols = sudoku.default_box(size)
    cages: tuple[Cage, ...] = ()
    if mode.killer:
        cages = _read_killer(desc, end, desc_at, size, params)
    return SudokuInstance(box_rows, box_cols, givens, regions=regions,
                          diagonals=mode.diagonals, cages=cages)


def _section_end(desc: str, start: int, more: bool) -> int:
    """Where the section starting at `start` ends: the next comma when more sections follow
    (Killer's), else the end of the description."""
    comma = desc.find(",", start)
    return comma if more and comma >= 0 else len(desc)


def _read_killer(desc: str, end: int, at: int, size: int, params: str) -> tuple[Cage, ...]:
    """The cages after the grid (and the regions): `,CAGES,SUMS`."""
    if end == len(desc):
        raise BadEntry(f"sgt solo: Killer mode needs the cages and their sums after the grid of "
                       f"a {params} puzzle: ...,CAGES,SUMS", at + end)
    start = end + 1
    end = desc.find(",", start)
    if end < 0:
        raise BadEntry("sgt solo: Killer mode needs the cage sums after the cages: CAGES,SUMS",
                       at + len(desc))
    labels = _decode_joins(desc[start:end], at + start, size)
    start = end + 1
    sums, count, stop = decode_numbers("solo", desc[start:], at + start, size * size, ",")
    check_cells("solo", count, size * size, f"the killer sums of {params} ({size}x{size})")
    if stop < len(desc) - start:
        raise BadEntry("sgt solo: unexpected data after the killer sums", at + start + stop)
    members: dict[int, list[int]] = {}
    for cell, label in enumerate(labels):
        members.setdefault(label, []).append(cell)
    cages = []
    for cells in members.values():
        totals = [sums[cell] for cell in cells if sums[cell]]
        if len(cells) < 2 or len(cells) > size:
            raise BadEntry(f"sgt solo: a killer cage has {len(cells)} cells, expected 2..{size}",
                           at + start)
        if len(totals) > 1:
            raise BadEntry(f"sgt solo: a killer cage has {len(totals)} sums, expected one",
                           at + start)
        cages.append(Cage(tuple(divmod(cell, size) for cell in cells),
                          totals[0] if totals else None))
    problem = cage_problem(cages, size)
    if problem is not None:
        raise BadEntry(f"sgt solo: killer cage {problem[0] + 1}: {problem[1]}", at + start)
    return tuple(cages)


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
    numbers = _decode_joins(text, at, size)
    labels = set(numbers)
    sizes = [numbers.count(region) for region in range(len(labels))]
    if len(labels) != size or any(count != size for count in sizes):
        raise BadEntry(f"sgt solo: the jigsaw regions have {sorted(sizes)} cells, expected {size} "
                       f"regions of {size}", at)
    return grid(numbers, size)


def _decode_joins(text: str, at: int, size: int) -> list[int]:
    """The block of each cell (numbered in order of first cell) from Solo's lines between
    cells, as jigsaw regions and Killer cages are written."""
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
    return [labels.setdefault(sets.find(cell), len(labels)) for cell in range(size * size)]


def write_solo(instance: SudokuInstance) -> str:
    size = instance.size
    if size > SOLO_MAX_SIZE:
        raise BadEntry(f"sgt solo: a {size}x{size} Sudoku is too large: Solo supports at most "
                       f"{SOLO_MAX_SIZE} symbols")
    cells = encode_numbers([value for row in instance.givens for value in row])
    flags = ("x" if instance.diagonals else "") + ("k" if instance.cages else "")
    killer = f",{_encode_killer(instance)}" if instance.cages else ""
    regions = instance.regions
    if regions is not None:
        if size < 2:
            raise BadEntry("sgt solo: Solo's jigsaw mode needs at least 2 symbols")
        return f"{size}j{flags}:{cells},{_encode_regions(regions, size)}{killer}"
    if instance.box_rows < 2 or instance.box_cols < 2:
        raise BadEntry(f"sgt solo: Solo cannot express boxes of {instance.box_rows}x"
                       f"{instance.box_cols} cells: its boxes have at least 2 rows and 2 columns")
    return f"{instance.box_rows}x{instance.box_cols}{flags}:{cells}{killer}"


def _encode_killer(instance: SudokuInstance) -> str:
    """`CAGES,SUMS`: Solo's Killer mode puts every cell in a cage of 2..N cells, each total in
    the cage's first cell; what it cannot hold is refused."""
    size = instance.size
    owner = [[-1] * size for _ in range(size)]
    sums = [0] * (size * size)
    for index, cage in enumerate(instance.cages):
        if len(cage.cells) < 2:
            r, c = cage.cells[0]
            raise BadEntry(f"sgt solo: Solo's Killer cages have at least 2 cells; the cage at "
                           f"r{r + 1}c{c + 1} has one")
        for r, c in cage.cells:
            owner[r][c] = index
        if cage.total is not None:
            r, c = min(cage.cells)
            sums[r * size + c] = cage.total
    for r, row in enumerate(owner):
        if -1 in row:
            raise BadEntry(f"sgt solo: Solo's Killer mode puts every cell in a cage; "
                           f"r{r + 1}c{row.index(-1) + 1} is in none")
    return f"{_encode_regions(owner, len(instance.cages), size)},{encode_numbers(sums)}"


def _encode_regions(regions: Sequence[Sequence[int]], size: int,
                    grid_size: int | None = None) -> str:
    """Lines between cells of different blocks: `size` jigsaw regions (checked), or with
    `grid_size` Killer cages (checked when the instance was built)."""
    if grid_size is None:
        if len(regions) != size or any(len(row) != size for row in regions):
            raise BadEntry(f"sgt solo: regions must be {size} rows of {size} region numbers")
        problem = sudoku.region_problem(regions, size)
        if problem is not None:  # Solo draws regions by lines between cells: connected ones
            raise BadEntry(f"sgt solo: cannot write these regions: {problem[0]}")
    else:
        size = grid_size
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
    if instance.variant:
        raise BadEntry("url sudoku: puzz.link's Sudoku URL has no diagonals or cages")
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
    diagonals = False
    if f.get("diagonals") is not None:
        diagonals = r.boolean(f.data["diagonals"], f.at("diagonals"))
    cages = _json_cages(f, size) if f.get("cages") is not None else ()
    return SudokuInstance(box[0], box[1], givens, title, regions, diagonals, cages)


def _cell(pair: list[int]) -> tuple[int, int]:
    """A (row, column) of its two integers (the reader checked that there are two)."""
    row, column = pair
    return row, column


def _json_cages(f: Fields, size: int) -> tuple[Cage, ...]:
    """`"cages": [{"sum": 12, "cells": [[0, 0], [0, 1]]}, ...]`: [row, col] pairs from 0 as
    in the other kinds' JSON, `"sum": null` for a cage without a total."""
    r = f.reader
    cages = []
    for i, item in enumerate(r.array(f.data["cages"], f.at("cages"))):
        if not isinstance(item, dict) or set(item) - {"sum", "cells"} or "cells" not in item:
            raise r.fail(f.at("cages", i), 'expected a cage {"sum": N or null, "cells": '
                                           "[[row, column], ...]}")
        total = item.get("sum")
        if total is not None:
            total = r.integer(total, f.at("cages", i, "sum"), 1)
        cells = [_cell(r.integers(cell, f.at("cages", i, "cells", j), 2, 0, size - 1))
                 for j, cell in enumerate(r.array(item["cells"], f.at("cages", i, "cells"),
                                                  nonempty=True))]
        cages.append(Cage(tuple(cells), total))
    problem = cage_problem(cages, size)
    if problem is not None:
        raise r.fail(f.at("cages", problem[0]), problem[1])
    return tuple(cages)


def write_json(instance: SudokuInstance) -> dict[str, JSONOut]:
    """The instance's keys; `diagonals` and `cages` only for the variants, so that a plain
    Sudoku's JSON stays as it was."""
    regions = instance.regions
    data: dict[str, JSONOut] = {
        "size": instance.size, "box": [instance.box_rows, instance.box_cols],
        "givens": [list(row) for row in instance.givens],
        "regions": None if regions is None else [list(row) for row in regions]}
    if instance.diagonals:
        data["diagonals"] = True
    if instance.cages:
        data["cages"] = [{"sum": cage.total, "cells": [[r, c] for r, c in cage.cells]}
                         for cage in instance.cages]
    return data


JSON = JsonCodec(("size", "box", "givens", "regions", "diagonals", "cages"), ("givens",),
                 read_json, write_json, one_a_line=("cages",))


# ---------------------------------------------------------------- one Sudoku a line


def read_line_file(text: str, path: str) -> list[SudokuInstance]:
    instances, one_line = sudoku_native.read_native(text, path, {})
    if not one_line:
        raise InputError("expected one Sudoku a line (N² symbols, '.' or 0 empty), found a "
                         "grid", path, 1, 1)
    return instances


def write_line(instance: SudokuInstance) -> str:
    if instance.variant:
        raise InputError("the one-line format has no diagonals or cages; use --format puz")
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
