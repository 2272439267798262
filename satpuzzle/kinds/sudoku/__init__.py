"""Sudoku of any order: square boxes, rectangular boxes and irregular (jigsaw) regions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from satpuzzle.checkers import sudoku as checker
from satpuzzle.cnf import Formula, VarName
from satpuzzle.kinds.base import Engine, Kind, Option
from satpuzzle.kinds.sudoku import codecs, pictures, puzzle, shared


def _decode_vars(instance: puzzle.SudokuInstance, true_vars: list[int],
                 formula: Formula) -> puzzle.Grid:
    return puzzle.decode(instance, [formula.names[v] for v in true_vars])


# The process's shared solvers (satpuzzle/kinds/sudoku/shared.py) and the engine on them
SHARED = shared.Shared(puzzle.encode_empty)
SHARED_ENGINE = shared.engine(SHARED, puzzle.checked_shape_key, _decode_vars)


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

    def engine_for(self, instance: Any, requested: str) -> Engine | None:
        """As every kind; besides, `auto` takes the shape's shared solver where this process
        has one, or has answered enough puzzles of the shape in process to build one. It is
        not among `engines`: no option names it, and it answers what SAT would."""
        engine = super().engine_for(instance, requested)
        if engine is None and requested == "auto" and SHARED_ENGINE.suits(instance):
            return SHARED_ENGINE
        return engine

    def decode(self, instance: Any, true_names: Iterable[VarName]) -> Any:
        solution = puzzle.decode(instance, true_names)
        SHARED.note_answer(puzzle.shape_key(instance))  # counts in-process answers only
        return solution


KIND = SudokuKind()
