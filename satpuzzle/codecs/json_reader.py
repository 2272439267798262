"""The instance as JSON, whatever the kind: one object per puzzle, keys in a fixed order,
`{"kind": ..., "title": ..., ...the kind's fields}`. Each kind gives a `JsonCodec`
(satpuzzle/kinds/<kind>/codecs.py): its keys, and how to build an instance from them and them
from an instance.

Errors name where they are: malformed JSON by the decoder's line and column, a schema violation
by its JSON path (`$.givens[3][2]: expected an integer 0..9`) and the line and column of that
value. `Fields` checks the schema of one puzzle object; past it, a kind's reader calls its own
validators with tokens (`Fields.token`) that stand for the JSON values, so that their errors
too point into the JSON text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import Token
from satpuzzle.instances import Instance, InstanceT, JSONOut

JsonPath = tuple[str | int, ...]
_SPACE = re.compile(r"[ \t\n\r]*")


@dataclass(frozen=True)
class JsonCodec(Generic[InstanceT]):
    """A kind's JSON object. `keys`: its keys after kind and title, in the order written;
    `required`: those that must be present; `read(fields, title)` the instance (errors from
    `fields`); `write(instance)` its keys' values; `one_a_line`: keys whose list is written
    one item a line (besides lists of lists, always written so)."""

    keys: tuple[str, ...]
    required: tuple[str, ...]
    read: Callable[[Fields, str | None], InstanceT]
    write: Callable[[InstanceT], dict[str, JSONOut]]
    one_a_line: tuple[str, ...] = ()


# ---------------------------------------------------------------- writing


def write_instance(kind: str, codec: JsonCodec[InstanceT], instance: InstanceT) -> str:
    """The instance as one JSON object, keys in schema order."""
    data = {"kind": kind, "title": instance.title, **codec.write(instance)}
    return _dumps(data, codec.one_a_line)


def _dumps(data: dict[str, JSONOut], one_a_line: tuple[str, ...]) -> str:
    """One key a line; a list of lists, or a list of `one_a_line`, one item a line (grids
    read as grids)."""
    lines = []
    for key, value in data.items():
        head = f"  {json.dumps(key)}: "
        if isinstance(value, list) and value and (
                key in one_a_line or all(isinstance(v, list) for v in value)):
            rows = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in value)
            lines.append(f"{head}[\n{rows}\n  ]")
        else:
            lines.append(head + json.dumps(value, ensure_ascii=False))
    return "{\n" + ",\n".join(lines) + "\n}\n"


# ---------------------------------------------------------------- positions


def show(where: JsonPath) -> str:
    """A JSON path as written in messages: `$`, `$.givens[3][2]`, `$[1].numbers[0]`."""
    return "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{_key(part)}"
                         for part in where)


def _key(name: str) -> str:
    """A key as it may be shown in a one-line message: plain names as they are, anything
    else (blanks, line separators, controls) quoted with escapes."""
    plain = name.isidentifier() and name.isascii()
    return name if plain else json.dumps(name)


class Document:
    """The JSON text being read: turns a JSON path into an error with a line and column."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path

    def error(self, where: JsonPath, message: str, line: int | None = None,
              column: int | None = None) -> InputError:
        if line is None:
            line, column = self.locate(where)
        return InputError(f"{show(where)}: {message}", self.path, line, column)

    def token(self, where: JsonPath, text: str) -> Token:
        """A token standing for the value at `where`, for the kinds' own validators."""
        return Token(text, _JsonPosition(self, where))

    def locate(self, where: JsonPath, inside: bool = False) -> tuple[int | None, int | None]:
        """Line and column of the value at `where`; with `inside`, of the first character
        inside it when it is a string."""
        offset = _offset(self.text, where)
        if offset is None:
            return None, None
        if inside and self.text.startswith('"', offset):
            offset += 1
        line = self.text.count("\n", 0, offset) + 1
        return line, offset - self.text.rfind("\n", 0, offset)


