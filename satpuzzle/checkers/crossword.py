"""Crossword rules, checked directly on a filled grid: black cells stay black, pre-filled
letters and letter sets are respected, every maximal run of two or more letters (across and
down, a bar of a barred grid ending a run as a black cell does) is a dictionary word, and with
`distinct` no word is used twice. Independent of the encoder by design.

A rebus cell of a fill is written `(heart)` in its row and holds that string: a run is the
concatenation of its cells' strings. Its grid token says which strings it may hold:
`(heart|star|s)` one of these, `(*)` any of two or more letters (those its words imply: the
runs' check says which), `1` a letter or one of the instance's `rebus` strings."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_REBUS_FILL = re.compile(r"\(([a-z]+)\)|([^()])")  # a cell of a fill's row
ANY_STRING = "*"  # _cell_strings: the cell may hold any string of two or more letters


def _cell_rule(token: str) -> str | None:
    """None for a black cell, else the letters the cell accepts."""
    if token == "0":
        return None
    if token == "1":
        return LETTERS
    return token.strip("[]")


def _cell_strings(token: str, rebus: Collection[str]) -> set[str] | None:
    """None for a black cell, else the strings (letters included) the cell accepts;
    {ANY_STRING} for `(*)`."""
    if token == "0":
        return None
    if token == "1":
        return set(LETTERS) | set(rebus)
    if token.startswith("("):
        return {ANY_STRING} if token == "(*)" else set(token[1:-1].split("|"))
    return set(token.strip("[]"))


def _split_row(row: str) -> list[str] | None:
    """The cells of a fill's row (`(heart)` one cell holding "heart"), or None when the row
    is not made of cells."""
    cells, offset = [], 0
    for match in _REBUS_FILL.finditer(row):
        if match.start() != offset:
            return None
        cells.append(match.group(1) or match.group(2))
        offset = match.end()
    return cells if offset == len(row) else None


def _rebus_violations(grid: Sequence[Sequence[str]], words: Collection[str], distinct: bool,
                      solution: Sequence[str], bars: Bars,
                      rebus: Collection[str]) -> list[str]:
    """violations() for a grid with rebus cells, or a fill writing one: the runs joined
    from their cells' strings."""
    split = [_split_row(row) if isinstance(row, str) else None for row in solution]
    rows = [cells for cells in split if cells is not None]
    if (len(rows) != len(split) or len(rows) != len(grid)
            or any(len(cells) != len(tokens) for cells, tokens in zip(rows, grid))):
        return [(f"expected {len(grid)} rows of {len(grid[0])} cells (a rebus cell written "
                "as (letters))")]
    problems = []
    for r, (cells, tokens) in enumerate(zip(rows, grid)):
        for c, (held, token) in enumerate(zip(cells, tokens)):
            allowed = _cell_strings(token, rebus)
            shown = f"({held})" if len(held) > 1 else repr(held)
            if allowed is None and held != "0":
                problems.append(f"row {r + 1}, column {c + 1}: black cell filled with {shown}")
            elif allowed is not None and held not in allowed and not (
                    ANY_STRING in allowed and len(held) >= 2):
                problems.append(f"row {r + 1}, column {c + 1}: {shown} not allowed here")
    if problems:
        return problems
    runs = _cell_runs(rows, bars)
    dictionary = words if isinstance(words, (set, frozenset)) else set(words)
    problems += [f"{run!r} is not in the dictionary" for run in runs if run not in dictionary]
    if distinct and len(set(runs)) != len(runs):
        problems.append("a word is used twice")
    return problems


def _cell_runs(rows: list[list[str]], bars: Bars) -> list[str]:
    """Maximal runs of two or more cells across then down, each its cells' strings joined;
    a black cell ("0") or a bar ends a run."""
    height, width = len(rows), len(rows[0])
    runs = []
    for lines, side in (([[(r, c) for c in range(width)] for r in range(height)], "right"),
                        ([[(r, c) for r in range(height)] for c in range(width)], "bottom")):
        for line in lines:
            run: list[str] = []
            for cell in [*line, None]:
                if cell is not None and rows[cell[0]][cell[1]] != "0":
                    run.append(rows[cell[0]][cell[1]])
                    if (*cell, side) not in bars:
                        continue
                if len(run) >= 2:
                    runs.append("".join(run))
                run = []
    return runs


