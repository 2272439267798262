"""Shikaku solutions as text (each cell the letter of its rectangle, or the rectangles drawn
with box borders) and JSON, and read back from both (`satpuzzle check`)."""

from __future__ import annotations

import numpy as np

from satpuzzle.disjoint import DisjointSets
from satpuzzle.errors import InputError
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.shikaku.decoding import shared_tables
from satpuzzle.kinds.shikaku.puzzle import Placement, ShikakuInstance, Solution, sorted_placements


def parse_solutions(instance: ShikakuInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: grids of letters (one letter per rectangle,
    separated by blanks or run together) or grids drawn with box borders, separated by blank
    lines. A line holding only a verdict word (`unique`, `multiple`) is skipped."""
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
    return sorted_placements(placements)


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
    return sorted_placements(placements)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- output

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def render_text(instance: ShikakuInstance, solution: Solution) -> str:
    """Each cell labelled by the letter of its rectangle (rectangles in clue order). With more
    rectangles than letters, letters repeat and the rectangles are drawn with box borders."""
    if len(solution) <= len(LETTERS):
        tables = shared_tables(instance)
        known = tables.spots
        text = tables.blank.copy()
        for letter, placement in zip(_CODES, solution):
            try:
                spots = known.get(placement) or tables.spots_of(placement)
            except TypeError:  # a clue given as a list
                spots = None
            if spots is None:  # not a rectangle inside the grid: numpy's slices say where
                owner = _owners(instance, solution)
                return "\n".join(" ".join(LETTERS[k] for k in row) for row in owner.tolist())
            for spot in spots:
                text[spot] = letter
        return text.decode("ascii")
    owner = _owners(instance, solution)
    return _draw(owner, _colouring(owner, len(solution)))


_CODES = LETTERS.encode("ascii")


def _owners(instance: ShikakuInstance, solution: Solution) -> np.ndarray:
    """The index in `solution` of the rectangle covering each cell."""
    owner = np.zeros((instance.rows, instance.cols), dtype=np.int64)
    for k, placement in enumerate(solution):
        owner[placement.top:placement.top + placement.height,
              placement.left:placement.left + placement.width] = k
    return owner


def _colouring(owner: np.ndarray, count: int) -> list[str]:
    """A letter per rectangle, greedily different from its neighbours' where possible."""
    pairs = np.concatenate([np.stack([owner[:, :-1].ravel(), owner[:, 1:].ravel()], axis=1),
                            np.stack([owner[:-1, :].ravel(), owner[1:, :].ravel()], axis=1)])
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    pairs = np.unique(np.concatenate([pairs, pairs[:, ::-1]]), axis=0)
    earlier: list[list[int]] = [[] for _ in range(count)]  # neighbours of lower index
    for k, n in pairs[pairs[:, 1] < pairs[:, 0]].tolist():
        earlier[k].append(n)
    letters: list[str] = []
    for k in range(count):
        taken = {letters[n] for n in earlier[k]}
        letters.append(next((ch for ch in LETTERS if ch not in taken), LETTERS[k % 52]))
    return letters


# Junction characters by the borders they join, indexed by up·8 + down·4 + left·2 + right.
_JUNCTIONS = np.array(list(" ╶╴─╷┌┐┬╵└┘┴│├┤┼"))


def _draw(owner: np.ndarray, letters: list[str]) -> str:
    """Cell (r, c) at line 2r + 1, column 2c + 1; borders between different rectangles."""
    rows, cols = owner.shape
    grid = np.pad(owner, 1, constant_values=-1)
    vertical = grid[1:-1, :-1] != grid[1:-1, 1:]  # a border left of cell (r, c), c ≤ cols
    horizontal = grid[:-1, 1:-1] != grid[1:, 1:-1]  # a border above cell (r, c), r ≤ rows
    code = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    code[1:, :] += 8 * vertical  # up
    code[:-1, :] += 4 * vertical  # down
    code[:, 1:] += 2 * horizontal  # left
    code[:, :-1] += horizontal  # right
    chars = np.full((2 * rows + 1, 2 * cols + 1), " ", dtype="<U1")
    chars[0::2, 0::2] = _JUNCTIONS[code]
    chars[0::2, 1::2] = np.where(horizontal, "─", " ")
    chars[1::2, 0::2] = np.where(vertical, "│", " ")
    chars[1::2, 1::2] = np.array(letters)[owner]
    return "\n".join(chars.view(f"<U{2 * cols + 1}").ravel().tolist())


def render_json(instance: ShikakuInstance, solution: Solution) -> list[dict[str, JSONOut]]:
    return [{"clue": list(p.clue) if p.clue is not None else None, "top": p.top,
             "left": p.left, "height": p.height, "width": p.width} for p in solution]
