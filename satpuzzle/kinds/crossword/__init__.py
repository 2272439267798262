"""Crosswords: every fill of a grid from a dictionary (trie search with a SAT oracle, or SAT).

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from satpuzzle.kinds.base import Engine, Kind, Option
from satpuzzle.lazy import Lazy


class CrosswordKind(Kind):
    name = "crossword"
    checker = Lazy("satpuzzle.checkers.crossword")
    codecs = Lazy("satpuzzle.kinds.crossword.codecs")
    puzzle = Lazy("satpuzzle.kinds.crossword.puzzle")
    pictures = Lazy("satpuzzle.kinds.crossword.pictures")
    enumerate_all = True  # the seed asks for every fill: --all is the default
    engines = (Engine("search", Lazy("satpuzzle.kinds.crossword.puzzle", "search"),
                      help="trie search over slots with a SAT oracle"),)
    input_options = (
        Option(("--dict",), {"metavar": "WORDS",
                             "help": "crossword dictionary for a native grid (plain or .gz)"}),
        Option(("--distinct",), {"action": "store_true",
                                 "help": "crossword: no word used twice in one grid"},
               names_kind=False),
        Option(("--min-zipf",), {"type": float, "metavar": "Z",
                                 "help": "crossword: keep only built-in dictionary words at "
                                         "least this common (Zipf scale: 3 = once per "
                                         "million words)"},
               names_kind=False, native_only=False),
    )
    read_native = Lazy("satpuzzle.kinds.crossword.puzzle", "read_native")

    def prepare_check(self, instance):
        return self.checker.prepare(instance)


KIND = CrosswordKind()
