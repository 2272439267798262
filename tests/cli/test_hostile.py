"""The hostile-input battery: files, references, budgets, outputs, tampered CNFs and signals
as a stranger's puzzle or a killed script brings them. Every case runs the real command
(`satpuzzle.__main__.run`, the console entry point) in its own process and asserts its exit
status, one line on stderr, no traceback, and bounds on wall time and on memory (the peak
resident size of the run and of every child it waited for, above what the process held when
it began).

The cases are forked from the test process rather than started as new interpreters (a fork
costs milliseconds, an interpreter's start-up a third of a second), except the signal cases,
which need a process of their own from its start: a forked test process would inherit the
test runner's signal state. The families come from docs/CLI.md ("What satpuzzle reads,
writes and never does") and tests/errors/ (every refusal there is run here too, bounded)."""

from __future__ import annotations

import gzip
import os
import random
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from bounded import MARK, bounded, processes_of, refused
from conftest import INSTANCES, ROOT, TESTS, run_cli

ERRORS = TESTS / "errors"
SUDOKU = INSTANCES / "sudoku" / "classic.puz"
EMPTY_4X4 = INSTANCES / "sudoku" / "empty-4x4.puz"
PAGE = os.sysconf("SC_PAGE_SIZE")


# ---------------------------------------------------------------- what strangers send


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """A puzzle directory holding hostile puzzles, and a secret outside it."""
    root = tmp_path_factory.mktemp("hostile")
    puzzles, outside = root / "puzzles", root / "outside"
    puzzles.mkdir()
    outside.mkdir()
    secret = outside / "secret.txt"
    secret.write_text("TOPSECRET 42\n")
    made = {"root": root, "puzzles": puzzles, "outside": outside, "secret": secret}

    def puzzle(name: str, text: str) -> None:
        made[name] = puzzles / f"{name}.puz"
        made[name].write_text(text)

    puzzle("numbers-secret", 'partition {\n  numbers: file "../outside/secret.txt"\n}\n')
    puzzle("numbers-absolute", f'partition {{\n  numbers: file "{secret}"\n}}\n')
    puzzle("sudoku", SUDOKU.read_text())
    puzzle("grid-zero", 'sudoku {\n  grid: file "/dev/zero"\n}\n')
    puzzle("dictionary-secret",
           'crossword {\n  grid {\n    11\n  }\n  dictionary: file "../outside/secret.txt"\n}\n')
    (puzzles / "link.txt").symlink_to(secret)
    puzzle("numbers-link", 'partition {\n  numbers: file "link.txt"\n}\n')
    made["fifo"] = root / "fifo"
    os.mkfifo(made["fifo"])
    made["grid"] = root / "grid.txt"
    made["grid"].write_text("1111\n1111\n")
    made["bomb"] = root / "words.gz"  # 100 gzip members of 6 kB: 600 MB unpacked
    made["bomb"].write_bytes(gzip.compress(b"abcd\n" * 1_200_000, 9) * 100)
    made["big-partition"] = root / "big.puz"
    rng = random.Random(3)
    numbers = [rng.randrange(2**39, 2**40) for _ in range(3000)]
    numbers[0] += sum(numbers) % 2
    made["big-partition"].write_text(
        "partition {\n  numbers {\n" + "\n".join(
            " ".join(map(str, numbers[i:i + 20])) for i in range(0, 3000, 20)) + "\n  }\n}\n")
    made["huge-numbers"] = root / "huge.txt"
    made["huge-numbers"].write_text("1000000000000 1000000000000\n")
    return made


