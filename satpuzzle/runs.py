"""How a command's work runs, below the command line: the run context (when it started, when it
must end, its clause budget), where the work goes (this process, --jobs worker processes or a
Dask cluster), the --counter race, --split cubes, and generating and verifying many items.

The CLI turns its arguments into these typed values and prints what comes back; nothing here
sees an argparse Namespace or prints. Heavy modules are imported when a run uses them."""

from __future__ import annotations

import contextlib
import functools
import io
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from satpuzzle.cancelling import Cancellation
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Options, Solution
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.claims import Certified, Certifying
    from satpuzzle.cnf import Formula
    from satpuzzle.kinds.base import Kind, Option
    from satpuzzle.loading import Loaded
    from satpuzzle.pipeline import Event, PuzzleEvents, Request
    from satpuzzle.verify import InstanceReport

claims = Lazy("satpuzzle.claims")
registry = Lazy("satpuzzle.kinds.registry")
clause_budget = Lazy("satpuzzle.cnf", "clause_budget")
cluster = Lazy("satpuzzle.cluster")
counting = Lazy("satpuzzle.counting")
pipeline = Lazy("satpuzzle.pipeline")
run_children = Lazy("satpuzzle.children", "run_children")
run_in_child = Lazy("satpuzzle.stages", "run_in_child")
time_limit = Lazy("satpuzzle.stages", "time_limit")

Item = TypeVar("Item")

# a closeable stream of a run's events (closing it stops the run's children)
Events = Generator["Event | Certified", None, None]
Enumerated = Callable[["Request"], Events]


@dataclass(frozen=True)
class RunContext:
    """One command's run: when it started (every --timeout counts from there: reading,
    compiling, solving, writing; all the puzzles of a file), the time.monotonic() at which it
    must end, its clause budget, and how it is cancelled (the state of its signal handler).
    Built once by the CLI, passed down; the requests of the pipeline carry the same values."""

    started: float
    deadline: float | None = None
    max_clauses: int | None = None
    cancel: Cancellation = field(default_factory=Cancellation, compare=False)

    @classmethod
    def starting(cls, started: float, timeout: float | None, max_clauses: int | None = None,
                 cancel: Cancellation | None = None) -> RunContext:
        return cls(started, None if timeout is None else started + timeout, max_clauses,
                   cancel or Cancellation())

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None: no deadline)."""
        return None if self.deadline is None else max(0.001, self.deadline - time.monotonic())

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    @contextlib.contextmanager
    def bounds(self, stage: str | None = None) -> Iterator[None]:
        """The run's --max-clauses for every formula the command builds, the ones built outside
        the pipeline's requests too (verify's, generate --unique's; without it, the default);
        and for a command that keeps no time of its own (its `stage`), --timeout as a timer
        that stops it wherever it is (solve, compile, generate and verify count their own)."""
        with contextlib.ExitStack() as stack:
            if self.max_clauses is not None:
                stack.enter_context(clause_budget(self.max_clauses))
            if stage is not None:
                stack.enter_context(time_limit(stage, self.remaining(), started=self.started))
            yield

    def request(self, **fields: Any) -> Request:
        """The pipeline's request for this run, with these other fields."""
        return pipeline.Request(**{"deadline": self.deadline, "started": self.started,
                                   "max_clauses": self.max_clauses, **fields})


# ---------------------------------------------------------------- reading and writing


def read_puzzles(path: str, kind: str | None, index: int | None, options: Options,
                 run: RunContext) -> tuple[Loaded, str]:
    """The puzzles the file at `path` holds (a URL, a game ID, '-' ...), read as `kind` (None:
    recognised) with the kinds' input `options` (by option name; None or false: not given),
    within the run's deadline; `index` (from 1) keeps one of them. With the notes the readers
    wrote meanwhile (a dictionary's summary), for the caller to show once all is well."""
    from satpuzzle.loading import load

    given = [(k, option) for k in registry.KINDS.values() for option in k.input_options
             if options.get(option.dest)]
    # --box is a Sudoku option, --dict a crossword one, --variant & co. jigsaw ones: each
    # names the kind
    kind = kind or next((k.name for k, option in given if option.names_kind), None)
    notes = io.StringIO()
    with time_limit("reading the puzzle", run.remaining(), started=run.started), \
            contextlib.redirect_stderr(notes):
        loaded = load(path, kind, options)
        _refuse_native_options(given, loaded)
        loaded.instances = [registry.kind_of(i).adjust(i, options) for i in loaded.instances]
        _refuse_options_of_other_kinds(given, loaded)
        if index is not None:
            if index > len(loaded.instances):
                raise InputError(f"--index {index}: the file holds "
                                 f"{len(loaded.instances)} puzzle(s)", path)
            loaded.instances = [loaded.instances[index - 1]]
            loaded.one_line = False
    return loaded, notes.getvalue()


