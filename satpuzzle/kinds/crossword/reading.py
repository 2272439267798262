"""Crossword grids read: the cell text of a grid (satpuzzle's language, its JSON, native
files), native grid files with their dictionary (--dict), and the strings --rebus names.
"""

from __future__ import annotations

from collections.abc import Callable

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, tokenize_rows
from satpuzzle.kinds.crossword import MAX_REBUS_LETTERS
from satpuzzle.kinds.crossword.model import CELL, IMPLIED, MAX_CELLS, CrosswordInstance, slots
from satpuzzle.kinds.crossword.wordlists import dictionary_from_options

# read before the text is parsed (satpuzzle.grammar.limits); a cell may be a set of letters
GRID_LIMIT = BlockLimit(MAX_CELLS, MAX_CELLS, chars_per_cell=32)


def parse_grid_rows(rows: list[list[Token]], where: Token | str) -> tuple[tuple[str, ...], ...]:
    """Cells of each line (tokens of a line are joined): `1` white, `0` black, a letter,
    `[letters]`, or a rebus cell `(heart)`, `(heart|star|s)`, `(*)`; every line must have the
    same number of cells."""
    grid = []
    for row in rows:
        cells = []
        for token in row:
            cells.extend(_parse_cells(token))
        grid.append(tuple(cells))
    if not grid:
        raise error_at(where, "empty grid: expected lines of 0, 1, letters or [letter sets]")
    for row, parsed in zip(rows, grid):
        if len(parsed) != len(grid[0]):
            raise row[0].error(f"line has {len(parsed)} cells, expected {len(grid[0])} "
                               "like the first line")
    if len(grid) * len(grid[0]) > MAX_CELLS:
        raise error_at(where, f"grid of {len(grid)}×{len(grid[0])} cells is too large "
                            f"(at most {MAX_CELLS} cells)")
    return tuple(grid)


def _parse_cells(token: Token) -> list[str]:
    text, cells, offset = token.text, [], 0
    while offset < len(text):
        match = CELL.match(text, offset)
        column = None if token.pos.column is None else token.pos.column + offset
        if not match:
            raise Position(token.pos.path, token.pos.line, column).error(
                f"unexpected {text[offset]!r}: expected 1 (white), 0 (black), a letter a-z, "
                "a letter set such as [aeiou] or a rebus cell such as (heart), (heart|star) "
                "or (*)")
        if match.group(1) is not None:
            cells.append("[" + "".join(sorted(set(match.group(1)))) + "]")
        elif match.group(3) is not None:
            cells.append(_rebus_token(match.group(3), Position(token.pos.path,
                                                                 token.pos.line, column)))
        else:
            cells.append(match.group(0))
        offset = match.end()
    return cells


def _rebus_token(inside: str, where: Position) -> str:
    """The cell token of `(inside)`, its strings sorted: `(*)`, a letter or `[letters]` when
    it names letters only, else `(a|heart|star)`."""
    if inside == "*":
        return IMPLIED
    parts = sorted(set(inside.split("|")))
    long = [part for part in parts if len(part) > MAX_REBUS_LETTERS]
    if long:
        raise where.error(f"rebus string {long[0][:20]!r}... has {len(long[0])} letters: at "
                          f"most {MAX_REBUS_LETTERS}")
    if all(len(part) == 1 for part in parts):
        return parts[0] if len(parts) == 1 else "[" + "".join(parts) + "]"
    return "(" + "|".join(parts) + ")"


def rebus_checked(make: Callable[[], CrosswordInstance],
                   where: Token | str) -> CrosswordInstance:
    """The instance `make` builds, its InputError (too many rebus strings) placed at
    `where`."""
    try:
        return make()
    except InputError as exc:
        if exc.line is not None or exc.path:
            raise
        raise error_at(where, exc.message) from None


def with_slots(instance: CrosswordInstance, where: Token | str) -> CrosswordInstance:
    require_slot(instance.grid, where)
    return instance


def require_slot(grid: tuple[tuple[str, ...], ...], where: Token | str,
                  bars: frozenset[tuple[int, int, str]] = frozenset()) -> None:
    if not slots(CrosswordInstance(grid, (), bars=bars)):
        raise error_at(where, "the grid has no slot (no run of two or more white cells)")


def read_native(text: str, path: str, options: dict) -> tuple[list[CrosswordInstance], bool]:
    """The seed's files: a grid of p lines of q cells, and the dictionary given by --dict."""
    if not options.get("dict"):
        raise InputError("a crossword grid needs a dictionary: --dict WORDS", path)
    rows = tokenize_rows(text, path, GRID_LIMIT)
    if not rows:
        raise InputError("empty file, expected a grid of 0, 1 and letters", path, 1, 1)
    grid = parse_grid_rows(rows, path)
    require_slot(grid, path)  # before the dictionary's summary line
    rebus = rebus_list(options.get("rebus"), path, native=True)
    listed = dictionary_from_options(options)
    return [rebus_checked(lambda: CrosswordInstance(grid, listed.words,
                                                     bool(options.get("distinct")),
                                                     scores=listed.scores, rebus=rebus),
                           path)], False

REBUS_RULES = ("file", "implied", "none")


def rebus_list(rule: str | None, path: str, native: bool = False) -> tuple[str, ...]:
    """The strings of `--rebus heart,star` (every open cell may hold one), () for another
    rule or none; a rule that needs a constructor's file, given for a native grid, is
    refused."""
    if rule is None or rule in REBUS_RULES:
        if native and rule is not None:
            raise InputError(f"--rebus {rule} applies to a constructor's file (Across Lite, "
                             "ipuz, xd, jpz); a native grid takes --rebus STRING,STRING... "
                             "and rebus cells such as (heart) or (*)", path)
        return ()
    return tuple(rule.split(","))
