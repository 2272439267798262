"""Nurikabe pictures: a light grid with the numbers; in a solution the sea cells filled
dark and each island outlined by a thick line where it meets the sea or the frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes
from satpuzzle.kinds.nurikabe.puzzle import SEA, shown

if TYPE_CHECKING:
    from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance, Solution

CELL = 32
GRID_COLOUR = "#b0b0b0"
SEA_COLOUR = "#303030"
OUTLINE_COLOUR = "#000000"
OUTLINE = 3  # pixels


def svg(instance: NurikabeInstance, solution: Solution | None) -> shapes.Drawing:
    width, height = instance.cols * CELL, instance.rows * CELL
    body = []
    for r, row in enumerate(solution or ()):
        for c, mark in enumerate(row):
            if mark == SEA:
                body.append(shapes.rect(c * CELL, r * CELL, CELL, CELL, fill=SEA_COLOUR,
                                        crisp=True))
    for r in range(instance.rows + 1):
        body.append(shapes.line(0, r * CELL, width, r * CELL, stroke=GRID_COLOUR, crisp=True))
    for c in range(instance.cols + 1):
        body.append(shapes.line(c * CELL, 0, c * CELL, height, stroke=GRID_COLOUR, crisp=True))
    body.append(shapes.rect(0, 0, width, height, stroke=OUTLINE_COLOUR, stroke_width=OUTLINE,
                            crisp=True))
    for (r, c), label in shown(instance).items():
        body.append(shapes.text((c + 0.5) * CELL, (r + 0.5) * CELL, label,
                                size=CELL * (0.55 if len(label) < 3 else 0.4), bold=True))
    return shapes.Drawing(body, width, height)


def pretty(instance: NurikabeInstance, solution: Solution | None) -> str:
    """Sea cells filled with blocks and walled off by heavy lines from the islands; the
    puzzle alone is a light grid of dotted cells with its numbers."""
    numbers = shown(instance)
    width = max((len(label) for label in numbers.values()), default=1) + 2
    if solution:
        vertical, horizontal = boxes.borders_between([list(row) for row in solution],
                                                     between=boxes.HEAVY, outside=boxes.HEAVY)
    else:
        vertical = horizontal = boxes.uniform(boxes.LIGHT)

    def cell(r: int, c: int) -> list[str]:
        if (r, c) in numbers:
            return [numbers[(r, c)].center(width)]
        if solution and solution[r][c] == SEA:
            return ["█" * width]
        return ["" if solution else "·".center(width)]

    return boxes.draw(instance.rows, instance.cols, cell, vertical, horizontal, width)
