"""OR-Tools CP-SAT models of every kind, written from the rules (they share no code with the
SAT encoders; only solution types are borrowed), to solve and to count solutions as a peer of
satpuzzle.

- sudoku: an integer 1..N per cell, givens fixed, AllDifferent per row, column, box or region.
- crossword: a letter per white cell (its allowed letters); per slot (maximal run of two or
  more white cells) a table of the words of its length over its letter variables, so crossing
  slots share letters; with `distinct`, a word number per slot in the table and AllDifferent.
- shikaku: a Boolean per candidate rectangle (area = clue, inside the grid, no other clue),
  exactly one per clue and exactly one covering each cell.
- hashi: a count 0..2 per pair of islands that see each other, its "has a bridge" Boolean,
  degrees, at most one of two crossing pairs. Connectivity when solving: a single-commodity
  flow, island 0 (row-major) sending one unit to every other island over bridged pairs.
  When counting, flows would multiply the count (many flows per bridge set), so connectivity
  is written with canonical auxiliaries instead: BFS distances d from island 0, d = 0 only
  there, |d(u) − d(v)| ≤ 1 across a bridge, and every other island has a bridged neighbour
  at d − 1 (parent Booleans defined ⇔, not chosen). The parent chains prove connectivity and
  the two conditions force d to be the true BFS distance, so each bridge set has exactly one
  completion and CP-SAT's enumeration counts bridge sets.
- jigsaw: per puzzle cell a table (piece, quarter turns, top, right, bottom, left) of the
  allowed pieces and turns, AllDifferent on pieces, neighbours' touching labels fit, outside
  labels 0 with border zero; all six variants. A solution of the puzzle is a visible board
  (satpuzzle counts those), while identical or symmetric pieces give several (piece, turn)
  assignments per board: counting keeps the distinct boards (deduplicated in the callback).
- partition: a Boolean per number, number 0's true, weighted sum = half the total.
- one-in-three-sat: a Boolean per occurring variable, per clause the sum of its literal
  occurrences (x or 1 − x) = 1.
- kakuro: an integer 1..9 per white cell, AllDifferent per run (maximal line of white
  cells), its sum = the clue of the block before it where there is one.
- nurikabe: a Boolean "sea" per cell without a number; per cell and number within n − 1
  steps of it an "in island of that number" Boolean, exactly one of them or sea per cell;
  two touching unshaded cells lie in the same island; each island has its number of cells;
  no 2×2 block all sea. Islands and sea are connected by BFS distances defined exactly (so
  one model per shading, solving and counting alike): an island cell's distance is 0 on a
  number and 1 + the least distance of its unshaded neighbours elsewhere (AddMinEquality,
  a shaded neighbour counting as out of range), which has a value only where an unshaded
  path leads to a number; the sea's likewise from its first cell in row-major order. Sea
  cells have island distance 0 and island cells sea distance 0, so nothing is free.

`solve` returns ("solved" | "unsat" | "timeout", solution in satpuzzle's type or None);
`count` enumerates every solution (enumerate_all_solutions, one worker) and returns
("complete" | "timeout", number found).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

try:
    from ortools.sat.python import cp_model
except ImportError:  # optional: pip install ortools
    cp_model = None

AVAILABLE = cp_model is not None
SUPPORTED = ("sudoku", "crossword", "shikaku", "hashi", "jigsaw", "partition",
             "one-in-three-sat", "kakuro", "nurikabe")
LETTERS = "abcdefghijklmnopqrstuvwxyz"

Value = Callable[[Any], int]  # a solver's or callback's value of a variable


@dataclass
class Built:
    """A model with how to read a solution and, for counting, the key that identifies a
    puzzle solution (`unique`: every model solution is a distinct puzzle solution);
    `shown`: the variables whose values write a solution down (the key's variables when
    not unique), for a process that reads the model back from a file
    (benchmarks/baselines/cpsat_enumerate.py)."""

    model: Any
    decode: Callable[[Value], Any]
    key: Callable[[Value], Hashable] = field(default=lambda value: None)
    unique: bool = True
    shown: list[Any] = field(default_factory=list)


def _require() -> None:
    if cp_model is None:
        raise RuntimeError("OR-Tools is not installed: pip install ortools")


def _solver(time_limit: float | None, workers: int):
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    return solver


def solve(instance: Any, time_limit: float | None = None,
          workers: int = 1) -> tuple[str, Any | None]:
    """("solved", solution) / ("unsat", None) / ("timeout", None)."""
    _require()
    built = _build(instance, counting=False)
    solver = _solver(time_limit, workers)
    status = solver.solve(built.model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "solved", built.decode(solver.value)
    if status == cp_model.INFEASIBLE:
        return "unsat", None
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"invalid CP-SAT model: {built.model.validate()}")
    return "timeout", None


def count(instance: Any, time_limit: float | None = None) -> tuple[str, int]:
    """("complete", number of solutions) or ("timeout", solutions found so far)."""
    _require()
    built = _build(instance, counting=True)
    solver = _solver(time_limit, 1)
    solver.parameters.enumerate_all_solutions = True
    counter = _Counter(built)
    status = solver.solve(built.model, counter)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"invalid CP-SAT model: {built.model.validate()}")
    done = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return ("complete" if done else "timeout"), counter.total()


def export(instance: Any, path: str) -> None:
    """The counting model of `instance` written to `path` (protobuf text) and, beside it,
    `path`.json: the indices of its shown variables and whether each model solution is a
    distinct puzzle solution; read back by benchmarks/baselines/cpsat_enumerate.py, which
    enumerates in a process of its own without importing satpuzzle."""
    import json

    _require()
    built = _build(instance, counting=True)
    if not built.model.export_to_file(path):
        raise RuntimeError(f"CP-SAT could not write {path}")
    with open(path + ".json", "w", encoding="utf-8") as handle:
        json.dump({"shown": [var.index for var in built.shown], "unique": built.unique},
                  handle)


if cp_model is not None:
    class _Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self, built: Built):
            super().__init__()
            self.built = built
            self.found = 0
            self.keys: set[Hashable] = set()

        def on_solution_callback(self) -> None:
            if self.built.unique:
                self.found += 1
            else:
                self.keys.add(self.built.key(self.value))

        def total(self) -> int:
            return self.found if self.built.unique else len(self.keys)


def _build(instance: Any, counting: bool) -> Built:
    builders: dict[str, Callable[[Any, bool], Built]] = {
        "sudoku": _sudoku, "crossword": _crossword, "shikaku": _shikaku, "hashi": _hashi,
        "jigsaw": _jigsaw, "partition": _partition, "one-in-three-sat": _one_in_three,
        "kakuro": _kakuro, "nurikabe": _nurikabe,
    }
    if instance.KIND not in builders:
        raise ValueError(f"no CP-SAT model for kind {instance.KIND!r}")
    return builders[instance.KIND](instance, counting)


# ---------------------------------------------------------------- sudoku


def _sudoku(instance: Any, counting: bool) -> Built:
    size = instance.box_rows * instance.box_cols
    model = cp_model.CpModel()
    cells = [[model.new_int_var(given or 1, given or size, f"x{r}_{c}")
              for c, given in enumerate(row)] for r, row in enumerate(instance.givens)]
    units = [row for row in cells] + [list(column) for column in zip(*cells)]
    if instance.regions is not None:
        groups: dict[int, list[Any]] = {}
        for r in range(size):
            for c in range(size):
                groups.setdefault(instance.regions[r][c], []).append(cells[r][c])
        units += list(groups.values())
    else:
        units += [[cells[top + i][left + j] for i in range(instance.box_rows)
                   for j in range(instance.box_cols)]
                  for top in range(0, size, instance.box_rows)
                  for left in range(0, size, instance.box_cols)]
    for unit in units:
        model.add_all_different(unit)
    return Built(model, lambda value: tuple(tuple(value(v) for v in row) for row in cells),
                 shown=[v for row in cells for v in row])


# ---------------------------------------------------------------- crossword


def _crossword_slots(grid: Any) -> list[list[tuple[int, int]]]:
    """Maximal runs of two or more white cells, across then down."""
    height, width = len(grid), len(grid[0])
    lines = ([[(r, c) for c in range(width)] for r in range(height)]
             + [[(r, c) for r in range(height)] for c in range(width)])
    slots = []
    for line in lines:
        run: list[tuple[int, int]] = []
        for cell in [*line, None]:
            if cell is not None and grid[cell[0]][cell[1]] != "0":
                run.append(cell)
                continue
            if len(run) >= 2:
                slots.append(run)
            run = []
    return slots


def _allowed_letters(token: str) -> str | None:
    if token == "0":
        return None
    return LETTERS if token == "1" else token.strip("[]")


def _crossword(instance: Any, counting: bool) -> Built:
    model = cp_model.CpModel()
    grid = instance.grid
    words = list(dict.fromkeys(instance.words))
    letters: dict[tuple[int, int], Any] = {}
    for r, row in enumerate(grid):
        for c, token in enumerate(row):
            allowed = _allowed_letters(token)
            if allowed is not None:
                codes = sorted(LETTERS.index(ch) for ch in allowed)
                letters[(r, c)] = model.new_int_var_from_domain(
                    cp_model.Domain.from_values(codes), f"l{r}_{c}")
    word_vars = []
    for number, slot in enumerate(_crossword_slots(grid)):
        fitting = [(index, word) for index, word in enumerate(words) if len(word) == len(slot)]
        cells = [letters[cell] for cell in slot]
        if instance.distinct:
            word = model.new_int_var(0, max(len(words) - 1, 0), f"w{number}")
            word_vars.append(word)
            model.add_allowed_assignments(
                [word, *cells], [(index, *map(LETTERS.index, text)) for index, text in fitting])
        else:
            model.add_allowed_assignments(
                cells, [tuple(map(LETTERS.index, text)) for _, text in fitting])
    if len(word_vars) > 1:
        model.add_all_different(word_vars)

    def decode(value: Value) -> tuple[str, ...]:
        return tuple("".join("0" if (r, c) not in letters else LETTERS[value(letters[(r, c)])]
                             for c in range(len(row))) for r, row in enumerate(grid))

    return Built(model, decode, shown=list(letters.values()))


# ---------------------------------------------------------------- shikaku


def _shikaku_candidates(instance: Any) -> list[list[tuple[int, int, int, int]]]:
    """Per clue, every (top, left, height, width) of its area inside the grid holding it and
    no other clue."""
    clue_cells = {(r, c) for r, c, _ in instance.clues}
    found = []
    for r, c, area in instance.clues:
        rects = []
        for height in range(1, area + 1):
            width = area // height
            if height * width != area or height > instance.rows or width > instance.cols:
                continue
            for top in range(max(0, r - height + 1), min(r, instance.rows - height) + 1):
                for left in range(max(0, c - width + 1), min(c, instance.cols - width) + 1):
                    inside = sum((i, j) in clue_cells for i in range(top, top + height)
                                 for j in range(left, left + width))
                    if inside == 1:
                        rects.append((top, left, height, width))
        found.append(rects)
    return found


def _shikaku(instance: Any, counting: bool) -> Built:
    from satpuzzle.kinds.shikaku.puzzle import Placement

    model = cp_model.CpModel()
    covering: dict[tuple[int, int], list[Any]] = {
        (r, c): [] for r in range(instance.rows) for c in range(instance.cols)}
    choices = []
    for (r, c, _), rects in zip(instance.clues, _shikaku_candidates(instance)):
        options = []
        for top, left, height, width in rects:
            var = model.new_bool_var(f"rect{r}_{c}_{top}_{left}_{height}_{width}")
            options.append((var, Placement((r, c), top, left, height, width)))
            for i in range(top, top + height):
                for j in range(left, left + width):
                    covering[(i, j)].append(var)
        model.add_exactly_one([var for var, _ in options])
        choices.append(options)
    for cell_vars in covering.values():
        model.add_exactly_one(cell_vars)

    def decode(value: Value) -> tuple[Any, ...]:
        chosen = [placement for options in choices for var, placement in options if value(var)]
        return tuple(sorted(chosen))

    return Built(model, decode, shown=[var for options in choices for var, _ in options])


# ---------------------------------------------------------------- hashi


def _hashi_pairs(grid: Any) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of islands in one row or column with only water (or nothing) between them."""
    height, width = len(grid), len(grid[0])
    pairs = []
    for r in range(height):
        for c in range(width):
            if not grid[r][c]:
                continue
            for dr, dc in ((0, 1), (1, 0)):
                i, j = r + dr, c + dc
                while i < height and j < width and not grid[i][j]:
                    i, j = i + dr, j + dc
                if i < height and j < width:
                    pairs.append(((r, c), (i, j)))
    return pairs


