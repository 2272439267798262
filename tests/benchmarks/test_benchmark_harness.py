"""The benchmark harness (benchmarks/harness.py) and report writer (benchmarks/report.py), with
tiny fake methods: wrong answers are caught, hung methods are killed, absent peers reported,
the statistics are right on known numbers, and the report holds the tables and image links."""

from __future__ import annotations

import importlib.util
import math
import time
from pathlib import Path

import pytest
from conftest import ROOT, process_alive

from benchmarks.harness import (
    Answer,
    Case,
    Method,
    Record,
    geometric_mean,
    p90,
    ratio_to_reference,
    reconcile,
    run_isolated,
    run_suite,
    summarize,
)
from benchmarks.report import MARKER, Section, table, write_report


def number_checker(instance: int, solution: int) -> list[str]:
    """The fake kind: an instance is an integer, its only solution is its double."""
    return [] if solution == 2 * instance else [f"{solution} is not {2 * instance}"]


def doubles(instance: int, time_limit: float) -> Answer:
    return Answer("solved", [2 * instance])


def off_by_one(instance: int, time_limit: float) -> Answer:
    return Answer("solved", [2 * instance + 1])


def hangs(instance: int, time_limit: float) -> Answer:
    while True:
        time.sleep(0.05)


def crashes(instance: int, time_limit: float) -> Answer:
    raise ValueError("no model for this")


def needs_missing_module(instance: int, time_limit: float) -> Answer:
    import benchmarks.baselines.no_such_module  # noqa: F401

    return Answer("solved", [2 * instance])


CASES = [Case(f"n{n}", n, n) for n in (1, 2, 3)]


def test_a_wrong_answer_is_reported_wrong_not_solved() -> None:
    records = run_suite("fake", CASES, [Method("satpuzzle", doubles),
                                        Method("liar", off_by_one)], 5.0, number_checker)
    liar = [r for r in records if r.method == "liar"]
    assert [r.status for r in liar] == ["wrong"] * 3
    assert "is not" in liar[0].detail
    summary = {s.method: s for s in summarize(records)}
    assert summary["liar"].counts["solved"] == 0
    assert summary["liar"].counts["wrong"] == 3
    assert summary["liar"].median is None and summary["liar"].throughput is None
    assert summary["satpuzzle"].counts["solved"] == 3


def test_a_hanging_method_is_killed_at_its_timeout() -> None:
    start = time.perf_counter()
    answer, seconds = run_isolated(hangs, 1, 0.3, grace=0.2)
    elapsed = time.perf_counter() - start
    assert answer.status == "timeout"
    assert seconds == 0.3
    assert elapsed < 0.3 + 0.2 + 1.5  # the limit, the grace period, then the kill


def test_the_whole_process_group_is_killed(tmp_path: Path) -> None:
    """A solver the method starts as a subprocess (CBC, say) dies with the child."""
    pid_file = tmp_path / "pid"

    def starts_a_sleeper(instance: int, time_limit: float) -> Answer:
        import subprocess

        sleeper = subprocess.Popen(["sleep", "60"])
        pid_file.write_text(str(sleeper.pid))
        sleeper.wait()
        return Answer("solved", [2 * instance])

    answer, _ = run_isolated(starts_a_sleeper, 1, 0.3, grace=0.2)
    assert answer.status == "timeout"
    pid = int(pid_file.read_text())
    deadline = time.time() + 2
    while time.time() < deadline and process_alive(pid):
        time.sleep(0.05)
    assert not process_alive(pid)




def test_an_absent_peer_is_absent_and_an_exception_an_error() -> None:
    records = run_suite("fake", CASES[:1], [
        Method("satpuzzle", doubles),
        Method("missing in the child", needs_missing_module),
        Method("missing in the parent", doubles, available=lambda: "ortools not installed"),
        Method("crashes", crashes),
    ], 5.0, number_checker)
    status = {r.method: r.status for r in records}
    assert status == {"satpuzzle": "solved", "missing in the child": "absent",
                      "missing in the parent": "absent", "crashes": "error"}
    assert "no model for this" in next(r.detail for r in records if r.method == "crashes")


def record(method: str, instance: str, seconds: float, status: str = "solved",
           count: int | None = None) -> Record:
    return Record("fake", instance, 1, method, seconds, status, count=count)


def test_median_p90_and_ratio_on_known_numbers() -> None:
    assert p90([float(v) for v in range(1, 11)]) == 9.0
    assert p90([5.0]) == 5.0
    assert p90([]) is None
    assert geometric_mean([2.0, 8.0]) == pytest.approx(4.0)
    records = [record("satpuzzle", "a", 1.0), record("satpuzzle", "b", 2.0),
               record("satpuzzle", "c", 4.0), record("other", "a", 2.0),
               record("other", "b", 8.0), record("other", "c", 1.0, "timeout"),
               record("other", "d", 3.0)]  # d: satpuzzle did not run it, not shared
    ratio = ratio_to_reference(records, "other")
    assert ratio.instances == 2
    assert ratio.geometric_mean == pytest.approx(math.sqrt(2.0 * 4.0))
    assert ratio.of_medians == pytest.approx(5.0 / 1.5)
    summary = {s.method: s for s in summarize(records)}
    assert summary["satpuzzle"].median == 2.0
    assert summary["satpuzzle"].p90 == 4.0
    assert summary["satpuzzle"].throughput == pytest.approx(3 / 7.0)
    assert summary["other"].median == 3.0  # over its solved instances a, b, d
    assert summary["other"].throughput == pytest.approx(3 / 14.0)
    assert summary["other"].counts["timeout"] == 1


