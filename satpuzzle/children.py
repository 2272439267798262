"""Every child process of satpuzzle goes through here: forked Python functions that stream
events to the parent (`run_children`) and solver binaries (`run_command`).

A forked child runs in its own process group, ignores SIGINT (the parent decides what Ctrl-C
means) and dies with its parent (Linux: PR_SET_PDEATHSIG). Whatever ends a run (every child
finished, the parent's `on_event` asked to stop, the timeout, Ctrl-C or SIGTERM raised as
KeyboardInterrupt in the parent, an error in a child or in `on_event`), the process group of
every child is killed and every child is joined before `run_children` returns or raises: no
child, and no process a child started, outlives the call.

One pipe per child carries tagged messages: ("event", payload) for each `send(payload)`, then
one of ("done", value), ("input-error", (class, message, path, line, column)) or ("failed",
(summary, traceback text)), or ("out-of-memory", summary) for a MemoryError, raised again
here as MemoryError. A child that exits without one of those died: ChildFailed, or
MemoryError when what it left on its standard error says a native solver could not
allocate. That is why a child's standard error goes to a temporary file, passed on to
satpuzzle's when the child ends: a C++ runtime's dying words are read, not shown.

`run_command` runs a program in its own session (so a terminal's Ctrl-C does not reach it
directly) with a deadline, and kills its process group whatever ends the wait. Inside a
forked child it stays in the child's process group instead, which the parent kills whole.

PR_SET_PDEATHSIG reaches only a direct child: a process that a solver or a child started
would outlive a satpuzzle killed by SIGKILL. So every process group satpuzzle starts is
also registered with a watcher (`_GroupWatch`): a small process forked once, in a session
of its own, that reads group ids from a pipe. satpuzzle and its forked children hold the
pipe's write end; when the last of them is gone, however it died, the watcher reads end of
file, kills every group still registered, and exits.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from satpuzzle.errors import InputError

if TYPE_CHECKING:
    import subprocess
    from multiprocessing.connection import Connection

# multiprocessing, subprocess, ctypes, tempfile and traceback are imported where a child is
# started or fails: a puzzle answered in this process (pipeline.solve's budgeted first try)
# starts none, and importing them cost a tenth of a small solve's start-up

Send = Callable[[object], None]

_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
_PR_SET_PDEATHSIG = 1
_IN_CHILD = [False]  # True in a process forked by run_children


class ChildFailed(Exception):
    """A child failed: a bug (the message is its traceback text) or it died without saying
    why (the message says how it ended). `summary` is one line ("ValueError: ..." or the way
    it died), `exitcode` is set when it died (negative: killed by that signal)."""

    def __init__(self, message: str, summary: str | None = None,
                 exitcode: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.summary = summary if summary is not None else message
        self.exitcode = exitcode


class CpuLimitReached(ChildFailed):
    """A child was killed by the system for its CPU time (RLIMIT_CPU, `ulimit -t`): SIGXCPU at
    the soft limit, SIGKILL at the hard one. A resource limit, as memory is, not a bug."""


def _cpu_limit() -> float | None:
    """The soft CPU time limit of this process (and of the children it starts), in seconds;
    None when there is none."""
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_CPU)
    return None if soft == resource.RLIM_INFINITY else float(soft)


@dataclass
class RunResult:
    """How a run ended: `stopped` is None (every child finished, or on_event asked to stop),
    "timeout" or "interrupt"; `results` holds, per target, the value its function returned
    (None if it did not finish; `finished` tells a returned None from that)."""

    stopped: str | None
    elapsed: float
    results: list[object]
    finished: list[bool] = field(default_factory=list)


def in_child() -> bool:
    """Whether this process is a child forked by run_children."""
    return _IN_CHILD[0]


# ---------------------------------------------------------------- forked children


@dataclass
class _Child:
    index: int
    process: Any  # a forked multiprocessing.Process: its pid is known once started
    receiver: Connection
    errors: IO[bytes] | None = None  # the child's standard error, a temporary file (_captured)
    ended: bool = False


class _Timeout(Exception):
    """The deadline passed (inside the core loop; TimeoutError could come from on_event)."""


def run_children(targets: Sequence[Callable[[Send], object]],
                 on_event: Callable[[int, object], bool | None],
                 timeout: float | None = None) -> RunResult:
    """Fork one child per target, each running `target(send)`; every `send(payload)` reaches
    `on_event(child_index, payload)` here, in arrival order (a child's own events in the order
    it sent them). The run ends when every child has returned, when `on_event` returns True
    (the other children are killed), at the timeout (stopped="timeout") or on a
    KeyboardInterrupt here, in `on_event` included (stopped="interrupt"); the events received
    by then were all delivered. An InputError in a child is raised again here with its
    position; any other exception in a child, or a child that dies without saying why, raises
    ChildFailed (the other children are killed first)."""
    started = time.monotonic()
    results: list[object] = [None] * len(targets)
    finished = [False] * len(targets)
    stopped = None
    children: list[_Child] = []
    try:
        for index, payload in _events(targets, timeout, children, results, finished):
            if on_event(index, payload):
                break
    except _Timeout:
        stopped = "timeout"
    except KeyboardInterrupt:
        stopped = "interrupt"
    finally:
        _stop_all(children)
    return RunResult(stopped, time.monotonic() - started, results, finished)


def stream(targets: Sequence[Callable[[Send], object]], timeout: float | None = None,
           graceful: bool = False) -> Generator[tuple[int, object], None, None]:
    """The generator form of run_children: yields (child index, payload) for each payload a
    child sends, as they arrive, until every child has ended. Raises TimeoutError when
    `timeout` seconds pass, InputError / ChildFailed when a child fails; closing the generator
    (or any exception, KeyboardInterrupt included) kills every child's process group and joins
    it. `graceful`: live children get SIGTERM and up to GRACE seconds to stop what they
    started before the SIGKILL."""
    children: list[_Child] = []
    results: list[object] = [None] * len(targets)
    finished = [False] * len(targets)
    try:
        try:
            yield from _events(targets, timeout, children, results, finished)
        except _Timeout:
            yield from _sent_already(children, results, finished)
            raise TimeoutError(f"timeout after {timeout} s") from None
        except KeyboardInterrupt:
            yield from _sent_already(children, results, finished)
            raise
    finally:
        _stop_all(children, graceful)


DRAIN_SECONDS = 0.25  # at most, at a stop, to read what the children had sent before it


def _sent_already(children: list[_Child], results: list[object],
                  finished: list[bool]) -> Iterator[tuple[int, object]]:
    """At a stop (the deadline, Ctrl-C, SIGTERM): the events the children sent before it and
    the pipes still hold (a solution, an engine's offer sent a moment before), then no more.
    A child that failed meanwhile is not reported: the stop is the run's end."""
    end = time.monotonic() + DRAIN_SECONDS
    for child in children:
        while not child.ended and time.monotonic() < end:
            try:
                if not child.receiver.poll(0):
                    break
                message = child.receiver.recv()
                handled = _handle(child, message, results, finished)
            except Exception:  # noqa: BLE001 - a dead pipe or a failure: nothing more to read
                break
            if handled:
                yield child.index, message[1]


def _events(targets: Sequence[Callable[[Send], object]], timeout: float | None,
            children: list[_Child], results: list[object],
            finished: list[bool]) -> Iterator[tuple[int, object]]:
    """Start the children (into `children`, for the caller to stop), then yield their events
    until every child has ended; _Timeout at the deadline. Return values go to `results`."""
    import multiprocessing
    import multiprocessing.connection

    context = multiprocessing.get_context("fork")
    deadline = None if timeout is None else time.monotonic() + timeout
    for index, target in enumerate(targets):
        _start(context, index, target, children)
    while True:
        live = [child for child in children if not child.ended]
        if not live:
            return
        waitables = [child.receiver for child in live] + [child.process.sentinel
                                                          for child in live]
        ready = multiprocessing.connection.wait(waitables, _wait_until(deadline))
        for child in live:
            if child.receiver in ready:
                # one message per turn, so that a chatty child cannot hold off the deadline
                try:
                    message = child.receiver.recv()
                except EOFError:
                    _ended(child)  # raises
                if _handle(child, message, results, finished):
                    yield child.index, message[1]
            elif child.process.sentinel in ready:  # it exited: what it sent is all there
                yield from _last_words(child, results, finished)


def _wait_until(deadline: float | None) -> float | None:
    """Seconds to wait for the children (None: no deadline); _Timeout once it is past."""
    if deadline is None:
        return None
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise _Timeout
    return min(remaining, _LONGEST_WAIT)  # select() refuses years


def _last_words(child: _Child, results: list[object],
                finished: list[bool]) -> Iterator[tuple[int, object]]:
    """A child that exited: the events its pipe still holds, then its end (`_ended` raises
    if it left without its final message)."""
    while not child.ended and child.receiver.poll(0):
        try:
            message = child.receiver.recv()
        except EOFError:
            break
        if _handle(child, message, results, finished):
            yield child.index, message[1]
    if not child.ended:
        _ended(child)


@contextlib.contextmanager
def _signals_blocked() -> Iterator[set]:
    """SIGINT and SIGTERM wait (and are raised after) while a child starts or the children
    are stopped: a KeyboardInterrupt between fork and bookkeeping would leave a child that no
    cleanup knows of. Yields the mask to restore."""
    _prctl()  # looked up before any fork: between fork and exec only the call is safe
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        yield previous
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _GroupWatch:
    """The watcher of this process tree's process groups (see the module docstring)."""

    writer: int | None = None
    owner: int | None = None  # the process that started the watcher

    @classmethod
    def add(cls, group: int) -> None:
        cls._send(f"+{group}\n")

    @classmethod
    def remove(cls, group: int) -> None:
        cls._send(f"-{group}\n")

    @classmethod
    def _send(cls, line: str) -> None:
        writer = cls._writer()
        if writer is not None:
            with contextlib.suppress(OSError):  # a short write to a pipe is atomic
                os.write(writer, line.encode())

    @classmethod
    def _writer(cls) -> int | None:
        """The pipe to the watcher: inherited in a forked child, else started here."""
        if cls.writer is not None and (cls.owner == os.getpid() or _IN_CHILD[0]):
            return cls.writer
        if cls.writer is not None:  # inherited by a process that is not one of our children
            with contextlib.suppress(OSError):
                os.close(cls.writer)
        cls.writer, cls.owner = None, os.getpid()
        with contextlib.suppress(OSError):
            cls.writer = _start_watcher()
        return cls.writer


def _start_watcher() -> int:
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the watcher
        try:
            _watcher_main(reader)
        finally:
            os._exit(0)
    os.close(reader)
    return writer


def _watcher_main(reader: int) -> None:
    """Collect the registered groups until end of file, then kill those left."""
    os.setsid()  # out of the terminal's reach: Ctrl-C is for satpuzzle to handle
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_IGN)
    os.closerange(0, reader)
    os.closerange(reader + 1, 65536)  # hold no pipe of anyone else's open
    groups: set[int] = set()
    pending = b""
    while chunk := os.read(reader, 4096):
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            group = int(line[1:])
            (groups.add if line[:1] == b"+" else groups.discard)(group)
    for group in groups:
        with contextlib.suppress(OSError):
            os.killpg(group, signal.SIGKILL)


