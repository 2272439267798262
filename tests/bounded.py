"""A bounded run of the real command: `satpuzzle ARGS` through the console entry point
(`satpuzzle.__main__.run`) in a process forked from the test process, with standard streams
set as a shell would set them; its exit status, output, wall time and peak memory (the
resident size of the run and of every child it waited for, above what the test process held
at the fork). A fork costs milliseconds where a new interpreter's start-up costs a third of
a second; signal tests, which need a process of their own from its start, use real
subprocesses instead."""

from __future__ import annotations

import gc
import io
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

import satpuzzle.cli  # noqa: F401 - imported once here, so that every forked run starts warm
from satpuzzle.__main__ import run

PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Outcome:
    code: int
    stdout: str
    stderr: str
    seconds: float
    grown_mb: float  # peak resident size above the test process's at the fork


def _resident_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * PAGE / 2**20


def _child(args: list[str], out: str, err: str, stdout: str, stdin: str | None,
           cwd: str | None) -> None:
    """In the forked process: standard streams as a shell would set them, then the command."""
    os.setpgid(0, 0)
    if cwd:
        os.chdir(cwd)
    os.dup2(os.open(stdin or os.devnull, os.O_RDONLY), 0)
    if stdout == "broken-pipe":
        reader, writer = os.pipe()
        os.close(reader)
        os.dup2(writer, 1)
    elif stdout != "closed":
        target = "/dev/full" if stdout == "full" else out
        os.dup2(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
    sys.stdout = None if stdout == "closed" else io.TextIOWrapper(
        io.FileIO(1, "w", closefd=False), encoding="utf-8")
    if stdout == "closed":
        os.close(1)
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace", line_buffering=True)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    sys.argv = ["satpuzzle", *args]
    run()  # ends the process itself


def bounded(*args: object, tmp: Path, stdout: str = "file", stdin: Path | None = None,
            cwd: Path | None = None, limit: float = 30) -> Outcome:
    """Run `satpuzzle ARGS` in a forked process; kill it (and fail) after `limit` s."""
    out, err = tmp / "run.stdout", tmp / "run.stderr"
    base = _resident_mb()
    started = time.monotonic()
    gc.freeze()  # the child's collector then leaves the inherited objects (and pages) alone
    pid = os.fork()
    gc.unfreeze()
    if pid == 0:  # pragma: no cover - the child
        try:
            _child([str(a) for a in args], str(out), str(err), stdout,
                   str(stdin) if stdin else None, str(cwd) if cwd else None)
        finally:
            os._exit(99)
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - started > limit:
            os.killpg(pid, signal.SIGKILL)
            os.wait4(pid, 0)
            pytest.fail(f"satpuzzle {' '.join(map(str, args))} ran past {limit} s")
        time.sleep(0.005)
    seconds = time.monotonic() - started
    code = os.waitstatus_to_exitcode(status)
    text = out.read_text(errors="replace") if out.exists() else ""
    return Outcome(code, text, err.read_text(errors="replace"), seconds,
                   max(0.0, usage.ru_maxrss / 1024 - base))


def refused(outcome: Outcome, words: str = "", code: int = 2, seconds: float = 3,
            megabytes: float = 100) -> None:
    """Exit `code`, exactly one line on stderr holding `words`, no traceback, in bounds."""
    lines = outcome.stderr.splitlines()
    assert outcome.code == code, (outcome.code, outcome.stderr)
    assert len(lines) == 1 and words in lines[0], outcome.stderr
    assert "Traceback" not in outcome.stderr and "Exception" not in outcome.stderr
    assert outcome.seconds < seconds, f"{outcome.seconds:.2f} s"
    assert outcome.grown_mb < megabytes, f"{outcome.grown_mb:.0f} MB"


# ---------------------------------------------------------------- processes of a run


MARK = "SATPUZZLE_HOSTILE_RUN"


def processes_of(run_id: str) -> list[int]:
    """Every live process whose environment carries this run's mark: the command, its
    workers and the solvers they started, whatever process group or session they are in."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if f"{MARK}={run_id}".encode() in environ.split(b"\0") and state != "Z":
            found.append(int(entry.name))
    return found
