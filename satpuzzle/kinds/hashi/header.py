"""A `.has` text whose header says `COLUMNS ROWS ISLANDS` (as some Hashi tools write it)
rewritten, character for character so that every error keeps its position, into what the
Hashi reader reads (`Kind.adapt_native`: the loader and the native format read a Hashi text
through it)."""

from __future__ import annotations

import re
from itertools import islice

from satpuzzle.grammar.transformer import text_lines


def has_rows_first(text: str) -> str | None:
    """A `.has` text whose header says `COLUMNS ROWS ISLANDS` (as some Hashi tools write it)
    while its body has ROWS lines of COLUMNS numbers: the same text with the header's first two
    numbers swapped (the island count keeps its column). None when the header already says
    ROWS COLUMNS, or when the body does not say which is which (a square grid, a broken one)."""
    header = next((words for words in map(_words, islice(text_lines(text), 1000)) if words), [])
    if len(header) != 3 or not all(w.isascii() and w.isdigit() for w in header) \
            or header[0] == header[1]:
        return None  # the usual case, seen from the first line alone
    first, second = int(header[0]), int(header[1])
    entries = (words for words in map(_words, text_lines(text)) if words)
    next(entries)  # the header
    rows = 0
    for row in entries:  # up to the first row that does not fit
        rows += 1
        if rows > second or len(row) != first or not all(w.isascii() and w.isdigit()
                                                          for w in row):
            return None
    if rows != second:
        return None
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if _words(line))
    lines[index] = _swap_first_two(lines[index])
    return "".join(lines)


def _words(line: str) -> list[str]:
    """The words of a data line, as satpuzzle's readers see them (`#` starts a comment)."""
    return line.split("#", 1)[0].split()


def _swap_first_two(line: str) -> str:
    first, second = list(re.finditer(r"\S+", line))[:2]
    return (line[:first.start()] + second.group() + line[first.end():second.start()]
            + first.group() + line[second.end():])
