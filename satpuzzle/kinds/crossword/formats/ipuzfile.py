"""ipuz crosswords (ipuz.org, the open JSON format of crossword apps and constructors' tools),
read and checked by the `ipuz` library (its validation of every field of the specification),
written back with it. The library refuses some clue fields the specification allows (a clue's
`label`, `cells` and `continued`, and `references` and `see` given as direction and number):
those are checked here, the rest of the document by the library.

A puzzle of a kind that is no crossword (acrostic, sudoku, word search, ...), even one listing
the crossword kind too, is refused naming its kind.

Read: blocks (the puzzle's `block` value, and omitted cells), letters given in the puzzle
(`value` of a cell) or saved in the player's grid (`saved`), the `solution`, the clues
(`Across`, `Down`), title, author, copyright and notes, and the bars of a barred grid (a cell
style's `barred`: T, L, R, B for its top, left, right and bottom edges; the style given in the
cell or named from `styles`), which end entries as blocks do. Other styles (circles, shading) are
markup, ignored. A clue goes on the entry its `cells` are (counted from 1, or from 0 in a file
naming a 0), whatever its label; else on the entry its label numbers. A variety crossword,
whose clues' `cells` are not the grid's straight runs, is refused (satpuzzle.kinds.crossword.formats.words). A
diagramless grid (open where the solution has blocks) takes its blocks from the solution, its
labels left to satpuzzle's numbering.

A rebus (a cell of several letters): a solution cell holding a string of several letters (plain
or as `{"value": ...}`), upper-cased, accents folded, goes to GridFile.rebus; a string of other
characters (`10`, `A+`, `♥`) leaves its cell open, no letter known; one of more than
MAX_REBUS_LETTERS characters is refused. A puzzle's given `value` of several letters is given
when it is the solution's string there (or the file has no solution there: then it is the
solution's too); a given or saved (typed) value other than the cell's whole string leaves the
cell open. A fill is written back with its rebus cells as their strings.
"""

from __future__ import annotations

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
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword.formats.acrosslite import one_line
from satpuzzle.kinds.crossword.formats.ipuzclues import library_clue, spec_clue_field
from satpuzzle.kinds.crossword.formats.words import Cell, Word, direction, refuse_variety
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

ipuz = Lazy("ipuz")

NAME = "ipuz"
KINDS = ("crossword",)
FORMAT = "ipuz"
CROSSWORD = "http://ipuz.org/crossword"
MAX_CELLS = 10_000  # as the crossword kind's grids
_VERSION = re.compile(r'"version"\s*:\s*"https?://ipuz\.org/')
# kinds of ipuz.org whose puzzles are no crossword grid to fill, even listed with the crossword
NOT_CROSSWORDS = tuple(f"http://ipuz.org/{kind}" for kind in
                       ("acrostic", "sudoku", "wordsearch", "block", "answer"))


def is_ipuz(text: str) -> bool:
    """Whether `text` is an ipuz document (JSON, or JSONP `ipuz(...)`, naming an ipuz.org
    version)."""
    start = text[:1000].lstrip()[:5]
    return start.startswith(("{", "ipuz(")) and bool(
        _VERSION.search(text, 0, 100_000))


def signature(source: str | bytes, path: str) -> str | None:
    """NAME when `source` is an ipuz document, else None."""
    return NAME if isinstance(source, str) and is_ipuz(source) else None


def read(source: str, path: str) -> list[CrosswordInstance]:
    """The fill problem of an ipuz crossword, its word list the file's own answers (a
    dictionary comes with `solve --dict`, through satpuzzle.loading)."""
    return [crossword_codecs.fill_problem(read_document(source, path), path)]


