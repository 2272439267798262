"""Jigsaw pictures: every cell a square cut by its diagonals into four triangles, each coloured
by the edge label it shows and carrying the label's number. A solution is drawn as the board;
the puzzle alone as its pieces in input order, numbered from 1, laid out in rows as wide as
the board."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes
from satpuzzle.kinds.jigsaw.puzzle import rotated

if TYPE_CHECKING:
    from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Solution

CELL = 48
PIECE_GAP = 18  # between pieces laid out unsolved; their numbers stand in it
BORDER_LABEL_COLOUR = "#e8e8e8"  # label 0, the flat border edge
EMPTY_CELL_COLOUR = "#f7f7f7"  # the interior of a contour variant
OUTLINE_COLOUR = "#000000"
DIAGONAL_COLOUR = "#606060"

Layout = list[list["tuple[int, int] | None"]]  # (piece index, quarter turns) per cell


def label_colour(label: int) -> str:
    """One colour per label: a hue per absolute value, a strong shade for positive labels and
    a pale one for negative labels, so that a and -a (which fit each other under `opposite`
    matching) look related but distinct; 0 is light grey."""
    if label == 0:
        return BORDER_LABEL_COLOUR
    return shapes.hsl(shapes.hue(abs(label) - 1), 0.7, 0.55 if label > 0 else 0.8)


def _triangles(x: float, y: float) -> list[list[tuple[float, float]]]:
    """The four triangles of the cell at (x, y): top, right, bottom, left."""
    centre = (x + CELL / 2, y + CELL / 2)
    corners = [(x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL)]
    return [[corners[side], corners[(side + 1) % 4], centre] for side in range(4)]


def _label_positions(x: float, y: float) -> list[tuple[float, float]]:
    """Where each side's label number goes, inside its triangle."""
    inset = CELL * 0.2
    return [(x + CELL / 2, y + inset), (x + CELL - inset, y + CELL / 2),
            (x + CELL / 2, y + CELL - inset), (x + inset, y + CELL / 2)]


def _tile(x: float, y: float, labels: tuple[int, int, int, int]) -> list[str]:
    body = [shapes.polygon(points, fill=label_colour(label))
            for points, label in zip(_triangles(x, y), labels)]
    body.append(shapes.line(x, y, x + CELL, y + CELL, stroke=DIAGONAL_COLOUR))
    body.append(shapes.line(x + CELL, y, x, y + CELL, stroke=DIAGONAL_COLOUR))
    for (lx, ly), label in zip(_label_positions(x, y), labels):
        body.append(shapes.text(lx, ly, str(label), size=CELL * 0.22))
    body.append(shapes.rect(x, y, CELL, CELL, stroke=OUTLINE_COLOUR, stroke_width=2,
                            crisp=True))
    return body


def svg(instance: JigsawInstance, solution: Solution | None) -> shapes.Drawing:
    if getattr(instance, "corners", ()):  # read from outlines: drawn with them
        from satpuzzle.kinds.jigsaw import board

        assert isinstance(instance, board.OutlinedJigsaw)
        drawn = (board.scattered_svg(instance) if solution is None
                 else board.board_svg(instance, solution))
        return shapes.Drawing(*drawn)
    if solution is None:
        return _pieces(instance)
    body = []
    for r, row in enumerate(solution):
        for c, placement in enumerate(row):
            x, y = c * CELL, r * CELL
            if placement is None:
                body.append(shapes.rect(x, y, CELL, CELL, fill=EMPTY_CELL_COLOUR,
                                        stroke=DIAGONAL_COLOUR, crisp=True))
            else:
                body += _tile(x, y, rotated(instance.pieces[placement[0]], placement[1]))
    return shapes.Drawing(body, instance.cols * CELL, instance.rows * CELL)


def piece_origin(instance: JigsawInstance, index: int) -> tuple[float, float]:
    """Top-left corner of piece `index` in the unsolved layout."""
    per_row = max(1, instance.cols)
    return (index % per_row) * (CELL + PIECE_GAP), (index // per_row) * (CELL + PIECE_GAP)


def _pieces(instance: JigsawInstance) -> shapes.Drawing:
    body = []
    for index, piece in enumerate(instance.pieces):
        x, y = piece_origin(instance, index)
        body += _tile(x, y, piece)
        body.append(shapes.text(x + CELL / 2, y + CELL + PIECE_GAP / 2, str(index + 1),
                                size=11, fill="#444444"))
    per_row = max(1, min(instance.cols, len(instance.pieces)))
    lines = math.ceil(len(instance.pieces) / max(1, instance.cols))
    pitch = CELL + PIECE_GAP
    return shapes.Drawing(body, per_row * pitch - PIECE_GAP, lines * pitch)


def pretty(instance: JigsawInstance, solution: Solution | None) -> str:
    """Each cell as three lines: its top label; left label, `#` piece number (from 1), right
    label; its bottom label. The puzzle alone: its pieces unturned, in rows as wide as the
    board."""
    if solution is None:
        count, cols = len(instance.pieces), max(1, instance.cols)
        layout: Layout = [[(i, 0) if i < count else None for i in range(start, start + cols)]
                          for start in range(0, count, cols)]
    else:
        layout = [list(row) for row in solution]
    label_width = max((len(str(label)) for piece in instance.pieces for label in piece),
                      default=1)
    number_width = len(str(len(instance.pieces))) + 1  # "#12"
    width = 2 * label_width + number_width + 4

    def cell(r: int, c: int) -> list[str]:
        placement = layout[r][c]
        if placement is None:
            return []
        top, right, bottom, left = rotated(instance.pieces[placement[0]], placement[1])
        number = f"#{placement[0] + 1}".center(number_width)
        return [str(top).center(width),
                f" {str(left).ljust(label_width)} {number} {str(right).rjust(label_width)} ",
                str(bottom).center(width)]

    rows, cols = len(layout), len(layout[0]) if layout else 0

    def holds(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and layout[r][c] is not None

    def vertical(r: int, c: int) -> int:  # every piece outlined; nothing between empty cells
        return boxes.LIGHT if holds(r, c - 1) or holds(r, c) else boxes.NONE

    def horizontal(r: int, c: int) -> int:
        return boxes.LIGHT if holds(r - 1, c) or holds(r, c) else boxes.NONE

    return boxes.draw(rows, cols, cell, vertical, horizontal, width, height=3)
