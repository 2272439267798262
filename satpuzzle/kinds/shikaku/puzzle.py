"""Shikaku: cover an R×C grid with rectangles, each holding exactly one clue equal to its area.

Instance → CNF: one variable rect(r, c, top, left, h, w) (0-based) per candidate rectangle of
the clue at (r, c): area equal to the clue, inside the grid, holding that clue and no other.
Clauses: exactly one candidate per clue, and every cell covered by at least one candidate.
That alone is complete (the areas sum to R·C, so covering R·C cells with rectangles of total
area R·C leaves no overlap), but the solver would have to rediscover that counting argument:
without an explicit overlap ban a generated 100×100 was not solved in 5 minutes. Overlaps are
banned through clue marks on rectangle borders (`_forbid_overlaps`), 2(h + w) clauses per
candidate rather than h·w; on a generated 100×100 (892 clues) that is 0.38 M clauses, solved in
about 1 s, against 1.6 M clauses and 2-6 s for a per-cell at-most-one over all candidates.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from satpuzzle.cnf import Formula, VarName
from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import error_at, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.solving import Job, LimitReached, ModelStream

KIND = "shikaku"
EMPTY = {".", "-", "0"}
# Drawing aids ignored in grids ("|", "+", "---+---"); a lone "-" is an empty cell instead.
DRAWING = re.compile(r"^[-+|=]+$")
CLUE = re.compile(r"^[0-9]+$")
MAX_CELLS = 1_000_000  # a grid above this is refused before any work is done

Clue = tuple[int, int, int]  # (row, column, area), 0-based


@dataclass(frozen=True)
class ShikakuInstance:
    """An R×C grid and its clues (row, column, area), 0-based, in row-major order."""

    rows: int
    cols: int
    clues: tuple[Clue, ...]
    title: str | None = None
    KIND = KIND


class Placement(NamedTuple):
    """The rectangle of one clue: `clue` is its (row, column), None when a hand-written
    solution's rectangle holds no clue. Everything 0-based."""

    clue: tuple[int, int] | None
    top: int
    left: int
    height: int
    width: int


Solution = tuple[Placement, ...]  # sorted by clue
Rect = tuple[int, int, int, int]  # (top, left, height, width)


# ---------------------------------------------------------------- reading


def _cell_area(token: Token, cells: int) -> int:
    """The clue of one cell token (0 for an empty cell)."""
    text = token.text
    if text in EMPTY:
        return 0
    if not CLUE.match(text):
        raise token.error(f"expected a clue (a positive area) or '.', '-' or '0' for an empty "
                          f"cell, found {text!r}")
    area = int(text)
    if area > cells:
        raise token.error(f"clue {text} out of range: the grid has only {cells} cells")
    return area


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   title: str | None = None) -> ShikakuInstance:
    """An instance from grid lines of whitespace-separated cells, checking that it can be
    solved at all (areas summing to the grid size, every clue and cell coverable)."""
    lines = [cells for cells in ([t for t in row if t.text == "-" or not DRAWING.match(t.text)]
                                 for row in rows) if cells]
    if not lines:
        raise error_at(where, "empty grid: expected lines of cells ('.' empty, a number a clue)",
                       1, 1)
    width = len(lines[0])
    for cells in lines:
        if len(cells) != width:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {width} "
                                 "(as the first line)")
    if len(lines) * width > MAX_CELLS:
        raise error_at(where, f"grid of {len(lines)}×{width} cells is too large "
                              f"(at most {MAX_CELLS} cells)", 1, 1)
    cells = len(lines) * width
    clues = tuple((r, c, area) for r, line in enumerate(lines)
                  for c, token in enumerate(line) if (area := _cell_area(token, cells)))
    instance = ShikakuInstance(len(lines), width, clues, title)
    problem = impossibility(instance)
    if problem is not None:
        message, cell = problem
        raise lines[cell[0]][cell[1]].error(message) if cell else error_at(where, message, 1, 1)
    return instance