def _refuse_native_options(given: list[tuple[Kind, Option]], loaded: Loaded) -> None:
    """Options that say how to read a native file, given for a text in the language, which
    writes them as entries instead."""
    native_only = [option.flags[0] for _, option in given if option.native_only]
    if loaded.language and native_only:
        raise InputError(f"{' '.join(native_only)}: command-line options that apply to native "
                         "files; in a .puz file write them as entries (see docs/LANGUAGE.md)",
                         loaded.path)


def _refuse_options_of_other_kinds(given: list[tuple[Kind, Option]], loaded: Loaded) -> None:
    """A kind's input option (--diagonals, --connectivity, --best ...) given for a file that
    holds no puzzle of that kind would change nothing: refused rather than ignored."""
    kinds = {instance.KIND for instance in loaded.instances}
    for kind, option in given:
        if kind.name not in kinds:
            holds = " and ".join(sorted(kinds)) or "no"
            raise InputError(f"{option.flags[0]} is a {kind.name} option, and this file holds "
                             f"{holds} puzzles", loaded.path)


def write_file(path: str, text: str | bytes, inputs: tuple[str, ...], force: bool,
               run: RunContext) -> None:
    """`text` written whole to `path` (satpuzzle.textio.write_atomic), within the run's
    deadline where no timer of the command's is running (solve, compile and generate keep
    their own time and write once it is over): a deadline passed before the rename leaves
    the file untouched (StageTimeout)."""
    import signal

    from satpuzzle.stages import StageTimeout
    from satpuzzle.textio import write_atomic

    end = run.deadline
    if end is None or signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        write_atomic(path, text, inputs, force)
        return
    stage, left = f"writing {path}", f"{path} left untouched"
    if time.monotonic() >= end:  # already over: a timer would let a short write through
        raise StageTimeout(stage, run.elapsed(), left)
    with time_limit(stage, end - time.monotonic(), lambda: left, run.started):
        write_atomic(path, text, inputs, force)


# ---------------------------------------------------------------- compile and decode


def compiled_cnf(instance: Instance, request: Request) -> tuple[Formula, str]:
    """`compile`: the puzzle's standalone formula and its DIMACS text, whose header carries the
    puzzle and the variable map (for `decode`), within the request's budget and time."""
    compiled = pipeline.compile(instance, request, standalone=True)
    with pipeline.compiling(request):
        text = compiled.formula.to_dimacs(source=compiled.kind.to_puz(compiled.instance))
    return compiled.formula, text


@dataclass(frozen=True)
class Decoded:
    """`decode`: the puzzle, what the model file says (SAT, UNSAT, UNKNOWN) and, for SAT, the
    solution its model stands for, rule-checked."""

    instance: Instance
    status: str
    solution: Solution = None


def decoded(path: str, model_path: str, request: Request,
            load: Callable[[], Loaded]) -> Decoded:
    """The puzzle at `path` (or, when `path` is the CNF written by `compile`, the one its header
    carries, with the encoding it must hold exactly) and the model file at `model_path`."""
    from satpuzzle import dimacs
    from satpuzzle.loading import load_text
    from satpuzzle.textio import read_text

    text = read_text(path)
    if dimacs.is_satpuzzle_cnf(text):  # the CNF of `compile`: its header holds the puzzle
        header = dimacs.read_header(text, path)
        instance = only(load_text(header.source, path))
        encoding = pipeline.encoding_of(instance, request, (header, text, path))
    else:
        instance = only(load())
        encoding = pipeline.encoding_of(instance, request)
    model = dimacs.read_model(read_text(model_path), model_path)
    if model.status != "SAT":
        return Decoded(instance, model.status)
    return Decoded(instance, "SAT", pipeline.decode_model(instance, encoding, model.true_vars,
                                                          model_path))


