"""Cuts made by Draradech's jigsaw generator, run unchanged (tests/kinds/jigsaw/data/
README.md), and the default grouping `auto`: the labels of `pairs`, or of `assembled` where
noise merged unlike tabs or the search proves that the labels of `pairs` allow no board
(satpuzzle.kinds.jigsaw.boardcheck)."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import pytest
from conftest import needs_shapely, run_cli

from benchmarks import line_pictures, outside_cutters
from satpuzzle.kinds.jigsaw import boardcheck
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

DATA = Path(__file__).with_name("data")
PICTURE = DATA / "draradech_6x6_lines_40px.png"

needs_outlines = pytest.mark.skipif(
    any(find_spec(name) is None for name in ("scipy", "PIL")),
    reason="scipy and Pillow (the outlines extra: pip install 'satpuzzle[outlines]') are not "
           "installed")


def _accuracy(arguments: tuple[str, ...]) -> tuple[int, float]:
    """The exit status of `satpuzzle solve PICTURE ARGUMENTS`, and the share of the cut's
    neighbour pairs side by side on its first board (0 without one)."""
    from satpuzzle.kinds.jigsaw import outlines

    found = outlines.read(PICTURE.read_bytes(), str(PICTURE))
    cells = line_pictures.cells_of(list(found), 6, 6)
    solved = run_cli("solve", PICTURE, "--format", "json", *arguments)
    if solved.returncode != 0:
        return solved.returncode, 0.0
    board = [[cell[0] if cell else None for cell in row]
             for row in json.loads(solved.stdout)["solutions"][0]]
    return 0, outside_cutters.neighbour_accuracy(cells, board)


@needs_outlines
def test_a_frame_drawn_on_the_pictures_edge_still_has_its_crossings():
    # the generator draws its frame on the page's edge: no outside lies within the picture
    # where the cut lines meet the frame, and those crossings were missed (then `pairs`
    # paired a tab with the wrong blank, and only the assembly found the board)
    assert _accuracy(("--grouping", "pairs")) == (0, 1.0)
    assert _accuracy(()) == (0, 1.0)


def test_no_board_is_proven_where_a_label_has_no_partner():
    # a 2x2 board, each piece in its cell: top-left, top-right, bottom-left, bottom-right
    fits = JigsawInstance(2, 2, ((0, 1, 2, 0), (0, 0, 3, -1), (-2, 4, 0, 0), (-3, 0, 0, -4)))
    assert not boardcheck.no_board(fits)
    # the last piece's blank read as a tab: no piece shows -4 any more
    broken = JigsawInstance(2, 2, ((0, 1, 2, 0), (0, 0, 3, -1), (-2, 4, 0, 0),
                                   (-3, 0, 0, 4)))
    assert boardcheck.no_board(broken)


def test_an_undecided_search_proves_nothing():
    # every piece alike: boards abound, and a budget of one placement finds none of them
    alike = JigsawInstance(2, 2, ((0, 1, -1, 0),) * 4)
    assert not boardcheck.no_board(alike, placements=1)


def test_no_board_from_outlines_names_the_groupings_that_may_find_one(tmp_path):
    # satpuzzle's cutter, 3x3 at 2 % noise: the first seed whose labels by `pairs` fit no
    # board (as tests/kinds/jigsaw/test_jigsaw_best_effort.py finds it)
    from satpuzzle.kinds.jigsaw import cutter

    pieces = tmp_path / "pieces.svg"
    for seed in range(40):
        pieces.write_text(cutter.cut(3, 3, seed=seed, noise=0.02).svg())
        solved = run_cli("solve", pieces, "--grouping", "pairs")
        if solved.returncode == 1:
            break
    else:
        raise AssertionError("no seed gave outlines with no board")
    note = solved.stderr.strip().splitlines()[-1]
    assert "--grouping assembled" in note and "--engine maxsat" in note, note



def _rebuilt_in_place(name: str, size: int) -> None:
    """The cut-line file `name` (a size × size cut, pieces in place) solved by `pairs`: its
    first board is the identity, up to a turn of the whole board."""
    solved = run_cli("solve", DATA / name, "--format", "json", "--grouping", "pairs")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, size, size) is not None, solution


@needs_shapely
def test_a_frame_rounded_by_a_third_of_a_piece_keeps_its_corner_pieces():
    # Draradech's generator rounds the frame by any radius: here 6 mm of 20 mm pieces, so
    # that the box's corners lie off the corner pieces' outlines
    _rebuilt_in_place("draradech_5x5_round_frame.svg", 5)


@needs_shapely
def test_overlapping_tabs_are_named_as_the_cause_of_no_grid():
    # tab size 30 % and jitter 8 %: two tabs of neighbouring cut lines overlap, and the
    # cut leaves two fragments besides the 16 pieces
    solved = run_cli("solve", DATA / "draradech_4x4_overlapping_tabs.svg")
    assert solved.returncode == 2
    lines = solved.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in solved.stderr, solved.stderr
    assert "enclose 18 pieces" in lines[0] and "2 of them far smaller than a piece" in lines[0]
    assert "cut lines cross each other off the grid" in lines[0], lines[0]


@needs_shapely
def test_a_shared_side_read_alike_from_both_pieces_is_made_tab_and_blank():
    # tab size 10 %, jitter 8 %: one edge's head hardly outweighs its shoulders, and both
    # pieces read it as a blank; they share its two crossings, so one is the other's tab
    _rebuilt_in_place("draradech_10x10_small_tabs.svg", 10)


@pytest.mark.parametrize("noise", [0.01, 0.02])
def test_the_default_rebuilds_noisy_cuts_whose_pairs_noise_merged(noise: float):
    # satpuzzle's cutter, 6x6, seed 1: at 1 % `pairs` merges unlike tabs into shared classes,
    # and its labels allow a wrong board; at 2 % no board at all
    import satpuzzle
    from satpuzzle.kinds.jigsaw import board, cutter, outlines

    cut = cutter.cut(6, 6, seed=1, noise=noise)
    found = outlines.read(cut.svg(), "<cut>")
    read = board.board(found, {})
    assert read.grouping == "assembled"
    solution = satpuzzle.solve(read, timeout=300)
    assert solution is not None
    order = cutter.matched(cut, found)
    assert cutter.neighbour_accuracy(
        cut, [[None if cell is None else order[cell[0]] for cell in row]
              for row in solution]) == 1.0


@needs_shapely
def test_tabs_all_alike_keep_the_classes_of_pairs_and_their_count():
    # Draradech's generator without jitter: every tab the same shape, turned in or out; the
    # boards the shapes allow are all counted (the assembly would pick one of them)
    counted = run_cli("solve", DATA / "draradech_4x4_no_jitter.svg", "--count")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.strip() == "240"
    assembled = run_cli("solve", DATA / "draradech_4x4_no_jitter.svg", "--count",
                        "--grouping", "assembled")
    assert assembled.stdout.strip() == "4"
