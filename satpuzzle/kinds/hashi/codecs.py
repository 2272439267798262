"""Hashi in the exchange formats: Simon Tatham's Bridges, puzz.link URLs, JSON, `.has` files.

Bridges `WxHmM[L]:DESC` (W, H >= 3). M, 1..4, is the most bridges joining two islands (2, the
game's default, when `m` is absent): HashiInstance.max_bridges. `L` means loops are NOT allowed
(bridges.c: decode_params sets allowloops false on `L`; absent, loops are allowed), so the
bridges form a tree: HashiInstance.no_loops. `i`, `e` and `d` only steer the generator. DESC:
a..z a run of 1..26 water cells, 1..9 and A..G an island needing 1..16 bridges (at most 4 × M
is possible). The game refuses islands in orthogonally adjacent cells and fewer than two
islands, and so does satpuzzle.

puzz.link names the puzzle `hashi`, and reads `hashikake` and `bridges` too; its body is
pzprjs's number16 (satpuzzle/codecs/puzzlink.py), whose `.` is a `?` island (ANY here), one of
any number of bridges. In JSON a `?` island's value is the string "?". Bridges IDs and `.has`
files have no `?` island, so a puzzle with one is refused. Neither puzz.link (pzprjs's
hashikake has no such option) nor `.has` files can say the variants (another maximum per pair,
no loops): their writers refuse such a puzzle.
"""

from __future__ import annotations

import re

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.lines import BadEntry, grid, number, quoted
from satpuzzle.codecs.native import NativeFormat, natural
from satpuzzle.codecs.puzzlink import UNKNOWN, Cells, UrlCodec, decode_number16
from satpuzzle.codecs.sgt import SgtGame, check_cells
from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.hashi.puzzle import Grid, HashiInstance

# ---------------------------------------------------------------- sgt: Bridges

BRIDGES_PARAMS = re.compile(r"(\d+)(?:x(\d+))?(?:i(\d+))?(?:e(\d+))?(?:m(\d+))?(L?)(?:d(\d+))?")


def read_bridges(params: str, desc: str, params_at: int, desc_at: int) -> HashiInstance:
    match = BRIDGES_PARAMS.fullmatch(params)
    if not match:
        raise BadEntry(f"sgt bridges: expected parameters WxH, WxHmM or WxHmML (like 7x7m2, "
                       f"7x7m3L), found {quoted(params)}", params_at)
    width = number(match.group(1), "sgt bridges", params_at)
    height = number(match.group(2), "sgt bridges", params_at) if match.group(2) else width
    # absent m: the game's default preset, at most 2 bridges
    most = (number(match.group(5), "sgt bridges", params_at) if match.group(5)
            else hashi.DEFAULT_MAX_BRIDGES)
    if not 1 <= most <= hashi.MOST_BRIDGES:
        raise BadEntry(f"sgt bridges: m{match.group(5)}: the most bridges joining two islands "
                       f"is 1..{hashi.MOST_BRIDGES} (m1..m{hashi.MOST_BRIDGES})", params_at)
    no_loops = bool(match.group(6))  # `L`: loops are not allowed
    if width < 3 or height < 3:
        raise BadEntry(f"sgt bridges: grid {width}x{height} too small: width and height must be at "
                       "least 3", params_at)
    if width * height > hashi.MAX_CELLS:
        raise BadEntry(f"sgt bridges: grid {width}x{height} too large", params_at)
    cells, count = _decode_islands(desc, desc_at, width * height, most)
    check_cells("bridges", count, width * height, f"{width}x{height}")
    islands = grid(cells, width)
    _check_islands(islands, "sgt bridges: ")
    return HashiInstance(islands, max_bridges=most, no_loops=no_loops)


def _decode_islands(desc: str, at: int, area: int, most: int) -> tuple[list[int], int]:
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
        limit = hashi.value_limit(most)
        if value > limit:
            raise BadEntry(f"sgt bridges: island {value} needs more than {limit} bridges, "
                           f"impossible with at most {most} (m{most}) in each direction",
                           at + i)
        cells.append(value)
        count += 1
    return cells[:area], count


def _check_islands(cells: Grid, prefix: str) -> None:
    """The game's rules on islands: at least two, none orthogonally next to another."""
    islands = [(r, c) for r, row in enumerate(cells) for c, value in enumerate(row) if value]
    if len(islands) < 2:
        raise BadEntry(f"{prefix}the game needs at least two islands, found {len(islands)}")
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            if r + dr < len(cells) and c + dc < len(cells[0]) and cells[r + dr][c + dc]:
                raise BadEntry(f"{prefix}islands at row {r + 1}, column {c + 1} and row "
                               f"{r + dr + 1}, column {c + dc + 1} touch: the game refuses "
                               "adjacent islands")


def write_bridges(instance: HashiInstance) -> str:
    if instance.height < 3 or instance.width < 3:
        raise BadEntry(f"sgt bridges: Bridges needs a grid of at least 3x3, this one is "
                       f"{instance.width}x{instance.height}")
    _check_islands(instance.grid, "sgt bridges: cannot write this puzzle: ")
    _refuse_any(instance, "sgt bridges: Bridges")
    out: list[str] = []
    run = 0
    for value in (value for row in instance.grid for value in row):
        if value:
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(hashi.drawn_cell(value))  # 10..16 as A..G, as the game writes them
        else:
            if run == 26:
                out.append("z")
                run = 0
            run += 1
    if run:
        out.append(chr(ord("a") + run - 1))
    loops = "L" if instance.no_loops else ""
    return f"{instance.width}x{instance.height}m{instance.max_bridges}{loops}:{''.join(out)}"


