"""Grids drawn with Unicode box-drawing characters, for `--pretty` text.

A grid is described by the weight of every cell side (NONE, LIGHT or HEAVY) and the text of
every cell; `draw` puts the right junction character at every corner, mixing light and heavy
arms as the Unicode block allows (all 80 combinations exist in U+2500..U+257F).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from functools import cache

NONE, LIGHT, HEAVY = 0, 1, 2
Arms = tuple[int, int, int, int]  # weights of the up, down, left, right arms of a junction
_DIRECTIONS = {"UP": ("UP",), "DOWN": ("DOWN",), "LEFT": ("LEFT",), "RIGHT": ("RIGHT",),
               "VERTICAL": ("UP", "DOWN"), "HORIZONTAL": ("LEFT", "RIGHT")}
_WEIGHTS = {"LIGHT": LIGHT, "HEAVY": HEAVY}
_ORDER = ("UP", "DOWN", "LEFT", "RIGHT")
HORIZONTAL_LINE = {NONE: " ", LIGHT: "─", HEAVY: "━"}
VERTICAL_LINE = {NONE: " ", LIGHT: "│", HEAVY: "┃"}


def _arms_of(name: str) -> Arms | None:
    """The arms a character's Unicode name describes, e.g. 'BOX DRAWINGS DOWN LIGHT AND RIGHT
    HEAVY'; None for dashed, double, arc and diagonal characters. A weight word before the
    directions applies to them up to the next weight word ('LIGHT DOWN AND RIGHT'), a weight
    word after directions to those directions ('DOWN LIGHT AND RIGHT HEAVY')."""
    words = name.removeprefix("BOX DRAWINGS ").split()
    if any(word in ("DASH", "DOUBLE", "ARC", "DIAGONAL", "SINGLE") for word in words):
        return None
    arms = dict.fromkeys(_ORDER, NONE)
    pending: list[str] = []
    prefix: int | None = None

    def flush(weight: int | None) -> None:
        for direction in pending:
            arms[direction] = weight if weight is not None else NONE
        pending.clear()

    for word in words:
        if word in _DIRECTIONS:
            pending.extend(_DIRECTIONS[word])
        elif word in _WEIGHTS:
            if pending and prefix is None:
                flush(_WEIGHTS[word])
            else:
                flush(prefix)
                prefix = _WEIGHTS[word]
        elif word == "AND" and prefix is not None:
            flush(prefix)
    flush(prefix)
    up, down, left, right = (arms[d] for d in _ORDER)
    return up, down, left, right


@cache
def junctions() -> dict[Arms, str]:
    """Every junction character by its arms, read from the Unicode names."""
    table = {(NONE, NONE, NONE, NONE): " "}
    for code in range(0x2500, 0x2580):
        arms = _arms_of(unicodedata.name(chr(code)))
        if arms is not None:
            table.setdefault(arms, chr(code))
    return table


def draw(rows: int, cols: int, cell_lines: Callable[[int, int], Sequence[str]],
         vertical: Callable[[int, int], int], horizontal: Callable[[int, int], int],
         width: int | Sequence[int], height: int = 1) -> str:
    """A grid of rows × cols cells, each `height` lines of `width` characters (one width for
    all columns, or one per column) from `cell_lines(r, c)`. `vertical(r, c)` is the weight of the side left of cell (r, c)
    (c = cols: the right edge), `horizontal(r, c)` the weight of the side above it (r = rows:
    the bottom edge); they are only asked about sides that exist."""
    table = junctions()
    widths = [width] * cols if isinstance(width, int) else list(width)

    def v(r: int, c: int) -> int:
        return vertical(r, c) if 0 <= r < rows else NONE

    def h(r: int, c: int) -> int:
        return horizontal(r, c) if 0 <= c < cols else NONE

    lines = []
    for r in range(rows + 1):
        parts = []
        for c in range(cols + 1):
            parts.append(table[(v(r - 1, c), v(r, c), h(r, c - 1), h(r, c))])
            if c < cols:
                parts.append(HORIZONTAL_LINE[h(r, c)] * widths[c])
        lines.append("".join(parts).rstrip())
        if r == rows:
            break
        texts = [cell_lines(r, c) for c in range(cols)]
        for k in range(height):
            parts = []
            for c in range(cols + 1):
                parts.append(VERTICAL_LINE[v(r, c)])
                if c < cols:
                    parts.append(texts[c][k].ljust(widths[c])[:widths[c]]
                                 if k < len(texts[c]) else " " * widths[c])
            lines.append("".join(parts).rstrip())
    return "\n".join(lines)


def borders_between(owner: Sequence[Sequence[object]], inside: int = NONE,
                    between: int = LIGHT, outside: int = LIGHT,
                    ) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
    """Side weights of a grid split into regions (`owner[r][c]` names the region of a cell):
    `between` where two regions meet, `outside` on the frame, `inside` elsewhere."""
    rows, cols = len(owner), len(owner[0])

    def vertical(r: int, c: int) -> int:
        if c in (0, cols):
            return outside
        return between if owner[r][c - 1] != owner[r][c] else inside

    def horizontal(r: int, c: int) -> int:
        if r in (0, rows):
            return outside
        return between if owner[r - 1][c] != owner[r][c] else inside

    return vertical, horizontal


def uniform(weight: int) -> Callable[[int, int], int]:
    """Side weights that are the same everywhere."""
    return lambda _r, _c: weight
