"""The mean step of the engine `best` (satpuzzle/kinds/crossword/mean.py): the sum of scores
at the best lowest score, maximised by listing every fill at that score (small grids), by
SAT under a bound on the shortfall, or by RC2, over soft literals per slot and score level
(the order encoding of each slot's score). The fills it gives against a brute force over every
fill of small grids with random scored lists of many levels: the first fill's (lowest, sum)
is the optimum, the first K come in the brute force's order, and the soft clauses weigh
exactly each fill's shortfall from its slots' best candidates."""

from __future__ import annotations

import functools
import random

import pytest
from pysat.formula import WCNF

from satpuzzle.checkers.crossword import violations
from satpuzzle.kinds.crossword import rules
from satpuzzle.kinds.crossword.mean import letter_table, shortfall_terms
from satpuzzle.kinds.crossword.model import CrosswordInstance, slots
from satpuzzle.kinds.crossword.problem import slot_problem
from satpuzzle.pipeline import Found, Request, solve

GRIDS = [
    ("111", "111", "111"),
    ("1111", "1101", "1111"),
    ("111", "101", "111"),
    ("1111", "1111"),
    ("11110", "11111", "01111"),
]

Key = tuple[int, int]  # (lowest entry score, sum of entry scores)


@functools.cache  # asked twice a test: whether it fills, then its order
def every_fill(instance: CrosswordInstance) -> list[tuple[Key, tuple[str, ...]]]:
    """Every fill with its key: each slot in turn takes each word of its length that agrees
    with the letters placed so far (a plain backtracking, no engine of the project)."""
    score = dict(zip(instance.words, instance.scores or ()))
    cells_of = slots(instance)
    choices = [[w for w in instance.words if len(w) == len(cells)] for cells in cells_of]
    found: list[tuple[Key, tuple[str, ...]]] = []

    def place(number: int, letters: dict[tuple[int, int], str], words: list[str]) -> None:
        if number == len(cells_of):
            fill = tuple("".join(letters.get((r, c), "0") for c in range(len(row)))
                         for r, row in enumerate(instance.grid))
            scores = [score[w] for w in words]
            found.append(((min(scores), sum(scores)), fill))
            return
        cells = cells_of[number]
        for word in choices[number]:
            if all(letters.get(cell, letter) == letter for cell, letter in zip(cells, word)):
                placed = {cell: letter for cell, letter in zip(cells, word)}
                place(number + 1, letters | placed, [*words, word])

    place(0, {}, [])
    return found


def key_of(instance: CrosswordInstance, fill: tuple[str, ...]) -> Key:
    score = dict(zip(instance.words, instance.scores or ()))
    scores = [score["".join(fill[r][c] for r, c in cells)] for cells in slots(instance)]
    return min(scores), sum(scores)


def random_instance(seed: int) -> CrosswordInstance:
    """A small grid and a random list over three or four letters, scored on many levels (so
    that each slot's score takes several soft clauses), with ties."""
    rng = random.Random(seed)
    grid = GRIDS[seed % len(GRIDS)]
    lengths = sorted({len(cells) for cells in slots(CrosswordInstance(grid, ()))})
    alphabet = "abcd"[:3 + seed % 2]
    words = sorted({"".join(rng.choice(alphabet) for _ in range(n))
                    for n in lengths for _ in range(22)})
    top = rng.choice((9, 40, 100))
    scores = [rng.randint(1, top) for _ in words]
    return CrosswordInstance(grid, tuple(words), scores=tuple(scores))


def best_fills(instance: CrosswordInstance, limit: int | None) -> list[tuple[str, ...]]:
    """The fills the pipeline yields (engine auto: best first for a scored list), each
    rule-checked there."""
    events = solve(instance, Request(limit=limit, in_process=True))
    found = [event for event in events if isinstance(event, Found)]
    assert all(event.checked for event in found)
    return [event.solution for event in found]


