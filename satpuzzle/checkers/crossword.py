"""Crossword rules, checked directly on a filled grid: black cells stay black, pre-filled
letters and letter sets are respected, every maximal run of two or more letters (across and
down, a bar of a barred grid ending a run as a black cell does) is a dictionary word, and with
`distinct` no word is used twice. Independent of the encoder by design."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence


def _cell_rule(token: str) -> str | None:
    """None for a black cell, else the letters the cell accepts."""
    if token == "0":
        return None
    if token == "1":
        return "abcdefghijklmnopqrstuvwxyz"
    return token.strip("[]")


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
               distinct: bool, solution: Sequence[str], bars: Bars = ()) -> list[str]:
    """Every broken rule, in words; an empty list means the fill is valid. `words` may be a
    set already (see `prepare`): it is then not copied."""
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
                      getattr(instance, "bars", ()))


def prepare(instance) -> Callable[[Sequence[str]], list[str]]:
    """The check of one instance's fills, with what depends only on the grid done once: the
    word set (a 325k-word dictionary takes longer to hash than a fill takes to check) and a
    pattern per row of the letters each cell accepts. A fill that breaks a cell rule gets
    the full report of `violations`."""
    grid, distinct = instance.grid, instance.distinct
    bars = getattr(instance, "bars", ())
    dictionary = frozenset(instance.words)
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
