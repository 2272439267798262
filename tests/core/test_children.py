"""satpuzzle.children: events arrive in order, every way a run ends kills the children and
what they started, errors in a child come back as InputError or ChildFailed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from bounded import MARK, processes_of
from conftest import ROOT, process_alive

from satpuzzle.children import (
    ChildFailed,
    RunResult,
    in_child,
    run_children,
    run_command,
    stream,
)
from satpuzzle.errors import InputError


def _gone(pid: int, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not process_alive(pid):
            return True
        time.sleep(0.02)
    return not process_alive(pid)


def test_events_arrive_in_order_and_results_come_back() -> None:
    def counts(send):
        for number in range(500):
            send(number)
        return "finished"

    seen: list[tuple[int, object]] = []
    result = run_children([counts], lambda index, payload: seen.append((index, payload)))
    assert isinstance(result, RunResult)
    assert result.stopped is None
    assert result.results == ["finished"]
    assert result.finished == [True]
    assert seen == [(0, number) for number in range(500)]


def test_each_child_keeps_its_own_order() -> None:
    def make(tag: str):
        def target(send):
            for number in range(200):
                send((tag, number))
            return tag
        return target

    seen: dict[int, list] = {0: [], 1: [], 2: []}
    result = run_children([make("a"), make("b"), make("c")],
                          lambda index, payload: seen[index].append(payload))
    assert result.results == ["a", "b", "c"]
    for index, tag in enumerate("abc"):
        assert seen[index] == [(tag, number) for number in range(200)]


def test_the_child_knows_it_is_one_and_has_its_own_process_group() -> None:
    def target(send):
        return in_child(), os.getpgid(0) == os.getpid()

    assert run_children([target], lambda i, p: None).results == [(True, True)]
    assert not in_child()


def test_timeout_kills_a_sleeping_child_and_its_grandchild(tmp_path: Path) -> None:
    pids: list[int] = []

    def sleeps(send):
        sleeper = subprocess.Popen(["sleep", "60"])
        send((os.getpid(), sleeper.pid))
        while True:
            time.sleep(0.05)

    started = time.monotonic()
    result = run_children([sleeps], lambda index, payload: pids.extend(payload), timeout=0.5)
    assert result.stopped == "timeout"
    assert time.monotonic() - started < 3
    assert result.results == [None] and result.finished == [False]
    child, grandchild = pids
    assert not process_alive(child)
    assert _gone(grandchild)


def test_a_command_started_in_a_child_dies_with_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"

    def runs_a_solver(send):
        return run_command(["sh", "-c", f"sleep 60 & echo $! > {pid_file}; wait"],
                           tmp_path / "out", tmp_path / "err", None)

    result = run_children([runs_a_solver], lambda i, p: None, timeout=0.5)
    assert result.stopped == "timeout"
    assert _gone(int(pid_file.read_text()))


def test_on_event_returning_true_stops_the_run_and_kills_the_others() -> None:
    pids: list[int] = []

    def first(send):
        send(os.getpid())
        send("answer")
        time.sleep(60)

    def second(send):
        send(os.getpid())
        time.sleep(60)

    def on_event(index, payload):
        if isinstance(payload, int):
            pids.append(payload)
            return None
        return payload == "answer"

    started = time.monotonic()
    result = run_children([first, second], on_event, timeout=20)
    assert result.stopped is None
    assert time.monotonic() - started < 10
    assert result.results == [None, None]
    for pid in pids:
        assert not process_alive(pid)


def test_an_input_error_in_the_child_is_raised_again_with_its_position() -> None:
    def bad_input(send):
        send("before")
        raise InputError("expected a digit", "puzzle.puz", 3, 7)

    seen = []
    with pytest.raises(InputError) as caught:
        run_children([bad_input], lambda index, payload: seen.append(payload))
    assert str(caught.value) == "puzzle.puz:3:7: error: expected a digit"
    assert (caught.value.path, caught.value.line, caught.value.column) == ("puzzle.puz", 3, 7)
    assert seen == ["before"]


def test_a_crash_in_the_child_is_child_failed_with_its_traceback() -> None:
    def crashes(send):
        raise ValueError("no model for this")

    with pytest.raises(ChildFailed) as caught:
        run_children([crashes], lambda i, p: None)
    assert "Traceback" in str(caught.value)
    assert "no model for this" in str(caught.value)
    assert caught.value.summary == "ValueError: no model for this"
    assert caught.value.exitcode is None


def test_a_child_killed_by_a_signal_is_child_failed() -> None:
    def killed(send):
        send("hello")
        os.kill(os.getpid(), signal.SIGKILL)

    seen = []
    with pytest.raises(ChildFailed, match="died unexpectedly.*SIGKILL") as caught:
        run_children([killed], lambda i, p: seen.append(p))
    assert caught.value.exitcode == -signal.SIGKILL
    assert seen == ["hello"]


def test_a_child_that_exits_without_answering_is_child_failed() -> None:
    def leaves(send):
        sys.stdout.flush()
        os._exit(3)

    with pytest.raises(ChildFailed, match="exit status 3"):
        run_children([leaves], lambda i, p: None)


def test_a_failing_child_stops_the_others() -> None:
    pids: list[int] = []

    def sleeps(send):
        send(os.getpid())
        time.sleep(60)

    def crashes(send):
        time.sleep(0.3)
        raise RuntimeError("bug")

    with pytest.raises(ChildFailed):
        run_children([sleeps, crashes], lambda i, p: pids.append(p), timeout=20)
    assert pids and not process_alive(pids[0])


def test_keyboard_interrupt_in_on_event_is_an_interrupt() -> None:
    pids: list[int] = []

    def target(send):
        send(os.getpid())
        time.sleep(60)

    def on_event(index, payload):
        pids.append(payload)
        raise KeyboardInterrupt

    result = run_children([target], on_event)
    assert result.stopped == "interrupt"
    assert not process_alive(pids[0])


def test_ctrl_c_in_the_parent_is_an_interrupt_and_the_child_ignores_it() -> None:
    pids: list[int] = []

    def target(send):
        send(os.getpid())
        time.sleep(60)

    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        result = run_children([target], lambda i, p: pids.append(p), timeout=20)
    finally:
        timer.cancel()
    assert result.stopped == "interrupt"
    assert not process_alive(pids[0])


def test_run_command_times_out_and_kills_the_group(tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"
    started = time.monotonic()
    code, timed_out = run_command(["sh", "-c", f"sleep 60 & echo $! > {pid_file}; wait"],
                                  tmp_path / "out", tmp_path / "err", 0.3)
    assert (code, timed_out) == (None, True)
    assert time.monotonic() - started < 3
    assert _gone(int(pid_file.read_text()))


def test_run_command_returns_the_exit_code(tmp_path: Path) -> None:
    code, timed_out = run_command(["sh", "-c", "echo out; echo err >&2; exit 10"],
                                  tmp_path / "out", tmp_path / "err", 5)
    assert (code, timed_out) == (10, False)
    assert (tmp_path / "out").read_text() == "out\n"
    assert (tmp_path / "err").read_text() == "err\n"


def test_stream_yields_events_and_closing_it_kills_the_children() -> None:
    def target(send):
        send(os.getpid())
        for number in range(3):
            send(number)
        time.sleep(60)

    events = stream([target], timeout=20)
    index, pid = next(events)
    assert index == 0
    assert [next(events) for _ in range(3)] == [(0, 0), (0, 1), (0, 2)]
    events.close()
    assert not process_alive(pid)


def test_stream_raises_timeout_error() -> None:
    def target(send):
        send("hello")
        time.sleep(60)

    events = stream([target], timeout=0.3)
    assert next(events) == (0, "hello")
    with pytest.raises(TimeoutError):
        next(events)


def test_stream_graceful_lets_the_child_clean_up(tmp_path: Path) -> None:
    marker = tmp_path / "cleaned"

    def target(send):
        def on_term(signum, frame):
            marker.write_text("yes")
            os._exit(0)

        signal.signal(signal.SIGTERM, on_term)
        send("ready")
        while True:
            time.sleep(0.02)

    events = stream([target], timeout=20, graceful=True)
    assert next(events) == (0, "ready")
    events.close()
    assert marker.read_text() == "yes"


_GRANDCHILD_SCRIPT = """
import subprocess, sys, time
from satpuzzle.children import run_children

def target(send):
    subprocess.Popen(["sleep", "30"])  # in the child's group, with no death signal of its own
    send("started")
    time.sleep(30)

def on_event(_index, _payload):
    print("ready", flush=True)

run_children([target], on_event)
"""


def test_what_a_child_started_dies_when_satpuzzle_is_killed(tmp_path: Path) -> None:
    """SIGKILL leaves satpuzzle no chance to kill its children's groups: the group watcher
    does it, so a process a child started (which no death signal reaches) goes too."""
    run_id = f"grandchild-{os.getpid()}-{time.monotonic_ns()}"
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{MARK: run_id})
    top = subprocess.Popen([sys.executable, "-c", _GRANDCHILD_SCRIPT], env=env,
                           stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert top.stdout is not None and top.stdout.readline() == "ready\n"
        assert len(processes_of(run_id)) >= 3  # satpuzzle, its child, the sleep (+ watcher)
        top.kill()
        top.wait(5)
        deadline = time.monotonic() + 3
        while processes_of(run_id) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert processes_of(run_id) == []
    finally:
        for pid in processes_of(run_id):
            os.kill(pid, signal.SIGKILL)
