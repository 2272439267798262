"""--cluster: work on a real Dask cluster (a scheduler and two worker processes on the loopback
address) gives the same output, byte for byte, as a local run and as --jobs 2, even when a
worker is killed in the middle of a batch; --timeout stops it with what was found (exit 3);
an unreachable scheduler is one line, exit 2, and quick."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT, run_process

distributed = pytest.importorskip(
    "distributed", reason="the cluster extra is not installed: pip install 'satpuzzle[cluster]'")


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded worker processes on 127.0.0.1, and a client of
    them for the tests to look at (and kill) the workers."""
    import logging

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                  silence_logs=logging.ERROR) as local, \
            distributed.Client(local, set_as_default=False) as client:
        yield local.scheduler_address, client


def many_solutions(path: Path, count: int = 16) -> Path:
    """One-line Sudokus with many solutions each: the bundled hard puzzles with only three of
    their rows' clues kept, so that counting up to --limit keeps a worker busy."""
    lines = [line.strip() for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text()
             .splitlines() if line.strip() and not line.startswith("#")]
    puzzles = []
    for number in range(count):
        line = lines[number % len(lines)]
        rows = range(number % 3 * 27, number % 3 * 27 + 27)
        puzzles.append("".join(c if i in rows else "." for i, c in enumerate(line)))
    path.write_text("\n".join(puzzles) + "\n")
    return path


def solve(*args: object) -> subprocess.CompletedProcess:
    return run_process("solve", *args, timeout=180)


def test_batch_and_directory_same_bytes_as_local_and_jobs(cluster, tmp_path):
    address, _client = cluster
    batch = many_solutions(tmp_path / "many.txt")
    # which solutions a puzzle of several prints under --limit depends on the solver's state
    # (its learnt clauses from earlier puzzles of the batch), as with --jobs: compared here are
    # answers that do not, unique solutions and counts
    for args in ([batch, "--count", "--engine", "sat", "--limit", "50"],
                 [INSTANCES / "sudoku" / "hard-batch.txt", "--unique"],
                 [INSTANCES / "sudoku"],
                 [INSTANCES / "hashi", "--format", "json"]):
        local = solve(*args)
        jobs = solve(*args, "--jobs", "2")
        remote = solve(*args, "--cluster", address)
        assert local.stdout, local.stderr
        assert jobs.stdout == local.stdout, args
        assert remote.stdout == local.stdout, (args, remote.stderr)
        assert remote.returncode == jobs.returncode == local.returncode, remote.stderr
        assert "Traceback" not in remote.stderr


def test_worker_killed_mid_batch_output_complete_and_identical(cluster, tmp_path):
    """A worker killed while it runs a task of the batch: the scheduler runs that task again
    on a worker alive, and every puzzle's line is printed once, in input order."""
    address, client = cluster
    batch = many_solutions(tmp_path / "many.txt", 24)
    args = [batch, "--count", "--engine", "sat", "--limit", "1500"]
    local = solve(*args)
    client.wait_for_workers(2, timeout=60)
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        pids = client.run(os.getpid)
        end = time.monotonic() + 60
        while time.monotonic() < end and not killed:
            for worker, keys in client.processing().items():
                if any(str(key).startswith("satpuzzle-") for key in keys):
                    time.sleep(0.3)  # well inside the task: its child is solving
                    os.kill(pids[worker], signal.SIGKILL)
                    killed.append(pids[worker])
                    return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    remote = solve(*args, "--cluster", address)
    killer.join()
    assert killed, "no task of the batch was seen running"
    assert remote.returncode == local.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
    assert len(remote.stdout.splitlines()) == 24
    client.wait_for_workers(2, timeout=60)  # the nanny restarts it for the next test


def test_timeout_cancels_and_prints_what_was_found(cluster, tmp_path):
    address, client = cluster
    batch = many_solutions(tmp_path / "many.txt", 24)
    # a busy machine can spend the first seconds reading (importing Dask, connecting): the
    # deadline must fall in the search for this test, so it grows until it does
    for seconds in (3, 6, 12, 24):
        started = time.monotonic()
        remote = solve(batch, "--count", "--engine", "sat", "--cluster", address,
                       "--timeout", str(seconds))
        assert time.monotonic() - started < 10 * seconds
        if "while reading" not in remote.stderr:
            break
    assert remote.returncode == 3, remote.stderr
    lines = remote.stdout.splitlines()
    assert len(lines) == 24  # line K answers puzzle K, found or not
    assert "timeout" in remote.stderr and "Traceback" not in remote.stderr
    assert_workers_stop(client)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_unreachable_scheduler_is_one_line_exit_2_quickly():
    started = time.monotonic()
    result = solve(INSTANCES / "sudoku", "--cluster", f"tcp://127.0.0.1:{free_port()}")
    assert time.monotonic() - started < 30
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "--cluster" in result.stderr and "error:" in result.stderr


