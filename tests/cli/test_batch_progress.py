"""Several puzzles at once (a file of many, a directory) with --jobs, in input order, with
per-puzzle status; the progress line on a terminal and its absence on a pipe."""

from __future__ import annotations

import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time

from conftest import INSTANCES, ROOT, run_cli, wait_for_child

from satpuzzle.progress import Progress

ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def _hashi_directory(tmp_path, count: int = 6):
    """A directory of generated Hashi puzzles, each with at least one solution."""
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for seed in range(count):
        out = folder / f"p{seed:02d}.puz"
        assert run_cli("generate", "hashi", "--size", "9x9", "--seed", str(seed), "-o",
                       out).returncode == 0
    (folder / "notes.txt").write_text("not a puzzle: ignored without --kind\n")
    return folder


def test_directory_jobs_matches_sequential_output_in_order(tmp_path):
    folder = _hashi_directory(tmp_path)
    one = run_cli("solve", folder)
    two = run_cli("solve", folder, "--jobs", "2")
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout
    headers = [line for line in two.stdout.splitlines() if line.startswith("# puzzle")]
    assert [h.split()[2] for h in headers] == [str(n) for n in range(1, 7)]
    assert all(f"p{n:02d}.puz" in h for n, h in enumerate(headers))
    assert "6 puzzles: 6 solved" in two.stderr


def test_jobs_reports_each_puzzles_status(tmp_path):
    folder = _hashi_directory(tmp_path, 3)
    # an island of 8 in a corner has only two neighbours: no solution
    (folder / "p99.puz").write_text("hashi {\n  grid {\n    8 . 1\n    . . .\n    1 . .\n"
                                    "  }\n}\n")
    result = run_cli("solve", folder, "--jobs", "2")
    assert result.returncode == 1
    assert "4 puzzles: 3 solved, 1 no solution" in result.stderr
    assert "satpuzzle: puzzle 4: no solution" in result.stderr


def test_directory_without_puzzles_is_a_clear_error(tmp_path):
    (tmp_path / "readme.txt").write_text("nothing\n")
    result = run_cli("solve", tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (f"{tmp_path}: error: the directory holds no puzzle .puz "
                                     "file (give --kind to read native files)")


def test_directory_of_native_files_with_kind(tmp_path):
    shutil.copy(INSTANCES / "shikaku" / "small-5x5.txt", tmp_path / "a.txt")
    shutil.copy(INSTANCES / "shikaku" / "codingame-20x15.txt", tmp_path / "b.txt")
    result = run_cli("solve", tmp_path, "--kind", "shikaku", "--jobs", "2", "--format", "json")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all('"status": "SAT"' in line for line in lines)


def test_sigint_during_parallel_batch_exits_3_and_kills_workers(tmp_path):
    folder = tmp_path / "hard"
    folder.mkdir()
    for number in range(4):  # empty 9x9 Sudokus: --count never finishes
        shutil.copy(INSTANCES / "sudoku" / "empty-9x9.puz", folder / f"e{number}.puz")
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", "solve", str(folder), "--count", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
        start_new_session=True)
    assert wait_for_child(process.pid)  # workers started
    time.sleep(1.5)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
    out, err = process.communicate(timeout=20)
    assert process.returncode == 3
    assert "interrupted: 0 of 4 puzzles answered" in err
    assert out.count("# puzzle") == 4
    time.sleep(0.5)
    assert _group_members(process.pid) == []  # no worker or solver left behind


def _group_members(group: int) -> list[int]:
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == group:
                    members.append(int(entry))
            except ProcessLookupError:
                pass
    return members


def _run_on_terminal(*args: str, seconds: float) -> str:
    """Run satpuzzle with stderr on a pseudo-terminal for a while; what the terminal got."""
    main, replica = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "satpuzzle", *args], env=ENV,
                               stdout=subprocess.DEVNULL, stderr=replica,
                               start_new_session=True)
    os.close(replica)
    received = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([main], [], [], 0.1)
        if ready:
            try:
                received += os.read(main, 65536)
            except OSError:
                break
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=10)
    os.close(main)
    return received.decode(errors="replace")


def test_progress_line_on_a_terminal_during_enumeration():
    shown = _run_on_terminal("solve", str(INSTANCES / "sudoku" / "empty-9x9.puz"), "--count",
                             seconds=3.0)
    updates = [part for part in shown.split("\r\x1b[K") if "solutions" in part]
    assert len(updates) >= 3  # redrawn several times a second
    counts = [int(u.split("satpuzzle: ")[1].split()[0]) for u in updates]
    assert counts == sorted(counts) and counts[-1] > 0  # solutions found, growing
    assert "/s" in updates[-1] and " s" in updates[-1]


def test_no_progress_when_stderr_is_not_a_terminal():
    result = run_cli("solve", INSTANCES / "sudoku" / "empty-9x9.puz", "--count", "--timeout",
                     "1.5")
    assert result.returncode == 3
    assert "\r" not in result.stderr and "/s" not in result.stderr


def test_progress_line_contents_and_clearing():
    import io

    stream = io.StringIO()
    progress = Progress("puzzles", total=10, stream=stream, enabled=True)
    progress.advance(4)
    progress.note = "1 mismatch"
    line = progress.line()
    assert line.startswith("satpuzzle: 4/10 puzzles, ") and line.endswith(", 1 mismatch")
    with progress:
        time.sleep(0.5)
        with progress.paused():
            stream.write("ANSWER\n")
    text = stream.getvalue()
    assert "4/10 puzzles" in text
    # the answer starts on a cleared line, and no progress line is left after the end
    assert "\r\x1b[KANSWER\n" in text
    assert "puzzles" not in text.rsplit("\r\x1b[K", 1)[-1]
    disabled = io.StringIO()
    with Progress("solutions", stream=disabled):
        time.sleep(0.3)  # a StringIO is no terminal
    assert disabled.getvalue() == ""
