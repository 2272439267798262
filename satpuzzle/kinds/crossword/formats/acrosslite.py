"""Across Lite puzzles, the file most crossword constructors and publishers exchange: the
binary `.puz` (known by its magic bytes `ACROSS&DOWN\\0` at offset 2, whatever its name, so
that it never meets satpuzzle's own `.puz` language) and Across Lite text (`<ACROSS PUZZLE>`).

Both are read and written by puzpy (github.com/alexdej/puzpy): it checks the file's four
checksums, knows locked (scrambled) solutions and the rebus, markup and timer extensions, and
writes files back with their checksums. satpuzzle refuses what it cannot read (a scrambled
solution) in one line, and keeps markup (circles, shading) without reading it.

Rebus cells (a cell of several letters) are read from the GRBS grid and RTBL table (binary) or
the `<REBUS>` section (text, `1:HEART:H` lines; a marker that names no cell of the grid is
refused): GridFile.rebus. A rebus string of other characters than letters (`10`, `+`) leaves
its cell open, no letter known. The player's typed rebus (RUSR) gives a rebus cell as typed
only when it is the whole rebus string; any other typed rebus (a string the solution does not
hold there, or a first letter alone in a rebus cell) leaves the cell open. A fill is written
back with its rebus cells in fresh GRBS and RTBL extensions (none when the fill has none); the
player's grid, RUSR included, is kept as it was.
"""

from __future__ import annotations

import re
import struct
from typing import TYPE_CHECKING, Any

from satpuzzle.codecs.gridfile import (
    BLOCK,
    OPEN,
    Clue,
    GridFile,
    RebusCell,
    cell_letters,
    cell_string,
    entries,
)
from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy
from satpuzzle.textio import is_across_lite, printable, shorten

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

puz = Lazy("puz")

NAME = "acrosslite"
KINDS = ("crossword",)
FORMAT = "acrosslite"
READS_BYTES = True  # satpuzzle.formats.read passes a binary file's bytes
MAX_SIDE = 255  # the binary header holds width and height in one byte each
_TEXT_START = re.compile(r"\A\s*<ACROSS PUZZLE( v2)?>")
_TEXT_SIZE = re.compile(r"<SIZE>\s*(\d+)\s*x\s*(\d+)")
_LETTER = re.compile("[A-Z]")


def is_text(text: str) -> bool:
    """Whether `text` is Across Lite text (its first tag is `<ACROSS PUZZLE>`)."""
    return bool(_TEXT_START.match(text))


def signature(source: str | bytes, path: str) -> str | None:
    """NAME when `source` is an Across Lite puzzle (its magic bytes, or text whose first tag
    is `<ACROSS PUZZLE>`), else None."""
    if isinstance(source, bytes):
        return NAME if is_across_lite(source) else None
    return NAME if source[:1000].lstrip().startswith("<ACROSS PUZZLE") and is_text(source) \
        else None


def read(source: str | bytes, path: str) -> list[CrosswordInstance]:
    """The fill problem of an Across Lite file, its word list the file's own answers (a
    dictionary comes with `solve --dict`, through satpuzzle.loading)."""
    return [crossword_codecs.fill_problem(read_document(source, path), path)]


def read_document(source: str | bytes, path: str) -> GridFile:
    """The puzzle of a binary `.puz` (bytes) or of Across Lite text (a str)."""
    if isinstance(source, bytes) and not is_across_lite(source):
        raise InputError("not an Across Lite file: no ACROSS&DOWN signature at byte 2", path)
    if isinstance(source, bytes):
        _check_version(source, path)
    if isinstance(source, str):
        if not is_text(source):
            raise InputError("not Across Lite text: expected <ACROSS PUZZLE> first", path, 1, 1)
        _check_text_size(source, path)
        _check_text_rebus(source, path)
    original = source if isinstance(source, bytes) else source.encode("utf-8")
    try:
        puzzle = puz.load(source) if isinstance(source, bytes) else puz.load_text(source)
        return _document(puzzle, original, path)
    except puz.PuzzleFormatError as exc:
        raise InputError(f"not a valid Across Lite file: {one_line(exc.message)}",
                         path) from None
    except (ValueError, struct.error, IndexError, KeyError, UnicodeError) as exc:
        # puzpy reads a truncated or inconsistent file (or extension) this far before it
        # notices
        raise InputError(f"not a valid Across Lite file: {one_line(str(exc))}",
                         path) from None


def one_line(message: str, width: int = 160) -> str:
    """A library's message as one short line (puzpy's may quote a struct format over lines)."""
    return shorten(" ".join(printable(message).split()), width)


_VERSION = re.compile(rb"\d\.\d")


