"""What the Python API (`satpuzzle/__init__.py`) answers with, and how one call runs.

`Result` is the answer to one puzzle (`count`, `unique`), `Forced` its backbone (`forced`):
typed, frozen, with `to_json()` giving the object `satpuzzle solve --format json` prints.
`Timeout` is what every call raises when its `timeout` runs out first: a call never returns
a partial answer as if it were whole, and the exception carries what was found by then.

`events(instance, request, timeout)` is the pipeline's events for one call. Without a timeout
everything runs in this process (nothing forked, no timer). With one, the pipeline runs as
the command line runs it: the back end in child processes killed at the deadline, compiling
under a timer. That timer is a signal, which only the main thread can receive: from any
other thread the whole run goes to one child process, which runs it the same way there.

Only the standard library is imported here at start-up; the pipeline on first use.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from satpuzzle.instances import Instance, JSONOut, Options, Solution

if TYPE_CHECKING:
    from satpuzzle.kinds.base import Kind
    from satpuzzle.pipeline import Event, ForcedResult, Message, Request

# seconds the parent waits past the deadline for a child running the whole call to report
# its own timeout (with what it found) before it kills it
HARD_STOP_GRACE = 2.0


class Timeout(TimeoutError):
    """The call's `timeout` ran out before its answer was complete. `result` is what was
    found by then: a `Result` (status "SAT" when some solution was found, else "UNKNOWN";
    `complete` False; for `solutions`, the count alone), a `Forced` (what was proven), or
    None when time ran out before the search began (while compiling, or in `generate`)."""

    def __init__(self, message: str, result: Result | Forced | None = None,
                 elapsed: float = 0.0) -> None:
        super().__init__(message)
        self.result = result
        self.elapsed = elapsed


@dataclass(frozen=True)
class Result:
    """The answer to one puzzle. `status`: "SAT" (a solution was found), "UNSAT" (none
    exists), "UNKNOWN" (cut short before the first); `count`: the solutions found (or
    counted); `complete`: the search was exhaustive, so `count` is every solution (False when
    it stopped at a limit); `solutions`: those kept, in the kind's plain values (`count`
    keeps none, `unique` at most two); `stopped`: None, or "timeout" in a `Timeout.result`."""

    kind: str
    status: str
    count: int
    complete: bool
    solutions: tuple[Solution, ...] = ()
    stopped: str | None = None
    elapsed: float = field(default=0.0, compare=False)
    # Any: None only as the default that dataclass field order asks for; always given
    instance: Any = field(default=None, repr=False, compare=False)

    @property
    def solution(self) -> Solution | None:
        """The first solution kept, or None."""
        return self.solutions[0] if self.solutions else None

    @property
    def verdict(self) -> str:
        """"none", "unique", "multiple" or "unknown" (cut short before a second solution
        was ruled out), as `satpuzzle solve --unique` says it."""
        if self.count >= 2:
            return "multiple"
        if not self.complete:
            return "unknown"
        return "unique" if self.count == 1 else "none"

    def to_json(self) -> dict[str, JSONOut]:
        """The JSON-ready object `satpuzzle solve --format json` prints for this answer
        (`json.dumps(result.to_json())`)."""
        from satpuzzle.kinds import registry

        kind = registry.kind_of(self.instance)
        return {"kind": self.kind, "status": self.status, "count": self.count,
                "complete": self.complete,
                "solutions": [kind.render_json(self.instance, s) for s in self.solutions]}


@dataclass(frozen=True)
class Forced(Mapping):
    """What every solution shares: the backbone over the puzzle's variables. `forced`:
    {variable name: value} of each variable forced to one value, which the object also reads
    as (`shared[name]`, `len(shared)`, `shared.items()`: what `forced` returned before it
    was typed); `free`: the names of those proven to differ between solutions; `undecided`:
    not proven either way (cut short); `variables`: how many puzzle variables there are;
    `text`: the forced ones in the kind's words (`satpuzzle solve --forced`); `calls`: solver
    calls. `status` and `complete` as in `Result`; with no solution ("UNSAT") nothing is
    forced."""

    kind: str
    status: str
    complete: bool
    forced: dict[tuple, bool]
    free: tuple[tuple, ...]
    undecided: tuple[tuple, ...]
    variables: int
    text: tuple[str, ...]
    calls: int
    stopped: str | None = None
    elapsed: float = field(default=0.0, compare=False)

    @property
    def unique(self) -> bool:
        """Every variable is forced: the puzzle has exactly one solution."""
        return self.complete and self.status == "SAT" and not self.free

    def __getitem__(self, name: tuple) -> bool:
        return self.forced[name]

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.forced)

    def __len__(self) -> int:
        return len(self.forced)

    def to_json(self) -> dict[str, JSONOut]:
        """The JSON-ready object `satpuzzle solve --forced --format json` prints."""
        return {"kind": self.kind, "status": self.status, "complete": self.complete,
                "variables": self.variables, "solver_calls": self.calls,
                "unique": self.unique,
                "forced": [{"name": list(name), "value": value}
                           for name, value in self.forced.items()],
                "free": [list(name) for name in self.free],
                "undecided": [list(name) for name in self.undecided],
                "text": list(self.text)}


# ---------------------------------------------------------------- checking arguments


def kind_name(instance: object) -> str:
    """The instance's kind, or a TypeError for what is no puzzle instance."""
    from satpuzzle.kinds import registry

    name = getattr(type(instance), "KIND", None)
    if not isinstance(name, str) or name not in registry.KINDS:
        raise TypeError(f"expected a puzzle instance (what satpuzzle.load returns), not "
                        f"{type(instance).__name__}")
    return name


