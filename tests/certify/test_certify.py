"""satpuzzle.certify: a claim ("no solution", "unique", "N solutions, complete") is certified
only when CaDiCaL refutes the claim's formula and the independent checkers accept its proof
(satpuzzle/checkers/lrat.py on the LRAT proof, dratify on the DRAT proof it stands for). The tests that can fail (issue 31, part 6):
a tampered proof is rejected, a two-solution puzzle is never certified unique, a formula with
a rule clause removed is never certified "no solution", a count one short is never certified
complete, and in each case a proof of the true claim does not pass for the false one."""

from __future__ import annotations

import time

import pytest
from conftest import INSTANCES
from pysat.solvers import Solver

from satpuzzle import certify, dimacs
from satpuzzle.certify import CHECKERS, ProofOptions
from satpuzzle.checkers import drat, lrat
from satpuzzle.loading import load, load_text
from satpuzzle.pipeline import Request, compile, solutions

KEEP = ProofOptions(keep=True)
BOTH = ProofOptions(keep=True, checkers=CHECKERS)


def instance(name: str):
    return load(str(INSTANCES / name)).instances[0]


def every_solution(puzzle) -> list:
    return list(solutions(puzzle, Request(limit=None)))


def formula_clauses(puzzle) -> tuple[int, list[list[int]]]:
    formula = compile(puzzle, standalone=True).formula
    return formula.num_vars, list(formula.all_clauses())


def cnf_text(num_vars: int, clauses: list[list[int]]) -> str:
    return dimacs.write_cnf(num_vars, clauses, len(clauses))


def rejected_by_both(cnf: str, result: certify.Certificate) -> bool:
    """Whether both checkers reject the certificate's proof (LRAT and DRAT) for `cnf`."""
    return not lrat.check(cnf, result.proof).verified and not drat.check(
        cnf, result.drat).verified


# ---------------------------------------------------------------- certified claims


@pytest.mark.parametrize(("name", "count"), [
    ("sudoku/classic.puz", 1),
    ("sudoku/inkala-2012.puz", 1),
    ("sudoku/unsolvable.puz", 0),
    ("sudoku/two-solutions.puz", 2),
    ("sudoku/empty-4x4.puz", 288),
    ("hashi/hashi-info-9x9.puz", 1),  # lazy connectivity: the standalone encoding is proven
    ("kakuro/three.puz", 3),
    ("nurikabe/janko-0020-6x6.puz", 1),
    ("shikaku/small-5x5.txt", 8),
    ("partition/wikipedia.puz", 5),
    ("jigsaw/generated-4x4.puz", 4),
])
def test_true_claims_are_certified(name, count):
    puzzle = instance(name)
    found = every_solution(puzzle)
    assert len(found) == count
    result = certify.certify(puzzle, Request(), found, options=BOTH)
    assert result.certified, result.reason
    assert result.claim == certify.claim_text(count)
    assert result.proof_lines == len(result.proof.splitlines()) > 0
    assert [check.checker.split()[0] for check in result.checks] == ["satpuzzle", "dratify"]
    assert all(check.verified for check in result.checks)
    # the CNF the proof refutes is the puzzle's formula and one blocking clause per answer
    num_vars, clauses = formula_clauses(puzzle)
    cnf = dimacs.read_cnf(result.cnf, "certificate")
    assert cnf.num_vars == num_vars
    assert [list(c) for c in cnf.clauses[:len(clauses)]] == clauses
    assert len(cnf.clauses) == len(clauses) + count
    # and the checkers accept it again, from the texts alone
    assert lrat.check(result.cnf, result.proof).verified
    assert drat.check(result.cnf, result.drat).verified


def test_a_count_without_its_solutions_is_certified():
    result = certify.certify(instance("sudoku/empty-4x4.puz"), count=288)
    assert result.certified, result.reason
    assert result.verdict().startswith("288 solutions, complete — certified: ")


def test_the_verdict_says_what_was_certified_and_how():
    result = certify.certify(instance("sudoku/classic.puz"), solutions=every_solution(
        instance("sudoku/classic.puz")))
    text = result.verdict()
    assert text.startswith("unique — certified: ")
    assert f"{result.proof_lines}-line LRAT proof checked in " in text and text.endswith(" s")


