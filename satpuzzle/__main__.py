"""`python -m satpuzzle` and the `satpuzzle` command.

Signals first: Ctrl-C or SIGTERM from the moment this module runs (before any import that
takes time) ends the run with exit 3 and one line, as it does later on; main() then installs
the handlers that stop the work cleanly. Then the standard streams, one rule for all commands
(docs/CLI.md, "Standard streams"):
- a closed descriptor 0, 1 or 2 is held open on /dev/null, so that no file satpuzzle opens
  later takes its number (an output file on descriptor 2 would receive stray messages);
- standard output written to after it was closed (`>&-`) fails like a full disk: one line,
  exit 2; a reader that left (`| head`) ends the run quietly with exit 3, even when it left in
  the middle of a large write (CPython's buffered writer returns a short count there, and the
  text layer drops it: the run used to end with exit 0);
- standard error that is closed or whose reader left loses its messages, never the run;
- text the locale cannot encode is escaped (`\\xe9`), never a UnicodeEncodeError.
Once main() has answered, the process flushes its output and leaves without the interpreter's
shutdown: freeing millions of clauses one object at a time takes seconds on large puzzles,
and a signal in the middle of it would end the process with no word."""

from __future__ import annotations

import contextlib
import os
import signal
import sys


def _interrupted(_signum: int, _frame: object) -> None:
    _say("satpuzzle: interrupted\n")
    os._exit(3)


def _out_of_cpu(_signum: int, _frame: object) -> None:
    # the soft CPU time limit (ulimit -t with a higher hard limit): a resource limit, as
    # memory is, said in one line; at the hard limit the system sends SIGKILL, which no
    # process can answer
    # written to the descriptor, not through sys.stderr: the signal may come in the middle of
    # a write to that stream, whose buffer then refuses another (a reentrant call)
    with contextlib.suppress(OSError):
        os.write(2, b"satpuzzle: CPU time limit reached: the process used what its limit "
                    b"allows (ulimit -t)\n")
    os._exit(3)


def _stop_on_signals() -> None:
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    signal.signal(signal.SIGXCPU, _out_of_cpu)


if __name__ == "__main__":  # `python -m satpuzzle`: before anything else (run() does it too)
    _stop_on_signals()

import errno
import io

TYPE_CHECKING = False  # as typing's, without importing typing here: the checker takes it True
if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


def _say(text: str) -> None:
    """A message on standard error, wherever it is: nothing if it cannot be written."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


class _WholeWrites(io.BufferedWriter):
    """A buffered writer whose write() puts out all of the data or raises: the standard one
    returns a short count when a large write is cut (the reader of a pipe left), and
    TextIOWrapper ignores that count."""

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            written = super().write(view[done:])
            if not written:  # never for a blocking descriptor; a loop is no answer either
                raise OSError(errno.EIO, "the output accepted no bytes")
            done += written
        return done


class _Closed(io.RawIOBase):
    """Standard output started closed (`>&-`): the first write to it is an error, as on a full
    disk; what follows (the flush on the way out) is dropped, so the error is said once."""

    def __init__(self) -> None:
        self.failed = False

    def writable(self) -> bool:
        return True

    def write(self, data: ReadableBuffer) -> int:
        if not self.failed:
            self.failed = True
            raise OSError(errno.EBADF, "standard output is closed")
        return len(memoryview(data).cast("B"))


class _Lossy(io.RawIOBase):
    """Standard error: written while it can be; closed or abandoned, its messages are lost and
    the run goes on."""

    def __init__(self, fd: int) -> None:
        self.fd, self.lost = fd, False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return not self.lost and os.isatty(self.fd)

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data).cast("B")
        while view and not self.lost:
            try:
                view = view[os.write(self.fd, view):]
            except InterruptedError:
                continue
            except OSError:
                self.lost = True
        return len(memoryview(data).cast("B"))


def _hold_closed_descriptors() -> set[int]:
    """The standard descriptors that were closed, each now open on /dev/null."""
    closed = set()
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            closed.add(fd)
    return closed


def _text(raw: io.BufferedWriter, like: object, tty: bool) -> io.TextIOWrapper:
    encoding = getattr(like, "encoding", None) or "utf-8"
    return io.TextIOWrapper(raw, encoding=encoding, errors="backslashreplace",
                            newline=None, line_buffering=tty, write_through=False)


def _standard_streams() -> None:
    closed = _hold_closed_descriptors()
    if 0 in closed:
        sys.stdin = None  # reading `-`: "standard input is closed"
    if 1 in closed:
        sys.stdout = _text(io.BufferedWriter(_Closed()), None, tty=False)
    elif sys.stdout is not None and getattr(sys.stdout, "fileno", None) is not None:
        tty = os.isatty(1)
        sys.stdout = _text(_WholeWrites(io.FileIO(1, "w", closefd=False)), sys.stdout, tty)
    stderr_like = None if 2 in closed else sys.stderr
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(_Lossy(2)),
                                  encoding=getattr(stderr_like, "encoding", None) or "utf-8",
                                  errors="backslashreplace", line_buffering=True)


_NATIVE_EXIT: list[object] = []  # the callback below, kept alive for the C library


def _guard_native_exits() -> None:
    """Under a memory limit, a native library that cannot allocate may call exit() itself
    (numpy's OpenBLAS, when it loads, exits with status 1: "no solution" to a script). The
    command itself always ends by os._exit, which runs no C exit handler: one that runs is
    such an exit, made here the out-of-memory line and exit 3 (in a worker too: the parent
    reads that line in what the worker left on its standard error)."""
    import resource

    if resource.getrlimit(resource.RLIMIT_AS)[0] == resource.RLIM_INFINITY:
        return  # no limit: allocations do not fail, the kernel's OOM killer acts instead
    import ctypes

    from satpuzzle.errors import OUT_OF_MEMORY

    line = OUT_OF_MEMORY.encode() + b"\n"

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    def native_exit(_argument: object) -> None:
        os.write(2, line)
        os._exit(3)

    try:  # glibc's atexit() is __cxa_atexit(function, argument, no shared object)
        register = ctypes.CDLL(None).__cxa_atexit
    except AttributeError:  # another C library: nothing registered, nothing lost
        return
    _NATIVE_EXIT.append(native_exit)
    register(native_exit, None, None)


def _leave(code: int) -> None:
    """Flush what was written and end the process with `code` at once."""
    _stop_on_signals()
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:  # the reader left (`| head`): quietly, as during the run
        code = 3
    except OSError as exc:  # a full disk, a closed standard output
        _say(f"satpuzzle: error: cannot write the output: {exc.strerror or exc}\n")
        code = 2
    _say("")
    os._exit(code)


def _interrupt_in(exc: BaseException) -> bool:
    """Whether a KeyboardInterrupt (a signal) is the exception or what caused it: Python wraps
    one raised inside an import's class creation in a RuntimeError."""
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, KeyboardInterrupt):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


