"""Certified answers: a negative claim ("no solution", "unique", "N solutions, complete")
backed by a proof of unsatisfiability that a checker sharing no code with the solver accepts.

Each claim is one formula to refute, written from the puzzle (its givens are clauses of the
formula, never assumptions) and the claimed answers:

- "no solution": the puzzle's formula;
- "unique", "N solutions, complete": the formula and one blocking clause per claimed answer,
  each the negation of that answer's assignment to every live puzzle variable (never an
  auxiliary, and not the shorter clause an exactly-one encoding allows: the claim holds
  whatever the encoding promises).

A fresh CaDiCaL (PySAT, with a DRAT proof) refutes it; the CNF is written, as DIMACS text,
from the same clauses the solver was given (not read back from it) and the proof is checked
by satpuzzle/checkers/drat.py. The answers the formula's models decode to must be the
claimed answers themselves, so that the proof is about what was printed. What the proof does
not cover: that the formula states the puzzle's rules (the encoders, held by the rule
checkers and the tests) and that a decoded answer is the model's meaning (the decoder).

Finding the models, proving and checking run in one child process (satpuzzle.children), so a
timeout or Ctrl-C stops them wherever they are; the proof file's size is capped in that child
(RLIMIT_FSIZE: past `proof_bytes` of CaDiCaL's binary proof the child is killed)."""

from __future__ import annotations

import json
import re
import resource
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from satpuzzle import dimacs
from satpuzzle.checkers import drat
from satpuzzle.errors import InputError, Position
from satpuzzle.pipeline import Request, compile
from satpuzzle.stages import ChildFailed, paused_limit, run_in_child
from satpuzzle.textio import decode_bytes, is_stdin, read_bytes, read_stdin, shown, write_atomic

PROOF_SOLVER = "cadical195"  # the PySAT back end whose DRAT proofs PySAT >= 1.9.dev16 keeps whole
# CaDiCaL's binary DRAT proof at most this many bytes (its text is about 2.5 times as long):
# a 9×9 uniqueness proof is a few kilobytes, and a proof of tens of megabytes takes the
# checker minutes
DEFAULT_PROOF_BYTES = 64 << 20
DRAT = "DRAT"


@dataclass(frozen=True)
class Certificate:
    """The outcome of certifying `claim`. `certified`: the proof was produced and the checker
    accepted it; otherwise `reason` says why not, and `false` is True when the claim itself
    was found false (a model the claim excludes). `stopped`: "timeout" or "interrupt" when
    cut short. `cnf` and `proof` (text DIMACS and text DRAT) are kept when asked for."""

    claim: str
    certified: bool
    reason: str = ""
    false: bool = False
    stopped: str | None = None
    proof_lines: int = 0
    proof_bytes: int = 0
    cnf_clauses: int = 0
    prove_seconds: float = 0.0
    check_seconds: float = 0.0
    checker: str = ""
    cnf: str = ""
    proof: str = ""

    def note(self) -> str:
        """What a verdict line adds: "certified: 614-line DRAT proof checked in 0.04 s"."""
        if self.certified:
            return (f"certified: {self.proof_lines}-line {DRAT} proof checked in "
                    f"{self.check_seconds:.2f} s")
        return f"not certified: {self.reason}"

    def verdict(self) -> str:
        """The claim and its note: "unique — certified: 614-line DRAT proof checked in 0.04 s"."""
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


def certify(instance: Any, request: Request | None = None, solutions: Sequence[Any] | None = None,
            count: int | None = None, proof_bytes: int = DEFAULT_PROOF_BYTES,
            keep: bool = False) -> Certificate:
    """Certify that `instance` has exactly the answers `solutions` (decoded and rule-checked,
    as the pipeline reported them: none = "no solution", one = "unique"), or, without
    them, exactly `count` answers (a count that printed none). The formula is the kind's
    standalone encoding (no lazy constraints) within the request's cube and encodings,
    compiled here from the instance. Bounded by `request.deadline` and `proof_bytes`;
    `keep`: the Certificate holds the CNF and proof texts (for --proof-dir)."""
    if solutions is None and count is None:
        raise ValueError("certify needs the claimed solutions or their count")
    request = request or Request()
    claimed = len(solutions) if solutions is not None else int(count or 0)
    claim = claim_text(claimed)
    started = time.monotonic()
    compiled = compile(instance, request, standalone=True)
    formula = compiled.formula
    live = formula.live_puzzle_vars()
    clauses = list(formula.all_clauses())
    comments = [f"c satpuzzle certificate: {claim}",
                (f"c {formula.kind} puzzle: its formula ({len(clauses)} clauses), then "
                 f"{claimed} blocking clause(s) over its {len(live)} live puzzle variables")]
    work = _Work(formula.num_vars, clauses, live, claimed, proof_bytes, keep, comments)
    outcome = _run(work, request.remaining(), claim, started)
    if isinstance(outcome, Certificate):
        return outcome
    if solutions is not None and outcome.verdict is not None:
        names = formula.names
        found = [compiled.kind.decode(compiled.instance, [names[v] for v in model])
                 for model in outcome.models]
        unmatched = _unmatched(compiled.kind, compiled.instance, solutions, found)
        if unmatched:
            return _certificate(claim, outcome, False, unmatched)
    return _finish(claim, outcome)


