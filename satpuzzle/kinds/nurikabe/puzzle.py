"""Nurikabe: shade some cells (the sea) so that every number lies in an island of exactly
that many unshaded cells holding no other number, islands never touch side by side, the sea
is connected and no 2×2 block is all sea.

An instance is the grid's size and its numbers; a solution is its rows as strings, `#` for
sea and `.` for island. The rules as constraints are in rules.py.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, tokenize_rows
from satpuzzle.kinds.base import Fit

KIND = "nurikabe"
EMPTY = {".", "-", "0"}
DRAWING = re.compile(r"^[-+|=]+$")  # drawing aids in grids; a lone "-" is an empty cell
NUMBER = re.compile(r"^[0-9]+$")
MAX_CELLS = 250_000  # a grid above this is refused before any work is done
BLOCK_LIMITS = {"grid": BlockLimit(MAX_CELLS, MAX_CELLS)}  # read before the text is parsed
SEA, ISLAND = "#", "."

Clue = tuple[int, int, int]  # (row, column, number), 0-based
Solution = tuple[str, ...]  # rows of '#' (sea) and '.' (island)


@dataclass(frozen=True)
class NurikabeInstance:
    """An R×C grid and its numbers (row, column, number), 0-based, in row-major order;
    `encodings`: family → encoding name chosen by the user (rules.py's families)."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]
    title: str | None = None
    encodings: tuple[tuple[str, str], ...] = ()
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no Nurikabe, also when built in code: a grid of 1..MAX_CELLS cells,
        each number 1..R·C on its own cell of it. Numbers are put in row-major order."""
        rows, cols = self.rows, self.cols
        if not (type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1
                and rows * cols <= MAX_CELLS):
            raise InputError(f"a grid of {rows!r}×{cols!r} cells: rows and columns must be "
                             f"at least 1, and at most {MAX_CELLS} cells in all")
        try:
            clues = tuple(sorted(tuple(clue) for clue in self.clues))
        except TypeError:
            raise InputError("the numbers must be (row, column, number) triples") from None
        for clue in clues:
            if len(clue) != 3 or not all(type(v) is int for v in clue):
                raise InputError(f"number {clue!r}: expected (row, column, number) integers")
            r, c, n = clue
            if not (0 <= r < rows and 0 <= c < cols):
                raise InputError(f"number {clue!r} is off the {rows}×{cols} grid (row and "
                                 "column count from 0)")
            if not 1 <= n <= rows * cols:
                raise InputError(f"number {clue!r}: must be 1..{rows * cols}")
        for a, b in itertools.pairwise(clues):
            if a[:2] == b[:2]:
                raise InputError(f"two numbers on cell {a[:2]!r}")
        object.__setattr__(self, "clues", clues)
        object.__setattr__(self, "encodings", tuple(tuple(e) for e in self.encodings))


# ---------------------------------------------------------------- reading


def _number(token: Token, cells: int) -> int:
    """The number of one cell token, 0 for an empty cell."""
    text = token.text
    if text in EMPTY:
        return 0
    if text == "?":
        raise token.error("a number of unknown value ('?') is not supported for nurikabe: "
                          "write the island's size")
    if not NUMBER.match(text):
        raise token.error(f"expected a number (an island's size) or '.', '-' or '0' for an "
                          f"empty cell, found {text!r}")
    if len(text) > 7 or int(text) > cells:
        raise token.error(f"number {text} out of range: the grid has only {cells} cells")
    return int(text)


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   title: str | None = None) -> NurikabeInstance:
    """An instance from grid lines of whitespace-separated cells."""
    lines = [cells for cells in ([t for t in row if t.text == "-" or not DRAWING.match(t.text)]
                                 for row in rows) if cells]
    if not lines:
        raise error_at(where, "empty grid: expected lines of cells ('.' empty, a number an "
                              "island's size)", 1, 1)
    width = len(lines[0])
    for cells in lines:
        if len(cells) != width:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {width} "
                                 "(as the first line)")
    if len(lines) * width > MAX_CELLS:
        raise error_at(where, f"grid of {len(lines)}×{width} cells is too large "
                              f"(at most {MAX_CELLS} cells)", 1, 1)
    area = len(lines) * width
    clues = tuple((r, c, n) for r, line in enumerate(lines)
                  for c, token in enumerate(line) if (n := _number(token, area)))
    return NurikabeInstance(len(lines), width, clues, title)


def from_spec(spec: PuzzleSpec) -> NurikabeInstance:
    """The instance of a `nurikabe { grid { ... } }` puzzle."""
    spec.check_names({"grid"}, {"grid"})
    rows, where = spec.grid()
    return grid_from_rows(rows, where, spec.title)


def fit(text: str) -> int:
    """A plain grid of numbers and empty cells is shaped as a Shikaku's or a Hashi's, and no
    invariant tells a Nurikabe apart: it is read as one when `--kind nurikabe` says so, never
    guessed (which would make those kinds' grids ambiguous)."""
    return Fit.NO


def read_native(text: str, path: str, options: dict) -> tuple[list[NurikabeInstance], bool]:
    """A plain grid: lines of whitespace-separated cells, `.`, `-` or `0` empty, a positive
    number an island's size."""
    rows = tokenize_rows(text, path, BLOCK_LIMITS["grid"])
    if not rows:
        raise InputError("empty file, expected a Nurikabe grid", path, 1, 1)
    return [grid_from_rows(rows, rows[0][0])], False


def drawn_cells(instance: NurikabeInstance, solution: Solution | None, open_mark: str = "."
           ) -> list[list[str]]:
    numbers = {(r, c): str(n) for r, c, n in instance.clues}
    return [[numbers.get((r, c)) or (open_mark if solution is None else solution[r][c])
             for c in range(instance.cols)] for r in range(instance.rows)]


def drawn_lines(grid: list[list[str]]) -> str:
    width = max((len(cell) for row in grid for cell in row), default=1)
    return "\n".join(" ".join(cell.rjust(width) for cell in row) for row in grid)


def to_plain(instance: NurikabeInstance) -> str:
    """The native plain grid: numbers right-aligned, `.` for empty cells."""
    return drawn_lines(drawn_cells(instance, None)) + "\n"


def to_puz(instance: NurikabeInstance) -> str:
    """The instance in the .puz language."""
    title = f' "{instance.title}"' if instance.title else ""
    body = "".join(f"    {line}\n" for line in to_plain(instance).splitlines())
    return f"nurikabe{title} {{\n  grid {{\n{body}  }}\n}}\n"


def shown(instance: NurikabeInstance) -> dict[tuple[int, int], str]:
    """The numbers as drawn, by cell (for pictures)."""
    return {(r, c): str(n) for r, c, n in instance.clues}
