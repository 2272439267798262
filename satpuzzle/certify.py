"""Certified answers: a negative claim ("no solution", "unique", "N solutions, complete")
backed by a proof of unsatisfiability that a checker sharing no code with the solver accepts.

Each claim is one formula to refute, written from the puzzle (its givens are clauses of the
formula, never assumptions) and the claimed answers:

- "no solution": the puzzle's formula;
- "unique", "N solutions, complete": the formula and one blocking clause per claimed answer,
  each the negation of that answer's assignment to every live puzzle variable (never an
  auxiliary, and not the shorter clause an exactly-one encoding allows: the claim holds
  whatever the encoding promises).

One CaDiCaL (1.9.5, through PySAT) finds the claimed answers again, blocking each in turn,
and refutes the formula with every blocking clause, writing an LRAT proof: each lemma names
the clauses whose unit propagation derives it, so checking is linear in the proof. The
proof is checked by satpuzzle/checkers/lrat.py, which imports nothing from satpuzzle, on the
clauses the solver was given: the formula as compiled from the puzzle, and the blocking
clauses written here from the models (never clauses read back from the solver); on request
also by dratify (satpuzzle/checkers/drat.py), a DRAT checker of its own, on the DIMACS and
DRAT texts the CNF and proof stand for. The answers the formula's models decode to must be
the claimed answers themselves, so that the proof is about what was printed. What the proof
does not cover: that the formula states the puzzle's rules (the encoders, held by the rule
checkers and the tests) and that a decoded answer is the model's meaning (the decoder).
`save` writes the CNF, the LRAT proof and the DRAT proof for outside checkers (cake_lpr,
drat-trim); `check_proof_files` checks such files (`satpuzzle check-proof CNF PROOF`).

Finding the models, proving and checking run in one child process (satpuzzle.children), so a
timeout or Ctrl-C stops them wherever they are; the proof file's size is capped in that child
(RLIMIT_FSIZE: a proof that reaches `proof_bytes` is refused). A batch of claims (one-line
puzzles) shares a child per core (`certify_each`)."""

from __future__ import annotations

import gc
import json
import os
import re
import resource
import signal
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import accumulate, repeat
from pathlib import Path
from typing import cast

from satpuzzle import dimacs
from satpuzzle.checkers import drat, lrat
from satpuzzle.children import Send, stream
from satpuzzle.cnf import Formula, clause_budget, max_clauses
from satpuzzle.errors import InputError, Position
from satpuzzle.instances import Instance, Solution
from satpuzzle.kinds.base import Kind
from satpuzzle.pipeline import Request, compile
from satpuzzle.stages import StageTimeout, paused_limit, run_in_child
from satpuzzle.textio import decode_bytes, is_stdin, read_bytes, read_stdin, shown, write_files

PROOF_SOLVER = "cadical195"  # PySAT >= 1.9.dev16: earlier versions truncated its proofs
# the proof's text at most this many bytes: a 9×9 uniqueness proof is about 12 kB, and
# a proof of a hundred megabytes takes the checker minutes
DEFAULT_PROOF_BYTES = 128 << 20
LRAT_CHECKER, DRAT_CHECKER = "lrat", "dratify"
CHECKERS = (LRAT_CHECKER, DRAT_CHECKER)  # the default first


@dataclass(frozen=True)
class Check:
    """One checker's verdict on a proof: its name (and version), whether it accepted the
    proof, its words, and its time."""

    checker: str
    verified: bool
    reason: str
    seconds: float


@dataclass(frozen=True)
class Certificate:
    """The outcome of certifying `claim`. `certified`: the proof was produced and every
    checker asked accepted it (`checks`); otherwise `reason` says why not, and `false` is
    True when the claim itself was found false (a model the claim excludes). `stopped`:
    "timeout" or "interrupt" when cut short. `cnf`, `proof` (LRAT) and `drat` (the same
    proof as DRAT, for drat-trim) are texts kept when asked for."""

    claim: str
    certified: bool
    reason: str = ""
    false: bool = False
    stopped: str | None = None
    proof_lines: int = 0
    proof_bytes: int = 0
    cnf_clauses: int = 0
    prove_seconds: float = 0.0
    checks: tuple[Check, ...] = ()
    cnf: str = ""
    proof: str = ""
    drat: str = ""

    @property
    def check_seconds(self) -> float:
        return sum(check.seconds for check in self.checks)

    def note(self) -> str:
        """What a verdict line adds: "certified: 614-line LRAT proof checked in 0.01 s"."""
        if self.certified:
            return (f"certified: {self.proof_lines}-line LRAT proof checked in "
                    f"{self.check_seconds:.2f} s")
        return f"not certified: {self.reason}"

    def verdict(self) -> str:
        """The claim and its note: "unique — certified: 614-line LRAT proof checked in 0.01 s"."""
        return f"{self.claim} — {self.note()}"


def claim_text(count: int) -> str:
    """The claim that exactly `count` answers exist, in the verdict's words."""
    if count == 0:
        return "no solution"
    if count == 1:
        return "unique"
    return f"{count} solutions, complete"


def blocking_clause(live: Sequence[int], true_vars: frozenset[int] | set[int]) -> list[int]:
    """The clause that excludes exactly one assignment of the live puzzle variables: the one
    whose true variables are `true_vars`."""
    return [-v if v in true_vars else v for v in live]


# ---------------------------------------------------------------- certifying a puzzle's answers


