"""Shikaku's per-solution fast paths (--all of many solutions): the prepared rule check
(checkers/shikaku.py `prepare`), decoding through per-instance tables and text rendering
from each rectangle's precomputed letter positions. Each must give exactly what the general
path gives: the same verdict and messages, the same solution, the same text."""

from __future__ import annotations

import itertools
import pickle
import random
import time

import pytest
from conftest import run_cli

import satpuzzle
from satpuzzle import pipeline
from satpuzzle.checkers.shikaku import check, prepare, violations
from satpuzzle.enumeration import ClingoModels
from satpuzzle.kinds.shikaku import decoding as shikaku_decoding
from satpuzzle.kinds.shikaku import generator as shikaku_generator
from satpuzzle.kinds.shikaku import rendering as shikaku_rendering
from satpuzzle.kinds.shikaku.puzzle import Placement, ShikakuInstance
from satpuzzle.solving import Job


def dominoes(rows: int, cols: int) -> ShikakuInstance:
    """A 2 on every cell of one checkerboard colour: the solutions are the domino tilings."""
    return ShikakuInstance(rows, cols, tuple((r, c, 2) for r in range(rows)
                                             for c in range(cols) if (r + c) % 2 == 0))


def model_names(instance, limit: int) -> list[list[tuple]]:
    """The true puzzle variables' names of up to `limit` models, as the pipeline hands them
    to `decode` (the formula's own name tuples)."""
    formula = pipeline.compile(instance).formula
    models = ClingoModels(formula)
    try:
        return [[formula.names[v] for v in model]
                for model in itertools.islice(models.models(Job(limit=limit)), limit)]
    finally:
        models.close()


def numpy_text(instance, solution) -> str:
    """render_text's letters as the numpy owner grid gives them (the general path)."""
    owner = shikaku_rendering._owners(instance, solution)
    return "\n".join(" ".join(shikaku_rendering.LETTERS[k] for k in row) for row in owner.tolist())


def instances() -> list[ShikakuInstance]:
    """Small puzzles of many solutions, with `?` clues among them."""
    found = [dominoes(4, 4), dominoes(3, 6),
             ShikakuInstance(3, 4, ((0, 0, None), (1, 2, 4), (2, 3, None))),
             ShikakuInstance(4, 4, ((0, 0, 4), (1, 3, None), (3, 0, None), (3, 3, 4)))]
    found += [shikaku_generator.generate(rows, cols, depth=2, merge_iters=1, merge_prob=0.3,
                                         seed=seed)
              for seed, (rows, cols) in enumerate([(3, 5), (5, 5), (4, 6), (6, 3), (2, 7)])]
    return found


# ---------------------------------------------------------------- the prepared check


TILING = (Placement((0, 0), 0, 0, 1, 2), Placement((1, 1), 1, 0, 1, 2))  # dominoes(2, 2)


@pytest.mark.parametrize("broken, words", [
    ((TILING[0], Placement((1, 1), 0, 1, 2, 1)), "covered 2 times"),  # overlap
    ((TILING[0],), "(1, 1) has no rectangle"),  # a clue and its cells left out
    ((TILING[0], Placement(None, 1, 0, 1, 1), Placement((1, 1), 1, 1, 1, 1)),
     "holds 0 clues"),
    ((Placement((0, 0), 0, 0, 1, 1), Placement((1, 1), 0, 1, 2, 1)), "has area 1"),
    ((Placement((1, 1), 0, 0, 1, 2), TILING[1]), "given for clue (1, 1)"),
    ((TILING[0], TILING[0], TILING[1]), "covered 2 times"),  # the same rectangle twice
    ((TILING[0], Placement((1, 1), 1, 0, 1, 3)), "not inside"),
    ((TILING[0], Placement((1, 1), True, 0, 1, 2)), "must be integers"),
    ((TILING[0], Placement((1, 1), 1.0, 0, 1, 2)), "must be integers"),
    ((Placement((0, 0), 0, 0, 2, 2),), "holds 2 clues"),
])
def test_prepared_check_rejects_each_broken_rule_as_the_full_check_does(broken, words):
    instance = dominoes(2, 2)
    prepared = prepare(instance)
    assert prepared(TILING) == [] == check(instance, TILING)  # its rectangles now known
    problems = prepared(broken)
    assert problems == check(instance, broken)
    assert any(words in problem for problem in problems), problems
    assert prepared(TILING) == []  # a rejection leaves nothing behind


