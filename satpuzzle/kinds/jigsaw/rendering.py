"""Jigsaw solutions as text (the placements, then a drawing of the labels each cell shows) and
JSON, and read back from both (`satpuzzle check`)."""

from __future__ import annotations

import re

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import (
    BOTTOM,
    LEFT,
    RIGHT,
    TOP,
    JigsawInstance,
    Placement,
    Solution,
    rotated,
)

# ---------------------------------------------------------------- output


def render_text(instance: JigsawInstance, solution: Solution) -> str:
    """The placements (`12r3`: piece 12 counting from 1, 3 clockwise quarter turns; `.` for an
    empty cell), then a drawing of the labels each cell shows."""
    words = [["." if p is None else f"{p[0] + 1}r{p[1]}" for p in row] for row in solution]
    width = max(len(word) for row in words for word in row)
    grid = [" ".join(word.rjust(width) for word in row) for row in words]
    return "\n".join(grid + _drawing(instance, solution))


def _drawing(instance: JigsawInstance, solution: Solution) -> list[str]:
    # every piece is placed once in a solution: the widest label of all is the one shown
    cells = [[None if p is None else (p[0], p[1] % 4) for p in row] for row in solution]
    width, drawn = _drawn_pieces(instance)
    blank = (" " * (2 * width + 1),) * 3
    rule = "+" + "+".join("-" * (2 * width + 1) for _ in range(instance.cols)) + "+"
    lines = [rule]
    for row in cells:
        parts = [blank if cell is None else drawn[cell[0]][cell[1]] for cell in row]
        lines += ["|" + "|".join(part[line] for part in parts) + "|" for line in range(3)]
        lines.append(rule)
    return lines


_DRAWN: dict[int, tuple[JigsawInstance, int, list]] = {}


def _drawn_pieces(instance: JigsawInstance) -> tuple[int, list[list[tuple[str, str, str]]]]:
    """The label width, and each piece in each rotation as the three text lines of its cell,
    made once per instance: --all draws thousands of solutions of one instance."""
    cached = _DRAWN.get(id(instance))
    if cached is not None and cached[0] is instance:
        return cached[1], cached[2]
    width = max((len(str(label)) for piece in instance.pieces for label in piece), default=1)
    inner = 2 * width + 1
    drawn = []
    for piece in instance.pieces:
        turns = []
        for turn in range(4):
            t = rotated(piece, turn)
            turns.append((str(t[TOP]).center(inner),
                          str(t[LEFT]).ljust(width) + " " + str(t[RIGHT]).rjust(width),
                          str(t[BOTTOM]).center(inner)))
        drawn.append(turns)
    _DRAWN.clear()  # one instance at a time is drawn; keep no others alive
    _DRAWN[id(instance)] = (instance, width, drawn)
    return width, drawn


def render_json(instance: JigsawInstance, solution: Solution) -> list[list[list[int] | None]]:
    return [[None if p is None else [p[0], p[1]] for p in row] for row in solution]


PLACEMENT = re.compile(r"^(\d+)r(\d+)$")
_VERDICTS = {"unique", "multiple", "none", "unknown"}


def parse_solutions(instance: JigsawInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: runs of lines of placements (`12r3`, `.`),
    one row of the board each; drawing lines (starting with `+` or `|`), blank lines, comments
    and verdict words end a run."""
    solutions: list[Solution] = []
    current: list[tuple[int, list[Placement | None]]] = []

    def close() -> None:
        if not current:
            return
        if len(current) != instance.rows:
            raise InputError(f"solution has {len(current)} row(s) of placements, expected "
                             f"{instance.rows}", path, current[0][0], 1)
        solutions.append(tuple(tuple(row) for _, row in current))
        current.clear()

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if (not stripped or stripped[0] in "+|#" or stripped in _VERDICTS):
            close()
            continue
        current.append((number, _placement_row(instance, line, path, number)))
    close()
    if not solutions:
        raise InputError("no solution found: expected lines of placements like '3r1 1r0'",
                         path, 1, 1)
    return solutions


def _placement_row(instance: JigsawInstance, line: str, path: str,
                   number: int) -> list[Placement | None]:
    row: list[Placement | None] = []
    column = 0
    for word in line.split():
        column = line.index(word, column)
        if word == ".":
            row.append(None)
        else:
            match = PLACEMENT.match(word)
            if not match:
                raise InputError(f"expected a placement like '3r1' (piece 3, one quarter "
                                 f"turn) or '.', found {word!r}", path, number, column + 1)
            row.append((int(match.group(1)) - 1, int(match.group(2))))
        column += len(word)
    if len(row) != instance.cols:
        raise InputError(f"line has {len(row)} placement(s), expected {instance.cols}",
                         path, number, 1)
    return row


def from_json(instance: JigsawInstance, data: object, path: str) -> Solution:
    """A solution as `render_json` gives it: rows of [piece_index, rotation] or null."""
    if not isinstance(data, list) or not all(isinstance(row, list) for row in data):
        raise InputError("expected a solution as a list of rows of [piece, rotation] or null",
                         path, 1, 1)
    board = []
    for row in data:
        cells: list[Placement | None] = []
        for item in row:
            if item is None:
                cells.append(None)
            elif (isinstance(item, list) and len(item) == 2
                  and all(type(v) is int for v in item)):
                cells.append((item[0], item[1]))
            else:
                raise InputError(f"expected [piece, rotation] or null, found {item!r}",
                                 path, 1, 1)
        board.append(tuple(cells))
    return tuple(board)
