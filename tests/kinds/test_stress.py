"""Differential stress battery (issue 7, part 7): for every kind, a few hundred random small
instances (seeded, deterministic) solved by satpuzzle and by brute force written here from the
rules (plus the seed documents' baselines where they exist). The solution sets must be equal,
with no solution twice and every solution accepted by the kind's checker. Instances are read
from .puz text where the reader has checks of its own: a puzzle it refuses must then have no
solution by brute force.

Marked slow: `pytest -m slow tests/kinds/test_stress.py` runs the battery alone; each test prints
its counts and time (`-s` shows them)."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable

import pytest
from conftest import one_in_three_brute_force, sudoku_brute_force_count

import satpuzzle
from benchmarks.baselines import crossword_trie, sudoku_eup
from satpuzzle.errors import InputError
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.kinds.shikaku import generator as shikaku_generator
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

pytestmark = pytest.mark.slow

# random instances per kind (the whole battery: about 20 s on an idle 2-core machine)
COUNTS = {"sudoku": 600, "shikaku": 1000, "hashi": 800, "crossword": 600, "jigsaw": 480,
          "partition": 800, "one-in-three-sat": 800}


class Tally:
    """Counts of one kind's run, printed at the end and checked for variety."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.started = time.perf_counter()
        self.instances = self.unsolvable = self.several = self.refused = self.solutions = 0

    def add(self, solutions: int) -> None:
        self.instances += 1
        self.solutions += solutions
        self.unsolvable += solutions == 0
        self.several += solutions > 1

    def report(self) -> str:
        line = (f"{self.kind}: {self.instances} instances ({self.refused} refused by the reader), "
                f"{self.solutions} solutions, {self.unsolvable} without solution, "
                f"{self.several} with several, {time.perf_counter() - self.started:.1f} s")
        print(line)
        return line


def compare(instance, expected: set, key: Callable = lambda s: s, engine: str = "auto") -> int:
    """satpuzzle's solutions of `instance` against the brute force's `expected` (solutions as
    `key` maps them): same set, none twice, all accepted by the checker. The count."""
    found = list(satpuzzle.solutions(instance, engine=engine))
    keys = [key(solution) for solution in found]
    assert len(set(keys)) == len(keys), ("a solution twice", instance)
    missed, extra = expected - set(keys), set(keys) - expected
    assert not missed and not extra, (instance, f"missed {list(missed)[:3]}",
                                      f"extra {list(extra)[:3]}")
    for solution in found:
        assert satpuzzle.check(instance, solution) == [], (instance, solution)
    return len(found)


def load_one(text: str):
    (instance,) = satpuzzle.load(text)
    return instance


def grid_lines(text: str) -> list[str]:
    """The rows of the one block of a .puz text written by this file or a kind's to_puz."""
    return [line.strip() for line in text.splitlines() if line.startswith("    ")]


# ---------------------------------------------------------------- sudoku


def sudoku_solutions(givens, box_rows: int, box_cols: int) -> set:
    """Every completion, by backtracking on the empty cell with fewest candidates."""
    size = box_rows * box_cols
    grid = [list(row) for row in givens]
    row_used, col_used, box_used = [0] * size, [0] * size, [0] * size

    def box(r: int, c: int) -> int:
        return r // box_rows * box_rows + c // box_cols

    for r, c in itertools.product(range(size), repeat=2):
        v = grid[r][c]
        if v:
            bit = 1 << v
            if (row_used[r] | col_used[c] | box_used[box(r, c)]) & bit:
                return set()  # two equal givens in a unit
            row_used[r] |= bit
            col_used[c] |= bit
            box_used[box(r, c)] |= bit
    found = set()

    def search() -> None:
        best = None
        for r, c in itertools.product(range(size), repeat=2):
            if not grid[r][c]:
                free = [v for v in range(1, size + 1)
                        if not (row_used[r] | col_used[c] | box_used[box(r, c)]) >> v & 1]
                if best is None or len(free) < len(best[2]):
                    best = (r, c, free)
        if best is None:
            found.add(tuple(map(tuple, grid)))
            return
        r, c, free = best
        for v in free:
            bit = 1 << v
            grid[r][c] = v
            row_used[r] |= bit
            col_used[c] |= bit
            box_used[box(r, c)] |= bit
            search()
            row_used[r] ^= bit
            col_used[c] ^= bit
            box_used[box(r, c)] ^= bit
        grid[r][c] = 0

    search()
    return found


