"""Crossword JSON that puzzle sites export, read only (a fill is written back as Across Lite,
ipuz or xd), each recognised by its keys:

- XWordInfo (xwordinfo.com's JSON, also that of many puzzle archives and tools): `size`
  {`rows`, `cols`}, `grid` (one string a cell, row by row, `.` a block) and `clues` {`across`,
  `down`} of strings `"1. Clue"`; `title`, `author`, `copyright`, `notepad`; its texts
  HTML, their character references (`&amp;`, `&#945;`) read as the characters.
- Crosshare (crosshare.org's puzzle object): `size`, `grid` as above and `clues`, a list of
  {`num`, `dir` (0 across, 1 down), `clue`}; `title`, `authorName`; alone or as its pages
  carry it, under `props.pageProps.puzzle` or `pageProps.puzzle`. Or its stored form: `w`,
  `h`, `g` (the grid), `ac`/`an` and `dc`/`dn` (across and down clues and their numbers),
  `t` title, `n` author, `cn` the constructor's note.
- Amuse Labs (the puzzle JSON of its solver, the decoded `rawc`): `w`, `h`, `box` (`w`
  columns of `h` cells, `"\\u0000"` a block), `placedWords` (`x`, `y` from 0, `acrossNotDown`,
  `clue` {`clue`}); `title`, `author`, `copyright`; a `cellInfos` item's `isVoid` true at
  `x`, `y` a void cell (no cell of the grid: a block to a fill). A word whose `nBoxes` is not
  the length of the grid's entry where it is placed is refused (a variety puzzle's bands or
  spirals: its clue would land on other cells). A puzzle of other `clueSections` than
  Across and Down (a Rows Garden's Rows and Blooms) is refused: its entries are not straight.

Barred grids keep their bars, which end entries as blocks do: Amuse Labs' `cellInfos` items
with `rightWall`, `bottomWall`, `topWall` or `leftWall` true at `x`, `y`; Crosshare's `vBars`
and `hBars` (stored: `vb`, `hb`), lists of cell indexes (row by row from 0, `x + y * w`), a bar
on the right of each cell of `vBars` and below each of `hBars`, as Crosshare's own entry
numbering reads them (XWordInfo's JSON has no bars). A file listing bars in any other form
(`bars`) is refused.

The grid's letters are the solution (none of these holds a player's grid): kept only with
--keep-solution, as xd's. A cell of several letters is a rebus cell (GridFile.rebus; the
solution holds its first letter); a cell of no letter (a digit, a symbol, nothing) is an open
cell of unknown answer. The size is checked before any grid is built; every error
names its JSON path, at its line and column.
"""

from __future__ import annotations

import html
import json
import re
from typing import TYPE_CHECKING, Any

from satpuzzle.codecs.gridfile import (
    BLOCK,
    BOTTOM,
    OPEN,
    RIGHT,
    Bar,
    Clue,
    Entry,
    GridFile,
    RebusCell,
    bar_of_side,
    cell_string,
    entries,
)
from satpuzzle.codecs.json_reader import Document, JsonPath, Schema, parse
from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

NAME = "sitejson"
KINDS = ("crossword",)
FORMATS = ("xwordinfo", "crosshare", "amuse")
MAX_CELLS = 10_000  # as the crossword kind's grids
# keys of these formats, looked for before the text is decoded (most JSON is satpuzzle's own)
_KEYS = re.compile(r'"(?:size|placedWords|ac|dc)"\s*:')
_NUMBERED = re.compile(r"\s*(\d{1,5})\s*\.?\s*(.*)", re.DOTALL)


def signature(source: str | bytes, path: str) -> str | None:
    """The site format `source` is in (one of FORMATS), or None."""
    return recognise(source) if isinstance(source, str) else None


def recognise(text: str) -> str | None:
    """The site format `text` is in (one of FORMATS), or None."""
    if not text[:1000].lstrip().startswith("{") or not _KEYS.search(text):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None  # not ours to report: the JSON reader says where it is malformed
    return _shape(_puzzle_object(data)[0])


# where Crosshare's pages carry the puzzle object (the JSON of a puzzle's page, and its data)
_WRAPPERS: tuple[JsonPath, ...] = (("props", "pageProps", "puzzle"), ("pageProps", "puzzle"))


def _puzzle_object(data: object) -> tuple[Any, JsonPath]:
    """The puzzle object of `data` and its JSON path: `data` itself, or the object a
    Crosshare page's JSON (Next.js page data) holds it in."""
    if _shape(data) is None:
        for wrapper in _WRAPPERS:
            inner = data
            for key in wrapper:
                inner = inner.get(key) if isinstance(inner, dict) else None
            if _shape(inner) is not None:
                return inner, wrapper
    return data, ()


