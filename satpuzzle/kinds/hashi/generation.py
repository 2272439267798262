"""Random Hashi puzzles (`satpuzzle generate`), made unique on request."""

from __future__ import annotations

import random

from satpuzzle.errors import InputError
from satpuzzle.kinds.hashi.decoding import decode
from satpuzzle.kinds.hashi.geometry import board, cells_between, components
from satpuzzle.kinds.hashi.puzzle import MAX_CELLS, Cell, Grid, HashiInstance, Solution
from satpuzzle.kinds.hashi.rules import encode
from satpuzzle.solving import Job, LimitReached, ModelStream


def generate(rows: int, cols: int, *, islands: int, seed: int,
             unique: bool = False) -> HashiInstance:
    """A random connected puzzle, as the Shikaku and Hashiwokakero integer-programming study
    describes: `islands` random islands, every candidate bridge between them, an island added
    wherever two bridges cross, then one or two bridges on each pair at random and the island
    numbers read off. The placement is redrawn (up to 100 times) until its bridges connect every
    island; failing that, the largest connected group is kept. With `unique`, islands are added
    and bridges doubled where a second solution differs until the puzzle has exactly one (see
    _make_unique). No two islands are ever placed in orthogonally neighbouring cells, as Simon
    Tatham's Bridges requires (its game IDs cannot hold them): fewer than `islands` may stand
    when the grid has no room, and a crossing whose cell has a neighbouring island loses an
    island of its pairs instead (see _without_crossings). Deterministic for a given seed (the
    solver is deterministic too)."""
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:  # before listing every cell
        raise InputError(f"cannot generate a {rows}×{cols} grid: 1..{MAX_CELLS} cells")
    if not 2 <= islands <= rows * cols:
        raise InputError(f"cannot place {islands} islands on a {rows}×{cols} grid "
                         "(a puzzle needs at least two)")
    if max(rows, cols) < 3:
        raise InputError(f"a {rows}×{cols} grid has no room for two islands apart (no island "
                         "may stand next to another): give a side of 3 or more")
    rng = random.Random(seed)
    all_cells = [(r, c) for r in range(rows) for c in range(cols)]
    for _layout in range(UNIQUE_LAYOUTS):
        best: set[Cell] = set()
        for _attempt in range(100):
            placed = _without_crossings(_apart(rng.sample(all_cells, len(all_cells)), islands),
                                        rows, cols, rng)
            group = _largest_group(placed, rows, cols) if placed else set()
            if len(group) > len(best):
                best = group
            if len(group) == len(placed) >= 2:
                break
        if len(best) < 2:
            raise InputError(f"no two of {islands} random islands on a {rows}×{cols} grid "
                             "could be joined; give more islands")
        planted = _planted_solution(best, rows, cols, rng)
        instance = HashiInstance(_numbers(planted, best, rows, cols))
        if not unique:
            return instance
        made = _make_unique(instance, planted)
        if made is not None:
            return made
    raise InputError(f"no unique {rows}×{cols} puzzle from {UNIQUE_LAYOUTS} layouts of seed "
                     f"{seed}; try another seed")


UNIQUE_LAYOUTS = 20  # layouts tried when one cannot be made unique without neighbouring islands


def _apart(cells: list[Cell], wanted: int) -> set[Cell]:
    """The first `wanted` of `cells` (in their random order) that have no orthogonal
    neighbour among those taken: fewer when the grid has no room for more."""
    taken: set[Cell] = set()
    for cell in cells:
        if len(taken) == wanted:
            break
        if not _has_neighbour(cell, taken):
            taken.add(cell)
    return taken


def _has_neighbour(cell: Cell, islands: set[Cell]) -> bool:
    r, c = cell
    return bool({(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)} & islands)


def _empty_grid(cells: set[Cell], rows: int, cols: int) -> Grid:
    return tuple(tuple(int((r, c) in cells) for c in range(cols)) for r in range(rows))


def _without_crossings(cells: set[Cell], rows: int, cols: int,
                       rng: random.Random) -> set[Cell]:
    """Islands between which no two candidate bridges cross: an island is added where two
    cross (its new pairs are pieces of the old ones), unless that cell has a neighbouring
    island; then one of the four islands of the crossing pairs, at random, is removed. Rounds
    repeat until no crossing is left (a removal can make new pairs); each removes an island
    or leaves no crossing, so they end."""
    cells = set(cells)
    while True:
        layout = board(_empty_grid(cells, rows, cols))
        if not layout.crossings:
            return cells
        added: set[Cell] = set()
        touched: set[int] = set()  # pairs split or broken this round: their crossings wait
        removed = None
        for horizontal, vertical in layout.crossings:
            if horizontal in touched or vertical in touched:
                continue
            row = layout.islands[layout.pairs[horizontal][0]][0]
            col = layout.islands[layout.pairs[vertical][0]][1]
            if not _has_neighbour((row, col), cells | added):
                added.add((row, col))
                touched |= {horizontal, vertical}
            else:
                ends = sorted(layout.islands[i] for pair in (horizontal, vertical)
                              for i in layout.pairs[pair])
                removed = rng.choice(ends)
                break
        cells |= added
        if removed is not None:
            cells.discard(removed)


