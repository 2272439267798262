"""Work spread over a Dask distributed cluster (`--cluster ADDRESS`, docs/CLUSTER.md).

The client (this process) cuts the work into chunks of consecutive items, submits one Dask
task per chunk and hands each chunk's results on as its task completes (completion order;
the command line prints in input order). A task runs the code a local `--jobs` worker runs:
`pipeline.puzzle_events` for puzzles of a directory or file, `pipeline.solve_batch` for
one-line puzzles, `verify.verify_instance` for reductions, `Kind.generate` for new puzzles.
It runs in a child process that satpuzzle.children forks on the worker, as a local worker
does: Dask cannot stop a task's thread, so the deadline (sent as wall-clock time) kills the
child whatever it is doing, and the compile stage's timer needs a process's main thread.

Each result arrives once: a task's result depends on its arguments alone (random sources and
generated puzzles on (seed, index)), so when a worker dies and the scheduler runs its tasks
again elsewhere the result is the same, and the client takes each chunk's result once, from
its future. A timeout or Ctrl-C cancels every task not finished.

Losing the cluster ends the run with the answers received (ClusterLost): the connection to the
scheduler breaks (Dask then cancels every future at once), the scheduler leaves a question
unanswered for LOST_SECONDS, or no worker is heard from for LOST_SECONDS. Dask's own log
records are dropped while the client lives (`_dask_logs_muted`): satpuzzle says in one line
what happened.

`distributed` is an optional extra (`pip install 'satpuzzle[cluster]'`), imported when
`--cluster` runs.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import gc
import importlib
import logging
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
import uuid
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import replace
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from satpuzzle import children, pipeline
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, Options
from satpuzzle.pipeline import Counting, Done, Ended, Event, Found, PuzzleEvents, Request

if TYPE_CHECKING:  # Dask's own types (distributed is typed), loaded only with --cluster
    from distributed import Client, Future
    from distributed import Event as StopEvent

    from satpuzzle.verify import InstanceReport

LOCAL = "local:"  # --cluster local:N: a cluster of N worker processes on this machine
CONNECT_SECONDS = 5.0  # a scheduler that does not answer in this long is unreachable
# during a run: a scheduler that leaves a question unanswered this long, or a cluster whose
# workers are all gone or silent this long, is lost (a nanny restarts a killed worker well
# within it; each worker's heartbeat reaches the scheduler every 0.5 s, up to 200 a second
# on large clusters)
LOST_SECONDS = 15.0
HEALTH_POLL = 1.0  # seconds between looks at the cluster while no task finishes
WAIT_STEP = 0.05  # seconds between looks for finished tasks
CHUNKS_PER_THREAD = 4  # chunks per worker thread: fewer tasks, little work redone on a death
LARGEST_CHUNK = 2_000

C = TypeVar("C")  # a task's chunk of the work
T = TypeVar("T")  # an item of a task's result
# A task's (tag, value) as it came back from its worker, unpickled: the tag says what the
# value is ("done": what the work returned; "input-error": an InputError's arguments;
# "failed": one line; "timeout", "cancelled": None)
Outcome = tuple[str, Any]


def require() -> ModuleType:
    """The `distributed` module, or the one-line error saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise InputError("--cluster needs Dask distributed: pip install 'satpuzzle[cluster]'"
                         ) from None
    return distributed


class ClusterLost(Exception):
    """The run's cluster went away: the tasks not finished are given up. `stopped` says how,
    as an `Ended` does: "scheduler-lost" (the connection to the scheduler broke, or it
    stopped answering) or "workers-lost" (no worker heard from for LOST_SECONDS)."""

    def __init__(self, stopped: str, message: str) -> None:
        super().__init__(message)
        self.stopped = stopped


