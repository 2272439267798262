"""A batch's claims proven by one incremental solver per worker (issue 31, part 5): each claim
under its own selector, its proof checked chunk by chunk by checkers/lrat_arrays.py. The same
verdicts as proving each claim alone: true claims certified, a false one refused as false, a
count one short refused; a proof whose numbers disagree with the clauses is proven again
alone; an answer the kind misnames cannot be certified. The array checker agrees with
checkers/lrat.py on real proofs and on every tampering of them tried here, compiled or not."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from conftest import INSTANCES, run_cli

from satpuzzle import certify
from satpuzzle.certify import _clause_lists, _LratSolver, lrat_text
from satpuzzle.checkers import lrat, lrat_arrays
from satpuzzle.checkers.lrat_arrays import ArrayChecker
from satpuzzle.loading import load
from satpuzzle.pipeline import Request, compile, solutions

SUDOKU = INSTANCES / "sudoku"


def puzzle(name: str):
    return load(str(SUDOKU / name)).instances[0]


def answers(instance, most: int = 3) -> list:
    return list(solutions(instance, Request(limit=most)))


@pytest.fixture
def small_batches(monkeypatch):
    """Batches of a few claims take the batch path (256 would, in use)."""
    monkeypatch.setattr(certify, "BATCH_LEAST", 4)


def batch_claims() -> tuple[list[certify.Claim], list[bool]]:
    """Claims about 9×9 one-line puzzles and others of their shape, and which are true."""
    lines = load(str(SUDOKU / "hard-batch.txt")).instances
    two, unsolvable = puzzle("two-solutions.puz"), puzzle("unsolvable.puz")
    claims = [certify.Claim(line, answers(line)) for line in lines]
    truth = [True] * len(claims)
    planted = [certify.Claim(two, answers(two)[:1]),  # false: it has two
               certify.Claim(two, count=2),
               certify.Claim(two, count=1),  # one short
               certify.Claim(unsolvable, []),
               certify.Claim(two, answers(two)),
               certify.Claim(lines[0], count=1)]
    for place, (claim, true) in zip((1, 3, 4, 6, 7, 9), zip(planted, (
            False, True, False, True, True, True))):
        claims.insert(place, claim)
        truth.insert(place, true)
    return claims, truth


@pytest.mark.parametrize("workers", [1, 2])
def test_a_batch_gives_each_claim_the_verdict_it_gets_alone(small_batches, workers):
    claims, truth = batch_claims()
    assert certify._batch_of(claims, Request(), certify.ProofOptions()) is not None
    results = dict(certify.certify_each(claims, Request(), workers=workers))
    assert [results[i].certified for i in range(len(claims))] == truth
    for index, true in enumerate(truth):
        certificate = results[index]
        if true:
            assert certificate.checks[0].checker == lrat_arrays.CHECKER  # not proven alone
            assert certificate.proof_lines > 0
        else:
            assert certificate.false and certificate.reason.startswith("the claim is false")
    alone = [certify.certify(claim.instance, solutions=claim.solutions, count=claim.count)
             for claim in claims]
    assert [certificate.certified for certificate in alone] == truth


def test_small_batches_and_kept_proofs_are_proven_claim_by_claim():
    claims, _truth = batch_claims()
    assert len(claims) < certify.BATCH_LEAST
    assert certify._batch_of(claims, Request(), certify.ProofOptions()) is None
    many = claims * (certify.BATCH_LEAST // len(claims) + 1)
    assert certify._batch_of(many, Request(), certify.ProofOptions()) is not None
    assert certify._batch_of(many, Request(), certify.ProofOptions(keep=True)) is None
    assert certify._batch_of(many, Request(), certify.ProofOptions(
        checkers=certify.CHECKERS)) is None


def test_a_batch_proof_misnumbered_is_proven_again_alone(small_batches, monkeypatch):
    """Without the number CaDiCaL takes silently after a refutation under assumptions, the
    clauses given next are misnumbered, their claims' proofs fail the array checker, and each
    is proven again alone: still certified, by checkers/lrat.py."""
    def solve_without_the_hidden_number(self, assumptions=()):
        return self.empty is None and bool(self.solver.solve(assumptions=assumptions))

    monkeypatch.setattr(_LratSolver, "solve", solve_without_the_hidden_number)
    claims, truth = batch_claims()
    results = dict(certify.certify_each(claims, Request(), workers=1))
    assert [results[i].certified for i in range(len(claims))] == truth
    checkers = {results[i].checks[0].checker for i in range(1, len(claims)) if truth[i]}
    assert lrat.CHECKER in checkers


def test_an_answer_the_kind_misnames_cannot_be_certified(small_batches, monkeypatch):
    """answer_names naming another grid's variables: that grid is blocked, not the answer,
    so the formula keeps a model and the claim is refused."""
    from satpuzzle.kinds import registry

    lines = load(str(SUDOKU / "hard-batch.txt")).instances
    claims = [certify.Claim(line, answers(line)) for line in lines]
    other = answers(lines[1])[0]
    kind = registry.kind_of(lines[0])
    real = kind.answer_names

    def misnamed(instance, solution):
        return real(instance, other if instance is lines[0] else solution)

    monkeypatch.setattr(type(kind), "answer_names", lambda self, i, s: misnamed(i, s))
    results = dict(certify.certify_each(claims, Request(), workers=1))
    assert not results[0].certified
    assert all(results[i].certified for i in range(1, len(claims)))


def test_the_cli_certifies_a_batch_file_through_the_batch_path(small_batches, tmp_path):
    lines = [line for line in (SUDOKU / "hard-batch.txt").read_text().split("\n")
             if line and not line.startswith("#")]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines * 2) + "\n")
    result = run_cli("solve", batch, "--unique", "--certify")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("unique") == 2 * len(lines)
    assert f"{2 * len(lines)} of {2 * len(lines)} claims certified" in result.stderr


# ---------------------------------------------------------------- the array checker


def standalone_proof(name: str) -> tuple[list[list[int]], str]:
    """A uniqueness proof of a Sudoku as a solver proves it alone: the formula and its
    blocking clause, and the LRAT text numbered as the CNF is."""
    instance = puzzle(name)
    formula = compile(instance, standalone=True).formula
    clauses = _clause_lists(formula)
    solver = _LratSolver(clauses)
    try:
        _models, blockers, _numbers = solver.models(formula.live_puzzle_vars(), 1)
        assert not solver.solve()
        steps, _size = solver.steps(1 << 24)
    finally:
        solver.close()
    assert steps
    every = [*clauses, *blockers]
    return every, lrat_text(steps, len(every))


def array_verdict(clauses: list[list[int]], text: str, compiled: bool = True) -> bool:
    """Whether the array checker derives the empty clause from `clauses` by `text`."""
    checker = ArrayChecker(max(abs(lit) for clause in clauses for lit in clause))
    literals = [lit for clause in clauses for lit in clause]
    ends, end = [], 0
    for clause in clauses:
        end += len(clause)
        ends.append(end)
    checker.add(range(1, len(clauses) + 1), literals, ends)
    if not compiled:
        with as_python():
            return checker.check(text.encode()).verified and checker.empty
    return checker.check(text.encode()).verified and checker.empty


@contextmanager
def as_python() -> Iterator[None]:
    """The compiled loops run as Python, as where numba is missing."""
    with pytest.MonkeyPatch.context() as patch:
        for name, function in vars(lrat_arrays).copy().items():
            if hasattr(function, "py_func"):
                patch.setattr(lrat_arrays, name, function.py_func)
        yield


def python_verdict(clauses: list[list[int]], text: str) -> bool:
    return lrat.check_steps(clauses, lrat.read_proof(text)).verified


@pytest.fixture(scope="module")
def inkala_proof() -> tuple[list[list[int]], str]:
    return standalone_proof("inkala-2012.puz")


def test_the_array_checker_accepts_a_real_proof_compiled_or_not(inkala_proof):
    clauses, text = inkala_proof
    assert python_verdict(clauses, text)
    assert array_verdict(clauses, text)
    assert lrat_arrays.COMPILED
    assert array_verdict(clauses, text, compiled=False)


def tampered(text: str, rng: random.Random) -> str:
    """The proof with one lemma line changed: a hint replaced, dropped or negated, a
    literal dropped or negated, or the line's number reused."""
    lines = text.splitlines()
    lemmas = [n for n, line in enumerate(lines) if " d " not in line]
    n = rng.choice(lemmas)
    ident, rest = lines[n].split(" ", 1)
    literals, hints = rest.split(" 0", 1)
    lits = literals.split()
    hint_words = hints.split()[:-1]
    how = rng.choice(["hint", "drop hint", "negative hint", "literal", "negate", "reuse"])
    if how == "hint" and hint_words:
        hint_words[rng.randrange(len(hint_words))] = str(rng.randrange(1, int(ident)))
    elif how == "drop hint" and hint_words:
        del hint_words[rng.randrange(len(hint_words))]
    elif how == "negative hint" and hint_words:
        spot = rng.randrange(len(hint_words))
        hint_words[spot] = "-" + hint_words[spot]
    elif how == "literal" and lits:
        del lits[rng.randrange(len(lits))]
    elif how == "negate" and lits:
        spot = rng.randrange(len(lits))
        lits[spot] = str(-int(lits[spot]))
    else:
        ident = str(rng.randrange(1, int(ident)))
    lines[n] = " ".join([ident, *lits, "0", *hint_words, "0"])
    return "".join(line + "\n" for line in lines)


