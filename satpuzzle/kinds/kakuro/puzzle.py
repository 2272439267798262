"""Kakuro: a grid of white cells and blocks; a block may hold a clue, the sum of the run of
white cells below it (down) and of the run right of it (across). Fill each white cell with a
digit 1-9 so that the digits of every run are all different and add up to its clue.

A run is a maximal line of white cells; a run with no clue before it (at the grid's edge, or
after a block without that number) only needs different digits, as puzz.link draws them.
The rules as constraints are rules.py; this module reads, checks and writes instances;
decoding.py and rendering.py hold the solutions.

In the .puz language a cell is `.` (white), `*` or `\\` (a block), or `D\\A` with either
number left out (`16\\` a down clue, `\\7` an across clue, `16\\7` both).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from typing import NamedTuple

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit

KIND = "kakuro"
WHITE = "."
BLOCKS = ("*", "\\")  # a block without a clue (written `*`)
CLUE = re.compile(r"^([0-9]*)\\([0-9]*)$")
DIGITS = tuple(range(1, 10))
MAX_CELLS = 250_000  # a grid above this is refused before any work is done
BLOCK_LIMITS = {"grid": BlockLimit(MAX_CELLS, MAX_CELLS)}  # read before the text is parsed
MAX_TOTAL = sum(DIGITS)

Clue = tuple[int | None, int | None]  # (down, across) sums of a block; None: no clue
Solution = tuple[tuple[int, ...], ...]  # a digit per white cell, 0 elsewhere
DigitName = tuple[str, int, int, int]  # ("d", row, column, digit), 0-based: a digit's variable


@dataclass(frozen=True)
class KakuroInstance:
    """An R×C grid, row by row: None a white cell, (down, across) a block with its clues
    (None where it has no clue in that direction)."""

    rows: int
    cols: int
    grid: tuple[tuple[Clue | None, ...], ...]
    title: str | None = None
    encodings: tuple[tuple[str, str], ...] = ()
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no Kakuro grid, also when built in code (readers refuse it earlier,
        at its position); lists become tuples."""
        rows, cols = self.rows, self.cols
        if not (type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1
                and rows * cols <= MAX_CELLS):
            raise InputError(f"a grid of {rows!r}×{cols!r} cells: rows and columns must be "
                             f"at least 1, and at most {MAX_CELLS} cells in all")
        try:
            grid = tuple(tuple(None if cell is None else tuple(cell) for cell in row)
                         for row in self.grid)
        except TypeError:
            raise InputError("the grid must be rows of cells: None (white) or (down, "
                             "across)") from None
        if len(grid) != rows or any(len(row) != cols for row in grid):
            raise InputError(f"the grid must be {rows} rows of {cols} cells")
        for row in grid:
            for cell in row:
                if cell is not None and (len(cell) != 2 or not all(
                        v is None or (type(v) is int and v >= 0) for v in cell)):
                    raise InputError(f"cell {cell!r}: expected None (white) or (down, across), "
                                     "each a sum or None")
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "encodings", tuple(map(tuple, self.encodings)))


class Run(NamedTuple):
    """A maximal line of white cells: its direction, the block before it (None at the grid's
    edge), its clue (None: none) and its cells, all 0-based."""

    direction: str  # "across" or "down"
    head: tuple[int, int] | None
    total: int | None
    cells: tuple[tuple[int, int], ...]


def white_cells(instance: KakuroInstance) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(instance.grid)
            for c, cell in enumerate(row) if cell is None]


def runs(instance: KakuroInstance) -> list[Run]:
    """Every run, across ones first (row by row), then down ones (column by column)."""
    grid = instance.grid
    lines = [("across", [(r, c) for c in range(instance.cols)]) for r in range(instance.rows)]
    lines += [("down", [(r, c) for r in range(instance.rows)]) for c in range(instance.cols)]
    found: list[Run] = []
    for direction, line in lines:
        side = 1 if direction == "across" else 0
        head: tuple[int, int] | None = None
        cells: list[tuple[int, int]] = []
        for r, c in [*line, (-1, -1)]:  # a block past the end closes the last run
            if r >= 0 and grid[r][c] is None:
                cells.append((r, c))
                continue
            if cells:
                block = None if head is None else grid[head[0]][head[1]]
                total = None if block is None else block[side]
                found.append(Run(direction, head, total, tuple(cells)))
                cells = []
            head = (r, c)
    return found


def reach(length: int) -> tuple[int, int]:
    """The least and greatest sums of `length` different digits 1-9."""
    return sum(DIGITS[:length]), sum(DIGITS[len(DIGITS) - length:])


