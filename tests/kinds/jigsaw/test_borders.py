"""The border's sides chosen by rank (satpuzzle.kinds.jigsaw.borders): a board with an
interior edge made nearly straight (as real puzzles have: it reads flat against the
threshold) still gets exactly its border sides flat, with the board given and without."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from conftest import run_process

from satpuzzle.kinds.jigsaw import borders, cutter
from satpuzzle.kinds.jigsaw import sides as side_shapes

SHALLOW = 0.045  # of a side's length: within sides.FLAT, as the real near-straight edges


def _cut_with_a_shallow_edge(monkeypatch: pytest.MonkeyPatch, rows: int, cols: int,
                             seed: int, shallow: int = 1) -> cutter.Cut:
    """A cut whose first `shallow` interior edges bump only SHALLOW from their chords."""
    real = cutter._side
    made = [0]

    def side(rng: random.Random) -> np.ndarray:
        curve = real(rng)
        made[0] += 1
        if made[0] <= shallow:
            curve = curve * np.array([1.0, SHALLOW / np.abs(curve[:, 1]).max()])
        return curve

    monkeypatch.setattr(cutter, "_side", side)
    return cutter.cut(rows, cols, seed=seed)


def _pieces(cut: cutter.Cut) -> list[side_shapes.Piece]:
    size = side_shapes.piece_size(list(cut.outlines))
    return [side_shapes.piece(outline, i, size) for i, outline in enumerate(cut.outlines)]


def _flats_right(cut: cutter.Cut, pieces: list[side_shapes.Piece]) -> bool:
    """Every piece's flat sides exactly its border sides."""
    for index, piece in enumerate(pieces):
        border = [edge is None for edge in cutter.side_edges(cut, index, piece.corner_points)]
        if [side.shape == side_shapes.FLAT_LABEL for side in piece.sides] != border:
            return False
    return True


@pytest.mark.parametrize("seed", [1, 2])
def test_a_nearly_straight_interior_edge_reads_flat_and_the_rank_takes_it_back(
        monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    cut = _cut_with_a_shallow_edge(monkeypatch, 4, 5, seed)
    pieces = _pieces(cut)
    read = sum(side.shape == side_shapes.FLAT_LABEL for piece in pieces for side in piece.sides)
    assert read == 2 * (4 + 5) + 2  # the threshold reads both sides of the edge flat
    assert not _flats_right(cut, pieces)
    for size in ((4, 5), None):  # the board given, or told by the flat sides
        settled = borders.settled(pieces, size)
        assert _flats_right(cut, settled), size
        # every side not flat keeps its tab or blank, and the edge's two sides differ
        shapes = [side.shape for piece in settled for side in piece.sides]
        assert shapes.count(side_shapes.TAB) == shapes.count(side_shapes.BLANK)


def test_outlines_read_right_are_left_as_they_are() -> None:
    pieces = _pieces(cutter.cut(4, 5, seed=3))
    assert borders.settled(pieces, (4, 5)) is pieces
    assert borders.settled(pieces, None) is pieces
    assert borders.settled(pieces, (2, 10)) is pieces  # needs tabs taken flat: not this board
    assert borders.settled(pieces, (3, 3)) is pieces  # another count: its own error says it


def test_the_flattest_sides_making_a_board() -> None:
    """4 corners with two adjacent flat sides, 2(R + C) - 8 edge pieces with one, of least
    deviation: an interior side flatter than a border one is still left a bump when taking
    it would give a piece three flat sides or two opposite ones."""
    deviation = np.full((9, 4), 0.2)
    border = {0: (0, 3), 1: (0,), 2: (0, 1), 3: (3,), 5: (1,), 6: (2, 3), 7: (2,), 8: (1, 2)}
    for piece, flat in border.items():
        deviation[piece, list(flat)] = 0.01
    deviation[1, 2] = 0.005  # the edge piece's interior side, flatter than its border one
    deviation[0, 1] = 0.004  # a corner's third side, flattest of all
    chosen = borders.flat_sides(deviation, 3, 3)
    assert chosen[1] == (2,)  # the flattest side of an edge piece: a rank takes no more
    assert [len(flat) for flat in chosen].count(2) == 4
    assert all(len(set(flat)) == len(flat) for flat in chosen)
    assert chosen[0] in ((0, 1), (3, 0)) and chosen[4] == ()


def test_the_boards_near_a_flat_count() -> None:
    assert borders.near_boards(1000, 134) == [(25, 40), (20, 50)]
    assert borders.near_boards(48, 30) == [(4, 12), (6, 8)]
    assert borders.near_boards(48, 100) == []
    assert borders.near_boards(7, 12) == []  # a prime count: no board of two rows or more


def test_solve_rebuilds_a_board_with_a_nearly_straight_edge_without_its_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's path: `satpuzzle solve pieces.svg`, no --board, gives the true board."""
    cut = _cut_with_a_shallow_edge(monkeypatch, 4, 5, 1, shallow=2)
    (tmp_path / "pieces.svg").write_text(cut.svg())
    result = run_process("solve", "pieces.svg", "--format", "json", cwd=tmp_path,
                         timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    board = json.loads(result.stdout)["solutions"][0]
    placed = [[cell[0] if cell else None for cell in row] for row in board]
    assert cutter.neighbour_accuracy(cut, placed) == 1.0


def test_the_corner_rule_is_not_stated_where_it_is_quadratic_in_many_labels() -> None:
    """A board read from outlines has one label per pair of sides: the redundant corner rule
    (a clause per pair of labels two adjacent sides of a cell may show) took 7 of the 8
    million clauses of a 15x15 block of real pieces and over 9 GB on 1000 pieces. It is left
    out where a cell's corner has more than rules.CORNER_PAIRS pairs, and added cell by cell
    (the clause budget checked after each)."""
    from types import SimpleNamespace

    from satpuzzle.kinds.jigsaw import rules

    calls: list[int] = []
    model = SimpleNamespace(clauses=lambda family, clauses, **_: calls.append(len(clauses)))
    many, few = range(1, 151), range(1, 11)  # 150 × 150 pairs, over; 10 × 10, under
    cells = [(0, 0), (0, 1)]
    options = {cell: [(a, b, 0, 0) for a in labels for b in labels][:50]
               for cell, labels in zip(cells, (many, few))}
    variables = {cell: list(range(1, 51)) for cell in cells}
    side_vars = {(cell, side): {label: 1000 * side + label for label in labels}
                 for cell, labels in zip(cells, (many, few)) for side in (0, 1)}
    board = SimpleNamespace(cells=cells, options=options)
    rules.corner_pairs(model, board, variables, side_vars)  # type: ignore[arg-type]
    assert calls == [0, 100]
