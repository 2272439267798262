"""Hashiwokakero rules, checked directly on a list of bridges: each joins two islands of one
row or column with only water between them (neighbouring islands may be joined), counts 1 up
to the most a pair may have (2 usually; 1, 3 or 4 in the variants), appears once; no two
bridges cross; every island has as many bridges as its number (a `?` island, a negative number
in the grid, takes any number); the bridges connect all islands; and, in the no-loop variant,
no bridges form a cycle (pairs of islands joined, however many bridges each: a double bridge
is no loop). Independent of the encoder by design."""

from __future__ import annotations

from collections.abc import Sequence

Cell = tuple[int, int]


def violations(grid: Sequence[Sequence[int]], bridges: Sequence[tuple], max_bridges: int = 2,
               no_loops: bool = False) -> list[str]:
    """Every broken rule, in words; an empty list means the bridges solve the puzzle."""
    height, width = len(grid), len(grid[0])
    problems: list[str] = []
    degree: dict[Cell, int] = {(r, c): 0 for r in range(height) for c in range(width)
                               if grid[r][c]}
    seen: set[tuple[Cell, Cell]] = set()
    kept: list[tuple[Cell, Cell]] = []
    for bridge in bridges:
        problem = _bridge_problem(grid, bridge, max_bridges)
        if problem:
            problems.append(problem)
            continue
        a, b, count = bridge
        key = (min(a, b), max(a, b))
        if key in seen:
            problems.append(f"bridge {_where(a)}–{_where(b)} listed twice")
            continue
        seen.add(key)
        kept.append(key)
        degree[a] += count
        degree[b] += count
    problems += _crossings(kept)
    for (r, c), total in sorted(degree.items()):
        if grid[r][c] > 0 and total != grid[r][c]:
            problems.append(f"island {grid[r][c]} at {_where((r, c))} has {total} bridge(s)")
    if not problems and not _connected(list(degree), kept):
        problems.append("the bridges do not connect all the islands")
    if no_loops:
        problems += _loops(kept)
    return problems