def test_full_check_messages_name_each_rule():
    assert violations(1, 2, [(0, 0, 2)], [((0, 0), 0, 0, 1, 2)]) == []
    assert violations(1, 3, [(0, 0, 2), (0, 2, 1)], [((0, 0), 0, 0, 1, 1)]) == [
        "rectangle at row 0, column 0 (1×1) has area 1, but its clue says 2",
        "clue 1 at (0, 2) has no rectangle",
        "cell (0, 1) is covered 0 times, expected once",
        "cell (0, 2) is covered 0 times, expected once"]
    assert violations(1, 2, [(0, 0, 1), (0, 1, 1)], [((0, 1), 0, 0, 1, 2)]) == [
        "rectangle at row 0, column 0 (1×2) holds 2 clues, expected exactly one",
        "clue 1 at (0, 0) has no rectangle", "clue 1 at (0, 1) has no rectangle"]
    assert violations(1, 2, [(0, 0, None)], [((0, 1), 0, 0, 1, 2)]) == [
        ("rectangle at row 0, column 0 (1×2) is given for clue (0, 1), but holds the clue at "
         "(0, 0)")]


def test_prepared_check_takes_what_the_full_check_takes():
    instance = dominoes(2, 2)
    prepared = prepare(instance)
    as_lists = [list(p) for p in TILING]  # unhashable rectangles
    assert prepared(as_lists) == [] == check(instance, as_lists)
    assert prepared(iter(TILING)) == []  # an iterator, read once
    broken = iter([TILING[0]])
    assert prepared(broken) == check(instance, [TILING[0]]) != []
    with pytest.raises(ValueError):  # not (clue, top, left, height, width): as before
        prepared([(0, 0, 1, 2)])


def test_prepared_check_agrees_with_the_full_check_on_broken_solutions():
    rng = random.Random(7)
    compared = rejected = 0
    for instance in instances():
        prepared = prepare(instance)  # shared by all: what it learns must not leak
        for solution in satpuzzle.solutions(instance, limit=15):
            for _ in range(25):
                broken = [tuple(p) for p in solution]
                k = rng.randrange(len(broken))
                change = rng.randrange(6)
                if change == 0 and len(broken) > 1:
                    del broken[k]
                elif change == 1:
                    broken.insert(rng.randrange(len(broken) + 1), broken[k])
                elif change == 2:
                    field = rng.randrange(1, 5)
                    broken[k] = tuple(v + rng.choice((-1, 1)) if i == field else v
                                      for i, v in enumerate(broken[k]))
                elif change == 3:
                    field = rng.randrange(1, 5)
                    value = rng.choice((True, 1.0, None, "1"))
                    broken[k] = tuple(value if i == field else v
                                      for i, v in enumerate(broken[k]))
                elif change == 4:
                    broken[k] = (rng.choice((None, (0, 0), (9, 9))), *broken[k][1:])
                else:
                    rng.shuffle(broken)
                expected = check(instance, broken)
                assert prepared(broken) == expected, (instance, broken)
                assert prepared(tuple(broken)) == expected
                assert prepared(solution) == []
                compared += 1
                rejected += bool(expected)
    assert compared > 1000 and rejected > compared // 2


def test_the_pipeline_checks_with_the_prepared_check():
    instance = dominoes(2, 2)
    check_one = shikaku_kind().prepare_check(instance)
    assert check_one(TILING) == []
    assert check_one(TILING[:1]) == check(instance, TILING[:1]) != []


def shikaku_kind():
    from satpuzzle.kinds import registry

    return registry.kind_of(dominoes(2, 2))


def test_prepared_check_is_faster_than_the_full_check():
    instance = dominoes(6, 8)
    solutions = list(satpuzzle.solutions(instance, limit=1000))
    prepared = prepare(instance)

    def seconds(function) -> float:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            for solution in solutions:
                function(solution)
            best = min(best, time.perf_counter() - started)
        return best

    fast = seconds(prepared)
    full = seconds(lambda solution: check(instance, solution))
    assert fast * 3 < full, (fast, full)  # about 15 times on a quiet machine


# ---------------------------------------------------------------- decoding