def read_document(text: str, path: str) -> GridFile:
    data = _validated(text, path)
    width, height = _dimensions(data, path)
    block = data.get("block", "#")
    puzzle = _grid(data, "puzzle", width, height, path)
    saved = _grid(data, "saved", width, height, path) if "saved" in data else None
    answers = _grid(data, "solution", width, height, path) if "solution" in data else None
    # a diagramless puzzle's grid is open where its solution has blocks: those are blocks, and
    # the grid's labels (the solver's to write) are not the entries'
    diagramless = answers is not None and any(
        _opens(puzzle[r][c], block) and _answer(answers[r][c], block, r, c, path) == BLOCK
        for r in range(height) for c in range(width))
    cells, solution, labels, typed_rows = [], [], {}, []
    bars: set[Bar] = set()
    rebus: list[RebusCell] = []
    for r in range(height):
        row, key, typed_row = [], [], []
        for c in range(width):
            cell = puzzle[r][c]
            base = cell.get("cell", 0) if isinstance(cell, dict) else cell
            opened = _opens(cell, block)
            answer = _answer(answers[r][c], block, r, c, path) if answers and opened else OPEN
            if not opened or diagramless and answer == BLOCK:
                row.append(BLOCK)
                key.append(BLOCK)
                typed_row.append(OPEN)
                continue
            if base not in (0, "0", data.get("empty", 0)) and not diagramless:
                labels[(r, c)] = str(base)
            bars |= _bars(cell, data.get("styles"), r, c, path)
            given = _letters(cell.get("value"), r, c, path) if isinstance(cell, dict) else None
            if given and len(given) > 1 and answer == OPEN:
                answer = given  # a rebus the puzzle gives, of a file without its solution
            given = _in_cell(given, answer)
            typed = _in_cell(_letters(_value(saved[r][c])), answer) if saved else None
            if len(answer) > 1:
                rebus.append((r, c, answer))
            row.append(given or typed or OPEN)
            typed_row.append(OPEN if given else typed or OPEN)
            key.append(answer[0])
        cells.append("".join(row))
        solution.append("".join(key))
        typed_rows.append("".join(typed_row))
    grid, words, all_bars = tuple(cells), _clue_words(data.get("clues")), frozenset(bars)
    refuse_variety(words, path, grid, all_bars, _variety_kind(data))
    grid_entries = entries(grid, all_bars)
    clues = _clues(data.get("clues"), _numbers(grid_entries, labels), _starts(grid_entries),
                   _zero_based(data.get("clues")))
    return GridFile(FORMAT, grid, tuple(solution), clues,
                    _text(data.get("title")), _text(data.get("author")),
                    _text(data.get("copyright")), _text(data.get("notes")),
                    text.encode("utf-8"), typed=tuple(typed_rows) if saved else (),
                    bars=all_bars, rebus=tuple(rebus),
                    unplaced_clues=_clue_count(data.get("clues")) - len(clues))


def _opens(cell: object, block: object) -> bool:
    """Whether a puzzle grid's cell is a cell (not a block, nor omitted)."""
    base = cell.get("cell", 0) if isinstance(cell, dict) else cell
    return not (base is None or base == block)


BARRED_SIDES = {"T": "top", "L": "left", "R": "right", "B": "bottom"}


def _bars(cell: object, styles: object, row: int, col: int, path: str) -> set[Bar]:
    """The bars a cell's style draws (StyleSpec `barred`: letters T, L, R, B), the style
    given in the cell or named from the puzzle's `styles`; any other letter refused, so that a
    bar is never ignored."""
    style = cell.get("style") if isinstance(cell, dict) else None
    if isinstance(style, str) and isinstance(styles, dict):
        style = styles.get(style)
    barred = style.get("barred") if isinstance(style, dict) else None
    if barred is None:
        return set()
    if not isinstance(barred, str) or not set(barred.upper()) <= set(BARRED_SIDES):
        raise InputError(f"the cell at row {row + 1}, column {col + 1} has barred "
                         f"{json.dumps(barred)}: expected letters T, L, R, B", path)
    sides = (BARRED_SIDES[letter] for letter in barred.upper())
    return {bar for side in sides if (bar := bar_of_side(row, col, side)) is not None}