def check_address(address: str) -> str:
    """`address` when it can name a cluster: local:N, or a scheduler's [SCHEME://]HOST:PORT
    with a scheme Dask knows (tcp when left out); otherwise the InputError saying what is
    wrong, before any work."""
    if address.startswith(LOCAL):
        _local_workers(address)
        return address
    require()
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    expected = (f"expected a Dask scheduler's address, tcp://HOST:PORT, or local:N; found "
                f"{address!r}")
    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        host, port = parse_host_port(location)
    except ValueError as exc:
        reason = " ".join(str(exc).split())
        raise InputError(f"{expected} ({reason})") from None
    if not host:
        raise InputError(f"{expected} (no host)")
    if not (location.endswith(f":{port}") and 0 < port < 65536):
        raise InputError(f"{expected} (the port must be 1 to 65535)")
    return address


@contextlib.contextmanager
def connect(address: str, timeout: float | None = None) -> Iterator[Client]:
    """A Dask client of the scheduler at `address` (tcp://host:8786), or of a cluster of N
    worker processes started here for this run (`local:N`, closed at the end). An unreachable
    scheduler, or one without workers, is an InputError after at most CONNECT_SECONDS (or
    `timeout`, when shorter)."""
    distributed = require()
    wait = CONNECT_SECONDS if timeout is None else max(0.5, min(timeout, CONNECT_SECONDS))
    with contextlib.ExitStack() as stack:
        stack.enter_context(_dask_logs_muted())  # left last: the client's close logs too
        if address.startswith(LOCAL):
            local = stack.enter_context(distributed.LocalCluster(
                n_workers=_local_workers(address), threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address="127.0.0.1:0",  # no fixed port
                # its scheduler runs in this process: Dask's log (a task's stop watch
                # cancelled as the cluster closes is an ERROR with a traceback) would land
                # on the user's stderr, where satpuzzle says what went wrong in one line
                silence_logs=logging.CRITICAL))
            target: object = local
        else:
            _handshake(address, wait)
            target = address
        try:
            client = stack.enter_context(
                distributed.Client(target, timeout=wait, set_as_default=False))
            client.wait_for_workers(1, timeout=wait)
        except (OSError, TimeoutError, ValueError) as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise InputError(f"--cluster {address}: no Dask scheduler with workers answered "
                             f"within {wait:g} s ({reason})") from None
        _check_workers(client, address)
        yield client


def _handshake(address: str, wait: float) -> None:
    """A Dask handshake with the scheduler at `address` within `wait` seconds, or the
    InputError saying what answered instead. The client's own connection bounds the TCP
    connection but not the handshake: a server that accepts and stays silent (a web server
    waiting for its request) held it for ever, and a stranger's reply read as a frame's length
    asked for exabytes (a MemoryError)."""
    from distributed.comm import connect as dask_connect
    from distributed.security import Security

    # as the client connects: TLS certificates and the like from Dask's configuration
    arguments = Security().get_connection_args("client")

    async def shake() -> None:
        # Dask gives up connecting (refused, no route) first, and says so: the rest of the
        # time is the handshake's
        comm = await asyncio.wait_for(
            dask_connect(address, timeout=0.8 * wait, **arguments), wait)
        await comm.close()

    try:
        asyncio.run(shake())
    except TimeoutError:  # an OSError too: first
        raise InputError(f"--cluster {address}: something listens there, but no Dask "
                         f"scheduler: no handshake within {wait:g} s") from None
    except OSError as exc:  # refused, unreachable, no such host: Dask retried until `wait`
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError(f"--cluster {address}: no Dask scheduler with workers answered "
                         f"within {wait:g} s ({reason})") from None
    except Exception as exc:  # noqa: BLE001 - whatever a stranger's reply made of Dask's
        reason = " ".join(str(exc).split())[:100] or type(exc).__name__
        raise InputError(f"--cluster {address}: something listens there, but no Dask "
                         f"scheduler: its answer is not Dask's ({reason})") from None


# The form of a task (its arguments and result): raised whenever it changes, so that workers
# that loaded an older satpuzzle are refused rather than failing task by task.
PROTOCOL = 1


