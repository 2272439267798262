"""Integer variables over a finite domain, with the three classic views and their
channelling, and the constraints over them that puzzles use: all-different and sums.

- direct: one literal "x = v" per value, exactly one of them true;
- order: one literal "x ≥ v" per value but the least, "x ≥ v+1 ⇒ x ≥ v";
- log: the bits of x − min, with the values outside the domain excluded.
A view is made on first use and channelled to the views that exist, so a constraint asks
for the view it propagates best on (all-different: direct; sums: direct through PB).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from satpuzzle.constraints.model import Model
from satpuzzle.errors import InputError


class IntVar:
    """An integer variable of `model`, its domain a sorted list of values. `name`: the
    direct view's literals are puzzle variables (name..., value), decoded by the kind."""

    def __init__(self, model: Model, family: str, domain: Sequence[int],
                 name: tuple[object, ...] | None = None, example: str = "") -> None:
        self.model = model
        self.family = family
        self.domain = sorted(set(domain))
        self.name = name
        self._example = example
        self._direct: dict[int, int] | None = None
        self._order: dict[int, int] | None = None
        self._log: list[int] | None = None

    # the direct view is the variable's own; the others channel to it
    def eq(self, value: int) -> int | None:
        """The literal "x = value" (None: not in the domain)."""
        return self.direct().get(value)

    def direct(self) -> dict[int, int]:
        if self._direct is None:
            model = self.model
            if self.name is not None:
                self._direct = {v: model.var(*self.name, v) for v in self.domain}
            else:
                first = model.fresh(len(self.domain))
                self._direct = {v: first + i for i, v in enumerate(self.domain)}
            model.exactly_one(self.family, list(self._direct.values()), self._example)
        return self._direct

    def ge(self, value: int) -> int | None:
        """The literal "x ≥ value" of the order view (None where the domain decides)."""
        return self.order().get(value)

    def order(self) -> dict[int, int]:
        """x ≥ v for every value v but the least, channelled to the direct view:
        x = v ⇔ x ≥ v ∧ ¬(x ≥ next)."""
        if self._order is None:
            direct = self.direct()
            values = self.domain
            first = self.model.fresh(max(0, len(values) - 1))
            ge = {v: first + i for i, v in enumerate(values[1:])}
            clauses: list[list[int]] = []
            for low, high in itertools.pairwise(values[1:]):
                clauses.append([-ge[high], ge[low]])
            for i, v in enumerate(values):
                at_least = ge.get(v)
                above = ge.get(values[i + 1]) if i + 1 < len(values) else None
                # x = v ⇒ x ≥ v, ¬(x ≥ next); x ≥ v ∧ ¬(x ≥ next) ⇒ x = v
                if at_least is not None:
                    clauses.append([-direct[v], at_least])
                if above is not None:
                    clauses.append([-direct[v], -above])
                clauses.append([*([-at_least] if at_least else []),
                                *([above] if above else []), direct[v]])
            self.model.clauses(self.family, clauses, "order view channelling",
                               constraints=1)
            self._order = ge
        return self._order

    def bits(self) -> list[int]:
        """The log view: bits of x − min, least significant first, channelled to the
        direct view (x = v ⇔ the bits spell v − min)."""
        if self._log is None:
            direct = self.direct()
            low, high = self.domain[0], self.domain[-1]
            width = max(1, (high - low).bit_length())
            first = self.model.fresh(width)
            bits = [first + k for k in range(width)]
            clauses: list[list[int]] = []
            for v, lit in direct.items():
                pattern = [bits[k] if (v - low) >> k & 1 else -bits[k] for k in range(width)]
                clauses += [[-lit, bit] for bit in pattern]
                clauses.append([*(-bit for bit in pattern), lit])
            self.model.clauses(self.family, clauses, "log view channelling", constraints=1)
            self._log = bits
        return self._log


def all_different(model: Model, family: str, variables: Sequence[IntVar],
                  example: str = "") -> None:
    """No two of `variables` take the same value: per value, at most one of their "= value"
    literals (in the family's at-most-one encoding)."""
    values = sorted({v for x in variables for v in x.domain})
    for value in values:
        lits = [lit for x in variables if (lit := x.eq(value)) is not None]
        if len(lits) > 1:
            model.at_most_one(family, lits, example)


def sum_equals(model: Model, family: str, variables: Sequence[IntVar], total: int,
               example: str = "") -> None:
    """The variables add up to `total` (a Killer cage, a Kakuro run), as a pseudo-Boolean
    sum over their direct views in the family's PB encoding: Σ (v − min)·[x = v] equals
    total − Σ min."""
    lits: list[int] = []
    weights: list[int] = []
    offset = 0
    for x in variables:
        low = x.domain[0]
        offset += low
        for value, lit in x.direct().items():
            if value != low:
                lits.append(lit)
                weights.append(value - low)
    target = total - offset
    if target < 0 or target > sum(max(x.domain) - x.domain[0] for x in variables):
        model.clause(family, [], example, "sum")
        return
    if not lits:
        return
    model.linear(family, lits, weights, "equals", target, example)


# ---------------------------------------------------------------- sums of different values

# Past this many candidate sets the table is refused (it would not end).
TABLE_SETS_LIMIT = 1 << 16


def different_sum(model: Model, family: str, variables: Sequence[IntVar], total: int,
                  example: str = "") -> None:
    """Variables that are pairwise different (an all_different stated elsewhere) add up to
    `total` (a Kakuro run, a Killer cage), in the family's encoding ("distinct-sum"): any
    pseudo-Boolean encoding writes it as `sum_equals`; `table` (the default) by the sets of
    len(variables) different values that reach `total`, one selector each, exactly one
    chosen, a variable's value in the chosen set and each value of the chosen set taken by
    some variable (which also implies the difference). Unit propagation then keeps only the
    values some remaining set holds: on 30 published 10x12..24x28 Kakuro, 4.7 conflicts a
    puzzle against 2,689 through mixedradix, with 7 times fewer clauses."""
    from itertools import combinations
    from math import comb

    name = model.encoding(family, "distinct-sum")
    if name != "table":
        sum_equals(model, family, variables, total, example)
        return
    values = sorted({v for x in variables for v in x.domain})
    if comb(len(values), len(variables)) > TABLE_SETS_LIMIT:
        raise InputError(f"the table of a sum of {len(variables)} different values out of "
                         f"{len(values)} would visit more than {TABLE_SETS_LIMIT:,} sets: "
                         "choose a pseudo-Boolean encoding for this family")
    sets = [s for s in combinations(values, len(variables)) if sum(s) == total]
    formula = model.formula
    with formula.family(family, "table", "sum of different values = k", 1, example):
        if not sets:
            formula.contradiction()
            return
        first = model.fresh(len(sets))
        chosen = {s: first + i for i, s in enumerate(sets)}
        selectors = list(chosen.values())
        clauses = [selectors]  # exactly one set is chosen
        clauses += [[-a, -b] for i, a in enumerate(selectors) for b in selectors[i + 1:]]
        for x in variables:  # a variable's value is in the chosen set
            for value, lit in x.direct().items():
                clauses.append([-lit, *(chosen[s] for s in sets if value in s)])
        for s, selector in chosen.items():  # each value of the chosen set is taken
            clauses += [[-selector, *(x.direct()[v] for x in variables if v in x.direct())]
                        for v in s]
        formula.clauses += clauses
    formula.check_budget()