READING = {
    "a device as the puzzle": (lambda f: ["solve", "/dev/zero"], "not a regular file"),
    "random bytes": (lambda f: ["solve", "/dev/urandom"], "not a regular file"),
    "a FIFO as the puzzle": (lambda f: ["solve", f["fifo"]], "not a regular file"),
    "a device as the dictionary": (
        lambda f: ["solve", "--kind", "crossword", f["grid"], "--dict", "/dev/zero"],
        "not a regular file"),
    "a device as the model": (lambda f: ["decode", SUDOKU, "/dev/zero"], "not a regular file"),
    "a device as the solution": (lambda f: ["check", SUDOKU, "/dev/zero"],
                                 "not a regular file"),
    "a device to import": (lambda f: ["import", "json", "/dev/zero"], "not a regular file"),
    "a device to export": (lambda f: ["export", "/dev/zero", "--format", "json"],
                           "not a regular file"),
    "a reference out of the directory": (lambda f: ["solve", f["numbers-secret"]],
                                         "outside the puzzle's directory"),
    "an absolute reference": (lambda f: ["solve", f["numbers-absolute"]],
                              "outside the puzzle's directory"),
    "a link out of the directory": (lambda f: ["solve", f["numbers-link"]],
                                    "outside the puzzle's directory"),
    "a reference to a device": (lambda f: ["solve", f["grid-zero"]],
                                "outside the puzzle's directory"),
    "an allowed reference to a device": (
        lambda f: ["solve", f["grid-zero"], "--allow-path", "/dev"], "not a regular file"),
    "a dictionary out of the directory": (lambda f: ["solve", f["dictionary-secret"]],
                                          "outside the puzzle's directory"),
    # held up to the input limit (512 MiB), which docs/CLI.md states, then refused
    "a gzip bomb": (lambda f: ["solve", "--kind", "crossword", f["grid"], "--dict", f["bomb"]],
                    "unpacks to more than", 512 + 100, 10),  # 600 MB to unpack: ~1 s idle
    "a gzip bomb under a lower limit": (
        lambda f: ["solve", "--kind", "crossword", f["grid"], "--dict", f["bomb"],
                   "--max-input-bytes", "1000000"], "unpacks to more than 1000000 bytes"),
    "a file over the input limit": (lambda f: ["solve", SUDOKU, "--max-input-bytes", "100"],
                                    "at most 100 accepted"),
}


@pytest.mark.parametrize("case", READING)
def test_reading_is_bounded_and_confined(case, files, tmp_path):
    make_args, words, *bounds = READING[case]
    megabytes = bounds[0] if bounds else 100
    seconds = bounds[1] if len(bounds) > 1 else 3
    outcome = bounded(*make_args(files), tmp=tmp_path)
    refused(outcome, words, megabytes=megabytes, seconds=seconds)
    assert "TOPSECRET" not in outcome.stderr + outcome.stdout


BUDGETS = {
    "a PB encoding estimated over --max-clauses": (
        lambda f: ["solve", f["big-partition"], "--timeout", "5", "--max-clauses", "1000"],
        "would take about", 2),
    "a PB encoding over the default budget": (
        lambda f: ["compile", f["big-partition"]], "would take about", 2),
    "orientation of huge numbers": (
        lambda f: ["reduce", "partition-orientation", f["huge-numbers"], "--kind",
                   "partition"], "pieces", 2),
    "contour of huge numbers": (
        lambda f: ["reduce", "partition-contour", f["huge-numbers"], "--kind", "partition"],
        "pieces", 2),
    "a tiny budget for a sudoku": (lambda f: ["solve", SUDOKU, "--max-clauses", "100"],
                                   "budget of 100", 2),
    "a tiny budget for 1-in-3 SAT": (
        lambda f: ["solve", INSTANCES / "one-in-three-sat" / "example.puz",
                   "--max-clauses", "3"], "budget of 3", 2),
    "a tiny budget for decode": (lambda f: ["decode", SUDOKU, f["secret"], "--max-clauses",
                                            "100"], "budget of 100", 2),
}


@pytest.mark.parametrize("case", BUDGETS)
def test_every_budget_holds_before_the_work(case, files, tmp_path):
    make_args, words, code = BUDGETS[case]
    refused(bounded(*make_args(files), tmp=tmp_path), words, code)