def _check_version(data: bytes, path: str) -> None:
    """The header's version field (`1.3\\0`, 4 bytes at 0x18) holds a version (puzpy reads
    its encoding from it; some tools write none)."""
    start = data.find(b"ACROSS&DOWN\0") - 2
    version = data[start + 0x18:start + 0x1C]
    if len(version) == 4 and not _VERSION.match(version):
        raise InputError(f"not a valid Across Lite file: its header's version field holds "
                         f"{version!r}, no version such as 1.3", path)


def _check_text_size(text: str, path: str) -> None:
    """A `<SIZE>` beyond what a grid can be, refused before puzpy builds the grid."""
    match = _TEXT_SIZE.search(text)
    if match and max(len(match.group(1)), len(match.group(2))) > 3:
        raise InputError(f"grid size {match.group(1)}x{match.group(2)} is too large "
                         f"(at most {MAX_SIDE}x{MAX_SIDE})", path)


def _check_text_rebus(text: str, path: str) -> None:
    """Each line `MARKER:LETTERS[:SHORT]` of a `<REBUS>` section names a character of the
    grid (puzpy ignores a marker that names none, so that a mistyped one would leave its cells
    read as plain letters)."""
    sections = puz.text_file_as_dict(text)
    if "REBUS" not in sections:
        return
    grid = "".join(sections.get("GRID", "").split())
    for line in sections["REBUS"].splitlines():
        marker, colon, _ = line.strip().partition(":")
        if colon and (len(marker) != 1 or marker not in grid):
            raise InputError(f"the <REBUS> line {shorten(line.strip(), 40)!r} names "
                             f"{marker!r}, no character of the grid", path)


