"""Nurikabe rules, checked directly on a shaded grid: the sea (shaded cells) is connected
and holds no 2×2 block, each island (a connected group of unshaded cells) holds exactly one
number, and that number is the island's size; numbered cells are never sea. Independent of
the encoder by design: it reads the instance's `rows`, `cols` and `clues` ((row, column,
number), 0-based) and the solution's rows of '#' (sea) and '.' (island), nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

SEA = "#"
ISLAND = "."


class Puzzle(Protocol):
    """What the checker reads of an instance: its size and numbers (row, column, number)."""

    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def clues(self) -> Sequence[tuple[int, int, int]]: ...


def check(instance: Puzzle, solution: Sequence[str]) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid."""
    rows, cols = instance.rows, instance.cols
    number_at = {(r, c): n for r, c, n in instance.clues}
    shape = _shape_problem(rows, cols, solution)
    if shape:
        return [shape]
    problems = [f"the number {n} at row {r + 1}, column {c + 1} is shaded as sea"
                for (r, c), n in number_at.items() if solution[r][c] == SEA]
    for r in range(rows - 1):
        for c in range(cols - 1):
            if all(solution[r + dr][c + dc] == SEA for dr in (0, 1) for dc in (0, 1)):
                problems.append(f"the 2x2 block at rows {r + 1}-{r + 2}, columns "
                                f"{c + 1}-{c + 2} is all sea")
    seas = _groups(rows, cols, solution, SEA)
    if len(seas) > 1:
        problems.append(f"the sea is in {len(seas)} separate parts, expected one")
    for group in _groups(rows, cols, solution, ISLAND):
        numbers = [(cell, number_at[cell]) for cell in sorted(group) if cell in number_at]
        (r, c) = min(group)
        where = f"the island at row {r + 1}, column {c + 1}"
        if len(numbers) != 1:
            problems.append(f"{where} holds {len(numbers)} numbers, expected exactly one")
        elif numbers[0][1] != len(group):
            problems.append(f"{where} has {len(group)} cells but its number is "
                            f"{numbers[0][1]}")
    return problems


def _shape_problem(rows: int, cols: int, solution: Sequence[str]) -> str:
    if not isinstance(solution, (list, tuple)) or len(solution) != rows:
        return f"the solution must be {rows} rows of '#' and '.'"
    for r, line in enumerate(solution):
        if not isinstance(line, str) or len(line) != cols or set(line) - {SEA, ISLAND}:
            return f"row {r + 1} of the solution must be {cols} characters '#' or '.'"
    return ""


def _groups(rows: int, cols: int, solution: Sequence[str], mark: str) -> list[set]:
    """The orthogonally connected groups of cells marked `mark`."""
    seen: set[tuple[int, int]] = set()
    groups = []
    for r in range(rows):
        for c in range(cols):
            if solution[r][c] != mark or (r, c) in seen:
                continue
            group, stack = {(r, c)}, [(r, c)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= ny < rows and 0 <= nx < cols and solution[ny][nx] == mark
                            and (ny, nx) not in group):
                        group.add((ny, nx))
                        stack.append((ny, nx))
            seen |= group
            groups.append(group)
    return groups
