"""Sudoku of any order: N×N grid, boxes of r rows × c columns with r·c = N, or irregular
regions (jigsaw Sudoku: N connected regions of N cells each, in place of the boxes); with
either, two variants that add rules: Sudoku X (both main diagonals hold each digit once too)
and Killer (cages whose digits differ and add up to the cage's total, cages.py).

This module is the instance, its units, its reading from `.puz` blocks and writing back;
native.py reads native files. Instance → CNF (rules.py, over the candidates.py variables):
one variable x(row, col, digit) per candidate left by the givens (given cells and digits
excluded by a given peer get none); exactly one digit per empty cell and exactly one cell per
(unit, missing digit) — the "at least once per unit" half is redundant but speeds up hard
puzzles a lot. Batches share one full encoding and pass the givens as assumptions. One puzzle
is encoded over its shape's cached groups; a process that answers many puzzles of a shape in
process reuses one solver for them (shared.py). The variants take the general encoder: the
diagonals are two more units; a cage is "at most once" per digit, its cells keep only the
digits some set reaching its total uses, and the total is a pseudo-Boolean equality over the
cage's candidates. decoding.py and rendering.py hold the answers, generator.py and grading.py
random puzzles and their difficulty.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at
from satpuzzle.kinds.sudoku.cages import Cage, cages_from_rows, cages_to_puz, checked_cages

KIND = "sudoku"
MAX_SIZE = 64  # N above this is refused: N³ candidate variables would not fit a sane budget
# read before the text is parsed (satpuzzle.grammar.limits): N lines of N cells, and a cage a
# line (its total, a colon, its cells)
BLOCK_LIMITS = {"grid": BlockLimit(MAX_SIZE, MAX_SIZE * MAX_SIZE),
                "regions": BlockLimit(MAX_SIZE, MAX_SIZE * MAX_SIZE),
                "cages": BlockLimit(MAX_SIZE * MAX_SIZE, 4 * MAX_SIZE * MAX_SIZE, "words")}
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # one-character digits 1..35
EMPTY = {".", "0", "_"}
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


def row_cells(row: list[Token], size: int) -> list[Token]:
    """The cells of one grid line of an N-line grid: separator tokens (| + - =) dropped; when
    the line does not hold N tokens, its tokens are runs of one-character cells (`53..7....`)."""
    tokens = [t for t in row if not SEPARATOR.match(t.text)]
    if len(tokens) == size and all("|" not in t.text for t in tokens):
        return tokens
    return [Token(char, shifted(token, offset)) for token in tokens
            for offset, char in enumerate(token.text) if char != "|"]


def shifted(token: Token, offset: int) -> Position:
    """The position `offset` characters into `token` (a cell of a run like `53..7`)."""
    pos = token.pos
    return Position(pos.path, pos.line, None if pos.column is None else pos.column + offset)


def cell_value(token: Token, size: int) -> int:
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
    lines = [cells for cells in (row_cells(row, size) for row in rows) if cells]
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
    givens = tuple(tuple(cell_value(cell, size) for cell in cells) for cells in lines)
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
    lines = [cells for cells in (row_cells(row, size) for row in rows) if cells]
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


def diagonal_units(size: int) -> list[list[tuple[int, int]]]:
    """Sudoku X's two extra units: the main diagonal and the anti-diagonal."""
    return [[(i, i) for i in range(size)], [(i, size - 1 - i) for i in range(size)]]


@functools.cache
def _digits(size: int) -> frozenset[int]:
    return frozenset(range(size + 1))


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
