"""The one solve pipeline: instance → CNF → back end → model → solution → check, as events.

Every path that answers a puzzle goes through `solve(instance, request)` (one puzzle) or
`solve_batch(instances, request)` (one-line puzzles under assumptions on one formula):
the command line, the Python API, `--jobs`, external solvers, races, `--forced`, `verify`
and the benchmarks. They are consumers of the events below; none of them decodes a model or
runs a checker itself.

Back ends run in child processes (satpuzzle.children) so that a deadline or Ctrl-C stops them
whatever they are doing; decoding and the rule check run in the child too, so that with
several workers that work is shared. `Request.in_process` runs everything in this process
instead (the API's iterators: no deadline, nothing forked). A small puzzle is tried in this
process first, under a conflict budget that bounds every native call (HERE_CONFLICTS).
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, cast

from satpuzzle.cnf import (
    FamilyStats,
    Formula,
    VarName,
    clause_budget,
    latest_formula,
    refuse_estimate,
)
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Solution
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Engine, EngineDeclined, Kind
from satpuzzle.solving import (
    DEFAULT_SOLVER,
    IN_PROCESS_CONFLICTS,
    BudgetSpent,
    Job,
    LimitReached,
    ModelStream,
    solver_aliases,
)
from satpuzzle.stages import taking_offers, time_limit

if TYPE_CHECKING:
    from satpuzzle.backbone import Backbone
    from satpuzzle.children import Send
    from satpuzzle.dimacs import CnfHeader
    from satpuzzle.enumeration import ClingoModels

# clasp's enumeration, the backbone, external solvers and the child runner's machinery are
# imported where they are used: `satpuzzle solve x.puz` needs none of them, and importing
# them was a tenth of its start-up

KIND_DEFAULT = -1  # Request.limit: one solution, or all for kinds whose users want all
CLINGO = "clingo"  # Request.engine: clasp enumerates the CNF (satpuzzle.enumeration)


class CheckFailed(Exception):
    """A bug: satpuzzle produced an answer its own rule checker rejects."""


# ---------------------------------------------------------------- the request


@dataclass(frozen=True)
class Request:
    """What to do with a puzzle: built once (from the command line, or by an API call) and
    passed down unchanged. `limit` None means every solution; `deadline` is a
    time.monotonic() value bounding the whole run; `count_only`: only the number of
    solutions is wanted (--count), so a back end that counts natively may report it in
    `Done.count` with no `Found` per solution."""

    limit: int | None = KIND_DEFAULT
    forced: bool = False  # the backbone instead of solutions
    solver: str = DEFAULT_SOLVER
    solver_cmd: str | None = None  # an external DIMACS solver instead of PySAT
    engine: str = "auto"
    deadline: float | None = None
    max_clauses: int | None = None
    check: bool = True
    workers: int = 1  # processes sharing a batch's puzzles
    in_process: bool = False
    started: float | None = None  # the clock messages count from (default: the call)
    count_only: bool = False
    # --split: one cube of the puzzle, (puzzle variable's name, value) pairs added to its
    # formula as unit clauses (see split_cubes); SAT answers, never a kind's engine
    cube: tuple[tuple[VarName, bool], ...] = ()
    # --encoding FAMILY=NAME,...: the user's encodings, over the instance's own choices
    encodings: tuple[tuple[str, str], ...] = ()

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None: no deadline)."""
        if self.deadline is None:
            return None
        return max(0.001, self.deadline - time.monotonic())

    def limit_for(self, kind: Kind) -> int | None:
        if self.limit == KIND_DEFAULT:
            return None if kind.enumerate_all else 1
        return self.limit


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class Compiled:
    """The CNF was built: its size and how long that took (`formula` None: an engine with no
    CNF of its own)."""

    variables: int
    puzzle_variables: int
    clauses: int
    seconds: float
    # per family of constraints: what it cost and how it was encoded (--stats, --explain)
    families: tuple[FamilyStats, ...] = ()


@dataclass(frozen=True)
class Found:
    """A solution of puzzle `index`, decoded and (unless the request says not to) checked.
    `unproven`: the solution is an engine's best found when the run was cut short, not
    proven to come in its place (the crossword's best fills); this says what is proven. Or
    it is a best-effort engine's board (Engine.scored), maybe no solution: what it reaches."""

    index: int
    solution: Solution
    checked: bool
    unproven: str = ""


@dataclass(frozen=True)
class _Offered:
    """An engine's answer not proven yet (satpuzzle.stages.offer), held by `_run_targets`
    and printed, with `note`, if the run is cut short before a `Found` of that puzzle."""

    index: int
    solution: Solution
    checked: bool
    note: str


@dataclass(frozen=True)
class Done:
    """Puzzle `index` is answered: `complete` when the search was exhaustive."""

    index: int
    count: int
    complete: bool


@dataclass(frozen=True)
class Counting:
    """A native count under way (Request.count_only): puzzle `index` has `count` solutions so
    far, for which no `Found` comes; its `Done` gives the total."""

    index: int
    count: int


@dataclass(frozen=True)
class ForcedResult:
    """--forced: the backbone, and each forced variable in the kind's own words."""

    backbone: Backbone
    forced: dict[tuple, bool]
    lines: list[str]
    names: dict[int, tuple]


@dataclass(frozen=True)
class Ended:
    """The run is over. `stopped`: None (finished), "timeout", "interrupt", "unknown" (an
    external solver gave up), "scheduler-lost" or "workers-lost" (a Dask cluster went); `stats`: back-end counters where known; `calls`: solver runs
    where counted; `winner`: which engine answered first in a race; `engine`: the engine
    that ran (None: SAT)."""

    stopped: str | None
    elapsed: float
    stats: dict[str, int] = field(default_factory=dict)
    calls: int | None = None
    winner: str | None = None
    engine: str | None = None


