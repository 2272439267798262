"""The benchmark harness: run each (method, instance) in a child process with a hard timeout,
check every answer with the kind's independent rule checker, and summarise the records.

A method is a function `run(instance, time_limit) -> Answer`. It runs in a forked child (the
parent's imports are inherited, so import time is not measured) through
satpuzzle.children.run_children, in its own process group: at the timeout plus a grace period
the whole group is killed, which also stops the CBC binary that PuLP starts and CP-SAT,
neither of which listens to Python signals. Only the call itself
is timed, inside the child.

Statuses: solved, unsat (the method says there is no solution), timeout (no answer within the
limit, or a heuristic that gave up), wrong (an answer the rule checker rejects, a count that
disagrees with the others, "no solution" where another method found a valid one), error (an
exception or a crash), absent (the method's module or its solver is not installed).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from satpuzzle.children import ChildFailed, run_children, run_command

STATUSES = ("solved", "unsat", "timeout", "wrong", "error", "absent")
REFERENCE = "satpuzzle"  # the method every other one is compared with
GRACE = 2.0  # seconds past the time limit before the child's process group is killed
CHECK_SAMPLE = 50  # at most this many solutions of one answer go through the rule checker


@dataclass
class Answer:
    """What a method returns: a status, the solutions to check, and a count when it counted."""

    status: str
    solutions: list[Any] = field(default_factory=list)
    count: int | None = None
    detail: str = ""
    engine: str = ""  # what `--engine auto` ran, where the method can tell (the command's --stats)


@dataclass
class Record:
    """One (method, instance) run, after checking."""

    kind: str
    instance: str
    size: int
    method: str
    seconds: float
    status: str
    detail: str = ""
    count: int | None = None
    engine: str = ""


@dataclass
class Method:
    """A named method of a suite. `available` returns None when it can run, else the reason it
    cannot (a missing module), which turns every one of its records into "absent". `applies`
    can skip instances the method does not model (no record at all); `limit` runs it on the
    first `limit` instances only (slow heuristics)."""

    name: str
    run: Callable[[Any, float], Answer]
    available: Callable[[], str | None] = lambda: None
    applies: Callable[[Any], bool] = lambda instance: True
    limit: int | None = None
    warm: Callable[[Any], None] | None = None  # imports done in the parent, before forking


@dataclass
class Case:
    """One instance of a suite: a short name, its size (cells, pieces or numbers), the object."""

    name: str
    size: int
    instance: Any


# ---------------------------------------------------------------- running one method


def _timed(run: Callable[[Any, float], Answer], instance: Any,
           time_limit: float) -> tuple[Answer, float]:
    """Body of the forked child: the timed call; any failure becomes an answer."""
    try:
        start = time.perf_counter()
        answer = run(instance, time_limit)
        return answer, time.perf_counter() - start
    except ImportError as error:
        return Answer("absent", detail=str(error)), 0.0
    except BaseException as error:  # noqa: BLE001 - any failure becomes an "error" record
        where = traceback.format_exc(limit=-1).strip().splitlines()[-3:-1]
        detail = f"{type(error).__name__}: {error}"[:300] + (f" ({' '.join(where)[:200]})"
                                                              if where else "")
        return Answer("error", detail=detail), 0.0


def run_isolated(run: Callable[[Any, float], Answer], instance: Any, time_limit: float,
                 grace: float = GRACE) -> tuple[Answer, float]:
    """The method's answer and the seconds its call took, in a forked child
    (satpuzzle.children.run_children: its own process group, killed with everything it
    started, the CBC or CP-SAT processes included) stopped at time_limit + grace. Over the
    limit is a timeout, whatever it returned. Ctrl-C stops the child and is raised again."""
    started = time.perf_counter()
    try:
        outcome = run_children([lambda _send: _timed(run, instance, time_limit)],
                               lambda _index, _event: None, time_limit + grace)
    except ChildFailed as failure:  # it died without answering (or its answer was unsendable)
        elapsed = time.perf_counter() - started
        if elapsed < time_limit:
            return Answer("error", detail=f"child died ({failure.summary})"[:300]), elapsed
        return Answer("timeout", detail=f"killed after {elapsed:.1f} s"), time_limit
    if outcome.stopped == "interrupt":
        raise KeyboardInterrupt
    if outcome.stopped == "timeout":
        return Answer("timeout", detail=f"killed after {outcome.elapsed:.1f} s"), time_limit
    answer, seconds = outcome.results[0]  # type: ignore[misc]
    if seconds > time_limit and answer.status in ("solved", "unsat"):
        return Answer("timeout", detail=f"answered after {seconds:.2f} s"), time_limit
    if answer.status == "timeout":
        seconds = min(seconds, time_limit)  # a timeout costs the limit, not the overshoot
    return answer, seconds


# ---------------------------------------------------------------- checking


def check_answer(instance: Any, answer: Answer,
                 checker: Callable[[Any, Any], list[str]]) -> tuple[str, str]:
    """The status after checking: "wrong" when the checker rejects a solution or an
    enumeration repeats one, else the method's own status."""
    if answer.status != "solved":
        return answer.status, answer.detail
    sample = answer.solutions[:CHECK_SAMPLE]
    for number, solution in enumerate(sample, 1):
        try:
            problems = checker(instance, solution)
        except Exception as error:  # noqa: BLE001 - a malformed answer is a wrong answer
            problems = [f"checker could not read it: {type(error).__name__}: {error}"]
        if problems:
            return "wrong", f"solution {number}: {problems[0]}"[:300]
    keys = [repr(solution) for solution in sample]
    if len(set(keys)) != len(keys):
        return "wrong", "the same solution returned twice"
    return "solved", answer.detail


