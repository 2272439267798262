"""Jigsaw (edge-matching) rules, checked directly from the common definition: the right cells
hold pieces (every cell, or only the frame for contour variants, the interior empty), each piece
is used exactly once, rotations are quarter turns (always 0 in orientation variants), position
variants keep piece i at its cell, adjacent pieces fit (opposite: a = −b ≠ 0; equal: a = b, and
a ≠ 0 with border zero) and the outside edges are 0 with border zero.
Independent of the encoder by design: rotation and the frame order are derived here again."""

from __future__ import annotations

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


def _is_int(value: Any) -> bool:
    return type(value) is int


def check(instance: Any, solution: Any) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid."""
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    variant = instance.variant
    contour = variant.startswith("contour")
    may_turn = not variant.endswith("orientation")
    fixed = variant.endswith("position")
    problems: list[str] = []
    if not isinstance(solution, (list, tuple)) or len(solution) != rows or any(
            not isinstance(row, (list, tuple)) or len(row) != cols for row in solution):
        return [f"the board must be {rows} rows of {cols} cells"]
    used_cells = _frame_walk(rows, cols) if contour else [
        (r, c) for r in range(rows) for c in range(cols)]
    wanted = set(used_cells)
    fixed_piece = {cell: index for index, cell in enumerate(used_cells)}  # position variants
    shown: dict[tuple[int, int], tuple[int, ...]] = {}
    uses = [0] * len(pieces)
    for r in range(rows):
        for c in range(cols):
            entry = solution[r][c]
            where = f"cell ({r}, {c})"
            if (r, c) not in wanted:
                if entry is not None:
                    problems.append(f"{where} is inside the contour and must stay empty")
                continue
            if entry is None:
                problems.append(f"{where} holds no piece")
                continue
            if not isinstance(entry, (list, tuple)) or len(entry) != 2 or not (
                    _is_int(entry[0]) and _is_int(entry[1])):
                problems.append(f"{where}: expected (piece, rotation), found {entry!r}")
                continue
            index, turns = entry
            if not 0 <= index < len(pieces):
                problems.append(f"{where}: no piece {index} (there are {len(pieces)})")
                continue
            if not 0 <= turns <= 3:
                problems.append(f"{where}: rotation {turns} is not 0, 1, 2 or 3 quarter turns")
                continue
            if turns and not may_turn:
                problems.append(f"{where}: piece {index} is turned, but a {variant} puzzle "
                                "keeps every piece as listed")
            if fixed and fixed_piece[(r, c)] != index:
                problems.append(f"{where} holds piece {index}, but piece "
                                f"{fixed_piece[(r, c)]} is fixed there")
            uses[index] += 1
            shown[(r, c)] = _turn(tuple(pieces[index]), turns)
    for index, count in enumerate(uses):
        if count != 1:
            problems.append(f"piece {index} is used {count} times, expected once")
    problems += _edge_problems(instance, shown, wanted)
    if len(problems) > MAX_PROBLEMS:
        return problems[:MAX_PROBLEMS] + ["(further problems not listed)"]
    return problems


def _edge_problems(instance: Any, shown: dict[tuple[int, int], tuple[int, ...]],
                   wanted: set[tuple[int, int]]) -> list[str]:
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
