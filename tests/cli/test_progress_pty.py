"""The progress line on a real terminal is cleared on every way a run ends: the last answer,
--limit, --timeout, Ctrl-C, a timeout while compiling, a batch cut short. Each command runs
with its output on a pseudo-terminal (the line is only drawn on a terminal); what the
terminal received is replayed through a small terminal model (carriage return, erase to end
of line) and no progress text may be left on the screen, least of all before the count."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from conftest import INSTANCES, ROOT

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
PROGRESS = re.compile(r"satpuzzle: \d+(/\d+)? (solutions|puzzles), [\d.]+/s")
ERASE = "\x1b[K"
EMPTY_9X9 = str(INSTANCES / "sudoku" / "empty-9x9.puz")


def _run_on_terminal(*args: str, interrupt_after: float | None = None,
                     stdout_on_terminal: bool = True) -> tuple[int, str, str]:
    """Run `satpuzzle ARGS` with stderr (and stdout unless told) on a pseudo-terminal until it
    exits; its exit status, what the terminal received, and stdout when it was a pipe."""
    main, replica = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", *args], env=ENV, stdin=subprocess.DEVNULL,
        stdout=replica if stdout_on_terminal else subprocess.PIPE, stderr=replica,
        start_new_session=True)
    os.close(replica)
    received = b""
    started = time.monotonic()
    try:
        while time.monotonic() - started < 120:
            if interrupt_after is not None and time.monotonic() - started > interrupt_after:
                os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the whole process group
                interrupt_after = None
            ready, _, _ = select.select([main], [], [], 0.1)
            if not ready:
                continue
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: every writer of the terminal is gone
                break
            if not chunk:
                break
            received += chunk
        piped = process.stdout.read().decode() if process.stdout else ""
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(main)
    return process.returncode, received.decode(errors="replace"), piped


def screen(received: str) -> list[str]:
    """The lines a terminal shows after `received`: a carriage return goes back to the start
    of the line, ERASE clears from the cursor to its end, other characters overwrite."""
    assert "\x1b" not in received.replace(ERASE, ""), "an escape sequence this model lacks"
    lines: list[str] = []
    line: list[str] = []
    column = 0
    for token in re.split(f"({re.escape(ERASE)}|\r|\n)", received):
        if token == ERASE:
            del line[column:]
        elif token == "\r":
            column = 0
        elif token == "\n":
            lines.append("".join(line))
            line, column = [], 0
        else:  # written over what the line holds from the cursor on
            line[column:column + len(token)] = token
            column += len(token)
    if line:
        lines.append("".join(line))
    return lines


def _clean(received: str) -> list[str]:
    """The screen's lines, once it is checked that progress was drawn (else the test would
    prove nothing) and that none of it is left."""
    assert PROGRESS.search(received), f"no progress line was drawn: {received[-300:]!r}"
    lines = screen(received)
    leftover = [line for line in lines if PROGRESS.search(line)]
    assert not leftover, leftover
    return lines


def test_the_screen_model():
    assert screen("satpuzzle: 5 solutions, 1.0/s, 0.2 s\r\x1b[K42\r\n") == ["42"]
    # the bug this file guards against: the count written after a progress line not cleared
    assert screen("satpuzzle: 5 solutions, 1.0/s, 5.2 s42\r\n") == [
        "satpuzzle: 5 solutions, 1.0/s, 5.2 s42"]
    assert screen("abcdef\rXY\n") == ["XYcdef"]


def test_count_cut_by_timeout_prints_a_clean_count():
    status, received, _ = _run_on_terminal("solve", EMPTY_9X9, "--count", "--timeout", "1.5")
    assert status == 3
    lines = _clean(received)
    assert re.fullmatch(r"\d+", lines[-2]), lines[-3:]
    assert lines[-1].startswith("satpuzzle: timeout after ")
    assert f"{lines[-2]} solution(s) found so far" in lines[-1]


def test_count_stopped_by_limit_prints_a_clean_count():
    status, received, _ = _run_on_terminal("solve", EMPTY_9X9, "--count", "--limit", "150000")
    assert status == 0
    lines = _clean(received)
    assert lines[-2:] == ["150000", "satpuzzle: 150000 solution(s), limit reached"]


def test_count_to_the_end_prints_a_clean_count(tmp_path):
    latin = tmp_path / "latin5.txt"
    latin.write_text("0 0 0 0 0\n" * 5)  # with boxes of 1x5: the 161,280 Latin squares
    status, received, _ = _run_on_terminal("solve", str(latin), "--box", "1x5", "--count")
    assert status == 0
    lines = _clean(received)
    assert lines[-2:] == ["161280", "satpuzzle: 161280 solution(s), complete"]


def test_streamed_solutions_cut_by_timeout_end_cleanly():
    status, received, _ = _run_on_terminal("solve", EMPTY_9X9, "--all", "--engine", "sat",
                                           "--timeout", "1.5")
    assert status == 3
    lines = _clean(received)
    assert lines[-1].startswith("satpuzzle: timeout after ")
    grid = [line for line in lines[-10:-1] if line]
    assert all(re.fullmatch(r"[1-9]( [1-9]){8}", line) for line in grid), grid


def test_ctrl_c_ends_cleanly():
    status, received, _ = _run_on_terminal("solve", EMPTY_9X9, "--count",
                                           interrupt_after=1.5)
    assert status == 3
    lines = _clean(received)
    assert re.fullmatch(r"\d+", lines[-2]), lines[-3:]
    assert lines[-1].startswith("satpuzzle: interrupted after ")


def test_timeout_while_compiling_ends_cleanly(tmp_path):
    big = tmp_path / "empty64.puz"  # an empty 64x64 Sudoku compiles for seconds
    rows = ["    " + " ".join(["."] * 64)] * 64
    big.write_text("\n".join(["sudoku {", "  grid {", *rows, "  }", "}"]) + "\n")
    status, received, _ = _run_on_terminal("solve", str(big), "--timeout", "1")
    assert status == 3
    lines = _clean(received)
    assert lines[-1].startswith("satpuzzle: timeout after ")
    assert "while compiling" in lines[-1]


def test_batch_cut_by_timeout_ends_cleanly(tmp_path):
    batch = tmp_path / "empties.txt"
    batch.write_text(("0" * 81 + "\n") * 20)  # one-line puzzles whose count never ends
    status, received, _ = _run_on_terminal("solve", str(batch), "--count", "--timeout", "1.5")
    assert status == 3
    lines = _clean(received)
    assert lines[-1].startswith("satpuzzle: timeout after ")
    counts = [line for line in lines if re.fullmatch(r"\d+", line)]
    assert len(counts) == 20  # every puzzle still gets its line


@pytest.mark.parametrize("ending", [("--timeout", "1.5"), ("--limit", "150000")])
def test_summary_on_a_terminal_with_stdout_piped(ending):
    """stdout to a file or pipe, stderr on the terminal: the summary line is clean too."""
    status, received, piped = _run_on_terminal("solve", EMPTY_9X9, "--count", *ending,
                                               stdout_on_terminal=False)
    assert status == (3 if ending[0] == "--timeout" else 0)
    assert re.fullmatch(r"\d+\n", piped)
    lines = [line for line in _clean(received) if line]
    assert lines[-1].startswith("satpuzzle: ") and "solution(s)" in lines[-1]
