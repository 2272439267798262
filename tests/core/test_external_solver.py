"""`solve --solver-cmd`: real external DIMACS solvers (CaDiCaL, MiniSat, PicoSAT from Debian)
against the PySAT path, eager Hashi connectivity, timeouts and signals that leave no solver
behind, and wrong or broken solvers caught. Runs the CLI in this process (its imports are then
paid once); signal handlers it installs are restored after each test."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT, external_program

from satpuzzle import cli
from satpuzzle.external import ExternalEnumeration
from satpuzzle.kinds import registry
from satpuzzle.kinds.hashi import rules as hashi_rules
from satpuzzle.loading import load

SOLVERS = {  # name -> (program, command)
    "cadical": ("cadical", "cadical"),
    "minisat": ("minisat", "minisat {input} {output}"),
    "picosat": ("picosat", "picosat"),
}

# A generated 6x6 Hashi (`hashi_generation.generate(6, 6, islands=9, seed=7)`) with one solution
# but two more assignments that satisfy every local rule and leave the islands in two groups: a
# solver given the lazy encoding without its cuts would report them.
TRAP_HASHI = """hashi {
  grid {
    . . 2 4 2 .
    . . 3 2 . .
    . 3 3 . . 1
    . . . . . .
    . 2 . . . .
    . . . . . .
  }
}
"""


def command(name: str) -> str:
    program, text = SOLVERS[name]
    if external_program(program) is None:
        pytest.skip(f"{program} not installed (Debian package {name})")
    return text


@pytest.fixture
def run(capsys):
    """cli.main in this process: (exit status, stdout, stderr)."""

    def call(*args: object) -> tuple[int, str, str]:
        capsys.readouterr()
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return call


def main(argv: list[str]) -> int:
    """cli.main with this process's signal handlers kept, and usage errors as an exit code."""
    saved = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        return cli.main(argv)
    except SystemExit as exc:  # argparse's way out
        return int(exc.code or 0)
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


_PYSAT_CACHE: dict[tuple[str, ...], tuple[int, str, str]] = {}


def pysat(run, *args: object) -> tuple[int, str, str]:
    """The PySAT path's answer, computed once per argument list."""
    key = tuple(map(str, args))
    if key not in _PYSAT_CACHE:
        _PYSAT_CACHE[key] = run(*args)
    return _PYSAT_CACHE[key]


def solution_set(output: str) -> list[str]:
    data = json.loads(output)
    return sorted(json.dumps(s, sort_keys=True) for s in data["solutions"])


def checked(path: Path, output: str) -> dict:
    """The JSON answer, every solution re-checked by the kind's independent rule checker."""
    data = json.loads(output)
    instance = load(str(path)).instances[0]
    module = registry.kind(instance.KIND)
    checker = registry.kind(instance.KIND).checker
    for item in data["solutions"]:
        assert checker.check(instance, module.solution_from_json(instance, item, str(path))) == []
    return data