def only(loaded: Loaded) -> Instance:
    """The one puzzle of a file (a command that answers one: --index K chooses)."""
    if len(loaded.instances) != 1:
        raise InputError(f"the file holds {len(loaded.instances)} puzzles; choose one with "
                         "--index K", loaded.path)
    return loaded.instances[0]


# ---------------------------------------------------------------- where the work runs


@dataclass(frozen=True)
class SolveRun:
    """What `solve` asks beyond the pipeline's request: how --count counts, the Dask cluster
    that shares out the work (None: this machine's request.workers processes), --split K."""

    request: Request
    counter: str = "enumerate"
    cluster: str | None = None
    split: int | None = None
    certifying: Certifying | None = None  # --certify

    def checked(self) -> SolveRun:
        """Refuse what --solver-cmd and --counter cannot do, before any work; the PySAT
        back end's own spelling in the request."""
        request = self.request
        if request.solver_cmd is not None:
            self._check_external()
        self._check_counter()
        if self.certifying is not None and request.forced:
            raise InputError("--certify backs \"no solution\", \"unique\" and complete counts "
                             "with proofs; --forced's backbone is not certified")
        if request.solver_cmd is not None:
            return self
        from satpuzzle.solving import check_solver

        return replace(self, request=replace(request, solver=check_solver(request.solver)))

    def runs_where(self, backend: str) -> bool:
        """Whether `backend` runs where this run's work goes (satpuzzle.backends.PLACES)."""
        from satpuzzle.backends import PLACES

        place = "cluster" if self.cluster else "jobs" if self.request.workers > 1 else "child"
        return backend in PLACES[place].runs

    def _check_external(self) -> None:
        request = self.request
        if request.forced:
            raise InputError("--forced needs an incremental PySAT back end; use --solver NAME "
                             "instead of --solver-cmd")
        if not self.runs_where("external"):
            option = "--jobs" if request.workers > 1 else "--cluster"
            raise InputError(f"{option} applies to PySAT back ends; --solver-cmd solves the "
                             "puzzles one at a time")
        from satpuzzle.external import solver_argv

        solver_argv(str(request.solver_cmd))

    def _check_counter(self) -> None:
        request, counter = self.request, self.counter
        if counter == counting.ENUMERATE:
            return
        if not request.count_only:
            raise InputError(f"--counter {counter} says how --count counts; give --count too")
        if request.solver_cmd is not None or not self.runs_where("ganak"):
            other = ("--solver-cmd" if request.solver_cmd is not None else
                     "--jobs" if request.workers > 1 else "--cluster")
            raise InputError(f"--counter {counter} counts in satpuzzle itself, one puzzle at "
                             f"a time; {other} applies to --counter enumerate")
        if counter == counting.GANAK and request.engine != "auto":
            raise InputError(f"--engine {request.engine} enumerates, --counter ganak counts "
                             "without enumerating; give one")
        counting.require()

    def check_split(self, loaded: Loaded) -> None:
        """--split cuts one puzzle's search: refuse what it cannot do, before any work."""
        request = self.request
        other = ("--forced" if request.forced else "--solver-cmd"
                 if request.solver_cmd is not None else f"--counter {self.counter}"
                 if self.counter != counting.ENUMERATE else None)
        if other:
            raise InputError(f"--split cuts a SAT search into cubes; {other} does not search "
                             "that way")
        if len(loaded.instances) > 1 or loaded.one_line:
            raise InputError(f"--split cuts one puzzle; the file holds "
                             f"{len(loaded.instances)}: choose one with --index K (several "
                             "puzzles share out with --jobs or --cluster as they are)",
                             loaded.path)


