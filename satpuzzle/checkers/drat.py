"""The proof checker: does a DRAT proof refute a DIMACS CNF? Both come in as text, the CNF as
satpuzzle wrote it from the puzzle (never as a solver echoes it back).

Like the rule checkers beside it, this imports nothing from satpuzzle: the checking is
dratify's (PyPI, Apache-2.0), a forward DRAT checker (every lemma checked by reverse unit
propagation, or as a resolution asymmetric tautology on its first literal; deletions of unit
clauses ignored, as drat-trim does) that shares no code with CaDiCaL, PySAT or satpuzzle's
encoders. A proof is accepted only if it derives the empty clause and every step before it
checks; a CNF whose clause count is not its header's is refused, not repaired."""

from __future__ import annotations

from dataclasses import dataclass

CHECKER = "dratify"


@dataclass(frozen=True)
class ProofVerdict:
    """`verified` when the proof refutes the CNF; `reason` says why not (or how it did);
    `steps` lemmas and deletions checked, `rat_steps` of them by RAT."""

    verified: bool
    reason: str
    steps: int = 0
    rat_steps: int = 0


def checker_name() -> str:
    """The checker and its version, as a verdict names it."""
    try:
        import dratify
    except ImportError:
        return CHECKER
    return f"{CHECKER} {dratify.__version__}"


def check(cnf_text: str, proof_text: str) -> ProofVerdict:
    """Whether the DRAT proof `proof_text` refutes the DIMACS CNF `cnf_text`."""
    try:
        import dratify
    except ImportError:  # a dependency of satpuzzle's, but an install may lack it
        return ProofVerdict(False, "dratify, the DRAT checker, is not installed "
                            "(pip install dratify)")

    try:
        formula = dratify.parse_dimacs(cnf_text, strict=True)
    except ValueError as exc:
        return ProofVerdict(False, f"the CNF is not read: {exc}")
    if formula.header_mismatch is not None:
        declared, parsed = formula.header_mismatch
        return ProofVerdict(False, f"the CNF declares {declared} clauses and holds {parsed}")
    try:
        result = dratify.check_proof(formula, proof_text)
    except ValueError as exc:  # an unreadable proof, a literal no variable accounts for
        return ProofVerdict(False, f"the proof is not read: {exc}")
    verified = bool(result.ok and result.reached_empty)
    reason = result.reason
    if not verified and result.failed_step >= 0:
        reason += f" (step {result.failed_step})"
    return ProofVerdict(verified, reason, result.steps, result.rat_steps)