def test_decode_gives_what_the_general_decoding_gives():
    rng = random.Random(3)
    for instance in instances():
        for names in model_names(instance, 40):
            expected = shikaku_decoding._decode(names)
            shuffled = rng.sample(names, len(names))
            for given in (names, shuffled, [tuple(name) for name in names], iter(names),
                          [*names, ("other", 1)], [list(name) for name in names]):
                decoded = shikaku_decoding.decode(instance, given)
                assert decoded == expected
                assert all(type(p) is Placement for p in decoded)
            assert check(instance, expected) == []


def test_decode_names_outside_the_grid_take_the_general_path():
    instance = dominoes(2, 2)
    names = [("rect", 0, 0, 0, 0, 1, 2), ("rect", 1, 1, 5, 0, 1, 2)]
    assert shikaku_decoding.decode(instance, names) == shikaku_decoding._decode(names)
    assert check(instance, shikaku_decoding.decode(instance, names)) != []


def test_decoded_solutions_share_their_rectangles_so_a_burst_pickles_small():
    instance = dominoes(4, 6)
    names = model_names(instance, 200)
    solutions = [shikaku_decoding.decode(instance, given) for given in names]
    first, second = solutions[0], solutions[1]
    shared = set(first) & set(second)
    assert shared and all(any(p is q for q in second) for p in first if p in shared)
    general = [shikaku_decoding._decode(given) for given in names]
    assert solutions == general
    assert len(pickle.dumps(solutions)) * 4 < len(pickle.dumps(general))
    assert pickle.loads(pickle.dumps(solutions)) == general


# ---------------------------------------------------------------- text


def test_render_text_gives_what_the_owner_grid_gives():
    rng = random.Random(11)
    for instance in instances():
        for solution in satpuzzle.solutions(instance, limit=20):
            assert shikaku_rendering.render_text(instance, solution) == numpy_text(instance,
                                                                                   solution)
            for _ in range(10):  # rectangles missing, repeated, overlapping, out of order
                broken = list(solution)
                k = rng.randrange(len(broken))
                change = rng.randrange(4)
                if change == 0 and len(broken) > 1:
                    del broken[k]
                elif change == 1:
                    broken.insert(rng.randrange(len(broken) + 1), broken[k])
                elif change == 2:
                    broken[k] = broken[k]._replace(height=broken[k].height + 1)
                else:
                    rng.shuffle(broken)
                assert shikaku_rendering.render_text(instance, broken) == numpy_text(instance,
                                                                                     broken)


def test_render_text_outside_the_grid_and_list_clues_as_before():
    instance = dominoes(2, 2)
    for solution in [(TILING[0], Placement((1, 1), 1, 1, 1, 2)),
                     (Placement([0, 0], 0, 0, 1, 2), TILING[1]),
                     (TILING[0], Placement((1, 1), 1, -1, 1, 2))]:
        assert shikaku_rendering.render_text(instance, solution) == numpy_text(instance, solution)
    assert shikaku_rendering.render_text(instance, TILING) == "a a\nb b"


def test_all_prints_every_domino_tiling_once_and_each_checks(tmp_path):
    puz = tmp_path / "dominoes.puz"
    puz.write_text(satpuzzle.export(dominoes(4, 4), "puz"))
    printed = run_cli("solve", puz, "--all")
    assert printed.returncode == 0
    blocks = printed.stdout.strip().split("\n\n")
    assert len(blocks) == len(set(blocks)) == 36  # the domino tilings of a 4×4
    out = tmp_path / "all.txt"
    out.write_text(printed.stdout)
    verdicts = run_cli("check", puz, out).stdout.strip().splitlines()
    assert verdicts == [f"solution {k}: valid" for k in range(1, 37)]


def test_a_grid_too_large_for_bitmasks_gets_the_full_check():
    instance = ShikakuInstance(2, 2500, ((0, 0, 2500), (1, 0, 2500)))
    prepared = prepare(instance)
    whole = (Placement((0, 0), 0, 0, 1, 2500), Placement((1, 0), 1, 0, 1, 2500))
    assert prepared(whole) == [] == check(instance, whole)
    broken = (whole[0], Placement((1, 0), 1, 0, 1, 2499))
    assert prepared(broken) == check(instance, broken) != []
