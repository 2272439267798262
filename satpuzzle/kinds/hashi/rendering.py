"""Hashi solutions as text (the grid with its bridges drawn) and JSON, and read back from
both (`satpuzzle check`)."""

from __future__ import annotations

from satpuzzle.errors import InputError
from satpuzzle.kinds.hashi.geometry import board
from satpuzzle.kinds.hashi.puzzle import Bridge, Cell, HashiInstance, Solution, drawn_cell

# 3 and 4 bridges (the variants only) have no ASCII look-alike: ≡ ≣ across, ┆ ┊ down (the
# dashes count the bridges)
HORIZONTAL = {1: "-", 2: "=", 3: "≡", 4: "≣"}
VERTICAL = {1: "|", 2: '"', 3: "┆", 4: "┊"}
_VERDICTS = {"unique", "multiple", "none", "unknown"}


def _drawing(instance: HashiInstance, solution: Solution) -> list[list[str]]:
    """Cells at even rows and columns, the gaps between them at odd ones, so that a bridge
    between neighbouring islands (length zero) shows too: `2=3` on one line, `|` between
    lines."""
    canvas = [[" "] * (2 * instance.width - 1) for _ in range(2 * instance.height - 1)]
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            canvas[2 * r][2 * c] = drawn_cell(value)
    for (r1, c1), (r2, c2), count in solution:
        if r1 == r2:
            for x in range(2 * c1 + 1, 2 * c2):
                canvas[2 * r1][x] = HORIZONTAL[count]
        else:
            for y in range(2 * r1 + 1, 2 * r2):
                canvas[y][2 * c1] = VERTICAL[count]
    return canvas


def render_text(instance: HashiInstance, solution: Solution) -> str:
    """The grid with its bridges: 2R-1 lines of 2C-1 characters, islands as digits (10..16
    as A..G), water `.`, bridges `-` `=` `≡` `≣` across and `|` `"` `┆` `┊` down (1..4 of
    them, drawn over the water they span)."""
    return "\n".join("".join(line).rstrip() for line in _drawing(instance, solution))


def render_json(instance: HashiInstance, solution: Solution) -> list[dict]:
    """Each bridge as {"from": [r, c], "to": [r, c], "count": 1..max_bridges}, 0-based."""
    return [{"from": list(a), "to": list(b), "count": count} for a, b, count in solution]


def from_json(instance: HashiInstance, data: object, path: str) -> Solution:
    """A solution given as render_json writes it; whether it obeys the rules is the checker's
    business."""
    shape = ('a Hashi solution in JSON is a list of {"from": [r, c], "to": [r, c], '
             '"count": a number of bridges}')
    if not isinstance(data, list):
        raise InputError(shape, path)
    bridges = []
    for item in data:
        if not (isinstance(item, dict) and set(item) == {"from", "to", "count"}
                and all(_is_cell(item[end]) for end in ("from", "to"))
                and isinstance(item["count"], int) and not isinstance(item["count"], bool)):
            raise InputError(shape, path)
        first, second = sorted((tuple(item["from"]), tuple(item["to"])))
        bridges.append((first, second, item["count"]))
    return tuple(sorted(bridges))


def _is_cell(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def parse_solutions(instance: HashiInstance, text: str, path: str) -> list[Solution]:
    """Drawings as render_text writes them, one after another; blank lines, `#` lines and a
    --unique verdict line between them are skipped."""
    lines = text.splitlines()
    height = 2 * instance.height - 1
    solutions = []
    number = 0
    while number < len(lines):
        line = lines[number].strip()
        if not line or line.startswith("#") or line in _VERDICTS:
            number += 1
            continue
        block = lines[number:number + height]
        if len(block) < height:
            raise InputError(f"drawing ends after {len(block)} line(s), expected {height} "
                             f"for a {instance.height}-row grid", path, number + 1, 1)
        solutions.append(_read_drawing(instance, block, path, number + 1))
        number += height
    if not solutions:
        raise InputError("empty solution file, expected a drawing of the bridges", path, 1, 1)
    return solutions


def _read_drawing(instance: HashiInstance, block: list[str], path: str,
                  first_line: int) -> Solution:
    """The bridges of one drawing, traced from each island rightwards and downwards; the
    drawing must then be exactly what render_text makes of them."""
    width = 2 * instance.width - 1
    canvas = [line.rstrip().ljust(width) for line in block]
    for y, line in enumerate(canvas):
        if len(line) > width:
            raise InputError(f"line is longer than the drawing ({width} characters)",
                             path, first_line + y, width + 1)
    bridges = []
    for (r, c) in board(instance.grid).islands:
        for step, symbols in (((0, 1), HORIZONTAL), ((1, 0), VERTICAL)):
            bridge = _trace(instance, canvas, (r, c), step, symbols)
            if bridge is not None:
                bridges.append(bridge)
    solution = tuple(sorted(bridges))
    expected = _drawing(instance, solution)
    for y, (line, wanted) in enumerate(zip(canvas, expected)):
        for x, (found, want) in enumerate(zip(line, wanted)):
            if found != want:
                what = ("a bridge that does not run between two islands" if want in " ."
                        else f"{want!r}")
                raise InputError(f"unexpected {found!r}: expected {what}",
                                 path, first_line + y, x + 1)
    return solution


def _trace(instance: HashiInstance, canvas: list[str], start: Cell, step: Cell,
           symbols: dict[int, str]) -> Bridge | None:
    """The bridge leaving island `start` in direction `step`, if one is drawn and reaches an
    island; None otherwise (the final comparison reports a broken one)."""
    dy, dx = step
    y, x = 2 * start[0] + dy, 2 * start[1] + dx
    if y >= len(canvas) or x >= len(canvas[0]):
        return None
    count = {symbol: k for k, symbol in symbols.items()}.get(canvas[y][x])
    if count is None:
        return None
    while y < len(canvas) and x < len(canvas[0]) and canvas[y][x] == symbols[count]:
        y, x = y + dy, x + dx
    if y < len(canvas) and x < len(canvas[0]) and y % 2 == 0 and x % 2 == 0 \
            and instance.grid[y // 2][x // 2]:
        return (start, (y // 2, x // 2), count)
    return None
