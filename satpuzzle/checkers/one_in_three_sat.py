"""1-in-3 SAT rules, checked directly: the solution lists true variables, each one that occurs
in the formula, sorted and distinct; every other occurring variable is false; and in every
clause exactly one literal occurrence is true (a repeated literal counts once per occurrence).
Independent of the encoder: it reads the clauses and the true variables, nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

MAX_REPORTED = 20


def _all_ints(values: Sequence[object]) -> TypeGuard[Sequence[int]]:
    """Whether every value is an int (not a bool, not a float)."""
    return all(type(v) is int for v in values)


def violations(clauses: Sequence[Sequence[int]], true_vars: Sequence[object]) -> list[str]:
    """Every broken rule, in words; an empty list means the assignment is valid."""
    if not _all_ints(true_vars):
        return [f"true variables must be integers, found {list(true_vars)[:10]}"]
    used = {abs(literal) for clause in clauses for literal in clause}
    problems: list[str] = []
    strangers = [v for v in true_vars if v not in used]
    if strangers:
        problems.append(f"variables that occur in no clause cannot be part of a solution: "
                        f"{strangers[:10]}")
    if list(true_vars) != sorted(set(true_vars)):
        problems.append("true variables must be listed once each, in increasing order")
    truth = set(true_vars)
    for number, clause in enumerate(clauses, 1):
        if not 1 <= len(clause) <= 3:
            problems.append(f"clause {number} has {len(clause)} literals, expected 1 to 3")
            continue
        true_count = sum(1 for literal in clause if (abs(literal) in truth) == (literal > 0))
        if true_count != 1:
            problems.append(f"clause {number} ({' '.join(map(str, clause))}) has {true_count} "
                            "true literals, expected exactly one")
            if len(problems) >= MAX_REPORTED:
                return [*problems, "(further problems not listed)"]
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a 1-in-3 SAT instance."""
    return violations(instance.clauses, solution)
