"""Crossword constructors' files, recognised by their content (never by their name alone
when it could clash: a `.puz` of text is satpuzzle's language, a binary one Across Lite) and
read as fill problems with the command line's dictionary; a fill written back into them.

Formats: Across Lite binary and text (satpuzzle.kinds.crossword.formats.acrosslite), ipuz
(satpuzzle.kinds.crossword.formats.ipuzfile), xd (satpuzzle.kinds.crossword.formats.xd), and, read only, Crossword Compiler's
.jpz (satpuzzle.kinds.crossword.formats.jpz) and the JSON of XWordInfo, Crosshare and Amuse Labs
(satpuzzle.kinds.crossword.formats.sitejson).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.codecs.gridfile import GridFile
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Options
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

# format name -> its module; `solve --format NAME` writes a fill in it (`puz`: Across Lite)
MODULES = {
    "acrosslite": Lazy("satpuzzle.kinds.crossword.formats.acrosslite"),
    "ipuz": Lazy("satpuzzle.kinds.crossword.formats.ipuzfile"),
    "xd": Lazy("satpuzzle.kinds.crossword.formats.xd"),
    "jpz": Lazy("satpuzzle.kinds.crossword.formats.jpz"),
    **{name: Lazy("satpuzzle.kinds.crossword.formats.sitejson") for name in ("xwordinfo", "crosshare", "amuse")},
}
FILL_FORMATS = {"puz": "acrosslite", "ipuz": "ipuz", "xd": "xd"}
LABELS = {"acrosslite": "an Across Lite puzzle", "ipuz": "an ipuz puzzle",
          "xd": "an xd crossword", "jpz": "a Crossword Compiler .jpz puzzle",
          "xwordinfo": "an XWordInfo JSON puzzle", "crosshare": "a Crosshare JSON puzzle",
          "amuse": "an Amuse Labs JSON puzzle"}


def recognise(source: str | bytes, path: str) -> str | None:
    """The constructor's format `source` is in (a name of LABELS), or None: the first
    format module's `signature`, in the order the kind declares them."""
    for name in ("acrosslite", "ipuz", "xd", "jpz", "xwordinfo"):
        found: str | None = MODULES[name].signature(source, path)
        if found:
            return found
    return None



def read(name: str, source: str | bytes, path: str, kind: str | None,
         options: Options) -> list[CrosswordInstance]:
    """The fill problem of a constructor's file in format `name`, with the dictionary and
    options of the command line."""
    if kind not in (None, "crossword"):
        raise InputError(f"this is {LABELS[name]}, a crossword: --kind {kind} does not apply",
                         path)
    document = read_document(name, source, path)
    return [crossword_codecs.fill_problem(document, path, options)]


def read_document(name: str, source: str | bytes, path: str) -> GridFile:
    return MODULES[name].read_document(source, path)


def write_fill(format_name: str, instance: Instance, solution: Fill) -> str | bytes:
    """A crossword's fill (`solution`) in a constructor's format (`puz`, `ipuz`, `xd`): the
    file the puzzle was read from with the fill as its solution, clues kept; or, for a grid
    read from elsewhere, a new file with empty clues."""
    codecs = crossword_codecs
    if instance.KIND != "crossword":
        raise InputError(f"--format {format_name} writes crossword fills; this is a "
                         f"{instance.KIND} puzzle")
    module = MODULES[FILL_FORMATS[format_name]]
    return module.write_filled(codecs.grid_file(instance), codecs.filled_rows(solution),
                               codecs.filled_rebus(instance, solution))