def _document(puzzle: Any, original: bytes, path: str) -> GridFile:
    width, height = puzzle.width, puzzle.height
    cells = width * height
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE) or len(puzzle.solution) != cells:
        raise InputError(f"not a valid Across Lite file: a {width}x{height} grid with "
                         f"{len(puzzle.solution)} solution cells", path)
    if puzzle.is_solution_locked():
        raise InputError("the solution is locked (scrambled); unlock it in Across Lite "
                         "before filling the grid", path)
    strings = _rebus_strings(puzzle, width, cells, path)
    typed_strings = _typed_rebus(puzzle, cells)
    fill = puzzle.fill if len(puzzle.fill) == cells else "-" * cells
    solution, given, rebus = [], [], []
    for index, (answer, typed) in enumerate(zip(puzzle.solution, fill)):
        block = puz.is_blacksquare(answer)
        letters = cell_letters(strings[index]) if index in strings else None
        if block and index in strings:
            raise InputError(f"rebus cell at row {index // width + 1}, column "
                             f"{index % width + 1} is a block", path)
        if letters and len(letters) > 1:
            rebus.append((index // width, index % width, letters))
            solution.append(letters[0])
            # typed as the rebus only when the player typed the whole string
            given.append(letters[0] if cell_letters(typed_strings.get(index, "")) == letters
                         else OPEN)
            continue
        if index in strings:  # a rebus of one letter, or of no letter: that letter, or none
            answer = letters or OPEN
        solution.append(BLOCK if block else answer if _LETTER.fullmatch(answer) else OPEN)
        given.append(BLOCK if block else typed if _LETTER.fullmatch(typed)
                     and len(typed_strings.get(index, "")) < 2 else OPEN)
    rows = _rows("".join(given), width)
    return GridFile(FORMAT, rows, _rows("".join(solution), width),
                    _clues(puzzle.clues, rows, path), puzzle.title, puzzle.author,
                    puzzle.copyright, puzzle.notes, original,
                    typed=rows,  # every letter of an Across Lite grid was typed
                    rebus=tuple(rebus))


def _rebus_strings(puzzle: Any, width: int, cells: int, path: str) -> dict[int, str]:
    """Cell index -> the string the rebus extensions (GRBS, RTBL) give it; a cell marked
    outside the grid, a key the table does not hold, or a string too long refused. (An
    empty rebus grid, as some files carry, is no rebus.)"""
    if not puzzle.has_rebus():
        return {}
    helper = puzzle.rebus()
    found = {}
    for index, key in enumerate(helper.table):
        if not key:
            continue
        if index >= cells:
            raise InputError(f"the rebus grid (GRBS) marks cell {index + 1}, outside the "
                             f"{width}x{cells // width} grid", path)
        row, col = index // width, index % width
        value = helper.solutions.get(key - 1)
        if not isinstance(value, str):
            raise InputError(f"rebus cell at row {row + 1}, column {col + 1} names entry "
                             f"{key - 1} of the rebus table (RTBL), which has none", path)
        cell_string(value, row, col, path)  # a string too long refused
        found[index] = value
    return found


def _typed_rebus(puzzle: Any, cells: int) -> dict[int, str]:
    """Cell index -> the rebus the player typed there (RUSR), if any."""
    if not puzzle.has_rebus() and b"RUSR" not in puzzle.extensions:
        return {}
    typed = puzzle.rebus().fill
    return {index: value for index, value in enumerate(typed[:cells]) if value}


def _rows(cells: str, width: int) -> tuple[str, ...]:
    return tuple(cells[i:i + width] for i in range(0, len(cells), width))


def _clues(texts: list[str], rows: tuple[str, ...], path: str) -> tuple[Clue, ...]:
    """The clues, in the file's order: entries by number, across before down."""
    numbered = _clue_order(rows)
    if len(texts) != len(numbered):
        raise InputError(f"the file has {len(texts)} clues for {len(numbered)} entries of "
                         "its grid", path)
    return tuple(Clue(entry.direction, entry.number, text)
                 for entry, text in zip(numbered, texts))


def _clue_order(rows: tuple[str, ...]) -> list[Any]:
    return sorted(entries(rows), key=lambda entry: (entry.number, entry.direction != "across"))


# ---------------------------------------------------------------- writing


def write(instance: CrosswordInstance) -> bytes:
    """The puzzle as a binary `.puz` (not filled: the solution the file it came from held)."""
    document = crossword_codecs.grid_file(instance)
    return write_filled(document, document.solution, document.rebus)


def write_filled(document: GridFile, filled: tuple[str, ...],
                 rebus: tuple[RebusCell, ...] = ()) -> bytes:
    """A binary `.puz` of `document` whose solution is `filled` (letters, `#` blocks; `.`
    written `-` where the file says no letter) and whose rebus cells are `rebus` (`filled`
    holding their first letters): the file it was read from, or a new one, clues kept.
    Checksums are puzpy's. A barred grid is refused: Across Lite has no bars."""
    if document.bars:
        raise InputError("a barred grid cannot be written as Across Lite, which has no bars "
                         "(its entries would run across them): write it as ipuz or xd")
    puzzle = _base(document)
    blocks = puzzle.solution if len(puzzle.solution) == len(puzzle.fill) else ""
    letters = []
    for index, cell in enumerate("".join(filled)):
        if cell == BLOCK:
            letters.append(blocks[index] if blocks and puz.is_blacksquare(blocks[index])
                           else ".")
        else:
            letters.append(cell.upper() if cell != OPEN else "-")
    puzzle.solution = "".join(letters)
    _set_rebus(puzzle, rebus)
    return bytes(puzzle.tobytes())


MAX_REBUS_STRINGS = 255  # a GRBS cell holds its RTBL key + 1 in one byte


def _set_rebus(puzzle: Any, rebus: tuple[RebusCell, ...]) -> None:
    """`rebus` as the puzzle's GRBS grid and RTBL table, in place of the file's (none when
    `rebus` is empty, so that no rebus the fill dropped stays behind); the player's typed
    rebus (RUSR) kept."""
    puzzle.helpers.pop("rebus", None)
    for code in (b"GRBS", b"RTBL"):
        puzzle.extensions.pop(code, None)
    if not rebus:
        return
    squares: dict[str, list[int]] = {}
    for row, col, letters in rebus:
        squares.setdefault(letters, []).append(row * puzzle.width + col)
    if len(squares) > MAX_REBUS_STRINGS:
        raise InputError(f"the fill has {len(squares)} different rebus strings; Across Lite "
                         f"holds at most {MAX_REBUS_STRINGS}: write it as ipuz or xd")
    helper = puzzle.rebus()
    for letters, cells in squares.items():
        helper.add_rebus_squares(cells, letters)


def _base(document: GridFile) -> Any:
    if document.format == FORMAT and is_across_lite(document.original):
        return puz.load(document.original)
    if document.format == FORMAT and document.original:
        return puz.load_text(document.original.decode("utf-8"))
    puzzle = puz.Puzzle()
    texts = [document.title, document.author, document.copyright, document.notes,
             *(clue.text for clue in document.clues)]
    if not all(text.isascii() for text in texts):
        puzzle.set_version("2.0")  # version 2.0 files are UTF-8, older ones Latin-1
    puzzle.width, puzzle.height = document.width, document.height
    puzzle.fill = "".join("." if cell == BLOCK else "-" if cell == OPEN else cell
                          for cell in "".join(document.cells))
    puzzle.solution = puzzle.fill
    puzzle.title, puzzle.author = document.title, document.author
    puzzle.copyright, puzzle.notes = document.copyright, document.notes
    puzzle.clues = [document.clue_text(entry.direction, entry.number)
                    for entry in _clue_order(document.cells)]
    return puzzle
