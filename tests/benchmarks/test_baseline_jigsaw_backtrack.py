"""The C backtracking baseline of benchmarks/jigsaw.py: its boards pass the independent rule
checker on square, wide and tall boards (the wide ones are searched transposed), and it finds a
board exactly when satpuzzle does, on perturbed piece sets where many have none."""

from __future__ import annotations

import random

import pytest
from conftest import swapped_labels

import satpuzzle
from benchmarks.baselines import jigsaw_backtrack
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw

pytestmark = pytest.mark.skipif(not jigsaw_backtrack.AVAILABLE, reason="no C compiler")


@pytest.mark.parametrize("rows,cols", [(3, 3), (3, 5), (5, 3), (4, 6), (6, 4), (2, 7)])
@pytest.mark.parametrize("seed", range(3))
def test_boards_found_pass_the_rule_checker(rows, cols, seed):
    instance = jigsaw_generation.generate(rows, cols, labels=3, seed=seed, matching="equal")
    solution, nodes = jigsaw_backtrack.solve(instance, time_limit=30)
    assert nodes >= rows * cols
    assert solution is not None and satpuzzle.check(instance, solution) == []


def _two_label_board(rng: random.Random) -> jigsaw.JigsawInstance:
    """A small generated board showing both inner labels 1 and 2 (so that they can swap)."""
    while True:
        board = jigsaw_generation.generate(rng.choice((2, 3)), rng.choice((3, 4)), labels=2,
                                seed=rng.randrange(10**6), matching="equal")
        if {1, 2} <= {label for piece in board.pieces for label in piece}:
            return board


def test_finds_a_board_exactly_when_satpuzzle_does():
    rng = random.Random(7)
    outcomes = []
    for _ in range(60):
        instance = swapped_labels(_two_label_board(rng), rng)
        solution, _nodes = jigsaw_backtrack.solve(instance, time_limit=30)
        expected = satpuzzle.solve(instance)
        assert (solution is None) == (expected is None)
        if solution is not None:
            assert satpuzzle.check(instance, solution) == []
        outcomes.append(solution is not None)
    assert 10 <= sum(outcomes) <= 50  # both answers are exercised


def test_refuses_what_it_does_not_model():
    instance = jigsaw_generation.generate(3, 3, labels=2, seed=1, matching="opposite")
    with pytest.raises(ValueError):
        jigsaw_backtrack.solve(instance, time_limit=5)