def impossibility(instance: ShikakuInstance) -> tuple[str, tuple[int, int] | None] | None:
    """Why the puzzle obviously has no solution, and at which cell (None: the whole grid);
    None when no such reason is found."""
    total = sum(area for _, _, area in instance.clues)
    cells = instance.rows * instance.cols
    if total != cells:
        message = (f"clue areas sum to {total} but the {instance.rows}×{instance.cols} grid "
                   f"has {cells} cells: no cover exists")
        return message, None
    options = candidates(instance)
    for (r, c, area), rects in zip(instance.clues, options):
        if not rects:
            message = (f"clue {area} at row {r + 1}, column {c + 1} has no rectangle: none "
                       "of that area fits in the grid around it without another clue")
            return message, (r, c)
    covered = _coverable(instance, options)
    for r, row in enumerate(covered):
        for c, flag in enumerate(row):
            if not flag:
                message = (f"cell row {r + 1}, column {c + 1} lies in no possible rectangle "
                           "of any clue")
                return message, (r, c)
    return None


def _coverable(instance: ShikakuInstance, options: Sequence[Sequence[Rect]]) -> list[list[bool]]:
    """Which cells some candidate covers: +1/-1 at the four corners of each candidate, then
    2-D prefix sums give every cell's number of candidates (O(candidates + cells))."""
    rows, cols = instance.rows, instance.cols
    corners = [[0] * (cols + 1) for _ in range(rows + 1)]
    for rects in options:
        for top, left, height, width in rects:
            upper, lower = corners[top], corners[top + height]
            upper[left] += 1
            upper[left + width] -= 1
            lower[left] -= 1
            lower[left + width] += 1
    covered = []
    above = [0] * (cols + 1)
    for r in range(rows):
        running, line, row = 0, corners[r], [0] * (cols + 1)
        for c in range(cols):
            running += line[c]
            row[c] = running + above[c]
        above = row
        covered.append([count > 0 for count in row[:cols]])
    return covered


def from_spec(spec: PuzzleSpec) -> ShikakuInstance:
    """The instance of a `shikaku { grid { ... } }` puzzle."""
    spec.check_names({"grid"}, {"grid"})
    rows = spec.rows("grid")
    if rows is None:
        raise spec.error("shikaku needs a grid: 'grid {' then lines of cells, then '}'")
    where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
    return grid_from_rows(rows, where, spec.title)


def fit(text: str) -> int:
    """How well a native text fits Shikaku: at least two lines of one length (at least two
    cells each), every cell `.`, `-`, `0` or a number, and the clues summing to the number of
    cells — the defining Shikaku invariant, which other grids meet only by chance (likely);
    the shape alone is possible."""
    rows = [line.split() for line in "\n".join(text.splitlines()[:1000]).splitlines()]
    rows = [row for row in rows if row and not row[0].startswith("#")]
    if len(rows) < 2 or len(rows[0]) < 2 or any(len(row) != len(rows[0]) for row in rows):
        return Fit.NO
    if any(cell not in EMPTY and not CLUE.match(cell) for row in rows for cell in row):
        return Fit.NO
    values = [[0 if cell in EMPTY else int(cell) for cell in row] for row in rows]
    if sum(map(sum, values)) == len(rows) * len(rows[0]):
        return Fit.LIKELY
    # a grid of clues only covers itself only with every clue 1
    return Fit.POSSIBLE if any(cell in EMPTY for row in rows for cell in row) else Fit.NO

def read_native(text: str, path: str, options: dict) -> tuple[list[ShikakuInstance], bool]:
    """A plain grid: lines of whitespace-separated cells, `.`, `-` or `0` empty, a positive
    number a clue."""
    rows = tokenize_rows(text, path)
    if not rows:
        raise InputError("empty file, expected a Shikaku grid", path, 1, 1)
    return [grid_from_rows(rows, rows[0][0])], False


