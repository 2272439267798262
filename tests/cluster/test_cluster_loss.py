"""--cluster when the cluster goes away: a real Dask scheduler and two workers (`dask
scheduler`, `dask worker`, processes of their own), the real command solving a directory or
a batch on them, and the scheduler (or every worker) killed with SIGKILL once the first
answers are out. The command ends with exit 3 within bounds, keeps the answers it received
(each the same as a local run's), says which puzzles were left, shows no traceback and no
Dask log line, and leaves no process behind. A malformed --cluster address is one line and
exit 2, before any work."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from bounded import MARK, processes_of
from conftest import INSTANCES, ROOT, run_process

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra is not installed: pip install 'satpuzzle[cluster]'")

# a solved 9x9 Sudoku: each puzzle of the workload is it with its digits relabelled and 55
# cells emptied, which leaves between a few and a few thousand solutions to count (about half
# a second of counting each)
SOLVED = "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
PUZZLES = 48
LIMIT = "3000"
COUNT = ["--count", "--engine", "sat", "--limit", LIMIT]


@dataclass
class Workload:
    directory: Path  # one .puz file a puzzle
    batch: Path  # the same puzzles, one line each
    local_blocks: dict[int, str]  # the directory's answers on one machine, by puzzle number
    local_lines: list[str]  # the batch's (--format json)


def one_liners(count: int) -> list[str]:
    rng = random.Random(28)
    lines = []
    for _ in range(count):
        digits = rng.sample("123456789", 9)
        relabelled = "".join(digits[int(cell) - 1] for cell in SOLVED)
        emptied = set(rng.sample(range(81), 55))
        lines.append("".join("." if i in emptied else c for i, c in enumerate(relabelled)))
    return lines


def answer_blocks(stdout: str) -> dict[int, str]:
    """A directory's output by puzzle number: its `# puzzle K` line and what follows."""
    blocks = re.split(r"\n(?=# puzzle )", stdout.strip("\n"))
    return {int(block.split()[2]): block.strip("\n") for block in blocks if block}


@pytest.fixture(scope="module")
def workload(tmp_path_factory) -> Workload:
    root = tmp_path_factory.mktemp("loss")
    lines = one_liners(PUZZLES)
    directory = root / "puzzles"
    directory.mkdir()
    for number, line in enumerate(lines):
        rows = "\n".join("    " + " ".join(line[r * 9:r * 9 + 9]) for r in range(9))
        (directory / f"p{number:03}.puz").write_text(
            f'sudoku "p{number}" {{\n  box: 3x3\n  grid {{\n{rows}\n  }}\n}}\n')
    batch = root / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    local = run_process("solve", directory, *COUNT, "--jobs", "2", timeout=600)
    assert local.returncode == 0, local.stderr
    local_batch = run_process("solve", batch, *COUNT, "--kind", "sudoku", "--format", "json",
                              timeout=600)
    assert local_batch.returncode == 0, local_batch.stderr
    blocks = answer_blocks(local.stdout)
    assert sorted(blocks) == list(range(1, PUZZLES + 1))
    assert len({block.splitlines()[1] for block in blocks.values()}) > 10  # varied counts
    return Workload(directory, batch, blocks, local_batch.stdout.splitlines())


@dataclass
class Cluster:
    address: str
    scheduler: subprocess.Popen
    workers: subprocess.Popen


def _stop(process: subprocess.Popen | None) -> None:
    if process is None:
        return
    try:
        os.killpg(process.pid, signal.SIGKILL)  # the process's own session: all it started
    except ProcessLookupError:
        pass
    process.wait(timeout=60)


