"""janko.at text: the layout of Otto Janko's puzzles as the puzzlekit dataset publishes them.

    9 9                       the first line: ROWS COLUMNS
    2 1 - 4 - - - 3 6         then ROWS lines of COLUMNS words: `-` an empty cell, a number
    8 - - - - - - - 5         a clue (a Sudoku digit, a Shikaku area, a Hashi island's
    ...                       bridges)

A jigsaw (Chaos) Sudoku follows its grid with ROWS more lines of region labels, one a cell;
so does a Killer Sudoku, whose grid holds each cage's total in one cell of the cage and whose
labels name its cages. Which of the two such a text is, its words say (`_is_killer`): a
jigsaw's labels are N regions of N cells and its grid holds digits 1..N; a Killer's every
cage holds exactly one number, its total (`?` for a cage without one). A text both could be
(a 1×1 grid alone) is refused, not guessed.
Sudoku (any order), Shikaku, Hashi, Nurikabe and Kakuro are read; which one a text is, its
content says (but for Nurikabe, whose grid is a Shikaku's: read only as `--kind nurikabe`
says; a Kakuro grid is told by its clue words `DOWN,ACROSS`, its white cells `0`): each
kind scores its grid (`Kind.fit`), the header and the region lines count as the signature of
this layout, and two kinds tied at the top are not guessed between. A Sudoku's boxes are the
default shape for its order (satpuzzle.kinds.sudoku: 9 → 3×3, 6 → 2×3); an order with no
such box (a prime) is read only with its regions (or cages).

Reading hands the kind's own reader (`Kind.from_spec`) words that keep their place in the
text, so that every error points at the word it is about: a Killer's cages as the Sudoku
reader's `cages` lines (`12: r1c1 r1c2`), each at its total's word. Writing reads its text
back and refuses a puzzle the layout cannot carry whole (a Sudoku with boxes of another shape,
Sudoku X, a Hashi variant), saying what it cannot carry.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from satpuzzle.codecs.native import natural
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import Block, text_lines, tokenize_rows
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.sudoku.cages import total_range

NAME = "janko"
KINDS = ("sudoku", "shikaku", "hashi", "nurikabe", "kakuro")
# the kinds a text is recognised as; a Nurikabe only when named
GUESSED = ("sudoku", "shikaku", "hashi", "kakuro")
EMPTY = "-"
UNKNOWN = "?"  # a clue of unknown number, which Shikaku and Hashi read
# fields the layout does not carry: reading back leaves them unset
_DROPS = ("title", "connectivity")


@dataclass(frozen=True)
class Layout:
    """The words of a janko.at text: the header's two, the grid's, the regions' (a jigsaw
    Sudoku's, or a Killer's cages; empty otherwise)."""

    header: list[Token]
    rows: int
    cols: int
    grid: list[list[Token]]
    regions: list[list[Token]]


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


def layout(text: str, path: str) -> Layout:
    """The header, grid and regions of a janko.at text; an InputError at the first word that
    breaks the layout."""
    if not starts_like(text):
        rows = tokenize_rows(_first_entry(text), path)
        message = "expected a janko.at header 'ROWS COLUMNS' (two positive numbers)"
        raise rows[0][0].error(message) if rows else InputError(message, path, 1, 1)
    header = tokenize_rows(_first_entry(text), path)[-1]
    height, width = int(header[0].text), int(header[1].text)
    most = max(registry.kind(name).block_limits["grid"].cells for name in KINDS)
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
    if _kakuro_grid(lay):  # clue words DOWN,ACROSS: no other kind's grid has them
        return {"kakuro": Fit.CERTAIN} if "kakuro" in kinds else {}
    if not _grid_words(lay):
        return {}
    if lay.regions:  # region lines after the grid: only a jigsaw or Killer Sudoku has them
        return {"sudoku": Fit.CERTAIN} if lay.rows == lay.cols and "sudoku" in kinds else {}
    found = {}
    if "sudoku" in kinds and lay.rows == lay.cols and _has_boxes(lay.rows):
        found["sudoku"] = registry.kind("sudoku").fit(_plain(lay, "."))
    if "shikaku" in kinds:
        found["shikaku"] = _confirmed(text, lay, "shikaku", registry.kind("shikaku").fit(
            _plain(lay, EMPTY)))
    if kinds == ("nurikabe",):  # a Nurikabe grid is a Shikaku's: read when named, not guessed
        found["nurikabe"] = Fit.POSSIBLE
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
                         f"{', '.join(GUESSED)} puzzle", path, 1, 1)
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
    if lay.regions and kind == "sudoku" and _is_killer(lay):
        return registry.build(_killer_spec(lay))
    cells = [[Token("." if t.text == EMPTY else t.text, t.pos) for t in row] for row in lay.grid]
    if kind == "kakuro":
        cells = [[Token(_kakuro_cell(t.text), t.pos) for t in row] for row in lay.grid]
    blocks = {"grid": Block(Token("grid", where.pos), cells)}
    if lay.regions:
        blocks["regions"] = Block(Token("regions", lay.regions[0][0].pos), lay.regions)
    spec = PuzzleSpec(Token(kind, where.pos), None, {}, blocks, Path("."))
    return registry.build(spec)


# ---------------------------------------------------------------- Killer Sudoku


def _labelled(lay: Layout) -> dict[str, list[tuple[int, int]]]:
    """The cells of each label of the second grid, labels in the order their first cells
    are read (row by row)."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(lay.regions):
        for c, label in enumerate(row):
            cells.setdefault(label.text, []).append((r, c))
    return cells


