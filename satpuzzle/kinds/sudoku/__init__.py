"""Sudoku of any order: square boxes, rectangular boxes and irregular (jigsaw) regions.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Options, Solution
from satpuzzle.kinds.base import Engine, ExchangeFormat, Kind, Option
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.cnf import VarName

_generator = Lazy("satpuzzle.kinds.sudoku.generator")
_decoding = Lazy("satpuzzle.kinds.sudoku.decoding")
_shared = Lazy("satpuzzle.kinds.sudoku.shared")  # the process's per-shape solvers

# grading.LEVELS, declared here too so that the command line's choices need not load the
# grader (tests/kinds/sudoku/test_sudoku_generate.py checks that the two agree)
DIFFICULTIES = ("naked-single", "hidden-single", "naked-pair", "locked-candidates",
                "hidden-pair", "naked-triple", "hidden-triple", "x-wing", "cage-sum", "search")


# the families of rules.py whose encoding a user may choose
FAMILIES = {"cell": "amo", "row": "amo", "column": "amo", "box": "amo", "region": "amo",
            "diagonal": "amo", "cage": "amo", "sum": "pb", "prune": "prune"}


class SudokuKind(Kind):
    name = "sudoku"
    checker = Lazy("satpuzzle.checkers.sudoku")
    codecs = Lazy("satpuzzle.kinds.sudoku.codecs")
    puzzle = Lazy("satpuzzle.kinds.sudoku.puzzle")
    pictures = Lazy("satpuzzle.kinds.sudoku.pictures")
    exchange_formats = (ExchangeFormat("janko", Lazy("satpuzzle.kinds.sudoku.janko", "JANKO")),)
    input_options = (
        Option(("--box",), {"metavar": "RxC", "help": "Sudoku box shape for native files"}),
        Option(("--diagonals",), {"action": "store_true",
                                  "help": "sudoku: read the puzzle as a Sudoku X, each digit "
                                          "once on both main diagonals too"},
               names_kind=False, native_only=False),
    )
    generate_options = (
        Option(("--box",), {"metavar": "RxC", "default": None,
                            "help": "sudoku: box shape (default: r×c with r the largest "
                                    "divisor of N not above √N, 3x3 for 9)"}),
        Option(("--minimal",), {"action": "store_true", "default": False,
                                "help": "sudoku: no given can be removed (the puzzle would "
                                        "have another solution)"}),
        Option(("--difficulty",), {"choices": DIFFICULTIES, "default": None, "metavar": "LEVEL",
                                   "help": "sudoku: the hardest human rule the puzzle needs: "
                                           + ", ".join(DIFFICULTIES) + " (default: any)"}),
        Option(("--attempts",), {"type": int, "default": 100, "metavar": "N",
                                 "help": "sudoku: puzzles tried for --difficulty before "
                                         "giving up (default 100)"}),
        Option(("--diagonals",), {"action": "store_true", "default": False,
                                  "help": "sudoku: Sudoku X, each digit once on both main "
                                          "diagonals too"}),
        Option(("--killer",), {"action": "store_true", "default": False,
                               "help": "sudoku: Killer, cages with their sums and (mostly) "
                                       "no givens"}),
        Option(("--cage-size",), {"type": int, "default": None, "metavar": "K",
                                  "help": "sudoku --killer: largest cage (default N/2)"}),
    )
    fit = Lazy("satpuzzle.kinds.sudoku.native", "fit")
    adapt_native = Lazy("satpuzzle.kinds.sudoku.dashes", "dashes_as_cells")
    read_native = Lazy("satpuzzle.kinds.sudoku.native", "read_native")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.sudoku.rules", "encode")
    encode_batch = Lazy("satpuzzle.kinds.sudoku.batch", "encode_batch")
    answer_names = Lazy("satpuzzle.kinds.sudoku.batch", "answer_names")
    forced_text = Lazy("satpuzzle.kinds.sudoku.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.sudoku.rendering", "render_text")
    render_line = Lazy("satpuzzle.kinds.sudoku.batch", "render_line")
    render_json = Lazy("satpuzzle.kinds.sudoku.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.sudoku.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.sudoku.rendering", "parse_solutions")
    native_format_names = ("sudoku-line",)
    generate_size = (9, 9)
    encoding_families = FAMILIES

    def generate(self, rows: int, cols: int, seed: int, unique: bool,
                 options: Options) -> Instance:
        # always unique (by proof), whatever `unique` says: a Sudoku has one solution
        if rows != cols:
            raise InputError(f"a Sudoku grid is square: --size N or NxN, not {rows}x{cols}")
        box = options.get("box")  # "RxC", checked against N by the generator
        if options.get("diagonals") and options.get("killer"):
            raise InputError("--diagonals and --killer: one variant at a time")
        variant = "x" if options.get("diagonals") else _generator.Killer(
            options.get("cage_size")) if options.get("killer") else "plain"
        return _generator.generate(
            rows, box=box, seed=seed,
            minimal=bool(options.get("minimal")), difficulty=options.get("difficulty"),
            attempts=options.get("attempts") or 100, variant=variant)

    # `instance: Any` below: the registry hands a kind its own instances (a SudokuInstance),
    # which the type checker cannot follow through `Kind`'s methods

    def adjust(self, instance: Any, options: Options) -> Instance:
        if options.get("diagonals") and not instance.diagonals:
            return dataclasses.replace(instance, diagonals=True)  # checked as it is built
        return instance

    def engine_for(self, instance: Any, requested: str) -> Engine | None:
        """As every kind; besides, `auto` takes the shape's shared solver where this process
        has one, or has answered enough puzzles of the shape in process to build one. It is
        not among `engines`: no option names it, and it answers what SAT would."""
        engine = super().engine_for(instance, requested)
        if (engine is None and requested == "auto" and not instance.encodings
                and _shared.ENGINE.suits(instance)):
            return _shared.ENGINE
        return engine

    def decode(self, instance: Any, true_names: Iterable[VarName]) -> Solution:
        solution = _decoding.decode(instance, true_names)
        _shared.note_answer(instance)  # counts in-process answers only
        return solution


KIND = SudokuKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import sudoku as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.sudoku import (
        batch,
        codecs,
        decoding,
        native,
        pictures,
        puzzle,
        rendering,
        rules,
    )

    Conforms[puzzle.SudokuInstance, puzzle.Grid](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.SudokuInstance, puzzle.Grid](native=native, fits=native, batch=batch)