def test_the_array_checker_agrees_with_the_set_checker_on_tampered_proofs(inkala_proof):
    """Each tampering of a real proof gets the same verdict from both checkers, and most
    are rejected (a few, a hint dropped that was not needed, still hold)."""
    clauses, text = inkala_proof
    rng = random.Random(31)
    rejected = 0
    for _ in range(150):
        changed = tampered(text, rng)
        verdict = python_verdict(clauses, changed)
        assert array_verdict(clauses, changed) == verdict, changed
        rejected += not verdict
    assert rejected > 100


@pytest.mark.parametrize(("proof", "reason"), [
    ("5 0 1 0\n", "not unit"),  # hint 1 = [1, 2]: two literals free
    ("5 2 0 -1 0\n", "RAT"),
    ("5 2 0 1 2 0\n5 0 1 2 0\n", "already taken"),
    ("5 d 3 0\n6 2 0 3 1 0\n", "no live clause"),
    ("5 2 0 1 x 0\n", "malformed"),
    ("5 2 0 1 2\n", "malformed"),
    ("5 2 0 1 0\n", "without a conflict"),
    ("5 9 0 3 0\n", "out of range"),
    ("5 -2 0 1 0\n", "already satisfied"),
])
def test_the_array_checker_refuses_each_kind_of_bad_step(proof, reason):
    clauses = [[1, 2], [-1, 2], [-2, 3], [-3]]
    for compiled in (True, False):
        checker = ArrayChecker(3)
        checker.add([1, 2, 3, 4], [1, 2, -1, 2, -2, 3, -3], [2, 4, 6, 7])
        if compiled:
            verdict = checker.check(proof.encode())
        else:
            with as_python():
                verdict = checker.check(proof.encode())
        assert not verdict.verified and reason in verdict.reason, (compiled, verdict)
    assert python_verdict(clauses, proof) is False