def _crossing(first: tuple, second: tuple) -> bool:
    """A horizontal and a vertical pair whose bridges would share a cell inside both."""
    for (a, b), (c, d) in ((first, second), (second, first)):
        if a[0] == b[0] and c[1] == d[1] and a[1] < c[1] < b[1] and c[0] < a[0] < d[0]:
            return True
    return False


def _hashi(instance: Any, counting: bool) -> Built:
    grid = instance.grid
    model = cp_model.CpModel()
    islands = [(r, c) for r, row in enumerate(grid) for c, value in enumerate(row) if value]
    pairs = _hashi_pairs(grid)
    counts, has = [], []
    for a, b in pairs:
        amount = model.new_int_var(0, 2, f"x{a}{b}")
        bridged = model.new_bool_var(f"b{a}{b}")
        model.add(amount >= 1).only_enforce_if(bridged)
        model.add(amount == 0).only_enforce_if(~bridged)
        counts.append(amount)
        has.append(bridged)
    for i, first in enumerate(pairs):
        for j in range(i + 1, len(pairs)):
            if _crossing(first, pairs[j]):
                model.add_bool_or([~has[i], ~has[j]])
    incident: dict[tuple[int, int], list[int]] = {cell: [] for cell in islands}
    for index, (a, b) in enumerate(pairs):
        incident[a].append(index)
        incident[b].append(index)
    for cell in islands:
        model.add(_total(counts[k] for k in incident[cell]) == grid[cell[0]][cell[1]])
    if len(islands) > 1:
        connect = _distances if counting else _flow
        connect(model, islands, pairs, has, incident)

    def decode(value: Value) -> tuple[Any, ...]:
        return tuple(sorted((a, b, value(amount)) for (a, b), amount in zip(pairs, counts)
                            if value(amount)))

    return Built(model, decode, shown=counts)


