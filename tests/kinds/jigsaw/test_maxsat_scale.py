"""The MaxSAT engine's optimum at scale (satpuzzle/kinds/jigsaw/maxsat.py): equal to brute
force on small random boards with labels changed; a 10×10 board with no perfect board
answered with its optimum, counted again by the independent scorer; and its anytime bounds
(the first board's score below, the count of the labels and RC2's cores above) holding
around the true optimum. Fixed seeds throughout."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from itertools import permutations, product

import pytest
from conftest import run_cli

from satpuzzle.checkers import jigsaw_score as scorer
from satpuzzle.kinds.jigsaw import climbing, maxsat
from satpuzzle.kinds.jigsaw.generation import generate
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, fixed, rotates


def _changed(instance: JigsawInstance, changes: int, seed: int) -> JigsawInstance:
    """`changes` random sides given a random label of -3..3 (0 too: a flat side inside)."""
    rng = random.Random(seed)
    pieces = [list(piece) for piece in instance.pieces]
    for _ in range(changes):
        piece = rng.choice(pieces)
        piece[rng.randrange(4)] = rng.randint(-3, 3)
    return replace(instance, pieces=tuple((p[0], p[1], p[2], p[3]) for p in pieces))


def _brute_force(instance: JigsawInstance) -> int:
    """The most face pairs any complete board matches, by trying every board, each counted
    by the independent scorer."""
    rows, cols = instance.rows, instance.cols
    cells = rows * cols
    orders = ([tuple(range(cells))] if fixed(instance.variant)
              else list(permutations(range(cells))))
    turnings = list(product(range(4) if rotates(instance.variant) else range(1), repeat=cells))
    best = 0
    for order in orders:
        for turns in turnings:
            board = tuple(tuple((order[r * cols + c], turns[r * cols + c])
                                for c in range(cols)) for r in range(rows))
            best = max(best, scorer.matched_pairs(instance, board))
    return best


SMALL = [("puzzle", 2, 2), ("puzzle", 1, 4), ("position", 2, 3), ("position", 1, 5),
         ("orientation", 2, 3), ("orientation", 3, 2)]


@pytest.mark.parametrize(("variant", "rows", "cols"), SMALL)
def test_the_optimum_is_brute_forces_on_small_boards_with_labels_changed(variant, rows, cols):
    """Random boards of 2 labels (many ties) and 3 (fewer), both matchings and borders,
    with 1-3 sides changed: the optimum is the brute force's, its board scores it, the
    climbing board is no better and the count of the labels no lower."""
    for seed in range(3):
        for matching, border in (("opposite", "zero"), ("equal", "zero"), ("opposite", "free")):
            instance = _changed(generate(rows, cols, labels=2 + seed % 2, variant=variant,
                                         seed=seed, matching=matching, border=border),
                                1 + seed, seed)
            truth = _brute_force(instance)
            best = maxsat.max_matched(instance)
            assert best.score == truth, (instance, best)
            assert scorer.matched_pairs(instance, best.board) == truth
            assert scorer.problems(instance, best.board, complete=True) == []
            board, score = climbing.good_board(instance)
            assert scorer.problems(instance, board, complete=True) == []
            assert scorer.matched_pairs(instance, board) == score <= truth
            assert maxsat.label_bound(instance) >= truth


def test_bounds_heard_as_it_goes_hold_around_the_optimum():
    """Every (board, score, upper bound) the engine reports on its way: the board is legal
    and scores what is said, and score <= the optimum <= the upper bound; the last upper
    bound is the optimum (on boards where the optimum is known: brute force)."""
    for seed in range(6):
        instance = _changed(generate(2, 3, labels=2, variant="position", seed=seed),
                            2, seed)
        truth = _brute_force(instance)
        heard: list[tuple[int, int]] = []

        def progress(board, score, upper, instance=instance, heard=heard):
            assert scorer.problems(instance, board, complete=True) == []
            assert scorer.matched_pairs(instance, board) == score
            heard.append((score, upper))

        best = maxsat.max_matched(instance, progress)
        assert best.score == truth and heard
        assert all(score <= truth <= upper for score, upper in heard)


def _one_side_unmatched(rows: int, cols: int, labels: int, seed: int,
                        variant: str = "puzzle") -> JigsawInstance:
    """A generated board with one inner side of one piece given a label nothing fits: no
    perfect board, and the optimum is the total less one (the generated board less that
    face matches all else; the side that fits nothing matches on no board)."""
    instance = generate(rows, cols, labels=labels, seed=seed, variant=variant)
    pieces = [list(piece) for piece in instance.pieces]
    piece = next(piece for piece in pieces if piece != [0, 0, 0, 0])
    piece[next(side for side in range(4) if piece[side] != 0)] = 1000
    return replace(instance, pieces=tuple((p[0], p[1], p[2], p[3]) for p in pieces))


def test_label_bound_meeting_the_first_board_is_the_optimum():
    """Where the count of the labels proves the first board optimal, RC2 is not run, and
    the report says what proved it."""
    instance = _one_side_unmatched(2, 3, 3, 4, "position")
    best = maxsat.max_matched(instance)
    assert best.score == best.total - 1 == _brute_force(instance)
    assert maxsat.label_bound(instance) == best.total - 1
    assert best.report().endswith("(optimum, proven by the count of the labels)")


def _native(instance: JigsawInstance) -> str:
    """The instance in satpuzzle's own language."""
    pieces = "\n".join("    " + " ".join(str(label) for label in piece)
                       for piece in instance.pieces)
    return (f'jigsaw "one side unmatched" {{\n  size: {instance.rows}x{instance.cols}\n'
            f"  variant: {instance.variant}\n  matching: {instance.matching}\n"
            f"  border: {instance.border}\n  pieces {{\n{pieces}\n  }}\n}}\n")


