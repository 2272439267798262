"""Shikaku: cut the grid into rectangles, one clue each, of the clue's area.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from satpuzzle.instances import Instance, Options, Solution
from satpuzzle.kinds.base import ExchangeFormat, Kind, Option
from satpuzzle.lazy import Lazy

_generator = Lazy("satpuzzle.kinds.shikaku.generator")

# The families of rules.py, both at-most-one constraints whose encoding a user may choose
# (--encoding clue=NAME,cover=NAME): a clue's placements, the clues claiming a cell.
FAMILIES = {"clue": "amo", "cover": "amo"}


class ShikakuKind(Kind):
    name = "shikaku"
    checker = Lazy("satpuzzle.checkers.shikaku")
    codecs = Lazy("satpuzzle.kinds.shikaku.codecs")
    puzzle = Lazy("satpuzzle.kinds.shikaku.puzzle")
    pictures = Lazy("satpuzzle.kinds.shikaku.pictures")
    exchange_formats = (ExchangeFormat("janko", Lazy("satpuzzle.kinds.shikaku.janko", "JANKO")),)
    encoding_families = FAMILIES
    generate_options = (
        Option(("--depth",), {"type": int, "default": None,
                              "help": "shikaku: levels of recursive cuts (default: enough for "
                                      "rectangles of a few cells)"}),
        Option(("--merge-iters",), {"type": int, "default": 1, "metavar": "N",
                                    "help": "shikaku: rounds of random merges (nbMergeIter, "
                                            "default 1)"}),
        Option(("--merge-prob",), {"type": float, "default": 0.2, "metavar": "P",
                                   "help": "shikaku: probability of merging a pair "
                                           "(mergeProb, default 0.2)"}),
    )
    fit = Lazy("satpuzzle.kinds.shikaku.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.shikaku.puzzle", "read_native")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.shikaku.encoding", "encode")
    decode = Lazy("satpuzzle.kinds.shikaku.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.shikaku.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.shikaku.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.shikaku.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.shikaku.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.shikaku.rendering", "parse_solutions")

    def prepare_check(self, instance: Instance) -> Callable[[Solution], list[str]]:
        return self.checker.prepare(instance)

    def generate(self, rows: int, cols: int, seed: int, unique: bool,
                 options: Options) -> Instance:
        # about six cells per rectangle before merges (measured sensible in benchmarks)
        depth = options.get("depth")
        if depth is None:
            depth = max(1, round(math.log2(max(1, rows * cols / 6))))
        return _generator.generate(rows, cols, depth=depth,
                                   merge_iters=options.get("merge_iters", 1),
                                   merge_prob=options.get("merge_prob", 0.2), seed=seed,
                                   unique=unique)


KIND = ShikakuKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import shikaku as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.shikaku import codecs, decoding, encoding, pictures, puzzle, rendering

    Conforms[puzzle.ShikakuInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=encoding, decoding=decoding, rendering=rendering)
    Hooks[puzzle.ShikakuInstance, puzzle.Solution](native=puzzle, fits=puzzle)
