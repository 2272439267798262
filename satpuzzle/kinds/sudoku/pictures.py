"""Sudoku pictures: thin cell lines, thick box (or irregular region) borders, givens in bold
black and solved digits in blue; Sudoku X's diagonals as grey lines under the digits, Killer
cages as dashed outlines inside their cells with the total in the first cell's corner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes

if TYPE_CHECKING:
    from satpuzzle.kinds.sudoku.cages import Cage
    from satpuzzle.kinds.sudoku.puzzle import Grid, SudokuInstance

CELL = 40
THIN, THICK = 1, 3  # line widths in pixels
GIVEN_COLOUR = "#000000"
SOLVED_COLOUR = "#1f5fbf"
DIAGONAL_COLOUR = "#b0b0b0"
CAGE_COLOUR = "#606060"
CAGE_INSET = 4  # pixels between a cage's outline and its cells' sides


def region_map(instance: SudokuInstance) -> list[list[int]]:
    """The region number of every cell: the instance's irregular `regions` when it has them
    (rows of region numbers), else its boxes numbered row-major."""
    regions = getattr(instance, "regions", None)
    if regions:
        return [list(row) for row in regions]
    size, box_rows, box_cols = instance.size, instance.box_rows, instance.box_cols
    per_row = size // box_cols
    return [[(r // box_rows) * per_row + c // box_cols for c in range(size)]
            for r in range(size)]


def _values(instance: SudokuInstance, solution: Grid | None) -> Grid:
    return solution if solution is not None else instance.givens


def svg(instance: SudokuInstance, solution: Grid | None) -> shapes.Drawing:
    size = instance.size
    owner = region_map(instance)
    values = _values(instance, solution)
    body = _diagonals(size) if getattr(instance, "diagonals", False) else []
    for cage in getattr(instance, "cages", ()):
        body += _cage(cage)
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


def _diagonals(size: int) -> list[str]:
    end = size * CELL
    return [shapes.line(0, 0, end, end, stroke=DIAGONAL_COLOUR, width=2),
            shapes.line(end, 0, 0, end, stroke=DIAGONAL_COLOUR, width=2)]


def _cage(cage: Cage) -> list[str]:
    """A dashed outline inset in the cage's cells (one segment per side on its border) and
    its total, small, in the top left corner of its first cell."""
    cells = set(cage.cells)
    inset = CAGE_INSET
    segments = []
    for r, c in cells:
        left, top = c * CELL, r * CELL
        right, bottom = left + CELL, top + CELL
        # a side's segment stops short of a corner where the outline turns there
        x0 = left + (inset if (r, c - 1) not in cells else 0)
        x1 = right - (inset if (r, c + 1) not in cells else 0)
        y0 = top + (inset if (r - 1, c) not in cells else 0)
        y1 = bottom - (inset if (r + 1, c) not in cells else 0)
        if (r - 1, c) not in cells:
            segments.append((x0, top + inset, x1, top + inset))
        if (r + 1, c) not in cells:
            segments.append((x0, bottom - inset, x1, bottom - inset))
        if (r, c - 1) not in cells:
            segments.append((left + inset, y0, left + inset, y1))
        if (r, c + 1) not in cells:
            segments.append((right - inset, y0, right - inset, y1))
    body = [f'<line x1="{shapes.num(a)}" y1="{shapes.num(b)}" x2="{shapes.num(x)}" '
            f'y2="{shapes.num(y)}" stroke="{CAGE_COLOUR}" stroke-width="1" '
            f'stroke-dasharray="3 2"/>' for a, b, x, y in sorted(segments)]
    if cage.total is not None:
        r, c = min(cells)
        body.append(shapes.text(c * CELL + inset + 1, r * CELL + inset + 5, str(cage.total),
                                size=CELL * 0.24, fill=CAGE_COLOUR, anchor="start"))
    return body


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


def pretty(instance: SudokuInstance, solution: Grid | None) -> str:
    """Light lines between cells, heavy ones around boxes or regions; '.' for an empty cell."""
    size = instance.size
    values = _values(instance, solution)
    width = len(str(size)) + 2
    vertical, horizontal = boxes.borders_between(region_map(instance), inside=boxes.LIGHT,
                                                 between=boxes.HEAVY, outside=boxes.HEAVY)
    drawn = boxes.draw(size, size,
                       lambda r, c: [(str(values[r][c]) if values[r][c] else ".").center(width)],
                       vertical, horizontal, width)
    return drawn + "".join("\n" + line for line in _rules_text(instance))


def _rules_text(instance: SudokuInstance) -> list[str]:
    """The variants' rules under the grid: box drawing has no room for diagonals or cages."""
    lines = []
    if getattr(instance, "diagonals", False):
        lines.append("diagonals: each holds every digit once")
    for cage in getattr(instance, "cages", ()):
        total = "?" if cage.total is None else str(cage.total)
        lines.append(f"cage {total}: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in cage.cells))
    return lines