class Place:
    """Where the work of many puzzles (or cubes) runs: this machine's worker processes, or
    the Dask cluster of `client`."""

    def __init__(self, workers: int, client: Any = None) -> None:
        self.workers, self.client = workers, client

    def solve_each(self, instances: Sequence[Instance], request: Request,
                   cubes: Sequence[tuple] | None = None, in_process: bool = False
                   ) -> Generator[PuzzleEvents, None, None]:
        if self.client is None:
            return pipeline.solve_each(instances, request, self.workers, cubes, in_process)
        return cluster.solve_each(self.client, instances, request, cubes)

    def solve_batch(self, instances: Sequence[Instance], request: Request) -> Events:
        if self.client is None:
            return pipeline.solve_batch(instances, request)
        return cluster.solve_batch(self.client, instances, request)


@contextlib.contextmanager
def place(address: str | None, workers: int, timeout: float | None) -> Iterator[Place]:
    """The place of a run: with --cluster ADDRESS a Dask client (connected within
    `timeout`), else this machine's `workers` processes."""
    if not address:
        yield Place(workers)
        return
    with cluster.connect(address, timeout) as client:
        yield Place(workers, client)


def pooled(run: SolveRun, instances: Sequence[Instance], counting: bool) -> bool:
    """Whether the puzzles of a file or directory are answered in one worker process, each
    in that process, rather than each in a child of its own: forking one took 5 ms where a
    4×4 Sudoku takes 0.3 ms to answer (10,000 of them: 94 s, most of it the system's). Not
    where a puzzle's answer must stream or be cut short partway (--all and kinds that give
    every solution, --count, --certify, a deadline, --engine race, --forced), nor with
    --cluster or --split. With --jobs N, each of the N workers solves its puzzles so."""
    request = run.request
    return (len(instances) > 1 and not run.cluster and not run.split
            and run.certifying is None and request.deadline is None and not counting
            and not request.forced and request.engine != "race"
            and all(request.limit_for(registry.kind_of(instance)) is not None
                    for instance in instances))


def puzzle_events(run: SolveRun, instance: Instance) -> Events:
    """The events answering one puzzle: its --split cubes, or the pipeline's run, counted as
    --counter says."""
    solved: Enumerated = (functools.partial(_split_events, run, instance) if run.split
                          else functools.partial(pipeline.solve, instance))
    return answers(run, [instance], solved)


def batch_events(run: SolveRun, where: Place, instances: Sequence[Instance]) -> Events:
    """The events answering a batch of one-line puzzles (puzzle k's say index k)."""
    return answers(run, instances, functools.partial(where.solve_batch, instances))


def _split_events(run: SolveRun, instance: Instance, request: Request) -> Events:
    """--split K: the puzzle's cubes solved by --jobs workers or on --cluster, their events
    merged into one puzzle's."""
    cubes = pipeline.split_cubes(instance, request, run.split)
    copies = [instance] * len(cubes)
    with (place(run.cluster, request.workers, request.remaining()) as where,
          closing(where.solve_each(copies, request, cubes)) as parts):
        limit = request.limit_for(registry.kind_of(instance))
        yield from pipeline.merge_cubes(parts, len(cubes), request, limit)


# ---------------------------------------------------------------- --counter


def answers(run: SolveRun, instances: Sequence[Instance], enumerated: Enumerated) -> Events:
    """The events answering `instances` (puzzle k's say index k): the pipeline's
    (`enumerated(request)`), or for --count by a model counter, those of `--counter`; with
    --certify, each negative claim certified (satpuzzle.claims)."""
    if run.counter == counting.GANAK:
        events = _counted(instances, range(len(instances)), run.request)
    elif run.counter == counting.AUTO:
        events = _enumerate_then_count(enumerated, instances, run.request)
    else:
        events = enumerated(run.request)
    if run.certifying is None:
        return events
    return _closing_both(events, claims.certified(events, instances, run.request,
                                                  run.certifying))


def _closing_both(inner: Events, outer: Iterator[Event]) -> Events:
    """`outer`'s events; closed, it closes `inner` too (the run's children)."""
    try:
        yield from outer
    finally:
        inner.close()


