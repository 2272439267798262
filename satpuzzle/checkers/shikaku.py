"""Shikaku rules, checked directly: every rectangle lies inside the grid, holds exactly one
clue, the one it names, equal to its area (a `?` clue, area None, takes any area), and the
rectangles cover every cell exactly once. Independent of the encoder by design: it reads the
instance's grid size and clues and the solution's rectangles, nothing else."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def violations(rows: int, cols: int, clues: Iterable[Sequence[int]],
               rectangles: Iterable[Sequence[object]]) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid. `clues` are
    (row, column, area), area None for a `?` clue (any area), and `rectangles` (clue cell or
    None, top, left, height, width), all 0-based."""
    area_at = {(r, c): area for r, c, area in clues}
    problems: list[str] = []
    times_covered = [[0] * cols for _ in range(rows)]
    clues_used: dict[tuple[int, int], int] = {}
    for named, top, left, height, width in rectangles:
        where = f"rectangle at row {top}, column {left} ({height}×{width})"
        if not all(type(v) is int for v in (top, left, height, width)):
            problems.append(f"{where}: coordinates must be integers")
            continue
        if height < 1 or width < 1 or top < 0 or left < 0 or top + height > rows \
                or left + width > cols:
            problems.append(f"{where} is not inside the {rows}×{cols} grid")
            continue
        inside = [(r, c) for r in range(top, top + height) for c in range(left, left + width)
                  if (r, c) in area_at]
        for r in range(top, top + height):
            for c in range(left, left + width):
                times_covered[r][c] += 1
        if len(inside) != 1:
            problems.append(f"{where} holds {len(inside)} clues, expected exactly one")
            continue
        clue = inside[0]
        if named is not None and tuple(named) != clue:  # type: ignore[arg-type]
            problems.append(f"{where} is given for clue {tuple(named)}, "  # type: ignore[arg-type]
                            f"but holds the clue at {clue}")
        if area_at[clue] is not None and area_at[clue] != height * width:
            problems.append(f"{where} has area {height * width}, but its clue says "
                            f"{area_at[clue]}")
        clues_used[clue] = clues_used.get(clue, 0) + 1
    for clue, area in area_at.items():
        if clues_used.get(clue, 0) == 0:
            problems.append(f"clue {'?' if area is None else area} at {clue} has no rectangle")
    for r, line in enumerate(times_covered):
        for c, count in enumerate(line):
            if count != 1:
                problems.append(f"cell ({r}, {c}) is covered {count} times, expected once")
                if len(problems) > 20:
                    return problems + ["(further problems not listed)"]
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a Shikaku instance."""
    return violations(instance.rows, instance.cols, instance.clues, solution)
