"""--timeout for the stages that run in satpuzzle's own process (compiling, generating,
verifying): a real-time timer interrupts the stage wherever it is, and the answer names the
stage and what it had done. Solving runs in a child process with its own timer
(satpuzzle.solving), so this one is disarmed around it."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar, cast

from satpuzzle.children import ChildFailed, Send, run_children
from satpuzzle.instances import Solution

__all__ = ["ChildFailed", "StageTimeout", "offer", "paused_limit", "run_in_child",
           "taking_offers", "time_limit"]

_Result = TypeVar("_Result")

_taker: list[Callable[[Solution, str], None] | None] = [None]  # see taking_offers


class StageTimeout(Exception):
    """The --timeout ran out during `stage`; `detail` says what was done by then."""

    def __init__(self, stage: str, elapsed: float, detail: str = "") -> None:
        super().__init__(stage)
        self.stage = stage
        self.elapsed = elapsed
        self.detail = detail

    def __str__(self) -> str:
        detail = f": {self.detail}" if self.detail else ""
        return f"timeout after {self.elapsed:.2f} s while {self.stage}{detail}"


@contextmanager
def time_limit(stage: str, seconds: float | None, detail: Callable[[], str] | None = None,
               started: float | None = None) -> Iterator[None]:
    """Run the body for at most `seconds` (None: no limit), else raise StageTimeout. `detail`
    is asked, when time runs out, what was done so far; `started` is when the clock the
    message reports began (default: now)."""
    if seconds is None:
        yield
        return
    started = time.monotonic() if started is None else started

    def expire(_signum: int, _frame: object) -> None:
        raise StageTimeout(stage, time.monotonic() - started, detail() if detail else "")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def taking_offers(take: Callable[[Solution, str], None]) -> Iterator[None]:
    """Inside, `offer(answer, note)` passes `take` an answer an engine has found but not yet
    proven (the crossword's best fill so far); the run prints the last one offered, with
    its note, if it is cut short (--timeout, Ctrl-C, SIGTERM) before the engine proves it
    or finds better. The offer leaves at once: an engine's last words are not needed."""
    previous = _taker[0]
    _taker[0] = take
    try:
        yield
    finally:
        _taker[0] = previous


def offer(answer: Solution, note: str) -> None:
    """See `taking_offers` (with no taker, nobody could print it: dropped)."""
    take = _taker[0]
    if take is not None:
        take(answer, note)


@contextmanager
def paused_limit() -> Iterator[float | None]:
    """Disarm a running time_limit for a body that keeps its own time (a solve in a child
    process); yields the seconds that were left, and rearms with what is left after."""
    left, _interval = signal.getitimer(signal.ITIMER_REAL)
    if not left:
        yield None
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    started = time.monotonic()
    try:
        yield left
    finally:
        remaining = left - (time.monotonic() - started)
        signal.setitimer(signal.ITIMER_REAL, max(remaining, 0.001))


def run_in_child(work: Callable[[Send], _Result], timeout: float | None,
                 on_event: Callable[[object], None] | None = None
                 ) -> tuple[str, _Result | None]:
    """Run `work(send)` in a forked child process (satpuzzle.children), so that a timeout or
    Ctrl-C stops it even inside a long solver call. Events the child passes to `send` reach
    `on_event` here as they come. Returns ("done", work's result), ("timeout", None) or
    ("interrupt", None); an InputError in the child is raised again here, any other failure
    as ChildFailed."""

    def relay(_child: int, payload: object) -> bool:
        if on_event is not None:
            on_event(payload)
        return False

    run = run_children([work], relay, timeout)
    if run.stopped is not None:
        return run.stopped, None
    # the child's return value, unpickled here: what `work` returned
    return "done", cast(_Result, run.results[0])
