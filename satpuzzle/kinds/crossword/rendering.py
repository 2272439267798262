"""Crossword fills as text and JSON, and read back (`satpuzzle check`): one row a line, a letter
a cell, 0 a black cell, a rebus cell's string written `(heart)`.
"""

from __future__ import annotations

import re

from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill

_FILL_CELL = re.compile(r"\(([a-z]+)\)|[^()]")  # a cell of a fill's row


def render_text(instance: CrosswordInstance, solution: Fill) -> str:
    """The grid with letters in white cells and 0 in black cells, as in the seed."""
    return "\n".join(solution)


def render_json(instance: CrosswordInstance, solution: Fill) -> list[str]:
    return list(solution)


def from_json(instance: CrosswordInstance, data: object, path: str) -> Fill:
    if not (isinstance(data, list) and all(isinstance(row, str) for row in data)):
        raise InputError("a crossword solution in JSON is a list of row strings", path)
    return tuple(data)


def fill_cells(row: str) -> list[str]:
    """The cells of a fill's row: a letter, `0`, or a rebus cell's string (`(heart)`)."""
    if "(" not in row:
        return list(row)
    return [match.group(1) or match.group(0) for match in _FILL_CELL.finditer(row)]


def parse_solutions(instance: CrosswordInstance, text: str, path: str) -> list[Fill]:
    """Grids of letters and 0, one after another, separated by blank lines; a rebus cell is
    written `(heart)`."""
    grids, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            grids.append(tuple(current))
            current = []
    if not grids:
        raise InputError("empty solution file, expected a filled grid", path, 1, 1)
    return grids
