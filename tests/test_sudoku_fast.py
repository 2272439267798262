"""Fresh Sudokus fast: the numpy encoding over each shape's cached groups
(satpuzzle/kinds/sudoku/encoding.py) gives the general encoder's formula and never carries one
puzzle's givens into the next, and the per-shape shared solver
(satpuzzle/kinds/sudoku/shared.py) answers exactly what a fresh solver answers, in process
only."""

from __future__ import annotations

import random

import pytest
from conftest import INSTANCES
from pysat.solvers import Solver

import satpuzzle
from satpuzzle import pipeline
from satpuzzle.checkers.sudoku import violations
from satpuzzle.cnf import Formula
from satpuzzle.errors import InputError
from satpuzzle.kinds import sudoku as sudoku_kind
from satpuzzle.kinds.sudoku import puzzle, shared
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.pipeline import Compiled, Done, Ended, Found, Request

SUDOKU = INSTANCES / "sudoku"


def _load(name: str) -> SudokuInstance:
    return satpuzzle.load(str(SUDOKU / name))[0]


def _batch() -> list[SudokuInstance]:
    """The hard one-line classics: unique 9×9 puzzles of one shape."""
    return satpuzzle.load(str(SUDOKU / "hard-batch.txt"))


@pytest.fixture(autouse=True)
def clean_process_state():
    """Each test starts with no shared solver and no counted answers, and leaves none."""
    sudoku_kind.SHARED.clear()
    yield
    sudoku_kind.SHARED.clear()


def _named_clauses(formula: Formula) -> set[frozenset]:
    """The clause set with variables by name (auxiliaries: 'aux'): comparable across
    numberings, duplicates merged."""
    def literal(lit: int) -> tuple:
        return (*formula.names.get(abs(lit), ("aux",)), lit > 0)
    return {frozenset(map(literal, clause)) for clause in formula.all_clauses()}


def _satisfiable(formula: Formula) -> bool:
    with Solver(name="cadical195", bootstrap_with=formula.all_clauses()) as solver:
        return solver.solve()


def _general(instance: SudokuInstance) -> Formula:
    formula = Formula("sudoku")
    puzzle._encode_general(formula, instance)
    return formula


def _contradictory() -> SudokuInstance:
    """Two equal givens in the first row."""
    givens = [[0] * 9 for _ in range(9)]
    givens[0][0] = givens[0][5] = 4
    return SudokuInstance(3, 3, tuple(map(tuple, givens)))


def _no_candidate() -> SudokuInstance:
    """Cell r1c1 sees every digit: an empty cell with no candidate left."""
    givens = [[0] * 9 for _ in range(9)]
    givens[0][1:9] = range(1, 9)
    givens[1][0] = 9
    return SudokuInstance(3, 3, tuple(map(tuple, givens)))


# ---------------------------------------------------------------- the numpy encoding


@pytest.mark.parametrize("name", ["classic.puz", "inkala-2012.puz", "six-by-six.puz",
                                  "two-solutions.puz", "empty-4x4.puz", "jigsaw-6x6.puz",
                                  "jigsaw-9x9.puz"])
def test_numpy_encoding_gives_the_general_encoders_formula(name):
    instance = _load(name)
    fast, general = puzzle.encode(instance), _general(instance)
    assert fast.names == general.names  # same variables, same numbers
    assert _named_clauses(fast) == _named_clauses(general)
    assert fast.num_clauses <= general.num_clauses  # duplicates dropped
    assert fast.live_puzzle_vars() == Formula.live_puzzle_vars(fast)  # no scan needed
    top = fast.num_vars
    assert all(fast.var(*name) == v for v, name in fast.names.items())  # names registered
    assert fast.num_vars == top


@pytest.mark.parametrize("instance", [_contradictory(), _no_candidate(), _load("unsolvable.puz")],
                         ids=["equal givens", "no candidate", "unsolvable.puz"])
def test_contradictions_stay_unsatisfiable(instance):
    assert not _satisfiable(puzzle.encode(instance)) and not _satisfiable(_general(instance))
    assert satpuzzle.solve(instance) is None


def test_shape_cache_never_leaks_givens():
    """Two different puzzles of one shape in a row, the shape's groups shared: each formula
    is the one an empty cache gives, and each answer keeps its own givens (independent
    checker)."""
    first, second = _batch()[:2]
    formulas = [puzzle.encode(first), puzzle.encode(second)]
    assert puzzle._shape.cache_info().currsize >= 1
    puzzle._shape.cache_clear()
    assert _named_clauses(puzzle.encode(second)) == _named_clauses(formulas[1])
    for instance, formula in zip((first, second), formulas):
        with Solver(name="cadical195", bootstrap_with=formula.all_clauses()) as solver:
            assert solver.solve()
            true = [v for v in solver.get_model() if v > 0 and v in formula.names]
        grid = puzzle.decode(instance, [formula.names[v] for v in true])
        assert violations(instance.givens, 3, 3, grid) == []


