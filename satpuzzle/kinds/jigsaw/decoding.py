"""A model's true cell variables as jigsaw placements (canonical: among identical pieces the
lowest input index goes to the first cell in row-major order, each piece turned by the smallest
rotation showing its cell's labels), and `--forced` in the puzzle's words."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable
from typing import TypeGuard, cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.jigsaw.puzzle import (
    Cell,
    CellName,
    JigsawInstance,
    Piece,
    Placement,
    Solution,
    fixed,
    piece_class,
    piece_of,
    puzzle_cells,
    rotated,
    rotates,
)


def decode(instance: JigsawInstance, true_names: Iterable[VarName]) -> Solution:
    """The canonical placement showing the labels of the true cell variables."""
    cells = (cast(CellName, name) for name in true_names if name[0] == "cell")  # as encode names
    return placements_for(instance, {(name[1], name[2]): piece_of(name[3:7]) for name in cells})


def placements_for(instance: JigsawInstance, shown: dict[Cell, Piece]) -> Solution:
    """Placements making each cell show `shown[cell]`: identical pieces in input order over the
    cells in row-major order, each turned by the smallest rotation that shows the labels."""
    cells = puzzle_cells(instance)
    board: list[list[Placement | None]] = [[None] * instance.cols for _ in range(instance.rows)]
    if fixed(instance.variant):
        for index, cell in enumerate(cells):
            board[cell[0]][cell[1]] = (index, _turns(instance.pieces[index], shown[cell]))
        return tuple(tuple(row) for row in board)
    free: dict[Piece, list[int]] = defaultdict(list)
    for index, piece in enumerate(instance.pieces):
        free[piece_class(piece, instance.variant)].append(index)
    for queue in free.values():
        queue.reverse()  # pop() takes the lowest index
    for cell in sorted(cells):
        index = free[piece_class(shown[cell], instance.variant)].pop()
        board[cell[0]][cell[1]] = (index, _turns(instance.pieces[index], shown[cell]))
    return tuple(tuple(row) for row in board)


@functools.lru_cache(maxsize=1 << 16)  # decoding asks it for every cell of every board
def _turns(piece: Piece, labels: Piece) -> int:
    return next(t for t in range(4) if rotated(piece, t) == tuple(labels))


# ---------------------------------------------------------------- forced cells


def _is_cell_name(name: VarName) -> TypeGuard[CellName]:
    """Whether `name` is a cell variable's name: a tuple ("cell", six ints)."""
    return (type(name) is tuple and len(name) == 7 and name[0] == "cell"
            and all(type(v) is int for v in name[1:]))


def forced_text(instance: JigsawInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: per puzzle cell (1-based), the placement it is forced to
    show, `r1c2 = 4r2` as in the solution grid (piece 4 counting from 1, two quarter turns;
    identical pieces are listed together, `4r2 or 7r1`, since a board does not tell them
    apart), or `r2c2 open` with how many label tuples are ruled out there."""
    shown: dict[Cell, Piece] = {}
    ruled_out: dict[Cell, int] = {}
    for name, value in forced.items():
        if not _is_cell_name(name):  # every cell variable's name is one
            continue
        cell = (name[1], name[2])
        if value:
            shown[cell] = name[3:7]
        else:
            ruled_out[cell] = ruled_out.get(cell, 0) + 1
    cells = puzzle_cells(instance)
    turns = range(4) if rotates(instance.variant) else range(1)
    lines = []
    for r, c in sorted(cells):
        label = f"r{r + 1}c{c + 1}"
        if (r, c) not in shown:
            count = ruled_out.get((r, c), 0)
            lines.append(f"{label} open" + (f", {count} label tuple(s) ruled out"
                                            if count else ""))
            continue
        indices = ([cells.index((r, c))] if fixed(instance.variant)
                   else range(len(instance.pieces)))
        placements = []
        for index in indices:
            turn = next((t for t in turns if rotated(instance.pieces[index], t) == shown[(r, c)]),
                        None)
            if turn is not None:
                placements.append(f"{index + 1}r{turn}")
        lines.append(f"{label} = {' or '.join(placements)}")
    return lines
