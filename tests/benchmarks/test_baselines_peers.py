"""The peers and baselines of benchmarks/baselines: CP-SAT models of every kind (solutions
pass the independent checker, counts equal satpuzzle's), clingo counts, and the simulated
annealing of the Sudoku simulated-annealing note (its schedule and a solved 9×9)."""

from __future__ import annotations

import importlib.util
import math
import random

import pytest
from conftest import ROOT

import satpuzzle
from benchmarks.baselines import sudoku_annealing
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.kinds.shikaku import generator as shikaku_generator

INSTANCES = ROOT / "instances"
HAVE_ORTOOLS = importlib.util.find_spec("ortools") is not None
HAVE_CLINGO = importlib.util.find_spec("clingo") is not None
needs_ortools = pytest.mark.skipif(not HAVE_ORTOOLS, reason="ortools is not installed")
needs_clingo = pytest.mark.skipif(not HAVE_CLINGO, reason="clingo is not installed")

FILES = [
    "sudoku/classic.puz", "sudoku/two-solutions.puz", "sudoku/empty-4x4.puz",
    "sudoku/six-by-six.puz", "sudoku/jigsaw-6x6.puz", "sudoku/unsolvable.puz",
    "crossword/seed-example.puz", "shikaku/small-5x5.txt", "shikaku/codingame-20x15.txt",
    "hashi/dailyprogrammer-7x7.puz", "hashi/hashi-info-9x9.puz",
    "jigsaw/contour-3x4.puz", "jigsaw/fibonacci-4x6.puz", "jigsaw/language-example-2x2.puz",
    "one-in-three-sat/example.puz", "one-in-three-sat/chain.cnf",
    "one-in-three-sat/kattis-threesat-sample1.puz", "partition/wikipedia.puz",
    "kakuro/three.puz", "kakuro/janko-091.puz",
    "nurikabe/janko-0020-6x6.puz", "nurikabe/janko-0001-10x10.puz",
]
WORDS = " ".join(x + y for x in "abc" for y in "abc")
CROSSWORDS = [
    "crossword {\n words: ab ba\n grid {\n  1[ab]0\n  00[xyz]\n }\n}\n",  # a free cell
    "crossword {\n words: " + WORDS + "\n distinct: yes\n grid {\n  11\n  11\n }\n}\n",
]

NURIKABES = [
    NurikabeInstance(3, 3, ((1, 1, 3),)),  # a 3 in the middle: several islands fit
    NurikabeInstance(4, 4, ((1, 1, 4), (3, 3, 2))),
    NurikabeInstance(2, 3, ((0, 0, 1), (0, 1, 1))),  # two 1s side by side: no solution
]


def _generated() -> list:
    """Small generated puzzles of every kind with several solutions where possible."""
    made = [jigsaw_generation.generate(3, 3, labels=2, variant=variant, seed=1, matching=matching,
                            border=border)
            for variant in jigsaw.VARIANTS for matching in jigsaw.MATCHINGS
            for border in jigsaw.BORDERS
            # border free and rotations allowed give 10⁴+ boards: too many for a unit test
            if border == "zero" or variant.endswith(("orientation", "position"))]
    for seed in range(3):
        made.append(hashi_generation.generate(5, 5, islands=9, seed=seed))
        made.append(shikaku_generator.generate(6, 6, depth=3, merge_iters=1, merge_prob=0.3,
                                               seed=seed))
    rng = random.Random(5)
    for _ in range(4):
        clauses = tuple(tuple(rng.choice((-1, 1)) * rng.randint(1, 8)
                              for _ in range(rng.randint(1, 3))) for _ in range(6))
        made.append(OneInThreeInstance(8, clauses))
        made.append(PartitionInstance(tuple(rng.randint(1, 9) for _ in range(10))))
    for text in CROSSWORDS:
        made += satpuzzle.load(text)
    made += NURIKABES
    return made


def _cases() -> list:
    cases = []
    for name in FILES:
        for number, instance in enumerate(satpuzzle.load(str(INSTANCES / name))):
            cases.append(pytest.param(instance, id=f"{name}#{number}"))
    for number, instance in enumerate(_generated()):
        label = getattr(instance, "variant", "") + getattr(instance, "matching", "")
        cases.append(pytest.param(instance, id=f"generated-{instance.KIND}-{number}{label}"))
    return cases


CASES = _cases()
_REFERENCE: dict[int, int] = {}


def reference_count(instance) -> int:
    """satpuzzle's own count (cached per instance object: each is used by two tests)."""
    if id(instance) not in _REFERENCE:
        _REFERENCE[id(instance)] = len(list(satpuzzle.solutions(instance)))
    return _REFERENCE[id(instance)]


def test_the_cases_cover_every_kind_and_both_outcomes():
    kinds = {case.values[0].KIND for case in CASES}
    assert kinds == set(satpuzzle.kinds.registry.KINDS)
    assert len({case.values[0].variant for case in CASES
                if case.values[0].KIND == "jigsaw"}) == len(jigsaw.VARIANTS)


@needs_ortools
@pytest.mark.parametrize("instance", CASES)
def test_cpsat_solves_and_counts_like_satpuzzle(instance):
    from benchmarks.baselines import cpsat

    expected = reference_count(instance)
    status, solution = cpsat.solve(instance, time_limit=30)
    if expected:
        assert status == "solved" and satpuzzle.check(instance, solution) == []
    else:
        assert (status, solution) == ("unsat", None)
    assert cpsat.count(instance, time_limit=30) == ("complete", expected)


