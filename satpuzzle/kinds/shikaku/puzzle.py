"""Shikaku: cover an R×C grid with rectangles, each holding exactly one clue equal to its area.
A `?` clue (puzz.link's clue of unknown number) stands in a rectangle of any area.

Instance → CNF in four steps. Candidates (`candidates`): per clue, every rectangle of its
area (any area for a `?`) inside the grid holding that clue and no other. Presolve
(presolve.py): candidates in no solution removed by cheap inclusion rules between the clues'
and the cells' exactly-one constraints. Probing (probing.py): candidates whose choice fails by
unit propagation removed too; together they decide most clues of a generated puzzle, and the
solver is left with almost no search. Rules (rules.py, over the constraint library): one
variable rect(r, c, top, left, h, w) (0-based) per remaining candidate, exactly one per clue,
every cell covered once (overlaps banned through the clues' claims on rectangle borders), all
built in numpy blocks. The generator (generator.py) makes puzzles with a unique solution.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import NamedTuple, TypeGuard, cast

import numpy as np

from satpuzzle.cnf import Formula, VarName
from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.shikaku import presolve, probing, rules
from satpuzzle.kinds.shikaku.presolve import Candidates, Clue, Reduction

KIND = "shikaku"
EMPTY = {".", "-", "0"}
# Drawing aids ignored in grids ("|", "+", "---+---"); a lone "-" is an empty cell instead.
DRAWING = re.compile(r"^[-+|=]+$")
CLUE = re.compile(r"^[0-9]+$")
QUESTION = "?"  # a clue of unknown number: its rectangle may have any area
MAX_CELLS = 1_000_000  # a grid above this is refused before any work is done
BLOCK_LIMITS = {"grid": BlockLimit(MAX_CELLS, MAX_CELLS)}  # read before the text is parsed


@dataclass(frozen=True)
class ShikakuInstance:
    """An R×C grid and its clues (row, column, area), 0-based, in row-major order; the area
    of a `?` clue is None. `encodings`: the user's choice of encoding per family of rules.py
    (family, name)."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]
    title: str | None = None
    encodings: tuple[tuple[str, str], ...] = ()  # family → encoding chosen by the user
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no Shikaku, also when built in code (readers refuse it earlier, at
        its position): a grid of 1..MAX_CELLS cells, each clue on its own cell of it with an
        area of 1..R·C (None: `?`). Clues are put in row-major order, lists become tuples."""
        from itertools import pairwise

        rows, cols = self.rows, self.cols
        if not (type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1
                and rows * cols <= MAX_CELLS):
            raise InputError(f"a grid of {rows!r}×{cols!r} cells: rows and columns must be "
                             f"at least 1, and at most {MAX_CELLS} cells in all")
        try:
            clues = tuple(map(tuple, self.clues))
        except TypeError:
            raise InputError("the clues must be (row, column, area) triples") from None
        cells = rows * cols
        for clue in clues:
            if len(clue) != 3:
                raise InputError(f"clue {clue!r}: expected (row, column, area)")
            r, c, area = clue
            if not (type(r) is int and type(c) is int and 0 <= r < rows and 0 <= c < cols):
                raise InputError(f"clue {clue!r} is off the {rows}×{cols} grid (row and "
                                 "column count from 0)")
            if area is not None and not (type(area) is int and 1 <= area <= cells):
                raise InputError(f"clue {clue!r}: the area must be 1..{cells} (None for a "
                                 "'?' clue)")
        places = [clue[:2] for clue in clues]
        if any(a >= b for a, b in pairwise(places)):
            clues = tuple(sorted(clues, key=lambda clue: clue[:2]))
            places.sort()
            for a, b in pairwise(places):
                if a == b:
                    raise InputError(f"two clues on cell {a!r}")
        object.__setattr__(self, "clues", clues)


class Placement(NamedTuple):
    """The rectangle of one clue: `clue` is its (row, column), None when a hand-written
    solution's rectangle holds no clue. Everything 0-based."""

    clue: tuple[int, int] | None
    top: int
    left: int
    height: int
    width: int


