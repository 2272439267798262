"""Sudoku of any order: square boxes, rectangular boxes and irregular (jigsaw) regions."""

from __future__ import annotations

from satpuzzle.checkers import sudoku as checker
from satpuzzle.kinds.base import Kind, Option
from satpuzzle.kinds.sudoku import codecs, pictures, puzzle


class SudokuKind(Kind):
    name = "sudoku"
    checker = checker
    puzzle = puzzle
    pictures = pictures
    input_options = (
        Option(("--box",), {"metavar": "RxC", "help": "Sudoku box shape for native files"}),
    )
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    encode_batch = staticmethod(puzzle.encode_batch)
    render_line = staticmethod(puzzle.render_line)
    sgt_games = (codecs.SOLO,)
    url_codec = codecs.URL
    json_codec = codecs.JSON
    native_formats = codecs.NATIVE


KIND = SudokuKind()
