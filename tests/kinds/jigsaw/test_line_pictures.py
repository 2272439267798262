"""Pictures of a cut drawn as lines (satpuzzle/kinds/jigsaw/linework.py): the pieces are the
regions between the lines. Cuts made outside satpuzzle (benchmarks/outside_cutters.py), drawn
by benchmarks/line_pictures.py, are rebuilt through the command line and checked against the
truth; what is no line drawing is read as before; hostile drawings get one line."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import numpy as np
import pytest
from conftest import run_cli

from benchmarks import line_pictures, outside_cutters

pytestmark = pytest.mark.skipif(
    find_spec("scipy") is None or find_spec("PIL") is None,
    reason="scipy and Pillow (the outlines extra: pip install 'satpuzzle[outlines]') are not "
           "installed")


def _rebuilt(tmp_path: Path, data: bytes, suffix: str, rows: int, cols: int,
             *options: str, turn: float = 0.0) -> float:
    """The neighbour accuracy of the first board `satpuzzle solve` gives for the picture
    (1.0: the true board, up to a turn of the whole board)."""
    from satpuzzle.kinds.jigsaw import outlines

    path = tmp_path / f"cut{suffix}"
    path.write_bytes(data)
    cells = line_pictures.cells_of(outlines.read(data, str(path)), rows, cols, turn)
    assert sorted(cells) == [(r, c) for r in range(rows) for c in range(cols)]
    result = run_cli("solve", path, "--format", "json", *options)
    assert result.returncode == 0, result.stderr
    board = [[cell[0] if cell else None for cell in row]
             for row in json.loads(result.stdout)["solutions"][0]]
    return outside_cutters.neighbour_accuracy(cells, board)


@pytest.mark.parametrize("family", ["bezier", "ball", "dovetail"])
@pytest.mark.parametrize("options", [(), ("--grouping", "aligned")])
def test_a_cut_drawn_as_lines_is_rebuilt(tmp_path, family, options):
    """Each family of the outside cutter, 5×5, lines 2 pixels wide at 100 a piece,
    anti-aliased: the true board, by either pairing of tabs and blanks. Draradech-style
    edges (three Béziers) are rebuilt by descriptors only with the crossings of the lines as
    the pieces' corners: the finder's own corners were a few hundredths off them."""
    cut = outside_cutters.cut(5, 5, family, seed=3)
    data = line_pictures.picture(cut, 100, 2.0)
    assert _rebuilt(tmp_path, data, ".png", 5, 5, *options) == 1.0


@pytest.mark.parametrize(("width", "turn", "invert", "jpeg"), [
    (1.0, 0.0, False, 0), (4.0, 0.0, False, 0), (2.0, 11.0, False, 0), (2.0, 0.0, True, 0),
    (2.0, 0.0, False, 75)])
def test_line_width_turn_colours_and_jpeg(tmp_path, width, turn, invert, jpeg):
    """Thin and thick lines, the drawing turned, light lines on dark, a JPEG, wobbling lines:
    the same board (the Draradech-style edges, the family hardest to tell apart)."""
    cut = outside_cutters.cut(4, 6, "bezier", seed=2)
    data = line_pictures.picture(cut, 100, width, turn=turn, invert=invert, jpeg=jpeg)
    suffix = ".jpg" if jpeg else ".png"
    assert _rebuilt(tmp_path, data, suffix, 4, 6, turn=turn) == 1.0


def test_neighbours_share_one_curve():
    """A tab and the blank it fits are read as one curve (within a pixel), whatever the
    lines' width: each region is grown to the middle of its lines, then half a pixel out."""
    from satpuzzle.kinds.jigsaw import outlines

    cut = outside_cutters.cut(2, 1, "ball", seed=1)
    for width in (1.0, 3.0, 5.0):
        found = outlines.read(line_pictures.picture(cut, 120, width), "cut.png")
        assert len(found) == 2
        top, bottom = sorted(found, key=lambda points: points[:, 1].mean())
        # the points of each on the shared line: those far from the frame's other sides
        cut_y = (top[:, 1].max() + bottom[:, 1].min()) / 2
        shared_top = top[np.abs(top[:, 1] - cut_y) < 0.3 * 120]
        shared_bottom = bottom[np.abs(bottom[:, 1] - cut_y) < 0.3 * 120]
        gaps = np.min(np.linalg.norm(shared_top[:, None, :] - shared_bottom[None, :, :],
                                     axis=2), axis=1)
        assert np.median(gaps) < 0.75, (width, np.median(gaps))


@pytest.mark.parametrize("family", ["ball", "dovetail"])
def test_scattered_pieces_drawn_as_outlines(tmp_path, family):
    """Pieces apart, turned, each drawn as its outline (not filled): each is the region its
    line encloses; the true board."""
    cut = outside_cutters.cut(4, 4, family, seed=5)
    path = tmp_path / "outlines.png"
    path.write_bytes(line_pictures.outlines_picture(cut, 80, 2.0))
    outcome = outside_cutters.solve_file(cut, path, 80, timeout=120)
    assert outcome.perfect, outcome