def fingerprint() -> str:
    """What a worker must share with the client: satpuzzle's version and PROTOCOL."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version("satpuzzle")
    except PackageNotFoundError:  # run from a source tree that is not installed
        installed = "source"
    return f"{installed}/{PROTOCOL}"


def _check_workers(client: Client, address: str) -> None:
    """Refuse workers that run another satpuzzle (or none, or one loaded before an upgrade:
    a worker keeps the modules it imported until it restarts)."""
    try:
        theirs = set(client.run(fingerprint).values())
    except Exception:  # noqa: BLE001 - cannot even import this function there
        theirs = {"none"}
    if theirs - {fingerprint()}:
        raise InputError(f"--cluster {address}: the workers run another satpuzzle than this "
                         "one (or none): install this version where they run and restart them "
                         "(see docs/CLUSTER.md)")


def _local_workers(address: str) -> int:
    count = address[len(LOCAL):]
    if not (count.isascii() and count.isdigit() and 0 < int(count) <= 1024):
        raise InputError("expected local:N with N worker processes (1 to 1024), found "
                         f"{address!r}")
    return int(count)


# the loggers of Dask and of what it runs on; a family's children inherit its level
DASK_LOGGERS = ("distributed", "tornado", "bokeh", "asyncio")


@contextlib.contextmanager
def _dask_logs_muted() -> Iterator[None]:
    """Dask's log records dropped, then the levels given back: its loggers write to stderr
    (a lost scheduler is an ERROR with two tracebacks, a reconnection INFO lines), where
    satpuzzle says what happened in one line; the event loop's (asyncio) too."""
    names = [*DASK_LOGGERS, *list(logging.root.manager.loggerDict)]
    loggers = {logging.getLogger(name) for name in names
               if name.partition(".")[0] in DASK_LOGGERS}
    levels = {logger: logger.level for logger in loggers}
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in levels.items():
            logger.setLevel(level)


def threads(client: Client) -> int:
    """The cluster's worker threads now: how many tasks run at once (1 when the scheduler
    does not say within LOST_SECONDS: the run then finds it lost, see _Health)."""
    try:  # scheduler_info() waits for ever on a frozen scheduler
        workers = client.nthreads(callback_timeout=LOST_SECONDS)
    except Exception:  # noqa: BLE001 - whatever the failure, the scheduler did not answer
        return 1
    return max(1, sum(workers.values()))


def chunk_size(client: Client, items: int, largest: int = LARGEST_CHUNK) -> int:
    """Items per task: about CHUNKS_PER_THREAD tasks per worker thread, at most `largest`."""
    return max(1, min(largest, math.ceil(items / (threads(client) * CHUNKS_PER_THREAD))))


# ---------------------------------------------------------------- the client's side


def run_chunks(client: Client, work: Callable[[C, Request], object], chunks: Sequence[C],
               request: Request) -> Iterator[tuple[int, Outcome]]:
    """Run `work(chunk, request)` for every chunk on the cluster; yield (position of the
    chunk, (tag, value)) as each task completes, each chunk once. Tags: "done" (value: what
    `work` returned), "timeout" (the worker's deadline passed), "input-error" (value: the
    InputError's arguments), "failed" (value: one line). Raises TimeoutError when the
    request's deadline passes here, ClusterLost when the cluster goes (see _Health); closing
    the generator, an error or Ctrl-C cancels every task not finished."""
    distributed = require()
    remaining = request.remaining()
    deadline = None if remaining is None else time.time() + remaining
    started = time.time() - (time.monotonic() - (request.started or time.monotonic()))
    run = uuid.uuid4().hex[:12]
    modules = loaded_modules()
    futures: dict[Future, int] = {}
    lost = False
    try:
        with warnings.catch_warnings():  # chunks travel in the graph: see _submit
            warnings.filterwarnings("ignore", message=".*[Ll]arge object.*")
            warnings.filterwarnings("ignore", message=".*[Ll]arge graph.*")
            for position, chunk in enumerate(chunks):
                future = client.submit(_task, work, chunk, request, deadline, started, run,
                                       modules, key=f"satpuzzle-{run}-{position}",
                                       pure=False)
                futures[future] = position
        health = _Health(client)
        finished = distributed.as_completed(list(futures), loop=client.loop)
        quiet_since = time.monotonic()
        while not finished.is_empty():  # each future comes out once: each chunk's result too
            batch = finished.next_batch(block=False)
            if batch:
                quiet_since = time.monotonic()
                health.heard_from()
            elif deadline is not None and time.time() >= deadline:
                raise TimeoutError("the deadline passed")
            elif time.monotonic() - quiet_since >= HEALTH_POLL:
                health.check(deadline)
                quiet_since = time.monotonic()
            else:
                time.sleep(WAIT_STEP)  # as_completed's blocking wait polls too (0.1 s)
            for future in sorted(batch, key=futures.__getitem__):
                yield futures[future], _outcome(future, distributed, health, deadline)
    except ClusterLost:
        lost = True  # nothing left to stop, and nobody to ask
        raise
    finally:
        unfinished = [future for future in futures if not future.done()]
        if unfinished and not lost:
            with contextlib.suppress(Exception):  # the connection may be gone: nothing to stop
                # Dask drops the tasks still waiting; those running hear this (see _task)
                distributed.Event(_STOP + run, client=client).set()
                client.cancel(unfinished)