@dataclass(frozen=True)
class ProofOptions:
    """How to prove: the proof's budget in bytes of text, whether the Certificate keeps the
    CNF and proof texts (`keep`, for --proof-dir: certify.save), and the CHECKERS that must
    each accept the proof (the LRAT checker always does)."""

    proof_bytes: int = DEFAULT_PROOF_BYTES
    keep: bool = False
    checkers: tuple[str, ...] = (LRAT_CHECKER,)

    def __post_init__(self) -> None:
        unknown = set(self.checkers) - set(CHECKERS)
        if unknown:
            raise ValueError(f"unknown proof checker(s) {sorted(unknown)}; expected {CHECKERS}")


@dataclass(frozen=True)
class Claim:
    """A puzzle has exactly the answers `solutions` (decoded and rule-checked, as the pipeline
    reported them: none = "no solution", one = "unique"), or, when they were not kept (a
    count printed none), exactly `count` answers."""

    instance: Instance
    solutions: Sequence[Solution] | None = None
    count: int | None = None
    text: str | None = None  # the claim in the verdict's words, when not claim_text's

    def __post_init__(self) -> None:
        if self.solutions is None and self.count is None:
            raise ValueError("a claim needs the claimed solutions or their count")

    @property
    def claimed(self) -> int:
        return len(self.solutions) if self.solutions is not None else int(self.count or 0)

    @property
    def said(self) -> str:
        return self.text or claim_text(self.claimed)


def certify(instance: Instance, request: Request | None = None,
            solutions: Sequence[Solution] | None = None, count: int | None = None, options: ProofOptions = ProofOptions()) -> Certificate:
    """Certify one Claim (see certify_each)."""
    claim = Claim(instance, solutions, count)
    return next(certify_each([claim], request, options))[1]


def certify_each(claims: Sequence[Claim], request: Request | None = None,
                 options: ProofOptions = ProofOptions(),
                 workers: int = 1) -> Iterator[tuple[int, Certificate]]:
    """(index, Certificate) for each claim, in completion order, by `workers` child
    processes, or one per core this process may run on when that is more (worker k takes
    claims k, k + w, ...: a few processes for a batch of one-line puzzles, not one each; the
    run has answered and waits for its claims, so the cores are free for them). A claim's formula is the kind's standalone encoding (no lazy
    constraints) within the request's cube and encodings, compiled in the child from the
    instance. Bounded by `request.deadline`: the claims not done by then (or at Ctrl-C)
    get a Certificate that says "timeout" (or "interrupt"), as does a claim whose compile
    the deadline cut short."""
    request = request or Request()
    batch = _batch_of(claims, request, options)
    jobs = ([partial(_certify_in_batch, batch, index) for index in range(len(claims))]
            if batch is not None else
            [partial(_certify_here, claim, request, options) for claim in claims])
    texts = [claim.said for claim in claims]
    yield from _in_children(jobs, texts, request.remaining(), options,
                            max(workers, _cores()))


def _cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def _certify_here(claim: Claim, request: Request, options: ProofOptions) -> Certificate:
    """Certify `claim` in this process (a child's work)."""
    text = claim.said
    try:
        compiled = compile(claim.instance, request, standalone=True)
    except StageTimeout as timeout:
        return Certificate(text, False, str(timeout), stopped="timeout")
    except InputError as error:
        return Certificate(text, False, str(error))
    formula = compiled.formula
    with clause_budget(request.max_clauses):
        budget = max_clauses()
    if formula.num_clauses + claim.claimed > budget:
        return Certificate(text, False, f"its {claim.claimed:,} blocking clauses would take "
                           f"the formula past the budget of {budget:,} clauses "
                           "(--max-clauses)")
    live = formula.live_puzzle_vars()
    clauses = _clause_lists(formula)
    comments = [f"c satpuzzle certificate: {text}",
                (f"c {formula.kind} puzzle: its formula ({len(clauses)} clauses), then "
                 f"{claim.claimed} blocking clause(s) over its {len(live)} live puzzle "
                 "variables")]
    outcome = _prove(_Work(formula.num_vars, clauses, live, claim.claimed, options, comments))
    if claim.solutions is not None and outcome.checks:
        names = formula.names
        found = [compiled.kind.decode(compiled.instance, [names[v] for v in model])
                 for model in outcome.models]
        unmatched = _unmatched(compiled.kind, compiled.instance, claim.solutions, found)
        if unmatched:
            return _certificate(text, outcome, False, unmatched)
    return _finish(text, outcome)


# ---------------------------------------------------------------- a batch's claims, one solver


BATCH_LEAST = 256  # fewer claims are proven one by one: see _batch_of
BATCH_MOST_CLAIMED = 16  # a claim of more answers is proven alone
# under a smaller address-space limit (ulimit -v) claims are proven alone: numba's LLVM
# library maps some 180 MB into the parent and every worker
BATCH_LEAST_ADDRESS_SPACE = 1 << 30
SELECTORS_PER_SOLVER = 512  # then a fresh solver: each model lists every selector so far
BATCH_PROOF_BYTES = 32 << 20  # a solver's proof file at most this big, then a fresh solver


@dataclass
class _Batch:
    """Claims about one-line puzzles of one kind, proven by one incremental solver per
    worker: the kind's batch formula (the one that answered them, Kind.encode_batch), and
    per claim a selector s, the clauses ¬s ∨ a for each of its puzzle's givens a (the
    batch job's assumptions) and ¬s ∨ B for each claimed answer's blocking clause B. Solving
    under the assumption s finds the claimed answers again; then the solver refutes it and
    its proof derives the unit clause ¬s, checked at once by checkers/lrat_arrays.py. That
    clause is the claim: the formula with the puzzle's givens and its blocking clauses has
    no model (every other selector false satisfies the other claims' clauses)."""

    claims: Sequence[Claim]
    request: Request
    options: ProofOptions
    kind: Kind
    formula: Formula
    assumptions: list[list[int]]
    clauses: list[list[int]]
    live: list[int]

    @cached_property
    def live_set(self) -> frozenset[int]:
        return frozenset(self.live)


