"""Shikaku's rule families (kinds/shikaku/rules.py) under every at-most-one encoding a user
may choose: the same solutions as the default, on the bundled puzzles, on formulas over every
candidate (no presolve, so that the encodings have groups to write) and on small random
puzzles against the brute force; every clause in a family."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import INSTANCES
from test_shikaku import brute_force_count, count_models

import satpuzzle
from satpuzzle.constraints import encodings as registry
from satpuzzle.kinds.registry import KINDS
from satpuzzle.kinds.shikaku import FAMILIES, presolve, rules
from satpuzzle.kinds.shikaku import generator as shikaku_generator
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.solving import Job, ModelStream

KIND = KINDS["shikaku"]
BUNDLED = sorted(p for p in (INSTANCES / "shikaku").iterdir())
AMO = registry.choices("amo")  # pairwise, seqcounter, ladder, bitwise, commander, ...
# each family's encodings against the other family's default
CHOICES = [((family, name),) for family in FAMILIES for name in AMO]


def load(path) -> shikaku.ShikakuInstance:
    return satpuzzle.load(str(path), "shikaku")[0]


def solution_set(instance) -> set:
    return set(satpuzzle.solutions(instance))


def dominoes(rows: int, cols: int) -> shikaku.ShikakuInstance:
    return shikaku.ShikakuInstance(rows, cols, tuple(
        (r, c, 2) for r in range(rows) for c in range(cols) if (r + c) % 2 == 0))


def unreduced(instance):
    """Every candidate of every clue, nothing removed or decided."""
    rows, cols, clues = instance.rows, instance.cols, instance.clues
    found = presolve.candidates(rows, cols, clues)
    return presolve.reduce(rows, cols, found, len(clues), propagate=False)


def models(formula) -> set[frozenset[int]]:
    stream = ModelStream(formula)
    try:
        return set(stream.models(Job()))
    finally:
        stream.close()


def test_the_families_are_declared():
    assert KIND.encoding_families == {"clue": "amo", "cover": "amo"}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
@pytest.mark.parametrize("chosen", CHOICES, ids=lambda c: "=".join(c[0]))
def test_bundled_puzzles_have_the_same_solutions_in_every_encoding(path, chosen):
    instance = load(path)
    other = KIND.with_encodings(instance, chosen)
    assert solution_set(other) == solution_set(instance)


@pytest.mark.parametrize("name", AMO)
def test_every_candidate_gives_the_same_models_in_every_encoding(name):
    """Without the presolve, each clue and each cell has a real group to write."""
    for instance in (load(INSTANCES / "shikaku" / "small-5x5.txt"), dominoes(4, 4),
                     shikaku.ShikakuInstance(4, 4, ((0, 0, None), (1, 3, None), (3, 0, 4)))):
        red = unreduced(instance)
        rows, cols, clues = instance.rows, instance.cols, instance.clues
        expected = models(rules.encode(rows, cols, clues, red))
        assert len(expected) == brute_force_count(rows, cols, clues) or any(
            area is None for *_, area in clues)
        for family in FAMILIES:
            formula = rules.encode(rows, cols, clues, red, ((family, name),))
            assert models(formula) == expected, (family, name)
            assert name in formula.families[family].encoding or name == "pairwise"


def test_large_groups_take_a_sequential_counter_by_default():
    """`?` clues with more than PAIRWISE_LIMIT placements: a sequential counter, fewer
    clauses than pairwise, the same models (and the same as every clause pairwise)."""
    instance = shikaku.ShikakuInstance(6, 7, ((0, 0, None), (5, 6, None)))
    red = unreduced(instance)
    assert red.alive_per_clue().max() > registry.PAIRWISE_LIMIT
    rows, cols, clues = instance.rows, instance.cols, instance.clues
    default = rules.encode(rows, cols, clues, red)
    pairwise = rules.encode(rows, cols, clues, red, (("clue", "pairwise"),
                                                     ("cover", "pairwise")))
    assert "seqcounter" in default.families["clue"].encoding
    assert default.num_clauses < pairwise.num_clauses
    assert models(default) == models(pairwise)


@pytest.mark.parametrize("seed", range(10))
def test_random_puzzles_match_the_brute_force_in_every_encoding(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 5), rng.randint(2, 6)
    instance = shikaku_generator.generate(rows, cols, depth=rng.randint(1, 3), merge_iters=1,
                                merge_prob=0.4, seed=seed)
    expected = brute_force_count(rows, cols, instance.clues)
    red = unreduced(instance)
    for chosen in CHOICES:
        formula = rules.encode(rows, cols, instance.clues, red, chosen)
        assert count_models(formula) == expected, chosen
        assert len(solution_set(dataclasses.replace(instance, encodings=chosen))) == expected


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_clause_belongs_to_a_family(path):
    instance = load(path)
    for chosen in ((), (("clue", "ladder"), ("cover", "commander"))):
        formula = KIND.encode(KIND.with_encodings(instance, chosen))
        rows = formula.explanation()
        assert "(unattributed)" not in {row.name for row in rows}
        assert sum(row.clauses for row in rows) == formula.num_clauses
        assert {row.name for row in rows} <= set(FAMILIES)
    formula = rules.encode(instance.rows, instance.cols, instance.clues, unreduced(instance))
    assert "(unattributed)" not in {row.name for row in formula.explanation()}


def test_an_unknown_family_or_encoding_is_refused():
    instance = load(INSTANCES / "shikaku" / "small-5x5.txt")
    with pytest.raises(satpuzzle.InputError, match="families are clue"):
        KIND.with_encodings(instance, (("degree", "pairwise"),))
    with pytest.raises(satpuzzle.InputError, match="no encoding 'totalizerx'"):
        KIND.with_encodings(instance, (("cover", "totalizerx"),))