def parse_solutions(instance: ShikakuInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: grids of letters (one letter per rectangle,
    separated by blanks or run together) or grids drawn with box borders, separated by blank lines. A line holding only a verdict
    word (`unique`, `multiple`) is skipped."""
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
        elif not line.lstrip().startswith("#") and line.strip() not in _VERDICTS:
            blocks[-1].append((number, line.rstrip()))
    blocks = [block for block in blocks if block]
    if not blocks:
        raise InputError("empty solution file, expected a grid of letters", path, 1, 1)
    return [_parse_block(instance, block, path) for block in blocks]


_VERDICTS = {"unique", "multiple", "none", "unknown"}


def _parse_block(instance: ShikakuInstance, block: list[tuple[int, str]],
                 path: str) -> Solution:
    if any(ch in _BOX_CHARS for _, line in block for ch in line):
        regions = _regions_from_borders(instance, block, path)
    else:
        regions = _regions_from_letters(instance, block, path)
    return _placements(instance, regions)


def _regions_from_letters(instance: ShikakuInstance, block: list[tuple[int, str]],
                          path: str) -> dict[object, list[tuple[int, int]]]:
    if len(block) != instance.rows:
        raise InputError(f"solution grid has {len(block)} line(s), expected {instance.rows}",
                         path, block[0][0], 1)
    regions: dict[object, list[tuple[int, int]]] = {}
    for r, (number, line) in enumerate(block):
        cells = line.split()
        if len(cells) == 1 and len(cells[0]) == instance.cols:
            cells = list(cells[0])  # a compact row of letters, `AABBC`
        if len(cells) != instance.cols:
            raise InputError(f"line has {len(cells)} cell(s), expected {instance.cols}",
                             path, number, 1)
        for c, cell in enumerate(cells):
            regions.setdefault(cell, []).append((r, c))
    return regions


# Box-drawing output: cell (r, c) is at line 2r + 1, column 2c + 1 of its block; the character
# between two cells is a border ("│" or "─") or a blank when they share a rectangle.
_BOX_CHARS = set("┌┐└┘├┤┬┴┼│─╴╵╶╷")


def _regions_from_borders(instance: ShikakuInstance, block: list[tuple[int, str]],
                          path: str) -> dict[object, list[tuple[int, int]]]:
    rows, cols = instance.rows, instance.cols
    if len(block) != 2 * rows + 1:
        raise InputError(f"drawn solution has {len(block)} line(s), expected {2 * rows + 1} "
                         f"for {rows} rows", path, block[0][0], 1)
    lines = [line.ljust(2 * cols + 1) for _, line in block]
    for (number, _), line in zip(block, lines):
        if len(line) != 2 * cols + 1:
            raise InputError(f"drawn line has {len(line)} characters, expected "
                             f"{2 * cols + 1} for {cols} columns", path, number, 1)
    # Union-find over cells joined wherever no border separates them.
    sets = DisjointSets(range(rows * cols))
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and lines[2 * r + 1][2 * c + 2] == " ":
                sets.union(r * cols + c, r * cols + c + 1)
            if r + 1 < rows and lines[2 * r + 2][2 * c + 1] == " ":
                sets.union(r * cols + c, (r + 1) * cols + c)
    return {root: [divmod(cell, cols) for cell in cells]
            for root, cells in sets.groups().items()}


def _placements(instance: ShikakuInstance,
                regions: dict[object, list[tuple[int, int]]]) -> Solution:
    """Each region as the rectangle it spans; a region that is no rectangle is reported as
    its bounding box, which then overlaps others, so the checker rejects it."""
    clue_at = {(r, c): (r, c) for r, c, _ in instance.clues}
    placements = []
    for cells in regions.values():
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        height = max(r for r, _ in cells) - top + 1
        width = max(c for _, c in cells) - left + 1
        inside = sorted(clue_at[cell] for cell in cells if cell in clue_at)
        placements.append(Placement(inside[0] if inside else None, top, left, height, width))
    return _sorted(placements)


def _sorted(placements: Iterable[Placement]) -> Solution:
    return tuple(sorted(placements, key=lambda p: (p.clue is None, p.clue or (0, 0), p[1:])))


def from_json(instance: ShikakuInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: a list of {"clue": [r, c], "top", "left", "height",
    "width"} (0-based), as `render_json` writes it."""
    shape = ('a Shikaku solution in JSON is a list of {"clue": [row, column], "top": T, '
             '"left": L, "height": H, "width": W} (0-based integers)')
    if not isinstance(data, list):
        raise InputError(shape, path)
    placements = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"clue", "top", "left", "height", "width"}:
            raise InputError(shape, path)
        clue = item["clue"]
        numbers = [item[key] for key in ("top", "left", "height", "width")]
        if not ((clue is None or isinstance(clue, list) and len(clue) == 2
                 and all(map(_is_int, clue))) and all(map(_is_int, numbers))):
            raise InputError(shape, path)
        placements.append(Placement(None if clue is None else (clue[0], clue[1]), *numbers))
    return _sorted(placements)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- candidates