@pytest.fixture
def cluster(tmp_path) -> Iterator[Cluster]:
    """A scheduler on a port of its choosing and two single-threaded workers (with their
    nannies), each command in a session of its own so that one killpg ends all it started."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    info = tmp_path / "scheduler.json"
    log = (tmp_path / "dask.log").open("wb")
    dask = [sys.executable, "-m", "dask"]
    scheduler = subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(info)],
                                 stdout=log, stderr=log, env=env, cwd=ROOT,
                                 start_new_session=True)
    workers = None
    try:
        end = time.monotonic() + 120
        while not (info.exists() and info.read_text().strip().endswith("}")):
            assert time.monotonic() < end and scheduler.poll() is None, "no scheduler"
            time.sleep(0.1)
        address = json.loads(info.read_text())["address"]
        workers = subprocess.Popen([*dask, "worker", "--scheduler-file", str(info),
                                    "--nworkers", "2", "--nthreads", "1", "--no-dashboard",
                                    "--host", "127.0.0.1"],
                                   stdout=log, stderr=log, env=env, cwd=ROOT,
                                   start_new_session=True)
        with distributed.Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        yield Cluster(address, scheduler, workers)
    finally:
        _stop(workers)
        _stop(scheduler)
        log.close()


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float
    answers_before_kill: int
    left_behind: list[int]


def run_and_kill(args: list[object], kill: Callable[[], None], answer: re.Pattern[str],
                 tmp_path: Path) -> Run:
    """`satpuzzle solve ARGS` in a process of its own; `kill()` as soon as a line of its output
    matches `answer` (the run is then under way, its first task's answers out)."""
    run_id = uuid.uuid4().hex
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{MARK: run_id})
    stderr_path = tmp_path / "stderr.txt"
    started = time.monotonic()
    with stderr_path.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "satpuzzle", "solve",
                                    *map(str, args)],
                                   stdout=subprocess.PIPE, stderr=stderr, text=True, env=env,
                                   cwd=ROOT)
        watchdog = threading.Timer(300, process.kill)  # a hang fails the bounds below
        watchdog.start()
        lines: list[str] = []
        answers = None
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            if answers is None and answer.fullmatch(line.rstrip("\n")):
                kill()
                answers = sum(bool(answer.fullmatch(seen.rstrip("\n"))) for seen in lines)
        code = process.wait(timeout=300)
        watchdog.cancel()
    seconds = time.monotonic() - started
    time.sleep(0.5)  # a process that outlived the command would still be there
    return Run(code, "".join(lines), stderr_path.read_text(), seconds, answers or 0,
               processes_of(run_id))


def assert_ended_well(run: Run, words: str, seconds: float) -> None:
    """Exit 3 within bounds, no traceback or Dask log line, stderr bounded, nothing left."""
    assert run.answers_before_kill, "the kill never came: no answer was printed"
    assert run.code == 3, (run.code, run.stderr)
    assert run.seconds < seconds, f"{run.seconds:.1f} s"
    assert "Traceback" not in run.stderr and "distributed." not in run.stderr, run.stderr
    assert "internal error" not in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) <= PUZZLES + 3, run.stderr
    assert words in run.stderr, run.stderr
    assert run.left_behind == []


def check_directory_answers(run: Run, workload: Workload, words: str) -> None:
    """Every puzzle has its block, in order; those answered are the local run's, byte for
    byte; each of the others is said on stderr, in one line, to be cut short by the loss."""
    blocks = answer_blocks(run.stdout)
    assert sorted(blocks) == list(range(1, PUZZLES + 1)), run.stdout
    said = re.findall(rf"^satpuzzle: puzzle (\d+): {words} after ", run.stderr, re.MULTILINE)
    left = {int(number) for number in said}
    assert left, "every puzzle was answered: the loss came too late to test anything"
    answered = set(blocks) - left
    assert len(answered) >= run.answers_before_kill
    for number in answered:
        assert blocks[number] == workload.local_blocks[number], number
    summary = run.stderr.splitlines()[-1]
    assert summary == (f"satpuzzle: {PUZZLES} puzzles: {len(answered)} solved, "
                       f"{len(left)} gave up"), run.stderr


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGSTOP])
def test_scheduler_killed_or_frozen_mid_directory(workload, cluster, tmp_path, how):
    """Killed, the scheduler's connection breaks at once; frozen, it leaves the command's
    question unanswered for 15 s."""
    run = run_and_kill([workload.directory, *COUNT, "--cluster", cluster.address],
                       lambda: os.killpg(cluster.scheduler.pid, how),
                       re.compile(r"[0-9]+"), tmp_path)
    assert_ended_well(run, "lost the Dask scheduler", seconds=120)
    check_directory_answers(run, workload, "lost the Dask scheduler")


