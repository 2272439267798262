"""The user's cache directory: files satpuzzle can rebuild but would rather not (the built-in
word lists normalised, the language's parse tables), kept per user and read back only when
nobody else could have written them.

Where: $SATPUZZLE_CACHE_DIR, else $XDG_CACHE_HOME/satpuzzle (an absolute path only, as the
XDG rules say), else ~/.cache/satpuzzle. A cache file is data, never trusted: one that is not
the current user's own regular file, in a directory only they can write, or that is too
large, reads as absent, and the caller rebuilds it; a directory that cannot be made or
written only means no cache. Files are written under a temporary name and renamed, so a
reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

CACHE_ENV = "SATPUZZLE_CACHE_DIR"


def cache_dir() -> Path:
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "satpuzzle"


def private(status: os.stat_result) -> bool:
    """Owned by the current user and writable by no one else."""
    return status.st_uid == os.getuid() and not status.st_mode & 0o022


class Untrusted(Exception):
    """A cache file exists but is not one satpuzzle may read (foreign, shared, too large)."""


def read_private(file: Path, max_bytes: int) -> bytes | None:
    """The bytes of `file`; None when there is none to read; Untrusted when there is one
    that is not a regular file of the current user that only they can write, in a directory
    only they can write, of at most `max_bytes`."""
    try:
        if not private(os.stat(file.parent)):
            return None
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        if not (stat.S_ISREG(status.st_mode) and private(status)
                and status.st_size <= max_bytes):
            raise Untrusted(str(file))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(max_bytes + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise Untrusted(str(file))
    return data


def write_private(file: Path, data: bytes) -> bool:
    """Write `file` under a temporary name in its directory, then rename it into place;
    False (and nothing written) when the directory cannot be made or written, or others may
    write to it (a cache there could not be trusted)."""
    temporary = None
    try:
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not private(os.stat(file.parent)):
            return False
        fd, temporary = tempfile.mkstemp(prefix=f".{file.name}.", suffix=".tmp",
                                         dir=file.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, file)
        temporary = None
        return True
    except OSError:
        return False
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
