"""Crosswords: every fill of a grid from a dictionary (trie search with a SAT oracle, or SAT)."""

from __future__ import annotations

from satpuzzle.checkers import crossword as checker
from satpuzzle.kinds.base import Engine, Kind, Option
from satpuzzle.kinds.crossword import codecs, pictures, puzzle


class CrosswordKind(Kind):
    name = "crossword"
    checker = checker
    puzzle = puzzle
    pictures = pictures
    enumerate_all = True  # the seed asks for every fill: --all is the default
    engines = (Engine("search", puzzle.search,
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
    read_native = staticmethod(puzzle.read_native)
    json_codec = codecs.JSON

    def prepare_check(self, instance):
        return checker.prepare(instance)


KIND = CrosswordKind()
