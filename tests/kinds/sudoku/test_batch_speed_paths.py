"""The fast paths of a batch of one-line Sudokus: one worker answers in the satpuzzle process
(no child) while each solve call stays under the conflict budget, and hands the rest of the
batch to a child from the first puzzle that spends it; the deadline is heard between puzzles;
answer lines leave in pieces of many lines, in input order, with stderr lines in their place.
Whatever the path, the answers are those of the child path (--jobs 2)."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from conftest import INSTANCES, run_process

from satpuzzle import pipeline
from satpuzzle.answers import BatchAnswers, Said
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.loading import load_text
from satpuzzle.reports import SolveOutput

HARD = INSTANCES / "sudoku" / "hard-batch.txt"


def _relabelled_lines(count: int) -> list[str]:
    """`count` unique 9×9 puzzles: the hard classics with their digits relabelled (seeded)."""
    rng = random.Random(33)
    classics = [line for line in HARD.read_text().splitlines()
                if line and not line.startswith("#")]
    lines = []
    for line in itertools.islice(itertools.cycle(classics), count):
        digits = rng.sample("123456789", 9)
        lines.append("".join(digits[int(ch) - 1] if ch.isdigit() else ch for ch in line))
    return lines


def _mixed_batch(tmp_path, count: int = 600):
    """A file of `count` unique puzzles with, among them, an empty grid (several solutions)
    and a grid whose first row repeats a digit (none)."""
    lines = _relabelled_lines(count)
    lines[7] = "." * 81
    lines[300] = "11" + "." * 79
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def _instances(count: int) -> list[SudokuInstance]:
    return list(load_text("\n".join(_relabelled_lines(count)) + "\n", "batch.txt").instances)


def _answers(events) -> tuple[dict[int, list], dict[int, tuple[int, bool]], list]:
    """Solutions by puzzle, (count, complete) by puzzle, and the Ended events."""
    found: dict[int, list] = {}
    done: dict[int, tuple[int, bool]] = {}
    ended = []
    for event in events:
        if isinstance(event, pipeline.Found):
            assert event.checked
            found.setdefault(event.index, []).append(event.solution)
        elif isinstance(event, pipeline.Done):
            assert event.index not in done, "a puzzle answered twice"
            done[event.index] = (event.count, event.complete)
        elif isinstance(event, pipeline.Ended):
            ended.append(event)
    return found, done, ended


def test_one_worker_answers_as_two_workers_do(tmp_path):
    """The in-process path (one worker) and the children's (--jobs 2): the same lines (the
    empty grid's two solutions aside), the several and none verdicts in their places."""
    path = _mixed_batch(tmp_path)
    one = run_process("solve", path, "--unique", timeout=300)
    two = run_process("solve", path, "--unique", "--jobs", "2", timeout=300)
    assert one.returncode == two.returncode == 1, (one.stderr, two.stderr)  # one has none
    lines = one.stdout.splitlines()
    others = two.stdout.splitlines()
    # which two solutions of the empty grid come first depends on the solver's history
    assert [line.split()[0] for line in lines] == [line.split()[0] for line in others]
    assert lines[:7] + lines[8:] == others[:7] + others[8:]
    assert len(lines) == 600
    assert lines[7].startswith("multiple ") and lines[300] == "none"
    assert sum(line.startswith("unique ") for line in lines) == 598
    assert "Traceback" not in one.stderr


def test_a_puzzle_that_spends_the_budget_hands_the_rest_to_a_child(monkeypatch):
    """Under a budget of one conflict a call soon spends it: the puzzles before it are
    answered here, the rest in a child, each exactly once, as one solver answers them all."""
    instances = _instances(40)
    request = pipeline.Request(limit=2)
    reference = _answers(pipeline.solve_batch(instances, pipeline.Request(limit=2,
                                                                          in_process=True)))
    monkeypatch.setattr(pipeline, "HERE_CONFLICTS", 1)
    spent: list[int] = []
    original = pipeline._batch_here

    def watched(*args):
        yield from original(*args)
        spent.extend(args[-1])

    monkeypatch.setattr(pipeline, "_batch_here", watched)
    found, done, ended = _answers(pipeline.solve_batch(instances, request))
    assert spent and 0 <= spent[0] < 40, "no call spent the budget: the child path untried"
    assert (found, done) == reference[:2]
    assert all(done[index] == (1, True) for index in range(40))
    assert len(ended) == 1 and ended[0].stopped is None


def test_the_deadline_is_heard_between_puzzles_in_process():
    """A batch answered here stops at its deadline, after the puzzle under way, as a
    timeout; every answer said before is whole (its Found before its Done)."""
    instances = _instances(3000)  # hard ones: seconds in all
    request = pipeline.Request(limit=2, deadline=time.monotonic() + 1.0)
    found, done, ended = _answers(pipeline.solve_batch(instances, request))
    assert len(ended) == 1 and ended[0].stopped == "timeout"
    assert len(done) < 3000 and set(found) == set(done)
    assert all(done[index] == (1, True) for index in done)


def test_answer_lines_leave_in_pieces_in_input_order():
    """Lines held back come out as one piece before any other piece (a stderr line stays
    after the lines before it), at HELD_LINES lines, and at the end."""
    instances = _instances(3)
    batch = BatchAnswers(instances, SolveOutput(unique=True), pipeline.Request(limit=2))
    assert batch.batched([Said("out", "a\n"), Said("out", "b\n")]) == []
    assert batch.batched([Said("err", "note"), Said("out", "c\n")]) == [
        Said("out", "a\nb\n"), Said("err", "note")]
    batch.HELD_LINES = 2
    assert batch.batched([Said("out", "d\n")]) == [Said("out", "c\nd\n")]
    assert batch.batched([Said("out", "e\n")]) == []
    said, _status = batch.closing(None, 0.0)
    assert said[0] == Said("out", "e\n")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_batch_cut_by_its_timeout_prints_every_line(tmp_path, jobs):
    """--timeout on a batch too long for it (20,000 hard puzzles, read in about a second,
    answered in about twenty): exit 3, one line a puzzle (answered, or "unknown"), the
    run's end said on stderr, no traceback."""
    path = tmp_path / "long.txt"
    path.write_text("\n".join(_relabelled_lines(20_000)) + "\n")
    done = run_process("solve", path, "--unique", "--timeout", "6", "--jobs", jobs,
                       timeout=120)
    assert done.returncode == 3, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == 20_000
    assert all(line.startswith("unique ") or line == "unknown" for line in out)
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith("satpuzzle: timeout after")
