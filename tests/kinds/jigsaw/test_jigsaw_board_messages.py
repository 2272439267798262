"""When the flat sides read from outlines fit no board, the message says which count is
wrong: the corner pieces, or (the four corners found) the edge pieces against what a board
of that many pieces needs (it once said "4 corner pieces found, expected 4")."""

from __future__ import annotations

from satpuzzle.kinds.jigsaw.board import _border_count
from satpuzzle.kinds.jigsaw.puzzle import piece_of


def pieces(corners: int, edges: int, inner: int) -> list:
    return ([piece_of([0, 0, 1, -1])] * corners + [piece_of([0, 1, -1, 2])] * edges
            + [piece_of([1, -1, 2, -2])] * inner)


def test_too_many_corners_are_named():
    assert _border_count(pieces(12, 10, 3)) == "12 corner pieces found, expected 4"


def test_with_four_corners_the_edge_pieces_are_named_with_what_a_board_needs():
    said = _border_count(pieces(4, 9, 12))  # 25 pieces: a 5×5 has 12 edge pieces
    assert said == ("4 corner pieces and 9 edge pieces found; a board of 25 pieces has 12 "
                    "edge pieces")
    said = _border_count(pieces(4, 10, 10))  # 24 pieces: 2×12, 3×8 or 4×6
    assert said.endswith("a board of 24 pieces has 12 or 14 or 20 edge pieces")
