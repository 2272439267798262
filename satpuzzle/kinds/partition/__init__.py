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
    encode_batch = Lazy("satpuzzle.kinds.partition.puzzle", "encode_batch")
    render_line = Lazy("satpuzzle.kinds.partition.puzzle", "render_line")


KIND = PartitionKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import partition as checker
    from satpuzzle.kinds.base import conforms, hooks
    from satpuzzle.kinds.partition import codecs, pictures, puzzle

    conforms(puzzle, pictures, checker, codecs, rules=puzzle, decoding=puzzle, rendering=puzzle)
    hooks(native=puzzle, fits=puzzle, batch=puzzle)
