"""Sudoku of any order: N×N grid, boxes of r rows × c columns with r·c = N, or irregular
regions (jigsaw Sudoku: N connected regions of N cells each, in place of the boxes); with
either, two variants that add rules: Sudoku X (both main diagonals hold each digit once too)
and Killer (cages whose digits differ and add up to the cage's total, cages.py).

Instance → CNF: one variable x(row, col, digit) per candidate left by the givens (given cells and
digits excluded by a given peer get none); exactly one digit per empty cell and exactly one cell
per (unit, missing digit) — the "at least once per unit" half is redundant but speeds up hard
puzzles a lot. Batches share one full encoding and pass the givens as assumptions. One puzzle
is encoded over its shape's cached groups (encoding.py); a process that answers many puzzles
of a shape in process reuses one solver for them (shared.py). The variants take
the general encoder: the diagonals are two more units; a cage is "at most once" per digit, its
cells keep only the digits some set reaching its total uses, and the total is a pseudo-Boolean
equality over the cage's candidates (PySAT's PBEnc through `Formula.pb_equals`).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import TypeGuard, cast

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import check_puzzle_lines, error_at, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.sudoku import candidates, rules
from satpuzzle.kinds.sudoku.cages import Cage, cages_from_rows, cages_to_puz, checked_cages
from satpuzzle.solving import Job

KIND = "sudoku"
MAX_SIZE = 64  # N above this is refused: N³ candidate variables would not fit a sane budget
# read before the text is parsed (satpuzzle.grammar.limits): N lines of N cells, and a cage a
# line (its total, a colon, its cells)
BLOCK_LIMITS = {"grid": BlockLimit(MAX_SIZE, MAX_SIZE * MAX_SIZE),
                "regions": BlockLimit(MAX_SIZE, MAX_SIZE * MAX_SIZE),
                "cages": BlockLimit(MAX_SIZE * MAX_SIZE, 4 * MAX_SIZE * MAX_SIZE, "words")}
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # one-character digits 1..35
EMPTY = {".", "0", "_"}
_LINE_SYMBOLS = "." + SYMBOLS  # value → symbol, 0 → "."
SEPARATOR = re.compile(r"^[-+|=]+$")
# to_puz names regions 0..51 by these letters: their ASCII order is the region order, so that
# reading them back (symbols sorted) gives the same numbers; above 52 regions, numbers.
_REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

Grid = tuple[tuple[int, ...], ...]
DigitName = tuple[str, int, int, int]  # ("x", row, column, digit), 1-based: a digit's variable


@dataclass(frozen=True)
class SudokuInstance:
    """Givens of an N×N Sudoku (0 = empty) with boxes of box_rows × box_cols cells, or, when
    `regions` is set, irregular regions: regions[r][c] = region number 0..N-1 of cell (r, c),
    each region N connected cells; the box shape then only records the default (1×N for a
    prime N) and plays no part in the rules. `diagonals` (Sudoku X): both main diagonals hold
    each digit once too. `cages` (Killer): each cage's digits differ and add up to its total."""

    box_rows: int
    box_cols: int
    givens: Grid
    title: str | None = None
    regions: Grid | None = None
    diagonals: bool = False
    cages: tuple[Cage, ...] = ()
    # the user's encodings for the families of rules.py (--encoding, `encoding:`)
    encodings: tuple[tuple[str, str], ...] = ()
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no Sudoku, also when built in code (readers refuse it earlier, at
        its position): a box of 1..MAX_SIZE cells, N rows of N integers in 0..N, regions
        that are N connected regions of N cells. Lists become tuples. About 3 µs for a 9×9:
        batches build thousands. Empty givens `()` are a shape alone (the encoder's cache of
        shapes builds one); compiling refuses them as a puzzle."""
        rows, cols = self.box_rows, self.box_cols
        if not (type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1
                and rows * cols <= MAX_SIZE):
            raise InputError(f"box {rows!r}x{cols!r} out of range: rows × columns must be "
                             f"1..{MAX_SIZE}")
        size = rows * cols
        try:
            givens = self.givens
            if type(givens) is not tuple or not all(type(row) is tuple for row in givens):
                givens = tuple(map(tuple, givens))  # built in code from lists
                object.__setattr__(self, "givens", givens)
            cells = itertools.chain.from_iterable
            valid = givens == () or (
                len(givens) == size and all(len(row) == size for row in givens)
                and {int}.issuperset(map(type, cells(givens)))  # no bool, no float
                and _digits(size).issuperset(cells(givens)))
        except TypeError:
            valid = False
        if not valid:
            raise InputError(f"the givens must be {size} rows of {size} integers in 0..{size}")
        if self.regions is not None:
            try:
                regions = tuple(map(tuple, self.regions))
                hash(regions)
            except TypeError:
                regions = ()
            object.__setattr__(self, "regions", self._checked_regions(regions, size))
        if type(self.diagonals) is not bool:
            raise InputError(f"diagonals must be True or False, found {self.diagonals!r}")
        if self.cages:
            object.__setattr__(self, "cages", checked_cages(self.cages, size))
        elif type(self.cages) is not tuple:
            object.__setattr__(self, "cages", ())

    @property
    def variant(self) -> bool:
        """Whether rules other than rows, columns and boxes (or regions) apply."""
        return self.diagonals or bool(self.cages)

    @staticmethod
    @functools.lru_cache(maxsize=64)  # a batch's puzzles share their regions: checked once
    def _checked_regions(regions: Grid, size: int) -> Grid:
        if not (len(regions) == size and all(
                len(row) == size and {int}.issuperset(map(type, row)) for row in regions)):
            raise InputError(f"regions must be {size} rows of {size} region numbers")
        problem = region_problem(regions, size)
        if problem is not None:
            message, (r, c) = problem
            raise InputError(f"{message} (row {r + 1}, column {c + 1})")
        return regions

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols


# ---------------------------------------------------------------- reading


def default_box(size: int) -> tuple[int, int]:
    """r × c with r the largest divisor of N not above √N: 9 → 3×3, 6 → 2×3, 12 → 3×4."""
    rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    return rows, size // rows


def _box_error(token: Token | str, message: str) -> InputError:
    """A bad box shape: at its token in a .puz file; from --box, the caller names the file."""
    return token.error(message) if isinstance(token, Token) else InputError(message)


def parse_box(token: Token | str, size: int | None = None) -> tuple[int, int]:
    text = token.text if isinstance(token, Token) else token
    match = re.fullmatch(r"([0-9]{1,12})[xX×]([0-9]{1,12})", text)
    if not match:
        raise _box_error(token, f"expected a box shape like 3x3, found {text!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1 or rows * cols > MAX_SIZE:
        raise _box_error(token, f"box {text} out of range: rows × columns must be 1..{MAX_SIZE}")
    if size is not None and rows * cols != size:
        raise _box_error(token, f"box {text} has {rows * cols} cells but the grid is {size}×{size}")
    return rows, cols



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
    if text.isascii() and text.isdigit():  # '²'.isdigit() is true, int('²') fails
        value = int(text)
    elif len(text) == 1 and text.upper() in SYMBOLS and size > 9:
        value = _symbol_value(text)
    else:
        # letters stand for 10..35 only; larger grids write their numbers
        letters = f", A..{SYMBOLS[min(size, len(SYMBOLS)) - 1]}" if size > 9 else ""
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
        raise error_at(where, "empty grid: expected N lines of N cells")
    if size > MAX_SIZE:
        raise error_at(where, f"grid of {size} lines is too large (at most {MAX_SIZE})")
    for cells in lines:
        if len(cells) != size:
            raise cells[0].error(f"line has {len(cells)} cell(s), expected {size} "
                                 f"(the grid has {size} lines)")
    rows_, cols = box or default_box(size)
    if rows_ * cols != size:
        raise error_at(where, f"box {rows_}x{cols} does not fit a {size}×{size} grid")
    givens = tuple(tuple(_cell_value(cell, size) for cell in cells) for cells in lines)
    return SudokuInstance(rows_, cols, givens, title)


def from_spec(spec: PuzzleSpec) -> SudokuInstance:
    """The instance of a `sudoku { box: RxC  diagonals: yes  regions { ... }  cages { ... }
    grid { ... } }` puzzle. Without givens (a Killer), `size: N` can stand for the grid."""
    spec.check_names({"box", "size", "grid", "regions", "diagonals", "cages"},
                     {"grid", "regions", "cages"})
    rows = spec.rows("grid")
    if rows is None and "size" in spec.fields:
        instance = _empty_grid(_single_value(spec, "size"), spec.title)
    elif rows is None:
        raise spec.error("sudoku needs a grid: 'grid {' then N lines of N cells, then '}' "
                         "(or 'size: N' for a grid without givens)")
    else:
        where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
        instance = grid_from_rows(rows, where, None, spec.title)
    if "box" in spec.fields:
        box_rows, box_cols = parse_box(_single_value(spec, "box"), instance.size)
        instance = SudokuInstance(box_rows, box_cols, instance.givens, spec.title)
    if "size" in spec.fields:
        token = _single_value(spec, "size")
        if token.text != str(instance.size):
            raise token.error(f"size {token.text} does not match the {instance.size}-line grid")
    region_rows = spec.rows("regions")
    if region_rows is not None:
        where = (spec.blocks["regions"].name if "regions" in spec.blocks
                 else spec.fields["regions"].name)
        instance = replace(instance, regions=regions_from_rows(region_rows, where, instance.size))
    if "diagonals" in spec.fields:
        instance = replace(instance, diagonals=_yes_no(_single_value(spec, "diagonals")))
    cage_rows = spec.rows("cages")
    if cage_rows is not None:
        instance = replace(instance, cages=cages_from_rows(cage_rows, instance.size))
    return instance


def _empty_grid(token: Token, title: str | None) -> SudokuInstance:
    """`size: N` without a grid: N×N empty cells, boxes of the default shape."""
    if not re.fullmatch(r"[0-9]{1,6}", token.text):
        raise token.error(f"expected the grid's order N, found {token.text!r}")
    size = int(token.text)
    if not 1 <= size <= MAX_SIZE:
        raise token.error(f"size {size} out of range: expected 1..{MAX_SIZE}")
    rows, cols = default_box(size)
    return SudokuInstance(rows, cols, tuple((0,) * size for _ in range(size)), title)


def _yes_no(token: Token) -> bool:
    if token.text not in ("yes", "no"):
        raise token.error(f"diagonals takes yes or no, found {token.text!r}")
    return token.text == "yes"


def regions_from_rows(rows: list[list[Token]], where: Token, size: int) -> Grid:
    """Region numbers from N lines of N symbols (letters or digits, spaced or in runs; the same
    symbol = the same region). Symbols are numbered in sorted order (by value when all are
    integers), so that `to_puz` writes back the same numbers; every region is then checked."""
    lines = [cells for cells in (_row_cells(row, size) for row in rows) if cells]
    if len(lines) != size:
        at = lines[size][0] if len(lines) > size else where
        raise at.error(f"regions has {len(lines)} line(s), expected {size} like the grid")
    for cells in lines:
        if len(cells) != size:
            raise cells[0].error(f"regions line has {len(cells)} symbol(s), expected {size}")
        for cell in cells:
            if not cell.text.isalnum():
                raise cell.error(f"expected a letter or digit naming a region, found "
                                 f"{cell.text!r}")
    symbols = _region_symbols(lines, size, where)
    number = {symbol: index for index, symbol in enumerate(symbols)}
    regions = tuple(tuple(number[cell.text] for cell in cells) for cells in lines)
    problem = region_problem(regions, size, symbols)
    if problem is not None:
        message, (r, c) = problem
        raise lines[r][c].error(message)
    return regions


def _region_symbols(lines: list[list[Token]], size: int, where: Token) -> list[str]:
    """The N distinct symbols in region-number order; an error unless there are exactly N."""
    first_seen: dict[str, Token] = {}
    for cells in lines:
        for cell in cells:
            first_seen.setdefault(cell.text, cell)
    if len(first_seen) > size:
        extra = list(first_seen.values())[size]
        raise extra.error(f"regions uses {len(first_seen)} different symbols, expected {size} "
                          f"(one per region): this is symbol number {size + 1}")
    if len(first_seen) < size:
        raise where.error(f"regions uses {len(first_seen)} different symbol(s), expected {size} "
                          "(one per region)")
    if all(text.isascii() and text.isdigit() for text in first_seen):
        return sorted(first_seen, key=int)
    return sorted(first_seen)


def region_problem(regions: Sequence[Sequence[int]], size: int,
                   names: Sequence[str] | None = None,
                   ) -> tuple[str, tuple[int, int]] | None:
    """Why `regions` (N rows of N region numbers) is not N connected regions of N cells, and
    at which cell; None when it is. `names` gives how to call region k in messages. (N
    regions of N cells among N² cells, numbers in range, leaves no room for a wrong count.)"""
    first: dict[int, tuple[int, int]] = {}
    cells: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(regions):
        for c, region in enumerate(row):
            if not 0 <= region < size:
                return f"region number {region} out of range 0..{size - 1}", (r, c)
            first.setdefault(region, (r, c))
            cells.setdefault(region, []).append((r, c))
    for region, members in cells.items():
        if len(members) != size:
            message = (f"region {_label(region, names)} has {len(members)} cells, "
                       f"expected {size}")
            return message, first[region]
    for region, members in cells.items():
        cut_off = _unreachable(set(members))
        if cut_off is not None:
            r, c = first[region]
            message = (f"region {_label(region, names)} is not connected: this cell cannot "
                       f"be reached from row {r + 1}, column {c + 1} through side-adjacent "
                       "cells of the region")
            return message, cut_off
    return None


def _label(region: int, names: Sequence[str] | None) -> str:
    return repr(names[region]) if names else str(region)


def _unreachable(members: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The first cell (reading order) of `members` not 4-connected to the first one."""
    start = min(members)
    seen, frontier = {start}, [start]
    while frontier:
        r, c = frontier.pop()
        for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if step in members and step not in seen:
                seen.add(step)
                frontier.append(step)
    rest = members - seen
    return min(rest) if rest else None