def with_fills(seed: int) -> CrosswordInstance:
    """The random instance of `seed`, which has two fills or more (every seed used has: a
    change to the generator that broke this would make ranking tests vacuous). Built in the
    test, not at collection: the brute force costs seconds, and collection runs in every
    worker even when these tests are deselected."""
    instance = random_instance(seed)
    assert len(every_fill(instance)) >= 2, f"seed {seed}: fewer than two fills"
    return instance


@pytest.fixture(params=["listing", "improving"])
def mean_step(request, monkeypatch):
    """Each way of the mean step on small grids: the trie's listing of every fill at the
    lowest score (what small grids get), and the SAT search under a bound (what it falls
    back to when the listing takes too long)."""
    from satpuzzle.kinds.crossword import best

    if request.param == "improving":
        monkeypatch.setattr(best, "ENUMERATION_SECONDS", 0)
    return request.param


@pytest.mark.parametrize("seed", range(40))
def test_the_first_fill_is_the_brute_force_optimum(seed, mean_step):
    instance = with_fills(seed)
    ranked = sorted((key for key, _ in every_fill(instance)), reverse=True)
    [fill] = best_fills(instance, 1)
    assert key_of(instance, fill) == ranked[0]
    assert violations(instance.grid, instance.words, False, fill) == []


@pytest.mark.parametrize("seed", range(40, 60))
def test_the_first_k_fills_come_in_the_brute_force_order(seed, mean_step):
    instance = with_fills(seed)
    expected = every_fill(instance)
    ranked = sorted((key for key, _ in expected), reverse=True)
    limit = min(8, len(ranked))
    found = best_fills(instance, limit)
    assert [key_of(instance, fill) for fill in found] == ranked[:limit]
    assert len(set(found)) == limit and set(found) <= {fill for _, fill in expected}


@pytest.mark.parametrize("seed", range(60, 72))
def test_the_soft_clauses_weigh_each_fills_shortfall(seed):
    """Each fill, fixed by its cell letters as hard units, costs exactly the sum over its
    slots of the slot's best candidate score less its word's score: no more (a fill made
    dearer than it is would lose its rank), no less (a cheaper one would win wrongly)."""
    from pysat.examples.rc2 import RC2

    instance = with_fills(seed)
    fills = every_fill(instance)
    problem = slot_problem(instance)
    formula = rules.encode_problem(instance, problem)
    letters = letter_table(formula)
    score = dict(zip(instance.words, instance.scores or ()))
    best_of_slot = [max(score[w] for w in problem.slot_words(n))
                    for n in range(len(problem.slots))]
    for (_, total), fill in fills[:6]:
        wcnf = WCNF()
        wcnf.extend(formula.all_clauses())
        clauses, softs = shortfall_terms(formula, problem, letters, score)
        wcnf.extend(clauses)
        for literal, weight in softs:
            wcnf.append([literal], weight=weight)
        for r, row in enumerate(fill):
            for c, letter in enumerate(row):
                if instance.grid[r][c] != "0":
                    wcnf.append([letters[(r, c, letter)]])
        with RC2(wcnf) as maxsat:
            assert maxsat.compute() is not None
            assert maxsat.cost == sum(best_of_slot) - total


@pytest.mark.parametrize("seed", range(72, 84))
def test_maxsat_on_large_counters_gives_the_same_order(seed, monkeypatch):
    """Where the shortfall's counter would be large, RC2 on the same soft literals ranks the
    fills instead: forced here on small grids, the same order as the brute force."""
    from satpuzzle.kinds.crossword import best

    monkeypatch.setattr(best, "LINEAR_UNITS_SQUARED", 0)
    monkeypatch.setattr(best, "ENUMERATION_SECONDS", 0)
    instance = with_fills(seed)
    ranked = sorted((key for key, _ in every_fill(instance)), reverse=True)
    limit = min(6, len(ranked))
    found = best_fills(instance, limit)
    assert [key_of(instance, fill) for fill in found] == ranked[:limit]
