"""The LRAT proof checker of certified answers: does an LRAT proof refute a DIMACS CNF?

Written for satpuzzle and, like the rule checkers beside it, importing nothing from it: it
reads the CNF text and the proof text itself. The CNF's clauses are numbered 1, 2, ... in
the order written. A proof line adds a lemma, `ID LITERALS 0 HINTS 0`, or deletes clauses,
`ID d IDS 0`. A lemma is accepted when its hints, taken in order under the negation of its
literals, are each unit (their one literal not yet false is then made true) until one is
false in every literal: reverse unit propagation, with the solver naming the clauses, so
each step is checked in time linear in its hints. A lemma's ID must be new and above the
CNF's clauses. RAT steps (negative hints) are refused, not checked: CaDiCaL writes none.
The proof is accepted only when it derives the empty clause."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import neg

CHECKER = "satpuzzle LRAT checker"


@dataclass(frozen=True)
class ProofVerdict:
    """`verified` when the proof refutes the CNF; `reason` says why not (or how it did);
    `steps` proof lines read, `lemmas` of them lemmas checked."""

    verified: bool
    reason: str
    steps: int = 0
    lemmas: int = 0


class _Rejected(Exception):
    pass


_HEADER = re.compile(r"p[ \t]+cnf[ \t]+([0-9]{1,10})[ \t]+([0-9]{1,10})[ \t\r]*")
_INTEGERS = re.compile(r"(?:\s*-?[0-9]{1,10})*\s*")  # whitespace-separated integers only


def read_cnf(text: str) -> list[tuple[int, ...]]:
    """The clauses of a DIMACS CNF text, in order; _Rejected if it is malformed or its
    counts are not its header's. Comment lines may come anywhere."""
    lines = text.splitlines()
    header = next((number for number, line in enumerate(lines)
                   if line.strip() and not line.lstrip().startswith("c")), None)
    match = _HEADER.fullmatch(lines[header].strip()) if header is not None else None
    if header is None or match is None:
        raise _Rejected("the CNF does not begin with its 'p cnf VARIABLES CLAUSES' header")
    variables, declared = int(match.group(1)), int(match.group(2))
    body = "\n".join(line for line in lines[header + 1:]
                     if not line.lstrip().startswith("c"))
    if not _INTEGERS.fullmatch(body):
        raise _Rejected("the CNF's clauses hold a word that is not an integer (or a second "
                        "header)")
    clauses = _clauses([int(word) for word in body.split()], variables)
    if len(clauses) != declared:
        raise _Rejected(f"the CNF declares {declared} clauses and holds {len(clauses)}")
    return clauses


def _clauses(numbers: list[int], variables: int) -> list[tuple[int, ...]]:
    """The clauses a CNF's numbers spell, each ended by 0."""
    if numbers and max(map(abs, numbers)) > variables:
        raise _Rejected(f"the CNF has a literal above its {variables} variables")
    clauses: list[tuple[int, ...]] = []
    start = 0
    for end, value in enumerate(numbers):
        if not value:
            clauses.append(tuple(numbers[start:end]))
            start = end + 1
    if start != len(numbers):
        raise _Rejected("the CNF's last clause has no terminating 0")
    return clauses


# A proof step: a lemma (its number, literals and hints) or a deletion (None, the numbers of
# the clauses it deletes, no hints), and where it was written ("proof line 12")
Step = tuple[int | None, tuple[int, ...], tuple[int, ...], str]


def check(cnf_text: str, proof_text: str) -> ProofVerdict:
    """Whether the LRAT proof `proof_text` refutes the DIMACS CNF `cnf_text`."""
    try:
        clauses = read_cnf(cnf_text)
    except _Rejected as rejected:
        return ProofVerdict(False, str(rejected))
    return check_steps(clauses, read_proof(proof_text))


