"""janko.at text: the layout of Otto Janko's puzzles as the puzzlekit dataset publishes them.

    9 9                       the first line: ROWS COLUMNS
    2 1 - 4 - - - 3 6         then ROWS lines of COLUMNS words: `-` an empty cell, a number
    8 - - - - - - - 5         a clue (a Sudoku digit, a Shikaku area, a Hashi island's
    ...                       bridges)

A jigsaw (Chaos) Sudoku follows its grid with ROWS more lines of region labels, one a cell.
Sudoku (any order), Shikaku and Hashi are read; which one a text is, its content says: each
kind scores its grid (`Kind.fit`), the header and the region lines count as the signature of
this layout, and two kinds tied at the top are not guessed between. A Sudoku's boxes are the
default shape for its order (satpuzzle.kinds.sudoku: 9 → 3×3, 6 → 2×3); an order with no
such box (a prime) is read only with its regions.

Reading hands the kind's own reader (`Kind.from_spec`) words that keep their place in the
text, so that every error points at the word it is about. Writing reads its text back and
refuses a puzzle the layout cannot carry whole (a Sudoku with boxes of another shape).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from satpuzzle.codecs.native import natural
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import Block, tokenize_rows
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit

NAME = "janko"
KINDS = ("sudoku", "shikaku", "hashi")
EMPTY = "-"
UNKNOWN = "?"  # a clue of unknown number, which Shikaku and Hashi read
# fields the layout does not carry: reading back leaves them unset
_DROPS = ("title", "connectivity")


@dataclass(frozen=True)
class Layout:
    """The words of a janko.at text: the header's two, the grid's, the regions' (a jigsaw
    Sudoku's; empty otherwise)."""

    header: list[Token]
    rows: int
    cols: int
    grid: list[list[Token]]
    regions: list[list[Token]]


def starts_like(text: str) -> bool:
    """Whether the first line of `text` (blank and `#` lines aside) is a janko.at header:
    two positive numbers. Cheap: one line is looked at."""
    for line in text.splitlines():
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
                                   for line in text.splitlines()[:50]) if words]
    return any(EMPTY in words for words in entries[1:3])


def layout(text: str, path: str) -> Layout:
    """The header, grid and regions of a janko.at text; an InputError at the first word that
    breaks the layout."""
    if not starts_like(text):
        rows = tokenize_rows(text, path)
        message = "expected a janko.at header 'ROWS COLUMNS' (two positive numbers)"
        raise rows[0][0].error(message) if rows else InputError(message, path, 1, 1)
    head = _head_lines(text)
    rows = tokenize_rows(head, path)
    header, body = rows[0], rows[1:]
    height, width = int(header[0].text), int(header[1].text)
    if len(body) not in (height, 2 * height):
        more = len(text.splitlines()) > len(head.splitlines())
        found = f"more than {2 * height}" if more else str(len(body))
        raise header[0].error(f"janko.at header says {height} rows, but {found} lines follow "
                              f"(expected {height}, or {2 * height} for a jigsaw Sudoku: its "
                              "grid, then its regions)")
    for row in body:
        if len(row) != width:
            raise row[0].error(f"line has {len(row)} word(s), expected {width} (the janko.at "
                               "header's column count)")
    return Layout(header, height, width, body[:height], body[height:])


def _head_lines(text: str) -> str:
    """The lines that a janko.at text may hold: its header and twice as many lines as the
    header says rows, plus one to see that there are more (a large file of something else is
    not tokenized whole)."""
    lines = text.splitlines(keepends=True)
    height = 0
    kept = []
    entries = 0
    for line in lines:
        kept.append(line)
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if entries == 0:
            height = int(words[0])
        entries += 1
        if entries > 2 * height + 1:
            break
    return "".join(kept)


def _grid_words(lay: Layout) -> bool:
    """Whether every word of the grid is a cell of the layout: `-`, `?` or a number."""
    return all(t.text in (EMPTY, UNKNOWN) or natural(t.text) for row in lay.grid for t in row)


# ---------------------------------------------------------------- recognising


def fits(text: str, kinds: tuple[str, ...] = KINDS) -> dict[str, int]:
    """How well `text` fits each kind of `kinds` as janko.at text (a `Fit` level; kinds it
    cannot be are left out); cheap, never raises."""
    if not starts_like(text):
        return {}
    try:
        lay = layout(text, "<fit>")
    except InputError:
        return {}
    if not _grid_words(lay):
        return {}
    if lay.regions:  # region lines after the grid: only a jigsaw Sudoku has them
        return {"sudoku": Fit.CERTAIN} if lay.rows == lay.cols and "sudoku" in kinds else {}
    found = {}
    if "sudoku" in kinds and lay.rows == lay.cols and _has_boxes(lay.rows):
        found["sudoku"] = registry.kind("sudoku").fit(_plain(lay, "."))
    if "shikaku" in kinds:
        found["shikaku"] = _confirmed(text, lay, "shikaku", registry.kind("shikaku").fit(
            _plain(lay, EMPTY)))
    if "hashi" in kinds:
        found["hashi"] = registry.kind("hashi").fit(_plain(lay, "."))
        if _touching(lay):  # islands side by side: no bridge between them (none in the dataset)
            found["hashi"] = min(found["hashi"], Fit.POSSIBLE)
    return {kind: level for kind, level in found.items() if level > Fit.NO}


def _touching(lay: Layout) -> bool:
    """Whether two clues of the grid are side by side."""
    filled = [[t.text != EMPTY for t in row] for row in lay.grid]
    return any(here and ((c + 1 < len(row) and row[c + 1])
                         or (r + 1 < len(filled) and filled[r + 1][c]))
               for r, row in enumerate(filled) for c, here in enumerate(row))


