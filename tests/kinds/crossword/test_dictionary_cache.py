"""The normalised cache of the built-in word lists (satpuzzle/kinds/crossword/dictionaries.py):
the same words as normalising the source, read back on the second load, rebuilt when stale,
corrupt or not the user's own, and never a reason for a run to fail."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from satpuzzle import usercache
from satpuzzle.kinds.crossword import dictionaries
from satpuzzle.kinds.crossword.wordlists import normalize_words

ENTRIES = ["Été", "ete", "Chat", "chat", "œuvre", "l'eau", "", "  Zèbre ", "co-op", "naïf"]


@pytest.fixture
def source(tmp_path, monkeypatch) -> Path:
    """A small stand-in for the French source file, and a cache directory of the test's
    own; the counters start at zero."""
    path = tmp_path / "source.txt"
    path.write_text("\n".join(ENTRIES) + "\n", encoding="utf-8")
    monkeypatch.setattr(dictionaries, "_source_path", lambda name: path)
    monkeypatch.setenv(dictionaries.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(dictionaries, "STATS", dictionaries.CacheStats())
    return path


def _load() -> dictionaries.WordList:
    return dictionaries.builtin_words("fr", normalize_words)


def _expected(entries: list[str]) -> dictionaries.WordList:
    words, dropped = normalize_words(entries)
    return dictionaries.WordList(words, dropped,
                                 sum(1 for e in entries if e.strip()) - dropped - len(words))


def _cache_file() -> Path:
    return dictionaries.cache_dir() / "words-fr.txt"


def test_second_load_reads_the_cache(source):
    first = _load()
    assert first == _expected(ENTRIES)
    assert first.words == ("ete", "chat", "oeuvre", "zebre", "naif") and first.dropped == 2
    assert (dictionaries.STATS.builds, dictionaries.STATS.writes) == (1, 1)
    written = _cache_file().stat()
    assert stat.S_IMODE(written.st_mode) & 0o077 == 0  # private: mkstemp's 0600
    assert stat.S_IMODE(_cache_file().parent.stat().st_mode) & 0o022 == 0
    assert _load() == first
    assert (dictionaries.STATS.hits, dictionaries.STATS.builds) == (1, 1)
    assert _cache_file().stat().st_mtime_ns == written.st_mtime_ns  # read, not rewritten


def test_cache_location_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv(dictionaries.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert dictionaries.cache_dir() == tmp_path / "xdg" / "satpuzzle"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert dictionaries.cache_dir() == tmp_path / "home" / ".cache" / "satpuzzle"
    monkeypatch.setenv(dictionaries.CACHE_ENV, str(tmp_path / "mine"))
    assert dictionaries.cache_dir() == tmp_path / "mine"


def _rewrite_body(data: bytes, body: bytes) -> bytes:
    """A cache file with another body and a header that matches it (what a forger writes)."""
    import hashlib
    import json

    first = data.index(b"\n")
    second = data.index(b"\n", first + 1)
    header = json.loads(data[first + 1:second])
    header["sha256"] = hashlib.sha256(body).hexdigest()
    header["words"] = body.count(b"\n")
    return data[:first + 1] + json.dumps(header).encode() + b"\n" + body


CORRUPTIONS = {
    "empty": lambda data: b"",
    "binary": lambda data: bytes(range(256)) * 10,
    "truncated": lambda data: data[:-4],
    "flipped byte": lambda data: data[:-3] + b"x" + data[-2:],
    "other format": lambda data: data.replace(dictionaries.CACHE_FORMAT.encode(),
                                              b"satpuzzle word list cache 9", 1),
    "bad json": lambda data: data.replace(b'{"key"', b'{"key', 1),
    "counts": lambda data: data.replace(b'"dropped": 2', b'"dropped": -2', 1),
    "not letters": lambda data: _rewrite_body(data, b"ete\nch\xc3\xa2t\nrm -rf\n"),
    "duplicates": lambda data: _rewrite_body(data, b"ete\nete\n"),
    "empty line": lambda data: _rewrite_body(data, b"ete\n\nchat\n"),
    "no words": lambda data: _rewrite_body(data, b""),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_corrupt_cache_is_ignored_and_rebuilt(source, name):
    expected = _load()
    _cache_file().write_bytes(CORRUPTIONS[name](_cache_file().read_bytes()))
    assert _load() == expected  # no traceback, the right words
    assert dictionaries.STATS.rejected == 1 and dictionaries.STATS.builds == 2
    assert _load() == expected and dictionaries.STATS.hits == 1  # rebuilt: valid again


def test_a_cache_not_the_users_own_is_not_read(source, tmp_path):
    expected = _load()
    os.chmod(_cache_file(), 0o666)  # others could have written it
    assert _load() == expected and dictionaries.STATS.builds == 2
    other = tmp_path / "elsewhere.txt"
    other.write_bytes(_cache_file().read_bytes())
    _cache_file().unlink()
    _cache_file().symlink_to(other)  # a link is not followed
    assert _load() == expected and dictionaries.STATS.hits == 0
    _cache_file().unlink()
    os.mkfifo(_cache_file())  # a FIFO is not waited on
    assert _load() == expected and dictionaries.STATS.hits == 0


def test_an_oversized_cache_is_not_read(source, monkeypatch):
    expected = _load()
    monkeypatch.setattr(dictionaries, "MAX_CACHE_BYTES", 16)
    assert _load() == expected and dictionaries.STATS.hits == 0


@pytest.mark.parametrize("how", ["under a file", "full disk", "shared directory"])
def test_an_unusable_cache_directory_means_no_cache(source, monkeypatch, tmp_path, how):
    if how == "under a file":  # cannot be created, whoever runs the test (root included)
        (tmp_path / "plain").write_text("")
        monkeypatch.setenv(dictionaries.CACHE_ENV, str(tmp_path / "plain" / "cache"))
    elif how == "full disk":
        def full(*_args, **_kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(usercache.tempfile, "mkstemp", full)
    else:  # writable by others: nothing there could be trusted
        (tmp_path / "cache").mkdir(mode=0o777)
        os.chmod(tmp_path / "cache", 0o777)
    for _ in range(2):
        assert _load() == _expected(ENTRIES)
    assert dictionaries.STATS.writes == 0 and dictionaries.STATS.hits == 0
    assert not list(tmp_path.glob("cache/.*tmp"))  # no temporary file left behind


def test_a_new_version_or_source_invalidates_the_cache(source, monkeypatch):
    before = _load()
    monkeypatch.setattr(dictionaries, "_satpuzzle_version", lambda: "99.0")
    assert _load() == before and dictionaries.STATS.builds == 2  # rebuilt for the new one
    assert _load() == before and dictionaries.STATS.hits == 1
    source.write_text("\n".join([*ENTRIES, "Nouveau"]) + "\n", encoding="utf-8")
    after = _load()
    assert after.words == (*before.words, "nouveau") and dictionaries.STATS.builds == 3


def test_another_normaliser_invalidates_the_cache(source):
    _load()
    words = dictionaries.builtin_words("fr", lambda raw: (tuple(sorted({"zz", "aa"})), 0))
    assert words.words == ("aa", "zz") and dictionaries.STATS.builds == 2


def test_the_real_english_list_is_the_same_from_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(dictionaries.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(dictionaries, "STATS", dictionaries.CacheStats())
    entries, _zipf = dictionaries.raw_entries("en")
    expected = _expected(entries)
    assert dictionaries.builtin_words("en", normalize_words) == expected
    assert dictionaries.builtin_words("en", normalize_words) == expected
    assert (dictionaries.STATS.builds, dictionaries.STATS.hits) == (1, 1)
