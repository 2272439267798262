"""Fresh Sudokus fast: the rules (satpuzzle/kinds/sudoku/rules.py) over each shape's cached
units give the formula a naive encoder written here from the rules gives, the library writes
the same clauses in plain Python and with numpy, and no puzzle's givens carry into the
next."""

from __future__ import annotations

import pytest
from conftest import INSTANCES
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

import satpuzzle
from satpuzzle.checkers.sudoku import violations
from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.constraints import model as constraint_model
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import candidates, decoding, puzzle, rules
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

SUDOKU = INSTANCES / "sudoku"


def _load(name: str) -> SudokuInstance:
    return satpuzzle.load(str(SUDOKU / name))[0]


def _batch() -> list[SudokuInstance]:
    """The hard one-line classics: unique 9×9 puzzles of one shape."""
    return satpuzzle.load(str(SUDOKU / "hard-batch.txt"))


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
    """The rules written naively, one constraint at a time, straight from the rule book:
    a candidate per digit no given peer holds, exactly one per empty cell, exactly one cell
    per (unit, digit the unit lacks) (one constraint at a time), in the same variable
    order."""
    formula = Formula("sudoku")
    model = Model(formula)
    size = instance.size
    all_units = puzzle.units(size, instance.box_rows, instance.box_cols, instance.regions)
    if instance.diagonals:
        all_units += puzzle.diagonal_units(size)
    givens = instance.givens
    seen: dict[tuple[int, int], set[int]] = {}
    for unit in all_units:
        present = [givens[r][c] for r, c in unit if givens[r][c]]
        if len(present) != len(set(present)):
            formula.contradiction()
            return formula
        for cell in unit:
            seen.setdefault(cell, set()).update(present)
    candidates = {(r, c): [d for d in range(1, size + 1) if d not in seen[(r, c)]]
                  for r in range(size) for c in range(size) if not givens[r][c]}
    for (r, c), digits in candidates.items():
        model.exactly_one("cell", [formula.var("x", r + 1, c + 1, d) for d in digits])
    for unit in all_units:
        for digit in sorted(set(range(1, size + 1)) - {givens[r][c] for r, c in unit}):
            model.exactly_one("unit", [formula.var("x", r + 1, c + 1, digit) for r, c in unit
                                       if digit in candidates.get((r, c), ())])
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


# ---------------------------------------------------------------- the rules' formula


@pytest.mark.parametrize("name", ["classic.puz", "inkala-2012.puz", "six-by-six.puz",
                                  "two-solutions.puz", "empty-4x4.puz", "jigsaw-6x6.puz",
                                  "jigsaw-9x9.puz"])
def test_rules_give_the_naive_encoders_formula(name):
    instance = _load(name)
    fast, general = rules.encode(instance), _general(instance)
    assert fast.names == general.names  # same variables, same numbers
    assert _named_clauses(fast) == _named_clauses(general)
    assert fast.num_clauses <= general.num_clauses  # duplicates dropped
    assert fast.live_puzzle_vars() == Formula.live_puzzle_vars(fast)  # no scan needed
    top = fast.num_vars
    assert all(fast.var(*name) == v for v, name in fast.names.items())  # names registered
    assert fast.num_vars == top


def _both_ways(instance: SudokuInstance) -> tuple[list[list[int]], list[list[int]]]:
    """The clauses the library writes in plain Python and with numpy for the puzzle's
    exactly-one families, with the same variables."""
    shape = rules._shape(instance.box_rows, instance.box_cols, instance.regions)
    grid = candidates.candidates(shape, instance.givens)
    bulk = [("cell", grid.cells, "")] + [(f, g, "") for f, g in grid.units]
    plain, arrays = Formula("sudoku"), Formula("sudoku")
    constraint_model._bulk_plain(plain, bulk)
    constraint_model._bulk_numpy(arrays, bulk)
    assert plain.num_clauses == arrays.num_clauses
    assert [(r.name, r.clauses, r.literals) for r in plain.explanation()] == [
        (r.name, r.clauses, r.literals) for r in arrays.explanation()]
    return ([list(map(int, c)) for c in plain.all_clauses()],
            [list(map(int, c)) for c in arrays.all_clauses()])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)]), st.data())
def test_plain_and_numpy_write_the_same_clauses(box, data):
    """Random givens, contradictory ones included (equal givens in a unit, a cell or a
    missing digit with no candidate): both ways write the same clauses, in the same order
    but for where the contradiction's two clauses stand."""
    size = box[0] * box[1]
    blanks = data.draw(st.integers(1, 3 * size))  # from dense to sparse givens
    cells = data.draw(st.lists(st.sampled_from([0] * blanks + list(range(1, size + 1))),
                               min_size=size * size, max_size=size * size))
    instance = SudokuInstance(*box, tuple(tuple(cells[r * size:(r + 1) * size])
                                          for r in range(size)))
    if candidates.candidates(rules._shape(*box, None), instance.givens).clash:
        return
    plain, arrays = _both_ways(instance)
    assert sorted(plain) == sorted(arrays)
    if all(len(clause) > 1 or clause[0] > 0 for clause in plain):
        assert plain == arrays


@pytest.mark.parametrize("name", ["classic.puz", "jigsaw-9x9.puz", "empty-4x4.puz"])
def test_plain_and_numpy_agree_on_bundled_puzzles(name):
    plain, arrays = _both_ways(_load(name))
    assert plain == arrays and len(plain) > 100


@pytest.mark.parametrize("instance", [_contradictory(), _no_candidate(), _load("unsolvable.puz")],
                         ids=["equal givens", "no candidate", "unsolvable.puz"])
def test_contradictions_stay_unsatisfiable(instance):
    assert not _satisfiable(rules.encode(instance)) and not _satisfiable(_general(instance))
    assert satpuzzle.solve(instance) is None


def test_shape_cache_never_leaks_givens():
    """Two different puzzles of one shape in a row, the shape's groups shared: each formula
    is the one an empty cache gives, and each answer keeps its own givens (independent
    checker)."""
    first, second = _batch()[:2]
    formulas = [rules.encode(first), rules.encode(second)]
    assert rules._shape.cache_info().currsize >= 1
    rules._shape.cache_clear()
    assert _named_clauses(rules.encode(second)) == _named_clauses(formulas[1])
    for instance, formula in zip((first, second), formulas):
        with Solver(name="cadical195", bootstrap_with=formula.all_clauses()) as solver:
            assert solver.solve()
            true = [v for v in solver.get_model() if v > 0 and v in formula.names]
        grid = decoding.decode(instance, [formula.names[v] for v in true])
        assert violations(instance.givens, 3, 3, grid) == []


def test_code_built_instances_with_bad_givens_are_refused():
    # by the constructor itself (tests/api/test_api_typed.py checks every kind's)
    with pytest.raises(InputError, match="integers in 0..4"):
        SudokuInstance(2, 2, ((1, 2, 3, 5), (0,) * 4, (0,) * 4, (0,) * 4))
    with pytest.raises(InputError, match="4 rows of 4"):
        SudokuInstance(2, 2, ((0,) * 4,) * 3)
    with pytest.raises(InputError, match="4 rows of 4"):  # a shape alone is no puzzle
        rules.encode(SudokuInstance(2, 2, ()))
