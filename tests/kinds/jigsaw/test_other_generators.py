"""Jigsaw cuts written by another generator, unchanged: piecemaker 0.8.1's cut lines
(tests/kinds/jigsaw/data/README.md). Its nubs sit anywhere along a side, some next to a
corner, where the corner finder once took a nub for a corner: a face of a cut-line file with
exactly four crossings now takes them as its corners (sides._four_known)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import needs_shapely, run_cli

from benchmarks import outside_cutters

DATA = Path(__file__).with_name("data")


@needs_shapely
def test_piecemakers_cut_lines_are_rebuilt_as_the_identity():
    solved = run_cli("solve", DATA / "piecemaker_10x10_lines.svg", "--format", "json")
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    solution = answer["solutions"][0]
    assert outside_cutters.identity_turn(solution, 10, 10) is not None, solution


@needs_shapely
def test_every_face_of_piecemakers_cut_has_its_crossings_as_corners():
    import numpy as np

    from satpuzzle.kinds.jigsaw import outlines, sides

    path = DATA / "piecemaker_10x10_lines.svg"
    read = outlines.read(path.read_text(), str(path))
    assert read.grid == (10, 10) and read.corners is not None
    size = sides.piece_size(read)
    for index, outline in enumerate(read):
        crossings = np.asarray(read.corners[index], dtype=float)
        crossings = crossings[np.isfinite(crossings).all(axis=1)]
        found = np.asarray(sides.piece(outline, index, size, read.corners[index]).corner_points)
        off = np.linalg.norm(found[:, None, :] - crossings[None, :, :], axis=2).min(axis=1)
        assert off.max() < 1e-6 * size, (index, found, crossings)
        # numbered from the top left, as every piece in place: side 0 on top, so that the
        # board's turns are the identity's
        assert np.allclose(found[0], crossings[np.argmin(crossings.sum(axis=1))]), index


# Pieces' own pictures, as piecemaker writes them (one RGBA picture a piece), laid apart on a
# black table, each turned by any angle (tests/kinds/jigsaw/data/README.md): the truth is each
# piece's cell and its corners in the picture, the cell's corners on piecemaker's grid
PICTURE = DATA / "piecemaker_6x6_pieces.png"
PICTURE_TRUTH = DATA / "piecemaker_6x6_pieces_truth.json"


def _truth_of(outline, truth):
    import numpy as np

    centres = np.array([piece["centre"] for piece in truth["pieces"]])
    nearest = np.linalg.norm(centres - np.asarray(outline).mean(axis=0), axis=1).argmin()
    return truth["pieces"][int(nearest)]


@needs_shapely
def test_corners_of_piecemakers_pieces_read_from_their_picture_are_the_grids():
    # the piece of cell (4, 0) has a nub leaving a corner square to its side: the outline
    # hardly bends there, and the corner finder took the nub's head for it (0.45 piece
    # sizes off); its other three corners now put it right (sides.on_grid)
    import numpy as np

    from satpuzzle.kinds.jigsaw import outlines, sides

    truth = json.loads(PICTURE_TRUTH.read_text())
    read = outlines.read(PICTURE.read_bytes(), str(PICTURE))
    assert len(read) == 36
    size = sides.piece_size(read)
    pieces = sides.on_grid([sides.piece(outline, k, size) for k, outline in enumerate(read)])
    cells = set()
    for outline, piece in zip(read, pieces):
        true = _truth_of(outline, truth)
        cells.add((true["row"], true["col"]))
        corners = np.array(true["corners"])
        off = np.linalg.norm(piece.corner_points[:, None, :] - corners[None], axis=2)
        assert off.min(axis=1).max() < 0.1 * truth["piece_pixels"], (true, piece.corner_points)
    assert len(cells) == 36


@needs_shapely
def test_piecemakers_pieces_read_from_their_picture_are_rebuilt():
    import numpy as np

    from satpuzzle.kinds.jigsaw import outlines

    truth = json.loads(PICTURE_TRUTH.read_text())
    solved = run_cli("solve", PICTURE, "--grouping", "assembled", "--format", "json",
                     "--limit", "4")
    assert solved.returncode == 0, solved.stderr
    read = outlines.read(PICTURE.read_bytes(), str(PICTURE))
    cell = [(_truth_of(outline, truth)["row"], _truth_of(outline, truth)["col"])
            for outline in read]
    board = json.loads(solved.stdout)["solutions"][0]
    placed = np.array([[cell[int(entry[0])] for entry in row] for row in board])
    # up to a turn of the whole board: neighbours in the board are neighbours in the truth
    rows, cols = placed.shape[:2]
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < rows and c + dc < cols:
                    step = np.abs(placed[r + dr, c + dc] - placed[r, c]).sum()
                    assert step == 1, (r, c, placed[r, c], placed[r + dr, c + dc])


def _side_with_a_nub(a, b, at, out, width=0.24, neck=0.12):
    """Points of a side from a to b (b left out): straight, with a round nub (`out` 1 outwards,
    -1 inwards, 0 none) centred `at` along it, or starting at a when `at` is under width / 2:
    its neck leaves a square to the side, as piecemaker's nubs beside a corner."""
    import numpy as np

    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    length = float(np.linalg.norm(b - a))
    along = (b - a) / length
    outwards = np.array([along[1], -along[0]]) * out  # clockwise on screen (y down)
    start = max(0.0, at - width / 2)
    frame = [(x, 0.0) for x in np.linspace(0, start, 30, endpoint=False)]
    frame += [(start, y) for y in np.linspace(0, neck, 8, endpoint=False)]
    frame += [(start + width / 2 - width / 2 * np.cos(t), neck + width / 2 * np.sin(t))
              for t in np.linspace(0, np.pi, 40, endpoint=False)]
    frame += [(start + width, y) for y in np.linspace(neck, 0, 8, endpoint=False)]
    frame += [(x, 0.0) for x in np.linspace(start + width, 1, 30, endpoint=False)]
    return [a + length * (x * along + y * outwards) for x, y in frame]


