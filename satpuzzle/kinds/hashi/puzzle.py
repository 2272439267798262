"""Hashiwokakero (Hashi, "Bridges"): join the islands with horizontal and vertical bridges so
that each island has as many bridges as its number, at most two join a pair, no bridge crosses
another or passes over an island, and the bridges connect every island. A `?` island
(puzz.link's island of unknown number, ANY in the grid) takes any number of bridges. Variants
(Simon Tatham's Bridges `m1`..`m4` and `L`): at most 1, 3 or 4 bridges a pair
(`max_bridges`), and no loops (`no_loops`: the bridged pairs form a tree).

This module is the instance and its reading (`.puz` blocks, `.has` files, plain grids) and
writing back; geometry.py holds where bridges can go, rules.py the rules as constraints over
the constraint library, decoding.py and rendering.py the answers, generation.py random puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import islice

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit

KIND = "hashi"
DEFAULT_MAX_BRIDGES = 2  # the usual rule; variants allow 1, 3 or 4 (Simon Tatham's `m1`..`m4`)
MOST_BRIDGES = 4  # the largest maximum per pair any variant has (Tatham's MAX_BRIDGES)
MAX_VALUE = 4 * MOST_BRIDGES  # four directions, at most four bridges each
USUAL_MAX_VALUE = 4 * DEFAULT_MAX_BRIDGES  # .has files, puzz.link and plain grids stop here
MAX_CELLS = 250_000
BLOCK_LIMITS = {"grid": BlockLimit(MAX_CELLS, MAX_CELLS)}  # read before the text is parsed
CONNECTIVITY_MODES = ("lazy", "eager")
WATER = "."
QUESTION = "?"
ANY = -1  # a `?` island in the grid: any number of bridges

Grid = tuple[tuple[int, ...], ...]
Cell = tuple[int, int]
Bridge = tuple[Cell, Cell, int]  # (first cell, second cell, 1..max_bridges), first < second
Solution = tuple[Bridge, ...]
# ("bridge", r1, c1, r2, c2, k), 1-based cells: at least k bridges between the two islands
BridgeName = tuple[str, int, int, int, int, int]


@dataclass(frozen=True)
class HashiInstance:
    """Island numbers on a grid (0 = water, ANY = a `?` island); `connectivity` picks the
    encoding (None: default). The variants: `max_bridges` joins a pair by at most that many
    bridges (1..4, the usual 2 by default), `no_loops` asks that the bridges form no cycle
    (with connectivity: a spanning tree; a double bridge is no loop). `encodings`: the
    user's choice of encoding per family of rules.py (family, name)."""

    grid: Grid
    title: str | None = None
    connectivity: str | None = None
    max_bridges: int = DEFAULT_MAX_BRIDGES
    no_loops: bool = False
    encodings: tuple[tuple[str, str], ...] = ()  # family → encoding chosen by the user
    KIND = KIND
    _VALUES = frozenset((ANY, *range(MAX_VALUE + 1)))

    def __post_init__(self) -> None:
        """Refuse what is no Hashi, also when built in code (readers refuse it earlier, at
        its position): rows of one width, at most MAX_CELLS cells, of integers 0 (water),
        1..MAX_VALUE or ANY, some island; a known connectivity. Lists become tuples."""
        from itertools import chain

        try:
            grid = self.grid
            if type(grid) is not tuple or not all(type(row) is tuple for row in grid):
                grid = tuple(map(tuple, grid))  # built in code from lists
                object.__setattr__(self, "grid", grid)
            width = len(grid[0]) if grid else 0
            valid = (width > 0 and len(grid) * width <= MAX_CELLS
                     and all(len(row) == width for row in grid)
                     and {int}.issuperset(map(type, chain.from_iterable(grid)))  # no bool
                     and self._VALUES.issuperset(chain.from_iterable(grid)))
        except TypeError:
            valid = False
        if not valid:
            raise InputError(f"the grid must be rows of one width, at most {MAX_CELLS} cells, "
                             f"of integers 0 (water), 1..{MAX_VALUE} (an island's bridges) "
                             f"or {ANY} (a '?' island)")
        if not any(map(any, grid)):
            raise InputError("the grid has no island")
        if self.connectivity not in (None, *CONNECTIVITY_MODES):
            raise InputError(f"connectivity is lazy or eager, found {self.connectivity!r}")
        if type(self.max_bridges) is not int or not 1 <= self.max_bridges <= MOST_BRIDGES:
            raise InputError(f"max-bridges is 1..{MOST_BRIDGES}, found {self.max_bridges!r}")
        if type(self.no_loops) is not bool:
            raise InputError(f"no_loops is true or false, found {self.no_loops!r}")
        limit = value_limit(self.max_bridges)
        if max(map(max, grid)) > limit:  # then name the first such island
            r, c = next((r, c) for r, row in enumerate(grid) for c, value in enumerate(row)
                        if value > limit)
            raise InputError(f"island {grid[r][c]} at row {r + 1}, column {c + 1} needs more "
                             f"than {limit} bridges, impossible with at most "
                             f"{self.max_bridges} in each direction")

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0])


