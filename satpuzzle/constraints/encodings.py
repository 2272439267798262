"""The one registry of named encodings: at-most-one, cardinality and pseudo-Boolean.

Each entry says which constraints it can write (`amo`, `card`, `pb`), where its clauses come
from (PySAT's CardEnc and PBEnc, pindakaas, or written here where no maintained library has
it), and a line of help. `satpuzzle --encoding FAMILY=NAME` and `encoding:` in the language
name these entries; `constraints.Model` looks them up here and nowhere else.

Written here, from the papers (no library has them): the commander encoding (Klieber & Kwon,
"Efficient CNF encoding for selecting 1 from N objects", 2007, §2) and the binary-product
hybrid "bimander" (Nguyen & Mai, "A new method to encode the at-most-one constraint into
SAT", 2015, §3). The product encoding (Chen, "A new SAT encoding of the at-most-one
constraint", 2010) comes from pindakaas.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy

CardEnc = Lazy("pysat.card", "CardEnc")
EncType = Lazy("pysat.card", "EncType")

Clauses = list[list[int]]
# fresh(count) -> the first of `count` new auxiliary variables
Fresh = Callable[[int], int]


@dataclass(frozen=True)
class Encoding:
    """A named way to write a constraint as clauses."""

    name: str
    constraints: frozenset[str]  # which of "amo", "card", "pb" it writes
    source: str  # where its clauses come from
    help: str
    auxiliary: bool = True  # whether it introduces auxiliary variables

    def writes(self, constraint: str) -> bool:
        # a sum of different values is also a pseudo-Boolean sum: every PB encoding writes it
        return constraint in self.constraints or (
            constraint == "distinct-sum" and "pb" in self.constraints)


def _e(name: str, constraints: str, source: str, help_text: str,
       auxiliary: bool = True) -> Encoding:
    return Encoding(name, frozenset(constraints.split()), source, help_text, auxiliary)


ENCODINGS: dict[str, Encoding] = {e.name: e for e in [
    _e("pairwise", "amo", "PySAT CardEnc", "one binary clause per pair: no auxiliaries, "
       "n(n-1)/2 clauses", auxiliary=False),
    _e("seqcounter", "amo card pb", "PySAT CardEnc / PBEnc", "sequential counter (Sinz "
       "2005): a running count in unary"),
    _e("ladder", "amo", "PySAT CardEnc", "ladder (Gent & Nightingale 2004): about n order "
       "auxiliaries and 4n clauses"),
    _e("bitwise", "amo", "PySAT CardEnc", "binary (Frisch et al. 2005): log2 n auxiliaries, "
       "n log n clauses"),
    _e("commander", "amo", "satpuzzle", "commander (Klieber & Kwon 2007): groups of 3 under "
       "commander variables, recursively"),
    _e("product", "amo", "pindakaas", "product (Chen 2010): a 2-D grid of row and column "
       "auxiliaries, 2n + O(sqrt n) clauses"),
    _e("bimander", "amo", "satpuzzle", "bimander (Nguyen & Mai 2015): pairwise inside "
       "groups of 2, a binary code over the groups"),
    _e("totalizer", "amo card", "PySAT CardEnc", "totalizer (Bailleux & Boufkhad 2003): a "
       "tree of unary sums"),
    _e("mtotalizer", "card", "PySAT CardEnc", "modulo totalizer (Ogawa et al. 2013)"),
    _e("kmtotalizer", "card", "PySAT CardEnc", "k-modulo totalizer (Morgado et al. 2014)"),
    _e("sortnetwrk", "amo card pb", "PySAT CardEnc / PBEnc", "sorting network (Eén & "
       "Sörensson 2006)"),
    _e("cardnetwrk", "amo card", "PySAT CardEnc", "cardinality network (Asín et al. 2011)"),
    _e("bdd", "pb", "PySAT PBEnc", "binary decision diagram (Eén & Sörensson 2006)"),
    _e("adder", "pb", "PySAT PBEnc", "adder network (Eén & Sörensson 2006): compact, weak "
       "propagation"),
    _e("binmerge", "pb", "PySAT PBEnc", "binary merge (Manthey et al. 2014)"),
    _e("mixedradix", "pb", "PySAT PBEnc", "mixed radix (Codish et al. 2010; PBEnc's best "
       "for large weights)"),
    _e("swc", "pb", "pindakaas", "sequential weight counter (Hölldobler et al. 2012)"),
    _e("cuts", "connected", "satpuzzle", "lazy: each model's components cut off until one "
       "is connected (not complete by itself: DIMACS export takes tree)"),
    _e("tree", "connected", "satpuzzle", "eager: a spanning tree of parent arcs with binary "
       "levels decreasing towards the root"),
    _e("distance", "connected", "satpuzzle", "eager, rooted: each node a unary distance from "
       "the root, a neighbour one step closer; strong where distances are few (a tree "
       "without a root)"),
    _e("reachability", "connected", "satpuzzle", "cuts for SAT; clasp reads the edges as "
       "reachability rules (its unfounded-set check)"),
    _e("levels", "acyclic", "satpuzzle", "one parent per node, binary levels decreasing "
       "along parent arcs"),
    _e("direct", "clause", "satpuzzle", "clauses written as the rule states them",
       auxiliary=False),
    _e("order", "card", "satpuzzle", "on order-encoded counts (x >= k literals), every way "
       "to overshoot or fall short refused by one clause: no auxiliaries, full propagation; "
       "exponential in the number of counts, for small sums (a Hashi island's bridges)",
       auxiliary=False),
    _e("table", "distinct-sum", "satpuzzle", "allowed combinations: one selector per set of "
       "different values reaching the total, exactly one chosen (for sums of different "
       "digits: unit propagation keeps only the values some remaining set holds)"),
    # pruning before encoding (a Sudoku's candidates, satpuzzle/kinds/sudoku/pruning.py):
    # each level removes only candidates no solution holds, and includes the ones before
    _e("none", "prune", "satpuzzle", "every candidate the givens leave", auxiliary=False),
    _e("singles", "prune", "satpuzzle", "naked and hidden singles to a fixpoint",
       auxiliary=False),
    _e("locked", "prune", "satpuzzle", "singles and locked candidates (a digit's places in "
       "a unit all inside a second unit leave the rest of the second)", auxiliary=False),
    _e("matching", "prune", "satpuzzle", "locked, then each unit's all-different made "
       "arc consistent by matching (Régin 1994): every Hall set", auxiliary=False),
]}

# What each kind of constraint uses when no family says otherwise (docs/ENCODINGS.md).
DEFAULTS = {"amo": "pairwise", "card": "seqcounter", "pb": "mixedradix", "connected": "cuts",
            "acyclic": "levels", "clause": "direct", "distinct-sum": "table",
            "prune": "none"}
# Above this many literals a default pairwise at-most-one becomes a ladder (measured on
# 25×25 Sudoku: the largest solve time 0.22 s against 0.44 s with a limit of 12).
PAIRWISE_LIMIT = 30


def choices(constraint: str) -> list[str]:
    return [name for name, e in ENCODINGS.items() if e.writes(constraint)]


def check_name(name: str, constraint: str, family: str) -> Encoding:
    """The entry `name`, or one line listing the choices for this family's constraint."""
    entry = ENCODINGS.get(name)
    if entry is None or not entry.writes(constraint):
        raise InputError(f"family {family!r} ({_WORDS[constraint]}) has no encoding "
                         f"{name!r}: choose one of {', '.join(choices(constraint))}")
    return entry