def test_pieces_on_a_background_are_not_taken_for_lines(tmp_path):
    """Filled pieces (the usual picture) are read as before: one outline each."""
    from satpuzzle.kinds.jigsaw import outlines

    cut = outside_cutters.cut(3, 3, "ball", seed=1)
    assert len(outlines.read(cut.png(), "pieces.png")) == 9


def _lines_png(draw_lines, size: tuple[int, int]) -> bytes:
    import io

    from PIL import Image, ImageDraw

    image = Image.new("L", size, 255)
    draw_lines(ImageDraw.Draw(image))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _one_line_refusal(path: Path) -> str:
    result = run_cli("solve", path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "error" in result.stderr, result.stderr
    return result.stderr


def test_a_grid_of_too_many_regions_is_refused_in_one_line(tmp_path, monkeypatch):
    """More regions between the lines than pieces a file may hold: one line, exit 2."""
    from satpuzzle.kinds.jigsaw import outlines

    monkeypatch.setattr(outlines, "MAX_OUTLINES", 50)

    def grid(draw):
        for k in range(0, 401, 20):
            draw.line([(k, 0), (k, 400)], fill=0, width=2)
            draw.line([(0, k), (400, k)], fill=0, width=2)

    path = tmp_path / "grid.png"
    path.write_bytes(_lines_png(grid, (401, 401)))
    assert "more than 50 regions between the lines" in _one_line_refusal(path)


def test_one_drawn_outline_is_no_cut(tmp_path):
    """A single closed line encloses one region: no cut of pieces, refused in one line as
    a picture with no board."""
    def ring(draw):
        draw.ellipse([40, 40, 260, 200], outline=0, width=3)

    path = tmp_path / "ring.png"
    path.write_bytes(_lines_png(ring, (300, 240)))
    _one_line_refusal(path)


def test_the_crossings_of_the_lines_are_known_corners():
    """Where three regions meet (the outside among them) is a corner of each, and a corner
    piece's outer corner is its outline's point nearest the frame's corner: every piece of a
    4×4 drawing knows its four corners, each within a pixel and a half of the grid's vertex
    inside the frame, two and a half on it (the pieces take the frame's whole width: the
    outside begins at its outer edge), at 100 pixels a piece. The grid is drawn at MARGIN +
    k pieces; pixel centres are half a pixel before."""
    from satpuzzle.kinds.jigsaw import outlines

    cut = outside_cutters.cut(4, 4, "bezier", seed=3)
    found = outlines.read(line_pictures.picture(cut, 100, 2.0), "cut.png")
    assert found.corners is not None and len(found.corners) == 16
    vertices = np.array([(20 + 100 * i - 0.5, 20 + 100 * j - 0.5)
                         for i in range(5) for j in range(5)])
    counts = sorted(len(points) for points in found.corners)
    assert counts == [4] * 16
    inner = vertices[(vertices > 100).all(axis=1) & (vertices < 400).all(axis=1)]
    for points in found.corners:
        nearest = np.min(np.linalg.norm(points[:, None, :] - vertices[None], axis=2), axis=1)
        assert nearest.max() < 2.5, points
        on_inner = np.min(np.linalg.norm(points[:, None, :] - inner[None], axis=2), axis=1)
        assert (on_inner[on_inner < 10] < 1.5).all(), points


@pytest.mark.parametrize("seed", [1, 2])
def test_wobbling_lines_are_rebuilt(tmp_path, seed):
    """Lines wobbling by 0.5 % of a piece (a hand's or a scanner's): a tab and its blank
    share the drawn line, so they still fit; the crossings keep the corners. 6×6."""
    cut = outside_cutters.cut(6, 6, "bezier", seed=seed)
    data = line_pictures.picture(cut, 100, 2.0, noise=0.005, seed=seed)
    assert _rebuilt(tmp_path, data, ".png", 6, 6) == 1.0


def test_a_cut_drawn_as_lines_tells_its_board_size():
    """The regions lie one a cell on a grid and those side by side share a crossing: the
    board's rows and columns (4 × 6 here), as a cut-line file's; pieces drawn apart as their
    outlines share no crossing and tell none (their flat sides do)."""
    from satpuzzle.kinds.jigsaw import outlines

    cut = outside_cutters.cut(4, 6, "ball", seed=2)
    assert outlines.read(line_pictures.picture(cut, 80, 2.0), "cut.png").grid == (4, 6)
    apart = outlines.read(line_pictures.outlines_picture(cut, 80, 2.0), "apart.png")
    assert len(apart) == 24 and apart.grid is None


def test_a_grid_whose_crossings_belie_it_tells_no_size():
    """Centres one a cell on a grid are not enough: regions meeting at a crossing two cells
    apart (or side by side without one) leave the size to the flat sides."""
    from satpuzzle.kinds.jigsaw import linework

    squares = [np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]], dtype=float)
               for r in range(2) for c in range(3)]
    corners = [square.copy() for square in squares]  # each meets its neighbours at its own
    assert linework.layout(squares, corners) == (2, 3)
    assert linework.layout(squares, [np.empty((0, 2))] * 6) is None  # no crossing shared
    apart = [*corners]
    apart[0] = np.vstack([corners[0], [[9.0, 9.0]]])
    apart[2] = np.vstack([corners[2], [[9.0, 9.0]]])  # cells (0, 0) and (0, 2) meet too
    assert linework.layout(squares, apart) is None