def read_proof(text: str) -> Iterator[Step]:
    """The steps of a text LRAT proof, read as they are checked (a malformed line is a
    rejection when it is reached)."""
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("c"):
            continue
        where = f"proof line {number}"
        if len(words) > 1 and words[1] == "d":
            yield None, tuple(_numbers(_terminated(words[2:], where), where)), (), where
            continue
        ident, *rest = _numbers(words, where)
        literals, hints = _lemma(rest, where)
        yield ident, literals, tuple(hints), where


def check_steps(clauses: Sequence[Sequence[int]], steps: Iterable[Step]) -> ProofVerdict:
    """Whether the proof `steps` refutes the CNF `clauses` (clause i numbered i + 1)."""
    count = lemmas = 0
    live: dict[int, Sequence[int]] = dict(enumerate(clauses, 1))
    originals = len(clauses)
    try:
        for ident, literals, hints, where in steps:
            count += 1
            if ident is None:
                for gone in literals:
                    live.pop(gone, None)
                continue
            if ident <= originals or ident in live:
                raise _Rejected(f"{where}: lemma {ident} is not a new clause number")
            _derive(live, literals, hints, where)
            lemmas += 1
            if not literals:
                return ProofVerdict(True, "the empty clause derived, every lemma checked",
                                    count, lemmas)
            live[ident] = literals
    except _Rejected as rejected:
        return ProofVerdict(False, str(rejected), count, lemmas)
    return ProofVerdict(False, "every lemma checked, but the proof never derives the empty "
                        "clause", count, lemmas)


def _terminated(words: list[str], where: str) -> list[str]:
    if not words or words[-1] != "0":
        raise _Rejected(f"{where}: no terminating 0")
    return words[:-1]


_NUMBER = re.compile(r"-?[0-9]{1,10}")


def _numbers(words: list[str], where: str) -> list[int]:
    """The integers `words` spell (ASCII digits, an optional minus sign)."""
    if not all(map(_NUMBER.fullmatch, words)):
        bad = next(word for word in words if not _NUMBER.fullmatch(word))
        raise _Rejected(f"{where}: {bad[:20]!r} is not an integer")
    return [int(word) for word in words]


def _lemma(rest: list[int], where: str) -> tuple[tuple[int, ...], list[int]]:
    """A lemma line's literals and hints (its numbers after the ID)."""
    if not rest or rest[-1] != 0:
        raise _Rejected(f"{where}: no terminating 0")
    numbers = rest[:-1]
    if 0 not in numbers:
        raise _Rejected(f"{where}: a lemma needs 'LITERALS 0 HINTS 0'")
    split = numbers.index(0)
    literals, hints = tuple(numbers[:split]), numbers[split + 1:]
    if 0 in hints:
        raise _Rejected(f"{where}: a 0 among the hints")
    if any(hint < 0 for hint in hints):
        raise _Rejected(f"{where}: a RAT step (negative hint), which this checker refuses")
    return literals, hints


def _derive(live: dict[int, Sequence[int]], literals: Sequence[int], hints: Sequence[int],
            where: str) -> None:
    """Check a lemma by reverse unit propagation along its hints; _Rejected if it fails."""
    true = {-literal for literal in literals}
    if not true.isdisjoint(map(neg, true)):
        return  # a tautology (a literal and its negation): true whatever the assignment
    for hint in hints:
        clause = live.get(hint)
        if clause is None:
            raise _Rejected(f"{where}: hint {hint} is no live clause")
        unit = 0  # the clause's one literal not false yet (a repeated literal counts once)
        for literal in clause:
            if literal in true:
                raise _Rejected(f"{where}: hint {hint} is already satisfied")
            if -literal not in true:
                if unit and unit != literal:
                    raise _Rejected(f"{where}: hint {hint} is not unit")
                unit = literal
        if not unit:
            return  # a conflict: the lemma follows
        true.add(unit)
    raise _Rejected(f"{where}: the hints end without a conflict")
