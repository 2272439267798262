"""1-in-3 SAT: exactly one true literal in every clause."""

from __future__ import annotations

from satpuzzle.checkers import one_in_three_sat as checker
from satpuzzle.kinds.base import Kind
from satpuzzle.kinds.one_in_three_sat import codecs, pictures, puzzle


class OneInThreeSatKind(Kind):
    name = "one-in-three-sat"
    checker = checker
    file_suffixes = (".cnf",)
    from_spec = staticmethod(puzzle.from_spec)
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    to_puz = staticmethod(puzzle.to_puz)
    encode = staticmethod(puzzle.encode)
    decode = staticmethod(puzzle.decode)
    render_text = staticmethod(puzzle.render_text)
    render_json = staticmethod(puzzle.render_json)
    solution_from_json = staticmethod(puzzle.from_json)
    parse_solutions = staticmethod(puzzle.parse_solutions)
    forced_text = staticmethod(puzzle.forced_text)
    pretty = staticmethod(pictures.pretty)
    svg = staticmethod(pictures.svg)
    json_codec = codecs.JSON
    native_formats = codecs.NATIVE


KIND = OneInThreeSatKind()
