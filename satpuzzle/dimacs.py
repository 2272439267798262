"""DIMACS, in one place: the CNF text format (reading with positions, writing), satpuzzle's
self-describing comment header, the answers of any SAT solver, and checking a model.

Reading a CNF: `p cnf VARIABLES CLAUSES`, then clauses of nonzero integers each ended by 0,
free to span lines; `c` lines are comments and SATLIB's closing `%` line ends the formula
(what follows, SATLIB's `0`, is ignored). Every error names FILE:LINE:COL where the user wrote
the offending word.

Reading an answer: competition style (`s STATUS` and `v` literal lines), MiniSat's result file
(a bare `SAT`/`UNSAT`/`INDET` line, then literals) or bare literal lines. One status table:
SAT/SATISFIABLE → "SAT", UNSAT/UNSATISFIABLE → "UNSAT", UNKNOWN/INDETERMINATE/INDET →
"UNKNOWN".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from satpuzzle.errors import InputError, Position
from satpuzzle.instances import VarName
from satpuzzle.lazy import Lazy

np = Lazy("numpy")  # imported by the first model checked against the clauses

HEADER_MARKER = "c satpuzzle DIMACS CNF"  # the first line of every CNF satpuzzle writes

STATUS_WORDS = {
    "SATISFIABLE": "SAT", "SAT": "SAT",
    "UNSATISFIABLE": "UNSAT", "UNSAT": "UNSAT",
    "UNKNOWN": "UNKNOWN", "INDETERMINATE": "UNKNOWN", "INDET": "UNKNOWN",
}
STATUS_EXPECTED = "SATISFIABLE, UNSATISFIABLE or UNKNOWN"

_LITERAL = re.compile(r"[+-]?[0-9]{1,4000}")  # ASCII digits only ("²".isdigit() is true)
_NATURAL = re.compile(r"[0-9]{1,4000}")
_WORD = re.compile(r"\S+")


def is_satpuzzle_cnf(text: str) -> bool:
    """Whether `text` is a CNF written by satpuzzle (with its header: see read_header)."""
    return text.startswith(HEADER_MARKER)


def parse_literal(word: str) -> int | None:
    """The integer a literal word spells (sign, ASCII digits), else None."""
    return int(word) if _LITERAL.fullmatch(word) else None


# ---------------------------------------------------------------- writing


def clause_text(clauses: Iterable[Sequence[int]]) -> str:
    """Clause lines, each ended by `0` and a newline."""
    return "".join(" ".join(map(str, clause)) + " 0\n" for clause in clauses)


def problem_line(num_vars: int, num_clauses: int) -> str:
    return f"p cnf {num_vars} {num_clauses}"


def write_cnf(num_vars: int, clauses: Iterable[Sequence[int]], num_clauses: int | None = None,
              comments: Iterable[str] = ()) -> str:
    """A DIMACS CNF text: the comment lines given (each written as is: start them with
    `c`), the `p cnf` line and the clauses. `num_clauses` is counted when not given (the
    clauses are then listed first)."""
    if num_clauses is None:
        clauses = [list(clause) for clause in clauses]
        num_clauses = len(clauses)
    lines = [*comments, problem_line(num_vars, num_clauses)]
    lines += (" ".join(map(str, clause)) + " 0" for clause in clauses)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- reading a CNF


class Word:
    """One word of a CNF text and where it was written (duck-types grammar.Token)."""

    __slots__ = ("position", "text")

    def __init__(self, text: str, position: Position) -> None:
        self.text = text
        self.position = position

    def error(self, message: str) -> InputError:
        return self.position.error(message)


# Turns the words of one clause (its terminating 0 given apart) into the clause; raises an
# InputError at the offending word. A kind passes its own to add its rules (1-in-3: 1 to 3
# literals, no empty clause).
ClauseReader = Callable[[list[Word], Word, int], tuple[int, ...]]


@dataclass
class Cnf:
    """A CNF as read: the header's variable and clause counts, the clauses, and where the
    header was written."""

    num_vars: int
    num_clauses: int
    clauses: list[tuple[int, ...]]
    header: Position


def literal_of(word: Word, num_vars: int) -> int:
    """The literal `word` spells, checked against the header's variable count."""
    literal = parse_literal(word.text)
    if literal is None:
        raise word.error(f"expected an integer literal, found {word.text!r}")
    if abs(literal) > num_vars:
        raise word.error(f"literal {literal} out of range: the formula has {num_vars} "
                         "variable(s)")
    return literal


