"""A Nurikabe as janko.at text (satpuzzle/codecs/janko.py): its grid, `-` an empty cell, a
number an island's size, as a Shikaku's; so a text is read as a Nurikabe only when the kind
is named (its ExchangeFormat is not `guessed`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.codecs.janko import (
    JankoCodec,
    Layout,
    Words,
    clue_words,
    dotted,
    grid_spec,
    grid_words,
)
from satpuzzle.instances import Instance
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.nurikabe import KIND

if TYPE_CHECKING:
    from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance


def fit(text: str, lay: Layout) -> int:
    return Fit.POSSIBLE if grid_words(lay) and not lay.regions else Fit.NO


def read(lay: Layout) -> Instance:
    return KIND.from_spec(grid_spec("nurikabe", lay, dotted(lay)))


def words(instance: NurikabeInstance) -> Words:
    return clue_words(instance.rows, instance.cols, instance.clues)


JANKO = JankoCodec(fit, read, words)
