"""Nurikabe solutions as text (rows of `#` sea and `.` island, the numbers shown) and JSON, and
read back from both (`satpuzzle check`)."""

from __future__ import annotations

import re

from satpuzzle.errors import InputError
from satpuzzle.kinds.nurikabe.puzzle import (
    ISLAND,
    NUMBER,
    SEA,
    NurikabeInstance,
    Solution,
    drawn_cells,
    drawn_lines,
)

# ---------------------------------------------------------------- output


def render_text(instance: NurikabeInstance, solution: Solution) -> str:
    """The grid: `#` sea, `.` island, numbers where they stand."""
    return drawn_lines(drawn_cells(instance, solution))


def render_json(instance: NurikabeInstance, solution: Solution) -> list[str]:
    return list(solution)


# ---------------------------------------------------------------- solutions read back

_VERDICTS = {"unique", "multiple", "none", "unknown"}
_ROW = re.compile(r"[#.0-9 ]+")


def parse_solutions(instance: NurikabeInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them, separated by blank lines: `#` sea, `.` or a
    number island (cells separated by blanks, or run together as `#..#`)."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif line.strip() not in _VERDICTS and (not line.lstrip().startswith("#")
                                                 or _ROW.fullmatch(line.strip())):
            blocks[-1].append((number, line))  # a `#` line that is no grid row: a comment
    blocks = [block for block in blocks if block]
    if not blocks:
        raise InputError("empty solution file, expected a grid of '#' and '.'", path, 1, 1)
    return [_parse_block(instance, block, path) for block in blocks]


def _parse_block(instance: NurikabeInstance, block: list[tuple[int, str]],
                 path: str) -> Solution:
    if len(block) != instance.rows:
        raise InputError(f"solution grid has {len(block)} line(s), expected {instance.rows}",
                         path, block[0][0], 1)
    out = []
    for number, line in block:
        cells = line.split()
        if len(cells) == 1 and len(cells[0]) == instance.cols and instance.cols > 1:
            cells = list(cells[0])  # a compact row, `#..#`
        if len(cells) != instance.cols:
            raise InputError(f"line has {len(cells)} cell(s), expected {instance.cols}",
                             path, number, 1)
        for cell in cells:
            if cell != SEA and cell != ISLAND and not NUMBER.match(cell):
                raise InputError(f"expected '#' (sea), '.' or a number (island), found "
                                 f"{cell!r}", path, number, line.index(cell) + 1)
        out.append("".join(SEA if cell == SEA else ISLAND for cell in cells))
    return tuple(out)


def from_json(instance: NurikabeInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: a list of row strings of '#' (sea) and '.' (island), as
    `render_json` writes it."""
    if not isinstance(data, list) or not all(isinstance(row, str) for row in data):
        raise InputError("a Nurikabe solution in JSON is a list of rows, strings of '#' "
                         "(sea) and '.' (island)", path)
    return tuple(data)
