"""What the .puz language accepts at most, checked while the text is read: each kind's blocks
(`BlockLimit`: lines and cells, so words and characters too), the puzzles of a file, the
entries of a puzzle and the values of a field. `prescan` runs over a .puz text before Lark does
(the rows of a block a chunk of lines at a time, line by line where a chunk would pass a limit)
and refuses at the first line, word or character past a limit, so a refusal costs time and
memory in proportion to what was read up to it; Lark, its tree and the kinds see only texts
within the limits. `RowCounter` is the same count for the rows of other text files (a `grid:
file "PATH"`, a kind's native file: grammar.transformer.check_rows).

A limit is never tighter than what the kind itself accepts: a row counts when it holds a word
that is not a drawing aid (made of | + - = only), each such word is at least one cell (a run
`53..7....` is several), and a block may hold three words and sixteen characters a cell of its
limit (drawing aids, blanks and long clues such as `45\\45` within that)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import NoReturn

from satpuzzle.errors import InputError

MAX_PUZZLES = 100_000  # puzzles of one file (the largest data set read here: 49,158)
MAX_ENTRIES = 64  # fields and blocks of one puzzle (no kind knows more than ten names)
MAX_FIELD_VALUES = 64  # values of a field no kind reads as rows
WORDS_PER_CELL = 3  # a cell, and drawing aids around it
CHARS_PER_CELL = 16  # its characters, blanks included
_LONG_ROW = 1 << 16  # a longer row is counted word by word, never split whole
_DRAWING = "|+-="
_NO_DRAWING = str.maketrans("", "", _DRAWING)
_CHUNK = 1 << 16  # characters counted at once
# what a chunk counted at once may not hold: a comment, a line break but \n and \r\n
_UNUSUAL = re.compile("[#\v\f\x1c-\x1e\x85\u2028\u2029]|\r(?!\n)")
_CELL_LINE = re.compile(r"^[^\n]*?[^\s|+=-]", re.MULTILINE)  # a line holding a cell


@dataclass(frozen=True)
class BlockLimit:
    """The most `lines` (rows) and `cells` a kind reads in one block; `what` names its cells in
    messages (`cells`, `numbers`, `labels`...); its characters are `chars_per_cell` a cell;
    a native file's `header` line is not counted."""

    lines: int
    cells: int
    what: str = "cells"
    chars_per_cell: int = CHARS_PER_CELL
    header: int = 0  # a first line of at most this many words is a header, not counted

    def with_header(self, words: int) -> BlockLimit:
        """This limit for a native file whose rows follow a header line of `words` words."""
        return replace(self, header=words)

    @property
    def words(self) -> int:
        return WORDS_PER_CELL * self.cells

    @property
    def chars(self) -> int:
        return self.chars_per_cell * self.cells


# a block or field name a kind does not declare (refused by the kind once parsed)
UNDECLARED = BlockLimit(64, 4096)

Limits = Mapping[str, BlockLimit]


