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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from typing import ClassVar

from satpuzzle import dimacs
from satpuzzle.errors import InputError
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import check_rows, text_lines
from satpuzzle.kinds.base import Fit
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
INTEGER = re.compile(r"^[+-]?[0-9]+$")  # one integer word (solutions are read with it too)
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
    if not INTEGER.match(token.text):
        raise token.error(f"expected an integer literal, found {token.text!r}")
    literal = int(token.text)
    if literal == 0:
        raise token.error("0 is not a literal (rows of a 'clauses' block have no trailing 0)")
    if num_vars is not None and abs(literal) > num_vars:
        raise token.error(f"literal {literal} out of range: the formula has {num_vars} "
                          "variable(s)")
    return literal


def clause_literals(tokens: Sequence[Token] | Sequence[dimacs.Word],
                    num_vars: int | None) -> tuple[int, ...]:
    """One clause's literals (1 to 3, each within `num_vars` when it is known), refused at the
    word that breaks the rules: the `.puz` reader's, the DIMACS reader's and the JSON codec's."""
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
    clauses = tuple(clause_literals(row, declared) for row in rows)
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
    return clause_literals(words, num_vars)


# ---------------------------------------------------------------- writing


def to_puz(instance: OneInThreeInstance) -> str:
    """The instance in the .puz language, one clause a row."""
    title = f' "{instance.title}"' if instance.title else ""
    rows = "".join(f"    {' '.join(map(str, clause))}\n" for clause in instance.clauses)
    return (f"one-in-three-sat{title} {{\n  variables: {instance.num_vars}\n"
            f"  clauses {{\n{rows}  }}\n}}\n")
