"""Running PySAT back ends: enumeration that blocks on puzzle variables only, batches of jobs
under assumptions on one incremental solver, and a child process that a timeout or Ctrl-C can
stop whatever the back end (PySAT cannot interrupt every solver from a timer)."""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from pysat.solvers import Solver, SolverNames

from satpuzzle.children import ChildFailed, Send, run_children
from satpuzzle.cnf import Formula
from satpuzzle.errors import InputError

T = TypeVar("T")  # what a search yields

DEFAULT_SOLVER = "cadical195"
SOLVER_NAMES: tuple[str, ...] = tuple(
    sorted(name for name in vars(SolverNames) if not name.startswith("_"))
)


def solver_aliases() -> dict[str, str]:
    """Every name PySAT accepts, mapped to its canonical name."""
    aliases = {}
    for canonical in SOLVER_NAMES:
        aliases[canonical] = canonical
        for alias in getattr(SolverNames, canonical):
            aliases[alias] = canonical
    return aliases


def check_solver(name: str) -> str:
    """A name of back end `name` that PySAT's Solver accepts (its own spelling: the class
    attribute is not always among them), or an InputError if PySAT lacks it here."""
    canonical = solver_aliases().get(name)
    if canonical is None:
        raise InputError(f"unknown solver {name!r}; expected one of {', '.join(SOLVER_NAMES)}")
    accepted = getattr(SolverNames, canonical)[0]
    if not _available(accepted):
        raise InputError(f"solver {canonical!r} is not available in this PySAT build "
                         "(it needs an extra package)")
    return accepted


@functools.cache
def _available(name: str) -> bool:
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _report: None  # a failed constructor's __del__ complains
    try:
        try:
            Solver(name=name).delete()
        except Exception:  # noqa: BLE001 - PySAT raises bare errors for back ends it lacks
            failed = True
        else:
            failed = False
        if failed:  # its leftovers go now, unheard (a full collection: 17 ms when forked)
            gc.collect()
        return not failed
    finally:
        sys.unraisablehook = hook


# Back ends that take neither assumptions nor clauses after solving: each call starts afresh.
NON_INCREMENTAL = {"kissat404"}


class _FreshEachCall:
    """The incremental interface over a one-shot back end: clauses are kept here and every
    solve builds a new solver, with the assumptions as unit clauses."""

    def __init__(self, name: str, clauses: Iterable[list[int]]) -> None:
        self.name = name
        self.clauses = list(clauses)
        self.model: list[int] | None = None

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        with Solver(name=self.name, bootstrap_with=self.clauses) as solver:
            for literal in assumptions:
                solver.add_clause([literal])
            found = solver.solve()
            self.model = solver.get_model() if found else None
        return bool(found)

    def get_model(self) -> list[int] | None:
        return self.model

    def add_clause(self, clause: Sequence[int]) -> None:
        self.clauses.append(list(clause))

    def delete(self) -> None:
        self.clauses = []


# CaDiCaL's options under which a model found without a single decision was forced by
# propagation from the assumptions over clauses the formula implies, and so is the only one
# (see ModelStream): no variable elimination (nor blocked, covered or conditioned clause
# elimination, off by default), no "lucky" guessing at the start of a solve, and no
# incremental lazy backtracking (`ilb` keeps the previous solve's trail: the empty 4×4
# Sudoku was then found with no new decision and wrongly called unique).
PROPAGATION_PROOF = {"elim": 0, "fastelim": 0, "block": 0, "cover": 0, "condition": 0,
                     "lucky": 0, "ilb": 0}
PROOF_SOLVER = "cadical195"  # the back end those options are for


def make_solver(name: str, clauses: Iterable[list[int]], options: dict[str, int] | None = None):
    """A PySAT solver loaded with `clauses`, incremental whatever the back end; `options`
    are set before any clause, as CaDiCaL requires."""
    if solver_aliases().get(name) in NON_INCREMENTAL:
        return _FreshEachCall(name, clauses)
    if not options:
        return Solver(name=name, bootstrap_with=clauses)
    solver = Solver(name=name)
    solver.solver.configure(options)
    solver.append_formula(clauses)
    return solver


@dataclass(slots=True)  # a batch holds one per puzzle
class Job:
    """One question to the solver: find up to `limit` solutions (None = all) under
    `assumptions`, a list of literals over the shared formula."""

    assumptions: list[int] = field(default_factory=list)
    limit: int | None = None
    # the solver's conflict budget for each solve call (None: none); BudgetSpent when a call
    # runs out of it (CaDiCaL only: PySAT gives no other back end's budget on every version)
    conflicts: int | None = None