def _start(context, index: int, target: Callable[[Send], object],
           children: list[_Child]) -> None:
    import tempfile
    import traceback  # noqa: F401 - imported before the fork, for a child that fails

    _GroupWatch._writer()  # started before this child's pipes exist, so it holds none
    with _signals_blocked() as mask:
        receiver, sender = context.Pipe(duplex=False)
        errors = tempfile.TemporaryFile()  # noqa: SIM115 - closed by _stop_all
        try:
            process = context.Process(target=_child_main, daemon=False,
                                      args=(target, sender, mask, os.getpid(),
                                            errors.fileno()))
            process.start()
        except BaseException:
            receiver.close()
            errors.close()
            raise
        finally:
            sender.close()
        with contextlib.suppress(OSError):  # both sides set it: no race with an early kill
            os.setpgid(process.pid, process.pid)
        _GroupWatch.add(process.pid)
        children.append(_Child(index, process, receiver, errors))


def _handle(child: _Child, message: tuple, results: list[object],
            finished: list[bool]) -> bool:
    """True for an event to deliver; a final message is recorded or raised."""
    tag, payload = message
    if tag == "event":
        return True
    if tag == "done":
        results[child.index] = payload
        finished[child.index] = True
        child.ended = True
        return False
    if tag == "input-error":
        cls, message_text, path, line, column = payload
        try:
            error = cls(message_text, path, line, column)
        except Exception:  # noqa: BLE001 - a subclass with another signature
            error = InputError(message_text, path, line, column)
        raise error
    if tag == "failed":
        summary, text = payload
        raise ChildFailed(text, summary)
    if tag == "out-of-memory":
        raise MemoryError(payload)  # as if this process had run out: one rule for both
    raise ChildFailed(f"unexpected message {tag!r} from child {child.index}")