Bars = Collection[tuple[int, int, str]]


def _runs(rows: Sequence[str], bars: Bars = ()) -> list[str]:
    """Maximal runs of letters (length ≥ 2) across then down. A bar (row, col, "right") cuts
    row `row` after column `col`; (row, col, "bottom") cuts column `col` after row `row`."""
    across_cuts: dict[int, set[int]] = {}
    down_cuts: dict[int, set[int]] = {}
    for row, col, side in bars:
        if side == "right":
            across_cuts.setdefault(row, set()).add(col)
        else:
            down_cuts.setdefault(col, set()).add(row)
    columns = ["".join(column) for column in zip(*rows)]
    across = [part for r, row in enumerate(rows)
              for part in _cut(row, across_cuts.get(r, ())).split("0") if len(part) >= 2]
    down = [part for c, column in enumerate(columns)
            for part in _cut(column, down_cuts.get(c, ())).split("0") if len(part) >= 2]
    return across + down


def _cut(line: str, after: Collection[int]) -> str:
    """`line` with a "0" put after each index of `after` (a bar splits a run as a block)."""
    if not after:
        return line
    return "".join(letter + ("0" if index in after else "") for index, letter in enumerate(line))


def violations(grid: Sequence[Sequence[str]], words: Sequence[str] | frozenset[str],
               distinct: bool, solution: Sequence[str], bars: Bars = (),
               rebus: Collection[str] = ()) -> list[str]:
    """Every broken rule, in words; an empty list means the fill is valid. `words` may be a
    set already (see `prepare`): it is then not copied. `rebus`: the strings an open cell
    may hold besides a letter."""
    if rebus or any("(" in token for row in grid for token in row) or any(
            isinstance(row, str) and "(" in row for row in solution):
        return _rebus_violations(grid, words, distinct, solution, bars, rebus)
    if len(solution) != len(grid) or any(len(row) != len(cells)
                                         for row, cells in zip(solution, grid)):
        return [f"expected {len(grid)} rows of {len(grid[0])} cells"]
    problems = []
    for r, (row, cells) in enumerate(zip(solution, grid)):
        for c, (letter, token) in enumerate(zip(row, cells)):
            rule = _cell_rule(token)
            if rule is None and letter != "0":
                problems.append(f"row {r + 1}, column {c + 1}: black cell filled with {letter!r}")
            elif rule is not None and letter not in rule:
                problems.append(f"row {r + 1}, column {c + 1}: {letter!r} not allowed here")
    if problems:
        return problems
    dictionary = words if isinstance(words, (set, frozenset)) else set(words)
    runs = _runs(solution, bars)
    problems += [f"{run!r} is not in the dictionary" for run in runs if run not in dictionary]
    if distinct and len(set(runs)) != len(runs):
        problems.append("a word is used twice")
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point."""
    return violations(instance.grid, instance.words, instance.distinct, solution,
                      getattr(instance, "bars", ()), getattr(instance, "rebus", ()))


def prepare(instance) -> Callable[[Sequence[str]], list[str]]:
    """The check of one instance's fills, with what depends only on the grid done once: the
    word set (a 325k-word dictionary takes longer to hash than a fill takes to check) and a
    pattern per row of the letters each cell accepts. A fill that breaks a cell rule gets
    the full report of `violations`."""
    grid, distinct = instance.grid, instance.distinct
    bars = getattr(instance, "bars", ())
    dictionary = frozenset(instance.words)
    rebus = getattr(instance, "rebus", ())
    if rebus or any(token.startswith("(") for row in grid for token in row):
        return lambda solution: _rebus_violations(grid, dictionary, distinct, solution, bars,
                                                  rebus)
    rows = [re.compile("".join("0" if rule is None else f"[{re.escape(rule)}]"
                               for rule in map(_cell_rule, row))) for row in grid]

    def check(solution: Sequence[str]) -> list[str]:
        if len(solution) != len(rows) or not all(
                isinstance(row, str) and pattern.fullmatch(row)
                for row, pattern in zip(solution, rows)):
            return violations(grid, dictionary, distinct, solution, bars)
        runs = _runs(solution, bars)
        problems = [f"{run!r} is not in the dictionary" for run in runs
                    if run not in dictionary]
        if distinct and len(set(runs)) != len(runs):
            problems.append("a word is used twice")
        return problems

    return check