def _clue_prefix_sums(instance: ShikakuInstance) -> list[list[int]]:
    """sums[r][c] = number of clues in rows < r and columns < c."""
    width = instance.cols + 1
    grid = [[0] * width for _ in range(instance.rows + 1)]
    for r, c, _ in instance.clues:
        grid[r + 1][c + 1] = 1
    for r in range(1, instance.rows + 1):
        row, above = grid[r], grid[r - 1]
        running = 0
        for c in range(1, width):
            running += row[c]
            row[c] = running + above[c]
    return grid


@lru_cache(maxsize=8)
def candidates(instance: ShikakuInstance) -> tuple[tuple[Rect, ...], ...]:
    """Per clue, every rectangle of its area inside the grid that holds it and no other clue
    (counted in O(1) per rectangle with prefix sums). Cached: loading checks them, encoding
    uses them."""
    sums = _clue_prefix_sums(instance)
    rows, cols = instance.rows, instance.cols
    found = []
    for r, c, area in instance.clues:
        rects = []
        for height in range(1, min(area, rows) + 1):
            width, rest = divmod(area, height)
            if rest or width > cols:
                continue
            for top in range(max(0, r - height + 1), min(r, rows - height) + 1):
                upper, lower = sums[top], sums[top + height]
                for left in range(max(0, c - width + 1), min(c, cols - width) + 1):
                    right = left + width
                    if lower[right] - upper[right] - lower[left] + upper[left] == 1:
                        rects.append((top, left, height, width))
        found.append(tuple(rects))
    return tuple(found)


# ---------------------------------------------------------------- encoding


def encode(instance: ShikakuInstance) -> Formula:
    """The CNF of one puzzle (see the module docstring), with overlaps excluded through owner
    marks on rectangle borders (`_forbid_overlaps`)."""
    formula = Formula(KIND)
    formula.one_hot = True  # exactly one rect variable per clue is true
    options = candidates(instance)
    cols = instance.cols
    formula.summary = [f"size: {instance.rows}x{cols}, clues: {len(instance.clues)}",
                       f"candidate rectangles: {sum(map(len, options))}"]
    cover: list[list[int]] = [[] for _ in range(instance.rows * cols)]
    # per cell, per clue having a candidate with that cell on its border: those candidates
    borders: list[list[list[int]]] = [[] for _ in range(instance.rows * cols)]
    for (r, c, _), rects in zip(instance.clues, options):
        lits = []
        mine: dict[int, list[int]] = {}
        for top, left, height, width in rects:
            rect = formula.var("rect", r, c, top, left, height, width)
            lits.append(rect)
            for row in range(top, top + height):
                start = row * cols + left
                for cell in range(start, start + width):
                    cover[cell].append(rect)
            for cell in _border(top, left, height, width, cols):
                mine.setdefault(cell, []).append(rect)
        for cell, rects_here in mine.items():
            borders[cell].append(rects_here)
        formula.exactly_one(lits)
    clue_cells = {r * cols + c for r, c, _ in instance.clues}
    # Every cell covered; a clue's own cell is already covered by its exactly-one.
    formula.clauses += [lits for cell, lits in enumerate(cover) if cell not in clue_cells]
    _forbid_overlaps(formula, borders)
    formula.check_budget()
    return formula