# What a child that ran out of memory in native code leaves on its standard error: the C++
# runtime's words before abort() (CaDiCaL), Rust's (pindakaas: "memory allocation of N bytes
# failed"), or the command's own line (satpuzzle.__main__) after a native library's exit()
_NATIVE_OUT_OF_MEMORY = (b"std::bad_alloc", b"memory allocation of ", b"satpuzzle: out of memory")
_CAPTURED_BYTES = 65_536  # of a child's standard error, passed on to satpuzzle's


def _captured(child: _Child) -> bytes:
    """What the child wrote to its standard error (it goes to a temporary file, so that a
    native solver's dying words can be read here), read once, at most _CAPTURED_BYTES."""
    if child.errors is None or child.errors.closed:
        return b""
    child.errors.seek(0)
    text = child.errors.read(_CAPTURED_BYTES)
    child.errors.close()
    return text


def _pass_on(text: bytes) -> None:
    """A child's standard error, on satpuzzle's."""
    if text:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
            sys.stderr.write(text.decode("utf-8", "backslashreplace"))
            sys.stderr.flush()


def _ended(child: _Child) -> NoReturn:
    """The child's pipe closed or it exited without a final message: it died. A native
    solver that could not allocate (std::bad_alloc, then abort) ran out of memory: a
    MemoryError here, as for Python's own, and its runtime's lines are not passed on."""
    child.process.join(1)
    code = child.process.exitcode
    text = _captured(child)
    if any(words in text for words in _NATIVE_OUT_OF_MEMORY):
        raise MemoryError("a solver ran out of memory (std::bad_alloc)")
    _pass_on(text)
    how = exit_text(code) if code is not None else "no exit status"
    limit = _cpu_limit()
    if limit is not None and code in (-signal.SIGXCPU, -signal.SIGKILL):
        # nothing here sends either to a child that has not been asked to stop: the system
        # does, at the soft and the hard CPU limit (the memory killer's SIGKILL under a CPU
        # limit is named too)
        reason = (f"CPU time limit reached: a worker used the {limit:g} s the process limit "
                  f"allows it (ulimit -t; {how})")
        raise CpuLimitReached(reason, reason, code)
    reason = f"the child process died unexpectedly ({how})"
    raise ChildFailed(reason, reason, code)