def _single_value(spec: PuzzleSpec, name: str) -> Token:
    values = spec.fields[name].values
    if len(values) != 1:
        raise values[1].error(f"{name} takes one value")
    return values[0]


def sniff(text: str) -> bool:
    """Whether `text` looks like a native Sudoku file (a grid, or one-line puzzles)."""
    # the words of the first 400 lines (whole lines: a cut one would not fit), no token made
    rows = [words for words in (line.split("#", 1)[0].split()
                                for line in islice(text_lines(text), 400)) if words]
    if not rows:
        return False
    if all(len(row) == 1 and _is_square_length(len(row[0])) for row in rows):
        return True
    if all(_is_square_length(len(row)) and len(row) >= 16 for row in rows):
        return True
    return len(rows) >= 4 and all(_cell_count(row, len(rows)) == len(rows) for row in rows)


def _cell_count(words: list[str], size: int) -> int:
    """How many cells _row_cells finds in a line of these words."""
    cells = [word for word in words if not SEPARATOR.match(word)]
    if len(cells) == size and all("|" not in word for word in cells):
        return size
    return sum(len(word) - word.count("|") for word in cells)


def fit(text: str) -> int:
    """How well a native text fits Sudoku: a grid or one-line puzzles is possible; likely
    when no given repeats in a row, column or box."""
    if not sniff(text):
        return Fit.NO
    try:
        instances, _ = read_native("\n".join(islice(text_lines(text), 400)), "<fit>", {})
    except InputError:
        return Fit.POSSIBLE
    return Fit.LIKELY if all(map(_givens_agree, instances[:50])) else Fit.POSSIBLE