REPORT = re.compile(r"satpuzzle: maxsat: (\d+) of (\d+) neighbouring face pairs matched, "
                    r"not a solution")


def test_a_10x10_board_with_no_perfect_board_gets_its_optimum(tmp_path):
    """100 pieces, one side fitting nothing: `--engine maxsat` answers 219 of 220, a board
    the independent scorer counts 219 on."""
    instance = _one_side_unmatched(10, 10, 30, 1)
    puzzle = tmp_path / "one-side.puz"
    puzzle.write_text(_native(instance))
    result = run_cli("solve", puzzle, "--engine", "maxsat", "--format", "json",
                     "--timeout", "600")
    assert result.returncode == 0, result.stderr
    found = REPORT.search(result.stderr)
    assert found and (int(found.group(1)), int(found.group(2))) == (219, 220), result.stderr
    board = json.loads(result.stdout)["solutions"][0]
    solution = tuple(tuple((p, t) for p, t in row) for row in board)
    assert scorer.problems(instance, solution, complete=True) == []
    assert scorer.matched_pairs(instance, solution) == 219


def test_keeping_piece_0_to_one_turn_of_the_board_keeps_the_optimum(monkeypatch):
    """Piece 0 is placed only where no turn of the whole board put it before (square
    boards: four turns; others: two): the optimum is the one without that rule, on random
    boards with labels changed, square or not, both matchings and a free border."""
    cases = [(rows, cols, seed, matching, border)
             for rows, cols in ((3, 3), (3, 4), (4, 4))
             for seed in range(3)
             for matching, border in (("opposite", "zero"), ("equal", "zero"),
                                      ("opposite", "free"))]
    for rows, cols, seed, matching, border in cases:
        instance = _changed(generate(rows, cols, labels=2 + seed, seed=seed,
                                     matching=matching, border=border), 1 + seed, seed)
        kept = maxsat.max_matched(instance)
        with monkeypatch.context() as patched:
            patched.setattr(maxsat, "_first_piece_kept", lambda *_: None)
            every = maxsat.max_matched(instance)
        assert kept.score == every.score, (rows, cols, seed, matching, border)
        assert scorer.matched_pairs(instance, kept.board) == kept.score


def test_a_run_cut_short_prints_its_best_board_and_what_is_proven(tmp_path):
    """A 10×10 board with five sides changed (no perfect board; RC2 proves nothing soon):
    `--timeout` stops the run, exit 3, and the best board found so far is printed, said to
    be not proven the most, with the upper bound proven; the scorer counts it as said."""
    from conftest import run_process

    instance = _changed(generate(10, 10, labels=10, seed=1), 5, 1)
    puzzle = tmp_path / "changed.puz"
    puzzle.write_text(_native(instance))
    result = run_process("solve", puzzle, "--engine", "maxsat", "--format", "json",
                         "--timeout", "20", timeout=300)
    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr
    found = re.search(r"satpuzzle: maxsat: (\d+) of 220 neighbouring face pairs matched, "
                      r"not a solution: the best board found before the run was cut short, "
                      r"NOT proven the most; proven: no board matches more than (\d+)",
                      result.stderr)
    assert found, result.stderr
    board = json.loads(result.stdout)["solutions"][0]
    solution = tuple(tuple((p, t) for p, t in row) for row in board)
    assert scorer.problems(instance, solution, complete=True) == []
    matched, upper = int(found.group(1)), int(found.group(2))
    assert scorer.matched_pairs(instance, solution) == matched <= upper <= 220
