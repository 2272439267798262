"""How a run is cancelled: SIGINT and SIGTERM become KeyboardInterrupt, but never in the
middle of printing a solution, and never lost. The command line makes one Cancellation per
run, installs its handler and passes it down in the run context (satpuzzle.runs.RunContext).
And when a run started: a command line's --timeout counts from the process's start."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from types import FrameType

from satpuzzle.errors import EXIT_GAVE_UP


class Cancellation:
    """Inside `atomic()` an interrupt waits until the solution is out and counted.

    The first signal also starts a watchdog that ends the process with exit 3 if the orderly
    stop has not ended it GRACE seconds later (an interrupt swallowed by a library's
    `except BaseException`, or raised where Python turns it into another error); a second
    signal ends it at once. Only the command's own process (`own_process`) is ended so: a
    caller from Python (a test, an embedding program) keeps its process. Workers die with the
    process (satpuzzle.children)."""

    GRACE = 5.0  # seconds: an orderly stop takes a fraction of one
    # whether any run's handler has taken a signal in this process: the entry point's last
    # resort (satpuzzle.__main__) reads it, signals being the process's, not one run's
    signalled = False

    def __init__(self, own_process: bool = False) -> None:
        self.depth = 0
        self.pending = False
        self.received = 0
        self.own_process = own_process

    def handle(self, _signum: int, _frame: FrameType | None) -> None:
        self.received += 1
        Cancellation.signalled = True
        if self.received > 1 and self.own_process:
            _stop_now()
        if self.received == 1 and self.own_process:
            watchdog = threading.Timer(self.GRACE, _stop_now)
            watchdog.daemon = True
            watchdog.start()
        if self.depth:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
        if not self.depth and self.pending:
            self.pending = False
            raise KeyboardInterrupt


def _stop_now() -> None:
    """End the process with exit 3 (see Cancellation)."""
    try:
        sys.stderr.write("satpuzzle: interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(EXIT_GAVE_UP)


def process_age() -> float:
    """Seconds since this process started (interpreter start-up and imports included), so
    that --timeout bounds the whole command as the user sees it; 0 where unknown."""
    try:
        with open("/proc/self/stat") as handle:
            start_ticks = int(handle.read().rsplit(")", 1)[1].split()[19])
        now = time.clock_gettime(time.CLOCK_BOOTTIME)
        return max(0.0, now - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0
