"""Sudoku of any order: square boxes, rectangular boxes and irregular (jigsaw) regions.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from satpuzzle.kinds.base import Kind, Option
from satpuzzle.lazy import Lazy


class SudokuKind(Kind):
    name = "sudoku"
    checker = Lazy("satpuzzle.checkers.sudoku")
    codecs = Lazy("satpuzzle.kinds.sudoku.codecs")
    puzzle = Lazy("satpuzzle.kinds.sudoku.puzzle")
    pictures = Lazy("satpuzzle.kinds.sudoku.pictures")
    input_options = (
        Option(("--box",), {"metavar": "RxC", "help": "Sudoku box shape for native files"}),
    )
    fit = Lazy("satpuzzle.kinds.sudoku.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.sudoku.puzzle", "read_native")
    encode_batch = Lazy("satpuzzle.kinds.sudoku.puzzle", "encode_batch")
    render_line = Lazy("satpuzzle.kinds.sudoku.puzzle", "render_line")
    native_format_names = ("sudoku-line",)


KIND = SudokuKind()