Event = Compiled | Found | Done | Counting | ForcedResult | Ended
# What a target (the work of a child process) sends its parent through the pipe: its Events,
# a puzzle's PuzzleEvents, an _Offered answer, (_STATS, counters) or _DECLINED, told apart by
# _Relayed.take. Any: the consumers pass on as Events what take let through.
Message = Any


# ---------------------------------------------------------------- compiling


@dataclass
class CompiledInstance:
    """An instance with its kind and formula; `decode` turns a model's true variables into
    the kind's solution."""

    instance: Instance
    kind: Kind
    formula: Formula

    def decode(self, true_vars: Iterable[int]) -> Solution:
        names = self.formula.names
        return self.kind.decode(self.instance, [names[v] for v in true_vars if v in names])


def check_budget(instance: Instance) -> None:
    """Refuse, before encoding, a puzzle whose kind estimates more clauses than the budget
    (--max-clauses); kinds without an estimate are stopped by the Formula itself as it grows."""
    estimate = registry.kind_of(instance).estimate_clauses(instance)
    if estimate is not None:
        refuse_estimate(estimate, f"this {instance.KIND} puzzle")


def check_budget_for_engine(instance: Instance, request: Request) -> None:
    """--max-clauses bounds the puzzle's formula whichever engine answers: before a kind's own
    engine starts (it builds no formula, or one only when it stalls), the kind's estimate of
    the formula SAT would build is held to the budget, so that a puzzle refused by one engine
    is refused by all. Every kind with engines of its own has an estimate (jigsaw, crossword),
    and the one engine without (Sudoku's shared solver) builds its formula within the budget."""
    instance = registry.kind_of(instance).with_encodings(instance, request.encodings)
    with clause_budget(request.max_clauses), \
            time_limit("estimating the formula", request.remaining(), started=request.started):
        check_budget(instance)


@contextmanager
def compiling(request: Request) -> Iterator[None]:
    """The compile stage: within the clause budget and the time left (a timer interrupts it
    wherever it is: satpuzzle.stages.StageTimeout)."""
    with clause_budget(request.max_clauses), \
            time_limit("compiling", request.remaining(), _clauses_so_far, request.started):
        yield


def _clauses_so_far() -> str:
    formula = latest_formula()
    if formula is None or not formula.num_clauses:
        return "no clause yet"
    count = formula.num_clauses
    return f"{count:,} clause{'s' if count > 1 else ''} built so far"


def compile(instance: Instance, request: Request = Request(), standalone: bool = False,
            ) -> CompiledInstance:
    """The instance's formula within the request's budgets; `standalone`: complete by itself
    (no lazy constraints), as a DIMACS file or an external solver needs it."""
    kind = registry.kind_of(instance)
    instance = kind.with_encodings(instance, request.encodings)
    with compiling(request):
        check_budget(instance)
        formula = kind.encode_standalone(instance) if standalone else kind.encode(instance)
        _restrict(formula, request.cube)
        formula.check_budget()  # the encoders check every few thousand clauses: now exactly
    return CompiledInstance(instance, kind, formula)


def _restrict(formula: Formula, cube: Sequence[tuple[VarName, bool]]) -> None:
    """The cube's literals as unit clauses: the formula's solutions inside the cube."""
    if not cube:
        return
    ids = {name: ident for ident, name in formula.names.items()}
    for name, value in cube:
        if name not in ids:  # the client compiled the same instance: this is a bug
            raise CheckFailed(f"--split: the cube names {name!r}, not a puzzle variable")
        formula.add([ids[name] if value else -ids[name]])


def _compiled_event(compiled: CompiledInstance, seconds: float) -> Compiled:
    return compiled_event(compiled.formula, seconds)


def compiled_event(formula: Formula, seconds: float) -> Compiled:
    """The Compiled event of a formula, with its families' table."""
    families = tuple(formula.explanation()) if formula.families else ()
    return Compiled(formula.num_vars, len(formula.names), formula.num_clauses, seconds,
                    families)


# ---------------------------------------------------------------- checking


def checker_for(instance: Instance, request: Request) -> Callable[[Solution], Solution]:
    """The function every solution goes through before it is reported: the kind's rule
    check, prepared once per instance; raises CheckFailed on a broken rule."""
    if not request.check:
        return lambda solution: solution
    check = registry.kind_of(instance).prepare_check(instance)

    def checked(solution: Solution) -> Solution:
        problems = check(solution)
        if problems:
            raise CheckFailed("a solution failed the rule check: " + "; ".join(problems))
        return solution

    return checked


# ---------------------------------------------------------------- one puzzle


# Below this many solutions (--unique, --limit 10), loading clasp costs more than blocking
# clauses do: an empty 16×16 Sudoku took 0.08 s with CaDiCaL against 0.21 s for 2 solutions,
# 0.10 against 0.29 for 10, 0.14 against 0.22 for 100, 0.68 against 0.41 for 1,000; batches
# of hard 9×9 puzzles under --unique were a tie (95 to 1,465 puzzles).
NATIVE_FROM = 100


class Asked:
    """What CHOICES look at: the request, the puzzle, its limit, and the kind's engine that
    --engine names (found, and held to the clause budget, only when a rule asks)."""

    def __init__(self, instance: Instance, request: Request) -> None:
        self.instance, self.request = instance, request
        self.kind = registry.kind_of(instance)
        self.limit = request.limit_for(self.kind)

    @cached_property
    def engine(self) -> Engine[Instance] | None:
        request = self.request
        if request.engine == CLINGO:
            from satpuzzle import enumeration

            enumeration.require()
        if request.engine == CLINGO or request.cube:  # a cube is SAT's (split_cubes)
            return None
        engine = self.kind.engine_for(self.instance, request.engine)
        if engine is not None:
            check_budget_for_engine(self.instance, request)
        return engine


@dataclass(frozen=True)
class Choice:
    """A rule of the back ends' table: `backend` (satpuzzle.backends.BACKENDS, or "engine":
    the kind's) answers when `holds`; `why` says when and, for --engine auto, what measured
    it."""

    backend: str
    holds: Callable[[Asked], bool]
    why: str


