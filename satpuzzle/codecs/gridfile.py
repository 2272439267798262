"""A crossword constructor's file (Across Lite `.puz` and text, `.ipuz`, `.xd`) as the readers
of satpuzzle/formats see it, whatever its format: the grid's blocks, the letters given in it,
the solution it holds, its clues and its credits. The crossword kind turns one into a fill
problem (satpuzzle/kinds/crossword/codecs.py); the writers put a filled grid back into it,
clues kept."""

from __future__ import annotations

from dataclasses import dataclass

BLOCK = "#"  # a block (black square) in `cells` and `solution`
OPEN = "."  # an open cell with no letter in `cells`; a cell of unknown answer in `solution`


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
    keeps what satpuzzle does not read (markup, timers, styles)."""

    format: str
    cells: tuple[str, ...]
    solution: tuple[str, ...]
    clues: tuple[Clue, ...] = ()
    title: str = ""
    author: str = ""
    copyright: str = ""
    notes: str = ""
    original: bytes = b""

    @property
    def height(self) -> int:
        return len(self.cells)

    @property
    def width(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def is_block(self, row: int, col: int) -> bool:
        return self.cells[row][col] == BLOCK

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


def entries(blocks: list[list[bool]] | tuple[str, ...]) -> list[Entry]:
    """The entries of a grid numbered as Across Lite, ipuz and xd number them: row by row, a
    cell gets the next number when an across or a down entry of two or more cells starts
    there. Across entries first, then down ones, each in number order. `blocks`: rows of
    booleans (True: a block) or rows of `GridFile.cells` strings."""
    grid = [[cell is True or cell == BLOCK for cell in row] for row in blocks]
    height, width = len(grid), len(grid[0]) if grid else 0

    def run(row: int, col: int, drow: int, dcol: int) -> int:
        length = 0
        while row < height and col < width and not grid[row][col]:
            length, row, col = length + 1, row + drow, col + dcol
        return length

    across, down, number = [], [], 0
    for r in range(height):
        for c in range(width):
            if grid[r][c]:
                continue
            length_across = run(r, c, 0, 1) if c == 0 or grid[r][c - 1] else 0
            length_down = run(r, c, 1, 0) if r == 0 or grid[r - 1][c] else 0
            if length_across < 2 and length_down < 2:
                continue
            number += 1
            if length_across >= 2:
                across.append(Entry("across", number, r, c, length_across))
            if length_down >= 2:
                down.append(Entry("down", number, r, c, length_down))
    return across + down
