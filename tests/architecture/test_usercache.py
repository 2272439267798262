"""The user's cache (satpuzzle/usercache.py) and what uses it for start-up: the language's
parse tables are built once, read back by later processes, and never loaded from a file
someone else could have written (they are a pickle)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from satpuzzle import usercache

# parses a puzzle with a syntax error and prints the error line: the same with or without
# a cache, and proof that the parser works
PARSE = """
from pathlib import Path
from satpuzzle.errors import InputError
from satpuzzle.grammar import parser
print(len(parser.parse("sudoku {\\n  box: 2x2\\n}\\n", "a.puz", Path("."))))
try:
    parser.parse("sudoku {\\n  box: 2x2\\n", "b.puz", Path("."))
except InputError as exc:
    print(exc)
"""


def _parse_in_process(cache: Path) -> str:
    env = {**os.environ, usercache.CACHE_ENV: str(cache)}
    done = subprocess.run([sys.executable, "-c", PARSE], capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    return done.stdout


def _tables(cache: Path) -> list[Path]:
    return sorted(cache.glob("parser-*.lark"))


def test_parse_tables_are_built_once_then_read_back(tmp_path):
    cache = tmp_path / "cache"
    first = _parse_in_process(cache)
    assert first.splitlines()[0] == "1" and "b.puz:3:1: error:" in first
    (tables,) = _tables(cache)
    assert os.stat(cache).st_mode & 0o777 == 0o700
    written = tables.stat().st_mtime_ns
    assert _parse_in_process(cache) == first
    assert tables.stat().st_mtime_ns == written  # read, not built again


def _planted(cache: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The real tables file replaced by a pickle that would leave a marker file if loaded,
    behind the right key."""
    _parse_in_process(cache)
    (tables,) = _tables(cache)
    key = tables.read_bytes().split(b"\n\0\n", 1)[0] + b"\n\0\n"  # the grammar, then NUL
    marker = tmp_path / "loaded"

    class Payload:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    tables.write_bytes(key + pickle.dumps(Payload()))
    return tables, marker


@pytest.mark.parametrize("mode", [0o666, 0o620])
def test_tables_others_could_write_are_never_loaded(tmp_path, mode):
    cache = tmp_path / "cache"
    tables, marker = _planted(cache, tmp_path)
    tables.chmod(mode)
    out = _parse_in_process(cache)
    assert out.splitlines()[0] == "1"
    assert not marker.exists()
    assert tables.stat().st_mode & 0o777 == 0o600  # built again, in its place


def test_a_cache_directory_others_could_write_is_not_used(tmp_path):
    cache = tmp_path / "cache"
    _tables_file, marker = _planted(cache, tmp_path)
    cache.chmod(0o777)
    assert _parse_in_process(cache).splitlines()[0] == "1"
    assert not marker.exists()


def test_damaged_or_stale_tables_are_built_again(tmp_path):
    cache = tmp_path / "cache"
    first = _parse_in_process(cache)
    (tables,) = _tables(cache)
    key = tables.read_bytes().split(b"\n\0\n", 1)[0] + b"\n\0\n"  # the grammar, then NUL
    for content in (key + b"not a pickle", b"another key\n" + b"x" * 100, b""):
        tables.write_bytes(content)
        tables.chmod(0o600)
        assert _parse_in_process(cache) == first
        assert tables.read_bytes().startswith(key) and len(tables.read_bytes()) > 1000


def test_read_and_write_private(tmp_path):
    file = tmp_path / "c" / "x.bin"
    assert usercache.read_private(file, 10) is None  # nothing there yet
    assert usercache.write_private(file, b"data")
    assert usercache.read_private(file, 10) == b"data"
    with pytest.raises(usercache.Untrusted):
        usercache.read_private(file, 3)  # larger than allowed
    file.chmod(0o644)
    assert usercache.read_private(file, 10) == b"data"  # others may read, not write
    file.chmod(0o664)
    with pytest.raises(usercache.Untrusted):
        usercache.read_private(file, 10)
    link = tmp_path / "c" / "link.bin"
    link.symlink_to(file)
    assert usercache.read_private(link, 10) is None  # links are not followed
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")
    assert not usercache.write_private(blocked / "x.bin", b"data")