def value_limit(max_bridges: int) -> int:
    """The largest island number with at most `max_bridges` bridges in each direction."""
    return 4 * max_bridges


def with_connectivity(instance: HashiInstance, mode: str | None,
                      where: Token | None = None) -> HashiInstance:
    """The instance with connectivity `mode` ("lazy", "eager", or None to keep its own)."""
    if mode is None:
        return instance
    if mode not in CONNECTIVITY_MODES:
        message = f"connectivity is lazy or eager, found {mode!r}"
        raise where.error(message) if where else InputError(message)
    return replace(instance, connectivity=mode)


# ---------------------------------------------------------------- reading


def cell_text(value: int) -> str:
    """One cell as written: its number, `?` or `.` for water."""
    if value == ANY:
        return QUESTION
    return str(value) if value else WATER


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def drawn_cell(value: int) -> str:
    """One cell in a drawing, one character wide: as cell_text, but an island of 10..16
    (only with 3 or 4 bridges a pair) as a letter A..G, as Simon Tatham's Bridges writes
    it."""
    if value >= 10:
        return chr(ord("A") + value - 10)
    return cell_text(value)


def _island_value(text: str, cell: Token, max_bridges: int = DEFAULT_MAX_BRIDGES) -> int:
    """The number of one cell: 0 for water, 1..4×max_bridges for an island, ANY for a `?`
    island."""
    limit = value_limit(max_bridges)
    if text == WATER:
        return 0
    if text == QUESTION:
        return ANY
    if not _is_int(text):
        what = "a digit" if limit < 10 else "a number"
        raise cell.error(f"expected {what} 1..{limit}, '?' (any number of bridges) or "
                         f"'.' for water, found {text!r}")
    value = int(text)
    if value == 0:
        raise cell.error(f"island 0: an island needs 1..{limit} bridges (write '.' for water)")
    if value > limit:
        raise cell.error(f"island value {text} out of range: expected 1..{limit} "
                         f"(at most {_WORDS[max_bridges]} bridge{'s' * (max_bridges > 1)} in "
                         "each of four directions)")
    return value


def _row_cells(row: list[Token], spaced: bool) -> list[Token]:
    """The cells of one grid line: its tokens when the grid is spaced (`2 . 3`), else the
    characters of its one token (`2.3`), each with its own column."""
    if spaced:
        return row
    token = row[0]
    pos = token.pos
    return [Token(char, Position(pos.path, pos.line,
                                 None if pos.column is None else pos.column + offset))
            for offset, char in enumerate(token.text)]


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   max_bridges: int = DEFAULT_MAX_BRIDGES) -> Grid:
    """A grid from lines of cells: spaced (`2 . 3`) when any line holds several tokens,
    else runs of one-character cells (`2.3`); island numbers up to 4 × max_bridges."""
    if not rows:
        raise error_at(where, "empty grid: expected lines of digits 1..8, '?' and '.' for "
                              "water")
    spaced = any(len(row) > 1 for row in rows)
    # counted before one Token is made per character: a huge file is refused at once
    first_width = len(rows[0]) if spaced else len(rows[0][0].text)
    if len(rows) * first_width > MAX_CELLS:
        raise error_at(where, f"grid of {len(rows)}×{first_width} cells is too large")
    lines = [_row_cells(row, spaced) for row in rows]
    width = len(lines[0])
    for cells in lines[1:]:
        if len(cells) != width:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {width} like the "
                                 "first line (every line of the grid has the same width)")
    if width * len(lines) > MAX_CELLS:
        raise error_at(where, f"grid of {len(lines)}×{width} cells is too large")
    grid = tuple(tuple(_island_value(cell.text, cell, max_bridges) for cell in cells)
                 for cells in lines)
    if not any(any(row) for row in grid):
        raise error_at(where, "the grid has no island")
    return grid



