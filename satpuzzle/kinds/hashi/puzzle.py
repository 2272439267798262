"""Hashiwokakero (Hashi, "Bridges"): join the islands with horizontal and vertical bridges so
that each island has as many bridges as its number, at most two join a pair, no bridge crosses
another or passes over an island, and the bridges connect every island. A `?` island
(puzz.link's island of unknown number, ANY in the grid) takes any number of bridges. Variants
(Simon Tatham's Bridges `m1`..`m4` and `L`): at most 1, 3 or 4 bridges a pair
(`max_bridges`), and no loops (`no_loops`: the bridged pairs form a tree).

The rules as constraints (order, crossings, degrees, connectivity, no loops) are in rules.py,
over the constraint library; this module holds the instance, reading, geometry (candidate
pairs and crossings), decoding, output and generation.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import islice
from typing import TypeGuard, cast

from satpuzzle.cnf import Formula, VarName
from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.solving import Job, LimitReached, ModelStream

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
# 3 and 4 bridges (the variants only) have no ASCII look-alike: ≡ ≣ across, ┆ ┊ down (the
# dashes count the bridges)
HORIZONTAL = {1: "-", 2: "=", 3: "≡", 4: "≣"}
VERTICAL = {1: "|", 2: '"', 3: "┆", 4: "┊"}
_VERDICTS = {"unique", "multiple", "none", "unknown"}

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


# ---------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Board:
    """Where bridges can go: islands by index, candidate pairs (island indices, the lower
    index first, which is also the upper or left cell) and pairs whose bridges would cross."""

    islands: tuple[Cell, ...]
    values: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    crossings: tuple[tuple[int, int], ...]  # indices into pairs: (horizontal, vertical)


@lru_cache(maxsize=16)
def board(grid: Grid) -> Board:
    islands = tuple((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    index = {cell: i for i, cell in enumerate(islands)}
    pairs: list[tuple[int, int]] = []
    # A water cell lies under at most one horizontal and one vertical candidate pair (the
    # pairs of the nearest islands around it), so crossings are the cells covered twice.
    horizontal_over: dict[Cell, int] = {}
    crossings: list[tuple[int, int]] = []
    for lines, horizontal in ((_rows_of(grid), True), (_columns_of(grid), False)):
        for line in lines:
            previous = None
            for cell in line:
                if not grid[cell[0]][cell[1]]:
                    continue
                if previous is not None:
                    pair_index = len(pairs)
                    pairs.append((index[previous], index[cell]))
                    for between in _cells_between(previous, cell):
                        if horizontal:
                            horizontal_over[between] = pair_index
                        elif between in horizontal_over:
                            crossings.append((horizontal_over[between], pair_index))
                previous = cell
    values = tuple(grid[r][c] for r, c in islands)
    return Board(islands, values, tuple(pairs), tuple(crossings))


def _rows_of(grid: Grid) -> list[list[Cell]]:
    return [[(r, c) for c in range(len(grid[0]))] for r in range(len(grid))]


def _columns_of(grid: Grid) -> list[list[Cell]]:
    return [[(r, c) for r in range(len(grid))] for c in range(len(grid[0]))]


def _cells_between(first: Cell, second: Cell) -> list[Cell]:
    (r1, c1), (r2, c2) = first, second
    if r1 == r2:
        return [(r1, c) for c in range(c1 + 1, c2)]
    return [(r, c1) for r in range(r1 + 1, r2)]


def _components(size: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Component label of each of `size` nodes."""
    sets = DisjointSets(range(size))
    for a, b in edges:
        sets.union(a, b)
    return [sets.find(node) for node in range(size)]


# ---------------------------------------------------------------- encoding
# The rules are stated in rules.py over the constraint library; these load it when first
# asked (rules.py builds on this module).


def encode(instance: HashiInstance) -> Formula:
    """The CNF of one puzzle, connectivity as the instance chooses (rules.py)."""
    from satpuzzle.kinds.hashi import rules

    return rules.encode(instance)


def encode_standalone(instance: HashiInstance) -> Formula:
    """A formula complete by itself (the spanning tree), for DIMACS export (rules.py)."""
    from satpuzzle.kinds.hashi import rules

    return rules.encode_standalone(instance)


def encode_local_rules(instance: HashiInstance) -> Formula:
    """Every rule but connectivity (rules.py): for tests and comparisons."""
    from satpuzzle.kinds.hashi import rules

    return rules.encode_local_rules(instance)


