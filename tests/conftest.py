"""Shared helpers: run the CLI as a user would, read its grids, check them independently."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import io
import itertools
import os
import signal
import subprocess
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"


def external_program(name: str) -> str | None:
    """Where the external program `name` is, looked up on PATH only (Debian puts Simon
    Tatham's games in /usr/games, on a user's PATH; .ci/run adds it): a test that needs one
    skips naming it when it is absent, and .ci/run runs the suite once with every optional
    program off PATH to prove that the suite passes on a machine with nothing but Python."""
    import shutil

    return shutil.which(name)
# Real benchmark data lives beside the checkout; tests that need it skip when it is absent.
SHARED_DATA = ROOT.parent / "shared" / "data"


@dataclasses.dataclass
class CliResult:
    """What a run of the command gave, as subprocess.CompletedProcess names it."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str


class _Capture(io.StringIO):
    """A captured stdout or stderr: no terminal, and close() (the CLI closes stderr when its
    reader goes away) keeps what was written readable."""

    def close(self) -> None:
        pass


@contextlib.contextmanager
def _process_state_kept(cwd: Path | str | None) -> Iterator[None]:
    """cli.main installs SIGINT/SIGTERM handlers and a stage's --timeout arms SIGALRM and the
    real-time timer: give pytest its own back afterwards, and the working directory too."""
    numbers = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
    handlers = {number: signal.getsignal(number) for number in numbers}
    timer = signal.getitimer(signal.ITIMER_REAL)
    here = os.getcwd()
    # Hypothesis times the garbage collector with a gc callback; a --timeout's SIGALRM that
    # lands in it is swallowed ("exception ignored"). The command's own process has none.
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        gc.callbacks[:] = callbacks
        os.chdir(here)
        for number, handler in handlers.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        if timer[0]:
            signal.setitimer(signal.ITIMER_REAL, *timer)


def pytest_configure(config):
    """Byte-compile the package once: the tests that start a real process would otherwise
    each compile it from source where PYTHONDONTWRITEBYTECODE is set (about 0.1 s each)."""
    import compileall

    compileall.compile_dir(str(ROOT / "satpuzzle"), quiet=1)


def run_cli(*args: object, cwd: Path | str | None = None, timeout: float = 120,
            input_text: str | None = None) -> CliResult:
    """The command `satpuzzle ARGS` run in this process through satpuzzle.cli.main (the
    interpreter's start-up and imports are paid once, not per command): its exit status,
    stdout and stderr. `timeout` is the subprocess form's and is not enforced here; the
    tests that need a real process (signals, start-up, os._exit) use run_process."""
    from satpuzzle import cli

    argv = [str(arg) for arg in args]
    out, err = _Capture(), _Capture()
    streams = sys.stdin, sys.stdout, sys.stderr
    with _process_state_kept(cwd):
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(input_text or ""), out, err
        try:
            status = cli.main(argv)
        except SystemExit as exit_:  # argparse refuses a command line (or --help) this way
            code = exit_.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
            if not isinstance(code, (int, type(None))):
                err.write(f"{code}\n")
        except Exception:  # noqa: BLE001 - what the interpreter does with an uncaught error
            err.write(traceback.format_exc())
            status = 1
        finally:
            sys.stdin, sys.stdout, sys.stderr = streams
    return CliResult(argv, status, out.getvalue(), err.getvalue())


def run_process(*args: object, cwd: Path | str | None = None, timeout: float = 120,
                input_text: str | None = None) -> subprocess.CompletedProcess:
    """The real command, `python -m satpuzzle ARGS`, in a fresh interpreter, as a user runs
    it: for what only a process shows (its exit through the entry point, start-up, signals)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "satpuzzle", *map(str, args)],
                          check=False, capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=timeout, input=input_text)


def parse_grids(text: str) -> list[list[list[int]]]:
    """Grids printed as blocks of lines of space-separated numbers, blocks split by blank lines."""
    grids, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append([int(v) for v in line.split()])
        elif current:
            grids.append(current)
            current = []
    if current:
        grids.append(current)
    return grids


def shared(relative: str) -> Path:
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared benchmark data not present: {path}")
    return path


def sudoku_brute_force_count(grid, box_rows: int, box_cols: int) -> int:
    """Plain cell-by-cell backtracking, written from the rules only, for cross-checking."""
    size = box_rows * box_cols
    g = [list(row) for row in grid]

    def allowed(r: int, c: int, v: int) -> bool:
        top, left = r - r % box_rows, c - c % box_cols
        return (
            all(g[r][k] != v for k in range(size) if k != c)
            and all(g[k][c] != v for k in range(size) if k != r)
            and all(
                g[top + i][left + j] != v
                for i in range(box_rows)
                for j in range(box_cols)
                if (top + i, left + j) != (r, c)
            )
        )

    def count(pos: int) -> int:
        if pos == size * size:
            return 1
        r, c = divmod(pos, size)
        if g[r][c]:
            return count(pos + 1) if allowed(r, c, g[r][c]) else 0
        total = 0
        for v in range(1, size + 1):
            if allowed(r, c, v):
                g[r][c] = v
                total += count(pos + 1)
                g[r][c] = 0
        return total

    return count(0)


def process_alive(pid: int) -> bool:
    """Whether process `pid` exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(")")[-1].split()[0] == "Z")


def wait_for_child(pid: int, seconds: float = 30.0) -> bool:
    """Wait until process `pid` has started a child process (its solver, say): a signal sent
    then hits the work itself, not a slow interpreter start-up on a loaded machine."""
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as handle:
                        fields = handle.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == pid:  # fields[1] is the parent's pid
                    return True
        time.sleep(0.05)
    return False


def wait_for_cpu(pid: int, seconds: float, limit: float = 60.0) -> bool:
    """Wait until process `pid` has used `seconds` of CPU time (start-up is ~0.3 s), so that a
    signal reaches the work itself even on a loaded machine."""
    import time

    ticks = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            return False
        if (int(fields[11]) + int(fields[12])) / ticks >= seconds:  # utime + stime
            return True
        time.sleep(0.05)
    return False


def one_in_three_brute_force(clauses) -> set[tuple[int, ...]]:
    """Every assignment of the occurring variables under which each clause has exactly one
    true literal occurrence, as its sorted true variables."""
    used = sorted({abs(lit) for clause in clauses for lit in clause})
    found = set()
    for bits in itertools.product((False, True), repeat=len(used)):
        value = dict(zip(used, bits))
        if all(sum(value[abs(lit)] == (lit > 0) for lit in clause) == 1 for clause in clauses):
            found.add(tuple(v for v in used if value[v]))
    return found


def swapped_labels(instance, rng):
    """One inner label a turned into b on one piece and one b into a on another: label counts
    are kept, and the board often no longer tiles."""
    pieces = [list(piece) for piece in instance.pieces]
    a, b = rng.sample(sorted({label for piece in pieces for label in piece} - {0}), 2)
    for old, new in ((a, b), (b, a)):
        i, s = rng.choice([(i, s) for i, piece in enumerate(pieces) for s in range(4)
                           if piece[s] == old])
        pieces[i][s] = new
    return dataclasses.replace(instance, pieces=tuple(tuple(p) for p in pieces))
