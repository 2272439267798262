"""The instance as JSON: exactly what satpuzzle parsed, one object per puzzle, keys in a fixed
order, `{"kind": ..., "title": ..., ...the kind's fields}` (schemas in docs/FORMATS.md, "The
instance as JSON"). Reading accepts one such object or a list of them.

Errors name where they are: malformed JSON by the decoder's line and column, a schema violation
by its JSON path (`$.givens[3][2]: expected an integer 0..9`) and the line and column of that
value. Past the schema, every instance goes through the checks its kind's own readers make
(value ranges, sizes, solvability screens), called with tokens that stand for the JSON values.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from json.decoder import scanstring
from typing import Any

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import Token
from satpuzzle.kinds import registry

NAME = "json"
KINDS = registry.NAMES

JsonPath = tuple[str | int, ...]
_SPACE = re.compile(r"[ \t\n\r]*")


# ---------------------------------------------------------------- writing


def write(instance: Any) -> str:
    """The instance as one JSON object, keys in schema order."""
    if instance.KIND not in _WRITERS:
        raise InputError(f"JSON cannot express a {instance.KIND} puzzle")
    data = {"kind": instance.KIND, "title": instance.title, **_WRITERS[instance.KIND](instance)}
    return _dumps(data)


def _dumps(data: dict[str, Any]) -> str:
    """One key a line; a list of lists, or a crossword grid, one item a line (grids read
    as grids)."""
    lines = []
    for key, value in data.items():
        head = f"  {json.dumps(key)}: "
        if isinstance(value, list) and value and (
                key == "grid" or all(isinstance(v, list) for v in value)):
            rows = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in value)
            lines.append(f"{head}[\n{rows}\n  ]")
        else:
            lines.append(head + json.dumps(value, ensure_ascii=False))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _write_sudoku(instance: Any) -> dict[str, Any]:
    regions = instance.regions
    return {"size": instance.size, "box": [instance.box_rows, instance.box_cols],
            "givens": [list(row) for row in instance.givens],
            "regions": None if regions is None else [list(row) for row in regions]}


def _write_shikaku(instance: Any) -> dict[str, Any]:
    return {"rows": instance.rows, "cols": instance.cols,
            "clues": [list(clue) for clue in instance.clues]}


def _write_hashi(instance: Any) -> dict[str, Any]:
    islands = [[r, c, value] for r, row in enumerate(instance.grid)
               for c, value in enumerate(row) if value]
    return {"rows": instance.height, "cols": instance.width, "islands": islands,
            "connectivity": instance.connectivity}


def _write_crossword(instance: Any) -> dict[str, Any]:
    return {"grid": ["".join(row) for row in instance.grid], "words": list(instance.words),
            "distinct": instance.distinct}


def _write_jigsaw(instance: Any) -> dict[str, Any]:
    return {"rows": instance.rows, "cols": instance.cols, "variant": instance.variant,
            "matching": instance.matching, "border": instance.border,
            "pieces": [list(piece) for piece in instance.pieces]}


def _write_partition(instance: Any) -> dict[str, Any]:
    return {"numbers": list(instance.numbers)}


def _write_one_in_three(instance: Any) -> dict[str, Any]:
    return {"num_vars": instance.num_vars, "clauses": [list(c) for c in instance.clauses]}


_WRITERS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "sudoku": _write_sudoku, "shikaku": _write_shikaku, "hashi": _write_hashi,
    "crossword": _write_crossword, "jigsaw": _write_jigsaw, "partition": _write_partition,
    "one-in-three-sat": _write_one_in_three,
}


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

    @property  # type: ignore[override]
    def line(self) -> int | None:
        return self._document.locate(self._where)[0]

    @property  # type: ignore[override]
    def column(self) -> int | None:
        return self._document.locate(self._where, inside=True)[1]

    def error(self, message: str) -> InputError:
        return self._document.error(self._where, message)


def _offset(text: str, where: JsonPath) -> int | None:
    """The offset of the value at `where` in a valid JSON text (the last one of a repeated
    key, as json.loads keeps); None if there is none."""
    skip = json.JSONDecoder().raw_decode
    try:
        i = _SPACE.match(text, 0).end()
        for part in where:
            if isinstance(part, int):
                if text[i] != "[":
                    return None
                i = _SPACE.match(text, i + 1).end()
                for _ in range(part):
                    i = _after_comma(text, skip(text, i)[1])
            else:
                i = _member(text, i, part, skip)
                if i is None:
                    return None
        return i
    except (ValueError, IndexError):
        return None


def _after_comma(text: str, i: int) -> int:
    i = _SPACE.match(text, i).end()
    if text[i] != ",":
        raise ValueError("no next element")
    return _SPACE.match(text, i + 1).end()


def _member(text: str, i: int, key: str, skip: Callable[[str, int], tuple[Any, int]],
            ) -> int | None:
    """The offset of the value of `key` in the object starting at `i`."""
    if text[i] != "{":
        return None
    i = _SPACE.match(text, i + 1).end()
    found = None
    while text[i] != "}":
        name, i = scanstring(text, i + 1)
        i = _SPACE.match(text, i).end() + 1  # past ':'
        i = _SPACE.match(text, i).end()
        if name == key:
            found = i
        i = _SPACE.match(text, skip(text, i)[1]).end()
        if text[i] == ",":
            i = _SPACE.match(text, i + 1).end()
    return found


# ---------------------------------------------------------------- reading: the schema


class _Reader:
    """Schema checks on decoded JSON values, each failure an error at its JSON path."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def fail(self, where: JsonPath, message: str) -> InputError:
        return self.document.error(where, message)

    def integer(self, value: Any, where: JsonPath, low: int | None = None,
                high: int | None = None) -> int:
        if type(value) is not int or (low is not None and value < low) \
                or (high is not None and value > high):
            raise self.fail(where, f"expected an integer{_bounds(low, high)}, found "
                                   f"{_shown(value)}")
        return value

    def array(self, value: Any, where: JsonPath, length: int | None = None,
              nonempty: bool = False) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, found {_shown(value)}")
        if length is not None and len(value) != length:
            raise self.fail(where, f"expected a list of {length} item(s), found {len(value)}")
        if nonempty and not value:
            raise self.fail(where, "expected a non-empty list")
        return value

    def integers(self, value: Any, where: JsonPath, length: int | None = None,
                 low: int | None = None, high: int | None = None) -> list[int]:
        items = self.array(value, where, length)
        return [self.integer(item, (*where, i), low, high) for i, item in enumerate(items)]

    def grid(self, value: Any, where: JsonPath, size: int, low: int | None = None,
             high: int | None = None) -> tuple[tuple[int, ...], ...]:
        """`size` rows of `size` integers."""
        rows = self.array(value, where, size)
        return tuple(tuple(self.integers(row, (*where, r), size, low, high))
                     for r, row in enumerate(rows))

    def string(self, value: Any, where: JsonPath, choices: Sequence[str] | None = None,
               ) -> str:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a string, found {_shown(value)}")
        if choices is not None and value not in choices:
            raise self.fail(where, f"expected one of {', '.join(choices)}, found {value!r}")
        return value

    def boolean(self, value: Any, where: JsonPath) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, found {_shown(value)}")
        return value


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" {low}..{high}"
    if low is not None:
        return f" ≥ {low}"
    return "" if high is None else f" ≤ {high}"


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- reading: documents