def decode(instance: HashiInstance, true_names: Iterable[VarName]) -> Solution:
    """The bridges: each true bridge(r1, c1, r2, c2, k) variable, keeping the largest k."""
    counts: dict[tuple[Cell, Cell], int] = {}
    for name in true_names:
        if name[0] == "bridge":
            r1, c1, r2, c2, k = cast(BridgeName, name)[1:]  # as the rules name them
            key = ((r1 - 1, c1 - 1), (r2 - 1, c2 - 1))
            counts[key] = max(counts.get(key, 0), k)
    return tuple(sorted((a, b, k) for (a, b), k in counts.items()))


# ---------------------------------------------------------------- output


def _drawing(instance: HashiInstance, solution: Solution) -> list[list[str]]:
    """Cells at even rows and columns, the gaps between them at odd ones, so that a bridge
    between neighbouring islands (length zero) shows too: `2=3` on one line, `|` between
    lines."""
    canvas = [[" "] * (2 * instance.width - 1) for _ in range(2 * instance.height - 1)]
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            canvas[2 * r][2 * c] = drawn_cell(value)
    for (r1, c1), (r2, c2), count in solution:
        if r1 == r2:
            for x in range(2 * c1 + 1, 2 * c2):
                canvas[2 * r1][x] = HORIZONTAL[count]
        else:
            for y in range(2 * r1 + 1, 2 * r2):
                canvas[y][2 * c1] = VERTICAL[count]
    return canvas


def render_text(instance: HashiInstance, solution: Solution) -> str:
    """The grid with its bridges: 2R-1 lines of 2C-1 characters, islands as digits (10..16
    as A..G), water `.`, bridges `-` `=` `≡` `≣` across and `|` `"` `┆` `┊` down (1..4 of
    them, drawn over the water they span)."""
    return "\n".join("".join(line).rstrip() for line in _drawing(instance, solution))


def render_json(instance: HashiInstance, solution: Solution) -> list[dict]:
    """Each bridge as {"from": [r, c], "to": [r, c], "count": 1..max_bridges}, 0-based."""
    return [{"from": list(a), "to": list(b), "count": count} for a, b, count in solution]


def from_json(instance: HashiInstance, data: object, path: str) -> Solution:
    """A solution given as render_json writes it; whether it obeys the rules is the checker's
    business."""
    shape = ('a Hashi solution in JSON is a list of {"from": [r, c], "to": [r, c], '
             '"count": a number of bridges}')
    if not isinstance(data, list):
        raise InputError(shape, path)
    bridges = []
    for item in data:
        if not (isinstance(item, dict) and set(item) == {"from", "to", "count"}
                and all(_is_cell(item[end]) for end in ("from", "to"))
                and isinstance(item["count"], int) and not isinstance(item["count"], bool)):
            raise InputError(shape, path)
        first, second = sorted((tuple(item["from"]), tuple(item["to"])))
        bridges.append((first, second, item["count"]))
    return tuple(sorted(bridges))


