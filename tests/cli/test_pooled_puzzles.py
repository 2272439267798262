"""A file or directory of many puzzles is answered in one worker process, each puzzle in it
(runs.pooled), not in a child forked for each: the same output, byte for byte, as answering
them one after another, with the answers a worker recorded read as if answered here; and not
where a puzzle's answer must stream or be cut short partway."""

from __future__ import annotations

import pytest
from conftest import INSTANCES, run_cli

from satpuzzle import pipeline, runs
from satpuzzle.loading import load
from satpuzzle.pipeline import Request

MIXED = """\
sudoku "unique" {
  size: 4
  grid {
    . 1 . 2
    . . 4 1
    1 . . 3
    2 3 . .
  }
}
sudoku "none" {
  size: 4
  grid {
    1 1 . .
    . . . .
    . . . .
    . . . .
  }
}
sudoku "several" {
  size: 4
  grid {
    . . . .
    . . . .
    . . . .
    . . . .
  }
}
"""


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "mixed.puz"
    path.write_text(MIXED)
    return path


@pytest.mark.parametrize("extra", [(), ("--limit", "2"), ("--format", "json")])
def test_the_pooled_answers_are_those_given_in_turn(mixed, monkeypatch, extra):
    asked = []
    real = pipeline.solve_each

    def spying(instances, request, workers, cubes=None, in_process=False):
        asked.append(in_process)
        return real(instances, request, workers, cubes, in_process)

    monkeypatch.setattr(pipeline, "solve_each", spying)
    pooled = run_cli("solve", mixed, *extra)
    assert asked == [True]
    monkeypatch.setattr(runs, "pooled", lambda *_args: False)
    in_turn = run_cli("solve", mixed, *extra)
    assert asked == [True]  # answered one by one, not through the workers
    assert (pooled.returncode, pooled.stdout, pooled.stderr) == (
        in_turn.returncode, in_turn.stdout, in_turn.stderr)
    assert "3 puzzles: 2 solved, 1 no solution" in pooled.stderr


def test_what_must_stream_or_stop_partway_is_not_pooled():
    instances = load(str(INSTANCES / "sudoku" / "hard-batch.txt")).instances
    plain = runs.SolveRun(Request())
    assert runs.pooled(plain, instances, counting=False)
    assert runs.pooled(runs.SolveRun(Request(workers=2)), instances, counting=False)
    assert not runs.pooled(plain, instances[:1], counting=False)
    assert not runs.pooled(plain, instances, counting=True)
    for request in (Request(limit=None), Request(deadline=1e12), Request(forced=True),
                    Request(engine="race")):
        assert not runs.pooled(runs.SolveRun(request), instances, counting=False)
    assert not runs.pooled(runs.SolveRun(Request(), split=4), instances, counting=False)
    assert not runs.pooled(runs.SolveRun(Request(), cluster="local:2"), instances,
                           counting=False)