class _JsonPosition(Position):
    """Where a JSON value stands, found only when an error needs it. Its column is that of the
    first character inside a string value, so that a kind's reader pointing at character k
    of a cell string (column + k) points at it in the JSON text."""

    __slots__ = ("_document", "_where")

    def __init__(self, document: Document, where: JsonPath) -> None:
        self._document = document
        self._where = where
        self.path = document.path

    # read-only where Position's are attributes: found when read, and no one sets them
    @property
    def line(self) -> int | None:  # type: ignore[override]
        return self._document.locate(self._where)[0]

    @property
    def column(self) -> int | None:  # type: ignore[override]
        return self._document.locate(self._where, inside=True)[1]

    def error(self, message: str) -> InputError:
        return self._document.error(self._where, message)


def _offset(text: str, where: JsonPath) -> int | None:
    """The offset of the value at `where` in a valid JSON text (the last one of a repeated
    key, as json.loads keeps); None if there is none."""
    skip = json.JSONDecoder().raw_decode
    try:
        i = _past_space(text, 0)
        for part in where:
            if isinstance(part, int):
                if text[i] != "[":
                    return None
                i = _past_space(text, i + 1)
                for _ in range(part):
                    i = _after_comma(text, skip(text, i)[1])
            else:
                member = _member(text, i, part, skip)
                if member is None:
                    return None
                i = member
        return i
    except (ValueError, IndexError):
        return None


def _past_space(text: str, i: int) -> int:
    """The offset of the first character at or after `i` that is no JSON whitespace."""
    space = _SPACE.match(text, i)
    assert space is not None  # `*`: it matches everywhere, if only the empty string
    return space.end()


def _after_comma(text: str, i: int) -> int:
    i = _past_space(text, i)
    if text[i] != ",":
        raise ValueError("no next element")
    return _past_space(text, i + 1)


def _member(text: str, i: int, key: str, skip: Callable[[str, int], tuple[Any, int]],
            ) -> int | None:
    """The offset of the value of `key` in the object starting at `i`."""
    if text[i] != "{":
        return None
    i = _past_space(text, i + 1)
    found = None
    while text[i] != "}":
        name, i = skip(text, i)  # the key, a JSON string
        i = _past_space(text, i) + 1  # past ':'
        i = _past_space(text, i)
        if name == key:
            found = i
        i = _past_space(text, skip(text, i)[1])
        if text[i] == ",":
            i = _past_space(text, i + 1)
    return found


# ---------------------------------------------------------------- the schema


class Schema:
    """Schema checks on decoded JSON values, each failure an error at its JSON path."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def fail(self, where: JsonPath, message: str) -> InputError:
        return self.document.error(where, message)

    def integer(self, value: object, where: JsonPath, low: int | None = None,
                high: int | None = None) -> int:
        if type(value) is not int or (low is not None and value < low) \
                or (high is not None and value > high):
            raise self.fail(where, f"expected an integer{_bounds(low, high)}, found "
                                   f"{_shown(value)}")
        return value

    def array(self, value: object, where: JsonPath, length: int | None = None,
              nonempty: bool = False) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, found {_shown(value)}")
        if length is not None and len(value) != length:
            raise self.fail(where, f"expected a list of {length} item(s), found {len(value)}")
        if nonempty and not value:
            raise self.fail(where, "expected a non-empty list")
        return value

    def integers(self, value: object, where: JsonPath, length: int | None = None,
                 low: int | None = None, high: int | None = None) -> list[int]:
        items = self.array(value, where, length)
        return [self.integer(item, (*where, i), low, high) for i, item in enumerate(items)]

    def grid(self, value: object, where: JsonPath, size: int, low: int | None = None,
             high: int | None = None) -> tuple[tuple[int, ...], ...]:
        """`size` rows of `size` integers."""
        rows = self.array(value, where, size)
        return tuple(tuple(self.integers(row, (*where, r), size, low, high))
                     for r, row in enumerate(rows))

    def string(self, value: object, where: JsonPath, choices: Sequence[str] | None = None,
               ) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, found {_shown(value)}")
        if choices is not None and value not in choices:
            raise self.fail(where, f"expected one of {', '.join(choices)}, found {value!r}")
        return value

    def boolean(self, value: object, where: JsonPath) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, found {_shown(value)}")
        return value


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" ≥ {low}"
    return "" if high is None else f" ≤ {high}"


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Fields:
    """The members of one puzzle object, with their paths: `f.reader` checks values,
    `f.at(...)` is the path of a member, `f.token(...)` a token standing for it."""

    def __init__(self, reader: Schema, data: dict[str, Any], where: JsonPath) -> None:
        self.reader = reader
        self.data = data
        self.where = where
        self.document = reader.document

    def at(self, *parts: str | int) -> JsonPath:
        return (*self.where, *parts)

    def get(self, key: str, default: object = None) -> object:
        value = self.data.get(key)
        return default if value is None else value

    def token(self, *parts: str | int, text: str = "") -> Token:
        return self.document.token(self.at(*parts), text)

    def board(self, max_cells: int) -> tuple[int, int]:
        """`rows` and `cols`, positive and of at most `max_cells` cells."""
        rows = self.reader.integer(self.data["rows"], self.at("rows"), 1)
        cols = self.reader.integer(self.data["cols"], self.at("cols"), 1)
        if rows * cols > max_cells:
            raise self.reader.fail(self.at("rows"), f"grid of {rows}×{cols} cells is too large "
                                                    f"(at most {max_cells} cells)")
        return rows, cols


# ---------------------------------------------------------------- documents


def parse(source: str, path: str) -> object:
    """The value of a JSON text; malformed JSON is an InputError at the decoder's position."""
    try:
        return json.loads(source)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError("malformed JSON: nested too deeply", path) from None


