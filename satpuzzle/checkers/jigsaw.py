"""Jigsaw (edge-matching) rules, checked directly from the common definition: the right cells
hold pieces (every cell, or only the frame for contour variants, the interior empty), each piece
is used exactly once, rotations are quarter turns (always 0 in orientation variants), position
variants keep piece i at its cell, adjacent pieces fit (opposite: a = −b ≠ 0; equal: a = b, and
a ≠ 0 with border zero) and the outside edges are 0 with border zero.
Independent of the encoder by design: rotation and the frame order are derived here again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_PROBLEMS = 20
_SIDE_NAMES = ("top", "right", "bottom", "left")


def _turn(labels: tuple[int, ...], quarter_turns: int) -> tuple[int, ...]:
    """Labels (top, right, bottom, left) after clockwise quarter turns: turning once moves
    each label one side clockwise, so the left label comes to the top."""
    turns = quarter_turns % 4
    return tuple(labels[-turns:] + labels[:-turns]) if turns else tuple(labels)


def _frame_walk(rows: int, cols: int) -> list[tuple[int, int]]:
    """The frame cells clockwise from the top-left corner, by walking around the board: right
    along the top, down the right side, left along the bottom, up the left side."""
    on_frame = {(r, c) for r in range(rows) for c in range(cols)
                if r in (0, rows - 1) or c in (0, cols - 1)}
    if rows == 1 or cols == 1:
        return sorted(on_frame)
    walk, (r, c) = [], (0, 0)
    moves = [(0, 1)] * (cols - 1) + [(1, 0)] * (rows - 1) + [(0, -1)] * (cols - 1) \
        + [(-1, 0)] * (rows - 2)
    walk.append((r, c))
    for dr, dc in moves:
        r, c = r + dr, c + dc
        walk.append((r, c))
    assert set(walk) == on_frame and len(walk) == len(on_frame)
    return walk


def _is_int(value: object) -> bool:
    return type(value) is int


def check(instance: Any, solution: object) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid."""
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    if not isinstance(solution, (list, tuple)) or len(solution) != rows or any(
            not isinstance(row, (list, tuple)) or len(row) != cols for row in solution):
        return [f"the board must be {rows} rows of {cols} cells"]
    rules = _Rules.of(instance)
    problems: list[str] = []
    shown: dict[tuple[int, int], tuple[int, ...]] = {}
    uses = [0] * len(pieces)
    for r in range(rows):
        for c in range(cols):
            placed = _placed(rules, (r, c), solution[r][c], problems)
            if placed is not None:
                index, turns = placed
                uses[index] += 1
                shown[(r, c)] = _turn(tuple(pieces[index]), turns)
    for index, count in enumerate(uses):
        if count != 1:
            problems.append(f"piece {index} is used {count} times, expected once")
    problems += _edge_problems(instance, shown, rules.wanted)
    if len(problems) > MAX_PROBLEMS:
        return problems[:MAX_PROBLEMS] + ["(further problems not listed)"]
    return problems


@dataclass(frozen=True)
class _Rules:
    """What a variant asks of the cells: which hold pieces (`wanted`), whether pieces may
    turn, and in position variants the piece fixed at each cell."""

    variant: str
    pieces: int
    wanted: frozenset[tuple[int, int]]
    may_turn: bool
    fixed_piece: dict[tuple[int, int], int] | None

    @classmethod
    def of(cls, instance: Any) -> _Rules:
        rows, cols, variant = instance.rows, instance.cols, instance.variant
        used_cells = _frame_walk(rows, cols) if variant.startswith("contour") else [
            (r, c) for r in range(rows) for c in range(cols)]
        fixed_piece = ({cell: index for index, cell in enumerate(used_cells)}
                       if variant.endswith("position") else None)
        return cls(variant, len(instance.pieces), frozenset(used_cells),
                   not variant.endswith("orientation"), fixed_piece)


def _placed(rules: _Rules, cell: tuple[int, int], entry: object,
            problems: list[str]) -> tuple[int, int] | None:
    """The (piece, rotation) `entry` places at `cell`, its problems added to `problems`; None
    when it places no piece that can be counted (an empty cell, a malformed entry)."""
    where = f"cell ({cell[0]}, {cell[1]})"
    if cell not in rules.wanted:
        if entry is not None:
            problems.append(f"{where} is inside the contour and must stay empty")
        return None
    if entry is None:
        problems.append(f"{where} holds no piece")
        return None
    read = _read_entry(entry, where, rules.pieces)
    if isinstance(read, str):
        problems.append(read)
        return None
    index, turns = read
    if turns and not rules.may_turn:
        problems.append(f"{where}: piece {index} is turned, but a {rules.variant} puzzle "
                        "keeps every piece as listed")
    if rules.fixed_piece is not None and rules.fixed_piece[cell] != index:
        problems.append(f"{where} holds piece {index}, but piece "
                        f"{rules.fixed_piece[cell]} is fixed there")
    return read


def _read_entry(entry: object, where: str, pieces: int) -> tuple[int, int] | str:
    """The (piece, rotation) a cell's entry names, or what is wrong with it."""
    if not isinstance(entry, (list, tuple)) or len(entry) != 2 or not (
            _is_int(entry[0]) and _is_int(entry[1])):
        return f"{where}: expected (piece, rotation), found {entry!r}"
    index, turns = entry
    if not 0 <= index < pieces:
        return f"{where}: no piece {index} (there are {pieces})"
    if not 0 <= turns <= 3:
        return f"{where}: rotation {turns} is not 0, 1, 2 or 3 quarter turns"
    return index, turns


def _edge_problems(instance: Any, shown: dict[tuple[int, int], tuple[int, ...]],
                   wanted: frozenset[tuple[int, int]]) -> list[str]:
    problems = []
    rows, cols = instance.rows, instance.cols
    for (r, c), labels in sorted(shown.items()):
        for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            r2, c2 = r + dr, c + dc
            mine = labels[side]
            if not (0 <= r2 < rows and 0 <= c2 < cols):
                if instance.border == "zero" and mine != 0:
                    problems.append(f"cell ({r}, {c}) shows {mine} on its {_SIDE_NAMES[side]} "
                                    "side, on the outside of the board, where 0 is required")
                continue
            if (r2, c2) not in wanted or (r2, c2) not in shown or side in (0, 3):
                continue  # interior of a contour, an empty cell, or seen from the other side
            theirs = shown[(r2, c2)][(side + 2) % 4]
            if instance.matching == "opposite":
                good = mine == -theirs and mine != 0
            else:
                good = mine == theirs and (mine != 0 or instance.border == "free")
            if not good:
                problems.append(f"cells ({r}, {c}) and ({r2}, {c2}) do not fit: {mine} "
                                f"against {theirs} ({instance.matching} matching)")
    return problems
