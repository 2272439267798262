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
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.one_in_three_sat.rules", "encode")
    decode = Lazy("satpuzzle.kinds.one_in_three_sat.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.one_in_three_sat.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.one_in_three_sat.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.one_in_three_sat.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.one_in_three_sat.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.one_in_three_sat.rendering", "parse_solutions")


KIND = OneInThreeSatKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import one_in_three_sat as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.one_in_three_sat import (
        codecs,
        decoding,
        pictures,
        puzzle,
        rendering,
        rules,
    )

    Conforms[puzzle.OneInThreeInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.OneInThreeInstance, puzzle.Solution](native=puzzle, fits=puzzle)