def _has_boxes(size: int) -> bool:
    """Whether an N×N Sudoku has boxes of more than one row and column (N not prime): a
    janko.at Sudoku of prime order is a jigsaw, with its regions."""
    return size >= 4 and any(size % d == 0 for d in range(2, math.isqrt(size) + 1))


def _plain(lay: Layout, empty: str) -> str:
    """The grid as a plain native text, `-` written `empty`: what each kind's fit scores."""
    return "\n".join(" ".join(empty if t.text == EMPTY else t.text for t in row)
                     for row in lay.grid) + "\n"


def _confirmed(text: str, lay: Layout, kind: str, level: int) -> int:
    """`level`, lowered to POSSIBLE when the kind's reader refuses the grid: clue sums are
    likely a Shikaku's only if its clues can be covered at all."""
    if level < Fit.LIKELY:
        return level
    try:
        read_as(text, "<fit>", kind, lay)
    except InputError:
        return Fit.POSSIBLE
    return level


def infer(text: str, path: str) -> str:
    """The one kind the janko.at text `text` is; an InputError when it is none or when two
    fit as well."""
    scores = fits(text)
    if not scores:
        layout(text, path)  # its error, when the layout is broken
        raise InputError("cannot tell which puzzle this janko.at text is: its grid fits no "
                         f"{', '.join(KINDS)} puzzle", path, 1, 1)
    best = max(scores.values())
    candidates = [kind for kind, level in scores.items() if level == best]
    if len(candidates) > 1:
        options = " or ".join(f"--kind {kind}" for kind in candidates)
        raise InputError(f"this janko.at text could be a {' or a '.join(candidates)} puzzle; "
                         f"satpuzzle does not guess: give {options}", path, 1, 1)
    return candidates[0]


# ---------------------------------------------------------------- reading


def read(source: str, path: str) -> list[Any]:
    """The puzzle of a janko.at text, of the kind its content says."""
    return [read_as(source, path, infer(source, path))]


def read_as(text: str, path: str, kind: str, lay: Layout | None = None) -> Any:
    """The puzzle of a janko.at text read as `kind`, checked by the kind's own reader."""
    lay = lay or layout(text, path)
    where = lay.header[0]
    if kind not in KINDS:
        raise where.error(f"janko.at text is read as a {', '.join(KINDS)} puzzle, not as a "
                          f"{kind}")
    if lay.regions and kind != "sudoku":
        raise lay.regions[0][0].error(f"a {kind} grid has no regions after it: the janko.at "
                                      f"header says {lay.rows} rows")
    if kind == "sudoku" and lay.rows != lay.cols:
        raise where.error(f"a Sudoku grid is square; the janko.at header says {lay.rows} rows "
                          f"and {lay.cols} columns")
    cells = [[Token("." if t.text == EMPTY else t.text, t.pos) for t in row] for row in lay.grid]
    blocks = {"grid": Block(Token("grid", where.pos), cells)}
    if lay.regions:
        blocks["regions"] = Block(Token("regions", lay.regions[0][0].pos), lay.regions)
    spec = PuzzleSpec(Token(kind, where.pos), None, {}, blocks, Path("."))
    return registry.build(spec)


# ---------------------------------------------------------------- writing


def write(instance: Any) -> str:
    """The puzzle as janko.at text; an InputError when the text would read back as another
    puzzle."""
    kind = instance.KIND
    if kind not in KINDS:
        raise InputError(f"janko.at text holds {', '.join(KINDS)} puzzles, not {kind}")
    rows, regions = _WRITERS[kind](instance)
    lines = [f"{len(rows)} {len(rows[0])}"]
    lines += [" ".join(row) for row in rows + regions]
    text = "\n".join(lines) + "\n"
    try:
        back = read(text, "<janko>")
    except InputError as exc:
        raise InputError(f"janko.at text cannot carry this puzzle whole: read back, "
                         f"{exc.message}; use --format puz") from None
    if back != [_comparable(instance)]:
        raise InputError("janko.at text cannot carry this puzzle whole (reading it back gives "
                         "another puzzle: a Sudoku's boxes are the default shape for its "
                         "order); use --format puz")
    return text


def _comparable(instance: Any) -> Any:
    names = {field.name for field in dataclasses.fields(instance)}
    return dataclasses.replace(instance, **{name: None for name in _DROPS if name in names})


def _word(value: int | None) -> str:
    if value is None or value < 0:
        return UNKNOWN
    return str(value) if value else EMPTY


Words = tuple[list[list[str]], list[list[str]]]  # grid, regions


def _sudoku_words(instance: Any) -> Words:
    if getattr(instance, "diagonals", False) or getattr(instance, "cages", ()):
        raise InputError("janko.at text as satpuzzle reads it has no Sudoku X diagonals or "
                         "Killer cages; use --format puz")
    grid = [[_word(v) for v in row] for row in instance.givens]
    regions = [] if instance.regions is None else [
        [str(region + 1) for region in row] for row in instance.regions]
    return grid, regions


def _shikaku_words(instance: Any) -> Words:
    grid = [[EMPTY] * instance.cols for _ in range(instance.rows)]
    for r, c, area in instance.clues:
        grid[r][c] = _word(area)
    return grid, []


def _hashi_words(instance: Any) -> Words:
    return [[_word(v) for v in row] for row in instance.grid], []


_WRITERS = {"sudoku": _sudoku_words, "shikaku": _shikaku_words, "hashi": _hashi_words}