def exit_text(returncode: int) -> str:
    """An exit status as words: "exit status 3", "killed by SIGKILL"."""
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


_LONGEST_WAIT = 86_400.0  # one wait at most; a longer --timeout is waited out in turns
GRACE = 5.0  # seconds a graceful stop waits after SIGTERM before the SIGKILL


def _stop_all(children: list[_Child], graceful: bool = False) -> None:
    """Kill every child's process group (after SIGTERM and GRACE seconds if `graceful`),
    then join every child."""
    with _signals_blocked():
        if graceful and any(child.process.exitcode is None for child in children):
            for child in children:
                _signal_group(child, signal.SIGTERM)
            end = time.monotonic() + GRACE
            for child in children:
                child.process.join(max(0.0, end - time.monotonic()))
        for child in children:
            _signal_group(child, signal.SIGKILL)
        for child in children:
            child.process.join()
            _GroupWatch.remove(child.process.pid)  # its group is gone with it
            child.receiver.close()
            _pass_on(_captured(child))
            with contextlib.suppress(ValueError):
                child.process.close()


def _signal_group(child: _Child, signum: int) -> None:
    pid = child.process.pid
    if pid is None:
        return
    # The child is not joined yet, so its pid (the group's id) cannot belong to anyone else;
    # its group outlives it while a process it started is still in it.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)
    if child.process.exitcode is None:  # in case it never made its own group
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


def _load_prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


_PRCTL: list[Callable[..., int] | None] = []  # looked up once, before the first fork


def _prctl() -> Callable[..., int] | None:
    if not _PRCTL:
        _PRCTL.append(_load_prctl())
    return _PRCTL[0]


def _die_with_parent(parent: int) -> None:
    """Linux: SIGKILL this process when the process that started it dies (a parent killed
    by SIGKILL cannot kill its children)."""
    prctl = _PRCTL[0] if _PRCTL else None  # a child never looks it up (_signals_blocked did)
    if prctl is None:
        return
    prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL))
    if os.getppid() != parent:  # it died before prctl took effect
        os._exit(1)


