"""Parse .puz text with Lark and turn the tree into PuzzleSpec objects: the kind, its title,
its fields and blocks, every token carrying its file position for error messages. Each kind's
module then builds its typed instance from a spec (see satpuzzle.registry)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from satpuzzle.errors import InputError, Position
from satpuzzle.textio import confined, read_text


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

    def error(self, message: str) -> InputError:
        return self.kind.error(message)

    def check_names(self, allowed_fields: set[str], allowed_blocks: set[str]) -> None:
        """Reject fields and blocks the kind does not know, naming what it expects."""
        for name, item in [*self.fields.items(), *self.blocks.items()]:
            allowed = allowed_fields if name in self.fields else allowed_blocks
            if name not in allowed:
                expected = ", ".join(sorted(allowed_fields | allowed_blocks))
                raise item.name.error(
                    f"unknown entry {name!r} for {self.kind.text}; expected one of: {expected}")

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
        return tokenize_rows(text, str(path))


def tokenize_rows(text: str, path: str) -> list[list[Token]]:
    """Rows of whitespace-separated tokens of a data file, blank lines and # comments dropped."""
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        content = line.split("#", 1)[0]
        row, column = [], 0
        for word in content.split():
            column = content.index(word, column)
            row.append(Token(word, Position(path, number, column + 1)))
            column += len(word)
        if row:
            rows.append(row)
    return rows


@lru_cache(maxsize=1)
def _parser() -> Lark:
    grammar = resources.files("satpuzzle.grammar").joinpath("puzzle.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True)


class _ToSpecs(Transformer):
    def __init__(self, path: str, base_dir: Path) -> None:
        super().__init__()
        self.path = path
        self.base_dir = base_dir

    def _token(self, token) -> Token:
        return Token(str(token), Position(self.path, token.line, token.column))

    def start(self, puzzles):
        return list(puzzles)

    def value(self, children):
        return self._token(children[0])

    def row(self, cells):
        return [self._token(cell) for cell in cells]

    def rows(self, rows):
        return list(rows)

    def field(self, children):
        return Field(self._token(children[0]), list(children[1:]))

    def block(self, children):
        return Block(self._token(children[0]), children[1])

    @v_args(meta=False)
    def puzzle(self, children):
        kind = self._token(children[0])
        rest = children[1:]
        title = None
        if rest and not isinstance(rest[0], (Field, Block)):
            title = str(rest[0])[1:-1]
            rest = rest[1:]
        spec = PuzzleSpec(kind, title, base_dir=self.base_dir)
        for entry in rest:
            name = entry.name.text
            if name in spec.fields or name in spec.blocks:
                raise entry.name.error(f"{name!r} given twice in one puzzle")
            (spec.fields if isinstance(entry, Field) else spec.blocks)[name] = entry
        return spec


_TERMINAL_WORDS = {
    "KIND": "a puzzle kind such as 'sudoku'", "NAME": "an entry name", "TITLE": "a quoted title",
    "WORD": "a value", "CELL": "a cell", "_NL": "end of line", "LBRACE": "'{'",
    "RBRACE": "'}'", "COLON": "':'", "$END": "end of file",
}


def _expected(names) -> str:
    words = sorted({_TERMINAL_WORDS.get(name, repr(name)) for name in names})
    return " or ".join(words) if words else "something else"


def _syntax_error(exc: UnexpectedInput, text: str, path: str) -> InputError:
    if isinstance(exc, UnexpectedCharacters):
        found = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "end of file"
        return InputError(f"unexpected {found!r}, expected {_expected(exc.allowed or [])}",
                          path, exc.line, exc.column)
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        found = "end of file" if token.type == "$END" else (
            "end of line" if token.type == "_NL" else repr(str(token)))
        line, column = (token.line, token.column) if token.type != "$END" else _end(text)
        return InputError(f"unexpected {found}, expected {_expected(exc.expected)}",
                          path, line, column)
    if isinstance(exc, UnexpectedEOF):
        line, column = _end(text)
        return InputError(f"unexpected end of file, expected {_expected(exc.expected)}",
                          path, line, column)
    return InputError(str(exc).splitlines()[0], path)


def _end(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def parse_specs(text: str, path: str = "<text>") -> list[PuzzleSpec]:
    """Every puzzle of a .puz text, as specs; syntax errors become InputErrors."""
    if not text.strip():
        raise InputError("empty file, expected a puzzle such as 'sudoku { grid { ... } }'",
                         path, 1, 1)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, path) from None
    base_dir = Path(path).parent if path != "<text>" else Path(".")
    try:
        specs = _ToSpecs(path, base_dir).transform(tree)
    except Exception as exc:  # lark wraps errors raised inside transformer callbacks
        inner = getattr(exc, "orig_exc", exc)
        if isinstance(inner, InputError):
            raise inner from None
        raise
    if not specs:
        raise InputError("no puzzle in file, only comments", path, 1, 1)
    return specs
