"""Pieces cut outside satpuzzle (benchmarks/outside_cutters.py: tab shapes satpuzzle's own
cutter never makes, scattered and turned by any angle, in other units) read back through
`satpuzzle solve`: the board given is the cut's truth up to a turn of the whole board, from
the SVG and from the picture. Only what works is claimed here: the three-Bézier family
(Draradech's generator's edges) is not rebuilt (docs/benchmarks/DETAILS.md, "Pieces cut
elsewhere"), and is not tested as if it were."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from benchmarks import outside_cutters


def _board_is_truth(tmp_path, family: str, source: str, size: int, seed: int) -> bool:
    made = outside_cutters.cut(size, size, family, seed=seed)
    files = outside_cutters.write(made, tmp_path, f"{family}-{size}-{seed}")
    result = run_cli("solve", files[source], "--format", "json")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    solution = json.loads(result.stdout)["solutions"][0]
    order = outside_cutters.read_order(made, files[source], 80)
    assert sorted(order) == list(range(size * size))  # every piece read, once
    board = [[order[cell[0]] for cell in row] for row in solution]
    return outside_cutters.neighbour_accuracy(list(made.cells), board) == 1.0


@pytest.mark.parametrize("family", ["ball", "dovetail"])
@pytest.mark.parametrize("source", ["svg", "png"])
def test_pieces_cut_elsewhere_are_rebuilt_as_cut(tmp_path, family, source):
    assert _board_is_truth(tmp_path, family, source, 4, 1)


@pytest.mark.parametrize("family", ["ball", "dovetail"])
def test_their_outlines_allow_one_board_in_its_four_turns(tmp_path, family):
    made = outside_cutters.cut(3, 3, family, seed=2)
    files = outside_cutters.write(made, tmp_path, family)
    for source in ("svg", "png"):
        result = run_cli("solve", files[source], "--count")
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == "4", (source, result.stdout, result.stderr)


def test_the_ball_cut_written_with_arc_commands_is_refused_in_one_line(tmp_path):
    """FORMATS.md: arcs (A) are refused, naming the command; an SVG editor writes circles
    so."""
    made = outside_cutters.cut(3, 3, "ball", seed=1)
    files = outside_cutters.write(made, tmp_path, "arcs", arcs=True)
    assert "A" in files["svg"].read_text().split('d="', 2)[1].split('"')[0]
    result = run_cli("solve", files["svg"])
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "error: <path>: arcs (A) are not supported" in result.stderr, result.stderr

