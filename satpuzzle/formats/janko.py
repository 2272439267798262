"""janko.at text: the layout of Otto Janko's puzzles as the puzzlekit dataset publishes them
(docs/FORMATS.md), a format several kinds write.

The layout's words are cut by the kind-free satpuzzle/codecs/janko.py; each kind that writes
it declares its codec (`ExchangeFormat("janko", ...)` in its `__init__.py`, a `JankoCodec`
in its `janko.py`): Sudoku (jigsaw and Killer too), Shikaku, Hashi, Nurikabe and Kakuro. This
module chooses between them: each kind scores the text (`JankoCodec.fit`), the header and the
region lines counting as the signature of this layout, and two kinds tied at the top are not
guessed between; a kind whose grid is another's (Nurikabe, a Shikaku's) is read only when
named (its declaration is not `guessed`).

Reading hands the kind's own reader (`Kind.from_spec`) words that keep their place in the
text, so that every error points at the word it is about. Writing reads its text back and
refuses a puzzle the layout cannot carry whole (a Sudoku with boxes of another shape, Sudoku
X, a Hashi variant), saying what it cannot carry.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from satpuzzle.codecs.janko import Layout, cannot_carry, layout, looks_like, starts_like
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit

NAME = "janko"
# kind -> its codec (a Lazy JankoCodec), in the registry's order, as the kinds declare them
CODECS = {kind.name: form.codec for kind in registry.KINDS.values()
          for form in kind.exchange_formats if form.name == NAME}
KINDS = tuple(CODECS)
# the kinds a text is recognised as; the others only when named
GUESSED = tuple(kind.name for kind in registry.KINDS.values()
                for form in kind.exchange_formats if form.name == NAME and form.guessed)
# fields the layout does not carry: reading back leaves them unset
_DROPS = ("title", "connectivity")

__all__ = ["KINDS", "NAME", "fits", "infer", "looks_like", "read", "read_as", "write"]


def _most() -> int:
    """The most cells a janko.at grid may have: the largest grid of the kinds that read it."""
    return max(registry.kind(name).block_limits["grid"].cells for name in KINDS)


def fits(text: str, kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    """How well `text` fits each kind of `kinds` as janko.at text (a `Fit` level; kinds it
    cannot be are left out); a kind that is not guessed only when it is `kinds` alone.
    Cheap, never raises."""
    if not starts_like(text):
        return {}
    try:
        lay = layout(text, "<fit>", _most())
    except InputError:
        return {}
    found = {}
    for name in kinds:
        if name in CODECS and (name in GUESSED or kinds == (name,)):
            level = CODECS[name].fit(text, lay)
            if level > Fit.NO:
                found[name] = level
    return found


def infer(text: str, path: str) -> str:
    """The one kind the janko.at text `text` is; an InputError when it is none or when two
    fit as well."""
    scores = fits(text)
    if not scores:
        layout(text, path, _most())  # its error, when the layout is broken
        raise InputError("cannot tell which puzzle this janko.at text is: its grid fits no "
                         f"{', '.join(GUESSED)} puzzle", path, 1, 1)
    best = max(scores.values())
    candidates = [kind for kind, level in scores.items() if level == best]
    if len(candidates) > 1:
        options = " or ".join(f"--kind {kind}" for kind in candidates)
        raise InputError(f"this janko.at text could be a {' or a '.join(candidates)} puzzle; "
                         f"satpuzzle does not guess: give {options}", path, 1, 1)
    return candidates[0]


def read(source: str, path: str) -> list[Instance]:
    """The puzzle of a janko.at text, of the kind its content says."""
    return [read_as(source, path, infer(source, path))]


def read_as(text: str, path: str, kind: str, lay: Layout | None = None) -> Instance:
    """The puzzle of a janko.at text read as `kind`, checked by the kind's own reader."""
    lay = lay or layout(text, path, _most())
    if kind not in CODECS:
        raise lay.header[0].error(f"janko.at text is read as a {', '.join(KINDS)} puzzle, "
                                  f"not as a {kind}")
    codec = CODECS[kind]
    if lay.regions and not codec.regions:
        raise lay.regions[0][0].error(f"a {kind} grid has no regions after it: the janko.at "
                                      f"header says {lay.rows} rows")
    return codec.read(lay)


def write(instance: Instance) -> str:
    """The puzzle as janko.at text; an InputError when the text would read back as another
    puzzle."""
    kind = instance.KIND
    if kind not in CODECS:
        raise InputError(f"janko.at text holds {', '.join(KINDS)} puzzles, not {kind}")
    rows, regions = CODECS[kind].words(instance)
    lines = [f"{len(rows)} {len(rows[0])}"]
    lines += [" ".join(row) for row in rows + regions]
    text = "\n".join(lines) + "\n"
    try:
        back = [read_as(text, "<janko>", kind)] if kind not in GUESSED else read(text, "<janko>")
    except InputError as exc:
        raise InputError(f"janko.at text cannot carry this puzzle whole: read back, "
                         f"{exc.message}; use --format puz") from None
    if back != [_comparable(instance)]:
        why = CODECS[kind].why_another(instance)
        raise cannot_carry(why or "reading it back gives another puzzle")
    return text


def _comparable(instance: Any) -> Instance:  # Any: a Killer's `cages` read by name
    """`instance` as its janko.at text reads back: the fields the layout drops unset, a
    Killer's cages in the order of their first cells."""
    names = {field.name for field in dataclasses.fields(instance)}
    changes: dict[str, object] = {name: None for name in _DROPS if name in names}
    if getattr(instance, "cages", ()):
        changes["cages"] = tuple(sorted(instance.cages, key=lambda cage: cage.cells))
    return dataclasses.replace(instance, **changes)