def _shape(data: object) -> str | None:
    if not isinstance(data, dict) or "kind" in data:
        return None
    keys = data.keys()
    if {"w", "h", "box", "placedWords"} <= keys:
        return "amuse"
    if {"w", "h", "g", "ac", "an", "dc", "dn"} <= keys:
        return "crosshare"
    if {"size", "grid", "clues"} <= keys:
        return "crosshare" if isinstance(data["clues"], list) else "xwordinfo"
    return None


def read(source: str | bytes, path: str) -> list[CrosswordInstance]:
    """The fill problem of a site's JSON, its word list the file's own answers (a dictionary
    comes with `solve --dict`, through satpuzzle.loading)."""
    return [crossword_codecs.fill_problem(read_document(source, path), path)]


def read_document(source: str | bytes, path: str) -> GridFile:
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None
    data, at = _puzzle_object(parse(text, path))
    schema = Schema(Document(text, path))
    shape = _shape(data)
    if shape is None:  # not an object of one of these sites (a number, a list, another JSON)
        raise InputError("not a crossword of XWordInfo, Crosshare or Amuse Labs JSON", path)
    if shape == "amuse":
        return _amuse(schema, data, text)
    if data.get("bars"):
        raise schema.fail((*at, "bars"), "bars listed in a form satpuzzle does not read "
                                         "(Crosshare's are 'vBars' and 'hBars'): it will not "
                                         "fill across them")
    if shape == "crosshare" and "g" in data:
        return _crosshare_stored(schema, data, text, at)
    return _sized(schema, data, text, shape, at)


def _text(data: dict[str, Any], key: str | None) -> str:
    """A credit or a note, if the file gives one as a string (markup, not checked)."""
    value = data.get(key) if key else None
    return value.strip() if isinstance(value, str) else ""


def _size(schema: Schema, rows: object, cols: object, where: tuple[JsonPath, JsonPath]
          ) -> tuple[int, int]:
    height = schema.integer(rows, where[0], 1)
    width = schema.integer(cols, where[1], 1)
    if height * width > MAX_CELLS:
        raise schema.fail(where[0], f"grid of {height}×{width} cells is too large (at most "
                                    f"{MAX_CELLS} cells)")
    return height, width


class _Solution:
    """A grid's solution read cell by cell: its rows, and its rebus cells."""

    def __init__(self, schema: Schema, block: str) -> None:
        self.schema, self.block = schema, block
        self.rows: list[str] = []
        self.rebus: list[RebusCell] = []

    def cell(self, value: object, where: JsonPath, row: int, col: int) -> str:
        """A cell of the solution: BLOCK, a letter (the first of a rebus cell's), or OPEN
        (no letter known: a digit, a symbol, nothing)."""
        cell = self.schema.string(value, where)
        if cell == self.block:
            return BLOCK
        try:
            letters = cell_string(cell, row, col, self.schema.document.path)
        except InputError as exc:  # a cell of a page of text: refused at its JSON path
            raise self.schema.fail(where, exc.message) from None
        if letters is None:
            return OPEN
        if len(letters) > 1:
            self.rebus.append((row, col, letters))
        return letters[0]

    def row_major(self, value: object, where: JsonPath, height: int, width: int) -> None:
        """The solution of a grid given as one string a cell, row by row."""
        cells = self.schema.array(value, where, height * width)
        self.rows = ["".join(self.cell(cells[r * width + c], (*where, r * width + c), r, c)
                             for c in range(width)) for r in range(height)]


def _document(fmt: str, solution: _Solution, clues: list[Clue], data: dict[str, Any],
              credits: tuple[str | None, ...], text: str,
              bars: frozenset[Bar] = frozenset()) -> GridFile:
    cells = tuple("".join(BLOCK if c == BLOCK else OPEN for c in row) for row in solution.rows)
    title, author, copyright_, notes = (_text(data, key) for key in credits)
    if fmt == "xwordinfo":  # its texts are HTML: `&amp;`, `&#945;`
        title, author, copyright_, notes = map(html.unescape, (title, author, copyright_, notes))
    return GridFile(fmt, cells, tuple(solution.rows), tuple(clues), title, author, copyright_,
                    notes, text.encode("utf-8"), bars=bars, rebus=tuple(sorted(solution.rebus)))


