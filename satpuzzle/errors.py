"""The one error type satpuzzle shows to users: a position in a file and what was expected."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

# The command's exit statuses (docs/CLI.md): found, none, bad input or usage, gave up
# (timeout, interrupt), internal error
EXIT_FOUND, EXIT_NONE, EXIT_USAGE, EXIT_GAVE_UP, EXIT_INTERNAL = 0, 1, 2, 3, 4


class InputError(Exception):
    """Bad input or usage, reported as ``FILE:LINE:COL: error: message`` and exit status 2."""

    def __init__(
        self, message: str, path: str | None = None, line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    def at(self, path: str) -> InputError:
        """The same error, naming `path` if it named no file yet."""
        if self.path is None:
            self.path = path
        return self

    def __str__(self) -> str:
        # `-` on the command line is standard input (satpuzzle.textio.STDIN)
        where = ["<stdin>" if self.path == "-" else self.path or "satpuzzle"]
        if self.line is not None:
            where.append(str(self.line))
            if self.column is not None:
                where.append(str(self.column))
        return one_line(f"{':'.join(where)}: error: {_bounded(self.message)}")


# Every character that ends a line (for str.splitlines and for terminals) or moves the cursor,
# written as its escape: an error quotes the input, and the input is anybody's
_ESCAPES = {code: ascii(chr(code))[1:-1] for code in
            [*range(0x20), 0x7F, *range(0x80, 0xA0), 0x2028, 0x2029]}


def one_line(text: str) -> str:
    """`text` with its control characters and line separators escaped (`\\r`, `\\x1b`)."""
    return text.translate(_ESCAPES)


MAX_MESSAGE = 1000  # characters; a longer message quotes the input at length (a 10 MB word)


def _bounded(message: str) -> str:
    """`message`, its middle left out when it is longer than MAX_MESSAGE."""
    if len(message) <= MAX_MESSAGE:
        return message
    left_out = len(message) - MAX_MESSAGE + 200
    return f"{message[:MAX_MESSAGE - 300]}... ({left_out} characters left out) ..." \
           f"{message[-100:]}"


class Position:
    """A 1-based line and column in a named file, carried by parsed tokens."""

    __slots__ = ("column", "line", "path")

    def __init__(self, path: str | None, line: int | None, column: int | None) -> None:
        self.path = path
        self.line = line
        self.column = column

    def error(self, message: str) -> InputError:
        return InputError(message, self.path, self.line, self.column)

    def __repr__(self) -> str:
        return f"Position({self.path!r}, {self.line}, {self.column})"


# The one line for a memory limit reached anywhere (satpuzzle's process, a worker, a native
# solver or library): exit 3, as a timeout (docs/CLI.md, exit status)
OUT_OF_MEMORY = ("satpuzzle: out of memory: the process reached its memory limit (ulimit -v, a "
                 "container's limit); give it more memory or a smaller puzzle")


class Failure(NamedTuple):
    """How a command that raised an exception ends: its exit status and what it says on
    stderr (None: nothing, or `text` lines). A named tuple, not a dataclass: importing
    dataclasses (and the inspect module it brings) was a sixth of `satpuzzle --help`."""

    status: int
    text: str | None
    discard_output: bool = False  # standard output cannot take more: point it at /dev/null
    leave_now: bool = False  # a timeout: the process may end without freeing what it built


def _internal(exc: Any) -> Failure:
    # one line; a worker's traceback (ChildFailed.message) only when asked for
    summary = getattr(exc, "summary", str(exc))
    first, *more = summary.splitlines() or [""]
    hint = " (a bug; SATPUZZLE_DEBUG=1 shows where)" if more or summary != str(exc) else ""
    line = f"satpuzzle: internal error: {first}{hint}"
    if hasattr(exc, "summary") and os.environ.get("SATPUZZLE_DEBUG"):
        return Failure(EXIT_INTERNAL, f"{exc.message}\n{line}")
    return Failure(EXIT_INTERNAL, line)


def _system(exc: OSError) -> Failure:
    # writing the answer failed (a full disk), or the system refused
    writing = exc.errno in _WRITE_ERRORS
    what = "cannot write the output: " if writing else ""
    return Failure(EXIT_USAGE, f"satpuzzle: error: {what}{exc.strerror or exc}", writing)


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}

# What stopped a command, by its exception's class (module, class name), the first that
# matches: a class is looked up only in a module already imported, since a module the
# command never imported raised nothing. An exception that matches none is a bug.
FAILURES: tuple[tuple[str, str, Callable[[Any], Failure]], ...] = (
    (__name__, "InputError", lambda exc: Failure(EXIT_USAGE, str(exc))),
    ("satpuzzle.stages", "StageTimeout",
     lambda exc: Failure(EXIT_GAVE_UP, f"satpuzzle: {exc}", leave_now=True)),
    # the reader went away (e.g. `| head`): nothing more to say
    ("builtins", "BrokenPipeError", lambda exc: Failure(EXIT_GAVE_UP, None, True)),
    ("builtins", "MemoryError", lambda exc: Failure(EXIT_GAVE_UP, OUT_OF_MEMORY)),
    ("builtins", "OSError", _system),
    ("satpuzzle.pipeline", "CheckFailed", _internal),
    # a resource limit, like memory: gave up (before ChildFailed, of which it is one)
    ("satpuzzle.children", "CpuLimitReached",
     lambda exc: Failure(EXIT_GAVE_UP, f"satpuzzle: {exc}", leave_now=True)),
    ("satpuzzle.children", "ChildFailed", _internal),
)


def failure(exc: BaseException) -> Failure | None:
    """How a command that raised `exc` ends (FAILURES); None for a bug."""
    for module, name, how in FAILURES:
        kind = getattr(sys.modules.get(module), name, None)
        if kind is not None and isinstance(exc, kind):
            return how(exc)
    return None
