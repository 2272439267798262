"""Kakuro pictures: blocks in grey, a clue block split by its diagonal with the down sum below
it and the across sum above it, white cells with their digits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes

if TYPE_CHECKING:
    from satpuzzle.kinds.kakuro.puzzle import KakuroInstance, Solution

CELL = 40
BLOCK_COLOUR = "#7a7a7a"
CLUE_COLOUR = "#ffffff"
GRID_COLOUR = "#000000"
DIGIT_COLOUR = "#1a4fa0"


def svg(instance: KakuroInstance, solution: Solution | None) -> shapes.Drawing:
    width, height = instance.cols * CELL, instance.rows * CELL
    body = [shapes.rect(0, 0, width, height, fill="#ffffff", crisp=True)]
    for r, row in enumerate(instance.grid):
        for c, cell in enumerate(row):
            x, y = c * CELL, r * CELL
            if cell is None:
                value = solution[r][c] if solution else 0
                if value:
                    body.append(shapes.text(x + CELL / 2, y + CELL / 2, str(value),
                                            size=CELL * 0.6, fill=DIGIT_COLOUR))
                continue
            body.append(shapes.rect(x, y, CELL, CELL, fill=BLOCK_COLOUR, crisp=True))
            down, across = cell
            if down is None and across is None:
                continue
            body.append(shapes.line(x, y, x + CELL, y + CELL, stroke=CLUE_COLOUR, width=1))
            if down is not None:  # below the diagonal, towards the run it sums
                body.append(shapes.text(x + CELL * 0.3, y + CELL * 0.72, str(down),
                                        size=CELL * 0.3, fill=CLUE_COLOUR, bold=True))
            if across is not None:
                body.append(shapes.text(x + CELL * 0.7, y + CELL * 0.3, str(across),
                                        size=CELL * 0.3, fill=CLUE_COLOUR, bold=True))
    for r in range(instance.rows + 1):
        body.append(shapes.line(0, r * CELL, width, r * CELL, stroke=GRID_COLOUR, crisp=True))
    for c in range(instance.cols + 1):
        body.append(shapes.line(c * CELL, 0, c * CELL, height, stroke=GRID_COLOUR, crisp=True))
    return shapes.Drawing(body, width, height)


WIDTH = 5  # characters a cell: a clue `16╲24` at most


def _clue(cell: tuple[int | None, int | None]) -> str:
    down, across = cell
    if down is None and across is None:
        return "▒" * WIDTH
    return f"{'' if down is None else down:>2}╲{'' if across is None else across:<2}"


def pretty(instance: KakuroInstance, solution: Solution | None) -> str:
    """Light lines around every cell; a block shaded, a clue as DOWN╲ACROSS, a white cell's
    digit (`·` in the puzzle alone)."""

    def cell(r: int, c: int) -> list[str]:
        here = instance.grid[r][c]
        if here is not None:
            return [_clue(here)]
        value = solution[r][c] if solution else 0
        return [(str(value) if value else "·").center(WIDTH)]

    side = boxes.uniform(boxes.LIGHT)
    return boxes.draw(instance.rows, instance.cols, cell, side, side, WIDTH)