def reconcile(records: list[Record]) -> None:
    """Cross-method checks per instance, in place. A "no solution" claim where another method
    gave a checked solution is wrong. Completed counts are compared: the count most methods
    agree on wins (the reference method's on a tie); every other count is wrong."""
    by_instance: dict[str, list[Record]] = {}
    for record in records:
        by_instance.setdefault(record.instance, []).append(record)
    for group in by_instance.values():
        finders = [r.method for r in group if r.status == "solved"]
        for record in group:
            if record.status == "unsat" and finders:
                record.status = "wrong"
                record.detail = f"said no solution; {finders[0]} found a valid one"
        counted = [r for r in group if r.status == "solved" and r.count is not None]
        if len(counted) < 2:
            continue
        votes = Counter(r.count for r in counted)
        best = max(votes.values())
        leaders = [count for count, n in votes.items() if n == best]
        reference = [r.count for r in counted if r.method == REFERENCE]
        agreed = reference[0] if len(leaders) > 1 and reference and reference[0] in leaders \
            else leaders[0]
        for record in counted:
            if record.count != agreed:
                others = ", ".join(f"{r.method} {r.count}" for r in counted if r is not record)
                record.status = "wrong"
                record.detail = f"count {record.count}, but {others}"


def run_suite(kind: str, cases: Sequence[Case], methods: Sequence[Method], time_limit: float,
              checker: Callable[[Any, Any], list[str]],
              progress: Callable[[str], None] = lambda line: None) -> list[Record]:
    """Every method on every case, instance by instance (methods side by side in time, so a
    busy moment of the machine hits all of them alike), checked and reconciled."""
    missing = {method.name: method.available() for method in methods}
    for method in methods:  # lazy imports happen once here, not inside every timed child
        first = next((case for case in cases if method.applies(case.instance)), None)
        if method.warm is not None and first is not None and not missing[method.name]:
            method.warm(first.instance)
    records: list[Record] = []
    for index, case in enumerate(cases):
        for method in methods:
            if method.limit is not None and index >= method.limit:
                continue
            if not method.applies(case.instance):
                continue
            if missing[method.name]:
                records.append(Record(kind, case.name, case.size, method.name, 0.0, "absent",
                                      str(missing[method.name])))
                continue
            answer, seconds = run_isolated(method.run, case.instance, time_limit)
            status, detail = check_answer(case.instance, answer, checker)
            records.append(Record(kind, case.name, case.size, method.name, seconds, status,
                                  detail, answer.count, answer.engine))
            progress(f"{kind} {case.name} {method.name}: {status} {seconds:.3f} s"
                     + (f" ({detail[:80]})" if detail and status != "solved" else ""))
    reconcile(records)
    return records


# ---------------------------------------------------------------- whole processes