class _Health:
    """Looks at the cluster while no task finishes: ClusterLost once its scheduler is gone
    or silent, or no worker has been heard from for LOST_SECONDS: none left (a nanny
    restarts a killed worker well within that), or none whose heartbeat still reaches the
    scheduler (frozen: Dask keeps such workers, and their tasks, for ever)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.heard = time.monotonic()  # when a worker last showed it was alive
        self.beats: dict[str, object] = {}  # each worker's last heartbeat, the scheduler's time

    def heard_from(self) -> None:
        """A task finished: its worker was alive."""
        self.heard = time.monotonic()

    def check(self, deadline: float | None) -> None:
        if self.client.status != "running":  # Dask is reconnecting, or closed the client
            raise ClusterLost("scheduler-lost", "the connection to the Dask scheduler broke")
        wait = LOST_SECONDS if deadline is None else max(
            0.1, min(LOST_SECONDS, deadline - time.time()))
        try:
            identity = self.client.sync(self.client.scheduler.identity, callback_timeout=wait)
        except Exception:  # noqa: BLE001 - whatever the failure, the scheduler did not answer
            if deadline is not None and time.time() >= deadline:
                raise TimeoutError("the deadline passed") from None
            raise ClusterLost("scheduler-lost", "the Dask scheduler did not answer within "
                              f"{wait:g} s") from None
        beats = {address: worker.get("last_seen")
                 for address, worker in identity.get("workers", {}).items()}
        if any(self.beats.get(address) != beat for address, beat in beats.items()):
            self.heard = time.monotonic()  # a new worker, or a heartbeat since the last look
        self.beats = beats
        if time.monotonic() - self.heard >= LOST_SECONDS:
            raise ClusterLost("workers-lost", "no Dask worker has been heard from for "
                              f"{LOST_SECONDS:g} s")


def _outcome(future: Future, distributed: ModuleType, health: _Health,
             deadline: float | None) -> Outcome:
    """A finished task's (tag, value), fetched from its worker. A worker that dies with the
    result makes Dask run the task again, which waits for a worker: the fetch gives up as the
    run does, when the cluster is lost or the deadline passes."""
    while True:
        wait = LOST_SECONDS if deadline is None else max(
            0.1, min(LOST_SECONDS, deadline - time.time()))
        try:
            return _fetched(future, distributed, wait)
        except TimeoutError:
            if deadline is not None and time.time() >= deadline:
                raise
            health.check(deadline)


def _fetched(future: Future, distributed: ModuleType, wait: float) -> Outcome:
    try:
        return future.result(timeout=wait)
    except TimeoutError:
        if future.status == "error":  # the task's own exception
            return "failed", "TimeoutError: raised on the worker"
        raise TimeoutError("no result yet") from None
    except concurrent.futures.CancelledError as exc:  # Dask's FutureCancelledError
        # only the connection to the scheduler breaking cancels a future the run still wants
        reason = " ".join(str(exc).split())
        raise ClusterLost("scheduler-lost", f"Dask cancelled the run's tasks ({reason})"
                          ) from None
    except distributed.KilledWorker:
        return "failed", ("the cluster's workers died running this task "
                          "(distributed.scheduler.allowed-failures times)")
    except Exception as exc:  # noqa: BLE001 - a bug on the worker, reported as one line
        if isinstance(exc, OSError) and future.status != "error":
            # the task finished, but the scheduler went before its result came here
            reason = " ".join(str(exc).split())
            raise ClusterLost("scheduler-lost", f"a result could not be fetched ({reason})"
                              ) from None
        return "failed", f"{type(exc).__name__}: {exc}"


# ---------------------------------------------------------------- the worker's side


_STOP = "satpuzzle-stop-"  # a Dask Event per run, set when the client gives the run up
STOP_POLL = 1.0  # seconds between a running task's looks at it


def loaded_modules() -> list[str]:
    """The modules of satpuzzle (and what they need) this process has imported: a worker
    imports those of the client and those its first task's process needed, once, so that
    the process of each later task inherits them as a local `--jobs` worker inherits the
    parent's, rather than importing them again (a second or more a task)."""
    prefixes = ("satpuzzle.", "numpy", "pysat", "lark")
    return sorted(name for name in list(sys.modules)
                  if name.startswith(prefixes) and "._" not in name)