@dataclass
class JobResult:
    index: int
    count: int = 0
    complete: bool = False  # True when the enumeration was exhaustive


class ModelStream:
    """Models of a formula, each as the frozenset of its true live puzzle variables.

    Each job that blocks a solution (a batch puzzle asked for two, to prove it unique) retires
    a selector variable, and every model the solver reports lists every variable, selectors
    included: over a batch of 49,158 Sudokus, reading models grew to most of the time. So
    after RETIRED_SELECTORS jobs (or as many as the formula has variables, if more) the
    solver is built again from the formula and the cuts learned so far.

    A formula `settled_by_propagation` (Sudoku) on CaDiCaL runs under PROPAGATION_PROOF: a
    model found without a decision is then the only one, and the solve that would look for
    another is skipped (about three 17-clue Sudokus in four are settled by propagation)."""

    RETIRED_SELECTORS = 2_000

    def __init__(self, formula: Formula, solver_name: str = DEFAULT_SOLVER) -> None:
        self.formula = formula
        self.solver_name = solver_name
        self.live = formula.live_puzzle_vars()
        self.live_set = frozenset(self.live)
        # Models list every variable; puzzle variables usually come first, so slicing the
        # model to the last live one skips the (often far more numerous) auxiliaries.
        self.top_live = self.live[-1] if self.live else 0
        self.cuts: list[list[int]] = []  # lazy constraints' cuts: they hold for every job
        self.options = PROPAGATION_PROOF if (
            formula.settled_by_propagation
            and solver_aliases().get(solver_name) == PROOF_SOLVER) else None
        self.decisions = 0  # the solver's decisions so far (read when options are set)
        self.solver = make_solver(solver_name, formula.all_clauses(), self.options)
        self.next_selector = formula.num_vars + 1

    def _renew_if_crowded(self) -> None:
        """Build the solver again once retired selectors outnumber what models should hold."""
        retired = self.next_selector - self.formula.num_vars - 1
        if retired < max(self.RETIRED_SELECTORS, self.formula.num_vars):
            return
        self.solver.delete()
        self.solver = make_solver(self.solver_name, self.formula.all_clauses(), self.options)
        for clause in self.cuts:
            self.solver.add_clause(clause)
        self.next_selector = self.formula.num_vars + 1
        self.decisions = 0

    def _settled(self) -> bool:
        """Whether the last solve made no decision (assumptions are not decisions), under
        options that make its model the only one; always False without them."""
        if self.options is None:
            return False
        try:  # only the one counter: this runs after every solve of a batch
            decisions = (self.solver.accum_stats() or {}).get("decisions")
        except (AttributeError, NotImplementedError, TypeError):
            return False
        if not isinstance(decisions, int | float):
            return False
        settled, self.decisions = decisions == self.decisions, int(decisions)
        return settled

    def models(self, job: Job) -> Iterator[frozenset[int]]:
        """Enumerate `job`; the generator returns normally only when it was exhaustive and
        raises LimitReached when it stops at the job's limit."""
        self._renew_if_crowded()
        fixed = frozenset(lit for lit in job.assumptions if lit > 0)
        assumptions = list(job.assumptions)
        selector = None  # guards this job's blocking clauses; made when the first is added
        found = 0
        try:
            while True:
                satisfied = self._solve(assumptions, job.conflicts)
                settled = self._settled()  # read after every solve, to keep the count
                if not satisfied:
                    break
                true_vars = self.live_set.intersection(self.solver.get_model()[:self.top_live])
                cuts = self.formula.refine(true_vars) if self.formula.refine else []
                if cuts:  # not a solution: the cuts hold for every solution, keep them
                    for clause in cuts:
                        self.solver.add_clause(clause)
                    self.cuts.extend(cuts)
                    continue
                found += 1
                yield true_vars
                if job.limit is not None and found >= job.limit:
                    # Whether more solutions exist is left unknown: one more solve would tell,
                    # at the price of a second search.
                    raise LimitReached
                if settled:  # found by propagation alone: there is no other
                    return
                block = self.formula.blocking_clause(true_vars, self.live, fixed)
                if not block:  # the solution is forced: there is no other
                    return
                if selector is None:
                    selector = self.next_selector
                    self.next_selector += 1
                    assumptions.append(selector)
                self.solver.add_clause([-selector, *block])
        finally:
            if selector is not None:
                self.solver.add_clause([-selector])  # retire this job's blocking clauses

    def _solve(self, assumptions: list[int], conflicts: int | None) -> bool:
        if conflicts is None:
            return bool(self.solver.solve(assumptions=assumptions))
        self.solver.conf_budget(conflicts)
        satisfied = self.solver.solve_limited(assumptions=assumptions)
        if satisfied is None:
            raise BudgetSpent
        return bool(satisfied)

    def counters(self) -> dict[str, int]:
        """The back end's counters so far (solver_counters)."""
        return solver_counters(self.solver)

    def close(self) -> None:
        self.solver.delete()