def _index_bars(schema: Schema, data: dict[str, Any], keys: tuple[str, str], at: JsonPath,
                height: int, width: int) -> frozenset[Bar]:
    """Crosshare's bars: `keys` name the lists of the cells (indexes row by row from 0) with a
    bar on their right and below them (a bar on the grid's outer edge is none)."""
    found = set()
    for key, side in zip(keys, (RIGHT, BOTTOM)):
        for index in schema.integers(data.get(key, []), (*at, key), None, 0,
                                     height * width - 1):
            row, col = divmod(index, width)
            if (col + 1, row + 1)[side == BOTTOM] < (width, height)[side == BOTTOM]:
                found.add((row, col, side))
    return frozenset(found)


def _sized(schema: Schema, data: dict[str, Any], text: str, fmt: str,
           at: JsonPath) -> GridFile:
    """XWordInfo's JSON, or Crosshare's puzzle object: `size`, `grid`, `clues`."""
    size = data["size"]
    if not isinstance(size, dict) or not {"rows", "cols"} <= size.keys():
        raise schema.fail((*at, "size"), 'expected {"rows": ..., "cols": ...}')
    height, width = _size(schema, size["rows"], size["cols"],
                          ((*at, "size", "rows"), (*at, "size", "cols")))
    solution = _Solution(schema, ".")
    solution.row_major(data["grid"], (*at, "grid"), height, width)
    clues = []
    if fmt == "xwordinfo":
        if not isinstance(data["clues"], dict):
            raise schema.fail((*at, "clues"), 'expected {"across": [...], "down": [...]}')
        for direction in ("across", "down"):
            listed = data["clues"].get(direction, [])
            for i, item in enumerate(schema.array(listed, (*at, "clues", direction))):
                numbered = _NUMBERED.fullmatch(schema.string(item, (*at, "clues", direction, i)))
                if numbered:
                    clues.append(Clue(direction, int(numbered[1]),
                                      html.unescape(numbered[2].strip())))
        credits: tuple[str | None, ...] = ("title", "author", "copyright", "notepad")
    else:
        for i, item in enumerate(data["clues"]):
            if not isinstance(item, dict):
                raise schema.fail((*at, "clues", i),
                                  'expected {"num": ..., "dir": ..., "clue": ...}')
            number = schema.integer(item.get("num"), (*at, "clues", i, "num"), 1)
            way = schema.integer(item.get("dir"), (*at, "clues", i, "dir"), 0, 1)
            clue = schema.string(item.get("clue"), (*at, "clues", i, "clue"))
            clues.append(Clue(("across", "down")[way], number, clue.strip()))
        credits = ("title", "authorName", "copyright", None)
    bars = _index_bars(schema, data, ("vBars", "hBars"), at, height, width)
    return _document(fmt, solution, clues, data, credits, text, bars)


def _crosshare_stored(schema: Schema, data: dict[str, Any], text: str,
                      at: JsonPath) -> GridFile:
    """Crosshare's stored form: `w`, `h`, `g`, clues `ac`/`an` and `dc`/`dn`."""
    height, width = _size(schema, data["h"], data["w"], ((*at, "h"), (*at, "w")))
    solution = _Solution(schema, ".")
    solution.row_major(data["g"], (*at, "g"), height, width)
    clues = []
    for direction, texts, numbers in (("across", "ac", "an"), ("down", "dc", "dn")):
        listed = schema.array(data[texts], (*at, texts))
        numbered = schema.integers(data[numbers], (*at, numbers), len(listed), 1)
        clues += [Clue(direction, number, schema.string(item, (*at, texts, i)).strip())
                  for i, (item, number) in enumerate(zip(listed, numbered))]
    bars = _index_bars(schema, data, ("vb", "hb"), at, height, width)
    return _document("crosshare", solution, clues, data, ("t", "n", None, "cn"), text, bars)


