"""Reading input text safely and writing output files atomically."""

from __future__ import annotations

import io
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

from satpuzzle.errors import InputError

if TYPE_CHECKING:
    from pathlib import Path

# pathlib, tempfile and gzip are imported where used: `satpuzzle --help` reads and writes
# nothing, and they were a sixth of its start-up

# Refuse absurdly large inputs before reading them into memory (--max-input-bytes changes it).
MAX_INPUT_BYTES = 512 * 1024 * 1024
_LIMIT: ContextVar[int] = ContextVar("max_input_bytes", default=MAX_INPUT_BYTES)
# Directories that a file reference inside a puzzle may reach besides its own (--allow-path).
_ALLOWED: ContextVar[tuple[Path, ...]] = ContextVar("allowed_paths", default=())


@contextmanager
def reading_limits(max_bytes: int | None = None,
                   allowed: Iterable[str | os.PathLike[str]] = ()) -> Iterator[None]:
    """Within the body: reads stop at `max_bytes` (None: the default), and references inside
    puzzles may also reach the `allowed` directories."""
    from pathlib import Path

    limit = _LIMIT.set(max_bytes or MAX_INPUT_BYTES)
    paths = _ALLOWED.set(tuple(Path(os.path.realpath(p)) for p in allowed))
    try:
        yield
    finally:
        _LIMIT.reset(limit)
        _ALLOWED.reset(paths)


# `-` given as a file name means standard input (a str only: a reference inside a puzzle is a
# Path, and `file "-"` there names a file); errors name it STDIN_NAME.
STDIN = "-"
STDIN_NAME = "<stdin>"
# What standard input held, once read: a command may read its FILE twice (`decode -`).
_STDIN_READ: ContextVar[tuple[object, bytes] | None] = ContextVar("stdin_read", default=None)


def is_stdin(path: object) -> bool:
    return isinstance(path, str) and path == STDIN


def shown(path: str | os.PathLike[str]) -> str:
    """How a file name given on the command line is shown in messages (`-`: <stdin>)."""
    return STDIN_NAME if is_stdin(path) else str(path)


def read_text(path: str | os.PathLike[str], display: str | None = None) -> str:
    """The UTF-8 text of `path` (`-`: standard input); every failure becomes an InputError
    naming the file."""
    name = display or shown(path)
    data = read_stdin(name) if is_stdin(path) else read_bytes(path, name)
    return decode_bytes(data, name)


READ_CHUNK = 1 << 20


def read_at_most(stream: Any, most: int) -> Any:
    """Up to `most` bytes (or characters, from a text stream) of a stream, a chunk at a
    time: read(most) allocates `most` bytes before reading one, which under an
    address-space limit (ulimit -v) is a MemoryError even for a small file. Bytes gather in
    one growing buffer (BytesIO hands it over without a copy), so a large read peaks near
    its own size."""
    texts: list[str] = []
    data = io.BytesIO()
    left = most
    while left > 0 and (part := stream.read(min(left, READ_CHUNK))):
        if isinstance(part, str):
            texts.append(part)
        else:
            data.write(part)
        left -= len(part)
    return "".join(texts) if texts else data.getvalue()


def read_stdin(name: str = STDIN_NAME) -> bytes:
    """The bytes of standard input, at most the input limit, read once per stream: a second
    read of `-` gives the same bytes."""
    if sys.stdin is None:
        raise InputError("standard input is closed", name)
    stream = getattr(sys.stdin, "buffer", sys.stdin)  # a text stream in place of it: its text
    cached = _STDIN_READ.get()
    if cached is not None and cached[0] is stream:
        return cached[1]
    limit = _LIMIT.get()
    try:
        data = read_at_most(stream, limit + 1)
    except (OSError, ValueError) as exc:  # ValueError: closed
        raise InputError(f"cannot read: {getattr(exc, 'strerror', None) or exc}", name) from None
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    if len(data) > limit:
        raise InputError(f"standard input holds more than {limit} bytes; at most {limit} "
                         "accepted (--max-input-bytes)", name)
    _STDIN_READ.set((stream, data))
    return data