def _any_clause(words: list[Word], _end: Word, num_vars: int) -> tuple[int, ...]:
    return tuple(literal_of(word, num_vars) for word in words)


def read_cnf(text: str, path: str, read_clause: ClauseReader | None = None,
             allow_empty: bool = True) -> Cnf:
    """The clauses of a DIMACS CNF text. Errors, each at its position: no header, a second
    header, a malformed header, a clause before the header, a word that is not a literal or
    a literal out of range (or what `read_clause` refuses), a last clause without its 0, an
    empty formula (unless `allow_empty`), a clause count other than the header's (an error:
    a short count usually means a truncated file)."""
    read_clause = read_clause or _any_clause
    num_vars = declared = None
    header = None
    clauses: list[tuple[int, ...]] = []
    current: list[Word] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("c"):
            continue
        if stripped.startswith("%"):
            break  # SATLIB: end of formula; the "0" line after it is no clause
        if stripped.startswith("p"):
            if num_vars is not None:
                raise InputError("a second 'p cnf' header", path, number, 1)
            num_vars, declared = _problem_line(line, path, number)
            header = Position(path, number, 1)
            continue
        if num_vars is None:
            raise InputError("expected the header 'p cnf VARIABLES CLAUSES' before the first "
                             "clause", path, number, 1)
        for match in _WORD.finditer(line):
            word = Word(match.group(), Position(path, number, match.start() + 1))
            if word.text == "0":
                clauses.append(read_clause(current, word, num_vars))
                current = []
            else:
                current.append(word)
    if num_vars is None or declared is None or header is None:
        raise InputError("no 'p cnf VARIABLES CLAUSES' header: not a DIMACS CNF", path, 1, 1)
    if current:
        raise current[0].error("last clause has no terminating 0")
    cnf = Cnf(num_vars, declared, clauses, header)
    _check_clause_count(cnf, allow_empty)
    return cnf


def _check_clause_count(cnf: Cnf, allow_empty: bool) -> None:
    """Refuse, at the header, an empty formula (unless `allow_empty`) and a clause count
    other than the header's."""
    if not cnf.clauses and not allow_empty:
        raise cnf.header.error("empty formula: expected at least one clause")
    if len(cnf.clauses) != cnf.num_clauses:
        raise cnf.header.error(f"the header announces {cnf.num_clauses} clause(s), the file "
                               f"holds {len(cnf.clauses)}")


def _problem_line(line: str, path: str, number: int) -> tuple[int, int]:
    words = line.split()
    if len(words) != 4 or words[:2] != ["p", "cnf"] or not _NATURAL.fullmatch(words[2]) \
            or not _NATURAL.fullmatch(words[3]):
        raise InputError("expected the header 'p cnf VARIABLES CLAUSES'", path, number,
                         line.index(words[0]) + 1)
    return int(words[2]), int(words[3])


# ---------------------------------------------------------------- satpuzzle's header


@dataclass
class CnfHeader:
    """What a satpuzzle DIMACS header says: kind, source puzzle text and variable names."""

    kind: str
    source: str
    names: dict[int, VarName]


def header_lines(kind: str, summary: Sequence[str], num_vars: int, num_clauses: int,
                 names: dict[int, VarName], source: str = "",
                 show: Sequence[int] | None = None) -> list[str]:
    """satpuzzle's comment header: kind, sizes, the source puzzle and the variable map, so
    that a model from any solver can be decoded (read back by read_header); then, given
    `show`, the projection lines that make a model counter count puzzle solutions."""
    lines = [
        HEADER_MARKER,
        f"c kind: {kind}",
        *(f"c {line}" for line in summary),
        (f"c variables: {num_vars} ({len(names)} puzzle, "
         f"{num_vars - len(names)} auxiliary)"),
        f"c clauses: {num_clauses}",
    ]
    lines += [f"c source: {line}" for line in source.splitlines()]
    lines += [f"c var: {ident} {' '.join(map(str, name))}"
              for ident, name in sorted(names.items())]
    if show is not None:
        lines += projection_lines(show)
    return lines