def _where(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _bridge_problem(grid: Sequence[Sequence[int]], bridge: tuple, most: int) -> str | None:
    """What is wrong with one bridge taken alone, or None."""
    if not (isinstance(bridge, tuple) and len(bridge) == 3):
        return f"not a bridge: {bridge!r}"
    a, b, count = bridge
    height, width = len(grid), len(grid[0])
    for end in (a, b):
        if not (isinstance(end, tuple) and len(end) == 2 and all(type(v) is int for v in end)
                and 0 <= end[0] < height and 0 <= end[1] < width):
            return f"bridge end {end!r} is not a cell of the {height}×{width} grid"
        if not grid[end[0]][end[1]]:
            return f"bridge end at {_where(end)} is not an island"
    if type(count) is not int or not 1 <= count <= most:
        return f"bridge {_where(a)}–{_where(b)} counts {count!r}, expected 1..{most}"
    if a == b:
        return f"bridge from {_where(a)} to itself"
    if a[0] != b[0] and a[1] != b[1]:
        return f"bridge {_where(a)}–{_where(b)} is neither horizontal nor vertical"
    for cell in _inside(a, b):
        if grid[cell[0]][cell[1]]:
            return f"bridge {_where(a)}–{_where(b)} passes over the island at {_where(cell)}"
    return None


def _inside(a: Cell, b: Cell) -> list[Cell]:
    """The cells strictly between two aligned cells."""
    if a[0] == b[0]:
        low, high = sorted((a[1], b[1]))
        return [(a[0], c) for c in range(low + 1, high)]
    low, high = sorted((a[0], b[0]))
    return [(r, a[1]) for r in range(low + 1, high)]


def _crossings(bridges: list[tuple[Cell, Cell]]) -> list[str]:
    """Two bridges cross when they share a cell strictly inside both (parallel bridges on one
    line cannot: both have islands at their ends and none inside)."""
    covered: dict[Cell, tuple[Cell, Cell]] = {}
    problems = []
    for a, b in bridges:
        for cell in _inside(a, b):
            if cell in covered:
                c, d = covered[cell]
                problems.append(f"bridges {_where(a)}–{_where(b)} and {_where(c)}–{_where(d)} "
                                f"cross at {_where(cell)}")
            covered[cell] = (a, b)
    return problems


def _connected(islands: list[Cell], bridges: list[tuple[Cell, Cell]]) -> bool:
    if not islands:
        return True
    neighbours: dict[Cell, list[Cell]] = {cell: [] for cell in islands}
    for a, b in bridges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    reached = {islands[0]}
    frontier = [islands[0]]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    return len(reached) == len(islands)


def _loops(bridges: list[tuple[Cell, Cell]]) -> list[str]:
    """The bridges that close a cycle, found by joining the islands' groups one bridge at a
    time: a bridge whose two ends are already in one group closes one."""
    group: dict[Cell, Cell] = {}

    def root(cell: Cell) -> Cell:
        while group.setdefault(cell, cell) != cell:
            cell = group[cell]
        return cell

    problems = []
    for a, b in bridges:
        first, second = root(a), root(b)
        if first == second:
            problems.append(f"bridge {_where(a)}–{_where(b)} closes a loop (no loops allowed)")
        else:
            group[first] = second
    return problems


def prepare(instance):
    """check(instance, ·) with the grid's facts found once: the pairs of islands a bridge may
    join (same row or column, only water between) with the cells between them. A solution
    whose bridges all join such pairs, once each, with a count in range, is checked on those
    tables (crossings, numbers, connectivity, loops); anything else gets the full check and
    its messages. --all on a 200-island puzzle spent 1.3 ms a solution in the full check."""
    grid = instance.grid
    most = getattr(instance, "max_bridges", 2)
    no_loops = getattr(instance, "no_loops", False)
    islands = [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value]
    wanted = {cell: grid[cell[0]][cell[1]] for cell in islands if grid[cell[0]][cell[1]] > 0}
    between = _joinable_pairs(grid, islands)
    counts = range(1, most + 1)

    def check_one(solution) -> list[str]:
        try:
            keys = [(min(a, b), max(a, b)) for a, b, count in solution
                    if type(count) is int and count in counts]
        except (TypeError, ValueError):
            keys = []
        if (len(keys) != len(solution) or len(set(keys)) != len(keys)
                or not all(key in between for key in keys)):
            return violations(grid, solution, most, no_loops)
        degree = dict.fromkeys(islands, 0)
        covered: set[Cell] = set()
        inside = 0
        for (a, b), (_, _, count) in zip(keys, solution):
            degree[a] += count
            degree[b] += count
            covered.update(between[(a, b)])
            inside += len(between[(a, b)])
        if (len(covered) != inside or any(degree[cell] != n for cell, n in wanted.items())
                or not _connected(islands, keys) or (no_loops and _loops(keys))):
            return violations(grid, solution, most, no_loops)
        return []

    return check_one


def _joinable_pairs(grid: Sequence[Sequence[int]], islands: list[Cell],
                    ) -> dict[tuple[Cell, Cell], tuple[Cell, ...]]:
    """Each pair of islands with only water between them in one row or column (the next
    island right of or below each island), and the cells between."""
    height, width = len(grid), len(grid[0])
    pairs: dict[tuple[Cell, Cell], tuple[Cell, ...]] = {}
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr < height and cc < width and not grid[rr][cc]:
                rr, cc = rr + dr, cc + dc
            if rr < height and cc < width:
                pairs[((r, c), (rr, cc))] = tuple(_inside((r, c), (rr, cc)))
    return pairs


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a Hashi instance (its
    `max_bridges` and `no_loops` fields name the variant; absent, the usual rules)."""
    return violations(instance.grid, solution, getattr(instance, "max_bridges", 2),
                      getattr(instance, "no_loops", False))