def random_sudoku_solution(rng: random.Random, box_rows: int, box_cols: int) -> list[list[int]]:
    """A filled grid: the pattern grid with rows shuffled within bands, bands shuffled,
    columns within stacks, stacks, and the digits renamed."""
    size = box_rows * box_cols
    base = [[(box_cols * (r % box_rows) + r // box_rows + c) % size + 1 for c in range(size)]
            for r in range(size)]

    def order(groups: int, per: int) -> list[int]:
        outer = rng.sample(range(groups), groups)
        return [g * per + i for g in outer for i in rng.sample(range(per), per)]

    rows = order(box_cols, box_rows)  # box_cols bands of box_rows rows
    cols = order(box_rows, box_cols)  # box_rows stacks of box_cols columns
    digits = [0, *rng.sample(range(1, size + 1), size)]
    return [[digits[base[r][c]] for c in cols] for r in rows]


def test_sudoku_against_brute_force():
    rng = random.Random(7001)
    tally = Tally("sudoku")
    for index in range(COUNTS["sudoku"]):
        box_rows, box_cols = (2, 2) if index % 2 else rng.choice([(2, 3), (3, 2)])
        size = box_rows * box_cols
        full = random_sudoku_solution(rng, box_rows, box_cols)
        keep = rng.uniform(0.05, 0.6) if size == 4 else rng.uniform(0.4, 0.75)
        givens = [[v if rng.random() < keep else 0 for v in row] for row in full]
        if rng.random() < 0.15:  # a wrong given: often no solution, sometimes another one
            givens[rng.randrange(size)][rng.randrange(size)] = rng.randint(1, size)
        instance = SudokuInstance(box_rows, box_cols, tuple(map(tuple, givens)))
        expected = sudoku_solutions(givens, box_rows, box_cols)
        # two more referees: the conftest count and the seed's "eup" algorithm
        assert len(expected) == sudoku_eup.count_solutions(givens, box_rows, box_cols)
        if size == 4:
            assert len(expected) == sudoku_brute_force_count(givens, box_rows, box_cols)
        tally.add(compare(instance, expected))
    tally.report()
    assert tally.unsolvable > 10 and tally.several > 50 and tally.instances - tally.unsolvable \
        - tally.several > 20


# ---------------------------------------------------------------- shikaku


def shikaku_solutions(rows: int, cols: int, clues: Iterable[tuple[int, int, int]]) -> set:
    """Every tiling: the first free cell (row-major) is the top-left corner of a rectangle
    holding exactly one clue, equal to its area."""
    area = {(r, c): a for r, c, a in clues}
    taken = [[False] * cols for _ in range(rows)]
    chosen: list[tuple[int, int, int, int]] = []
    found = set()

    def search(start: int) -> None:
        while start < rows * cols and taken[start // cols][start % cols]:
            start += 1
        if start == rows * cols:
            found.add(frozenset(chosen))
            return
        top, left = divmod(start, cols)
        for height in range(1, rows - top + 1):
            for width in range(1, cols - left + 1):
                cells = [(r, c) for r in range(top, top + height)
                         for c in range(left, left + width)]
                if any(taken[r][c] for r, c in cells):
                    break
                inside = [area[cell] for cell in cells if cell in area]
                if inside != [height * width]:
                    continue
                for r, c in cells:
                    taken[r][c] = True
                chosen.append((top, left, height, width))
                search(start + 1)
                chosen.pop()
                for r, c in cells:
                    taken[r][c] = False

    search(0)
    return found


def random_shikaku_text(rng: random.Random) -> str:
    rows, cols = rng.randint(1, 5), rng.randint(1, 5)
    if rng.random() < 0.65:
        instance = shikaku_generator.generate(rows, cols, depth=rng.randint(1, 4), merge_iters=1,
                                    merge_prob=rng.random() * 0.5, seed=rng.randrange(10**6))
        clues = list(instance.clues)
        if rng.random() < 0.4:  # one clue moved to a random empty cell: often no solution
            taken = {(r, c) for r, c, _ in clues}
            empty = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in taken]
            if empty:
                k = rng.randrange(len(clues))
                clues[k] = (*rng.choice(empty), clues[k][2])
        if rng.random() < 0.4 and len(clues) > 1:  # two areas swapped: the same
            a, b = rng.sample(range(len(clues)), 2)
            clues[a], clues[b] = (*clues[a][:2], clues[b][2]), (*clues[b][:2], clues[a][2])
        instance = shikaku.ShikakuInstance(rows, cols, tuple(sorted(clues)))
        return shikaku.to_puz(instance)
    # clues on random cells, areas a random split of the grid's cells: often unsolvable
    count = rng.randint(1, min(6, rows * cols))
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)], count)
    cuts = sorted(rng.sample(range(1, rows * cols), count - 1))
    areas = [b - a for a, b in zip([0, *cuts], [*cuts, rows * cols])]
    grid = [["."] * cols for _ in range(rows)]
    for (r, c), value in zip(cells, areas):
        grid[r][c] = str(value)
    return "shikaku {\n  grid {\n" + "".join(f"    {' '.join(row)}\n" for row in grid) + \
        "  }\n}\n"