Solution = tuple[Placement, ...]  # sorted by clue
Rect = tuple[int, int, int, int]  # (top, left, height, width)
RectName = tuple[str, int, int, int, int, int, int]  # ("rect", r, c, top, left, height, width)


# ---------------------------------------------------------------- reading


def clue_text(area: int | None) -> str:
    """A clue as written: its area, or `?`."""
    return QUESTION if area is None else str(area)


def _cell_area(token: Token, cells: int) -> int | None:
    """The clue of one cell token: its area, None for `?`, 0 for an empty cell."""
    text = token.text
    if text in EMPTY:
        return 0
    if text == QUESTION:
        return None
    if not CLUE.match(text):
        raise token.error(f"expected a clue (a positive area or '?') or '.', '-' or '0' for "
                          f"an empty cell, found {text!r}")
    area = int(text)
    if area > cells:
        raise token.error(f"clue {text} out of range: the grid has only {cells} cells")
    return area


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   title: str | None = None) -> ShikakuInstance:
    """An instance from grid lines of whitespace-separated cells, checking that it can be
    solved at all (areas summing to the grid size, every clue and cell coverable)."""
    lines = [cells for cells in ([t for t in row if t.text == "-" or not DRAWING.match(t.text)]
                                 for row in rows) if cells]
    if not lines:
        raise error_at(where, "empty grid: expected lines of cells ('.' empty, a number a clue)",
                       1, 1)
    width = len(lines[0])
    for cells in lines:
        if len(cells) != width:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {width} "
                                 "(as the first line)")
    if len(lines) * width > MAX_CELLS:
        raise error_at(where, f"grid of {len(lines)}×{width} cells is too large "
                              f"(at most {MAX_CELLS} cells)", 1, 1)
    area_limit = len(lines) * width
    clues = tuple((r, c, area) for r, line in enumerate(lines)
                  for c, token in enumerate(line) if (area := _cell_area(token, area_limit)) != 0)
    instance = ShikakuInstance(len(lines), width, clues, title)
    problem = impossibility(instance)
    if problem is not None:
        message, cell = problem
        raise lines[cell[0]][cell[1]].error(message) if cell else error_at(where, message, 1, 1)
    return instance



def impossibility(instance: ShikakuInstance) -> tuple[str, tuple[int, int] | None] | None:
    """Why the puzzle obviously has no solution, and at which cell (None: the whole grid);
    None when no such reason is found."""
    total = sum(area for _, _, area in instance.clues if area is not None)
    unknown = sum(area is None for _, _, area in instance.clues)
    cells = instance.rows * instance.cols
    if not unknown and total != cells:
        message = (f"clue areas sum to {total} but the {instance.rows}×{instance.cols} grid "
                   f"has {cells} cells: no cover exists")
        return message, None
    if unknown and total + unknown > cells:
        message = (f"clue areas sum to {total}, and {unknown} '?' clue(s) take a cell each, "
                   f"but the {instance.rows}×{instance.cols} grid has {cells} cells: no cover "
                   "exists")
        return message, None
    found = candidates(instance)
    per_clue = found.per_clue(len(instance.clues))
    for (r, c, area), count in zip(instance.clues, per_clue.tolist()):
        if not count:  # never a `?`: its own cell is a candidate
            message = (f"clue {area} at row {r + 1}, column {c + 1} has no rectangle: none "
                       "of that area fits in the grid around it without another clue")
            return message, (r, c)
    bare = np.flatnonzero(_coverings(instance, found) == 0)
    if len(bare):
        r, c = divmod(int(bare[0]), instance.cols)
        message = f"cell row {r + 1}, column {c + 1} lies in no possible rectangle of any clue"
        return message, (r, c)
    return None


