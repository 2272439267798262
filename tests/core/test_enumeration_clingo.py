"""Enumeration by clasp (satpuzzle/enumeration.py, `--engine clingo` and what `auto` runs for
more than one solution): the same solutions as SAT with blocking clauses, each once, for every
kind; known counts; --limit, --unique, --count counted in C with its first models checked;
batches under assumptions; only live puzzle variables define a solution; a timeout kills it."""

from __future__ import annotations

import json
import time

import pytest
from conftest import INSTANCES, run_cli, sudoku_brute_force_count

import satpuzzle
from satpuzzle import enumeration, pipeline
from satpuzzle.cnf import Formula
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.loading import load_text
from satpuzzle.pipeline import Done, Found, Request
from satpuzzle.solving import Job, LimitReached, ModelStream

pytestmark = pytest.mark.skipif(not enumeration.AVAILABLE, reason="clingo is not installed")

LATIN_4 = 'sudoku "Latin 4x4" {\n  box: 1x4\n  grid {\n' + "    . . . .\n" * 4 + "  }\n}\n"
EAGER_HASHI = (INSTANCES / "hashi" / "dailyprogrammer-7x7.puz").read_text().replace(
    "grid {", "connectivity: eager\n  grid {")


def _instance(source: str, index: int = 0):
    if "\n" in source:  # the text of a .puz file
        return load_text(source, "<test>.puz").instances[index]
    return satpuzzle.load(str(INSTANCES / source))[index]


def _run(instance, **request):
    """Solutions, Done events and Ended of one puzzle, in this process."""
    events = list(pipeline.solve(instance, Request(in_process=True, **request)))
    found = [event.solution for event in events if isinstance(event, Found)]
    return found, [event for event in events if isinstance(event, Done)], events[-1]


def _keys(instance, solutions) -> list[str]:
    """Solutions as comparable text (the kind's JSON), whatever their Python type."""
    kind = registry.kind_of(instance)
    return [json.dumps(kind.render_json(instance, s), sort_keys=True) for s in solutions]


# (source, index, known count or None: only compared with SAT)
CASES = [
    (LATIN_4, 0, 576),
    ("sudoku/empty-4x4.puz", 0, 288),
    ("sudoku/two-solutions.puz", 0, 2),
    ("sudoku/unsolvable.puz", 0, 0),
    ("sudoku/jigsaw-6x6.puz", 0, None),
    ("hashi/dailyprogrammer-7x7.puz", 0, 2),  # lazy connectivity: clasp takes the eager one
    (EAGER_HASHI, 0, 2),
    ("jigsaw/fibonacci-4x6.puz", 0, 5),
    ("jigsaw/generated-4x4.puz", 0, None),
    ("jigsaw/contour-3x4.puz", 0, None),
    ("partition/wikipedia.puz", 0, 5),
    ("partition/wikipedia.puz", 1, 0),
    ("crossword/seed-example.puz", 0, 5),
    ("shikaku/small-5x5.txt", 0, 8),
    ("one-in-three-sat/example.puz", 0, 2),
]


@pytest.mark.parametrize(("source", "index", "known"), CASES,
                         ids=[f"{s.split(chr(10))[0][:30]}-{i}" for s, i, _ in CASES])
def test_every_solution_once_as_sat_finds_them(source, index, known):
    instance = _instance(source, index)
    found, done, ended = _run(instance, limit=None, engine="clingo")
    sat, sat_done, _ = _run(instance, limit=None, engine="sat")
    keys = _keys(instance, found)
    assert len(keys) == len(set(keys)), "a solution came twice"
    assert set(keys) == set(_keys(instance, sat))
    assert done == [Done(0, len(found), True)] == sat_done
    assert known is None or len(found) == known
    assert ended.stopped is None
    assert all(satpuzzle.check(instance, solution) == [] for solution in found)


