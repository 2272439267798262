"""Standard output that cannot take the answer: a full disk, a closed stdout, a reader that
went away. One line (or, for a pipe closed by its reader, none) and a non-zero exit, never a
traceback. Real processes: these are properties of the process's file descriptors."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import INSTANCES, ROOT

CLASSIC = str(INSTANCES / "sudoku" / "classic.puz")
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def _satpuzzle(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "satpuzzle", *args], env=ENV,
                          stderr=subprocess.PIPE, text=True, timeout=60, check=False, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_full_disk_is_one_line_and_exit_2():
    with open("/dev/full", "w") as full:
        done = _satpuzzle("solve", CLASSIC, stdout=full)
    assert done.returncode == 2
    assert done.stderr == "satpuzzle: error: cannot write the output: No space left on device\n"


def test_closed_stdout_is_one_line_and_exit_2():
    done = _satpuzzle("solve", CLASSIC, stdout=subprocess.DEVNULL,
                      preexec_fn=lambda: os.close(1))
    assert done.returncode == 2
    assert done.stderr == "satpuzzle: error: standard output is closed\n"


def test_a_reader_that_goes_away_ends_the_run_quietly_with_exit_3():
    """`satpuzzle solve --all | head -1` on a puzzle with many solutions."""
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", "solve", str(INSTANCES / "sudoku" / "empty-9x9.puz"),
         "--all"], env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip()  # a first solution arrived
    process.stdout.close()  # the reader goes away
    process.wait(timeout=60)
    assert process.returncode == 3
    assert process.stderr.read() == ""
