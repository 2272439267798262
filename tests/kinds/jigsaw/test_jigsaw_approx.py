"""The approximations of Behague (2024), §4.1 and §5.1 (satpuzzle/kinds/jigsaw/approx.py) and
the exact optima by MaxSAT (maxsat.py), judged by the independent scorer
(satpuzzle/checkers/jigsaw_score.py): on random solvable instances every algorithm's board is a
legal assignment, its score is what the scorer counts, and it reaches its proven bound α·total
(exact fractions); no approximation beats the MaxSAT optimum; the optimum is the whole total on
a solvable instance and falls below it when a label is changed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from satpuzzle.checkers import jigsaw_score as scorer
from satpuzzle.kinds.jigsaw import approx, maxsat
from satpuzzle.kinds.jigsaw.generation import generate
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

SIZES = [(1, 1), (1, 2), (1, 7), (6, 1), (2, 2), (2, 5), (3, 3), (3, 4), (4, 3), (3, 8),
         (4, 4), (5, 5), (4, 7), (6, 6), (7, 5), (9, 10), (7, 7), (10, 7)]
STYLES = [("opposite", "zero"), ("equal", "zero"), ("opposite", "free")]
LABELS = (1, 2, 3, 9)  # few labels: many boards, frames that differ from the generated one


def instances(variant: str, seeds: int = 3) -> Iterator[JigsawInstance]:
    for rows, cols in SIZES:
        for matching, border in STYLES:
            for labels in LABELS:
                for seed in range(seeds):
                    yield generate(rows, cols, labels=labels, variant=variant, seed=seed,
                                   matching=matching, border=border)


ORIENTATION: list[Callable[[JigsawInstance], approx.Approximation]] = [
    approx.checkerboard, lambda i: approx.checkerboard(i, improve=True),
    approx.frame_and_checkerboard, lambda i: approx.frame_and_checkerboard(i, improve=True),
    approx.blocks_and_singles, approx.approx_orientation]
POSITION: list[Callable[[JigsawInstance], approx.Approximation]] = [
    approx.orient_by_path, approx.approx_position]


def test_orientation_bounds_hold_on_random_solvable_instances():
    checked = 0
    for instance in instances("orientation"):
        total = instance.rows * instance.cols
        for algorithm in ORIENTATION:
            result = algorithm(instance)
            assert scorer.problems(instance, result.board, complete=False) == []
            assert scorer.valid_pieces(instance, result.board) == result.score
            assert result.total == total
            assert result.score >= result.alpha * total, (instance.title, result.report())
            checked += 1
    assert checked == len(SIZES) * len(STYLES) * len(LABELS) * 3 * len(ORIENTATION)


def test_position_bounds_hold_on_random_solvable_instances():
    for instance in instances("position"):
        for algorithm in POSITION:
            result = algorithm(instance)
            assert scorer.problems(instance, result.board, complete=True) == []
            assert scorer.matched_pairs(instance, result.board) == result.score
            assert result.total == scorer.face_pairs(instance.rows, instance.cols)
            assert result.score >= result.alpha * result.total, (instance.title,
                                                                 result.report())


@pytest.mark.parametrize(("rows", "cols", "alpha"), [
    (3, 3, Fraction(1, 2)), (3, 4, Fraction(14, 24)), (10, 10, Fraction(128, 200)),
    (2, 9, Fraction(1, 2)), (1, 5, Fraction(1, 2))])
def test_orientation_alpha_is_the_papers(rows, cols, alpha):
    """Corollary 4.3's (mn + 2(m + n) − 12) / 2mn where it applies (m, n ≥ 3), else 1/2."""
    instance = generate(rows, cols, labels=4, variant="orientation", seed=1)
    assert approx.approx_orientation(instance).alpha == alpha
    assert approx.checkerboard(instance).alpha == Fraction(1, 2)


@pytest.mark.parametrize(("rows", "cols", "alpha"), [
    (4, 4, Fraction(64, 144)), (7, 10, Fraction(316, 630)), (13, 13, Fraction(793, 1521)),
    (3, 4, Fraction(0)), (6, 6, Fraction(0))])
def test_blocks_alpha_is_the_papers_where_its_count_holds(rows, cols, alpha):
    """Théorème 4.4's (5mn − 2(m + n)) / 9mn (the paper prints 5/9 − 2(m + n)/9, a typo its
    last line contradicts) for m ≡ n ≡ 1 (mod 3); nothing claimed elsewhere."""
    instance = generate(rows, cols, labels=4, variant="orientation", seed=1)
    assert approx.blocks_and_singles(instance).alpha == alpha


def test_blocks_reach_their_bound_with_few_labels():
    """m ≡ n ≡ 1 (mod 3) boards with 2 or 3 labels, where nearly every arrangement of four
    pieces is a valid block and a careless listing packs too few of them."""
    for rows, cols in [(4, 7), (7, 10), (10, 10), (13, 7)]:
        for matching, border in STYLES:
            for labels in (2, 3):
                instance = generate(rows, cols, labels=labels, variant="orientation", seed=5,
                                    matching=matching, border=border)
                result = approx.blocks_and_singles(instance)
                assert result.score >= result.bound > 0, result.report()
                assert scorer.valid_pieces(instance, result.board) == result.score


@pytest.mark.parametrize(("rows", "cols", "border", "alpha"), [
    (3, 3, "zero", Fraction(24, 24)), (4, 5, "zero", Fraction(47, 49)),
    (10, 10, "zero", Fraction(171, 220)), (4, 5, "free", Fraction(37, 49)),
    (1, 6, "zero", Fraction(19, 19)), (2, 2, "zero", Fraction(11, 12))])