def _is_killer(lay: Layout) -> bool:
    """Whether a square grid with labels after it is a Killer (its labels cages, its numbers
    their totals) rather than a jigsaw Sudoku; an InputError when it could be either.

    A jigsaw's labels are N regions of N cells and its numbers digits 1..N; a Killer's every
    cage holds one number (or `?`), and a cage of k cells a total that k different digits of
    1..N reach. Both hold only when each of N regions of N cells holds one number N(N+1)/2
    ≤ N: a 1×1 grid. A text that is neither is read the way it leans, for its errors: as a
    Killer when a number can only be a total (above N, or `?`) or when there are more labels
    than N and most of them hold exactly one number."""
    size = lay.rows
    cells = _labelled(lay)
    clues = [[t.text != EMPTY for t in row] for row in lay.grid]
    numbers = {label: sum(clues[r][c] for r, c in members) for label, members in cells.items()}
    words = [t.text for row in lay.grid for t in row if t.text != EMPTY]
    beyond = any(not natural(word) or int(word) > size for word in words)
    killer = all(count == 1 for count in numbers.values())
    jigsaw = (not beyond and len(cells) == size
              and all(len(members) == size for members in cells.values()))
    if killer and jigsaw:
        totals = [int(lay.grid[r][c].text) for members in cells.values()
                  for r, c in members if clues[r][c]]
        low, high = total_range(size, size)
        if any(not low <= total <= high for total in totals):
            return False  # what the numbers allow: digits, not totals
        raise lay.header[0].error(
            "this janko.at text could be a jigsaw Sudoku (its regions after the grid) or a "
            "Killer Sudoku (its cages and their totals); satpuzzle does not guess: write it "
            "as a .puz file, with a 'regions' or a 'cages' block")
    if killer or jigsaw:
        return killer
    single = sum(count == 1 for count in numbers.values())
    return beyond or (len(cells) > size and 2 * single > len(cells))


def _killer_spec(lay: Layout) -> PuzzleSpec:
    """The Sudoku spec of a janko.at Killer: an empty grid and a `cages` block whose lines
    stand where the text's words do (each cage's total at its number, its cells at their
    labels), so that the Sudoku reader's checks (a connected cage of at most N cells, a
    total its cells can reach) point at them. A cage without a number, or with two, is
    refused here."""
    where = lay.header[0]
    rows: list[list[Token]] = []
    for label, members in _labelled(lay).items():
        clues = [lay.grid[r][c] for r, c in members if lay.grid[r][c].text != EMPTY]
        first = lay.regions[members[0][0]][members[0][1]]
        if not clues:
            raise first.error(f"cage {label!r} holds no total: each cage of a Killer Sudoku "
                              "writes its total (or '?') in one of its cells of the grid")
        if len(clues) > 1:
            at = clues[0].pos
            raise clues[1].error(f"cage {label!r} holds a second number (its first, "
                                 f"{clues[0].text}, at line {at.line}, column {at.column}): "
                                 "a Killer cage holds its total alone")
        total = clues[0]
        if total.text != UNKNOWN and not natural(total.text):
            raise total.error(f"cage total {total.text!r} is not a number: a Killer cage "
                              "writes its total as digits, or '?'")
        if natural(total.text) and len(total.text.lstrip("0")) > 9:
            raise total.error(f"cage total {total.text} out of range: a cage of "
                              f"{len(members)} cell(s) adds up to at most "
                              f"{total_range(len(members), lay.rows)[1]}")
        head = "?" if total.text == UNKNOWN else str(int(total.text))
        rows.append([Token(f"{head}:", total.pos)]
                    + [Token(f"r{r + 1}c{c + 1}", lay.regions[r][c].pos) for r, c in members])
    grid = [[Token(".", t.pos) for t in row] for row in lay.grid]
    blocks = {"grid": Block(Token("grid", where.pos), grid),
              "cages": Block(Token("cages", lay.regions[0][0].pos), rows)}
    return PuzzleSpec(Token("sudoku", where.pos), None, {}, blocks, Path("."))


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
        back = [read_as(text, "<janko>", kind)] if kind not in GUESSED else read(text, "<janko>")
    except InputError as exc:
        raise InputError(f"janko.at text cannot carry this puzzle whole: read back, "
                         f"{exc.message}; use --format puz") from None
    if back != [_comparable(instance)]:
        raise _cannot_carry(_why_another(instance))
    return text


def _cannot_carry(what: str) -> InputError:
    return InputError(f"janko.at text cannot carry this puzzle whole: {what}; use --format puz")


