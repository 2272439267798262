"""Standard output that cannot take the answer: a full disk, a closed stdout, a reader that
went away. One line (or, for a pipe closed by its reader, none) and a non-zero exit, never a
traceback. Real processes: these are properties of the process's file descriptors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT, run_process

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
    assert done.stderr == "satpuzzle: error: cannot write the output: standard output is closed\n"


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


def _shell(command: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """`command` run by sh, with `satpuzzle` this checkout's command: what a script does."""
    prefix = f"satpuzzle() {{ {sys.executable} -m satpuzzle \"$@\"; }}; "
    return subprocess.run(["sh", "-c", prefix + command], env=ENV, capture_output=True,
                          text=True, timeout=timeout, check=False)


def test_a_closed_stderr_changes_nothing_but_the_messages():
    done = _shell(f"satpuzzle solve {CLASSIC} 2>&-; echo exit=$?")
    local = _satpuzzle("solve", CLASSIC, stdout=subprocess.PIPE)
    assert done.stdout == local.stdout + "exit=0\n"
    assert done.stdout.count("\n") == 10


def test_a_closed_stderr_keeps_the_timeout_status():
    empty = INSTANCES / "sudoku" / "empty-9x9.puz"
    done = _shell(f"satpuzzle solve {empty} --count --timeout 1 2>&-; echo exit=$?")
    assert done.stdout.endswith("exit=3\n")


def test_a_stderr_whose_reader_left_changes_nothing_but_the_messages(tmp_path):
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will read the messages: writing them fails with EPIPE
    try:
        missing = subprocess.run([sys.executable, "-m", "satpuzzle", "solve",
                                  str(tmp_path / "missing.puz")], env=ENV, stderr=write_end,
                                 stdout=subprocess.PIPE, timeout=60, check=False)
        found = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", CLASSIC, "--stats"],
                               env=ENV, stderr=write_end, stdout=subprocess.PIPE, text=True,
                               timeout=60, check=False)
    finally:
        os.close(write_end)
    assert missing.returncode == 2  # the status a missing file gets
    assert found.returncode == 0
    assert found.stdout.count("\n") == 9


def test_a_closed_stdout_is_no_error_for_a_command_that_writes_to_a_file(tmp_path):
    out = tmp_path / "classic.cnf"
    done = _shell(f"satpuzzle compile {CLASSIC} -o {out} >&- <&-; echo exit=$? >&2")
    assert done.stderr.splitlines()[-1] == "exit=0"
    assert out.read_text().startswith("c satpuzzle DIMACS CNF")


def test_a_closed_stdin_read_as_dash_is_one_line():
    done = _shell("satpuzzle solve - <&-")
    assert done.returncode == 2
    assert done.stderr == "<stdin>: error: standard input is closed\n"


def _first_line_then_leave(command: list[str]) -> tuple[int, str, str]:
    """The command's first line read, then its reader gone, as `| head -1` does."""
    process = subprocess.Popen([sys.executable, "-m", "satpuzzle", *command], env=ENV,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline().decode()
    process.stdout.close()
    try:
        process.wait(timeout=300)
    finally:
        process.kill()
    return process.returncode, first, process.stderr.read().decode()


@pytest.mark.parametrize("command", [
    # one large write: CPython's writer returned a short count and the run ended with 0
    ["compile", "{empty36}"],
    ["generate", "shikaku", "--count", "2000", "--seed", "1"],
    ["export", "{many}", "--format", "json"],
], ids=["compile-36x36", "generate-2000", "export-json-3000"])
def test_every_command_ends_with_exit_3_when_its_reader_leaves(command, tmp_path):
    empty36 = tmp_path / "e36.puz"
    rows = "\n".join(" ".join("." * 36) for _ in range(36))
    empty36.write_text(f"sudoku {{\n box: 6x6\n grid {{\n{rows}\n }}\n}}\n")
    many = tmp_path / "many.txt"
    line = (INSTANCES / "sudoku" / "classic.puz").read_text()
    grid = "".join(ch for ch in line.split("grid {")[1].split("}")[0] if ch in ".123456789")
    many.write_text((grid + "\n") * 3000)
    args = [part.format(empty36=empty36, many=many) for part in command]
    status, first, stderr = _first_line_then_leave(args)
    assert first.strip()
    assert status == 3, stderr
    assert stderr == ""


def test_file_formats_are_utf8_on_stdout_whatever_the_locale(tmp_path):
    """`export --format json` of a puzzle titled "Écriture" in the C locale: the bytes a file
    would hold (JSON is UTF-8), not a UnicodeEncodeError."""
    puzzle = tmp_path / "t.puz"
    puzzle.write_text(Path(CLASSIC).read_text().replace('"classic"', '"Écriture"'), "utf-8")
    env = dict(ENV, LC_ALL="C", LANG="C", PYTHONCOERCECLOCALE="0", PYTHONUTF8="0")
    for form in ("json", "puz", "svg"):
        done = subprocess.run([sys.executable, "-m", "satpuzzle", "export", str(puzzle),
                               "--format", form], env=env, capture_output=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stderr == b""
        assert "Écriture".encode() in done.stdout or form == "svg"
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "export", str(puzzle), "--format",
                           "json"], env=env, capture_output=True, timeout=60, check=False)
    import json

    assert json.loads(done.stdout.decode("utf-8"))["title"] == "Écriture"