def test_a_refutation_of_any_formula():
    # the pigeonhole principle, 4 pigeons in 3 holes: p(i, h) = 3i + h + 1
    holes, pigeons = 3, 4
    clauses = [[3 * i + h + 1 for h in range(holes)] for i in range(pigeons)]
    clauses += [[-(3 * i + h + 1), -(3 * j + h + 1)]
                for h in range(holes) for i in range(pigeons) for j in range(i + 1, pigeons)]
    result = certify.refute(holes * pigeons, clauses, "no way to put 4 pigeons in 3 holes")
    assert result.certified, result.reason
    assert certify.refute(holes * pigeons, clauses[1:], "pigeon 1 may fly away").false


def test_clauses_the_solver_shortens_while_reading_keep_their_numbers():
    """Units first: CaDiCaL shortens the clauses after them as it reads them, and numbers
    each shortened clause as a lemma; the proof is renumbered as the CNF is written."""
    clauses = [[1], [-3], [-1, 2, 5], [-2, 3, 5], [4, -5], [-4, -5, 3], [-1, 2, 3]]
    result = certify.refute(5, clauses, "no solution", options=BOTH)
    assert result.certified, result.reason
    assert certify.refute(5, clauses[:-2], "no solution").false


# ---------------------------------------------------------------- a tampered proof is rejected


@pytest.fixture(scope="module")
def inkala():
    puzzle = instance("sudoku/inkala-2012.puz")
    result = certify.certify(puzzle, Request(), every_solution(puzzle), options=KEEP)
    assert result.certified and result.proof_lines > 20
    return result