def impossibility(instance: KakuroInstance) -> tuple[str, tuple[int, int]] | None:
    """Why the grid is no Kakuro or obviously has no solution, and at which cell: a clue with
    no run after it, a run longer than 9 cells, or a clue its run's digits cannot reach."""
    grid = instance.grid
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            down, across = cell
            if down is not None and not (r + 1 < instance.rows and grid[r + 1][c] is None):
                return (f"down clue {down} at row {r + 1}, column {c + 1} has no run: the cell "
                        "below it is not white"), (r, c)
            if across is not None and not (c + 1 < instance.cols and row[c + 1] is None):
                return (f"across clue {across} at row {r + 1}, column {c + 1} has no run: the "
                        "cell right of it is not white"), (r, c)
    for run in runs(instance):
        length = len(run.cells)
        where = run.head or run.cells[0]
        if length > len(DIGITS):
            r, c = run.cells[0]
            return (f"the {run.direction} run of {length} white cells from row {r + 1}, column "
                    f"{c + 1} cannot hold different digits 1-9 (at most 9 cells)"), where
        low, high = reach(length)
        if run.total is not None and not low <= run.total <= high:
            r, c = where
            return (f"{run.direction} clue {run.total} at row {r + 1}, column {c + 1} out of "
                    f"range: {length} different digits add up to {low}..{high}"), where
    return None


# ---------------------------------------------------------------- reading


def _cell(token: Token) -> Clue | None:
    text = token.text
    if text == WHITE:
        return None
    if text in BLOCKS:
        return (None, None)
    match = CLUE.match(text)
    if not match:
        raise token.error(f"expected '.' (a white cell), '*' (a block) or a clue DOWN\\ACROSS "
                          f"(like 16\\7, 16\\ or \\7), found {text!r}")
    down, across = (int(part) if part else None for part in match.groups())
    for value in (down, across):
        if value is not None and len(str(value)) > 3:
            raise token.error(f"clue {text} out of range: a run adds up to at most {MAX_TOTAL}")
    return (down, across)


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   title: str | None = None) -> KakuroInstance:
    """An instance from lines of whitespace-separated cells, checked (`impossibility`)."""
    lines = [row for row in rows if row]
    if not lines:
        raise error_at(where, "empty grid: expected lines of cells ('.' white, '*' a block, "
                              "DOWN\\ACROSS a clue)", 1, 1)
    width = len(lines[0])
    for cells in lines:
        if len(cells) != width:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {width} "
                                 "(as the first line)")
    if len(lines) * width > MAX_CELLS:
        raise error_at(where, f"grid of {len(lines)}×{width} cells is too large "
                              f"(at most {MAX_CELLS} cells)", 1, 1)
    grid = tuple(tuple(_cell(token) for token in line) for line in lines)
    instance = KakuroInstance(len(lines), width, grid, title)
    problem = impossibility(instance)
    if problem is not None:
        message, (r, c) = problem
        raise lines[r][c].error(message)
    return instance


def from_spec(spec: PuzzleSpec) -> KakuroInstance:
    """The instance of a `kakuro { grid { ... } }` puzzle."""
    spec.check_names({"grid"}, {"grid"})
    rows, where = spec.grid()
    return grid_from_rows(rows, where, spec.title)


def fit(text: str) -> int:
    """How well a native text fits Kakuro: lines of one length, every cell `.`, `*`, `\\` or
    a clue DOWN\\ACROSS, and at least one clue (likely: no other kind writes backslashes)."""
    rows = [line.split("#", 1)[0].split() for line in islice(text_lines(text), 1000)]
    rows = [row for row in rows if row]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        return Fit.NO
    words = [word for row in rows for word in row]
    if not all(word == WHITE or word in BLOCKS or CLUE.match(word) for word in words):
        return Fit.NO
    return Fit.LIKELY if any(CLUE.match(word) and word != "\\" for word in words) else Fit.NO


def read_native(text: str, path: str, options: dict) -> tuple[list[KakuroInstance], bool]:
    """A plain grid: lines of whitespace-separated cells, as in the .puz grid block."""
    rows = tokenize_rows(text, path, BLOCK_LIMITS["grid"])
    if not rows:
        raise InputError("empty file, expected a Kakuro grid", path, 1, 1)
    return [grid_from_rows(rows, rows[0][0])], False


def cell_word(cell: Clue | None) -> str:
    """A cell as the .puz grid writes it."""
    if cell is None:
        return WHITE
    down, across = cell
    if down is None and across is None:
        return BLOCKS[0]
    return f"{'' if down is None else down}\\{'' if across is None else across}"


def to_plain(instance: KakuroInstance) -> str:
    """The native plain grid, columns aligned."""
    words = [[cell_word(cell) for cell in row] for row in instance.grid]
    width = max(len(word) for row in words for word in row)
    return "\n".join(" ".join(word.rjust(width) for word in row).rstrip()
                     for row in words) + "\n"


def to_puz(instance: KakuroInstance) -> str:
    """The instance in the .puz language."""
    title = f' "{instance.title}"' if instance.title else ""
    body = "".join(f"    {line}\n" for line in to_plain(instance).splitlines())
    return f"kakuro{title} {{\n  grid {{\n{body}  }}\n}}\n"
