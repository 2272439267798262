"""What .puz text parses to: PuzzleSpec objects (the kind, its title, its fields and blocks),
every token carrying its file position for error messages. Each kind's module then builds its
typed instance from a spec (see satpuzzle.kinds.registry).

The Lark parser and its transformer are in satpuzzle/grammar/parser.py, imported by the first
`parse_specs`: the kinds use the classes below, and Lark costs a command that reads no .puz
text nothing."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar.limits import MAX_PUZZLES, BlockLimit, Limits, RowCounter, prescan
from satpuzzle.lazy import Lazy
from satpuzzle.textio import confined, read_text

_parse = Lazy("satpuzzle.grammar.parser", "parse")


@dataclass(frozen=True)
class Token:
    """A word of the source with where it stands."""

    text: str
    pos: Position

    def error(self, message: str) -> InputError:
        return self.pos.error(message)


def error_at(where: Token | str, message: str, line: int | None = None,
             column: int | None = None) -> InputError:
    """An InputError at a token's position, or in the file named `where` (at `line` and
    `column` when the caller knows them)."""
    if isinstance(where, Token):
        return where.error(message)
    return InputError(message, where, line, column)


@dataclass
class Field:
    """`name: value ...` on one line."""

    name: Token
    values: list[Token]


@dataclass
class Block:
    """`name { rows }`: each row is the list of whitespace-separated cells of one line."""

    name: Token
    rows: list[list[Token]]


@dataclass
class PuzzleSpec:
    """One puzzle of a .puz file before its kind gives it meaning."""

    kind: Token
    title: str | None
    fields: dict[str, Field] = field(default_factory=dict)
    blocks: dict[str, Block] = field(default_factory=dict)
    base_dir: Path = Path(".")
    limits: Limits = field(default_factory=dict)  # its kind's (grammar.limits)

    def error(self, message: str) -> InputError:
        return self.kind.error(message)

    def check_names(self, allowed_fields: set[str], allowed_blocks: set[str]) -> None:
        """Reject fields and blocks the kind does not know, naming what it expects."""
        entries: list[tuple[str, Field | Block]] = [*self.fields.items(), *self.blocks.items()]
        for name, item in entries:
            allowed = allowed_fields if name in self.fields else allowed_blocks
            if name not in allowed:
                expected = ", ".join(sorted(allowed_fields | allowed_blocks))
                raise item.name.error(
                    f"unknown entry {name!r} for {self.kind.text}; expected one of: {expected}")

    def grid(self, cells: str = "lines of cells") -> tuple[list[list[Token]], Token]:
        """The rows of the `grid` block (or `grid: file "PATH"`) every grid kind has, and the
        token naming it (errors about the grid as a whole stand there); refused, saying what
        the grid holds (`cells`), when missing."""
        rows = self.rows("grid")
        if rows is None:
            raise self.error(f"{self.kind.text} needs a grid: 'grid {{' then {cells}, then '}}'")
        where = self.blocks["grid"].name if "grid" in self.blocks else self.fields["grid"].name
        return rows, where

    def rows(self, name: str) -> list[list[Token]] | None:
        """The rows of block `name`, or of the file that field `name: file "path"` names."""
        if name in self.blocks:
            return self.blocks[name].rows
        entry = self.fields.get(name)
        if entry is None:
            return None
        if entry.values[0].text != "file" or len(entry.values) != 2 \
                or not entry.values[1].text.startswith('"'):
            raise entry.name.error(f"expected '{name} {{' with rows, or '{name}: file \"PATH\"'")
        reference = entry.values[1]
        path = self.base_dir / reference.text.strip('"')
        try:
            text = read_text(confined(reference.text.strip('"'), self.base_dir))
        except InputError as exc:
            raise reference.error(f"cannot read {str(path)!r}: {exc.message}") from None
        return tokenize_rows(text, str(path), self.limits.get(name), name)


# where str.splitlines() breaks a line, besides `\n` and `\r` (`\r\n` is one break)
_OTHER_BREAKS = "\v\f\x1c\x1d\x1e\x85\u2028\u2029"


def tokenize_rows(text: str, path: str, limit: BlockLimit | None = None,
                  name: str = "grid") -> list[list[Token]]:
    """Rows of whitespace-separated tokens of a data file, blank lines and # comments dropped;
    with a `limit`, refused (as block `name`) at the first line, word or character past it,
    the whole text counted before a token is made."""
    if limit:
        check_rows(text, path, limit, name)
    rows: list[list[Token]] = []
    for number, line in enumerate(text_lines(text), 1):
        content = line.split("#", 1)[0]
        row, column = [], 0
        for word in content.split():
            column = content.index(word, column)
            row.append(Token(word, Position(path, number, column + 1)))
            column += len(word)
        if row:
            rows.append(row)
    return rows


def check_rows(text: str, path: str, limit: BlockLimit, name: str = "grid",
               comment: str = "#") -> None:
    """Refuse the rows of a data file (as block `name`, lines starting with `comment` or from
    a `#` on dropped) at the first line, word or character past `limit`, making no token."""
    counter = RowCounter(name, limit, path)
    comments = (re.compile(rf"^[ \t]*{re.escape(comment)}", re.MULTILINE) if comment != "#"
                else None)
    start, size, number = 0, len(text), 1
    while start < size:  # a chunk of lines at a time, line by line where it must
        end = text.find("\n", min(start + _CHUNK, size))
        end = size if end < 0 else end + 1
        chunk = text[start:end]
        if (comments and comments.search(chunk)) or not counter.add_chunk(chunk):
            for line in text_lines(chunk):
                content = line.split("#", 1)[0]
                if comments is None or not content.lstrip().startswith(comment):
                    counter.add(content, 0, len(content), number, 1)
                number += 1
        else:
            number += chunk.count("\n")
        start = end


_CHUNK = 1 << 16  # characters of a data file counted at once


def check_puzzle_lines(text: str, path: str) -> None:
    """Refuse a file of one puzzle a line (blank and `#` lines aside) holding more than a
    file may (grammar.limits.MAX_PUZZLES), at the first line past them, before any is read."""
    if text.count("\n") < MAX_PUZZLES:  # the usual file, told at once
        return
    count = 0
    for number, line in enumerate(text_lines(text), 1):
        if line.split("#", 1)[0].strip():
            count += 1
            if count > MAX_PUZZLES:
                raise InputError(f"more than {MAX_PUZZLES} puzzles in one file (at most "
                                 f"{MAX_PUZZLES})", path, number, 1)


def text_lines(text: str) -> Iterator[str]:
    """The lines of `text` as str.splitlines() gives them, one at a time (a list of them all
    would take tens of bytes a line before the first is counted). Lines are cut at `\n` by
    str.find, and a piece is split again only where it holds another line break."""
    start, size = 0, len(text)
    while start < size:
        end = text.find("\n", start)
        if end < 0:
            yield from text[start:].splitlines()
            return
        piece = text[start:end]
        yield from piece.splitlines() or [""]
        if piece and piece[-1] in _OTHER_BREAKS:  # it ended a line before the `\n`'s own
            yield ""
        start = end + 1


def parse_specs(text: str, path: str = "<text>",
                limits: Callable[[Token], Limits] | None = None) -> list[PuzzleSpec]:
    """Every puzzle of a .puz text, as specs; syntax errors become InputErrors. `limits`
    gives the block limits of the kind a token names (refusing an unknown kind): the text is
    checked against them before it is parsed, each spec keeps its kind's for the files it
    refers to."""
    if not text.strip():
        raise InputError("empty file, expected a puzzle such as 'sudoku { grid { ... } }'",
                         path, 1, 1)
    if limits is not None:
        look_up = limits
        prescan(text, path, lambda kind, line, column:
                look_up(Token(kind, Position(path, line, column))))
    specs = _parse(text, path, Path(path).parent if path != "<text>" else Path("."))
    if not specs:
        raise InputError("no puzzle in file, only comments", path, 1, 1)
    if limits is not None:
        for spec in specs:
            spec.limits = limits(spec.kind)
    return specs