def _coverings(instance: ShikakuInstance, found: Candidates) -> np.ndarray:
    """How many candidates cover each cell (row-major): +1/-1 at the four corners of each
    candidate, then 2-D prefix sums (O(candidates + cells))."""
    width = instance.cols + 1
    size = (instance.rows + 1) * width
    bottom, right = found.top + found.height, found.left + found.width

    def corner(rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        return np.bincount(rows * width + cols, minlength=size)

    corners = (corner(found.top, found.left) - corner(found.top, right)
               - corner(bottom, found.left) + corner(bottom, right))
    sums = corners.reshape(instance.rows + 1, width).cumsum(axis=0).cumsum(axis=1)
    return sums[:-1, :-1].ravel()


def from_spec(spec: PuzzleSpec) -> ShikakuInstance:
    """The instance of a `shikaku { grid { ... } }` puzzle."""
    spec.check_names({"grid"}, {"grid"})
    rows, where = spec.grid()
    return grid_from_rows(rows, where, spec.title)


def fit(text: str) -> int:
    """How well a native text fits Shikaku: at least two lines of one length (at least two
    cells each), every cell `.`, `-`, `0`, a number or `?`, and the clues summing to the
    number of cells — the defining Shikaku invariant, which other grids meet only by chance
    (likely); the shape alone is possible, and so is a grid with `?` clues whose numbers
    leave them room."""
    rows = [line.split() for line in islice(text_lines(text), 1000)]
    rows = [row for row in rows if row and not row[0].startswith("#")]
    if len(rows) < 2 or len(rows[0]) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return Fit.NO
    if any(cell not in EMPTY and cell != QUESTION and not CLUE.match(cell)
           for row in rows for cell in row):
        return Fit.NO
    cells = len(rows) * len(rows[0])
    unknown = sum(row.count(QUESTION) for row in rows)
    total = sum(int(cell) for row in rows for cell in row
                if cell not in EMPTY and cell != QUESTION)
    if unknown:
        return Fit.POSSIBLE if total + unknown <= cells else Fit.NO
    if total == cells:
        return Fit.LIKELY
    # a grid of clues only covers itself only with every clue 1
    return Fit.POSSIBLE if any(cell in EMPTY for row in rows for cell in row) else Fit.NO

def read_native(text: str, path: str, options: dict) -> tuple[list[ShikakuInstance], bool]:
    """A plain grid: lines of whitespace-separated cells, `.`, `-` or `0` empty, a positive
    number a clue, `?` a clue of any area."""
    rows = tokenize_rows(text, path, BLOCK_LIMITS["grid"])
    if not rows:
        raise InputError("empty file, expected a Shikaku grid", path, 1, 1)
    return [grid_from_rows(rows, rows[0][0])], False


def parse_solutions(instance: ShikakuInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: grids of letters (one letter per rectangle,
    separated by blanks or run together) or grids drawn with box borders, separated by blank lines. A line holding only a verdict
    word (`unique`, `multiple`) is skipped."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif not line.lstrip().startswith("#") and line.strip() not in _VERDICTS:
            blocks[-1].append((number, line.rstrip()))
    blocks = [block for block in blocks if block]
    if not blocks:
        raise InputError("empty solution file, expected a grid of letters", path, 1, 1)
    return [_parse_block(instance, block, path) for block in blocks]


_VERDICTS = {"unique", "multiple", "none", "unknown"}


def _parse_block(instance: ShikakuInstance, block: list[tuple[int, str]],
                 path: str) -> Solution:
    if any(ch in _BOX_CHARS for _, line in block for ch in line):
        regions = _regions_from_borders(instance, block, path)
    else:
        regions = _regions_from_letters(instance, block, path)
    return _placements(instance, regions)


def _regions_from_letters(instance: ShikakuInstance, block: list[tuple[int, str]],
                          path: str) -> dict[object, list[tuple[int, int]]]:
    if len(block) != instance.rows:
        raise InputError(f"solution grid has {len(block)} line(s), expected {instance.rows}",
                         path, block[0][0], 1)
    regions: dict[object, list[tuple[int, int]]] = {}
    for r, (number, line) in enumerate(block):
        cells = line.split()
        if len(cells) == 1 and len(cells[0]) == instance.cols:
            cells = list(cells[0])  # a compact row of letters, `AABBC`
        if len(cells) != instance.cols:
            raise InputError(f"line has {len(cells)} cell(s), expected {instance.cols}",
                             path, number, 1)
        for c, cell in enumerate(cells):
            regions.setdefault(cell, []).append((r, c))
    return regions


# Box-drawing output: cell (r, c) is at line 2r + 1, column 2c + 1 of its block; the character
# between two cells is a border ("│" or "─") or a blank when they share a rectangle.
_BOX_CHARS = set("┌┐└┘├┤┬┴┼│─╴╵╶╷")


def _regions_from_borders(instance: ShikakuInstance, block: list[tuple[int, str]],
                          path: str) -> dict[object, list[tuple[int, int]]]:
    rows, cols = instance.rows, instance.cols
    if len(block) != 2 * rows + 1:
        raise InputError(f"drawn solution has {len(block)} line(s), expected {2 * rows + 1} "
                         f"for {rows} rows", path, block[0][0], 1)
    lines = [line.ljust(2 * cols + 1) for _, line in block]
    for (number, _), line in zip(block, lines):
        if len(line) != 2 * cols + 1:
            raise InputError(f"drawn line has {len(line)} characters, expected "
                             f"{2 * cols + 1} for {cols} columns", path, number, 1)
    # Union-find over cells joined wherever no border separates them.
    sets = DisjointSets(range(rows * cols))
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and lines[2 * r + 1][2 * c + 2] == " ":
                sets.union(r * cols + c, r * cols + c + 1)
            if r + 1 < rows and lines[2 * r + 2][2 * c + 1] == " ":
                sets.union(r * cols + c, (r + 1) * cols + c)
    return {root: [divmod(cell, cols) for cell in cells]
            for root, cells in sets.groups().items()}


def _placements(instance: ShikakuInstance,
                regions: dict[object, list[tuple[int, int]]]) -> Solution:
    """Each region as the rectangle it spans; a region that is no rectangle is reported as
    its bounding box, which then overlaps others, so the checker rejects it."""
    clue_at = {(r, c): (r, c) for r, c, _ in instance.clues}
    placements = []
    for cells in regions.values():
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        height = max(r for r, _ in cells) - top + 1
        width = max(c for _, c in cells) - left + 1
        inside = sorted(clue_at[cell] for cell in cells if cell in clue_at)
        placements.append(Placement(inside[0] if inside else None, top, left, height, width))
    return _sorted(placements)


def _sorted(placements: Iterable[Placement]) -> Solution:
    return tuple(sorted(placements, key=lambda p: (p.clue is None, p.clue or (0, 0), p[1:])))


def from_json(instance: ShikakuInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: a list of {"clue": [r, c], "top", "left", "height",
    "width"} (0-based), as `render_json` writes it."""
    shape = ('a Shikaku solution in JSON is a list of {"clue": [row, column], "top": T, '
             '"left": L, "height": H, "width": W} (0-based integers)')
    if not isinstance(data, list):
        raise InputError(shape, path)
    placements = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"clue", "top", "left", "height", "width"}:
            raise InputError(shape, path)
        clue = item["clue"]
        numbers = [item[key] for key in ("top", "left", "height", "width")]
        if not ((clue is None or isinstance(clue, list) and len(clue) == 2
                 and all(map(_is_int, clue))) and all(map(_is_int, numbers))):
            raise InputError(shape, path)
        placements.append(Placement(None if clue is None else (clue[0], clue[1]), *numbers))
    return _sorted(placements)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- candidates


@lru_cache(maxsize=2)
def candidates(instance: ShikakuInstance) -> Candidates:
    """Every candidate rectangle of every clue (presolve.candidates). Cached: loading checks
    them, encoding uses them."""
    return presolve.candidates(instance.rows, instance.cols, instance.clues)


# ---------------------------------------------------------------- encoding


@lru_cache(maxsize=2)
def reduced(instance: ShikakuInstance) -> Reduction:
    """The instance's candidates after the presolve (presolve.py) and probing (probing.py).
    Cached: encoding and `--forced` both use it."""
    reduction = presolve.reduce(instance.rows, instance.cols, candidates(instance),
                                len(instance.clues))
    probing.probe(instance.rows, instance.cols, instance.clues, reduction)
    return reduction


def encode(instance: ShikakuInstance) -> Formula:
    """The CNF of one puzzle over the candidates the presolve leaves (rules.py)."""
    return rules.encode(instance.rows, instance.cols, instance.clues, reduced(instance),
                        instance.encodings)


# ---------------------------------------------------------------- generator


def generate(rows: int, cols: int, *, depth: int, merge_iters: int, merge_prob: float,
             seed: int, unique: bool = False) -> ShikakuInstance:
    """A random puzzle (generator.py: its docstring says how); the same arguments always give
    the same puzzle."""
    from satpuzzle.kinds.shikaku import generator  # it builds on this module

    return generator.generate(rows, cols, depth=depth, merge_iters=merge_iters,
                              merge_prob=merge_prob, seed=seed, unique=unique)


def decode(instance: ShikakuInstance, true_names: Iterable[VarName]) -> Solution:
    """The rectangle of each clue, from the true rect variables."""
    names = true_names if isinstance(true_names, list) else list(true_names)
    tables = _tables(instance)
    try:
        keys = list(map(tables.key_of.get, names))
    except TypeError:  # an unhashable name: none of a formula's
        return _decode(names)
    if None in keys and None in (keys := list(map(tables.learn, names))):
        return _decode(names)
    keys.sort()  # the order of _sorted: (clue, top, left, height, width)
    return tuple(map(tables.placement.__getitem__, cast(list[int], keys)))  # None not in keys


def _decode(true_names: Iterable[VarName]) -> Solution:
    """`decode` for any names, without the tables."""
    # the formula names every rect variable as rules.py does (a RectName)
    rects = [cast(RectName, name) for name in true_names if name[0] == "rect"]
    return _sorted(Placement((rect[1], rect[2]), *rect[3:7]) for rect in rects)


TABLE_LIMIT = 1 << 16  # names remembered per instance
SPOTS_LIMIT = 1 << 20  # letter positions remembered per instance (a huge grid has many)


class _Tables:
    """What decoding and printing the many solutions of one instance share, filled as they
    come. Decoding: each rect variable's name as an int that orders its rectangle as
    `_sorted` does, and one Placement object per rectangle (a burst of solutions sent to the
    parent process then pickles each rectangle once, not once per solution). Printing: where
    each rectangle's letters go in `render_text`'s output."""

    def __init__(self, instance: ShikakuInstance) -> None:
        self.rows, self.cols = instance.rows, instance.cols
        self.key_of: dict[VarName, int] = {}
        self.placement: dict[int, Placement] = {}
        self.spots: dict[Placement, tuple[int, ...]] = {}
        self.room = SPOTS_LIMIT  # positions spots may still hold
        # `render_text`'s letters: "a" everywhere (the owner of an uncovered cell), blanks
        # between cells, newlines between rows
        line = " ".join("a" * self.cols)
        self.blank = bytearray("\n".join([line] * self.rows), "ascii")

    def learn(self, name: VarName) -> int | None:
        """The key of a rect variable's name (None: not one inside the grid), remembered."""
        rows, cols = self.rows, self.cols
        if not _is_rect_name(name):
            return None
        _, r, c, top, left, height, width = name
        if not (0 <= r < rows and 0 <= c < cols and 0 <= top < rows and 0 <= left < cols
                and 0 <= height <= rows and 0 <= width <= cols):
            return None
        key = ((((r * cols + c) * rows + top) * cols + left) * (rows + 1) + height) \
            * (cols + 1) + width
        if len(self.key_of) >= TABLE_LIMIT:
            return None
        self.key_of[name] = key
        self.placement.setdefault(key, Placement((r, c), top, left, height, width))
        return key

    def spots_of(self, placement: Placement) -> tuple[int, ...] | None:
        """Where the letters of a rectangle inside the grid go in `blank` (None: it is not
        one), remembered."""
        try:
            spots = self.spots.get(placement)
        except TypeError:  # a clue given as a list
            return None
        if spots is None:
            _, top, left, height, width = placement
            if not (type(top) is type(left) is type(height) is type(width) is int
                    and 0 <= top and 0 <= left and 1 <= height and 1 <= width
                    and top + height <= self.rows and left + width <= self.cols):
                return None
            line = 2 * self.cols  # characters from one row to the next
            spots = tuple(r * line + 2 * c for r in range(top, top + height)
                          for c in range(left, left + width))
            if len(spots) <= self.room:
                self.room -= len(spots)
                self.spots[placement] = spots
        return spots


_TABLES: list[tuple[ShikakuInstance, _Tables]] = []  # the latest instances' first


def _is_rect_name(name: VarName) -> TypeGuard[RectName]:
    """Whether `name` is a rect variable's name: a tuple ("rect", seven ints)."""
    return (type(name) is tuple and len(name) == 7 and name[0] == "rect"
            and all(type(v) is int for v in name[1:]))


def _tables(instance: ShikakuInstance) -> _Tables:
    """The tables of `instance`, found by identity (hashing the instance hashes all its
    clues, for every solution)."""
    for held, tables in _TABLES:
        if held is instance:
            return tables
    tables = _Tables(instance)
    _TABLES.insert(0, (instance, tables))
    del _TABLES[4:]
    return tables


# ---------------------------------------------------------------- output

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_text(instance: ShikakuInstance, solution: Solution) -> str:
    """Each cell labelled by the letter of its rectangle (rectangles in clue order). With more
    rectangles than letters, letters repeat and the rectangles are drawn with box borders."""
    if len(solution) <= len(LETTERS):
        tables = _tables(instance)
        known = tables.spots
        text = tables.blank.copy()
        for letter, placement in zip(_CODES, solution):
            try:
                spots = known.get(placement) or tables.spots_of(placement)
            except TypeError:  # a clue given as a list
                spots = None
            if spots is None:  # not a rectangle inside the grid: numpy's slices say where
                owner = _owners(instance, solution)
                return "\n".join(" ".join(LETTERS[k] for k in row) for row in owner.tolist())
            for spot in spots:
                text[spot] = letter
        return text.decode("ascii")
    owner = _owners(instance, solution)
    return _draw(owner, _colouring(owner, len(solution)))


_CODES = LETTERS.encode("ascii")


def _owners(instance: ShikakuInstance, solution: Solution) -> np.ndarray:
    """The index in `solution` of the rectangle covering each cell."""
    owner = np.zeros((instance.rows, instance.cols), dtype=np.int64)
    for k, placement in enumerate(solution):
        owner[placement.top:placement.top + placement.height,
              placement.left:placement.left + placement.width] = k
    return owner


def _colouring(owner: np.ndarray, count: int) -> list[str]:
    """A letter per rectangle, greedily different from its neighbours' where possible."""
    pairs = np.concatenate([np.stack([owner[:, :-1].ravel(), owner[:, 1:].ravel()], axis=1),
                            np.stack([owner[:-1, :].ravel(), owner[1:, :].ravel()], axis=1)])
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    pairs = np.unique(np.concatenate([pairs, pairs[:, ::-1]]), axis=0)
    earlier: list[list[int]] = [[] for _ in range(count)]  # neighbours of lower index
    for k, n in pairs[pairs[:, 1] < pairs[:, 0]].tolist():
        earlier[k].append(n)
    letters: list[str] = []
    for k in range(count):
        taken = {letters[n] for n in earlier[k]}
        letters.append(next((ch for ch in LETTERS if ch not in taken), LETTERS[k % 52]))
    return letters


# Junction characters by the borders they join, indexed by up·8 + down·4 + left·2 + right.
_JUNCTIONS = np.array(list(" ╶╴─╷┌┐┬╵└┘┴│├┤┼"))


def _draw(owner: np.ndarray, letters: list[str]) -> str:
    """Cell (r, c) at line 2r + 1, column 2c + 1; borders between different rectangles."""
    rows, cols = owner.shape
    grid = np.pad(owner, 1, constant_values=-1)
    vertical = grid[1:-1, :-1] != grid[1:-1, 1:]  # a border left of cell (r, c), c ≤ cols
    horizontal = grid[:-1, 1:-1] != grid[1:, 1:-1]  # a border above cell (r, c), r ≤ rows
    code = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    code[1:, :] += 8 * vertical  # up
    code[:-1, :] += 4 * vertical  # down
    code[:, 1:] += 2 * horizontal  # left
    code[:, :-1] += horizontal  # right
    chars = np.full((2 * rows + 1, 2 * cols + 1), " ", dtype="<U1")
    chars[0::2, 0::2] = _JUNCTIONS[code]
    chars[0::2, 1::2] = np.where(horizontal, "─", " ")
    chars[1::2, 0::2] = np.where(vertical, "│", " ")
    chars[1::2, 1::2] = np.array(letters)[owner]
    return "\n".join(chars.view(f"<U{2 * cols + 1}").ravel().tolist())


def render_json(instance: ShikakuInstance, solution: Solution) -> list[dict[str, object]]:
    return [{"clue": list(p.clue) if p.clue is not None else None, "top": p.top,
             "left": p.left, "height": p.height, "width": p.width} for p in solution]


def to_plain(instance: ShikakuInstance) -> str:
    """The native plain grid: numbers right-aligned, `.` for empty cells."""
    grid = [["."] * instance.cols for _ in range(instance.rows)]
    for r, c, area in instance.clues:
        grid[r][c] = clue_text(area)
    width = max((len(cell) for row in grid for cell in row), default=1)
    return "\n".join(" ".join(cell.rjust(width) for cell in row) for row in grid) + "\n"


def to_puz(instance: ShikakuInstance) -> str:
    """The instance in the .puz language."""
    title = f' "{instance.title}"' if instance.title else ""
    body = "".join(f"    {line}\n" for line in to_plain(instance).splitlines())
    return f"shikaku{title} {{\n  grid {{\n{body}  }}\n}}\n"


# ---------------------------------------------------------------- forced cells


def forced_text(instance: ShikakuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: per clue (1-based cells), its forced rectangle as
    `clue r2c3 (6) = r2c1-r3c3 (2x3)`, or `clue r2c3 (6) open` with how many of its candidate
    rectangles are ruled out (by the presolve, which leaves them no variable, or forced
    false)."""
    chosen: dict[tuple[int, int], Rect] = {}
    red = reduced(instance)
    removed = (np.diff(red.clue_start) - red.alive_per_clue()).tolist()
    ruled_out = {(r, c): count for (r, c, _), count in zip(instance.clues, removed)}
    for name, value in forced.items():
        if not _is_rect_name(name):  # every rect variable's name is one
            continue
        clue = (name[1], name[2])
        if value:
            chosen[clue] = name[3:7]
        else:
            ruled_out[clue] = ruled_out.get(clue, 0) + 1
    lines = []
    for r, c, area in instance.clues:
        label = f"clue r{r + 1}c{c + 1} ({clue_text(area)})"
        if (r, c) in chosen:
            top, left, height, width = chosen[(r, c)]
            lines.append(f"{label} = r{top + 1}c{left + 1}-r{top + height}c{left + width} "
                         f"({height}x{width})")
        else:
            count = ruled_out.get((r, c), 0)
            lines.append(f"{label} open" + (f", {count} rectangle(s) ruled out" if count else ""))
    return lines
