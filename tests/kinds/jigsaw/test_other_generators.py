"""Jigsaw cuts written by another generator, unchanged: piecemaker 0.8.1's cut lines
(tests/kinds/jigsaw/data/README.md). Its nubs sit anywhere along a side, some next to a
corner, where the corner finder once took a nub for a corner: a face of a cut-line file with
exactly four crossings now takes them as its corners (sides._four_known)."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import pytest
from conftest import run_cli

from benchmarks import outside_cutters

DATA = Path(__file__).with_name("data")

needs_shapely = pytest.mark.skipif(
    find_spec("shapely") is None or find_spec("scipy") is None,
    reason="shapely and scipy (the outlines extra: pip install 'satpuzzle[outlines]') are "
           "not installed")


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
