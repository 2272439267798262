"""Exact projected model counting: how many solutions a compiled puzzle has, without
enumerating them, by Ganak (the pyganak package).

A solution is an assignment of the live puzzle variables (those that occur in some clause)
that extends to a model: the count is projected on them. Auxiliary variables (ladders,
counters, spanning trees) are existentially quantified, and a puzzle variable in no clause is
left out of the projection, since either would multiply the count by the ways of setting it.

The formula must be complete by itself: a formula with lazy constraints (`Formula.refine`,
Hashi connectivity) has models that are not solutions, so the caller counts the kind's
standalone encoding instead (`pipeline.compile(..., standalone=True)`).

The count runs in a forked child (satpuzzle.children): Ganak is native code that no signal
interrupts, so a deadline, Ctrl-C or SIGTERM kills the child's process group instead. Ganak
prints its progress on stdout, which the child points at /dev/null: the parent's stdout is
the answer.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from satpuzzle.children import run_children
from satpuzzle.cnf import Formula
from satpuzzle.errors import InputError
from satpuzzle.stages import run_in_child

ENUMERATE, GANAK, AUTO = "enumerate", "ganak", "auto"
COUNTERS = (ENUMERATE, GANAK, AUTO)

# --counter auto: enumeration alone for this long, then Ganak and enumeration again side by
# side, the first to finish answering. Neither counter is always faster (whole commands, on
# the 2-core reference machine): enumeration's time grows with the count (about 150,000
# solutions a second for clasp), Ganak's with how the formula splits into independent parts:
# 161,280 Latin squares of order 5 take 0.8 s to enumerate and 7.6 s to count, the 28,200,960
# empty 6×6 Sudokus 107 s and 396 s, but partitions of the sample with 11,536,797 and
# 1,260,794 solutions 74 and 149 s against 4.3 and 18 s, and Ganak takes 0.5 s or more on
# some small puzzles (the empty 4×4 Sudoku, 1,566 partitions: 2.6 s) that enumerate in 0.3 s.
# One second alone answers every bundled puzzle but five at the cost of one core; beyond it,
# the race costs that second (its enumeration starts again) and a second core, and takes
# about the time of the faster of the two.
AUTO_SECONDS = 1.0

# imported in the child only: the native library is not needed by any other command
AVAILABLE = importlib.util.find_spec("pyganak") is not None


def require() -> None:
    """Refuse, in words, a count that needs pyganak where it is not installed."""
    if not AVAILABLE:
        raise InputError("--counter ganak needs the pyganak package: pip install pyganak")


@dataclass(frozen=True)
class CountResult:
    """A count: `count` is exact when `stopped` is None; `stopped` is "timeout" or
    "interrupt" when the child was killed first (then `count` is None). `projected`: the
    number of variables counted over; `seconds`: wall time of the children; `by`: GANAK or
    ENUMERATE, whichever answered; `complete`: False when an enumeration stopped at its
    limit (Ganak's count is always the whole)."""

    count: int | None
    stopped: str | None
    projected: int
    seconds: float
    by: str = GANAK
    complete: bool = True


def count_models(formula: Formula, timeout: float | None) -> CountResult:
    """The number of assignments of the formula's live puzzle variables that extend to a
    model, counted by Ganak in a child process killed after `timeout` seconds (None: no
    limit) or on Ctrl-C. Raises ValueError for a formula with lazy constraints."""
    if formula.refine is not None:
        raise ValueError("a formula with lazy constraints is not complete: count the kind's "
                         "standalone encoding")
    require()
    projection = formula.live_puzzle_vars()
    started = time.monotonic()
    if formula.has_empty_clause():  # Ganak drops an empty clause and counts the rest
        return CountResult(0, None, len(projection), 0.0)
    how, result = run_in_child(_counting(formula, projection), timeout)
    count = result if how == "done" and isinstance(result, int) else None
    return CountResult(count, None if how == "done" else how, len(projection),
                       time.monotonic() - started)


def count_or_enumerate(formula: Formula, enumerated: Callable[[], tuple[int, bool]],
                       timeout: float | None) -> CountResult:
    """Ganak on `formula` (as count_models) and `enumerated()` (an enumeration of the same
    puzzle, returning its count and whether it is complete) side by side in two child
    processes: the first to finish answers, the other is killed. Both are exact, so the
    answer is the same; only the time differs, and neither is always the faster (see
    AUTO_SECONDS)."""
    if formula.refine is not None:
        raise ValueError("a formula with lazy constraints is not complete: count the kind's "
                         "standalone encoding")
    require()
    projection = formula.live_puzzle_vars()
    if formula.has_empty_clause():
        return CountResult(0, None, len(projection), 0.0)
    first: list[tuple[str, int, bool]] = []

    def heard(_child: int, answer: object) -> bool:
        first.append(cast(tuple[str, int, bool], answer))  # as the targets send it
        return True  # the other child is killed

    count = _counting(formula, projection)
    targets = [lambda send: send((GANAK, count(send), True)),
               lambda send: send((ENUMERATE, *enumerated()))]
    run = run_children(targets, heard, timeout)
    if not first:
        return CountResult(None, run.stopped or "interrupt", len(projection), run.elapsed)
    by, number, complete = first[0]
    return CountResult(number, None, len(projection), run.elapsed, by, complete)


def _counting(formula: Formula, projection: list[int]) -> Callable[[object], int]:
    """The child's work: the formula loaded in bulk, projected, counted."""

    def work(_send: object) -> int:
        from pyganak import Counter  # imported here: only the child needs the native library

        _silence_stdout()
        counter = Counter()
        counter.new_vars(formula.num_vars)  # the universe; only the projection is counted
        counter.add_clauses(formula.clauses)
        for block in formula.blocks:
            counter.add_clauses(block.clauses())
        counter.set_sampling_set(projection)
        return counter.count()

    return work


def _silence_stdout() -> None:
    """Ganak writes progress lines (`c o ...`) on file descriptor 1."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)