def test_counts_are_reconciled_and_false_no_solution_claims_are_wrong() -> None:
    records = [record("satpuzzle", "x", 0.1, count=5), record("clingo", "x", 0.1, count=5),
               record("CP-SAT", "x", 0.1, count=4),
               record("satpuzzle", "y", 0.1), record("eup", "y", 0.1, "unsat")]
    reconcile(records)
    status = {(r.method, r.instance): r.status for r in records}
    assert status[("CP-SAT", "x")] == "wrong"
    assert status[("satpuzzle", "x")] == status[("clingo", "x")] == "solved"
    assert status[("eup", "y")] == "wrong"
    tie = [record("satpuzzle", "z", 0.1, count=3), record("clingo", "z", 0.1, count=7)]
    reconcile(tie)
    assert [r.status for r in tie] == ["solved", "wrong"]  # a tie goes to satpuzzle


def test_report_has_tables_image_links_and_keeps_hand_written_text(tmp_path: Path) -> None:
    records = [record("satpuzzle", "a", 0.5), record("satpuzzle", "b", 1.5),
               record("baseline", "a", 1.0), record("baseline", "b", 2.0, "wrong"),
               Record("fake", "a", 1, "CP-SAT", 0.0, "absent", "ortools not installed")]
    lines = table(records)
    assert lines[0].startswith("| method | solved | timeout | wrong | median | p90 |")
    baseline = next(line for line in lines if line.startswith("| baseline "))
    assert "| 1/2 | 0 | 1 |" in baseline and "2.00×" in baseline
    assert "absent" in next(line for line in lines if line.startswith("| CP-SAT "))

    out = tmp_path / "docs" / "BENCHMARKS.md"
    out.parent.mkdir()
    out.write_text("# Benchmarks\n\nhand-written study\n")
    plots = importlib.util.find_spec("matplotlib") is not None
    write_report([Section("fake", "Fake kind", records, 3.0, ["a note"])], out,
                 "python -m benchmarks --quick", plots=plots)
    text = out.read_text()
    assert MARKER in text and "python -m benchmarks --quick" in text
    assert "| satpuzzle | 2/2 | 0 | 0 |" in text
    assert "baseline on b: **wrong**" in text
    details = tmp_path / "docs" / "benchmarks" / "DETAILS.md"
    assert details.read_text() == "# Benchmarks\n\nhand-written study\n"
    assert "(benchmarks/DETAILS.md)" in text
    write_report([], out, "again", plots=False)  # a second run keeps DETAILS.md as it is
    assert details.read_text() == "# Benchmarks\n\nhand-written study\n"
    if not plots:
        pytest.skip("matplotlib is not installed: the plot part is not tested")
    assert "![Fake kind: time against size](benchmarks/fake-time.png)" in text
    assert "![Fake kind: performance profile](benchmarks/fake-profile.png)" in text
    for name in ("fake-time.png", "fake-profile.png"):
        data = (tmp_path / "docs" / "benchmarks" / name).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000


# ---------------------------------------------------------------- the product path

BENCHMARKS = ROOT / "benchmarks"
INSTANCES = ROOT / "instances"


def test_benchmark_scripts_time_the_product_path():
    """No benchmark script drives an encoder or an engine itself (baselines aside): every
    satpuzzle figure comes from the pipeline or the whole command. Algorithm 1 in
    jigsaw_claims.py is the object of the claim it measures, read for its verdict."""
    forbidden = ("ModelStream", "run_jobs(", "run_search(", "run_race(", "encode_batch(",
                 ".encode(", "jigsaw.search(", "import search")
    # jigsaw.py counts (does not time) the placements the search makes to its first board,
    # beside the C program's (--search-vs-c: its times are whole processes); sudoku_peers.py
    # gives the hand-written PySAT loop, the peer of the API half, the same formula
    allowed = {"jigsaw.py": {"import search"}, "sudoku_peers.py": {"encode_batch("}}
    for path in sorted(BENCHMARKS.glob("*.py")):
        text = path.read_text()
        used = [name for name in forbidden
                if name in text and name not in allowed.get(path.name, set())]
        assert not used, f"{path.name} calls {used} directly"


def test_product_run_and_batch_give_checked_solutions():
    import satpuzzle
    from benchmarks import product

    (instance,) = satpuzzle.load(str(INSTANCES / "sudoku" / "two-solutions.puz"))
    run = product.run(instance, limit=None)
    assert len(run.solutions) == 2 and run.complete and run.stopped is None
    assert all(not satpuzzle.check(instance, s) for s in run.solutions)
    assert run.times == sorted(run.times) and run.seconds >= run.times[-1]
    lines = [line for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")][:3]
    puzzles = satpuzzle.load("\n".join(lines) + "\n", kind="sudoku")
    times, found = product.batch(puzzles, limit=1)
    assert len(times) == len(found) == len(puzzles)
    assert all(len(grids) == 1 and not satpuzzle.check(p, grids[0])
               for p, grids in zip(puzzles, found))


def test_command_method_times_the_whole_process():
    """The whole `satpuzzle solve` process as a harness method: its JSON answer is read back
    and checked like any other, and its count is kept when it counts."""
    import satpuzzle
    from benchmarks.suites import command_method

    (instance,) = satpuzzle.load(str(INSTANCES / "sudoku" / "two-solutions.puz"))
    first = command_method()
    answer, seconds = run_isolated(first.run, instance, 60)
    assert answer.status == "solved", answer.detail
    assert len(answer.solutions) == 1 and not satpuzzle.check(instance, answer.solutions[0])
    assert seconds > 0.05  # a whole interpreter started, not a call
    counting = command_method(options=lambda _instance: ["--count"])
    answer, _ = run_isolated(counting.run, instance, 60)
    assert answer.status == "solved" and answer.count == 2