def _import(modules: Sequence[str]) -> None:
    for name in modules:
        if name not in sys.modules:
            with contextlib.suppress(Exception):  # what fails here fails in the task, said so
                importlib.import_module(name)


def _task(work: Callable[[C, Request], object], chunk: C, request: Request,
          deadline: float | None, started: float, run: str, modules: Sequence[str] = (),
          ) -> Outcome:
    """One Dask task: `work(chunk, request)` in a child process forked here, within the
    deadline (wall-clock seconds since the epoch: this machine's monotonic clock is not the
    client's), and until the client gives the run up (Dask cannot stop a running task: a
    thread here watches the run's stop Event and kills the child)."""
    now, wall = time.monotonic(), time.time()
    request = replace(request, started=now - (wall - started),
                      deadline=None if deadline is None else now + max(0.0, deadline - wall))
    # a Dask worker is a daemonic process, which multiprocessing forbids to have children
    # (they would be left behind at exit); satpuzzle.children kills and joins every child it
    # starts, and each dies with the worker (PR_SET_PDEATHSIG), so the rule's reason is met
    multiprocessing.current_process().daemon = False
    _import(modules)
    body = partial(_send_result, work, chunk, request)
    watch = _StopWatch(run)
    try:
        with contextlib.closing(children.stream([body], request.remaining())) as events:
            for _source, event in events:
                tag, value = cast(TaskEvent, event)  # unpickled as _send_result sent it
                if tag == "pid":
                    watch.start(value)
                else:
                    watch.finish()
                    result, imported = value
                    _import(imported)  # the next task's process inherits them
                    return "done", result
    except TimeoutError:
        return "timeout", None
    except InputError as exc:
        return "input-error", (exc.message, exc.path, exc.line, exc.column)
    except children.ChildFailed as exc:
        return ("cancelled", None) if watch.fired else ("failed", exc.summary)
    finally:
        watch.finish()
    return "failed", "the task's process ended without a result"


# what a task's child sends: ("pid", its process id), then ("result", (work's result, the
# modules it had imported))
TaskEvent = tuple[str, Any]


def _send_result(work: Callable[[C, Request], object], chunk: C, request: Request,
                 send: children.Send) -> None:
    # the worker's garbage-collection callbacks (Dask's GC diagnosis) came with the fork: a
    # --timeout that fires inside one would be swallowed there ("Exception ignored")
    gc.callbacks.clear()
    send(("pid", os.getpid()))
    result = work(chunk, request)
    send(("result", (result, loaded_modules())))