@needs_clingo
@pytest.mark.parametrize("instance", CASES)
def test_clingo_counts_like_satpuzzle(instance):
    from benchmarks.baselines import clingo_count

    assert instance.KIND in clingo_count.SUPPORTED
    assert clingo_count.count(instance, time_limit=30) == ("complete", reference_count(instance))


@needs_ortools
def test_cpsat_hashi_count_is_of_bridge_sets_not_flows():
    """A puzzle with a cycle of islands admits many flows per bridge set: the counting model
    must still give one model per bridge set (2×2 square of 2s: bridges all single, one
    solution; the solving model's flows around the square are not counted)."""
    from benchmarks.baselines import cpsat

    square = hashi.HashiInstance(((2, 0, 2), (0, 0, 0), (2, 0, 2)))
    assert cpsat.count(square) == ("complete", 1) == ("complete", reference_count(square))


def _shadings(instance) -> int:
    """Solutions by brute force: every shading of the grid, judged by the checker."""
    cells = instance.rows * instance.cols
    found = 0
    for bits in range(2**cells):
        marks = "".join("#" if bits >> k & 1 else "." for k in range(cells))
        grid = tuple(marks[r * instance.cols:(r + 1) * instance.cols]
                     for r in range(instance.rows))
        found += satpuzzle.check(instance, grid) == []
    return found


@needs_ortools
@needs_clingo
@pytest.mark.parametrize("instance", NURIKABES, ids=lambda i: f"{i.rows}x{i.cols}-{i.clues}")
def test_nurikabe_peers_count_shadings_not_labels_or_distances(instance):
    """One model per shading: the CP-SAT island labels and BFS distances, and clingo's
    reached atoms, are fixed by the shading (counted against brute force)."""
    from benchmarks.baselines import clingo_count, cpsat

    expected = _shadings(instance)
    assert cpsat.count(instance) == ("complete", expected)
    assert clingo_count.count(instance) == ("complete", expected)


@needs_ortools
def test_cpsat_count_times_out_with_a_partial_count():
    from benchmarks.baselines import cpsat

    empty = satpuzzle.load(str(INSTANCES / "sudoku/empty-9x9.puz"))[0]
    status, found = cpsat.count(empty, time_limit=0.5)
    assert status == "timeout" and found > 0


@needs_clingo
def test_clingo_times_out_with_a_partial_count():
    from benchmarks.baselines import clingo_count

    empty = satpuzzle.load(str(INSTANCES / "sudoku/empty-9x9.puz"))[0]
    status, found = clingo_count.count(empty, time_limit=0.5)
    assert status == "timeout" and found > 0


def test_annealing_schedule_is_the_seeds():
    assert sudoku_annealing.initial_temperature() == 810
    assert sudoku_annealing.cooling_constant() == 811
    assert sudoku_annealing.DELTA == 0.1
    assert sudoku_annealing.STOP_TEMPERATURE == 0.00273852
    assert sudoku_annealing.moves_per_step() == 81
    steps = sudoku_annealing.temperatures()
    first = [next(steps) for _ in range(5)]
    expected = [810.0]
    for _ in range(4):
        t = expected[-1]
        expected.append(t / (1 + math.log(1 + 0.1) / 811 * t))
    assert first == pytest.approx(expected, rel=1e-12)
    assert first[1] == pytest.approx(810 / (1 + math.log(1.1) * 810 / 811))
    # 1/T grows by log(1.1)/811 per step, so a run has this many steps before T < stop
    steps_per_run = math.ceil((1 / 0.00273852 - 1 / 810) / (math.log(1.1) / 811))
    assert 3.0e6 < steps_per_run < 3.2e6


def test_annealing_last_temperatures_stop_at_the_threshold():
    """The generator ends at the first temperature below 0.00273852 (a 1×1 grid's schedule:
    T0 = 2, constant 3, so the whole run is short enough to walk)."""
    run = list(sudoku_annealing.temperatures(size=1))
    assert run[0] == 2.0 and min(run) >= sudoku_annealing.STOP_TEMPERATURE
    assert sudoku_annealing.next_temperature(run[-1], size=1) \
        < sudoku_annealing.STOP_TEMPERATURE


def test_annealing_solves_the_classic_9x9():
    instance = satpuzzle.load(str(INSTANCES / "sudoku/classic.puz"))[0]
    solution, stats = sudoku_annealing.solve(instance, seed=0, time_limit=60)
    assert solution is not None, stats
    assert satpuzzle.check(instance, solution) == []
    assert 81 * (stats["steps"] - 1) < stats["moves"] <= 81 * stats["steps"]
    assert stats["restarts"] == 0 and stats["runs"] == 1 and stats["final_cost"] == 0
    assert stats["seconds"] > 0


def test_annealing_gives_up_on_an_unsolvable_grid_within_its_limits():
    instance = satpuzzle.load(str(INSTANCES / "sudoku/unsolvable.puz"))[0]
    solution, stats = sudoku_annealing.solve(instance, seed=1, time_limit=0.5)
    assert solution is None and stats["final_cost"] > 0
    assert stats["seconds"] < 5