def _forbid_overlaps(formula: Formula, borders: list[list[list[int]]]) -> None:
    """Two candidates of different clues never contain one another (each holds one clue), so
    when they overlap, some corner of their intersection lies on the border of both (the four
    sides of the intersection cannot all come from one of them). Hence marking the border cells
    of each candidate with its clue, and allowing one clue's mark per cell, excludes every
    overlap, and unit propagation sees it as soon as a rectangle is chosen. Borders cost
    2(h + w) clauses per candidate instead of h·w for full ownership marks: on a generated
    100×100, half the clauses, and faster overall."""
    clauses = formula.clauses
    for cell, owners in enumerate(borders):
        if len(owners) < 2:
            continue
        if not cell & 0xFF:
            formula.check_budget()
        marks = []
        for rects in owners:
            if len(rects) == 1:
                marks.append(rects[0])  # a lone candidate is its own mark
                continue
            mark = formula.pool.id(("mark", cell, rects[0]))
            clauses += [[-rect, mark] for rect in rects]
            marks.append(mark)
        clauses += [[-a, -b] for i, a in enumerate(marks) for b in marks[i + 1:]]


def _border(top: int, left: int, height: int, width: int, cols: int) -> list[int]:
    """The cells (as row * cols + column) on the border of a rectangle."""
    first = top * cols + left
    cells = list(range(first, first + width))
    if height > 1:
        last = (top + height - 1) * cols + left
        cells += range(last, last + width)
        cells += range(first + cols, last, cols)
        if width > 1:
            cells += range(first + cols + width - 1, last, cols)
    return cells


# ---------------------------------------------------------------- generator


def generate(rows: int, cols: int, *, depth: int, merge_iters: int, merge_prob: float,
             seed: int, unique: bool = False) -> ShikakuInstance:
    """A random puzzle by the seed's method: cut the grid recursively (`depth` levels, the
    longer side more likely to be cut), merge contiguous rectangles (`merge_iters` rounds, each
    pair merged with probability `merge_prob`), put each rectangle's area on a random cell of
    it. With `unique`, clues are then moved and rectangles split until the solver proves the
    solution unique (see `_make_unique`). The same arguments always give the same puzzle."""
    if rows < 1 or cols < 1 or rows * cols > MAX_CELLS:
        raise InputError(f"cannot generate a {rows}×{cols} grid: 1..{MAX_CELLS} cells")
    if depth < 0 or merge_iters < 0 or not 0 <= merge_prob <= 1:
        raise InputError("generator parameters: depth ≥ 0, merge iterations ≥ 0, "
                         "merge probability in [0, 1]")
    rng = random.Random(seed)
    rects = _merge(rng, _cut(rng, rows, cols, depth), merge_iters, merge_prob)
    clues = {rect: (rng.randrange(rect[0], rect[0] + rect[2]),
                    rng.randrange(rect[1], rect[1] + rect[3])) for rect in rects}
    if unique:
        clues = _make_unique(rng, rows, cols, clues)
    return _instance(rows, cols, clues)


def _instance(rows: int, cols: int, clues: dict[Rect, tuple[int, int]]) -> ShikakuInstance:
    return ShikakuInstance(rows, cols, tuple(sorted(
        (r, c, rect[2] * rect[3]) for rect, (r, c) in clues.items())))