def test_shikaku_against_brute_force():
    rng = random.Random(7002)
    tally = Tally("shikaku")
    for _ in range(COUNTS["shikaku"]):
        text = random_shikaku_text(rng)
        try:
            instance = load_one(text)
        except InputError:
            # refused as impossible: the brute force must agree
            grid = [line.split() for line in grid_lines(text)]
            clues = [(r, c, int(v)) for r, row in enumerate(grid) for c, v in enumerate(row)
                     if v != "."]
            assert shikaku_solutions(len(grid), len(grid[0]), clues) == set(), text
            tally.refused += 1
            continue
        expected = shikaku_solutions(instance.rows, instance.cols, instance.clues)

        def rectangles(solution) -> frozenset:
            for p in solution:  # each rectangle holds the clue it is reported for
                assert p.top <= p.clue[0] < p.top + p.height
                assert p.left <= p.clue[1] < p.left + p.width
            return frozenset((p.top, p.left, p.height, p.width) for p in solution)

        tally.add(compare(instance, expected, rectangles))
    tally.report()
    # the reader refuses most impossible puzzles; those must have no tiling either
    assert tally.refused > 100 and tally.unsolvable >= 5 and tally.several > 40


# ---------------------------------------------------------------- hashi


def hashi_solutions(grid) -> set:
    """Every solution: 0, 1 or 2 bridges on each pair of islands facing each other with only
    water between (or side by side), no two bridges over one water cell, each island's count
    met, all islands connected."""
    height, width = len(grid), len(grid[0])
    islands = [(r, c) for r in range(height) for c in range(width) if grid[r][c]]
    pairs = []
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc, water = r + dr, c + dc, []
            while rr < height and cc < width and not grid[rr][cc]:
                water.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if rr < height and cc < width:
                pairs.append(((r, c), (rr, cc), frozenset(water)))
    if not islands:
        return {()}
    found = set()
    counts = [0] * len(pairs)

    def connected(bridges) -> bool:
        seen, stack = {islands[0]}, [islands[0]]
        while stack:
            here = stack.pop()
            for a, b, _ in bridges:
                other = b if a == here else a if b == here else None
                if other is not None and other not in seen:
                    seen.add(other)
                    stack.append(other)
        return len(seen) == len(islands)

    # an island whose last pair has been given its bridges must have its count met by then:
    # the branches that cannot meet it are cut early (the same solutions, found sooner)
    last = {cell: i for i, (a, b, _) in enumerate(pairs) for cell in (a, b)}
    closing: list[list[tuple[int, int]]] = [[] for _ in pairs]
    for cell, i in last.items():
        closing[i].append(cell)

    def search(index: int, left: dict, busy: frozenset) -> None:
        if index == len(pairs):
            if all(v == 0 for v in left.values()):
                bridges = tuple(sorted((a, b, k) for (a, b, _), k in zip(pairs, counts) if k))
                if connected(bridges):
                    found.add(bridges)
            return
        a, b, water = pairs[index]
        for k in (0, 1, 2):
            if k and (left[a] < k or left[b] < k or busy & water):
                break
            left[a] -= k
            left[b] -= k
            counts[index] = k
            if all(left[cell] == 0 for cell in closing[index]):
                search(index + 1, left, busy | water if k else busy)
            left[a] += k
            left[b] += k
        counts[index] = 0

    left = {cell: grid[cell[0]][cell[1]] for cell in islands}
    if any(left[cell] for cell in islands if cell not in last):
        return found  # an island with a count and no neighbour to bridge to
    search(0, left, frozenset())
    return found


