"""Jigsaw pieces read from the outlines of real pieces (issue 32): real pieces curve into
their tabs, and tab heads bend like corners, so the corners are found by the sides between
them. A 3×3 block of scanned pieces (tests/kinds/jigsaw/data, MIT, README there) is read
with the right flat sides and rebuilt exactly; an outline that is no piece (a speck, a shape
with no four corners) is left out with one note when the others make a board, and is the
one error when they do not; a dark strip along a picture's edge does not swallow the
pieces."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from conftest import run_cli, run_process

import satpuzzle
from satpuzzle.kinds.jigsaw import cutter, outlinefile, outlines, sides

pytest.importorskip("scipy", reason="the outlines extra (scipy) is not installed")

BLOCK = Path(__file__).parent / "data" / "m1s2_block3x3.json"


def _true_cells() -> dict[int, tuple[int, int]]:
    return {i: (i // 3, i % 3) for i in range(9)}  # laid out in assembly order


def _is_truth(board: list[list[int]]) -> bool:
    """The board is the true assembly, up to a turn of the whole board."""
    truth = np.array([[r * 3 + c for c in range(3)] for r in range(3)])
    return any((np.rot90(truth, turns) == np.array(board)).all() for turns in range(4))


def test_real_pieces_have_their_flat_sides_where_the_block_has_its_border() -> None:
    shapes = outlines.read(BLOCK.read_text(), str(BLOCK))
    size = sides.piece_size(shapes)
    for index, (row, col) in _true_cells().items():
        piece = sides.piece(shapes[index], index, size)
        flats = sum(side.shape == sides.FLAT_LABEL for side in piece.sides)
        assert flats == (row in (0, 2)) + (col in (0, 2)), index
        # the corners span the piece: every side about a piece's size
        corners = np.asarray(piece.corner_points)
        lengths = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1) / size
        assert ((lengths > 0.7) & (lengths < 1.4)).all(), (index, lengths)


def test_a_block_of_real_pieces_is_rebuilt_exactly() -> None:
    instance = outlinefile.read(BLOCK.read_text(), str(BLOCK))[0]
    boards = [[[cell[0] for cell in row] for row in solution]
              for solution in satpuzzle.solutions(instance, limit=20, timeout=120)]
    # the true assembly in its four turns, and nothing else
    assert len(boards) == 4
    assert all(_is_truth(board) for board in boards)


def test_the_command_line_rebuilds_the_real_block(tmp_path: Path) -> None:
    result = run_cli("solve", BLOCK, "--count", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "4 solution(s), complete" in result.stdout + result.stderr


def _blob(centre: tuple[float, float], radius: float) -> np.ndarray:
    turns = np.linspace(0.0, 2 * np.pi, 60, endpoint=False)
    return np.column_stack([centre[0] + radius * np.cos(turns),
                            centre[1] + radius * np.sin(turns)])


def _with_extra_paths(cut: cutter.Cut, extra: list[np.ndarray]) -> str:
    paths = "".join(f'<path d="{cutter.path_data(points)}"/>' for points in extra)
    return cut.svg().replace("</svg>", paths + "</svg>")


def test_a_speck_and_a_shape_without_corners_are_left_out_with_one_note(
        tmp_path: Path) -> None:
    cut = cutter.cut(3, 3, seed=1)
    extra = [_blob((700.0, 700.0), 55.0), _blob((900.0, 100.0), 5.0)]  # outlines 10, 11
    (tmp_path / "pieces.svg").write_text(_with_extra_paths(cut, extra))
    result = run_cli("solve", "pieces.svg", "--count", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if "left out" in line]
    assert len(notes) == 1, result.stderr
    assert "outline 10: no four corners" in notes[0] and "outline 11: a speck" in notes[0]
    assert "4 solution(s), complete" in result.stdout + result.stderr


def test_a_shape_without_corners_is_one_error_when_the_rest_make_no_board(
        tmp_path: Path) -> None:
    cut = cutter.cut(3, 3, seed=1)
    outlines_ = list(cut.outlines)
    outlines_[4] = _blob(tuple(outlines_[4].mean(axis=0)), 55.0)  # the middle piece a blob
    paths = "".join(f'<path d="{cutter.path_data(points)}"/>' for points in outlines_)
    (tmp_path / "pieces.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">{paths}</svg>')
    result = run_process("solve", "pieces.svg", "--count", cwd=tmp_path, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "outline 5: no four corners" in lines[0] and "make no board" in lines[0]


def test_a_dark_strip_along_the_pictures_edge_does_not_swallow_the_pieces(
        tmp_path: Path) -> None:
    from PIL import Image

    cut = cutter.cut(3, 3, seed=2)
    image = Image.open(io.BytesIO(cut.png())).convert("L")
    grey = np.asarray(image, dtype=np.uint8).copy()
    grey[grey == 0] = 120  # grey pieces on a white page, as scanned
    grey[:12, :] = 15  # a scanner's dark strip along the top and left edges
    grey[:, :6] = 40
    out = io.BytesIO()
    Image.fromarray(grey).save(out, format="PNG")
    found = outlines.read(out.getvalue(), "scan.png")
    assert len(found) == 9
    (tmp_path / "scan.png").write_bytes(out.getvalue())
    result = run_cli("solve", "scan.png", "--count", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_a_piece_touching_the_pictures_edge_is_kept() -> None:
    from PIL import Image

    cut = cutter.cut(3, 3, seed=2)
    grey = np.asarray(Image.open(io.BytesIO(cut.png())).convert("L"))
    rows, cols = np.nonzero(grey < 128)
    cropped = grey[rows.min():, cols.min():]  # the frame cut right at the pieces
    out = io.BytesIO()
    Image.fromarray(cropped).save(out, format="PNG")
    assert len(outlines.read(out.getvalue(), "tight.png")) == 9