def _givens_agree(instance: SudokuInstance) -> bool:
    for unit in units(instance.size, instance.box_rows, instance.box_cols, instance.regions):
        values = [instance.givens[r][c] for r, c in unit if instance.givens[r][c]]
        if len(values) != len(set(values)):
            return False
    return True


def _is_square_length(length: int) -> bool:
    side = math.isqrt(length)
    return side * side == length and 4 <= side <= MAX_SIZE and length >= 16


def read_native(text: str, path: str, options: dict) -> tuple[list[SudokuInstance], bool]:
    """Native inputs: the seed's grid (N lines of N numbers, 0 = empty), or one puzzle a line
    (N² symbols `1-9A-Z` with `.`/`0` empty, or N² space-separated numbers). The flag says
    the input is one puzzle per line, to be answered one line per puzzle."""
    box = options.get("box")
    check_puzzle_lines(text, path)
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
    # Rows repeat a lot across a file (the 49,158 17-clue puzzles have 24,449 distinct rows
    # among 442,422): each distinct row is read once and shared, which saves most of the
    # time and memory a tuple per row of every puzzle would take.
    known: dict[str, tuple[int, ...]] = {}
    instances = []
    for line in lines:
        if len(line) != size * size:
            return None
        rows = []
        for start in range(0, size * size, size):
            text = line[start:start + size]
            row = known.get(text)
            if row is None:
                row = tuple(_SYMBOL_VALUES.get(ch, -1) for ch in text)
                if min(row) < 0 or max(row) > size:
                    return None
                known[text] = row
            rows.append(row)
        instances.append(SudokuInstance(shape[0], shape[1], tuple(rows)))
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