def test_messages_are_escaped_not_a_crash_in_the_c_locale(tmp_path):
    puzzle = tmp_path / "é.puz"
    puzzle.write_text("sudoku {\n box: 3x3\n grid { 1 }\n}\n")
    env = dict(ENV, LC_ALL="C", LANG="C", PYTHONCOERCECLOCALE="0", PYTHONUTF8="0")
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(puzzle)], env=env,
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert done.stderr.count(b"\n") == 1


COMMANDS = {  # a command of each family, with what it reads (paths under instances/)
    "solve": ["solve", "sudoku/classic.puz"],
    "solve-missing": ["solve", "sudoku/no-such.puz"],
    "solve-count": ["solve", "sudoku/classic.puz", "--count", "--format", "json"],
    "compile": ["compile", "sudoku/classic.puz"],
    "generate": ["generate", "sudoku", "--size", "4", "--seed", "3"],
    "export": ["export", "hashi/tatham-7x7m3L.puz", "--format", "json"],
    "verify": ["verify", "partition-contour", "--random", "3", "--seed", "1"],
    "reduce": ["reduce", "partition-contour", "partition/wikipedia.puz", "--index", "1"],
}


def _argv(name: str) -> list[str]:
    return [str(INSTANCES / part) if "/" in part else part for part in COMMANDS[name]]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_with_stderr_closed_keeps_its_status_and_output(name):
    """One rule for every command: a closed standard error loses the messages, nothing else."""
    reference = subprocess.run([sys.executable, "-m", "satpuzzle", *_argv(name)], env=ENV,
                               capture_output=True, timeout=120, check=False)
    closed = subprocess.run([sys.executable, "-m", "satpuzzle", *_argv(name)], env=ENV,
                            stdout=subprocess.PIPE, timeout=120, check=False,
                            preexec_fn=lambda: os.close(2))
    assert closed.returncode == reference.returncode, reference.stderr
    assert closed.stdout == reference.stdout


@pytest.mark.parametrize("name", [name for name in COMMANDS if name != "solve-missing"])
def test_every_command_with_stdout_closed_is_one_line_exit_2(name):
    done = subprocess.run([sys.executable, "-m", "satpuzzle", *_argv(name)], env=ENV,
                          stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[-1] == (
        "satpuzzle: error: cannot write the output: standard output is closed")
    assert "Traceback" not in done.stderr


def test_dev_stdout_as_the_output_file_is_refused_by_what_it_is():
    """-o /dev/stdout on a pipe: a pipe is never replaced by a file, and the message says
    so (it said "No such file or directory": the link's target, /proc/PID/fd/pipe:[N], was
    looked up instead of the name)."""
    result = run_process("export", INSTANCES / "sudoku" / "classic.puz", "--format", "json",
                         "-o", "/dev/stdout")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("/dev/stdout: error: not a regular file: satpuzzle replaces "
                             "only regular files (write the output elsewhere)\n")
