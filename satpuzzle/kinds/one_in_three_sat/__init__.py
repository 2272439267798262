"""1-in-3 SAT: exactly one true literal in every clause.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.kinds.base import Kind
from satpuzzle.lazy import Lazy

# The families whose encoding a user may switch (--encoding FAMILY=NAME); rules.py passes
# this dict to constraints.Model. "clause": exactly one true literal in each clause.
FAMILIES = {"clause": "amo"}


class OneInThreeSatKind(Kind):
    name = "one-in-three-sat"
    checker = Lazy("satpuzzle.checkers.one_in_three_sat")
    codecs = Lazy("satpuzzle.kinds.one_in_three_sat.codecs")
    puzzle = Lazy("satpuzzle.kinds.one_in_three_sat.puzzle")
    pictures = Lazy("satpuzzle.kinds.one_in_three_sat.pictures")
    encoding_families = FAMILIES
    file_suffixes = (".cnf",)
    fit = Lazy("satpuzzle.kinds.one_in_three_sat.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.one_in_three_sat.puzzle", "read_native")
    native_format_names = ("dimacs",)


KIND = OneInThreeSatKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import one_in_three_sat as checker
    from satpuzzle.kinds.base import conforms, hooks
    from satpuzzle.kinds.one_in_three_sat import codecs, pictures, puzzle

    conforms(puzzle, pictures, checker, codecs, rules=puzzle, decoding=puzzle, rendering=puzzle)
    hooks(native=puzzle, fits=puzzle)