def _validated(text: str, path: str) -> dict[str, Any]:
    """The ipuz crossword `text` holds, validated; any other kind of puzzle refused."""
    try:
        data = _checked(text, path)
    except ipuz.IPUZException as exc:
        raise InputError(f"not a valid ipuz file: {one_line(str(exc))}{_variety_hint(text)}",
                         path) from None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        # the library's validators meet a value of an unexpected type before checking it
        raise InputError(f"not a valid ipuz file: {type(exc).__name__}: "
                         f"{one_line(str(exc))}", path) from None
    return data


def _variety_hint(text: str) -> str:
    """What a refused file says of being a variety crossword (its clue groups other than
    Across and Down), as the refusal's end; '' when it says nothing."""
    try:
        kind = _variety_kind(_json(text))
    except ipuz.IPUZException:
        return ""
    return (f" (a variety crossword, {kind}: satpuzzle fills straight-run crosswords only)"
            if kind else "")


def _checked(text: str, path: str | None = None) -> dict[str, Any]:
    """The document of `text`, its clue fields the library does not know checked here (to the
    specification), everything else by the library; with `path`, a puzzle that is no crossword
    is refused before its fields are checked."""
    data = _json(text)
    kinds = data.get("kind")
    if not isinstance(kinds, list):
        raise ipuz.IPUZException("kind is not a list" if "kind" in data
                                 else "Mandatory field kind is missing")
    if path is not None:
        _refuse_other_kinds([kind for kind in kinds if isinstance(kind, str)], path)
        # before the library, which refuses some varieties' clues without saying why
        refuse_variety(_clue_words(data.get("clues")), path, kind=_variety_kind(data))
    if isinstance(data.get("clues"), dict):
        library_view = dict(data, clues={group: [library_clue(clue) for clue in clues]
                                         if isinstance(clues, list) else clues
                                         for group, clues in data["clues"].items()})
        ipuz.read(json.dumps(library_view))
    else:
        ipuz.read(json.dumps(data))
    return data


def _json(text: str) -> dict[str, Any]:
    """The JSON object of an ipuz document (JSON, or JSONP `callback(...)`), as the library
    reads it."""
    body = text[text.index("(") + 1:-1] if text.rstrip().endswith(")") and "(" in text else text
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise ipuz.IPUZException(f"No valid JSON could be found ({exc})") from None
    if not isinstance(data, dict):
        raise ipuz.IPUZException("No valid JSON could be found")
    return data


def _refuse_other_kinds(kinds: list[str], path: str) -> None:
    other = next((kind for kind in kinds if kind.startswith(NOT_CROSSWORDS)), None)
    if other is None and not any(kind.startswith(CROSSWORD) for kind in kinds):
        other = ", ".join(kinds) or "?"
    if other is not None:
        raise InputError(f"an ipuz puzzle of kind {other}: satpuzzle fills crosswords (kind "
                         f"{CROSSWORD})", path)


def _dimensions(data: dict[str, Any], path: str) -> tuple[int, int]:
    size = data.get("dimensions")
    width = size.get("width") if isinstance(size, dict) else None
    height = size.get("height") if isinstance(size, dict) else None
    if type(width) is not int or type(height) is not int or width < 1 or height < 1:
        raise InputError("not a valid ipuz file: dimensions must give a positive width and "
                         "height", path)
    if width * height > MAX_CELLS:
        raise InputError(f"grid of {height}×{width} cells is too large (at most {MAX_CELLS} "
                         "cells)", path)
    return width, height


def _grid(data: dict[str, Any], field: str, width: int, height: int, path: str) -> list[list]:
    grid = data.get(field)
    if not (isinstance(grid, list) and len(grid) == height
            and all(isinstance(row, list) and len(row) == width for row in grid)):
        raise InputError(f"not a valid ipuz file: {field} is not {height} rows of {width} "
                         "cells, as dimensions say", path)
    return grid


def _value(cell: object) -> object:
    return cell.get("value") if isinstance(cell, dict) else cell


def _letters(value: object, row: int = -1, col: int = -1, path: str | None = None) -> str | None:
    """The letter of a cell's string, or its letters (a rebus); None for any other value."""
    return cell_string(value, row, col, path) if isinstance(value, str) else None


