"""Signals from the first moment satpuzzle's code runs: never lost, never a traceback.

The interpreter's own start-up comes before any of satpuzzle's code (and before anything a
program can do about signals): a test cannot tell that window from satpuzzle's, so each case
waits until the process has a handler for SIGTERM (Python installs none of its own: bit 15 of
SigCgt in /proc/PID/status is satpuzzle's first line), then sends the signal at a seeded
random moment after it: start-up imports, reading, compiling, solving, enumerating."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bounded import MARK, processes_of
from conftest import ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                reason="needs /proc (Linux) to see when a handler is set")

ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def _catches_sigterm(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


def _latin(tmp: Path) -> Path:
    path = tmp / "l.puz"
    path.write_text("sudoku {\n  box: 1x6\n  grid {\n" + ". . . . . .\n" * 6 + "  }\n}\n")
    return path


def _started(command: list[str], run_id: str = "") -> tuple[subprocess.Popen, float]:
    """The process, once satpuzzle's handler is in place, and how long that took."""
    begun = time.monotonic()
    process = subprocess.Popen(command, env=dict(ENV, **{MARK: run_id}), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    while not _catches_sigterm(process.pid):
        assert process.poll() is None, process.communicate()
        time.sleep(0.0005)
    return process, time.monotonic() - begun


RNG = random.Random(28)
CASES = [(RNG.choice([signal.SIGINT, signal.SIGTERM]), RNG.uniform(0.0, 0.5),
          RNG.choice(["module", "script"])) for _ in range(16)]


@pytest.mark.parametrize("signum, moment, entry", CASES,
                         ids=[f"{s.name}-{m:.3f}s-{e}" for s, m, e in CASES])
def test_a_signal_from_the_first_moment_is_exit_3_and_one_line(signum, moment, entry,
                                                               tmp_path):
    command = ([sys.executable, "-m", "satpuzzle"] if entry == "module" else
               [sys.executable, "-c", ("import sys; from satpuzzle.__main__ import run; "
                                          "sys.exit(run())")])  # what the installed `satpuzzle` script does
    run_id = f"early-{os.getpid()}-{time.monotonic_ns()}"
    process, _ready = _started([*command, "solve", str(_latin(tmp_path)), "--count"], run_id)
    time.sleep(moment)
    process.send_signal(signum)
    try:
        _out, err = process.communicate(timeout=60)  # a lost signal ran for 10 minutes
    finally:
        process.kill()
    assert process.returncode == 3, err
    assert len(err.splitlines()) == 1 and err.startswith("satpuzzle: interrupted"), err
    deadline = time.monotonic() + 5
    while processes_of(run_id) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not processes_of(run_id), "a process of the run outlived it"


def test_the_window_before_satpuzzle_runs_is_the_interpreters():
    """How long after exec satpuzzle's handler is in place, against `python -c pass`: the
    handler comes first, before satpuzzle's imports (no more than the interpreter's start-up
    and the package's first module)."""
    spans = []
    for _ in range(5):
        process, ready = _started([sys.executable, "-m", "satpuzzle", "--version"])
        process.communicate(timeout=60)
        began = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        spans.append((ready, time.monotonic() - began))
    ready, bare = sorted(spans)[len(spans) // 2]
    assert ready < bare + 0.5, spans  # generous: a shared machine


def test_an_interrupt_wrapped_by_python_is_still_an_interrupt():
    """SIGINT inside an import's class creation reaches main as RuntimeError('Error calling
    __set_name__') caused by KeyboardInterrupt: still `interrupted`, exit 3."""
    script = ("import sys\n"
              "from satpuzzle import __main__ as m\n"
              "class Field:\n"
              "    def __set_name__(self, owner, name):\n"
              "        raise KeyboardInterrupt\n"
              "def boom():\n"
              "    class Holder:\n"
              "        field = Field()\n"
              "import satpuzzle.cli\n"
              "satpuzzle.cli.main = lambda: boom()\n"
              "m.run()\n")
    done = subprocess.run([sys.executable, "-c", script], env=ENV, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 3, done.stderr
    assert done.stderr == "satpuzzle: interrupted\n"


def test_a_swallowed_interrupt_is_not_lost():
    """A library that catches BaseException and goes on: the watchdog ends the run, exit 3."""
    script = ("import sys, time\n"
              "from satpuzzle import __main__ as m\n"
              "import satpuzzle.cli\n"
              "real = satpuzzle.cli.main\n"
              "def stubborn():\n"
              "    import signal\n"
              "    real_handler = None\n"
              "    from satpuzzle.cancelling import Cancellation\n"
              "    cancel = Cancellation(own_process=True)\n"
              "    signal.signal(signal.SIGINT, cancel.handle)\n"
              "    print('ready', flush=True)\n"
              "    end = time.monotonic() + 120\n"
              "    while time.monotonic() < end:\n"
              "        try:\n"
              "            time.sleep(0.01)\n"
              "        except BaseException:\n"
              "            pass\n"
              "    return 0\n"
              "satpuzzle.cli.main = stubborn\n"
              "m.run()\n")
    process = subprocess.Popen([sys.executable, "-c", script], env=ENV, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline() == "ready\n"
        time.sleep(0.3)  # into the loop that swallows it
        began = time.monotonic()
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 3
    assert err == "satpuzzle: interrupted\n"
    assert time.monotonic() - began < 50  # the watchdog's grace, not the 120 s of stubbornness


def test_a_second_signal_ends_the_run_at_once():
    script = ("import sys, time\n"
              "from satpuzzle import __main__ as m\n"
              "import satpuzzle.cli\n"
              "def stubborn():\n"
              "    import signal\n"
              "    from satpuzzle.cancelling import Cancellation\n"
              "    cancel = Cancellation(own_process=True)\n"
              "    cancel.GRACE = 600\n"
              "    signal.signal(signal.SIGTERM, cancel.handle)\n"
              "    print('ready', flush=True)\n"
              "    while True:\n"
              "        try:\n"
              "            while True:\n"
              "                time.sleep(0.01)\n"
              "        except BaseException:\n"
              "            print('swallowed', flush=True)\n"
              "satpuzzle.cli.main = stubborn\n"
              "m.run()\n")
    process = subprocess.Popen([sys.executable, "-c", script], env=ENV, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline() == "ready\n"
        time.sleep(0.3)  # into the loop that swallows it
        process.send_signal(signal.SIGTERM)
        assert process.stdout.readline() == "swallowed\n"
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 3
    assert err == "satpuzzle: interrupted\n"


@pytest.mark.parametrize("raised, expected", [
    ("KeyboardInterrupt", ""),
    ("ValueError('late')", "satpuzzle: warning: ignored ValueError in a clean-up: late\n"),
])
def test_an_error_python_cannot_raise_is_no_traceback(raised, expected):
    """A signal that lands in a weakref callback or a __del__ (after the answer, as the
    interpreter frees things) printed "Exception ignored in ..." and a traceback."""
    script = ("from satpuzzle import __main__ as m\n"
              "import satpuzzle.cli\n"
              "class Late:\n"
              "    def __del__(self):\n"
              f"        raise {raised}\n"
              "def answer():\n"
              "    Late()\n"
              "    print('answer', flush=True)\n"
              "    return 0\n"
              "satpuzzle.cli.main = answer\n"
              "m.run()\n")
    done = subprocess.run([sys.executable, "-c", script], env=ENV, capture_output=True,
                          text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "answer\n", expected)


def test_a_bug_after_a_command_loaded_is_one_line_not_a_traceback():
    """The last resort asks whether a signal came (any run's Cancellation): a bug raised once
    a command's modules are loaded, with no signal, is one line and exit 4 (it once looked
    for a module global that had moved, and would have failed on that instead)."""
    script = ("import satpuzzle.cli.common, satpuzzle.cancelling\n"
              "from satpuzzle import __main__ as m\n"
              "import satpuzzle.cli\n"
              "def boom():\n"
              "    raise RuntimeError('planted')\n"
              "satpuzzle.cli.main = boom\n"
              "m.run()\n")
    done = subprocess.run([sys.executable, "-c", script], env=ENV, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 4, done.stderr
    assert done.stderr.count("\n") == 1 and "internal error: RuntimeError: planted" in done.stderr
