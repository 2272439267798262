"""One rule for budgets, one rule for partial output (docs/CLI.md, "Limits" and "Output
files"), in real `satpuzzle` processes:

- `--max-clauses N` bounds the puzzle's formula whichever engine answers: every kind's own
  engine (jigsaw search, euler, propagation; crossword search, best; auto and race choosing
  one) is held to the kind's estimate before it starts, so a tiny budget is refused at once
  (exit 2, one line) where the search engines used to run unbounded, and a budget the
  formula fits answers exactly as with no budget;
- `-o FILE` is written only when the command completes: a run cut short by `--timeout` or
  SIGINT (exit 3, one line) leaves FILE byte for byte as it was, or absent, and no temporary
  file beside it; standard output still gets what was made."""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT, TESTS, run_process, shared, wait_for_child, wait_for_cpu

from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Kind
from satpuzzle.loading import load

JIGSAW = INSTANCES / "jigsaw" / "generated-4x4.puz"
CROSSWORD = INSTANCES / "crossword" / "seed-example.puz"
OLD = b"# a file from an earlier run, kept whole\nsudoku {\n}\n"


def _one_line(stderr: str) -> str:
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def _estimate(path: Path) -> int:
    instance = load(str(path), None, {}).instances[0]
    estimate = registry.kind_of(instance).estimate_clauses(instance)
    assert estimate is not None
    return estimate


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> dict[str, Path]:
    """A contour-orientation frame (euler answers it) and a position puzzle propagation
    decides, made by `generate -o`."""
    folder = tmp_path_factory.mktemp("jigsaws")
    made = {}
    for engine, variant, size in [("euler", "contour-orientation", "4x5"),
                                  ("propagation", "position", "4x4")]:
        path = folder / f"{variant}.puz"
        result = run_process("generate", "jigsaw", "--variant", variant, "--size", size,
                             "--seed", "2", "-o", path)
        assert result.returncode == 0, result.stderr
        made[engine] = path
    return made


# (engine, puzzle): each of a kind's engines on a puzzle it answers itself (--stats says so)
ENGINE_CASES = [("search", JIGSAW), ("euler", "euler"), ("propagation", "propagation"),
                ("auto", JIGSAW), ("race", JIGSAW), ("sat", JIGSAW),
                ("search", CROSSWORD), ("best", CROSSWORD), ("auto", CROSSWORD),
                ("race", CROSSWORD), ("sat", CROSSWORD)]


def _puzzle(case: Path | str, generated: dict[str, Path]) -> Path:
    return generated[case] if isinstance(case, str) else case


@pytest.mark.parametrize(("engine", "case"), ENGINE_CASES,
                         ids=[f"{e}-{Path(str(c)).stem}" for e, c in ENGINE_CASES])
def test_every_engine_refuses_a_tiny_clause_budget(engine, case, generated):
    puzzle = _puzzle(case, generated)
    started = time.monotonic()
    result = run_process("solve", puzzle, "--engine", engine, "--count", "--max-clauses", "50")
    seconds = time.monotonic() - started
    line = _one_line(result.stderr)
    assert result.returncode == 2, result.stderr
    assert f"would take about {_estimate(puzzle):,} clauses" in line
    assert "over the budget of 50 clauses" in line and "--max-clauses" in line
    assert result.stdout == ""
    assert seconds < 60, seconds


@pytest.mark.parametrize(("engine", "case"), ENGINE_CASES,
                         ids=[f"{e}-{Path(str(c)).stem}" for e, c in ENGINE_CASES])
def test_every_engine_answers_as_before_within_a_sufficient_budget(engine, case, generated):
    """A budget of exactly the estimate lets the puzzle through (refused only above it), and
    the answer is the one given with no budget, by the same engine."""
    puzzle = _puzzle(case, generated)
    free = run_process("solve", puzzle, "--engine", engine, "--all", "--stats")
    bounded = run_process("solve", puzzle, "--engine", engine, "--all", "--stats",
                          "--max-clauses", _estimate(puzzle))
    assert free.returncode == 0, free.stderr
    assert bounded.returncode == 0, bounded.stderr
    assert "Traceback" not in bounded.stderr
    if engine != "race":  # which side wins a race may vary from run to run
        assert bounded.stdout == free.stdout
    if engine in ("search", "euler", "propagation", "best"):
        assert f"stats: {engine} engine" in bounded.stderr, bounded.stderr