def refute(num_vars: int, clauses: Sequence[Sequence[int]], claim: str,
           timeout: float | None = None, proof_bytes: int = DEFAULT_PROOF_BYTES,
           keep: bool = False, comments: Sequence[str] = ()) -> Certificate:
    """Certify that the CNF `clauses` over `num_vars` variables has no model (`claim` names
    what that means: a reduction's side, "no fill with every entry >= t+1"), within
    `timeout` seconds and `proof_bytes`."""
    lines = [f"c satpuzzle certificate: {claim}", *comments]
    work = _Work(num_vars, [list(c) for c in clauses], [], 0, proof_bytes, keep, lines)
    outcome = _run(work, timeout, claim, time.monotonic())
    if isinstance(outcome, Certificate):
        return outcome
    return _finish(claim, outcome)


def _unmatched(kind: Any, instance: Any, claimed: Sequence[Any], found: Sequence[Any]) -> str:
    """Why the answers the formula's models decode to are not the claimed ones ("" if they
    are), compared as the kind writes them in JSON."""
    def key(solution: Any) -> str:
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
    models the claim admits, the proof budget, whether to send the texts back."""

    num_vars: int
    clauses: list[list[int]]
    live: list[int]
    claimed: int
    proof_bytes: int
    keep: bool
    comments: list[str]


@dataclass
class _Outcome:
    """The child's answer: the models found (true live puzzle variables, sorted); `extra`
    True when the formula with their blocking clauses still has a model (the claim is
    false), else the proof's size and the checker's verdict (None when fewer models exist
    than claimed, or the checker was not reached)."""

    models: list[list[int]]
    extra: bool = False
    verdict: drat.ProofVerdict | None = None
    proof_lines: int = 0
    proof_bytes: int = 0
    cnf_clauses: int = 0
    prove_seconds: float = 0.0
    check_seconds: float = 0.0
    cnf: str = ""
    proof: str = ""
    blockers: list[list[int]] = field(default_factory=list)


def _prove(work: _Work, _send: Any) -> _Outcome:
    """In the child: the claimed number of models by blocking clauses, then a fresh solver
    with a proof on the formula and every blocking clause, then the check."""
    from pysat.solvers import Solver

    started = time.monotonic()
    live_set = frozenset(work.live)
    models: list[list[int]] = []
    blockers: list[list[int]] = []
    if work.claimed:
        with Solver(name=PROOF_SOLVER, bootstrap_with=work.clauses) as solver:
            while len(models) < work.claimed and solver.solve():
                true_vars = live_set.intersection(solver.get_model())
                models.append(sorted(true_vars))
                blockers.append(blocking_clause(work.live, true_vars))
                solver.add_clause(blockers[-1])
        if len(models) < work.claimed:
            return _Outcome(models)
    _cap_file_size(work.proof_bytes)
    with Solver(name=PROOF_SOLVER, bootstrap_with=work.clauses, with_proof=True) as solver:
        for clause in blockers:
            solver.add_clause(clause)
        if solver.solve():
            return _Outcome(models, extra=True)
        lines = solver.get_proof() or []
    proof = "\n".join(lines) + "\n"
    cnf = dimacs.write_cnf(work.num_vars, [*work.clauses, *blockers],
                           len(work.clauses) + len(blockers), work.comments)
    proved = time.monotonic()
    verdict = drat.check(cnf, proof)
    outcome = _Outcome(models, False, verdict, len(lines), len(proof),
                       len(work.clauses) + len(blockers), proved - started,
                       time.monotonic() - proved)
    if work.keep:
        outcome.cnf, outcome.proof = cnf, proof
    return outcome


def _cap_file_size(most: int) -> None:
    """Files this process writes (CaDiCaL's proof) stop at `most` bytes: SIGXFSZ kills it."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    cap = most if hard == resource.RLIM_INFINITY else min(most, hard)
    resource.setrlimit(resource.RLIMIT_FSIZE, (cap, hard))
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)