# The one table that chooses the back end from the request: the first rule that holds.
# satpuzzle.backends declares what each back end can do.
CHOICES = (
    Choice("backbone", lambda asked: asked.request.forced,
           "--forced: the backbone, proven under assumptions by an incremental PySAT solver"),
    Choice("external", lambda asked: asked.request.solver_cmd is not None,
           "--solver-cmd: the external DIMACS solver, whatever --engine says"),
    Choice("race", lambda asked: (asked.engine is not None and asked.request.engine == "race"
                                  and asked.limit == 1),
           "--engine race for one solution: the kind's first engine and SAT side by side"),
    Choice("engine", lambda asked: asked.engine is not None,
           "--engine NAME, search, race (for more than one solution), or auto where the kind "
           "has an engine that suits the instance (Engine.suits, measured per kind: e.g. "
           "the jigsaw's Euler and propagation engines where they are exact, the crossword's "
           "search on grids SAT is slow on); an engine that declines leaves it to SAT"),
    Choice("sat", lambda asked: True,
           "the CNF: clasp where enumerates_natively says (--engine clingo, or auto for every "
           f"solution or a limit of {NATIVE_FROM} or more with clingo installed and the "
           "default solver: measured below NATIVE_FROM), else SAT with blocking clauses"),
)


def choose(asked: Asked) -> str:
    """The back end CHOICES give the request."""
    return next(choice.backend for choice in CHOICES if choice.holds(asked))


def solve(instance: Instance, request: Request = Request()) -> Generator[Event, None, None]:
    """Every event of answering one puzzle, ending with `Ended`, by the back end CHOICES
    give. Raises InputError for a puzzle that cannot be compiled, StageTimeout when the
    deadline passes while compiling, CheckFailed for a solution that breaks a rule (a
    bug)."""
    asked = Asked(instance, request)
    backend, limit = choose(asked), asked.limit
    if backend == "backbone":
        yield from _forced(instance, request)
        return
    if backend == "external":
        yield from _external(instance, request, str(request.solver_cmd))
        return
    if backend == "race":
        yield from _race(instance, cast(Engine, asked.engine), request)
        return
    if backend == "engine":
        declined = yield from _engine(instance, cast(Engine, asked.engine), request, limit)
        if not declined:
            return
    started = time.monotonic()
    compiled = compile(instance, request)
    if request.engine == CLINGO and not _clasp_takes(compiled.formula):
        # lazy constraints clasp has no native form of: the kind's standalone encoding
        compiled = compile(instance, request, standalone=True)
    yield _compiled_event(compiled, time.monotonic() - started)
    native = enumerates_natively(compiled.formula, request, limit)
    if not native and _tried_here_first(compiled.formula, request, limit):
        answered = _answered_here(compiled, request, limit)
        if answered is not None:
            yield from answered
            return
    here = _checks_in_parent(request)
    yield from _run_targets([lambda: _sat_events(compiled, [Job(limit=limit)], range(1),
                                                 request, check=request.check and not here,
                                                 native=native, share=native and here)],
                            request, parent_check=here and instance,
                            engine=CLINGO if native else None)


# A puzzle answered here first, before any child: a fork, its pipe and the multiprocessing
# machinery cost more than a small puzzle's whole solve (a tenth of `satpuzzle solve
# classic.puz`). The budget bounds how long Ctrl-C can wait for the native call to return
# (CaDiCaL runs thousands of conflicts a second on formulas of this size); a puzzle that
# spends it is answered from the start in a child, as any other.
HERE_CONFLICTS = IN_PROCESS_CONFLICTS
HERE_CLAUSES = 100_000


def _tried_here_first(formula: Formula, request: Request, limit: int | None) -> bool:
    """Whether to try this puzzle in this process under HERE_CONFLICTS: a first solution or
    two (--unique) by the default back end, of a formula complete by itself (no lazy
    constraints: their rounds are not bounded) and of at most HERE_CLAUSES, with no
    deadline (a child is what a deadline stops)."""
    aliases = solver_aliases()
    return (not request.in_process and request.deadline is None
            and limit is not None and limit <= 2 and formula.refine is None
            and formula.num_clauses <= HERE_CLAUSES
            and aliases.get(request.solver) == aliases[DEFAULT_SOLVER])


def _answered_here(compiled: CompiledInstance, request: Request,
                   limit: int | None) -> list[Event] | None:
    """The events of answering the puzzle in this process, every solve call under the
    conflict budget; None when a call spent it (nothing was said: the events are held until
    the answer is whole)."""
    here = replace(request, in_process=True)
    job = Job(limit=limit, conflicts=HERE_CONFLICTS)
    try:
        return list(_run_targets([lambda: _sat_events(compiled, [job], range(1), here)], here))
    except BudgetSpent:
        return None


def enumerates_natively(formula: Formula, request: Request, limit: int | None) -> bool:
    """Whether clasp enumerates this formula (satpuzzle.enumeration) rather than SAT with
    blocking clauses: when asked for by name (--engine clingo), and under `auto` where it
    measured faster (benchmarks/enumeration.py): for every solution (--all, --count) or a
    limit of NATIVE_FROM or more, on a formula clasp takes as it is (lazy constraints only
    where they are reachability, as Hashi's: 115,584 solutions counted in 1.9 s against
    66 s with the eager encoding and minutes by SAT with cuts), but not when --solver names
    another back end than the default."""
    if request.engine == CLINGO:
        return True
    if request.engine != "auto" or (limit is not None and limit < NATIVE_FROM):
        return False
    from satpuzzle import enumeration

    aliases = solver_aliases()
    return (enumeration.AVAILABLE and _clasp_takes(formula)
            and aliases.get(request.solver) == aliases[DEFAULT_SOLVER])


def _clasp_takes(formula: Formula) -> bool:
    """Whether clasp enumerates `formula` as it is: complete by itself, or with lazy
    constraints that are reachability, which clasp has natively (Formula.reachable)."""
    return formula.refine is None or formula.reachable is not None