def _square_piece(nubs, size=100.0):
    import numpy as np

    corners = [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)]
    return np.array([point for k, (at, out) in enumerate(nubs)
                     for point in _side_with_a_nub(corners[k], corners[(k + 1) % 4], at, out)])


def test_a_nub_beside_a_corner_leaves_the_corner_where_its_other_three_put_it():
    import numpy as np

    from satpuzzle.kinds.jigsaw import sides

    beside = _square_piece([(0.12, 1), (0.5, -1), (0.5, 1), (0.45, -1)])  # top nub at (0, 0)
    others = [_square_piece(nubs) for nubs in (
        [(0.5, 1), (0.4, -1), (0.55, 1), (0.5, -1)], [(0.45, -1), (0.5, 1), (0.5, -1), (0.6, 1)],
        [(0.55, 1), (0.5, 1), (0.45, -1), (0.5, -1)], [(0.5, -1), (0.45, -1), (0.5, 1), (0.55, 1)])]
    shapes = [beside, *others]
    size = sides.piece_size(shapes)
    pieces = sides.on_grid([sides.piece(shape, k, size) for k, shape in enumerate(shapes)])
    square = np.array([(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)])
    for piece in pieces:
        off = np.linalg.norm(piece.corner_points[:, None, :] - square[None], axis=2)
        assert off.min(axis=0).max() < 3.0, piece.corner_points  # every corner found
    # the nub's top side reads as a tab, not cut at its head
    assert [side.shape for side in pieces[0].sides] == [sides.TAB, sides.BLANK, sides.TAB,
                                                         sides.BLANK]


def test_pieces_that_are_no_rectangles_are_left_as_read():
    # real pieces are not cut on a grid: no corner is moved to complete a rectangle
    from satpuzzle.kinds.jigsaw import sides

    skewed = [_square_piece(nubs) @ [[1.0, 0.25], [0.0, 1.0]] for nubs in (
        [(0.12, 1), (0.5, -1), (0.5, 1), (0.45, -1)], [(0.5, 1), (0.4, -1), (0.55, 1), (0.5, -1)],
        [(0.45, -1), (0.5, 1), (0.5, -1), (0.6, 1)])]
    size = sides.piece_size(skewed)
    pieces = [sides.piece(shape, k, size) for k, shape in enumerate(skewed)]
    assert sides.on_grid(pieces) is pieces


def test_a_shape_passing_its_first_pixel_twice_is_traced_whole():
    # two squares joined by one pixel at their corners, that pixel the shape's first (top
    # left): the trace passes it between the squares and stopped there, with one square (a
    # three-Bezier 20x20 picture at 1 % noise read 399 pieces of 400 so)
    import numpy as np

    from satpuzzle.kinds.jigsaw import outlines

    shape = np.zeros((9, 12), dtype=bool)
    shape[1, 5] = True
    shape[2:6, 1:5] = True
    shape[2:6, 6:10] = True
    traced = outlines._trace(np.pad(shape, 1))
    assert {(int(x), int(y)) for x, y in traced} == {
        (c + 1, r + 1) for r, c in zip(*np.nonzero(shape))
        if not (2 < r < 5 and (1 < c < 4 or 6 < c < 9))}  # every pixel but the inner ones
    joint = [k for k, (x, y) in enumerate(traced) if (x, y) == (6, 2)]
    assert len(joint) == 2  # passed on the way to the second square and back
