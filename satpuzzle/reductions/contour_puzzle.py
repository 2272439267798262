"""CONTOUR ≤ PUZZLE (Behague (2024), §3.2, Théorème 3.2).

The contour pieces are kept; on each edge piece the label opposite its flat side (the one that
faces the interior, unconstrained in CONTOUR) is replaced by a fresh label A. The interior is
filled with (m−2)(n−2) pieces labelled only ±A, ring by ring as in the paper: ring k (k = 1, 2,
…) shows −A outwards and A inwards and is chained clockwise by A → −A; a central band of width
1 or 2 closes it. No interior piece has a flat side, so none can go on the frame, and every
frame piece has one, so none can go inside; the interior tiles whatever the contour is, since
every frame piece shows A inwards. Hence the puzzle has a solution iff the contour has one.

Repair of the paper (docs/REDUCTIONS.md): the inward side is undefined for a piece with two
opposite flat sides (0, x, 0, y); such a piece fits a side cell both ways round in CONTOUR and
only one way round once a side is relabelled. Those instances are refused (CONTOUR restricted
to pieces with one flat side or two adjacent ones stays NP-hard: PARTITION ≤ CONTOUR produces
only those). Boards with a side ≤ 2 have no interior: CONTOUR is PUZZLE there, the reduction
keeps the pieces.
"""

from __future__ import annotations

import random

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import (
    JigsawInstance,
    Piece,
    Solution,
    frame_cells,
    piece_of,
    rotated,
)
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.reductions import partition_contour

NAME = "contour-puzzle"
SOURCE_KIND = "jigsaw"

Cell = tuple[int, int]
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # neighbour above, right, below, left


def check_source(source: JigsawInstance) -> None:
    """The paper's CONTOUR: a contour board with opposite matching and flat outer edges, and
    (on boards with an interior) no piece with two opposite flat sides."""
    if (source.variant, source.matching, source.border) != ("contour", "opposite", "zero"):
        raise InputError(f"{NAME}: expected a contour instance with opposite matching and "
                         f"border zero, found variant {source.variant}, matching "
                         f"{source.matching}, border {source.border}")
    if len(source.pieces) != len(frame_cells(source.rows, source.cols)):
        raise InputError(f"{NAME}: a {source.rows}x{source.cols} contour needs "
                         f"{len(frame_cells(source.rows, source.cols))} pieces, found "
                         f"{len(source.pieces)}")
    if has_interior(source):
        for index, piece in enumerate(source.pieces):
            if reversible(piece):
                raise InputError(
                    f"{NAME}: piece {index} {piece} has two opposite flat sides, so its "
                    "inward side is undefined; the reduction needs every piece to have one "
                    "flat side or two adjacent ones (see docs/REDUCTIONS.md)")


def has_interior(board: JigsawInstance) -> bool:
    return board.rows >= 3 and board.cols >= 3


def reversible(piece: Piece) -> bool:
    zeros = [side for side in range(4) if piece[side] == 0]
    return len(zeros) == 2 and zeros[1] - zeros[0] == 2


def fresh_label(source: JigsawInstance) -> int:
    """A, one more than every label of the source."""
    return 1 + max((abs(v) for piece in source.pieces for v in piece), default=0)


def frame_piece(piece: Piece, a: int) -> Piece:
    """The piece with its inward side (opposite its only flat side) relabelled A; pieces with
    no flat side or several keep their labels (they have no inward side on any frame cell)."""
    zeros = [side for side in range(4) if piece[side] == 0]
    if len(zeros) != 1:
        return piece
    labels = list(piece)
    labels[(zeros[0] + 2) % 4] = a
    return piece_of(labels)


def ring_of(cell: Cell, rows: int, cols: int) -> int:
    r, c = cell
    return min(r, c, rows - 1 - r, cols - 1 - c)


def ring_cells(k: int, rows: int, cols: int) -> list[Cell]:
    """The cells of ring k (the frame is ring 0), clockwise from its top-left cell."""
    return [(r + k, c + k) for r, c in frame_cells(rows - 2 * k, cols - 2 * k)]