def _batch_of(claims: Sequence[Claim], request: Request,
              options: ProofOptions) -> _Batch | None:
    """The claims as a _Batch, when they can be: enough of them, about puzzles of a kind
    with a batch formula in its default encoding, no proof texts to keep (--proof-dir
    keeps one CNF and proof per puzzle), the LRAT checker alone, and that checker compiled.
    Enough: numba's start costs about half a second of CPU, which proving claims one by one
    (about 3 ms each for a 9×9 Sudoku, against 1 ms in a batch) repays from some 250 on."""
    if (len(claims) < BATCH_LEAST or options.keep or options.checkers != (LRAT_CHECKER,)
            or request.cube or request.encodings or request.forced
            or request.solver_cmd is not None):
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY and soft < BATCH_LEAST_ADDRESS_SPACE:
        return None
    instances = [claim.instance for claim in claims]
    if len({type(instance) for instance in instances}) != 1 or any(
            getattr(instance, "encodings", ()) for instance in instances):
        return None
    from satpuzzle.checkers import lrat_arrays

    left = request.remaining()
    if not lrat_arrays.COMPILED or (left is not None and left < 10 and not lrat_arrays.WARM):
        return None  # (numba's first compilation after an install takes seconds)
    from satpuzzle.kinds import registry

    kind = registry.kind_of(instances[0])
    try:
        with clause_budget(request.max_clauses):
            made = kind.encode_batch(instances)
    except InputError:
        return None
    if made is None:
        return None
    formula, jobs = made
    if not lrat_arrays.warm():  # compiled (or read from numba's cache) once, before the fork
        return None
    return _Batch(claims, request, options, kind, formula, [job.assumptions for job in jobs],
                  _clause_lists(formula), formula.live_puzzle_vars())


class _BatchProver:
    """A worker's solver and checker for its share of a _Batch (one per process)."""

    current: _BatchProver | None = None

    def __init__(self, batch: _Batch) -> None:
        from satpuzzle.checkers import lrat_arrays

        self.batch = batch
        self.solver = _LratSolver(batch.clauses)
        self.checker = lrat_arrays.ArrayChecker(batch.formula.num_vars + SELECTORS_PER_SOLVER)
        literals, ends = batch.formula.flat()
        self.checker.add(self.solver.formula_numbers(len(batch.clauses)), literals, ends)
        self.failed = "" if self.checker.check(self.solver.new_text()).verified else (
            "the proof of the formula's own clauses failed the checker")
        self.selectors = 0

    @classmethod
    def of(cls, batch: _Batch) -> _BatchProver:
        prover = cls.current
        if (prover is None or prover.batch is not batch
                or prover.selectors >= SELECTORS_PER_SOLVER
                or prover.solver.read >= min(BATCH_PROOF_BYTES, batch.options.proof_bytes)):
            if prover is not None:
                prover.solver.close()
            prover = cls.current = cls(batch)
        return prover

    def prove(self, index: int) -> _Outcome:
        """Claim `index` proven (or found false)."""
        started = time.monotonic()
        self.selectors += 1
        selector = self.batch.formula.num_vars + self.selectors
        claim = self.batch.claims[index]
        added: list[list[int]] = [[-selector, given] for given in self.batch.assumptions[index]]
        numbers = self.solver.add_all(added)
        known = self._known_models(claim)
        if known is None:
            models, blockers, blocker_numbers = self.solver.models(
                self.batch.live, claim.claimed, selector)
        else:
            models = known
            blockers = [[-selector, *blocking_clause(self.batch.live, set(model))]
                        for model in models]
            blocker_numbers = self.solver.add_all(blockers)
        numbers += blocker_numbers
        added += blockers
        self.checker.add(numbers, [lit for clause in added for lit in clause],
                         list(accumulate(map(len, added))))
        if len(models) < claim.claimed:
            return _Outcome(models)
        if self.solver.solve([selector]):
            return _Outcome(models, extra=True)
        text = self.solver.new_text()
        if len(text) >= self.batch.options.proof_bytes:
            return _Outcome(models, failure="the proof outgrew its budget of "
                            f"{self.batch.options.proof_bytes:,} bytes")
        checked = time.monotonic()
        verdict = self.checker.check(text)
        reason = self.failed or verdict.reason or (
            "" if self.checker.derived_unit(-selector)
            else "the proof does not derive the claim's clause")
        from satpuzzle.checkers import lrat_arrays

        check = Check(lrat_arrays.CHECKER, not reason, reason, time.monotonic() - checked)
        outcome = _Outcome(models, checks=[check], proof_lines=text.count(b"\n"),
                           proof_bytes=len(text),
                           cnf_clauses=len(self.batch.clauses) + len(added),
                           prove_seconds=time.monotonic() - started)
        return outcome

    def _known_models(self, claim: Claim) -> list[list[int]] | None:
        """The claimed answers' models (true live puzzle variables, sorted), as the kind
        names them (Kind.answer_names), or None when it cannot: the solver finds them again.
        Whether the proof is about them is checked as for models found: they must decode to
        the claimed answers (and a model the kind misnamed leaves the true one unblocked, so
        the claim fails)."""
        if claim.solutions is None:
            return None
        ids = self.batch.formula.pool.obj2id
        live = self.batch.live_set
        models = []
        for solution in claim.solutions:
            names = self.batch.kind.answer_names(claim.instance, solution)
            if names is None:
                return None
            model = sorted({ids.get(name, 0) for name in names})
            if not model or model[0] == 0 or not live.issuperset(model):
                return None
            models.append(model)
        return models