def _is_cell(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def parse_solutions(instance: HashiInstance, text: str, path: str) -> list[Solution]:
    """Drawings as render_text writes them, one after another; blank lines, `#` lines and a
    --unique verdict line between them are skipped."""
    lines = text.splitlines()
    height = 2 * instance.height - 1
    solutions = []
    number = 0
    while number < len(lines):
        line = lines[number].strip()
        if not line or line.startswith("#") or line in _VERDICTS:
            number += 1
            continue
        block = lines[number:number + height]
        if len(block) < height:
            raise InputError(f"drawing ends after {len(block)} line(s), expected {height} "
                             f"for a {instance.height}-row grid", path, number + 1, 1)
        solutions.append(_read_drawing(instance, block, path, number + 1))
        number += height
    if not solutions:
        raise InputError("empty solution file, expected a drawing of the bridges", path, 1, 1)
    return solutions


def _read_drawing(instance: HashiInstance, block: list[str], path: str,
                  first_line: int) -> Solution:
    """The bridges of one drawing, traced from each island rightwards and downwards; the
    drawing must then be exactly what render_text makes of them."""
    width = 2 * instance.width - 1
    canvas = [line.rstrip().ljust(width) for line in block]
    for y, line in enumerate(canvas):
        if len(line) > width:
            raise InputError(f"line is longer than the drawing ({width} characters)",
                             path, first_line + y, width + 1)
    bridges = []
    for (r, c) in board(instance.grid).islands:
        for step, symbols in (((0, 1), HORIZONTAL), ((1, 0), VERTICAL)):
            bridge = _trace(instance, canvas, (r, c), step, symbols)
            if bridge is not None:
                bridges.append(bridge)
    solution = tuple(sorted(bridges))
    expected = _drawing(instance, solution)
    for y, (line, wanted) in enumerate(zip(canvas, expected)):
        for x, (found, want) in enumerate(zip(line, wanted)):
            if found != want:
                what = ("a bridge that does not run between two islands" if want in " ."
                        else f"{want!r}")
                raise InputError(f"unexpected {found!r}: expected {what}",
                                 path, first_line + y, x + 1)
    return solution


def _trace(instance: HashiInstance, canvas: list[str], start: Cell, step: Cell,
           symbols: dict[int, str]) -> Bridge | None:
    """The bridge leaving island `start` in direction `step`, if one is drawn and reaches an
    island; None otherwise (the final comparison reports a broken one)."""
    dy, dx = step
    y, x = 2 * start[0] + dy, 2 * start[1] + dx
    if y >= len(canvas) or x >= len(canvas[0]):
        return None
    count = {symbol: k for k, symbol in symbols.items()}.get(canvas[y][x])
    if count is None:
        return None
    while y < len(canvas) and x < len(canvas[0]) and canvas[y][x] == symbols[count]:
        y, x = y + dy, x + dx
    if y < len(canvas) and x < len(canvas[0]) and y % 2 == 0 and x % 2 == 0 \
            and instance.grid[y // 2][x // 2]:
        return (start, (y // 2, x // 2), count)
    return None


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


# ---------------------------------------------------------------- generation


def generate(rows: int, cols: int, *, islands: int, seed: int,
             unique: bool = False) -> HashiInstance:
    """A random connected puzzle, as the Shikaku and Hashiwokakero integer-programming study describes: `islands` random islands,
    every candidate bridge between them, an island added wherever two bridges cross, then one
    or two bridges on each pair at random and the island numbers read off. The placement is
    redrawn (up to 100 times) until its bridges connect every island; failing that, the
    largest connected group is kept. With `unique`, islands are added and bridges doubled
    where a second solution differs until the puzzle has exactly one (see _make_unique).
    No two islands are ever placed in orthogonally neighbouring cells, as Simon Tatham's
    Bridges requires (its game IDs cannot hold them): fewer than `islands` may stand when the
    grid has no room, and a crossing whose cell has a neighbouring island loses an island of
    its pairs instead (see _without_crossings).
    Deterministic for a given seed (the solver is deterministic too)."""
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:  # before listing every cell
        raise InputError(f"cannot generate a {rows}×{cols} grid: 1..{MAX_CELLS} cells")
    if not 2 <= islands <= rows * cols:
        raise InputError(f"cannot place {islands} islands on a {rows}×{cols} grid "
                         "(a puzzle needs at least two)")
    if max(rows, cols) < 3:
        raise InputError(f"a {rows}×{cols} grid has no room for two islands apart (no island "
                         "may stand next to another): give a side of 3 or more")
    rng = random.Random(seed)
    all_cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _layout in range(UNIQUE_LAYOUTS):
        best: set[Cell] = set()
        for _attempt in range(100):
            placed = _without_crossings(_apart(rng.sample(all_cells, len(all_cells)), islands),
                                        rows, cols, rng)
            group = _largest_group(placed, rows, cols) if placed else set()
            if len(group) > len(best):
                best = group
            if len(group) == len(placed) >= 2:
                break
        if len(best) < 2:
            raise InputError(f"no two of {islands} random islands on a {rows}×{cols} grid "
                             "could be joined; give more islands")
        planted = _planted_solution(best, rows, cols, rng)
        instance = HashiInstance(_numbers(planted, best, rows, cols))
        if not unique:
            return instance
        made = _make_unique(instance, planted)
        if made is not None:
            return made
    raise InputError(f"no unique {rows}×{cols} puzzle from {UNIQUE_LAYOUTS} layouts of seed "
                     f"{seed}; try another seed")


UNIQUE_LAYOUTS = 20  # layouts tried when one cannot be made unique without neighbouring islands


def _apart(cells: list[Cell], wanted: int) -> set[Cell]:
    """The first `wanted` of `cells` (in their random order) that have no orthogonal
    neighbour among those taken: fewer when the grid has no room for more."""
    taken: set[Cell] = set()
    for cell in cells:
        if len(taken) == wanted:
            break
        if not _has_neighbour(cell, taken):
            taken.add(cell)
    return taken


def _has_neighbour(cell: Cell, islands: set[Cell]) -> bool:
    r, c = cell
    return bool({(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & islands)


def _empty_grid(cells: set[Cell], rows: int, cols: int) -> Grid:
    return tuple(tuple(int((r, c) in cells) for c in range(cols)) for r in range(rows))


def _without_crossings(cells: set[Cell], rows: int, cols: int,
                       rng: random.Random) -> set[Cell]:
    """Islands between which no two candidate bridges cross: an island is added where two
    cross (its new pairs are pieces of the old ones), unless that cell has a neighbouring
    island; then one of the four islands of the crossing pairs, at random, is removed. Rounds
    repeat until no crossing is left (a removal can make new pairs); each removes an island
    or leaves no crossing, so they end."""
    cells = set(cells)
    while True:
        layout = board(_empty_grid(cells, rows, cols))
        if not layout.crossings:
            return cells
        added: set[Cell] = set()
        touched: set[int] = set()  # pairs split or broken this round: their crossings wait
        removed = None
        for horizontal, vertical in layout.crossings:
            if horizontal in touched or vertical in touched:
                continue
            row = layout.islands[layout.pairs[horizontal][0]][0]
            col = layout.islands[layout.pairs[vertical][0]][1]
            if not _has_neighbour((row, col), cells | added):
                added.add((row, col))
                touched |= {horizontal, vertical}
            else:
                ends = sorted(layout.islands[i] for pair in (horizontal, vertical)
                              for i in layout.pairs[pair])
                removed = rng.choice(ends)
                break
        cells |= added
        if removed is not None:
            cells.discard(removed)


def _largest_group(cells: set[Cell], rows: int, cols: int) -> set[Cell]:
    """The islands of the largest connected group of candidate pairs. Removing the others
    leaves its pairs unchanged: a nearest neighbour is always in the same group."""
    layout = board(_empty_grid(cells, rows, cols))
    label = _components(len(layout.islands), layout.pairs)
    biggest = max(set(label), key=label.count)
    return {cell for cell, group in zip(layout.islands, label) if group == biggest}


def _planted_solution(cells: set[Cell], rows: int, cols: int, rng: random.Random) -> Solution:
    layout = board(_empty_grid(cells, rows, cols))
    return tuple(sorted((layout.islands[a], layout.islands[b], rng.choice((1, 2)))
                        for a, b in layout.pairs))


def _numbers(solution: Solution, cells: set[Cell], rows: int, cols: int) -> Grid:
    degree = dict.fromkeys(cells, 0)
    for a, b, count in solution:
        degree[a] += count
        degree[b] += count
    return tuple(tuple(degree.get((r, c), 0) for c in range(cols)) for r in range(rows))


def _make_unique(instance: HashiInstance, planted: Solution) -> HashiInstance | None:
    """Ask the solver for two solutions; while there are two, take one, S, that differs from
    the planted solution P, change P where they differ so that S no longer fits, and read the
    numbers off the new P (which stays a valid, connected solution of them). A new island
    goes to the cell between the pair's ends nearest its middle that has no neighbouring
    island (none is ever placed next to another):
    1. a pair bridged in P, with another count in S, with such a cell: put an island there,
       numbered twice the count, and split P's bridge there;
    2. else a pair bridged in S only, with such a cell: its cells carry no bridge of P (one
       would be a pair of case 1, as S cannot cross it), so put an island there and join it
       to one end by one bridge in P;
    3. else add one bridge to P on each pair where S has more and whose bridge crosses none
       of P (S's bridges cross none of each other), when there is one: the numbers at its
       ends change, so S no longer fits.
    Cases 1 and 2 remove a water cell; case 3 keeps the water and adds bridges to P, which
    are bounded (two per pair): the loop ends. None when no case applies: the caller lays
    out another puzzle."""
    while True:
        other = _other_solution(instance, planted)
        if other is None:
            return instance
        changed = _removing_difference(planted, other)
        if changed is None:
            return None
        planted = changed
        cells = {cell for a, b, _k in planted for cell in (a, b)}
        instance = HashiInstance(_numbers(planted, cells, instance.height, instance.width))


def _removing_difference(planted: Solution, other: Solution) -> Solution | None:
    """The planted solution changed as _make_unique describes (None: no case applies)."""
    planted_counts = {(a, b): k for a, b, k in planted}
    other_counts = {(a, b): k for a, b, k in other}
    differing = sorted(pair for pair in {*planted_counts, *other_counts}
                       if planted_counts.get(pair, 0) != other_counts.get(pair, 0))
    islands = {cell for pair in {*planted_counts, *other_counts} for cell in pair}
    free = {pair: cell for pair in differing
            if (cell := _free_cell(*pair, islands)) is not None}
    in_planted = [pair for pair in differing if pair in free and pair in planted_counts]
    in_other = [pair for pair in differing if pair in free and pair not in planted_counts]
    if in_planted:
        first, second = in_planted[0]
        cell = free[(first, second)]
        count = planted_counts.pop((first, second))
        planted_counts[(first, cell)] = planted_counts[(cell, second)] = count
    elif in_other:
        first, second = in_other[0]
        planted_counts[(first, free[(first, second)])] = 1
    else:
        more = [pair for pair in differing
                if other_counts.get(pair, 0) > planted_counts.get(pair, 0)
                and not any(_cross(pair, bridge) for bridge in planted_counts)]
        if not more:
            return None
        for pair in more:
            planted_counts[pair] = planted_counts.get(pair, 0) + 1
    return tuple(sorted((a, b, k) for (a, b), k in planted_counts.items()))


def _free_cell(first: Cell, second: Cell, islands: set[Cell]) -> Cell | None:
    """The cell between two islands nearest the middle with no island beside it, or None."""
    between = _cells_between(first, second)
    middle = (len(between) - 1) / 2
    for cell in sorted(between, key=lambda cell: abs(between.index(cell) - middle)):
        if not _has_neighbour(cell, islands):
            return cell
    return None


def _cross(pair: tuple[Cell, Cell], other: tuple[Cell, Cell]) -> bool:
    """Whether the bridges of two pairs would cross (one across the other's inner cells)."""
    return bool(set(_cells_between(*pair)) & set(_cells_between(*other))) and (
        (pair[0][0] == pair[1][0]) != (other[0][0] == other[1][0]))


def _other_solution(instance: HashiInstance, planted: Solution) -> Solution | None:
    """A solution other than `planted` among the first two the solver finds, or None when
    `planted` is the only one."""
    formula = encode(instance)
    stream = ModelStream(formula)
    found = []
    try:
        for true_vars in stream.models(Job(limit=2)):
            found.append(decode(instance, [formula.names[v] for v in true_vars]))
    except LimitReached:
        pass
    finally:
        stream.close()
    others = [solution for solution in found if solution != planted]
    if planted not in found and len(found) < 2:
        raise AssertionError("the planted solution is not a solution")  # a bug, not input
    return others[0] if len(found) > 1 else None


# ---------------------------------------------------------------- forced cells


def _is_bridge_name(name: VarName) -> TypeGuard[BridgeName]:
    """Whether `name` is a bridge variable's name: a tuple ("bridge", five ints)."""
    return (type(name) is tuple and len(name) == 6 and name[0] == "bridge"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: HashiInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: each pair of islands (1-based cells) with something forced:
    `r1c1-r1c5: 2 bridges`, `1 bridge`, `no bridge`, `at least 1 bridge` (a lower bound, the
    rest open), `at most 1 bridge` (an upper bound below the maximum) or `1 to 3 bridges`
    (both). The variables are an order encoding: bridge(..., k) = at least k bridges."""
    pairs: dict[tuple[int, int, int, int], dict[int, bool]] = {}
    for name, value in forced.items():
        if _is_bridge_name(name):  # every bridge variable's name is one
            pairs.setdefault(name[1:5], {})[name[5]] = value
    lines = []
    for (r1, c1, r2, c2), known in sorted(pairs.items()):
        low = max((k for k, value in known.items() if value), default=0)
        high = min((k - 1 for k, value in known.items() if not value),
                   default=instance.max_bridges)
        lines.append(f"r{r1}c{c1}-r{r2}c{c2}: {_bounds_text(low, high, instance.max_bridges)}")
    return lines


def _bridges(count: int) -> str:
    return "no bridge" if count == 0 else f"{count} bridge" + ("s" if count > 1 else "")


def _bounds_text(low: int, high: int, most: int) -> str:
    """A pair's count known to lie in low..high (of 0..most), in words."""
    if low == high:
        return _bridges(low)
    if high == most:
        return f"at least {_bridges(low)}"
    if low == 0:
        return f"at most {_bridges(high)}"
    return f"{low} to {high} bridges"