class RowCounter:
    """The rows of one block as they are read, refused at the first line, cell, word or
    character past `limit` (`name` is the block's name in messages)."""

    def __init__(self, name: str, limit: BlockLimit, path: str) -> None:
        self.name, self.limit, self.path = name, limit, path
        self.lines = self.cells = self.words = self.chars = 0
        self.header = limit.header > 0  # the header line is still to come

    def add(self, text: str, start: int, stop: int, line: int, column: int) -> None:
        """Count the row `text[start:stop]` (comment removed), which starts at `line`,
        `column`."""
        if stop > start and text[stop - 1] == "\r":  # a line break's, as in \r\n
            stop -= 1
        if self._is_header(text, start, stop):
            return
        limit = self.limit
        self.chars += stop - start
        if self.chars > limit.chars:
            past = column + (stop - start) - (self.chars - limit.chars)
            self._refuse(f"of more than {limit.chars} characters", limit.chars, line, past)
        if stop - start <= _LONG_ROW and self._add_whole(text[start:stop]):
            return
        self._add_word_by_word(text, start, stop, line, column)

    def _is_header(self, text: str, start: int, stop: int) -> bool:
        """Whether the row is the header line still to come (the first with words, and no
        more of them than the limit's header), which is not counted."""
        if self.header and stop - start <= _LONG_ROW and (words := len(text[start:stop].split())):
            self.header = False  # the first line with words
            return words <= self.limit.header
        return False

    def _add_whole(self, row: str) -> bool:
        """Count `row` at once when it stays within the limits; False (nothing counted) when
        it would pass one."""
        limit = self.limit
        words = len(row.split())
        # drawing characters deleted, a word of them alone is gone: the cells are left
        cells = len(row.translate(_NO_DRAWING).split()) if words else 0
        if (self.cells + cells <= limit.cells and self.words + words <= limit.words
                and (not cells or self.lines < limit.lines)):
            self.cells += cells
            self.words += words
            self.lines += cells > 0
            return True
        return False

    def _add_word_by_word(self, text: str, start: int, stop: int, line: int,
                          column: int) -> None:
        """Count the row word by word, to say where it passes a limit (or a long row)."""
        limit = self.limit
        counted = False
        for match in _WORD.finditer(text, start, stop):
            where = column + match.start() - start
            self.words += 1
            if self.words > limit.words:
                self._refuse(f"of more than {limit.words} words", limit.words, line, where,
                             ", drawing aids included")
            if not match.group().strip(_DRAWING):
                continue
            self.cells += 1
            if self.cells > limit.cells:
                self._refuse(f"of more than {limit.cells} {limit.what}", limit.cells, line,
                             where)
            if not counted:
                counted = True
                self.lines += 1
                if self.lines > limit.lines:
                    self._refuse(f"of more than {limit.lines} lines", limit.lines, line, where)

    def add_lines(self, text: str, start: int, stop: int, line: int, column: int) -> None:
        """Count the rows of `text[start:stop]`, lines cut at `\\n` and holding no comment,
        the first at `line`, `column`: a chunk of lines at a time where that is exact and
        within the limits, else line by line."""
        while start < stop:
            end = text.find("\n", min(start + _CHUNK, stop), stop)
            end = stop if end < 0 else end + 1
            if self.add_chunk(text[start:end]):
                line += text.count("\n", start, end)
                start, column = end, 1
                continue
            while start < end:  # line by line: a chunk that cannot be counted at once
                cut = text.find("\n", start, end)  # (a header, a \r), or a limit passed
                cut = end if cut < 0 else cut
                self.add(text, start, cut, line, column)
                start, line, column = cut + 1, line + 1, 1

    def add_chunk(self, chunk: str) -> bool:
        """Count a chunk of whole lines at once when that is exact (no comment, no line break
        but `\\n` and `\\r\\n`, no long line) and keeps within the limits; else count nothing
        and say so."""
        limit = self.limit
        chars = len(chunk) - chunk.count("\n") - chunk.count("\r")  # each \r of a \r\n
        if self.header or len(chunk) > 2 * _CHUNK or self.chars + chars > limit.chars or _UNUSUAL.search(chunk):
            return False
        words = len(chunk.split())
        cells = len(chunk.translate(_NO_DRAWING).split())
        rows = len(_CELL_LINE.findall(chunk))
        if (self.words + words > limit.words or self.cells + cells > limit.cells
                or self.lines + rows > limit.lines):
            return False
        self.chars += chars
        self.words += words
        self.cells += cells
        self.lines += rows
        return True

    def _refuse(self, size: str, most: int, line: int, column: int,
                what: str = "") -> NoReturn:
        raise InputError(f"{self.name} {size} is too large (at most {most}{what})",
                         self.path, line, column)


_WORD = re.compile(r"\S+")
_SPACE = re.compile(r"[ \t\f\r]*")
_BLANKS = re.compile(r"[ \t\f\r\n]*")
_KIND = re.compile(r"[a-z][a-z0-9-]*")
_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_TITLE = re.compile(r'"[^"\n]*"')
_VALUE = re.compile(r'"[^"\n]*"|[^\s{}#"]+')


def _past(run: re.Pattern[str], text: str, pos: int) -> int:
    """Where the run of `run`'s characters at `pos` ends (`run` matches the empty string)."""
    match = run.match(text, pos)
    assert match is not None  # `*`: it matches everywhere, if only the empty string
    return match.end()


class _Stop(Exception):
    """Not the language's syntax: the scan ends there, and Lark says what is wrong."""


def prescan(text: str, path: str, limits_of: Callable[[str, int, int], Limits]) -> None:
    """Refuse a .puz text past the language's limits, at the first line, word or character
    past one. `limits_of(kind, line, column)` gives the limits of the kind named there (and
    refuses an unknown kind). A text that is not the language stops the scan where it stops
    being so: Lark reports it, having read no more than the scan did."""
    try:
        _Scan(text, path, limits_of).run()
    except _Stop:
        pass