def solver_processes(marker: str) -> list[str]:
    """Command lines of live processes that mention `marker` (a temporary directory)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in text and state != "Z":
            found.append(text)
    return found


# ---------------------------------------------------------------- solving


ONE_SOLUTION = ["sudoku/classic.puz", "hashi/hashi-info-17x17.puz",
                "shikaku/codingame-10x10.puz", "jigsaw/generated-4x4.puz"]


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize("relative", ONE_SOLUTION)
def test_solution_is_valid_and_one_of_pysats(run, name, relative):
    path = INSTANCES / relative
    code, out, err = run("solve", path, "--solver-cmd", command(name), "--format", "json")
    assert code == 0, err
    data = checked(path, out)
    assert data["status"] == "SAT" and data["count"] == 1
    _, every, _ = pysat(run, "solve", path, "--all", "--format", "json")
    assert solution_set(out)[0] in solution_set(every)


@pytest.mark.parametrize("name", SOLVERS)
def test_trap_hashi_needs_the_eager_encoding(run, tmp_path, name):
    path = tmp_path / "trap.puz"
    path.write_text(TRAP_HASHI)
    code, out, err = run("solve", path, "--all", "--format", "json",
                         "--solver-cmd", command(name))
    assert code == 0, err
    data = checked(path, out)  # connected: the rule checker agrees
    _, every, _ = pysat(run, "solve", path, "--all", "--format", "json")
    assert data["complete"] and solution_set(out) == solution_set(every)
    assert data["count"] == 1
    # the instance does exercise connectivity: the local rules alone admit more
    lazy = hashi_rules.encode(load(str(path)).instances[0])
    lazy.refine = None
    assert sum(1 for _ in ExternalEnumeration(command(name), lazy).models()) == 3


SEVERAL = ["sudoku/two-solutions.puz", "shikaku/small-5x5.txt", "jigsaw/contour-3x4.puz",
           "hashi/dailyprogrammer-7x7.puz"]


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize("relative", SEVERAL)
def test_all_solutions_match_pysat(run, name, relative):
    path = INSTANCES / relative
    code, out, err = run("solve", path, "--all", "--format", "json",
                         "--solver-cmd", command(name))
    _, every, _ = pysat(run, "solve", path, "--all", "--format", "json")
    data = checked(path, out)
    assert code == 0, err
    assert data["complete"] and data["count"] > 1
    assert data["count"] == len(set(solution_set(out)))
    assert solution_set(out) == solution_set(every)


def test_count_limit_and_unique_modes(run):
    cadical = command("cadical")
    two = INSTANCES / "sudoku" / "two-solutions.puz"
    assert run("solve", two, "--count", "--solver-cmd", cadical)[:2] == (0, "2\n")
    pysat_count = pysat(run, "solve", two, "--count")[1]
    assert pysat_count == "2\n"
    code, out, err = run("solve", two, "--unique", "--solver-cmd", cadical)
    assert code == 0 and out.startswith("multiple")
    code, out, err = run("solve", INSTANCES / "sudoku" / "classic.puz", "--unique",
                         "--solver-cmd", cadical)
    assert code == 0 and out.startswith("unique")
    code, out, err = run("solve", INSTANCES / "shikaku" / "small-5x5.txt", "--limit", "3",
                         "--count", "--solver-cmd", cadical)
    assert (code, out) == (0, "3\n") and "limit reached" in err
    code, out, err = run("solve", INSTANCES / "sudoku" / "unsolvable.puz",
                         "--solver-cmd", cadical, "--format", "json")
    assert code == 1 and json.loads(out)["status"] == "UNSAT"


def test_batch_of_one_line_puzzles_matches_pysat(run):
    path = INSTANCES / "sudoku" / "hard-batch.txt"
    code, out, err = run("solve", path, "--solver-cmd", command("minisat"))
    assert code == 0, err
    expected = pysat(run, "solve", path)[1]
    assert out == expected and len(out.splitlines()) >= 2


def test_stats_report_calls_and_conflicts(run):
    path = INSTANCES / "sudoku" / "inkala-2012.puz"
    for name in ("cadical", "minisat"):
        code, _, err = run("solve", path, "--stats", "--unique", "--solver-cmd", command(name))
        stats = next(line for line in err.splitlines() if "stats:" in line)
        assert code == 0 and "solver calls 2" in stats
        conflicts = int(stats.split("conflicts ")[1].split(",")[0])
        assert conflicts > 0


# ---------------------------------------------------------------- stopping


@pytest.fixture(scope="module")
def hard_jigsaw(tmp_path_factory) -> Path:
    """A generated 8x8 jigsaw with 4 labels: CaDiCaL needs more than 10 s for it."""
    path = tmp_path_factory.mktemp("hard") / "jigsaw-8x8.puz"
    assert main(["generate", "jigsaw", "--size", "8x8", "--labels", "4",
                     "-o", str(path)]) == 0
    return path


def test_timeout_kills_the_solver_and_exits_3(run, hard_jigsaw, tmp_path, monkeypatch):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    cadical = command("cadical")
    started = time.monotonic()
    load(str(hard_jigsaw))  # what runs before the deadline starts, measured on its own
    reading = time.monotonic() - started
    limit = 3.0  # compiling takes up to a second or two on a loaded machine
    started = time.monotonic()
    code, out, err = run("solve", hard_jigsaw, "--timeout", limit, "--stats",
                         "--solver-cmd", cadical)
    elapsed = time.monotonic() - started
    assert code == 3 and out.strip() == "", err
    assert "timeout after" in err and "solver calls 1" in err  # the solver did run
    assert elapsed < limit + 0.5 + reading
    assert solver_processes(str(scratch)) == []
    assert list(scratch.iterdir()) == []  # temporary files removed


def test_sigterm_kills_the_solver_and_exits_3(hard_jigsaw, tmp_path):
    cadical = command("cadical")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", "solve", str(hard_jigsaw), "--solver-cmd", cadical],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        deadline = time.monotonic() + 20
        while not solver_processes(str(tmp_path)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert solver_processes(str(tmp_path)), "the solver never started"
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 3 and "interrupted" in err
    assert solver_processes(str(tmp_path)) == []


# ---------------------------------------------------------------- broken solvers and commands


def fake_solver(tmp_path: Path, body: str) -> str:
    script = tmp_path / "fake-solver"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(0o755)
    return str(script)


ALL_FALSE = 'printf "s SATISFIABLE\\nv "; for i in $(seq 1 153); do printf -- "-$i "; done; ' \
            'echo 0; exit 10\n'


@pytest.mark.parametrize(("body", "status", "message"), [
    (ALL_FALSE, 2, "falsifies clause"),
    ("echo 'boom: out of memory' >&2; exit 1\n", 2, "failed (exit status 1): boom: out of memory"),
    ("kill -SEGV $$\n", 2, "killed by SIGSEGV"),
    ("echo hello; exit 0\n", 2, "printed no status line"),
    ("echo 's UNSATISFIABLE'; exit 10\n", 2, "contradictory"),
    ("echo 's UNKNOWN'; exit 0\n", 3, "the solver answered UNKNOWN"),
])
def test_broken_solver_is_caught(run, tmp_path, body, status, message):
    solver = fake_solver(tmp_path, body)
    code, out, err = run("solve", INSTANCES / "sudoku" / "classic.puz", "--solver-cmd", solver)
    assert code == status and message in err
    assert out.strip() in ("", "unknown")  # never a solution


@pytest.mark.parametrize(("solver", "message"), [
    ("no-such-solver-h4", "not found on PATH"),
    ("/nonexistent/solver", "not found"),
    ("{tmp}/plain.txt", "is not executable"),
    ("", "--solver-cmd is empty"),
    ("cadical 'unclosed", "cannot split"),
])
def test_bad_command_is_one_clear_line(run, tmp_path, solver, message):
    (tmp_path / "plain.txt").write_text("not a program\n")
    code, out, err = run("solve", INSTANCES / "sudoku" / "classic.puz",
                         "--solver-cmd", solver.replace("{tmp}", str(tmp_path)))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and message in err


def test_minisat_without_output_file_gets_a_hint(run):
    code, _, err = run("solve", INSTANCES / "sudoku" / "classic.puz",
                       "--solver-cmd", command("minisat").replace(" {input} {output}", ""))
    assert code == 2 and "{output}" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("extra", [["--forced"], ["--solver", "minisat22"], ["--jobs", "2"]])
def test_refused_combinations(run, extra):
    code, out, err = run("solve", INSTANCES / "sudoku" / "classic.puz",
                         "--solver-cmd", "cadical", *extra)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
