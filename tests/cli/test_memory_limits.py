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


def _empty_sudoku(tmp_path, side: int, box: str):
    rows = "\n".join(" ".join("." * side) for _ in range(side))
    path = tmp_path / f"e{side}.puz"
    path.write_text(f"sudoku {{\n box: {box}\n grid {{\n{rows}\n }}\n}}\n")
    return path


def test_a_native_solver_out_of_memory_in_a_worker_is_one_line(tmp_path):
    """CaDiCaL's allocation fails (std::bad_alloc, then abort) in the worker: the C++
    runtime's two lines used to reach stderr, then "internal error: the child process died
    unexpectedly (killed by SIGABRT)", exit 4."""
    _one_line_out_of_memory(_limited("solve", str(_empty_sudoku(tmp_path, 36, "6x6"))))


@pytest.mark.parametrize("limit", [100_000 * 1024, 150_000 * 1024])
def test_a_native_library_that_exits_is_out_of_memory_not_no_solution(limit, tmp_path):
    """numpy's OpenBLAS, loading under a tight limit, prints a line and calls exit(1): the
    status of "no solution". Now exit 3 and the out-of-memory line last (OpenBLAS's own line
    may come before it, from satpuzzle's process)."""
    for args in (["solve", str(_empty_sudoku(tmp_path, 25, "5x5"))],
                 ["generate", "sudoku", "--size", "25"],
                 ["verify", "partition-contour", "--random", "50"]):
        done = _limited(*args, limit=limit)
        if done.returncode == 0:  # enough memory on this machine for this one
            continue
        assert done.returncode == 3, done.stderr
        assert "Traceback" not in done.stderr
        lines = done.stderr.splitlines()
        assert 1 <= len(lines) <= 2 and lines[-1].startswith("satpuzzle: out of memory"), lines


def test_a_native_library_the_loader_could_not_map_is_out_of_memory(capsys):
    """Under a tight limit numpy's import can fail as an ImportError that quotes the loader
    ("failed to map segment from shared object"): out of memory, exit 3, not a bug (it was
    exit 4 once in CI, at 100 MB). Any other ImportError is still a bug."""
    from satpuzzle.__main__ import _last_resort

    def raised(error: BaseException) -> BaseException:
        try:
            raise error
        except BaseException as caught:  # noqa: BLE001 - the exception object itself
            return caught

    unmapped = raised(ImportError(
        "Importing the numpy C-extensions failed.\nOriginal error was: "
        "libquadmath-96973f99.so.0.0.0: failed to map segment from shared object"))
    assert _last_resort(unmapped) == 3
    assert capsys.readouterr().err.startswith("satpuzzle: out of memory")
    assert _last_resort(raised(ImportError("No module named 'nowhere'"))) == 4
    assert "internal error" in capsys.readouterr().err
