"""Sudoku's native files: a grid (N lines of N numbers or symbols, 0 or `.` empty), or one
puzzle a line (N² symbols, or N² numbers): told from other kinds' files (`fit`) and read.
"""

from __future__ import annotations

import math
from itertools import islice

from satpuzzle.errors import InputError
from satpuzzle.grammar import Token
from satpuzzle.grammar.transformer import check_puzzle_lines, text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.sudoku.puzzle import (
    EMPTY,
    MAX_SIZE,
    SEPARATOR,
    SYMBOLS,
    SudokuInstance,
    cell_value,
    default_box,
    grid_from_rows,
    parse_box,
    shifted,
    units,
)


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
    """How many cells row_cells finds in a line of these words."""
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
        return [one_line(row, path, box) for row in rows], True
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


def one_line(row: list[Token], path: str, box: str | None) -> SudokuInstance:
    if len(row) == 1:
        token = row[0]
        cells = [Token(char, shifted(token, i)) for i, char in enumerate(token.text)]
    else:
        cells = row
    size = math.isqrt(len(cells))
    if size * size != len(cells) or size < 1:
        raise row[0].error(f"puzzle line has {len(cells)} cells, expected a square number "
                           "such as 81")
    shape = parse_box(box, size) if box else default_box(size)
    lines = [cells[i * size:(i + 1) * size] for i in range(size)]
    givens = tuple(tuple(cell_value(cell, size) for cell in line) for line in lines)
    return SudokuInstance(shape[0], shape[1], givens)
