"""janko.at text, the kind-free part: the layout of Otto Janko's puzzles as the puzzlekit
dataset publishes them (docs/FORMATS.md), and what a kind's codec for it is.

    9 9                       the first line: ROWS COLUMNS
    2 1 - 4 - - - 3 6         then ROWS lines of COLUMNS words: `-` an empty cell, a number
    8 - - - - - - - 5         a clue (a Sudoku digit, a Shikaku area, a Hashi island's
    ...                       bridges)

then, for a jigsaw or Killer Sudoku, ROWS more lines of labels. This module cuts a text into
its words (`Layout`), each keeping its place in the text so that every error points at the
word it is about; what the words mean is the kinds' (`JankoCodec`, in each kind's `janko.py`),
and satpuzzle/formats/janko.py is the format that chooses between them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Generic

from satpuzzle.codecs.native import natural
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import Block, text_lines, tokenize_rows
from satpuzzle.instances import Instance, InstanceT

EMPTY = "-"
UNKNOWN = "?"  # a clue of unknown number, which Shikaku and Hashi read

Words = tuple[list[list[str]], list[list[str]]]  # grid, regions


@dataclass(frozen=True)
class Layout:
    """The words of a janko.at text: the header's two, the grid's, the regions' (a jigsaw
    Sudoku's, or a Killer's cages; empty otherwise)."""

    header: list[Token]
    rows: int
    cols: int
    grid: list[list[Token]]
    regions: list[list[Token]]


@dataclass(frozen=True)
class JankoCodec(Generic[InstanceT]):
    """A kind's janko.at text (its `janko.py`, declared as the kind's ExchangeFormat "janko").

    `fit(text, layout)`: how well the layout fits the kind (a `Fit` level; never raises);
    `read(layout)`: the instance, checked by the kind's own reader, errors at their words;
    `words(instance)`: the grid's words and the regions' (an InputError, `cannot_carry`,
    when the layout cannot carry it); `regions`: whether the kind's grid may have label lines
    after it; `why_another(instance)`: why its text reads back as another puzzle, if the kind
    knows (None: it does not)."""

    fit: Callable[[str, Layout], int]
    read: Callable[[Layout], Instance]
    words: Callable[[InstanceT], Words]
    regions: bool = False
    why_another: Callable[[InstanceT], str | None] = lambda _instance: None


def starts_like(text: str) -> bool:
    """Whether the first line of `text` (blank and `#` lines aside) is a janko.at header:
    two positive numbers. Cheap: one line is looked at."""
    for line in text_lines(text):
        words = line.split("#", 1)[0].split()
        if words:
            return len(words) == 2 and all(natural(w) and int(w) > 0 for w in words)
    return False


def looks_like(text: str) -> bool:
    """Whether `text` is meant as janko.at text, broken or not: a header, then a line with an
    empty cell `-` among its words (cheap: three lines are looked at)."""
    if not starts_like(text):
        return False
    entries = [words for words in (line.split("#", 1)[0].split()
                                   for line in islice(text_lines(text), 50)) if words]
    return any(EMPTY in words for words in entries[1:3])


def layout(text: str, path: str, most: int) -> Layout:
    """The header, grid and regions of a janko.at text of at most `most` cells; an InputError
    at the first word that breaks the layout."""
    if not starts_like(text):
        rows = tokenize_rows(_first_entry(text), path)
        message = "expected a janko.at header 'ROWS COLUMNS' (two positive numbers)"
        raise rows[0][0].error(message) if rows else InputError(message, path, 1, 1)
    header = tokenize_rows(_first_entry(text), path)[-1]
    height, width = int(header[0].text), int(header[1].text)
    if height * width > most:  # before the body is read
        raise header[0].error(f"janko.at header says a grid of {height}×{width} cells, too "
                              f"large (at most {most} cells)")
    head, more = _head_lines(text)
    # the grid, its regions, the header: one more line or word is refused before it is read
    rows = tokenize_rows(head, path, BlockLimit(2 * height, 2 * height * width, header=2),
                         "janko.at text")
    body = rows[1:]
    if len(body) not in (height, 2 * height):
        found = f"more than {2 * height}" if more else str(len(body))
        raise header[0].error(f"janko.at header says {height} rows, but {found} lines follow "
                              f"(expected {height}, or {2 * height} for a jigsaw Sudoku: its "
                              "grid, then its regions)")
    for row in body:
        if len(row) != width:
            raise row[0].error(f"line has {len(row)} word(s), expected {width} (the janko.at "
                               "header's column count)")
    return Layout(header, height, width, body[:height], body[height:])


def _head_lines(text: str) -> tuple[str, bool]:
    """The lines that a janko.at text may hold: its header and twice as many lines as the
    header says rows, plus one to see that there are more (a large file of something else is
    not tokenized whole, nor split whole into lines)."""
    height = 0
    kept = []
    entries = 0
    for line in text_lines(text):
        kept.append(line)
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if entries == 0:
            height = int(words[0])
        entries += 1
        if entries > 2 * height + 1:
            return "\n".join(kept), True
    return "\n".join(kept), False


def _first_entry(text: str) -> str:
    """The lines of `text` up to its first word (where an error about the whole stands)."""
    kept = []
    for line in text_lines(text):
        kept.append(line)
        if line.split("#", 1)[0].strip():
            break
    return "\n".join(kept)


def grid_words(lay: Layout) -> bool:
    """Whether every word of the grid is a cell of the layout: `-`, `?` or a number."""
    return all(t.text in (EMPTY, UNKNOWN) or natural(t.text) for row in lay.grid for t in row)


def plain(lay: Layout, empty: str) -> str:
    """The grid as a plain native text, `-` written `empty`: what each kind's fit scores."""
    return "\n".join(" ".join(empty if t.text == EMPTY else t.text for t in row)
                     for row in lay.grid) + "\n"


def touching(lay: Layout) -> bool:
    """Whether two clues of the grid are side by side."""
    filled = [[t.text != EMPTY for t in row] for row in lay.grid]
    return any(here and ((c + 1 < len(row) and row[c + 1])
                         or (r + 1 < len(filled) and filled[r + 1][c]))
               for r, row in enumerate(filled) for c, here in enumerate(row))


def dotted(lay: Layout) -> list[list[Token]]:
    """The grid's words as the language writes them: `-` an empty cell `.`."""
    return [[Token("." if t.text == EMPTY else t.text, t.pos) for t in row] for row in lay.grid]


def grid_spec(kind: str, lay: Layout, cells: list[list[Token]]) -> PuzzleSpec:
    """The spec of a `kind` puzzle with the grid `cells` (and the layout's regions, if any),
    every word where it stands in the text."""
    where = lay.header[0]
    blocks = {"grid": Block(Token("grid", where.pos), cells)}
    if lay.regions:
        blocks["regions"] = Block(Token("regions", lay.regions[0][0].pos), lay.regions)
    return PuzzleSpec(Token(kind, where.pos), None, {}, blocks, Path("."))


def word(value: int | None) -> str:
    """A clue's word: `?` for an unknown number, `-` for none."""
    if value is None or value < 0:
        return UNKNOWN
    return str(value) if value else EMPTY


def clue_words(rows: int, cols: int, clues: Iterable[tuple[int, int, int | None]]) -> Words:
    """The words of a grid of numbered cells `(row, column, number)`, `-` elsewhere."""
    grid = [[EMPTY] * cols for _ in range(rows)]
    for r, c, number in clues:
        grid[r][c] = word(number)
    return grid, []


def cannot_carry(what: str) -> InputError:
    return InputError(f"janko.at text cannot carry this puzzle whole: {what}; use --format puz")
