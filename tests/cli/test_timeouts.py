"""--timeout bounds the whole command, as the user's clock sees it, within 10 % plus 0.5 s:
compiling, solving, enumerating, generating and verifying alike. The answer says which stage
was cut and what was found so far; exit 3; no output file is left half-written.

The compile-stage cuts run the real command (`python -m satpuzzle`): there the clock starts
with the process (start-up and imports count) and the cut leaves by os._exit; the others run
cli.main in this process, where the clock starts with the call."""

from __future__ import annotations

import re
import time

import pytest
from conftest import INSTANCES, run_cli, run_process

LIMIT = 2.0
SPAWN = 0.3  # starting the subprocess itself, which the command cannot see (run_process)


def _timed(*args, run=run_cli) -> tuple:
    started = time.monotonic()
    result = run(*args, "--timeout", str(LIMIT))
    return result, time.monotonic() - started


def _assert_on_time(result, elapsed: float, stage_words: str) -> None:
    assert result.returncode == 3, result.stderr
    assert elapsed <= LIMIT * 1.1 + 0.5 + SPAWN, f"{elapsed:.2f} s for --timeout {LIMIT}"
    assert stage_words in result.stderr, result.stderr


@pytest.fixture(scope="module")
def empty_49(tmp_path_factory):
    """An empty 64x64 Sudoku: many seconds of compiling (49x49 alone, 1.9 M clauses, took
    under 2 s on an idle machine)."""
    path = tmp_path_factory.mktemp("big") / "empty64.puz"
    rows = ["    " + " ".join(["."] * 64)] * 64
    path.write_text("\n".join(["sudoku {", "  grid {", *rows, "  }", "}"]) + "\n")
    return path


def test_compile_is_cut_and_writes_nothing(empty_49, tmp_path):
    out = tmp_path / "out.cnf"
    result, elapsed = _timed("compile", empty_49, "-o", out, run=run_process)
    _assert_on_time(result, elapsed, "while compiling")
    # how far it got: the clauses so far ("no clause yet" where a busy machine spent the
    # whole budget before the first one)
    assert re.search(r"[0-9,]+ clauses built so far|no clause yet", result.stderr), result.stderr
    assert list(tmp_path.iterdir()) == []  # no output, no temporary file


def test_solve_compile_stage_is_cut(empty_49):
    result, elapsed = _timed("solve", empty_49, run=run_process)
    _assert_on_time(result, elapsed, "while compiling")


def test_hard_solve_is_cut(tmp_path):
    path = tmp_path / "hard.puz"
    assert run_cli("generate", "jigsaw", "--size", "9x9", "--labels", "4", "--seed", "1",
                   "-o", path).returncode == 0
    result, elapsed = _timed("solve", path)
    _assert_on_time(result, elapsed, "timeout")
    assert "0 solution(s) found so far" in result.stderr


def test_enumeration_is_cut_with_what_was_found():
    result, elapsed = _timed("solve", INSTANCES / "sudoku" / "empty-9x9.puz", "--count")
    _assert_on_time(result, elapsed, "solution(s) found so far")
    assert int(result.stdout) > 0


def test_generation_is_cut(tmp_path):
    out = tmp_path / "big.puz"
    result, elapsed = _timed("generate", "hashi", "--size", "60x60", "--unique", "-o", out)
    _assert_on_time(result, elapsed, "while generating a 60x60 hashi puzzle")
    assert "nothing written" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_verification_is_cut_with_counts_so_far():
    result, elapsed = _timed("verify", "one-in-three-position", "--random", "100000")
    _assert_on_time(result, elapsed, "while verifying")
    checked = int(result.stderr.split("while verifying: ")[1].split()[0])
    assert result.stdout.startswith(f"{checked} instances, ")
    assert result.stdout.rstrip().endswith("0 mismatches")
