"""--certify on the crossword's best-first fills: the first fill's "proven best" (no fill has
every entry scoring above its lowest entry score) is certified where the best-first engine
answered, checked here against a brute force over every fill of small grids with random
scored lists; a worse fill's claim cannot be certified; an engine that gives no order claims
nothing of the kind."""

from __future__ import annotations

import random

import pytest

from satpuzzle import certify
from satpuzzle.claims import Certified, Certifying, certified
from satpuzzle.kinds.crossword.best import optimality_claim
from satpuzzle.kinds.crossword.model import CrosswordInstance, slots
from satpuzzle.pipeline import Found, Request, solve

GRIDS = [("111", "111", "111"), ("1111", "1101", "1111"), ("111", "101", "111")]


def random_instance(seed: int) -> CrosswordInstance:
    rng = random.Random(seed)
    grid = GRIDS[seed % len(GRIDS)]
    lengths = sorted({len(cells) for cells in slots(CrosswordInstance(grid, ()))})
    words = sorted({"".join(rng.choice("abc") for _ in range(n))
                    for n in lengths for _ in range(16)})
    return CrosswordInstance(grid, tuple(words),
                             scores=tuple(rng.choice((10, 20, 30, 40, 50)) for _ in words))


def lowest_scores(instance: CrosswordInstance) -> dict[tuple[str, ...], int]:
    """Every fill and its lowest entry score, by plain backtracking (no engine of the project)."""
    score = dict(zip(instance.words, instance.scores or ()))
    cells_of = slots(instance)
    found: dict[tuple[str, ...], int] = {}

    def place(number: int, letters: dict[tuple[int, int], str], lowest: int) -> None:
        if number == len(cells_of):
            fill = tuple("".join(letters.get((r, c), "0") for c in range(len(row)))
                         for r, row in enumerate(instance.grid))
            found[fill] = lowest
            return
        cells = cells_of[number]
        for word in (w for w in instance.words if len(w) == len(cells)):
            if all(letters.get(cell, letter) == letter for cell, letter in zip(cells, word)):
                place(number + 1, letters | dict(zip(cells, word)), min(lowest, score[word]))

    place(0, {}, 10**9)
    return found


def with_distinct_lowest(seed: int) -> CrosswordInstance:
    """An instance whose fills have at least two different lowest entry scores (so that
    "proven best" says something); every seed used has one."""
    instance = random_instance(seed)
    assert len(set(lowest_scores(instance).values())) >= 2, f"seed {seed}"
    return instance


def events_certified(instance: CrosswordInstance, engine: str = "auto") -> list[object]:
    request = Request(limit=1, in_process=True, engine=engine)
    return list(certified(solve(instance, request), [instance], Request(), Certifying()))


def claims_something(seed: int) -> bool:
    """Fills of two lowest scores or more, the best below the list's top score (a best fill
    of the top score claims nothing that needs a proof)."""
    instance = random_instance(seed)
    lowest = set(lowest_scores(instance).values())
    return len(lowest) >= 2 and max(lowest) < max(instance.scores or (0,))


@pytest.mark.parametrize("seed", [s for s in range(60) if claims_something(s)][:8])
def test_the_first_fills_proven_best_is_certified_and_true(seed):
    instance = with_distinct_lowest(seed)
    events = events_certified(instance)
    [found] = [event for event in events if isinstance(event, Found)]
    [certificate] = [event.certificate for event in events if isinstance(event, Certified)]
    assert certificate.certified, certificate.reason
    best = max(lowest_scores(instance).values())
    assert lowest_scores(instance)[found.solution] == best
    level = int(certificate.claim.split("scoring ")[1].split()[0])
    assert level > best and not any(low >= level for low in lowest_scores(instance).values())


def test_a_worse_fills_claim_is_never_certified():
    for seed in range(40):
        instance = random_instance(seed)
        lowest = lowest_scores(instance)
        if len(set(lowest.values())) < 2:
            continue
        worse = min(lowest, key=lowest.__getitem__)
        stated = optimality_claim(instance, worse)
        assert stated is not None
        text, narrowed = stated
        certificate = certify.certify(narrowed, count=0)
        assert not certificate.certified and certificate.false, (seed, text)
        return
    pytest.fail("no seed gave fills of two lowest scores")


def test_an_engine_with_no_order_claims_nothing_best():
    instance = random_instance(next(s for s in range(60) if claims_something(s)))
    events = events_certified(instance, engine="search")
    assert [event for event in events if isinstance(event, Found)]
    assert not [event for event in events if isinstance(event, Certified)]