class _Scan:
    def __init__(self, text: str, path: str,
                 limits_of: Callable[[str, int, int], Limits]) -> None:
        self.text, self.path, self.limits_of = text, path, limits_of
        self.pos = 0
        self.line = 1
        self.line_start = 0

    @property
    def column(self) -> int:
        return self.pos - self.line_start + 1

    def run(self) -> None:
        puzzles = 0
        known: dict[str, Limits] = {}  # each kind's limits, looked up once
        while self._blank():
            match = self._expect(_KIND)
            puzzles += 1
            if puzzles > MAX_PUZZLES:
                raise InputError(f"more than {MAX_PUZZLES} puzzles in one file (at most "
                                 f"{MAX_PUZZLES})", self.path, self.line, self.column)
            kind = match.group()
            limits = known.get(kind)
            if limits is None:
                limits = known[kind] = self.limits_of(kind, self.line, self.column)
            self.pos = match.end()
            self._spaces()
            if self._peek() == '"':
                self.pos = self._expect(_TITLE).end()
                self._spaces()
            self._char("{")
            self._body(limits)

    def _body(self, limits: Limits) -> None:
        entries = 0
        while self._blank():
            if self._peek() == "}":
                self.pos += 1
                return
            match = self._expect(_NAME)
            entries += 1
            if entries > MAX_ENTRIES:
                raise InputError(f"more than {MAX_ENTRIES} entries in one puzzle (at most "
                                 f"{MAX_ENTRIES})", self.path, self.line, self.column)
            name = match.group()
            self.pos = match.end()
            self._spaces()
            if self._peek() == ":":
                self.pos += 1
                self._field(name, limits.get(name))
            else:
                self._char("{")
                self._block(name, limits.get(name, UNDECLARED))
        raise _Stop

    def _field(self, name: str, limit: BlockLimit | None) -> None:
        """The values of field `name` (a block's limit when it may stand for one), up to
        its line's end."""
        most = limit.cells if limit else MAX_FIELD_VALUES
        what = limit.what if limit else "values"
        count = 0
        while True:
            self._spaces()
            match = _VALUE.match(self.text, self.pos)
            if match is None:
                return
            count += 1
            if count > most:
                raise InputError(f"{name} of more than {most} {what} is too large (at most "
                                 f"{most})", self.path, self.line, self.column)
            self.pos = match.end()

    def _block(self, name: str, limit: BlockLimit) -> None:
        """The rows of block `name`, up to its closing brace."""
        text, rows = self.text, RowCounter(name, limit, self.path)
        close = text.find("}", self.pos)
        if close >= 0 and all(text.find(char, self.pos, close) < 0 for char in "{#\""):
            # the usual block, rows alone: counted in chunks
            rows.add_lines(text, self.pos, close, self.line, self.column)
            last = text.rfind("\n", self.pos, close)
            if last >= 0:
                self.line += text.count("\n", self.pos, close)
                self.line_start = last + 1
            self.pos = close + 1
            return
        while True:
            end = text.find("\n", self.pos)
            end = len(text) if end < 0 else end
            stop = text.find("#", self.pos, end)
            stop = end if stop < 0 else stop
            close = text.find("}", self.pos, stop)
            if text.find("{", self.pos, close if close >= 0 else stop) >= 0:
                raise _Stop
            rows.add(text, self.pos, close if close >= 0 else stop, self.line, self.column)
            if close >= 0:
                self.pos = close + 1
                return
            if end == len(text):
                raise _Stop
            self._newline(end)

    def _blank(self) -> bool:
        """Skip blanks, comments and line ends; whether text is left."""
        text = self.text
        while True:
            start, end = self.pos, _past(_BLANKS, text, self.pos)
            last = text.rfind("\n", start, end)  # a run of blank lines at once
            if last >= 0:
                self.line += text.count("\n", start, end)
                self.line_start = last + 1
            self.pos = end
            char = self._peek()
            if char != "#":
                return char != ""
            end = text.find("\n", self.pos)
            self.pos = len(text) if end < 0 else end

    def _newline(self, at: int) -> None:
        self.pos = self.line_start = at + 1
        self.line += 1

    def _spaces(self) -> None:
        self.pos = _past(_SPACE, self.text, self.pos)

    def _peek(self) -> str:
        return self.text[self.pos:self.pos + 1]

    def _char(self, char: str) -> None:
        if self._peek() != char:
            raise _Stop
        self.pos += 1

    def _expect(self, pattern: re.Pattern[str]) -> re.Match[str]:
        match = pattern.match(self.text, self.pos)
        if match is None:
            raise _Stop
        return match
