"""Sudoku of any order: N×N grid, boxes of r rows × c columns with r·c = N.

Instance → CNF: one variable x(row, col, digit) per candidate left by the givens (given cells and
digits excluded by a given peer get none); exactly one digit per empty cell and exactly one cell
per (unit, missing digit) — the "at least once per unit" half is redundant but speeds up hard
puzzles a lot. Batches share one full encoding and pass the givens as assumptions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.solving import Job

KIND = "sudoku"
MAX_SIZE = 64  # N above this is refused: N³ candidate variables would not fit a sane budget
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # one-character digits 1..35
EMPTY = {".", "0", "_"}
_LINE_SYMBOLS = "." + SYMBOLS  # value → symbol, 0 → "."
SEPARATOR = re.compile(r"^[-+|=]+$")

Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class SudokuInstance:
    """Givens of an N×N Sudoku (0 = empty) with boxes of box_rows × box_cols cells."""

    box_rows: int
    box_cols: int
    givens: Grid
    title: str | None = None
    KIND = KIND

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols


# ---------------------------------------------------------------- reading


def default_box(size: int) -> tuple[int, int]:
    """r × c with r the largest divisor of N not above √N: 9 → 3×3, 6 → 2×3, 12 → 3×4."""
    rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    return rows, size // rows


def parse_box(token: Token | str, size: int | None = None) -> tuple[int, int]:
    text = token.text if isinstance(token, Token) else token
    match = re.fullmatch(r"(\d+)[xX×](\d+)", text)
    if not match:
        raise _error(token, f"expected a box shape like 3x3, found {text!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1 or rows * cols > MAX_SIZE:
        raise _error(token, f"box {text} out of range: rows × columns must be 1..{MAX_SIZE}")
    if size is not None and rows * cols != size:
        raise _error(token, f"box {text} has {rows * cols} cells but the grid is {size}×{size}")
    return rows, cols


def _error(where: Token | str, message: str) -> InputError:
    return where.error(message) if isinstance(where, Token) else InputError(message)


def _symbol_value(char: str) -> int:
    return 0 if char in EMPTY else SYMBOLS.find(char.upper()) + 1


def _row_cells(row: list[Token], size: int) -> list[Token]:
    """The cells of one grid line of an N-line grid: separator tokens (| + - =) dropped; when
    the line does not hold N tokens, its tokens are runs of one-character cells (`53..7....`)."""
    tokens = [t for t in row if not SEPARATOR.match(t.text)]
    if len(tokens) == size and all("|" not in t.text for t in tokens):
        return tokens
    return [Token(char, _shift(token, offset)) for token in tokens
            for offset, char in enumerate(token.text) if char != "|"]


def _shift(token: Token, offset: int) -> Position:
    pos = token.pos
    return Position(pos.path, pos.line, None if pos.column is None else pos.column + offset)


def _cell_value(token: Token, size: int) -> int:
    text = token.text
    if text in EMPTY:
        return 0
    if text.isdigit():
        value = int(text)
    elif len(text) == 1 and text.upper() in SYMBOLS and size > 9:
        value = _symbol_value(text)
    else:
        letters = f", A..{SYMBOLS[size - 1]}" if size > 9 else ""
        raise token.error(f"expected a digit 1..{size}{letters} or '.' for an empty cell, "
                          f"found {text!r}")
    if not 0 <= value <= size:
        raise token.error(f"clue {text} out of range: expected 1..{size} or '.'")
    return value


def grid_from_rows(rows: list[list[Token]], where: Token | str,
                   box: tuple[int, int] | None = None, title: str | None = None,
                   ) -> SudokuInstance:
    """An instance from grid lines (spaced numbers or runs of symbols), checking the shape."""
    size = len([row for row in rows if not all(SEPARATOR.match(t.text) for t in row)])
    lines = [cells for cells in (_row_cells(row, size) for row in rows) if cells]
    if size == 0:
        raise _error(where, "empty grid: expected N lines of N cells")
    if size > MAX_SIZE:
        raise _error(where, f"grid of {size} lines is too large (at most {MAX_SIZE})")
    for cells in lines:
        if len(cells) != size:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {size} "
                                 f"(the grid has {size} lines)")
    rows_, cols = box or default_box(size)
    if rows_ * cols != size:
        raise _error(where, f"box {rows_}x{cols} does not fit a {size}×{size} grid")
    givens = tuple(tuple(_cell_value(cell, size) for cell in cells) for cells in lines)
    return SudokuInstance(rows_, cols, givens, title)


def from_spec(spec: PuzzleSpec) -> SudokuInstance:
    """The instance of a `sudoku { box: RxC  grid { ... } }` puzzle."""
    spec.check_names({"box", "size", "grid"}, {"grid"})
    rows = spec.rows("grid")
    if rows is None:
        raise spec.error("sudoku needs a grid: 'grid {' then N lines of N cells, then '}'")
    where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
    instance = grid_from_rows(rows, where, None, spec.title)
    if "box" in spec.fields:
        box_rows, box_cols = parse_box(_single_value(spec, "box"), instance.size)
        instance = SudokuInstance(box_rows, box_cols, instance.givens, spec.title)
    if "size" in spec.fields:
        token = _single_value(spec, "size")
        if token.text != str(instance.size):
            raise token.error(f"size {token.text} does not match the {instance.size}-line grid")
    return instance


def _single_value(spec: PuzzleSpec, name: str) -> Token:
    values = spec.fields[name].values
    if len(values) != 1:
        raise values[1].error(f"{name} takes one value")
    return values[0]


def sniff(text: str) -> bool:
    """Whether `text` looks like a native Sudoku file (a grid, or one-line puzzles)."""
    head = "\n".join(text.splitlines()[:400])  # whole lines only: a cut one would not fit
    rows = tokenize_rows(head, "<sniff>")
    if not rows:
        return False
    if all(len(row) == 1 and _is_square_length(len(row[0].text)) for row in rows):
        return True
    if all(_is_square_length(len(row)) and len(row) >= 16 for row in rows):
        return True
    return len(rows) >= 4 and all(len(_row_cells(row, len(rows))) == len(rows) for row in rows)


def _is_square_length(length: int) -> bool:
    side = math.isqrt(length)
    return side * side == length and 4 <= side <= MAX_SIZE and length >= 16


def read_native(text: str, path: str, options: dict) -> tuple[list[SudokuInstance], bool]:
    """Native inputs: the seed's grid (N lines of N numbers, 0 = empty), or one puzzle a line
    (N² symbols `1-9A-Z` with `.`/`0` empty, or N² space-separated numbers). The flag says
    the input is one puzzle per line, to be answered one line per puzzle."""
    box = options.get("box")
    fast = _read_compact_lines(text, path, box)
    if fast is not None:
        return fast, True
    rows = tokenize_rows(text, path)
    if not rows:
        raise InputError("empty file, expected a Sudoku grid or one-line puzzles", path, 1, 1)
    if is_one_line_format(rows):
        return [_one_line(row, path, box) for row in rows], True
    return [grid_from_rows(rows, path, parse_box(box) if box else None)], False


_SYMBOL_VALUES = {**{ch: 0 for ch in EMPTY}, **{ch: i + 1 for i, ch in enumerate(SYMBOLS)},
                  **{ch.lower(): i + 10 for i, ch in enumerate(SYMBOLS[9:])}}


def _read_compact_lines(text: str, path: str, box: str | None) -> list[SudokuInstance] | None:
    """Fast path for large files of one compact puzzle per line (no Token per cell); None
    when the file is not exactly that, or has an error (the general path then reports it)."""
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or len(lines[0]) != len(lines[-1]) or not _is_square_length(len(lines[0])):
        return None
    size = math.isqrt(len(lines[0]))
    if len(lines) == size:
        return None  # N lines of N symbols: a grid, not N one-line puzzles
    shape = parse_box(box, size) if box else default_box(size)
    instances = []
    for line in lines:
        values = [_SYMBOL_VALUES.get(ch, -1) for ch in line]
        if len(values) != size * size or min(values) < 0 or max(values) > size:
            return None
        rows = tuple(tuple(values[r * size:(r + 1) * size]) for r in range(size))
        instances.append(SudokuInstance(shape[0], shape[1], rows))
    return instances


def is_one_line_format(rows: list[list[Token]]) -> bool:
    first = rows[0]
    if len(first) == 1:
        return _is_square_length(len(first[0].text)) and len(rows) != len(first[0].text)
    return _is_square_length(len(first)) and len(rows) != len(first)


def _one_line(row: list[Token], path: str, box: str | None) -> SudokuInstance:
    if len(row) == 1:
        token = row[0]
        cells = [Token(char, _shift(token, i)) for i, char in enumerate(token.text)]
    else:
        cells = row
    size = math.isqrt(len(cells))
    if size * size != len(cells) or size < 1:
        raise row[0].error(f"puzzle line has {len(cells)} cells, expected a square number "
                           "such as 81")
    shape = parse_box(box, size) if box else default_box(size)
    lines = [cells[i * size:(i + 1) * size] for i in range(size)]
    givens = tuple(tuple(_cell_value(cell, size) for cell in line) for line in lines)
    return SudokuInstance(shape[0], shape[1], givens)


def parse_solutions(instance: SudokuInstance, text: str, path: str) -> list[Grid]:
    """Solutions written as grids (one after another, blank lines ignored) or one per line."""
    rows = tokenize_rows(text, path)
    size = instance.size
    if not rows:
        raise InputError("empty solution file, expected a grid", path, 1, 1)
    if len(rows[0]) == 1 and len(rows[0][0].text) == size * size or len(rows[0]) == size * size:
        shape = f"{instance.box_rows}x{instance.box_cols}"
        return [_one_line(row, path, shape).givens for row in rows]
    rows = [row for row in rows if not all(SEPARATOR.match(t.text) for t in row)]
    if len(rows) % size:
        raise InputError(f"{len(rows)} grid lines is not a multiple of {size}", path)
    grids = []
    for start in range(0, len(rows), size):
        lines = [_row_cells(row, size) for row in rows[start:start + size]]
        for row, line in zip(rows[start:start + size], lines):
            if len(line) != size:
                raise row[0].error(f"line has {len(line)} cells, expected {size}")
        grids.append(tuple(tuple(_cell_value(cell, size) for cell in line) for line in lines))
    return grids


# ---------------------------------------------------------------- encoding


def units(size: int, box_rows: int, box_cols: int) -> list[list[tuple[int, int]]]:
    """Rows, columns and boxes, each a list of (row, col) cells."""
    rows = [[(r, c) for c in range(size)] for r in range(size)]
    cols = [[(r, c) for r in range(size)] for c in range(size)]
    boxes = [
        [(top + r, left + c) for r in range(box_rows) for c in range(box_cols)]
        for top in range(0, size, box_rows) for left in range(0, size, box_cols)
    ]
    return rows + cols + boxes


def _summary(instance: SudokuInstance) -> list[str]:
    size = instance.size
    filled = sum(1 for row in instance.givens for v in row if v)
    return [f"size: {size}x{size}, box {instance.box_rows}x{instance.box_cols}",
            f"givens: {filled}, empty cells: {size * size - filled}"]


def encode(instance: SudokuInstance) -> Formula:
    """The CNF of one puzzle, with variables only for the candidates the givens leave."""
    size = instance.size
    formula = Formula(KIND)
    formula.one_hot = True  # each empty cell holds exactly one candidate variable
    formula.summary = _summary(instance)
    all_units = units(size, instance.box_rows, instance.box_cols)
    givens = instance.givens
    peers_given: dict[tuple[int, int], set[int]] = {}
    for unit in all_units:
        present = [givens[r][c] for r, c in unit if givens[r][c]]
        if len(present) != len(set(present)):
            formula.contradiction()  # two equal givens in one unit: no solution
            return formula
        for cell in unit:
            peers_given.setdefault(cell, set()).update(present)
    candidates = {
        (r, c): [d for d in range(1, size + 1) if d not in peers_given[(r, c)]]
        for r in range(size) for c in range(size) if not givens[r][c]
    }
    for (r, c), digits in candidates.items():
        formula.exactly_one([formula.var("x", r + 1, c + 1, d) for d in digits])
    for unit in all_units:
        missing = set(range(1, size + 1)) - {givens[r][c] for r, c in unit}
        for digit in sorted(missing):
            formula.exactly_one([formula.var("x", r + 1, c + 1, digit) for r, c in unit
                                 if (r, c) in candidates and digit in candidates[(r, c)]])
    return formula


def encode_batch(instances: Sequence[SudokuInstance]) -> tuple[Formula, list[Job]]:
    """One full encoding of the empty grid shared by all puzzles (same size and box), and per
    puzzle a job whose assumptions are its givens."""
    first = instances[0]
    size = first.size
    formula = encode(SudokuInstance(first.box_rows, first.box_cols,
                                    tuple((0,) * size for _ in range(size))))
    formula.summary = [f"size: {size}x{size}, box {first.box_rows}x{first.box_cols}",
                       f"batch of {len(instances)} puzzles, givens as assumptions"]
    jobs = []
    for instance in instances:
        if (instance.box_rows, instance.box_cols) != (first.box_rows, first.box_cols):
            raise InputError(f"a batch holds puzzles of one shape; found {instance.size}×"
                             f"{instance.size} after {size}×{size}")
        jobs.append(Job([formula.var("x", r + 1, c + 1, v)
                         for r, row in enumerate(instance.givens)
                         for c, v in enumerate(row) if v]))
    return formula, jobs


def decode(instance: SudokuInstance, true_names: Iterable[VarName]) -> Grid:
    """The solution grid: givens plus the digit of each true cell variable."""
    grid = [list(row) for row in instance.givens]
    for name in true_names:
        if name[0] == "x":
            grid[name[1] - 1][name[2] - 1] = name[3]
    for r, row in enumerate(grid):
        if 0 in row:
            raise InputError(f"the model gives no digit to cell row {r + 1}, "
                             f"column {row.index(0) + 1}")
    return tuple(map(tuple, grid))


# ---------------------------------------------------------------- output


def render_text(instance: SudokuInstance, solution: Grid) -> str:
    """N lines of N numbers separated by spaces, as in the seed document."""
    return "\n".join(" ".join(map(str, row)) for row in solution)


def render_line(instance: SudokuInstance, solution: Grid) -> str:
    """One line: N² symbols (1-9 then A-Z) or, above 35, N² space-separated numbers."""
    if instance.size <= len(SYMBOLS):
        return "".join("".join(map(_LINE_SYMBOLS.__getitem__, row)) for row in solution)
    return " ".join(" ".join(map(str, row)) for row in solution)


def render_json(instance: SudokuInstance, solution: Grid) -> list[list[int]]:
    return [list(row) for row in solution]


def to_puz(instance: SudokuInstance) -> str:
    """The instance in the .puz language, boxes drawn with | and - separators."""
    size, box_rows, box_cols = instance.size, instance.box_rows, instance.box_cols
    width = len(str(size))
    title = f' "{instance.title}"' if instance.title else ""
    group_width = box_cols * (width + 1) - 1
    rule = "-+-".join("-" * group_width for _ in range(size // box_cols))
    lines = [f"sudoku{title} {{", f"  box: {box_rows}x{box_cols}", "  grid {"]
    for r, row in enumerate(instance.givens):
        if r and r % box_rows == 0:
            lines.append("    " + rule)
        cells = [(str(v) if v else ".").rjust(width) for v in row]
        groups = [" ".join(cells[i:i + box_cols]) for i in range(0, size, box_cols)]
        lines.append("    " + " | ".join(groups))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def from_json(instance: SudokuInstance, data: object, path: str) -> Grid:
    """A solution given as JSON: N rows of N integers."""
    size = instance.size
    if not (isinstance(data, list) and len(data) == size and all(
            isinstance(row, list) and len(row) == size
            and all(isinstance(v, int) and not isinstance(v, bool) for v in row)
            for row in data)):
        raise InputError(f"a Sudoku solution in JSON is {size} lists of {size} integers", path)
    return tuple(tuple(row) for row in data)


# ---------------------------------------------------------------- forced cells


def forced_text(instance: SudokuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: `r3c5 = 7` for each empty cell whose digit is forced (givens
    have no variable), then `r4c6 open, not 2 9` for the others, with the digits ruled out."""
    digit: dict[tuple[int, int], int] = {}
    ruled_out: dict[tuple[int, int], list[int]] = {}
    for name, value in forced.items():
        if name[0] == "x":
            cell, candidate = (name[1], name[2]), name[3]
            if value:
                digit[cell] = candidate  # type: ignore[assignment]
            else:
                ruled_out.setdefault(cell, []).append(candidate)  # type: ignore[arg-type]
    lines = []
    for r, row in enumerate(instance.givens, 1):
        for c, given in enumerate(row, 1):
            if given:
                continue
            if (r, c) in digit:
                lines.append(f"r{r}c{c} = {digit[(r, c)]}")
            else:
                excluded = sorted(ruled_out.get((r, c), []))
                lines.append(f"r{r}c{c} open" + (f", not {' '.join(map(str, excluded))}"
                                                  if excluded else ""))
    return lines