@pytest.mark.parametrize("engine", ["auto", "search"])
def test_the_search_that_ran_unbounded_is_refused_at_once(engine):
    """Brendan Owen's 8x8 edge-matching board: `--engine auto` and `search` searched on
    with --max-clauses 50 (cut by a 30 s timeout), while `sat` refused at once."""
    board = shared("jigsaw/brendan/pieces_08x08.txt")
    started = time.monotonic()
    result = run_process("solve", board, "--engine", engine, "--max-clauses", "50",
                         "--timeout", "120")
    seconds = time.monotonic() - started
    line = _one_line(result.stderr)
    assert result.returncode == 2, result.stderr
    assert "over the budget of 50 clauses" in line
    assert seconds < 60, seconds


def test_every_kind_with_engines_estimates_its_formula():
    """The engines are held to the kind's estimate: a kind with engines of its own and no
    estimate would let them run past any budget."""
    for kind in registry.KINDS.values():
        if kind.engines:
            assert type(kind).estimate_clauses is not Kind.estimate_clauses, kind.name


@pytest.mark.parametrize("options", [{}, {"distinct": True}])
@pytest.mark.parametrize("name", ["seed-example.puz", "word-square.puz"])
def test_the_crossword_estimate_is_its_formula(name, options):
    """Counted on the slot problem without writing a clause, and exactly the encoding's
    size for the default encodings, so that an engine and SAT refuse the same puzzles."""
    from satpuzzle.kinds.crossword import problem, rules

    instance = load(str(INSTANCES / "crossword" / name), None, options).instances[0]
    assert problem.estimate_clauses(instance) == rules.encode(instance).num_clauses


# ---------------------------------------------------------------- partial output


def _leftovers(folder: Path) -> list[str]:
    return [name for name in os.listdir(folder) if name.endswith(".tmp")]


@pytest.mark.parametrize("existing", [True, False], ids=["existing", "absent"])
def test_generate_cut_short_by_its_timeout_leaves_the_file_untouched(tmp_path, existing):
    """generate --count wrote the puzzles made so far into -o FILE at its deadline."""
    out = tmp_path / "set.puz"
    if existing:
        out.write_bytes(OLD)
    started = time.monotonic()
    result = run_process("generate", "sudoku", "--unique", "--count", "100000",
                         "--timeout", "4", "-o", out)
    seconds = time.monotonic() - started
    line = _one_line(result.stderr)
    assert result.returncode == 3, result.stderr
    assert line.startswith("satpuzzle: timeout after ")
    assert "seeds' puzzles made, none written: " in line
    assert f"{out} left untouched" in line
    assert (out.read_bytes() == OLD) if existing else not out.exists()
    assert _leftovers(tmp_path) == []
    assert result.stdout == ""
    assert seconds < 60, seconds


def test_generate_cut_short_still_prints_what_it_made_on_standard_output():
    result = run_process("generate", "sudoku", "--unique", "--count", "100000",
                         "--timeout", "4")
    line = _one_line(result.stderr)
    assert result.returncode == 3, result.stderr
    made = result.stdout.count("# puzzle ")
    assert made > 0, "no puzzle in 4 s"
    assert f"{made} of 100000 seeds' puzzles written" in line, line


CROSSWORDS = TESTS / "data" / "crossword"
# every command that writes -o FILE, on an input it completes in well under a second
WRITERS = {
    "compile": ["compile", INSTANCES / "sudoku" / "classic.puz"],
    "generate": ["generate", "sudoku"],
    "generate --count": ["generate", "sudoku", "--count", "3"],
    "reduce": ["reduce", "partition-contour", INSTANCES / "partition" / "partdata-sample.tsv",
               "--index", "1"],
    "import": ["import", "ipuz", CROSSWORDS / "ipuz" / "example.ipuz"],
    "export": ["export", INSTANCES / "sudoku" / "classic.puz", "--format", "json"],
    "solve --format puz": ["solve", CROSSWORDS / "ipuz" / "example.ipuz", "--format", "puz"],
}


@pytest.mark.parametrize("command", WRITERS)
def test_every_writer_leaves_its_file_untouched_when_its_time_is_up(tmp_path, command):
    """--timeout counts from the process start: 0.001 s is up before the work is done, at
    whatever stage each command has reached; with time, the same command replaces FILE."""
    out = tmp_path / "out"
    out.write_bytes(OLD)
    result = run_process(*WRITERS[command], "-o", out, "--timeout", "0.001")
    line = _one_line(result.stderr)
    assert result.returncode == 3, result.stderr
    assert line.startswith("satpuzzle: timeout after "), line
    assert out.read_bytes() == OLD and _leftovers(tmp_path) == []
    done = run_process(*WRITERS[command], "-o", out, "--timeout", "120")
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() != OLD and _leftovers(tmp_path) == []


