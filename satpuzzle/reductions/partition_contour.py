"""PARTITION ≤ CONTOUR (Behague (2024), §3.1, Théorème 3.1).

Each number x becomes a block: a row of x edge pieces chained by a label owned by that block
alone, so a block cannot be split. Six fixed pieces (four corners and the two middle pieces of
the short sides) close a 3 × (S/2 + 2) frame, S the sum: both long sides hold S/2 block pieces,
so the blocks of one long side are one half of a partition. The paper gives the board as the
couple (S/2 + 2, 3) (width first); here it is 3 rows × (S/2 + 2) columns.

Repair of the paper (docs/REDUCTIONS.md): an odd sum has no board (S/2 is not an integer);
then every number is doubled first (a split of 2E is a split of E and neither exists), which
keeps one construction and one proof for all inputs.

Labels (all absolute values distinct by role): ROW connects blocks to the corners along the
long sides, LEFT_UP/LEFT_DOWN and RIGHT_UP/RIGHT_DOWN chain the short sides, INWARD is the label
facing the empty interior, and block i (0-based, at least 2 long) chains its pieces with
BLOCK_BASE + i.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece, Solution, frame_cells, placed
from satpuzzle.kinds.partition.puzzle import PartitionInstance

NAME = "partition-contour"
SOURCE_KIND = "partition"

ROW, LEFT_UP, LEFT_DOWN, RIGHT_UP, RIGHT_DOWN, INWARD = 1, 2, 3, 4, 5, 6
BLOCK_BASE = 7

# The six fixed pieces (top, right, bottom, left), clockwise from the top-left corner; they are
# pieces 0..5 of the reduced instance, the block pieces follow.
TOP_LEFT: Piece = (0, ROW, LEFT_UP, 0)
TOP_RIGHT: Piece = (0, 0, RIGHT_UP, -ROW)
MIDDLE_RIGHT: Piece = (-RIGHT_UP, 0, RIGHT_DOWN, -INWARD)
BOTTOM_RIGHT: Piece = (-RIGHT_DOWN, 0, 0, ROW)
BOTTOM_LEFT: Piece = (-LEFT_DOWN, -ROW, 0, 0)
MIDDLE_LEFT: Piece = (-LEFT_UP, INWARD, LEFT_DOWN, 0)
FIXED = (TOP_LEFT, TOP_RIGHT, MIDDLE_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT, MIDDLE_LEFT)
TOP_LEFT_INDEX, TOP_RIGHT_INDEX, MIDDLE_RIGHT_INDEX, BOTTOM_RIGHT_INDEX, BOTTOM_LEFT_INDEX, \
    MIDDLE_LEFT_INDEX = range(6)


@dataclass(frozen=True)
class Layout:
    """What the construction derives from the numbers: the block lengths (the numbers, doubled
    when their sum is odd), the pieces, and for every block the indices of its pieces from its
    left end (as it lies on the top side) to its right end."""

    lengths: tuple[int, ...]
    pieces: tuple[Piece, ...]
    blocks: tuple[tuple[int, ...], ...]

    @property
    def half(self) -> int:
        return sum(self.lengths) // 2


def check_numbers(numbers: tuple[int, ...]) -> None:
    """PARTITION instances as the partition kind defines them: positive integers, at least one."""
    if not numbers or any(type(x) is not int or x <= 0 for x in numbers):
        raise InputError(f"{NAME}: expected at least one positive integer, found {numbers!r}")


def block_pieces(length: int, chain: int, inward: int, row: int = ROW) -> list[Piece]:
    """A row of `length` pieces, flat side up, left to right: the ends show -row (left) and row
    (right), the joints the block's own label `chain`; `inward` faces down."""
    pieces = []
    for j in range(length):
        left = -row if j == 0 else -chain
        right = row if j == length - 1 else chain
        pieces.append((0, right, inward, left))
    return pieces


def layout(numbers: tuple[int, ...]) -> Layout:
    check_numbers(numbers)
    lengths = tuple(numbers) if sum(numbers) % 2 == 0 else tuple(2 * x for x in numbers)
    pieces: list[Piece] = list(FIXED)
    blocks = []
    for i, length in enumerate(lengths):
        start = len(pieces)
        pieces += block_pieces(length, BLOCK_BASE + i, INWARD)
        blocks.append(tuple(range(start, len(pieces))))
    return Layout(lengths, tuple(pieces), tuple(blocks))


MAX_PIECES = 1_000_000  # a larger jigsaw would not fit in memory, let alone be solved