def random_hashi_text(rng: random.Random) -> str:
    rows, cols = rng.randint(1, 5), rng.randint(2, 5)
    if rng.random() < 0.6 and max(rows, cols) >= 3:  # room for two islands apart
        instance = hashi_generation.generate(
            rows, cols, islands=rng.randint(2, min(9, rows * cols)), seed=rng.randrange(10**6))
        text = hashi.to_puz(instance)
    else:
        cells = [[str(rng.randint(1, 4)) if rng.random() < 0.35 else "." for _ in range(cols)]
                 for _ in range(rows)]
        text = "hashi {\n  grid {\n" + "".join(f"    {''.join(row)}\n" for row in cells) + \
            "  }\n}\n"
    if rng.random() < 0.5:
        text = text.replace("{\n", f"{{\n  connectivity: {rng.choice(['lazy', 'eager'])}\n", 1)
    return text


def test_hashi_against_brute_force():
    rng = random.Random(7003)
    tally = Tally("hashi")
    for _ in range(COUNTS["hashi"]):
        text = random_hashi_text(rng)
        try:
            instance = load_one(text)
        except InputError:
            lines = [line.split() if " " in line else list(line) for line in grid_lines(text)]
            grid = [[0 if v == "." else int(v) for v in row] for row in lines]
            assert not any(map(any, grid)) or hashi_solutions(grid) == set(), text
            tally.refused += 1
            continue
        tally.add(compare(instance, hashi_solutions(instance.grid)))
    tally.report()
    assert tally.unsolvable > 20 and tally.several > 10


# ---------------------------------------------------------------- crossword


Cell = tuple[int, int]


def crossword_cells(grid: list[list[str]]) -> tuple[dict[Cell, str], list[list[Cell]], list[Cell]]:
    """The letters each white cell allows, the maximal runs of two or more white cells (across,
    then down) and the free white cells, in no run."""
    height, width = len(grid), len(grid[0])
    allowed = {}
    for r, c in itertools.product(range(height), range(width)):
        token = grid[r][c]
        if token != "0":
            allowed[r, c] = "abcdefghijklmnopqrstuvwxyz" if token == "1" else token.strip("[]")
    runs = []
    for line in [[(r, c) for c in range(width)] for r in range(height)] + \
            [[(r, c) for r in range(height)] for c in range(width)]:
        run: list[tuple[int, int]] = []
        for cell in [*line, None]:
            if cell is not None and cell in allowed:
                run.append(cell)
                continue
            if len(run) >= 2:
                runs.append(run)
            run = []
    in_runs = {cell for run in runs for cell in run}
    return allowed, runs, [cell for cell in allowed if cell not in in_runs]


def crossword_fills(grid: list[list[str]], words: Iterable[str], distinct: bool) -> set:
    """Every fill: each run is a word, every letter is allowed by its cell, free cells take
    any letter they allow; with `distinct`, no word twice."""
    height, width = len(grid), len(grid[0])
    allowed, runs, free = crossword_cells(grid)
    words = sorted(set(words))
    letters: dict[tuple[int, int], str] = {}
    found = set()

    def search(index: int, used: list[str]) -> None:
        if index == len(runs):
            if distinct and len(set(used)) != len(used):
                return
            for choice in itertools.product(*(allowed[cell] for cell in free)):
                filled = dict(letters) | dict(zip(free, choice))
                found.add(tuple("".join(filled.get((r, c), "0") for c in range(width))
                                for r in range(height)))
            return
        run = runs[index]
        for word in words:
            if len(word) != len(run):
                continue
            if any(letter not in allowed[cell] or letters.get(cell, letter) != letter
                   for cell, letter in zip(run, word)):
                continue
            new = [cell for cell in run if cell not in letters]
            letters.update((cell, word[run.index(cell)]) for cell in new)
            search(index + 1, [*used, word])
            for cell in new:
                del letters[cell]

    search(0, [])
    return found


