"""`.jpz` crosswords (Crossword Compiler's XML, `<crossword-compiler-applet>` or
`<crossword-compiler>` holding a `<rectangular-puzzle>`), plain or zipped: read only (a fill is
written back as Across Lite, ipuz or xd).

Hostile XML is refused before it can cost anything: the file is parsed by expat (the standard
library) with any document type declaration refused, so that no entity can be declared
(no "billion laughs" expansion, no external entity or file is ever read); a zipped file is
unpacked with its member count and unpacked size bounded by the input limit (a zip bomb stops
there).

Read: the grid's `<cell>`s (`type="block"` or `"void"` a block; `type="clue"` with a
`solution` letter a letter given to the solver, without one a clue cell of an arrow-word grid, a
block for the fill; `solution` the answer, `solve-state` a letter typed, `hint="true"` a letter
revealed: both given), the `<word>`s (their cells as `x`, `y` numbers or ranges `1-5`, and
`<cells>`) and the `<clues>` on them, each on the entry its word is (or, in a group titled
Across or Down, the one its word starts), title, creator, copyright, and the bars of a barred
grid (a cell's `top-bar`, `left-bar`, `right-bar` and `bottom-bar`, which end entries as blocks
do). A puzzle that is no crossword (an `<acrostic>`, `<coded>` crossword, `<word-search>` or
`<sudoku>`) is refused, naming it; so is a variety crossword, whose words are not the straight
runs of its grid (satpuzzle.kinds.crossword.formats.words).

A rebus: a `solution` of several letters (`<cell solution="HEART">`) is GridFile.rebus,
upper-cased, accents folded; one of other characters (`10`, `♥`) leaves its cell open, no letter
known; one of more than MAX_REBUS_LETTERS characters is refused. A `solve-state` counts in a
rebus cell only when it is the whole string, and one of several letters elsewhere not at all.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import TYPE_CHECKING
from xml.etree.ElementTree import Element, TreeBuilder
from xml.parsers import expat

from satpuzzle.codecs.gridfile import (
    BLOCK,
    OPEN,
    Bar,
    Clue,
    GridFile,
    RebusCell,
    bar_of_side,
    cell_string,
    entries,
)
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.formats.words import Cell, Word, direction, refuse_variety
from satpuzzle.lazy import Lazy
from satpuzzle.textio import ZIP_MAGIC, input_limit, read_at_most

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

NAME = "jpz"
KINDS = ("crossword",)
FORMAT = "jpz"
READS_BYTES = True  # a zipped .jpz: satpuzzle.formats.read passes its bytes
MAX_CELLS = 10_000  # as the crossword kind's grids
# a cell, the references of its two words to it, their clues, the rest of the document
MAX_ELEMENTS = 8 * MAX_CELLS
MAX_MEMBERS = 16  # a zipped .jpz holds one document
_ROOT = re.compile(r"<(?:\w+:)?(crossword-compiler|rectangular-puzzle)\b")
# the puzzles of a <rectangular-puzzle> other than <crossword>, as an error names them
NOT_CROSSWORDS = {"acrostic": "an acrostic puzzle", "coded": "a coded crossword",
                  "word-search": "a word search", "sudoku": "a sudoku"}


def is_jpz(text: str) -> bool:
    """Whether `text` is a Crossword Compiler XML document."""
    return text[:1000].lstrip().startswith("<") and bool(_ROOT.search(text, 0, 4000))


def signature(source: str | bytes, path: str) -> str | None:
    """NAME when `source` is a `.jpz`, zipped (any zip: refused when it holds none) or not,
    else None."""
    if isinstance(source, bytes):
        return NAME if source.startswith(ZIP_MAGIC) else None
    return NAME if is_jpz(source) else None


def read(source: str | bytes, path: str) -> list[CrosswordInstance]:
    """The fill problem of a `.jpz`, its word list the file's own answers (a dictionary comes
    with `solve --dict`, through satpuzzle.loading)."""
    return [crossword_codecs.fill_problem(read_document(source, path), path)]


def read_document(source: str | bytes, path: str) -> GridFile:
    data = _unzipped(source, path) if isinstance(source, bytes) else source.encode("utf-8")
    root = _parse(data, path)
    puzzle = _first(root, "rectangular-puzzle")
    _refuse_other_puzzles(puzzle, path)
    grid = _first(puzzle, "grid") if puzzle is not None else None
    if puzzle is None or grid is None:
        raise InputError("not a crossword .jpz: no <rectangular-puzzle> with a <grid>", path)
    width, height = _size(grid, path)
    cells, solution, typed, rebus = _cells(grid, width, height, path)
    bars = _bars(grid, path)
    words = _words(puzzle, width, height, path)
    refuse_variety((word for _, word in words), path, cells, bars, _other_groups(puzzle))
    metadata = _first(puzzle, "metadata")
    cells_of: dict[str, tuple[Cell, ...]] = {}
    for name, word in words:
        cells_of.setdefault(name, word.cells)  # a clue's word: the first of its id
    clues = _clues(puzzle, cells_of, cells, bars)
    every_clue = sum(1 for group in puzzle.iter("clues") for _ in group.iter("clue"))
    return GridFile(FORMAT, cells, solution, clues,
                    _text(metadata, "title"), _text(metadata, "creator"),
                    _text(metadata, "copyright"), _text(metadata, "description"), data,
                    typed=typed, bars=bars, rebus=rebus,
                    unplaced_clues=every_clue - len(clues))


def _refuse_other_puzzles(puzzle: Element | None, path: str) -> None:
    """A `<rectangular-puzzle>` holding no `<crossword>` but another puzzle is refused, naming
    it (an acrostic's grid is its quotation, no crossword to fill)."""
    if puzzle is None or puzzle.find("crossword") is not None:
        return
    other = next((child.tag for child in puzzle if child.tag in NOT_CROSSWORDS), None)
    if other is not None:
        raise InputError(f"this jpz file holds {NOT_CROSSWORDS[other]} (<{other}>); satpuzzle "
                         "fills crosswords", path)


def _unzipped(data: bytes, path: str) -> bytes:
    """The XML of a `.jpz`: the bytes themselves, or the one document of a zip archive,
    unpacked within the input limit."""
    if not data.startswith(ZIP_MAGIC):
        return data
    limit = input_limit()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            if not members or len(members) > MAX_MEMBERS:
                raise InputError(f"a zipped .jpz holds one document; this archive holds "
                                 f"{len(members)} files", path)
            member = next((m for m in members if m.filename.lower().endswith((".jpz", ".xml"))),
                          members[0])
            if member.file_size > limit:
                raise InputError(f"the zipped .jpz unpacks to {member.file_size} bytes; at "
                                 f"most {limit} accepted (--max-input-bytes)", path)
            with archive.open(member) as handle:
                unpacked = read_at_most(handle, limit + 1)  # the declared size may lie
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            OSError, RuntimeError, ValueError) as exc:
        raise InputError(f"not a valid zipped .jpz: {exc}", path) from None
    if len(unpacked) > limit:
        raise InputError(f"the zipped .jpz unpacks to more than {limit} bytes "
                         "(--max-input-bytes)", path)
    return unpacked