def _engine(instance: Instance, engine: Engine[Instance], request: Request,
            limit: int | None) -> Generator[Event, None, bool]:
    """The kind's own engine; returns True (having yielded nothing) when it declined the
    instance and SAT must answer instead. An engine that answers in process (Engine.in_process,
    its native calls under a budget) runs here; where a deadline needs a child to stop the
    run, it declines at once (SAT answers, in a child)."""
    declined = False
    if engine.in_process and not request.in_process:
        if request.deadline is not None:
            return True
        request = replace(request, in_process=True)
    here = _checks_in_parent(request)
    for event in _run_targets([lambda: _engine_events(instance, engine, request, limit,
                                                      check=request.check and not here)],
                              request, engine=engine.name, parent_check=here and instance):
        if event == _DECLINED:
            declined = True
        elif not declined:
            yield event
    return declined


_DECLINED = "declined"


def _checks_in_parent(request: Request) -> bool:
    """One child at work: the parent checks its answers, so that search and checking run
    side by side on two cores (several children check their own: the work is spread)."""
    return request.check and not request.in_process


def _engine_events(instance: Instance, engine: Engine[Instance], request: Request,
                   limit: int | None, check: bool = True) -> Iterator[Message]:
    # an engine may build a CNF of its own (the crossword's SAT oracle): the same budget
    with clause_budget(request.max_clauses):
        yield from _engine_solutions(instance, engine, request, limit, check)


def _engine_solutions(instance: Instance, engine: Engine[Instance], request: Request,
                      limit: int | None, check: bool) -> Iterator[Message]:
    if engine.scored is not None:
        yield from _best_effort(instance, engine, request)
        return
    checked = checker_for(instance, request if request.check == check
                          else replace(request, check=check))
    count = 0

    def held(solution: Solution, note: str) -> None:
        _send_aside(_Offered(0, checked(solution), check, note))

    try:
        with taking_offers(held):
            for solution in engine.solutions(instance, request.solver):
                count += 1
                yield Found(0, checked(solution), check)
                if limit is not None and count >= limit:
                    yield Done(0, count, False)  # whether more exist is not asked
                    return
    except EngineDeclined:
        if count:
            raise
        yield _DECLINED
        return
    yield Done(0, count, True)


def _best_effort(instance: Instance, engine: Engine[Instance],
                 request: Request) -> Iterator[Message]:
    """A best-effort engine's board (Engine.scored): checked by its scorer, not by the rules,
    which it may break; what it reaches goes with it. Nothing is claimed of other boards."""
    scored = engine.scored
    assert scored is not None

    def held(board: Solution, note: str) -> None:  # the best board so far, if cut short
        _send_aside(_Offered(0, board, True, note))

    with taking_offers(held):
        for board in engine.solutions(instance, request.solver):
            yield Found(0, board, True, scored(instance, board))
            yield Done(0, 1, False)
            return
    yield Done(0, 0, False)


_aside: list[Callable[[_Offered], None] | None] = [None]  # see _send_aside


def _send_aside(event: _Offered) -> None:
    """Send `event` out of turn, in the middle of a target's work (an engine's offer): from a
    child to its parent at once, or, here, to `_run_targets`' list of them."""
    send = _aside[0]
    if send is not None:
        send(event)


@contextmanager
def _sending_aside(send: Callable[[_Offered], None]) -> Iterator[None]:
    previous = _aside[0]
    _aside[0] = send
    try:
        yield
    finally:
        _aside[0] = previous


def _race(instance: Instance, engine: Engine[Instance], request: Request) -> Iterator[Event]:
    """One solution by the kind's engine and SAT side by side: the first answer wins."""
    started = time.monotonic()
    compiled = compile(instance, request)
    yield _compiled_event(compiled, time.monotonic() - started)

    names = (engine.name, "sat")
    yield from _run_targets([lambda: _engine_events(instance, engine, request, 1),
                             lambda: _sat_events(compiled, [Job(limit=1)], range(1), request)],
                            request, race=names, engine="race")


