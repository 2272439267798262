"""A Kakuro as janko.at text (satpuzzle/codecs/janko.py): `-` a block, `0` a white cell,
`DOWN,ACROSS` a clue block (either number may be missing); the language's `*`, `.` and
`DOWN\\ACROSS`. A grid of these words with a clue among them is a Kakuro's: no other kind's
grid has them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.codecs.janko import EMPTY, JankoCodec, Layout, Words, grid_spec
from satpuzzle.codecs.native import natural
from satpuzzle.grammar import Token
from satpuzzle.instances import Instance
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.kakuro import KIND

if TYPE_CHECKING:
    from satpuzzle.kinds.kakuro.puzzle import KakuroInstance

WHITE = "0"


def _clue(word: str) -> bool:
    down, comma, across = word.partition(",")
    return bool(comma) and (not down or natural(down)) and (not across or natural(across))


def fit(text: str, lay: Layout) -> int:
    """CERTAIN when every word of the grid is a Kakuro cell and one is a clue."""
    words = [t.text for row in lay.grid for t in row]
    if any(map(_clue, words)) and all(word in (EMPTY, WHITE) or _clue(word) for word in words):
        return Fit.CERTAIN
    return Fit.NO


def _cell(word: str) -> str:
    """A janko.at Kakuro word as the language writes it (any other word left for the Kakuro
    reader to refuse where it stands)."""
    if word == EMPTY:
        return "*"
    if word == WHITE:
        return "."
    return word.replace(",", "\\", 1) if _clue(word) else word


def read(lay: Layout) -> Instance:
    cells = [[Token(_cell(t.text), t.pos) for t in row] for row in lay.grid]
    return KIND.from_spec(grid_spec("kakuro", lay, cells))


def words(instance: KakuroInstance) -> Words:
    def word(cell: tuple[int | None, int | None] | None) -> str:
        if cell is None:
            return WHITE
        down, across = cell
        if down is None and across is None:
            return EMPTY
        return f"{'' if down is None else down},{'' if across is None else across}"

    return [[word(cell) for cell in row] for row in instance.grid], []


JANKO = JankoCodec(fit, read, words)
