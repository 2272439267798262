"""Killer Sudoku cages: the model, their reading from the language, and the digits a sum allows.

A cage is a set of side-connected cells, each in at most one cage, whose digits differ and,
when it has a total, add up to it. A cage of k cells in an N×N grid can reach the totals from
1 + 2 + … + k to (N-k+1) + … + N; a total outside that range is refused when the instance is
built. Cells are (row, column) from 0, as everywhere in the kind; the language writes r1c1.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.grammar import Token

Cell = tuple[int, int]
CELL_NAME = re.compile(r"[rR]([0-9]{1,6})[cC]([0-9]{1,6})")
CAGE_HEAD = re.compile(r"([0-9]{1,9}|\?):")


@dataclass(frozen=True)
class Cage:
    """The cells of one cage (sorted, from 0) and its total (None: a cage without a sum,
    whose digits still differ)."""

    cells: tuple[Cell, ...]
    total: int | None = None

    def __post_init__(self) -> None:
        try:
            cells = tuple(sorted((int(r), int(c)) for r, c in self.cells))
        except (TypeError, ValueError):
            raise InputError("a cage's cells must be (row, column) pairs of integers") from None
        object.__setattr__(self, "cells", cells)
        if self.total is not None and type(self.total) is not int:
            raise InputError(f"a cage's total must be an integer, found {self.total!r}")


def total_range(cells: int, size: int) -> tuple[int, int]:
    """The least and greatest sums of `cells` different digits of 1..size."""
    return cells * (cells + 1) // 2, cells * (2 * size - cells + 1) // 2


def cage_problem(cages: Sequence[Cage], size: int) -> tuple[int, str] | None:
    """Why `cages` are not cages of an N×N grid (cells in range, each in one cage, connected,
    a total that distinct digits can reach), with the index of the cage at fault; None when
    they are."""
    owner: dict[Cell, int] = {}
    for index, cage in enumerate(cages):
        if not isinstance(cage, Cage):
            return index, f"expected a Cage, found {type(cage).__name__}"
        if not cage.cells:
            return index, "a cage needs at least one cell"
        for r, c in cage.cells:
            if not (0 <= r < size and 0 <= c < size):
                return index, f"cell r{r + 1}c{c + 1} is outside the {size}×{size} grid"
            if (r, c) in owner:
                other = owner[(r, c)]
                where = "twice in this cage" if other == index else f"also in cage {other + 1}"
                return index, f"cell r{r + 1}c{c + 1} is {where}: a cell is in at most one cage"
            owner[(r, c)] = index
        if len(cage.cells) > size:
            return index, (f"a cage of {len(cage.cells)} cells cannot hold different digits of "
                           f"1..{size}")
        cut_off = _unreachable(cage.cells)
        if cut_off is not None:
            r, c = cut_off
            return index, (f"the cage is not connected: r{r + 1}c{c + 1} cannot be reached "
                           "from its other cells through side-adjacent cells of the cage")
        if cage.total is not None:
            low, high = total_range(len(cage.cells), size)
            if not low <= cage.total <= high:
                return index, (f"no {len(cage.cells)} different digits of 1..{size} add up to "
                               f"{cage.total} (they make {low}..{high})")
    return None


def checked_cages(cages: Any, size: int) -> tuple[Cage, ...]:
    """The cages as a tuple, refused (InputError naming the cage) unless they are valid.
    `cages` is what a caller gave SudokuInstance: anything, checked here."""
    try:
        cages = tuple(cages)
    except TypeError:
        raise InputError("cages must be a sequence of Cage") from None
    problem = cage_problem(cages, size)
    if problem is not None:
        index, message = problem
        raise InputError(f"cage {index + 1}: {message}")
    return cages


def _unreachable(cells: Sequence[Cell]) -> Cell | None:
    """A cell not side-connected to the first one within `cells`; None when all are."""
    members = set(cells)
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        r, c = stack.pop()
        for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if near in members and near not in seen:
                seen.add(near)
                stack.append(near)
    missing = [cell for cell in cells if cell not in seen]
    return missing[0] if missing else None


# ---------------------------------------------------------------- the language


def cages_from_rows(rows: list[list[Token]], size: int) -> tuple[Cage, ...]:
    """`cages { 12: r1c1 r1c2 r2c1 ... }`: one cage a line, its total (`?` for none) then its
    cells; each problem is reported at the word it is about."""
    cages: list[Cage] = []
    heads: list[Token] = []
    for row in rows:
        head = CAGE_HEAD.fullmatch(row[0].text)
        if head is None:
            raise row[0].error(f"expected a cage line like '12: r1c1 r1c2' (or '?:' for a cage "
                               f"without a sum), found {row[0].text!r}")
        if len(row) == 1:
            raise row[0].error("a cage needs its cells after the sum, like '12: r1c1 r1c2'")
        cells = [_cell(token, size) for token in row[1:]]
        total = None if head.group(1) == "?" else int(head.group(1))
        cages.append(Cage(tuple(cells), total))
        heads.append(row[0])
    problem = cage_problem(cages, size)
    if problem is not None:
        index, message = problem
        raise heads[index].error(message)
    return tuple(cages)


def _cell(token: Token, size: int) -> Cell:
    match = CELL_NAME.fullmatch(token.text)
    if match is None:
        raise token.error(f"expected a cell like r1c2 (row 1, column 2), found {token.text!r}")
    r, c = int(match.group(1)), int(match.group(2))
    if not (1 <= r <= size and 1 <= c <= size):
        raise token.error(f"cell {token.text} is outside the {size}×{size} grid")
    return r - 1, c - 1


def cages_to_puz(cages: Iterable[Cage]) -> list[str]:
    """The `cages { ... }` block's lines, as `cages_from_rows` reads them back."""
    lines = ["  cages {"]
    for cage in cages:
        head = "?" if cage.total is None else str(cage.total)
        lines.append(f"    {head}: " + " ".join(f"r{r + 1}c{c + 1}" for r, c in cage.cells))
    lines.append("  }")
    return lines


# ---------------------------------------------------------------- encoding help


@functools.lru_cache(maxsize=4096)
def allowed_digits(cells: int, total: int, size: int, given: frozenset[int]) -> frozenset[int]:
    """The digits that some set of `cells` different digits of 1..size adding up to `total`
    and holding the `given` digits uses: the others can be in no cell of the cage. Empty when
    no such set exists. (Enumerates the sets of the free cells; callers keep this to grids
    small enough, the PB constraint being exact in any case.)"""
    free = [d for d in range(1, size + 1) if d not in given]
    need = cells - len(given)
    left = total - sum(given)
    union: set[int] = set()
    for combo in itertools.combinations(free, need):
        if sum(combo) == left:
            union.update(combo)
    return frozenset(union | given) if union or need == 0 and left == 0 else frozenset()


def combinations_small(cells: int, size: int, limit: int = 200_000) -> bool:
    """Whether enumerating the digit sets of a cage is cheap enough to do."""
    count = 1
    for i in range(min(cells, size - cells)):
        count = count * (size - i) // (i + 1)
    return count <= limit