def test_code_built_instances_with_bad_givens_are_refused():
    bad = SudokuInstance(2, 2, ((1, 2, 3, 5), (0,) * 4, (0,) * 4, (0,) * 4))
    with pytest.raises(InputError, match="integers in 0..4"):
        puzzle.encode(bad)
    short = SudokuInstance(2, 2, ((0,) * 4,) * 3)
    with pytest.raises(InputError, match="4 rows of 4"):
        puzzle.encode(short)


# ---------------------------------------------------------------- the shared solver


def _answers(instance: SudokuInstance, **request) -> tuple[list, list]:
    """The solutions and events of one in-process pipeline run."""
    events = list(pipeline.solve(instance, Request(in_process=True, **request)))
    return [e.solution for e in events if isinstance(e, Found)], events


def _engine(events: list) -> str | None:
    return [e for e in events if isinstance(e, Ended)][-1].engine


def test_shared_solver_answers_what_a_fresh_solver_answers():
    puzzles = _batch()
    fresh = [_answers(instance, limit=1, engine="sat")[0] for instance in puzzles]
    sudoku_kind.SHARED.clear()  # forget the answers just counted
    engines = []
    for index in list(range(len(puzzles))) + [0, 1, 2]:  # the first three again at the end
        found, events = _answers(puzzles[index], limit=1)
        assert found == fresh[index] and len(found) == 1
        assert violations(puzzles[index].givens, 3, 3, found[0]) == []
        engines.append(_engine(events))
    # the first puzzles are answered fresh; then one solver is built and kept
    assert engines[:shared.WARM_AFTER] == [None] * shared.WARM_AFTER
    assert set(engines[shared.WARM_AFTER + 1:]) == {"shared"}
    assert sudoku_kind.SHARED.builds == 1


def test_puzzles_alternating_on_the_shared_solver_keep_their_own_givens():
    first, second = _batch()[:2]
    answer = {id(p): _answers(p, limit=1, engine="sat")[0][0] for p in (first, second)}
    for instance in [first, second] * 4:
        found, _ = _answers(instance, limit=None)
        assert found == [answer[id(instance)]]
        assert violations(instance.givens, 3, 3, found[0]) == []
    assert sudoku_kind.SHARED.builds == 1


def test_a_solver_that_used_up_its_selectors_is_built_again(monkeypatch):
    monkeypatch.setattr(shared, "SELECTORS", 2)
    puzzles = _batch()
    for instance in puzzles[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    kept = []
    for instance in puzzles:
        found, events = _answers(instance, limit=1)
        assert _engine(events) == "shared"
        assert violations(instance.givens, 3, 3, found[0]) == []
        kept.append(sudoku_kind.SHARED.solver(puzzle.shape_key(instance)))
    assert sudoku_kind.SHARED.builds >= 3 and kept[0].closed  # the old ones were dropped


def test_several_or_no_solutions_are_answered_as_before():
    for instance in _batch()[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    two = _load("two-solutions.puz")
    found, events = _answers(two, limit=None)
    assert _engine(events) is None and isinstance(events[0], Compiled)  # declined: SAT
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
    sudoku_kind.SHARED.clear()
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
    """The command line's runs (back ends in a child), another back end, or a clause budget
    below the shared formula: SAT answers, the same answer."""
    puzzles = _batch()
    for instance in puzzles[:shared.WARM_AFTER]:
        satpuzzle.solve(instance)
    instance = puzzles[3]
    expected, _ = _answers(instance, limit=1, engine="sat")
    child = list(pipeline.solve(instance, Request(limit=1)))
    assert isinstance(child[0], Compiled) and _engine(child) is None
    assert [e.solution for e in child if isinstance(e, Found)] == expected
    assert puzzle.encode(instance).num_clauses < 8_000 < shared.MAX_CLAUSES
    for request in ({"solver": "glucose4"}, {"max_clauses": 8_000}):
        found, events = _answers(instance, limit=1, **request)
        assert found == expected and _engine(events) is None
    assert _answers(instance, limit=1)[0] == expected


def test_shapes_answered_once_or_too_large_get_no_shared_solver():
    jigsaw = _load("jigsaw-9x9.puz")
    transposed = SudokuInstance(3, 3, tuple(zip(*jigsaw.givens)),
                                regions=tuple(zip(*jigsaw.regions)))
    for instance in (jigsaw, transposed, _load("classic.puz")):  # three shapes, once each
        _found, events = _answers(instance, limit=1)
        assert _engine(events) is None
    assert sudoku_kind.SHARED.builds == 0
    large = SudokuInstance(4, 4, ((0,) * 16,) * 16)
    assert shared._most_clauses(puzzle.shape_key(large)) > shared.MAX_CLAUSES
    for _ in range(shared.WARM_AFTER + 1):
        sudoku_kind.SHARED.note_answer(puzzle.shape_key(large))
    assert not sudoku_kind.SHARED_ENGINE.suits(large)
