"""The jigsaw depth-first engine (satpuzzle/kinds/jigsaw/search.py): the same boards as SAT
with blocking clauses on larger boards than the brute force reaches, solvable or not; which
instances `--engine auto` gives it; and `--engine` on the command line."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import INSTANCES, run_cli, swapped_labels

import satpuzzle
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw import search as jigsaw_search
from satpuzzle.kinds.jigsaw.search import search_order
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.reductions import reduction


def both_engines(instance, limit=5000):
    by_sat = list(satpuzzle.solutions(instance, limit=limit, engine="sat"))
    by_search = list(satpuzzle.solutions(instance, limit=limit, engine="search"))
    assert len(by_sat) < limit
    assert len(set(by_search)) == len(by_search)  # each board once
    assert set(by_search) == set(by_sat)
    for board in by_search:
        assert satpuzzle.check(instance, board) == []
    return by_search


@pytest.mark.parametrize("matching", ("opposite", "equal"))
@pytest.mark.parametrize("rows,cols", [(4, 4), (3, 5), (5, 3)])
def test_every_board_of_generated_puzzles_as_sat_finds(rows, cols, matching):
    for seed in range(3):
        instance = jigsaw_generation.generate(rows, cols, labels=3, seed=seed, matching=matching)
        assert both_engines(instance)


def test_unsolvable_and_solvable_perturbed_boards_agree():
    rng = random.Random(11)
    outcomes = []
    for seed in range(16):
        base = jigsaw_generation.generate(4, 4, labels=4, seed=seed, matching="equal")
        outcomes.append(bool(both_engines(swapped_labels(base, rng))))
    assert 2 <= sum(outcomes) <= 14  # both answers exercised


def test_wide_boards_are_searched_along_their_short_side():
    wide = [(r, c) for r in range(2) for c in range(5)]
    assert search_order(wide, 2, 5, contour=False)[:3] == [(0, 0), (1, 0), (0, 1)]
    tall = [(r, c) for r in range(5) for c in range(2)]
    assert search_order(tall, 5, 2, contour=False)[:3] == [(0, 0), (0, 1), (1, 0)]
    frame = jigsaw.frame_cells(3, 4)
    assert search_order(frame, 3, 4, contour=True) == frame


def test_auto_takes_the_search_only_where_it_measured_faster():
    distinct = jigsaw_generation.generate(4, 4, labels=5, seed=1, matching="equal")
    assert len(set(distinct.pieces)) == 16 and jigsaw_search.search_suits(distinct)
    alike = dataclasses.replace(distinct, pieces=(distinct.pieces[1],) + distinct.pieces[1:])
    assert not jigsaw_search.search_suits(alike)
    for variant in ("contour", "position", "contour-position"):
        assert not jigsaw_search.search_suits(jigsaw_generation.generate(4, 4, labels=5, seed=1,
                                                       variant=variant))
    assert jigsaw_search.search_suits(
        jigsaw_generation.generate(4, 4, labels=5, seed=1, variant="orientation"))
    partition = reduction("partition-orientation").reduce(PartitionInstance((3, 1, 2)))
    assert not jigsaw_search.search_suits(partition)
    one_in_three = reduction("one-in-three-position").reduce(
        OneInThreeInstance(3, ((1, 2, 3), (-1, 2, 3))))
    assert not jigsaw_search.search_suits(one_in_three)


def test_engines_on_the_command_line(tmp_path):
    puzzle = tmp_path / "board.puz"
    board = jigsaw_generation.generate(4, 5, labels=6, seed=1, matching="equal")
    assert jigsaw_search.search_suits(board)
    puzzle.write_text(jigsaw.to_puz(board))
    auto = run_cli("solve", puzzle, "--count", "--stats")
    sat = run_cli("solve", puzzle, "--count", "--stats", "--engine", "sat")
    assert auto.returncode == sat.returncode == 0
    assert "search engine" in auto.stderr and "clauses" in sat.stderr
    assert auto.stdout == sat.stdout and int(auto.stdout.split()[0]) >= 1
    forced = run_cli("solve", INSTANCES / "jigsaw" / "contour-3x4.puz", "--engine", "search")
    assert forced.returncode == 0 and "search engine" not in forced.stdout
    refused = run_cli("solve", INSTANCES / "sudoku" / "classic.puz", "--engine", "search")
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "no search engine" in refused.stderr


def race(instance):
    import time

    from satpuzzle import pipeline

    request = pipeline.Request(engine="race", limit=1, deadline=time.monotonic() + 60)
    events = list(pipeline.solve(instance, request))
    found = [e.solution for e in events if isinstance(e, pipeline.Found)]
    (done,) = [e for e in events if isinstance(e, pipeline.Done)]
    return events[-1], found, done.count


def test_the_race_gives_one_answer_from_either_engine():
    rng = random.Random(5)
    answers = []
    for seed in range(12):
        instance = jigsaw_generation.generate(4, 4, labels=4, seed=seed, matching="equal")
        if seed % 2:
            instance = swapped_labels(instance, rng)
        outcome, found, count = race(instance)
        assert outcome.stopped is None and outcome.winner in ("search", "sat")
        expected = next(satpuzzle.solutions(instance, limit=1, engine="sat"), None)
        assert len(found) == count == (expected is not None)
        if found:
            assert satpuzzle.check(instance, found[0]) == []
        answers.append(bool(found))
    assert any(answers) and not all(answers)


def test_engine_race_on_the_command_line(tmp_path):
    board = jigsaw_generation.generate(5, 5, labels=6, seed=2, matching="equal")
    assert jigsaw_search.search_suits(board)
    puzzle = tmp_path / "board.puz"
    puzzle.write_text(jigsaw.to_puz(board))
    raced = run_cli("solve", puzzle, "--engine", "race", "--stats", "--format", "json")
    assert raced.returncode == 0 and "raced" in raced.stderr
    answer = json.loads(raced.stdout)
    assert answer["count"] == len(answer["solutions"]) == 1
    solution = tuple(tuple(tuple(pair) for pair in row) for row in answer["solutions"][0])
    assert satpuzzle.check(board, solution) == []
    # the default stays deterministic: the search alone, no race
    default = run_cli("solve", puzzle, "--stats")
    assert default.returncode == 0 and "search engine" in default.stderr
    assert "raced" not in default.stderr
    every = run_cli("solve", puzzle, "--all", "--engine", "race", "--stats")
    assert every.returncode == 0 and "search engine" in every.stderr
    assert "raced" not in every.stderr
    refused = run_cli("solve", INSTANCES / "sudoku" / "classic.puz", "--engine", "race")
    assert refused.returncode == 2 and "no search engine" in refused.stderr
