"""Constraints stated many at a time: groups of literals given as lists, or as numpy arrays
(flat literals and group sizes) for kinds whose encoders are vectorised. One family context
per call, so a kind with 10^5 small constraints pays for its bookkeeping once.

The at-most-one encodings in bulk: pairwise for every group (numpy: in a few vectorised
passes); by default, pairwise up to PAIRWISE_LIMIT literals and Sinz's sequential counter
above (3n − 4 binary clauses, as PySAT's seqcounter writes them, against about 4n for the
ladder); any other encoding the user chose, group by group through the registry. And
clauses that are the rule as stated ("direct"), given flat (`clause_block`) or as pairs
(`binary_clauses`), for rules an encoder builds many at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from satpuzzle.constraints import encodings as registry
from satpuzzle.constraints.model import Model

if TYPE_CHECKING:
    import numpy


def _name(model: Model, family: str) -> str | None:
    """The family's chosen at-most-one encoding, None for the default."""
    return model.chosen.get(family)


# ---------------------------------------------------------------- groups as lists


def at_most_one_each(model: Model, family: str, groups: Sequence[Sequence[int]],
                     example: str = "") -> None:
    """At most one literal of each group."""
    name = _name(model, family)
    formula = model.formula
    if name not in (None, "pairwise"):
        with formula.family(family, name, "at most one", len(groups), example):
            for group in groups:
                formula.clauses += registry.at_most_one(name, group, model.fresh, formula.pool)
        formula.check_budget()
        return
    small = [g for g in groups if name or len(g) <= registry.PAIRWISE_LIMIT]
    with formula.family(family, "pairwise", "at most one", len(small), example):
        formula.clauses += [[-a, -b] for group in small
                            for i, a in enumerate(group) for b in group[i + 1:]]
    large = [g for g in groups if not name and len(g) > registry.PAIRWISE_LIMIT]
    if large:
        with formula.family(family, "seqcounter", "at most one", len(large), example):
            for group in large:
                formula.clauses += registry.at_most_one("seqcounter", group, model.fresh,
                                                        formula.pool)
    formula.check_budget()


# ---------------------------------------------------------------- groups as numpy arrays


def at_least_one_groups(model: Model, family: str, lits: numpy.ndarray,
                        sizes: numpy.ndarray, example: str = "", what: str = "at least one",
                        constraints: int | None = None) -> None:
    """Some literal of each consecutive group of `lits` (`sizes` long each; an empty group
    is an empty clause, which makes the formula unsatisfiable). `what` and `constraints`
    (default: a constraint a group) are the family's bookkeeping."""
    import numpy as np

    formula = model.formula
    counted = len(sizes) if constraints is None else constraints
    with formula.family(family, "direct", what, counted, example):
        formula.add_block(lits, np.cumsum(sizes))


def at_most_one_groups(model: Model, family: str, lits: numpy.ndarray,
                       sizes: numpy.ndarray, example: str = "", what: str = "at most one",
                       count: bool = True) -> None:
    """At most one literal of each consecutive group of `lits` (`sizes` long each), in the
    family's at-most-one encoding (see the module docstring). `what`, and whether each group
    counts as a constraint of the family (`count`), are its bookkeeping."""
    import numpy as np

    name = _name(model, family)
    formula = model.formula
    if name not in (None, "pairwise", "seqcounter"):
        ends = np.cumsum(sizes).tolist()
        flat = lits.tolist()
        with formula.family(family, name, what, len(sizes) * count, example):
            for start, end in zip([0, *ends], ends):
                formula.clauses += registry.at_most_one(name, flat[start:end], model.fresh,
                                                        formula.pool)
        formula.check_budget()
        return
    if name is None:
        small = sizes <= registry.PAIRWISE_LIMIT
    else:
        small = np.full(len(sizes), name == "pairwise")
    group = np.repeat(np.arange(len(sizes)), sizes)
    if small.any():
        with formula.family(family, "pairwise", what, int(small.sum()) * count, example):
            _pairwise(formula, lits[small[group]], sizes[small])
    if not small.all():
        with formula.family(family, "seqcounter", what, int((~small).sum()) * count,
                            example):
            _sequential(formula, lits[~small[group]], sizes[~small])


def exactly_one_groups(model: Model, family: str, lits: numpy.ndarray, sizes: numpy.ndarray,
                       example: str = "") -> None:
    """Exactly one literal of each consecutive group: at least one, and at most one in the
    family's encoding."""
    at_least_one_groups(model, family, lits, sizes, example, "exactly one")
    at_most_one_groups(model, family, lits, sizes, example, "exactly one", count=False)


def implications(model: Model, family: str, premises: numpy.ndarray,
                 conclusions: numpy.ndarray, example: str = "", what: str = "implication",
                 count: bool = True) -> None:
    """premises[i] ⇒ conclusions[i], as binary clauses (each a constraint of the family
    where `count`)."""
    formula = model.formula
    with formula.family(family, "direct", what, len(premises) * count, example):
        if len(premises):
            formula.add_pairs(-premises, conclusions)