def _certify_in_batch(batch: _Batch, index: int) -> Certificate:
    """Certify claim `index` of `batch` in this worker, with its solver."""
    claim = batch.claims[index]
    if claim.claimed > BATCH_MOST_CLAIMED:  # its blocking clauses against the clause budget
        return _certify_here(claim, batch.request, batch.options)
    outcome = _BatchProver.of(batch).prove(index)
    if outcome.checks and not outcome.checks[0].verified:
        # the solver's proof and the numbers given to its clauses disagree: proven again
        # alone (a fresh solver for the claims after it)
        _BatchProver.current = None
        return _certify_here(claim, batch.request, batch.options)
    if claim.solutions is not None and outcome.checks:
        names = batch.formula.names
        found = [batch.kind.decode(claim.instance, [names[v] for v in model])
                 for model in outcome.models]
        unmatched = _unmatched(batch.kind, claim.instance, claim.solutions, found)
        if unmatched:
            return _certificate(claim.said, outcome, False, unmatched)
    return _finish(claim.said, outcome)


def _clause_lists(formula: Formula) -> list[list[int]]:
    """The formula's clauses as lists, in all_clauses' order, sliced from its flat layout
    (a third of the time of all_clauses on a 9×9 Sudoku's two thousand clauses)."""
    literals, ends = formula.flat()
    values, bounds = literals.tolist(), ends.tolist()
    return [values[start:end] for start, end in zip([0, *bounds], bounds)]


def refute(num_vars: int, clauses: Sequence[Sequence[int]], claim: str,
           timeout: float | None = None, options: ProofOptions = ProofOptions(),
           comments: Sequence[str] = ()) -> Certificate:
    """Certify that the CNF `clauses` over `num_vars` variables has no model (`claim` names
    what that means: a reduction's side, "no fill with every entry >= t+1"), within
    `timeout` seconds; `comments` (each starting with `c`) head the CNF."""
    lines = [f"c satpuzzle certificate: {claim}", *comments]
    work = _Work(num_vars, [list(clause) for clause in clauses], [], 0, options, lines)
    return next(_in_children([lambda: _finish(claim, _prove(work))], [claim], timeout,
                             options, 1))[1]


def _in_children(jobs: Sequence[Callable[[], Certificate]], claims: Sequence[str],
                 timeout: float | None, options: ProofOptions,
                 workers: int) -> Iterator[tuple[int, Certificate]]:
    """Run the jobs in `workers` child processes (satpuzzle.children), their files capped
    at the proof budget; (index, Certificate) as each is done, then, for those a timeout or
    interrupt left undone, one that says so (`claims`: their claims' texts)."""
    workers = max(1, min(workers, len(jobs)))
    started = time.monotonic()

    def worker(first: int, send: Send) -> None:
        _cap_file_size(options.proof_bytes)
        _spare_collector()
        for index in range(first, len(jobs), workers):
            send((index, jobs[index]()))

    done: set[int] = set()
    stopped = None
    with paused_limit() as left:  # the children keep their own time
        limit = timeout if left is None else min(left, timeout or left)
        try:
            for _child, event in stream([partial(worker, first) for first in range(workers)],
                                        limit):
                index, certificate = cast(tuple[int, Certificate], event)
                done.add(index)
                yield index, certificate
        except TimeoutError:
            stopped = "timeout"
        except KeyboardInterrupt:
            stopped = "interrupt"
    seconds = time.monotonic() - started
    what = "timeout" if stopped == "timeout" else "interrupted"
    for index in range(len(jobs)):
        if index not in done:
            yield index, Certificate(claims[index], False,
                                     f"{what} after {seconds:.2f} s while proving",
                                     stopped=stopped or "interrupt")


def _spare_collector() -> None:
    """In a worker: the objects it was forked with (the parent's puzzles, parse trees,
    answers) set aside from the cyclic garbage collector, and its youngest generation
    collected after 50,000 allocations, not 700. Each claim allocates thousands of small
    lists (clauses, proof steps), which the default thresholds answered with collections
    that each walked the whole inherited heap: a fifth of a 9×9 claim's time."""
    gc.freeze()
    _first, second, third = gc.get_threshold()
    gc.set_threshold(50_000, second, third)


def _unmatched(kind: Kind, instance: Instance, claimed: Sequence[Solution],
               found: Sequence[Solution]) -> str:
    """Why the answers the formula's models decode to are not the claimed ones ("" if they
    are), compared as the kind writes them in JSON."""
    def key(solution: Solution) -> str:
        return json.dumps(kind.render_json(instance, solution), sort_keys=True, default=str)

    wanted = sorted(map(key, claimed))
    if len(set(wanted)) != len(wanted):
        return "the claimed answers repeat one"
    if wanted != sorted(map(key, found)):
        return "the formula's models are not the claimed answers"
    return ""


# ---------------------------------------------------------------- the child's work


@dataclass
class _Work:
    """What the child needs: the formula's clauses, its live puzzle variables, how many
    models the claim admits, how to prove, the CNF's comment lines."""

    num_vars: int
    clauses: list[list[int]]
    live: list[int]
    claimed: int
    options: ProofOptions
    comments: list[str]


@dataclass
class _Outcome:
    """The child's answer: the models found (true live puzzle variables, sorted); `extra`
    True when the formula with their blocking clauses still has a model (the claim is
    false); else the proof's size and the checkers' verdicts (none when fewer models exist
    than claimed, or no proof came)."""

    models: list[list[int]]
    extra: bool = False
    checks: list[Check] = field(default_factory=list)
    failure: str = ""  # why no proof came, when the solver refuted the formula
    proof_lines: int = 0
    proof_bytes: int = 0
    cnf_clauses: int = 0
    prove_seconds: float = 0.0
    cnf: str = ""
    proof: str = ""
    drat: str = ""