def _in_cell(letters: str | None, answer: str) -> str | None:
    """What a given or typed value puts in a cell whose answer is `answer`: a letter in a cell
    of one letter or none known; in a rebus cell its first letter, when it is the whole
    string; else nothing."""
    if letters is None or (len(letters) > 1 or len(answer) > 1) and letters != answer:
        return None
    return letters[0]


def _answer(cell: object, block: object, row: int, col: int, path: str) -> str:
    """BLOCK, OPEN (no letter known), a letter, or several (a rebus)."""
    value = _value(cell)
    if value is None or value == block:
        return BLOCK
    return _letters(value, row, col, path) or OPEN


def _numbers(grid_entries: list[Entry], labels: dict[tuple[int, int], str]
             ) -> dict[tuple[str, str], int]:
    """(direction, the label the puzzle writes in an entry's first cell) -> the entry's
    number as satpuzzle numbers grids (the same unless the puzzle labels its cells its own
    way)."""
    return {(entry.direction, labels.get((entry.row, entry.col), str(entry.number))):
            entry.number for entry in grid_entries}


def _starts(grid_entries: list[Entry]) -> dict[tuple[str, Cell, int], int]:
    """(direction, first cell, length) -> the number of that entry."""
    return {(entry.direction, (entry.row, entry.col), entry.length): entry.number
            for entry in grid_entries}


def _clue_cells(clue: object, zero_based: bool) -> tuple[Cell, ...]:
    """The cells a clue's `cells` names ([column, row] pairs, from 1 or, in a file naming a
    0, from 0), as (row, column) from 0; () when it names none (or not as the spec says)."""
    cells = clue.get("cells") if isinstance(clue, dict) else None
    if not isinstance(cells, list) or not spec_clue_field("cells", cells):
        return ()
    shift = 0 if zero_based else 1
    return tuple((row - shift, col - shift) for col, row in cells)


def _zero_based(groups: object) -> bool:
    """Whether the clues' `cells` count from 0 (some writers' files: one names a 0)."""
    return any(0 in cell for clues in (groups.values() if isinstance(groups, dict) else ())
               if isinstance(clues, list) for clue in clues if isinstance(clue, dict)
               and spec_clue_field("cells", clue.get("cells")) for cell in clue["cells"])


def _clue_words(groups: object) -> list[Word]:
    """The entries the clues' `cells` name, each named by its group and label."""
    zero_based = _zero_based(groups)
    found = []
    for name, clues in (groups.items() if isinstance(groups, dict) else ()):
        for clue in clues if isinstance(clues, list) else ():
            cells = _clue_cells(clue, zero_based)
            if cells:
                label = clue.get("label", clue.get("number", ""))
                found.append(Word(f"clue {f'{name} {label}'.strip()!r}", cells))
    return found


def _variety_kind(data: dict[str, Any]) -> str:
    """What an ipuz file says of its variety, as its refusal shows it: a crossword kind of
    its own (`http://ipuz.org/crossword/...`), clue groups other than Across and Down."""
    said = [kind for kind in data.get("kind", ()) if isinstance(kind, str)
            and kind.startswith(CROSSWORD + "/")]
    groups = data.get("clues")
    titles = [name for name in (groups if isinstance(groups, dict) else ())
              if name.split(":")[0].strip().lower() not in ("across", "down")]
    if titles:
        said.append("clue groups " + ", ".join(map(repr, titles)))
    return "; ".join(said)