def _parse(data: bytes, path: str) -> Element:
    """The XML's element tree, namespaces dropped from names; a document type declaration
    (and so any entity) refused."""
    builder = TreeBuilder()
    parser = expat.ParserCreate(namespace_separator=" ")

    def no_doctype(*_: object) -> None:
        raise InputError("a .jpz with a document type declaration (<!DOCTYPE>) is refused: "
                         "it could declare entities", path, parser.CurrentLineNumber,
                         parser.CurrentColumnNumber + 1)

    parser.StartDoctypeDeclHandler = no_doctype
    parser.EntityDeclHandler = no_doctype
    elements = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        # sizes checked as the elements come, before the tree holds them all
        nonlocal elements
        elements += 1
        if elements > MAX_ELEMENTS:
            raise InputError(f"more than {MAX_ELEMENTS} XML elements, too many for a grid of "
                             f"at most {MAX_CELLS} cells", path, parser.CurrentLineNumber,
                             parser.CurrentColumnNumber + 1)
        tag = name.rpartition(" ")[2]
        if tag == "grid":
            _size(attributes, path)
        builder.start(tag, attributes)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: builder.end(name.rpartition(" ")[2])
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise InputError(f"not valid XML: {expat.ErrorString(exc.code)}", path, exc.lineno,
                         exc.offset + 1) from None
    return builder.close()