def _prove(work: _Work) -> _Outcome:
    """In the child: the claimed number of models, each blocked in turn, by one CaDiCaL
    writing an LRAT proof; then the formula with every blocking clause refuted by it, and
    the checks. (Should the proof of that incremental run not pass the LRAT checker, a
    fresh solver given every clause at once proves it again: the numbers CaDiCaL gives
    the clauses added between solves are inferred.) The LRAT checker is given the clauses
    and the proof's steps as they are; texts are written for the DRAT checker and for
    `keep` only (a 9×9 Sudoku's CNF costs more to write and read back than to prove)."""
    started = time.monotonic()
    budget = work.options.proof_bytes
    solver = _LratSolver(work.clauses)
    try:
        models, blockers, _numbers = solver.models(work.live, work.claimed)
        if len(models) < work.claimed:
            return _Outcome(models)
        if solver.solve():
            return _Outcome(models, extra=True)
        steps, size = solver.steps(budget)
    finally:
        solver.close()
    clauses = [*work.clauses, *blockers]
    if steps is not None:
        check = _timed(LRAT_CHECKER, lambda: lrat.check_steps(clauses, steps or []))
        if not check.verified:
            steps, size = _refutation(clauses, budget)
            check = _timed(LRAT_CHECKER, lambda: lrat.check_steps(clauses, steps or []))
    if steps is None:
        return _Outcome(models, failure=f"the proof outgrew its budget of {budget:,} bytes")
    outcome = _Outcome(models, proof_lines=len(steps), proof_bytes=size,
                       cnf_clauses=len(clauses), prove_seconds=time.monotonic() - started)
    outcome.checks.append(check)
    keep, checkers = work.options.keep, work.options.checkers
    if keep or DRAT_CHECKER in checkers:
        cnf = dimacs.write_cnf(work.num_vars, clauses, len(clauses), work.comments)
        drat_text = drat_proof(clauses, steps)
        if DRAT_CHECKER in checkers:
            outcome.checks.append(_timed(DRAT_CHECKER, lambda: drat.check(cnf, drat_text)))
        if keep:
            outcome.cnf, outcome.drat = cnf, drat_text
            outcome.proof = lrat_text(steps, len(clauses))
    return outcome


def _timed(name: str, run: Callable[[], lrat.ProofVerdict | drat.ProofVerdict]) -> Check:
    started = time.monotonic()
    verdict = run()
    seconds = time.monotonic() - started
    label = lrat.CHECKER if name == LRAT_CHECKER else drat.checker_name()
    return Check(label, verdict.verified, verdict.reason, seconds)


def _refutation(clauses: list[list[int]], budget: int) -> tuple[list[lrat.Step] | None, int]:
    """A fresh solver's LRAT proof of `clauses`, which have no model (see _LratSolver.steps)."""
    solver = _LratSolver(clauses)
    try:
        if solver.solve():
            raise AssertionError("the clauses a solver refuted have a model")
        return solver.steps(budget)
    finally:
        solver.close()