def from_spec(spec: PuzzleSpec) -> HashiInstance:
    """The instance of a `hashi { connectivity: lazy|eager  max-bridges: 1..4  loops: yes|no
    grid { ... } }` puzzle."""
    spec.check_names({"grid", "connectivity", MAX_BRIDGES_FIELD, LOOPS_FIELD}, {"grid"})
    most = _max_bridges_field(spec)
    no_loops = _loops_field(spec)
    rows, where = spec.grid("lines of digits 1..8, '?' and '.'")
    instance = HashiInstance(grid_from_rows(rows, where, most), spec.title, max_bridges=most,
                             no_loops=no_loops)
    if "connectivity" in spec.fields:
        values = spec.fields["connectivity"].values
        if len(values) != 1:
            raise values[1].error("connectivity takes one value: lazy or eager")
        instance = with_connectivity(instance, values[0].text, values[0])
    return instance


MAX_BRIDGES_FIELD = "max-bridges"
LOOPS_FIELD = "loops"
LOOPS_VALUES = {"yes": False, "no": True}  # the word → no_loops


def _single_value(spec: PuzzleSpec, name: str, expected: str) -> Token | None:
    """The one value of field `name`, None when the field is absent."""
    if name not in spec.fields:
        return None
    values = spec.fields[name].values
    if len(values) != 1:
        raise values[1].error(f"{name} takes one value: {expected}")
    return values[0]


def _max_bridges_field(spec: PuzzleSpec) -> int:
    """`max-bridges: K`, at most K bridges join two islands (1..4; 2 when absent)."""
    expected = f"1..{MOST_BRIDGES} (the most bridges joining two islands)"
    token = _single_value(spec, MAX_BRIDGES_FIELD, expected)
    if token is None:
        return DEFAULT_MAX_BRIDGES
    if not (_is_int(token.text) and 1 <= int(token.text) <= MOST_BRIDGES):
        raise token.error(f"{MAX_BRIDGES_FIELD} is {expected}, found {token.text!r}")
    return int(token.text)


def _loops_field(spec: PuzzleSpec) -> bool:
    """`loops: no` (the bridges may form no cycle) or `loops: yes` (the usual rule); whether
    loops are forbidden."""
    expected = "yes (the usual rule) or no (the bridges form no cycle)"
    token = _single_value(spec, LOOPS_FIELD, expected)
    if token is None:
        return False
    if token.text not in LOOPS_VALUES:
        raise token.error(f"{LOOPS_FIELD} is {expected}, found {token.text!r}")
    return LOOPS_VALUES[token.text]


def _is_int(text: str) -> bool:
    return text.isascii() and text.isdigit()  # "²".isdigit() is true, int("²") fails


def sniff(text: str) -> bool:
    """Whether `text` is a `.has` file: `R C N`, then exactly R lines of C numbers 0..8 holding
    N islands. Strict on purpose, so that no Sudoku or crossword grid is taken for one."""
    lines = (words for words in map(str.split, text_lines(text)) if words)  # one at a time:
    header = next(lines, None)  # a large file of something else stops at its first lines
    if not header or len(header) != 3 or not all(map(_is_int, header)):
        return False
    height, width, islands = map(int, header)
    if height < 1 or width < 1 or islands < 1:
        return False
    if height * width > MAX_CELLS:
        return True  # a .has header, too large: the reader says so, having read no further
    found = rows = 0
    for words in lines:
        rows += 1
        if rows > height or len(words) != width or not all(
                _is_int(w) and int(w) <= USUAL_MAX_VALUE for w in words):
            return False
        found += sum(1 for w in words if int(w))
    return rows == height and found == islands