def units(size: int, box_rows: int, box_cols: int,
          regions: Grid | None = None) -> list[list[tuple[int, int]]]:
    """Rows, columns and boxes (or the irregular regions when given), each a list of
    (row, col) cells."""
    rows = [[(r, c) for c in range(size)] for r in range(size)]
    cols = [[(r, c) for r in range(size)] for c in range(size)]
    if regions is not None:
        groups: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        for r, row in enumerate(regions):
            for c, region in enumerate(row):
                groups[region].append((r, c))
        return rows + cols + groups
    boxes = [
        [(top + r, left + c) for r in range(box_rows) for c in range(box_cols)]
        for top in range(0, size, box_rows) for left in range(0, size, box_cols)
    ]
    return rows + cols + boxes


def _shape_text(instance: SudokuInstance) -> str:
    size = instance.size
    if instance.regions is not None:
        text = f"size: {size}x{size}, irregular regions"
    else:
        text = f"size: {size}x{size}, box {instance.box_rows}x{instance.box_cols}"
    if instance.diagonals:
        text += ", diagonals (X)"
    if instance.cages:
        text += f", {len(instance.cages)} cages (Killer)"
    return text


def diagonal_units(size: int) -> list[list[tuple[int, int]]]:
    """Sudoku X's two extra units: the main diagonal and the anti-diagonal."""
    return [[(i, i) for i in range(size)], [(i, size - 1 - i) for i in range(size)]]


