"""The product path, for the per-kind benchmark scripts: every satpuzzle figure comes from the
solve pipeline a user runs (satpuzzle.pipeline, rule check on), or from the whole
`satpuzzle solve` process; never from an encoder plus a solver loop or an engine function.

- `first(instance, ...)`, `run(instance, ...)`: one puzzle through `pipeline.solve`, with the
  time of each event (compiled, each solution, done) measured as it arrives;
- `batch(instances, ...)`: one-line puzzles through `pipeline.solve_batch` (one formula, the
  puzzles as assumptions: what `satpuzzle solve FILE` does on a one-line file), with the time
  each puzzle was answered;
- `command(arguments, ...)`: the whole `python -m satpuzzle ...` process, started through
  satpuzzle.children.run_command (killed with anything it started), timed from before it
  starts to after it has exited.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from satpuzzle import pipeline
from satpuzzle.children import run_command
from satpuzzle.solving import DEFAULT_SOLVER

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    """What one pipeline run gave: its solutions, when each came (seconds from the call),
    the compile time when a CNF was built, and how it ended."""

    solutions: list[Any] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # seconds to each solution
    compiled: float | None = None  # seconds from the call to the Compiled event
    compile_seconds: float | None = None  # the pipeline's own measure of compiling
    clauses: int | None = None
    seconds: float = 0.0  # from the call to Ended
    complete: bool = False
    stopped: str | None = None  # None, "timeout", "interrupt", "unknown"
    winner: str | None = None  # a race: which engine answered
    stats: dict[str, int] = field(default_factory=dict)


def request(limit: int | None = 1, engine: str = "auto", solver: str = DEFAULT_SOLVER,
            timeout: float | None = None, in_process: bool = True) -> pipeline.Request:
    """A Request as the API builds it (in process) or as the command does (in_process False:
    back ends in a child process, which a deadline can stop); checking is always on."""
    deadline = None if timeout is None else time.monotonic() + timeout
    return pipeline.Request(limit=limit, engine=engine, solver=solver, deadline=deadline,
                            check=True, in_process=in_process and timeout is None)


def run(instance: Any, limit: int | None = 1, engine: str = "auto",
        solver: str = DEFAULT_SOLVER, timeout: float | None = None) -> Run:
    """One puzzle through `pipeline.solve`: in process without a timeout, else with the
    back end in a child process that the deadline stops (as the command runs it)."""
    result = Run()
    started = time.perf_counter()
    for event in pipeline.solve(instance, request(limit, engine, solver, timeout)):
        now = time.perf_counter() - started
        if isinstance(event, pipeline.Compiled):
            result.compiled, result.compile_seconds = now, event.seconds
            result.clauses = event.clauses
        elif isinstance(event, pipeline.Found):
            result.solutions.append(event.solution)
            result.times.append(now)
        elif isinstance(event, pipeline.Done):
            result.complete = event.complete
        elif isinstance(event, pipeline.Ended):
            result.seconds, result.stopped = now, event.stopped
            result.winner, result.stats = event.winner, dict(event.stats)
    return result


def first(instance: Any, engine: str = "auto", solver: str = DEFAULT_SOLVER,
          timeout: float | None = None) -> tuple[Any | None, float, Run]:
    """The first solution (None: none, or the deadline passed: see Run.stopped), the
    seconds the pipeline took, and the run."""
    result = run(instance, 1, engine, solver, timeout)
    solution = result.solutions[0] if result.solutions else None
    return solution, result.seconds, result


def batch(instances: Sequence[Any], limit: int | None = 1,
          solver: str = DEFAULT_SOLVER) -> tuple[list[float], list[list[Any]]]:
    """One-line puzzles through `pipeline.solve_batch`, in process: per puzzle, the seconds
    from the previous puzzle's answer to its own (the shared formula's build is charged to
    the first), and its solutions."""
    found: list[list[Any]] = [[] for _ in instances]
    times = [0.0] * len(instances)
    request = pipeline.Request(limit=limit, solver=solver, check=True, in_process=True)
    last = time.perf_counter()
    for event in pipeline.solve_batch(list(instances), request):
        if isinstance(event, pipeline.Found):
            found[event.index].append(event.solution)
        elif isinstance(event, pipeline.Done):
            now = time.perf_counter()
            times[event.index] = now - last
            last = now
    return times, found


@dataclass
class Process:
    """A whole process: its exit code (None: killed at the time limit), wall seconds,
    standard output and error."""

    code: int | None
    seconds: float
    stdout: str
    stderr: str


def command(arguments: Sequence[str], timeout: float = 600.0) -> Process:
    """`python -m satpuzzle ARGUMENTS` as a whole process, timed with time.monotonic from
    before it starts to after it has exited (start-up, parsing and checking included)."""
    argv = [sys.executable, "-m", "satpuzzle", *arguments]
    with tempfile.TemporaryDirectory(prefix="satpuzzle-bench-") as name:
        out, err = Path(name) / "out", Path(name) / "err"
        started = time.monotonic()
        code, killed = run_command(argv, out, err, timeout)
        seconds = time.monotonic() - started
        return Process(None if killed else code, seconds, out.read_text(), err.read_text())
