"""Hashiwokakero (bridges): exact connectivity by lazy cuts or an eager encoding.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from satpuzzle.instances import Instance, Options, Solution
from satpuzzle.kinds.base import ExchangeFormat, Kind, Option
from satpuzzle.lazy import Lazy

_generation = Lazy("satpuzzle.kinds.hashi.generation")

# puzzle.CONNECTIVITY_MODES, declared here too so that the command line's choices need not
# load the encoding (tests/architecture/test_startup.py checks that the two agree)
CONNECTIVITY_MODES = ("lazy", "eager")

# The families of rules.py whose encoding a user may choose (--encoding FAMILY=NAME), and what
# each states; the others (order, crossing, isolated-pair) are binary or unit clauses.
FAMILIES = {"degree": "card", "connected": "connected", "no-loops": "card"}
# Their encodings when the user chooses none: degrees on the pairs' order-encoded counts (no
# auxiliaries; about 4× faster than the sequential counter on 400 islands, benchmarks/hashi.py),
# connectivity lazy (cuts for SAT, clasp's reachability rules for --engine auto).
DEFAULTS = {"degree": "order", "connected": "reachability", "no-loops": "seqcounter"}


class HashiKind(Kind):
    name = "hashi"
    checker = Lazy("satpuzzle.checkers.hashi")
    codecs = Lazy("satpuzzle.kinds.hashi.codecs")
    puzzle = Lazy("satpuzzle.kinds.hashi.puzzle")
    pictures = Lazy("satpuzzle.kinds.hashi.pictures")
    exchange_formats = (ExchangeFormat("janko", Lazy("satpuzzle.kinds.hashi.janko", "JANKO")),)
    encoding_families = FAMILIES
    file_suffixes = (".has",)
    input_options = (
        Option(("--connectivity",), {"choices": CONNECTIVITY_MODES,
                                     "help": "hashi: connectivity by lazy cuts (default) or "
                                             "an eager encoding"},
               names_kind=False, native_only=False),
    )
    generate_options = (
        Option(("--islands",), {"type": int, "default": None, "metavar": "N",
                                "help": "hashi: number of random islands (default: a fifth "
                                        "of the cells)"}),
    )
    fit = Lazy("satpuzzle.kinds.hashi.puzzle", "fit")
    adapt_native = Lazy("satpuzzle.kinds.hashi.header", "has_rows_first")
    read_native = Lazy("satpuzzle.kinds.hashi.puzzle", "read_native")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.hashi.rules", "encode")
    encode_standalone = Lazy("satpuzzle.kinds.hashi.rules", "encode_standalone")
    decode = Lazy("satpuzzle.kinds.hashi.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.hashi.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.hashi.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.hashi.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.hashi.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.hashi.rendering", "parse_solutions")
    native_format_names = ("has",)

    def prepare_check(self, instance: Instance) -> Callable[[Solution], list[str]]:
        return self.checker.prepare(instance)

    def adjust(self, instance, options):
        return self.puzzle.with_connectivity(instance, options.get("connectivity"))

    def generate(self, rows: int, cols: int, seed: int, unique: bool,
                 options: Options) -> Instance:
        islands = options.get("islands")
        if islands is None:
            islands = max(2, rows * cols // 5)
        return _generation.generate(rows, cols, islands=islands, seed=seed, unique=unique)


KIND = HashiKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import hashi as checker
    from satpuzzle.kinds.hashi import codecs, decoding, pictures, puzzle, rendering, rules
    from satpuzzle.kinds.interface import Conforms, Hooks

    Conforms[puzzle.HashiInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.HashiInstance, puzzle.Solution](native=puzzle, fits=puzzle, standalone=rules)
