"""1-in-3 SAT ≤ PUZZLE-POSITION (Behague (2024), §3.4). The construction maps assignments
one to one onto boards, so the tests compare whole solution sets: for 100 seeded random
formulas (both solvable and unsolvable ones), every 1-in-3 assignment found by brute force
from the definition must come back, once each, from the boards satpuzzle enumerates for the
reduced instance (so the number of distinct boards equals the number of assignments), every
board must pass the jigsaw checker and map back to an assignment the 1-in-3 checker accepts,
and every assignment mapped forward must give a board the jigsaw checker accepts. Plus the
paper's example, short clauses, repeated and negated variables, boards the SAT solver does not
return (symmetric pieces turned half round), sizes, and SATLIB formulas cut to a few clauses."""

from __future__ import annotations

import itertools
import random

import pytest
from conftest import shared

import satpuzzle
from satpuzzle.kinds.jigsaw.puzzle import rotated
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance, read_dimacs
from satpuzzle.reductions import one_in_three_position as reduction

INSTANCES = 100
# φ = (x1 ∨ ¬x2 ∨ x3) ∧ (x1 ∨ x4 ∨ ¬x5) ∧ (x5 ∨ x2 ∨ ¬x1), figure 13 of the paper
PAPER_EXAMPLE = OneInThreeInstance(5, ((1, -2, 3), (1, 4, -5), (5, 2, -1)))


def brute_force(source: OneInThreeInstance) -> set[tuple[int, ...]]:
    """Every assignment of the occurring variables with exactly one true literal occurrence
    per clause, from the definition; each as the sorted tuple of its true variables."""
    occurring = sorted({abs(literal) for clause in source.clauses for literal in clause})
    found = set()
    for bits in itertools.product((False, True), repeat=len(occurring)):
        value = dict(zip(occurring, bits))
        if all(sum(value[abs(lit)] == (lit > 0) for lit in clause) == 1
               for clause in source.clauses):
            found.add(tuple(v for v in occurring if value[v]))
    return found


def round_trip(source: OneInThreeInstance) -> int:
    """Everything the protocol promises for one formula; returns its number of assignments."""
    expected = brute_force(source)
    assert set(satpuzzle.solutions(source)) == expected, source
    target = reduction.reduce(source)
    assert target.variant == "position" and target.matching == "opposite"
    assert target.border == "zero" and len(target.pieces) == target.rows * target.cols
    boards = list(satpuzzle.solutions(target, limit=len(expected) + 1))
    assert len(boards) == len(expected), (source, len(boards), len(expected))
    back = []
    for board in boards:
        assert satpuzzle.check(target, board) == []
        assignment = reduction.to_source(source, target, board)
        assert satpuzzle.check(source, assignment) == [], (source, assignment)
        back.append(assignment)
    assert sorted(back) == sorted(expected), source  # one board per assignment
    for assignment in expected:
        board = reduction.to_target(source, target, assignment)
        assert satpuzzle.check(target, board) == [], (source, assignment)
        assert reduction.to_source(source, target, board) == assignment
    return len(expected)


def test_random_formulas():
    rng = random.Random("one-in-three-position 2024")
    solvable = unsolvable = 0
    for draw in range(INSTANCES):
        source = reduction.random_source(rng, 3 + draw % 3)
        assert all(1 <= len(clause) <= 3 for clause in source.clauses)
        if round_trip(source):
            solvable += 1
        else:
            unsolvable += 1
    assert solvable >= 25 and unsolvable >= 25, (solvable, unsolvable)


def test_random_formulas_mix_signs_lengths_and_repeats():
    """The generator's draws really contain what the construction must handle."""
    rng = random.Random(5)
    clauses = [c for _ in range(200) for c in reduction.random_source(rng, 4).clauses]
    assert {len(c) for c in clauses} == {1, 2, 3}
    assert any(lit < 0 for c in clauses for lit in c) and any(lit > 0 for c in clauses for lit in c)
    assert any(len({abs(lit) for lit in c}) < len(c) for c in clauses)


def test_paper_example():
    assert round_trip(PAPER_EXAMPLE) == len(brute_force(PAPER_EXAMPLE)) == 1


@pytest.mark.parametrize("clauses", [
    ((1,),), ((-1,),), ((1,), (-1,)), ((1, 2),), ((1, -2),), ((-1, -2, -3),),
    ((1, 1),), ((1, -1),), ((1, 1, 1),), ((1, 1, 2),), ((1, -1, 2),), ((-1, 2, -1), (1, 2)),
    ((1, 2, 3), (-1, -2, -3)), ((1, 2, 3), (1, 2), (3,)), ((7, -3), (3, 7, 9)),
    ((1, 2, 3), (1, 2, -3), (1, -2, 3), (-1, 2, 3)),
    ((1, 2, -3), (2, 3, -4), (3, 4, -1), (4, 1, -2), (1, 3), (2, -4)),
], ids=str)
def test_special_formulas(clauses):
    """Unit and two-literal clauses, negations only, a variable repeated in its clause (twice,
    thrice, with both signs), variables that never occur (x2 when only x7 does), no solution."""
    source = OneInThreeInstance(max(abs(lit) for c in clauses for lit in c), clauses)
    round_trip(source)


