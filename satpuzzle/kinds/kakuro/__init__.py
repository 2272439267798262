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
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.kakuro.rules", "encode")
    decode = Lazy("satpuzzle.kinds.kakuro.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.kakuro.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.kakuro.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.kakuro.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.kakuro.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.kakuro.rendering", "parse_solutions")


KIND = KakuroKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import kakuro as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.kakuro import codecs, decoding, pictures, puzzle, rendering, rules

    Conforms[puzzle.KakuroInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.KakuroInstance, puzzle.Solution](native=puzzle, fits=puzzle)
