"""benchmarks/piecemaker_cuts.py, where piecemaker and the programs it runs are installed: its
truth (each piece's cell from piecemaker's own pieces.json) makes a grid, the picture of the
pieces laid apart is read as that many pieces, each mapped to its own, and the cut lines of a
4×4 are rebuilt as the identity."""

from __future__ import annotations

import shutil
from importlib.util import find_spec
from pathlib import Path

import pytest

from benchmarks import piecemaker_cuts

MISSING = [name for name in ("piecemaker", "rsvg-convert", "potrace") if not shutil.which(name)]
if find_spec("shapely") is None or find_spec("scipy") is None:
    MISSING.append("shapely and scipy (pip install 'satpuzzle[outlines]')")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(MISSING)} "
                                "(pip install piecemaker; Debian's librsvg2-bin and potrace)")


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> piecemaker_cuts.Cut:
    folder = tmp_path_factory.mktemp("piecemaker")
    return piecemaker_cuts.cut(4, "interlockingnubs", 1, folder, 100, str(shutil.which("piecemaker")))


def test_the_truth_is_a_grid_of_every_piece(made):
    assert sorted(made.cells.values()) == [(r, c) for r in range(4) for c in range(4)]


def test_the_laid_out_picture_maps_each_outline_to_its_own_piece(made, tmp_path: Path):
    laid = piecemaker_cuts.lay_out(made, 1, tmp_path / "laid.png")
    order = piecemaker_cuts.read_order(laid)
    assert sorted(order) == sorted(made.cells)


def test_the_cut_lines_are_rebuilt_as_the_identity(made, tmp_path: Path):
    outcome = piecemaker_cuts.measure(made, "lines", 1, tmp_path, 120.0, ())
    assert outcome.status == 0 and outcome.perfect and outcome.neighbours == 1.0, outcome
