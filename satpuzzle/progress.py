"""A one-line progress display on stderr for long work (enumeration, batches, generation,
verification): what was done, the rate, the time elapsed. Drawn only when stderr is a
terminal; when it is a file or a pipe nothing at all is written, so logs stay clean."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

REFRESH_SECONDS = 0.2
CLEAR_LINE = "\r\x1b[K"


class Progress:
    """Counters that a background thread draws on one terminal line. `done` counts the unit
    (solutions, puzzles, instances); `note` adds a word of status."""

    def __init__(self, unit: str, total: int | None = None, stream: TextIO | None = None,
                 enabled: bool | None = None) -> None:
        self.unit = unit
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = _is_terminal(self.stream) if enabled is None else enabled
        self.done = 0
        self.note = ""
        self.started = time.monotonic()
        # made only when drawing: a batch has one (silent) Progress per puzzle
        self._lock = threading.Lock() if self.enabled else contextlib.nullcontext()
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._drawn = False

    def start(self) -> Progress:
        if self.enabled and self._thread is None:
            self._stop = threading.Event()
            self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
            self._thread.start()
        return self

    def advance(self, count: int = 1) -> None:
        self.done += count

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        done = f"{self.done}/{self.total}" if self.total is not None else str(self.done)
        parts = [f"{done} {self.unit}", f"{rate:.1f}/s", f"{elapsed:.1f} s"]
        if self.note:
            parts.append(self.note)
        return "satpuzzle: " + ", ".join(parts)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Around other output to the same terminal: the line is cleared first and redrawn
        by the next tick, so answers never carry a half progress line."""
        with self._lock:
            self._clear()
            yield

    def stop(self) -> None:
        """End the drawing and clear the line; safe to call more than once. Everything that
        ends a run (its last answer, a limit, a timeout, Ctrl-C, an error) comes here before
        the final lines are printed, so none of them lands after a half progress line."""
        if self._stop is not None:
            self._stop.set()
        # cleared under the lock once the stop is set: no tick draws after this, even if an
        # interrupt cuts the join below short
        with self._lock:
            self._clear()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        assert self._stop is not None
        while not self._stop.wait(REFRESH_SECONDS):
            with self._lock:
                if self._stop.is_set():  # stopped while this tick waited for the lock
                    return
                self.stream.write(CLEAR_LINE + self.line())
                self.stream.flush()
                self._drawn = True

    def _clear(self) -> None:
        if self._drawn:
            self.stream.write(CLEAR_LINE)
            self.stream.flush()
            self._drawn = False

    def __enter__(self) -> Progress:  # noqa: PYI034 (typing.Self needs Python 3.11)
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or fake stream
        return False