class _StopWatch:
    """Kills a task's child process when the client sets the run's stop Event."""

    def __init__(self, run: str) -> None:
        self.run = run
        self.lock = threading.Lock()
        self.over = threading.Event()
        self.fired = False
        self.pid: int | None = None

    def start(self, pid: int) -> None:
        self.pid = pid
        try:  # made in the task's thread, where Dask knows which client to use
            distributed = require()
            stop = distributed.Event(_STOP + self.run, client=distributed.get_client())
        except Exception:  # noqa: BLE001 - no scheduler to ask: the deadline still holds
            return
        threading.Thread(target=self._watch, args=(stop,), daemon=True).start()

    def _watch(self, stop: StopEvent) -> None:
        while not self.over.is_set():
            try:
                if not stop.wait(timeout=STOP_POLL):
                    continue
            except Exception:  # noqa: BLE001 - the scheduler is gone: the deadline holds
                return
            with self.lock:
                # the child is not reaped before `finish`: its pid is still its own
                if not self.over.is_set() and self.pid is not None:
                    self.fired = True
                    with contextlib.suppress(OSError):
                        os.killpg(self.pid, signal.SIGKILL)
            return

    def finish(self) -> None:
        with self.lock:
            self.over.set()


# ---------------------------------------------------------------- several puzzles


def puzzles_work(chunk: Sequence[tuple[int, Instance, tuple]], request: Request,
                 ) -> list[PuzzleEvents]:
    """A task's puzzles, each answered whole as a local `--jobs` worker answers it (within
    its cube, for --split)."""
    return [pipeline.puzzle_events(index, instance, replace(request, cube=cube))
            for index, instance, cube in chunk]


def solve_each(client: Client, instances: Sequence[Instance], request: Request,
               cubes: Sequence[tuple] | None = None) -> Generator[PuzzleEvents, None, None]:
    """`pipeline.solve_each` on the cluster: each puzzle's events whole, in completion
    order; cut short (timeout, Ctrl-C), it ends with the puzzles answered so far. `cubes`:
    puzzle k is restricted to cube k (--split), one cube per task."""
    size = 1 if cubes is not None else chunk_size(client, len(instances), largest=64)
    items = [(index, instance, cubes[index] if cubes is not None else request.cube)
             for index, instance in enumerate(instances)]
    chunks = [items[first:first + size] for first in range(0, len(items), size)]
    answered: set[int] = set()
    try:
        for position, (tag, value) in run_chunks(client, puzzles_work, chunks, request):
            answered.update(index for index, _instance, _cube in chunks[position])
            if tag == "done":
                yield from value
            elif tag == "timeout":
                return
            else:
                message = (str(InputError(*value)) if tag == "input-error"
                           else f"satpuzzle: internal error: {value}")
                for index, _instance, _cube in chunks[position]:
                    yield PuzzleEvents(index, [], message, 2 if tag == "input-error" else 4)
    except (TimeoutError, KeyboardInterrupt):
        return
    except ClusterLost as exc:  # each puzzle not answered ends as a timeout would
        ended = Ended(exc.stopped, time.monotonic() - (request.started or time.monotonic()))
        for index, _instance, _cube in items:
            if index not in answered:
                yield PuzzleEvents(index, [ended])


# ---------------------------------------------------------------- one-line puzzles


def batch_work(chunk: tuple[int, Sequence[Instance]], request: Request) -> list[Event]:
    """A task's run of consecutive one-line puzzles (the first is puzzle `offset`): the
    events of `pipeline.solve_batch` on them, numbered as in the whole batch."""
    offset, instances = chunk
    events: list[Event] = []
    for event in pipeline.solve_batch(instances, replace(request, workers=1)):
        if isinstance(event, (Found, Done, Counting)):
            event = replace(event, index=event.index + offset)
        events.append(event)
    return events