def _cut(rng: random.Random, rows: int, cols: int, depth: int) -> list[Rect]:
    """Recursive cuts, `depth` levels deep (fewer where a piece is a single cell). The cut
    position is drawn in the middle 40% of the side, so that the pieces of one level have
    comparable areas and depth d gives about 2^d rectangles (the seed leaves it open; uniform
    positions give a few huge rectangles among many single cells)."""
    done: list[Rect] = []
    stack = [((0, 0, rows, cols), depth)]
    while stack:
        (top, left, height, width), level = stack.pop()
        if level == 0 or height * width == 1:
            done.append((top, left, height, width))
            continue
        across = rng.random() < (height - 1) / (height + width - 2)  # a cut across the rows
        side = height if across else width
        at = max(1, min(side - 1, round(side * rng.uniform(0.3, 0.7))))
        if across:
            halves = [(top, left, at, width), (top + at, left, height - at, width)]
        else:
            halves = [(top, left, height, at), (top, left + at, height, width - at)]
        stack += [(half, level - 1) for half in reversed(halves)]
    return done


def _merge(rng: random.Random, rects: list[Rect], rounds: int, probability: float) -> list[Rect]:
    """Up to `rounds` passes; in each, every pair of rectangles sharing a whole side (their
    union a rectangle) is merged with `probability`, each rectangle merging at most once per
    pass. This reaches layouts that cuts alone cannot make (the seed's Figure 5)."""
    alive = set(rects)
    for _ in range(rounds):
        by_corner = {(t, l): (t, l, h, w) for t, l, h, w in alive}  # top-left corners
        merged: set[Rect] = set()
        order = sorted(alive)
        rng.shuffle(order)
        for rect in order:
            if rect in merged:
                continue
            top, left, height, width = rect
            right = by_corner.get((top, left + width))
            below = by_corner.get((top + height, left))
            partners = [other for other in (right, below) if other is not None
                        and other not in merged and _joinable(rect, other)]
            if not partners or rng.random() >= probability:
                continue
            other = rng.choice(partners)
            union = (top, left, height + (other[2] if other is below else 0),
                     width + (other[3] if other is right else 0))
            alive -= {rect, other}
            alive.add(union)
            merged |= {rect, other, union}
            by_corner[(top, left)] = union
            del by_corner[(other[0], other[1])]
    return sorted(alive)


def _joinable(rect: Rect, other: Rect) -> bool:
    """Whether `other`, right of or below `rect`, shares a whole side with it."""
    top, left, height, width = rect
    if other[0] == top and other[1] == left + width:
        return other[2] == height
    return other[1] == left and other[0] == top + height and other[3] == width


def _make_unique(rng: random.Random, rows: int, cols: int,
                 clues: dict[Rect, tuple[int, int]]) -> dict[Rect, tuple[int, int]]:
    """Change the puzzle until its intended cover (`clues`' rectangles) is its only solution.
    Each round asks the solver for another solution; where it differs, one clue per connected
    difference is moved inside its own rectangle to a cell the other solution's rectangle for
    it misses (that solution is then gone, the intended one kept). A rectangle whose clue was
    already moved twice is split in two instead: splits only add rectangles, at most one per
    cell, so the loop ends, in the worst case with all single cells, which are unique."""
    clues = dict(clues)
    moves: dict[Rect, int] = {}
    while True:
        other = _other_solution(rows, cols, clues)
        if other is None:
            return clues
        for rect in _one_per_difference(clues, other):
            outside = [(r, c) for r in range(rect[0], rect[0] + rect[2])
                       for c in range(rect[1], rect[1] + rect[3])
                       if not _inside((r, c), other[clues[rect]])]
            if moves.get(rect, 0) < 2 and outside:
                moves[rect] = moves.get(rect, 0) + 1
                clues[rect] = rng.choice(outside)
            else:
                del clues[rect]
                for half in _split(rng, rect):
                    clues[half] = (rng.randrange(half[0], half[0] + half[2]),
                                   rng.randrange(half[1], half[1] + half[3]))


