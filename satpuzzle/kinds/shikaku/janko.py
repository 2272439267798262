"""A Shikaku as janko.at text (satpuzzle/codecs/janko.py): its grid, `-` an empty cell, a
number a clue's area, `?` a clue of unknown area."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.codecs.janko import (
    EMPTY,
    JankoCodec,
    Layout,
    Words,
    clue_words,
    dotted,
    grid_spec,
    grid_words,
    plain,
)
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.shikaku import KIND

if TYPE_CHECKING:
    from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance


def fit(text: str, lay: Layout) -> int:
    """Clue sums that fit are likely a Shikaku's only if its clues can be covered at all:
    LIKELY or better is lowered to POSSIBLE when the reader refuses the grid."""
    if not grid_words(lay) or lay.regions:
        return Fit.NO
    level = KIND.fit(plain(lay, EMPTY))
    if level < Fit.LIKELY:
        return level
    try:
        read(lay)
    except InputError:
        return Fit.POSSIBLE
    return level


def read(lay: Layout) -> Instance:
    return KIND.from_spec(grid_spec("shikaku", lay, dotted(lay)))


def words(instance: ShikakuInstance) -> Words:
    return clue_words(instance.rows, instance.cols, instance.clues)


JANKO = JankoCodec(fit, read, words)