def _counted(instances: Sequence[Instance], indices: Sequence[int], request: Request,
             race: bool = False) -> Events:
    """--counter ganak: each puzzle's formula counted in a child process (satpuzzle.counting),
    projected on its puzzle variables; nothing is enumerated, so no solution is decoded or
    rule-checked. The formula is the standalone one: lazy constraints (Hashi connectivity)
    leave models that are not solutions. `race`: enumeration runs beside the count, and the
    first to finish answers. Ends with Ended(engine="ganak") when Ganak answered any."""
    seconds = 0.0
    engine = None
    for index in indices:
        started = time.monotonic()
        compiled = pipeline.compile(instances[index], request, standalone=True)
        formula = compiled.formula
        yield pipeline.compiled_event(formula, time.monotonic() - started)
        if race:
            result = counting.count_or_enumerate(
                formula, functools.partial(_enumeration_count, instances[index], request),
                request.remaining())
        else:
            result = counting.count_models(formula, request.remaining())
        seconds += result.seconds
        if result.count is None:
            yield pipeline.Ended(result.stopped, seconds, engine=counting.GANAK)
            return
        engine = counting.GANAK if result.by == counting.GANAK else engine
        limit = request.limit_for(compiled.kind)
        if limit is None or result.count <= limit:
            yield pipeline.Done(index, result.count, result.complete)
        else:
            yield pipeline.Done(index, limit, False)
    yield pipeline.Ended(None, seconds, engine=engine)


def _enumeration_count(instance: Instance, request: Request) -> tuple[int, bool]:
    """In a child of the race: the pipeline's count of one puzzle, in that process (the
    race's parent keeps the time)."""
    found, done = 0, pipeline.Done(0, 0, False)
    for event in pipeline.solve(instance, replace(request, in_process=True, deadline=None)):
        if isinstance(event, pipeline.Found):
            found += 1
        elif isinstance(event, pipeline.Done):
            done = event
    return max(found, done.count), done.complete


def _enumerate_then_count(enumerated: Enumerated, instances: Sequence[Instance],
                          request: Request) -> Events:
    """--counter auto: enumeration alone for up to counting.AUTO_SECONDS (within --timeout);
    each puzzle it leaves unanswered is then counted by Ganak and enumerated again side by
    side, the first to finish answering (both are exact). Solutions found meanwhile still
    reach the printer, which keeps the larger of that number and the count; counts cut short
    by the switch are dropped."""
    from satpuzzle.stages import StageTimeout

    switch = time.monotonic() + counting.AUTO_SECONDS
    trial = replace(request, deadline=switch if request.deadline is None
                    else min(switch, request.deadline))
    final = trial.deadline == request.deadline  # the trial's end is --timeout's
    answered: set[int] = set()
    held: list[Event] = []  # cut short, or stopped at --limit: wanted if the run ends here
    try:
        with closing(enumerated(trial)) as events:
            for event in events:
                if isinstance(event, pipeline.Done) and event.complete:
                    answered.add(event.index)
                    yield event
                elif isinstance(event, pipeline.Done):
                    held.append(event)
                elif isinstance(event, pipeline.Ended):
                    if event.stopped != "timeout" or final:
                        yield from held
                        yield event
                        return
                else:
                    yield event
    except StageTimeout:  # compiling took the trial's time
        if final:
            raise
    yield from _counted(instances, [i for i in range(len(instances)) if i not in answered],
                        request, race=True)


# ---------------------------------------------------------------- generate and verify


@dataclass
class Made(Generic[Item]):
    """What a run of many items made, in order, and how it ended ("done", "timeout",
    "interrupt", or how the cluster was lost)."""

    items: list[Item] = field(default_factory=list)
    how: str = "done"


def generate_one(spec: tuple, seed: int, request: Request,
                 timeout: float | None) -> tuple[str, str | None]:
    """One puzzle of `spec` (kind, rows, cols, unique, options) from `seed`, in the language,
    made in a child process, so that a timeout or Ctrl-C stops it even inside a long solver
    call: (how the run ended, the puzzle's text when done)."""
    return run_in_child(lambda _send: cluster.generate_work((*spec, [seed]), request)[0],
                        timeout)


