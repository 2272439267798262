"""Kakuro (cross sums): digits 1-9 in the white cells, each run of white cells holding
different digits that add up to the clue before it.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.kinds.base import ExchangeFormat, Kind
from satpuzzle.lazy import Lazy

# The families a user may switch the encoding of (rules.py passes this to constraints.Model):
# a cell's one digit, a run's different digits, a run's sum (of different digits: a table of
# allowed sets by default, or any pseudo-Boolean encoding).
ENCODING_FAMILIES = {"cell": "amo", "distinct": "amo", "sum": "distinct-sum"}


class KakuroKind(Kind):
    name = "kakuro"
    checker = Lazy("satpuzzle.checkers.kakuro")
    codecs = Lazy("satpuzzle.kinds.kakuro.codecs")
    puzzle = Lazy("satpuzzle.kinds.kakuro.puzzle")
    pictures = Lazy("satpuzzle.kinds.kakuro.pictures")
    exchange_formats = (ExchangeFormat("janko", Lazy("satpuzzle.kinds.kakuro.janko", "JANKO")),)
    encoding_families = ENCODING_FAMILIES
    fit = Lazy("satpuzzle.kinds.kakuro.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.kakuro.puzzle", "read_native")


KIND = KakuroKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import kakuro as checker
    from satpuzzle.kinds.base import conforms
    from satpuzzle.kinds.kakuro import codecs, pictures, puzzle

    conforms(puzzle, pictures, checker, codecs, rules=puzzle, decoding=puzzle, rendering=puzzle,
             native=puzzle, fits=puzzle)
