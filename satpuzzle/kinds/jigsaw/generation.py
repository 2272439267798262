"""Random solvable jigsaw puzzles (`satpuzzle generate`)."""

from __future__ import annotations

import random

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import (
    BORDERS,
    BOTTOM,
    MATCHINGS,
    MAX_GENERATED_CELLS,
    RIGHT,
    STEPS,
    VARIANTS,
    JigsawInstance,
    fixed,
    frame_cells,
    partner,
    piece_of,
    rotated,
    rotates,
)

# ---------------------------------------------------------------- generator


def generate(rows: int, cols: int, *, labels: int, variant: str = "puzzle", seed: int = 0,
             matching: str = "opposite", border: str = "zero") -> JigsawInstance:
    """A random solvable instance: labels 1..`labels` on the shared edges (a random sign per
    edge for opposite matching), outer edges 0 (border zero) or random labels (border free);
    then the pieces are shuffled and turned as the variant allows (position variants keep
    their cells, orientation variants their rotation, contour variants use the frame only).
    The same arguments always give the same instance."""
    if rows < 1 or cols < 1 or labels < 1:
        raise InputError(f"cannot generate a {rows}×{cols} jigsaw with {labels} label(s): "
                         "sizes and label count must be at least 1")
    if rows * cols > MAX_GENERATED_CELLS:  # before building the board
        raise InputError(f"cannot generate a {rows}×{cols} jigsaw: at most "
                         f"{MAX_GENERATED_CELLS} cells")
    if variant not in VARIANTS or matching not in MATCHINGS or border not in BORDERS:
        raise InputError(f"unknown variant, matching or border: {variant}, {matching}, "
                         f"{border}")
    rng = random.Random(seed)
    board = [[[0, 0, 0, 0] for _ in range(cols)] for _ in range(rows)]

    def label() -> int:
        value = rng.randint(1, labels)
        return value if matching == "equal" or rng.random() < 0.5 else -value

    for r in range(rows):
        for c in range(cols):
            for side, (dr, dc) in enumerate(STEPS):
                r2, c2 = r + dr, c + dc
                if not (0 <= r2 < rows and 0 <= c2 < cols):
                    board[r][c][side] = label() if border == "free" else 0
                elif side in (RIGHT, BOTTOM):
                    value = label()
                    board[r][c][side] = value
                    board[r2][c2][(side + 2) % 4] = partner(value, matching)
    cells = (frame_cells(rows, cols) if variant.startswith("contour")
             else [(r, c) for r in range(rows) for c in range(cols)])
    pieces = [piece_of(board[r][c]) for r, c in cells]
    if not fixed(variant):
        rng.shuffle(pieces)
    if rotates(variant):
        pieces = [rotated(piece, rng.randrange(4)) for piece in pieces]
    title = f"generated {rows}x{cols} {variant}, {labels} labels, seed {seed}"
    return JigsawInstance(rows, cols, tuple(pieces), variant, matching, border, title)
