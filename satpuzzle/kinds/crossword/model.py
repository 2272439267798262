"""The crossword model (the crossword assignment): a grid and a word list; every maximal
horizontal or vertical run of two or more white cells (a slot) must be a dictionary word; a
white cell in no such run is free.

A rebus cell holds a string of letters (`(heart)`, `(heart|star)`, `(*)`: the strings the
crossing words imply): the engines see each string as one more symbol after 'z', and each word
also as its spellings across rebus cells (satpuzzle.kinds.crossword.problem), so that nothing
else changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from satpuzzle.codecs.gridfile import GridFile
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword import MAX_REBUS_LETTERS, MAX_REBUS_STRINGS, MIN_REBUS_LETTERS

KIND = "crossword"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTERS = frozenset(LETTERS)
MAX_CELLS = 10_000
# A rebus cell holds a string of letters: `(heart)` given, `(heart|star|s)` one of these
# (letters too), `(*)` any string of two or more letters the crossing words imply.
CELL = re.compile(r"\[([a-z]+)\]|([01a-z])|\((\*|[a-z]+(?:\|[a-z]+)*)\)")
IMPLIED = "(*)"
REBUS_BASE = 97 + 26  # the engines' symbol of rebus string k is chr(REBUS_BASE + k)

LetterName = tuple[str, int, int, str]  # ("c", row, column, letter), 1-based: a cell's letter
Cell = frozenset[str] | None  # allowed letters of a white cell, None for a black cell
Fill = tuple[str, ...]


@dataclass(frozen=True)
class CrosswordInstance:
    """A grid (cell tokens as written: '1', '0', a letter, '[set]', or a rebus cell
    '(heart|star)' or '(*)') and a word list. A fill (Fill) is one string a row, one
    character a cell but a rebus cell's string written `(heart)`; the engines fill the same
    rows with one symbol a cell (a string's symbol after 'z': `symbol`, `shown`)."""

    grid: tuple[tuple[str, ...], ...]
    words: tuple[str, ...]
    distinct: bool = False
    title: str | None = None
    # a score per word (parallel to `words`, whole numbers, higher is better), or None for a
    # plain list: with scores, fills come best first (satpuzzle.kinds.crossword.best)
    scores: tuple[int, ...] | None = None
    # the constructor's file the grid was read from (Across Lite, ipuz, xd), so that a fill is
    # written back into it with its clues (satpuzzle.kinds.crossword.codecs); None otherwise.
    # Where a puzzle came from is not the puzzle: equality and hashing leave it out.
    source: GridFile | None = field(default=None, compare=False)
    # family → encoding chosen by the user (--encoding FAMILY=NAME; FAMILIES in __init__.py)
    encodings: tuple[tuple[str, str], ...] = ()
    # bars of a barred grid: (row, col, "right") ends the runs between (row, col) and the cell
    # to its right, (row, col, "bottom") those between it and the cell below
    # (satpuzzle.codecs.gridfile.Bar); the language and its JSON have no bars
    bars: frozenset[tuple[int, int, str]] = frozenset()
    # rebus strings (two or more letters) every open cell ('1') may hold besides a letter
    # (`rebus: heart star`, --rebus heart,star); cells such as `(heart|star)` name their own
    rebus: tuple[str, ...] = ()
    # derived (__post_init__): every rebus string a cell may hold, sorted (the engines' symbols
    # after 'z', in this order: `symbol`), and the symbols of an open cell
    symbols: tuple[str, ...] = field(init=False, default=(), compare=False, repr=False)
    symbol: dict[str, str] = field(init=False, default_factory=dict, compare=False,
                                   repr=False)
    open_cell: frozenset[str] = field(init=False, default=ALL_LETTERS, compare=False,
                                      repr=False)
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no crossword, also when built in code (readers refuse it earlier,
        at its position): rows of one width, at most MAX_CELLS cells, each '0', '1', a
        letter a-z, '[letters]' or a rebus cell; words of letters a-z; rebus strings as
        _valid_rebus says. Lists become tuples; `(*)` cells get the strings implied
        (implied_grid), and the symbols are numbered."""
        try:
            grid = tuple(map(tuple, self.grid))
            width = len(grid[0]) if grid else 0
            cells = set().union(*grid)  # the distinct cell tokens: few, checked one by one
            valid = (width > 0 and len(grid) * width <= MAX_CELLS
                     and all(len(row) == width for row in grid)
                     and all(type(cell) is str and CELL.fullmatch(cell) for cell in cells))
        except TypeError:
            valid = False
        if not valid:
            raise InputError(f"the grid must be rows of one width, at most {MAX_CELLS} cells, "
                             "each '0' (black), '1' (white), a letter a-z, '[letters]' or a "
                             "rebus cell '(letters|letters...)' or '(*)'")
        try:
            words = tuple(self.words)
            # at C speed, as bytes: a built-in dictionary has 600,000 words (20 ms)
            letters = "".join(words)
            valid = (all(words) and letters.isascii()
                     and not letters.encode().translate(None, LETTERS.encode()))
        except TypeError:
            valid = False
        if not valid:
            raise InputError("the words must be strings of letters a-z")
        if type(self.distinct) is not bool:
            raise InputError(f"distinct is True or False, found {self.distinct!r}")
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "encodings", tuple(map(tuple, self.encodings)))
        object.__setattr__(self, "bars", _valid_bars(self.bars, len(grid), width))
        if self.scores is not None:
            object.__setattr__(self, "scores", _valid_scores(self.scores, len(words)))
        object.__setattr__(self, "rebus", _valid_rebus(self.rebus))
        if IMPLIED in cells and words:  # computed once: a copy (replace) finds no (*) left
            object.__setattr__(self, "grid", implied_grid(self))
        symbols = _symbols(self.grid, self.rebus)
        symbol = {string: chr(REBUS_BASE + k) for k, string in enumerate(symbols)}
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "symbol", symbol)
        object.__setattr__(self, "open_cell",
                           ALL_LETTERS.union(symbol[string] for string in self.rebus))

    def allowed(self, row: int, col: int) -> Cell:
        """The symbols the cell may hold: letters, and a rebus string's character (symbol)
        for each string it may hold; None for a black cell."""
        token = self.grid[row][col]
        if token == "0":
            return None
        if token == "1":
            return self.open_cell
        if token[0] == "(":
            if token == IMPLIED:  # no string implied: the cell can hold none
                return frozenset()
            return frozenset(self.symbol[part] if len(part) > 1 else part
                             for part in token[1:-1].split("|"))
        return frozenset(token.strip("[]"))

    def shown(self, fill: Fill) -> Fill:
        """A fill of the engines' symbols as the kind shows it: a rebus cell as `(heart)`."""
        if not self.symbols:
            return fill
        table = {REBUS_BASE + k: f"({held})" for k, held in enumerate(self.symbols)}
        return tuple(row.translate(table) for row in fill)


def _valid_rebus(strings: Iterable[str]) -> tuple[str, ...]:
    """The rebus strings, sorted, each of MIN_REBUS_LETTERS to MAX_REBUS_LETTERS letters a-z,
    at most MAX_REBUS_STRINGS of them."""
    try:
        found = tuple(sorted(set(strings)))
        valid = all(type(s) is str and MIN_REBUS_LETTERS <= len(s) <= MAX_REBUS_LETTERS
                    and s.isascii() and s.isalpha() and s.islower() for s in found)
    except TypeError:
        valid = False
    if not valid:
        raise InputError(f"rebus strings are {MIN_REBUS_LETTERS} to {MAX_REBUS_LETTERS} "
                         "letters a-z each")
    if len(found) > MAX_REBUS_STRINGS:
        raise InputError(f"{len(found)} rebus strings: at most {MAX_REBUS_STRINGS}")
    return found


def _symbols(grid: tuple[tuple[str, ...], ...], rebus: tuple[str, ...]) -> tuple[str, ...]:
    """Every rebus string a cell of the grid may hold, sorted: the engines' symbols after
    'z', in this order."""
    found = set(rebus)
    for token in set().union(*grid):
        if token[0] == "(" and token != IMPLIED:
            found.update(part for part in token[1:-1].split("|") if len(part) > 1)
    if any(len(string) > MAX_REBUS_LETTERS for string in found):
        raise InputError(f"a rebus string has at most {MAX_REBUS_LETTERS} letters")
    if len(found) > MAX_REBUS_STRINGS:
        raise InputError(f"the grid's cells may hold {len(found)} rebus strings: at most "
                         f"{MAX_REBUS_STRINGS}")
    return tuple(sorted(found))


def _valid_bars(bars: Iterable[tuple[int, int, str]], height: int,
                width: int) -> frozenset[tuple[int, int, str]]:
    """The bars as a frozenset, each (row, col, "right" | "bottom") inside the grid."""
    try:
        found = frozenset(tuple(bar) for bar in bars)
        valid = all(len(bar) == 3 and type(bar[0]) is int and type(bar[1]) is int
                    and 0 <= bar[0] < height and 0 <= bar[1] < width
                    and bar[2] in ("right", "bottom") for bar in found)
    except TypeError:
        valid = False
    if not valid:
        raise InputError('the bars must be (row, col, "right" or "bottom") inside the grid')
    return found  # type: ignore[return-value]

MAX_SCORE = 10**6  # scores are whole numbers within ±MAX_SCORE (word lists use 0-100)


def _valid_scores(scores: Iterable[int], count: int) -> tuple[int, ...]:
    """The scores as a tuple, one whole number within ±MAX_SCORE per word, else InputError."""
    try:
        values = tuple(scores)
        valid = len(values) == count and all(
            type(s) is int and -MAX_SCORE <= s <= MAX_SCORE for s in values)
    except TypeError:
        valid = False
    if not valid:
        raise InputError(f"the scores must be one whole number per word, within "
                         f"±{MAX_SCORE:,}")
    return values


def slots(instance: CrosswordInstance) -> list[list[tuple[int, int]]]:
    """Maximal horizontal then vertical runs of two or more white cells, a bar ending a run
    as a black cell does (the one place where a grid's entries are found)."""
    height, width = len(instance.grid), len(instance.grid[0])
    found = []
    for lines, side in (([[(r, c) for c in range(width)] for r in range(height)], "right"),
                        ([[(r, c) for r in range(height)] for c in range(width)], "bottom")):
        for line in lines:
            run: list[tuple[int, int]] = []
            for cell in [*line, None]:
                if cell is not None and instance.grid[cell[0]][cell[1]] != "0":
                    run.append(cell)
                    if (*cell, side) not in instance.bars:
                        continue
                if len(run) >= 2:
                    found.append(run)
                run = []
    return found


def implied_grid(instance: CrosswordInstance) -> tuple[tuple[str, ...], ...]:
    """The grid with each `(*)` cell holding the strings its words imply: those of two or
    more letters that some word of its across slot and some word of its down slot put there
    (each the intersection; the slot's other cells read as their tokens say, another `(*)`
    as any string), `(a|b|...)`; a cell where none is implied stays `(*)` (holding none)."""
    grid = [list(row) for row in instance.grid]
    by_length: dict[int, list[str]] = {}
    for word in instance.words:
        by_length.setdefault(len(word), []).append(word)
    through: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
    for slot in slots(instance):
        for cell in slot:
            if instance.grid[cell[0]][cell[1]] == IMPLIED:
                through.setdefault(cell, []).append(slot)
    every: set[str] = set()
    for (r, c), found_slots in through.items():
        implied: set[str] | None = None
        for slot in found_slots:
            readings = [None if cell == (r, c) else _reading(instance, *cell) for cell in slot]
            strings = _implied_in_slot(readings, by_length)
            implied = strings if implied is None else implied & strings
        if implied:
            grid[r][c] = "(" + "|".join(sorted(implied)) + ")"
            every.update(implied)
    if len(every) > MAX_REBUS_STRINGS:
        raise InputError(f"the rebus cells marked (*) (--rebus implied) could hold "
                         f"{len(every):,} strings the words imply, at most "
                         f"{MAX_REBUS_STRINGS}: name the strings (--rebus file, --rebus "
                         "STRING,STRING..., cells such as (heart|star)) or give fewer words")
    return tuple(map(tuple, grid))

# How implied_grid reads a cell of a slot: the letters it may hold (one each), the strings it
# may hold (letters among them), or ANY_STRING (another `(*)`: 2 to MAX_REBUS_LETTERS letters).
Reading = frozenset[str] | tuple[str, ...] | None
ANY_STRING: tuple[str, ...] = ()


def _reading(instance: CrosswordInstance, row: int, col: int) -> Reading:
    token = instance.grid[row][col]
    if token == IMPLIED:
        return ANY_STRING
    if token == "1":
        return tuple(LETTERS) + instance.rebus if instance.rebus else ALL_LETTERS
    if token[0] == "(":
        return tuple(token[1:-1].split("|"))
    return frozenset(token.strip("[]"))


def _implied_in_slot(readings: list[Reading], by_length: dict[int, list[str]]) -> set[str]:
    """The strings of 2 to MAX_REBUS_LETTERS letters that words of `by_length` put in the
    slot's cell whose reading is None, the other cells read as `readings` say. Where every
    other cell holds one letter, a regular expression over each length's words (at C
    speed); else, each word read cell by cell (no backtracking to blow up)."""
    size = len(readings)
    longest = size - 1 + MAX_REBUS_LETTERS
    if all(type(reading) is frozenset for reading in readings if reading is not None):
        parts = ["[" + "".join(sorted(reading)) + "]" if reading is not None
                 else f"([a-z]{{{MIN_REBUS_LETTERS},{MAX_REBUS_LETTERS}}})"
                 for reading in readings]
        pattern = re.compile("^" + "".join(parts) + "$", re.MULTILINE)
        found: set[str] = set()
        for length in range(size + 1, longest + 1):
            if length in by_length:
                found.update(pattern.findall("\n".join(by_length[length])))
        return found
    found = set()
    for length, words in by_length.items():
        if length > size:  # a longer one: each string is at most MAX_REBUS_LETTERS
            for word in words:
                found.update(_strings_in_word(word, readings))
    return found


def _strings_in_word(word: str, readings: list[Reading]) -> set[str]:
    """The strings `word` puts in the cell read None when it reads as the slot."""
    target = readings.index(None)
    starts = {0}
    for reading in readings[:target]:
        starts = {stop for start in starts for stop in _stops(word, start, reading)}
        if not starts:
            return set()
    found = set()
    for start in starts:
        for stop in range(start + MIN_REBUS_LETTERS,
                          min(start + MAX_REBUS_LETTERS, len(word)) + 1):
            if _reaches_end(word, stop, readings[target + 1:]):
                found.add(word[start:stop])
    return found


def _stops(word: str, start: int, reading: Reading) -> list[int]:
    """Where a cell read as `reading` ends in `word` when it starts at `start`."""
    if type(reading) is frozenset:
        return [start + 1] if start < len(word) and word[start] in reading else []
    if reading == ANY_STRING:
        return list(range(start + MIN_REBUS_LETTERS,
                          min(start + MAX_REBUS_LETTERS, len(word)) + 1))
    assert reading is not None
    return [start + len(s) for s in reading if word.startswith(s, start)]


def _reaches_end(word: str, start: int, readings: list[Reading]) -> bool:
    """Whether the cells read as `readings`, from `start` on, spell the rest of `word`."""
    starts = {start}
    for reading in readings:
        starts = {stop for at in starts for stop in _stops(word, at, reading)}
        if not starts:
            return False
    return len(word) in starts
