"""The best fill found is handed over whichever way a best-first run is cut short.

The engine `best` offers each better fill as it finds it (satpuzzle.stages.offer); the
parent holds the last one and prints it, saying on stderr that it is NOT proven best and
what is proven, when the run ends by --timeout, SIGTERM or Ctrl-C before the fill is proven.
Before, only --timeout handed a fill over (the engine's own alarm half a second before the
deadline, which a busy machine could miss), and SIGTERM or Ctrl-C ended "0 solution(s)"
after a fill had been announced. Real processes: a signal's path is the process's own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

from satpuzzle.checkers.crossword import violations
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.loading import load

# Ginsberg's puzzle09 (a 7×7 diamond): with the built-in scored list a first fill comes in a
# fraction of a second, the proof of the best lowest score takes minutes
GRID = "0011100\n0111110\n1110111\n1111111\n1110111\n0111110\n0011100\n"
FOUND = "found a fill with lowest entry score"


@pytest.fixture(scope="module")
def grid(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("best") / "diamond.txt"
    path.write_text(GRID)
    return path


@pytest.fixture(scope="module")
def instance(grid: Path) -> CrosswordInstance:
    loaded = load(str(grid), "crossword", {"dict": "en"})
    return loaded.instances[0]


def _start(grid: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "satpuzzle", "solve", str(grid),
                             "--dict", "en", "--best", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)


def _after_first_fill(process: subprocess.Popen) -> list[str]:
    """stderr's lines up to the first fill's announcement (a minute at most)."""
    assert process.stderr is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if FOUND in line:
            return lines
    process.kill()
    pytest.fail("no fill announced:\n" + "\n".join(lines))


def _handed_over(instance: CrosswordInstance, stdout: str, stderr: str) -> None:
    fill = stdout.split()
    assert len(fill) == 7, stdout
    assert violations(instance.grid, instance.words, instance.distinct, fill) == []
    notes = [line for line in stderr.splitlines() if "NOT proven best" in line]
    assert len(notes) == 1, stderr
    assert notes[0].startswith("satpuzzle: best: fill 1: lowest entry score "), notes[0]
    # on this grid arc consistency refutes the top thresholds before the first fill comes
    assert "; proven: no fill has every entry scoring " in notes[0], notes[0]
    assert "Traceback" not in stderr


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_after_the_first_fill_hands_it_over(grid, instance, signum):
    process = _start(grid)
    before = _after_first_fill(process)
    process.send_signal(signum)
    stdout, rest = process.communicate(timeout=60)
    stderr = "\n".join([*before, rest])
    assert process.returncode == 3, stderr
    _handed_over(instance, stdout, stderr)
    assert stderr.splitlines()[-1].startswith("satpuzzle: interrupted after ")
    assert "1 solution(s) found so far" in stderr.splitlines()[-1]


def test_the_timeout_hands_over_the_last_fill_offered(grid, instance):
    process = _start(grid, "--timeout", "4")
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 3, stderr
    _handed_over(instance, stdout, stderr)
    announced = [line for line in stderr.splitlines() if FOUND in line]
    handed = next(line for line in stderr.splitlines() if "NOT proven best" in line)
    # the fill handed over is the best announced: its lowest score is the last one's
    last_lowest = announced[-1].split(FOUND)[1].split(",")[0].strip()
    assert f"lowest entry score {last_lowest}," in handed
    assert stderr.splitlines()[-1].startswith("satpuzzle: timeout after ")


def test_a_signal_before_any_fill_hands_over_nothing(grid):
    """Nothing offered yet (the word list still loading): nothing printed, no note. (A
    signal before satpuzzle's handler is in place ends the process by the signal, as
    docs/CLI.md says.)"""
    process = _start(grid)
    time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode in (3, -signal.SIGTERM), stderr
    if FOUND not in stderr:
        assert stdout == "" and "NOT proven best" not in stderr


def test_in_process_an_interrupt_hands_over_the_offer(monkeypatch, instance):
    """The API's iterators run the engine in this process: what it offered before Ctrl-C
    comes as a Found marked unproven, rule-checked, before the Ended."""
    from satpuzzle import pipeline
    from satpuzzle.kinds.crossword import best
    from satpuzzle.stages import offer

    small = CrosswordInstance(("111", "101", "111"), ("abc", "efg", "ade", "ceg", "xyz"),
                              scores=(50, 40, 30, 20, 10))
    fill = ("abc", "d0e", "efg")

    def offered_then_interrupted(_instance, _solver):
        offer(fill, "best: fill 1: the best found, NOT proven best")
        raise KeyboardInterrupt
        yield  # a generator, as the engine is

    monkeypatch.setattr(best, "fills", offered_then_interrupted)
    events = list(pipeline.solve(small, pipeline.Request(in_process=True)))
    found = [event for event in events if isinstance(event, pipeline.Found)]
    assert [(event.solution, event.unproven) for event in found] == [
        (fill, "best: fill 1: the best found, NOT proven best")]
    assert isinstance(events[-1], pipeline.Ended) and events[-1].stopped == "interrupt"
