"""The one registry of puzzle kinds. Adding a kind: its folder, its checker, one line here."""

from __future__ import annotations

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.kinds import crossword, hashi, jigsaw, one_in_three_sat, partition, shikaku, sudoku
from satpuzzle.kinds.base import Kind

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    crossword.KIND,
    sudoku.KIND,
    shikaku.KIND,
    hashi.KIND,
    jigsaw.KIND,
    partition.KIND,
    one_in_three_sat.KIND,
)}
NAMES = tuple(KINDS)


def kind(name: str, where: Token | None = None) -> Kind:
    """The kind called `name`, or an InputError listing the known ones."""
    found = KINDS.get(name)
    if found is None:
        message = f"unknown puzzle kind {name!r}; expected one of {', '.join(KINDS)}"
        raise where.error(message) if where else InputError(message)
    return found


def kind_of(instance: object) -> Kind:
    """The kind of a puzzle instance (every instance names its kind in `KIND`)."""
    return KINDS[instance.KIND]  # type: ignore[attr-defined]


def build(spec: PuzzleSpec) -> object:
    """The typed instance a `.puz` block describes."""
    return kind(spec.kind.text, spec.kind).from_spec(spec)