def solver_name(name: str) -> str:
    """The PySAT spelling of back end `name`, or an InputError when this PySAT lacks it;
    remembered, as asking PySAT builds a solver (several milliseconds a call)."""
    if name not in _SOLVERS:
        from satpuzzle.solving import check_solver

        _SOLVERS[name] = check_solver(name)
    return _SOLVERS[name]


_SOLVERS: dict[str, str] = {}


def check_limit(limit: int | None) -> int | None:
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                              or limit < 1):
        raise ValueError(f"limit must be a positive integer or None (every solution), "
                         f"not {limit!r}")
    return limit


def check_timeout(timeout: float | None) -> float | None:
    """Seconds, or None for no limit (so is math.inf); above MAX_TIMEOUT, that (the system's
    timers refuse a time beyond the year 2038)."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) \
            or math.isnan(timeout) or timeout <= 0:
        raise ValueError(f"timeout must be a positive number of seconds or None, "
                         f"not {timeout!r}")
    return None if math.isinf(timeout) else min(float(timeout), MAX_TIMEOUT)


MAX_TIMEOUT = 1e8  # seconds: three years


# ---------------------------------------------------------------- running one call


def events(instance: Instance, request: Request,
           timeout: float | None) -> Generator[Event, None, None]:
    """The pipeline's events answering `instance`. Without `timeout`, in this process; with
    one, in killable child processes (see the module's docstring), ending with an `Ended`
    whose `stopped` says "timeout" when the time ran out. Raises Timeout, with no result, when
    it ran out while compiling."""
    from satpuzzle import pipeline

    if timeout is None:
        here = request if request.in_process and request.deadline is None \
            else replace(request, in_process=True, deadline=None)
        yield from pipeline.solve(instance, here)
        return
    started = time.monotonic()
    timed = replace(request, in_process=False, deadline=started + timeout, started=started)
    if threading.current_thread() is threading.main_thread():
        yield from _compiling_timed(lambda: pipeline.solve(instance, timed))
    else:
        yield from _in_one_child(instance, timed, timeout, started)


def _compiling_timed(run: Callable[[], Iterator[Event]]) -> Iterator[Event]:
    from satpuzzle.stages import StageTimeout

    try:
        yield from run()
    except StageTimeout as exc:
        raise Timeout(str(exc), None, exc.elapsed) from None


def _in_one_child(instance: Instance, request: Request, timeout: float,
                  started: float) -> Iterator[Event]:
    """The whole run in one child process, where it has a main thread of its own for the
    compile timer; its events come back as they are found (pipeline._relay bundles fast
    ones). The child stops itself at the deadline and says so; if it has not within
    HARD_STOP_GRACE seconds more, it is killed."""
    from satpuzzle import pipeline
    from satpuzzle.children import stream
    from satpuzzle.stages import StageTimeout

    def run() -> Iterator[Message]:
        try:
            yield from pipeline.solve(instance, request)
        except StageTimeout as exc:
            yield _CompileTimeout(str(exc), exc.elapsed)

    ended = compiled = False
    compile_timeout = None
    messages = pipeline._events_of(stream([pipeline._relay(run)], timeout + HARD_STOP_GRACE))
    try:
        for _source, event in messages:
            if isinstance(event, _CompileTimeout):
                compile_timeout = event
                break
            ended |= isinstance(event, pipeline.Ended)
            compiled |= isinstance(event, pipeline.Compiled)
            yield event
    except TimeoutError:  # the child was killed: what it sent is all there is
        elapsed = time.monotonic() - started
        if not compiled and _compiles_first(instance, request):
            # killed inside a native call of the encoder that its own timer could not
            # interrupt (a busy machine gives it no time to): still a timeout while compiling
            compile_timeout = _CompileTimeout(str(StageTimeout("compiling", elapsed)), elapsed)
        elif not ended:
            yield pipeline.Ended("timeout", elapsed)
    finally:
        messages.close()
    if compile_timeout is not None:  # raised here: Timeout is a TimeoutError too
        raise Timeout(compile_timeout.message, None, compile_timeout.elapsed)


def _compiles_first(instance: Instance, request: Request) -> bool:
    """Whether the run begins by compiling the CNF (SAT answers, not a kind's own engine),
    so that nothing heard from it means time ran out while compiling."""
    from satpuzzle import pipeline

    try:
        return pipeline.choose(pipeline.Asked(instance, request)) == "sat"
    except Exception:  # noqa: BLE001 - the child already met whatever this raises
        return False


@dataclass(frozen=True)
class _CompileTimeout:
    message: str
    elapsed: float


class Tally:
    """What one puzzle's events said: solutions found (the first `keep` kept, all when None),
    the count (natively counted ones included), whether the search was complete, how the run
    ended."""

    def __init__(self, instance: Instance, keep: int | None = 0) -> None:
        self.instance = instance
        self.keep = keep
        self.started = time.monotonic()
        self.solutions: list[Solution] = []
        self.count = 0
        self.complete = False
        self.stopped: str | None = None
        self.forced: ForcedResult | None = None

    def feed(self, event: Event) -> Solution | None:
        """Take one event in; a solution it brings, else None."""
        from satpuzzle import pipeline

        if isinstance(event, pipeline.Found):
            self.count += 1
            if self.keep is None or len(self.solutions) < self.keep:
                self.solutions.append(event.solution)
            return event.solution
        if isinstance(event, (pipeline.Done, pipeline.Counting)):
            self.count = max(self.count, event.count)
            if isinstance(event, pipeline.Done):
                self.complete = event.complete
        elif isinstance(event, pipeline.ForcedResult):
            self.forced = event
        elif isinstance(event, pipeline.Ended):
            self.stopped = event.stopped
        return None

    def result(self) -> Result:
        stopped = self.stopped
        complete = self.complete and not stopped
        status = "SAT" if self.count else ("UNSAT" if complete else "UNKNOWN")
        return Result(self.instance.KIND, status, self.count, complete,
                      tuple(self.solutions), stopped, time.monotonic() - self.started,
                      self.instance)

    def forced_result(self) -> Forced:
        assert self.forced is not None, "the pipeline's --forced run gave no ForcedResult"
        return forced_of(self.instance, self.forced, time.monotonic() - self.started)

    def raise_if_stopped(self, result: Result | Forced | None = None) -> None:
        """Timeout when the time ran out, KeyboardInterrupt when Ctrl-C stopped the children
        (the pipeline turned it into an event)."""
        if self.stopped == "interrupt":
            raise KeyboardInterrupt
        if self.stopped == "timeout":
            elapsed = time.monotonic() - self.started
            if isinstance(result, Forced):
                found = f"{len(result.forced)} of {result.variables} variables proven forced"
            else:
                found = f"{self.count} solution(s) found so far"
            raise Timeout(f"timeout after {elapsed:.2f} s: {found}",
                          result if result is not None else self.result(), elapsed)


def forced_of(instance: Instance, event: ForcedResult, elapsed: float = 0.0) -> Forced:
    """The typed backbone a --forced run's ForcedResult event says (`Forced.to_json` is what
    `satpuzzle solve --forced --format json` prints)."""
    backbone, names = event.backbone, event.names
    status = ("UNSAT" if backbone.status == "none" else
              "SAT" if backbone.solution_found else "UNKNOWN")
    stopped = {"timeout": "timeout", "interrupted": "interrupt"}.get(backbone.status)
    return Forced(instance.KIND, status, backbone.complete, dict(event.forced),
                  tuple(names[v] for v in sorted(backbone.free)),
                  tuple(names[v] for v in sorted(backbone.undecided)),
                  len(backbone.live), tuple(event.lines), backbone.calls, stopped, elapsed)


def answer(instance: Instance, request: Request, timeout: float | None,
           keep: int | None) -> Result:
    """Run one call to the end and say what it found (Timeout when the time ran out)."""
    tally = Tally(instance, keep)
    for event in events(instance, request, timeout):
        tally.feed(event)
    result = tally.result()
    tally.raise_if_stopped(result)
    return result


def backbone(instance: Instance, request: Request, timeout: float | None) -> Forced:
    """The backbone of one puzzle (Timeout, with what was proven, when the time ran out)."""
    tally = Tally(instance)
    for event in events(instance, request, timeout):
        tally.feed(event)
    result = tally.forced_result()
    tally.raise_if_stopped(result)
    return result


def solutions(instance: Instance, request: Request, timeout: float | None,
              ) -> Iterator[Solution]:
    """Each solution as it is found; Timeout after the last one found in time."""
    tally = Tally(instance)
    run = events(instance, request, timeout)
    try:
        for event in run:
            solution = tally.feed(event)
            if solution is not None:
                yield solution
    finally:
        run.close()  # an abandoned loop stops the children now
    tally.raise_if_stopped()


# ---------------------------------------------------------------- generating


def generate(name: str, rows: int | None, cols: int | None, seed: int, unique: bool,
             timeout: float | None, options: Options) -> Instance:
    """A random instance from the kind's generator (satpuzzle generate), in a child process
    killed at the deadline when there is a timeout."""
    from satpuzzle.errors import InputError
    from satpuzzle.kinds import registry
    from satpuzzle.stages import run_in_child

    kind = registry.kind(name)
    if not kind.can_generate:
        raise InputError(f"satpuzzle cannot generate {name} puzzles; it generates "
                         + ", ".join(n for n, k in registry.KINDS.items() if k.can_generate))
    if rows is None:
        rows, cols = kind.generate_size if cols is None else (cols, cols)
    elif cols is None:
        cols = rows
    for label, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InputError(f"{label} must be a positive integer, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"seed must be an integer, not {seed!r}")
    settings = generate_options(kind, options)

    def make(_send: object = None) -> Instance:
        return kind.generate(rows, cols, seed, bool(unique), settings)

    if timeout is None:
        return make()
    started = time.monotonic()
    how, instance = run_in_child(make, timeout)
    if how == "interrupt":
        raise KeyboardInterrupt
    if how == "timeout":
        elapsed = time.monotonic() - started
        raise Timeout(f"timeout after {elapsed:.2f} s while generating a {rows}x{cols} {name} "
                      f"puzzle (seed {seed})", None, elapsed)
    return cast("Instance", instance)  # "done": the child's instance, never None


def generate_options(kind: Kind, given: Options) -> Options:
    """The kind's generator options (`satpuzzle generate --help`, by their Python names):
    each one given checked as the command line checks it, the others at their defaults."""
    from satpuzzle.errors import InputError

    options = {option.dest: option.kwargs for option in kind.generate_options}
    unknown = sorted(set(given) - set(options))
    if unknown:
        known = ", ".join(sorted(options)) or "none"
        raise InputError(f"{kind.name} generation has no option {unknown[0]!r}; its options: "
                         f"{known}")
    settings = {}
    for dest, spec in options.items():
        value = given.get(dest, spec.get("default"))
        if dest in given and value is not None:
            wanted = spec.get("type")
            if wanted is not None and (isinstance(value, bool) or not isinstance(
                    value, (int, float) if wanted is float else wanted)):
                raise InputError(f"{dest} must be of type {wanted.__name__}, not {value!r}")
            if "choices" in spec and value not in spec["choices"]:
                raise InputError(f"{dest} is one of {', '.join(map(str, spec['choices']))}, "
                                 f"not {value!r}")
        settings[dest] = value
    return settings