def solve_batch(client: Client, instances: Sequence[Instance],
                request: Request) -> Generator[Event, None, None]:
    """`pipeline.solve_batch` on the cluster: the same events (puzzle k's say index k), in
    completion order of the tasks, one `Compiled` (the first task's) and one `Ended`."""
    started = time.monotonic()
    size = chunk_size(client, len(instances))
    chunks = [(first, list(instances[first:first + size]))
              for first in range(0, len(instances), size)]
    stats: dict[str, int] = {}
    stopped = None
    compiled = False
    try:
        for _position, (tag, value) in run_chunks(client, batch_work, chunks, request):
            _raise_failure(tag, value)
            if tag == "timeout":
                stopped = "timeout"
                break
            for event in value:
                if isinstance(event, Ended):
                    for key, number in event.stats.items():
                        stats[key] = stats.get(key, 0) + number
                    stopped = stopped or event.stopped
                elif not isinstance(event, pipeline.Compiled) or not compiled:
                    compiled |= isinstance(event, pipeline.Compiled)
                    yield event
            if stopped:
                break
    except TimeoutError:
        stopped = "timeout"
    except KeyboardInterrupt:
        stopped = "interrupt"
    except ClusterLost as exc:
        stopped = exc.stopped
    yield Ended(stopped, time.monotonic() - started, stats)


def _raise_failure(tag: str, value: Any) -> None:  # value: as in an Outcome
    """A task's failure raised here as it would be in a local run: bad input, or a crash."""
    if tag == "input-error":
        raise InputError(*value)
    if tag == "failed":
        raise children.ChildFailed(value)


# ---------------------------------------------------------------- results in input order


def in_order(client: Client, work: Callable[[C, Request], list[T]], chunks: Sequence[C],
             request: Request) -> Iterator[T]:
    """Every item of every chunk's result (`work` returns a list), in input order, each
    once. Raises TimeoutError when the deadline passes, InputError for bad input, ChildFailed
    for a task that failed, ClusterLost; closing the generator cancels what is left."""
    waiting: dict[int, list[T]] = {}
    next_position = 0
    for position, (tag, value) in run_chunks(client, work, chunks, request):
        _raise_failure(tag, value)
        if tag == "timeout":
            raise TimeoutError("the deadline passed on a worker")
        waiting[position] = value
        while next_position in waiting:
            yield from waiting.pop(next_position)
            next_position += 1


def verify_work(chunk: tuple[str, int, str, tuple[int, int] | None, Sequence[Any]],
                request: Request) -> list[InstanceReport]:
    """A task's reports of `satpuzzle verify`: its sources are (label, instance) pairs, or
    the indices of random ones (made here from (seed, size, index), as locally)."""
    from satpuzzle.reductions import reduction as reduction_named
    from satpuzzle.verify import random_source, verify_instance

    name, cap, solver, random_spec, items = chunk
    reduction = reduction_named(name)
    if random_spec is not None:
        items = [random_source(reduction, *random_spec, index) for index in items]
    return [verify_instance(reduction, source, label, cap, solver, request.encodings)
            for label, source in items]


def verify_reports(client: Client, name: str, sources: Sequence[Any], cap: int, solver: str,
                   request: Request, random_spec: tuple[int, int] | None = None,
                   ) -> Iterator[InstanceReport]:
    """`verify.verify_all` on the cluster: one report per source, in input order. `sources`:
    (label, instance) pairs, or with `random_spec` (seed, size) the random sources' indices."""
    size = chunk_size(client, len(sources), largest=256)
    chunks = [(name, cap, solver, random_spec, list(sources[first:first + size]))
              for first in range(0, len(sources), size)]
    yield from in_order(client, verify_work, chunks, request)


def generate_work(chunk: tuple[str, int, int, bool, Options, Sequence[int]],
                  request: Request) -> list[str]:
    """A task's new puzzles, in the language: puzzle k from seed k, as `generate` makes it."""
    from satpuzzle.kinds import registry

    name, rows, cols, unique, options, seeds = chunk
    kind = registry.kind(name)
    return [kind.to_puz(kind.with_encodings(kind.generate(rows, cols, seed, unique, options),
                                            request.encodings)) for seed in seeds]


def generated(client: Client, chunk: tuple[str, int, int, bool, Options],
              seeds: Sequence[int], request: Request) -> Iterator[str]:
    """`generate --count N` on the cluster: each seed's puzzle in the language, in order."""
    size = chunk_size(client, len(seeds), largest=256)
    chunks = [(*chunk, list(seeds[first:first + size]))
              for first in range(0, len(seeds), size)]
    yield from in_order(client, generate_work, chunks, request)
