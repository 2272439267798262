"""Crossword pictures: black squares filled, white cells with their letters. Letters written in
the puzzle stand on a grey square in black; letters the solver filled in are blue on white. The
bars of a barred grid are thick lines (heavy sides in text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes
from satpuzzle.kinds.crossword.rendering import fill_cells

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill

CELL = 36
BLACK = "#111111"
PREFILLED_FILL = "#d9d9d9"  # light grey: the cell's letter was given
PREFILLED_COLOUR = "#000000"
FILLED_COLOUR = "#1f5fbf"
SET_COLOUR = "#777777"
BAR_WIDTH = 4


def _prefilled(token: str) -> bool:
    """A cell token holding one given letter (not '1', '0' or a '[set]')."""
    return len(token) == 1 and token.isalpha()


def _letter(instance: CrosswordInstance, solution: Fill | None, r: int, c: int) -> str | None:
    """What a white cell shows: the solution's letter (a rebus cell's string), a given
    letter or rebus string, else nothing."""
    token = instance.grid[r][c]
    if solution is not None:
        return fill_cells(solution[r])[c]
    if _given_rebus(token):
        return token[1:-1]
    return token if _prefilled(token) else None


def _given_rebus(token: str) -> bool:
    """A rebus cell holding one given string, `(heart)`."""
    return token.startswith("(") and token[1:-1].isalpha()


def svg(instance: CrosswordInstance, solution: Fill | None) -> shapes.Drawing:
    rows, cols = len(instance.grid), len(instance.grid[0])
    body = []
    for r in range(rows):
        for c in range(cols):
            x, y, token = c * CELL, r * CELL, instance.grid[r][c]
            if token == "0":
                body.append(shapes.rect(x, y, CELL, CELL, fill=BLACK, crisp=True))
                continue
            if _prefilled(token):
                body.append(shapes.rect(x, y, CELL, CELL, fill=PREFILLED_FILL, crisp=True))
            letter = _letter(instance, solution, r, c)
            if letter:  # a rebus cell's string smaller, to fit its square
                body.append(shapes.text(x + CELL / 2, y + CELL / 2, letter.upper(),
                                        size=CELL * 0.6 / max(1, len(letter) / 1.5),
                                        bold=_prefilled(token),
                                        fill=PREFILLED_COLOUR if _prefilled(token)
                                        else FILLED_COLOUR))
            elif token.startswith("["):  # a cell restricted to some letters: show them small
                body.append(shapes.text(x + 3, y + 8, token.strip("[]"), size=9,
                                        fill=SET_COLOUR, anchor="start"))
    for r in range(rows + 1):
        body.append(shapes.line(0, r * CELL, cols * CELL, r * CELL, crisp=True))
    for c in range(cols + 1):
        body.append(shapes.line(c * CELL, 0, c * CELL, rows * CELL, crisp=True))
    for r, c, side in sorted(getattr(instance, "bars", ())):
        if side == "right":
            x = (c + 1) * CELL
            body.append(shapes.line(x, r * CELL, x, (r + 1) * CELL, width=BAR_WIDTH))
        else:
            y = (r + 1) * CELL
            body.append(shapes.line(c * CELL, y, (c + 1) * CELL, y, width=BAR_WIDTH))
    return shapes.Drawing(body, cols * CELL, rows * CELL)


def pretty(instance: CrosswordInstance, solution: Fill | None) -> str:
    """Light grid, black squares as full blocks, letters in capitals ('·' where open)."""
    rows, cols = len(instance.grid), len(instance.grid[0])

    def cell(r: int, c: int) -> list[str]:
        if instance.grid[r][c] == "0":
            return ["███"]
        letter = _letter(instance, solution, r, c)
        if letter and len(letter) > 1:  # a rebus cell: its first letters and a mark
            return [letter[:2].upper() + "+"]
        return [f" {letter.upper() if letter else '·'} "]

    bars: frozenset[tuple[int, int, str]] = getattr(instance, "bars", frozenset())

    def left(r: int, c: int) -> int:  # the side left of (r, c): heavy where a bar is
        return boxes.HEAVY if (r, c - 1, "right") in bars else boxes.LIGHT

    def above(r: int, c: int) -> int:
        return boxes.HEAVY if (r - 1, c, "bottom") in bars else boxes.LIGHT

    return boxes.draw(rows, cols, cell, left, above, 3)
