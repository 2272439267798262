"""The one registry of puzzle kinds. Adding a kind: its folder, its checker, one line here.

Importing the registry imports every kind's `__init__.py`, which declares the kind (name,
options, engines, file suffixes) and nothing more: a kind's puzzle module, codecs and checker
load when first used (satpuzzle.lazy), so `satpuzzle --help` and a Sudoku load no other kind's
encoding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.errors import InputError
from satpuzzle.kinds import (
    crossword,
    hashi,
    jigsaw,
    kakuro,
    nurikabe,
    one_in_three_sat,
    partition,
    shikaku,
    sudoku,
)
from satpuzzle.kinds.base import Kind

if TYPE_CHECKING:
    from satpuzzle.grammar import PuzzleSpec, Token
    from satpuzzle.grammar.limits import Limits
    from satpuzzle.instances import Instance

KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    crossword.KIND,
    sudoku.KIND,
    shikaku.KIND,
    hashi.KIND,
    jigsaw.KIND,
    partition.KIND,
    one_in_three_sat.KIND,
    nurikabe.KIND,
    kakuro.KIND,
)}
NAMES = tuple(KINDS)


def kind(name: str, where: Token | None = None) -> Kind:
    """The kind called `name`, or an InputError listing the known ones."""
    found = KINDS.get(name)
    if found is None:
        message = f"unknown puzzle kind {name!r}; expected one of {', '.join(KINDS)}"
        raise where.error(message) if where else InputError(message)
    return found


GENERATORS: dict[str, tuple[Kind, dict[str, object]]] = {
    **{name: (kind, {}) for name, kind in KINDS.items() if kind.can_generate},
    **{preset: (kind, options) for kind in KINDS.values()
       for preset, options in kind.generate_presets.items()}}


def block_limits(where: Token) -> Limits:
    """The block limits of the kind `where` names (satpuzzle.grammar.limits), or an
    InputError there listing the known kinds."""
    return kind(where.text, where).block_limits


def kind_of(instance: Instance) -> Kind:
    """The kind of a puzzle instance (every instance names its kind in `KIND`)."""
    return KINDS[instance.KIND]


def build(spec: PuzzleSpec) -> Instance:
    """The typed instance a `.puz` block describes; `encoding: FAMILY=NAME,...`, which every
    kind accepts, chooses encodings for its families."""
    found = kind(spec.kind.text, spec.kind)
    entry = spec.fields.pop("encoding", None)
    instance = found.from_spec(spec)
    if entry is None:
        return instance
    from satpuzzle.constraints import parse_choices  # only when a puzzle chooses

    where = entry.values[0]
    try:
        chosen = parse_choices(",".join(value.text for value in entry.values))
        return found.with_encodings(instance, tuple(chosen.items()))
    except InputError as error:
        if error.line is not None:
            raise
        raise where.error(error.message) from None
