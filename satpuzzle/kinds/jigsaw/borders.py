"""Which sides of the pieces are the border's, chosen by rank where their count is known.

A board of R × C pieces (R, C ≥ 2) has exactly 2(R + C) flat sides: two on each of its 4
corner pieces (adjacent), one on each of its 2(R + C) − 8 edge pieces, none inside. Read one
by one against a threshold (satpuzzle.kinds.jigsaw.sides.FLAT), a nearly straight interior
edge of a real puzzle reads flat like a border side (the puzzle-bot 1000-piece puzzle has
sides within 0.044 to 0.060 of their chords where its flat sides keep within 0.03), and the
counts then fit no board. When the board is known, the flat sides are instead the set of
that structure whose sides stray least from their chords in total (an assignment: each piece
interior, edge or corner at the cost of its flattest side or its flattest two adjacent
sides; a transportation problem, solved exactly as a linear program); every other side is a
tab or a blank by the side of its chord it lies on (sides.bump_shape), however nearly
straight. A board whose border would need a side straying more than FARTHEST from its chord
taken flat is not these pieces' board: nothing is changed.

Without the board, when the threshold's flat sides fit none: each board R × C (R, C ≥ 2) of
the piece count whose 2(R + C) is within SLACK of the flat sides read gets its flat sides by
rank as above, and the one whose flat sides stand apart best from the others is taken (the
least deviation of a side left a bump over the greatest of a side taken flat: where the
flatness jumps); none when no board passes the bound above or would take a side within
NEAREST of its chord for a tab or a blank (cut-line files of straight cuts), or two stand
apart alike (nothing is changed, the board stays unknown and the caller asks for --board).

The threshold's reading is kept whenever it already fits the board (or, without one, some
board), so that outlines read right are read as before.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import numpy.typing as npt

from satpuzzle.kinds.jigsaw import outlines
from satpuzzle.kinds.jigsaw import sides as side_shapes

SLACK = 0.1  # of the flat sides read: a board needing more or fewer than this is not guessed
MIN_SLACK = 4  # sides: small boards may miss by one near-straight edge (two sides)
FARTHEST = 2 * side_shapes.FLAT  # a side taken flat by rank strays at most this far from
# its chord (in chord lengths): real near-straight interior sides reach 0.06, bumps 0.2
NEAREST = side_shapes.FLAT / 2  # and, the board not known, a side taken for a tab or a
# blank at least this far: real flat sides keep within 0.03, near-straight interior ones
# reach 0.044 (cut-line files of straight cuts have interior sides as straight as their
# border); a board known takes any side left a bump for one


def settled(pieces: list[side_shapes.Piece], size: tuple[int, int] | None
            ) -> list[side_shapes.Piece]:
    """The pieces with their flat sides chosen by rank for the board `size` (rows, cols),
    or for the board told by the flat sides when `size` is None; unchanged when the
    threshold's flat sides already fit it, or when no board can be told. Pieces of a puzzle
    cut on a grid get their corners completed first (sides.on_grid)."""
    pieces = side_shapes.on_grid(pieces)
    if len(pieces) < 4:
        return pieces
    flats = [[side.shape == side_shapes.FLAT_LABEL for side in piece.sides]
             for piece in pieces]
    fitting = _fitting_size(flats)
    if size is None:
        if fitting is not None:
            return pieces
        boards = near_boards(len(pieces), sum(map(sum, flats)))
    elif size[0] * size[1] != len(pieces) or min(size) < 2 or fitting == (min(size),
                                                                          max(size)):
        return pieces  # the board given holds another count (its own error says so), or fits
    else:
        boards = [size]
    deviation = np.array([[side_shapes.deviation(side) for side in piece.sides]
                          for piece in pieces])
    # a board known needs its border flat and every other side a tab or a blank, however
    # nearly straight (piecemaker's stochastic nubs keep within 0.02 of their chords)
    nearest = 0.0 if size is not None else NEAREST
    found = [(_apart(deviation, chosen, nearest), chosen)
             for chosen in (flat_sides(deviation, rows, cols) for rows, cols in boards)]
    found = sorted((item for item in found if item[0] > 0), key=lambda item: -item[0])
    if not found or (len(found) > 1 and found[1][0] == found[0][0]):
        return pieces
    return [_reclassed(piece, found[0][1][p]) for p, piece in enumerate(pieces)]


def near_boards(count: int, flats: int) -> list[tuple[int, int]]:
    """The boards R × C (R ≤ C, R ≥ 2) of `count` pieces whose 2(R + C) flat sides are
    within SLACK of `flats` (at least MIN_SLACK), nearest first."""
    slack = max(MIN_SLACK, SLACK * flats)
    boards = [(rows, count // rows) for rows in range(2, int(count ** 0.5) + 1)
              if count % rows == 0 and abs(2 * (rows + count // rows) - flats) <= slack]
    return sorted(boards, key=lambda board: abs(2 * sum(board) - flats))


def _apart(deviation: npt.NDArray[np.float64], chosen: list[tuple[int, ...]],
           nearest: float = NEAREST) -> float:
    """How far apart the sides taken flat stand from the others: the least deviation of a
    side left a bump over the greatest of a side taken flat; 0 when a side taken flat
    strays past FARTHEST or one left a bump keeps within `nearest`."""
    taken = np.zeros(deviation.shape, dtype=bool)
    for p, flat in enumerate(chosen):
        taken[p, list(flat)] = True
    flattest_bump = float(deviation[~taken].min(initial=1.0))
    least_flat = float(deviation[taken].max(initial=0.0))
    if least_flat > FARTHEST or flattest_bump < nearest:
        return 0.0
    return flattest_bump / max(least_flat, 1e-9)


def flat_sides(deviation: npt.NDArray[np.float64], rows: int, cols: int
               ) -> list[tuple[int, ...]]:
    """Per piece, its sides (0-3) taken as flat: 4 corner pieces with two adjacent flat
    sides, 2(rows + cols) − 8 edge pieces with one, the others none, the flat sides'
    deviations (`deviation`: pieces × 4) least in total."""
    count = len(deviation)
    edges = 2 * (rows + cols) - 8
    single = deviation.argmin(axis=1)
    pairs = deviation + np.roll(deviation, -1, axis=1)  # sides k and k + 1
    double = pairs.argmin(axis=1)
    role = _roles(deviation.min(axis=1), pairs.min(axis=1), edges)
    chosen: list[tuple[int, ...]] = []
    for p in range(count):
        if role[p] == 1:
            chosen.append((int(single[p]),))
        elif role[p] == 2:
            chosen.append((int(double[p]), (int(double[p]) + 1) % 4))
        else:
            chosen.append(())
    return chosen


def _roles(edge_cost: npt.NDArray[np.float64], corner_cost: npt.NDArray[np.float64],
           edges: int) -> list[int]:
    """Per piece 0 (interior), 1 (edge) or 2 (corner): `edges` edge pieces and 4 corners of
    least total cost. A transportation problem (pieces to three roles): its constraint matrix
    is totally unimodular, so the simplex's vertex is whole."""
    try:
        from scipy.optimize import linprog
        from scipy.sparse import coo_matrix
    except ImportError:
        raise outlines.missing("scipy", "choosing the border's sides") from None

    count = len(edge_cost)
    # variables: x[p] edge, x[count + p] corner; each piece at most one role
    each = coo_matrix((np.ones(2 * count), (np.tile(np.arange(count), 2),
                                            np.arange(2 * count))), shape=(count, 2 * count))
    totals = coo_matrix((np.ones(2 * count), (np.repeat([0, 1], count),
                                              np.arange(2 * count))), shape=(2, 2 * count))
    result = linprog(np.concatenate([edge_cost, corner_cost]), A_ub=each.tocsr(),
                     b_ub=np.ones(count), A_eq=totals.tocsr(), b_eq=[edges, 4],
                     bounds=(0, 1), method="highs-ds")
    if result.status != 0:  # cannot be: 2(R + C) - 4 <= R C for R, C >= 2
        raise AssertionError(f"no {edges} edges and 4 corners among {count} pieces")
    taken = np.rint(result.x).astype(int)
    role = [int(taken[p]) + 2 * int(taken[count + p]) for p in range(count)]
    if role.count(1) != edges or role.count(2) != 4 or max(role) > 2:
        raise AssertionError("the simplex's vertex is not whole")  # cannot be (unimodular)
    return role


def _reclassed(piece: side_shapes.Piece, flat: tuple[int, ...]) -> side_shapes.Piece:
    """The piece with exactly the sides `flat` flat, each other side a tab or a blank."""
    sides = tuple(dataclasses.replace(side, shape=side_shapes.FLAT_LABEL if k in flat
                                      else side_shapes.bump_shape(side.profile))
                  for k, side in enumerate(piece.sides))
    return dataclasses.replace(piece, sides=(sides[0], sides[1], sides[2], sides[3]))


def _fitting_size(flats: list[list[bool]]) -> tuple[int, int] | None:
    """The board (rows ≤ cols) these flat sides make: 4 corners with adjacent flats, the
    edge pieces a board of that many pieces has, no piece with more; else None."""
    counts = [sum(row) for row in flats]
    if max(counts) > 2 or any(n == 2 and (row[0] == row[2]) for n, row in zip(counts, flats)):
        return None
    corners, edges = counts.count(2), counts.count(1)
    if corners != 4:
        return None
    total = (edges + 8) // 2
    for rows in range(2, int(len(flats) ** 0.5) + 1):
        if len(flats) % rows == 0 and rows + len(flats) // rows == total and edges % 2 == 0:
            return rows, len(flats) // rows
    return None
