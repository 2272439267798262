"""1-in-3 SAT's rule over the constraint library (satpuzzle.constraints).

The rule book: under the assignment, every clause has exactly one true literal occurrence.
One puzzle variable x(v) per variable v, true when v is true.
"""

from __future__ import annotations

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.errors import InputError
from satpuzzle.kinds.one_in_three_sat import FAMILIES
from satpuzzle.kinds.one_in_three_sat.puzzle import (
    KIND,
    MAX_LITERALS,
    OneInThreeInstance,
    occurring,
)


def encode(instance: OneInThreeInstance) -> Formula:
    """The rule, clause by clause."""
    if not instance.clauses or any(not 1 <= len(c) <= MAX_LITERALS for c in instance.clauses):
        raise InputError("a 1-in-3 SAT instance needs clauses of 1 to 3 literals")
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)
    used = sorted(occurring(instance))
    # x(1..largest) keeps the input's numbering; but a variable numbered far beyond the count
    # used (`1 99999999999`) would make that range unbounded work: then only those used
    numbers = range(1, used[-1] + 1) if used[-1] <= 2 * len(used) + 10_000 else used
    variables = {v: model.var("x", v) for v in numbers}
    formula.summary = [(f"variables: {instance.num_vars} ({len(used)} occurring), clauses: "
                        f"{len(instance.clauses)}"),
                       "exactly one true literal occurrence per clause"]
    # Every clause has exactly one true literal occurrence. (Clause by clause: literals may
    # be negative, repeated or complementary, and each clause's pairs are its own.)
    for k, clause in enumerate(instance.clauses):
        model.exactly_one("clause", [variables[lit] if lit > 0 else -variables[-lit]
                                     for lit in clause],
                          example="" if k else f"exactly one of {' '.join(map(str, clause))}"
                                               " is true")
    return formula
