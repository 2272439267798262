"""From a file (or text) to typed instances: the .puz language, or a kind's native format
chosen by --kind or recognised by content."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from satpuzzle.dimacs import is_satpuzzle_cnf
from satpuzzle.errors import InputError
from satpuzzle.grammar import parse_specs
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Fit
from satpuzzle.textio import check_number_lengths, read_text, shorten

# A .puz file starts (after blank and comment lines) with a kind word, an optional title and
# "{". Blanks are the grammar's (no newline inside): nested \s* around \n backtracked
# exponentially on a run of blank lines.
_LANGUAGE_START = re.compile(
    r'\A(?:[ \t\f\r]*(?:#[^\n]*)?\n)*[ \t\f]*[a-z][a-z0-9-]*[ \t\f]*("[^"\n]*"[ \t\f]*)?\{')


@dataclass
class Loaded:
    """The instances of one input and how to answer them: `one_line` inputs (many puzzles, one
    per line) get one answer line per puzzle."""

    path: str
    instances: list[Any]
    one_line: bool = False
    sources: list[str] | None = None  # the file of each instance, when read from a directory
    inferred: str | None = None  # the kind the content was recognised as, when not given


def load_text(text: str, path: str = "<text>", kind: str | None = None,
              options: dict[str, Any] | None = None) -> Loaded:
    options = options or {}
    try:
        check_number_lengths(text, path)  # done by read_text for files, not for API text
        if path.endswith(".puz") or _LANGUAGE_START.match(text):
            # The language names its kinds itself; --kind only says how to read native files.
            return Loaded(path, [registry.build(spec) for spec in parse_specs(text, path)])
        if not text.strip():
            raise InputError("empty file, expected a puzzle", path, 1, 1)
        inferred = None if kind is not None else infer_kind(text, path)
        instances, one_line = registry.kind(kind or inferred).read_native(text, path, options)
        return Loaded(path, instances, one_line, inferred=inferred)
    except InputError as error:
        # a check deep in a reader may know what is wrong but not which file it is in
        raise error.at(path) from None


def load(path: str, kind: str | None = None, options: dict[str, Any] | None = None) -> Loaded:
    """Read and parse `path`, or a game ID / URL given in its place (`sgt:rect:7x7:...`,
    `https://puzz.link/p?...`); every failure is an InputError with a position."""
    from satpuzzle import formats

    inline = formats.inline_format(path)
    if inline:
        return Loaded(path, formats.read(inline, path, shorten(path)))
    if os.path.isdir(path):
        return load_directory(path, kind, options)
    return load_text(read_text(path), path, kind, options)


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
        loaded = load(str(file), kind, options)
        instances += loaded.instances
        sources += [str(file)] * len(loaded.instances)
    return Loaded(path, instances, False, sources)


def infer_kind(text: str, path: str) -> str:
    """The one kind whose native format fits `text` best (each kind scores the text; see
    kinds.base.Fit). Two kinds tied at the top are not guessed between: an InputError names
    them and --kind."""
    scores = {name: kind.fit(text) for name, kind in registry.KINDS.items()}
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