_WORDS = {"amo": "at most one", "card": "cardinality", "pb": "pseudo-Boolean",
          "connected": "connectivity", "acyclic": "acyclicity", "clause": "clauses",
          "distinct-sum": "sum of different values", "prune": "pruning before encoding"}


# ---------------------------------------------------------------- at most one


def at_most_one(name: str, lits: Sequence[int], fresh: Fresh, pool: object) -> Clauses:
    """At most one of `lits`, written by the encoding called `name`."""
    lits = list(lits)
    if len(lits) < 2:
        return []
    if name == "pairwise" and len(lits) > 1:
        return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    if name == "commander":
        return _commander(lits, fresh)
    if name == "bimander":
        return _bimander(lits, fresh)
    if name == "product":
        return _pindakaas(lits, [1] * len(lits), 1, "<=", "PRODUCT", fresh)
    return CardEnc.atmost(lits, 1, vpool=pool, encoding=getattr(EncType, name)).clauses


def _commander(lits: list[int], fresh: Fresh, group: int = 3) -> Clauses:
    """Klieber & Kwon §2: groups of `group` literals, pairwise inside each, a commander per
    group true when one of its literals is (and false when none is), then at most one
    commander, recursively."""
    if len(lits) <= group + 1:
        return [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]]
    clauses: Clauses = []
    commanders = []
    for start in range(0, len(lits), group):
        members = lits[start:start + group]
        command = fresh(1)
        commanders.append(command)
        clauses += [[-a, -b] for i, a in enumerate(members) for b in members[i + 1:]]
        clauses.append([-command, *members])  # a commander speaks for a true member
        clauses += [[command, -member] for member in members]
    return clauses + _commander(commanders, fresh, group)


def _bimander(lits: list[int], fresh: Fresh, group: int = 2) -> Clauses:
    """Nguyen & Mai §3: pairwise inside groups of `group` literals; each group gets a binary
    code over ceil(log2 m) auxiliaries, and a true literal forces its group's code."""
    groups = [lits[i:i + group] for i in range(0, len(lits), group)]
    bits = max(1, math.ceil(math.log2(len(groups))))
    first = fresh(bits)
    clauses: Clauses = []
    for number, members in enumerate(groups):
        clauses += [[-a, -b] for i, a in enumerate(members) for b in members[i + 1:]]
        for bit in range(bits):
            code = first + bit if number >> bit & 1 else -(first + bit)
            clauses += [[-member, code] for member in members]
    return clauses


# ---------------------------------------------------------------- cardinality


