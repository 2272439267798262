"""The Lark parser of the .puz language (puzzle.lark) and its transformer from Lark's tree to
PuzzleSpec objects (satpuzzle/grammar/transformer.py), with Lark's syntax errors in words."""

from __future__ import annotations

import contextlib
import gc
import io
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

# Lark imports the third-party `regex` module when it is installed, only to measure the widths
# of Unicode-category patterns, which this grammar has none of (Lark lexes with `re` unless
# asked otherwise). Importing it cost 6 ms of every run, a tenth of a small solve's start-up:
# it is hidden while Lark loads (a None entry makes its import fail) and visible again after.
_HIDE_REGEX = "regex" not in sys.modules
if _HIDE_REGEX:
    sys.modules["regex"] = None  # type: ignore[assignment]
try:
    import lark
    from lark import Lark, Transformer, v_args
    from lark.exceptions import (
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )
finally:
    if _HIDE_REGEX and sys.modules.get("regex", 0) is None:
        del sys.modules["regex"]

from satpuzzle import usercache
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar.transformer import Block, Field, PuzzleSpec, Token


def parse(text: str, path: str, base_dir: Path) -> list[PuzzleSpec]:
    """The puzzles of a .puz text (which holds more than blank space); `base_dir` is where its
    `file "PATH"` references are read from."""
    with _collector_paused():
        try:
            tree = _parser().parse(text)
        except UnexpectedInput as exc:
            raise _syntax_error(exc, text, path) from None
        try:
            return _ToSpecs(path, base_dir).transform(tree)
        except Exception as exc:  # lark wraps errors raised inside transformer callbacks
            inner = getattr(exc, "orig_exc", exc)
            if isinstance(inner, InputError):
                raise inner from None
            raise


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a text is parsed: the parse makes several
    objects a token, none of them cyclic garbage, and each collection walked the growing
    tree again (10,000 4×4 Sudokus in one file: 4.6 s to read, 2.1 s without)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# Building the LALR tables took 27-43 ms of every `satpuzzle solve x.puz`; loading them from
# the user's cache 3-7 ms
# positions come from the tokens (_ToSpecs._token): the tree's nodes carry none (Lark's
# propagate_positions cost a sixth of reading a file of 10,000 small puzzles)
_OPTIONS = {"parser": "lalr", "propagate_positions": False}
_MAX_CACHE_BYTES = 1 << 20
# A run of blank and comment lines is one _NL token. Written possessive where Python's regular
# expressions have that (3.11), the match keeps no backtracking state per line: 10 MB of line
# ends took 1.7 s and 2.5 GB to lex, 0.2 s and 61 MB so (the same tokens, as nothing follows it)
_NL_RUN = "_NL: (/\\r?\\n[\\t \\f]*/ | COMMENT)+"
_NL_POSSESSIVE = "_NL: /(?:\\r?\\n[\\t \\f]*|#[^\\n]*)++/"


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The parser, its tables read from the user's cache when the grammar, the options and
    Lark's version are those they were built from (the key at the file's start), else
    built and saved there. The tables are a pickle, so only a file that the cache layer
    found private to this user is loaded (satpuzzle.usercache)."""
    grammar = _grammar_text()
    if sys.version_info >= (3, 11):
        grammar = grammar.replace(_NL_RUN, _NL_POSSESSIVE)
    # the whole grammar is the key, compared byte for byte (a hash would import hashlib, 2 ms
    # of every run); a checksum only names the file
    key = f"{lark.__version__} {sorted(_OPTIONS.items())}\n{grammar}\n\0\n".encode()
    file = usercache.cache_dir() / f"parser-{zlib.crc32(key):08x}.lark"
    try:
        cached = usercache.read_private(file, _MAX_CACHE_BYTES)
    except usercache.Untrusted:
        cached = None
    if cached is not None and cached.startswith(key):
        with contextlib.suppress(Exception):  # tables Lark cannot read are built again
            return Lark.load(io.BytesIO(cached[len(key):]))
    parser = Lark(grammar, **_OPTIONS)
    tables = io.BytesIO()
    parser.save(tables)
    usercache.write_private(file, key + tables.getvalue())
    return parser


def _grammar_text() -> str:
    """puzzle.lark, beside this module (through importlib.resources where the package is not
    a plain directory, such as a zip: that import costs several milliseconds otherwise)."""
    try:
        return Path(__file__).with_name("puzzle.lark").read_text("utf-8")
    except OSError:
        from importlib import resources
        return resources.files("satpuzzle.grammar").joinpath("puzzle.lark").read_text("utf-8")


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
        at = exc.pos_in_stream  # set by UnexpectedCharacters, None only on the class
        found = text[at] if at is not None and at < len(text) else "end of file"
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
