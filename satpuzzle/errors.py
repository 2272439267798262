"""The one error type satpuzzle shows to users: a position in a file and what was expected."""

from __future__ import annotations

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