def _first(element: Element | None, tag: str) -> Element | None:
    return None if element is None else next(element.iter(tag), None)


def _text(element: Element | None, tag: str) -> str:
    found = _first(element, tag)
    return " ".join("".join(found.itertext()).split()) if found is not None else ""


def _number(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 6 else None


def _size(grid: Element | dict[str, str], path: str) -> tuple[int, int]:
    width, height = _number(grid.get("width")), _number(grid.get("height"))
    if not width or not height:
        raise InputError("not a crossword .jpz: the grid needs a positive width and height",
                         path)
    if width * height > MAX_CELLS:
        raise InputError(f"grid of {height}×{width} cells is too large (at most {MAX_CELLS} "
                         "cells)", path)
    return width, height


def _cells(grid: Element, width: int, height: int, path: str
           ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[RebusCell, ...]]:
    """The grid's given letters, its answers, the letters typed (solve-state) and its rebus
    cells (their first letters in the others)."""
    given = [[BLOCK] * width for _ in range(height)]  # cells not listed are no cells
    typed_cells = [[OPEN] * width for _ in range(height)]
    answer = [[BLOCK] * width for _ in range(height)]
    rebus: dict[tuple[int, int], str] = {}
    for cell in grid.iter("cell"):
        x, y = _number(cell.get("x")), _number(cell.get("y"))
        if not x or not y or x > width or y > height:
            raise InputError(f"a <cell> at x={cell.get('x')!r}, y={cell.get('y')!r} is outside "
                             f"the {width}×{height} grid", path)
        row, col = y - 1, x - 1
        kind = cell.get("type")
        solution = cell.get("solution", "")
        if kind in ("block", "void") or (kind == "clue" and not solution):
            continue  # a clue cell without a letter holds an arrow-word's clue: a block
        rebus.pop((row, col), None)  # (a cell listed again is read again)
        letters = cell_string(solution, row, col, path)
        if letters and len(letters) > 1:
            rebus[(row, col)] = letters
        letter = letters[0] if letters else OPEN
        answer[row][col] = letter
        typed = cell_string(cell.get("solve-state", ""), row, col)
        if kind == "clue" and letter != OPEN:
            given[row][col] = letter  # a letter shown to the solver
        elif typed and (typed == letters or len(typed) == 1 and not rebus.get((row, col))):
            given[row][col] = typed_cells[row][col] = typed[0]  # a rebus typed whole
        elif cell.get("hint") == "true" and letter != OPEN:
            given[row][col] = letter
        else:
            given[row][col] = OPEN
    return (tuple(map("".join, given)), tuple(map("".join, answer)),
            tuple(map("".join, typed_cells)),
            tuple((row, col, letters) for (row, col), letters in sorted(rebus.items())))



BAR_ATTRIBUTES = {f"{side}-bar": side for side in ("top", "left", "right", "bottom")}


def _bars(grid: Element, path: str) -> frozenset[Bar]:
    """The bars of a barred grid: a cell's `top-bar`, `left-bar`, `right-bar` and
    `bottom-bar` attributes ("true"; "false" or absent: no bar; anything else refused, so
    that a bar is never ignored)."""
    found = set()
    for cell in grid.iter("cell"):
        for attribute, side in BAR_ATTRIBUTES.items():
            value = cell.get(attribute)
            if value is None or value == "false":
                continue
            if value != "true":
                raise InputError(f"the <cell> at x={cell.get('x')}, y={cell.get('y')} has "
                                 f'{attribute}="{value}": expected "true" or "false"', path)
            bar = bar_of_side(int(cell.get("y", "")) - 1, int(cell.get("x", "")) - 1, side)
            if bar is not None:
                found.add(bar)
    return frozenset(found)


def _clues(puzzle: Element, words: dict[str, tuple[Cell, ...]], cells: tuple[str, ...],
           bars: frozenset[Bar] = frozenset()) -> tuple[Clue, ...]:
    """The clues of the `<clues>` groups, each on the entry its `<word>` is (its cells, given
    as ranges or one by one); a clue of a group titled Across or Down whose word is no entry
    goes on the entry of that direction its word starts. Clues of no entry are not kept."""
    grid_entries = entries(cells, bars)
    numbers = {(entry.direction, entry.row, entry.col): entry.number for entry in grid_entries}
    lengths = {(entry.direction, entry.row, entry.col): entry.length for entry in grid_entries}
    found = []
    for group in puzzle.iter("clues"):
        title = _text(group, "title").lower()
        for clue in group.iter("clue"):
            word = words.get(clue.get("word", ""), ())
            way = direction(word)
            if way is None or lengths.get((way, *word[0])) != len(word):
                way = title if title in ("across", "down") and word else None
            number = numbers.get((way, *word[0])) if way else None
            if way is not None and number is not None:
                found.append(Clue(way, number, " ".join("".join(clue.itertext()).split())))
    return tuple(found)


def _span(text: str | None, most: int) -> list[int] | None:
    """The numbers (from 1) a `<word>`'s or `<cells>`' x or y names: one, or a range `2-5`
    (`5-2` backwards); None when it names none, or one past `most`."""
    first, dash, last = (text or "").partition("-")
    low, high = _number(first.strip()), _number(last.strip()) if dash else _number(first.strip())
    if not low or not high or low > most or high > most:
        return None
    return list(range(low, high + 1)) if low <= high else list(range(low, high - 1, -1))


def _word_cells(element: Element, width: int, height: int, path: str) -> list[Cell]:
    xs, ys = _span(element.get("x"), width), _span(element.get("y"), height)
    if element.get("x") is None and element.get("y") is None:
        return []
    if xs is None or ys is None or len(xs) > 1 and len(ys) > 1:
        raise InputError(f"a <{element.tag}> at x={element.get('x')!r}, y={element.get('y')!r}"
                         f" names no run of cells of the {width}×{height} grid", path)
    return [(y - 1, x - 1) for y in ys for x in xs]


def _words(puzzle: Element, width: int, height: int, path: str) -> list[tuple[str, Word]]:
    """The puzzle's `<word>`s and their ids, their cells in order (the word's own x and y, then its
    `<cells>`), each named by its clue (group title and number) or its id."""
    named: dict[str, str] = {}
    for group in puzzle.iter("clues"):
        title = _text(group, "title")
        for clue in group.iter("clue"):
            named.setdefault(clue.get("word", ""), f"{title} {clue.get('number', '')}".strip())
    found = []
    for word in puzzle.iter("word"):
        cells = _word_cells(word, width, height, path)
        for part in word.iter("cells"):
            cells += _word_cells(part, width, height, path)
        name = named.get(word.get("id", ""))
        shown = f"clue {name!r}" if name else f"<word id={word.get('id', '')!r}>"
        found.append((word.get("id", ""), Word(shown, tuple(cells))))
    return found


def _other_groups(puzzle: Element) -> str:
    """The titles of clue groups other than Across and Down, as a variety's refusal shows
    them ('' when none)."""
    titles = [title for group in puzzle.iter("clues")
              if (title := _text(group, "title")).lower() not in ("across", "down")]
    return "clue groups " + ", ".join(map(repr, titles)) if titles else ""