def _refuse_any(instance: HashiInstance, what: str) -> None:
    """A format without `?` islands cannot carry this puzzle: refused, naming the first."""
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            if value == hashi.ANY:
                raise BadEntry(f"{what} has no '?' island (one at row {r + 1}, column "
                               f"{c + 1}): this puzzle cannot be written in it")


def _refuse_variants(instance: HashiInstance, what: str) -> None:
    """A format that says only the usual rules cannot carry a variant: refused, naming it."""
    if instance.max_bridges != hashi.DEFAULT_MAX_BRIDGES:
        raise BadEntry(f"{what} cannot say 'at most {instance.max_bridges} bridge(s) a pair' "
                       f"(only the usual {hashi.DEFAULT_MAX_BRIDGES}): this puzzle cannot be "
                       "written in it")
    if instance.no_loops:
        raise BadEntry(f"{what} cannot say 'no loops': this puzzle cannot be written in it")


BRIDGES = SgtGame("bridges", "Bridges", "7x7m2:3a2a1i3a2a6a1h2b7a3g3a3a3a1", read_bridges,
                  write_bridges)


# ---------------------------------------------------------------- puzz.link


def read_url(cols: int, rows: int, body: str, at: int) -> HashiInstance:
    if cols * rows > hashi.MAX_CELLS:
        raise BadEntry(f"url hashi: grid {cols}x{rows} too large", at)
    values, columns = decode_number16(body, at, cols * rows, f"url hashi {cols}x{rows}")
    for value, column in zip(values, columns):
        if value not in (None, UNKNOWN) and not 1 <= value <= hashi.USUAL_MAX_VALUE:
            raise BadEntry(f"url hashi: clue {value} out of range: expected 1..{hashi.USUAL_MAX_VALUE} "
                           "or '.' (a '?' island)", column)
    cells = [0 if value is None else hashi.ANY if value == UNKNOWN else value
             for value in values]
    if not any(cells):
        raise BadEntry("url hashi: the grid has no island", at)
    return HashiInstance(grid(cells, cols))


def write_url(instance: HashiInstance) -> Cells:
    _refuse_variants(instance, "url hashi: a puzz.link Hashi")
    values = [UNKNOWN if value == hashi.ANY else value or None
              for row in instance.grid for value in row]
    return instance.width, instance.height, values


URL = UrlCodec(("hashi", "hashikake", "bridges"), read_url, write_url)


# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> HashiInstance:
    r = f.reader
    rows, cols = f.board(hashi.MAX_CELLS)
    most = f.data.get("max_bridges", hashi.DEFAULT_MAX_BRIDGES)
    most = r.integer(most, f.at("max_bridges"), 1, hashi.MOST_BRIDGES)
    no_loops = f.data.get("no_loops", False)
    if not isinstance(no_loops, bool):
        raise r.fail(f.at("no_loops"), "no_loops is true or false")
    items = r.array(f.data["islands"], f.at("islands"), nonempty=True)
    cells = [[0] * cols for _ in range(rows)]
    for i, item in enumerate(items):
        row, col, value = r.array(item, f.at("islands", i), 3)
        row = r.integer(row, f.at("islands", i, 0), 0, rows - 1)
        col = r.integer(col, f.at("islands", i, 1), 0, cols - 1)
        if value != hashi.QUESTION:  # a `?` island: any number of bridges
            value = r.integer(value, f.at("islands", i, 2))
        if cells[row][col]:
            raise r.fail(f.at("islands", i), f"a second island at row {row}, column {col}")
        cells[row][col] = hashi._island_value(str(value), f.token("islands", i, 2), most)
    instance = HashiInstance(tuple(map(tuple, cells)), title, max_bridges=most,
                             no_loops=no_loops)
    mode = f.data.get("connectivity")
    if mode is None:
        return instance
    mode = r.string(mode, f.at("connectivity"))
    return hashi.with_connectivity(instance, mode, f.token("connectivity", text=mode))


def write_json(instance: HashiInstance) -> dict[str, JSONOut]:
    islands = [[r, c, hashi.QUESTION if value == hashi.ANY else value]
               for r, row in enumerate(instance.grid) for c, value in enumerate(row) if value]
    return {"rows": instance.height, "cols": instance.width, "islands": islands,
            "connectivity": instance.connectivity, "max_bridges": instance.max_bridges,
            "no_loops": instance.no_loops}


JSON = JsonCodec(("rows", "cols", "islands", "connectivity", "max_bridges", "no_loops"),
                 ("rows", "cols", "islands"), read_json, write_json)


# ---------------------------------------------------------------- .has files


def read_has(text: str, path: str) -> list[HashiInstance]:
    rows = tokenize_rows(text, path, hashi.BLOCK_LIMITS["grid"].with_header(3))
    if not rows or len(rows[0]) != 3 or not all(natural(t.text) for t in rows[0]):
        where = rows[0][0] if rows else None
        message = "expected a .has header 'ROWS COLUMNS ISLANDS' (three integers)"
        raise where.error(message) if where else InputError(message, path, 1, 1)
    return hashi.read_native(text, path, {})[0]


def to_has(instance: HashiInstance) -> str:
    """The instance as a `.has` file (the Coelho et al. benchmark format)."""
    try:
        _refuse_any(instance, "a .has file")
        _refuse_variants(instance, "a .has file")
    except BadEntry as bad:
        raise InputError(bad.message) from None
    islands = sum(1 for row in instance.grid for v in row if v)
    lines = [f"{instance.height} {instance.width} {islands}"]
    lines += [" ".join(map(str, row)) for row in instance.grid]
    return "\n".join(lines) + "\n"


# the connectivity mode is a solver option, not part of the puzzle: .has files drop it
NATIVE = (NativeFormat("has", read_has, to_has, drops=("title", "connectivity")),)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = (BRIDGES,)