def _why_another(instance: Any) -> str:
    """Why `instance`'s janko.at text reads back as another puzzle."""
    if instance.KIND == "sudoku" and instance.regions is None:
        from satpuzzle.kinds.sudoku.puzzle import default_box

        if (instance.box_rows, instance.box_cols) != default_box(instance.size):
            return (f"its {instance.box_rows}x{instance.box_cols} boxes would read back as "
                    "the default shape for its order")
    return "reading it back gives another puzzle"


def _comparable(instance: Any) -> Any:
    """`instance` as its janko.at text reads back: the fields the layout drops unset, a
    Killer's cages in the order of their first cells."""
    names = {field.name for field in dataclasses.fields(instance)}
    changes: dict[str, Any] = {name: None for name in _DROPS if name in names}
    if getattr(instance, "cages", ()):
        changes["cages"] = tuple(sorted(instance.cages, key=lambda cage: cage.cells))
    return dataclasses.replace(instance, **changes)


def _word(value: int | None) -> str:
    if value is None or value < 0:
        return UNKNOWN
    return str(value) if value else EMPTY


Words = tuple[list[list[str]], list[list[str]]]  # grid, regions


def _sudoku_words(instance: Any) -> Words:
    if instance.diagonals:
        raise _cannot_carry("a Sudoku X (its diagonals) cannot be written in this format")
    if instance.cages:
        return _killer_words(instance)
    grid = [[_word(v) for v in row] for row in instance.givens]
    regions = [] if instance.regions is None else [
        [str(region + 1) for region in row] for row in instance.regions]
    return grid, regions


def _killer_words(instance: Any) -> Words:
    """A Killer: each cage's total (`?` without one) in its first cell (row by row), `-`
    elsewhere; then the cages' labels, 1.. in the order of their first cells."""
    if instance.regions is not None:
        raise _cannot_carry("its layout has one grid of labels, the cages of a Killer or the "
                            "regions of a jigsaw Sudoku, not both")
    if any(any(row) for row in instance.givens):
        raise _cannot_carry("the grid of a Killer holds its cage totals, with no place for "
                            "given digits")
    size = instance.size
    grid = [[EMPTY] * size for _ in range(size)]
    labels = [[""] * size for _ in range(size)]
    for number, cage in enumerate(sorted(instance.cages, key=lambda cage: cage.cells), 1):
        r, c = cage.cells[0]
        grid[r][c] = UNKNOWN if cage.total is None else str(cage.total)
        for r, c in cage.cells:
            labels[r][c] = str(number)
    if any("" in row for row in labels):
        raise _cannot_carry("every cell of a janko.at Killer is in a cage")
    return grid, labels


def _shikaku_words(instance: Any) -> Words:
    grid = [[EMPTY] * instance.cols for _ in range(instance.rows)]
    for r, c, area in instance.clues:
        grid[r][c] = _word(area)
    return grid, []


def _hashi_words(instance: Any) -> Words:
    from satpuzzle.kinds.hashi.puzzle import DEFAULT_MAX_BRIDGES

    if instance.max_bridges != DEFAULT_MAX_BRIDGES or instance.no_loops:
        rules = ([f"at most {instance.max_bridges} bridges a pair"]
                 if instance.max_bridges != DEFAULT_MAX_BRIDGES else [])
        rules += ["no loops"] if instance.no_loops else []
        raise _cannot_carry(f"a Hashi variant ({', '.join(rules)}) cannot be written in "
                            "this format")
    return [[_word(v) for v in row] for row in instance.grid], []


# ---------------------------------------------------------------- Kakuro: `-` a block, `0` a
# white cell, `DOWN,ACROSS` a clue block (either number may be missing); the language's `*`,
# `.` and `DOWN\ACROSS`

KAKURO_WHITE = "0"


def _kakuro_word(word: str) -> bool:
    down, comma, across = word.partition(",")
    return bool(comma) and (not down or natural(down)) and (not across or natural(across))


def _kakuro_grid(lay: Layout) -> bool:
    """Whether every word of the grid is a Kakuro cell and one is a clue."""
    words = [t.text for row in lay.grid for t in row]
    return any(map(_kakuro_word, words)) and all(
        word in (EMPTY, KAKURO_WHITE) or _kakuro_word(word) for word in words)


def _kakuro_cell(word: str) -> str:
    """A janko.at Kakuro word as the language writes it (any other word left for the Kakuro
    reader to refuse where it stands)."""
    if word == EMPTY:
        return "*"
    if word == KAKURO_WHITE:
        return "."
    return word.replace(",", "\\", 1) if _kakuro_word(word) else word


def _kakuro_words(instance: Any) -> Words:
    def word(cell: tuple[int | None, int | None] | None) -> str:
        if cell is None:
            return KAKURO_WHITE
        down, across = cell
        if down is None and across is None:
            return EMPTY
        return f"{'' if down is None else down},{'' if across is None else across}"

    return [[word(cell) for cell in row] for row in instance.grid], []


_WRITERS = {"sudoku": _sudoku_words, "shikaku": _shikaku_words, "hashi": _hashi_words,
            "nurikabe": _shikaku_words,  # a number a cell, as a Shikaku's
            "kakuro": _kakuro_words}