def _amuse(schema: Schema, data: dict[str, Any], text: str) -> GridFile:
    """Amuse Labs' puzzle JSON: `w` columns of `h` cells in `box`, clues in `placedWords`."""
    sections = data.get("clueSections")
    if isinstance(sections, list) and any(str(name).lower() not in ("across", "down")
                                          for name in sections):
        shown = ", ".join(repr(str(name)[:20]) for name in sections[:4])
        raise schema.fail(("clueSections",), f"clue sections {shown}: a variety puzzle whose "
                                             "entries are not across and down (a Rows Garden"
                                             "...); satpuzzle fills crosswords")
    height, width = _size(schema, data["h"], data["w"], (("h",), ("w",)))
    columns = [schema.array(column, ("box", c), height)
               for c, column in enumerate(schema.array(data["box"], ("box",), width))]
    solution = _Solution(schema, "\0")
    solution.rows = ["".join(solution.cell(columns[c][r], ("box", c, r), r, c)
                             for c in range(width)) for r in range(height)]
    voids = _amuse_voids(schema, data.get("cellInfos", []), height, width)
    if voids:  # no cells of the grid: blocks to a fill
        solution.rows = ["".join(BLOCK if (r, c) in voids else cell for c, cell in enumerate(row))
                         for r, row in enumerate(solution.rows)]
        solution.rebus = [cell for cell in solution.rebus if cell[:2] not in voids]
    bars = _amuse_bars(schema, data.get("cellInfos", []), height, width)
    starting = {(entry.direction, entry.row, entry.col): entry
                for entry in entries(tuple(solution.rows), bars)}
    clues = []
    for i, word in enumerate(schema.array(data["placedWords"], ("placedWords",))):
        if not isinstance(word, dict):
            raise schema.fail(("placedWords", i), "expected a placed word object")
        col = schema.integer(word.get("x"), ("placedWords", i, "x"), 0, width - 1)
        row = schema.integer(word.get("y"), ("placedWords", i, "y"), 0, height - 1)
        across = schema.boolean(word.get("acrossNotDown"), ("placedWords", i, "acrossNotDown"))
        clue = word.get("clue")
        given = clue.get("clue") if isinstance(clue, dict) else clue
        if given is None:
            continue  # a word without its clue: the grid is all a fill needs
        shown = schema.string(given, ("placedWords", i, "clue"))
        direction = "across" if across else "down"
        entry = _placed_entry(schema, word, starting.get((direction, row, col)),
                              ("placedWords", i), direction)
        if entry is not None:
            clues.append(Clue(direction, entry.number, " ".join(shown.split())))
    return _document("amuse", solution, clues, data, ("title", "author", "copyright",
                                                      None), text, bars)


def _placed_entry(schema: Schema, word: dict[str, Any], entry: Entry | None, where: JsonPath,
                  direction: str) -> Entry | None:
    """The entry a placed word's clue is on. A word of `nBoxes` cells that is not the grid's
    entry there (none starts there, or it runs another length) is refused: its puzzle's entries
    are not the across and down runs of its grid (marching bands, a spiral...), and its clue
    would land on the wrong cells."""
    length = word.get("nBoxes")
    if type(length) is not int:
        return entry  # no length to check: placed where an entry starts, or nowhere
    if entry is None or entry.length != length:
        found = f"the {direction} entry there runs {entry.length}" if entry else \
            f"no {direction} entry starts there"
        raise schema.fail(where, f"a word of {length} cells at x {word['x']}, y {word['y']}, "
                                 f"but {found}: this puzzle's entries are not the across and "
                                 "down runs of its grid (a variety puzzle); satpuzzle fills "
                                 "crosswords")
    return entry


AMUSE_WALLS = {"topWall": "top", "leftWall": "left", "rightWall": "right",
               "bottomWall": "bottom"}


def _amuse_voids(schema: Schema, infos: object, height: int, width: int) -> set[tuple[int, int]]:
    """The void cells of an Amuse Labs grid (no cells of it, as a shaped grid's outside): a
    `cellInfos` item's `isVoid` true at its `x`, `y` (from 0), as (row, col)."""
    found = set()
    for i, info in enumerate(schema.array(infos, ("cellInfos",))):
        if isinstance(info, dict) and schema.boolean(info.get("isVoid", False),
                                                     ("cellInfos", i, "isVoid")):
            found.add((schema.integer(info.get("y"), ("cellInfos", i, "y"), 0, height - 1),
                       schema.integer(info.get("x"), ("cellInfos", i, "x"), 0, width - 1)))
    return found


def _amuse_bars(schema: Schema, infos: object, height: int, width: int) -> frozenset[Bar]:
    """The bars of an Amuse Labs barred grid: a `cellInfos` item's `rightWall`, `bottomWall`
    (and `topWall`, `leftWall`) true at its `x`, `y` (from 0)."""
    found = set()
    for i, info in enumerate(schema.array(infos, ("cellInfos",))):
        if not isinstance(info, dict):
            raise schema.fail(("cellInfos", i), "expected a cell information object")
        walls = [(key, side) for key, side in AMUSE_WALLS.items()
                 if schema.boolean(info.get(key, False), ("cellInfos", i, key))]
        if not walls:
            continue
        col = schema.integer(info.get("x"), ("cellInfos", i, "x"), 0, width - 1)
        row = schema.integer(info.get("y"), ("cellInfos", i, "y"), 0, height - 1)
        found |= {bar for _, side in walls if (bar := bar_of_side(row, col, side)) is not None}
    return frozenset(found)
