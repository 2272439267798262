"""PARTITION: split numbers into two parts of equal sum (pseudo-Boolean encoding)."""

from __future__ import annotations

from satpuzzle.checkers import partition as checker
from satpuzzle.kinds.base import Kind
from satpuzzle.kinds.partition import codecs, pictures, puzzle


class PartitionKind(Kind):
    name = "partition"
    checker = checker
    file_suffixes = (".tsv",)
    from_spec = staticmethod(puzzle.from_spec)
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    to_puz = staticmethod(puzzle.to_puz)
    encode = staticmethod(puzzle.encode)
    encode_batch = staticmethod(puzzle.encode_batch)
    decode = staticmethod(puzzle.decode)
    render_text = staticmethod(puzzle.render_text)
    render_line = staticmethod(puzzle.render_line)
    render_json = staticmethod(puzzle.render_json)
    solution_from_json = staticmethod(puzzle.from_json)
    parse_solutions = staticmethod(puzzle.parse_solutions)
    forced_text = staticmethod(puzzle.forced_text)
    pretty = staticmethod(pictures.pretty)
    svg = staticmethod(pictures.svg)
    json_codec = codecs.JSON


KIND = PartitionKind()
