"""Crosswords: every fill of a grid from a dictionary (trie search with a SAT oracle, or SAT).

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Options, Solution
from satpuzzle.kinds.base import Engine, ExchangeFormat, Kind, Option, Signed
from satpuzzle.lazy import Lazy

# The families whose encoding a user may switch (--encoding FAMILY=NAME); rules.py passes
# this dict to constraints.Model. "cell": a white cell holds one letter; "distinct": with
# distinct words, no word fills two slots.
FAMILIES = {"cell": "amo", "distinct": "amo"}


# A rebus cell's string has MIN to MAX_REBUS_LETTERS letters (as the readers of constructors'
# files: codecs.gridfile); a grid's cells hold at most MAX_REBUS_STRINGS strings in all (each
# one more symbol of the engines' alphabet, after 'z').
MIN_REBUS_LETTERS, MAX_REBUS_LETTERS, MAX_REBUS_STRINGS = 2, 16, 64


def rebus_rule(text: str) -> str:
    """--rebus: `file`, `implied`, `none`, or strings of 2 to MAX_REBUS_LETTERS letters
    separated by commas (lower-cased, at most MAX_REBUS_STRINGS)."""
    if text in ("file", "implied", "none"):
        return text
    strings = text.lower().split(",")
    if not all(s.isascii() and s.isalpha() and MIN_REBUS_LETTERS <= len(s) <= MAX_REBUS_LETTERS
               for s in strings):
        raise argparse.ArgumentTypeError(
            f"expected file, implied, none or rebus strings such as heart,star "
            f"({MIN_REBUS_LETTERS} to "
            f"{MAX_REBUS_LETTERS} letters a-z each, separated by commas), found {text[:40]!r}")
    if len(set(strings)) > MAX_REBUS_STRINGS:
        raise argparse.ArgumentTypeError(f"at most {MAX_REBUS_STRINGS} rebus strings")
    return ",".join(sorted(set(strings)))


def _might_be_constructors_file(text: str, path: str) -> bool:
    """Whether `text` may be a constructor's file, told without loading the formats' modules
    (so that a .puz text costs none of them): how it starts, an xd clue's ` ~ `, an xd file's
    name. Only such a text is given to the formats' `signature`."""
    start = text[:1000].lstrip()[:1]  # not the whole text: a list may be megabytes
    return bool(start and start in "{<i" or " ~ " in text or path.lower().endswith(".xd"))


# a constructor's file, read as a fill problem with the command line's dictionary and options
_CONSTRUCTORS = Signed(_might_be_constructors_file,
                       Lazy("satpuzzle.kinds.crossword.formats.constructors", "read"))


