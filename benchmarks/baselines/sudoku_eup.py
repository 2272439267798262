"""Sudoku by the "eup" rules plus backtracking, as in the Sudoku deduction-rules note ("Algorithme").

The grid is a flat list of N*N candidate bitmasks (bit k set = value k allowed, so the full
mask is bits 1..N). The three deduction rules of the seed are applied until nothing changes:

1. Exclusivity: a solved cell's value is removed from every other cell of its row, column
   and box.
2. Uniqueness (hidden single): a value possible in only one cell of a unit goes there.
3. Pairs (naked pairs): two cells of a unit holding the same two candidates remove those
   values from the unit's other cells.

A contradiction (an empty cell, a value with no place in a unit, two equal solved cells in a
unit) ends the branch. When the rules are stuck, the search branches on the first unsolved
cell (row-major) with the fewest candidates, trying its values in increasing order on a copy
of the candidate list, which restores the state for the next value.

All three rules only ever delete candidates, and each stays applicable (or yields a
contradiction) as the candidate sets shrink, so their fixpoint does not depend on the order in
which they are applied. The implementation exploits that for speed (a work queue for rule 1,
rules 2 and 3 only on units that changed) without changing the search tree of the seed's
algorithm: same branching cells, same value order, same solution order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

__all__ = ["count_solutions", "solve"]

Grid = list[list[int]]


@dataclass(frozen=True)
class _Tables:
    """Index tables of one grid shape (the seed's CasesDeLigne/Colonne/Region, MemeLigne...)."""

    size: int  # N, the number of values and the side of the grid
    full: int  # candidate mask with every value 1..N allowed
    units: tuple[tuple[int, ...], ...]  # the N rows, then the N columns, then the N boxes
    peers: tuple[tuple[int, ...], ...]  # per cell: the other cells sharing a unit with it
    units_of: tuple[tuple[int, int, int], ...]  # per cell: its row, column and box unit


@cache
def _tables(box_rows: int, box_cols: int) -> _Tables:
    """Build (once per shape) the unit and peer tables of a grid with the given box shape."""
    size = box_rows * box_cols
    rows = [tuple(r * size + c for c in range(size)) for r in range(size)]
    cols = [tuple(r * size + c for r in range(size)) for c in range(size)]
    # Boxes in reading order (left to right, then top to bottom), as in the seed.
    boxes = [
        tuple((top + dr) * size + left + dc for dr in range(box_rows) for dc in range(box_cols))
        for top in range(0, size, box_rows)
        for left in range(0, size, box_cols)
    ]
    units = tuple(rows + cols + boxes)
    units_of = [[0, 0, 0] for _ in range(size * size)]
    for u, unit in enumerate(units):
        for cell in unit:
            units_of[cell][u // size] = u
    peers = tuple(
        tuple(sorted({p for u in units_of[cell] for p in units[u]} - {cell}))
        for cell in range(size * size)
    )
    return _Tables(
        size=size,
        full=((1 << size) - 1) << 1,
        units=units,
        peers=peers,
        units_of=tuple((r, c, b) for r, c, b in units_of),
    )


def _initial_masks(grid: Grid, tables: _Tables) -> list[int]:
    """Candidate masks of the givens (a single bit) and of empty cells (every value)."""
    size = tables.size
    if len(grid) != size or any(len(row) != size for row in grid):
        raise ValueError(f"grid must be {size}x{size} for boxes of this shape")
    masks = []
    for row in grid:
        for value in row:
            if not 0 <= value <= size:
                raise ValueError(f"cell value {value!r} outside 0..{size}")
            masks.append(1 << value if value else tables.full)
    return masks


def _exclude(g: list[int], queue: list[int], dirty: bytearray, tables: _Tables) -> bool:
    """Rule 1 (exclusivity) for every queued solved cell, queueing cells it solves in turn.

    Returns False on a contradiction: a peer left without candidates, which also catches two
    solved cells with the same value in one unit.
    """
    peers = tables.peers
    units_of = tables.units_of
    while queue:
        cell = queue.pop()
        value = g[cell]
        for p in peers[cell]:
            m = g[p]
            if m & value:
                m ^= value
                if not m:
                    return False
                g[p] = m
                r, c, b = units_of[p]  # inlined _mark: this is the hottest loop
                dirty[r] = dirty[c] = dirty[b] = 1
                if not m & (m - 1):
                    queue.append(p)
    return True


def _mark(dirty: bytearray, units_of: tuple[int, int, int]) -> None:
    """Flag a changed cell's three units for another look by rules 2 and 3."""
    r, c, b = units_of
    dirty[r] = dirty[c] = dirty[b] = 1


def _hidden_singles(
    g: list[int], unit: tuple[int, ...], hidden: int, queue: list[int], dirty: bytearray,
    tables: _Tables,
) -> bool:
    """Rule 2 (uniqueness): give each value of `hidden`, a set of values that have exactly one
    possible cell in `unit` and are not solved there, to that cell. False on a contradiction.
    """
    while hidden:
        bit = hidden & -hidden
        hidden ^= bit
        for cell in unit:
            if g[cell] & bit:
                break
        else:
            return False  # the only cell holding it was just given another hidden single
        g[cell] = bit
        queue.append(cell)
        _mark(dirty, tables.units_of[cell])
    return True


def _naked_pairs(
    g: list[int], unit: tuple[int, ...], doubled: list[int], queue: list[int],
    dirty: bytearray, tables: _Tables,
) -> bool:
    """Rule 3 (pairs): `doubled` lists two-candidate masks seen twice or more in `unit`; when
    exactly two cells hold one, remove both values from the unit's other cells. False on a
    contradiction (three cells sharing a pair, or a solved cell holding one of its values).
    """
    for m in doubled:
        holders = [cell for cell in unit if g[cell] == m]
        if len(holders) > 2:
            return False
        if len(holders) < 2:
            continue  # rule 2 just solved one of them; rule 1 will finish the job
        for target in unit:
            t = g[target]
            if t & m and t != m:
                t &= ~m
                if not t:
                    return False  # a solved cell whose value is one of the pair's
                g[target] = t
                _mark(dirty, tables.units_of[target])
                if not t & (t - 1):
                    queue.append(target)
    return True


def _check_unit(
    g: list[int], u: int, queue: list[int], dirty: bytearray, tables: _Tables
) -> bool:
    """Rules 2 and 3 on unit `u`, from a single pass over its cells; False on a contradiction
    (including a value with no possible cell in the unit)."""
    seen = multi = solved = 0
    pairs: list[int] = []  # the distinct two-candidate masks
    doubled: list[int] = []  # those met again
    unit = tables.units[u]
    for cell in unit:
        m = g[cell]
        multi |= seen & m  # values seen in two cells or more
        seen |= m
        rest = m & (m - 1)
        if not rest:
            solved |= m
        elif not rest & (rest - 1):
            if m in pairs:
                doubled.append(m)
            else:
                pairs.append(m)
    if seen != tables.full:
        return False
    hidden = seen & ~multi & ~solved
    if hidden and not _hidden_singles(g, unit, hidden, queue, dirty, tables):
        return False
    return not doubled or _naked_pairs(g, unit, doubled, queue, dirty, tables)


def _apply_rules(g: list[int], queue: list[int], dirty: bytearray, tables: _Tables) -> bool:
    """Apply the eup rules until nothing changes (the seed's BouclerRegles); False if stuck
    on a contradiction.

    `queue` holds the solved cells whose value has not been excluded from their peers yet and
    `dirty` flags the units that changed since rules 2 and 3 last looked at them: a unit whose
    cells did not change cannot yield anything new.
    """
    while True:
        if not _exclude(g, queue, dirty, tables):
            return False
        u = dirty.find(1)
        if u < 0:
            return True
        while u >= 0:
            dirty[u] = 0
            if not _check_unit(g, u, queue, dirty, tables):
                return False
            if queue and not _exclude(g, queue, dirty, tables):
                return False
            u = dirty.find(1, u + 1)


def _branch_cell(g: list[int], size: int) -> int:
    """The first unsolved cell with the fewest candidates, or -1 when every cell is solved."""
    best, best_count = -1, size + 1
    for cell, m in enumerate(g):
        if m & (m - 1):
            count = m.bit_count()
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break  # no unsolved cell can have fewer
    return best


def _solutions(grid: Grid, box_rows: int, box_cols: int) -> Iterator[list[int]]:
    """Every solution, as flat masks, in the order of the seed's depth-first search."""
    tables = _tables(box_rows, box_cols)
    root = _initial_masks(grid, tables)
    units_count = len(tables.units)
    if _apply_rules(
        root,
        [cell for cell, m in enumerate(root) if m != tables.full],
        bytearray(b"\x01" * units_count),
        tables,
    ):
        # Pending branches (state, cell, value bit). The state is the parent's, closed under
        # the rules, and is never modified: each branch copies it (the seed's B <- G), which
        # restores it for the siblings. An explicit stack avoids the recursion limit.
        stack = [(root, -1, 0)]
        while stack:
            parent, cell, bit = stack.pop()
            if cell < 0:
                g = parent
            else:
                g = parent.copy()
                g[cell] = bit
                # The parent was a fixpoint, so only what changes from here needs rechecking.
                dirty = bytearray(units_count)
                _mark(dirty, tables.units_of[cell])
                if not _apply_rules(g, [cell], dirty, tables):
                    continue
            cell = _branch_cell(g, tables.size)
            if cell < 0:
                yield g
                continue
            # Push the values in decreasing order so that the smallest is explored first.
            m = g[cell]
            while m:
                bit = 1 << (m.bit_length() - 1)
                m ^= bit
                stack.append((g, cell, bit))


def _to_grid(g: list[int], size: int) -> Grid:
    """Solved masks back to rows of values (a single bit k means value k)."""
    values = [m.bit_length() - 1 for m in g]
    return [values[r * size:(r + 1) * size] for r in range(size)]


def solve(grid: Grid, box_rows: int, box_cols: int) -> Grid | None:
    """First solution (in the algorithm's own order) or None if there is none."""
    for g in _solutions(grid, box_rows, box_cols):
        return _to_grid(g, box_rows * box_cols)
    return None


def count_solutions(grid: Grid, box_rows: int, box_cols: int, limit: int | None = None) -> int:
    """Number of solutions, stopping once `limit` is reached (None = all)."""
    if limit is not None and limit < 0:
        raise ValueError("limit must be None or >= 0")
    count = 0
    if limit == 0:
        return count
    for _ in _solutions(grid, box_rows, box_cols):
        count += 1
        if count == limit:
            break
    return count
