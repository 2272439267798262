"""A crossword constructor's file (Across Lite `.puz` and text, `.ipuz`, `.xd`) as the readers
of satpuzzle/formats see it, whatever its format: the grid's blocks, the letters given in it,
the solution it holds, its clues and its credits. The crossword kind turns one into a fill
problem (satpuzzle/kinds/crossword/codecs.py); the writers put a filled grid back into it,
clues kept."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from satpuzzle.errors import InputError

BLOCK = "#"  # a block (black square) in `cells` and `solution`
OPEN = "."  # an open cell with no letter in `cells`; a cell of unknown answer in `solution`
# A bar (barred grids) is drawn on a cell's edge and ends the entries running through it:
# (row, col, RIGHT) the bar between (row, col) and (row, col + 1), (row, col, BOTTOM) the bar
# between (row, col) and (row + 1, col). Bars on the grid's outer edge are no bars.
RIGHT, BOTTOM = "right", "bottom"
Bar = tuple[int, int, str]
# A rebus cell: (row, col, letters), 0-based, the letters upper-case (two or more, or a
# symbol's spelling). In `solution` and `cells` such a cell holds the first of its letters, as
# Across Lite stores it; the full string is in GridFile.rebus.
RebusCell = tuple[int, int, str]
# the longest rebus string a reader takes: longer is refused (no real rebus is; a cell of a
# page of text is not one)
MAX_REBUS_LETTERS = 16


def cell_letters(value: str) -> str | None:
    """What a file's cell string spells for a fill: its letters upper-cased, accents folded
    (`é` is `E`), one letter or several (a rebus); None when it holds anything else (a digit,
    a symbol such as `+` or `♥`, a space): a cell with no usable letters, which a reader leaves
    open, and whose answers the word list then leaves out with a note."""
    folded = "".join(char for char in unicodedata.normalize("NFD", value.strip())
                     if not unicodedata.combining(char)).upper()
    return folded if folded.isascii() and folded.isalpha() else None


def cell_string(value: str, row: int, col: int, path: str | None = None) -> str | None:
    """What a cell's string in a file (an answer, a letter given or typed) spells: one letter
    a-z upper-cased; several letters (a rebus) as cell_letters reads them; None for anything
    else. A string of more than MAX_REBUS_LETTERS characters is refused at (row, col) (0-based)
    with `path` (an answer or a given letter), else None (a player's typing)."""
    if len(value) == 1:
        return value.upper() if value.isascii() and value.isalpha() else None
    if len(value.strip()) > MAX_REBUS_LETTERS:
        if path is None:
            return None
        raise InputError(f"rebus cell at row {row + 1}, column {col + 1} holds "
                         f"{value.strip()[:20]!r}... ({len(value.strip())} characters): a "
                         f"rebus cell holds at most {MAX_REBUS_LETTERS}", path)
    return cell_letters(value) if len(value.strip()) > 1 else None


def bar_of_side(row: int, col: int, side: str) -> Bar | None:
    """The bar a file draws on side `side` ("top", "left", "right" or "bottom") of cell
    (row, col), as (row, col, RIGHT | BOTTOM); None on the grid's top or left edge."""
    if side == "left":
        return (row, col - 1, RIGHT) if col > 0 else None
    if side == "top":
        return (row - 1, col, BOTTOM) if row > 0 else None
    return (row, col, RIGHT if side == "right" else BOTTOM)


@dataclass(frozen=True)
class Clue:
    direction: str  # "across" or "down"
    number: int
    text: str


@dataclass(frozen=True)
class GridFile:
    """One puzzle of a constructor's file. `cells`: one string a row, `#` a block, `.` an open
    cell, `A`-`Z` a letter given (typed in the player's grid, or pre-filled by the puzzle);
    `solution`: the answer key the file holds, `#` blocks, `A`-`Z` letters, `.` where it holds
    none (or no letter); `original`: the file as read, so that a writer of the same format
    keeps what satpuzzle does not read (markup, timers, styles); `typed`: rows as `cells`, the
    letters of `cells` that were typed in the player's grid (not pre-filled by the puzzle)
    and `.` elsewhere, or () when none was."""

    format: str
    cells: tuple[str, ...]
    solution: tuple[str, ...]
    clues: tuple[Clue, ...] = ()
    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
    original: bytes = b""
    bars: frozenset[Bar] = frozenset()  # see RIGHT, BOTTOM
    typed: tuple[str, ...] = field(default=(), compare=False)
    # clues of the file that are on no entry of the grid (a clue on part of an entry, one
    # with neither cells nor a number of the grid): read, but not kept nor written back
    unplaced_clues: int = field(default=0, compare=False)
    # the solution's cells of several letters (a rebus), sorted; see RebusCell
    rebus: tuple[RebusCell, ...] = ()

    @property
    def height(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def is_block(self, row: int, col: int) -> bool:
        return self.cells[row][col] == BLOCK

    def rebus_cells(self) -> dict[tuple[int, int], str]:
        """The solution's rebus cells: (row, col) -> their letters."""
        return {(row, col): letters for row, col, letters in self.rebus}

    def clue_text(self, direction: str, number: int) -> str:
        return next((clue.text for clue in self.clues
                     if clue.direction == direction and clue.number == number), "")


@dataclass(frozen=True)
class Entry:
    """A numbered entry of a grid: where it starts, which way it runs, how long it is."""

    direction: str
    number: int
    row: int
    col: int
    length: int

    def cells(self) -> list[tuple[int, int]]:
        step = (0, 1) if self.direction == "across" else (1, 0)
        return [(self.row + k * step[0], self.col + k * step[1]) for k in range(self.length)]


def entries(blocks: list[list[bool]] | tuple[str, ...],
            bars: frozenset[Bar] = frozenset()) -> list[Entry]:
    """The entries of a grid numbered as Across Lite, ipuz and xd number them: row by row, a
    cell gets the next number when an across or a down entry of two or more cells starts
    there. Across entries first, then down ones, each in number order. `blocks`: rows of
    booleans (True: a block) or rows of `GridFile.cells` strings; `bars` end entries too."""
    grid = [[cell is True or cell == BLOCK for cell in row] for row in blocks]
    height, width = len(grid), len(grid[0]) if grid else 0

    def run(row: int, col: int, drow: int, dcol: int) -> int:
        length, side = 0, RIGHT if dcol else BOTTOM
        while row < height and col < width and not grid[row][col]:
            length = length + 1
            if (row, col, side) in bars:
                break
            row, col = row + drow, col + dcol
        return length

    across, down, number = [], [], 0
    for r in range(height):
        for c in range(width):
            if grid[r][c]:
                continue
            length_across = (run(r, c, 0, 1) if c == 0 or grid[r][c - 1]
                             or (r, c - 1, RIGHT) in bars else 0)
            length_down = (run(r, c, 1, 0) if r == 0 or grid[r - 1][c]
                           or (r - 1, c, BOTTOM) in bars else 0)
            if length_across < 2 and length_down < 2:
                continue
            number += 1
            if length_across >= 2:
                across.append(Entry("across", number, r, c, length_across))
            if length_down >= 2:
                down.append(Entry("down", number, r, c, length_down))
    return across + down
