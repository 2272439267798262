"""Crossword rules, checked directly on a filled grid: black cells stay black, pre-filled
letters and letter sets are respected, every maximal run of two or more letters (across and
down) is a dictionary word, and with `distinct` no word is used twice. Independent of the
encoder by design."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence


def _cell_rule(token: str) -> str | None:
    """None for a black cell, else the letters the cell accepts."""
    if token == "0":
        return None
    if token == "1":
        return "abcdefghijklmnopqrstuvwxyz"
    return token.strip("[]")


def _runs(rows: Sequence[str]) -> list[str]:
    """Maximal runs of letters (length ≥ 2) across then down."""
    across = [part for row in rows for part in row.split("0") if len(part) >= 2]
    columns = ["".join(column) for column in zip(*rows)]
    down = [part for column in columns for part in column.split("0") if len(part) >= 2]
    return across + down


def violations(grid: Sequence[Sequence[str]], words: Sequence[str] | frozenset[str],
               distinct: bool, solution: Sequence[str]) -> list[str]:
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
    runs = _runs(solution)
    problems += [f"{run!r} is not in the dictionary" for run in runs if run not in dictionary]
    if distinct and len(set(runs)) != len(runs):
        problems.append("a word is used twice")
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point."""
    return violations(instance.grid, instance.words, instance.distinct, solution)


def prepare(instance) -> Callable[[Sequence[str]], list[str]]:
    """The check of one instance's fills, with what depends only on the grid done once: the
    word set (a 325k-word dictionary takes longer to hash than a fill takes to check) and a
    pattern per row of the letters each cell accepts. A fill that breaks a cell rule gets
    the full report of `violations`."""
    grid, distinct = instance.grid, instance.distinct
    dictionary = frozenset(instance.words)
    rows = [re.compile("".join("0" if rule is None else f"[{re.escape(rule)}]"
                               for rule in map(_cell_rule, row))) for row in grid]

    def check(solution: Sequence[str]) -> list[str]:
        if len(solution) != len(rows) or not all(
                isinstance(row, str) and pattern.fullmatch(row)
                for row, pattern in zip(solution, rows)):
            return violations(grid, dictionary, distinct, solution)
        runs = _runs(solution)
        problems = [f"{run!r} is not in the dictionary" for run in runs
                    if run not in dictionary]
        if distinct and len(set(runs)) != len(runs):
            problems.append("a word is used twice")
        return problems

    return check