def interior_board(rows: int, cols: int, a: int) -> dict[Cell, Piece]:
    """The interior piece of every interior cell in the intended tiling. Every edge between two
    cells gets A on one side and −A on the other: the outer ring's side gets A; inside a ring
    the side earlier clockwise gets A (a ring is a cycle, a band of width 1 a path, and the
    crossing edges of a band of width 2 go from its first row or column to the other)."""
    rank: dict[Cell, int] = {}
    cycle_next: dict[Cell, Cell] = {}
    for k in range(1, (min(rows, cols) + 1) // 2):
        cells = ring_cells(k, rows, cols)
        rank.update((cell, i) for i, cell in enumerate(cells))
        if rows - 2 * k >= 2 and cols - 2 * k >= 2:
            cycle_next.update((cell, cells[(i + 1) % len(cells)]) for i, cell in enumerate(cells))

    def gets_a(cell: Cell, other: Cell) -> bool:
        mine, theirs = ring_of(cell, rows, cols), ring_of(other, rows, cols)
        if mine != theirs:
            return mine < theirs
        if cycle_next.get(cell) == other:
            return True
        if cycle_next.get(other) == cell:
            return False
        return rank[cell] < rank[other]

    board: dict[Cell, Piece] = {}
    for r in range(1, rows - 1):
        for c in range(1, cols - 1):
            labels = [a if gets_a((r, c), (r + dr, c + dc)) else -a for dr, dc in _STEPS]
            board[(r, c)] = piece_of(labels)
    return board


def accepts(source: object) -> str | None:
    """Why `reduce` refuses this source before any work: never (its size is polynomial in
    the source's)."""
    return None


def reduce(source: JigsawInstance) -> JigsawInstance:
    """The PUZZLE instance on the same m × n board: the 2m + 2n − 4 contour pieces (inward side
    relabelled A) first, in their order, then the (m − 2)(n − 2) interior pieces row-major."""
    check_source(source)
    title = f"{NAME}: {source.title}" if source.title else NAME
    if not has_interior(source):
        return JigsawInstance(source.rows, source.cols, source.pieces, variant="puzzle",
                              title=title)
    a = fresh_label(source)
    pieces = [frame_piece(piece, a) for piece in source.pieces]
    pieces += interior_board(source.rows, source.cols, a).values()
    return JigsawInstance(source.rows, source.cols, tuple(pieces), variant="puzzle", title=title)


def to_target(source: JigsawInstance, target: JigsawInstance,
              source_solution: Solution) -> Solution:
    """The contour as it is, the interior pieces on their own cells."""
    frame = set(frame_cells(source.rows, source.cols))
    interior = iter(range(len(source.pieces), len(target.pieces)))
    board = []
    for r in range(source.rows):
        row = []
        for c in range(source.cols):
            row.append(source_solution[r][c] if (r, c) in frame else (next(interior), 0))
        board.append(tuple(row))
    return tuple(board)


def to_source(source: JigsawInstance, target: JigsawInstance,
              target_solution: Solution) -> Solution:
    """The frame of the puzzle with the interior emptied: frame pieces are the contour pieces
    (same index, same turn, same labels along and outside the frame)."""
    frame = set(frame_cells(source.rows, source.cols))
    return tuple(tuple(target_solution[r][c] if (r, c) in frame else None
                       for c in range(source.cols)) for r in range(source.rows))


def random_contour(rng: random.Random, rows: int, cols: int, alphabet: int) -> JigsawInstance:
    """A contour with a solution: random labels from ±1..alphabet along the frame and facing
    inwards, flat outside; then every piece is turned at random and the pieces shuffled."""
    cells = frame_cells(rows, cols)
    labels = {cell: [0, 0, 0, 0] for cell in cells}
    on_board = set(cells)
    for (r, c) in cells:
        for side, (dr, dc) in enumerate(_STEPS):
            other = (r + dr, c + dc)
            if other in on_board and side in (1, 2):  # each frame-frame edge once
                value = rng.choice((1, -1)) * rng.randint(1, alphabet)
                labels[(r, c)][side], labels[other][(side + 2) % 4] = value, -value
            elif not (0 <= other[0] < rows and 0 <= other[1] < cols):
                labels[(r, c)][side] = 0
            elif other not in on_board:
                labels[(r, c)][side] = rng.choice((1, -1)) * rng.randint(1, alphabet)
    pieces = [rotated(piece_of(labels[cell]), rng.randrange(4)) for cell in cells]
    rng.shuffle(pieces)
    return JigsawInstance(rows, cols, tuple(pieces), variant="contour")


def spoil(rng: random.Random, board: JigsawInstance, alphabet: int) -> JigsawInstance:
    """The board with one non-zero label of one piece changed to another non-zero label: often
    leaves no contour, sometimes another one."""
    pieces = [list(p) for p in board.pieces]
    piece = rng.choice(pieces)
    side = rng.choice([s for s in range(4) if piece[s] != 0])
    choices = [v for v in range(-alphabet, alphabet + 1) if v not in (0, piece[side])]
    piece[side] = rng.choice(choices)
    return JigsawInstance(board.rows, board.cols, tuple(map(piece_of, pieces)),
                          variant="contour")


def random_source(rng: random.Random, size: int) -> JigsawInstance:
    """A small contour (sides 3..max(3, size), at most 5), half of them spoiled; one draw in
    five is a PARTITION ≤ CONTOUR image of three numbers instead."""
    if rng.random() < 0.2:
        numbers = tuple(rng.randint(1, 3) for _ in range(3))
        return partition_contour.reduce(PartitionInstance(numbers))
    top = max(3, min(size, 5))
    rows, cols = rng.randint(3, top), rng.randint(3, top)
    alphabet = rng.randint(2, 3)
    board = random_contour(rng, rows, cols, alphabet)
    return spoil(rng, board, alphabet) if rng.random() < 0.5 else board