def generate_many(spec: tuple, seeds: range, request: Request, workers: int,
                  address: str | None, timeout: float | None,
                  advance: Callable[[], None]) -> Made[str]:
    """The puzzles of `spec` from `seeds`, made by `workers` processes here or on the Dask
    cluster at `address`: the run of them in seed order that is complete, and how the run
    ended; `advance` is called as each puzzle is made."""
    if address:
        with place(address, workers, timeout) as where:
            return _collected(cluster.generated(where.client, spec, seeds, request),
                              lambda _text: advance())
    jobs = max(1, min(workers, len(seeds)))
    made: dict[int, str] = {}

    def worker(first: int, send: Callable[[object], None]) -> None:
        for index in range(first, len(seeds), jobs):
            send((index, cluster.generate_work((*spec, [seeds[index]]), request)[0]))

    def on_event(_child: int, payload: object) -> None:
        index, text = cast(tuple[int, str], payload)
        made[index] = text
        advance()

    run = run_children([functools.partial(worker, first) for first in range(jobs)], on_event,
                       timeout)
    texts: list[str] = []
    while len(texts) in made:
        texts.append(made[len(texts)])
    return Made(texts, run.stopped or "done")


def _collected(items: Iterable[Item], each: Callable[[Item], None]) -> Made[Item]:
    """The items of a cluster's run, in order, each passed to `each` as it comes, with how
    the run ended."""
    made: Made[Item] = Made()
    try:
        for item in items:
            made.items.append(item)
            each(item)
    except TimeoutError:
        made.how = "timeout"
    except KeyboardInterrupt:
        made.how = "interrupt"
    except cluster.ClusterLost as exc:
        made.how = exc.stopped
    return made


def reduced(reduction: ModuleType, path: str, kind: str | None, index: int | None) -> str:
    """`reduce`: the jigsaw that `reduction` compiles the source instance at `path` into, in
    the language, under a comment naming the source."""
    from satpuzzle.verify import source_instances

    sources = source_instances(reduction, [path], kind, index)
    if len(sources) != 1:
        raise InputError(f"the file holds {len(sources)} puzzles; choose one with --index K",
                         path)
    label, source = sources[0]
    target = reduction.reduce(source)
    return (f"# {reduction.NAME} reduction of {label}\n"
            + registry.kind(target.KIND).to_puz(target))


@dataclass(frozen=True)
class Verifying:
    """What `verify` checks: the reduction, how many jigsaw solutions of an instance are mapped
    back (`cap`), the PySAT solver, and for random sources (count, seed, size)."""

    reduction: ModuleType
    cap: int
    solver: str
    random_spec: tuple[int, int, int] | None = None
    certify: bool = False  # each unsatisfiable side's "no solution" proven (verify --certify)

    def sources(self, files: Sequence[str],
                kind: str | None) -> tuple[Iterable[tuple[str, Instance]], int]:
        """The source instances, labelled, and how many: random ones (`random_spec`), or
        those of `files` (read as `kind`)."""
        from satpuzzle import verify

        if bool(self.random_spec) == bool(files):
            raise InputError("verify: give either --random N or source FILEs")
        if self.random_spec:
            count, seed, size = self.random_spec
            return verify.random_sources(self.reduction, count, seed, size), count
        found = verify.source_instances(self.reduction, files, kind)
        return found, len(found)


def verify_many(job: Verifying, sources: Iterable[tuple[str, Instance]], request: Request,
                address: str | None, on_report: Callable[[InstanceReport], None]) -> str:
    """Each source instance verified through the reduction (satpuzzle.verify), its report
    passed to `on_report` in input order: in a child process (so that --timeout and Ctrl-C
    stop it even inside a solver call), or on the Dask cluster at `address` (random sources
    made there, from `job.random_spec`). How the run ended."""
    reduction, cap, solver, random_spec = job.reduction, job.cap, job.solver, job.random_spec
    if address and job.certify:
        raise InputError("verify --certify proves here, not on a Dask cluster: leave out "
                         "--cluster")
    if address:
        items: Sequence[object] = (range(random_spec[0]) if random_spec
                                else list(sources))
        spec = random_spec[1:] if random_spec else None
        with place(address, 1, request.remaining()) as where:
            reports = cluster.verify_reports(where.client, reduction.NAME, items, cap, solver,
                                             request, spec)
            return _collected(reports, on_report).how
    from satpuzzle.verify import verify_all

    def work(send: Callable[[object], None]) -> None:
        for report in verify_all(reduction, sources, cap, solver, request.encodings,
                                 certify=job.certify):
            send(report)

    how, _ = run_in_child(work, request.remaining(), on_report)
    return str(how)