PROJECTION_WIDTH = 100  # characters per `c ind` line


def projection_lines(show: Sequence[int]) -> list[str]:
    """The variables a model counter must count over, in the two formats counters read.
    `c t pmc` and `c p show V... 0`: the model counting competition's format (ganak, d4,
    sharpSAT-TD), on one line, since some readers keep only the last such line.
    `c ind V... 0`: the independent support of approxmc and cryptominisat, wrapped over
    lines each ended by 0, which readers append to each other. `c ind` comes last: the
    reader that ganak, approxmc and cryptominisat share refuses a `c p show` after a `c ind`
    (and given both, keeps the `c ind` set: the same variables)."""
    words = [str(v) for v in show]
    lines = ["c t pmc", f"c projection: {len(words)} puzzle variables that occur in a clause",
             " ".join(["c p show", *words, "0"])]
    line: list[str] = []
    width = len("c ind 0")
    for word in words:
        if line and width + len(word) + 1 > PROJECTION_WIDTH:
            lines.append(" ".join(["c ind", *line, "0"]))
            line, width = [], len("c ind 0")
        line.append(word)
        width += len(word) + 1
    lines.append(" ".join(["c ind", *line, "0"]))
    return lines


@dataclass
class Projection:
    """The projection lines of a CNF: the variables of `c p show` and of every `c ind` line
    (None where the file has none)."""

    show: list[int] | None
    ind: list[int] | None


def read_projection(text: str) -> Projection:
    """The variables a CNF's projection lines list (see projection_lines), wherever they are
    in the file; each line's 0 ends it, words that are not variables are skipped."""
    show: list[int] | None = None
    ind: list[int] | None = None
    for line in text.splitlines():
        words = line.split()
        if words[:3] == ["c", "p", "show"]:
            show = _variables(words[3:])
        elif words[:2] == ["c", "ind"]:
            ind = (ind or []) + _variables(words[2:])
    return Projection(show, ind)


def _variables(words: list[str]) -> list[int]:
    numbers = [int(word) for word in words if _NATURAL.fullmatch(word)]
    return numbers[:numbers.index(0)] if 0 in numbers else numbers


def read_header(text: str, path: str) -> CnfHeader:
    kind = None
    source: list[str] = []
    names: dict[int, VarName] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("p "):
            break
        if line.startswith("c kind: "):
            kind = line[len("c kind: "):].strip()
        elif line.startswith("c source: "):
            source.append(line[len("c source: "):])
        elif line.startswith("c var: "):
            fields = line[len("c var: "):].split()
            try:
                names[int(fields[0])] = tuple(_name_part(f) for f in fields[1:])
            except (ValueError, IndexError):
                raise InputError("malformed variable map line", path, number, 1) from None
    if kind is None or not source:
        raise InputError("not a satpuzzle CNF (no 'c kind:' and 'c source:' header); "
                         "give the puzzle file instead", path, 1, 1)
    return CnfHeader(kind, "\n".join(source) + "\n", names)


def _name_part(text: str) -> object:
    digits = text.lstrip("-")
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) < 4000 else text


# ---------------------------------------------------------------- a solver's answer


@dataclass
class Model:
    """A solver's answer: "SAT" with the set of true variables, "UNSAT", or "UNKNOWN"."""

    status: str
    true_vars: frozenset[int]


@dataclass
class Answer:
    """What a solver's output says: its status (None when it says none), the true variables
    of the literals it lists, and whether it lists any."""

    status: str | None
    true_vars: frozenset[int]
    has_literals: bool


def status_of(word: str) -> str | None:
    """"SAT", "UNSAT" or "UNKNOWN" for a status word, None for any other word."""
    return STATUS_WORDS.get(word)


