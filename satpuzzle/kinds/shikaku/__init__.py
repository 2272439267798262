"""Shikaku: cut the grid into rectangles, one clue each, of the clue's area."""

from __future__ import annotations

import math

from satpuzzle.checkers import shikaku as checker
from satpuzzle.kinds.base import Kind, Option
from satpuzzle.kinds.shikaku import codecs, generator, pictures, puzzle


class ShikakuKind(Kind):
    name = "shikaku"
    checker = checker
    puzzle = puzzle
    pictures = pictures
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
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    sgt_games = (codecs.RECT,)
    url_codec = codecs.URL
    json_codec = codecs.JSON

    def generate(self, rows, cols, seed, unique, options):
        # about six cells per rectangle before merges (measured sensible in benchmarks)
        depth = options.get("depth")
        if depth is None:
            depth = max(1, round(math.log2(max(1, rows * cols / 6))))
        return generator.generate(rows, cols, depth=depth,
                                  merge_iters=options.get("merge_iters", 1),
                                  merge_prob=options.get("merge_prob", 0.2), seed=seed,
                                  unique=unique)


KIND = ShikakuKind()
