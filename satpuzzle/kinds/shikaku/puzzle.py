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
built in numpy blocks (encoding.py puts the steps together). The generator (generator.py)
makes puzzles with a unique solution; decoding.py and rendering.py hold the answers. This
module is the instance, its reading (checked for obvious impossibilities on the candidates)
and writing back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

import numpy as np

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.shikaku import presolve
from satpuzzle.kinds.shikaku.presolve import Candidates, Clue

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


def sorted_placements(placements: Iterable[Placement]) -> Solution:
    return tuple(sorted(placements, key=lambda p: (p.clue is None, p.clue or (0, 0), p[1:])))


# ---------------------------------------------------------------- candidates


@lru_cache(maxsize=2)
def candidates(instance: ShikakuInstance) -> Candidates:
    """Every candidate rectangle of every clue (presolve.candidates). Cached: loading checks
    them, encoding uses them."""
    return presolve.candidates(instance.rows, instance.cols, instance.clues)


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