def test_limit_and_unique_stop_early():
    instance = _instance("sudoku/empty-4x4.puz")
    found, done, _ = _run(instance, limit=3, engine="clingo")
    assert len(set(_keys(instance, found))) == 3 and done == [Done(0, 3, False)]
    # a limit the search exhausts exactly is complete
    two = _instance("sudoku/two-solutions.puz")
    assert _run(two, limit=5, engine="clingo")[1] == [Done(0, 2, True)]
    for name, verdict in (("two-solutions.puz", "multiple"), ("classic.puz", "unique"),
                          ("unsolvable.puz", "none")):
        result = run_cli("solve", INSTANCES / "sudoku" / name, "--unique", "--engine", "clingo")
        assert result.stdout.split("\n")[0] == verdict, result.stderr


def test_count_is_counted_in_c_with_its_first_models_checked(monkeypatch):
    instance = _instance(LATIN_4)
    found, done, _ = _run(instance, limit=None, engine="clingo", count_only=True)
    assert found == [] and done == [Done(0, 576, True)]
    assert _run(instance, limit=10, engine="clingo", count_only=True)[1] == [Done(0, 10, False)]
    kind = registry.kind("sudoku")
    monkeypatch.setattr(type(kind), "prepare_check", lambda self, i: lambda s: ["broken"])
    with pytest.raises(pipeline.CheckFailed, match="broken"):
        _run(instance, limit=None, engine="clingo", count_only=True)
    result = run_cli("solve", INSTANCES / "sudoku" / "empty-4x4.puz", "--count")
    assert result.returncode == 4 and "broken" in result.stderr  # the CLI's count too


def test_the_cli_counts_and_prints_through_clingo():
    empty = INSTANCES / "sudoku" / "empty-4x4.puz"
    assert run_cli("solve", empty, "--count").stdout == "288\n"
    assert run_cli("solve", empty, "--count", "--limit", "7").stdout == "7\n"
    printed = run_cli("solve", empty, "--all", "--engine", "clingo")
    grids = {block for block in printed.stdout.strip().split("\n\n")}
    assert len(grids) == 288 and "288 solution(s), complete" in printed.stderr
    as_json = json.loads(run_cli("solve", empty, "--count", "--format", "json").stdout)
    assert as_json["count"] == 288 and as_json["complete"]


def test_batches_answer_each_puzzle_under_its_assumptions(tmp_path):
    lines = ["1...............", "12..34..........", "1234............", "11.............."]
    instances = load_text("\n".join(lines) + "\n", "<batch>", "sudoku",
                          {"box": "2x2"}).instances
    for workers in (1, 2):
        counts = {}
        for engine, count_only in (("clingo", True), ("clingo", False), ("sat", False)):
            request = Request(limit=None, engine=engine, count_only=count_only,
                              workers=workers, in_process=workers == 1)
            events = list(pipeline.solve_batch(instances, request))
            counts[engine, count_only] = {e.index: e.count for e in events
                                          if isinstance(e, Done)}
            assert all(e.complete for e in events if isinstance(e, Done))
        assert counts["clingo", True] == counts["clingo", False] == counts["sat", False]
        assert counts["sat", False] == {index: sudoku_brute_force_count(instance.givens, 2, 2)
                                        for index, instance in enumerate(instances)}
    path = tmp_path / "batch.txt"
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("solve", path, "--box", "2x2", "--count")
    assert result.stdout.split() == [str(counts["sat", False][i]) for i in range(4)]


def test_auto_takes_clingo_for_several_solutions_only(monkeypatch):
    instance = _instance("sudoku/two-solutions.puz")
    formula = pipeline.compile(instance).formula
    natively = pipeline.enumerates_natively
    assert natively(formula, Request(limit=None), None)
    assert natively(formula, Request(limit=pipeline.NATIVE_FROM), pipeline.NATIVE_FROM)
    assert not natively(formula, Request(), 1)  # one solution: CaDiCaL
    assert not natively(formula, Request(limit=2), 2)  # --unique too
    assert not natively(formula, Request(engine="sat"), None)
    assert not natively(formula, Request(solver="minisat22"), None)
    hashi = pipeline.compile(_instance("hashi/dailyprogrammer-7x7.puz")).formula
    # lazy connectivity is reachability, which clasp has natively
    assert hashi.refine is not None and hashi.reachable is not None
    assert natively(hashi, Request(), None)
    hashi.reachable = None  # other lazy constraints: clasp would miss the cuts
    assert not natively(hashi, Request(), None)
    assert natively(hashi, Request(engine="clingo"), None)  # solve() compiles standalone
    with pytest.raises(ValueError, match="complete by itself"):
        enumeration.ClingoModels(hashi)
    made = []
    monkeypatch.setattr(enumeration.ClingoModels, "close", lambda self: made.append(self))
    assert len(_run(instance, limit=None)[0]) == 2 and len(made) == 1
    assert len(_run(instance, limit=1)[0]) == 1 and len(made) == 1  # CaDiCaL answered
    monkeypatch.setattr(enumeration, "AVAILABLE", False)
    assert len(_run(instance, limit=None)[0]) == 2 and len(made) == 1  # SAT, silently
    with pytest.raises(InputError, match="clingo package"):
        _run(instance, limit=None, engine="clingo")