def _run(work: _Work, timeout: float | None, claim: str,
         started: float) -> _Outcome | Certificate:
    """The child's outcome, or the Certificate that says why there is none."""
    def prove(send: Any) -> _Outcome:
        return _prove(work, send)

    try:
        with paused_limit() as left:  # the child keeps its own time
            limit = timeout if left is None else min(left, timeout or left)
            how, outcome = run_in_child(prove, limit)
    except ChildFailed as failure:
        if failure.exitcode == -signal.SIGXFSZ:
            return Certificate(claim, False, f"the proof outgrew its budget of "
                               f"{work.proof_bytes:,} bytes", checker=drat.checker_name())
        raise
    if how != "done" or outcome is None:
        seconds = time.monotonic() - started
        what = "timeout" if how == "timeout" else "interrupted"
        return Certificate(claim, False, f"{what} after {seconds:.2f} s while proving",
                           stopped=how, checker=drat.checker_name())
    return outcome


def _certificate(claim: str, outcome: _Outcome, certified: bool, reason: str = "",
                 false: bool = False) -> Certificate:
    return Certificate(claim, certified, reason, false, None, outcome.proof_lines,
                       outcome.proof_bytes, outcome.cnf_clauses, outcome.prove_seconds,
                       outcome.check_seconds, drat.checker_name(), outcome.cnf, outcome.proof)


def _finish(claim: str, outcome: _Outcome) -> Certificate:
    """The Certificate of a child's outcome."""
    if outcome.extra:
        return _certificate(claim, outcome, False, "the claim is false: the formula has a "
                            f"model beyond the {len(outcome.models)} claimed", True)
    if outcome.verdict is None:
        return _certificate(claim, outcome, False, f"the claim is false: the formula has "
                            f"only {len(outcome.models)} model(s)", True)
    if not outcome.verdict.verified:
        return _certificate(claim, outcome, False,
                            f"the checker rejected the proof: {outcome.verdict.reason}")
    return _certificate(claim, outcome, True)


def save(certificate: Certificate, directory: str | Path, stem: str) -> tuple[Path, Path]:
    """--proof-dir: the certificate's CNF and proof as `stem`.cnf and `stem`.drat in
    `directory` (made if missing), each written atomically, for an outside checker
    (`drat-trim STEM.cnf STEM.drat`). The certificate must have been made with `keep`."""
    if not certificate.cnf:
        raise ValueError("the certificate holds no CNF and proof (certify with keep=True)")
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot make the directory: {exc.strerror or exc}",
                         str(directory)) from None
    cnf_path, proof_path = folder / f"{stem}.cnf", folder / f"{stem}.drat"
    write_atomic(cnf_path, certificate.cnf)
    write_atomic(proof_path, certificate.proof)
    return cnf_path, proof_path


# ---------------------------------------------------------------- checking files


@dataclass(frozen=True)
class ProofCheck:
    """`satpuzzle check-proof CNF PROOF`: whether the proof refutes the CNF, why (the
    checker's words), its size and the checking time."""

    verified: bool
    reason: str
    proof_lines: int
    seconds: float
    checker: str
    stopped: str | None = None


def check_proof_files(cnf_path: str, proof_path: str,
                      timeout: float | None = None) -> ProofCheck:
    """Check a DRAT proof file (text, or binary as drat-trim reads it) against a DIMACS CNF
    file: both read within the input limit, a malformed file an InputError at its
    position; the checking runs in a child process, stopped at `timeout`."""
    cnf_text = _read(cnf_path)
    dimacs.read_cnf(cnf_text, shown(cnf_path))  # each error at its FILE:LINE:COL
    data = read_stdin(shown(proof_path)) if is_stdin(proof_path) else read_bytes(
        proof_path, shown(proof_path))
    steps = read_proof(data, shown(proof_path))
    proof_text = "".join(("d " if deleted else "") + " ".join(map(str, lits)) + " 0\n"
                         for deleted, lits in steps)
    started = time.monotonic()

    def work(_send: Any) -> drat.ProofVerdict:
        return drat.check(cnf_text, proof_text)

    with paused_limit() as left:
        how, verdict = run_in_child(work, timeout if left is None else min(left,
                                                                            timeout or left))
    seconds = time.monotonic() - started
    if how != "done" or verdict is None:
        return ProofCheck(False, f"{'timeout' if how == 'timeout' else 'interrupted'} after "
                          f"{seconds:.2f} s while checking", len(steps), seconds,
                          drat.checker_name(), how)
    return ProofCheck(verdict.verified, verdict.reason, len(steps), seconds,
                      drat.checker_name())


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


__all__ = ["DEFAULT_PROOF_BYTES", "Certificate", "ProofCheck", "blocking_clause", "certify",
           "check_proof_files", "claim_text", "read_proof", "refute", "save"]