def test_bad_local_address_is_one_line():
    result = solve(INSTANCES / "sudoku", "--cluster", "local:0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "local:N" in result.stderr


def test_without_the_extra_one_line_says_how_to_install(tmp_path):
    blocker = tmp_path / "distributed"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('not installed')\n")
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    result = subprocess.run([sys.executable, "-m", "satpuzzle", "solve",
                             str(INSTANCES / "sudoku"), "--cluster", "local:2"],
                            capture_output=True, text=True, env=env, timeout=60, check=False)
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "pip install 'satpuzzle[cluster]'" in result.stderr


def test_generate_and_verify_same_bytes_as_local(cluster, tmp_path):
    address, _client = cluster
    generate = ["generate", "shikaku", "--size", "6", "--unique", "--count", "12", "--seed", "5"]
    local = run_process(*generate)
    jobs = run_process(*generate, "--jobs", "2")
    remote = run_process(*generate, "--cluster", address)
    assert local.returncode == jobs.returncode == remote.returncode == 0, remote.stderr
    assert local.stdout.count("# puzzle ") >= 10
    assert jobs.stdout == local.stdout and remote.stdout == local.stdout
    (tmp_path / "made.puz").write_text(remote.stdout)
    assert solve(tmp_path / "made.puz", "--unique").stdout.count("\nunique\n") >= 10

    verify = ["verify", "contour-puzzle", "--random", "30", "--seed", "3", "-v"]
    local = run_process(*verify)
    remote = run_process(*verify, "--cluster", address)
    assert local.returncode == remote.returncode == 0, remote.stderr
    assert local.stdout.count(": ok,") == 30
    assert remote.stdout == local.stdout


def test_split_on_the_cluster_counts_and_sets_equal_unsplit(cluster):
    address, _client = cluster
    for path, parts in (("sudoku/empty-4x4.puz", "7"), ("jigsaw/fibonacci-4x20.puz", "3")):
        unsplit = solve(INSTANCES / path, "--count")
        split = solve(INSTANCES / path, "--count", "--split", parts, "--cluster", address)
        assert split.returncode == unsplit.returncode == 0, split.stderr
        assert split.stdout == unsplit.stdout
    every = solve(INSTANCES / "shikaku" / "codingame-20x20.puz", "--all")
    split = solve(INSTANCES / "shikaku" / "codingame-20x20.puz", "--all", "--split", "7",
                  "--cluster", address)
    blocks = [block.strip() for block in split.stdout.split("\n\n") if block.strip()]
    assert len(blocks) == len(set(blocks)) == 32
    assert set(blocks) == {block.strip() for block in every.stdout.split("\n\n")
                           if block.strip()}


def test_ctrl_c_cancels_and_prints_what_was_found(cluster, tmp_path):
    address, client = cluster
    batch = many_solutions(tmp_path / "many.txt", 24)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "satpuzzle", "solve", str(batch),
                                "--count", "--engine", "sat", "--cluster", address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    end = time.monotonic() + 60
    while time.monotonic() < end and not any(client.processing().values()):
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 3, stderr
    assert len(stdout.splitlines()) == 24 and "interrupted" in stderr
    assert "Traceback" not in stderr
    assert_workers_stop(client)


def working_children() -> int:
    """On a worker: its processes at work (each task's child and what that started), not
    counting the one that watches process groups (in a session of its own)."""
    import psutil

    return sum(1 for child in psutil.Process().children(recursive=True)
               if os.getsid(child.pid) != child.pid)


def assert_workers_stop(client) -> None:
    """What a run that was given up had started on the workers stops within seconds (Dask
    drops the waiting tasks; the running ones are killed by their stop Event)."""
    end = time.monotonic() + 20
    while time.monotonic() < end and (any(client.processing().values())
                                      or any(client.run(working_children).values())):
        time.sleep(0.2)
    assert not any(client.processing().values())
    assert not any(client.run(working_children).values())


def set_protocol(value: int) -> None:
    """On a worker: pretend it loaded a satpuzzle whose tasks have another form."""
    from satpuzzle import cluster as module

    module.PROTOCOL = value


def test_workers_running_another_satpuzzle_are_refused(cluster):
    address, client = cluster
    from satpuzzle.cluster import PROTOCOL

    client.run(set_protocol, PROTOCOL + 1)
    try:
        result = solve(INSTANCES / "sudoku", "--cluster", address)
    finally:
        client.run(set_protocol, PROTOCOL)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "another satpuzzle" in result.stderr
    assert solve(INSTANCES / "sudoku", "--cluster", address).returncode == 1  # one unsolvable


def test_a_local_cluster_run_says_nothing_but_its_own_lines():
    """--cluster local:N runs Dask's scheduler in this process: its log (a waiting task's
    stop watch cancelled as the cluster closes) must not reach the user's stderr."""
    local = solve(INSTANCES / "sudoku" / "hard-batch.txt", "--unique")
    remote = solve(INSTANCES / "sudoku" / "hard-batch.txt", "--unique", "--cluster", "local:2")
    assert remote.returncode == local.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
    assert remote.stderr == local.stderr
