"""Native texts that say plainly what they hold in a way their kind's reader does not read:
a `.has` header `COLUMNS ROWS ISLANDS` whose body says which number is which, a Sudoku grid
whose empty cells are `-`. Each adapter rewrites such a text, character for character so that
every error keeps its position, into what the kind's reader reads; satpuzzle.loading and the
native formats (satpuzzle.formats.native) read a kind's texts through its adapter. Imports no
kind: a native file costs no other kind's modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def has_rows_first(text: str) -> str | None:
    """A `.has` text whose header says `COLUMNS ROWS ISLANDS` (as some Hashi tools write it)
    while its body has ROWS lines of COLUMNS numbers: the same text with the header's first two
    numbers swapped (the island count keeps its column). None when the header already says
    ROWS COLUMNS, or when the body does not say which is which (a square grid, a broken one)."""
    header = next((words for words in map(_words, text.splitlines()[:1000]) if words), [])
    if len(header) != 3 or not all(w.isascii() and w.isdigit() for w in header) \
            or header[0] == header[1]:
        return None  # the usual case, seen from the first line alone
    lines = text.splitlines(keepends=True)
    entries = [(i, _words(line)) for i, line in enumerate(lines)]
    entries = [(i, words) for i, words in entries if words]
    if len(entries) < 2:
        return None
    first, second = (int(w) for w in entries[0][1][:2])
    body = [words for _, words in entries[1:]]
    if first == second or not all(w.isascii() and w.isdigit() for row in body for w in row):
        return None
    if len(body) == second and all(len(row) == first for row in body):
        index = entries[0][0]
        lines[index] = _swap_first_two(lines[index])
        return "".join(lines)
    return None


def _words(line: str) -> list[str]:
    """The words of a data line, as satpuzzle's readers see them (`#` starts a comment)."""
    return line.split("#", 1)[0].split()


def _swap_first_two(line: str) -> str:
    first, second = list(re.finditer(r"\S+", line))[:2]
    return (line[:first.start()] + second.group() + line[first.end():second.start()]
            + first.group() + line[second.end():])


# drawing characters of a grid (a `|` between boxes, a `-----+-----` rule between them)
_DRAWING = re.compile(r"[-+|=]+")
# a run of one-character cells (`53--7----`), where a `-` can only be a cell
_RUN = re.compile(r"[0-9A-Za-z._|-]{4,}")


def dashes_as_cells(text: str) -> str | None:
    """A Sudoku grid (or one-line puzzles) whose empty cells are written `-`, as janko.at does:
    the same text with every `-` that cannot be a drawing aid written `.`, or None when there
    is none. A `-` is a cell when it stands as a word among other cells of its line (`5 3 -
    7`) or inside a run of cells (`53--7----`), and a line of lone `-` words is a row of empty
    cells when counting it as a row makes the grid square; a line of drawing characters alone
    (`------+------`, `- - - + - - -`) stays a drawing aid."""
    if "-" not in text:
        return None
    lines = text.splitlines(keepends=True)
    # only lines with a `-` before any comment can change (a large file has few or none)
    dashed = [i for i, line in enumerate(lines) if "-" in line and "-" in line.split("#", 1)[0]]
    words = {i: _words(lines[i]) for i in dashed}
    dash_rows = [i for i in dashed if len(words[i]) >= 2 and set(words[i]) == {"-"}]
    changing = [i for i in dashed if not all(_DRAWING.fullmatch(w) for w in words[i])]
    if dash_rows:
        cells = sum(1 for line in lines if (row := _words(line))
                    and not all(_DRAWING.fullmatch(w) for w in row))
        if all(len(words[i]) == cells + len(dash_rows) for i in dash_rows):
            changing += dash_rows
    changed = False
    for i in changing:
        line = _dashes_in_line(lines[i])
        changed |= line != lines[i]
        lines[i] = line
    return "".join(lines) if changed else None


def _dashes_in_line(line: str) -> str:
    content, comment = (line.split("#", 1) + [None])[:2]
    def cell(match: re.Match[str]) -> str:
        word = match.group()
        if word == "-":
            return "."
        if _RUN.fullmatch(word) and set(word) - set("-|"):
            return word.replace("-", ".")
        return word

    content = re.sub(r"\S+", cell, content)
    return content if comment is None else content + "#" + comment


# kind -> how its native texts are adapted before its reader sees them
ADAPTERS: dict[str, Callable[[str], str | None]] = {
    "hashi": has_rows_first,
    "sudoku": dashes_as_cells,
}
