"""A crossword in satpuzzle's language (the Kind's `puzzle`): read from its `.puz` block
(from_spec: the grid, the words or a dictionary, `distinct`, `rebus`) and written back
(to_puz). The instance itself is model.py's.
"""

from __future__ import annotations

import re
from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.kinds.crossword import (
    MAX_REBUS_LETTERS,
    MAX_REBUS_STRINGS,
    MIN_REBUS_LETTERS,
    dictionaries,
)
from satpuzzle.kinds.crossword.dictionaries import WordList
from satpuzzle.kinds.crossword.model import IMPLIED, CrosswordInstance, slots
from satpuzzle.kinds.crossword.reading import (
    GRID_LIMIT,
    parse_grid_rows,
    rebus_checked,
    require_slot,
)
from satpuzzle.kinds.crossword.wordlists import INTEGER, normalize_scored, read_word_list
from satpuzzle.textio import confined

MAX_LISTED_WORDS = 100_000  # words listed in the puzzle; a longer list goes in a dictionary file
# read before the text is parsed (satpuzzle.grammar.limits)
BLOCK_LIMITS = {"grid": GRID_LIMIT,
                "words": BlockLimit(MAX_LISTED_WORDS, MAX_LISTED_WORDS, "words")}
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def from_spec(spec: PuzzleSpec) -> CrosswordInstance:
    """`crossword { words: ... | dictionary: file "PATH"; distinct: yes; grid { ... } }`."""
    spec.check_names({"words", "dictionary", "distinct", "grid", "rebus"}, {"grid", "words"})
    rows = spec.rows("grid")
    if rows is None:
        raise spec.error("crossword needs a grid: 'grid {' then lines of 0, 1 and letters")
    where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
    grid = parse_grid_rows(rows, where)
    require_slot(grid, where)
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
    return rebus_checked(lambda: CrosswordInstance(grid, listed.words, distinct, spec.title,
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
        number = (INTEGER if name == "min-score" else _DECIMAL).fullmatch(text)
        if name not in names or name in limits or not number or len(text) > 12:
            raise token.error("expected " + " or ".join(
                f"{n}={'WHOLE NUMBER' if n == 'min-score' else 'NUMBER'}" for n in names)
                + ", each at most once")
        limits[name] = int(text) if name == "min-score" else float(text)
    return limits


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
