"""The time budget of one question of the engine `best` (satpuzzle.kinds.crossword.best):
the process's real-time timer, whose signal raises OutOfBudget wherever the search is.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Self

SignalHandler = Callable[[int, FrameType | None], object] | int | None


class OutOfBudget(BaseException):
    """A question's time budget ran out (Alarm.budget). Raised from a signal handler anywhere
    in the search: a BaseException, as KeyboardInterrupt, so that no `except Exception` on
    the way swallows it."""


class Alarm:
    """The real-time timer that ends a question's time budget (`budget()`: OutOfBudget).
    Signals reach Python only in the main thread; elsewhere (an API call from a thread), or
    when the process's real-time timer is already in use, there is no timer, and budgets are
    unlimited."""

    def __init__(self) -> None:
        # the timer is the process's one real-time timer: not when another is running
        self.usable = (threading.current_thread() is threading.main_thread()
                       and signal.getitimer(signal.ITIMER_REAL)[0] == 0)
        self.until: float | None = None  # when the current budget runs out
        self.previous: SignalHandler = None

    def __enter__(self) -> Self:
        if self.usable:
            self.previous = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            # None: the handler before was not set from Python (the default one, in practice)
            signal.signal(signal.SIGALRM,
                          signal.SIG_DFL if self.previous is None else self.previous)

    def _arm(self) -> None:
        seconds = 0.0 if self.until is None else max(0.001, self.until - time.monotonic())
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def _ring(self, _signum: int, _frame: object) -> None:
        now = time.monotonic() + 0.001  # the timer may ring a hair early
        if self.until is not None and now >= self.until:
            self.until = None
            raise OutOfBudget
        self._arm()

    @contextlib.contextmanager
    def budget(self, seconds: float | None) -> Iterator[None]:
        """Raise OutOfBudget inside after `seconds` (None: no budget)."""
        if seconds is None or not self.usable:
            yield
            return
        self.until = time.monotonic() + seconds
        self._arm()
        try:
            yield
        finally:
            self.until = None
            self._arm()
