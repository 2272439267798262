"""A model's true digit variables as a Kakuro solution, and `--forced` in the puzzle's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeGuard, cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.kakuro.puzzle import DIGITS, DigitName, KakuroInstance, Solution, white_cells


def decode(instance: KakuroInstance, true_names: Iterable[VarName]) -> Solution:
    """The digit of each white cell, from the true ("d", r, c, digit) variables."""
    digits = [[0] * instance.cols for _ in range(instance.rows)]
    for name in true_names:
        if name[0] == "d":
            _, r, c, value = cast(DigitName, name)  # as the rules name it
            digits[r][c] = value
    return tuple(map(tuple, digits))


# ---------------------------------------------------------------- forced digits


def _is_digit_name(name: VarName) -> TypeGuard[DigitName]:
    """Whether `name` is a digit variable's name: a tuple ("d", three ints)."""
    return (type(name) is tuple and len(name) == 4 and name[0] == "d"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: KakuroInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: per white cell (1-based), `r2c3 = 5` when its digit is
    forced, else `r2c3 one of 1 2 4` (the digits not forced out)."""
    digit: dict[tuple[int, int], int] = {}
    out: dict[tuple[int, int], set[int]] = {}
    for name, value in forced.items():
        if not _is_digit_name(name):  # every digit variable's name is one
            continue
        _, r, c, d = name
        if value:
            digit[(r, c)] = d
        else:
            out.setdefault((r, c), set()).add(d)
    lines = []
    for r, c in white_cells(instance):
        if (r, c) in digit:
            lines.append(f"r{r + 1}c{c + 1} = {digit[(r, c)]}")
        else:
            left = [str(d) for d in DIGITS if d not in out.get((r, c), set())]
            lines.append(f"r{r + 1}c{c + 1} one of {' '.join(left)}")
    return lines