def _summary(instance: SudokuInstance) -> list[str]:
    size = instance.size
    filled = sum(1 for row in instance.givens for v in row if v)
    return [_shape_text(instance), f"givens: {filled}, empty cells: {size * size - filled}"]


def _checked_regions(instance: SudokuInstance) -> Grid | None:
    """The regions: the constructor has checked them already."""
    return instance.regions


def encode(instance: SudokuInstance) -> Formula:
    """The CNF of one puzzle (rules.py), with variables only for the candidates the givens
    leave."""
    formula = rules.SudokuFormula(KIND)
    formula.one_hot = True  # each empty cell holds exactly one candidate variable
    formula.settled_by_propagation = True  # see solving.ModelStream
    formula.summary = _summary(instance)
    shape = _shape(instance.box_rows, instance.box_cols, _hashable(instance.regions),
                   instance.diagonals)
    grid = candidates.candidates(shape, _checked_givens(instance), instance.cages)
    formula.add_names(grid.names)
    rules.state_rules(formula, grid, dict(instance.encodings))
    return formula


@functools.lru_cache(maxsize=16)
def _shape(box_rows: int, box_cols: int, regions: Grid | None,
           diagonals: bool = False) -> candidates.Shape:
    """The units of one grid shape, listed (and its regions checked) once per process: only
    the givens differ from one puzzle of the shape to the next. A bad shape raises every
    time (errors are not cached)."""
    probe = SudokuInstance(box_rows, box_cols, (), regions=regions)
    size = probe.size
    every = units(size, box_rows, box_cols, _checked_regions(probe))
    families = [("row", every[:size]), ("column", every[size:2 * size]),
                ("region" if regions is not None else "box", every[2 * size:])]
    if diagonals:
        families.append(("diagonal", diagonal_units(size)))
    return candidates.shape_of(size, tuple((name, tuple(map(tuple, group)))
                                           for name, group in families))