def _clues(groups: object, numbers: dict[tuple[str, str], int],
           starts: dict[tuple[str, Cell, int], int], zero_based: bool) -> tuple[Clue, ...]:
    """`Across` and `Down` clues ([label, text], {"number", "clue"} or text alone), each put
    on the entry its `cells` are (when they are one: its first cell and direction), else on
    the entry whose first cell has its label (a label `2-3`: its first number); clues of other
    groups placed by their `cells` too; clues of no entry either way are not kept."""
    found = []
    for name, clues in (groups.items() if isinstance(groups, dict) else ()):
        group = name.split(":")[0].strip().lower()
        if not isinstance(clues, list):
            continue
        for clue in clues:
            cells = _clue_cells(clue, zero_based)
            way = direction(cells)
            entry = starts.get((way, cells[0], len(cells))) if way else None
            if way is not None and entry is not None and isinstance(clue.get("clue", ""), str):
                found.append(Clue(way, entry, clue.get("clue", "")))
                continue
            if group not in ("across", "down"):
                continue
            if isinstance(clue, list) and len(clue) >= 2:
                number, text = clue[0], clue[1]
            elif isinstance(clue, dict):
                number, text = clue.get("number"), clue.get("clue", "")
            else:
                continue
            label = re.match(r"\w+", str(number)) if isinstance(number, (int, str)) else None
            entry = numbers.get((group, label.group())) if label else None
            if entry is not None and isinstance(text, str):
                found.append(Clue(group, entry, text))
    return tuple(found)


def _clue_count(groups: object) -> int:
    """The clues the file's groups hold, placed or not."""
    return sum(len(clues) for clues in (groups.values() if isinstance(groups, dict) else ())
               if isinstance(clues, list))


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


# ---------------------------------------------------------------- writing


def write(instance: CrosswordInstance) -> str:
    """The puzzle as ipuz (not filled: the solution the file it came from held, if whole)."""
    document = crossword_codecs.grid_file(instance)
    complete = all(OPEN not in row for row in document.solution)
    return write_filled(document, document.solution if complete else None, document.rebus)


def write_filled(document: GridFile, filled: tuple[str, ...] | None,
                 rebus: tuple[RebusCell, ...] = ()) -> str:
    """An ipuz document of `document` whose solution is `filled`, its rebus cells `rebus`
    (written as their strings; `filled` holds their first letters): the file it was read from
    (everything it says kept), or a new one, clues kept. Validated by the ipuz library."""
    if document.format == FORMAT and document.original:
        data = _checked(document.original.decode("utf-8"))
    else:
        data = _new(document)
    if filled is not None:
        block = data.get("block", "#")
        puzzle = data["puzzle"]
        strings = {(r, c): letters for r, c, letters in rebus}
        data["solution"] = [
            [None if puzzle[r][c] is None else block if cell == BLOCK
             else strings.get((r, c), cell) for c, cell in enumerate(row)]
            for r, row in enumerate(filled)]
    text = ipuz.write(data)
    _checked(text)  # the validation of what is written
    return text + "\n"


def _new(document: GridFile) -> dict[str, Any]:
    found = entries(document.cells, document.bars)
    numbers = {(entry.row, entry.col): entry.number for entry in found}
    given_rebus = document.rebus_cells()  # a rebus cell given holds its first letter
    puzzle: list[list[Any]] = []
    for r, row in enumerate(document.cells):
        cells: list[Any] = []
        for c, cell in enumerate(row):
            label = numbers.get((r, c), 0)
            barred = "".join(letter for letter, side in (("R", RIGHT), ("B", BOTTOM))
                             if (r, c, side) in document.bars)
            if cell == BLOCK:
                cells.append("#")
            elif cell == OPEN and not barred:
                cells.append(label)
            else:
                described: dict[str, Any] = {"cell": label}
                if cell != OPEN:
                    described["value"] = given_rebus.get((r, c), cell)
                if barred:
                    described["style"] = {"barred": barred}
                cells.append(described)
        puzzle.append(cells)
    order = sorted(found, key=lambda entry: entry.number)
    data: dict[str, Any] = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": document.width, "height": document.height},
        "puzzle": puzzle,
        "clues": {name.capitalize(): [[entry.number,
                                       document.clue_text(entry.direction, entry.number)]
                                      for entry in order if entry.direction == name]
                  for name in ("across", "down")},
    }
    for field in ("title", "author", "copyright", "notes"):
        if getattr(document, field):
            data[field] = getattr(document, field)
    return data