def cardinality(name: str, lits: Sequence[int], bound: int, how: str,
                pool: object) -> Clauses:
    """sum(lits) `how` bound, `how` one of "atmost", "atleast", "equals"."""
    if name == "order":
        return order_sum([[lit] for lit in lits], bound, how)
    encode = {"atmost": CardEnc.atmost, "atleast": CardEnc.atleast,
              "equals": CardEnc.equals}[how]
    return encode(list(lits), bound, vpool=pool, encoding=getattr(EncType, name)).clauses


# Past this many vectors of counts the order encoding is refused (it would not end).
ORDER_VECTORS_LIMIT = 1 << 16


def order_sum(counts: Sequence[Sequence[int]], bound: int, how: str) -> Clauses:
    """sum of the counts `how` bound ("atmost", "atleast", "equals"), each count an order
    encoding: counts[i][k-1] says "count i is at least k", and k+1 implies k (a plain
    literal is a count of one). The sum exceeds `bound` iff some vector t with t_i at most
    count i has sum(t) = bound + 1: for each such t the clause "some count i is below
    t_i"; it falls short iff some t with t_i at least count i has sum(t) = bound - 1: for
    each, "some count i is above t_i". No auxiliaries, and unit propagation enforces the
    sum fully (a 400-island Hashi found its first model 50 times sooner than through the
    sequential counter). prod(len(count) + 1) vectors are visited."""
    sizes = tuple(len(count) for count in counts)
    if math.prod(size + 1 for size in sizes) > ORDER_VECTORS_LIMIT:
        raise InputError(f"the order encoding of a sum of {len(counts)} counts would visit "
                         f"more than {ORDER_VECTORS_LIMIT:,} vectors: choose another "
                         "cardinality encoding for this family")
    over = how in ("atmost", "equals")
    under = how in ("atleast", "equals")
    if (under and bound > sum(sizes)) or (over and bound < 0):
        return [[]]
    # literal k of count i is flat[start[i] + k]; negated where the pattern says so
    flat = [lit for count in counts for lit in count]
    return [[flat[at] if at >= 0 else -flat[~at] for at in clause]
            for clause in _order_pattern(sizes, bound, over, under)]


@functools.lru_cache(maxsize=256)
def _order_pattern(sizes: tuple[int, ...], bound: int, over: bool,
                   under: bool) -> list[tuple[int, ...]]:
    """order_sum's clauses for counts of these sizes, as positions in the counts' literals
    laid end to end (~position: negated). Puzzles repeat a few shapes (a Hashi island's
    pairs and number), so each is worked out once."""
    start = [sum(sizes[:i]) for i in range(len(sizes))]
    clauses: list[tuple[int, ...]] = []
    for vector in itertools.product(*(range(size + 1) for size in sizes)):
        total = sum(vector)
        if over and total == bound + 1:
            clauses.append(tuple(~(start[i] + t - 1) for i, t in enumerate(vector) if t))
        elif under and total == bound - 1:
            clauses.append(tuple(start[i] + t for i, t in enumerate(vector) if t < sizes[i]))
    return clauses


# ---------------------------------------------------------------- pseudo-Boolean


def pseudo_boolean(name: str, lits: Sequence[int], weights: Sequence[int], bound: int,
                   how: str, fresh: Fresh, pool: object) -> Clauses:
    """sum(weights[i]·lits[i]) `how` bound ("atmost", "atleast", "equals")."""
    if name == "swc":
        op = {"atmost": "<=", "atleast": ">=", "equals": "=="}[how]
        return _pindakaas(list(lits), list(weights), bound, op, "SEQUENTIAL_COUNTER", fresh)
    from pysat.pb import EncType as PBType
    from pysat.pb import PBEnc  # slow to import: only when a PB constraint is written

    encode = {"atmost": PBEnc.atmost, "atleast": PBEnc.atleast, "equals": PBEnc.equals}[how]
    return encode(list(lits), list(weights), bound, vpool=pool,
                  encoding=getattr(PBType, name)).clauses


def _pindakaas(lits: list[int], weights: list[int], bound: int, op: str, encoder: str,
               fresh: Fresh) -> Clauses:
    """A linear constraint encoded by pindakaas, its variables mapped onto ours: its first
    len(lits) variables are `lits`, the rest fresh auxiliaries from our pool."""
    import pindakaas as pk

    cnf = pk.CNF()
    inputs = list(cnf.new_vars(len(lits)))
    expression = sum((w * x for w, x in zip(weights[1:], inputs[1:])), weights[0] * inputs[0])
    constraint = {"<=": expression <= bound, ">=": expression >= bound,
                  "==": expression == bound}[op]
    try:
        cnf.add_encoding(constraint, getattr(pk.Encoder, encoder))
    except pk.Unsatisfiable:
        return [[]]  # no assignment meets it: the caller's empty clause
    mapping: dict[int, int] = {i + 1: lit for i, lit in enumerate(lits)}

    def ours(literal: int) -> int:
        var = abs(literal)
        if var not in mapping:
            mapping[var] = fresh(1)
        return mapping[var] if literal > 0 else -mapping[var]

    return [[ours(int(lit)) for lit in clause] for clause in cnf.clauses()]