def _total(terms: Any) -> Any:
    """A sum that stays a CP-SAT expression when empty (a plain 0 would compare to a bool)."""
    return cp_model.LinearExpr.sum(list(terms))


def _flow(model: Any, islands: list, pairs: list, has: list, incident: dict) -> None:
    """Island 0 sends one unit to each other island; flow only over bridged pairs."""
    most = len(islands) - 1
    inflow: dict[tuple[int, int], list[Any]] = {cell: [] for cell in islands}
    outflow: dict[tuple[int, int], list[Any]] = {cell: [] for cell in islands}
    for (a, b), bridged in zip(pairs, has):
        for source, target in ((a, b), (b, a)):
            flow = model.new_int_var(0, most, f"f{source}{target}")
            model.add(flow <= most * bridged)
            outflow[source].append(flow)
            inflow[target].append(flow)
    for cell in islands[1:]:
        model.add(_total(inflow[cell]) - _total(outflow[cell]) == 1)


def _distances(model: Any, islands: list, pairs: list, has: list, incident: dict) -> None:
    """Canonical connectivity for counting (module docstring): BFS distances from island 0."""
    most = len(islands) - 1
    distance = {cell: model.new_int_var(0 if k == 0 else 1, 0 if k == 0 else most, f"d{cell}")
                for k, cell in enumerate(islands)}
    for (a, b), bridged in zip(pairs, has):
        model.add(distance[a] - distance[b] <= 1).only_enforce_if(bridged)
        model.add(distance[b] - distance[a] <= 1).only_enforce_if(bridged)
    for cell in islands[1:]:
        parents = []
        for k in incident[cell]:
            a, b = pairs[k]
            other = b if a == cell else a
            parent = model.new_bool_var(f"p{cell}{other}")
            model.add_implication(parent, has[k])
            model.add(distance[other] == distance[cell] - 1).only_enforce_if(parent)
            model.add(distance[other] != distance[cell] - 1).only_enforce_if([~parent, has[k]])
            parents.append(parent)
        model.add_bool_or(parents)