class _LratSolver:
    """CaDiCaL (1.9.5, PySAT's own binding: its Solver offers DRAT proofs only, and the LRAT
    tracer must be attached once the option is set, before the first clause) writing an
    LRAT proof, which is read back numbered as the CNF is: the clauses given, in order,
    then the blocking clauses added between solves, then the lemmas.

    CaDiCaL numbers the clauses as it takes them, and a lemma it derives while taking one
    (a clause shortened by a unit given before it, or whose repeated literal it drops)
    takes the next number: so clause i of the formula is the i-th number not taken by a
    lemma written while the formula was given. The clauses before the first such lemma
    (all of them, when the formula has no unit clause) keep their numbers: only the
    numbers after it are translated. A clause added after a solve takes the number after
    every one used so far."""

    def __init__(self, clauses: list[list[int]]) -> None:
        import pysolvers  # type: ignore[import-not-found]
        from pysat.solvers import Cadical195

        self.pysolvers = pysolvers
        self.solver = Cadical195()
        self.solver.configure({"lrat": 1, "binary": 0})
        self.solver.prfile = tempfile.TemporaryFile()  # noqa: SIM115 - closed by delete()
        self.solver.prfp = pysolvers.cadical195_tracepr(self.solver.cadical,
                                                        self.solver.prfile)
        self.chunks: list[str] = []  # the proof, as read so far
        self.read = 0  # bytes read
        self.top = 0  # the highest number CaDiCaL has used
        self.count = len(clauses)  # the CNF's clauses so far
        # CaDiCaL's number of each clause of the CNF above `same`: its position (from 1);
        # CaDiCaL's numbers up to `same` are the CNF's own
        self.numbering: dict[int, int] = {}
        # a formula with the empty clause is refuted by that clause: nothing to solve
        self.empty = None if all(clauses) else next(
            n for n, clause in enumerate(clauses, 1) if not clause)
        if self.empty is None:
            # one C-level loop over the clauses, not a Python call each (the binding
            # checks every literal, and stops at a clause it refuses with the error)
            deque(map(pysolvers.cadical195_add_cl, repeat(self.solver.cadical, len(clauses)),
                      clauses), maxlen=0)
        derived = self._lemma_numbers(self._more())
        # the clauses before the first lemma keep their numbers; the rest skip the lemmas'
        self.same = min([len(clauses) + 1, *derived]) - 1
        taken = set(derived)
        numbers = [n for n in range(self.same + 1, len(clauses) + len(derived) + 1)
                   if n not in taken]
        self.numbering = dict(zip(numbers, range(self.same + 1, len(clauses) + 1)))
        self.top = len(clauses) + len(derived)

    def _more(self) -> str:
        """The proof written since the last call."""
        self.pysolvers.flushpr(self.solver.prfp)
        self.solver.prfile.seek(self.read)
        text = self.solver.prfile.read().decode("ascii")  # the offset is left at the end
        self.read += len(text)
        self.chunks.append(text)
        lines = text.rsplit("\n", 2)  # every line begins with the newest lemma's number
        if len(lines) > 1:
            self.top = max(self.top, int(lines[-2].split(maxsplit=1)[0]))
        return text

    @staticmethod
    def _lemma_numbers(text: str) -> list[int]:
        return [int(line.split(maxsplit=1)[0]) for line in text.splitlines()
                if "d" not in line and line.strip()]  # a deletion line: `ID d IDS 0`

    def add(self, clause: list[int]) -> int:
        """A clause of the CNF given after a solve; the number CaDiCaL gives it."""
        self._more()
        self.top += 1
        self.count += 1
        self.numbering[self.top] = self.count
        self.solver.add_clause(clause)
        return self.top

    def add_all(self, clauses: list[list[int]]) -> list[int]:
        """Clauses given after a solve, at once; the numbers CaDiCaL gives them (each the
        next number not taken by a lemma written while they were given, as in __init__)."""
        self._more()
        number = self.top + 1
        deque(map(self.pysolvers.cadical195_add_cl, repeat(self.solver.cadical, len(clauses)),
                  clauses), maxlen=0)
        derived = set(self._lemma_numbers(self._more()))
        numbers = []
        for _clause in clauses:
            while number in derived:
                number += 1
            numbers.append(number)
            self.count += 1
            self.numbering[number] = self.count
            number += 1
        self.top = max([self.top, number - 1, *derived])
        return numbers

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """Whether the clauses have a model under `assumptions`. Refuted under assumptions,
        CaDiCaL 1.9.5 writes the clause of the failed ones, then takes one more number for
        it that no line shows."""
        found = self.empty is None and bool(self.solver.solve(assumptions=assumptions))
        if not found and assumptions and self.empty is None:
            self._more()
            self.top += 1
        return found

    def formula_numbers(self, count: int) -> list[int]:
        """CaDiCaL's numbers of the formula's `count` clauses, in order (before any add)."""
        position = {place: number for number, place in self.numbering.items()}
        return [place if place <= self.same else position[place]
                for place in range(1, count + 1)]

    def new_text(self) -> bytes:
        """The proof written since the last call, and the texts read so far dropped (a
        batch's proof is checked as it grows, never read whole)."""
        self._more()
        text = "".join(self.chunks).encode("ascii")
        self.chunks = []
        return text

    def models(self, live: Sequence[int], most: int, selector: int = 0,
               ) -> tuple[list[list[int]], list[list[int]], list[int]]:
        """Up to `most` models (their true live puzzle variables), each blocked once found;
        their blocking clauses and the numbers CaDiCaL gives them. With a `selector`, the
        models are those under it and each blocking clause holds under it only."""
        live_set = frozenset(live)
        guard = [-selector] if selector else []
        assumptions = [selector] if selector else []
        models: list[list[int]] = []
        blockers: list[list[int]] = []
        numbers: list[int] = []
        while len(models) < most and self.solve(assumptions):
            true_vars = live_set.intersection(self.solver.get_model())
            models.append(sorted(true_vars))
            blockers.append([*guard, *blocking_clause(live, true_vars)])
            numbers.append(self.add(blockers[-1]))
        return models, blockers, numbers

    def steps(self, budget: int) -> tuple[list[lrat.Step] | None, int]:
        """The proof's steps after an unsatisfiable solve, with the CNF's numbers (lemmas
        numbered after its clauses), and the proof's size in bytes; None for the steps when
        the proof reached `budget` bytes (and was cut there: see _cap_file_size), [] when a
        line names a number not known here."""
        if self.empty is not None:
            return [(self.count + 1, (), (self.empty,), "proof step 1")], 0
        self._more()
        if self.read >= budget:
            return None, self.read
        numbering, last, same = dict(self.numbering), self.count, self.same
        steps: list[lrat.Step] = []
        try:
            for number, line in enumerate("".join(self.chunks).splitlines(), 1):
                where = f"proof step {number}"
                if "d" in line:  # `ID d IDS 0`: a lemma's line holds digits and signs only
                    gone = tuple([n if n <= same else numbering.pop(n)
                                  for n in map(int, line.split()[2:-1])])
                    steps.append((None, gone, (), where))
                    continue
                numbers = list(map(int, line.split()))
                zero = numbers.index(0, 1)
                hints = tuple([n if n <= same else numbering[n] for n in numbers[zero + 1:-1]])
                last += 1
                numbering[numbers[0]] = last
                steps.append((last, tuple(numbers[1:zero]), hints, where))
        except (KeyError, ValueError, IndexError):
            return [], self.read
        return steps, self.read

    def close(self) -> None:
        self.solver.delete()


def lrat_text(steps: Sequence[lrat.Step], originals: int) -> str:
    """An LRAT proof's steps as text (a deletion numbered as the last clause before it: of
    the `originals` clauses of the CNF, or a lemma)."""
    lines, last = [], originals
    for ident, literals, hints, _where in steps:
        if ident is None:
            lines.append(f"{last} d {' '.join(map(str, literals))} 0")
            continue
        last = ident
        words = [str(ident), *map(str, literals), "0", *map(str, hints), "0"]
        lines.append(" ".join(words))
    return "".join(line + "\n" for line in lines)


