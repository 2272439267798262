"""A Sudoku grid (or one-line puzzles) whose empty cells are written `-`, as janko.at does,
rewritten, character for character so that every error keeps its position, into what the
Sudoku reader reads (`Kind.adapt_native`: the loader and the native format read a Sudoku text
through it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from satpuzzle.grammar.limits import MAX_PUZZLES


def _words(line: str) -> list[str]:
    """The words of a data line, as satpuzzle's readers see them (`#` starts a comment)."""
    return line.split("#", 1)[0].split()


_NO_DRAWING = str.maketrans("", "", "-+|=")
# a run of one-character cells (`53--7----`), where a `-` can only be a cell
_RUN = re.compile(r"[0-9A-Za-z._|-]{4,}")


def dashes_as_cells(text: str) -> str | None:
    """A Sudoku grid (or one-line puzzles) whose empty cells are written `-`, as janko.at does:
    the same text with every `-` that cannot be a drawing aid written `.`, or None when there
    is none. A `-` is a cell when it stands as a word among other cells of its line (`5 3 -
    7`) or inside a run of cells (`53--7----`), and a line of lone `-` words is a row of empty
    cells when counting it as a row makes the grid square; a line of drawing characters alone
    (`------+------`, `- - - + - - -`) stays a drawing aid."""
    if "-" not in text or text.count("\n") > MAX_PUZZLES:  # no Sudoku text holds more lines:
        return None  # its reader refuses it, and a large file of something else costs no more
    lines = text.splitlines(keepends=True)
    # only lines with a `-` before any comment can change (a large file has few or none)
    dashed = [i for i, line in enumerate(lines) if "-" in line and "-" in line.split("#", 1)[0]]
    counts = {i: len(_words(lines[i])) for i in dashed}
    dash_rows = [i for i in dashed if counts[i] >= 2 and _dashes_only(lines[i], counts[i])]
    changing = [i for i in dashed if not _drawing_only(lines[i])]
    width = counts[dash_rows[0]] if dash_rows else 0
    if dash_rows and all(counts[i] == width for i in dash_rows):
        # counted until the rows exceed the width the dash rows need: a grid is square
        rows = _count_upto((line for line in lines if _words(line) and not _drawing_only(line)),
                           width - len(dash_rows))
        if rows + len(dash_rows) == width:
            changing += dash_rows
    changed = False
    for i in changing:
        line = _dashes_in_line(lines[i])
        changed |= line != lines[i]
        lines[i] = line
    return "".join(lines) if changed else None


def _dashes_only(line: str, words: int) -> bool:
    """Whether the `words` words of a line are all a lone `-`."""
    content = line.split("#", 1)[0]
    return content.count("-") == words and not content.replace("-", "").strip()


def _drawing_only(line: str) -> bool:
    """Whether the words of a line are all drawing characters `-+|=` (none left once they are
    deleted: a line at a time, not a word)."""
    return not line.split("#", 1)[0].translate(_NO_DRAWING).strip()


def _count_upto(items: Iterable[object], most: int) -> int:
    """How many `items` there are, counted up to one more than `most`."""
    count = 0
    for _ in items:
        count += 1
        if count > most:
            break
    return count


def _dashes_in_line(line: str) -> str:
    content, _hash, comment = line.partition("#")
    def cell(match: re.Match[str]) -> str:
        word = match.group()
        if word == "-":
            return "."
        if _RUN.fullmatch(word) and set(word) - set("-|"):
            return word.replace("-", ".")
        return word

    content = re.sub(r"\S+", cell, content)
    return content + _hash + comment
