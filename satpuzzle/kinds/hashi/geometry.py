"""Where Hashi bridges can go: the islands, the candidate pairs (nearest islands along a row
or column) and the pairs whose bridges would cross."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from satpuzzle.disjoint import DisjointSets
from satpuzzle.kinds.hashi.puzzle import Cell, Grid


@dataclass(frozen=True)
class Board:
    """Where bridges can go: islands by index, candidate pairs (island indices, the lower
    index first, which is also the upper or left cell) and pairs whose bridges would cross."""

    islands: tuple[Cell, ...]
    values: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    crossings: tuple[tuple[int, int], ...]  # indices into pairs: (horizontal, vertical)


@lru_cache(maxsize=16)
def board(grid: Grid) -> Board:
    islands = tuple((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v)
    index = {cell: i for i, cell in enumerate(islands)}
    pairs: list[tuple[int, int]] = []
    # A water cell lies under at most one horizontal and one vertical candidate pair (the
    # pairs of the nearest islands around it), so crossings are the cells covered twice.
    horizontal_over: dict[Cell, int] = {}
    crossings: list[tuple[int, int]] = []
    for lines, horizontal in ((_rows_of(grid), True), (_columns_of(grid), False)):
        for line in lines:
            previous = None
            for cell in line:
                if not grid[cell[0]][cell[1]]:
                    continue
                if previous is not None:
                    pair_index = len(pairs)
                    pairs.append((index[previous], index[cell]))
                    for between in cells_between(previous, cell):
                        if horizontal:
                            horizontal_over[between] = pair_index
                        elif between in horizontal_over:
                            crossings.append((horizontal_over[between], pair_index))
                previous = cell
    values = tuple(grid[r][c] for r, c in islands)
    return Board(islands, values, tuple(pairs), tuple(crossings))


def _rows_of(grid: Grid) -> list[list[Cell]]:
    return [[(r, c) for c in range(len(grid[0]))] for r in range(len(grid))]


def _columns_of(grid: Grid) -> list[list[Cell]]:
    return [[(r, c) for r in range(len(grid))] for c in range(len(grid[0]))]


def cells_between(first: Cell, second: Cell) -> list[Cell]:
    (r1, c1), (r2, c2) = first, second
    if r1 == r2:
        return [(r1, c) for c in range(c1 + 1, c2)]
    return [(r, c1) for r in range(r1 + 1, r2)]


def components(size: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Component label of each of `size` nodes."""
    sets = DisjointSets(range(size))
    for a, b in edges:
        sets.union(a, b)
    return [sets.find(node) for node in range(size)]
