"""A model: a kind's rules stated as constraints, each under a family name the kind gives.

Every clause of a kind is born here (or in `integers` and `graphs`, which build on it): a
constraint names its family (`cell`, `row`, `degree`, `connected`, ...), the family's
encoding is the one the user chose (`--encoding FAMILY=NAME`, `encoding:` in the language)
or the constraint's default, and the formula records per family what it cost
(`Formula.families`, read by `--explain` and the DIMACS header).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence

from satpuzzle.cnf import Formula
from satpuzzle.constraints import encodings as registry
from satpuzzle.errors import InputError

Refiner = Callable[[frozenset[int]], list[list[int]]]


class Model:
    """Constraints over one `Formula`, written by the encodings its families name."""

    def __init__(self, formula: Formula, encodings: Mapping[str, str] | None = None,
                 families: Mapping[str, str] | None = None) -> None:
        """`encodings`: family → encoding name chosen by the user; `families`: the kind's
        family → constraint kind ("amo", "card", "pb"), the families it lets a user switch
        (an encoding named for another family is refused, listing these)."""
        self.formula = formula
        self.switchable = dict(families or {})
        self.chosen = dict(encodings or {})
        for family, name in self.chosen.items():
            if family not in self.switchable:
                raise InputError(unknown_family(family, formula.kind, self.switchable))
            registry.check_name(name, self.switchable[family], family)
        self._refiners: list[Refiner] = []

    # ------------------------------------------------------------ variables

    def var(self, *name: object) -> int:
        """The puzzle variable called `name`, created on first use."""
        return self.formula.var(*name)

    def fresh(self, count: int = 1) -> int:
        """The first of `count` new auxiliary variables."""
        return self.formula.reserve(count)

    def encoding(self, family: str, constraint: str, default: str | None = None) -> str:
        """The encoding family `family` writes its `constraint` with."""
        chosen = self.chosen.get(family)
        if chosen is not None:
            return chosen
        return default or registry.DEFAULTS[constraint]

    # ------------------------------------------------------------ plain logic

    def clause(self, family: str, lits: Sequence[int], example: str = "",
               what: str = "clause") -> None:
        """The disjunction of `lits` (an empty one makes the formula unsatisfiable)."""
        with self.formula.family(family, "direct", what, 1, example):
            if lits:
                self.formula.clauses.append(list(lits))
            else:
                self.formula.contradiction()
        self.formula._grew(1)

    def clauses(self, family: str, clauses: Iterable[Sequence[int]], what: str,
                example: str = "", constraints: int | None = None) -> None:
        """Several disjunctions of one family (`what` says what they state)."""
        with self.formula.family(family, "direct", what, 0, example) as stats:
            before = len(self.formula.clauses)
            self.formula.clauses.extend(list(c) for c in clauses)
            stats.constraints += (len(self.formula.clauses) - before
                                  if constraints is None else constraints)
        self.formula.check_budget()

    def implies(self, family: str, premises: Sequence[int], conclusions: Sequence[int],
                example: str = "") -> None:
        """All of `premises` ⇒ some of `conclusions`."""
        self.clause(family, [-p for p in premises] + list(conclusions), example, "implication")

    def equal(self, family: str, a: int, b: int, condition: int | None = None,
              example: str = "") -> None:
        """a ⇔ b (when `condition` is true, if given): label equality."""
        guard = [] if condition is None else [-condition]
        with self.formula.family(family, "direct", "equality", 1, example):
            self.formula.clauses += [[*guard, -a, b], [*guard, a, -b]]
        self.formula._grew(2)

    def equal_labels(self, family: str, first: Mapping[object, int],
                     second: Mapping[object, int], condition: int | None = None,
                     example: str = "") -> None:
        """The label `first` holds is the label `second` holds (each a one-hot map label →
        literal): for every label, first[l] ⇔ second[l], a label missing from one side being
        false there. Under `condition` when given."""
        guard = [] if condition is None else [-condition]
        with self.formula.family(family, "direct", "label equality", 1, example):
            out = self.formula.clauses
            for label in first.keys() | second.keys():
                a, b = first.get(label), second.get(label)
                if a is not None and b is not None:
                    out += [[*guard, -a, b], [*guard, a, -b]]
                elif a is not None:
                    out.append([*guard, -a])
                elif b is not None:
                    out.append([*guard, -b])
        self.formula.check_budget()

    # ------------------------------------------------------------ cardinality

    def at_least_one(self, family: str, lits: Sequence[int], example: str = "") -> None:
        self.clause(family, lits, example, "at least one")

    def at_most_one(self, family: str, lits: Sequence[int], example: str = "",
                    default: str | None = None) -> None:
        name = self.encoding(family, "amo", default)
        if name == "pairwise" and len(lits) > registry.PAIRWISE_LIMIT and (
                family not in self.chosen and default is None):
            name = "ladder"  # the default: pairwise while small, then linear
        with self.formula.family(family, name, "at most one", 1, example):
            self.formula.clauses += registry.at_most_one(name, lits, self.fresh,
                                                         self.formula.pool)
        self.formula._grew(len(lits))

    def exactly_one(self, family: str, lits: Sequence[int], example: str = "",
                    default: str | None = None) -> None:
        """One of `lits` is true: at least one, and at most one in the family's encoding."""
        name = self.encoding(family, "amo", default)
        if name == "pairwise" and len(lits) > registry.PAIRWISE_LIMIT and (
                family not in self.chosen and default is None):
            name = "ladder"
        with self.formula.family(family, name, "exactly one", 1, example):
            if lits:
                self.formula.clauses.append(list(lits))
            else:
                self.formula.contradiction()
            self.formula.clauses += registry.at_most_one(name, lits, self.fresh,
                                                         self.formula.pool)
        self.formula._grew(len(lits))

    def exactly_one_each(self, family: str, groups: Sequence[Sequence[int]],
                         example: str = "") -> None:
        """Exactly one literal of each group, in bulk (see exactly_one_families)."""
        self.exactly_one_families([(family, groups, example)])

    def exactly_one_families(self, parts: Sequence[tuple[str, Sequence[Sequence[int]], str]],
                             ascending: bool = False) -> None:
        """Exactly one literal of each group of each (family, groups, example), an empty
        group making the formula unsatisfiable. The families written pairwise (the default)
        go in one bulk: a pair two groups share is written once, by the first family that
        has it (two cells of one row and one box exclude each other once), each family's
        pairs ascending. A large bulk, or any once numpy is loaded, is written with numpy
        (the same clauses); a small one in plain Python, which needs no numpy import (a
        9×9 Sudoku: 2,600 clauses; importing numpy would cost 35 ms). Other encodings, and
        the default for groups longer than PAIRWISE_LIMIT (ladder), go group by group.
        `ascending`: the caller's groups are sorted already."""
        bulk: Bulk = []
        pairs = 0
        for family, groups, example in parts:
            name = self.encoding(family, "amo")
            longest = max(map(len, groups), default=0)
            # the bulk packs a pair into one number: positive literals only
            negative = min((min(group) for group in groups if group), default=1) <= 0
            if name != "pairwise" or negative or (family not in self.chosen
                                                  and longest > registry.PAIRWISE_LIMIT):
                for group in groups:
                    self.exactly_one(family, group, example)
            else:
                bulk.append((family, groups if ascending else [sorted(g) for g in groups],
                             example))
                pairs += len(groups) * longest * (longest - 1) // 2  # at most
        if not bulk:
            return
        if pairs > BULK_PAIRS or "numpy" in sys.modules:
            _bulk_numpy(self.formula, bulk)
        else:
            _bulk_plain(self.formula, bulk)
        self.formula.check_budget()

    def count(self, family: str, lits: Sequence[int], how: str, bound: int,
              example: str = "", default: str | None = None) -> None:
        """sum(lits) `how` bound: "atmost", "atleast" or "equals"."""
        name = self.encoding(family, "card", default)
        if bound == 1 and how == "atmost" and registry.ENCODINGS[name].writes("amo"):
            self.at_most_one(family, lits, example, default)  # not with a card-only choice
            return
        if not registry.ENCODINGS[name].writes("card"):
            name = registry.DEFAULTS["card"]  # an amo-only choice for a family of counts
        what = {"atmost": f"at most {bound}", "atleast": f"at least {bound}",
                "equals": f"exactly {bound}"}[how]
        with self.formula.family(family, name, what, 1, example):
            if how != "atmost" and bound > len(lits) or bound < 0 and how != "atleast":
                self.formula.contradiction()
            elif how == "atleast" and bound <= 0:
                pass  # true of every assignment (PySAT's encoders refuse a bound below 0)
            else:
                self.formula.clauses += registry.cardinality(name, lits, bound, how,
                                                             self.formula.pool)
        self.formula.check_budget()

    def linear(self, family: str, lits: Sequence[int], weights: Sequence[int], how: str,
               bound: int, example: str = "", condition: int | None = None) -> None:
        """sum(weights[i]·lits[i]) `how` bound (pseudo-Boolean), under `condition` if
        given, by the family's pb encoding. The default mixed-radix "equals" runs in a
        killable child when large (Formula.pb_equals)."""
        name = self.encoding(family, "pb")
        what = {"atmost": "sum ≤ k", "atleast": "sum ≥ k", "equals": "sum = k"}[how]
        # w·x with w < 0 is w − w·¬x: positive weights only (PBEnc refuses the negative
        # bounds negative weights lead to), and no zero weight
        terms = [(lit, w) if w > 0 else (-lit, -w) for lit, w in zip(lits, weights) if w]
        bound -= sum(w for w in weights if w < 0)
        lits, weights = [lit for lit, _w in terms], [w for _lit, w in terms]
        with self.formula.family(family, name, what, 1, example):
            # decided by the bound alone: the encoders refuse a bound below 0 (PBEnc), an
            # empty sum (pindakaas) or get it wrong (PBEnc's "at least 1" of nothing)
            high = sum(weights)
            never = {"atmost": bound < 0, "atleast": bound > high,
                     "equals": not 0 <= bound <= high}[how]
            always = {"atmost": bound >= high, "atleast": bound <= 0,
                      "equals": high == bound == 0}[how]
            if never:
                if condition is None:
                    self.formula.contradiction()
                else:
                    self.formula.clauses.append([-condition])
                return
            if always:
                return
            if how == "equals" and name == "mixedradix":
                from pysat.pb import EncType as PBType

                self.formula.pb_equals(lits, weights, bound, PBType.mixedradix, condition)
                return
            clauses = registry.pseudo_boolean(name, lits, weights, bound, how, self.fresh,
                                              self.formula.pool)
            if any(not clause for clause in clauses):
                clauses = [c for c in clauses if c]
                clauses.append([])
            guard = [] if condition is None else [-condition]
            for clause in clauses:
                if clause or guard:
                    self.formula.clauses.append([*guard, *clause])
                else:
                    self.formula.contradiction()
        self.formula.check_budget()

    # ------------------------------------------------------------ exact cover

    def exact_cover(self, family: str, options: Mapping[int, Iterable[object]],
                    items: Iterable[object] | None = None, example: str = "") -> None:
        """Every item is covered by exactly one chosen option (literal → items it covers):
        placement, as Shikaku's rectangles tiling the grid. `items` lists the items that
        must be covered (default: those some option covers; one no option covers makes the
        formula unsatisfiable)."""
        covering: dict[object, list[int]] = {}
        for option, covered in options.items():
            for item in covered:
                covering.setdefault(item, []).append(option)
        wanted = list(covering) if items is None else list(items)
        for item in wanted:
            self.exactly_one(family, covering.get(item, []), example)

    # ------------------------------------------------------------ lazy constraints

    @property
    def lazy_constraints(self) -> int:
        """How many constraints are checked on each model (add_refiner)."""
        return len(self._refiners)

    def add_refiner(self, refine: Refiner) -> None:
        """A constraint checked on each model (connectivity by cuts): the formula's refine
        runs every refiner of the model and returns all their clauses. A second one
        withdraws Formula.reachable: an engine that took the formula's connectivity natively
        would drop the other refiner's constraint."""
        self._refiners.append(refine)
        refiners = self._refiners
        if len(refiners) > 1:
            self.formula.reachable = None

        def refine_all(true_vars: frozenset[int]) -> list[list[int]]:
            found: list[list[int]] = []
            for each in refiners:
                found += each(true_vars)
            return found

        self.formula.refine = refiners[0] if len(refiners) == 1 else refine_all