def _sat_events(compiled: CompiledInstance, jobs: Sequence[Job], indices: Sequence[int],
                request: Request, check: bool = True, native: bool = False,
                share: bool = False) -> Generator[Message, None, None]:
    """Enumerate `jobs` (those of `indices`) on one incremental solver, decoding and checking
    each model here; `native`: clasp enumerates (and counts by itself for --count); `share`:
    the parent checks what this leaves unchecked, so check every other solution here (clasp
    leaves this process idle much of the time while the parent also prints: --all on the
    161,280 Latin squares of order 5 spent 62% of its CPU time in the parent, 38% here, when
    the parent checked them all). Batches share the formula: job k answers puzzle k."""
    formula = compiled.formula
    models: ClingoModels | ModelStream
    if native:
        from satpuzzle import enumeration

        models = enumeration.ClingoModels(formula)
    else:
        models = ModelStream(formula, request.solver)
    instances = compiled.instances if isinstance(compiled, CompiledBatch) else None
    names = formula.names
    checking = replace(request, check=check or share)
    try:
        for index in indices:
            instance = instances[index] if instances is not None else compiled.instance
            if native and request.count_only:
                # about COUNT_SAMPLE models checked in all, and the first of every puzzle
                sample = max(1, enumeration.COUNT_SAMPLE // len(indices))
                yield from _counted(compiled, instance, cast("ClingoModels", models),
                                    jobs[index], index, request, sample)
                continue
            checked = checker_for(instance, checking)
            count, complete = 0, True
            try:
                for true_vars in models.models(jobs[index]):
                    count += 1
                    solution = compiled.kind.decode(instance, [names[v] for v in true_vars])
                    if check or (share and count % 2):
                        yield Found(index, checked(solution), True)
                    else:
                        yield Found(index, solution, False)
            except LimitReached:
                complete = False
            yield Done(index, count, complete)
        yield _STATS, models.counters()
    finally:
        models.close()


def _counted(compiled: CompiledInstance, instance: Instance, models: ClingoModels, job: Job,
             index: int, request: Request, sample: int) -> Iterator[Counting | Done]:
    """--count by clasp: the number in `Done.count`, no `Found` (nothing is printed); the
    first `sample` models are decoded and rule-checked here all the same, and the count so
    far goes to the parent now and then, for a run cut short."""
    from satpuzzle.enumeration import Tally

    checked = checker_for(instance, request)
    names = compiled.formula.names
    for item in models.count(job, sample):
        if not isinstance(item, Tally):
            checked(compiled.kind.decode(instance, [names[v] for v in item]))
        elif item.complete is None:
            yield Counting(index, item.count)
        else:
            yield Done(index, item.count, item.complete)


_STATS = "stats"


# ---------------------------------------------------------------- batches


@dataclass
class CompiledBatch(CompiledInstance):
    """One formula for many one-line puzzles, one job (assumptions) per puzzle."""

    instances: Sequence[Instance] = ()
    jobs: list[Job] = field(default_factory=list)


def solve_batch(instances: Sequence[Instance],
                request: Request = Request()) -> Generator[Event, None, None]:
    """One-line puzzles of one kind and shape: one formula, each puzzle a job under
    assumptions, `request.workers` processes sharing the jobs. Events come in completion
    order (with several workers, not input order); every puzzle gets its `Done` unless the
    run is cut short. Kinds without a batch encoding (and external solvers) answer each
    puzzle in turn, the same events with the puzzle's index."""
    kind = registry.kind_of(instances[0])
    if request.solver_cmd is not None or request.forced or request.encodings or any(
            getattr(instance, "encodings", ()) for instance in instances):
        # a batch formula is the kind's default encoding: chosen encodings go one by one
        yield from _each_in_turn(instances, request)
        return
    if request.engine == CLINGO:
        from satpuzzle import enumeration

        enumeration.require()
    started = time.monotonic()
    with compiling(request):
        check_budget(instances[0])
        batch = kind.encode_batch(instances)
        if batch is not None:
            batch[0].check_budget()
    if batch is None:
        yield from _each_in_turn(instances, request)
        return
    formula, jobs = batch
    limit = request.limit_for(kind)
    for job in jobs:
        job.limit = limit
    compiled = CompiledBatch(instances[0], kind, formula, instances, jobs)
    yield _compiled_event(compiled, time.monotonic() - started)
    native = enumerates_natively(formula, request, limit)
    workers = max(1, min(request.workers, len(jobs)))
    if workers == 1 and not native and _batch_tried_here(formula, request):
        yield from _batch_here_then_child(compiled, jobs, request)
        return
    targets = [partial(_sat_events, compiled, jobs, range(first, len(jobs), workers), request,
                       native=native)
               for first in range(workers)]
    yield from _run_targets(targets, request, engine=CLINGO if native else None)


# A batch answered by one worker runs in this process while each solve call stays under
# HERE_CONFLICTS, not in a child: every puzzle's events crossed a pipe, and receiving them cost
# the parent a third of the CPU time of a batch of 17-clue Sudokus. The budget bounds how long
# Ctrl-C or the deadline (seen between puzzles) can wait for a native call; from the first
# puzzle that spends it, the rest of the batch goes to a child, as every batch did before.


def _batch_tried_here(formula: Formula, request: Request) -> bool:
    """Whether a one-worker batch starts in this process (see `_batch_here`): by the default
    back end (the one whose budget PySAT sets), on a formula complete by itself (no lazy
    constraints: their rounds are not bounded) of at most HERE_CLAUSES."""
    aliases = solver_aliases()
    return (not request.in_process and formula.refine is None
            and formula.num_clauses <= HERE_CLAUSES
            and aliases.get(request.solver) == aliases[DEFAULT_SOLVER])


def _batch_here_then_child(compiled: CompiledBatch, jobs: Sequence[Job],
                           request: Request) -> Iterator[Event]:
    """The batch's events: in this process up to the first puzzle whose solve call spends
    the conflict budget, the rest in a child; one `Ended` for both."""
    here = replace(request, in_process=True)
    spent: list[int] = []  # the puzzle whose call spent the budget, if one did
    ended = None
    for event in _run_targets([partial(_batch_here, compiled, jobs, here, spent)], here):
        if isinstance(event, Ended):
            ended = event
        else:
            yield event
    assert ended is not None  # _run_targets always ends with it
    if not spent or ended.stopped:
        yield ended
        return
    for job in jobs:
        job.conflicts = None
    for event in _run_targets([partial(_sat_events, compiled, jobs, range(spent[0], len(jobs)),
                                       request)], request):
        if isinstance(event, Ended):
            stats = dict(ended.stats or {})
            _add_counters(stats, event.stats)
            event = replace(event, elapsed=ended.elapsed + event.elapsed, stats=stats)
        yield event


def _batch_here(compiled: CompiledBatch, jobs: Sequence[Job], request: Request,
                spent: list[int]) -> Iterator[Message]:
    """The batch's events in this process, each solve call under HERE_CONFLICTS, each
    puzzle's events held until its `Done` (a puzzle cut short by the budget has said
    nothing); the deadline checked between puzzles (TimeoutError once it has passed: a
    timeout, as a child's stream would end). A call that spends the budget ends this with
    the puzzle's index in `spent`."""
    for job in jobs:
        job.conflicts = HERE_CONFLICTS
    events = _sat_events(compiled, jobs, range(len(jobs)), request)
    held: list[Message] = []
    index = 0
    try:
        for event in events:
            held.append(event)
            if isinstance(event, Done):
                yield from held
                held.clear()
                index = event.index + 1
                if request.deadline is not None and time.monotonic() >= request.deadline:
                    raise TimeoutError
        yield from held  # the counters
    except BudgetSpent:
        spent.append(index)
    finally:
        events.close()


def _each_in_turn(instances: Sequence[Instance], request: Request) -> Iterator[Event]:
    """A batch answered one puzzle after another; a puzzle an external solver gives up on is
    "unknown" and the batch goes on, a timeout or interrupt ends it."""
    started = time.monotonic()
    stats: dict[str, int] = {}
    calls = 0
    gave_up = False
    for index, instance in enumerate(instances):
        for event in solve(instance, request):
            if isinstance(event, Ended):
                calls += event.calls or 0
                _add_counters(stats, event.stats)
                gave_up |= event.stopped == "unknown"
                if event.stopped not in (None, "unknown"):
                    yield replace(event, elapsed=time.monotonic() - started, stats=stats)
                    return
            elif isinstance(event, (Found, Done, Counting)):
                yield replace(event, index=index)
            else:
                yield event
    yield Ended("unknown" if gave_up else None, time.monotonic() - started, stats, calls)


# ---------------------------------------------------------------- several puzzles at once


@dataclass(frozen=True)
class PuzzleEvents:
    """--jobs over several puzzles: everything one puzzle's run produced, in order, or the
    one-line error that stopped it (`error`, with `status` 2 for bad input, 4 for a bug)."""

    index: int
    events: list[Event]
    error: str | None = None
    status: int = 0


def solve_each(instances: Sequence[Instance], request: Request, workers: int,
               cubes: Sequence[tuple] | None = None,
               in_process: bool = False) -> Generator[PuzzleEvents, None, None]:
    """Several puzzles in `workers` processes (worker k takes puzzles k, k+w, ...), each
    puzzle solved by `solve` there; each puzzle's events arrive whole, in completion order.
    `cubes`: puzzle k is restricted to cube k (--split). `in_process`: each puzzle solved in
    its worker's own process, not in a child of it (many small puzzles: see runs.pooled)."""
    workers = max(1, min(workers, len(instances)))
    each = replace(request, in_process=True) if in_process else request

    def worker(first: int) -> Iterator[PuzzleEvents]:
        gc.freeze()  # the inherited puzzles, out of the way of every collection here
        for index in range(first, len(instances), workers):
            yield puzzle_events(index, instances[index], each if cubes is None
                                else replace(each, cube=cubes[index]))

    targets = [partial(worker, first) for first in range(workers)]
    for event in _run_targets(targets, request, graceful=True):
        if isinstance(event, PuzzleEvents):
            yield event


def puzzle_events(index: int, instance: Instance, request: Request) -> PuzzleEvents:
    """One puzzle of several answered whole: the work of a `--jobs` worker process and of a
    cluster's task (satpuzzle.cluster) alike. Bad input and failed checks are that puzzle's
    answer, so that the others are still answered."""
    events: list[Event] = []
    try:
        events.extend(solve(instance, request))
    except InputError as exc:
        return PuzzleEvents(index, events, str(exc), 2)
    except CheckFailed as exc:
        return PuzzleEvents(index, events, f"satpuzzle: internal error: {exc}", 4)
    return PuzzleEvents(index, events)


# ---------------------------------------------------------------- one puzzle in cubes


def split_cubes(instance: Instance, request: Request, count: int) -> list[tuple]:
    """--split K: at most `count` cubes over the puzzle's variables, disjoint and together
    covering every solution, so that each solution lies in exactly one: the leaves of a
    binary decision tree grown breadth first. A leaf is split on the first puzzle variable
    that unit propagation under the leaf leaves open, in an order that takes groups (a name
    without its last part: a cell's values) smallest first, the most constrained choices;
    a leaf whose propagation fails holds no solution and is dropped. Fewer cubes when fewer
    variables are open."""
    from pysat.solvers import Solver

    formula = compile(instance, replace(request, cube=())).formula
    groups: dict[VarName, list[int]] = {}
    for ident in formula.live_puzzle_vars():
        name = formula.names[ident]
        groups.setdefault(name[:-1] if len(name) > 1 else name, []).append(ident)
    order = [ident for members in sorted(groups.values(), key=lambda m: (len(m), m[0]))
             for ident in members]
    leaves: deque[tuple[int, ...]] = deque([()])
    done: list[tuple[int, ...]] = []
    # MiniSat 2.2 propagates on request; several other back ends do not offer it
    with Solver(name="minisat22", bootstrap_with=formula.all_clauses()) as solver:
        while leaves and len(leaves) + len(done) < count:
            leaf = leaves.popleft()
            consistent, implied = solver.propagate(assumptions=list(leaf))
            if not consistent:
                continue  # no solution in this leaf
            fixed = {abs(literal) for literal in (*leaf, *implied)}
            branch = next((v for v in order if v not in fixed), None)
            if branch is None:
                done.append(leaf)
            else:
                leaves += [(*leaf, branch), (*leaf, -branch)]
    cubes = done + list(leaves)
    if not cubes:  # propagation refutes the puzzle: let one unsplit run say so
        return [()]
    return [tuple((formula.names[abs(lit)], lit > 0) for lit in cube) for cube in cubes]


def merge_cubes(parts: Iterator[PuzzleEvents], cubes: int, request: Request,
                limit: int | None) -> Iterator[Event]:
    """The events of one puzzle from those of its cubes (`parts`, in completion order): each
    solution once (the cubes are disjoint), the counts summed, the first `limit` solutions
    found ending the run (closing `parts` stops the rest). Cubes left unanswered (a timeout
    or interrupt ended `parts`) make the run incomplete."""
    started = time.monotonic()
    total, answered, complete = 0, 0, True
    stats: dict[str, int] = {}
    stopped = None
    compiled = False
    try:
        for part in parts:
            if part.error is not None:
                raise (InputError(part.error) if part.status == 2 else CheckFailed(part.error))
            found = 0
            for event in part.events:
                if isinstance(event, Compiled) and not compiled:
                    compiled = True
                    yield event
                elif isinstance(event, Found):
                    found += 1
                    total += 1
                    yield replace(event, index=0)
                    if limit is not None and total >= limit:
                        yield Done(0, total, False)
                        yield Ended(None, time.monotonic() - started, stats)
                        return
                elif isinstance(event, Done):
                    total += event.count - found  # a native count comes without Founds
                    complete &= event.complete
                    if limit is not None and total >= limit:
                        yield Done(0, limit, False)
                        yield Ended(None, time.monotonic() - started, stats)
                        return
                elif isinstance(event, Ended):
                    _add_counters(stats, event.stats)
                    stopped = stopped or (event.stopped if event.stopped != "unknown" else None)
            answered += 1
    except KeyboardInterrupt:
        stopped = "interrupt"
    if answered < cubes and not stopped:
        late = request.deadline is not None and time.monotonic() >= request.deadline
        stopped = "timeout" if late else "interrupt"
    yield Done(0, total, complete and not stopped)
    yield Ended(stopped, time.monotonic() - started, stats)


# ---------------------------------------------------------------- external solvers


def _external(instance: Instance, request: Request, command: str) -> Iterator[Event]:
    """Any DIMACS solver binary: one run per solution (blocking clauses), every model checked
    against the clauses by the runner, every solution by the rule checker."""
    started = time.monotonic()
    # an external solver needs the formula complete by itself (Hashi: eager connectivity)
    compiled = compile(instance, request, standalone=True)
    compile_seconds = time.monotonic() - started
    yield _compiled_event(compiled, compile_seconds)
    checked = checker_for(instance, request)
    limit = request.limit_for(compiled.kind)
    from satpuzzle.external import ExternalEnumeration

    enumeration = ExternalEnumeration(command, compiled.formula, limit,
                                      request.deadline)
    count = 0
    stopped = None
    try:
        for true_vars in enumeration.models():
            count += 1
            yield Found(0, checked(compiled.decode(true_vars)), request.check)
    except KeyboardInterrupt:  # the solver's process group is already killed
        stopped = "interrupt"
    stopped = stopped or enumeration.stopped
    if stopped in (None, "unknown"):  # "unknown": this puzzle gave up, a batch goes on
        yield Done(0, count, enumeration.complete)
    yield Ended(stopped, time.monotonic() - started - compile_seconds, enumeration.stats,
                enumeration.calls)


# ---------------------------------------------------------------- the backbone


def _forced(instance: Instance, request: Request) -> Iterator[Event]:
    """--forced: the backbone of one puzzle, or what was proven when cut short."""
    if request.solver_cmd is not None:
        raise InputError("--forced needs an incremental PySAT back end; use --solver NAME "
                         "instead of --solver-cmd")
    started = time.monotonic()
    compiled = compile(instance, request)
    yield _compiled_event(compiled, time.monotonic() - started)
    formula = compiled.formula
    from satpuzzle.backbone import backbone

    result = backbone(formula, request.solver, request.remaining())
    forced = {formula.names[v]: v in result.forced_true
              for v in sorted(result.forced_true | result.forced_false)}
    # nothing proven: with no solution there are no cells to describe
    lines = compiled.kind.forced_text(instance, forced) if result.solution_found else []
    yield ForcedResult(result, forced, lines, formula.names)
    stopped = {"timeout": "timeout", "interrupted": "interrupt"}.get(result.status)
    yield Ended(stopped, result.elapsed, result.stats or {}, result.calls)


# ---------------------------------------------------------------- running the work


def _run_targets(targets: Sequence[Callable[[], Iterator[Message]]], request: Request,
                 race: tuple[str, ...] | None = None, engine: str | None = None,
                 graceful: bool = False, parent_check: Any = None) -> Iterator[Message]:
    """Relay the events of the targets (each a function returning an iterator of events),
    each in a child process (or here, in process, one after the other), and end with
    `Ended`. In a race only the first target to answer is heard, and its `Done` ends the
    run. `graceful`: an interrupt lets the children stop their own children first.
    `parent_check`: the instance whose solutions the children left unchecked, checked here."""
    relayed = _Relayed(race, checker_for(parent_check, request) if parent_check else None)
    started = time.monotonic()
    stopped = None
    aside: list[_Offered] = []  # offered while a target works in this process: taken in turn
    if request.in_process:
        sources: Generator[tuple[int, Message], None, None] = _in_process(targets, aside)
    else:
        from satpuzzle.children import stream

        sources = _events_of(stream([_relay(target) for target in targets],
                                    request.remaining(), graceful=graceful))
    try:
        for source, message in sources:
            event = relayed.take(source, message)
            if event is not None:
                yield event
                if race is not None and isinstance(event, Done):
                    break
    except TimeoutError:
        stopped = "timeout"
    except KeyboardInterrupt:
        stopped = "interrupt"
    finally:
        sources.close()
    if stopped:
        yield from relayed.left_at_stop(aside)
    winner = race[relayed.heard[0]] if race and relayed.heard else None
    yield Ended(stopped, time.monotonic() - started, relayed.stats, None, winner, engine)


class _Relayed:
    """What `_run_targets` keeps of the events relayed so far: the children's counters, the
    race's first answering target, native counts under way and answers offered, and the
    parent's check of solutions the children left unchecked."""

    def __init__(self, race: tuple[str, ...] | None,
                 checked: Callable[[Solution], Solution] | None) -> None:
        self.race = race
        self.checked = checked
        self.stats: dict[str, int] = {}
        self.heard: list[int] = []  # the race's target heard first
        self.counting: dict[int, int] = {}  # puzzle index: a native count so far, until Done
        self.offered: dict[int, _Offered] = {}  # puzzle index: the last offer, until a Found

    def take(self, source: int, event: Message) -> Message:
        """The event to pass on for `event` from target `source`, or None."""
        if isinstance(event, tuple) and event and event[0] == _STATS:
            _add_counters(self.stats, event[1])
            return None
        if isinstance(event, _Offered):
            self.offered[event.index] = event
            return None
        if isinstance(event, Counting):
            self.counting[event.index] = event.count
        if isinstance(event, (Found, Done)):
            if isinstance(event, Done):
                self.counting.pop(event.index, None)
            self.offered.pop(event.index, None)
            if self.race is not None:
                if self.heard and self.heard[0] != source:
                    return None
                self.heard[:1] = [source]
        if isinstance(event, Found) and not event.checked and self.checked is not None:
            return Found(event.index, self.checked(event.solution), True)
        return event

    def left_at_stop(self, aside: list[_Offered]) -> Iterator[Event]:
        """At a cut: the answers the engines offered (held, or still `aside` in this
        process), checked, then what the native counts cut short had reached."""
        self.offered.update((held.index, held) for held in aside)
        for held in self.offered.values():
            solution = held.solution
            if self.checked is not None and not held.checked:
                solution = self.checked(solution)
            yield Found(held.index, solution, True, held.note)
        for index, count in self.counting.items():
            yield Done(index, count, False)


def _in_process(targets: Sequence[Callable[[], Iterator[Message]]], aside: list[_Offered],
                ) -> Generator[tuple[int, Message], None, None]:
    """The targets' events, run here one after the other; what they offer meanwhile comes
    before their next event (or stays in `aside` if none comes)."""
    with _sending_aside(aside.append):
        for index, target in enumerate(targets):
            for event in target():
                while aside:
                    yield index, aside.pop(0)
                yield index, event


class _Burst(list):
    """Several events sent as one message (see `_relay`)."""


BURST_GAP = 0.001  # events closer than this to the previous one travel together
BURST_SIZE = 256
BURST_AGE = 0.01  # seconds the first event of a burst may wait for its companions


def _relay(target: Callable[[], Iterator[Message]]) -> Callable[[Send], None]:
    """A child's body: send each event of the target to the parent. An event that comes
    alone is sent at once; events that follow each other within a millisecond (a fast
    enumeration) travel in bursts of up to 256 or 10 ms, since one message per solution
    would cost more than finding it. Completion events flush the burst."""
    def body(send: Send) -> None:
        burst = _Burst()
        started = last = 0.0

        def at_once(event: _Offered) -> None:  # after the burst, which it follows
            nonlocal burst
            if burst:
                send(burst)
                burst = _Burst()
            send(event)

        with _sending_aside(at_once):
            for event in target():
                now = time.monotonic()
                if not burst and now - last > BURST_GAP:
                    send(event)
                else:
                    if not burst:
                        started = now
                    burst.append(event)
                    if (len(burst) >= BURST_SIZE or now - started > BURST_AGE
                            or not isinstance(event, Found)):
                        send(burst)
                        burst = _Burst()
                last = now
        if burst:
            send(burst)

    return body


def _events_of(sources: Generator[tuple[int, object], None, None],
               ) -> Generator[tuple[int, Message], None, None]:
    try:
        for source, message in sources:
            if isinstance(message, _Burst):
                for event in message:
                    yield source, event
            else:
                yield source, message
    finally:
        sources.close()  # the children are stopped now, not when this is collected


def _add_counters(total: dict[str, int], more: dict[str, int] | None) -> None:
    for key, value in (more or {}).items():
        total[key] = total.get(key, 0) + value


# ---------------------------------------------------------------- the API's iterators


def solutions(instance: Instance, request: Request) -> Iterator[Solution]:
    """The solutions of one puzzle, each exactly once and rule-checked, as they are found."""
    for event in solve(instance, request):
        if isinstance(event, Found):
            yield event.solution


# ---------------------------------------------------------------- an external solver's model


def encoding_of(instance: Instance, request: Request,
                cnf: tuple[CnfHeader, str, str] | None = None,
                ) -> tuple[dict[int, VarName], Sequence[Sequence[int]]]:
    """The variable map and clauses of `instance`'s standalone encoding, to decode a model
    of it (`satpuzzle decode`). `cnf`: (header, text, path) of the CNF written by `compile`
    that the model answers, which must hold exactly that encoding: a CNF whose header map or
    clauses differ was edited since (a tampered map would decode into nonsense, tampered
    clauses into a wrong answer), bad input, not a model to decode."""
    from satpuzzle import dimacs
    from satpuzzle.textio import printable

    if cnf is not None and cnf[0].kind != instance.KIND:
        raise InputError(f"the header says {printable(cnf[0].kind)!r} but its puzzle is a "
                         f"{instance.KIND}: the file was edited after `satpuzzle compile`",
                         cnf[2])
    formula = compile(instance, request, standalone=True).formula
    if cnf is None:
        return formula.names, list(formula.all_clauses())
    header, text, path = cnf
    clauses = dimacs.read_cnf(text, path).clauses
    if dict(header.names) != formula.names:
        raise InputError("the variable map in the header is not this puzzle's: the file was "
                         "edited after `satpuzzle compile` (compile the puzzle again)", path)
    if [list(c) for c in clauses] != [list(c) for c in formula.all_clauses()]:
        raise InputError("the clauses are not this puzzle's encoding: the file was edited "
                         "after `satpuzzle compile` (compile the puzzle again)", path)
    return formula.names, clauses


def decode_model(instance: Instance,
                 encoding: tuple[dict[int, VarName], Sequence[Sequence[int]]],
                 true_vars: Sequence[int], path: str) -> Solution:
    """The solution a model (its true variables, read from `path`) of `encoding` (from
    encoding_of) stands for, rule-checked: a model that falsifies a clause is bad input; a
    decoded solution the checker rejects, CheckFailed (a bug)."""
    from satpuzzle import dimacs

    names, clauses = encoding
    number = dimacs.first_falsified(clauses, true_vars)
    if number is not None:
        raise InputError(f"the model falsifies clause {number} of the CNF: it is not a "
                         "model of this puzzle's encoding", path)
    module = registry.kind_of(instance)
    solution = module.decode(instance, [names[v] for v in true_vars if v in names])
    problems = module.prepare_check(instance)(solution)
    if problems:
        raise CheckFailed("the decoded solution failed the rule check: " + "; ".join(problems))
    return solution