def test_position_alpha_is_the_papers(rows, cols, border, alpha):
    """Théorème 5.2's (mn + 4m + 4n − 9) / (2mn + m + n) for m, n ≥ 3 and border zero; the
    snake through every cell elsewhere: (mn − 1 + 2m + 2n) / (2mn + m + n)."""
    instance = generate(rows, cols, labels=4, variant="position", seed=1, border=border)
    assert approx.approx_position(instance).alpha == alpha


def _small(variant: str) -> Iterator[JigsawInstance]:
    for rows, cols in [(1, 3), (2, 2), (2, 3), (3, 3), (3, 4)]:
        for matching, border in STYLES:
            for labels in (2, 4):
                yield generate(rows, cols, labels=labels, variant=variant, seed=rows * cols,
                               matching=matching, border=border)


def test_maxsat_reaches_the_total_and_no_approximation_beats_it():
    for instance in _small("orientation"):
        valid = maxsat.max_valid(instance)
        assert valid.score == valid.total == instance.rows * instance.cols
        assert scorer.valid_pieces(instance, valid.board) == valid.score
        assert scorer.problems(instance, valid.board, complete=False) == []
        for algorithm in ORIENTATION:
            assert algorithm(instance).score <= valid.score
    for instance in _small("position"):
        best = maxsat.max_matched(instance)
        assert best.score == best.total == scorer.face_pairs(instance.rows, instance.cols)
        assert scorer.matched_pairs(instance, best.board) == best.score
        assert scorer.problems(instance, best.board, complete=True) == []
        for algorithm in POSITION:
            assert algorithm(instance).score <= best.score


def _broken(instance: JigsawInstance) -> JigsawInstance:
    """The instance with one non-zero label of its first piece changed to one found nowhere:
    that face fits nothing, and every other pair of the generated board still fits."""
    pieces = list(instance.pieces)
    first = list(pieces[0])
    side = next(side for side in range(4) if first[side] != 0)
    first[side] = 1000
    pieces[0] = (first[0], first[1], first[2], first[3])
    return replace(instance, pieces=tuple(pieces))


@pytest.mark.parametrize("variant", ["puzzle", "orientation", "position"])
def test_maxsat_is_one_short_when_a_label_is_changed(variant):
    """No perfect board then: the optimum is the total less the one face that fits nothing
    (border zero, so the face cannot hide on the outside), and the approximations, which
    assume a solvable instance, still give legal boards and never more."""
    for rows, cols in [(1, 4), (2, 3), (3, 3), (3, 4)]:
        for matching in ("opposite", "equal"):
            instance = _broken(generate(rows, cols, labels=3, variant=variant, seed=7,
                                        matching=matching))
            best = maxsat.max_matched(instance)
            assert best.score == best.total - 1
            assert scorer.matched_pairs(instance, best.board) == best.score
            assert scorer.problems(instance, best.board, complete=True) == []
            if variant == "position":
                result = approx.approx_position(instance)
                assert scorer.problems(instance, result.board, complete=True) == []
                assert result.score <= best.score
            if variant == "orientation":
                valid = maxsat.max_valid(instance)
                assert valid.score < valid.total
                result = approx.approx_orientation(instance)
                assert scorer.problems(instance, result.board, complete=False) == []
                assert result.score <= valid.score


def test_the_scorer_counts_by_hand():
    """A 1×2 board, opposite matching, border zero: 7 face pairs (1 shared edge, 6 outside)."""
    instance = JigsawInstance(1, 2, ((0, 5, 0, 0), (0, 0, 0, -5)), "position")
    assert scorer.face_pairs(1, 2) == 7
    assert scorer.matched_pairs(instance, (((0, 0), (1, 0)),)) == 7
    # the second piece turned twice: -5 goes to the outside (right), 0 faces 5
    assert scorer.matched_pairs(instance, (((0, 0), (1, 2)),)) == 5
    assert scorer.problems(instance, (((0, 0), (1, 2)),), complete=True) == []
    assert scorer.problems(instance, (((1, 0), (0, 0)),), complete=True) == [
        "cell (0, 0) holds piece 1, not its own", "cell (0, 1) holds piece 0, not its own"]
    oriented = replace(instance, variant="orientation")
    assert scorer.valid_pieces(oriented, (((0, 0), (1, 0)),)) == 2
    assert scorer.valid_pieces(oriented, (((1, 0), None),)) == 0  # -5 on the outside
    assert scorer.valid_pieces(oriented, ((None, (1, 0)),)) == 1  # its empty neighbour asks nothing
    assert scorer.problems(oriented, (((0, 0), (0, 0)),), complete=False) == [
        "piece 0 is placed twice"]
    assert scorer.problems(oriented, (((0, 1), None),), complete=False) == [
        "cell (0, 0): piece 0 is turned, orientations are given"]


def test_report_says_score_total_and_bound():
    instance = generate(4, 4, labels=3, variant="position", seed=2)
    text = approx.approx_position(instance).report()
    assert text.startswith("approx-position: ")
    assert "40 of 40 neighbouring face pairs matched (bound 39: α = 39/40, Behague (2024), §5.1" in text
    optimum = maxsat.max_matched(instance)
    assert optimum.report() == "maxsat: 40 of 40 neighbouring face pairs matched (optimum, " \
                               "proven by RC2)"


def test_the_algorithms_refuse_other_variants():
    with pytest.raises(ValueError, match="orientation instance is needed"):
        approx.checkerboard(generate(2, 2, labels=2, variant="position", seed=0))
    with pytest.raises(ValueError, match="position instance is needed"):
        approx.orient_by_path(generate(2, 2, labels=2, variant="orientation", seed=0))
    with pytest.raises(ValueError, match="contours"):
        maxsat.max_matched(generate(3, 3, labels=2, variant="contour", seed=0))
