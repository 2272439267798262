"""A CPU time limit (`ulimit -t`, what batch schedulers set) reached by a worker or by
satpuzzle itself: one line, exit 3 (gave up, as at a memory limit or a timeout), never
"internal error ... killed by SIGKILL", exit 4. Real processes under RLIMIT_CPU."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

import pytest
from conftest import ROOT

ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def _long_puzzle(tmp_path) -> str:
    """A 49×49 Sudoku, half its cells given at random: no answer in 10 s of CPU here (the
    large orders of benchmarks/sudoku_large.py), compiled in well under a second."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.suites import generated_sudoku
    from satpuzzle.kinds.sudoku import puzzle as sudoku

    path = tmp_path / "long.puz"
    path.write_text(sudoku.to_puz(generated_sudoku(7, 0.5, 1)))
    return str(path)


def _limited(args: list[str], soft: int, hard: int) -> subprocess.CompletedProcess:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))

    return subprocess.run([sys.executable, "-m", "satpuzzle", *args], env=ENV,
                          capture_output=True, text=True, timeout=600, preexec_fn=cap,
                          check=False)


@pytest.mark.parametrize(("soft", "hard"), [(2, 4), (2, 2)])
def test_a_worker_over_its_cpu_limit_is_one_line_and_exit_3(tmp_path, soft, hard):
    """SIGXCPU at the soft limit, SIGKILL at the hard one (`ulimit -t` sets both): the
    worker that solves dies of either, and the command says why."""
    done = _limited(["solve", _long_puzzle(tmp_path)], soft, hard)
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    said = done.stderr.splitlines()
    assert len(said) == 1 and said[0].startswith("satpuzzle: CPU time limit reached"), \
        done.stderr


def test_satpuzzle_over_its_own_soft_cpu_limit_says_so(tmp_path):
    """SIGXCPU to satpuzzle's own process (here while it exports 100,000 puzzles, which it
    does in process): one line and exit 3, where Python's default had ended it with a core
    dump."""
    lines = [line for line in (ROOT / "instances" / "sudoku" / "hard-batch.txt").read_text()
             .splitlines() if line and not line.startswith("#")]
    source = tmp_path / "many.txt"
    source.write_text("\n".join((lines * 100_000)[:100_000]) + "\n")
    done = _limited(["export", str(source), "--format", "json", "-o",
                     str(tmp_path / "many.json")], 1, 30)
    assert done.returncode == 3, done.stderr
    said = done.stderr.splitlines()
    assert len(said) == 1 and said[0].startswith("satpuzzle: CPU time limit reached"), \
        done.stderr