def half(text: str) -> str:
    lines = text.splitlines()
    return "\n".join(lines[: len(lines) // 2]) + "\n"


def test_a_proof_cut_short_is_rejected(inkala):
    for check, proof in ((lrat.check, inkala.proof), (drat.check, inkala.drat)):
        verdict = check(inkala.cnf, half(proof))
        assert not verdict.verified
        assert "never derives the empty clause" in verdict.reason


def test_an_empty_clause_alone_is_rejected(inkala):
    originals = len(dimacs.read_cnf(inkala.cnf, "certificate").clauses)
    assert not lrat.check(inkala.cnf, f"{originals + 1} 0 0\n").verified
    assert not lrat.check(inkala.cnf, f"{originals + 1} 0 1 2 3 0\n").verified
    assert not drat.check(inkala.cnf, "0\n").verified


def test_a_lemma_with_a_hint_changed_is_rejected(inkala):
    """Each lemma's first hint replaced by the clause before it: wherever that breaks the
    chain of unit clauses, the LRAT checker rejects the proof."""
    lines = inkala.proof.splitlines()
    tried = 0
    for number, line in enumerate(lines):
        words = line.split()
        if words[1] == "d" or words.index("0", 1) == len(words) - 2:
            continue  # a deletion, or a lemma without hints
        zero = words.index("0", 1)
        hint = int(words[zero + 1])
        if hint <= 1:
            continue
        words[zero + 1] = str(hint - 1)
        tampered = [*lines[:number], " ".join(words), *lines[number + 1:]]
        assert not lrat.check(inkala.cnf, "\n".join(tampered) + "\n").verified, line
        tried += 1
        if tried == 20:
            break
    assert tried


def test_a_lemma_numbered_as_a_clause_of_the_cnf_is_rejected(inkala):
    lines = inkala.proof.splitlines()
    words = lines[0].split()
    words[0] = "1"
    verdict = lrat.check(inkala.cnf, "\n".join([" ".join(words), *lines[1:]]) + "\n")
    assert not verdict.verified and "not a new clause number" in verdict.reason


def test_a_lemma_that_does_not_follow_is_rejected(inkala):
    """A unit lemma that unit propagation does not derive from the CNF, put first: a checker
    that checks every step rejects it, though the rest of the proof is sound."""
    cnf = dimacs.read_cnf(inkala.cnf, "certificate")
    with Solver(name="minisat22", bootstrap_with=cnf.clauses) as solver:
        # the literal's negation propagates without conflict: the unit is not RUP
        literal = next(lit for var in range(1, cnf.num_vars + 1) for lit in (var, -var)
                       if solver.propagate(assumptions=[-lit])[0])
    verdict = drat.check(inkala.cnf, f"{literal} 0\n" + inkala.drat)
    assert not verdict.verified
    originals = len(cnf.clauses)
    # in LRAT: any hints at all, here every clause of the CNF in turn
    hints = " ".join(map(str, range(1, originals + 1)))
    assert not lrat.check(inkala.cnf, f"{originals + 1} {literal} 0 {hints} 0\n").verified


def test_a_proof_of_another_formula_is_rejected(inkala):
    other = instance("sudoku/classic.puz")
    theirs = certify.certify(other, Request(), every_solution(other), options=KEEP)
    assert rejected_by_both(inkala.cnf, theirs)


# ---------------------------------------------------------------- two solutions are not unique


def test_a_two_solution_puzzle_cannot_be_certified_unique():
    puzzle = instance("sudoku/two-solutions.puz")
    first, second = every_solution(puzzle)
    for claimed in ([first], [second]):
        result = certify.certify(puzzle, Request(), claimed)
        assert not result.certified and result.false
        assert "beyond the 1 claimed" in result.reason
    assert not certify.certify(puzzle, Request(), count=1).certified


def test_a_proof_of_two_solutions_does_not_prove_one():
    """The proof that the two solutions are all refutes the formula with both blocking
    clauses; with one of them only, the formula has a model and no proof refutes it."""
    puzzle = instance("sudoku/two-solutions.puz")
    both = certify.certify(puzzle, Request(), every_solution(puzzle), options=KEEP)
    assert both.certified
    cnf = dimacs.read_cnf(both.cnf, "certificate")
    for dropped in (-1, -2):
        clauses = [list(c) for c in cnf.clauses]
        del clauses[dropped]
        assert rejected_by_both(cnf_text(cnf.num_vars, clauses), both)


def test_a_blocking_clause_smuggled_in_as_a_lemma_is_rejected():
    """With one blocking clause, the formula has one model left; a proof that adds the other
    blocking clause as a lemma and goes on as the two-solution proof does would refute a
    satisfiable formula: no sound checker accepts it (the lemma is neither RUP nor RAT)."""
    puzzle = instance("sudoku/two-solutions.puz")
    both = certify.certify(puzzle, Request(), every_solution(puzzle), options=KEEP)
    cnf = dimacs.read_cnf(both.cnf, "certificate")
    clauses = [list(c) for c in cnf.clauses]
    smuggled = " ".join(map(str, clauses.pop()))
    weaker = cnf_text(cnf.num_vars, clauses)
    verdict = drat.check(weaker, f"{smuggled} 0\n" + both.drat)
    assert not verdict.verified
    assert "step 1" in verdict.reason or "(step 0)" in verdict.reason
    # in LRAT, numbered as the clause it stands for, with every clause of the CNF as hints
    hints = " ".join(map(str, range(1, len(clauses) + 1)))
    proof = f"{len(clauses) + 1} {smuggled} 0 {hints} 0\n" + both.proof
    assert not lrat.check(weaker, proof).verified


def test_the_claimed_answers_must_be_the_formulas_own():
    puzzle = instance("sudoku/two-solutions.puz")
    first, _second = every_solution(puzzle)
    result = certify.certify(puzzle, Request(), [first, first])
    assert not result.certified
    assert "repeat" in result.reason


# ---------------------------------------------------------------- a rule removed: not "no solution"


UNSATISFIABLE_1_IN_3 = """one-in-three-sat "no solution" {
  clauses {
    1 2
    1 -2
  }
}
"""  # exactly one of x1, x2 and exactly one of x1, not x2: x1 is both true and false


def test_a_formula_with_a_rule_clause_removed_cannot_be_certified_unsatisfiable():
    """Each clause of this small formula without which it has a model: the formula without
    it is not certified "no solution", and the whole formula's proof does not refute it."""
    puzzle = load_text(UNSATISFIABLE_1_IN_3, "no-solution.puz").instances[0]
    num_vars, clauses = formula_clauses(puzzle)
    whole = certify.certify(puzzle, Request(), [], options=KEEP)
    assert whole.certified, whole.reason
    needed = 0
    for number in range(len(clauses)):
        weaker = clauses[:number] + clauses[number + 1:]
        with Solver(name="minisat22", bootstrap_with=weaker) as solver:
            if not solver.solve():
                continue  # a clause the others imply: the claim still holds without it
        needed += 1
        result = certify.refute(num_vars, weaker, "no solution")
        assert not result.certified and result.false
        assert rejected_by_both(cnf_text(num_vars, weaker), whole)
    assert needed


def test_a_sudoku_with_rule_clauses_removed_cannot_be_certified_unsatisfiable():
    """The unsolvable Sudoku's formula states each rule more than once (no clause alone is
    needed): clauses of its unsatisfiable cores are removed until it has a solution."""
    puzzle = instance("sudoku/unsolvable.puz")
    num_vars, clauses = formula_clauses(puzzle)
    whole = certify.refute(num_vars, clauses, "no solution", options=KEEP)
    assert whole.certified, whole.reason
    weaker = _weakened_until_satisfiable(clauses)
    assert len(weaker) < len(clauses)
    result = certify.refute(num_vars, weaker, "no solution")
    assert not result.certified and result.false
    assert rejected_by_both(cnf_text(num_vars, weaker), whole)


def _weakened_until_satisfiable(clauses: list[list[int]]) -> list[list[int]]:
    """The clauses with, in turn, the first clause of an unsatisfiable core removed, until
    what is left is satisfiable."""
    kept = list(clauses)
    top = max(abs(lit) for clause in clauses for lit in clause)
    while True:
        selectors = [top + 1 + i for i in range(len(kept))]
        with Solver(name="cadical195",
                    bootstrap_with=[[*c, -s] for c, s in zip(kept, selectors)]) as solver:
            if solver.solve(assumptions=selectors):
                return kept
            first = min(s - top - 1 for s in solver.get_core())
        del kept[first]


# ---------------------------------------------------------------- a count one short


def test_a_count_one_short_cannot_be_certified_complete():
    puzzle = instance("sudoku/empty-4x4.puz")
    found = every_solution(puzzle)
    assert len(found) == 288
    for claimed in (found[:-1], found[1:]):
        result = certify.certify(puzzle, Request(), claimed)
        assert not result.certified and result.false
        assert "beyond the 287 claimed" in result.reason
    assert certify.certify(puzzle, count=287).false
    assert certify.certify(puzzle, count=289).false  # one too many is no better


def test_a_proof_of_the_full_count_does_not_prove_one_short():
    puzzle = instance("sudoku/empty-4x4.puz")
    full = certify.certify(puzzle, count=288, options=KEEP)
    assert full.certified
    cnf = dimacs.read_cnf(full.cnf, "certificate")
    clauses = [list(c) for c in cnf.clauses[:-1]]  # the last answer's blocking clause gone
    assert rejected_by_both(cnf_text(cnf.num_vars, clauses), full)


# ---------------------------------------------------------------- budgets


def pigeonhole(holes: int) -> tuple[int, list[list[int]]]:
    pigeons = holes + 1

    def var(i: int, h: int) -> int:
        return i * holes + h + 1

    clauses = [[var(i, h) for h in range(holes)] for i in range(pigeons)]
    clauses += [[-var(i, h), -var(j, h)]
                for h in range(holes) for i in range(pigeons) for j in range(i + 1, pigeons)]
    return pigeons * holes, clauses


def test_a_proof_over_its_size_budget_is_not_certified():
    num_vars, clauses = pigeonhole(7)
    result = certify.refute(num_vars, clauses, "no solution", options=ProofOptions(proof_bytes=4096))
    assert not result.certified and not result.false
    assert "outgrew its budget of 4,096 bytes" in result.reason


def test_the_timeout_holds_while_proving():
    num_vars, clauses = pigeonhole(12)  # minutes for CaDiCaL
    started = time.monotonic()
    result = certify.refute(num_vars, clauses, "no solution", timeout=1.0)
    assert time.monotonic() - started < 30
    assert result.stopped == "timeout" and not result.certified
    assert result.reason.startswith("timeout after ")


def test_the_request_deadline_bounds_certify():
    puzzle = instance("sudoku/empty-4x4.puz")
    request = Request(deadline=time.monotonic() + 0.05)
    time.sleep(0.1)
    result = certify.certify(puzzle, request, count=288)
    assert result.stopped == "timeout" and not result.certified


def test_save_writes_the_cnf_and_the_proof(tmp_path):
    puzzle = instance("sudoku/classic.puz")
    result = certify.certify(puzzle, Request(), every_solution(puzzle), options=KEEP)
    cnf_path, lrat_path, drat_path = certify.save(result, tmp_path / "proofs", "classic")
    assert cnf_path.read_text() == result.cnf and lrat_path.read_text() == result.proof
    assert drat_path.read_text() == result.drat
    checked = certify.check_proof_files(str(cnf_path), str(lrat_path))
    assert checked.verified and checked.proof_lines == result.proof_lines
    assert checked.proof_format == "LRAT"
    checked = certify.check_proof_files(str(cnf_path), str(drat_path))
    assert checked.verified and checked.proof_format == "DRAT"
    with pytest.raises(ValueError):
        certify.save(certify.certify(puzzle, Request(), every_solution(puzzle)), tmp_path, "x")


# ---------------------------------------------------------------- many claims at once


def test_a_batch_of_claims_is_certified_each_by_its_index():
    """One-line puzzles as a batch: each claim gets its own Certificate, in completion order
    with its index; a false claim among them is refused and the others still certified."""
    unique = instance("sudoku/classic.puz")
    two = instance("sudoku/two-solutions.puz")
    unsolvable = instance("sudoku/unsolvable.puz")
    claims = [certify.Claim(unique, every_solution(unique)),
              certify.Claim(two, every_solution(two)[:1]),  # false: two solutions
              certify.Claim(unsolvable, []),
              certify.Claim(two, count=2)]
    for workers in (1, 2):
        results = dict(certify.certify_each(claims, Request(), workers=workers))
        assert sorted(results) == [0, 1, 2, 3]
        assert [results[i].certified for i in range(4)] == [True, False, True, True]
        assert results[1].false and results[1].claim == "unique"
        assert results[2].claim == "no solution" and results[3].claim == "2 solutions, complete"


def test_the_claims_a_timeout_leaves_undone_say_so():
    """The first claim is certified; the second (a million answers of the empty 9×9 Sudoku,
    each found in turn) runs into the deadline, and so does the third (the same again:
    with a worker per core it may be begun, by the first claim's worker)."""
    puzzle = instance("sudoku/classic.puz")
    quick = certify.Claim(puzzle, every_solution(puzzle))
    endless = certify.Claim(instance("sudoku/empty-9x9.puz"), count=10**6)
    started = time.monotonic()
    results = dict(certify.certify_each([quick, endless, endless],
                                        Request(deadline=time.monotonic() + 5)))
    assert time.monotonic() - started < 60
    assert results[0].certified
    for undone in (results[1], results[2]):
        assert undone.stopped == "timeout" and not undone.certified
        assert undone.reason.startswith("timeout after ")


def test_a_claim_needs_its_solutions_or_their_count():
    with pytest.raises(ValueError):
        certify.Claim(instance("sudoku/classic.puz"))
    with pytest.raises(ValueError):
        ProofOptions(checkers=("drat-trim",))


# ---------------------------------------------------------------- --split: each part proven


@pytest.mark.parametrize("name", ["jigsaw/generated-4x4.puz", "sudoku/empty-4x4.puz"])
def test_each_part_of_a_split_is_certified_and_the_parts_add_up(name):
    """--split K: each cube's answers are certified complete within the cube (its literals
    are unit clauses of the formula the proof refutes), and the parts add up to the whole."""
    from dataclasses import replace

    from satpuzzle.pipeline import split_cubes

    puzzle = instance(name)
    total = len(every_solution(puzzle))
    cubes = split_cubes(puzzle, Request(), 4)
    assert len(cubes) > 1
    claims, requests = [], []
    for cube in cubes:
        request = replace(Request(limit=None), cube=cube)
        claims.append(list(solutions(puzzle, request)))
        requests.append(request)
    assert sum(map(len, claims)) == total
    for found, request in zip(claims, requests):
        result = certify.certify(puzzle, request, found, options=KEEP)
        assert result.certified, result.reason
        # the cube's literals are in the CNF: without it, the part's count is not the whole
        assert len(found) == total or not certify.certify(puzzle, Request(), found).certified


def test_a_proof_misnumbered_by_the_incremental_run_is_proven_again(monkeypatch):
    """The numbers CaDiCaL gives the blocking clauses added between solves are inferred;
    were they wrong, the LRAT checker would reject the proof and a fresh solver, given
    every clause at once, proves the claim again (here the inference is made wrong)."""
    from satpuzzle.certify import _LratSolver

    added = _LratSolver.add

    def misnumbered(self, clause):
        added(self, clause)
        self.numbering[self.top + 7] = self.numbering.pop(self.top)

    fresh = []
    refutation = certify._refutation
    monkeypatch.setattr(_LratSolver, "add", misnumbered)
    monkeypatch.setattr(certify, "_refutation",
                        lambda *args: fresh.append(1) or refutation(*args))
    puzzle = instance("sudoku/two-solutions.puz")
    claim = certify.Claim(puzzle, every_solution(puzzle))
    result = certify._certify_here(claim, Request(), ProofOptions())
    assert result.certified, result.reason
    assert fresh == [1]


def test_a_count_past_the_clause_budget_is_refused_before_proving():
    puzzle = instance("sudoku/empty-4x4.puz")
    clauses = compile(puzzle, standalone=True).formula.num_clauses
    result = certify.certify(puzzle, Request(max_clauses=clauses + 100), count=288)
    assert not result.certified and not result.false and result.stopped is None
    assert "past the budget of" in result.reason and "--max-clauses" in result.reason
    assert certify.certify(puzzle, Request(max_clauses=clauses + 288), count=288).certified
