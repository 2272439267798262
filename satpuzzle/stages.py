"""--timeout for the stages that run in satpuzzle's own process (compiling, generating,
verifying): a real-time timer interrupts the stage wherever it is, and the answer names the
stage and what it had done. Solving runs in a child process with its own timer
(satpuzzle.solving), so this one is disarmed around it."""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


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


def run_in_child(work: Callable[[Callable[[object], None]], object], timeout: float | None,
                 on_event: Callable[[object], None] | None = None) -> tuple[str, object]:
    """Run `work(send)` in a forked child process, so that a timeout or Ctrl-C stops it even
    inside a long solver call. Events the child passes to `send` reach `on_event` here as they
    come. Returns ("done", work's result), ("timeout", None) or ("interrupt", None); an
    InputError in the child is raised again here, any other failure as ChildFailed."""
    import multiprocessing
    import multiprocessing.connection

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child_main, args=(work, sender), daemon=False)
    child.start()
    sender.close()
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return "timeout", None
            if not receiver.poll(left):
                return "timeout", None
            try:
                tag, payload = receiver.recv()
            except EOFError:
                raise ChildFailed("the worker process died unexpectedly") from None
            if tag == "event" and on_event is not None:
                on_event(payload)
            elif tag == "done":
                return "done", payload
            elif tag == "input-error":
                from satpuzzle.errors import InputError

                raise InputError(*payload)
            elif tag == "failed":
                raise ChildFailed(payload)
    except KeyboardInterrupt:
        return "interrupt", None
    finally:
        if child.is_alive():
            child.terminate()  # SIGTERM: the child stops and cleans up (solver children too)
            child.join(5)
            if child.is_alive():
                child.kill()
        child.join()
        receiver.close()


class ChildFailed(Exception):
    """A bug in the work run by run_in_child (its traceback as the message)."""


def _child_main(work: Callable[[Callable[[object], None]], object], sender) -> None:
    import traceback

    from satpuzzle.errors import InputError

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C means
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        result = work(lambda payload: sender.send(("event", payload)))
        sender.send(("done", result))
    except InputError as exc:
        sender.send(("input-error", (exc.message, exc.path, exc.line, exc.column)))
    except Exception:  # noqa: BLE001 - reported to the parent as a bug, with its traceback
        sender.send(("failed", traceback.format_exc()))
    finally:
        sys.stdout.flush()  # a forked child leaves by os._exit: buffers are not flushed
        sender.close()