class LimitReached(Exception):
    """Enumeration stopped at its limit with more solutions left."""


class BudgetSpent(Exception):
    """A solve call ran out of its job's conflict budget (Job.conflicts)."""


# The conflict budget of a solve call made in satpuzzle's own process rather than in a child
# (pipeline.solve's first try, a batch answered in process, an engine that answers in
# process): it bounds how long Ctrl-C waits for the native call to return (CaDiCaL runs
# thousands of conflicts a second on the formulas tried so); a call that spends it gives the
# puzzle to a child.
IN_PROCESS_CONFLICTS = 1_000


# Events a worker sends: ("model", job, payload) and ("done", job, complete), unpickled here
# (Any: the payload is a model or a search's solution, `complete` a bool); a worker returns
# its back end's counters.
WorkerEvent = tuple[str, int, Any]
Counters = dict[str, int]


def _search_worker(make_solutions: Callable[[], Iterator[object]], limit: int | None,
                   send: Send) -> dict[str, int]:
    """Run a kind's own search engine and stream its solutions to the parent."""
    complete = True
    for found, solution in enumerate(make_solutions(), 1):
        send(("model", 0, solution))
        if limit is not None and found >= limit:
            complete = False  # as with ModelStream: whether more exist is not asked
            break
    send(("done", 0, complete))
    return {}


def run_search(make_solutions: Callable[[], Iterator[T]], on_solution: Callable[[T], None],
               limit: int | None = None, timeout: float | None = None) -> RunOutcome:
    """A search (an iterator of solutions, or of steps: satpuzzle.backbone) in a child process:
    `make_solutions()` runs in a child process (so a timeout or Ctrl-C stops it whatever it
    is doing) and its solutions reach `on_solution` as they come."""
    return _run([functools.partial(_search_worker, make_solutions, limit)], 1,
                lambda _job, solution: on_solution(solution), None, timeout)


class SolverCrash(ChildFailed):
    """The solver process failed or died: a bug or a resource limit, not bad input. The
    message is one line (the exception, or how the process died); `traceback` holds the
    child's traceback text when there is one."""

    def __init__(self, message: str, traceback: str = "", exitcode: int | None = None) -> None:
        super().__init__(message, message, exitcode)
        self.traceback = traceback


@dataclass
class RunOutcome:
    results: list[JobResult]
    stopped: str | None = None  # "timeout" or "interrupt" when the run was cut short
    elapsed: float = 0.0
    # the back ends' counters (conflicts, decisions, ...) summed over the workers that
    # finished; empty when none reports them or the run was cut short
    stats: dict[str, int] = field(default_factory=dict)


def solver_counters(solver) -> dict[str, int]:
    """The back end's accumulated counters where PySAT exposes them (not every back end)."""
    try:
        counters = solver.accum_stats() or {}
    except (AttributeError, NotImplementedError, TypeError):
        return {}
    return {key: int(value) for key, value in counters.items()
            if isinstance(value, (int, float))}


def _run(targets: list[Callable[[Send], dict[str, int]]], job_count: int,
         on_model: Callable[[int, Any], None], on_done: Callable[[JobResult], None] | None,
         timeout: float | None) -> RunOutcome:
    """The workers through satpuzzle.children.run_children: "model" events counted and passed
    to `on_model`, "done" events to `on_done`; the counters the finished workers return are
    summed."""
    results = [JobResult(i) for i in range(job_count)]

    def on_event(_child: int, event: object) -> bool:
        kind, job, value = cast(WorkerEvent, event)  # unpickled as a worker sent it
        if kind == "model":
            results[job].count += 1
            on_model(job, value)
            return False
        results[job].complete = value
        if on_done is not None:
            on_done(results[job])
        return False

    try:
        run = run_children(targets, on_event, timeout)
    except ChildFailed as exc:
        if isinstance(exc, SolverCrash):
            raise
        if exc.exitcode is not None:
            message = exc.summary.replace("the child process", "the solver process")
        else:
            message = exc.summary
        raise SolverCrash(message, exc.message, exc.exitcode) from None
    counters: dict[str, int] = {}
    for stats, finished in zip(run.results, run.finished):  # the workers that finished
        for key, value in (cast(Counters, stats) if finished else {}).items():
            counters[key] = counters.get(key, 0) + value
    return RunOutcome(results, run.stopped, run.elapsed, counters)
