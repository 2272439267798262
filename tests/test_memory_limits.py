"""An address-space limit (`ulimit -v`, what batch systems and containers set) reached
anywhere, in satpuzzle's process or in a worker: one line, exit 3 (gave up, as at a timeout),
never a traceback or "internal error". Real processes under RLIMIT_AS."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
from conftest import INSTANCES, ROOT

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
LIMIT = 300_000 * 1024  # what the report used: `ulimit -v 307200` is 300 MiB


def _limited(*args: str, limit: int = LIMIT) -> subprocess.CompletedProcess:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.run([sys.executable, "-m", "satpuzzle", *args], env=ENV,
                          capture_output=True, text=True, timeout=600, preexec_fn=cap,
                          check=False)


def _one_line_out_of_memory(done: subprocess.CompletedProcess) -> None:
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("satpuzzle: out of memory"), done.stderr


def test_a_worker_out_of_memory_is_one_line_and_exit_3():
    """The generator's presolve runs in a worker: numpy's MemoryError came back as an
    "internal error" with the worker's 30-line traceback, exit 4."""
    _one_line_out_of_memory(_limited("generate", "shikaku", "--size", "300x300", "--unique"))


def test_satpuzzle_out_of_memory_in_its_own_process_is_one_line_and_exit_3(tmp_path):
    """Compiling (in satpuzzle's process) an empty 49x49 Sudoku needs more than 300 MiB."""
    rows = "\n".join(" ".join("." * 49) for _ in range(49))
    big = tmp_path / "e49.puz"
    big.write_text(f"sudoku {{\n box: 7x7\n grid {{\n{rows}\n }}\n}}\n")
    _one_line_out_of_memory(_limited("compile", str(big), "-o", str(tmp_path / "e49.cnf")))
    assert not (tmp_path / "e49.cnf").exists()


@pytest.mark.parametrize("command", [["solve"], ["compile"], ["export", "--format", "json"]])
def test_a_small_puzzle_runs_under_the_limit(command):
    done = _limited(command[0], str(INSTANCES / "sudoku" / "classic.puz"), *command[1:])
    assert done.returncode == 0, done.stderr
    assert done.stdout
