"""Pruning before encoding: the candidates the givens leave, thinned by the all-different
rules of the full units (rows, columns, boxes or regions, diagonals) to a fixpoint, so that
the formula holds only the candidates still open.

Every rule here removes a candidate only when no solution holds it, so the solutions (and
their count) stay those of the puzzle; a cell left with one candidate keeps its variable
(its cell clause becomes a unit clause), so decoding and enumeration see the same names.

Levels, each including the ones before (`--encoding prune=NAME`, encodings.py):

- `singles`: a cell with one candidate removes it from its peers (naked single); a digit
  with one place in a unit takes that cell (hidden single). Unit propagation does this in
  the solver too: the pass only shrinks the formula.
- `locked`: a digit whose places in a unit all lie in a second unit leaves the rest of the
  second unit (pointing and claiming, "locked candidates"); unit propagation over the
  clauses does not see this.
- `matching`: generalised arc consistency of each unit's all-different (Régin, "A filtering
  algorithm for constraints of difference in CSPs", AAAI 1994, §3): a candidate that no
  perfect matching of the unit's cells to digits uses is removed. This covers naked and
  hidden pairs, triples and every larger Hall set, which resolution proofs pay for
  dearly (pigeonhole).

Candidates are bit masks: bit d set when digit d (1..N) is still possible.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

LEVELS = ("none", "singles", "locked", "matching")


def prune(units: Sequence[Sequence[int]], allowed: list[int], values: Sequence[int],
          level: str) -> None:
    """Thin `allowed` (each empty cell's candidate mask; 0 for a given) in place by the
    rules of `level` over `units` (each a full unit's cells), to a fixpoint. Stops at a
    contradiction (a cell or a unit's digit left without a place): the formula built from
    what is left is then unsatisfiable by its empty groups, as it must be."""
    if level == "none" or not units:
        return
    masks = [allowed[cell] if not value else 1 << value for cell, value in enumerate(values)]
    tables = _tables(tuple(map(tuple, units)), len(values))
    dirty = set(range(len(units)))
    while dirty:
        if not _singles(masks, tables, dirty):
            break
        if level == "singles":
            continue  # _singles runs to its own fixpoint
        changed = _locked(masks, tables)
        if level == "matching" and not changed:
            matched = _matching(masks, tables)
            if matched is None:
                break
            changed = matched
        for cell in changed:
            dirty.update(tables.cell_units[cell])
    for cell, value in enumerate(values):
        if not value:
            allowed[cell] = masks[cell]


class _Tables:
    """A shape's units, each cell's units and peers, and the pairs of units that share two
    or more cells (where locked candidates can occur)."""

    def __init__(self, units: tuple[tuple[int, ...], ...], cells: int) -> None:
        self.units = units
        cell_units: list[list[int]] = [[] for _ in range(cells)]
        for number, unit in enumerate(units):
            for cell in unit:
                cell_units[cell].append(number)
        self.cell_units = [tuple(found) for found in cell_units]
        self.peers = [tuple(sorted({other for number in found for other in units[number]}
                                   - {cell})) for cell, found in enumerate(cell_units)]
        self.crossings: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        members = [frozenset(unit) for unit in units]
        for first, unit in enumerate(units):
            for second in range(len(units)):
                shared = members[first] & members[second]
                if second != first and len(shared) > 1:
                    # (the shared cells, the first unit's other cells, the second's)
                    self.crossings.append((tuple(sorted(shared)),
                                           tuple(sorted(members[first] - shared)),
                                           tuple(sorted(members[second] - shared))))


@functools.lru_cache(maxsize=8)
def _tables(units: tuple[tuple[int, ...], ...], cells: int) -> _Tables:
    return _Tables(units, cells)


def _singles(masks: list[int], tables: _Tables, dirty: set[int]) -> bool:
    """Naked and hidden singles to a fixpoint over the `dirty` units (emptied); False at a
    contradiction."""
    placed = [False] * len(masks)
    queue = [cell for cell, mask in enumerate(masks) if mask & (mask - 1) == 0]
    while queue or dirty:
        if not _naked(masks, tables, dirty, placed, queue):
            return False
        if dirty and not _hidden(masks, tables, dirty.pop(), dirty, placed, queue):
            return False
    return True


def _naked(masks: list[int], tables: _Tables, dirty: set[int], placed: list[bool],
           queue: list[int]) -> bool:
    """Each queued cell with one candidate removes it from its peers (which may queue
    them); False when a cell is left with none."""
    while queue:
        cell = queue.pop()
        mask = masks[cell]
        if not mask:
            return False
        if placed[cell]:
            continue
        placed[cell] = True
        for other in tables.peers[cell]:
            before = masks[other]
            if before & mask:
                after = before & ~mask
                masks[other] = after
                if after & (after - 1) == 0:
                    queue.append(other)
                dirty.update(tables.cell_units[other])
    return True


def _hidden(masks: list[int], tables: _Tables, number: int, dirty: set[int],
            placed: list[bool], queue: list[int]) -> bool:
    """A digit with one place in unit `number` takes that cell (queued); False when a digit
    has no place, or two digits have the same only place."""
    unit = tables.units[number]
    once = twice = 0
    for cell in unit:
        mask = masks[cell]
        twice |= once & mask
        once |= mask
    if once.bit_count() < len(unit):
        return False
    for cell in unit:
        alone = masks[cell] & ~twice
        if alone and not placed[cell]:
            if alone & (alone - 1):
                return False
            if masks[cell] != alone:
                masks[cell] = alone
                dirty.update(tables.cell_units[cell])
            queue.append(cell)
    return True


def _locked(masks: list[int], tables: _Tables) -> set[int]:
    """One round of locked candidates: the cells whose candidates it removed."""
    changed: set[int] = set()
    for shared, rest_first, rest_second in tables.crossings:
        inside = 0
        for cell in shared:
            inside |= masks[cell]
        outside = 0
        for cell in rest_first:
            outside |= masks[cell]
        locked = inside & ~outside  # digits whose places in the first unit are all shared
        if not locked:
            continue
        for cell in rest_second:
            if masks[cell] & locked:
                masks[cell] &= ~locked
                changed.add(cell)
    return changed


def _matching(masks: list[int], tables: _Tables) -> set[int] | None:
    """One round of Régin's filtering over every unit: the cells whose candidates it
    removed; None when a unit has no perfect matching."""
    changed: set[int] = set()
    for unit in tables.units:
        kept = _unit_matching([masks[cell] for cell in unit])
        if kept is None:
            return None
        for cell, mask in zip(unit, kept):
            if mask != masks[cell]:
                masks[cell] = mask
                changed.add(cell)
    return changed


def _unit_matching(cands: list[int]) -> list[int] | None:
    """The candidates of a unit's cells (as many cells as digits) that some perfect
    matching of cells to digits uses; None when there is none. A perfect matching M found
    by augmenting paths; then edge (cell i, digit d) outside M lies on an alternating cycle
    iff i and the cell M matches to d are in one strongly connected component of the graph
    i -> M⁻¹(d) for d a candidate of i (Régin §3: no free vertex on either side)."""
    size = len(cands)
    digit_cell: dict[int, int] = {}
    cell_digit = [0] * size
    for start in range(size):
        if not _augment(start, cands, digit_cell, cell_digit, 0)[0]:
            return None
    edges = [[digit_cell[bit] for bit in _bits(cands[i]) if bit != cell_digit[i]]
             for i in range(size)]
    component = _components(edges)
    kept = []
    for i in range(size):
        mask = cell_digit[i]
        for bit in _bits(cands[i]):
            if component[digit_cell[bit]] == component[i]:
                mask |= bit
        kept.append(mask)
    return kept


def _augment(cell: int, cands: list[int], digit_cell: dict[int, int], cell_digit: list[int],
             seen: int) -> tuple[bool, int]:
    """An augmenting path from `cell` (depth first; `seen`: digits visited, as bits)."""
    free = cands[cell] & ~seen
    while free:
        bit = free & -free
        free ^= bit
        seen |= bit
        holder = digit_cell.get(bit)
        if holder is None:
            found = True
        else:
            found, seen = _augment(holder, cands, digit_cell, cell_digit, seen)
        if found:
            digit_cell[bit] = cell
            cell_digit[cell] = bit
            return True, seen
    return False, seen


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit)
        mask ^= bit
    return found


def _components(edges: list[list[int]]) -> list[int]:
    """Each node's strongly connected component (Tarjan, iterative)."""
    size = len(edges)
    index = [-1] * size
    low = [0] * size
    component = [-1] * size
    on_stack = [False] * size
    stack: list[int] = []
    counter = found = 0
    for root in range(size):
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            node, at = work[-1]
            if at < len(edges[node]):
                work[-1] = (node, at + 1)
                nxt = edges[node][at]
                if index[nxt] < 0:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack[nxt] = True
                    work.append((nxt, 0))
                elif on_stack[nxt]:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack[member] = False
                    component[member] = found
                    if member == node:
                        break
                found += 1
    return component
