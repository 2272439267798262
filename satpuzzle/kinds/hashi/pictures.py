"""Hashi pictures: islands as circles with their value (`?` for an island of any number), a
single bridge as one line, k bridges (2, or 3 and 4 in the variants) as k parallel lines;
water cells as faint dots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import svg as shapes
from satpuzzle.kinds.hashi.puzzle import cell_text, drawn_cell

if TYPE_CHECKING:
    from satpuzzle.kinds.hashi.puzzle import HashiInstance, Solution

CELL = 40
RADIUS = 15
BRIDGE = 2  # line width
DOUBLE_OFFSET = 4  # each line of a double bridge this far from the centre line
BRIDGE_COLOUR = "#000000"
WATER_COLOUR = "#d0d0d0"


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    r, c = cell
    return (c + 0.5) * CELL, (r + 0.5) * CELL


def _bridge(first: tuple[int, int], second: tuple[int, int], count: int) -> list[str]:
    (x1, y1), (x2, y2) = _centre(first), _centre(second)
    across = y1 == y2
    # k lines 2·DOUBLE_OFFSET apart, centred: ±4 for two, as before; within the island circle
    offsets = [(i - (count - 1) / 2) * 2 * DOUBLE_OFFSET for i in range(count)]
    lines = []
    for offset in offsets:
        dx, dy = (0, offset) if across else (offset, 0)
        lines.append(shapes.line(x1 + dx, y1 + dy, x2 + dx, y2 + dy, stroke=BRIDGE_COLOUR,
                                 width=BRIDGE))
    return lines


def svg(instance: HashiInstance, solution: Solution | None) -> shapes.Drawing:
    body = []
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            if not value:
                body.append(shapes.circle(*_centre((r, c)), 1.5, fill=WATER_COLOUR))
    for first, second, count in solution or ():
        body += _bridge(first, second, count)
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            if value:
                x, y = _centre((r, c))
                body.append(shapes.circle(x, y, RADIUS, fill="#ffffff", stroke="#000000",
                                          stroke_width=2))
                body.append(shapes.text(x, y, cell_text(value), size=RADIUS * 1.2, bold=True))
    return shapes.Drawing(body, instance.width * CELL, instance.height * CELL)


# text layout: island (r, c) at line 2r, column 4c; bridges fill the characters between
_ACROSS = {1: "─", 2: "═", 3: "≡", 4: "≣"}
_DOWN = {1: "│", 2: "║", 3: "┆", 4: "┊"}


def pretty(instance: HashiInstance, solution: Solution | None) -> str:
    """Islands as digits (`?` for any number, 10..16 as A..G), water as '·', bridges as
    ─ ═ ≡ ≣ across and │ ║ ┆ ┊ down (1..4 of them)."""
    canvas = [[" "] * (4 * instance.width - 3) for _ in range(2 * instance.height - 1)]
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            canvas[2 * r][4 * c] = drawn_cell(value) if value else "·"
    for (r1, c1), (r2, c2), count in solution or ():
        if r1 == r2:
            for x in range(4 * c1 + 1, 4 * c2):
                canvas[2 * r1][x] = _ACROSS[count]
        else:
            for y in range(2 * r1 + 1, 2 * r2):
                canvas[y][4 * c1] = _DOWN[count]
    return "\n".join("".join(line).rstrip() for line in canvas)