def shape_key(instance: SudokuInstance) -> tuple[int, int, Grid | None]:
    """What puzzles of one shape share: box shape and regions (hashable)."""
    return instance.box_rows, instance.box_cols, _hashable(instance.regions)


def checked_shape_key(instance: SudokuInstance) -> tuple[int, int, Grid | None] | None:
    """The shape key of an instance whose givens are also valid (an InputError if not);
    None for the variants, whose rules the empty grid's formula does not hold."""
    _checked_givens(instance)
    return None if instance.variant else shape_key(instance)


def encode_empty(key: tuple[int, int, Grid | None]) -> Formula:
    """The formula of the empty grid of a shape: candidate k is variable k + 1."""
    box_rows, box_cols, regions = key
    size = box_rows * box_cols
    return encode(SudokuInstance(box_rows, box_cols, ((0,) * size,) * size, regions=regions))


def _hashable(regions: Sequence[Sequence[int]] | None) -> Grid | None:
    """Regions as a key of the shape cache (an instance built in code may hold lists)."""
    if regions is None:
        return None
    try:
        return tuple(map(tuple, regions))
    except TypeError:
        raise InputError("regions must be rows of region numbers") from None


def _checked_givens(instance: SudokuInstance) -> Grid:
    """The givens of a puzzle to compile. The constructor has checked them, but lets an
    empty tuple stand for a shape alone: that is no puzzle."""
    if instance.givens == ():
        size = instance.size
        raise InputError(f"the givens must be {size} rows of {size} integers in 0..{size}")
    return instance.givens


@functools.cache
def _digits(size: int) -> frozenset[int]:
    return frozenset(range(size + 1))


def encode_batch(instances: Sequence[SudokuInstance]) -> tuple[Formula, list[Job]]:
    """One full encoding of the empty grid shared by all puzzles (same size, box, regions
    and diagonals: --diagonals makes a batch of Sudoku X), and per puzzle a job whose
    assumptions are its givens."""
    first = instances[0]
    size = first.size
    if any(instance.cages or instance.diagonals != first.diagonals for instance in instances):
        raise InputError("a batch of one-line puzzles holds plain Sudoku only, or Sudoku X "
                         "only (--diagonals): Killer puzzles are solved one at a time")
    formula = encode(SudokuInstance(first.box_rows, first.box_cols,
                                    tuple((0,) * size for _ in range(size)),
                                    regions=first.regions, diagonals=first.diagonals))
    formula.summary = [_shape_text(first),
                       f"batch of {len(instances)} puzzles, givens as assumptions"]
    # the variable of (row, column, digit), looked up once per row content
    variable = [[[formula.var("x", r + 1, c + 1, v) for v in range(1, size + 1)]
                 for c in range(size)] for r in range(size)]
    row_literals: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    jobs = []
    for instance in instances:
        if (instance.box_rows, instance.box_cols) != (first.box_rows, first.box_cols):
            raise InputError(f"a batch holds puzzles of one shape; found {instance.size}×"
                             f"{instance.size} after {size}×{size}")
        if instance.regions != first.regions:
            raise InputError("a batch holds puzzles of one shape; found puzzles with "
                             "different regions")
        assumptions: list[int] = []
        for r, row in enumerate(instance.givens):
            literals = row_literals.get((r, row))
            if literals is None:
                literals = row_literals[(r, row)] = [variable[r][c][v - 1]
                                                     for c, v in enumerate(row) if v]
            assumptions += literals
        jobs.append(Job(assumptions))
    return formula, jobs


