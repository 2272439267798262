"""Shikaku pictures: a light grid with the clue numbers (`?` for a clue of any area); each
solution rectangle gets its own light fill colour and a thick dark outline."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes
from satpuzzle.kinds.shikaku.puzzle import clue_text

if TYPE_CHECKING:
    from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance, Solution

CELL = 32
GRID_COLOUR = "#b0b0b0"
OUTLINE_COLOUR = "#000000"
OUTLINE = 3  # pixels


def fill_colour(index: int) -> str:
    """The light fill of the index-th rectangle (distinct hues, never dark)."""
    return shapes.hsl(shapes.hue(index), 0.65, 0.85)


def svg(instance: ShikakuInstance, solution: Solution | None) -> shapes.Drawing:
    width, height = instance.cols * CELL, instance.rows * CELL
    body = []
    for index, placement in enumerate(solution or ()):
        body.append(shapes.rect(placement.left * CELL, placement.top * CELL,
                                placement.width * CELL, placement.height * CELL,
                                fill=fill_colour(index), crisp=True))
    for r in range(instance.rows + 1):
        body.append(shapes.line(0, r * CELL, width, r * CELL, stroke=GRID_COLOUR, crisp=True))
    for c in range(instance.cols + 1):
        body.append(shapes.line(c * CELL, 0, c * CELL, height, stroke=GRID_COLOUR, crisp=True))
    for placement in solution or ():
        body.append(shapes.rect(placement.left * CELL, placement.top * CELL,
                                placement.width * CELL, placement.height * CELL,
                                stroke=OUTLINE_COLOUR, stroke_width=OUTLINE, crisp=True))
    if not solution:  # the puzzle alone: its frame is still the outline of the whole
        body.append(shapes.rect(0, 0, width, height, stroke=OUTLINE_COLOUR,
                                stroke_width=OUTLINE, crisp=True))
    for r, c, area in instance.clues:
        label = clue_text(area)
        body.append(shapes.text((c + 0.5) * CELL, (r + 0.5) * CELL, label,
                                size=CELL * (0.55 if len(label) < 3 else 0.4), bold=True))
    return shapes.Drawing(body, width, height)


def _owners(instance: ShikakuInstance, solution: Solution | None) -> list[list[int]]:
    """The index of the rectangle covering each cell (-1 where none does)."""
    owner = [[-1] * instance.cols for _ in range(instance.rows)]
    for k, p in enumerate(solution or ()):
        for r in range(p.top, p.top + p.height):
            owner[r][p.left:p.left + p.width] = [k] * p.width
    return owner


def pretty(instance: ShikakuInstance, solution: Solution | None) -> str:
    """Rectangles outlined with light lines, clue numbers inside; the puzzle alone is a grid
    of dotted cells."""
    clues = {(r, c): clue_text(area) for r, c, area in instance.clues}
    width = max((len(label) for label in clues.values()), default=1) + 2
    if solution:
        vertical, horizontal = boxes.borders_between(_owners(instance, solution),
                                                     between=boxes.HEAVY, outside=boxes.HEAVY)
    else:
        vertical = horizontal = boxes.uniform(boxes.LIGHT)

    def cell(r: int, c: int) -> list[str]:
        if (r, c) in clues:
            return [clues[(r, c)].center(width)]
        return ["" if solution else "·".center(width)]

    return boxes.draw(instance.rows, instance.cols, cell, vertical, horizontal, width)