def test_boards_the_solver_does_not_return():
    """A junction (1, −1, 1, −1) shows the same labels turned half round: such boards are the
    same solution and still map back to their assignment."""
    source = OneInThreeInstance(4, ((1, -2, 3), (2, 4), (-1, -3, 4)))
    target = reduction.reduce(source)
    for assignment in brute_force(source):
        board = reduction.to_target(source, target, assignment)
        turned = tuple(tuple(
            (index, (turns + 2) % 4) if target.pieces[index] == rotated(target.pieces[index], 2)
            else (index, turns) for index, turns in row) for row in board)
        assert turned != board and satpuzzle.check(target, turned) == []
        assert reduction.to_source(source, target, turned) == assignment


def test_to_target_refuses_a_non_solution():
    target = reduction.reduce(PAPER_EXAMPLE)
    solution = next(iter(brute_force(PAPER_EXAMPLE)))
    wrong = tuple(sorted(set(solution) ^ {1}))
    with pytest.raises(ValueError):
        reduction.to_target(PAPER_EXAMPLE, target, wrong)


def test_sizes():
    """Documented bounds: at most 4L + 1 columns and 4n + 5 rows (L literal occurrences,
    n occurring variables), exactly 4 + L + (m − 1) columns and 3n + 3 rows when no twist is
    needed; labels are ±1 and a few filler magnitudes; 3-5 variables and 2-6 clauses of three
    literals stay below 700 cells."""
    rng = random.Random(11)
    for _ in range(150):
        n, m = rng.randint(3, 5), rng.randint(2, 6)
        clauses = tuple(tuple(v if rng.random() < 0.5 else -v for v in rng.sample(
            range(1, n + 1), 3)) for _ in range(m))
        source = OneInThreeInstance(n, clauses)
        target = reduction.reduce(source)
        occurring, literals = len({abs(x) for c in clauses for x in c}), 3 * m
        assert target.cols <= 4 * literals + 1 and target.rows <= 4 * occurring + 5
        assert target.rows * target.cols < 700, (source, target.rows, target.cols)
        plan = reduction.plan(clauses)
        if not plan.tall:
            assert target.cols == 4 + literals + m - 1
            assert target.rows == 3 * occurring + 3
        assert 1 in {abs(v) for p in target.pieces for v in p}


def test_no_twist_layout_is_exact():
    """Without twists the board is fully determined by the counts: x1 and x2 alternate signs."""
    source = OneInThreeInstance(3, ((1, 2, 3), (-1, -2), (1, 2)))
    target = reduction.reduce(source)
    assert not reduction.plan(source.clauses).tall
    assert (target.rows, target.cols) == (3 * 3 + 3, 4 + 7 + 2)
    assert round_trip(source) == len(brute_force(source))


def test_drawing_matches_the_board():
    drawing = reduction.draw(PAPER_EXAMPLE).splitlines()
    target = reduction.reduce(PAPER_EXAMPLE)
    assert len(drawing) == target.rows and {len(line) for line in drawing} == {target.cols}
    assert set(drawing[0]) == {"#"} and drawing[1].count("R") + drawing[1].count("r") == 3
    assert sum(line.count("J") for line in drawing) == 2 * 9  # two per literal occurrence


def test_satlib_prefixes():
    """The first 7 and 14 clauses of SATLIB uf20-91 formulas, as 1-in-3 formulas (the full
    91-clause formula gives an 80 × 407 board; docs/REDUCTIONS.md has its timing)."""
    outcomes = set()
    for name in ("uf20-01.cnf", "uf20-02.cnf", "uf20-03.cnf"):
        path = shared(f"sat/uf20-91/{name}")
        full = read_dimacs(path.read_text(), str(path))
        for count in (7, 14):
            source = OneInThreeInstance(full.num_vars, full.clauses[:count])
            target = reduction.reduce(source)
            direct = satpuzzle.solve(source)
            boards = list(satpuzzle.solutions(target, limit=2))
            assert (direct is None) == (not boards), (name, count)
            outcomes.add(direct is None)
            for board in boards:
                assignment = reduction.to_source(source, target, board)
                assert satpuzzle.check(source, assignment) == []
            if direct is not None:
                board = reduction.to_target(source, target, direct)
                assert satpuzzle.check(target, board) == []
    assert outcomes == {True, False}
