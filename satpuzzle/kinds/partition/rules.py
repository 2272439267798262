"""PARTITION's rules over the constraint library (satpuzzle.constraints).

The rule book: split the numbers into two parts of equal sum. One puzzle variable
side(i) per number, true when number i lies in part 1, the part of number 0.

1. Number 0 lies in part 1, so that a split and its mirror image are one solution.
2. The numbers of part 1 add up to half the total (so part 2 holds the other half); an odd
   total has no split.

The sum's encoding (family "sum", pseudo-Boolean, default mixed radix through PySAT's
PBEnc; a large one is encoded in a child process that a timeout or a signal kills), measured
with CaDiCaL 1.9.5 on 2 shared cores. Deciding all 320 puzzles of partdata.tsv (n = 10-30,
numbers up to 9998), encoding included: adder 1.4 s, mixedradix 3.6 s, binmerge 6.4 s, bdd
26 s, seqcounter 68 s on a 1-in-8 sample, sortnetwrk over 120 s on that sample. Enumerating
up to 200 splits of 14 satisfiable puzzles: bdd 3.3 s, mixedradix 9-13 s, adder 31-35 s.
Random n = 30 with numbers up to 10^7 (three seeds): mixedradix 3.1, 13.2, 4.9 s; adder 35 s
and two timeouts at 40 s. Mixed radix is kept: within 0.3 s of adder on every partdata
puzzle, and far faster where the search is hard or every split is wanted.
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.errors import InputError
from satpuzzle.kinds.partition import FAMILIES
from satpuzzle.kinds.partition.puzzle import KIND, MAX_TOTAL, PartitionInstance
from satpuzzle.solving import Job


def _check_positive(instance: PartitionInstance) -> None:
    """Instances built in code get the reader's checks too."""
    if not instance.numbers or any(type(a) is not int or a <= 0 for a in instance.numbers):
        raise InputError("PARTITION numbers must be a non-empty list of positive integers")
    if sum(instance.numbers) >= MAX_TOTAL:
        raise InputError("PARTITION numbers must sum to less than 2^62")


def sides(model: Model, count: int) -> list[int]:
    """side(i) for every number, created first so that DIMACS variable i + 1 is number i."""
    return [model.var("side", i) for i in range(count)]


def equal_halves(model: Model, side: Sequence[int], numbers: Sequence[int],
                 condition: int | None = None) -> None:
    """Rule 2: part 1 holds half the total (under `condition` when given)."""
    total = sum(numbers)
    if total % 2:
        model.clause("sum", [] if condition is None else [-condition],
                     example="an odd total has no split")
        return
    model.linear("sum", side, numbers, "equals", total // 2, condition=condition,
                 example=f"part 1 sums to {total // 2}")


def encode(instance: PartitionInstance) -> Formula:
    """The rule book, rule by rule."""
    _check_positive(instance)
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)
    total = sum(instance.numbers)
    formula.summary = [f"numbers: {len(instance.numbers)}, total {total}",
                       f"pseudo-Boolean equality sum = {total / 2:g} "
                       f"({model.encoding('sum', 'pb')} encoding)"
                       if total % 2 == 0 else "odd total: no split"]
    side = sides(model, len(instance.numbers))
    model.clause("mirror", [side[0]], example="number 0 lies in part 1")
    equal_halves(model, side, instance.numbers)
    return formula


def encode_batch(instances: Sequence[PartitionInstance]) -> tuple[Formula, list[Job]]:
    """All puzzles in one formula: puzzle k's sum holds only under its guard g(k), at most
    one guard is true, and job k assumes g(k), side(0), and side(i) false past its length.
    The side variables are shared, so every job blocks on the same puzzle variables. (An
    at-most-one over the guards rather than every other guard assumed false: 320 partdata
    puzzles in 7.2 s instead of 11.2 s.) The encoding choices are the first puzzle's: a
    batch is one file read with one set of choices."""
    for instance in instances:
        _check_positive(instance)
    formula = Formula(KIND)
    model = Model(formula, dict(instances[0].encodings), FAMILIES)
    longest = max(len(instance.numbers) for instance in instances)
    side = sides(model, longest)
    guards = [formula.pool.id(("guard", k)) for k in range(len(instances))]
    formula.summary = [(f"batch of {len(instances)} puzzles, up to {longest} numbers, "
                        f"{model.encoding('sum', 'pb')} encoding, each under a guard "
                        "assumption")]
    for guard, instance in zip(guards, instances):
        equal_halves(model, side[:len(instance.numbers)], instance.numbers, condition=guard)
    # one job's guard assumed true switches the others off
    model.at_most_one("batch", guards, example="one puzzle of the batch at a time")
    jobs = []
    for k, instance in enumerate(instances):
        past_end = [-s for s in side[len(instance.numbers):]]
        jobs.append(Job([guards[k], side[0], *past_end]))
    return formula, jobs