def drat_proof(clauses: Sequence[Sequence[int]], steps: Sequence[lrat.Step]) -> str:
    """The DRAT proof an LRAT proof of `clauses` stands for (its lemmas without numbers and
    hints, its deletions by their literals): for drat-trim and dratify."""
    live = {number: " ".join(map(str, clause)) for number, clause in enumerate(clauses, 1)}
    out: list[str] = []
    for ident, literals, _hints, _where in steps:
        if ident is None:
            out += [f"d {live.pop(gone)} 0" for gone in literals if gone in live]
            continue
        text = " ".join(map(str, literals))
        live[ident] = text
        out.append(f"{text} 0" if text else "0")
    return "".join(line + "\n" for line in out)


def _cap_file_size(most: int) -> None:
    """Files this process writes (CaDiCaL's proof) stop at `most` bytes: a write past it
    fails (SIGXFSZ ignored), and a proof that reached the cap is refused whole (_refutation).
    The solver goes on to its end or the deadline: killing the child would lose the rest
    of a batch."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    cap = most if hard == resource.RLIM_INFINITY else min(most, hard)
    resource.setrlimit(resource.RLIMIT_FSIZE, (cap, hard))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _certificate(claim: str, outcome: _Outcome, certified: bool, reason: str = "",
                 false: bool = False) -> Certificate:
    return Certificate(claim, certified, reason, false, None, outcome.proof_lines,
                       outcome.proof_bytes, outcome.cnf_clauses, outcome.prove_seconds,
                       tuple(outcome.checks), outcome.cnf, outcome.proof, outcome.drat)


def _finish(claim: str, outcome: _Outcome) -> Certificate:
    """The Certificate of a child's outcome."""
    if outcome.extra:
        return _certificate(claim, outcome, False, "the claim is false: the formula has a "
                            f"model beyond the {len(outcome.models)} claimed", True)
    if outcome.failure:
        return _certificate(claim, outcome, False, outcome.failure)
    if not outcome.checks:
        return _certificate(claim, outcome, False, f"the claim is false: the formula has "
                            f"only {len(outcome.models)} model(s)", True)
    for check in outcome.checks:
        if not check.verified:
            return _certificate(claim, outcome, False,
                                f"{check.checker} rejected the proof: {check.reason}")
    return _certificate(claim, outcome, True)


def save(certificate: Certificate, directory: str | Path, stem: str) -> tuple[Path, Path, Path]:
    """--proof-dir: the certificate's CNF, its LRAT proof and the same proof as DRAT, as
    `stem`.cnf, `stem`.lrat and `stem`.drat in `directory` (made if missing), each written
    atomically, for outside checkers (`cake_lpr STEM.cnf STEM.lrat`, `drat-trim STEM.cnf
    STEM.drat`). The certificate must have been made with `keep`."""
    if not certificate.cnf:
        raise ValueError("the certificate holds no CNF and proof (certify with keep=True)")
    cnf, lrat, drat = write_files(directory, ((f"{stem}.cnf", certificate.cnf),
                                              (f"{stem}.lrat", certificate.proof),
                                              (f"{stem}.drat", certificate.drat)))
    return cnf, lrat, drat


# ---------------------------------------------------------------- checking files


@dataclass(frozen=True)
class ProofCheck:
    """`satpuzzle check-proof CNF PROOF`: whether the proof refutes the CNF, why (the
    checker's words), its format ("LRAT" or "DRAT"), size and checking time."""

    verified: bool
    reason: str
    proof_format: str
    proof_lines: int
    seconds: float
    checker: str
    stopped: str | None = None

    def verdict(self) -> str:
        """One line: "verified: 614-line LRAT proof checked in 0.01 s (satpuzzle LRAT
        checker)", or "rejected: ..." or "not checked: timeout ..."."""
        if self.stopped:
            return f"not checked: {self.reason}"
        what = (f"{self.proof_lines}-line {self.proof_format} proof checked in "
                f"{self.seconds:.2f} s ({self.checker})")
        return f"verified: {what}" if self.verified else f"rejected: {self.reason}; {what}"


PROOF_FORMATS = ("lrat", "drat")


def check_proof_files(cnf_path: str, proof_path: str, timeout: float | None = None,
                      proof_format: str | None = None) -> ProofCheck:
    """Check a proof file against a DIMACS CNF file: LRAT (text) by satpuzzle's LRAT
    checker, DRAT (text, or binary as drat-trim reads it) by dratify. `proof_format`
    ("lrat" or "drat") says which; None: the file's suffix (.lrat, .drat), else its first
    line (see is_lrat). Both files are read within the input limit, a malformed one is an
    InputError at its position; the checking runs in a child process, stopped at
    `timeout`."""
    if proof_format not in (None, *PROOF_FORMATS):
        raise InputError(f"unknown proof format {proof_format!r}; expected "
                         f"{' or '.join(PROOF_FORMATS)}")
    cnf_text = _read(cnf_path)
    dimacs.read_cnf(cnf_text, shown(cnf_path))  # each error at its FILE:LINE:COL
    name = shown(proof_path)
    data = read_stdin(name) if is_stdin(proof_path) else read_bytes(proof_path, name)
    suffix = Path(proof_path).suffix.lower().lstrip(".")
    if proof_format is None and suffix in PROOF_FORMATS:
        proof_format = suffix
    if proof_format == "lrat" or (proof_format is None and is_lrat(data)):
        proof_text = decode_bytes(data, name)
        lines = read_lrat(proof_text, name)
        proof_format, checker = "LRAT", lrat.CHECKER

        def work(_send: Send) -> lrat.ProofVerdict | drat.ProofVerdict:
            return lrat.check(cnf_text, proof_text)
    else:
        steps = read_proof(data, name)
        lines = len(steps)
        drat_text = "".join(("d " if deleted else "") + " ".join(map(str, lits)) + " 0\n"
                            for deleted, lits in steps)
        proof_format, checker = "DRAT", drat.checker_name()

        def work(_send: Send) -> lrat.ProofVerdict | drat.ProofVerdict:
            return drat.check(cnf_text, drat_text)

    started = time.monotonic()
    with paused_limit() as left:
        how, verdict = run_in_child(work, timeout if left is None else min(left,
                                                                            timeout or left))
    seconds = time.monotonic() - started
    if how != "done" or verdict is None:
        return ProofCheck(False, f"{'timeout' if how == 'timeout' else 'interrupted'} after "
                          f"{seconds:.2f} s while checking", proof_format, lines, seconds,
                          checker, how)
    return ProofCheck(verdict.verified, verdict.reason, proof_format, lines, seconds, checker)