def _interrupted(args: list[object], cpu_seconds: float) -> subprocess.CompletedProcess:
    """The command, interrupted (SIGINT) once its work has used `cpu_seconds` of CPU."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "satpuzzle", *map(str, args)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    try:
        assert wait_for_cpu(process.pid, cpu_seconds), "the command never got going"
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


def test_generate_interrupted_leaves_the_file_untouched(tmp_path):
    out = tmp_path / "set.puz"
    out.write_bytes(OLD)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "satpuzzle", "generate", "sudoku",
                                "--unique", "--count", "100000", "-o", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env)
    try:
        assert wait_for_child(process.pid), "no worker started"
        time.sleep(1.5)  # puzzles are being made
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    line = _one_line(stderr)
    assert process.returncode == 3, stderr
    assert line.startswith("satpuzzle: interrupted while generating sudoku puzzles: ")
    assert f"{out} left untouched" in line
    assert out.read_bytes() == OLD
    assert _leftovers(tmp_path) == [] and stdout == ""


def _empty_sudoku(folder: Path, side: int) -> Path:
    """An empty side×side Sudoku: 49×49 compiles to 1.9 M clauses in about 4 s."""
    rows = "\n".join("  " + " ".join("." * side) for _ in range(side))
    path = folder / f"empty-{side}.puz"
    path.write_text(f"sudoku {{\n grid {{\n{rows}\n }}\n}}\n")
    return path


@pytest.mark.parametrize("existing", [True, False], ids=["existing", "absent"])
def test_compile_cut_short_by_its_timeout_leaves_the_file_untouched(tmp_path, existing):
    puzzle = _empty_sudoku(tmp_path, 49)
    out = tmp_path / "out.cnf"
    if existing:
        out.write_bytes(OLD)
    result = run_process("compile", puzzle, "-o", out, "--timeout", "1.5")
    line = _one_line(result.stderr)
    assert result.returncode == 3, result.stderr
    assert line.startswith("satpuzzle: timeout after ") and " while " in line
    assert (out.read_bytes() == OLD) if existing else not out.exists()
    assert _leftovers(tmp_path) == []


def test_compile_interrupted_leaves_the_file_untouched(tmp_path):
    puzzle = _empty_sudoku(tmp_path, 49)
    out = tmp_path / "out.cnf"
    out.write_bytes(OLD)
    result = _interrupted(["compile", puzzle, "-o", out], cpu_seconds=1.2)
    assert _one_line(result.stderr) == "satpuzzle: interrupted"
    assert result.returncode == 3
    assert out.read_bytes() == OLD
    assert _leftovers(tmp_path) == []


def test_compile_that_completes_writes_the_file(tmp_path):
    """The same rule's other half: a command that completes replaces FILE."""
    out = tmp_path / "out.cnf"
    out.write_bytes(OLD)
    result = run_process("compile", INSTANCES / "sudoku" / "classic.puz", "-o", out,
                         "--timeout", "120")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"c ") and b"\np cnf " in out.read_bytes()


@pytest.mark.skipif(importlib.util.find_spec("spellchecker") is None,
                    reason="the built-in English list needs pyspellchecker")
def test_a_best_fill_handed_over_at_the_deadline_is_not_written(tmp_path):
    """At the deadline the run hands over the best fill the best-first engine had offered
    (not proven best in 120 s on this grid; the first fill came after 2.6 s): printed on
    standard output as any answer of a run cut short, never written into -o FILE."""
    source = TESTS / "data" / "crossword" / "puzpy" / "nyt_jul0719.puz"
    out = tmp_path / "filled.puz"
    out.write_bytes(OLD)
    result = run_process("solve", source, "--dict", "en", "--best", "--format", "puz",
                         "-o", out, "--timeout", "20")
    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith("satpuzzle: timeout after ") and "1 solution(s)" in last
    assert last.endswith(f"{out} left untouched (-o FILE is written only when the command "
                         "completes)")
    assert out.read_bytes() == OLD and _leftovers(tmp_path) == []


def test_writing_after_the_deadline_leaves_the_file_untouched(tmp_path):
    """The write is the command's last step, within --timeout: a deadline already passed
    when the work is done refuses the write at once (a timer would let a short one
    through)."""
    from satpuzzle.cli import common
    from satpuzzle.runs import RunContext
    from satpuzzle.stages import StageTimeout

    out = tmp_path / "out.puz"
    out.write_bytes(OLD)
    started = time.monotonic() - 10  # the command began 10 s ago
    args = argparse.Namespace(output=str(out), force=False)
    with pytest.raises(StageTimeout, match=f"while writing {out}: {out} left untouched"):
        common.write_output(args, RunContext.starting(started, 5.0), "new text\n")
    assert out.read_bytes() == OLD and _leftovers(tmp_path) == []
    assert common.write_output(args, RunContext.starting(started, 50.0), "new text\n")
    assert out.read_text() == "new text\n"
