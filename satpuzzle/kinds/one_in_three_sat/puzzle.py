"""1-in-3 SAT: an assignment under which every clause (of up to three literals) has exactly
one true literal.

Rules. A clause is a list of 1 to 3 DIMACS literal *occurrences*, and exactly one occurrence
must be true. That settles the degenerate clauses: (x x y) forces x false and y true (x true
would make two occurrences true); (x x) and (x x x) have no model; (x -x y) forces y false and
leaves x free (exactly one of x, -x is always true); (x -x) holds always. A variable that
occurs in some clause, even only in such a clause, is part of the solution; a variable that
occurs nowhere (numbered below the DIMACS header's count but unused) is not. A solution is the
sorted tuple of the true variables among those that occur.

Instance → CNF: the rule in rules.py, over the constraint library: puzzle variable x(v) for
v = 1 .. the largest variable, created first so that the compiled DIMACS numbers them as the
input does (only the occurring ones when the largest number is far beyond their count, so
that a sparse numbering costs no work); per clause, exactly one of its literal occurrences
(family `clause`: an at-least-one clause and an at-most-one, pairwise by default,
switchable). Literal occurrences are passed as they are, so the at-most-one pair of a
repeated literal x is the unit clause -x and the pair of x and -x a tautology, which is
exactly the semantics above (every at-most-one encoding treats occurrences as separate
inputs, so the choice keeps it). Named variables = the formula's.

Inputs: `.puz` (`clauses { 1 2 -3 }` one clause a row, no trailing 0, optional
`variables: N`; or `clauses: file "f.cnf"`, a DIMACS file), and native DIMACS files, recognised
by their `p cnf V C` header: clauses end in 0 and may span lines, `c` lines are comments, and
SATLIB's closing `%` line ends the formula (what follows, SATLIB's `0`, is ignored). Errors,
each with its position: a clause of more than three literals, an empty clause, a literal out of
the header's range, a word that is not an integer, no header, a clause count different from
the header's (an error rather than a warning: a short count usually means a truncated file, and
solving a different formula than the one meant would go unnoticed), an empty formula.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import ClassVar, cast

from satpuzzle import dimacs
from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import check_rows, text_lines
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.one_in_three_sat import rules
from satpuzzle.textio import confined, read_text

KIND = "one-in-three-sat"

# A solution: the sorted true variables among those that occur in some clause (variables that
# occur nowhere are unconstrained and not part of a solution).
Solution = tuple[int, ...]

MAX_LITERALS = 3
MAX_CLAUSES = 100_000  # more is refused on reading, before the text is parsed
# a clause a line: its literals and DIMACS's trailing 0
BLOCK_LIMITS = {"clauses": BlockLimit(MAX_CLAUSES, (MAX_LITERALS + 1) * MAX_CLAUSES, "numbers")}
# a DIMACS file: the same numbers, a clause over several lines or several on one, a header
_DIMACS_LIMIT = BlockLimit((MAX_LITERALS + 1) * MAX_CLAUSES, (MAX_LITERALS + 1) * MAX_CLAUSES,
                           "numbers", header=4)
_INTEGER = re.compile(r"^[+-]?[0-9]+$")
_NATURAL = re.compile(r"[0-9]+")  # not str.isdigit(): "²".isdigit() is true, int("²") fails
_HEADER = re.compile(r"^\s*p\s+cnf\b")


@dataclass(frozen=True)
class OneInThreeInstance:
    num_vars: int
    clauses: tuple[tuple[int, ...], ...]  # DIMACS literals, each clause 1..3 literals
    title: str | None = None
    # family → encoding chosen by the user (--encoding FAMILY=NAME; FAMILIES in __init__.py)
    encodings: tuple[tuple[str, str], ...] = ()
    KIND: ClassVar[str] = KIND

    def __post_init__(self) -> None:
        """Refuse what is no 1-in-3 SAT formula, also when built in code (readers refuse it
        earlier, at its position): at least one clause, each of 1..3 nonzero integer literals
        of variables 1..num_vars. Lists become tuples."""
        from itertools import chain

        num_vars = self.num_vars
        if not (type(num_vars) is int and num_vars >= 1):
            raise InputError(f"num_vars must be a positive integer, found {num_vars!r}")
        try:
            clauses = tuple(map(tuple, self.clauses))
            literals = set(chain.from_iterable(clauses))
            valid = (bool(clauses) and all(1 <= len(c) <= MAX_LITERALS for c in clauses)
                     and {int}.issuperset(map(type, chain.from_iterable(clauses)))
                     and 0 not in literals and max(map(abs, literals)) <= num_vars)
        except TypeError:
            valid = False
        if not valid:
            raise InputError(f"the clauses must be at least one, each of 1..{MAX_LITERALS} "
                             f"nonzero integer literals of variables 1..{num_vars}")
        object.__setattr__(self, "clauses", clauses)
        object.__setattr__(self, "encodings", tuple(map(tuple, self.encodings)))


@lru_cache(maxsize=64)
def occurring(instance: OneInThreeInstance) -> frozenset[int]:
    """The variables that occur in some clause."""
    return frozenset(abs(literal) for clause in instance.clauses for literal in clause)


# ---------------------------------------------------------------- reading


def _literal(token: Token | dimacs.Word, num_vars: int | None) -> int:
    if not _INTEGER.match(token.text):
        raise token.error(f"expected an integer literal, found {token.text!r}")
    literal = int(token.text)
    if literal == 0:
        raise token.error("0 is not a literal (rows of a 'clauses' block have no trailing 0)")
    if num_vars is not None and abs(literal) > num_vars:
        raise token.error(f"literal {literal} out of range: the formula has {num_vars} "
                          "variable(s)")
    return literal


def _clause(tokens: Sequence[Token] | Sequence[dimacs.Word],
            num_vars: int | None) -> tuple[int, ...]:
    if len(tokens) > MAX_LITERALS:
        raise tokens[MAX_LITERALS].error(
            f"clause of {len(tokens)} literals: 1-in-3 SAT clauses have 1 to 3")
    return tuple(_literal(token, num_vars) for token in tokens)


def from_spec(spec: PuzzleSpec) -> OneInThreeInstance:
    """`one-in-three-sat { clauses { rows } }` (optional `variables: N`) or
    `clauses: file "f.cnf"` (DIMACS)."""
    spec.check_names({"clauses", "variables"}, {"clauses"})
    declared = None
    if "variables" in spec.fields:
        values = spec.fields["variables"].values
        if len(values) != 1 or not _NATURAL.fullmatch(values[0].text) or int(values[0].text) < 1:
            raise values[0].error("expected 'variables: N' with N a positive integer")
        declared = int(values[0].text)
    entry = spec.fields.get("clauses")
    if entry is not None:
        values = entry.values
        if values[0].text != "file" or len(values) != 2 or not values[1].text.startswith('"'):
            raise entry.name.error("expected 'clauses {' with one clause a row, or "
                                   "'clauses: file \"PATH\"' naming a DIMACS file")
        if declared is not None:
            raise spec.fields["variables"].name.error(
                "'variables' goes with a 'clauses' block; a DIMACS file has its own header")
        path = spec.base_dir / values[1].text.strip('"')
        try:
            text = read_text(confined(values[1].text.strip('"'), spec.base_dir))
        except InputError as exc:
            raise values[1].error(f"cannot read {str(path)!r}: {exc.message}") from None
        return _with_title(read_dimacs(text, str(path)), spec.title)
    if "clauses" not in spec.blocks:
        raise spec.error("one-in-three-sat needs its clauses: 'clauses {' with one clause a "
                         "row (DIMACS literals, no trailing 0), or 'clauses: file \"PATH\"'")
    block = spec.blocks["clauses"]
    rows = [row[:-1] if len(row) > 1 and row[-1].text == "0" else row for row in block.rows]
    clauses = tuple(_clause(row, declared) for row in rows)
    if not clauses:
        raise block.name.error("empty formula: expected at least one clause")
    largest = max(abs(literal) for clause in clauses for literal in clause)
    return OneInThreeInstance(declared or largest, clauses, spec.title)


def _with_title(instance: OneInThreeInstance, title: str | None) -> OneInThreeInstance:
    return OneInThreeInstance(instance.num_vars, instance.clauses, title)


def sniff(text: str) -> bool:
    """Whether `text` is a DIMACS CNF: its first line that is not a `c` comment is a
    `p cnf` header. satpuzzle's own compiled CNFs (first line `c satpuzzle DIMACS CNF`) are
    compiled puzzles, not 1-in-3 instances, and are left alone."""
    if dimacs.is_satpuzzle_cnf(text):
        return False
    for line in islice(text_lines(text), 10_000):
        words = line.split()
        if not words or words[0] == "c" or line.startswith("c"):
            continue
        return bool(_HEADER.match(line))
    return False


def fit(text: str) -> int:
    """A DIMACS CNF (a `p cnf` header) is certain."""
    return Fit.CERTAIN if sniff(text) else Fit.NO


def read_native(text: str, path: str, options: dict) -> tuple[list[OneInThreeInstance], bool]:
    """A DIMACS file: one instance."""
    return [read_dimacs(text, path)], False


def read_dimacs(text: str, path: str) -> OneInThreeInstance:
    """The formula of a DIMACS CNF text (satpuzzle.dimacs.read_cnf), every clause checked
    (1-3 literals, in range, no empty clause, at least one clause)."""
    check_rows(text, path, _DIMACS_LIMIT, "clauses", comment="c")  # before reading a clause
    cnf = dimacs.read_cnf(text, path, _dimacs_clause, allow_empty=False)
    return OneInThreeInstance(cnf.num_vars, tuple(cnf.clauses))


def _dimacs_clause(words: list[dimacs.Word], end: dimacs.Word,
                   num_vars: int) -> tuple[int, ...]:
    if not words:
        raise end.error("empty clause (a lone 0): a 1-in-3 clause needs 1 to 3 literals")
    return _clause(words, num_vars)


def parse_solutions(instance: OneInThreeInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: one line each of signed literals (positive =
    true), optionally a leading `v` and a trailing 0. Variables not listed are false. Verdict
    lines (`unique`, `multiple`, ...) and `#` / `c` comments are skipped."""
    solutions = []
    for number, line in enumerate(text.splitlines(), 1):
        content = line.split("#", 1)[0]
        words = content.split()
        if not words or words[0] == "c" or content.strip() in _VERDICTS:
            continue
        if words[0] in ("v", "s"):
            if words[0] == "s":
                continue
            content = content.replace("v", " ", 1)
        true_vars, column = [], 0
        for word in content.split():
            column = content.index(word, column)
            if not _INTEGER.match(word):
                raise InputError(f"expected a literal (a signed integer), found {word!r}",
                                 path, number, column + 1)
            column += len(word)
            if int(word) > 0:
                true_vars.append(int(word))
        solutions.append(tuple(sorted(true_vars)))
    if not solutions:
        raise InputError("empty solution file, expected lines of literals", path, 1, 1)
    return solutions


