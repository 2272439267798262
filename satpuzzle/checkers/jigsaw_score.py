"""Scores of best-effort jigsaw boards, counted directly from the definitions of Behague (2024),
§4.1 and §5.1, to check the approximations and the MaxSAT optimum (kinds/jigsaw/approx.py,
maxsat.py) without sharing their code: rotation and fitting are derived here again.

- `problems(instance, board, complete)`: what makes a board no legal (partial) assignment:
  its shape, a piece used twice, a turned piece where orientations are given, a piece away
  from its given cell, an empty cell where the board must be complete.
- `valid_pieces`: placed pieces every placed neighbour fits and whose outside faces show 0
  (border zero); faces meeting an empty cell ask nothing.
- `matched_pairs`: shared edges whose faces fit, each once, plus outside faces showing 0 (all
  of them with border free), out of 2mn + m + n (`face_pairs`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

Entry = tuple[int, int] | None
Board = Sequence[Sequence[Entry]]


class Puzzle(Protocol):
    """What is read of a jigsaw instance (read only: a frozen dataclass passes)."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def pieces(self) -> tuple[tuple[int, int, int, int], ...]: ...
    @property
    def variant(self) -> str: ...
    @property
    def matching(self) -> str: ...
    @property
    def border(self) -> str: ...


_AROUND = ((-1, 0), (0, 1), (1, 0), (0, -1))  # top, right, bottom, left


def _showing(piece: Sequence[int], quarter_turns: int) -> tuple[int, ...]:
    """The labels on (top, right, bottom, left) after clockwise quarter turns: each turn
    moves every label one side on, the left one to the top."""
    return tuple(piece[(side - quarter_turns) % 4] for side in range(4))


def _agree(mine: int, theirs: int, puzzle: Puzzle) -> bool:
    if puzzle.matching == "opposite":
        return mine + theirs == 0 and mine != 0
    return mine == theirs and (mine != 0 or puzzle.border == "free")


def problems(puzzle: Puzzle, board: Board, complete: bool) -> list[str]:
    """Every way `board` is no legal assignment (an empty list: it is one)."""
    if len(board) != puzzle.rows or any(len(row) != puzzle.cols for row in board):
        return [f"the board must be {puzzle.rows} rows of {puzzle.cols} cells"]
    found: list[str] = []
    seen: set[int] = set()
    for r, row in enumerate(board):
        for c, entry in enumerate(row):
            if entry is None:
                if complete:
                    found.append(f"cell ({r}, {c}) is empty")
                continue
            index, turns = entry
            if not 0 <= index < len(puzzle.pieces) or turns not in (0, 1, 2, 3):
                found.append(f"cell ({r}, {c}): no piece {index} turned {turns}")
                continue
            if index in seen:
                found.append(f"piece {index} is placed twice")
            seen.add(index)
            if puzzle.variant.endswith("orientation") and turns:
                found.append(f"cell ({r}, {c}): piece {index} is turned, orientations are "
                             "given")
            if puzzle.variant.endswith("position") and index != r * puzzle.cols + c:
                found.append(f"cell ({r}, {c}) holds piece {index}, not its own")
    return found


def _labels(puzzle: Puzzle, board: Board) -> dict[tuple[int, int], tuple[int, ...]]:
    return {(r, c): _showing(puzzle.pieces[entry[0]], entry[1])
            for r, row in enumerate(board) for c, entry in enumerate(row) if entry is not None}


def valid_pieces(puzzle: Puzzle, board: Board) -> int:
    """How many placed pieces are valid (module docstring)."""
    shown = _labels(puzzle, board)
    valid = 0
    for (r, c), labels in shown.items():
        good = True
        for side, (dr, dc) in enumerate(_AROUND):
            there = (r + dr, c + dc)
            if not (0 <= there[0] < puzzle.rows and 0 <= there[1] < puzzle.cols):
                good = good and (puzzle.border == "free" or labels[side] == 0)
            elif there in shown:
                good = good and _agree(labels[side], shown[there][(side + 2) % 4], puzzle)
        valid += good
    return valid


def face_pairs(rows: int, cols: int) -> int:
    """Shared edges (rows·(cols − 1) + cols·(rows − 1)) and outside faces (2·rows + 2·cols)."""
    return rows * (cols - 1) + cols * (rows - 1) + 2 * rows + 2 * cols


def matched_pairs(puzzle: Puzzle, board: Board) -> int:
    """How many face pairs fit (module docstring); empty cells match nothing."""
    shown = _labels(puzzle, board)
    matched = 0
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            labels = shown.get((r, c))
            if labels is None:
                continue
            matched += sum(puzzle.border == "free" or labels[side] == 0
                           for side, (dr, dc) in enumerate(_AROUND)
                           if not (0 <= r + dr < puzzle.rows and 0 <= c + dc < puzzle.cols))
            right, below = shown.get((r, c + 1)), shown.get((r + 1, c))
            matched += right is not None and _agree(labels[1], right[3], puzzle)
            matched += below is not None and _agree(labels[2], below[0], puzzle)
    return matched
