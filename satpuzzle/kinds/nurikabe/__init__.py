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
    encode_standalone = Lazy("satpuzzle.kinds.nurikabe.puzzle", "encode_standalone")


KIND = NurikabeKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import nurikabe as checker
    from satpuzzle.kinds.base import conforms
    from satpuzzle.kinds.nurikabe import codecs, pictures, puzzle

    conforms(puzzle, pictures, checker, codecs, rules=puzzle, decoding=puzzle, rendering=puzzle,
             native=puzzle, fits=puzzle, standalone=puzzle)