def is_lrat(data: bytes) -> bool:
    """Whether a proof file is text LRAT rather than DRAT: its first clause line is
    numbered, `ID d ...` or `ID LITERALS 0 HINTS 0` (DRAT: `[d] LITERALS 0`)."""
    for line in data[:1 << 16].splitlines():
        words = line.split()
        if not words or words[0].startswith(b"c"):
            continue
        return (len(words) > 1 and words[1] == b"d") or words.count(b"0") >= 2
    return False


def read_lrat(text: str, path: str) -> int:
    """The number of lines of a text LRAT proof, each checked for its form (`ID d IDS 0`,
    `ID LITERALS 0 HINTS 0`, comments): an error at its position otherwise."""
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        words = list(_WORD.finditer(line))
        if not words or words[0].group().startswith("c"):
            continue
        count += 1
        zeros = 0
        for index, match in enumerate(words):
            word, where = match.group(), Position(path, number, match.start() + 1)
            if index == 1 and word == "d":
                zeros = 1  # a deletion needs one 0, as if its literals were given
                continue
            value = dimacs.parse_literal(word)
            if value is None or abs(value) > MAX_LITERAL or (index == 0 and value <= 0):
                what = "a clause number" if index == 0 else "a number"
                raise where.error(f"expected {what}, found {word!r}")
            zeros += value == 0
        if zeros != 2 or words[-1].group() != "0":
            raise Position(path, number, 1).error(
                "expected 'ID LITERALS 0 HINTS 0' or 'ID d IDS 0' (LRAT)")
    return count


def _read(path: str) -> str:
    name = shown(path)
    return decode_bytes(read_stdin(name) if is_stdin(path) else read_bytes(path, name), name)


# the bytes a text DRAT proof is made of; any other byte says it is binary
_TEXT_BYTES = frozenset(b"0123456789-d c\t\r\n\v\f")
_WORD = re.compile(r"\S+")
MAX_LITERAL = (1 << 31) - 1  # as DIMACS solvers read them: a signed 32-bit integer


def read_proof(data: bytes, path: str) -> list[tuple[bool, tuple[int, ...]]]:
    """The steps of a DRAT proof, (deletion?, literals) each: text ("[d] LITERALS 0" a
    clause, `c` lines comments) or binary (drat-trim's: 'a' or 'd', each literal a
    variable-length number 2·|l| + sign, then 0). Errors at their positions."""
    if data[:1] in (b"a", b"d") and not set(data[:64]) <= _TEXT_BYTES:
        return _read_binary(data, path)
    text = decode_bytes(data, path)
    steps: list[tuple[bool, tuple[int, ...]]] = []
    deleted, current = False, list[int]()
    opened: Position | None = None  # where the clause being read began
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("c"):
            continue
        for match in _WORD.finditer(line):
            word, where = match.group(), Position(path, number, match.start() + 1)
            if word == "d" and opened is None:
                deleted, opened = True, where
                continue
            literal = dimacs.parse_literal(word)
            if literal is None or abs(literal) > MAX_LITERAL:
                raise where.error(f"expected a literal or 0, found {word!r}")
            if literal == 0:
                steps.append((deleted, tuple(current)))
                deleted, current, opened = False, [], None
            else:
                current.append(literal)
                opened = opened or where
    if opened is not None:
        raise opened.error("the last clause of the proof has no terminating 0")
    return steps


def _read_binary(data: bytes, path: str) -> list[tuple[bool, tuple[int, ...]]]:
    steps: list[tuple[bool, tuple[int, ...]]] = []
    at, size = 0, len(data)
    while at < size:
        tag, start = data[at], at
        if tag not in (0x61, 0x64):  # 'a', 'd'
            raise InputError(f"binary proof: expected 'a' or 'd' at byte {at}, found "
                             f"0x{tag:02x}", path)
        at += 1
        literals: list[int] = []
        while True:
            value, shift = 0, 0
            while True:
                if at >= size:
                    raise InputError(f"binary proof: the clause at byte {start} has no "
                                     "terminating 0", path)
                byte = data[at]
                at += 1
                value |= (byte & 0x7F) << shift
                shift += 7
                if not byte & 0x80:
                    break
                if shift > 35:
                    raise InputError(f"binary proof: a literal too long at byte {at}", path)
            if value == 0:
                break
            literal = (value >> 1) * (-1 if value & 1 else 1)
            if literal == 0 or abs(literal) > MAX_LITERAL:
                raise InputError(f"binary proof: no literal at byte {at}", path)
            literals.append(literal)
        steps.append((tag == 0x64, tuple(literals)))
    return steps


__all__ = ["CHECKERS", "DEFAULT_PROOF_BYTES", "DRAT_CHECKER", "LRAT_CHECKER", "PROOF_FORMATS",
           "Certificate", "Check", "Claim", "ProofCheck", "ProofOptions", "blocking_clause",
           "certify", "certify_each", "check_proof_files", "claim_text", "drat_proof",
           "is_lrat", "lrat_text", "read_lrat", "read_proof", "refute", "save"]
