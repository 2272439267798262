"""The native files satpuzzle already reads, as named exchange formats: one-line Sudoku,
`.has` Hashi, Eternity II and Brendan Owen jigsaw piece files, DIMACS (read as 1-in-3 SAT).

Each writer checks its own output by reading it back: a puzzle the format cannot carry whole
(a Sudoku box shape the one-line format would guess differently, a jigsaw whose board the
Eternity II file cannot tell) is refused with a clear message instead of written wrong.
Titles and solver options (Hashi connectivity) are not part of these formats and are dropped.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.one_in_three_sat import puzzle as one_in_three_sat
from satpuzzle.kinds.sudoku import puzzle as sudoku


def _natural(text: str) -> bool:
    """Digits 0-9 only: "²".isdigit() is true, but int("²") fails."""
    return text.isascii() and text.isdigit()


def _read_sudoku_lines(text: str, path: str) -> list[Any]:
    instances, one_line = sudoku.read_native(text, path, {})
    if not one_line:
        raise InputError("expected one Sudoku a line (N² symbols, '.' or 0 empty), found a "
                         "grid", path, 1, 1)
    return instances


def _write_sudoku_line(instance: Any) -> str:
    if getattr(instance, "regions", None) is not None:
        raise InputError("the one-line format has no irregular regions; use --format puz")
    if instance.size > len(sudoku.SYMBOLS):
        raise InputError(f"the one-line format writes digits 1-9 and A-Z: a "
                         f"{instance.size}x{instance.size} Sudoku needs more symbols")
    symbols = "." + sudoku.SYMBOLS
    return "".join(symbols[value] for row in instance.givens for value in row) + "\n"


def _read_has(text: str, path: str) -> list[Any]:
    rows = tokenize_rows(text, path)
    if not rows or len(rows[0]) != 3 or not all(_natural(t.text) for t in rows[0]):
        where = rows[0][0] if rows else None
        message = "expected a .has header 'ROWS COLUMNS ISLANDS' (three integers)"
        raise where.error(message) if where else InputError(message, path, 1, 1)
    return hashi.read_native(text, path, {})[0]


def _read_eternity(text: str, path: str) -> list[Any]:
    rows = tokenize_rows(text, path)
    if rows and len(rows[0]) != 4:
        raise rows[0][0].error("expected four edge colours a line (no header)")
    return jigsaw.read_native(text, path, {"matching": "equal"})[0]


def _write_eternity(instance: Any) -> str:
    _plain_equal_board(instance, "eternity")
    return _piece_lines(instance)


def _read_brendan(text: str, path: str) -> list[Any]:
    rows = tokenize_rows(text, path)
    if not rows or len(rows[0]) != 2 or not all(_natural(t.text) for t in rows[0]):
        raise InputError("expected a header 'WIDTH HEIGHT' (two positive integers)", path, 1, 1)
    width, height = (int(t.text) for t in rows[0])
    if width < 1 or height < 1:
        raise rows[0][0].error("the board needs a positive width and height")
    # the header is width first; the piece reader's default header is rows first
    return jigsaw.read_native(text, path, {"matching": "equal", "board": (height, width)})[0]


def _write_brendan(instance: Any) -> str:
    _plain_equal_board(instance, "brendan")
    return f"{instance.cols} {instance.rows}\n" + _piece_lines(instance)


def _piece_lines(instance: Any) -> str:
    return "".join(" ".join(map(str, piece)) + "\n" for piece in instance.pieces)


def _plain_equal_board(instance: Any, name: str) -> None:
    if (instance.variant, instance.matching, instance.border) != ("puzzle", "equal", "zero"):
        raise InputError(f"the {name} format holds only whole-board puzzles with equal "
                         f"matching and a zero border; this one is {instance.variant}, "
                         f"{instance.matching}, {instance.border}: use --format puz")


def _read_dimacs(text: str, path: str) -> list[Any]:
    return [one_in_three_sat.read_dimacs(text, path)]


def _write_dimacs(instance: Any) -> str:
    lines = [f"p cnf {instance.num_vars} {len(instance.clauses)}"]
    lines += [" ".join(map(str, clause)) + " 0" for clause in instance.clauses]
    return "\n".join(lines) + "\n"


def _format(name: str, kind: str, read: Callable[[str, str], list[Any]],
            write: Callable[[Any], str]) -> SimpleNamespace:
    return SimpleNamespace(NAME=name, KINDS=(kind,), read=read,
                           write=_checked(name, read, write))


def _checked(name: str, read: Callable[[str, str], list[Any]],
             write: Callable[[Any], str]) -> Callable[[Any], str]:
    def write_checked(instance: Any) -> str:
        text = write(instance)
        back = read(text, f"<{name}>")
        if back != [_comparable(instance)]:
            raise InputError(f"the {name} format cannot carry this puzzle whole (reading it "
                             "back gives another puzzle); use --format puz")
        return text

    return write_checked


def _comparable(instance: Any) -> Any:
    """The instance as these formats carry it: no title, no solver option."""
    changes: dict[str, Any] = {"title": None}
    if instance.KIND == "hashi":
        changes["connectivity"] = None
    return dataclasses.replace(instance, **changes)


_FORMATS = {
    "sudoku-line": _format("sudoku-line", "sudoku", _read_sudoku_lines, _write_sudoku_line),
    "has": _format("has", "hashi", _read_has, hashi.to_has),
    "eternity": _format("eternity", "jigsaw", _read_eternity, _write_eternity),
    "brendan": _format("brendan", "jigsaw", _read_brendan, _write_brendan),
    "dimacs": _format("dimacs", "one-in-three-sat", _read_dimacs, _write_dimacs),
}


def select(name: str) -> SimpleNamespace:
    """The format called `name` (satpuzzle.formats looks formats up through this)."""
    return _FORMATS[name]