def _inside(cell: tuple[int, int], rect: Rect) -> bool:
    return 0 <= cell[0] - rect[0] < rect[2] and 0 <= cell[1] - rect[1] < rect[3]


def _split(rng: random.Random, rect: Rect) -> list[Rect]:
    top, left, height, width = rect
    if height >= width:
        at = rng.randint(1, height - 1)
        return [(top, left, at, width), (top + at, left, height - at, width)]
    at = rng.randint(1, width - 1)
    return [(top, left, height, at), (top, left + at, height, width - at)]


def _other_solution(rows: int, cols: int, clues: dict[Rect, tuple[int, int]],
                    ) -> dict[tuple[int, int], Rect] | None:
    """A solution other than the intended one (clue cell → rectangle), or None when the
    intended one is unique: one solver call with the intended solution blocked."""
    instance = _instance(rows, cols, clues)
    formula = encode(instance)
    formula.add([-formula.var("rect", r, c, *rect) for rect, (r, c) in clues.items()])
    stream = ModelStream(formula)
    try:
        for true_vars in stream.models(Job(limit=1)):
            return {(p.clue[0], p.clue[1]): (p.top, p.left, p.height, p.width)
                    for p in decode(instance, [formula.names[v] for v in true_vars])}
    except LimitReached:
        pass
    finally:
        stream.close()
    return None


def _one_per_difference(clues: dict[Rect, tuple[int, int]],
                        other: dict[tuple[int, int], Rect]) -> list[Rect]:
    """Intended rectangles that the other solution changes, one per connected group (groups
    of changed rectangles overlapping each other's replacements are independent ambiguities,
    all fixed in the same round)."""
    changed = [rect for rect, cell in clues.items() if other[cell] != rect]
    groups = DisjointSets(changed)
    for rect in changed:
        for neighbour in changed:
            if neighbour != rect and _overlap(other[clues[rect]], neighbour):
                groups.union(rect, neighbour)
    return [members[0] for members in groups.groups().values()]


def _overlap(a: Rect, b: Rect) -> bool:
    return (a[0] < b[0] + b[2] and b[0] < a[0] + a[2]
            and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])


def decode(instance: ShikakuInstance, true_names: Iterable[VarName]) -> Solution:
    """The rectangle of each clue, from the true rect variables."""
    placements = [Placement((name[1], name[2]), *name[3:7]) for name in true_names
                  if name[0] == "rect"]
    return _sorted(placements)


# ---------------------------------------------------------------- output

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_text(instance: ShikakuInstance, solution: Solution) -> str:
    """Each cell labelled by the letter of its rectangle (rectangles in clue order). With more
    rectangles than letters, letters repeat and the rectangles are drawn with box borders."""
    owner = _owners(instance, solution)
    if len(solution) <= len(LETTERS):
        return "\n".join(" ".join(LETTERS[k] for k in row) for row in owner)
    return _draw(owner, _colouring(instance, solution, owner))


def _owners(instance: ShikakuInstance, solution: Solution) -> list[list[int]]:
    """The index in `solution` of the rectangle covering each cell."""
    owner = [[0] * instance.cols for _ in range(instance.rows)]
    for k, placement in enumerate(solution):
        for r in range(placement.top, placement.top + placement.height):
            owner[r][placement.left:placement.left + placement.width] = [k] * placement.width
    return owner


def _colouring(instance: ShikakuInstance, solution: Solution,
               owner: list[list[int]]) -> list[str]:
    """A letter per rectangle, greedily different from its neighbours' where possible."""
    neighbours: list[set[int]] = [set() for _ in solution]
    for r in range(instance.rows):
        for c in range(instance.cols):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < instance.rows and c2 < instance.cols and owner[r][c] != owner[r2][c2]:
                    neighbours[owner[r][c]].add(owner[r2][c2])
                    neighbours[owner[r2][c2]].add(owner[r][c])
    letters: list[str] = []
    for k in range(len(solution)):
        taken = {letters[n] for n in neighbours[k] if n < k}
        letters.append(next((ch for ch in LETTERS if ch not in taken), LETTERS[k % 52]))
    return letters