def decode(instance: SudokuInstance, true_names: Iterable[VarName]) -> Grid:
    """The solution grid: givens plus the digit of each true cell variable."""
    grid = [list(row) for row in instance.givens]
    for name in true_names:
        if name[0] == "x":
            x = cast(DigitName, name)  # as encode names its variables
            grid[x[1] - 1][x[2] - 1] = x[3]
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
    """The instance in the .puz language, boxes drawn with | and - separators (irregular
    regions: a `regions` block and a plain grid)."""
    if instance.regions is not None:
        return _regions_to_puz(instance)
    size, box_rows, box_cols = instance.size, instance.box_rows, instance.box_cols
    width = len(str(size))
    title = f' "{instance.title}"' if instance.title else ""
    group_width = box_cols * (width + 1) - 1
    rule = "-+-".join("-" * group_width for _ in range(size // box_cols))
    lines = [f"sudoku{title} {{", f"  box: {box_rows}x{box_cols}", *_variant_lines(instance),
             "  grid {"]
    for r, row in enumerate(instance.givens):
        if r and r % box_rows == 0:
            lines.append("    " + rule)
        cells = [(str(v) if v else ".").rjust(width) for v in row]
        groups = [" ".join(cells[i:i + box_cols]) for i in range(0, size, box_cols)]
        lines.append("    " + " | ".join(groups))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def _regions_to_puz(instance: SudokuInstance) -> str:
    """`regions` as letters (numbers above 52 regions), in the order reading sorts them back;
    the box line only when it is not the default, which reading would give anyway."""
    size = instance.size
    title = f' "{instance.title}"' if instance.title else ""
    lines = [f"sudoku{title} {{"]
    if (instance.box_rows, instance.box_cols) != default_box(size):
        lines.append(f"  box: {instance.box_rows}x{instance.box_cols}")
    names = _REGION_LETTERS if size <= len(_REGION_LETTERS) else None
    width = 1 if names else len(str(size - 1))
    lines.append("  regions {")
    for row in instance.regions or ():
        lines.append("    " + " ".join((names[k] if names else str(k)).rjust(width)
                                       for k in row))
    lines += ["  }", *_variant_lines(instance), "  grid {"]
    width = len(str(size))
    for row in instance.givens:
        lines.append("    " + " ".join((str(v) if v else ".").rjust(width) for v in row))
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


def _variant_lines(instance: SudokuInstance) -> list[str]:
    """`diagonals: yes` and the `cages` block, when the instance has them."""
    lines = ["  diagonals: yes"] if instance.diagonals else []
    return lines + (cages_to_puz(instance.cages) if instance.cages else [])


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


def _is_digit_name(name: VarName) -> TypeGuard[DigitName]:
    """Whether `name` is a digit variable's name: a tuple ("x", three ints)."""
    return (type(name) is tuple and len(name) == 4 and name[0] == "x"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: SudokuInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: `r3c5 = 7` for each empty cell whose digit is forced (givens
    have no variable), then `r4c6 open, not 2 9` for the others, with the digits ruled out."""
    digit: dict[tuple[int, int], int] = {}
    ruled_out: dict[tuple[int, int], list[int]] = {}
    for name, value in forced.items():
        if _is_digit_name(name):  # every digit variable's name is one
            cell, candidate = (name[1], name[2]), name[3]
            if value:
                digit[cell] = candidate
            else:
                ruled_out.setdefault(cell, []).append(candidate)
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
