"""Kakuro solutions as text (the grid, `-` for a block) and JSON, and read back from both
(`satpuzzle check`)."""

from __future__ import annotations

from satpuzzle.errors import InputError
from satpuzzle.kinds.kakuro.puzzle import WHITE, KakuroInstance, Solution

# ---------------------------------------------------------------- output

NOT_WHITE = "-"  # a block in a solution's text


def render_text(instance: KakuroInstance, solution: Solution) -> str:
    """The grid row by row, a white cell's digit, `-` for a block."""
    return "\n".join(" ".join(NOT_WHITE if cell is not None else str(value)
                              for cell, value in zip(row, values))
                     for row, values in zip(instance.grid, solution))


def render_json(instance: KakuroInstance, solution: Solution) -> list[list[int | None]]:
    """Rows of digits, null for a block."""
    return [[None if cell is not None else value for cell, value in zip(row, values)]
            for row, values in zip(instance.grid, solution)]


_VERDICTS = {"unique", "multiple", "none", "unknown"}


def parse_solutions(instance: KakuroInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them, separated by blank lines: R lines of C words,
    a digit 0-9 in each white cell (0 or `.`: left empty), any other word on a block."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif not line.lstrip().startswith("#") and line.strip() not in _VERDICTS:
            blocks[-1].append((number, line))
    blocks = [block for block in blocks if block]
    if not blocks:
        raise InputError("empty solution file, expected a grid of digits", path, 1, 1)
    return [_parse_block(instance, block, path) for block in blocks]


def _parse_block(instance: KakuroInstance, block: list[tuple[int, str]],
                 path: str) -> Solution:
    if len(block) != instance.rows:
        raise InputError(f"solution grid has {len(block)} line(s), expected {instance.rows}",
                         path, block[0][0], 1)
    digits: list[tuple[int, ...]] = []
    for (number, line), row in zip(block, instance.grid):
        words = line.split()
        if len(words) != instance.cols:
            raise InputError(f"line has {len(words)} cell(s), expected {instance.cols}",
                             path, number, 1)
        values = []
        for c, (word, cell) in enumerate(zip(words, row)):
            if cell is not None:
                values.append(0)
            elif word == WHITE or (len(word) == 1 and word.isdigit()):
                values.append(0 if word == WHITE else int(word))
            else:
                column = len(line) - len(line.lstrip()) + 1 + sum(len(w) + 1 for w in words[:c])
                raise InputError(f"expected a digit 1-9 in white cell row {len(digits) + 1}, "
                                 f"column {c + 1}, found {word!r}", path, number, column)
        digits.append(tuple(values))
    return tuple(digits)


def from_json(instance: KakuroInstance, data: object, path: str) -> Solution:
    """A solution given as JSON, as `render_json` writes it: rows of digits, null on
    blocks."""
    shape = (f"a Kakuro solution in JSON is {instance.rows} rows of {instance.cols} cells, "
             "a digit in each white cell and null on each block")
    if not (isinstance(data, list) and len(data) == instance.rows and all(
            isinstance(row, list) and len(row) == instance.cols for row in data)):
        raise InputError(shape, path)
    digits = []
    for row, cells in zip(data, instance.grid):
        values = []
        for value, cell in zip(row, cells):
            if cell is not None:
                if value is not None:
                    raise InputError(shape, path)
                values.append(0)
            elif type(value) is int and 0 <= value <= 9:
                values.append(value)
            else:
                raise InputError(shape, path)
        digits.append(tuple(values))
    return tuple(digits)
