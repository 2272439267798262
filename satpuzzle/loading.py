"""From a file (or text) to typed instances: the .puz language, satpuzzle's own JSON, puzzle
links (URLs and game IDs, given in place of a file or in a file of them), or a kind's native
format chosen by --kind or recognised by content (janko.at text among them)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from satpuzzle.codecs import prefixes
from satpuzzle.errors import InputError
from satpuzzle.grammar import parse_specs
from satpuzzle.instances import Instance, Options
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit, Signed
from satpuzzle.lazy import Lazy
from satpuzzle.textio import STDIN, check_number_lengths, read_input, shorten, shown

# A .puz file starts (after blank and comment lines) with a kind word, an optional title and
# "{". Blanks are the grammar's (no newline inside): nested \s* around \n backtracked
# exponentially on a run of blank lines.
_LANGUAGE_START = re.compile(
    r'\A(?:[ \t\f\r]*(?:#[^\n]*)?\n)*[ \t\f]*[a-z][a-z0-9-]*[ \t\f]*("[^"\n]*"[ \t\f]*)?\{')
# satpuzzle's own JSON (`export --format json`): one puzzle object, or a list of them
_JSON_START = re.compile(r'\A\s*(?:\{\s*"|\[\s*\{)')


@dataclass
class Loaded:
    """The instances of one input and how to answer them: `one_line` inputs (many puzzles, one
    per line) get one answer line per puzzle."""

    path: str
    instances: list[Instance]
    one_line: bool = False
    sources: list[str] | None = None  # where each instance comes from (a file, FILE:LINE)
    inferred: str | None = None  # the kind the content was recognised as, when not given
    language: bool = False  # written in satpuzzle's language (not a native format)


def load_text(text: str, path: str = "<text>", kind: str | None = None,
              options: Options | None = None) -> Loaded:
    """The puzzles of a text given as such (the API's, a pasted one): its numbers' lengths
    checked first, as reading a file checks them (textio.decode_bytes)."""
    try:
        check_number_lengths(text, path)
    except InputError as error:
        raise error.at(path) from None
    return _load_checked_text(text, path, kind, options)


def _load_checked_text(text: str, path: str, kind: str | None,
                       options: Options | None) -> Loaded:
    options = options or {}
    try:
        signed = _read_signed(text, path, kind, options)  # first: its name may say .puz
        if signed:
            return signed
        if path.endswith(".puz") or _LANGUAGE_START.match(text):
            # The language names its kinds itself; --kind only says how to read native files.
            specs = parse_specs(text, path, registry.block_limits)
            return Loaded(path, [registry.build(spec) for spec in specs], language=True)
        if not text.strip():
            raise InputError("empty file, expected a puzzle", path, 1, 1)
        if _JSON_START.match(text):  # names its kinds itself, as the language does
            from satpuzzle.formats import instance_json

            return Loaded(path, instance_json.read(text, path))
        from satpuzzle.formats import links

        linked = links.read_if_links(text, path, kind)
        if linked is not None:
            instances, lines = linked
            return Loaded(path, instances, sources=[f"{path}:{line}" for line in lines])
        reading, inferred = _choose(text, path, kind, options)
        instances, one_line = reading.read()
        return Loaded(path, instances, one_line, inferred=inferred)
    except InputError as error:
        # a check deep in a reader may know what is wrong but not which file it is in
        raise error.at(path) from None


def load(path: str, kind: str | None = None, options: Options | None = None,
         literal: bool = False) -> Loaded:
    """The puzzles of a command-line FILE argument (or the API's `load`), told apart in this
    order (docs/CLI.md): `-` is standard input; an argument holding a line break is puzzle
    text; `http://`, `https://` or `sgt:` at its start makes it a link; the name of an
    existing file or directory is read as that; an argument shaped like a link (a URL without
    its scheme, `GAME:ID`, a bare game ID as the game shows it) is the link; one line that
    reads as a puzzle (an 81-character Sudoku line, a one-line .puz or JSON text) is that
    puzzle; anything else is "no such file". `literal`: `path` is a file or directory name
    whatever it looks like (the API's os.PathLike and bytes). Every failure is an InputError
    with a position."""
    if "\0" in path and "\n" not in path:  # the system would refuse it (ValueError)
        raise InputError("no such file: a file name cannot hold a NUL character",
                         shorten(path.replace("\0", "\\0")))
    if literal:
        if os.path.isdir(path):
            return load_directory(path, kind, options)
        return _load_file(Path(path), kind, options)  # as a Path, `-` is a file of that name
    if path == STDIN:
        return _load_file(path, kind, options)
    if "\n" in path:
        return load_text(path, PASTED, kind, options)
    exists = os.path.lexists(path)
    if not exists or prefixes.is_explicit_link(path):  # a file's name needs no link codecs
        from satpuzzle.formats import links

        if links.names_a_link(path, exists):
            name = shorten(path.strip())
            return Loaded(name, links.read(path, name, kind)[0])
    if os.path.isdir(path):
        return load_directory(path, kind, options)
    if not exists:
        pasted = _pasted_puzzle(path, kind, options)
        if pasted is not None:
            return pasted
    return _load_file(path, kind, options)  # "no such file" when there is none


PASTED = "<text>"  # how messages name a puzzle given as text in place of a file


def _load_file(path: str | Path, kind: str | None,
               options: Options | None) -> Loaded:
    name = "./-" if isinstance(path, Path) and str(path) == STDIN else shown(path)
    source = read_input(path, name)
    if isinstance(source, bytes):  # a binary format: an Across Lite puzzle
        return load_bytes(source, name, kind, options)
    return _load_checked_text(source, name, kind, options)  # decode_bytes checked it


def _pasted_puzzle(argument: str, kind: str | None,
                   options: Options | None) -> Loaded | None:
    """The puzzle of one line given in place of a file name that names no file: .puz or JSON
    text on one line, or a line of a kind's native format with no `/` in it (a Sudoku as
    people paste it, `53..7....6..195...`). None when it is neither, so that the caller says
    "no such file"; a native line that fits a kind but does not read says both."""
    line = argument.strip()
    if _LANGUAGE_START.match(line) or _JSON_START.match(line):
        return load_text(line + "\n", PASTED, kind, options)
    separators = {"/", os.sep, os.altsep or "/"}
    if not line or any(separator in line for separator in separators):
        return None
    names = registry.NAMES if kind is None else (registry.kind(kind).name,)
    if all(reading.fit == Fit.NO
           for reading in _readings(line, PASTED, options or {}, names).values()):
        return None
    try:
        return load_text(line + "\n", PASTED, kind, options)
    except InputError as error:
        at = f" at column {error.column}" if error.column is not None else ""
        raise InputError(f"no such file, nor a one-line puzzle: {error.message}{at}",
                         shorten(line)) from None


def load_bytes(data: bytes, path: str = "<bytes>", kind: str | None = None,
               options: Options | None = None) -> Loaded:
    """A binary file satpuzzle reads: an Across Lite puzzle, told by its signature."""
    try:
        loaded = _read_signed(data, path, kind, options or {})
        if loaded is None:
            raise InputError("binary data, expected UTF-8 text, an Across Lite puzzle or a "
                             "zipped .jpz", path)
        return loaded
    except InputError as error:
        raise error.at(path) from None


def load_directory(path: str, kind: str | None = None,
                   options: Options | None = None) -> Loaded:
    """Every puzzle of a directory: its `.puz` files, or with `kind` every file not hidden,
    in name order (not recursive)."""
    directory = Path(path)
    try:
        files = sorted(entry for entry in directory.iterdir() if entry.is_file()
                       and not entry.name.startswith(".")
                       and (kind is not None or entry.suffix == ".puz"))
    except OSError as exc:
        raise InputError(f"cannot list the directory: {exc.strerror or exc}", path) from None
    if not files:
        wanted = "file" if kind else ".puz file (give --kind to read native files)"
        raise InputError(f"the directory holds no puzzle {wanted}", path)
    instances, sources = [], []
    for file in files:
        loaded = load(str(file), kind, options, literal=True)
        instances += loaded.instances
        sources += [str(file)] * len(loaded.instances)
    return Loaded(path, instances, False, sources)


# ---------------------------------------------------------------- format × kind
#
# Every way a text may be read as a kind, in one table ranked from the kinds' declarations:
#
#   format       kind                      told by                       read by
#   acrosslite,  crossword                 its signature, before the     the kind's Signed.read
#   ipuz, xd,                              language (Signed.maybe, then  (constructors.read)
#   jpz, sitejson                          the module's `signature`)
#   native       each kind                 Kind.fit of the text as       Kind.read_native
#                                          Kind.adapt_native rewrites it
#   janko        sudoku, shikaku, hashi,   formats.janko.fits, once for  formats.janko.read_as
#                nurikabe (when named),    all its kinds
#                kakuro
#
# Signed rows are asked in order, the first that knows the file reads it. The others are
# scored: for each kind its best row (the earlier of two equal ones: a kind's own reader
# before janko.at text), then the single best kind, never a guess between two.


@dataclass(frozen=True)
class _Row:
    """One way to read a text: `format` as `kind`. `guessed`: also when the kind is not
    named (a Nurikabe's janko.at grid, a Shikaku's, is read only as `--kind nurikabe`)."""

    format: str
    kind: str
    guessed: bool = True
    signed: Signed | None = None
    codec: Any = None  # a signed format's module: its `signature`


@dataclass(frozen=True)
class _Reading:
    """One way to read a native text as one kind: how well it fits, and the reading."""

    kind: str
    fit: int
    read: Callable[[], tuple[list[Instance], bool]]


@dataclass(frozen=True)
class _Scored:
    """A format whose rows are scored: each of its kinds' readings of a text, computed once
    for all its rows' kinds; `looks_like(text)`: the text is meant as this format, broken or
    not, so that its own reading shows the errors (None: no such signature); `explain(text,
    path)`: raises the format's own error for a text meant as it that fits no kind."""

    readings: Callable[[str, str, Options, tuple[str, ...]], dict[str, _Reading]]
    looks_like: Callable[[str], bool] | None = None
    explain: Callable[[str, str], object] | None = None
    read: Callable[[str, str, str], tuple[list[Instance], bool]] | None = None


def _native_readings(text: str, path: str, options: Options,
                     kinds: tuple[str, ...]) -> dict[str, _Reading]:
    """Each kind's own reading of `text`, as the kind's `adapt_native` rewrites it."""
    found = {}
    for name in kinds:
        kind = registry.kind(name)
        own = kind.adapt_native(text) or text
        found[name] = _Reading(name, kind.fit(own), partial(kind.read_native, own, path, options))
    return found


def _janko_readings(text: str, path: str, options: Options,
                    kinds: tuple[str, ...]) -> dict[str, _Reading]:
    return {name: _Reading(name, level, partial(_read_janko, text, path, name))
            for name, level in _janko.fits(text, kinds).items()}


def _read_janko(text: str, path: str, kind: str) -> tuple[list[Instance], bool]:
    """`text` read as janko.at's text of a `kind` puzzle, as a kind's read_native answers."""
    return [_janko.read_as(text, path, kind)], False


# janko.at text, a family several kinds write: loaded with the first native text scored
_janko = Lazy("satpuzzle.formats.janko")
_SCORED = {"native": _Scored(_native_readings),
           "janko": _Scored(_janko_readings, Lazy("satpuzzle.codecs.janko", "looks_like"),
                            Lazy("satpuzzle.formats.janko", "infer"), _read_janko)}


def _table() -> list[_Row]:
    """The rows, ranked: the signed formats in the kinds' order, then for each kind its own
    reader and the families it writes (FAMILIES of satpuzzle.formats), as declared."""
    from satpuzzle.formats import FAMILIES

    signed = [_Row(form.name, kind.name, signed=form.signed, codec=form.codec)
              for kind in registry.KINDS.values() for form in kind.exchange_formats
              if form.signed]
    scored = [row for kind in registry.KINDS.values() for row in (
        _Row("native", kind.name),
        *(_Row(form.name, kind.name, form.guessed) for form in kind.exchange_formats
          if form.name in FAMILIES))]
    return signed + scored


TABLE = _table()


def _read_signed(source: str | bytes, path: str, kind: str | None,
                 options: Options) -> Loaded | None:
    """The puzzles of a file of a signed format (a crossword constructor's file), told by its
    content, or None when it is none: the first signed row whose module knows it reads it."""
    signed = [(row, row.signed) for row in TABLE if row.signed]
    maybes = dict.fromkeys(how.maybe for _row, how in signed)  # one test for a kind's formats
    if isinstance(source, str) and not any(maybe(source, path) for maybe in maybes):
        return None  # the usual case, told without loading the formats' modules
    for row, how in signed:
        name = row.codec.signature(source, path)
        if name:
            return Loaded(path, how.read(name, source, path, kind, options),
                          inferred=row.kind if kind is None else None)
    return None


def _readings(text: str, path: str, options: Options,
              names: tuple[str, ...] = registry.NAMES) -> dict[str, _Reading]:
    """The best reading of `text` for each kind of `names`, from the scored rows of those
    kinds (a row not guessed only when its kind is `names` alone): each format's readings
    computed once, then for each kind its best row, the earlier of two equal ones."""
    rows = [row for row in TABLE if not row.signed and row.kind in names
            and (row.guessed or names == (row.kind,))]
    formats = dict.fromkeys(row.format for row in rows)
    found = {name: _SCORED[name].readings(
        text, path, options, tuple(row.kind for row in rows if row.format == name))
        for name in formats}
    best: dict[str, _Reading] = {}
    for row in rows:
        reading = found[row.format].get(row.kind)
        if reading and (row.kind not in best or reading.fit > best[row.kind].fit):
            best[row.kind] = reading
    return best


def _meant(text: str, kind: str | None) -> _Row | None:
    """The first scored row (of `kind`, if given) whose format `text` is meant as, broken or
    not (a janko.at header and grid), so that its errors are that format's."""
    for row in TABLE:
        looks_like = None if row.signed else _SCORED[row.format].looks_like
        if looks_like is not None and kind in (None, row.kind) and looks_like(text):
            return row
    return None


def _choose(text: str, path: str, kind: str | None,
            options: Options) -> tuple[_Reading, str | None]:
    """The reading to take and, when the kind was not given, the kind inferred."""
    if kind is not None:  # the kind's readings alone: no other kind is loaded
        reading = _readings(text, path, options, (registry.kind(kind).name,))[kind]
        meant = _meant(text, kind) if reading.fit == Fit.NO else None
        if meant is not None:  # fits no way: a text meant as a format shows its errors as one
            read = _SCORED[meant.format].read
            assert read is not None
            return _Reading(kind, Fit.NO, partial(read, text, path, kind)), None
        return reading, None
    readings = _readings(text, path, options)
    try:
        inferred = _infer(readings, text, path)
    except InputError:
        meant = _meant(text, None)
        if meant is not None:
            explain = _SCORED[meant.format].explain
            assert explain is not None
            explain(text, path)  # a broken text of that format: its own error
        raise
    return readings[inferred], inferred


def infer_kind(text: str, path: str) -> str:
    """The one kind whose native format fits `text` best (each kind scores the text; see
    kinds.base.Fit). Two kinds tied at the top are not guessed between: an InputError names
    them and --kind."""
    return _infer(_readings(text, path, {}), text, path)


def _infer(readings: dict[str, _Reading], text: str, path: str) -> str:
    from satpuzzle.dimacs import is_satpuzzle_cnf  # a native text only: not every run

    scores = {name: reading.fit for name, reading in readings.items()}
    suffix = Path(path).suffix.lower()
    by_name = next((name for name, kind in registry.KINDS.items()
                    if suffix in kind.file_suffixes), None)
    if by_name and not is_satpuzzle_cnf(text):  # compiled: see `decode`
        # a name that says what the file holds counts as a signature, so that a broken
        # file's error is shown where it stands instead of another kind's
        scores[by_name] = Fit.CERTAIN
    best = max(scores.values())
    if best == Fit.NO:
        raise InputError("cannot tell what puzzle this is: expected a .puz puzzle such as "
                         "'sudoku { ... }' or a known native format (or give --kind)", path, 1, 1)
    candidates = [name for name, score in scores.items() if score == best]
    if len(candidates) > 1:
        options = " or ".join(f"--kind {name}" for name in candidates)
        raise InputError(f"this could be a {' or a '.join(candidates)} puzzle; satpuzzle does "
                         f"not guess: give {options}", path, 1, 1)
    return candidates[0]