# Junction characters by the borders they join: (up, down, left, right).
_JUNCTIONS = {
    (0, 0, 0, 0): " ", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘", (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}


def _draw(owner: list[list[int]], letters: list[str]) -> str:
    """Cell (r, c) at line 2r + 1, column 2c + 1; borders between different rectangles."""
    rows, cols = len(owner), len(owner[0])

    def at(r: int, c: int) -> int:
        return owner[r][c] if 0 <= r < rows and 0 <= c < cols else -1

    def vertical(r: int, c: int) -> bool:  # a border left of cell (r, c)
        return 0 <= r < rows and at(r, c - 1) != at(r, c)

    def horizontal(r: int, c: int) -> bool:  # a border above cell (r, c)
        return 0 <= c < cols and at(r - 1, c) != at(r, c)

    lines = []
    for r in range(rows + 1):
        line = []
        for c in range(cols + 1):
            arms = (vertical(r - 1, c), vertical(r, c), horizontal(r, c - 1), horizontal(r, c))
            line.append(_JUNCTIONS[tuple(map(int, arms))])
            if c < cols:
                line.append("─" if horizontal(r, c) else " ")
        lines.append("".join(line))
        if r < rows:
            cells = []
            for c in range(cols + 1):
                cells.append("│" if vertical(r, c) else " ")
                if c < cols:
                    cells.append(letters[owner[r][c]])
            lines.append("".join(cells))
    return "\n".join(lines)


def render_json(instance: ShikakuInstance, solution: Solution) -> list[dict[str, object]]:
    return [{"clue": list(p.clue) if p.clue is not None else None, "top": p.top,
             "left": p.left, "height": p.height, "width": p.width} for p in solution]


def to_plain(instance: ShikakuInstance) -> str:
    """The native plain grid: numbers right-aligned, `.` for empty cells."""
    grid = [["."] * instance.cols for _ in range(instance.rows)]
    for r, c, area in instance.clues:
        grid[r][c] = str(area)
    width = max((len(cell) for row in grid for cell in row), default=1)
    return "\n".join(" ".join(cell.rjust(width) for cell in row) for row in grid) + "\n"


def to_puz(instance: ShikakuInstance) -> str:
    """The instance in the .puz language."""
    title = f' "{instance.title}"' if instance.title else ""
    body = "".join(f"    {line}\n" for line in to_plain(instance).splitlines())
    return f"shikaku{title} {{\n  grid {{\n{body}  }}\n}}\n"


# ---------------------------------------------------------------- forced cells


def forced_text(instance: ShikakuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: per clue (1-based cells), its forced rectangle as
    `clue r2c3 (6) = r2c1-r3c3 (2x3)`, or `clue r2c3 (6) open` with how many of its candidate
    rectangles are ruled out."""
    chosen: dict[tuple[int, int], tuple[int, ...]] = {}
    ruled_out: dict[tuple[int, int], int] = {}
    for name, value in forced.items():
        if name[0] != "rect":
            continue
        clue = (name[1], name[2])
        if value:
            chosen[clue] = name[3:7]  # type: ignore[assignment]
        else:
            ruled_out[clue] = ruled_out.get(clue, 0) + 1
    lines = []
    for r, c, area in instance.clues:
        label = f"clue r{r + 1}c{c + 1} ({area})"
        if (r, c) in chosen:
            top, left, height, width = chosen[(r, c)]
            lines.append(f"{label} = r{top + 1}c{left + 1}-r{top + height}c{left + width} "
                         f"({height}x{width})")
        else:
            count = ruled_out.get((r, c), 0)
            lines.append(f"{label} open" + (f", {count} rectangle(s) ruled out" if count else ""))
    return lines
