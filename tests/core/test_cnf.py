"""The CNF layer: shared auxiliary numbering, sound short blocking, live variables only."""

from __future__ import annotations

import itertools

from satpuzzle.cnf import DEFAULT_MAX_CLAUSES, Formula
from satpuzzle.constraints import Model
from satpuzzle.constraints.encodings import PAIRWISE_LIMIT
from satpuzzle.dimacs import read_model
from satpuzzle.solving import Job, ModelStream


def test_cardinality_constraints_share_the_pool():
    formula = Formula("test")
    first = [formula.var("a", i) for i in range(40)]
    second = [formula.var("b", i) for i in range(20)]
    before = formula.num_vars
    model = Model(formula)
    model.exactly_one("first", first)  # ladder encoding: auxiliaries
    aux_first = {abs(l) for c in formula.clauses for l in c} - set(first)
    count = len(formula.clauses)
    model.count("second", second, "atmost", 3)
    aux_second = {abs(l) for c in formula.clauses[count:] for l in c} - set(second)
    assert aux_first and aux_second and not aux_first & aux_second
    assert min(aux_first | aux_second) > before
    assert not (aux_first | aux_second) & set(formula.names)


def count_models(formula: Formula, solver: str = "cadical195") -> int:
    stream = ModelStream(formula, solver)
    found = list(stream.models(Job()))
    assert len(set(found)) == len(found)
    return len(found)


def test_each_solution_once_despite_free_auxiliaries():
    # at most 2 of 6 through a sequential counter: its auxiliaries are not fixed by the
    # puzzle variables, so blocking on whole models would repeat solutions.
    formula = Formula("test")
    lits = [formula.var("x", i) for i in range(6)]
    Model(formula).count("x", lits, "atmost", 2)
    expected = sum(1 for k in range(3) for _ in itertools.combinations(range(6), k))
    assert count_models(formula) == expected == 22


def test_unused_puzzle_variable_is_not_enumerated():
    formula = Formula("test")
    x, y = formula.var("x"), formula.var("y")
    _unused = formula.var("unused")  # occurs in no clause: CaDiCaL may report it true
    formula.add([x, y])
    assert formula.live_puzzle_vars() == [x, y]
    for solver in ("cadical195", "glucose4"):
        assert count_models(formula, solver) == 3


def test_one_hot_blocking_is_shorter_and_sound():
    formula = Formula("test")
    cells = [[formula.var("c", i, d) for d in range(3)] for i in range(3)]
    for cell in cells:
        Model(formula).exactly_one("cell", cell)
    formula.one_hot = True
    live = formula.live_puzzle_vars()
    clause = formula.blocking_clause({cells[0][0], cells[1][1], cells[2][2]}, live)
    assert sorted(clause) == sorted([-cells[0][0], -cells[1][1], -cells[2][2]])
    assert count_models(formula) == 27


def test_contradiction_is_valid_dimacs():
    formula = Formula("test")
    Model(formula).at_least_one("nothing", [])
    assert count_models(formula) == 0
    assert "p cnf 1 2" in formula.to_dimacs()


def test_pairwise_below_limit_no_auxiliaries():
    formula = Formula("test")
    lits = [formula.var("x", i) for i in range(PAIRWISE_LIMIT)]
    Model(formula).exactly_one("x", lits)
    assert formula.num_vars == len(lits)


def test_read_model_formats():
    assert read_model("s SATISFIABLE\nv 1 -2\nv 3 0\n", "m").true_vars == {1, 3}
    assert read_model("SAT\n-1 2 0\n", "m").true_vars == {2}
    assert read_model("1 2 -3 0", "m").status == "SAT"
    assert read_model("s UNSATISFIABLE\n", "m").status == "UNSAT"


def test_the_clause_budget_belongs_to_the_thread_that_set_it():
    """Tasks side by side in one process (a Dask worker's threads, the API from threads) each
    keep their own --max-clauses: a small budget set in one thread neither stops a formula
    built in another nor leaks out when its block ends."""
    import threading

    from satpuzzle.cnf import ClauseBudgetExceeded, clause_budget, max_clauses

    inside = threading.Event()
    release = threading.Event()
    seen: dict[str, object] = {}

    def small_budget() -> None:
        with clause_budget(10):
            inside.set()
            release.wait(30)
            formula = Formula("sudoku")
            try:
                for n in range(1, 6000):
                    formula.add([n, -n - 1])
                formula.check_budget()
            except ClauseBudgetExceeded:
                seen["small"] = "refused"

    worker = threading.Thread(target=small_budget)
    worker.start()
    assert inside.wait(30)
    formula = Formula("sudoku")  # built here while the other thread's budget is 10
    for n in range(1, 6000):
        formula.add([n, -n - 1])
    formula.check_budget()
    seen["here"] = max_clauses()
    release.set()
    worker.join(30)
    assert seen == {"small": "refused", "here": DEFAULT_MAX_CLAUSES}
