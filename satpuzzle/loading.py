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

from satpuzzle.dimacs import is_satpuzzle_cnf
from satpuzzle.errors import InputError
from satpuzzle.grammar import parse_specs
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit
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
    instances: list[Any]
    one_line: bool = False
    sources: list[str] | None = None  # where each instance comes from (a file, FILE:LINE)
    inferred: str | None = None  # the kind the content was recognised as, when not given


def load_text(text: str, path: str = "<text>", kind: str | None = None,
              options: dict[str, Any] | None = None) -> Loaded:
    options = options or {}
    try:
        check_number_lengths(text, path)  # done by read_text for files, not for API text
        constructor = _constructor_format(text, path)  # first: its name may say .puz
        if constructor:
            from satpuzzle.kinds.crossword.formats import constructors

            return Loaded(path, constructors.read(constructor, text, path, kind, options),
                          inferred="crossword" if kind is None else None)
        if path.endswith(".puz") or _LANGUAGE_START.match(text):
            # The language names its kinds itself; --kind only says how to read native files.
            specs = parse_specs(text, path, registry.block_limits)
            return Loaded(path, [registry.build(spec) for spec in specs])
        if not text.strip():
            raise InputError("empty file, expected a puzzle", path, 1, 1)
        if _JSON_START.match(text):  # names its kinds itself, as the language does
            from satpuzzle.formats import instance_json

            return Loaded(path, instance_json.read(text, path))
        from satpuzzle.formats import links

        if links.is_links_text(text):
            instances, lines = links.read(text, path, kind)
            return Loaded(path, instances, sources=[f"{path}:{line}" for line in lines])
        reading, inferred = _choose(text, path, kind, options)
        instances, one_line = reading.read()
        return Loaded(path, instances, one_line, inferred=inferred)
    except InputError as error:
        # a check deep in a reader may know what is wrong but not which file it is in
        raise error.at(path) from None


def load(path: str, kind: str | None = None, options: dict[str, Any] | None = None,
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
    from satpuzzle.formats import links

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
    if links.explicit(path) or (not exists and links.shaped(path)):
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
               options: dict[str, Any] | None) -> Loaded:
    name = "./-" if isinstance(path, Path) and str(path) == STDIN else shown(path)
    source = read_input(path, name)
    if isinstance(source, bytes):  # a binary format: an Across Lite puzzle
        return load_bytes(source, name, kind, options)
    return load_text(source, name, kind, options)


def _pasted_puzzle(argument: str, kind: str | None,
                   options: dict[str, Any] | None) -> Loaded | None:
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
               options: dict[str, Any] | None = None) -> Loaded:
    """A binary file satpuzzle reads: an Across Lite puzzle, told by its signature."""
    from satpuzzle.kinds.crossword.formats import constructors

    try:
        name = constructors.recognise(data, path)
        if name is None:
            raise InputError("binary data, expected UTF-8 text, an Across Lite puzzle or a "
                             "zipped .jpz", path)
        return Loaded(path, constructors.read(name, data, path, kind, options or {}),
                      inferred="crossword" if kind is None else None)
    except InputError as error:
        raise error.at(path) from None


def _constructor_format(text: str, path: str) -> str | None:
    """The format of a crossword constructor's text file (Across Lite text, ipuz, xd, jpz,
    the crossword JSON of XWordInfo, Crosshare and Amuse Labs), told by its content (an xd
    file also by its name), or None."""
    start = text[:1000].lstrip()[:1]  # not the whole text: a list may be megabytes
    if not (start and start in "{<i" or " ~ " in text or path.lower().endswith(".xd")):
        return None  # the usual case, told without loading the formats
    from satpuzzle.kinds.crossword.formats import constructors

    return constructors.recognise(text, path)


def load_directory(path: str, kind: str | None = None,
                   options: dict[str, Any] | None = None) -> Loaded:
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


# ---------------------------------------------------------------- native texts


@dataclass(frozen=True)
class _Reading:
    """One way to read a native text as one kind: how well it fits, and the reading."""

    kind: str
    fit: int
    read: Callable[[], tuple[list[Any], bool]]


def _readings(text: str, path: str, options: dict[str, Any],
              names: tuple[str, ...] = registry.NAMES) -> dict[str, _Reading]:
    """The best reading of `text` for each kind of `names`: by the kind's own reader (of the
    text as formats.adapters rewrites it for that kind, where it does), or as janko.at text,
    whichever fits better."""
    from satpuzzle.formats import adapters, janko

    best: dict[str, _Reading] = {}
    for name in names:
        kind = registry.kind(name)
        adapt = adapters.ADAPTERS.get(name)
        own = (adapt(text) if adapt else None) or text
        best[name] = _Reading(name, kind.fit(own), partial(kind.read_native, own, path, options))
    for name, level in janko.fits(text, names).items():
        if level > best[name].fit:
            best[name] = _Reading(name, level, partial(_read_janko, text, path, name))
    return best


def _read_janko(text: str, path: str, kind: str) -> tuple[list[Any], bool]:
    """`text` read as janko.at's text of a `kind` puzzle, as a kind's read_native answers."""
    from satpuzzle.formats import janko

    return [janko.read_as(text, path, kind)], False


def _choose(text: str, path: str, kind: str | None,
            options: dict[str, Any]) -> tuple[_Reading, str | None]:
    """The reading to take and, when the kind was not given, the kind inferred."""
    from satpuzzle.formats import janko

    if kind is not None:  # the kind's readings alone: no other kind is loaded
        reading = _readings(text, path, options, (registry.kind(kind).name,))[kind]
        if reading.fit == Fit.NO and kind in janko.KINDS and janko.looks_like(text):
            # fits no way: a janko.at text shows its errors as one
            return _Reading(kind, Fit.NO, lambda: ([janko.read_as(text, path, kind)], False)), None
        return reading, None
    readings = _readings(text, path, options)
    try:
        inferred = _infer(readings, text, path)
    except InputError:
        if janko.looks_like(text):
            janko.infer(text, path)  # a broken janko.at text: its own error
        raise
    return readings[inferred], inferred


def infer_kind(text: str, path: str) -> str:
    """The one kind whose native format fits `text` best (each kind scores the text; see
    kinds.base.Fit). Two kinds tied at the top are not guessed between: an InputError names
    them and --kind."""
    return _infer(_readings(text, path, {}), text, path)


def _infer(readings: dict[str, _Reading], text: str, path: str) -> str:
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
