"""--max-clauses: a compile that would pass the clause budget is refused with one clear line
(exit 2) — before any encoding where the kind can estimate its size, else as soon as the
formula grows past it — and nothing is written."""

from __future__ import annotations

import random
import time

import pytest
from conftest import INSTANCES, run_cli

from satpuzzle import pipeline
from satpuzzle.cnf import DEFAULT_MAX_CLAUSES, ClauseBudgetExceeded, clause_budget
from satpuzzle.kinds import registry
from satpuzzle.kinds.jigsaw.candidates import estimate_clauses
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance


def _distinct_pieces_board(side: int) -> JigsawInstance:
    rng = random.Random(side)
    pieces = tuple(tuple(rng.randint(1, 10 ** 6) for _ in range(4)) for _ in range(side * side))
    return JigsawInstance(side, side, pieces, border="free")


def test_huge_jigsaw_is_refused_by_its_estimate_before_any_work():
    instance = _distinct_pieces_board(100)  # 10^4 cells x 4·10^4 placements each
    started = time.monotonic()
    with pytest.raises(ClauseBudgetExceeded, match=r"would take about [\d,]+ clauses"):
        pipeline.check_budget(instance)
    assert time.monotonic() - started < 0.5
    assert estimate_clauses(instance) > DEFAULT_MAX_CLAUSES


def test_estimate_is_an_upper_bound_on_real_boards():
    from satpuzzle.loading import load

    for path in ("jigsaw/generated-4x4.puz", "jigsaw/contour-3x4.puz",
                 "jigsaw/fibonacci-4x6.puz", "jigsaw/language-example-2x2.puz"):
        for puzzle in load(str(INSTANCES / path)).instances:
            formula = registry.kind("jigsaw").encode(puzzle)
            assert formula.num_clauses <= estimate_clauses(puzzle), path


def test_formula_stops_growing_past_the_budget(tmp_path):
    rows = ["    " + " ".join(["."] * 16)] * 16
    path = tmp_path / "empty16.puz"
    path.write_text("\n".join(["sudoku {", "  grid {", *rows, "  }", "}"]) + "\n")
    out = tmp_path / "out.cnf"
    refused = run_cli("compile", path, "-o", out, "--max-clauses", "5000")
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "satpuzzle: error: compiling this sudoku puzzle passed the budget of 5,000 clauses "
        "(about 0.0 GB) and was stopped: raise it with --max-clauses N to go on")
    assert not out.exists() and list(tmp_path.iterdir()) == [path]
    assert run_cli("compile", path, "-o", out, "--max-clauses", "10000000").returncode == 0
    assert out.exists()


def test_solve_honours_the_budget_too():
    result = run_cli("solve", INSTANCES / "shikaku" / "codingame-20x20.puz",
                     "--max-clauses", "100")
    assert result.returncode == 2
    assert "passed the budget of 100 clauses" in result.stderr
    assert run_cli("solve", INSTANCES / "shikaku" / "codingame-20x20.puz").returncode == 0


def test_budget_is_scoped():
    from satpuzzle.loading import load

    with clause_budget(10):
        instance = load(str(INSTANCES / "sudoku" / "classic.puz")).instances[0]
        with pytest.raises(ClauseBudgetExceeded):
            registry.kind("sudoku").encode(instance).check_budget()
    assert registry.kind("sudoku").encode(instance).num_clauses > 10  # default again


def test_bad_budget_option_is_a_usage_error():
    result = run_cli("compile", INSTANCES / "sudoku" / "classic.puz", "--max-clauses", "0")
    assert result.returncode == 2
    assert "--max-clauses: expected a positive integer, found '0'" in result.stderr


@pytest.mark.parametrize("path", [
    "sudoku/classic.puz", "one-in-three-sat/example.puz", "partition/wikipedia.puz",
    "shikaku/simonis-10x10.puz", "hashi/dailyprogrammer-7x7.puz", "jigsaw/contour-3x4.puz",
    "crossword/seed-example.puz", "sudoku/hard-batch.txt",
])
def test_a_small_budget_holds_for_every_kind(path):
    """Encoders check the budget every few thousand clauses; the pipeline checks it once
    more when the encoding is done, so that a budget below that still holds."""
    import shutil

    external = ["--solver-cmd", "minisat"] if shutil.which("minisat") else []
    for extra in ([], external if path.endswith(".puz") else []):
        result = run_cli("solve", INSTANCES / path, "--index", "1", "--engine", "sat",
                         "--max-clauses", "5", *extra)
        assert result.returncode == 2, (path, result.stderr)
        assert result.stderr.count("\n") == 1 and "budget" in result.stderr


