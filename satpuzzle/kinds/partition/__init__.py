"""PARTITION: split numbers into two parts of equal sum (pseudo-Boolean encoding).

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.kinds.base import Kind
from satpuzzle.lazy import Lazy

# The families whose encoding a user may switch (--encoding FAMILY=NAME); rules.py passes
# this dict to constraints.Model. "sum": part 1 holds half the total (pseudo-Boolean,
# mixed radix by default: the measurements are in rules.py).
FAMILIES = {"sum": "pb"}


class PartitionKind(Kind):
    name = "partition"
    checker = Lazy("satpuzzle.checkers.partition")
    codecs = Lazy("satpuzzle.kinds.partition.codecs")
    puzzle = Lazy("satpuzzle.kinds.partition.puzzle")
    pictures = Lazy("satpuzzle.kinds.partition.pictures")
    encoding_families = FAMILIES
    file_suffixes = (".tsv",)
    fit = Lazy("satpuzzle.kinds.partition.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.partition.puzzle", "read_native")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.partition.rules", "encode")
    encode_batch = Lazy("satpuzzle.kinds.partition.rules", "encode_batch")
    decode = Lazy("satpuzzle.kinds.partition.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.partition.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.partition.rendering", "render_text")
    render_line = Lazy("satpuzzle.kinds.partition.rendering", "render_line")
    render_json = Lazy("satpuzzle.kinds.partition.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.partition.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.partition.rendering", "parse_solutions")


KIND = PartitionKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import partition as checker
    from satpuzzle.kinds.interface import Conforms, Hooks
    from satpuzzle.kinds.partition import codecs, decoding, pictures, puzzle, rendering, rules

    Conforms[puzzle.PartitionInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.PartitionInstance, puzzle.Solution](native=puzzle, fits=puzzle, batch=(rules, rendering))