def python_baselines() -> dict[str, list[str]]:
    """The interpreter alone, and with the SAT back ends imported: what any Python program
    pays before it does anything (the floor under a start-up figure)."""
    return {"`python -c pass`": [sys.executable, "-c", "pass"],
            '`python -c "import pysat.solvers"`': [sys.executable, "-c", "import pysat.solvers"]}


def time_processes(commands: dict[str, list[str]], runs: int,
                   time_limit: float = 60.0) -> dict[str, list[float]]:
    """Wall seconds of each command as a whole process (output discarded), `runs` rounds
    interleaved (each round every command once, the order rotated from round to round, so
    that a busy moment of the machine hits them alike). A command that fails or passes the
    time limit gets no time (an empty list says it did not run)."""
    names = list(commands)
    times: dict[str, list[float]] = {name: [] for name in names}
    failed: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="satpuzzle-bench-") as folder:
        for round_ in range(runs):
            shift = round_ % len(names) if names else 0
            for name in names[shift:] + names[:shift]:
                if name in failed:
                    continue
                started = time.perf_counter()
                code, killed = run_command(commands[name], os.devnull,
                                           os.path.join(folder, "err"), time_limit)
                if killed or code not in (0, 1):
                    failed.add(name)
                    times[name] = []
                    continue
                times[name].append(time.perf_counter() - started)
    return times


# ---------------------------------------------------------------- statistics


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def p90(values: Sequence[float]) -> float | None:
    """The 90th percentile by nearest rank: the smallest value with at least 90% of the values
    at or below it."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]


def geometric_mean(values: Sequence[float]) -> float | None:
    positive = [v for v in values if v > 0]
    if not positive:
        return None
    return math.exp(sum(math.log(v) for v in positive) / len(positive))


@dataclass
class Ratio:
    """A method's time divided by the reference's, on the instances both solved: the geometric
    mean of the per-instance ratios and the ratio of the two medians (> 1: slower)."""

    instances: int
    geometric_mean: float | None
    of_medians: float | None


@dataclass
class Summary:
    """One method's line of a kind's table."""

    method: str
    counts: dict[str, int]
    median: float | None
    p90: float | None
    throughput: float | None  # instances solved per second of all the time it was given
    ratio: Ratio | None
    attempted: int
    absent_reason: str = ""


def ratio_to_reference(records: Iterable[Record], method: str,
                       reference: str = REFERENCE, floor: float = 1e-6) -> Ratio | None:
    """The ratio of `method` to `reference`, on the instances both solved (None for the
    reference itself or when they share no solved instance). Times below `floor` are raised
    to it, so a 0-second measurement cannot divide by zero."""
    if method == reference:
        return None
    mine: dict[str, float] = {}
    theirs: dict[str, float] = {}
    for record in records:
        if record.status != "solved":
            continue
        if record.method == method:
            mine[record.instance] = max(record.seconds, floor)
        elif record.method == reference:
            theirs[record.instance] = max(record.seconds, floor)
    shared = [name for name in mine if name in theirs]
    if not shared:
        return Ratio(0, None, None)
    ratios = [mine[name] / theirs[name] for name in shared]
    mine_median = statistics.median(mine[name] for name in shared)
    theirs_median = statistics.median(theirs[name] for name in shared)
    return Ratio(len(shared), geometric_mean(ratios), mine_median / theirs_median)


def summarize(records: Sequence[Record]) -> list[Summary]:
    """One Summary per method, in the order the methods first appear."""
    methods = list(dict.fromkeys(record.method for record in records))
    summaries = []
    for method in methods:
        own = [record for record in records if record.method == method]
        counts = Counter(record.status for record in own)
        solved = [record.seconds for record in own if record.status == "solved"]
        spent = sum(record.seconds for record in own if record.status != "absent")
        absent = next((record.detail for record in own if record.status == "absent"), "")
        summaries.append(Summary(
            method=method,
            counts={status: counts.get(status, 0) for status in STATUSES},
            median=median(solved),
            p90=p90(solved),
            throughput=len(solved) / spent if solved and spent > 0 else None,
            ratio=ratio_to_reference(records, method),
            attempted=len(own),
            absent_reason=absent,
        ))
    return summaries