def random_crossword(rng: random.Random) -> tuple[list[list[str]], list[str], bool]:
    rows, cols = rng.randint(1, 3), rng.randint(2, 4)
    alphabet = "abc"[:rng.randint(2, 3)]
    grid = [[rng.choice(["1", "1", "1", "1", "0", "a", "[ab]", "[bc]"]) for _ in range(cols)]
            for _ in range(rows)]
    grid[0][0] = grid[0][1] = "1"  # at least one run
    words = ["".join(rng.choice(alphabet) for _ in range(rng.randint(2, 4)))
             for _ in range(rng.randint(1, 8))]
    allowed, _, free = crossword_cells(grid)
    if sum(len(allowed[cell]) == 26 for cell in free) > 1:  # 26 × 26 × ... fills: redraw
        return random_crossword(rng)
    return grid, words, rng.random() < 0.3


def test_crossword_against_brute_force_both_engines():
    rng = random.Random(7004)
    tally = Tally("crossword")
    for _ in range(COUNTS["crossword"]):
        grid, words, distinct = random_crossword(rng)
        text = (f"crossword {{\n  words: {' '.join(words)}\n"
                + ("  distinct: yes\n" if distinct else "")
                + "  grid {\n" + "".join(f"    {''.join(row)}\n" for row in grid) + "  }\n}\n")
        try:
            instance = load_one(text)
        except InputError:
            assert crossword_fills(grid, words, distinct) == set(), text
            tally.refused += 1
            continue
        expected = crossword_fills(grid, words, distinct)
        count = compare(instance, expected)  # the trie search
        assert compare(instance, expected, engine="sat") == count  # blocking clauses
        if not distinct:  # the seed's baseline has no `distinct` rule
            baseline = {tuple(rows) for rows in
                        crossword_trie.solutions(["".join(row) for row in grid], words)}
            assert baseline == expected
        tally.add(count)
    tally.report()
    assert tally.unsolvable > 20 and tally.several > 20


# ---------------------------------------------------------------- jigsaw


def turned(piece, quarter_turns: int) -> tuple:
    """Clockwise quarter turns: each turn brings the left label to the top."""
    for _ in range(quarter_turns % 4):
        piece = (piece[3], piece[0], piece[1], piece[2])
    return tuple(piece)


def frame(rows: int, cols: int) -> list[tuple[int, int]]:
    """The frame cells clockwise from the top-left corner (every cell when a side is ≤ 2)."""
    if rows == 1 or cols == 1:
        return [(r, c) for r in range(rows) for c in range(cols)]
    return [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)] + \
        [(rows - 1, c) for c in reversed(range(cols - 1))] + \
        [(r, 0) for r in reversed(range(1, rows - 1))]


class TooMany(Exception):
    """The brute force found more boards than asked for."""


def jigsaw_boards(instance: JigsawInstance, cap: int | None = None) -> set:
    """Every visible board (per cell the four labels it shows, None off the pieces' cells):
    cells filled in row-major order, by every unused piece (one of identical unused pieces;
    the fixed piece in position variants) in every allowed turn, each checked against the
    border and the cells above and to the left. TooMany past `cap` boards."""
    rows, cols, variant = instance.rows, instance.cols, instance.variant
    cells = frame(rows, cols) if variant.startswith("contour") else \
        [(r, c) for r in range(rows) for c in range(cols)]
    fixed = {cell: i for i, cell in enumerate(cells)} if variant.endswith("position") else None
    turns = (0,) if variant.endswith("orientation") else (0, 1, 2, 3)
    opposite, zero = instance.matching == "opposite", instance.border == "zero"

    def fits(a: int, b: int) -> bool:
        return a == -b != 0 if opposite else a == b and (a != 0 or not zero)

    shown: dict[tuple[int, int], tuple] = {}
    used = [False] * len(instance.pieces)
    found = set()

    def allowed(r: int, c: int, labels: tuple) -> bool:
        outside = (r == 0, c == cols - 1, r == rows - 1, c == 0)
        if zero and any(out and label != 0 for out, label in zip(outside, labels)):
            return False
        if (r - 1, c) in shown and not fits(labels[0], shown[r - 1, c][2]):
            return False
        return (r, c - 1) not in shown or fits(labels[3], shown[r, c - 1][1])

    order = sorted(cells)
    # each piece's distinct turned forms, worked out once
    forms = [{turned(piece, t) for t in turns} for piece in instance.pieces]

    def place(k: int) -> None:
        if k == len(order):
            found.add(tuple(tuple(shown.get((r, c)) for c in range(cols)) for r in range(rows)))
            if cap is not None and len(found) > cap:
                raise TooMany
            return
        r, c = order[k]
        options = [fixed[r, c]] if fixed is not None else range(len(instance.pieces))
        tried = set()
        for index in options:
            piece = instance.pieces[index]
            if used[index] or piece in tried:
                continue
            tried.add(piece)
            used[index] = True
            for labels in forms[index]:
                if allowed(r, c, labels):
                    shown[r, c] = labels
                    place(k + 1)
                    del shown[r, c]
            used[index] = False

    if len(instance.pieces) == len(cells):
        place(0)
    return found


