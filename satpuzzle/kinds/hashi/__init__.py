"""Hashiwokakero (bridges): exact connectivity by lazy cuts or an eager encoding."""

from __future__ import annotations

from satpuzzle.checkers import hashi as checker
from satpuzzle.kinds.base import Kind, Option
from satpuzzle.kinds.hashi import codecs, pictures, puzzle


class HashiKind(Kind):
    name = "hashi"
    checker = checker
    puzzle = puzzle
    pictures = pictures
    file_suffixes = (".has",)
    input_options = (
        Option(("--connectivity",), {"choices": puzzle.CONNECTIVITY_MODES,
                                     "help": "hashi: connectivity by lazy cuts (default) or "
                                             "an eager encoding"},
               names_kind=False, native_only=False),
    )
    generate_options = (
        Option(("--islands",), {"type": int, "default": None, "metavar": "N",
                                "help": "hashi: number of random islands (default: a fifth "
                                        "of the cells)"}),
    )
    fit = staticmethod(puzzle.fit)
    read_native = staticmethod(puzzle.read_native)
    encode_standalone = staticmethod(puzzle.encode_standalone)
    sgt_games = (codecs.BRIDGES,)
    url_codec = codecs.URL
    json_codec = codecs.JSON
    native_formats = codecs.NATIVE

    def adjust(self, instance, options):
        return puzzle.with_connectivity(instance, options.get("connectivity"))

    def generate(self, rows, cols, seed, unique, options):
        islands = options.get("islands")
        if islands is None:
            islands = max(2, rows * cols // 5)
        return puzzle.generate(rows, cols, islands=islands, seed=seed, unique=unique)


KIND = HashiKind()