def read(source: str, path: str) -> list[Any]:
    """The instances of a JSON text: one puzzle object, or a list of them."""
    try:
        data = json.loads(source)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError("malformed JSON: nested too deeply", path) from None
    reader = _Reader(Document(source, path))
    if isinstance(data, list):
        if not data:
            raise reader.fail((), "expected a puzzle object or a non-empty list of them")
        return [_instance(reader, item, (i,)) for i, item in enumerate(data)]
    return [_instance(reader, data, ())]


def _instance(reader: _Reader, data: Any, where: JsonPath) -> Any:
    if not isinstance(data, dict):
        raise reader.fail(where, f'expected a puzzle object {{"kind": ..., ...}}, found '
                                 f"{_shown(data)}")
    if "kind" not in data:
        raise reader.fail(where, f"missing key 'kind' (one of {', '.join(KINDS)})")
    kind = reader.string(data["kind"], (*where, "kind"), KINDS)
    keys, required, build = _READERS[kind]
    for key in data:
        if key not in ("kind", "title", *keys):
            raise reader.fail((*where, key), f"unknown key for a {kind} puzzle; expected "
                                             f"one of: kind, title, {', '.join(keys)}")
    for key in required:
        if key not in data:
            raise reader.fail(where, f"missing key {key!r} of a {kind} puzzle")
    title = _title(reader, data.get("title"), (*where, "title"))
    return build(_Fields(reader, data, where), title)


def _title(reader: _Reader, value: Any, where: JsonPath) -> str | None:
    if value is None:
        return None
    title = reader.string(value, where)
    if '"' in title or "\n" in title or "\r" in title:
        raise reader.fail(where, "a title holds no double quote or line break (so that the "
                                 "puzzle can also be written in the .puz language)")
    return title