def read_answer(text: str, path: str | None = None, bare: bool = True,
                strict: bool = True) -> Answer:
    """The status and model in a solver's output. `s STATUS` and `v LITERALS` lines are read
    always; with `bare`, also a line that is a status word alone (MiniSat's `SAT`) and lines
    of literals without `v`. `strict`: every line that is not a `c` comment must be one of
    those (a model file); else other lines are skipped (a solver's log). An unknown status or
    a word that is not a literal is an InputError at its position."""
    status = None
    true_vars: set[int] = set()
    has_literals = False
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0] == "c":
            continue
        first = words[0]
        if first == "s" or (bare and first in STATUS_WORDS):
            word = " ".join(words[1:]) if first == "s" and len(words) > 1 else first
            if word not in STATUS_WORDS:
                if not strict and first == "s" and len(words) == 1:
                    continue
                raise InputError(f"unknown solver status {word!r}; expected "
                                 f"{STATUS_EXPECTED}", path, number, _column(line, word))
            status = STATUS_WORDS[word]
            continue
        if first == "v":
            start = line.index("v") + 1
        elif bare and (strict or parse_literal(first) is not None):
            start = 0
        else:
            continue  # strict=False: a line of the solver's log
        for match in _WORD.finditer(line, start):
            literal = parse_literal(match.group())
            if literal is None:
                raise InputError(f"expected an integer literal, found {match.group()!r}",
                                 path, number, match.start() + 1)
            if literal:
                has_literals = True
                if literal > 0:
                    true_vars.add(literal)
    return Answer(status, frozenset(true_vars), has_literals)


def _column(line: str, word: str) -> int:
    found = line.find(word) if word else -1
    return found + 1 if found >= 0 else 1


def read_model(text: str, path: str) -> Model:
    """A model file as `satpuzzle decode` takes it: the output of any DIMACS SAT solver
    (competition style, MiniSat's result file or bare literals), every line checked."""
    answer = read_answer(text, path)
    status = answer.status or ("SAT" if answer.has_literals else None)
    if status is None:
        raise InputError("no model found: expected 's SATISFIABLE' and 'v' lines, "
                         "or a list of literals", path)
    if status == "SAT" and not answer.has_literals:
        raise InputError("the solver says SAT but gives no 'v' line with the model", path)
    return Model(status, answer.true_vars)


# ---------------------------------------------------------------- checking a model


class FlatClauses:
    """Clauses prepared once to check many models fast (numpy: flat literals and bounds)."""

    def __init__(self, clauses: Iterable[Sequence[int]]) -> None:
        literals: list[int] = []
        lengths: list[int] = []
        for clause in clauses:
            literals.extend(clause)
            lengths.append(len(clause))
        self.count = len(lengths)
        self.literals = np.asarray(literals, dtype=np.int64)
        self.ends = np.cumsum(np.asarray(lengths, dtype=np.int64))
        self.starts = self.ends - np.asarray(lengths, dtype=np.int64)
        self.top = int(np.abs(self.literals).max()) if len(self.literals) else 0

    def clause(self, number: int) -> list[int]:
        """Clause `number` (1-based)."""
        return self.literals[self.starts[number - 1]:self.ends[number - 1]].tolist()

    def first_falsified(self, true_vars: Iterable[int]) -> int | None:
        """The number (1-based) of the first clause with no true literal under the model
        (variables not in `true_vars` are false; an empty clause is always falsified)."""
        if not self.count:
            return None
        truth = np.zeros(self.top + 1, dtype=bool)
        truth[[v for v in true_vars if 0 < v <= self.top]] = True
        satisfied = truth[np.abs(self.literals)] == (self.literals > 0)
        # clause i holds a true literal iff the running count grows over its span
        running = np.concatenate([[0], np.cumsum(satisfied)])
        broken = np.flatnonzero(running[self.ends] == running[self.starts])
        return int(broken[0]) + 1 if len(broken) else None


def first_falsified(clauses: Iterable[Sequence[int]], true_vars: Iterable[int]) -> int | None:
    """The number (1-based) of the first clause the model falsifies, or None when it
    satisfies them all; variables not in `true_vars` are false."""
    return FlatClauses(clauses).first_falsified(true_vars)