def visible_board(instance: JigsawInstance, solution) -> tuple:
    """The labels each cell shows under a placement grid ((piece, turns) or None per cell)."""
    return tuple(tuple(None if p is None else turned(instance.pieces[p[0]], p[1]) for p in row)
                 for row in solution)


def random_jigsaw(rng: random.Random, variant: str, matching: str, border: str,
                  rows: int, cols: int, labels: int) -> JigsawInstance:
    """A generated (solvable) instance, or one of random pieces (mostly unsolvable)."""
    if rng.random() < 0.75:
        return jigsaw_generation.generate(rows, cols, labels=labels, variant=variant,
                                          matching=matching, border=border,
                                          seed=rng.randrange(10**6))
    cells = len(frame(rows, cols)) if variant.startswith("contour") else rows * cols
    values = [0] * 3 + list(range(-labels, labels + 1))
    pieces = tuple(tuple(rng.choice(values) for _ in range(4)) for _ in range(cells))
    return JigsawInstance(rows, cols, pieces, variant, matching, border)


MAX_BOARDS = 300  # more labels are drawn until the brute force finds at most this many


def test_jigsaw_against_brute_force_every_variant():
    rng = random.Random(7005)
    tally = Tally("jigsaw")
    combos = list(itertools.product(jigsaw.VARIANTS, jigsaw.MATCHINGS, jigsaw.BORDERS))
    sizes = [(2, 2), (2, 3), (3, 2), (3, 3)]
    for round_ in range(COUNTS["jigsaw"] // 24):  # 24 variant × matching × border
        for variant, matching, border in combos:
            rows, cols = sizes[(round_ + combos.index((variant, matching, border))) % 4]
            # few labels give many boards (and many fitting pieces): start low, add labels
            # until the boards are few enough to enumerate quickly
            labels = rng.randint(1, 3)
            while True:
                instance = random_jigsaw(rng, variant, matching, border, rows, cols, labels)
                try:
                    expected = jigsaw_boards(instance, MAX_BOARDS)
                    break
                except TooMany:
                    labels += 1

            tally.add(compare(instance, expected, lambda s, i=instance: visible_board(i, s)))
    tally.report()
    assert tally.unsolvable > 20 and tally.several > 20


# ---------------------------------------------------------------- partition, 1-in-3 SAT


def partition_splits(numbers: tuple[int, ...]) -> set:
    """Every split into two parts of equal sums, as the sorted indices of the part holding
    index 0."""
    found = set()
    for mask in range(1 << (len(numbers) - 1)):
        part = (0, *(i for i in range(1, len(numbers)) if mask >> (i - 1) & 1))
        if 2 * sum(numbers[i] for i in part) == sum(numbers):
            found.add(part)
    return found


def test_partition_against_brute_force():
    rng = random.Random(7006)
    tally = Tally("partition")
    for _ in range(COUNTS["partition"]):
        high = rng.choice([2, 3, 5, 10, 50, 1000])
        numbers = tuple(rng.randint(1, high) for _ in range(rng.randint(1, 10)))
        tally.add(compare(PartitionInstance(numbers), partition_splits(numbers)))
    tally.report()
    assert tally.unsolvable > 50 and tally.several > 50


def test_one_in_three_sat_against_brute_force():
    rng = random.Random(7007)
    tally = Tally("one-in-three-sat")
    for _ in range(COUNTS["one-in-three-sat"]):
        num_vars = rng.randint(1, 8)
        clauses = tuple(tuple(rng.choice((1, -1)) * rng.randint(1, num_vars)
                              for _ in range(rng.randint(1, 3)))
                        for _ in range(rng.randint(1, 10)))
        tally.add(compare(OneInThreeInstance(num_vars, clauses), one_in_three_brute_force(clauses)))
    tally.report()
    assert tally.unsolvable > 50 and tally.several > 50

