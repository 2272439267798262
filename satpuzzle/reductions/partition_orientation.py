"""PARTITION ≤ PUZZLE-ORIENTATION (Behague (2024), §3.3, Théorème 3.3).

As in §3.1 each number x becomes a block of x pieces chained by a label of its own, but the
blocks are interior pieces now and nothing turns. The board is 4 rows × (S/2 + 2) columns
(S the sum): rows 1 and 2 hold the blocks between the two side columns; the side columns are
the paper's eight border pieces (four a side, chained top to bottom by labels of their own);
the top and bottom rows between them are S/2 plain flat-edged fillers each. Both block rows are
S/2 long, so the blocks of row 1 are one half of a partition.

Repair of the paper (docs/REDUCTIONS.md): the paper leaves the board size and the fillers to a
missing figure; an odd sum is doubled first, as in partition_contour.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece, Solution, placed
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.reductions.partition_contour import canonical, check_numbers, random_numbers, refusal

NAME = "partition-orientation"
SOURCE_KIND = "partition"

TOP_CHAIN, BOTTOM_CHAIN, ROW, STACK = 1, 2, 3, 4
LEFT_1, LEFT_2, LEFT_3, RIGHT_1, RIGHT_2, RIGHT_3 = 5, 6, 7, 8, 9, 10
BLOCK_BASE = 11

# The eight border pieces (top, right, bottom, left): the left column top to bottom, then the
# right column top to bottom. They are pieces 0..7 of the reduced instance.
LEFT_COLUMN: tuple[Piece, ...] = (
    (0, TOP_CHAIN, LEFT_1, 0), (-LEFT_1, ROW, LEFT_2, 0), (-LEFT_2, ROW, LEFT_3, 0),
    (-LEFT_3, BOTTOM_CHAIN, 0, 0))
RIGHT_COLUMN: tuple[Piece, ...] = (
    (0, 0, RIGHT_1, -TOP_CHAIN), (-RIGHT_1, 0, RIGHT_2, -ROW), (-RIGHT_2, 0, RIGHT_3, -ROW),
    (-RIGHT_3, 0, 0, -BOTTOM_CHAIN))
TOP_FILLER: Piece = (0, TOP_CHAIN, -STACK, -TOP_CHAIN)
BOTTOM_FILLER: Piece = (STACK, BOTTOM_CHAIN, 0, -BOTTOM_CHAIN)
BORDER_COUNT = 8


@dataclass(frozen=True)
class Layout:
    """The block lengths (numbers, doubled when the sum is odd), the pieces (8 border pieces,
    S/2 top fillers, S/2 bottom fillers, then the blocks) and each block's piece indices from
    its left end."""

    lengths: tuple[int, ...]
    pieces: tuple[Piece, ...]
    blocks: tuple[tuple[int, ...], ...]

    @property
    def half(self) -> int:
        return sum(self.lengths) // 2


def layout(numbers: tuple[int, ...]) -> Layout:
    check_numbers(numbers)
    lengths = tuple(numbers) if sum(numbers) % 2 == 0 else tuple(2 * x for x in numbers)
    half = sum(lengths) // 2
    pieces: list[Piece] = [*LEFT_COLUMN, *RIGHT_COLUMN]
    pieces += [TOP_FILLER] * half + [BOTTOM_FILLER] * half
    blocks = []
    for i, length in enumerate(lengths):
        start = len(pieces)
        chain = BLOCK_BASE + i
        for j in range(length):
            left = -ROW if j == 0 else -chain
            right = ROW if j == length - 1 else chain
            # STACK up, -STACK down: a block piece fits under a filler, over or under another
            # block piece and over a bottom filler, in either block row
            pieces.append((STACK, right, -STACK, left))
        blocks.append(tuple(range(start, len(pieces))))
    return Layout(lengths, tuple(pieces), tuple(blocks))


def accepts(source: PartitionInstance) -> str | None:
    """Why `reduce` refuses this source (None: it does not), before any work."""
    return refusal(source.numbers, 2, 8)


def reduce(source: PartitionInstance) -> JigsawInstance:
    """The PUZZLE-ORIENTATION instance: 4 × (S/2 + 2) board, 2S + 8 pieces."""
    too_large = accepts(source)
    if too_large:
        raise InputError(too_large)
    plan = layout(source.numbers)
    return JigsawInstance(4, plan.half + 2, plan.pieces, variant="orientation",
                          title=f"{NAME}: {' '.join(map(str, source.numbers))}")


def to_target(source: PartitionInstance, target: JigsawInstance,
              source_solution: tuple[int, ...]) -> Solution:
    """The intended board: the chosen part's blocks in row 1, the rest in row 2."""
    plan = layout(source.numbers)
    chosen = set(source_solution)
    rows = ([p for i, b in enumerate(plan.blocks) if i in chosen for p in b],
            [p for i, b in enumerate(plan.blocks) if i not in chosen for p in b])
    if len(rows[0]) != plan.half:
        raise ValueError(f"{sorted(chosen)} is not a part of half the sum")
    half, cols = plan.half, plan.half + 2
    top_fillers = range(BORDER_COUNT, BORDER_COUNT + half)
    bottom_fillers = range(BORDER_COUNT + half, BORDER_COUNT + 2 * half)
    board = []
    for r, middle in enumerate((top_fillers, rows[0], rows[1], bottom_fillers)):
        board.append(tuple((p, 0) for p in (r, *middle, 4 + r)))
    assert all(len(row) == cols for row in board)
    return tuple(board)


def to_source(source: PartitionInstance, target: JigsawInstance,
              target_solution: Solution) -> tuple[int, ...]:
    """The numbers whose blocks lie in row 1 (in every valid board row 1 holds whole blocks
    of total length S/2, docs/REDUCTIONS.md)."""
    plan = layout(source.numbers)
    owner = {p: i for i, block in enumerate(plan.blocks) for p in block}
    row = [placed(target_solution, (1, c))[0] for c in range(target.cols)]
    part = {owner[index] for index in row if index in owner}
    return canonical(part, len(source.numbers))


def random_source(rng: random.Random, size: int) -> PartitionInstance:
    numbers = random_numbers(rng, size)
    return PartitionInstance(numbers, title="random " + " ".join(map(str, numbers)))
