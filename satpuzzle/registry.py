"""Puzzle kinds: the language knows them all; each implemented kind is one module speaking the
KindModule protocol. Adding a kind = its module, its checker and one line in IMPLEMENTED."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from types import ModuleType
from typing import Any, Protocol

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token

# Every kind the .puz language is designed for (docs/LANGUAGE.md has an example of each).
LANGUAGE_KINDS = (
    "crossword", "sudoku", "shikaku", "hashi", "jigsaw", "partition", "one-in-three-sat",
)

# kind -> (encoder module, rule checker module); the two share no code.
IMPLEMENTED = {
    "shikaku": ("satpuzzle.kinds.shikaku.puzzle", "satpuzzle.checkers.shikaku"),
    "sudoku": ("satpuzzle.kinds.sudoku.puzzle", "satpuzzle.checkers.sudoku"),
    "crossword": ("satpuzzle.kinds.crossword.puzzle", "satpuzzle.checkers.crossword"),
    "hashi": ("satpuzzle.kinds.hashi.puzzle", "satpuzzle.checkers.hashi"),
    "jigsaw": ("satpuzzle.kinds.jigsaw.puzzle", "satpuzzle.checkers.jigsaw"),
    "partition": ("satpuzzle.kinds.partition.puzzle", "satpuzzle.checkers.partition"),
    "one-in-three-sat": ("satpuzzle.kinds.one_in_three_sat.puzzle",
                         "satpuzzle.checkers.one_in_three_sat"),
}


class KindModule(Protocol):
    """What an encoder module offers (see satpuzzle/kinds/sudoku/puzzle.py)."""

    KIND: str

    def from_spec(self, spec: PuzzleSpec) -> Any: ...
    def sniff(self, text: str) -> bool: ...
    def read_native(self, text: str, path: str, options: dict[str, Any]) -> tuple[list[Any], bool]:
        ...
    # optional: ENUMERATE_ALL = True (every solution by default), encode_batch, render_line,
    # encode_standalone (when encode() leaves constraints to Formula.refine, a formula complete
    # by itself for DIMACS export)
    def to_puz(self, instance: Any) -> str: ...
    def encode(self, instance: Any) -> Formula: ...
    def decode(self, instance: Any, true_names: Iterable[VarName]) -> Any: ...
    def render_text(self, instance: Any, solution: Any) -> str: ...
    def render_json(self, instance: Any, solution: Any) -> Any: ...
    def parse_solutions(self, instance: Any, text: str, path: str) -> list[Any]: ...


def uses_search(module: ModuleType, instance: Any, engine: str) -> bool:
    """Whether `engine` runs the kind's own search engine on this instance: "search" and
    "race" always (an InputError if the kind has none), "auto" where the kind has one and its
    `search_suits(instance)`, if it defines one, says the engine measured faster on such
    instances; "sat" never."""
    if engine == "sat":
        return False
    if not hasattr(module, "search"):
        if engine in ("search", "race"):
            raise InputError(f"puzzle kind {module.KIND!r} has no search engine of its own; "
                             "use --engine auto or sat")
        return False
    suits = getattr(module, "search_suits", None)
    return engine in ("search", "race") or suits is None or suits(instance)


def kind_module(name: str, where: Token | None = None) -> ModuleType:
    """The encoder module of kind `name`, or an InputError saying why there is none."""
    if name not in IMPLEMENTED:
        if name in LANGUAGE_KINDS:
            message = (f"puzzle kind {name!r} is part of the language but not implemented yet; "
                       f"implemented: {', '.join(IMPLEMENTED)}")
        else:
            message = f"unknown puzzle kind {name!r}; expected one of {', '.join(LANGUAGE_KINDS)}"
        raise where.error(message) if where else InputError(message)
    return importlib.import_module(IMPLEMENTED[name][0])


def checker_module(name: str) -> ModuleType:
    return importlib.import_module(IMPLEMENTED[name][1])


def build(spec: PuzzleSpec) -> Any:
    """The typed instance a spec describes."""
    return kind_module(spec.kind.text, spec.kind).from_spec(spec)


def standalone_formula(instance: Any) -> Formula:
    """A formula whose models are exactly the solutions, with no lazy constraints: what a
    DIMACS file must hold for an external solver."""
    module = kind_module(instance.KIND)
    return getattr(module, "encode_standalone", module.encode)(instance)


def check_budget(instance: Any) -> None:
    """Refuse, before encoding, a puzzle whose kind estimates more clauses than the budget
    (--max-clauses); kinds without an estimate are stopped by the Formula itself as it grows."""
    from satpuzzle.cnf import refuse_estimate

    estimate = getattr(kind_module(instance.KIND), "estimate_clauses", None)
    if estimate is not None:
        refuse_estimate(estimate(instance), f"this {instance.KIND} puzzle")
