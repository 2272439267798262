"""Algorithm 1 of Behague (2024), §5.2 (satpuzzle/kinds/jigsaw/propagation.py) against the SAT
solver: on random position puzzles and perturbed copies its verdicts never contradict SAT;
the §5.2.4 theorem (fewer than 4 pieces (i, i, i, j) ⇒ solved); the §5.2.3 Fibonacci family
counted by enumeration against the derived formula F(n − 1); the engine "propagation" gives
SAT's boards where it decides and declines elsewhere."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from conftest import INSTANCES, run_cli
from jigsaw_paper import count_three_one, is_three_one

import satpuzzle
from benchmarks.jigsaw_claims import family_count, fibonacci, fibonacci_family
from satpuzzle.checkers.jigsaw import check
from satpuzzle.kinds.base import EngineDeclined
from satpuzzle.kinds.jigsaw import KIND
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import propagation as engine
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.propagation import propagate
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

SIZES = ((4, 4), (5, 5), (6, 6), (8, 8))
LABELS = (1, 2, 3)  # few labels: several solutions, stuck runs
SEEDS = range(12)


def sat_boards(instance: JigsawInstance, limit: int | None = None) -> list:
    """The SAT solver's boards (blocking clauses), whatever engine `auto` would take."""
    return list(satpuzzle.solutions(instance, limit=limit, engine="sat"))


def sat_solve(instance: JigsawInstance):
    return next(iter(sat_boards(instance, limit=1)), None)


def perturbed(instance: JigsawInstance, seed: int) -> JigsawInstance:
    """A copy that is often unsolvable: one nonzero label negated (even seeds) or two interior
    pieces swapped (odd seeds); SAT says which."""
    rng = random.Random(seed)
    pieces = list(instance.pieces)
    if seed % 2 == 0:
        index, side = rng.choice([(i, s) for i, piece in enumerate(pieces)
                                  for s in range(4) if piece[s]])
        labels = list(pieces[index])
        labels[side] = -labels[side]
        pieces[index] = tuple(labels)  # type: ignore[call-overload]
    else:
        cols = instance.cols
        inner = [r * cols + c for r in range(1, instance.rows - 1) for c in range(1, cols - 1)]
        a, b = rng.sample(inner, 2)
        pieces[a], pieces[b] = pieces[b], pieces[a]
    return JigsawInstance(instance.rows, instance.cols, tuple(pieces), "position",
                          instance.matching, instance.border, f"{instance.title}, perturbed")


@cache
def pool() -> tuple[tuple[JigsawInstance, object, object], ...]:
    """(instance, Algorithm 1 result, first SAT solution or None) for every random instance."""
    rows = []
    for size in SIZES:
        for labels in LABELS:
            for seed in SEEDS:
                made = jigsaw_generation.generate(*size, labels=labels, variant="position",
                                                  seed=seed)
                for instance in (made, perturbed(made, seed)):
                    rows.append((instance, propagate(instance), sat_solve(instance)))
    return tuple(rows)


def shown(instance: JigsawInstance, board) -> dict[tuple[int, int], tuple[int, ...]]:
    return {(r, c): jigsaw.rotated(instance.pieces[p[0]], p[1])
            for r, row in enumerate(board) for c, p in enumerate(row) if p is not None}


def test_verdicts_never_contradict_sat() -> None:
    statuses: Counter[str] = Counter()
    for instance, result, solution in pool():
        statuses[result.status] += 1
        if result.status == "solved":
            assert check(instance, result.board) == [], instance.title
            assert solution is not None, instance.title
        elif result.status == "unsat":
            assert solution is None, instance.title
            assert result.conflict is not None
        else:
            assert result.oriented < instance.rows * instance.cols
    assert len(pool()) >= 150
    assert all(statuses[status] >= 3 for status in ("solved", "unsat", "stuck")), statuses


def test_oriented_pieces_show_what_every_solution_shows() -> None:
    """A piece is oriented only when one look is left, so on a solvable instance any solution
    (here SAT's first) shows the same labels there, stuck runs included."""
    stuck_checked = 0
    for instance, result, solution in pool():
        if solution is None:
            continue
        partial, full = shown(instance, result.board), shown(instance, solution)
        assert all(full[cell] == look for cell, look in partial.items()), instance.title
        stuck_checked += result.status == "stuck"
    assert stuck_checked >= 3


def test_theorem_fewer_than_four_three_one_pieces_is_solved() -> None:
    """§5.2.4: with fewer than 4 pieces (i, i, i, j), i ≠ j, Algorithm 1 never gets stuck
    (solvable ⇒ solved; otherwise it proves unsat). Stuck runs all have at least 4."""
    qualifying = with_some = 0
    for instance, result, solution in pool():
        many = count_three_one(instance)
        if many < 4:
            qualifying += 1
            with_some += many > 0
            assert result.status == ("solved" if solution is not None else "unsat"), \
                instance.title
        if result.status == "stuck":
            assert many >= 4
    assert qualifying >= 60 and with_some >= 30, (qualifying, with_some)


def test_theorem_bound_is_tight() -> None:
    """Four (i, i, i, j) pieces suffice to get stuck: the 4×4 member of the family."""
    instance = fibonacci_family(4)
    assert count_three_one(instance) == 4
    assert propagate(instance).status == "stuck"