# ---------------------------------------------------------------- jigsaw


def _frame(rows: int, cols: int) -> list[tuple[int, int]]:
    """Frame cells clockwise from the top-left corner (every cell when a side is ≤ 2)."""
    if rows <= 2 or cols <= 2:
        return [(r, c) for r in range(rows) for c in range(cols)]
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
            + [(r, 0) for r in range(rows - 2, 0, -1)])


def _turned(piece: tuple[int, ...], turns: int) -> tuple[int, ...]:
    """Labels (top, right, bottom, left) after clockwise quarter turns (left comes to top)."""
    return tuple(piece[(side - turns) % 4] for side in range(4))


def _jigsaw(instance: Any, counting: bool) -> Built:
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    variant = instance.variant
    cells = (_frame(rows, cols) if variant.startswith("contour")
             else [(r, c) for r in range(rows) for c in range(cols)])
    fixed = variant.endswith("position")
    turns = (0,) if variant.endswith("orientation") else (0, 1, 2, 3)
    all_labels = sorted({label for piece in pieces for label in piece} | {0})
    model = cp_model.CpModel()
    placed: dict[tuple[int, int], tuple[Any, Any, list[Any]]] = {}
    for index, (r, c) in enumerate(cells):
        piece = model.new_int_var(0, len(pieces) - 1, f"p{r}_{c}")
        turn = model.new_int_var(0, 3, f"t{r}_{c}")
        sides = [model.new_int_var(all_labels[0], all_labels[-1], f"s{r}_{c}_{k}")
                 for k in range(4)]
        options = {(i, t, *_turned(pieces[i], t))
                   for i in ([index] if fixed else range(len(pieces))) for t in turns}
        model.add_allowed_assignments([piece, turn, *sides], sorted(options))
        placed[(r, c)] = (piece, turn, sides)
    if not fixed:
        model.add_all_different([piece for piece, _, _ in placed.values()])
    for (r, c), (_, _, sides) in placed.items():
        for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < rows and 0 <= c2 < cols):
                if instance.border == "zero":
                    model.add(sides[side] == 0)
            elif side in (1, 2) and (r2, c2) in placed:  # right and bottom: each pair once
                _fit(model, instance, sides[side], placed[(r2, c2)][2][(side + 2) % 4])

    def decode(value: Value) -> tuple[Any, ...]:
        return tuple(tuple((value(placed[(r, c)][0]), value(placed[(r, c)][1]))
                           if (r, c) in placed else None for c in range(cols))
                     for r in range(rows))

    def key(value: Value) -> Hashable:
        return tuple(tuple(value(s) for s in sides) for _, _, sides in placed.values())

    return Built(model, decode, key, unique=False,
                 shown=[side for _, _, sides in placed.values() for side in sides])


