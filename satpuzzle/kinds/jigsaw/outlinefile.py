"""The `outlines` exchange format: jigsaw pieces given by their outlines (an SVG drawing of
closed paths, a JSON list of points, a PNG or JPEG picture of the pieces on a plain
background), read into a board of edge labels (satpuzzle.kinds.jigsaw.board). Read only;
told by its content (an `<svg` document, a JSON object starting `{"outlines":`, a PNG or
JPEG signature), so that `satpuzzle solve pieces.svg` and `satpuzzle import outlines
pieces.svg` both read it."""

from __future__ import annotations

import sys
from pathlib import PurePath

from satpuzzle.errors import InputError
from satpuzzle.instances import Options
from satpuzzle.kinds.jigsaw import outlines
from satpuzzle.kinds.jigsaw.board import OutlinedJigsaw, board

NAME = "outlines"
KINDS = ("jigsaw",)
READS_BYTES = True  # a picture: satpuzzle.formats.read passes its bytes


def signature(source: str | bytes, path: str) -> str | None:
    """NAME when `source` is an outline source, else None."""
    return NAME if outlines.sniff(source) else None


def read(source: str | bytes, path: str, options: Options | None = None
         ) -> list[OutlinedJigsaw]:
    """The jigsaw of the outlines of `source`."""
    found = outlines.read(source, path)
    try:
        jigsaw = board(found, options or {}, f"outlines of {PurePath(path).name}")
    except InputError as error:
        raise error.at(path) from None
    if jigsaw.left_out:  # one line, shown with the run's other notes on reading
        print(f"satpuzzle: {path}: {len(jigsaw.left_out)} outline(s) left out, the others "
              f"make a board (its pieces numbered without them): "
              f"{'; '.join(jigsaw.left_out)}", file=sys.stderr)
    return [jigsaw]


def read_signed(name: str, source: str | bytes, path: str, kind: str | None,
                options: Options) -> list[OutlinedJigsaw]:
    """A recognised outline source, read with the command line's options."""
    if kind not in (None, "jigsaw"):
        raise InputError(f"these are jigsaw piece outlines: --kind {kind} does not apply",
                         path)
    return read(source, path, options)