def read_bytes(path: str | os.PathLike[str], name: str) -> bytes:
    """The bytes of a regular file, at most the input limit: a device, a FIFO or a socket is
    refused before anything is read (its size says nothing; /dev/zero never ends)."""
    limit = _LIMIT.get()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO with no writer: no wait
    except IsADirectoryError:
        raise InputError("is a directory, expected a file", name) from None
    except FileNotFoundError:
        raise InputError("no such file", name) from None
    except PermissionError:
        raise InputError("permission denied", name) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    status = os.fstat(fd)
    if not stat.S_ISREG(status.st_mode):
        os.close(fd)
        if stat.S_ISDIR(status.st_mode):
            raise InputError("is a directory, expected a file", name)
        raise InputError("not a regular file (a device, a FIFO or a socket): satpuzzle "
                         "reads only regular files", name)
    with os.fdopen(fd, "rb") as handle:
        if status.st_size > limit:
            raise InputError(f"file is {status.st_size} bytes; at most {limit} accepted "
                             "(--max-input-bytes)", name)
        try:
            data = read_at_most(handle, limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", name) from None
    if len(data) > limit:
        raise InputError(f"file grew past {limit} bytes while read (--max-input-bytes)", name)
    return data


# Across Lite's binary puzzle: a 2-byte checksum, then this signature (crossword acrosslite.py)
ACROSS_LITE_MAGIC = b"ACROSS&DOWN\x00"
# some sites put a short preamble (the file's name) before the puzzle, as puzpy allows
ACROSS_LITE_PREAMBLE = 256


def is_across_lite(data: bytes) -> bool:
    """Whether `data` is an Across Lite binary puzzle, told by its signature at byte 2 or after
    a short preamble (never by its name: a `.puz` of text is satpuzzle's own language)."""
    return data.find(ACROSS_LITE_MAGIC, 2, ACROSS_LITE_PREAMBLE + 2 + len(ACROSS_LITE_MAGIC)) >= 2


def read_input(path: str | os.PathLike[str], display: str | None = None) -> str | bytes:
    """The UTF-8 text of `path` (`-`: standard input), or its bytes when they are a binary
    format satpuzzle reads (an Across Lite puzzle, a zip archive); every failure an InputError
    naming the file."""
    name = display or shown(path)
    data = read_stdin(name) if is_stdin(path) else read_bytes(path, name)
    if is_across_lite(data) or data.startswith((ZIP_MAGIC, *IMAGE_MAGICS)):
        return data
    return decode_bytes(data, name)


ZIP_MAGIC = b"PK\x03\x04"  # a zip archive's first entry (a zipped .jpz)
# pictures of jigsaw pieces (satpuzzle.kinds.jigsaw.outlines): PNG, JPEG
IMAGE_MAGICS = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")


def input_limit() -> int:
    """The most bytes a read may take, unpacked (--max-input-bytes)."""
    return _LIMIT.get()


def unpack_gzip(data: bytes, name: str) -> bytes:
    """`data` itself, or unpacked when it is gzip, streamed so that the unpacked size stops
    at the input limit (a small file may unpack to gigabytes)."""
    if data[:2] != b"\x1f\x8b":
        return data
    import gzip
    import zlib

    limit = _LIMIT.get()
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
            unpacked = read_at_most(packed, limit + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(f"corrupt gzip data: {getattr(exc, 'strerror', None) or exc}",
                         name) from None
    if len(unpacked) > limit:
        raise InputError(f"unpacks to more than {limit} bytes (--max-input-bytes)", name)
    return unpacked


def confined(reference: str, base_dir: Path) -> Path:
    """The file a reference inside a puzzle names: relative to the puzzle's directory, and
    refused when it leaves that directory (links followed) for one not allowed by
    --allow-path. The message names the reference, never the content of what it points to."""
    from pathlib import Path

    path = base_dir / reference
    real = Path(os.path.realpath(path))
    for root in (Path(os.path.realpath(base_dir)), *_ALLOWED.get()):
        if real == root or root in real.parents:
            return path
    raise InputError(f"{reference!r} is outside the puzzle's directory; give --allow-path DIR "
                     "to let puzzles read from DIR")


def decode_bytes(data: bytes, name: str) -> str:
    """Decode UTF-8 (a BOM is allowed); binary data is an error at its first bad byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    bad = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = exc.start if bad < 0 else min(bad, exc.start)
    if bad >= 0:
        line, column = line_column(data, bad)
        raise InputError("binary data, expected UTF-8 text", name, line, column)
    check_number_lengths(text, name)
    return text


def check_number_lengths(text: str, name: str) -> None:
    """Refuse a run of digits longer than Python's int() converts (sys.get_int_max_str_digits,
    4300 by default, a guard against quadratic time): no puzzle needs such a number, and
    refusing it here, where it stands, spares every reader a ValueError deep inside."""
    limit = sys.get_int_max_str_digits()
    if not limit or len(text) <= limit:
        return
    start = _long_digit_run(text, limit)
    if start is not None:
        digits = _DIGITS.match(text, start)
        length = len(digits.group()) if digits else limit + 1
        line, column = line_column(text, start)
        raise InputError(f"number of {length} digits is too long (at most {limit})",
                         name, line, column)


_DIGITS = re.compile(r"\d+")
_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")


def _long_digit_run(text: str, limit: int) -> int | None:
    """Where the first run of more than `limit` digits starts, or None."""
    if text.isascii():  # the usual case, in C speed: digits become 0, then a substring search
        found = text.encode("ascii").translate(_DIGITS_TO_ZERO).find(b"0" * (limit + 1))
        return found if found >= 0 else None
    # int() reads every Unicode decimal digit, as \d matches them; the look-behind tries
    # only the start of each run: linear time
    match = re.search(rf"(?<!\d)\d{{{limit + 1}}}", text)
    return match.start() if match else None


def line_column(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset` in `data`."""
    if isinstance(data, bytes):  # the same count and search, on bytes
        return data.count(b"\n", 0, offset) + 1, offset - data.rfind(b"\n", 0, offset)
    return data.count("\n", 0, offset) + 1, offset - data.rfind("\n", 0, offset)


def write_files(directory: str | os.PathLike[str],
                files: Iterable[tuple[str, str | bytes]]) -> list[Path]:
    """Each (name, content) of `files` written whole (write_atomic) into `directory`, made if
    missing; a directory that cannot be made is one InputError naming it."""
    from pathlib import Path

    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot make the directory: {exc.strerror or exc}",
                         str(directory)) from None
    paths = []
    for name, content in files:
        write_atomic(folder / name, content)
        paths.append(folder / name)
    return paths