def fit(text: str) -> int:
    """How well a native text fits Hashi: a `.has` file is certain; a plain grid of `.`,
    digits 1..8 and `?` possible, likely when it has no `?`, the island values sum to an even
    number and every island sees enough neighbours to carry its bridges."""
    if sniff(text):
        return Fit.CERTAIN
    rows = ["".join(line.split()) for line in islice(text_lines(text), 1000) if line.strip()]
    if len(rows) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return Fit.NO
    if any(ch not in (WATER, QUESTION) and not "1" <= ch <= str(USUAL_MAX_VALUE)
           for row in rows for ch in row):
        return Fit.NO
    islands = {(r, c): ANY if ch == QUESTION else int(ch) for r, row in enumerate(rows)
               for c, ch in enumerate(row) if ch != WATER}
    if len(islands) == len(rows) * len(rows[0]):
        return Fit.NO  # no water: islands need room for their bridges
    if len(islands) < 2 or ANY in islands.values() or sum(islands.values()) % 2:
        return Fit.POSSIBLE
    for (r, c), value in islands.items():
        seen = sum(1 for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                   if _sees_island(islands, r, c, dr, dc, len(rows), len(rows[0])))
        if value > 2 * seen:
            return Fit.POSSIBLE
    return Fit.LIKELY


def _sees_island(islands: dict[Cell, int], r: int, c: int, dr: int, dc: int, height: int,
                 width: int) -> bool:
    r, c = r + dr, c + dc
    while 0 <= r < height and 0 <= c < width:
        if (r, c) in islands:
            return True
        r, c = r + dr, c + dc
    return False


def read_native(text: str, path: str, options: dict) -> tuple[list[HashiInstance], bool]:
    """A `.has` file (`R C N` then R lines of C numbers, 0 empty, 1..8 an island), or a plain
    grid of characters (`.` water, a digit an island)."""
    rows = tokenize_rows(text, path, BLOCK_LIMITS["grid"].with_header(3))
    if not rows:
        raise InputError("empty file, expected a .has file or a grid of digits and '.'",
                         path, 1, 1)
    if len(rows[0]) == 3 and all(_is_int(t.text) for t in rows[0]):
        grid = _read_has(rows, path)
    else:
        grid = grid_from_rows(rows, path)
    instance = with_connectivity(HashiInstance(grid), options.get("connectivity"))
    return [instance], False


def _read_has(rows: list[list[Token]], path: str) -> Grid:
    """The grid of a `.has` file, every count of the header checked against the rows."""
    height_token, width_token, islands_token = rows[0]
    height, width = int(height_token.text), int(width_token.text)
    if height < 1 or width < 1:
        raise height_token.error(f"header {height} {width}: a grid needs at least one row "
                                 "and one column")
    body = rows[1:]
    if len(body) != height:
        raise height_token.error(f".has header says {height} rows but {len(body)} follow "
                                 "(a first line of three numbers is read as a .has header)")
    grid = []
    for row in body:
        if len(row) != width:
            raise row[0].error(f"line has {len(row)} number(s), expected {width} "
                               "(the .has header's column count)")
        grid.append(tuple(0 if t.text == "0" else _has_value(t) for t in row))
    if height * width > MAX_CELLS:
        raise height_token.error(f"grid of {height}×{width} cells is too large")
    found = sum(1 for row in grid for v in row if v)
    if int(islands_token.text) != found:
        raise islands_token.error(f".has header says {islands_token.text} islands but the "
                                  f"grid holds {found}")
    if not found:
        raise height_token.error("the grid has no island")
    return tuple(grid)


def _has_value(token: Token) -> int:
    """An island of a `.has` file: numbers only, the format has no `?`."""
    if token.text == QUESTION:
        raise token.error("a .has file has no '?' island: its islands are numbers 1..8")
    return _island_value(token.text, token)


def to_puz(instance: HashiInstance) -> str:
    """The instance in the .puz language."""
    title = f' "{instance.title}"' if instance.title else ""
    lines = [f"hashi{title} {{"]
    if instance.connectivity:
        lines.append(f"  connectivity: {instance.connectivity}")
    if instance.max_bridges != DEFAULT_MAX_BRIDGES:
        lines.append(f"  {MAX_BRIDGES_FIELD}: {instance.max_bridges}")
    if instance.no_loops:
        lines.append(f"  {LOOPS_FIELD}: no")
    lines.append("  grid {")
    lines += ["    " + " ".join(map(cell_text, row)) for row in instance.grid]
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"
