"""Shikaku rules, checked directly: every rectangle lies inside the grid, holds exactly one
clue, the one it names, equal to its area (a `?` clue, area None, takes any area), and the
rectangles cover every cell exactly once. Independent of the encoder by design: it reads the
instance's grid size and clues and the solution's rectangles, nothing else."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeGuard

# A rectangle as given, not yet checked: (clue cell or None, top, left, height, width)
Rectangle = Sequence[object]
Clue = tuple[int, int, int | None]  # (row, column, area), area None for a `?` clue
Box = tuple[int, int, int, int]  # (top, left, height, width)


def violations(rows: int, cols: int, clues: Iterable[Clue],
               rectangles: Iterable[Rectangle]) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid. `clues` are
    (row, column, area), area None for a `?` clue (any area), and `rectangles` (clue cell or
    None, top, left, height, width), all 0-based."""
    grid = _Grid(rows, cols, {(r, c): area for r, c, area in clues})
    area_at = grid.area_at
    problems: list[str] = []
    times_covered = [[0] * cols for _ in range(rows)]
    clues_used: dict[tuple[int, int], int] = {}
    for named, top, left, height, width in rectangles:
        box = (top, left, height, width)
        own, clue = _own_problems(grid, named, box)
        problems += own
        if clue is None or not _is_box(box):  # not inside the grid: covers nothing
            continue
        for r in range(box[0], box[0] + box[2]):
            for c in range(box[1], box[1] + box[3]):
                times_covered[r][c] += 1
        if clue:
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


def _is_box(values: tuple[object, ...]) -> TypeGuard[Box]:
    """Whether `values` are a rectangle's four coordinates, ints (not bools, not floats)."""
    return len(values) == 4 and all(type(v) is int for v in values)


@dataclass(frozen=True)
class _Grid:
    """A Shikaku grid's size and its clues' areas by cell (None for a `?` clue)."""

    rows: int
    cols: int
    area_at: dict[tuple[int, int], int | None]


def _own_problems(grid: _Grid, named: object, box: tuple[object, ...],
                  ) -> tuple[list[str], tuple[int, int] | tuple[()] | None]:
    """The rules one rectangle (`named` clue, `box` (top, left, height, width)) breaks by
    itself, and the clue it holds: None when it is not a rectangle inside the grid (it covers
    nothing), () when it holds no clue or several."""
    rows, cols, area_at = grid.rows, grid.cols, grid.area_at
    where = f"rectangle at row {box[0]}, column {box[1]} ({box[2]}×{box[3]})"
    if not _is_box(box):
        return [f"{where}: coordinates must be integers"], None
    top, left, height, width = box
    if height < 1 or width < 1 or top < 0 or left < 0 or top + height > rows \
            or left + width > cols:
        return [f"{where} is not inside the {rows}×{cols} grid"], None
    inside = [(r, c) for r in range(top, top + height) for c in range(left, left + width)
              if (r, c) in area_at]
    if len(inside) != 1:
        return [f"{where} holds {len(inside)} clues, expected exactly one"], ()
    clue = inside[0]
    problems = []
    if named is not None and (given := _cell_given(named)) != clue:
        problems.append(f"{where} is given for clue {given}, but holds the clue at {clue}")
    if area_at[clue] is not None and area_at[clue] != height * width:
        problems.append(f"{where} has area {height * width}, but its clue says "
                        f"{area_at[clue]}")
    return problems, clue


def _cell_given(named: object) -> tuple[object, ...]:
    """The clue cell a rectangle names, as a tuple; a TypeError when it is no sequence (the
    solution is then not shaped like one: the API says so)."""
    if not isinstance(named, Iterable):
        raise TypeError(f"{type(named).__name__!r} object is not iterable")
    return tuple(named)


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a Shikaku instance."""
    return violations(instance.rows, instance.cols, instance.clues, solution)


KNOWN_LIMIT = 1 << 14  # rectangles remembered per instance
# Grids up to this many cells get the bitmask check: a mask has a bit per cell, and OR-ing
# one costs time in proportion; larger grids seldom have many solutions to check
MASK_CELLS = 4096


def prepare(instance) -> Callable[[Sequence[Rectangle]], list[str]]:
    """check(instance, ·), faster for the many solutions of one instance: each rectangle
    given is checked by itself once (the rules of `_own_problems`) and remembered as the
    bitmask of its cells and its area; a solution of such rectangles is valid exactly when
    their masks together cover the grid and their areas sum to its cells (no cell then is
    covered twice, and each clue, covered once, lies in exactly one rectangle, which holds
    no other). Anything else gets the full check and its messages. A domino tiling of a 6×8
    took 47 µs in the full check, 3 µs here."""
    rows, cols, clues = instance.rows, instance.cols, instance.clues
    if rows * cols > MASK_CELLS:
        return lambda solution: violations(rows, cols, clues, solution)
    return _MaskCheck(rows, cols, clues)


class _MaskCheck:
    """The check of `prepare` for one instance: rectangles seen before are looked up, as
    (cells as a bitmask, area), instead of checked again."""

    def __init__(self, rows: int, cols: int, clues: Iterable[Clue]) -> None:
        self.clues = list(clues)
        self.grid = _Grid(rows, cols, {(r, c): area for r, c, area in self.clues})
        self.cells = rows * cols
        self.everything = (1 << self.cells) - 1
        self.known: dict = {}  # rectangle as given: (cells as a bitmask, area)

    def full(self, solution) -> list[str]:
        return violations(self.grid.rows, self.grid.cols, self.clues, solution)

    def learn(self, rectangle) -> tuple[int, int] | None:
        """A rectangle's (mask, area) when it breaks no rule by itself and holds one clue,
        remembered while there is room; else None."""
        try:
            named, top, left, height, width = rectangle
            problems, clue = _own_problems(self.grid, named, (top, left, height, width))
        except (TypeError, ValueError):  # not (clue, top, left, height, width): say so there
            return None
        if problems or not clue:
            return None
        row = ((1 << width) - 1) << left
        mask = 0
        for r in range(top, top + height):
            mask |= row << (r * self.grid.cols)
        entry = (mask, height * width)
        if len(self.known) < KNOWN_LIMIT:
            self.known[rectangle] = entry
        return entry

    def covered(self, solution) -> tuple[int, int] | None:
        """The union of the rectangles' masks and the sum of their areas; None when one of
        them needs the full check."""
        union = total = 0
        try:
            for rectangle in solution:
                entry = self.known.get(rectangle)
                if entry is None:
                    entry = self.learn(rectangle)
                    if entry is None:
                        return None
                # a hit equals a rectangle checked before, but True == 1 and 1.0 == 1:
                # its coordinates must be ints all the same
                elif not (type(rectangle[1]) is type(rectangle[2]) is type(rectangle[3])
                          is type(rectangle[4]) is int):
                    return None
                union |= entry[0]
                total += entry[1]
        except TypeError:  # an unhashable rectangle (a list): the full check reads it
            return None
        return union, total

    def __call__(self, solution) -> list[str]:
        if not isinstance(solution, (tuple, list)):
            solution = list(solution)  # read twice when the full check is needed
        if self.covered(solution) == (self.everything, self.cells):
            return []
        return self.full(solution)