def _largest_group(cells: set[Cell], rows: int, cols: int) -> set[Cell]:
    """The islands of the largest connected group of candidate pairs. Removing the others
    leaves its pairs unchanged: a nearest neighbour is always in the same group."""
    layout = board(_empty_grid(cells, rows, cols))
    label = components(len(layout.islands), layout.pairs)
    biggest = max(set(label), key=label.count)
    return {cell for cell, group in zip(layout.islands, label) if group == biggest}


def _planted_solution(cells: set[Cell], rows: int, cols: int, rng: random.Random) -> Solution:
    layout = board(_empty_grid(cells, rows, cols))
    return tuple(sorted((layout.islands[a], layout.islands[b], rng.choice((1, 2)))
                        for a, b in layout.pairs))


def _numbers(solution: Solution, cells: set[Cell], rows: int, cols: int) -> Grid:
    degree = dict.fromkeys(cells, 0)
    for a, b, count in solution:
        degree[a] += count
        degree[b] += count
    return tuple(tuple(degree.get((r, c), 0) for c in range(cols)) for r in range(rows))


def _make_unique(instance: HashiInstance, planted: Solution) -> HashiInstance | None:
    """Ask the solver for two solutions; while there are two, take one, S, that differs from
    the planted solution P, change P where they differ so that S no longer fits, and read the
    numbers off the new P (which stays a valid, connected solution of them). A new island
    goes to the cell between the pair's ends nearest its middle that has no neighbouring
    island (none is ever placed next to another):
    1. a pair bridged in P, with another count in S, with such a cell: put an island there,
       numbered twice the count, and split P's bridge there;
    2. else a pair bridged in S only, with such a cell: its cells carry no bridge of P (one
       would be a pair of case 1, as S cannot cross it), so put an island there and join it
       to one end by one bridge in P;
    3. else add one bridge to P on each pair where S has more and whose bridge crosses none
       of P (S's bridges cross none of each other), when there is one: the numbers at its
       ends change, so S no longer fits.
    Cases 1 and 2 remove a water cell; case 3 keeps the water and adds bridges to P, which
    are bounded (two per pair): the loop ends. None when no case applies: the caller lays
    out another puzzle."""
    while True:
        other = _other_solution(instance, planted)
        if other is None:
            return instance
        changed = _removing_difference(planted, other)
        if changed is None:
            return None
        planted = changed
        cells = {cell for a, b, _k in planted for cell in (a, b)}
        instance = HashiInstance(_numbers(planted, cells, instance.height, instance.width))


def _removing_difference(planted: Solution, other: Solution) -> Solution | None:
    """The planted solution changed as _make_unique describes (None: no case applies)."""
    planted_counts = {(a, b): k for a, b, k in planted}
    other_counts = {(a, b): k for a, b, k in other}
    differing = sorted(pair for pair in {*planted_counts, *other_counts}
                       if planted_counts.get(pair, 0) != other_counts.get(pair, 0))
    islands = {cell for pair in {*planted_counts, *other_counts} for cell in pair}
    free = {pair: cell for pair in differing
            if (cell := _free_cell(*pair, islands)) is not None}
    in_planted = [pair for pair in differing if pair in free and pair in planted_counts]
    in_other = [pair for pair in differing if pair in free and pair not in planted_counts]
    if in_planted:
        first, second = in_planted[0]
        cell = free[(first, second)]
        count = planted_counts.pop((first, second))
        planted_counts[(first, cell)] = planted_counts[(cell, second)] = count
    elif in_other:
        first, second = in_other[0]
        planted_counts[(first, free[(first, second)])] = 1
    else:
        more = [pair for pair in differing
                if other_counts.get(pair, 0) > planted_counts.get(pair, 0)
                and not any(_cross(pair, bridge) for bridge in planted_counts)]
        if not more:
            return None
        for pair in more:
            planted_counts[pair] = planted_counts.get(pair, 0) + 1
    return tuple(sorted((a, b, k) for (a, b), k in planted_counts.items()))


def _free_cell(first: Cell, second: Cell, islands: set[Cell]) -> Cell | None:
    """The cell between two islands nearest the middle with no island beside it, or None."""
    between = cells_between(first, second)
    middle = (len(between) - 1) / 2
    for cell in sorted(between, key=lambda cell: abs(between.index(cell) - middle)):
        if not _has_neighbour(cell, islands):
            return cell
    return None


def _cross(pair: tuple[Cell, Cell], other: tuple[Cell, Cell]) -> bool:
    """Whether the bridges of two pairs would cross (one across the other's inner cells)."""
    return bool(set(cells_between(*pair)) & set(cells_between(*other))) and (
        (pair[0][0] == pair[1][0]) != (other[0][0] == other[1][0]))


def _other_solution(instance: HashiInstance, planted: Solution) -> Solution | None:
    """A solution other than `planted` among the first two the solver finds, or None when
    `planted` is the only one."""
    formula = encode(instance)
    stream = ModelStream(formula)
    found = []
    try:
        for true_vars in stream.models(Job(limit=2)):
            found.append(decode(instance, [formula.names[v] for v in true_vars]))
    except LimitReached:
        pass
    finally:
        stream.close()
    others = [solution for solution in found if solution != planted]
    if planted not in found and len(found) < 2:
        raise AssertionError("the planted solution is not a solution")  # a bug, not input
    return others[0] if len(found) > 1 else None