def test_only_live_puzzle_variables_define_a_solution():
    """A puzzle variable in no clause neither doubles the solutions nor is reported true."""
    formula = Formula("test")
    a, b, idle = formula.var("a"), formula.var("b"), formula.var("idle")
    helper = formula.reserve(1)
    formula.add([a, b])
    formula.add([-helper, a])  # an auxiliary free in some models: no second copy either
    models = enumeration.ClingoModels(formula)
    found = list(models.models(Job()))
    assert sorted(map(sorted, found)) == [[a], [a, b], [b]]
    assert sorted(map(sorted, ModelStream(formula).models(Job()))) == sorted(map(sorted, found))
    assert idle not in set().union(*found)
    tallies = list(models.count(Job(), sample=1))
    assert [t for t in tallies if isinstance(t, enumeration.Tally)][-1] == \
        enumeration.Tally(3, True)
    assert models.read.fast  # the bindings' C array is read directly, not symbol by symbol


def test_limit_reached_and_the_aspif_text():
    formula = Formula("test")
    a, b = formula.var("a"), formula.var("b")
    formula.add([a, -b])
    assert enumeration.aspif_program(formula, formula.live_puzzle_vars()) == (
        b"asp 1 0 0\n1 1 2 1 2 0 0\n1 0 0 0 2 -1 2\n3 2 1 2\n4 1 1 1 1\n4 1 2 1 2\n0\n")
    models = enumeration.ClingoModels(formula)
    with pytest.raises(LimitReached):
        list(models.models(Job(limit=1)))
    assert len(list(models.models(Job(limit=4)))) == 3  # exhausted before the limit
    assert len(list(models.models(Job(assumptions=[-a])))) == 1
    empty = Formula("test")
    empty.add([])
    assert list(enumeration.ClingoModels(empty).models(Job())) == []


def test_a_timeout_stops_a_count_and_says_how_far_it_got(tmp_path):
    path = tmp_path / "empty9.puz"
    path.write_text((INSTANCES / "sudoku" / "empty-9x9.puz").read_text())
    started = time.monotonic()
    result = run_cli("solve", path, "--count", "--engine", "clingo", "--timeout", "0.6")
    assert time.monotonic() - started < 3.0
    assert result.returncode == 3 and "timeout" in result.stderr, result.stderr
    assert int(result.stdout) > 0  # the count the search had reached
    assert "enumeration incomplete" in result.stderr


@pytest.mark.parametrize("path", ["sudoku/classic.puz", "jigsaw", "hashi", "shikaku"])
def test_plain_and_vectorised_aspif_text_agree(path, monkeypatch):
    """A small formula's constraints are written in plain Python, a large one's by numpy:
    the same bytes, empty clauses included."""
    target = INSTANCES / path
    file = target if target.is_file() else min(target.glob("*.puz"))
    instance = satpuzzle.load(str(file))[0]
    formula = registry.kind_of(instance).encode(instance)
    formula.add([])
    plain = enumeration._constraints_text(formula)
    monkeypatch.setattr(enumeration, "PLAIN_TEXT_UP_TO", 0)
    assert plain == enumeration._constraints_text(formula) and plain.count(b"\n") > 10
    assert (b"\n" + plain).count(b"\n1 0 0 0 0\n") == 1  # the empty clause