class _Fields:
    """The members of one puzzle object, with their paths."""

    def __init__(self, reader: _Reader, data: dict[str, Any], where: JsonPath) -> None:
        self.reader = reader
        self.data = data
        self.where = where
        self.document = reader.document

    def at(self, *parts: str | int) -> JsonPath:
        return (*self.where, *parts)

    def get(self, key: str, default: Any = None) -> Any:
        value = self.data.get(key)
        return default if value is None else value

    def token(self, *parts: str | int, text: str = "") -> Token:
        return self.document.token(self.at(*parts), text)


# ---------------------------------------------------------------- reading: kinds


def _read_sudoku(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.sudoku import puzzle as sudoku

    r = f.reader
    rows = r.array(f.data["givens"], f.at("givens"))
    size = len(rows)
    if not 1 <= size <= sudoku.MAX_SIZE:
        raise r.fail(f.at("givens"), f"expected 1..{sudoku.MAX_SIZE} rows, found {size}")
    if f.get("size") is not None:
        declared = r.integer(f.data["size"], f.at("size"), 1)
        if declared != size:
            raise r.fail(f.at("size"), f"size {declared} does not match the {size} rows of "
                                       "givens")
    givens = r.grid(rows, f.at("givens"), size, 0, size)
    if f.get("box") is None:
        box = sudoku.default_box(size)
    else:
        box_rows, box_cols = r.integers(f.data["box"], f.at("box"), 2, 1)
        box = sudoku.parse_box(f.token("box", text=f"{box_rows}x{box_cols}"), size)
    regions = None
    if f.get("regions") is not None:
        regions = r.grid(f.data["regions"], f.at("regions"), size)
        problem = sudoku.region_problem(regions, size)
        if problem is not None:
            message, (row, col) = problem
            raise r.fail(f.at("regions", row, col), message)
    return sudoku.SudokuInstance(box[0], box[1], givens, title, regions)


def _read_shikaku(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.shikaku import puzzle as shikaku

    r = f.reader
    rows, cols = _board(f, shikaku.MAX_CELLS)
    items = r.array(f.data["clues"], f.at("clues"))
    found: dict[tuple[int, int], int] = {}  # cell → index of its clue in the list
    clues = []
    for i, item in enumerate(items):
        row, col, area = r.array(item, f.at("clues", i), 3)
        row = r.integer(row, f.at("clues", i, 0), 0, rows - 1)
        col = r.integer(col, f.at("clues", i, 1), 0, cols - 1)
        area = r.integer(area, f.at("clues", i, 2), 1, rows * cols)
        if (row, col) in found:
            raise r.fail(f.at("clues", i), f"a second clue at row {row}, column {col} (the "
                                           f"first is $.clues[{found[(row, col)]}])")
        found[(row, col)] = i
        clues.append((row, col, area))
    instance = shikaku.ShikakuInstance(rows, cols, tuple(sorted(clues)), title)
    problem = shikaku.impossibility(instance)
    if problem is not None:
        message, cell = problem
        raise r.fail(f.at("clues", found[cell]) if cell in found else f.at("clues"), message)
    return instance


def _board(f: _Fields, max_cells: int) -> tuple[int, int]:
    rows = f.reader.integer(f.data["rows"], f.at("rows"), 1)
    cols = f.reader.integer(f.data["cols"], f.at("cols"), 1)
    if rows * cols > max_cells:
        raise f.reader.fail(f.at("rows"), f"grid of {rows}×{cols} cells is too large (at "
                                          f"most {max_cells} cells)")
    return rows, cols


def _read_hashi(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.hashi import puzzle as hashi

    r = f.reader
    rows, cols = _board(f, hashi.MAX_CELLS)
    items = r.array(f.data["islands"], f.at("islands"), nonempty=True)
    grid = [[0] * cols for _ in range(rows)]
    for i, item in enumerate(items):
        row, col, value = r.array(item, f.at("islands", i), 3)
        row = r.integer(row, f.at("islands", i, 0), 0, rows - 1)
        col = r.integer(col, f.at("islands", i, 1), 0, cols - 1)
        value = r.integer(value, f.at("islands", i, 2))
        if grid[row][col]:
            raise r.fail(f.at("islands", i), f"a second island at row {row}, column {col}")
        grid[row][col] = hashi._island_value(str(value), f.token("islands", i, 2))
    instance = hashi.HashiInstance(tuple(map(tuple, grid)), title)
    mode = f.data.get("connectivity")
    if mode is None:
        return instance
    mode = r.string(mode, f.at("connectivity"))
    return hashi.with_connectivity(instance, mode, f.token("connectivity", text=mode))


def _read_crossword(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.crossword import puzzle as crossword

    r = f.reader
    lines = r.array(f.data["grid"], f.at("grid"), nonempty=True)
    rows = []
    for i, line in enumerate(lines):
        text = r.string(line, f.at("grid", i))
        if not text:
            raise r.fail(f.at("grid", i), "expected a non-empty row of cells")
        token = f.token("grid", i, text=text)
        try:  # one row at a time, so that a bad cell is reported with its row's path
            crossword.parse_grid_rows([[token]], token)
        except InputError as exc:
            if exc.message.startswith("$"):
                raise
            raise f.document.error(f.at("grid", i), exc.message, exc.line,
                                   exc.column) from None
        rows.append([token])
    grid = crossword.parse_grid_rows(rows, f.token("grid"))
    entries = r.array(f.data["words"], f.at("words"))
    words, _ = crossword.normalize_words(
        r.string(word, f.at("words", i)) for i, word in enumerate(entries))
    if not words:
        raise r.fail(f.at("words"), "the word list is empty (no word of letters a-z)")
    distinct = r.boolean(f.get("distinct", False), f.at("distinct"))
    instance = crossword.CrosswordInstance(grid, words, distinct, title)
    return crossword._with_slots(instance, f.token("grid"))


def _read_jigsaw(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.jigsaw import puzzle as jigsaw

    r = f.reader
    rows = r.integer(f.data["rows"], f.at("rows"), 1)
    cols = r.integer(f.data["cols"], f.at("cols"), 1)
    variant = r.string(f.get("variant", "puzzle"), f.at("variant"), jigsaw.VARIANTS)
    matching = r.string(f.get("matching", "opposite"), f.at("matching"), jigsaw.MATCHINGS)
    border = r.string(f.get("border", "zero"), f.at("border"), jigsaw.BORDERS)
    items = r.array(f.data["pieces"], f.at("pieces"))
    pieces = [tuple(r.integers(item, f.at("pieces", i), 4)) for i, item in enumerate(items)]
    if max(rows, cols) > len(pieces):  # every variant fills at least a whole row and column
        raise r.fail(f.at("pieces"), f"{len(pieces)} piece(s) cannot fill a {rows}×{cols} "
                                     f"board: even its frame needs more")
    lines = [[f.token("pieces", i)] for i in range(len(pieces))]
    jigsaw._check_count(pieces, lines, rows, cols, variant, f.token("pieces"))
    return jigsaw.JigsawInstance(rows, cols, tuple(pieces), variant, matching, border, title)


def _read_partition(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.partition import puzzle as partition

    numbers = f.reader.integers(f.data["numbers"], f.at("numbers"))
    tokens = [f.token("numbers", i, text=str(n)) for i, n in enumerate(numbers)]
    return partition.instance_from_tokens(tokens, f.token("numbers"), title)


def _read_one_in_three(f: _Fields, title: str | None) -> Any:
    from satpuzzle.kinds.one_in_three_sat import puzzle as module

    r = f.reader
    items = r.array(f.data["clauses"], f.at("clauses"), nonempty=True)
    declared = None
    if f.get("num_vars") is not None:
        declared = r.integer(f.data["num_vars"], f.at("num_vars"), 1)
    clauses = []
    for i, item in enumerate(items):
        literals = r.integers(item, f.at("clauses", i))
        if not 1 <= len(literals) <= module.MAX_LITERALS:
            raise r.fail(f.at("clauses", i), f"a clause has 1 to {module.MAX_LITERALS} "
                                             f"literals, this one {len(literals)}")
        tokens = [f.token("clauses", i, k, text=str(v)) for k, v in enumerate(literals)]
        clauses.append(module._clause(tokens, declared))
    largest = max(abs(literal) for clause in clauses for literal in clause)
    return module.OneInThreeInstance(declared or largest, tuple(clauses), title)


# kind → (its keys after kind and title, the required ones, the builder)
_READERS: dict[str, tuple[tuple[str, ...], tuple[str, ...],
                          Callable[[_Fields, str | None], Any]]] = {
    "sudoku": (("size", "box", "givens", "regions"), ("givens",), _read_sudoku),
    "shikaku": (("rows", "cols", "clues"), ("rows", "cols", "clues"), _read_shikaku),
    "hashi": (("rows", "cols", "islands", "connectivity"), ("rows", "cols", "islands"),
              _read_hashi),
    "crossword": (("grid", "words", "distinct"), ("grid", "words"), _read_crossword),
    "jigsaw": (("rows", "cols", "variant", "matching", "border", "pieces"),
               ("rows", "cols", "pieces"), _read_jigsaw),
    "partition": (("numbers",), ("numbers",), _read_partition),
    "one-in-three-sat": (("num_vars", "clauses"), ("clauses",), _read_one_in_three),
}