_VERDICTS = {"unique", "multiple", "none", "unknown", "no solution"}


def from_json(instance: OneInThreeInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: a list of signed literals as `render_json` writes it
    (positive = true, variables not listed false)."""
    if not isinstance(data, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in data):
        raise InputError("a 1-in-3 SAT solution in JSON is a list of signed literals "
                         "(positive = true)", path)
    return tuple(sorted(v for v in data if v > 0))


# ---------------------------------------------------------------- encoding


def encode(instance: OneInThreeInstance) -> Formula:
    """The rule of rules.py."""
    if not instance.clauses or any(not 1 <= len(c) <= MAX_LITERALS for c in instance.clauses):
        raise InputError("a 1-in-3 SAT instance needs clauses of 1 to 3 literals")
    return rules.encode(instance, occurring(instance))


def decode(instance: OneInThreeInstance, true_names: Iterable[VarName]) -> Solution:
    """The true variables among those that occur."""
    present = occurring(instance)
    # ("x", variable): the rules' name of each variable
    chosen = (cast(tuple[str, int], name)[1] for name in true_names if name[0] == "x")
    return tuple(sorted(variable for variable in chosen if variable in present))


# ---------------------------------------------------------------- output


def _literals(instance: OneInThreeInstance, solution: Solution) -> list[int]:
    true_vars = set(solution)
    return [v if v in true_vars else -v for v in sorted(occurring(instance))]


def render_text(instance: OneInThreeInstance, solution: Solution) -> str:
    """One line: every occurring variable as a signed literal (positive = true)."""
    return " ".join(map(str, _literals(instance, solution)))


def render_json(instance: OneInThreeInstance, solution: Solution) -> list[int]:
    return _literals(instance, solution)


def to_puz(instance: OneInThreeInstance) -> str:
    """The instance in the .puz language, one clause a row."""
    title = f' "{instance.title}"' if instance.title else ""
    rows = "".join(f"    {' '.join(map(str, clause))}\n" for clause in instance.clauses)
    return (f"one-in-three-sat{title} {{\n  variables: {instance.num_vars}\n"
            f"  clauses {{\n{rows}  }}\n}}\n")


# ---------------------------------------------------------------- forced cells


def forced_text(instance: OneInThreeInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the forced occurring variables as signed literals (positive
    = true, as in a solution), then the open ones."""
    value = {name[1]: truth for name, truth in forced.items() if name[0] == "x"}
    present = sorted(occurring(instance))
    literals = [v if value[v] else -v for v in present if v in value]
    open_vars = [v for v in present if v not in value]
    lines = [f"forced: {' '.join(map(str, literals))}"] if literals else []
    return lines + ([f"open: {' '.join(map(str, open_vars))}"] if open_vars else [])
