"""Jigsaw puzzles in the exchange formats: JSON, Eternity II piece files and Brendan Owen's
piece files (a `WIDTH HEIGHT` header, then four edge labels a line). Both piece files hold
only whole-board puzzles with equal matching and a zero border."""

from __future__ import annotations

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.codecs.native import NativeFormat, natural
from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

# ---------------------------------------------------------------- JSON


def read_json(f: Fields, title: str | None) -> JigsawInstance:
    r = f.reader
    rows = r.integer(f.data["rows"], f.at("rows"), 1)
    cols = r.integer(f.data["cols"], f.at("cols"), 1)
    variant = r.string(f.get("variant", "puzzle"), f.at("variant"), jigsaw.VARIANTS)
    matching = r.string(f.get("matching", "opposite"), f.at("matching"), jigsaw.MATCHINGS)
    border = r.string(f.get("border", "zero"), f.at("border"), jigsaw.BORDERS)
    items = r.array(f.data["pieces"], f.at("pieces"))
    pieces = [jigsaw.piece_of(r.integers(item, f.at("pieces", i), 4))
              for i, item in enumerate(items)]
    if max(rows, cols) > len(pieces):  # every variant fills at least a whole row and column
        raise r.fail(f.at("pieces"), f"{len(pieces)} piece(s) cannot fill a {rows}×{cols} "
                                     f"board: even its frame needs more")
    lines = [[f.token("pieces", i)] for i in range(len(pieces))]
    jigsaw._check_count(pieces, lines, rows, cols, variant, f.token("pieces"))
    return JigsawInstance(rows, cols, tuple(pieces), variant, matching, border, title)


def write_json(instance: JigsawInstance) -> dict[str, JSONOut]:
    return {"rows": instance.rows, "cols": instance.cols, "variant": instance.variant,
            "matching": instance.matching, "border": instance.border,
            "pieces": [list(piece) for piece in instance.pieces]}


JSON = JsonCodec(("rows", "cols", "variant", "matching", "border", "pieces"),
                 ("rows", "cols", "pieces"), read_json, write_json)


# ---------------------------------------------------------------- piece files


def read_eternity(text: str, path: str) -> list[JigsawInstance]:
    rows = tokenize_rows(text, path, jigsaw.BLOCK_LIMITS["pieces"], "pieces")
    if rows and len(rows[0]) != 4:
        raise rows[0][0].error("expected four edge colours a line (no header)")
    return jigsaw.read_native(text, path, {"matching": "equal"})[0]


def write_eternity(instance: JigsawInstance) -> str:
    _plain_equal_board(instance, "eternity")
    return _piece_lines(instance)


def read_brendan(text: str, path: str) -> list[JigsawInstance]:
    rows = tokenize_rows(text, path, jigsaw.BLOCK_LIMITS["pieces"], "pieces")
    if not rows or len(rows[0]) != 2 or not all(natural(t.text) for t in rows[0]):
        raise InputError("expected a header 'WIDTH HEIGHT' (two positive integers)", path, 1, 1)
    width, height = (int(t.text) for t in rows[0])
    if width < 1 or height < 1:
        raise rows[0][0].error("the board needs a positive width and height")
    # the header is width first; the piece reader's default header is rows first
    return jigsaw.read_native(text, path, {"matching": "equal", "board": (height, width)})[0]


def write_brendan(instance: JigsawInstance) -> str:
    _plain_equal_board(instance, "brendan")
    return f"{instance.cols} {instance.rows}\n" + _piece_lines(instance)


def _piece_lines(instance: JigsawInstance) -> str:
    return "".join(" ".join(map(str, piece)) + "\n" for piece in instance.pieces)


def _plain_equal_board(instance: JigsawInstance, name: str) -> None:
    if (instance.variant, instance.matching, instance.border) != ("puzzle", "equal", "zero"):
        raise InputError(f"the {name} format holds only whole-board puzzles with equal "
                         f"matching and a zero border; this one is {instance.variant}, "
                         f"{instance.matching}, {instance.border}: use --format puz")


NATIVE = (NativeFormat("eternity", read_eternity, write_eternity),
          NativeFormat("brendan", read_brendan, write_brendan))


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
