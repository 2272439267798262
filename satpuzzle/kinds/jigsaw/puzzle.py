"""Jigsaw (edge-matching) puzzles without a picture, after Behague (2024): each piece has
four edge labels clockwise from the top; 0 is a flat border edge. Six variants (paper, §7.2):
`puzzle` (place and rotate m·n pieces), `orientation` (place, no rotation), `position` (piece i
fixed at cell i row-major, rotate), and their `contour` versions (only the 2m + 2n − 4 frame
cells, clockwise from the top-left corner for `contour-position`; interior cells stay empty).
Two matchings: `opposite` (label a fits −a, never 0) and `equal` (equal labels fit; not 0 with
border `zero`); two borders: `zero` (outer edges are 0) and `free` (outer edges unconstrained).

Instance → CNF. The named (puzzle) variables are `cell(r, c, top, right, bottom, left)`: cell
(r, c) shows these four labels. They are exactly what identifies a visible board, so a solution
is blocked by its true cell variables alone (`Formula.one_hot`) and every visible board is
reported once, however many identical or symmetric pieces it holds. A cell's candidate label
tuples are the distinct rotations of the distinct pieces allowed there (no rotation in
orientation variants, only its own piece in position variants), filtered by the border rule and
by arc consistency with the neighbours' candidates. The rules (rules.py, over the constraint
library): exactly one tuple per cell; per piece class (pieces equal up to rotation, or equal
as listed when rotation is not allowed) as many cells showing a tuple of the class as there
are such pieces; per shared edge, auxiliary edge-label variables (the "diamonds" of Heule
2008): one label per edge, supported on both sides by the cell tuples showing it. How each
is encoded is a family's choice (`--encoding FAMILY=NAME`: FAMILIES in __init__.py).
Whole-board rotations of a solution are different boards, so no symmetry is broken.

Decoding is canonical: among identical pieces the lowest input index goes to the first cell in
row-major order, and each piece takes the smallest rotation showing the labels of its cell.

Inputs: the .puz language (docs/LANGUAGE.md) and native piece files, see `read_native`.
Text output: a grid of placements `12r3` = piece 12 (counting input pieces from 1) turned 3
clockwise quarter turns, `.` for the empty interior of a contour, then a drawing of the labels
each cell shows. JSON: rows of `[piece_index, rotation]` with 0-based piece indices, null for
an empty interior cell.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import PurePath
from typing import ClassVar

from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import text_lines, tokenize_rows
from satpuzzle.instances import Options
from satpuzzle.kinds.base import Fit

KIND = "jigsaw"
VARIANTS = ("puzzle", "orientation", "position", "contour", "contour-orientation",
            "contour-position")
MATCHINGS = ("opposite", "equal")
BORDERS = ("zero", "free")
MAX_GENERATED_CELLS = 250_000  # `generate` refuses larger boards (seconds of work already)
MAX_PIECES = MAX_GENERATED_CELLS  # a larger board is refused on reading, before any work
# read before the text is parsed (satpuzzle.grammar.limits): a piece a line, its four labels
# (and a native file's header line)
BLOCK_LIMITS = {"pieces": BlockLimit(MAX_PIECES, 4 * MAX_PIECES, "labels", header=2)}

Piece = tuple[int, int, int, int]  # top, right, bottom, left
Placement = tuple[int, int]  # (0-based piece index in input order, clockwise quarter turns)
# rows × cols; None on the interior cells of a contour variant (not part of the puzzle)
Solution = tuple[tuple["Placement | None", ...], ...]
CellName = tuple[str, int, int, int, int, int, int]  # ("cell", r, c, top, right, bottom, left)


@dataclass(frozen=True)
class JigsawInstance:
    """An m×n board (`rows`×`cols`) and its pieces in input order. For `position` variants
    piece i is fixed at cell i (row-major), for `contour-position` at frame cell i (clockwise
    from the top-left corner, see frame_cells); for `orientation` variants pieces keep the
    orientation they are listed in (rotation 0)."""

    rows: int
    cols: int
    pieces: tuple[Piece, ...]
    variant: str = "puzzle"
    matching: str = "opposite"  # "opposite": i fits -i; "equal": equal labels fit
    border: str = "zero"  # "zero": outer edges are 0; "free": outer edges unconstrained
    title: str | None = None
    # family → encoding chosen by the user (--encoding FAMILY=NAME; FAMILIES in __init__.py)
    encodings: tuple[tuple[str, str], ...] = ()
    KIND: ClassVar[str] = KIND

    def __post_init__(self) -> None:
        """Refuse what is no jigsaw, also when built in code (readers refuse it earlier, at
        its position): a board of at least 1×1, a known variant, matching and border, and
        as many pieces of four integer labels as the board's cells (a contour: its frame
        cells). Lists become tuples."""
        from itertools import chain

        rows, cols = self.rows, self.cols
        if not (type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1):
            raise InputError(f"board {rows!r}x{cols!r}: rows and columns must be at least 1")
        for name, allowed in (("variant", VARIANTS), ("matching", MATCHINGS),
                              ("border", BORDERS)):
            if getattr(self, name) not in allowed:
                raise InputError(f"{name} is one of {', '.join(allowed)}, found "
                                 f"{getattr(self, name)!r}")
        try:
            pieces = tuple(map(tuple, self.pieces))
            valid = (all(len(piece) == 4 for piece in pieces)
                     and {int}.issuperset(map(type, chain.from_iterable(pieces))))
        except TypeError:
            valid = False
        if not valid:
            raise InputError("each piece is four integer labels: top, right, bottom, left")
        expected = expected_count(rows, cols, self.variant)
        if len(pieces) != expected:
            shape = "frame of a" if self.contour else "whole"
            raise InputError(f"{len(pieces)} piece(s) given, but the {shape} {rows}×{cols} "
                             f"board needs {expected} (variant {self.variant})")
        object.__setattr__(self, "pieces", pieces)
        object.__setattr__(self, "encodings", tuple(map(tuple, self.encodings)))

    @property
    def contour(self) -> bool:
        return self.variant.startswith("contour")


def frame_cells(rows: int, cols: int) -> list[tuple[int, int]]:
    """The frame cells clockwise from the top-left corner: 2·rows + 2·cols − 4 of them (every
    cell when a side is at most 2)."""
    if rows == 1 or cols == 1:
        return [(r, c) for r in range(rows) for c in range(cols)]
    return ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
            + [(rows - 1, c) for c in range(cols - 2, -1, -1)]
            + [(r, 0) for r in range(rows - 2, 0, -1)])


def rotated(piece: Piece, turns: int) -> Piece:
    """The piece's labels (top, right, bottom, left) after `turns` clockwise quarter turns:
    one turn brings the left label to the top."""
    turns %= 4
    return (piece[-turns % 4], piece[(1 - turns) % 4], piece[(2 - turns) % 4],
            piece[(3 - turns) % 4])


def piece_of(labels: Sequence[int]) -> Piece:
    """A piece of its four labels (top, right, bottom, left); a ValueError if there are not
    four."""
    top, right, bottom, left = labels
    return top, right, bottom, left


def placed(solution: Solution, cell: Cell) -> Placement:
    """The placement at `cell` of a solution: a puzzle cell, which holds a piece."""
    placement = solution[cell[0]][cell[1]]
    assert placement is not None, f"cell {cell} holds no piece"
    return placement


# ---------------------------------------------------------------- geometry shared below

Cell = tuple[int, int]
TOP, RIGHT, BOTTOM, LEFT = range(4)
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # neighbour across each side


def puzzle_cells(instance: JigsawInstance) -> list[Cell]:
    """The cells the pieces go to, in the order position variants fix them."""
    if instance.contour:
        return frame_cells(instance.rows, instance.cols)
    return [(r, c) for r in range(instance.rows) for c in range(instance.cols)]


def expected_count(rows: int, cols: int, variant: str) -> int:
    if not variant.startswith("contour"):
        return rows * cols
    # counted, not listed: a header may announce an absurd board, refused by this count
    return rows * cols if rows <= 2 or cols <= 2 else 2 * rows + 2 * cols - 4


def rotates(variant: str) -> bool:
    return not variant.endswith("orientation")


def fixed(variant: str) -> bool:
    return variant.endswith("position")


def piece_class(piece: Piece, variant: str) -> Piece:
    """What makes two pieces interchangeable: equal up to rotation when pieces rotate, equal
    as listed otherwise."""
    if not rotates(variant):
        return piece
    return min(rotated(piece, turns) for turns in range(4))


def fits(a: int, b: int, instance: JigsawInstance) -> bool:
    """Whether label `a` on one side of a shared edge fits label `b` on the other."""
    if instance.matching == "opposite":
        return a == -b and a != 0
    return a == b and (a != 0 or instance.border == "free")


def partner(a: int, matching: str) -> int:
    """The only label that can fit `a` across an edge."""
    return -a if matching == "opposite" else a


# ---------------------------------------------------------------- reading

SIZE = re.compile(r"^(\d+)[xX×](\d+)$")
INTEGER = re.compile(r"^[+-]?\d+$")
# Brendan Owen's boards (pieces_WWxHH.txt, eternity7x7.txt): header "width height".
BRENDAN_NAME = re.compile(r"^(?:pieces_\d+x\d+|eternity\d+x\d+)\.txt$")
# TetraVex tiles: four digits top, left, right, bottom; a trailing "@" marks a fixed tile.
TETRAVEX_TILE = re.compile(r"^\d{4}$")
FIELDS = {"size", "variant", "matching", "border", "pieces"}


def from_spec(spec: PuzzleSpec) -> JigsawInstance:
    """The instance of a `jigsaw { size: RxC  pieces { ... } }` puzzle."""
    spec.check_names(FIELDS, {"pieces"})
    if "size" not in spec.fields:
        raise spec.error("jigsaw needs 'size: RxC' (rows x columns, like 4x4)")
    size = spec.fields["size"]
    if len(size.values) != 1:
        raise (size.values[1] if len(size.values) > 1 else size.name).error(
            "expected one value 'RxC' (rows x columns, like 4x4)")
    rows, cols = _size(size.values[0])
    variant = _choice(spec, "variant", VARIANTS, "puzzle")
    matching = _choice(spec, "matching", MATCHINGS, "opposite")
    border = _choice(spec, "border", BORDERS, "zero")
    lines = spec.rows("pieces")
    if lines is None:
        raise spec.error("jigsaw needs its pieces: 'pieces {' then one piece a line "
                         "(top right bottom left), then '}', or 'pieces: file \"PATH\"'")
    where = spec.blocks["pieces"].name if "pieces" in spec.blocks else spec.fields["pieces"].name
    if "pieces" in spec.fields and lines and len(lines[0]) == 2:
        lines = lines[1:]  # a piece file's "rows cols" (or "width height") header line
    pieces = _pieces(lines)
    _check_count(pieces, lines, rows, cols, variant, where)
    return JigsawInstance(rows, cols, tuple(pieces), variant, matching, border, spec.title)


def _size(token: Token) -> tuple[int, int]:
    match = SIZE.match(token.text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise token.error(f"expected a board size 'RxC' (rows x columns, each at least 1, "
                          f"like 4x4), found {token.text!r}")
    return int(match.group(1)), int(match.group(2))


def _choice(spec: PuzzleSpec, name: str, allowed: Sequence[str], default: str) -> str:
    entry = spec.fields.get(name)
    if entry is None:
        return default
    if len(entry.values) != 1 or entry.values[0].text not in allowed:
        token = entry.values[0] if len(entry.values) == 1 else entry.values[-1]
        raise token.error(f"unknown {name} {' '.join(v.text for v in entry.values)!r}; "
                          f"expected one of {', '.join(allowed)}")
    return entry.values[0].text


def _pieces(lines: Sequence[Sequence[Token]]) -> list[Piece]:
    """One piece per line: four integer labels, top right bottom left."""
    pieces: list[Piece] = []
    for line in lines:
        if len(line) != 4:
            at = line[4] if len(line) > 4 else line[0]
            raise at.error(f"a piece has 4 labels (top right bottom left), this line has "
                           f"{len(line)}")
        for token in line:
            if not INTEGER.match(token.text):
                raise token.error(f"expected an integer edge label, found {token.text!r}")
        pieces.append(piece_of([int(token.text) for token in line]))
    return pieces


def _check_count(pieces: Sequence[Piece], lines: Sequence[Sequence[Token]], rows: int,
                 cols: int, variant: str, where: Token | str) -> None:
    expected = expected_count(rows, cols, variant)
    if len(pieces) == expected:
        return
    shape = "frame of a" if variant.startswith("contour") else "whole"
    message = (f"{len(pieces)} piece(s) given, but the {shape} {rows}×{cols} board needs "
               f"{expected} (variant {variant})")
    if len(pieces) > expected and fixed(variant):
        place = "frame cell" if variant.startswith("contour") else "cell"
        raise lines[expected][0].error(message + f"; this piece would be fixed at {place} "
                                       f"{expected + 1}, off the board")
    if len(pieces) > expected:
        raise lines[expected][0].error(message + "; this piece is one too many")
    raise where.error(message) if isinstance(where, Token) else InputError(message, where, 1, 1)


def sniff(text: str) -> bool:
    """Whether `text` is a piece file. Conservative, as other kinds' grids are lines of
    numbers too: either a header of two positive integers followed by lines of exactly four
    integers whose count fits that board (r·c, or the 2r + 2c − 4 frame cells), or, without a
    header, at least four lines of four non-negative integers with the Eternity II border
    signature: exactly four corner pieces (two adjacent 0 labels), no piece with more zeros,
    and edge pieces (one 0) numbering 2(m + n) − 8 for a board m×n of that many pieces. A
    Sudoku or Shikaku grid with 0 for empty cells has rows with other zero patterns."""
    lines = []
    for line in islice(text_lines(text), 100_001):  # up to the first line of something else
        words = line.split("#", 1)[0].split()
        if len(words) > 4 or not all(INTEGER.match(word) for word in words):
            return False
        if words:
            lines.append(words)
    if len(lines) < 2:
        return False
    if len(lines[0]) == 2:
        a, b = int(lines[0][0]), int(lines[0][1])
        body = lines[1:]
        return (a > 0 and b > 0 and all(len(line) == 4 for line in body)
                and len(body) in (a * b, expected_count(a, b, "contour")))
    if len(lines) < 4 or any(len(line) != 4 for line in lines):
        return False
    pieces = [(int(top), int(right), int(bottom), int(left))
              for top, right, bottom, left in lines]
    if any(label < 0 for piece in pieces for label in piece):
        return False
    return _board_from_borders(pieces) is not None and _corners_adjacent(pieces)


def fit(text: str) -> int:
    """A piece file with a `rows cols` header is certain; the Eternity II border signature
    without a header likely."""
    if not sniff(text):
        return Fit.NO
    first = next((line.split("#", 1)[0].split() for line in text_lines(text)
                  if line.split("#", 1)[0].strip()), [])
    return Fit.CERTAIN if len(first) == 2 else Fit.LIKELY


def _corners_adjacent(pieces: Sequence[Piece]) -> bool:
    for piece in pieces:
        zeros = [side for side in range(4) if piece[side] == 0]
        if len(zeros) > 2 or (len(zeros) == 2 and (zeros[1] - zeros[0]) not in (1, 3)):
            return False
    return True


def _board_from_borders(pieces: Sequence[Piece]) -> tuple[int, int] | None:
    """The board m×n (m ≤ n) that a border-zero piece set implies: 4 corners (two 0 labels),
    2(m + n) − 8 edge pieces (one 0) and m·n pieces; None when the counts fit no board."""
    zeros = [sum(1 for label in piece if label == 0) for piece in pieces]
    corners, edges = zeros.count(2), zeros.count(1)
    if corners != 4 or edges % 2:
        return None
    total, product = (edges + 8) // 2, len(pieces)
    root = math.isqrt(total * total - 4 * product) if total * total >= 4 * product else -1
    if root < 0 or root * root != total * total - 4 * product or (total - root) % 2:
        return None
    rows, cols = (total - root) // 2, (total + root) // 2
    return (rows, cols) if rows >= 2 else None


def read_native(text: str, path: str, options: Options) -> tuple[list[JigsawInstance],
                                                                       bool]:
    """A piece file, one piece a line, four integer labels top right bottom left (0 = flat
    border edge). How the file is read:
      - a first line of two integers is a header: `rows cols`, except in files named like
        Brendan Owen's boards (`pieces_WWxHH.txt`, `eternityNxN.txt`), whose header is
        `width height`;
      - no header (the Eternity II files: clue1-4, e2pieces, meta_*): the board is worked out
        from the border pieces (4 corners, 2(m + n) − 8 edge pieces, m·n pieces, m ≤ n), or is
        a square;
      - TetraVex tiles (`0986`, four digits top left right bottom, `@` marks a tile fixed in
        place, which is refused): a square board.
    Options (the command line's --variant, --matching, --border, --board) override all this:
    `board` (rows, cols) wins over any header. Defaults: variant puzzle, border zero, matching
    opposite for files with a `rows cols` header, equal for Eternity II and Brendan files;
    TetraVex files default to orientation, equal, free."""
    lines = tokenize_rows(text, path, BLOCK_LIMITS["pieces"], "pieces")
    if not lines:
        raise InputError("empty file, expected jigsaw pieces (top right bottom left a line)",
                         path, 1, 1)
    style = _style(lines, path)
    if style == "tetravex":
        pieces = _tetravex_pieces(lines)
    else:
        pieces = _pieces(lines[1:] if style in ("native", "brendan") else lines)
    defaults = {"native": ("puzzle", "opposite", "zero"), "brendan": ("puzzle", "equal", "zero"),
                "eternity": ("puzzle", "equal", "zero"),
                "tetravex": ("orientation", "equal", "free")}[style]
    variant = options.get("variant") or defaults[0]
    matching = options.get("matching") or defaults[1]
    border = options.get("border") or defaults[2]
    board = parse_board(options.get("board")) or _board(style, lines, pieces, path, variant,
                                                         border)
    rows, cols = board
    body = lines[1:] if style in ("native", "brendan") else lines
    _check_count(pieces, body, rows, cols, variant, lines[0][0] if style in (
        "native", "brendan") else path)
    return [JigsawInstance(rows, cols, tuple(pieces), variant, matching, border)], False


def parse_board(text: str | tuple[int, int] | None) -> tuple[int, int] | None:
    """--board RxC (rows x columns), or None when not given."""
    if text is None or isinstance(text, tuple):
        return text
    match = re.fullmatch(r"([0-9]{1,12})[xX×]([0-9]{1,12})", text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise InputError(f"--board: expected rows x columns like 6x12, found {text!r}")
    return int(match.group(1)), int(match.group(2))


def _style(lines: list[list[Token]], path: str) -> str:
    if len(lines[0]) == 2:
        return "brendan" if BRENDAN_NAME.match(PurePath(path).name) else "native"
    if TETRAVEX_TILE.match(lines[0][0].text) and len(lines[0]) <= 2:
        return "tetravex"
    return "eternity"


def _board(style: str, lines: list[list[Token]], pieces: Sequence[Piece], path: str,
           variant: str, border: str) -> tuple[int, int]:
    if style in ("native", "brendan"):
        header = lines[0]
        for token in header:
            if not INTEGER.match(token.text) or int(token.text) < 1:
                raise token.error(f"expected a positive integer board size in the header, "
                                  f"found {token.text!r}")
        first, second = int(header[0].text), int(header[1].text)
        return (second, first) if style == "brendan" else (first, second)
    if border == "zero" and not variant.startswith("contour"):
        found = _board_from_borders(pieces)
        if found is not None:
            return found
    side = math.isqrt(len(pieces))
    if side * side == len(pieces) and not variant.startswith("contour"):
        return side, side
    if variant.startswith("contour") and (len(pieces) + 4) % 4 == 0 and len(pieces) >= 4:
        return (len(pieces) + 4) // 4, (len(pieces) + 4) // 4
    raise InputError(f"cannot tell the board size of {len(pieces)} pieces without a header: "
                     "give --board RxC", path, 1, 1)


def _tetravex_pieces(lines: list[list[Token]]) -> list[Piece]:
    pieces = []
    for line in lines:
        tile = line[0]
        if not TETRAVEX_TILE.match(tile.text):
            raise tile.error(f"expected a TetraVex tile of four digits (top left right "
                             f"bottom), found {tile.text!r}")
        if len(line) > 1:
            raise line[1].error("tiles fixed in place ('@') are not supported; remove the "
                                "mark to solve the puzzle without it")
        top, left, right, bottom = (int(ch) for ch in tile.text)
        pieces.append((top, right, bottom, left))
    return pieces


def to_puz(instance: JigsawInstance) -> str:
    """The instance in the .puz language."""
    title = instance.title.replace('"', "'") if instance.title else None
    head = f'jigsaw "{title}" {{' if title else "jigsaw {"
    width = max((len(str(label)) for piece in instance.pieces for label in piece), default=1)
    body = "".join("    " + " ".join(str(label).rjust(width) for label in piece) + "\n"
                   for piece in instance.pieces)
    return (f"{head}\n  size: {instance.rows}x{instance.cols}\n  variant: {instance.variant}\n"
            f"  matching: {instance.matching}\n  border: {instance.border}\n"
            f"  pieces {{\n    # top right bottom left\n{body}  }}\n}}\n")
