"""A Hashi as janko.at text (satpuzzle/codecs/janko.py): its grid, `-` water, a number an
island's bridges, `?` an island of unknown count. The variants (another bridge limit, no
loops) are not carried."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.codecs.janko import (
    JankoCodec,
    Layout,
    Words,
    cannot_carry,
    dotted,
    grid_spec,
    grid_words,
    plain,
    touching,
    word,
)
from satpuzzle.instances import Instance
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.hashi import KIND

if TYPE_CHECKING:
    from satpuzzle.kinds.hashi.puzzle import HashiInstance


def fit(text: str, lay: Layout) -> int:
    if not grid_words(lay) or lay.regions:
        return Fit.NO
    level = KIND.fit(plain(lay, "."))
    if touching(lay):  # islands side by side: no bridge between them (none in the dataset)
        return min(level, Fit.POSSIBLE)
    return level


def read(lay: Layout) -> Instance:
    return KIND.from_spec(grid_spec("hashi", lay, dotted(lay)))


def words(instance: HashiInstance) -> Words:
    from satpuzzle.kinds.hashi.puzzle import DEFAULT_MAX_BRIDGES

    if instance.max_bridges != DEFAULT_MAX_BRIDGES or instance.no_loops:
        rules = ([f"at most {instance.max_bridges} bridges a pair"]
                 if instance.max_bridges != DEFAULT_MAX_BRIDGES else [])
        rules += ["no loops"] if instance.no_loops else []
        raise cannot_carry(f"a Hashi variant ({', '.join(rules)}) cannot be written in "
                           "this format")
    return [[word(v) for v in row] for row in instance.grid], []


JANKO = JankoCodec(fit, read, words)
