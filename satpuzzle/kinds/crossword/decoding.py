"""Crossword models decoded: a model's true cell letters as a fill, and --forced's grid of the
letters every fill shares.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from satpuzzle.cnf import VarName
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill, LetterName


def decode(instance: CrosswordInstance, true_names: Iterable[VarName]) -> Fill:
    """The fill of a model, a rebus cell shown as `(heart)`."""
    return instance.shown(decode_symbols(instance, true_names))


def decode_symbols(instance: CrosswordInstance, true_names: Iterable[VarName]) -> Fill:
    """The fill of a model in the engines' symbols (one character a cell)."""
    grid = [["0" if instance.allowed(r, c) is None else "" for c in range(len(row))]
            for r, row in enumerate(instance.grid)]
    for name in cast(Iterable[LetterName], true_names):  # auxiliaries are tuples too
        if name[0] == "c":
            grid[name[1] - 1][name[2] - 1] = name[3]
    for r, row in enumerate(grid):
        if "" in row:
            raise InputError(f"the model gives no letter to cell row {r + 1}, "
                             f"column {row.index('') + 1}")
    return tuple("".join(row) for row in grid)


def forced_text(instance: CrosswordInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the grid as a solution prints it, with the forced letter
    of each white cell, `?` where the letter is open, 0 for black cells."""
    letter = {(name[1], name[2]): name[3] for name, value in forced.items()
              if value and name[0] == "c"}
    rows = tuple("".join("0" if instance.allowed(r, c) is None
                         else str(letter.get((r + 1, c + 1), "?")) for c in range(len(row)))
                 for r, row in enumerate(instance.grid))
    return [*instance.shown(rows)]
