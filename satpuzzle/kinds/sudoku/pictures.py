"""Sudoku pictures: thin cell lines, thick box (or irregular region) borders, givens in bold
black and solved digits in blue."""

from __future__ import annotations

from typing import Any

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes

CELL = 40
THIN, THICK = 1, 3  # line widths in pixels
GIVEN_COLOUR = "#000000"
SOLVED_COLOUR = "#1f5fbf"


def region_map(instance: Any) -> list[list[int]]:
    """The region number of every cell: the instance's irregular `regions` when it has them
    (rows of region numbers), else its boxes numbered row-major."""
    regions = getattr(instance, "regions", None)
    if regions:
        return [list(row) for row in regions]
    size, box_rows, box_cols = instance.size, instance.box_rows, instance.box_cols
    per_row = size // box_cols
    return [[(r // box_rows) * per_row + c // box_cols for c in range(size)]
            for r in range(size)]


def _values(instance: Any, solution: Any) -> Any:
    return solution if solution is not None else instance.givens


def svg(instance: Any, solution: Any) -> shapes.Drawing:
    size = instance.size
    owner = region_map(instance)
    values = _values(instance, solution)
    body = []
    for r in range(size):
        for c in range(size):
            value = values[r][c]
            if not value:
                continue
            given = bool(instance.givens[r][c])
            label = str(value)
            body.append(shapes.text((c + 0.5) * CELL, (r + 0.5) * CELL, label,
                                 size=CELL * (0.6 if len(label) == 1 else 0.45),
                                 fill=GIVEN_COLOUR if given else SOLVED_COLOUR, bold=given))
    body += _grid_lines(owner, size)
    return shapes.Drawing(body, size * CELL, size * CELL)


def _grid_lines(owner: list[list[int]], size: int) -> list[str]:
    """Every cell side as a segment; thin inside a region, thick between regions and on the
    frame. Thick ones are drawn last so that they cover the thin ones they meet."""
    vertical, horizontal = boxes.borders_between(owner, inside=THIN, between=THICK,
                                                 outside=THICK)
    segments: dict[int, list[str]] = {THIN: [], THICK: []}
    for r in range(size):
        for c in range(size + 1):
            width = vertical(r, c)
            segments[width].append(shapes.line(c * CELL, r * CELL, c * CELL, (r + 1) * CELL,
                                            width=width, crisp=True))
    for r in range(size + 1):
        for c in range(size):
            width = horizontal(r, c)
            segments[width].append(shapes.line(c * CELL, r * CELL, (c + 1) * CELL, r * CELL,
                                            width=width, crisp=True))
    return segments[THIN] + segments[THICK]


def pretty(instance: Any, solution: Any) -> str:
    """Light lines between cells, heavy ones around boxes or regions; '.' for an empty cell."""
    size = instance.size
    values = _values(instance, solution)
    width = len(str(size)) + 2
    vertical, horizontal = boxes.borders_between(region_map(instance), inside=boxes.LIGHT,
                                                 between=boxes.HEAVY, outside=boxes.HEAVY)
    return boxes.draw(size, size,
                      lambda r, c: [(str(values[r][c]) if values[r][c] else ".").center(width)],
                      vertical, horizontal, width)