def piece_count(numbers: tuple[int, ...], per_unit: int, fixed: int) -> int:
    """Pieces of a PARTITION reduction, known before building it: `per_unit` a unit of the
    sum S (doubled when odd), plus `fixed` (pseudo-polynomial: the numbers' size counts)."""
    total = sum(numbers)
    return per_unit * (total if total % 2 == 0 else 2 * total) + fixed


def refusal(numbers: tuple[int, ...], per_unit: int, fixed: int) -> str | None:
    count = piece_count(numbers, per_unit, fixed)
    if count <= MAX_PIECES:
        return None
    return (f"the reduction would make {count:,} jigsaw pieces (it is pseudo-polynomial: one "
            f"piece or more per unit of the sum); at most {MAX_PIECES:,}")


def accepts(source: PartitionInstance) -> str | None:
    """Why `reduce` refuses this source (None: it does not), before any work."""
    return refusal(source.numbers, 1, 6)


def reduce(source: PartitionInstance) -> JigsawInstance:
    """The CONTOUR instance: 3 × (S/2 + 2) board, S + 6 pieces (S after doubling an odd sum)."""
    too_large = accepts(source)
    if too_large:
        raise InputError(too_large)
    plan = layout(source.numbers)
    return JigsawInstance(3, plan.half + 2, plan.pieces, variant="contour",
                          title=f"{NAME}: {' '.join(map(str, source.numbers))}")


def to_target(source: PartitionInstance, target: JigsawInstance,
              source_solution: tuple[int, ...]) -> Solution:
    """The intended contour: the chosen part's blocks along the top, the rest along the bottom
    (turned half round, so read right to left), the six fixed pieces around them."""
    plan = layout(source.numbers)
    chosen = set(source_solution)
    top = [b for i, b in enumerate(plan.blocks) if i in chosen]
    bottom = [b for i, b in enumerate(plan.blocks) if i not in chosen]
    if sum(len(b) for b in top) != plan.half:
        raise ValueError(f"{sorted(chosen)} is not a part of half the sum")
    cols = plan.half + 2
    board: list[list[tuple[int, int] | None]] = [[None] * cols for _ in range(3)]
    board[0][0], board[0][cols - 1] = (TOP_LEFT_INDEX, 0), (TOP_RIGHT_INDEX, 0)
    board[1][cols - 1], board[2][cols - 1] = (MIDDLE_RIGHT_INDEX, 0), (BOTTOM_RIGHT_INDEX, 0)
    board[2][0], board[1][0] = (BOTTOM_LEFT_INDEX, 0), (MIDDLE_LEFT_INDEX, 0)
    top_cells = [p for block in top for p in block]
    for c, piece in enumerate(top_cells, start=1):
        board[0][c] = (piece, 0)
    bottom_cells = [p for block in bottom for p in block]
    for c, piece in zip(range(cols - 2, 0, -1), bottom_cells):
        board[2][c] = (piece, 2)
    return tuple(tuple(row) for row in board)


def to_source(source: PartitionInstance, target: JigsawInstance,
              target_solution: Solution) -> tuple[int, ...]:
    """The numbers whose blocks lie between the top-left corner piece and the next fixed piece,
    walking clockwise round the frame. In every valid contour that run is a whole long side
    (docs/REDUCTIONS.md), whatever the board's turn or the order of equal pieces."""
    plan = layout(source.numbers)
    walk = [placed(target_solution, cell)[0] for cell in frame_cells(target.rows, target.cols)]
    start = walk.index(TOP_LEFT_INDEX)
    owner = {p: i for i, block in enumerate(plan.blocks) for p in block}
    part = set()
    for step in range(1, len(walk)):
        piece = walk[(start + step) % len(walk)]
        if piece < len(FIXED):
            break
        part.add(owner[piece])
    return canonical(part, len(source.numbers))


def canonical(part: set[int], count: int) -> tuple[int, ...]:
    """A split as the partition kind names it: the sorted part that holds index 0."""
    if 0 not in part:
        part = set(range(count)) - part
    return tuple(sorted(part))


def random_numbers(rng: random.Random, size: int) -> tuple[int, ...]:
    """`size` numbers (at least 3) from 1..6: about half of such draws can be split."""
    return tuple(rng.randint(1, 6) for _ in range(max(3, size)))


def random_source(rng: random.Random, size: int) -> PartitionInstance:
    numbers = random_numbers(rng, size)
    return PartitionInstance(numbers, title="random " + " ".join(map(str, numbers)))