def test_scheduler_killed_mid_batch(workload, cluster, tmp_path):
    """A batch: one line a puzzle, in order; those the cluster answered are the local run's,
    the others `UNKNOWN` (as when a timeout cuts a batch short); one summary line."""
    run = run_and_kill([workload.batch, *COUNT, "--kind", "sudoku", "--format", "json",
                        "--cluster", cluster.address],
                       lambda: os.killpg(cluster.scheduler.pid, signal.SIGKILL),
                       re.compile(r'\{.*"status": "SAT".*'), tmp_path)
    assert_ended_well(run, "lost the Dask scheduler", seconds=120)
    lines = run.stdout.splitlines()
    assert len(lines) == PUZZLES
    unknown = [line for line in lines if json.loads(line)["status"] == "UNKNOWN"]
    assert unknown, "every puzzle was answered: the loss came too late to test anything"
    answered = 0
    for line, local in zip(lines, workload.local_lines):
        if json.loads(line)["status"] != "UNKNOWN":
            assert line == local
            answered += 1
    assert len(run.stderr.splitlines()) == 1, run.stderr
    assert re.fullmatch(rf"satpuzzle: lost the Dask scheduler after [0-9.]+ s: {answered} of "
                        rf"{PUZZLES} puzzles answered, enumeration incomplete\n", run.stderr)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGSTOP])
def test_every_worker_killed_or_frozen_mid_directory(workload, cluster, tmp_path, how):
    """The scheduler stays, its workers (nannies too) go, or freeze (Dask waits for a frozen
    worker whose nanny is frozen too for ever, and the run with it): with no worker heard
    from for 15 s the run is given up."""
    run = run_and_kill([workload.directory, *COUNT, "--cluster", cluster.address],
                       lambda: os.killpg(cluster.workers.pid, how),
                       re.compile(r"[0-9]+"), tmp_path)
    assert_ended_well(run, "lost every Dask worker", seconds=120)
    check_directory_answers(run, workload, "lost every Dask worker")


@pytest.mark.parametrize("address", ["", "tcp://", "foo:bar:baz", "tcp://127.0.0.1:70000",
                                     "tcp://127.0.0.1:0", "tcp://:8786", "http://host:8786",
                                     "local:0"])
def test_malformed_address_one_line_before_any_work(address):
    # the file does not exist: the address is refused before anything is read
    result = run_process("solve", INSTANCES / "missing-directory", "--cluster", address,
                         timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "argument --cluster: expected" in result.stderr and "Traceback" not in result.stderr


def test_malformed_address_for_generate_and_verify():
    for command in (["generate", "shikaku", "--count", "3"],
                    ["verify", "contour-puzzle", "--random", "3"]):
        result = run_process(*command, "--cluster", "tcp://", timeout=60)
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and "argument --cluster" in result.stderr


@pytest.fixture
def stranger() -> Iterator[Callable[[bytes], str]]:
    """A server on 127.0.0.1 that is not Dask: it accepts each connection and sends `reply`
    (nothing: it stays silent, as a web server waiting for its request does); its address."""
    servers: list[socket.socket] = []

    def serve(reply: bytes) -> str:
        server = socket.create_server(("127.0.0.1", 0))
        servers.append(server)

        def accept() -> None:
            held = []
            with contextlib.suppress(OSError):  # closed at the end of the test
                while True:
                    connection, _ = server.accept()
                    held.append(connection)  # open, unanswered, until the test ends
                    if reply:
                        connection.sendall(reply)

        threading.Thread(target=accept, daemon=True).start()
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield serve
    for server in servers:
        server.close()


@pytest.mark.parametrize("reply", [b"", b"HTTP/1.0 400 Bad Request\r\n\r\n"])
def test_something_else_listening_is_one_line_exit_2(stranger, reply):
    """A server that accepts and says nothing held the command for ever (Dask bounds the
    connection, not its handshake); one that answers as a web server does made Dask ask for
    3 EiB (a MemoryError, said as running out of memory, exit 3)."""
    started = time.monotonic()
    result = run_process("solve", INSTANCES / "sudoku", "--cluster", stranger(reply),
                         timeout=120)
    assert time.monotonic() - started < 60
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "no Dask scheduler" in result.stderr and "Traceback" not in result.stderr