def test_a_long_pb_encoding_stops_at_the_timeout(files, tmp_path):
    """The native encoder would take ~20 s and 5 GB: it runs in a child the timer kills."""
    outcome = bounded("solve", files["big-partition"], "--timeout", "1", "--max-clauses",
                      "30000000", tmp=tmp_path)
    refused(outcome, "timeout after", code=3, seconds=3, megabytes=2000)


def test_a_huge_timeout_is_accepted(tmp_path):
    outcome = bounded("solve", SUDOKU, "--timeout", "2148000", tmp=tmp_path)
    assert outcome.code == 0 and outcome.stderr == "" and outcome.stdout.count("\n") == 9


OUTPUTS = {
    "a device as the output": (lambda f: ["compile", SUDOKU, "-o", "/dev/null"],
                               "not a regular file", "file"),
    "a FIFO as the output": (lambda f: ["compile", SUDOKU, "-o", f["fifo"]],
                             "not a regular file", "file"),
    "the input as the output": (lambda f: ["export", f["sudoku"], "--format", "puz",
                                           "-o", f["sudoku"]],
                                "input of the command", "file"),
    "a full disk": (lambda f: ["solve", SUDOKU], "cannot write the output", "full"),
    "a closed standard output": (lambda f: ["solve", SUDOKU], "standard output is closed",
                                 "closed"),
}


@pytest.mark.parametrize("case", OUTPUTS)
def test_outputs_never_destroy(case, files, tmp_path):
    make_args, words, stdout = OUTPUTS[case]
    before = {name: os.stat(files[name]) for name in ("fifo", "sudoku")}
    null = os.stat("/dev/null")
    refused(bounded(*make_args(files), tmp=tmp_path, stdout=stdout), words)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert os.stat("/dev/null").st_ino == null.st_ino
    for name, was in before.items():
        now = os.stat(files[name])
        assert (now.st_ino, now.st_mode, now.st_size) == (was.st_ino, was.st_mode, was.st_size)


def test_a_reader_that_leaves_ends_the_run_quietly(tmp_path):
    outcome = bounded("solve", EMPTY_4X4, "--all", tmp=tmp_path, stdout="broken-pipe")
    assert outcome.code == 3 and outcome.stderr == "", outcome.stderr


# ---------------------------------------------------------------- tampered compiled CNFs


Lines = list[str]


def _at(lines: Lines, index: int, text: str | None) -> Lines:
    return [*lines[:index], *([] if text is None else [text]), *lines[index + 1:]]


def _first(lines: Lines, test: Callable[[str], bool]) -> int:
    return next(i for i, line in enumerate(lines) if test(line))


def _var(lines: Lines) -> int:
    return _first(lines, lambda line: line.startswith("c var:"))


def _clause(lines: Lines) -> int:
    return _first(lines, lambda line: line[:1] in "-123456789")


def _source(lines: Lines) -> int:
    return _first(lines, lambda line: line.startswith("c source:"))


def _problem(lines: Lines) -> int:
    return _first(lines, lambda line: line.startswith("p cnf"))


