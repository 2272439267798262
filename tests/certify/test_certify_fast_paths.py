"""The quicker ways satpuzzle.certify proves a batch (issue 31, part 5) prove the same thing:
the clause lists sliced from a formula's flat layout are its clauses in order; CaDiCaL's
numbers are translated only past the first lemma it writes while taking the formula (a unit
clause that shortens later ones), and the proof read that way passes the checker as it is,
without the fresh solver kept for a proof that does not; a batch of one-line puzzles,
shared by a worker per core, still refuses the one false claim among true ones."""

from __future__ import annotations

import pytest
from conftest import INSTANCES

from satpuzzle import certify
from satpuzzle.certify import _clause_lists, _LratSolver
from satpuzzle.checkers import lrat
from satpuzzle.loading import load
from satpuzzle.pipeline import Request, compile, solutions


@pytest.mark.parametrize("name", ["sudoku/classic.puz", "kakuro/three.puz",
                                  "nurikabe/janko-0020-6x6.puz", "shikaku/small-5x5.txt"])
def test_the_clause_lists_are_the_formulas_clauses_in_order(name):
    formula = compile(load(str(INSTANCES / name)).instances[0], standalone=True).formula
    assert _clause_lists(formula) == list(formula.all_clauses())


def proof_checks_as_read(clauses: list[list[int]], live: list[int], claimed: int) -> bool:
    """Whether the incremental solver's proof (after `claimed` models blocked) passes the
    LRAT checker as read, on the clauses and blocking clauses."""
    solver = _LratSolver(clauses)
    try:
        models, blockers, _numbers = solver.models(live, claimed)
        assert len(models) == claimed and not solver.solve()
        steps, _size = solver.steps(1 << 20)
    finally:
        solver.close()
    assert steps
    return lrat.check_steps([*clauses, *blockers], steps).verified


def model_count(clauses: list[list[int]], variables: int) -> int:
    return sum(all(any((bits >> (abs(lit) - 1) & 1) == (lit > 0) for lit in clause)
                   for clause in clauses) for bits in range(1 << variables))


def test_a_unit_that_shortens_later_clauses_keeps_the_numbers_right():
    """[1] comes second: CaDiCaL shortens [-1, 2, 3] to [2, 3] as it takes it, a lemma
    numbered among the formula's clauses; the clauses after it are renumbered."""
    clauses = [[4, 5], [1], [-1, 2, 3], [-2, 4], [-3, 4], [-4, -5], [-1, 6], [-6, -4, 7]]
    count = model_count(clauses, 7)
    assert count > 1
    assert proof_checks_as_read(clauses, [1, 2, 3, 4, 5, 6, 7], count)
    without_model = [*clauses, [-7]]
    assert model_count(without_model, 7) == 0
    assert proof_checks_as_read(without_model, [1, 2, 3, 4, 5, 6, 7], 0)


def test_a_sudoku_with_a_single_candidate_cell_proves_as_read():
    """A cell its givens leave one candidate is a unit clause in the middle of the
    formula: the proof read with the translated numbers passes the checker."""
    puzzle = load(str(INSTANCES / "sudoku/hard-batch.txt")).instances[0]
    formula = compile(puzzle, standalone=True).formula
    clauses = _clause_lists(formula)
    units = [n for n, clause in enumerate(clauses) if len(clause) == 1]
    assert units and units[0] < len(clauses) - 1  # otherwise this tests nothing new
    assert proof_checks_as_read(clauses, formula.live_puzzle_vars(), 1)


def test_a_false_claim_in_a_batch_of_true_ones_is_refused():
    """Five unique one-line puzzles and, among them, a two-solution puzzle claimed unique
    with one of its answers: that claim alone is refused as false, with workers=1 (a worker
    per core) and 3."""
    batch = load(str(INSTANCES / "sudoku/hard-batch.txt")).instances
    two = load(str(INSTANCES / "sudoku/two-solutions.puz")).instances[0]
    claims = [certify.Claim(puzzle, list(solutions(puzzle, Request(limit=2))))
              for puzzle in batch]
    claims.insert(2, certify.Claim(two, list(solutions(two, Request(limit=1)))))
    assert all(len(claim.solutions or ()) == 1 for claim in claims)
    for workers in (1, 3):
        results = dict(certify.certify_each(claims, Request(), workers=workers))
        assert sorted(results) == list(range(len(claims)))
        assert [results[i].certified for i in range(len(claims))] == [
            i != 2 for i in range(len(claims))]
        assert results[2].false and results[2].claim == "unique"
        assert results[2].reason.startswith("the claim is false")


def test_the_checker_passes_a_tautology_and_nothing_else_without_hints():
    """A lemma holding a literal and its negation is true whatever the assignment: accepted
    with no hints; a lemma that is not one still needs hints that end in a conflict."""
    tautology = [(3, (2, -2), (), "step 1"), (4, (), (1, 2), "step 2")]
    assert lrat.check_steps([[1], [-1]], tautology).verified
    unsupported = [(3, (2, 3), (), "step 1"), (4, (), (1, 2), "step 2")]
    verdict = lrat.check_steps([[1], [-1]], unsupported)
    assert not verdict.verified and "without a conflict" in verdict.reason
