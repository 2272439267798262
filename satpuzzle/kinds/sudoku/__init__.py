"""Sudoku of any order: square boxes, rectangular boxes and irregular (jigsaw) regions."""

from __future__ import annotations

from satpuzzle.checkers import sudoku as checker
from satpuzzle.kinds.base import Kind, Option
from satpuzzle.kinds.sudoku import codecs, pictures, puzzle


class SudokuKind(Kind):
    name = "sudoku"
    checker = checker
    input_options = (
        Option(("--box",), {"metavar": "RxC", "help": "Sudoku box shape for native files"}),
    )
    from_spec = staticmethod(puzzle.from_spec)
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    to_puz = staticmethod(puzzle.to_puz)
    encode = staticmethod(puzzle.encode)
    encode_batch = staticmethod(puzzle.encode_batch)
    decode = staticmethod(puzzle.decode)
    render_text = staticmethod(puzzle.render_text)
    render_line = staticmethod(puzzle.render_line)
    render_json = staticmethod(puzzle.render_json)
    solution_from_json = staticmethod(puzzle.from_json)
    parse_solutions = staticmethod(puzzle.parse_solutions)
    forced_text = staticmethod(puzzle.forced_text)
    pretty = staticmethod(pictures.pretty)
    svg = staticmethod(pictures.svg)
    sgt_games = (codecs.SOLO,)
    url_codec = codecs.URL
    json_codec = codecs.JSON
    native_formats = codecs.NATIVE


KIND = SudokuKind()
