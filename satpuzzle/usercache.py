"""The user's cache directory: files satpuzzle can rebuild but would rather not (the built-in
word lists normalised, the language's parse tables), kept per user and read back only when
nobody else could have written them.

Where: $SATPUZZLE_CACHE_DIR, else $XDG_CACHE_HOME/satpuzzle (an absolute path only, as the
XDG rules say), else ~/.cache/satpuzzle. Only the last directory of that path is made, in an
existing one, and ~/.cache in an existing home directory: a home or cache base that does not
exist (HOME=/nonexistent) means no cache, never a tree of directories made. A cache file is data, never trusted: one that is not
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
    base = Path(xdg) if os.path.isabs(xdg) else _home() / ".cache"
    return base / "satpuzzle"


def _home() -> Path:
    try:
        return Path.home()
    except (RuntimeError, KeyError):  # no HOME and no password entry: a home that is not there
        return Path("/nonexistent")


def make_cache_dir(directory: Path) -> None:
    """Make `directory` (mode 0700) unless it exists: itself only, in an existing parent,
    and the default base ~/.cache with it when the home directory exists. OSError when the
    parent is missing (or the system refuses)."""
    if directory.is_dir():
        return
    base = directory.parent
    default_base = _home() / ".cache"
    if base == default_base and not os.path.lexists(base) and base.parent.is_dir():
        with contextlib.suppress(FileExistsError):  # another run made it meanwhile
            base.mkdir(mode=0o700)
    with contextlib.suppress(FileExistsError):
        directory.mkdir(mode=0o700)


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
        make_cache_dir(file.parent)
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