# Above this many pair clauses in one bulk, numpy writes them (a 9×9 Sudoku has about
# 2,600 and is written in plain Python in 0.4-1 ms, where importing numpy would cost 35 ms;
# a 25×25 has 750,000: 8 ms with numpy).
BULK_PAIRS = 20_000


SHIFT = 31  # a pair's key: low << SHIFT | high (variables stay below 2^31 in DIMACS)
LOW = (1 << SHIFT) - 1

Bulk = list[tuple[str, Sequence[Sequence[int]], str]]


def _bulk_plain(formula: Formula, bulk: Bulk) -> None:
    """Every family's at-least-one clauses, then every pair clause once, ascending across
    the families (the order the solvers were measured on: clasp counted Latin squares with
    a third fewer conflicts than with each family's pairs apart), each pair counted for
    the first family that has it."""
    for family, groups, example in bulk:
        with formula.family(family, "pairwise", "exactly one", len(groups), example):
            if any(not group for group in groups):
                formula.contradiction()
            formula.clauses += [list(group) for group in groups if group]
    owner: dict[int, int] = {}
    for number, (_family, groups, _example) in enumerate(bulk):
        for group in groups:
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    owner.setdefault(a << SHIFT | b, number)
    keys = sorted(owner)
    start = len(formula.clauses)
    formula.clauses += [[-(key >> SHIFT), -(key & LOW)] for key in keys]
    formula.claim_pairs([family for family, _g, _e in bulk], [owner[key] for key in keys],
                        start)