TAMPERINGS: dict[str, Callable[[Lines], Lines]] = {
    "var line cut short": lambda L: _at(L, _var(L), "c var: 1"),
    "var line emptied": lambda L: _at(L, _var(L), "c var:"),
    "var number zero": lambda L: _at(L, _var(L), "c var: 0 x 1 1 1"),
    "var number negative": lambda L: _at(L, _var(L), "c var: -1 x 1 1 1"),
    "var number huge": lambda L: _at(L, _var(L), "c var: " + "9" * 40 + " x 1 1 1"),
    "var number not a number": lambda L: _at(L, _var(L), "c var: one x 1 1 1"),
    "var past the variables": lambda L: _at(L, _var(L), "c var: 100000 x 1 1 1"),
    "var renamed": lambda L: _at(L, _var(L), "c var: 1 x 1 1 2"),
    "var with a terminal escape": lambda L: _at(L, _var(L), "c var: 1 \x1b[2J 1 1 1"),
    "var with a field too many": lambda L: _at(L, _var(L), "c var: 1 x 1 1 1 1"),
    "var dropped": lambda L: _at(L, _var(L), None),
    "var repeated": lambda L: _at(L, _var(L) + 1, L[_var(L)]),
    "kind changed": lambda L: _at(L, 1, "c kind: shikaku"),
    "kind unknown": lambda L: _at(L, 1, "c kind: nonsense"),
    "source broken": lambda L: _at(L, _source(L), "c source: sudoku {{{"),
    "source reading a file": lambda L: _at(
        L, _source(L), 'c source: partition { numbers: file "/etc/hosts" }'),
    "clause edited": lambda L: _at(L, _clause(L), "1 2 3 4 5 6 0"),
    "clause dropped": lambda L: _at(L, _clause(L), None),
    "problem line lies": lambda L: _at(L, _problem(L), "p cnf 3 1"),
    "literal past the variables": lambda L: _at(L, _clause(L), "100000 0"),
}


@pytest.fixture(scope="module")
def compiled_pair(tmp_path_factory) -> tuple[str, Path]:
    """A compiled 4×4 Sudoku CNF and a model of it, made by satpuzzle itself."""
    import satpuzzle
    from satpuzzle.loading import load

    root = tmp_path_factory.mktemp("tampered")
    cnf = root / "e.cnf"
    result = run_cli("compile", EMPTY_4X4, "-o", cnf)
    assert result.returncode == 0, result.stderr
    instance = load(str(EMPTY_4X4)).instances[0]
    solution = satpuzzle.solve(instance)
    true = [16 * r + 4 * c + solution[r][c] for r in range(4) for c in range(4)]
    model = root / "e.model"
    model.write_text("s SATISFIABLE\nv " + " ".join(
        str(v if v in true else -v) for v in range(1, 65)) + " 0\n")
    return cnf.read_text(), model


@pytest.mark.parametrize("edit", TAMPERINGS)
def test_a_tampered_cnf_is_bad_input(edit, compiled_pair, tmp_path):
    cnf, model = compiled_pair
    path = tmp_path / "tampered.cnf"
    path.write_text("\n".join(TAMPERINGS[edit](cnf.splitlines())) + "\n")
    outcome = bounded("decode", path, model, tmp=tmp_path)
    refused(outcome)
    assert "\x1b" not in outcome.stderr and "internal error" not in outcome.stderr


def test_the_untampered_cnf_decodes(compiled_pair, tmp_path):
    cnf, model = compiled_pair
    path = tmp_path / "e.cnf"
    path.write_text(cnf)
    outcome = bounded("decode", path, model, tmp=tmp_path)
    assert outcome.code == 0 and outcome.stdout.count("\n") == 4, outcome.stderr


# ---------------------------------------------------------------- signals and orphans


