"""The per-shape shared solver (satpuzzle/kinds/sudoku/shared.py) answers exactly what a
fresh solver answers, in process only: the same solution, and never "one solution" for a
puzzle that has several (brute-force counts on 4×4 grids, after any history)."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from conftest import INSTANCES

import satpuzzle
from satpuzzle import pipeline
from satpuzzle.checkers.sudoku import violations
from satpuzzle.kinds.sudoku import rules, shared
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.pipeline import Compiled, Done, Ended, Found, Request

SUDOKU = INSTANCES / "sudoku"


@pytest.fixture(autouse=True)
def clean_process_state():
    """Each test starts with no shared solver and no counted answers, and leaves none."""
    shared.SHARED.clear()
    yield
    shared.SHARED.clear()


def _load(name: str) -> SudokuInstance:
    return satpuzzle.load(str(SUDOKU / name))[0]


def _batch() -> list[SudokuInstance]:
    """The hard one-line classics: unique 9×9 puzzles of one shape."""
    return satpuzzle.load(str(SUDOKU / "hard-batch.txt"))


def _contradictory() -> SudokuInstance:
    givens = [[0] * 9 for _ in range(9)]
    givens[0][0] = givens[0][5] = 4
    return SudokuInstance(3, 3, tuple(map(tuple, givens)))


def _answers(instance: SudokuInstance, **request) -> tuple[list, list]:
    """The solutions and events of one in-process pipeline run."""
    events = list(pipeline.solve(instance, Request(in_process=True, **request)))
    return [e.solution for e in events if isinstance(e, Found)], events


def _engine(events: list) -> str | None:
    return [e for e in events if isinstance(e, Ended)][-1].engine


def test_shared_solver_answers_what_a_fresh_solver_answers():
    puzzles = _batch()
    fresh = [_answers(instance, limit=1, engine="sat")[0] for instance in puzzles]
    shared.SHARED.clear()  # forget the answers just counted
    engines = []
    for index in list(range(len(puzzles))) + [0, 1, 2]:  # the first three again at the end
        found, events = _answers(puzzles[index], limit=1)
        assert found == fresh[index] and len(found) == 1
        assert violations(puzzles[index].givens, 3, 3, found[0]) == []
        engines.append(_engine(events))
    # the first puzzles are answered fresh; then one solver is built and kept
    assert engines[:shared.WARM_AFTER] == [None] * shared.WARM_AFTER
    assert set(engines[shared.WARM_AFTER + 1:]) == {"shared"}
    assert shared.SHARED.builds == 1


def test_puzzles_alternating_on_the_shared_solver_keep_their_own_givens():
    first, second = _batch()[:2]
    answer = {id(p): _answers(p, limit=1, engine="sat")[0][0] for p in (first, second)}
    for instance in [first, second] * 4:
        found, _ = _answers(instance, limit=None)
        assert found == [answer[id(instance)]]
        assert violations(instance.givens, 3, 3, found[0]) == []
    assert shared.SHARED.builds == 1


def test_several_or_no_solutions_are_answered_as_before():
    for instance in _batch()[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    two = _load("two-solutions.puz")
    found, events = _answers(two, limit=None)
    assert _engine(events) != "shared" and isinstance(events[0], Compiled)  # declined: SAT
    assert sorted(found) == sorted(_answers(two, limit=None, engine="sat")[0])
    assert len(found) == 2
    first, _ = _answers(two, limit=1)
    assert first == _answers(two, limit=1, engine="sat")[0]
    for instance in (_load("unsolvable.puz"), _contradictory()):
        found, events = _answers(instance, limit=None)
        assert found == [] and _engine(events) == "shared"
        assert [e for e in events if isinstance(e, Done)] == [Done(0, 0, True)]


def _blanked(rng: random.Random, empty: float) -> SudokuInstance:
    """A shuffled valid grid with about `empty` of its cells blanked."""
    digits = rng.sample(range(1, 10), 9)
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    grid = [[digits[(3 * (r % 3) + r // 3 + c) % 9] for c in range(9)] for r in rows]
    return SudokuInstance(3, 3, tuple(tuple(0 if rng.random() < empty else v for v in row)
                                      for row in grid))


def test_puzzles_of_several_solutions_always_go_to_sat():
    """Whatever the shared solver learnt, a puzzle with several solutions is declined, so its
    first solution is the fresh encoding's; one solution: the same answer either way."""
    rng = random.Random(5)
    puzzles = [_blanked(rng, empty) for empty in (0.3, 0.5, 0.6, 0.7) for _ in range(4)]
    counts = [len(_answers(p, limit=3, engine="sat")[0]) for p in puzzles]
    assert 1 in counts and max(counts) > 1
    shared.SHARED.clear()
    for instance in _batch()[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    for instance, count in zip(puzzles * 2, counts * 2):
        found, events = _answers(instance, limit=1)
        assert _engine(events) == (None if count > 1 else "shared")
        assert found == _answers(instance, limit=1, engine="sat")[0]


def test_interleaved_enumerations_share_the_solver_safely():
    puzzles = _batch()
    for instance in puzzles[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    streams = [satpuzzle.solutions(p) for p in puzzles[2:6]]
    firsts = [next(s) for s in streams]
    rests = [list(s) for s in streams]
    for instance, first, rest in zip(puzzles[2:6], firsts, rests):
        assert rest == [] and violations(instance.givens, 3, 3, first) == []


def test_child_runs_and_other_requests_answer_as_before():
    """A run with a deadline (its back end in a child, which the deadline stops), another
    back end, or a clause budget below the shared formula: SAT answers, the same answer. A
    run without a deadline (the command line's) takes the shared solver in process."""
    puzzles = _batch()
    for instance in puzzles[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    instance = puzzles[3]
    expected, _ = _answers(instance, limit=1, engine="sat")
    child = list(pipeline.solve(instance, Request(limit=1, deadline=time.monotonic() + 60)))
    assert isinstance(child[0], Compiled) and _engine(child) != "shared"
    assert [e.solution for e in child if isinstance(e, Found)] == expected
    here = list(pipeline.solve(instance, Request(limit=1)))
    assert _engine(here) == "shared"
    assert [e.solution for e in here if isinstance(e, Found)] == expected
    assert rules.encode(instance).num_clauses < 8_000 < shared.MAX_CLAUSES
    for request in ({"solver": "glucose4"}, {"max_clauses": 8_000}):
        found, events = _answers(instance, limit=1, **request)
        assert found == expected and _engine(events) != "shared"
    assert _answers(instance, limit=1)[0] == expected


def test_shapes_answered_once_or_too_large_get_no_shared_solver():
    jigsaw = _load("jigsaw-9x9.puz")
    transposed = SudokuInstance(3, 3, tuple(zip(*jigsaw.givens)),
                                regions=tuple(zip(*jigsaw.regions)))
    for instance in (jigsaw, transposed, _load("classic.puz")):  # three shapes, once each
        _found, events = _answers(instance, limit=1)
        assert _engine(events) != "shared"
    assert shared.SHARED.builds == 0
    large = SudokuInstance(4, 4, ((0,) * 16,) * 16)
    assert shared._most_clauses(rules.shape_key(large)) > shared.MAX_CLAUSES
    for _ in range(shared.WARM_AFTER + 1):
        shared.SHARED.note_answer(rules.shape_key(large))
    assert not shared.ENGINE.suits(large)


def _all_grids_4x4() -> list[tuple[int, ...]]:
    """Every solved 4×4 Sudoku (288), by brute force over rows."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for a, b, c, d in itertools.product(rows, repeat=4):
        grid = (a, b, c, d)
        if all(len({grid[r][col] for r in range(4)}) == 4 for col in range(4)) and all(
                len({grid[r][col] for r in (br, br + 1) for col in (bc, bc + 1)}) == 4
                for br in (0, 2) for bc in (0, 2)):
            grids.append(grid)
    return grids


def test_uniqueness_claims_match_brute_force_after_any_history():
    """Random 4×4 puzzles (several, one or no solution), the empty grid among them, in a
    shuffled order on one process: every answer is the fresh encoding's and every puzzle
    the shared solver answers has exactly one solution by brute force. (The empty 4×4 was
    once answered with 1 solution instead of 288, after a few puzzles.)"""
    grids = _all_grids_4x4()
    assert len(grids) == 288
    rng = random.Random(11)
    puzzles = [SudokuInstance(2, 2, ((0,) * 4,) * 4)] * 3
    for _ in range(120):
        grid = rng.choice(grids)
        keep = rng.random()
        givens = tuple(tuple(v if rng.random() < keep else 0 for v in row) for row in grid)
        if rng.random() < 0.2:  # now and then a wrong given: fewer or no solutions
            r, c = rng.randrange(4), rng.randrange(4)
            givens = tuple(tuple((v % 4) + 1 if (i, j) == (r, c) and v else v
                                 for j, v in enumerate(row)) for i, row in enumerate(givens))
        puzzles.append(SudokuInstance(2, 2, givens))
    rng.shuffle(puzzles)
    answered_shared = 0
    for instance in puzzles:
        count = sum(all(g == 0 or g == s for gr, sr in zip(instance.givens, grid)
                        for g, s in zip(gr, sr)) for grid in grids)
        everything, events = _answers(instance, limit=None)
        assert len(everything) == count
        found, events = _answers(instance, limit=1)
        if _engine(events) == "shared":
            answered_shared += 1
            assert count <= 1
        assert found == _answers(instance, limit=1, engine="sat")[0]
    assert answered_shared > 40  # the shared solver did answer most of them


def test_variants_never_go_to_the_shared_solver():
    for instance in _batch()[:shared.WARM_AFTER + 1]:
        satpuzzle.solve(instance)
    x = _load("classic.puz")
    x_variant = SudokuInstance(3, 3, x.givens, diagonals=True)
    found, events = _answers(x_variant, limit=1)
    assert _engine(events) != "shared"
    assert found == _answers(x_variant, limit=1, engine="sat")[0]


@pytest.mark.parametrize("key", [(2, 2, None), (2, 3, None), (3, 3, None),
                                 (2, 2, ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3),
                                         (2, 2, 3, 3)))])
def test_the_empty_grid_formula_numbers_candidates_as_the_shared_solver_reads_them(key):
    """The shared solver turns givens into variables and true variables into a grid by
    arithmetic (candidate k: cell k // N, digit k % N + 1, variable k + 1), not by name: the
    layout must be the names' own."""
    formula = rules.encode_empty(key)
    size = key[0] * key[1]
    for var in range(1, size ** 3 + 1):
        cell, digit = divmod(var - 1, size)
        assert formula.names[var] == ("x", cell // size + 1, cell % size + 1, digit + 1)