def test_an_engines_own_cnf_keeps_the_budget(tmp_path):
    """The crossword's search builds a SAT oracle when it stalls (here: 30 random words of a
    and b, no fill in an open 11×11 grid, half a second of search without one): in the child,
    under the same --max-clauses, refused as bad input (exit 2), not an internal error."""
    grid = tmp_path / "open11.txt"
    grid.write_text("\n".join(["1" * 11] * 11) + "\n")
    words = tmp_path / "words.txt"
    rng = random.Random(11030)
    words.write_text("\n".join("".join(rng.choice("ab") for _ in range(11))
                               for _ in range(30)) + "\n")
    result = run_cli("solve", "--kind", "crossword", grid, "--dict", words, "--limit", "1",
                     "--max-clauses", "50")
    assert result.returncode == 2, result.stderr
    assert "budget of 50 clauses" in result.stderr.splitlines()[-1]


# ---------------------------------------------------------------- pseudo-Boolean encodings


def _big_partition(count: int, bits: int, seed: int = 1):
    from satpuzzle.kinds.partition.puzzle import PartitionInstance

    rng = random.Random(seed)
    numbers = [rng.randrange(2 ** (bits - 1), 2 ** bits) for _ in range(count)]
    numbers[0] += sum(numbers) % 2
    return PartitionInstance(tuple(numbers))


def test_pb_estimate_bounds_the_real_encoding():
    """The estimate that refuses a PARTITION up front is within a factor 2 of the real
    clause count (an encoding it underestimates is stopped later: the tests below)."""
    from satpuzzle.cnf import pb_clause_estimate

    for count, bits in [(5, 45), (10, 30), (20, 1), (60, 12), (200, 20), (400, 3)]:
        instance = _big_partition(count, bits)
        real = pipeline.compile(instance).formula.num_clauses
        assert real / 2 <= pb_clause_estimate(instance.numbers) <= 2 * real, (count, bits)


def test_pb_encoding_over_the_budget_is_refused_before_it_starts():
    started = time.monotonic()
    with pytest.raises(ClauseBudgetExceeded, match="would take about"):
        pipeline.compile(_big_partition(3000, 40), pipeline.Request(max_clauses=1000))
    assert time.monotonic() - started < 1


def test_a_long_pb_encoding_is_killed_at_the_deadline():
    """Encoding 3,000 numbers of 40 bits takes ~20 s in the native encoder, deaf to timers in
    this process: it runs in a child that the deadline kills."""
    from satpuzzle.stages import StageTimeout

    request = pipeline.Request(max_clauses=30_000_000, deadline=time.monotonic() + 1.0)
    started = time.monotonic()
    with pytest.raises(StageTimeout):
        pipeline.compile(_big_partition(3000, 40), request)
    assert time.monotonic() - started < 3


def test_a_pb_encoder_past_its_memory_allowance_is_stopped(monkeypatch):
    """When the estimate was wrong, the child's memory cap stops the encoder: one clear
    budget error."""
    from satpuzzle import cnf

    monkeypatch.setattr(cnf, "PB_IN_PROCESS", 0)
    monkeypatch.setattr(cnf, "PB_BYTES_PER_CLAUSE", 0)
    monkeypatch.setattr(cnf, "PB_MEMORY_MARGIN", 16 << 20)
    with pytest.raises(ClauseBudgetExceeded, match="outgrew the memory"):
        pipeline.compile(_big_partition(1000, 40))


def test_pb_encoding_in_a_child_gives_the_same_clauses(monkeypatch):
    from satpuzzle import cnf

    instance = _big_partition(40, 16)
    here = pipeline.compile(instance).formula
    monkeypatch.setattr(cnf, "PB_IN_PROCESS", 0)
    there = pipeline.compile(instance).formula
    assert list(there.all_clauses()) == list(here.all_clauses())
    assert there.num_vars == here.num_vars


def test_a_memory_cap_set_from_outside_is_kept(monkeypatch):
    """Under a hard address-space limit set by the caller (ulimit -v, a fuzzer, a service),
    the encoder's child lowers only its soft limit (raising the hard one is refused)."""
    import os
    import resource

    from satpuzzle import cnf

    monkeypatch.setattr(cnf, "PB_IN_PROCESS", 0)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            resource.setrlimit(resource.RLIMIT_AS, (64 << 30, 64 << 30))
            code = 0 if pipeline.compile(_big_partition(40, 16)).formula.num_clauses else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_puzzle_over_the_budget_does_not_stop_a_directory(tmp_path, jobs):
    """The puzzle over --max-clauses gets its one-line error; the puzzles around it are
    still answered, and the exit status says that one puzzle was bad input."""
    classic = (INSTANCES / "sudoku" / "classic.puz").read_text()
    (tmp_path / "a.puz").write_text(classic)
    (tmp_path / "b.puz").write_text("sudoku {\n  box: 4x4\n  grid {\n"
                                    + ". " * 16 + "\n" + (". " * 16 + "\n") * 15 + "  }\n}\n")
    (tmp_path / "c.puz").write_text(classic)
    result = run_cli("solve", tmp_path, "--max-clauses", "20000", "--jobs", jobs)
    assert result.returncode == 2, result.stderr
    assert result.stdout.count("5 3 4 6 7 8 9 1 2") == 2, result.stdout
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and errors[0].startswith("satpuzzle: puzzle 2: error: ")
    assert "3 puzzles: 2 solved, 1 bad input" in result.stderr
