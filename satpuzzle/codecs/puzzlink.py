"""puzz.link / pzprjs URLs, whatever the puzzle.

A URL is `https://puzz.link/p?NAME/[FLAGS/]COLS/ROWS/BODY` (also read: `http:`, the hosts
pzv.jp `p.html?` and pzprxs.vercel.app, any other host with the same query, and a trailing `/`).
URLs are read as people share them, as pzprjs reads them: without a scheme (`puzz.link/p?...`),
with a scheme and host in any case, editor and player links (`NAME_edit`, `NAME_play`) and
`NAME=VALUE&` parameters before the puzzle (`?type=player&NAME/...`).
Each kind that puzz.link draws gives a `UrlCodec` (satpuzzle/kinds/<kind>/codecs.py) naming
its puzzle and reading and writing its BODY; FLAGS, which these puzzles do not use, are
ignored. Bodies list the cells row by row in pzprjs's "number16" encoding:
    0..9 a..f   a number 0..15           -XX   16..255 (two hex digits)
    +XXX        256..4095                =XXX  4096 + XXX      %XXX  8192 + XXX
    *XXXX       12240 + XXXX             $XXXXX 77776 + XXXXX  (at most 1126351)
    g..z        1..20 empty cells        .     a clue whose number is unknown ("?")
`known_clues` refuses clues with unknown numbers, for kinds where they have no meaning; a kind
that gives them one (a Shikaku rectangle or a Hashi island of any size) reads the body with
`decode_number16` and writes UNKNOWN back as `.`. A body that covers more or fewer cells than
the grid is refused (pzprjs would quietly ignore or pad it). Writing pads the hex digits of the
`=`, `%`, `*` and `$` forms to their full width, which pzprjs's own encoder forgets for small
offsets (its decoder always reads the full width).
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from satpuzzle.codecs import prefixes
from satpuzzle.codecs.lines import MAX_DIGITS, BadEntry, or_list, quoted
from satpuzzle.instances import Instance, InstanceT

CANONICAL = "https://puzz.link/p?"
# with a scheme any host; without one, a host that reads as a domain (`puzz.link`, `pzv.jp`)
_HOST = r"(?:https?://[^/?#\s]+|(?:[a-z0-9-]+\.)+[a-z]{2,}(?::[0-9]+)?)"
URL = re.compile(_HOST + r"(?:/[^?#\s]*)?\?([^#\s]*)(?:#\S*)?", re.IGNORECASE)
_URL_START = re.compile(_HOST + r"(?:/[^?#\s]*)?\?", re.IGNORECASE)
# pzprjs skips `NAME=VALUE&` parameters before the puzzle (`?type=player&sudoku/...`) and reads
# `PID_edit` and `PID_play` as the puzzle PID opened in its editor or player
_PARAMETERS = re.compile(r"(?:\w+=\w*&)*")
_MODE = re.compile(r"_(?:edit|play)$")
HEX = "0123456789abcdef"
# (prefix, hex digits that follow, value added, first value after its range), smallest first
NUMBER_FORMS = (("", 1, 0, 16), ("-", 2, 0, 256), ("+", 3, 0, 4096), ("=", 3, 4096, 8192),
                ("%", 3, 8192, 12240), ("*", 4, 12240, 77776), ("$", 5, 77776, 77776 + 0x100000))
WIDE_NUMBERS = {prefix: (width, offset) for prefix, width, offset, _ in NUMBER_FORMS if prefix}
MAX_NUMBER = NUMBER_FORMS[-1][3] - 1
_WIDEST = 1 + max(width for _, width, _, _ in NUMBER_FORMS)  # characters of one cell at most
UNKNOWN = -2  # the body's "." clue
MAX_RUN = 20  # g..z

Cells = tuple[int, int, list[int | None]]  # columns, rows, values in reading order (None empty)


@dataclass(frozen=True)
class UrlCodec(Generic[InstanceT]):
    """A puzzle puzz.link draws, as a kind's codec.

    `names`: the puzzle's names in URLs, the first written, the others read too;
    `read(cols, rows, body, body_at)` the instance of a URL (`body_at` the body's index in
    the line, for BadEntry); `write(instance)` its columns, rows and cells, a BadEntry when a
    URL cannot express it. A puzzle whose body is no number16 list (Kakuro) gives
    `write_body(instance)` instead: its columns, rows and body text."""

    names: tuple[str, ...]
    read: Callable[[int, int, str, int], InstanceT]
    write: Callable[[InstanceT], Cells] | None = None
    write_body: Callable[[InstanceT], tuple[int, int, str]] | None = None


def looks_like(argument: str) -> bool:
    """Whether a command-line argument is a URL: http:// or https:// in any case, blanks
    around it allowed (see `looks_like_bare` for one without a scheme)."""
    return prefixes.is_url(argument)


def looks_like_bare(argument: str) -> bool:
    """Whether an argument is a URL without its scheme (`puzz.link/p?sudoku/...`): a host
    that reads as a domain, then `?`. (A file of that name is the caller's to prefer.)"""
    return _URL_START.match(argument.strip()) is not None


# ---------------------------------------------------------------- number16


def decode_number16(body: str, at: int, cells: int, label: str) -> tuple[list[int | None],
                                                                       list[int]]:
    """The `cells` values of a number16 body (None empty, UNKNOWN for `.`) and, for each, the
    column index of the character that gave it; `at` is the body's index in its line, `label`
    starts messages ("url NAME")."""
    values: list[int | None] = []
    columns: list[int] = []
    if len(body) > _WIDEST * (cells + 1):  # each cell takes at most that many characters
        raise BadEntry(f"{label}: body of {len(body)} characters holds more than {cells + 1} "
                       f"cells, expected {cells}", at)
    count = 0  # cells described; only the first cells + 1 are kept (a long body stays cheap)
    i = 0
    while i < len(body):
        char, start = body[i], i
        token: list[int | None]
        if char in HEX:
            token, i = [int(char, 16)], i + 1
        elif char in WIDE_NUMBERS:
            width, offset = WIDE_NUMBERS[char]
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or any(d not in HEX + "ABCDEF" for d in digits):
                raise BadEntry(f"{label}: expected {width} hex digits after {char!r} in the body, "
                               f"found {digits!r}", at + i)
            token, i = [int(digits, 16) + offset], i + 1 + width
        elif char == ".":
            token, i = [UNKNOWN], i + 1
        elif "g" <= char <= "z":
            run = int(char, 36) - 15
            token, i = [None] * min(run, cells + 1 - len(values)), i + 1
            count += run - len(token)
        else:
            raise BadEntry(f"{label}: unexpected character {char!r} in the body: expected 0..9 "
                           "a..f, - + = % * $ numbers, g..z (runs of empty cells) or '.'", at + i)
        count += len(token)
        if len(values) <= cells:
            values += token
            columns += [at + start] * len(token)
    if count != cells:
        raise BadEntry(f"{label}: body has {count} cells, expected {cells}", at)
    return values, columns


def _number16(value: int) -> str:
    for prefix, width, offset, limit in NUMBER_FORMS:
        if offset <= value < limit:
            return f"{prefix}{value - offset:0{width}x}"
    raise BadEntry(f"url: number {value} is too large for a puzz.link URL (at most "
                   f"{MAX_NUMBER})")


def encode_number16(values: Iterable[int | None]) -> str:
    """Values (None empty, UNKNOWN a `.`) as pzprjs writes them: runs of 1..20 empty cells
    as g..z."""
    out: list[str] = []
    run = 0
    for value in values:
        if value is None:
            run += 1
            if run == MAX_RUN:
                out.append(_run(run))
                run = 0
            continue
        if run:
            out.append(_run(run))
            run = 0
        out.append("." if value == UNKNOWN else _number16(value))
    if run:
        out.append(_run(run))
    return "".join(out)


def _run(count: int) -> str:
    return chr(ord("g") + count - 1)


def known_clues(label: str, body: str, at: int, cols: int, rows: int,
                largest: int) -> list[int]:
    """The clues of a body, 0 for an empty cell; clues of unknown number ('.'), 0 and above
    `largest` are refused."""
    values, columns = decode_number16(body, at, cols * rows, f"{label} {cols}x{rows}")
    for value, column in zip(values, columns):
        if value == UNKNOWN:
            raise BadEntry(f"{label}: a clue with an unknown number ('.', shown '?') has no "
                           "meaning for satpuzzle", column)
        if value is not None and not 1 <= value <= largest:
            raise BadEntry(f"{label}: clue {value} out of range: expected 1..{largest}", column)
    return [value or 0 for value in values]


def url_box(size: int) -> tuple[int, int] | None:
    """The boxes pzprjs draws in an N×N grid of boxes: square ones for N a square, 2×3 for 6
    (None: it draws none)."""
    if size == 6:
        return 2, 3
    side = math.isqrt(size)
    return (side, side) if side * side == size else None


# ---------------------------------------------------------------- URLs


def read_url(text: str, codecs: Sequence[UrlCodec], example: str) -> Instance:
    """The instance of one URL, its puzzle one of `codecs` by one of its names; `example`
    is a URL shown when this one is malformed."""
    by_name = {name: codec for codec in codecs for name in codec.names}
    match = URL.fullmatch(text)
    if not match:
        raise BadEntry(f"url: expected a puzz.link URL like {example}, found {quoted(text)}", 0)
    query, at = match.group(1), match.start(1)
    parameters = _PARAMETERS.match(query)
    assert parameters is not None  # `*`: it matches everywhere, if only the empty string
    skipped = parameters.end()
    query, at = query[skipped:], at + skipped
    query, extra = _split_parameters(query)
    if extra:  # a tracker's `&utm_source=...` after the puzzle, which no body holds
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        print(f"satpuzzle: note: ignored the URL's parameter{'s' if len(extra) > 1 else ''} "
              f"{', '.join(extra[:5])}{more}", file=sys.stderr)
    parts = query.split("/")
    codec = by_name.get(_MODE.sub("", parts[0].lower()))
    if codec is None:
        aliases = [name for codec in codecs for name in codec.names[1:]]
        also = f" ({', '.join(aliases)})" if aliases else ""
        raise BadEntry(f"url: puzzle {quoted(parts[0])} is not supported: expected "
                       f"{or_list([codec.names[0] for codec in codecs])}{also}", at)
    fields, offsets = parts[1:], _offsets(parts, at)[1:]
    if fields and not fields[0].isdigit():
        fields, offsets = fields[1:], offsets[1:]  # flags: none matter to these puzzles
    if len(fields) < 2 or not all(f.isascii() and f.isdigit() and 0 < len(f) <= MAX_DIGITS
                                  and int(f) > 0 for f in fields[:2]):
        raise BadEntry(f"url: expected {parts[0]}/COLS/ROWS/BODY with positive COLS and ROWS, "
                       f"found {quoted(query)}", at)
    cols, rows = int(fields[0]), int(fields[1])
    body_parts = fields[2:]
    if body_parts and not body_parts[-1]:
        body_parts.pop()  # pzprjs ends a URL with '/' when its body ends in a symbol
    body = "/".join(body_parts)
    body_at = offsets[2] if len(offsets) > 2 else len(text)
    return codec.read(cols, rows, body, body_at)


def _split_parameters(query: str) -> tuple[str, list[str]]:
    """The puzzle's part of a query, and the names of the `&NAME=VALUE` (or `?NAME=VALUE`)
    parameters a link picked up after it, such as a tracker's `utm_source`: a body is made
    of number16 characters, never `&` or `?`."""
    cut = min((i for i in (query.find("&"), query.find("?")) if i >= 0), default=len(query))
    names = [part.split("=", 1)[0] for part in re.split(r"[&?]", query[cut:]) if part]
    return query[:cut], [quoted(name) for name in names]


def _offsets(parts: Sequence[str], start: int) -> list[int]:
    offsets = []
    for part in parts:
        offsets.append(start)
        start += len(part) + 1
    return offsets


def write_url(codec: UrlCodec[InstanceT], instance: InstanceT) -> str:
    """The canonical `https://puzz.link/p?NAME/COLS/ROWS/BODY`; a BadEntry when a URL cannot
    express the instance."""
    if codec.write_body is not None:
        cols, rows, body = codec.write_body(instance)
    else:
        assert codec.write is not None  # a codec writes its body or its cells
        cols, rows, values = codec.write(instance)
        body = encode_number16(values)
    url = f"{CANONICAL}{codec.names[0]}/{cols}/{rows}/{body}"
    return url if url[-1].isalnum() else url + "/"  # as pzprjs ends URLs
