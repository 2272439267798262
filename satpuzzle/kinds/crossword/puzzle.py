"""Crossword filling (the crossword assignment): every maximal horizontal or vertical run of two or
more white cells must be a dictionary word; a white cell in no such run is free.

A rebus cell holds a string of letters (`(heart)`, `(heart|star)`, `(*)`: the strings the
crossing words imply): the engines see each string as one more symbol after 'z', and each word
also as its spellings across rebus cells (see "rebus" below), so that nothing else changes.

Instance → CNF: the rules in rules.py, over the constraint library: candidate words per slot,
filtered by length, fixed letters and letter sets, then by arc consistency between crossing
slots, before any clause is written. Puzzle variables are cell letters c(row, col, letter),
one-hot per cell; auxiliary word variables are channelled to them (word → its letters; letter
→ one of the words having it there), so a solution is its cell letters and blocking on them is
sound and short.
"""

from __future__ import annotations

import os
import re
import string
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, cast

from satpuzzle.cnf import Formula, VarName
from satpuzzle.codecs.gridfile import GridFile
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import error_at, tokenize_rows
from satpuzzle.kinds.crossword import (
    MAX_REBUS_LETTERS,
    MAX_REBUS_STRINGS,
    MIN_REBUS_LETTERS,
    dictionaries,
)
from satpuzzle.kinds.crossword.dictionaries import WordList
from satpuzzle.kinds.crossword.search import (
    Oracle,
    SearchStalled,
    SlotProblem,
    SlotSearch,
    TrieSearch,
    oracle_seconds,
)
from satpuzzle.textio import confined, read_bytes, unpack_gzip

KIND = "crossword"
ENUMERATE_ALL = True  # the assignment asks for every solution: --all is the default
LETTERS = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTERS = frozenset(LETTERS)
MAX_CELLS = 10_000
MAX_LISTED_WORDS = 100_000  # words listed in the puzzle; a longer list goes in a dictionary file
# read before the text is parsed (satpuzzle.grammar.limits); a cell may be a set of letters
BLOCK_LIMITS = {"grid": BlockLimit(MAX_CELLS, MAX_CELLS, chars_per_cell=32),
                "words": BlockLimit(MAX_LISTED_WORDS, MAX_LISTED_WORDS, "words")}
LARGE_GRID_CELLS = 100  # white cells above which the slot search answers (see search())
# A rebus cell holds a string of letters: `(heart)` given, `(heart|star|s)` one of these
# (letters too), `(*)` any string of two or more letters the crossing words imply.
_CELL = re.compile(r"\[([a-z]+)\]|([01a-z])|\((\*|[a-z]+(?:\|[a-z]+)*)\)")
_FILL_CELL = re.compile(r"\(([a-z]+)\)|[^()]")  # a cell of a fill's row
IMPLIED = "(*)"
MAX_SPELLINGS = 8  # spellings of one word across rebus cells (the word itself not counted)
REBUS_BASE = 97 + 26  # the engines' symbol of rebus string k is chr(REBUS_BASE + k)
_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}
# a scored list's entries are crossword answers: grids spell NEW YORK, AT&T, O'HARE without
# their spaces and punctuation
_ANSWER_SPACING = str.maketrans("", "", string.whitespace + string.punctuation + "’‘·")
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]*)?")  # a score field, whole or not
DEFAULT_SCORE = 50  # a plain word in a scored list: the usual "fine" mark of 0-100 lists
DROPPED_SHOWN = 3  # entries dropped for other characters quoted in the summary line

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
                     and all(type(cell) is str and _CELL.fullmatch(cell) for cell in cells))
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


# ---------------------------------------------------------------- reading


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
        match = _CELL.match(text, offset)
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


