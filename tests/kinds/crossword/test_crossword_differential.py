"""satpuzzle's crossword fills against the seed's trie backtracking (benchmarks/baselines):
identical solution sets on random small grids and dictionaries, each fill rule-checked."""

from __future__ import annotations

import random

import pytest

import satpuzzle
from benchmarks.baselines.crossword_trie import solutions as trie_solutions
from satpuzzle.checkers.crossword import violations
from satpuzzle.errors import Position
from satpuzzle.grammar import Token
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.kinds.crossword.problem import slot_problem
from satpuzzle.kinds.crossword.reading import _parse_cells
from satpuzzle.kinds.crossword.search import _slots_then_trie, sat_oracle
from satpuzzle.kinds.crossword.slotsearch import SlotSearch
from satpuzzle.kinds.crossword.trie import TrieSearch


def random_case(rng: random.Random) -> tuple[list[str], list[str]]:
    height, width = rng.randint(2, 4), rng.randint(2, 4)
    rows = []
    for _ in range(height):
        row = ""
        for _ in range(width):
            roll = rng.random()
            row += ("0" if roll < 0.2 else rng.choice("abc") if roll < 0.3
                    else "[" + "".join(sorted(rng.sample("abc", 2))) + "]" if roll < 0.35
                    else "1")
        rows.append(row)
    words = sorted({"".join(rng.choice("abc") for _ in range(length))
                    for length in range(2, 5) for _ in range(rng.randint(3, 25))})
    return rows, words


def instance_of(rows: list[str], words: list[str]) -> CrosswordInstance:
    grid = tuple(tuple(_parse_cells(Token(row, Position("t", 1, 1)))) for row in rows)
    return CrosswordInstance(grid, tuple(words))


def engine_fills(instance: CrosswordInstance, engine: str) -> list[tuple[str, ...]]:
    """"search": the trie search alone; "oracle": the same with its SAT oracle on from the
    start (every slot-completing prefix checked, witness-first order); "slots": the slot
    search of large grids; "stalled": the same stalling at once, so that the trie search with
    its oracle takes over; "sat": blocking clauses."""
    if engine == "sat":
        return list(satpuzzle.solutions(instance, engine="sat"))
    problem = slot_problem(instance)
    height, width = len(instance.grid), len(instance.grid[0])
    if engine in ("slots", "stalled"):
        slot_search = SlotSearch(problem, height, width, instance.distinct,
                                 stall_after=0.0 if engine == "stalled" else None)
        return list(_slots_then_trie(slot_search, lambda budget: TrieSearch(
            problem, height, width, instance.distinct, oracle_budget=budget,
            oracle_factory=lambda: sat_oracle(instance, problem, "cadical195")).fills()))
    factory = (lambda: sat_oracle(instance, problem, "cadical195")) if engine == "oracle" else None
    search = TrieSearch(problem, height, width, instance.distinct,
                        oracle_factory=factory, oracle_budget=0)
    return list(search.fills())


ENGINES = ["search", "oracle", "slots", "stalled", "sat"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("seed", range(6))
def test_same_fills_as_the_seed_algorithm(seed, engine):
    rng = random.Random(seed)
    compared = with_fills = 0
    while compared < 10:
        rows, words = random_case(rng)
        instance = instance_of(rows, words)
        if sum(row.count("1") for row in rows) > 6 and not any(
                len(run) > 1 for row in rows for run in row.split("0")):
            continue  # many free cells and no word: 26^k fills, too many to compare
        expected = list(trie_solutions(rows, words, limit=20_000))
        if len(expected) == 20_000:
            continue
        found = engine_fills(instance, engine)
        assert len(set(found)) == len(found)
        assert sorted(found) == sorted(tuple(f) for f in expected), (rows, words)
        for fill in found:
            assert violations(instance.grid, words, False, fill) == []
        compared += 1
        with_fills += bool(found)
    assert with_fills >= 2  # the cases are not all trivially empty


@pytest.mark.parametrize("engine", ENGINES)
def test_distinct_fills_are_the_trie_fills_without_repeated_words(engine):
    rng = random.Random(99)
    compared = with_fills = 0
    while compared < 8:
        rows, words = random_case(rng)
        if any(c == "0" for row in rows for c in row) or len(rows) < 3:
            continue  # open grids: every cell in two slots
        expected = list(trie_solutions(rows, words, limit=20_000))
        if len(expected) == 20_000:
            continue
        instance = CrosswordInstance(instance_of(rows, words).grid, tuple(words), distinct=True)
        wanted = {tuple(f) for f in expected if len(set(f) | set(map("".join, zip(*f))))
                  == len(f) + len(f[0])}
        found = engine_fills(instance, engine)
        assert len(found) == len(set(found)) and set(found) == wanted, (rows, words)
        compared += 1
        with_fills += len(wanted) < len(expected) and bool(wanted)
    assert with_fills >= 2  # cases where distinctness removed some fills but not all


@pytest.mark.parametrize("distinct", [False, True])
def test_large_grids_take_the_slot_search_and_keep_every_fill(distinct):
    """Above LARGE_GRID_CELLS white cells search() answers by the slot search: an open 12×12
    grid whose fills are cyclic shifts (108 fills, 24 without a repeated word) gives the trie
    search's fills, each once."""
    from satpuzzle.kinds.crossword.search import LARGE_GRID_CELLS, search

    letters = "abcdefghijkl"
    words = {"".join(letters[(start + step * k) % 12] for k in range(12))
             for start in range(12) for step in (1, -1, 2)}
    instance = CrosswordInstance((("1",) * 12,) * 12, tuple(sorted(words)), distinct)
    assert 144 > LARGE_GRID_CELLS
    found = list(search(instance, "cadical195"))
    problem = slot_problem(instance)
    expected = list(TrieSearch(problem, 12, 12, distinct).fills())
    assert len(found) == len(set(found)) == (24 if distinct else 108)
    assert sorted(found) == sorted(expected)
    for fill in found:
        assert violations(instance.grid, sorted(words), distinct, fill) == []