def _child_main(target: Callable[[Send], object], sender, mask: set, parent: int,
                errors: int | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what Ctrl-C means
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)  # its death tells the parent (_ended)
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    _die_with_parent(parent)
    _IN_CHILD[0] = True
    if errors is not None:
        _native_errors_to(errors)
    _GroupWatch.add(os.getpid())  # before anything starts in the group (the parent adds later)
    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    try:
        result = target(lambda payload: sender.send(("event", payload)))
        _flush()
        sender.send(("done", result))
    except InputError as exc:
        _flush()
        _report(sender, ("input-error", (type(exc), exc.message, exc.path, exc.line,
                                         exc.column)),
                ("input-error", (InputError, exc.message, exc.path, exc.line, exc.column)))
    except MemoryError as exc:  # the process's memory limit, not a bug
        _flush()
        _report(sender, ("out-of-memory", f"{type(exc).__name__}: {exc}"),
                ("out-of-memory", "MemoryError"))
    except BaseException as exc:  # noqa: BLE001 - a bug: reported with its traceback
        _flush()
        import traceback

        summary = f"{type(exc).__name__}: {exc}"
        sender_message = ("failed", (summary, traceback.format_exc()))
        _report(sender, sender_message, ("failed", (summary, summary)))
    finally:
        _flush()  # a forked child leaves by os._exit: buffers are not flushed
        sender.close()


def _native_errors_to(errors: int) -> None:
    """Native code's standard error (file descriptor 2: a C++ runtime's or Rust's dying
    words) to the parent's temporary file (see _captured); Python's own `sys.stderr` (an
    engine's progress notes) still to satpuzzle's standard error, as they come."""
    try:
        live = os.dup(2)
    except OSError:  # no standard error to keep
        live = -1
    os.dup2(errors, 2)
    os.close(errors)
    if live >= 0 and sys.stderr is not None:
        sys.stderr = open(live, "w", buffering=1, encoding=sys.stderr.encoding,  # noqa: SIM115
                          errors="backslashreplace")


def _report(sender, message: tuple, fallback: tuple) -> None:
    with contextlib.suppress(OSError):  # the parent is gone: nobody to tell
        try:
            sender.send(message)
        except Exception:  # noqa: BLE001 - e.g. an exception class that cannot be pickled
            sender.send(fallback)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


# ---------------------------------------------------------------- programs


def run_command(argv: Sequence[str], stdout_path: str | Path, stderr_path: str | Path,
                timeout: float | None) -> tuple[int | None, bool]:
    """Run `argv` (stdin empty, output to the two files) for at most `timeout` seconds.
    Returns (exit code, False), or (None, True) when the deadline killed it. The program's
    process group is killed whatever ends the wait (deadline, KeyboardInterrupt, any error),
    so nothing it started is left running. OSError when it cannot be started."""
    import subprocess

    own_session = not _IN_CHILD[0]
    process = None
    with open(stdout_path, "wb") as stdout, open(stderr_path, "wb") as stderr:
        try:
            # Signals wait while the program starts: an interrupt arriving inside Popen would
            # leave it running with no finally that knows of it. It unblocks them itself.
            with _signals_blocked() as mask:
                watch = _GroupWatch._writer() if own_session else None
                process = subprocess.Popen(
                    argv, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr,
                    start_new_session=own_session,
                    preexec_fn=_preexec(mask, os.getpid(), watch))  # noqa: PLW1509
            try:
                return process.wait(timeout), False
            except subprocess.TimeoutExpired:
                return None, True
        finally:
            if process is not None:
                _kill_command(process, own_session)
                if own_session:
                    _GroupWatch.remove(process.pid)


def _preexec(mask: set, parent: int, watch: int | None) -> Callable[[], None]:
    """Between fork and exec. A program in a session of its own registers its group with the
    watcher itself, before exec: registered by the parent after Popen returns, a satpuzzle
    killed in between would leave what the program had started by then unregistered."""
    def setup() -> None:
        _die_with_parent(parent)
        if watch is not None:
            with contextlib.suppress(OSError):
                os.write(watch, f"+{os.getpid()}\n".encode())
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)

    return setup


def _kill_command(process: subprocess.Popen, own_group: bool) -> None:
    if process.returncode is None:  # not reaped yet, so its group id cannot have been reused
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if own_group:
                os.killpg(process.pid, signal.SIGKILL)
            else:  # in a forked child's group, which the parent kills whole at the end
                process.kill()
    process.wait()
