"""1-in-3 SAT: exactly one true literal in every clause."""

from __future__ import annotations

from satpuzzle.checkers import one_in_three_sat as checker
from satpuzzle.kinds.base import Kind
from satpuzzle.kinds.one_in_three_sat import codecs, pictures, puzzle


class OneInThreeSatKind(Kind):
    name = "one-in-three-sat"
    checker = checker
    puzzle = puzzle
    pictures = pictures
    file_suffixes = (".cnf",)
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    json_codec = codecs.JSON
    native_formats = codecs.NATIVE


KIND = OneInThreeSatKind()
