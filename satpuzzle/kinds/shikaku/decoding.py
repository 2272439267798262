"""A model's true rect variables as Shikaku rectangles, and `--forced` in the puzzle's words.
The tables decoding fills for an instance serve printing its solutions too (rendering.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, cast

import numpy as np

from satpuzzle.cnf import VarName
from satpuzzle.kinds.shikaku.encoding import reduced
from satpuzzle.kinds.shikaku.puzzle import (
    Placement,
    Rect,
    RectName,
    ShikakuInstance,
    Solution,
    clue_text,
    sorted_placements,
)


def decode(instance: ShikakuInstance, true_names: Iterable[VarName]) -> Solution:
    """The rectangle of each clue, from the true rect variables."""
    names = true_names if isinstance(true_names, list) else list(true_names)
    tables = shared_tables(instance)
    try:
        keys = list(map(tables.key_of.get, names))
    except TypeError:  # an unhashable name: none of a formula's
        return _decode(names)
    if None in keys and None in (keys := list(map(tables.learn, names))):
        return _decode(names)
    keys.sort()  # the order of sorted_placements: (clue, top, left, height, width)
    return tuple(map(tables.placement.__getitem__, cast(list[int], keys)))  # None not in keys


def _decode(true_names: Iterable[VarName]) -> Solution:
    """`decode` for any names, without the tables."""
    # the formula names every rect variable as rules.py does (a RectName)
    rects = [cast(RectName, name) for name in true_names if name[0] == "rect"]
    return sorted_placements(Placement((rect[1], rect[2]), *rect[3:7]) for rect in rects)


TABLE_LIMIT = 1 << 16  # names remembered per instance
SPOTS_LIMIT = 1 << 20  # letter positions remembered per instance (a huge grid has many)


class Tables:
    """What decoding and printing the many solutions of one instance share, filled as they
    come. Decoding: each rect variable's name as an int that orders its rectangle as
    `sorted_placements` does, and one Placement object per rectangle (a burst of solutions sent
    to the parent process then pickles each rectangle once, not once per solution). Printing: where
    each rectangle's letters go in `render_text`'s output."""

    def __init__(self, instance: ShikakuInstance) -> None:
        self.rows, self.cols = instance.rows, instance.cols
        self.key_of: dict[VarName, int] = {}
        self.placement: dict[int, Placement] = {}
        self.spots: dict[Placement, tuple[int, ...]] = {}
        self.room = SPOTS_LIMIT  # positions spots may still hold
        # `render_text`'s letters: "a" everywhere (the owner of an uncovered cell), blanks
        # between cells, newlines between rows
        line = " ".join("a" * self.cols)
        self.blank = bytearray("\n".join([line] * self.rows), "ascii")

    def learn(self, name: VarName) -> int | None:
        """The key of a rect variable's name (None: not one inside the grid), remembered."""
        rows, cols = self.rows, self.cols
        if not _is_rect_name(name):
            return None
        _, r, c, top, left, height, width = name
        if not (0 <= r < rows and 0 <= c < cols and 0 <= top < rows and 0 <= left < cols
                and 0 <= height <= rows and 0 <= width <= cols):
            return None
        key = ((((r * cols + c) * rows + top) * cols + left) * (rows + 1) + height) \
            * (cols + 1) + width
        if len(self.key_of) >= TABLE_LIMIT:
            return None
        self.key_of[name] = key
        self.placement.setdefault(key, Placement((r, c), top, left, height, width))
        return key

    def spots_of(self, placement: Placement) -> tuple[int, ...] | None:
        """Where the letters of a rectangle inside the grid go in `blank` (None: it is not
        one), remembered."""
        try:
            spots = self.spots.get(placement)
        except TypeError:  # a clue given as a list
            return None
        if spots is None:
            _, top, left, height, width = placement
            if not (type(top) is type(left) is type(height) is type(width) is int
                    and 0 <= top and 0 <= left and 1 <= height and 1 <= width
                    and top + height <= self.rows and left + width <= self.cols):
                return None
            line = 2 * self.cols  # characters from one row to the next
            spots = tuple(r * line + 2 * c for r in range(top, top + height)
                          for c in range(left, left + width))
            if len(spots) <= self.room:
                self.room -= len(spots)
                self.spots[placement] = spots
        return spots


_TABLES: list[tuple[ShikakuInstance, Tables]] = []  # the latest instances' first


def _is_rect_name(name: VarName) -> TypeGuard[RectName]:
    """Whether `name` is a rect variable's name: a tuple ("rect", seven ints)."""
    return (type(name) is tuple and len(name) == 7 and name[0] == "rect"
            and all(type(v) is int for v in name[1:]))


def shared_tables(instance: ShikakuInstance) -> Tables:
    """The tables of `instance`, found by identity (hashing the instance hashes all its
    clues, for every solution)."""
    for held, tables in _TABLES:
        if held is instance:
            return tables
    tables = Tables(instance)
    _TABLES.insert(0, (instance, tables))
    del _TABLES[4:]
    return tables


# ---------------------------------------------------------------- forced cells


def forced_text(instance: ShikakuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: per clue (1-based cells), its forced rectangle as
    `clue r2c3 (6) = r2c1-r3c3 (2x3)`, or `clue r2c3 (6) open` with how many of its candidate
    rectangles are ruled out (by the presolve, which leaves them no variable, or forced
    false)."""
    chosen: dict[tuple[int, int], Rect] = {}
    red = reduced(instance)
    removed = (np.diff(red.clue_start) - red.alive_per_clue()).tolist()
    ruled_out = {(r, c): count for (r, c, _), count in zip(instance.clues, removed)}
    for name, value in forced.items():
        if not _is_rect_name(name):  # every rect variable's name is one
            continue
        clue = (name[1], name[2])
        if value:
            chosen[clue] = name[3:7]
        else:
            ruled_out[clue] = ruled_out.get(clue, 0) + 1
    lines = []
    for r, c, area in instance.clues:
        label = f"clue r{r + 1}c{c + 1} ({clue_text(area)})"
        if (r, c) in chosen:
            top, left, height, width = chosen[(r, c)]
            lines.append(f"{label} = r{top + 1}c{left + 1}-r{top + height}c{left + width} "
                         f"({height}x{width})")
        else:
            count = ruled_out.get((r, c), 0)
            lines.append(f"{label} open" + (f", {count} rectangle(s) ruled out" if count else ""))
    return lines