def _bulk_numpy(formula: Formula, bulk: Bulk) -> None:
    """The same clauses in the same order as _bulk_plain, as numpy blocks: all groups
    padded into one matrix, the pairs of columns where both members exist, each pair kept
    for its first family."""
    import numpy as np

    groups = [group for _family, family_groups, _e in bulk for group in family_groups]
    owner = np.repeat(np.arange(len(bulk)), [len(g) for _f, g, _e in bulk])
    lengths = np.fromiter(map(len, groups), dtype=np.int64, count=len(groups))
    flat = np.fromiter((v for group in groups for v in group), dtype=np.int64,
                       count=int(lengths.sum()))
    width = max(1, int(lengths.max())) if len(lengths) else 1
    mask = np.arange(width)[None, :] < lengths[:, None]
    members = np.zeros((len(groups), width), dtype=np.int64)
    members[mask] = flat
    left, right = np.triu_indices(width, 1)
    both = mask[:, left] & mask[:, right]
    keys = (members[:, left] << SHIFT | members[:, right])[both]
    families = np.broadcast_to(owner[:, None], both.shape)[both]
    # each key once, for the first family that has it, ascending
    order = np.lexsort((families, keys))
    keys, families = keys[order], families[order]
    first = np.concatenate([[True], keys[1:] != keys[:-1]]) if len(keys) else keys > 0
    keys, families = keys[first], families[first]
    ends = np.cumsum(lengths)
    starts = ends - lengths
    group_bounds = np.searchsorted(owner, np.arange(len(bulk) + 1))
    for number, (family, family_groups, example) in enumerate(bulk):
        with formula.family(family, "pairwise", "exactly one", len(family_groups), example):
            low, high = group_bounds[number], group_bounds[number + 1]
            if np.any(lengths[low:high] == 0):
                formula.contradiction()
            some = lengths[low:high] > 0
            if high > low:
                first_literal = starts[low]
                block = flat[first_literal:ends[high - 1]]
                formula.add_block(block, (ends[low:high] - first_literal)[some])
    if not len(keys):
        return
    formula.add_pairs(-(keys >> SHIFT), -(keys & LOW))
    formula.claim_pairs([family for family, _g, _e in bulk], families,
                        0, len(formula.blocks) - 1)


def unknown_family(family: str, kind: str, switchable: Mapping[str, str]) -> str:
    names = ", ".join(f"{name} ({registry._WORDS[c]})" for name, c in switchable.items())
    return (f"a {kind} puzzle has no family {family!r} to choose an encoding for: "
            f"its families are {names or 'none'}")


def parse_choices(text: str) -> dict[str, str]:
    """`FAMILY=NAME[,FAMILY=NAME...]` as given to --encoding or `encoding:`."""
    chosen: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        family, sep, name = part.partition("=")
        if not sep or not family.strip() or not name.strip():
            raise InputError(f"encoding choice {part!r} is not FAMILY=NAME "
                             f"(encodings: {', '.join(registry.ENCODINGS)})")
        if name.strip() not in registry.ENCODINGS:
            raise InputError(f"unknown encoding {name.strip()!r}: choose one of "
                             f"{', '.join(registry.ENCODINGS)}")
        chosen[family.strip()] = name.strip()
    return chosen
