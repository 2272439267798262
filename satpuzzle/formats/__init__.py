"""Exchange formats: the ways puzzle people and other tools already write puzzles.

This package only names the formats and dispatches: what a format means for a kind lives in
that kind's codecs (satpuzzle/kinds/<kind>/codecs.py, the "exchange formats" hooks of
satpuzzle/kinds/base.py), built on the kind-free framework in satpuzzle/codecs. A format one
kind owns whole (Across Lite, ipuz, xd, .jpz: satpuzzle/kinds/crossword/formats/) and a kind's
codec for a family several kinds write (janko.at text) are declared by the kind
(`Kind.exchange_formats`) and collected here from the registry. Each format
is an object (a module, or for the kinds' native files a `native.NativeFile`) with
    NAME: str                      the name used by `import FORMAT` / `export --format FORMAT`
    KINDS: tuple[str, ...]         the puzzle kinds it can express
    read(source: str, path: str) -> list[instance]
        `source` is the text of a file, or a game ID / URL given on the command line; `path`
        names it in error messages. Every failure is an InputError.
    write(instance) -> str         (optional) the instance in this format; an InputError when
                                   the format cannot express this instance (bytes for a
                                   binary format: Across Lite)
Game IDs and URLs can be given in place of a file name: INLINE_PREFIXES says how they start.

`import` o `export` is the identity wherever `write` exists (tests/formats/test_formats_*.py).
"""

from __future__ import annotations

from typing import Any

from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy, loaded
from satpuzzle.textio import check_number_lengths

# The kinds' native files, one format each; the kinds name them, their codecs load when used
_NATIVE = Lazy("satpuzzle.formats.native")
# the formats several kinds write, each kind its codec (its `exchange_formats` name the family)
FAMILIES = {"janko": Lazy("satpuzzle.formats.janko")}
# format name -> module; order matters for recognising inline sources (first match wins).
# Each module (and each kind's codecs) is imported when its format is first used.
FORMATS = {
    "sgt": Lazy("satpuzzle.formats.sgt"),
    "url": Lazy("satpuzzle.formats.puzzlink"),
    "puz": Lazy("satpuzzle.formats.puz"),
    "json": Lazy("satpuzzle.formats.instance_json"),
    **FAMILIES,
    # the formats a kind owns whole, as it declares them (crossword constructors' files)
    **{form.name: form.codec for kind in registry.KINDS.values()
       for form in kind.exchange_formats if form.name not in FAMILIES},
    **{name: _NATIVE for kind in registry.KINDS.values() for name in kind.native_format_names},
    "svg": Lazy("satpuzzle.formats.svg"),
}
# sources given on the command line instead of a file name, recognised by how they start
INLINE_PREFIXES = {"sgt": ("sgt:",), "url": ("http://", "https://")}


def holds_many(name: str) -> bool:
    """Whether one text of format `name` holds several puzzles (one a line, or blocks one
    after another)."""
    if FORMATS.get(name) is _NATIVE:
        return _NATIVE.FORMATS[name].codec.multi
    return name in ("puz", "json", "sgt", "url")


def format_module(name: str) -> Any:  # a module, or a NativeFile: chosen by name
    """The format called `name` (a module, or a `native.NativeFile`), or an InputError listing
    the known ones."""
    if name not in FORMATS:
        raise InputError(f"unknown format {name!r}; expected one of {', '.join(FORMATS)}")
    if FORMATS[name] is _NATIVE:
        return _NATIVE.FORMATS[name]
    return loaded(FORMATS[name])


def inline_format(argument: str) -> str | None:
    """The format of a game ID or URL given in place of a file name, if it starts as one
    (blanks around it and the case of the prefix do not matter; satpuzzle.formats.links also
    knows URLs without a scheme and game IDs without `sgt:`)."""
    text = argument.lstrip().lower()
    for name, prefixes in INLINE_PREFIXES.items():
        if text.startswith(prefixes):
            return name
    return None


def read(name: str, source: str | bytes, path: str) -> list[Instance]:
    """The puzzles of `source`: text, or the bytes of a binary format (Across Lite)."""
    module = format_module(name)
    try:
        if isinstance(source, bytes):
            if not getattr(module, "READS_BYTES", False):
                raise InputError(f"binary data, expected the text of a {name} file")
        else:  # done by read_text for files, not for game IDs
            check_number_lengths(source, path)
        return module.read(source, path)
    except InputError as error:
        # a check deep in a reader may know what is wrong but not which file it is in
        raise error.at(path) from None


def write(name: str, instance: Instance) -> str | bytes:
    module = format_module(name)
    writer = getattr(module, "write", None)
    if writer is None:
        raise InputError(f"format {name!r} is read-only: satpuzzle imports it but does not "
                         "write it")
    if instance.KIND not in module.KINDS:
        raise InputError(f"format {name!r} cannot express a {instance.KIND} puzzle; it holds "
                         f"{', '.join(module.KINDS)}")
    return writer(instance)


def imported(name: str, source: str) -> str:
    """`import FORMAT SOURCE`: the puzzles of SOURCE (a file, '-', or for the formats that
    take one a game ID or URL itself) written in satpuzzle's language."""
    import os

    from satpuzzle.formats import links
    from satpuzzle.textio import read_input

    # a game ID or URL in place of a file: with its prefix, or shaped as one and no such file
    pasted = links.names_a_link(source, source == "-" or os.path.lexists(source))
    # else text, or the bytes of a binary format (Across Lite)
    instances = read(name, source if pasted else read_input(source), source)
    return "\n".join(str(write("puz", instance)) for instance in instances)