def write_atomic(path: str | os.PathLike[str], text: str | bytes,
                 inputs: Iterable[str | os.PathLike[str]] = (), force: bool = False) -> None:
    """Write `text` to a temporary file beside `path`, then rename it into place. Only a
    regular file is ever replaced (a device, a FIFO or a directory is refused), never one of
    `inputs`, and a read-only one only with `force`; the new file keeps the mode of the one
    it replaces (else the umask's). A symbolic link is followed: its target is replaced."""
    import tempfile
    from pathlib import Path

    target = Path(os.path.realpath(path))
    mode = _replaceable_mode(target, str(path), inputs, force)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", str(path)) from None
    try:
        if isinstance(text, bytes):  # a binary format (an Across Lite puzzle)
            with os.fdopen(fd, "wb") as handle:
                handle.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(f"cannot write: {exc.strerror or exc}", str(path)) from None
        raise


def _replaceable_mode(target: Path, shown: str, inputs: Iterable[str | os.PathLike[str]],
                      force: bool) -> int:
    """The mode the written file gets; an InputError when `target` must not be replaced.
    The name as given is looked up (`shown`, links followed): /dev/stdout names a pipe or a
    terminal that its resolved path, /proc/PID/fd/pipe:[N], does not."""
    try:
        status = os.stat(shown)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror or exc}", shown) from None
    if not stat.S_ISREG(status.st_mode):
        raise InputError("not a regular file: satpuzzle replaces only regular files "
                         "(write the output elsewhere)", shown)
    for source in inputs:
        try:
            same = os.path.samefile(source, target)
        except OSError:
            continue
        if same:
            raise InputError("this is an input of the command: write the output elsewhere",
                             shown)
    if not status.st_mode & 0o222 and not force:
        raise InputError("the file is read-only: give --force to replace it", shown)
    return stat.S_IMODE(status.st_mode)


def shorten(source: str, width: int = 60) -> str:
    """A long game ID or URL cut for error messages."""
    return source if len(source) <= width else source[:width - 3] + "..."


# C0 and C1 controls, and the bidirectional overrides that make a line display in another
# order than it reads (a title that shows one thing and says another)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with terminal control characters (escape sequences, carriage returns, bells)
    and bidirectional overrides shown as \\xNN or \\uNNNN, so that a title written by a
    stranger cannot drive the terminal or reorder what it shows."""
    return _CONTROL.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
