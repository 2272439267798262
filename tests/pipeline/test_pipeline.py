"""The one solve pipeline (satpuzzle/pipeline.py): its events, rule checking on every path
(API included) prepared once per instance, engine fallback, batches, the race, in-process
and child runs agreeing."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import INSTANCES, sudoku_brute_force_count

import satpuzzle
from satpuzzle import enumeration, pipeline
from satpuzzle.kinds import registry
from satpuzzle.kinds.base import Engine, EngineDeclined
from satpuzzle.pipeline import Compiled, Done, Ended, Found, Request

TWO = INSTANCES / "sudoku" / "two-solutions.puz"


def _events(instance, **request):
    return list(pipeline.solve(instance, Request(**request)))


def test_events_of_a_sat_run_in_a_child_and_in_process_agree():
    (instance,) = satpuzzle.load(str(TWO))
    for in_process in (False, True):
        events = _events(instance, limit=None, in_process=in_process)
        assert isinstance(events[0], Compiled) and events[0].clauses > 0
        found = [e.solution for e in events if isinstance(e, Found)]
        assert len(found) == 2 == sudoku_brute_force_count(instance.givens, 3, 3)
        assert all(e.checked for e in events if isinstance(e, Found))
        assert [e for e in events if isinstance(e, Done)] == [Done(0, 2, True)]
        assert isinstance(events[-1], Ended) and events[-1].stopped is None
        assert all(satpuzzle.check(instance, s) == [] for s in found)


def test_limit_stops_early_and_says_incomplete():
    (instance,) = satpuzzle.load(str(TWO))
    events = _events(instance, limit=1)
    assert [e for e in events if isinstance(e, Done)] == [Done(0, 1, False)]


def _with_checker(monkeypatch, kind_name, check):
    kind = registry.kind(kind_name)
    monkeypatch.setattr(type(kind), "prepare_check", lambda self, instance: check)


def test_every_answer_is_checked_on_every_path(monkeypatch):
    """A checker that rejects everything makes the API, the child run and batches fail."""
    (instance,) = satpuzzle.load(str(TWO))
    _with_checker(monkeypatch, "sudoku", lambda solution: ["broken on purpose"])
    with pytest.raises(pipeline.CheckFailed, match="broken on purpose"):
        next(satpuzzle.solutions(instance))
    with pytest.raises(pipeline.CheckFailed, match="broken on purpose"):
        _events(instance, in_process=True)
    with pytest.raises(Exception, match="broken on purpose"):  # raised in the child
        _events(instance)
    # and --no-check is the only way round it
    assert len(list(satpuzzle.solutions(instance, check=False))) == 2


def test_the_checker_is_prepared_once_per_instance(monkeypatch):
    """Checking costs no more than the answer's size: prepare once, then one call a fill."""
    (instance,) = satpuzzle.load(str(INSTANCES / "crossword" / "seed-example.puz"))
    kind = registry.kind("crossword")
    prepared, calls = [], []
    real = type(kind).prepare_check

    def counting(self, inst):
        prepared.append(inst)
        check = real(self, inst)
        return lambda solution: calls.append(solution) or check(solution)

    monkeypatch.setattr(type(kind), "prepare_check", counting)
    fills = list(pipeline.solutions(instance, Request(limit=None, in_process=True)))
    assert len(fills) > 1 and len(prepared) == 1 and len(calls) == len(fills)


def test_a_declining_engine_falls_back_to_sat(monkeypatch):
    (instance,) = satpuzzle.load(str(TWO))
    kind = registry.kind("sudoku")

    def declines(_instance, _solver):
        raise EngineDeclined
        yield  # a generator, as engines are

    monkeypatch.setattr(type(kind), "engines", (Engine("picky", declines),))
    assert kind.engine_for(instance, "auto").name == "picky"
    for in_process in (True, False):
        events = _events(instance, limit=None, in_process=in_process)
        assert sum(isinstance(e, Found) for e in events) == 2
        assert isinstance(events[0], Compiled)  # SAT answered
        # the CNF answered, enumerated by clasp (every solution asked for), not the engine
        native = pipeline.CLINGO if enumeration.AVAILABLE else None
        assert [e for e in events if isinstance(e, Ended)][-1].engine == native


def test_an_engine_that_runs_reports_itself():
    (instance,) = satpuzzle.load(str(INSTANCES / "crossword" / "seed-example.puz"))
    events = _events(instance, limit=None)
    assert not any(isinstance(e, Compiled) for e in events)  # no CNF: the trie search
    assert events[-1].engine == "search"
    assert sum(isinstance(e, Found) for e in events) == events[-2].count


def test_race_names_its_winner():
    from satpuzzle.kinds.jigsaw import generation as jigsaw_generation

    instance = jigsaw_generation.generate(3, 3, labels=4, seed=1)
    events = _events(instance, engine="race", limit=1)
    ended = events[-1]
    assert ended.engine == "race" and ended.winner in ("search", "sat")
    (found,) = [e.solution for e in events if isinstance(e, Found)]
    assert satpuzzle.check(instance, found) == []


def test_batch_answers_every_puzzle_once():
    loaded = satpuzzle.load(str(INSTANCES / "sudoku" / "hard-batch.txt"))
    for workers in (1, 2):
        events = list(pipeline.solve_batch(loaded, Request(workers=workers)))
        done = sorted(e.index for e in events if isinstance(e, Done))
        assert done == list(range(len(loaded)))
        for event in events:
            if isinstance(event, Found):
                assert satpuzzle.check(loaded[event.index], event.solution) == []


def test_request_is_frozen_and_limits_follow_the_kind():
    request = Request()
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.limit = 3  # type: ignore[misc]
    assert request.limit_for(registry.kind("sudoku")) == 1
    assert request.limit_for(registry.kind("crossword")) is None  # every fill by default


def test_a_back_end_missing_from_the_pysat_build_is_refused_quietly(monkeypatch):
    """A back end PySAT lacks is refused in one line; its half-built solver's complaint at
    collection is not heard; the probe is made once per name."""
    from satpuzzle import solving
    from satpuzzle.errors import InputError

    heard, made = [], []

    class Missing:
        def __init__(self, name):
            made.append(name)
            self.name = name
            raise NotImplementedError("not built in")

        def __del__(self):
            raise RuntimeError("half-built solver collected")

    monkeypatch.setattr(solving, "Solver", Missing)
    solving._available.cache_clear()
    monkeypatch.setattr("sys.unraisablehook", heard.append)
    try:
        for _ in range(2):
            with pytest.raises(InputError, match="not available in this PySAT build"):
                solving.check_solver("glucose4")
    finally:
        solving._available.cache_clear()
    assert len(made) == 1 and heard == []
