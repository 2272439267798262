"""Nurikabe: shade cells as sea so that every number lies in an island of that many cells.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.kinds.base import ExchangeFormat, Kind
from satpuzzle.lazy import Lazy

# The families whose encoding a user may switch (--encoding FAMILY=NAME); rules.py passes
# this dict to constraints.Model
FAMILIES = {"cell": "amo", "size": "card", "island": "connected", "sea": "connected"}


class NurikabeKind(Kind):
    name = "nurikabe"
    checker = Lazy("satpuzzle.checkers.nurikabe")
    codecs = Lazy("satpuzzle.kinds.nurikabe.codecs")
    puzzle = Lazy("satpuzzle.kinds.nurikabe.puzzle")
    pictures = Lazy("satpuzzle.kinds.nurikabe.pictures")
    exchange_formats = (
        ExchangeFormat("janko", Lazy("satpuzzle.kinds.nurikabe.janko", "JANKO"), guessed=False),
    )
    encoding_families = FAMILIES
    fit = Lazy("satpuzzle.kinds.nurikabe.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.nurikabe.puzzle", "read_native")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.nurikabe.rules", "encode")
    decode = Lazy("satpuzzle.kinds.nurikabe.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.nurikabe.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.nurikabe.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.nurikabe.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.nurikabe.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.nurikabe.rendering", "parse_solutions")
    encode_standalone = Lazy("satpuzzle.kinds.nurikabe.rules", "encode_standalone")


KIND = NurikabeKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import nurikabe as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.nurikabe import codecs, decoding, pictures, puzzle, rendering, rules

    Conforms[puzzle.NurikabeInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.NurikabeInstance, puzzle.Solution](native=puzzle, fits=puzzle, standalone=rules)