class CrosswordKind(Kind):
    name = "crossword"
    checker = Lazy("satpuzzle.checkers.crossword")
    codecs = Lazy("satpuzzle.kinds.crossword.codecs")
    puzzle = Lazy("satpuzzle.kinds.crossword.puzzle")
    pictures = Lazy("satpuzzle.kinds.crossword.pictures")
    encoding_families = FAMILIES
    enumerate_all = True  # the seed asks for every fill: --all is the default
    engines = (Engine("search", Lazy("satpuzzle.kinds.crossword.search", "search"),
                      help="trie search over slots with a SAT oracle (large grids: a slot "
                           "search with arc consistency first)"),
               Engine("best", Lazy("satpuzzle.kinds.crossword.best", "best_fills"),
                      suits=lambda instance: instance.scores is not None,
                      optimality=Lazy("satpuzzle.kinds.crossword.best", "optimality_claim"),
                      help="fills best first, each proven: the highest lowest entry score, "
                           "then the highest mean (what auto uses for a scored word list)"))
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
        Option(("--min-score",), {"type": int, "metavar": "S",
                                  "help": "crossword: keep only words scoring at least S in a "
                                          "scored word list (word;score lines; built-in "
                                          "lists: 0-100 from word frequency)"},
               names_kind=False),
        Option(("--best",), {"action": "store_true",
                             "help": "crossword: fills best first (highest lowest entry score, "
                                     "then highest mean), each proven; the default for a "
                                     "scored word list, and built-in lists get scores from "
                                     "word frequency"},
               names_kind=False, native_only=False),
        Option(("--keep-solution",), {"action": "store_true",
                                      "help": "crossword: in a constructor's file (Across Lite, "
                                              "ipuz, xd, .jpz), keep the solution's letters as "
                                              "given "
                                              "(by default only the letters typed or "
                                              "pre-filled in the grid are kept)"},
               names_kind=False),
        Option(("--ignore-typed",), {"action": "store_true",
                                     "help": "crossword: in a constructor's file, drop the "
                                             "letters typed in the player's grid (by default "
                                             "kept as given; letters pre-filled by the puzzle "
                                             "stay)"},
               names_kind=False),
        Option(("--rebus",), {"metavar": "RULE", "type": rebus_rule,
                              "help": "crossword: which strings a rebus cell may hold: "
                                      "'file' (one of the file's rebus strings: the default "
                                      "for a file with rebus cells), 'implied' (the file's "
                                      "rebus cells hold any string of 2 or more letters the "
                                      "crossing words imply), 'none' (one letter, as any "
                                      "cell), or STRING,STRING... (any open cell may hold a "
                                      "letter or one of them)"},
               names_kind=False),
    )
    # crossword constructors' files, told by their content (formats/constructors.py)
    exchange_formats = (
        ExchangeFormat("acrosslite", Lazy("satpuzzle.kinds.crossword.formats.acrosslite"),
                       signed=_CONSTRUCTORS),
        ExchangeFormat("ipuz", Lazy("satpuzzle.kinds.crossword.formats.ipuzfile"),
                       signed=_CONSTRUCTORS),
        ExchangeFormat("xd", Lazy("satpuzzle.kinds.crossword.formats.xd"), signed=_CONSTRUCTORS),
        ExchangeFormat("jpz", Lazy("satpuzzle.kinds.crossword.formats.jpz"), signed=_CONSTRUCTORS),
        ExchangeFormat("sitejson", Lazy("satpuzzle.kinds.crossword.formats.sitejson"),
                       signed=_CONSTRUCTORS),
    )
    fill_formats = ("puz", "ipuz", "xd")
    write_fill = Lazy("satpuzzle.kinds.crossword.formats.constructors", "write_fill")
    read_native = Lazy("satpuzzle.kinds.crossword.reading", "read_native")
    estimate_clauses = Lazy("satpuzzle.kinds.crossword.problem", "estimate_clauses")
    encode = Lazy("satpuzzle.kinds.crossword.rules", "encode")
    decode = Lazy("satpuzzle.kinds.crossword.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.crossword.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.crossword.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.crossword.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.crossword.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.crossword.rendering", "parse_solutions")

    # `instance: Any` below: the registry hands a kind its own instances (a
    # CrosswordInstance), which the type checker cannot follow through `Kind`'s methods

    def engine_for(self, instance: Any, requested: str) -> Engine[Any] | None:
        # a scored list wants the best fills, not any: `auto` answers best first
        if requested == "auto" and instance.scores is not None:
            return next(e for e in self.engines if e.name == "best")
        return super().engine_for(instance, requested)

    def adjust(self, instance: Any, options: Options) -> Instance:
        rule = options.get("rebus")
        if rule and instance.source is None and (rule in ("file", "implied", "none")
                                                 or instance.rebus != tuple(rule.split(","))):
            # a puzzle read from satpuzzle's JSON: the rule would change nothing
            raise InputError(f"--rebus {rule}: applies to a native grid (STRING,STRING...) or "
                             "a constructor's file; in satpuzzle's JSON write \"rebus\": "
                             "[STRINGS] and rebus cells such as (heart)")
        if options.get("best") and instance.scores is None:
            raise InputError("--best needs word scores, and this puzzle's word list has "
                             "none: give a scored list (word;score lines), or "
                             "'dictionary: en min-score=0' for frequency scores")
        return instance

    def input_notes(self, instance: Any) -> list[str]:
        from satpuzzle.kinds.crossword.causes import typed_note, unplaced_note

        if instance.source is None:
            return []
        return [note for note in (typed_note(instance.source), unplaced_note(instance.source))
                if note]

    def known_causes(self, instance: Any) -> list[str]:
        from satpuzzle.kinds.crossword.causes import known_causes

        return known_causes(instance)

    def prepare_check(self, instance: Instance) -> Callable[[Solution], list[str]]:
        return self.checker.prepare(instance)


KIND = CrosswordKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import crossword as checker
    from satpuzzle.kinds.crossword import (
        best,
        codecs,
        decoding,
        model,
        pictures,
        problem,
        puzzle,
        reading,
        rendering,
        rules,
        search,
    )
    from satpuzzle.kinds.crossword.formats import constructors
    from satpuzzle.kinds.interface import Conforms, Hooks, engine

    Conforms[model.CrosswordInstance, model.Fill](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[model.CrosswordInstance, model.Fill](native=reading, clauses=problem, fills=constructors)
    engine(search.search)
    engine(best.best_fills, optimality=best.optimality_claim)
