"""Timeouts and signals: exit 3 with what was found so far; no half-written output."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import INSTANCES, ROOT, parse_grids, run_cli, run_process, wait_for_cpu

from satpuzzle.checkers.sudoku import violations

EMPTY_9 = INSTANCES / "sudoku" / "empty-9x9.puz"


def test_timeout_exits_3_with_count_so_far():
    start = time.monotonic()
    result = run_cli("solve", EMPTY_9, "--count", "--timeout", "2")
    elapsed = time.monotonic() - start
    assert result.returncode == 3
    assert int(result.stdout) > 0
    assert "timeout" in result.stderr and "incomplete" in result.stderr
    assert elapsed < 2 * 1.1 + 0.5 + 0.3  # the bound, and spawning the process


def test_timeout_json_reports_unknown_completeness():
    import json

    result = run_cli("solve", EMPTY_9, "--all", "--timeout", "2", "--format", "json")
    data = json.loads(result.stdout)
    assert result.returncode == 3
    assert data["status"] == "SAT" and data["complete"] is False
    assert data["count"] == len(data["solutions"]) > 0


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_during_all_prints_solutions_and_count(tmp_path, signum):
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    with open(out, "w") as stdout, open(err, "w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "satpuzzle", "solve", str(EMPTY_9), "--all"],
            stdout=stdout, stderr=stderr, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        _wait_for_output(out, process)  # enumeration under way (start-up is slow when loaded)
        time.sleep(0.5)
        process.send_signal(signum)
        assert process.wait(timeout=10) == 3
    grids = parse_grids(out.read_text())
    message = err.read_text()
    assert "interrupted" in message
    assert f"{len(grids)} solution(s) found so far" in message
    assert len(grids) > 0 and len({str(g) for g in grids}) == len(grids)
    for grid in grids:
        assert violations([[0] * 9] * 9, 3, 3, grid) == []


def _wait_for_output(path, process, seconds: float = 90.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not path.stat().st_size and process.poll() is None:
        time.sleep(0.05)
    assert path.stat().st_size, f"no output after {seconds} s (exit status {process.poll()})"


def test_failed_compile_leaves_existing_output_untouched(tmp_path):
    target = tmp_path / "out.cnf"
    target.write_text("previous content\n")
    bad = tmp_path / "bad.puz"
    bad.write_text("sudoku {\n grid {\n  1 2\n }\n}\n")
    assert run_cli("compile", bad, "-o", target).returncode == 2
    assert target.read_text() == "previous content\n"
    assert run_cli("compile", INSTANCES / "sudoku" / "classic.puz", "-o", target).returncode == 0
    assert target.read_text().startswith("c satpuzzle DIMACS CNF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.puz", "out.cnf"]


def test_batch_timeout_keeps_one_line_per_puzzle(tmp_path):
    lines = [line for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines * 20000) + "\n")  # 100,000 puzzles: many seconds
    # 100,000 puzzles take about 14 s here; 7 s leaves room for a loaded machine to answer some
    # (the real command: a timing test gains nothing in-process, and here the clock starts
    # with the process as a user's does)
    result = run_process("solve", path, "--timeout", "7", "--jobs", "2")
    assert result.returncode == 3
    answers = result.stdout.splitlines()
    assert len(answers) == 100_000
    solved = [a for a in answers if a != "unknown"]
    assert 0 < len(solved) < 100_000
    assert f"{len(solved)} of 100000 puzzles answered" in result.stderr
    for puzzle, answer in zip(lines * 20000, answers):
        if answer != "unknown":
            givens = [[0 if ch == "." else int(ch) for ch in puzzle[r * 9:r * 9 + 9]]
                      for r in range(9)]
            grid = [[int(ch) for ch in answer[r * 9:r * 9 + 9]] for r in range(9)]
            assert violations(givens, 3, 3, grid) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_during_a_batch_answers_every_line_and_exits_3(tmp_path, signum):
    lines = [line for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines * 20000) + "\n")  # 100,000 hard puzzles: a minute of work
    out = tmp_path / "out.txt"
    with open(out, "w") as stdout:
        process = subprocess.Popen(
            [sys.executable, "-m", "satpuzzle", "solve", str(path), "--jobs", "2"],
            stdout=stdout, stderr=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
        _wait_for_output(out, process)  # answers are coming
        process.send_signal(signum)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 3
    answers = out.read_text().splitlines()
    assert len(answers) == 100_000  # line K still answers puzzle K
    solved = sum(1 for a in answers if a != "unknown")
    assert 0 < solved < 100_000
    assert "interrupted after" in err and f"{solved} of 100000 puzzles answered" in err


def test_signal_during_compile_leaves_no_file(tmp_path):
    rows = ["    " + " ".join(["."] * 49)] * 49
    puzzle = tmp_path / "empty49.puz"
    puzzle.write_text("\n".join(["sudoku {", "  grid {", *rows, "  }", "}"]) + "\n")
    out = tmp_path / "out" / "big.cnf"
    out.parent.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", "compile", str(puzzle), "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert wait_for_cpu(process.pid, 1.0)  # well into compiling (it takes several seconds)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 3 and "interrupted" in err
    assert list(out.parent.iterdir()) == []


def test_pysat_installs_no_signal_handler_of_its_own():
    """PySAT's C code, when it believes it runs on the main thread, installs a SIGINT handler
    that longjmps out of whatever runs, malloc included: a Ctrl-C during a compile once left
    the process asleep forever on malloc's lock. satpuzzle tells it not to, so that SIGINT
    stays with satpuzzle's own handler through every encoding and solver call."""
    import pysat._utils
    from pysat.card import CardEnc

    import satpuzzle.cnf  # noqa: F401 - the import is what tells PySAT

    assert pysat._utils.MainThread.check() is False
    seen = []
    previous = signal.signal(signal.SIGINT, lambda *_: seen.append(True))
    try:
        CardEnc.atmost(list(range(1, 200)), bound=50)  # a C call that used to swap handlers
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        os.kill(os.getpid(), signal.SIGINT)
        assert seen == [True]
    finally:
        signal.signal(signal.SIGINT, previous)
