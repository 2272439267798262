"""Sides two pieces of one cut are known to share: one is the tab, the other the blank.

In a cut-line file the pieces lie in place and their corners are the crossings of the cut
lines, so two pieces meeting along an edge have that edge's two crossings as the ends of a
side each, in opposite order. Their curves are then one curve, and one must be read as the
tab of the other's blank. Read apart, a side whose bump is weak beside its shoulders (small
tabs, large jitter: Draradech's generator at 10 % tabs) can weigh nearly nothing either way,
and both may be read alike (1 edge in 1,620 there); the one that weighs less then takes the
other sign. Nothing else changes: which sides pair is still for the grouping to find.
"""

from __future__ import annotations

import dataclasses

from satpuzzle.kinds.jigsaw import sides as side_shapes

Ends = tuple[tuple[float, float], tuple[float, float]]


def opposed(pieces: list[side_shapes.Piece]) -> list[side_shapes.Piece]:
    """The pieces, a side read alike with the side another piece shares with it (the same
    two known corners, in opposite order) turned to the other sign where it weighs less."""
    by_ends: dict[Ends, tuple[int, int]] = {}
    for p, piece in enumerate(pieces):
        if piece.known is None:
            continue
        for s, side in enumerate(piece.sides):
            if side.shape != side_shapes.FLAT_LABEL:
                by_ends[_ends(piece, s)] = (p, s)
    flipped: set[tuple[int, int]] = set()
    for (start, end), (p, s) in by_ends.items():
        partner = by_ends.get((end, start))
        if partner is None or partner < (p, s):
            continue  # no partner, or the pair is seen from its other side
        q, t = partner
        if pieces[p].sides[s].shape == pieces[q].sides[t].shape:
            weights = [abs(side_shapes.bump_weight(pieces[i].sides[k].profile))
                       for i, k in ((p, s), (q, t))]
            flipped.add((p, s) if weights[0] <= weights[1] else (q, t))
    return [_flipped(piece, [s for s in range(4) if (p, s) in flipped])
            for p, piece in enumerate(pieces)]


def _ends(piece: side_shapes.Piece, side: int) -> Ends:
    start, end = piece.corner_points[side], piece.corner_points[(side + 1) % 4]
    return (float(start[0]), float(start[1])), (float(end[0]), float(end[1]))


def _flipped(piece: side_shapes.Piece, which: list[int]) -> side_shapes.Piece:
    if not which:
        return piece
    sides = tuple(dataclasses.replace(side, shape=-side.shape) if k in which else side
                  for k, side in enumerate(piece.sides))
    return dataclasses.replace(piece, sides=(sides[0], sides[1], sides[2], sides[3]))