def _pairwise(formula, lits: numpy.ndarray, sizes: numpy.ndarray) -> None:
    """¬a ∨ ¬b for every pair of a group."""
    import numpy as np

    starts = np.cumsum(sizes) - sizes
    group = np.repeat(np.arange(len(sizes)), sizes)
    position = np.arange(len(lits)) - starts[group]
    partners = sizes[group] - 1 - position
    first = np.repeat(np.arange(len(lits)), partners)
    second = first + 1 + np.arange(len(first)) - np.repeat(np.cumsum(partners) - partners,
                                                           partners)
    formula.add_pairs(-lits[first], -lits[second])


def _sequential(formula, lits: numpy.ndarray, sizes: numpy.ndarray) -> None:
    """Sinz's sequential counter for at most one: s_i says "one of x_1..x_i is true"."""
    import numpy as np

    if not len(lits):
        return
    last = np.zeros(len(lits), dtype=bool)
    last[np.cumsum(sizes) - 1] = True
    inner = np.flatnonzero(~last)  # elements with a successor in their group
    aux = np.zeros(len(lits), dtype=np.int64)
    aux[inner] = formula.reserve(len(inner)) + np.arange(len(inner))
    chained = inner[~last[inner + 1]]  # s_i -> s_{i+1} where x_{i+1} has a counter too
    formula.add_pairs(np.concatenate([-lits[inner], -aux[chained], -lits[inner + 1]]),
                      np.concatenate([aux[inner], aux[chained + 1], -aux[inner]]))


def one_group_per_item(model: Model, family: str, items: numpy.ndarray, lits: numpy.ndarray,
                       groups: numpy.ndarray, group_count: int, example: str = "") -> None:
    """At most one group claims each item. The triples (items[i], lits[i], groups[i]) say
    that literal lits[i], of group groups[i], claims item items[i] when true. Per item and
    group one literal "the group claims the item" (the claiming literal itself where only one
    of the group claims it), implied by each claiming literal; at most one of them per item,
    in the family's at-most-one encoding. Items claimed by one group only cost nothing.
    (Shikaku: items are cells, literals candidate rectangles, groups clues; a rectangle
    claims its border cells, which is enough to keep two clues' rectangles apart.)"""
    import numpy as np

    if not len(items):
        return
    key = items * group_count + groups
    order = np.argsort(key, kind="stable")
    key, lits = key[order], lits[order]
    # one claim per (item, group); only items two groups or more claim matter
    new_key = np.concatenate([[True], key[1:] != key[:-1]])
    claim_item = (key // group_count)[new_key]
    new_item = np.concatenate([[True], claim_item[1:] != claim_item[:-1]])
    claims_per_item = np.diff(np.append(np.flatnonzero(new_item), len(claim_item)))
    shared = np.repeat(claims_per_item >= 2, claims_per_item)  # per claim
    claim_of = np.cumsum(new_key) - 1  # each triple's claim
    size = np.bincount(claim_of)
    lone = size == 1
    claim = np.zeros(len(size), dtype=np.int64)
    needs_aux = shared & ~lone
    count = int(needs_aux.sum())
    with model.formula.family(family, "direct", "", 0, example):  # its auxiliaries
        claim[needs_aux] = model.fresh(count) + np.arange(count)
    claim[lone] = lits[new_key][lone]
    implied = needs_aux[claim_of]
    implications(model, family, lits[implied], claim[claim_of[implied]], example,
                 "a literal claims for its group", count=False)
    at_most_one_groups(model, family, claim[shared], claims_per_item[claims_per_item >= 2],
                       example, "one group claims an item")


# ---------------------------------------------------------------- clauses as the rule states them


def clause_block(model: Model, family: str, literals: numpy.ndarray, ends: numpy.ndarray,
                 what: str, example: str = "", constraints: int | None = None) -> None:
    """Clauses given flat, clause i being literals[ends[i-1]:ends[i]] (ends[-1] = len), as
    family `family`'s (`constraints`: how many the family states; default one a clause)."""
    with model.formula.family(family, "direct", what, 0, example) as stats:
        model.formula.add_block(literals, ends)
        stats.constraints += len(ends) if constraints is None else constraints


def binary_clauses(model: Model, family: str, first: numpy.ndarray, second: numpy.ndarray,
                   what: str, example: str = "", constraints: int | None = None) -> None:
    """The binary clauses [first[i], second[i]] as family `family`'s (`constraints`: how
    many the family states; default one a clause)."""
    with model.formula.family(family, "direct", what, 0, example) as stats:
        model.formula.add_pairs(first, second)
        stats.constraints += len(first) if constraints is None else constraints