def read_documents(source: str, path: str, codecs: Mapping[str, JsonCodec]) -> list[Instance]:
    """The instances of a JSON text: one puzzle object, or a list of them, each of a kind
    named in `codecs`."""
    data = parse(source, path)
    reader = Schema(Document(source, path))
    if isinstance(data, list):
        if not data:
            raise reader.fail((), "expected a puzzle object or a non-empty list of them")
        return [_instance(reader, item, (i,), codecs) for i, item in enumerate(data)]
    return [_instance(reader, data, (), codecs)]


def _instance(reader: Schema, data: object, where: JsonPath,
              codecs: Mapping[str, JsonCodec]) -> Instance:
    if not isinstance(data, dict):
        raise reader.fail(where, f'expected a puzzle object {{"kind": ..., ...}}, found '
                                 f"{_shown(data)}")
    if "kind" not in data:
        if not _is_own_json(data, codecs):
            raise reader.fail(where, f"{OTHER_JSON} (its keys: {_keys_shown(data)})")
        raise reader.fail(where, f"missing key 'kind' (one of {', '.join(codecs)})")
    kind = reader.string(data["kind"], (*where, "kind"), tuple(codecs))
    codec = codecs[kind]
    keys = codec.keys
    for key in data:
        if key not in ("kind", "title", *keys):
            raise reader.fail((*where, key), f"unknown key for a {kind} puzzle; expected "
                                             f"one of: kind, title, {', '.join(keys)}")
    for key in codec.required:
        if key not in data:
            raise reader.fail(where, f"missing key {key!r} of a {kind} puzzle")
    title = _title(reader, data.get("title"), (*where, "title"))
    return codec.read(Fields(reader, data, where), title)


OTHER_JSON = ("a JSON puzzle of a format satpuzzle does not read (not satpuzzle's JSON, which "
              "has 'kind'; nor XWordInfo, Crosshare or Amuse Labs JSON)")


def _is_own_json(data: dict[str, Any], codecs: Mapping[str, JsonCodec]) -> bool:
    """Whether an object without `kind` is satpuzzle's JSON missing its kind (every key one of
    a kind's fields or `title`, a `title` being text), not another site's puzzle JSON."""
    own = {"title"}.union(*(codec.keys for codec in codecs.values()))
    return all(key in own for key in data) and isinstance(data.get("title", ""), str)


def _keys_shown(data: dict[str, Any], most: int = 6) -> str:
    keys = [json.dumps(key, ensure_ascii=False)[:40] for key in list(data)[:most]]
    return (", ".join(keys) + (", ..." if len(data) > most else "")) or "none"


def _title(reader: Schema, value: object, where: JsonPath) -> str | None:
    if value is None:
        return None
    title = reader.string(value, where)
    if '"' in title or "\n" in title or "\r" in title:
        raise reader.fail(where, "a title holds no double quote or line break (so that the "
                                 "puzzle can also be written in the .puz language)")
    return title