def _start(args: list[object], run_id: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{MARK: run_id})
    return subprocess.Popen([sys.executable, "-m", "satpuzzle", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)


def _gone(run_id: str, within: float = 3.0) -> bool:
    deadline = time.monotonic() + within
    while processes_of(run_id):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


LONG_RUNS: dict[str, Callable[[Path], list[object]]] = {
    "SAT enumeration in a child": lambda tmp: ["solve", _latin(tmp), "--count"],
    # a solver that takes its time, and starts a process of its own
    "an external solver": lambda tmp: ["solve", SUDOKU, "--solver-cmd",
                                       "sh -c 'sleep 30; echo s UNKNOWN' {input}"],
    "generation": lambda tmp: ["generate", "shikaku", "--size", "300x300", "--unique"],
    "verification": lambda tmp: ["verify", "partition-contour", "--random", "100000"],
}


def _latin(tmp: Path) -> Path:
    path = tmp / "latin.puz"
    path.write_text("sudoku {\n  box: 1x6\n  grid {\n" + ". . . . . .\n" * 6 + "  }\n}\n")
    return path


def _children_started(run_id: str, count: int = 2, within: float = 10) -> None:
    deadline = time.monotonic() + within
    while len(processes_of(run_id)) < count and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.mark.parametrize("run", LONG_RUNS)
def test_sigkill_to_satpuzzle_leaves_no_process_of_the_run(run, tmp_path):
    run_id = f"kill-{os.getpid()}-{time.monotonic_ns()}"
    process = _start(LONG_RUNS[run](tmp_path), run_id)
    try:
        _children_started(run_id)
        assert len(processes_of(run_id)) >= 2, "the run never started a child"
        process.kill()  # SIGKILL to satpuzzle alone: its children must follow
        process.wait(5)
        assert _gone(run_id), f"left behind: {processes_of(run_id)}"
    finally:
        for pid in processes_of(run_id):
            os.kill(pid, signal.SIGKILL)


MOMENTS = sorted(random.Random(17).uniform(0.0, 1.2) for _ in range(6))


@pytest.mark.parametrize("moment", MOMENTS, ids=lambda m: f"{m:.2f}s")
def test_a_signal_at_any_moment_ends_with_exit_3_and_a_line(moment, tmp_path):
    """At seeded random moments from start-up to enumeration: SIGINT to satpuzzle solving
    one puzzle, or SIGTERM to the whole group (what `timeout` sends) of a batch run by two
    workers. Exit 3, the last stderr line says so, no traceback, no process of the run left."""
    run_id = f"signal-{os.getpid()}-{time.monotonic_ns()}"
    batch = MOMENTS.index(moment) % 2
    if batch:
        for number in range(3):
            _latin(tmp_path).rename(tmp_path / f"latin-{number}.puz")
        args = ["solve", tmp_path, "--count", "--jobs", "2"]
    else:
        args = ["solve", _latin(tmp_path), "--count"]
    process = _start(args, run_id)
    time.sleep(moment)
    if batch:
        os.killpg(process.pid, signal.SIGTERM)
    else:
        process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=10)
    assert process.returncode == 3, err
    assert "Traceback" not in err and "Exception" not in err, err
    lines = err.splitlines()
    assert lines and "interrupted" in lines[-1], err
    assert batch or len(lines) == 1, err
    assert _gone(run_id), f"left behind: {processes_of(run_id)}"


def test_a_signal_after_the_answer_still_ends_cleanly(tmp_path):
    """Between the last answer and the exit (the old interpreter shutdown): exit 0 if the
    signal came too late to matter, else 3 and one line; never a traceback or silence."""
    for delay in (0.0, 0.002, 0.01):
        run_id = f"late-{os.getpid()}-{time.monotonic_ns()}"
        process = _start(["solve", SUDOKU], run_id)
        assert process.stdout is not None
        process.stdout.readline()  # the answer has begun
        time.sleep(delay)
        try:
            process.send_signal(signal.SIGTERM)
        except ProcessLookupError:
            pass
        _out, err = process.communicate(timeout=10)
        assert process.returncode in (0, 3), (process.returncode, err)
        assert "Traceback" not in err
        lines = err.splitlines()
        assert process.returncode == 0 or (len(lines) == 1 and "interrupted" in lines[0]), err


def test_an_address_space_limit_reads_a_small_file(tmp_path):
    """Under `ulimit -v`, reading used to allocate the 512 MiB input limit up front: a
    MemoryError traceback before a byte was read. Reads now go a chunk at a time."""
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (300_000 * 1024, 300_000 * 1024))

    puzzle = ROOT / "instances" / "sudoku" / "classic.puz"
    for args, stdin in ((["solve", str(puzzle)], None), (["solve", "-"], puzzle.read_text())):
        result = subprocess.run([sys.executable, "-m", "satpuzzle", *args], input=stdin,
                                capture_output=True, text=True, timeout=120,
                                preexec_fn=limit, check=False)
        assert result.returncode == 0, result.stderr
        assert len(result.stdout.splitlines()) == 9