# what the dynamic loader says when a memory limit (ulimit -v) leaves no room to map a native
# library (numpy's libquadmath, say), raised by the import as an ImportError
_UNMAPPED = ("failed to map segment from shared object", "cannot allocate memory")


def _library_unmapped(exc: BaseException) -> bool:
    """Whether an import failed because a native library could not be mapped into memory."""
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, (ImportError, OSError)) and any(
                words in str(link).lower() for words in _UNMAPPED):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def _signal_received() -> bool:
    cancelling = sys.modules.get("satpuzzle.cancelling")
    return bool(cancelling is not None and cancelling.Cancellation.signalled)


def _last_resort(exc: BaseException) -> int:
    """What escaped main(): a signal (or an error it caused), a memory limit, or a bug, each
    one line."""
    if _interrupt_in(exc) or _signal_received():
        _say("satpuzzle: interrupted\n")
        return 3
    if isinstance(exc, MemoryError) or _library_unmapped(exc):
        from satpuzzle.errors import OUT_OF_MEMORY

        _say(OUT_OF_MEMORY + "\n")
        return 3
    if os.environ.get("SATPUZZLE_DEBUG"):
        import traceback

        _say("".join(traceback.format_exception(exc)))
    _say(f"satpuzzle: internal error: {type(exc).__name__}: {exc} (a bug; "
         "SATPUZZLE_DEBUG=1 shows where)\n")
    return 4


def _unraisable(report: sys.UnraisableHookArgs) -> None:
    """An error Python cannot raise (in a weakref callback, a __del__, a finaliser): an
    interrupt landing there is not lost (the watchdog of satpuzzle.cancelling.Cancellation
    ends the run) and is not worth a traceback; a stage's timeout landing there is raised
    again in ordinary code a moment later (its timer rearmed), as the command's one line;
    anything else is one line."""
    if report.exc_type is not None and issubclass(report.exc_type, KeyboardInterrupt):
        return
    if getattr(report.exc_type, "__name__", "") == "StageTimeout" and _rearm_timer():
        return
    if os.environ.get("SATPUZZLE_DEBUG"):
        sys.__unraisablehook__(report)
        return
    name = getattr(report.exc_type, "__name__", "error")
    _say(f"satpuzzle: warning: ignored {name} in a clean-up: {report.exc_value}\n")


def _rearm_timer() -> bool:
    """Fire the real-time timer again at once, if a Python handler (a stage's time limit) is
    there to raise: never the default action, which would end the process."""
    if not callable(signal.getsignal(signal.SIGALRM)):
        return False
    signal.setitimer(signal.ITIMER_REAL, 0.001)
    return True


def run() -> int:
    _stop_on_signals()
    sys.unraisablehook = _unraisable
    # numpy's OpenBLAS reserves a buffer per core when it loads and, under a memory limit it
    # cannot meet, prints a line and exits with status 1 ("no solution"); satpuzzle does no
    # linear algebra, so one thread's buffer is enough
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _guard_native_exits()
    try:
        try:
            _standard_streams()
            from satpuzzle.cli import main

            code = main()
        finally:  # main's handlers raise KeyboardInterrupt: from here on, stop at once
            _stop_on_signals()
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        if not isinstance(exc.code, int | None):
            _say(f"{exc.code}\n")
    except BaseException as exc:  # noqa: BLE001 - the last line of defence: never a traceback
        code = _last_resort(exc)
    _leave(code)
    return code  # not reached: _leave ends the process


if __name__ == "__main__":
    sys.exit(run())