def test_the_array_checker_takes_clauses_between_chunks_and_remembers_units():
    """[1, 2], [-1, 2] give the unit [2]; a clause added after it, [-2, 3], and the unit
    [3] it gives are checked in a second chunk; the empty clause is never derived."""
    checker = ArrayChecker(3)
    checker.add([1, 2], [1, 2, -1, 2], [2, 4])
    assert checker.check(b"3 2 0 1 2 0\n").verified
    assert checker.derived_unit(2) and not checker.derived_unit(-2)
    checker.add([4], [-2, 3], [2])
    assert checker.check(b"5 3 0 4 3 0\n3 d 1 2 0\n").verified
    assert checker.derived_unit(3) and not checker.empty
    refused = checker.check(b"6 -3 0 1 0\n")  # clause 1 was deleted
    assert not refused.verified and "no live clause" in refused.reason
    assert not checker.check(b"7 1 0 4 0\n").verified  # a failed checker stays failed
    with pytest.raises(ValueError, match="already taken"):
        checker.add([4], [1], [1])


def test_the_deadline_holds_in_a_batch(small_batches):
    """Two thousand claims of sixteen answers of the empty grid (each false, found so
    after seventeen solves) take longer than the second given: those not reached by then
    say "timeout", and the run ends soon after it. A run with less than 10 s left takes the
    batch path only once numba's loops are loaded in the process."""
    import time

    empty = puzzle("empty-9x9.puz")
    claims = [certify.Claim(empty, count=16)] * 2000
    assert lrat_arrays.warm()  # (a run with under 10 s left proves alone until it is)
    request = Request(deadline=time.monotonic() + 1)
    assert certify._batch_of(claims, request, certify.ProofOptions()) is not None
    started = time.monotonic()
    results = dict(certify.certify_each(claims, request))
    assert time.monotonic() - started < 30
    assert sorted(results) == list(range(len(claims)))
    stopped = [result for result in results.values() if result.stopped == "timeout"]
    assert stopped and all(not result.certified for result in stopped)
    assert all(result.false for result in results.values() if not result.stopped)


def test_the_proof_budget_holds_in_a_batch(small_batches):
    lines = load(str(SUDOKU / "hard-batch.txt")).instances
    claims = [certify.Claim(line, answers(line)) for line in lines]
    results = dict(certify.certify_each(claims, Request(),
                                        certify.ProofOptions(proof_bytes=2000)))
    for result in results.values():
        assert not result.certified and not result.false
        assert "outgrew its budget of 2,000 bytes" in result.reason, result.reason


def test_a_tight_address_space_limit_proves_claims_alone(small_batches, monkeypatch):
    """Under `ulimit -v` below 1 GiB numba's LLVM library is not loaded (its mappings, some
    180 MB in each process, crowded the proofs out): the claims are proven one by one."""
    import resource

    claims, _truth = batch_claims()
    assert certify._batch_of(claims, Request(), certify.ProofOptions()) is not None
    real = resource.getrlimit

    def tight(which):
        return (600 << 20, resource.RLIM_INFINITY) if which == resource.RLIMIT_AS else real(
            which)

    monkeypatch.setattr(certify.resource, "getrlimit", tight)
    assert certify._batch_of(claims, Request(), certify.ProofOptions()) is None


def test_a_short_deadline_does_not_wait_for_numba_to_compile(small_batches, monkeypatch):
    claims, _truth = batch_claims()
    monkeypatch.setattr(lrat_arrays, "WARM", [])
    import time

    assert certify._batch_of(claims, Request(deadline=time.monotonic() + 5),
                             certify.ProofOptions()) is None
    assert certify._batch_of(claims, Request(deadline=time.monotonic() + 60),
                             certify.ProofOptions()) is not None
