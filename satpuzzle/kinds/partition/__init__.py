"""PARTITION: split numbers into two parts of equal sum (pseudo-Boolean encoding)."""

from __future__ import annotations

from satpuzzle.checkers import partition as checker
from satpuzzle.kinds.base import Kind
from satpuzzle.kinds.partition import codecs, pictures, puzzle


class PartitionKind(Kind):
    name = "partition"
    checker = checker
    puzzle = puzzle
    pictures = pictures
    file_suffixes = (".tsv",)
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    encode_batch = staticmethod(puzzle.encode_batch)
    render_line = staticmethod(puzzle.render_line)
    json_codec = codecs.JSON


KIND = PartitionKind()
