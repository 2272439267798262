"""Crossword word lists: entries normalised to lowercase a-z, scores read from `word;score`
lines, and lists read from a file or a built-in dictionary (satpuzzle.kinds.crossword.
dictionaries), with a one-line summary of what was kept.
"""

from __future__ import annotations

import os
import re
import string
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import replace

from satpuzzle.errors import InputError
from satpuzzle.grammar import Token
from satpuzzle.instances import Options
from satpuzzle.kinds.crossword import dictionaries
from satpuzzle.kinds.crossword.dictionaries import WordList
from satpuzzle.kinds.crossword.model import MAX_SCORE
from satpuzzle.textio import read_bytes, unpack_gzip

_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}
# a scored list's entries are crossword answers: grids spell NEW YORK, AT&T, O'HARE without
# their spaces and punctuation
_ANSWER_SPACING = str.maketrans("", "", string.whitespace + string.punctuation + "’‘·")
INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]*)?")  # a score field, whole or not
DEFAULT_SCORE = 50  # a plain word in a scored list: the usual "fine" mark of 0-100 lists
DROPPED_SHOWN = 3  # entries dropped for other characters quoted in the summary line


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
    if not INTEGER.fullmatch(text) or len(text) > 8:  # 8 characters hold ±MAX_SCORE
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


def dictionary_from_options(options: Options) -> WordList:
    """The word list of --dict, as --min-zipf, --min-score and --best say (for every reader
    of grids given with --dict: native grids, constructors' files)."""
    best = bool(options.get("best"))
    listed = read_word_list(options["dict"], None, options.get("min_zipf"),
                            options.get("min_score"), best)
    if best and listed.scores is None:
        raise InputError(f"--best needs word scores, and no line of {options['dict']!r} has "
                         "one (word;score or word score)", options["dict"])
    return listed