@pytest.mark.parametrize("n", range(3, 13))
def test_fibonacci_family_count(n: int) -> None:
    instance = fibonacci_family(n)
    boards = sat_boards(instance)
    assert all(check(instance, board) == [] for board in boards)
    assert len(boards) == family_count(n) == fibonacci(n - 1)
    interior = [instance.pieces[r * n + c] for r in (1, 2) for c in range(1, n - 1)]
    assert all(is_three_one(piece) for piece in interior)
    result = propagate(instance)
    if n == 3:  # each interior piece has three frame neighbours: nothing left to guess
        assert result.status == "solved"
    else:  # the frame and nothing else
        assert result.status == "stuck"
        assert result.oriented == 2 * n + 4


def test_paper_formula_is_off_by_one() -> None:
    """§5.2.3 says F(n − 2) boards; enumeration gives F(n − 1) (F(1) = F(2) = 1)."""
    counts = {n: len(sat_boards(fibonacci_family(n))) for n in (4, 5, 6)}
    assert all(counts[n] != fibonacci(n - 2) for n in counts)
    assert counts[6] == counts[5] + counts[4]


@pytest.mark.parametrize("n", (6, 20))
def test_instance_files_hold_the_family(n: int) -> None:
    path = INSTANCES / "jigsaw" / f"fibonacci-4x{n}.puz"
    (loaded,) = satpuzzle.load(str(path))
    assert loaded.pieces == fibonacci_family(n).pieces
    assert (loaded.rows, loaded.cols, loaded.variant) == (4, n, "position")
    if n == 6:
        done = run_cli("solve", path, "--count")
        assert done.stdout.split() == [str(family_count(6))], done.stderr


def test_unsat_and_refusals() -> None:
    solved = fibonacci_family(3)
    pieces = list(solved.pieces)
    pieces[4] = (2, 2, 2, 2)  # fits none of the −1 frame labels around cell (1, 1)
    broken = JigsawInstance(4, 3, tuple(pieces), "position")
    result = propagate(broken)
    assert result.status == "unsat" and result.conflict == (1, 1)
    assert sat_solve(broken) is None
    with pytest.raises(ValueError):
        propagate(JigsawInstance(4, 3, solved.pieces, "puzzle"))


# ---------------------------------------------------------------- the engine "propagation"


def engine_outcome(instance: JigsawInstance) -> list | None:
    """The engine's boards, or None when it declines (before yielding anything)."""
    boards = engine.solutions(instance)
    try:
        first = next(boards, None)
    except EngineDeclined:
        return None
    return [] if first is None else [first, *boards]


@cache
def other_rules() -> tuple[JigsawInstance, ...]:
    """Position puzzles under the other rules: equal matching, free borders (zeros then say
    nothing, and more runs get stuck), with a perturbed copy each."""
    found = []
    for seed in range(24):
        made = jigsaw_generation.generate(3 + seed % 3, 3 + seed % 4, labels=1 + seed % 4,
                               variant="position", seed=seed,
                               matching=("opposite", "equal")[seed % 2],
                               border=("zero", "zero", "free")[seed % 3])
        found += [made, perturbed(made, seed)]
    return tuple(found)


def test_engine_gives_sat_boards_where_it_decides() -> None:
    """Where Algorithm 1 decides, the engine's boards are exactly SAT's (one board, or none
    for an unsolvable puzzle), each rule-checked; where it gets stuck it declines."""
    outcomes: Counter[str] = Counter()
    for instance in (*(row[0] for row in pool()), *other_rules()):
        mine = engine_outcome(instance)
        if mine is None:
            assert propagate(instance).status == "stuck", instance.title
            outcomes["declined"] += 1
            continue
        assert all(check(instance, board) == [] for board in mine), instance.title
        assert mine == sat_boards(instance), instance.title
        outcomes["solved" if mine else "unsat"] += 1
    assert all(outcomes[what] >= 5 for what in ("solved", "unsat", "declined")), outcomes


def test_engine_declines_before_yielding_anything() -> None:
    stuck = fibonacci_family(5)
    with pytest.raises(EngineDeclined):
        next(engine.solutions(stuck))
    not_position = jigsaw_generation.generate(3, 3, labels=2, variant="puzzle", seed=1)
    with pytest.raises(EngineDeclined):
        next(engine.solutions(not_position))
    assert not engine.suits(not_position)


def test_auto_takes_propagation_on_position_puzzles() -> None:
    for seed, (matching, border) in enumerate((("opposite", "zero"), ("equal", "free"))):
        instance = jigsaw_generation.generate(4, 5, labels=3, variant="position", seed=seed,
                                   matching=matching, border=border)
        assert KIND.engine_for(instance, "auto").name == "propagation"
        assert KIND.engine_for(instance, "propagation").name == "propagation"
        assert KIND.engine_for(instance, "search").name == "search"  # the depth-first one
    for variant in ("puzzle", "contour", "contour-position"):
        instance = jigsaw_generation.generate(4, 5, labels=3, variant=variant, seed=3)
        chosen = KIND.engine_for(instance, "auto")
        assert chosen is None or chosen.name != "propagation", variant
    solved = fibonacci_family(3)  # every piece forced: one board, through the public API
    assert list(satpuzzle.solutions(solved, engine="propagation")) == sat_boards(solved)
    assert len(sat_boards(solved)) == 1