def _normal_word(entry: str, answer: bool = False) -> str | None:
    """`entry` as lowercase a-z (accents stripped, ligatures expanded), or None when other
    characters remain; `answer`: the entry of a scored list, a crossword answer, whose spaces
    and punctuation go (`NEW YORK;50` is `newyork`, as grids spell it)."""
    word = entry.strip().lower()
    word = "".join(_LIGATURES.get(ch, ch) for ch in word)
    word = "".join(ch for ch in unicodedata.normalize("NFD", word)
                   if not unicodedata.combining(ch))
    if answer:
        word = word.translate(_ANSWER_SPACING)
    return word if word and word.isascii() and word.isalpha() else None


def normalize_words(raw: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lowercase a-z words (accents stripped, ligatures expanded), duplicates removed, in
    first-seen order; also the number of entries dropped for other characters."""
    seen: dict[str, None] = {}
    dropped = 0
    for entry in raw:
        if not entry.strip():
            continue
        word = _normal_word(entry)
        if word is None:
            dropped += 1
        else:
            seen.setdefault(word, None)
    return tuple(seen), dropped


def normalize_scored(raw: Iterable[str], answers: bool = True) -> WordList:
    """A word list whose lines may carry scores: `word;score` or `word score` (a whole number
    after the last `;`, else after the last space), or a plain `word`. Words are normalised
    as by normalize_words (a scored entry also loses its spaces and punctuation); a word met
    again keeps its highest score; a line whose score is not a whole number within
    ±MAX_SCORE is dropped. When some line has a score, plain words get DEFAULT_SCORE; when
    none has, the list has no scores (None). `answers` False: scored entries are words like
    plain ones (the built-in lists' frequencies), keeping their spaces and punctuation out."""
    best: dict[str, int | None] = {}
    dropped = bad_scores = duplicates = 0
    examples: list[str] = []  # the first lines dropped, for the summary line
    scored = False
    for entry in raw:
        line = entry.strip()
        if not line:
            continue
        parsed = _split_score(line)
        if parsed is None:
            bad_scores += 1
            continue
        word, score = parsed
        normal = _normal_word(word, answer=answers and score is not None)
        if normal is None:
            dropped += 1
            if len(examples) < DROPPED_SHOWN:
                examples.append(line)
            continue
        scored = scored or score is not None
        if normal in best:
            duplicates += 1
            old = best[normal]
            if score is not None and (old is None or score > old):
                best[normal] = score
        else:
            best[normal] = score
    words = tuple(best)
    unscored = sum(1 for s in best.values() if s is None) if scored else 0
    scores = tuple(DEFAULT_SCORE if s is None else s for s in best.values()) if scored else None
    return WordList(words, dropped, duplicates, scores, bad_scores, unscored,
                    dropped_examples=tuple(examples))




def _split_score(line: str) -> tuple[str, int | None] | None:
    """A line as (entry, score): score None for a plain word; None for a line whose score is
    not a whole number within ±MAX_SCORE."""
    if ";" in line:
        entry, _, text = line.rpartition(";")
        score = _score_of(text.strip())
        return None if score is None else (entry, score)
    parts = line.rsplit(None, 1)
    if len(parts) == 2 and _NUMBER.fullmatch(parts[1]):
        score = _score_of(parts[1])
        return None if score is None else (parts[0], score)
    return line, None


def _score_of(text: str) -> int | None:
    """The score a field holds, None when it is no whole number within ±MAX_SCORE."""
    if not _INTEGER.fullmatch(text) or len(text) > 8:  # 8 characters hold ±MAX_SCORE
        return None
    score = int(text)
    return score if abs(score) <= MAX_SCORE else None


def read_dictionary(path: str, where: Token | None = None,
                    min_zipf: float | None = None) -> tuple[str, ...]:
    """The words of read_word_list (scores, if any, left out)."""
    return read_word_list(path, where, min_zipf).words


def read_word_list(path: str, where: Token | None = None, min_zipf: float | None = None,
                   min_score: int | None = None, scored: bool = False) -> WordList:
    """A word list: a built-in name (`fr`, `en`) unless a file has that name, or a file,
    plain or gzip, whose lines may carry scores (normalize_scored). Built-in lists carry
    scores (from word frequencies: dictionaries.score_of_zipf) when `scored` or `min_score`
    asks for them. `min_zipf` (built-in lists) and `min_score` drop the rarer or lower
    words. Prints a one-line summary on stderr; no word left is an InputError saying why."""
    label = f"built-in {path}"
    if path in dictionaries.BUILTIN and not os.path.exists(path):
        if min_zipf is None and min_score is None and not scored:
            # normalised once per installed list: later runs read the cache
            return _reported(label, dictionaries.builtin_words(path, normalize_words), path)
        if min_zipf is None and path == "en":  # its scores are cached with it
            listed = dictionaries.builtin_words(path, normalize_words, normalize_scored)
            return _reported(label, _at_least(listed, min_score), path)
        listed, below = dictionaries.builtin_scored(path, normalize_scored, min_zipf)
        listed = replace(listed, below_zipf=below)
        if min_score is None and not scored:
            listed = replace(listed, scores=None)
        return _reported(label, _at_least(listed, min_score), path, min_zipf)
    if min_zipf is not None:
        raise InputError("--min-zipf needs a built-in dictionary (fr or en), whose source "
                         "has word frequencies", path)
    try:
        data = unpack_gzip(read_bytes(path, path), path)
    except InputError as exc:
        message = f"cannot read dictionary {path!r}: {exc.message}"
        raise (where.error(message) if where else InputError(message, path)) from None
    listed = normalize_scored(data.decode("utf-8", errors="replace").splitlines())
    if listed.scores is None and min_score is not None and listed.words:
        raise InputError(f"--min-score needs scores, and no line of {path!r} has one "
                         "(word;score or word score)", path)
    return _reported(path, _at_least(listed, min_score), path,
                     shown_dropped=listed.dropped_examples)


def _at_least(listed: WordList, min_score: int | None) -> WordList:
    """The words scoring at least `min_score` (all when None)."""
    if min_score is None or listed.scores is None:
        return listed
    kept = [(w, s) for w, s in zip(listed.words, listed.scores) if s >= min_score]
    return replace(listed, words=tuple(w for w, _ in kept), scores=tuple(s for _, s in kept),
                   below_score=len(listed.words) - len(kept), min_score=min_score)


def _reported(label: str, listed: WordList, path: str, min_zipf: float | None = None,
              shown_dropped: tuple[str, ...] = ()) -> WordList:
    """The list, after the one-line summary on stderr (ending with `shown_dropped`, the
    first entries dropped for other characters, from a user's file); an InputError saying
    why no word was kept when there is none."""
    reasons = [(listed.dropped, "with other characters than letters"),
               (listed.bad_scores, "with a score that is not a whole number")]
    if min_zipf is not None:
        reasons.append((listed.below_zipf, f"below Zipf {min_zipf:g}"))
    if listed.min_score is not None:
        reasons.append((listed.below_score, f"below score {listed.min_score}"))
    if not listed.words:
        why = ", ".join(f"{count} {reason}" for count, reason in reasons if count)
        raise InputError("empty dictionary: no word of letters a-z"
                         + (f" (entries dropped: {why})" if why else ""), path)
    parts = [f"{len(listed.words)} words kept", f"{listed.dropped} dropped (other characters)",
             f"{listed.duplicates} duplicates removed"]
    if listed.scores is not None:
        parts[2] = f"{listed.duplicates} duplicates merged (highest score kept)"
        parts.insert(1, f"scores {min(listed.scores)} to {max(listed.scores)}")
        if listed.bad_scores:
            parts.append(f"{listed.bad_scores} dropped (score not a whole number)")
        if listed.unscored:
            parts.append(f"{listed.unscored} without a score given {DEFAULT_SCORE}")
    if min_zipf is not None:
        parts.append(f"{listed.below_zipf} below Zipf {min_zipf:g}")
    if listed.min_score is not None:
        parts.append(f"{listed.below_score} below score {listed.min_score}")
    shown = ""
    if shown_dropped:  # which entries, so that a list of answers like `12$@` says so
        more = ", ..." if listed.dropped > len(shown_dropped) else ""
        shown = "; dropped: " + ", ".join(f'"{entry[:40]}"' for entry in shown_dropped) + more
    print(f"satpuzzle: dictionary {label}: {', '.join(parts)}{shown}", file=sys.stderr)
    return listed


def from_spec(spec: PuzzleSpec) -> CrosswordInstance:
    """`crossword { words: ... | dictionary: file "PATH"; distinct: yes; grid { ... } }`."""
    spec.check_names({"words", "dictionary", "distinct", "grid", "rebus"}, {"grid", "words"})
    rows = spec.rows("grid")
    if rows is None:
        raise spec.error("crossword needs a grid: 'grid {' then lines of 0, 1 and letters")
    where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
    grid = parse_grid_rows(rows, where)
    _require_slot(grid, where)
    distinct = False
    if "distinct" in spec.fields:
        token = spec.fields["distinct"].values[0]
        if token.text not in ("yes", "no"):
            raise token.error("distinct takes yes or no")
        distinct = token.text == "yes"
    rebus = _spec_rebus(spec)
    # the dictionary last: reading it prints a summary line, which must not precede an error
    if "words" in spec.fields or "words" in spec.blocks:
        entries = ([t.text for t in spec.fields["words"].values] if "words" in spec.fields
                   else [t.text for row in spec.blocks["words"].rows for t in row])
        listed = normalize_scored(entries)  # `word` or `word;score` tokens
    elif "dictionary" in spec.fields:
        listed = _spec_dictionary(spec)
    else:
        raise spec.error("crossword needs words: 'words: w1 w2 ...' or "
                         "'dictionary: file \"PATH\"'")
    if not listed.words:
        raise spec.error("the word list is empty")
    return _rebus_checked(lambda: CrosswordInstance(grid, listed.words, distinct, spec.title,
                                                    listed.scores, rebus=rebus), where)


def _spec_rebus(spec: PuzzleSpec) -> tuple[str, ...]:
    """`rebus: heart star`: strings every open cell may hold besides a letter."""
    if "rebus" not in spec.fields:
        return ()
    tokens = spec.fields["rebus"].values
    for token in tokens:
        if not (token.text.isascii() and token.text.isalpha() and token.text.islower()
                and MIN_REBUS_LETTERS <= len(token.text) <= MAX_REBUS_LETTERS):
            raise token.error(f"a rebus string is {MIN_REBUS_LETTERS} to {MAX_REBUS_LETTERS} "
                              "letters a-z")
    if len({t.text for t in tokens}) > MAX_REBUS_STRINGS:
        raise tokens[0].error(f"at most {MAX_REBUS_STRINGS} rebus strings")
    return tuple(t.text for t in tokens)


def _rebus_checked(make: Callable[[], CrosswordInstance],
                   where: Token | str) -> CrosswordInstance:
    """The instance `make` builds, its InputError (too many rebus strings) placed at
    `where`."""
    try:
        return make()
    except InputError as exc:
        if exc.line is not None or exc.path:
            raise
        raise error_at(where, exc.message) from None


def _spec_dictionary(spec: PuzzleSpec) -> WordList:
    """`dictionary: file "PATH"`, or a built-in list `dictionary: en`, then optionally
    `min-score=S` (keep words scoring at least S; a built-in list then carries scores) and,
    for a built-in list, `min-zipf=Z`."""
    values = spec.fields["dictionary"].values
    if values[0].text == "file" and len(values) >= 2 and values[1].text.startswith('"'):
        try:
            path = confined(values[1].text.strip('"'), spec.base_dir)
        except InputError as exc:
            raise values[1].error(exc.message) from None
        limits = _dictionary_limits(values[2:], ("min-score",))
        return read_word_list(str(path), values[1], None, limits.get("min-score"))
    if values[0].text in dictionaries.BUILTIN:
        limits = _dictionary_limits(values[1:], ("min-zipf", "min-score"))
        return read_word_list(values[0].text, values[0], limits.get("min-zipf"),
                              limits.get("min-score"))
    raise values[0].error(f'expected dictionary: file "PATH", or a built-in list: '
                          f'{" or ".join(dictionaries.BUILTIN)}')


def _dictionary_limits(tokens: list[Token], names: tuple[str, ...]) -> dict[str, Any]:
    """`min-zipf=NUMBER` and `min-score=WHOLE` after a dictionary, each at most once."""
    limits: dict[str, Any] = {}
    for token in tokens:
        name, _, text = token.text.partition("=")
        number = (_INTEGER if name == "min-score" else _DECIMAL).fullmatch(text)
        if name not in names or name in limits or not number or len(text) > 12:
            raise token.error("expected " + " or ".join(
                f"{n}={'WHOLE NUMBER' if n == 'min-score' else 'NUMBER'}" for n in names)
                + ", each at most once")
        limits[name] = int(text) if name == "min-score" else float(text)
    return limits


def _with_slots(instance: CrosswordInstance, where: Token | str) -> CrosswordInstance:
    _require_slot(instance.grid, where)
    return instance


def _require_slot(grid: tuple[tuple[str, ...], ...], where: Token | str,
                  bars: frozenset[tuple[int, int, str]] = frozenset()) -> None:
    if not slots(CrosswordInstance(grid, (), bars=bars)):
        raise error_at(where, "the grid has no slot (no run of two or more white cells)")


def sniff(text: str) -> bool:
    """Native crossword grids need a dictionary (--dict), which names the kind."""
    return False


def read_native(text: str, path: str, options: dict) -> tuple[list[CrosswordInstance], bool]:
    """The seed's files: a grid of p lines of q cells, and the dictionary given by --dict."""
    if not options.get("dict"):
        raise InputError("a crossword grid needs a dictionary: --dict WORDS", path)
    rows = tokenize_rows(text, path, BLOCK_LIMITS["grid"])
    if not rows:
        raise InputError("empty file, expected a grid of 0, 1 and letters", path, 1, 1)
    grid = parse_grid_rows(rows, path)
    _require_slot(grid, path)  # before the dictionary's summary line
    rebus = rebus_list(options.get("rebus"), path, native=True)
    listed = dictionary_from_options(options)
    return [_rebus_checked(lambda: CrosswordInstance(grid, listed.words,
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


def dictionary_from_options(options: dict[str, Any]) -> WordList:
    """The word list of --dict, as --min-zipf, --min-score and --best say (for every reader
    of grids given with --dict: native grids, constructors' files)."""
    best = bool(options.get("best"))
    listed = read_word_list(options["dict"], None, options.get("min_zipf"),
                            options.get("min_score"), best)
    if best and listed.scores is None:
        raise InputError(f"--best needs word scores, and no line of {options['dict']!r} has "
                         "one (word;score or word score)", options["dict"])
    return listed


# ---------------------------------------------------------------- encoding


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


def slot_problem(instance: CrosswordInstance) -> SlotProblem:
    """Slots, candidate words (bit sets) and allowed symbols at the arc-consistency fixpoint:
    letters, and with rebus cells one symbol a string (the words' spellings across them)."""
    cell_letters = {(r, c): letters
                    for r, row in enumerate(instance.grid) for c in range(len(row))
                    if (letters := instance.allowed(r, c)) is not None}
    found = slots(instance)
    if not instance.symbols:
        return SlotProblem(found, cell_letters, instance.words)
    word_of = spellings(instance, {len(slot) for slot in found})
    return SlotProblem(found, cell_letters, tuple(word_of), 26 + len(instance.symbols),
                       word_of)


# ---------------------------------------------------------------- rebus


def spellings(instance: CrosswordInstance, lengths: set[int]) -> dict[str, str]:
    """Every word of `instance` as the engines spell it (spelling -> word): the word itself,
    and where it holds rebus strings, the word with one or more of their occurrences
    (not overlapping) replaced by their symbols, so that a slot of that many cells matches
    it; at most MAX_SPELLINGS a word, of the `lengths` of the grid's slots only."""
    found = dict(zip(instance.words, instance.words))
    held_by: dict[str, list[tuple[str, str]]] = {}  # word -> the (string, symbol) it holds
    for held, sym in instance.symbol.items():
        for word in [w for w in instance.words if held in w]:  # at C speed: most hold none
            held_by.setdefault(word, []).append((held, sym))
    for word, strings in held_by.items():
        for spelled in _spelled(word, strings, lengths):
            found[spelled] = word
    return found


def _spelled(word: str, held: list[tuple[str, str]], lengths: set[int]) -> list[str]:
    """`word` with non-overlapping occurrences of the rebus strings it holds (`held`, each
    with its symbol) replaced by their symbols, each choice of one or more occurrences
    (MAX_SPELLINGS at most, 16 times as many choices tried), of one of `lengths`."""
    occurrences = []
    for text, sym in held:
        start = word.find(text)
        while start >= 0:
            occurrences.append((start, start + len(text), sym))
            start = word.find(text, start + 1)
    occurrences.sort()
    found: list[str] = []
    steps = [0]  # the choices tried: bounded as the spellings are

    def extend(parts: list[str], end: int, first: int) -> None:
        for k in range(first, len(occurrences)):
            start, stop, sym = occurrences[k]
            if start < end:
                continue
            if len(found) >= MAX_SPELLINGS or steps[0] >= 16 * MAX_SPELLINGS:
                return
            steps[0] += 1
            chosen = [*parts, word[end:start], sym]
            spelled = "".join(chosen) + word[stop:]
            if len(spelled) in lengths:
                found.append(spelled)
            extend(chosen, stop, k + 1)

    extend([], 0, 0)
    return found


def word_scores(instance: CrosswordInstance) -> dict[str, int]:
    """Each word's score (DEFAULT_SCORE for a plain list), and each of its rebus spellings'
    (spellings) the same."""
    scores = instance.scores or (DEFAULT_SCORE,) * len(instance.words)
    score = dict(zip(instance.words, scores))
    if instance.symbols:
        lengths = {len(slot) for slot in slots(instance)}
        return {spelled: score[word]
                for spelled, word in spellings(instance, lengths).items()}
    return score


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


def encode(instance: CrosswordInstance) -> Formula:
    return encode_problem(instance, slot_problem(instance))


def estimate_clauses(instance: CrosswordInstance) -> int:
    """The clauses of encode(), counted on the arc-consistent slot problem without writing
    one (for --max-clauses, before any engine starts): a word spells each of its letters (one
    binary clause a letter: nearly all of it), a cell's letter needs a word having it there,
    a slot holds a word, a cell holds one letter and, with `distinct`, no word fills two
    slots, the last two counted as pairwise at-most-one (the default encoding). A 23×23 van
    Beek grid with the 609,000 French words: 13,267,460 clauses, estimated in 0.13 s."""
    problem = slot_problem(instance)
    letters = {cell: mask.bit_count() for cell, mask in problem.cell_masks.items()}
    spelled = sum(domain.bit_count() * len(slot)
                  for domain, slot in zip(problem.domains, problem.slots))
    supported = sum(letters[cell] for slot in problem.slots for cell in slot)
    one_letter = sum(1 + count * (count - 1) // 2 for count in letters.values())
    distinct = _distinct_pairs(problem) if instance.distinct else 0
    return spelled + supported + len(problem.slots) + one_letter + distinct


def _distinct_pairs(problem: SlotProblem) -> int:
    """Pairs of slots of one length that share a candidate word, summed over the words."""
    import numpy as np

    pairs = 0
    for length in {len(slot) for slot in problem.slots}:
        domains = [d for d, slot in zip(problem.domains, problem.slots) if len(slot) == length]
        size = max(domain.bit_length() for domain in domains)
        if len(domains) < 2 or not size:
            continue
        uses = np.zeros(size, dtype=np.int64)
        for domain in domains:
            packed = np.frombuffer(domain.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
            uses += np.unpackbits(packed, bitorder="little")[:size]
        pairs += int((uses * (uses - 1) // 2).sum())
    return pairs


def encode_problem(instance: CrosswordInstance, problem: SlotProblem) -> Formula:
    """The CNF of `instance` from its arc-consistent slot problem: rules.py's rules
    (imported here: the search engines, which answer most crosswords, need no CNF)."""
    from satpuzzle.kinds.crossword import rules

    return rules.encode_problem(instance, problem)


def search(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """Every fill, a rebus cell shown as `(heart)` (search_symbols' fills)."""
    return map(instance.shown, search_symbols(instance, solver_name))


def best_fills(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """The engine `best` (satpuzzle.kinds.crossword.best), a rebus cell shown as `(heart)`."""
    from satpuzzle.kinds.crossword import best

    return map(instance.shown, best.fills(instance, solver_name))


def search_symbols(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """Every fill, in the engines' symbols (a rebus cell holds its string's symbol). Small grids: the trie search (search.TrieSearch), fastest at enumerating,
    with a SAT oracle of back end `solver_name` built only if it stalls. Large grids: the slot
    search (search.SlotSearch: maintained arc consistency, look-ahead word order), which
    finds a first fill of a 15×15 van Beek grid in a fraction of a second where the trie
    finds none in a minute; if it stalls without a fill for as long as the oracle would take
    to build, the trie search with the oracle on from the start answers instead."""
    problem = slot_problem(instance)
    height, width = len(instance.grid), len(instance.grid[0])

    def trie_search(oracle_budget: float | None) -> Iterator[Fill]:
        return TrieSearch(problem, height, width, instance.distinct,
                          oracle_factory=lambda: sat_oracle(instance, problem, solver_name),
                          oracle_budget=oracle_budget).fills()

    if len(problem.cell_masks) <= LARGE_GRID_CELLS:
        return trie_search(None)
    return _slots_then_trie(SlotSearch(problem, height, width, instance.distinct,
                                       stall_after=oracle_seconds(problem)), trie_search)


def _slots_then_trie(slot_search: SlotSearch,
                     trie_search: Callable[[float], Iterator[Fill]]) -> Iterator[Fill]:
    """The slot search's fills; if it stalls (having yielded none), the trie search's with
    its oracle built at once (ski rental: at most about twice what either costs alone)."""
    try:
        yield from slot_search.fills()
        return
    except SearchStalled:
        pass
    yield from trie_search(0.0)


def sat_oracle(instance: CrosswordInstance, problem: SlotProblem, solver_name: str) -> Oracle:
    """Is there a fill extending these letters? The CNF of encode() under assumptions."""
    from satpuzzle.solving import make_solver

    formula = encode_problem(instance, problem)
    solver = make_solver(solver_name, formula.all_clauses())
    letter_var = {(name[1] - 1, name[2] - 1, name[3]): ident
                  for ident, name in cast(dict[int, LetterName], formula.names).items()
                  if name[0] == "c"}  # ("c", row, column, letter) as rules.py names it
    top = max(formula.names, default=0)

    def oracle(prefix: list[tuple[tuple[int, int], str]],
               conflicts: int | None = None) -> dict[tuple[int, int], str] | None:
        assumptions = [letter_var[(r, c, letter)] for (r, c), letter in prefix]
        if conflicts is None or not hasattr(solver, "solve_limited"):
            answer = solver.solve(assumptions=assumptions)
        else:
            solver.conf_budget(conflicts)
            answer = solver.solve_limited(assumptions=assumptions)
            if answer is None:
                return {}  # unknown within the budget: the search goes on below, unpruned
        if not answer:
            return None
        true_vars = {lit for lit in solver.get_model()[:top] if lit > 0}
        return {(r, c): letter for (r, c, letter), ident in letter_var.items()
                if ident in true_vars}

    return oracle


def decode(instance: CrosswordInstance, true_names: Iterable[VarName]) -> Fill:
    """The fill of a model, a rebus cell shown as `(heart)`."""
    return instance.shown(decode_symbols(instance, true_names))


def decode_symbols(instance: CrosswordInstance, true_names: Iterable[VarName]) -> Fill:
    """The fill of a model in the engines' symbols (one character a cell)."""
    grid = [["0" if instance.allowed(r, c) is None else "" for c in range(len(row))]
            for r, row in enumerate(instance.grid)]
    for name in cast(Iterable[LetterName], true_names):  # auxiliaries are tuples too
        if name[0] == "c":
            grid[name[1] - 1][name[2] - 1] = name[3]
    for r, row in enumerate(grid):
        if "" in row:
            raise InputError(f"the model gives no letter to cell row {r + 1}, "
                             f"column {row.index('') + 1}")
    return tuple("".join(row) for row in grid)


# ---------------------------------------------------------------- output


def render_text(instance: CrosswordInstance, solution: Fill) -> str:
    """The grid with letters in white cells and 0 in black cells, as in the seed."""
    return "\n".join(solution)


def render_json(instance: CrosswordInstance, solution: Fill) -> list[str]:
    return list(solution)


def from_json(instance: CrosswordInstance, data: object, path: str) -> Fill:
    if not (isinstance(data, list) and all(isinstance(row, str) for row in data)):
        raise InputError("a crossword solution in JSON is a list of row strings", path)
    return tuple(data)


def fill_cells(row: str) -> list[str]:
    """The cells of a fill's row: a letter, `0`, or a rebus cell's string (`(heart)`)."""
    if "(" not in row:
        return list(row)
    return [match.group(1) or match.group(0) for match in _FILL_CELL.finditer(row)]


def parse_solutions(instance: CrosswordInstance, text: str, path: str) -> list[Fill]:
    """Grids of letters and 0, one after another, separated by blank lines; a rebus cell is
    written `(heart)`."""
    grids, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            grids.append(tuple(current))
            current = []
    if not grids:
        raise InputError("empty solution file, expected a filled grid", path, 1, 1)
    return grids


def to_puz(instance: CrosswordInstance) -> str:
    """The instance in the language, with the words that fit some slot inline (a barred grid
    is refused: the language has no bars, and a grid without them has other entries)."""
    refuse_bars(instance, "satpuzzle's language")
    lengths = {len(slot) for slot in slots(instance)}
    words = list(instance.words)
    if instance.scores is not None:  # `word;score` tokens
        words = [f"{w};{s}" for w, s in zip(words, instance.scores)]
    # when no word fits, all are kept: an empty list would not read back; a word crossing a
    # rebus cell is longer than its slot
    fits = ((lambda w: len(w) >= min(lengths, default=0)) if instance.symbols or IMPLIED in
            set().union(*instance.grid) else (lambda w: len(w) in lengths))
    words = [e for w, e in zip(instance.words, words) if fits(w)] or words
    title = f' "{instance.title}"' if instance.title else ""
    lines = [f"crossword{title} {{"]
    if instance.distinct:
        lines.append("  distinct: yes")
    if instance.rebus:
        lines.append("  rebus: " + " ".join(instance.rebus))
    lines.append("  words {")
    lines += ["    " + " ".join(words[i:i + 12]) for i in range(0, len(words), 12)]
    lines += ["  }", "  grid {", *("    " + "".join(row) for row in instance.grid), "  }", "}"]
    return "\n".join(lines) + "\n"


def refuse_bars(instance: CrosswordInstance, where: str) -> None:
    """InputError when `instance` has bars and is to be written where bars cannot be."""
    if instance.bars:
        raise InputError(f"a barred grid cannot be written in {where}, which has no bars "
                         "(its entries would run across them): write it as ipuz")


# ---------------------------------------------------------------- forced cells


def forced_text(instance: CrosswordInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the grid as a solution prints it, with the forced letter
    of each white cell, `?` where the letter is open, 0 for black cells."""
    letter = {(name[1], name[2]): name[3] for name, value in forced.items()
              if value and name[0] == "c"}
    return [*instance.shown(tuple("".join("0" if instance.allowed(r, c) is None else str(letter.get((r + 1, c + 1), "?"))
                    for c in range(len(row)))
            for r, row in enumerate(instance.grid)))]
