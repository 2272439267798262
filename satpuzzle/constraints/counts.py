"""Counts given in the order encoding by a kind's own literals: a count 0..m as m literals,
literal k−1 saying "at least k" (a Hashi pair's bridges). It is integers.py's order view
without a direct view: no channelling, the kind's variables are the count.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzle.constraints import encodings as registry
from satpuzzle.constraints.model import Model

Count = Sequence[int]  # element k−1: "the count is at least k"


def ordered(model: Model, family: str, counts: Sequence[Count], example: str = "") -> None:
    """Each count's literals are an order encoding: "at least k+1" implies "at least k"."""
    clauses = [[-more, fewer] for count in counts for more, fewer in zip(count[1:], count)]
    model.clauses(family, clauses, "at least k+1 ⇒ at least k", example,
                  constraints=len(counts))


def count_sum(model: Model, family: str, counts: Sequence[Count], how: str, bound: int,
              example: str = "", default: str | None = None) -> None:
    """The counts (ordered, see `ordered`) add up `how` ("atmost", "atleast", "equals")
    `bound`: `count_sums` of one sum."""
    count_sums(model, family, [(counts, bound)], how, example, default)


def count_sums(model: Model, family: str, sums: Sequence[tuple[Sequence[Count], int]],
               how: str, example: str = "", default: str | None = None) -> None:
    """For each (counts, bound) of `sums`, the counts (ordered, see `ordered`) add up `how`
    ("atmost", "atleast", "equals") bound, in the family's cardinality encoding (`default`
    when the user chose none): "order" on the counts themselves (encodings.order_sum: no
    auxiliaries, for small sums; all sums in one go), any other over all their literals,
    since an ordered count is the number of its true literals."""
    name = model.encoding(family, "card", default)
    if name != "order":
        for counts, bound in sums:
            model.count(family, [lit for count in counts for lit in count], how, bound,
                        example, default=name)
        return
    what = {"atmost": "at most k", "atleast": "at least k", "equals": "exactly k"}[how]
    formula = model.formula
    with formula.family(family, "order", what, len(sums), example):
        for counts, bound in sums:
            clauses = registry.order_sum(counts, bound, how)
            if any(not clause for clause in clauses):
                formula.contradiction()
            else:
                formula.clauses += clauses
    formula.check_budget()