def _fit(model: Any, instance: Any, mine: Any, theirs: Any) -> None:
    """Touching labels: opposite matching a = −b ≠ 0; equal matching a = b (≠ 0 with border
    zero)."""
    if instance.matching == "opposite":
        model.add(mine + theirs == 0)
        model.add(mine != 0)
    else:
        model.add(mine == theirs)
        if instance.border == "zero":
            model.add(mine != 0)


# ---------------------------------------------------------------- partition, 1-in-3 SAT


def _partition(instance: Any, counting: bool) -> Built:
    numbers = instance.numbers
    model = cp_model.CpModel()
    sides = [model.new_bool_var(f"side{i}") for i in range(len(numbers))]
    model.add(sides[0] == 1)  # the solution names the part holding number 0
    total = sum(numbers)
    if total % 2:
        model.add_bool_or([])  # an odd total has no split
    else:
        model.add(sum(a * side for a, side in zip(numbers, sides)) == total // 2)
    return Built(model, lambda value: tuple(i for i, side in enumerate(sides) if value(side)),
                 shown=sides)


def _one_in_three(instance: Any, counting: bool) -> Built:
    model = cp_model.CpModel()
    occurring = sorted({abs(literal) for clause in instance.clauses for literal in clause})
    truth = {v: model.new_bool_var(f"x{v}") for v in occurring}
    for clause in instance.clauses:
        # one term per occurrence, so (x x y) counts x twice, as the rules say
        model.add(sum(truth[lit] if lit > 0 else 1 - truth[-lit] for lit in clause) == 1)
    return Built(model, lambda value: tuple(v for v in occurring if value(truth[v])),
                 shown=[truth[v] for v in occurring])


# ---------------------------------------------------------------- kakuro


def kakuro_runs(grid: Any) -> list[tuple[int | None, list[tuple[int, int]]]]:
    """(clue or None, cells) of every maximal line of white cells (None in `grid`), the clue
    read from the block before it: (down, across)."""
    rows, cols = len(grid), len(grid[0])
    runs = []
    for lines, side in (([[(r, c) for c in range(cols)] for r in range(rows)], 1),
                        ([[(r, c) for r in range(rows)] for c in range(cols)], 0)):
        for line in lines:
            clue, cells = None, []
            for r, c in line:
                if grid[r][c] is None:
                    cells.append((r, c))
                    continue
                if cells:
                    runs.append((clue, cells))
                clue, cells = grid[r][c][side], []
            if cells:
                runs.append((clue, cells))
    return runs


def _kakuro(instance: Any, counting: bool) -> Built:
    model = cp_model.CpModel()
    grid = instance.grid
    digit = {(r, c): model.new_int_var(1, 9, f"d{r}_{c}") for r, row in enumerate(grid)
             for c, cell in enumerate(row) if cell is None}
    for clue, cells in kakuro_runs(grid):
        model.add_all_different([digit[cell] for cell in cells])
        if clue is not None:
            model.add(sum(digit[cell] for cell in cells) == clue)

    def decode(value: Value) -> Any:
        return tuple(tuple(value(digit[(r, c)]) if (r, c) in digit else 0
                           for c in range(instance.cols)) for r in range(instance.rows))

    return Built(model, decode, shown=list(digit.values()))


# ---------------------------------------------------------------- nurikabe


def _grid_neighbours(rows: int, cols: int, r: int, c: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def _nurikabe(instance: Any, counting: bool) -> Built:
    model = cp_model.CpModel()
    rows, cols = instance.rows, instance.cols
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    numbered = {(r, c): i for i, (r, c, _) in enumerate(instance.clues)}
    sea = {cell: model.new_bool_var(f"sea{cell}") for cell in cells if cell not in numbered}
    # island i can only hold cells fewer than n steps from its number
    member = {(cell, i): model.new_bool_var(f"in{cell}_{i}")
              for i, (r, c, n) in enumerate(instance.clues) for cell in cells
              if abs(cell[0] - r) + abs(cell[1] - c) < n}
    labels: dict[tuple[int, int], list[tuple[int, Any]]] = {cell: [] for cell in cells}
    for (cell, i), var in member.items():
        labels[cell].append((i, var))
    for cell in cells:
        choices = [var for _, var in labels[cell]] + ([sea[cell]] if cell in sea else [])
        model.add_exactly_one(choices)
    for cell, i in numbered.items():
        model.add(member[(cell, i)] == 1)
    _islands_apart(model, instance, sea, member, labels)
    for i, (_, _, n) in enumerate(instance.clues):
        model.add(_total(var for (_, j), var in member.items() if j == i) == n)
    model.add(_total(sea.values()) == rows * cols - sum(n for _, _, n in instance.clues))
    for r, c in cells:
        block = [(r + dr, c + dc) for dr in (0, 1) for dc in (0, 1)]
        if r + 1 < rows and c + 1 < cols and all(cell in sea for cell in block):
            model.add_bool_or([~sea[cell] for cell in block])
    # distances of island cells (a number's cell is always one, its source) and sea cells
    land = {cell: ~var for cell, var in sea.items()}
    most = max((n for _, _, n in instance.clues), default=1) - 1
    _exact_distances(model, instance, "island", land, {cell: None for cell in numbered}, most)
    _exact_distances(model, instance, "sea", sea, _first_sea(model, cells, sea), len(cells))

    def decode(value: Value) -> tuple[str, ...]:
        return tuple("".join("#" if (r, c) in sea and value(sea[(r, c)]) else "."
                             for c in range(cols)) for r in range(rows))

    return Built(model, decode, shown=list(sea.values()))


def _islands_apart(model: Any, instance: Any, sea: dict, member: dict, labels: dict) -> None:
    """Two touching unshaded cells lie in the same island: a cell of island i has, on each
    side, sea or island i."""
    for (r, c), options in labels.items():
        for other in _grid_neighbours(instance.rows, instance.cols, r, c):
            for i, var in options:
                allowed = [x for x in (sea.get(other), member.get((other, i))) if x is not None]
                model.add_bool_or(allowed).only_enforce_if(var)


def _first_sea(model: Any, cells: list, sea: dict) -> dict:
    """Per possible sea cell, a Boolean "the first sea cell in row-major order" (the sea's
    root), defined through a running "some earlier cell is sea" Boolean."""
    roots = {}
    before = None  # some earlier cell is sea (None: no earlier cell can be)
    for cell in cells:
        if cell not in sea:
            continue
        root = model.new_bool_var(f"root{cell}")
        if before is None:
            model.add(root == sea[cell])
        else:
            model.add_bool_and([sea[cell], ~before]).only_enforce_if(root)
            model.add_bool_or([~sea[cell], before, root])
        seen = model.new_bool_var(f"seen{cell}")
        model.add_max_equality(seen, [sea[cell]] + ([before] if before is not None else []))
        before = seen
        roots[cell] = root
    return roots


def _exact_distances(model: Any, instance: Any, name: str, present: dict, sources: dict,
                     most: int) -> None:
    """Connectivity with auxiliaries the cells fix. `present`: cell → literal "the cell is
    in the region" (cells of neither map are never in it); `sources`: cell → literal "the
    cell is a source" (None: always in the region and a source). d = 0 on a source, d = 1 +
    the least d of the present neighbours elsewhere, a neighbour not present counting as
    `most` + 1, out of d's range 0..`most`: so every present cell needs a path of present
    cells to a source, and d is its BFS distance. Cells not present have d = 0."""
    far = most + 1
    distance = {cell: model.new_constant(0) for cell, root in sources.items() if root is None}
    for cell, there in present.items():
        if cell not in distance:
            distance[cell] = model.new_int_var(0, most, f"{name}d{cell}")
            model.add(distance[cell] == 0).only_enforce_if(~there)
    for cell, there in present.items():
        if cell in sources and sources[cell] is None:
            continue
        seen = []
        for other in _grid_neighbours(instance.rows, instance.cols, *cell):
            if other not in present:
                if other in distance:  # an always-present source
                    seen.append(distance[other])
                continue
            shown = model.new_int_var(0, far, f"{name}e{cell}{other}")
            model.add(shown == distance[other]).only_enforce_if(present[other])
            model.add(shown == far).only_enforce_if(~present[other])
            seen.append(shown)
        nearest = model.new_int_var(0, far, f"{name}m{cell}")
        model.add_min_equality(nearest, seen or [model.new_constant(far)])
        root = sources.get(cell)
        if root is None:
            model.add(distance[cell] == nearest + 1).only_enforce_if(there)
        else:
            model.add(distance[cell] == 0).only_enforce_if(root)
            model.add(distance[cell] == nearest + 1).only_enforce_if([there, ~root])
