"""satpuzzle's crossword fills against the seed's trie backtracking (benchmarks/baselines):
identical solution sets on random small grids and dictionaries, each fill rule-checked."""

from __future__ import annotations

import random

import pytest

import satpuzzle
from benchmarks.baselines.crossword_trie import solutions as trie_solutions
from satpuzzle.checkers.crossword import violations
from satpuzzle.encoders.crossword import CrosswordInstance, _parse_cells
from satpuzzle.errors import Position
from satpuzzle.grammar import Token


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


@pytest.mark.parametrize("seed", range(6))
def test_same_fills_as_the_seed_algorithm(seed):
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
        found = list(satpuzzle.solutions(instance))
        assert len(set(found)) == len(found)
        assert sorted(found) == sorted(tuple(f) for f in expected), (rows, words)
        for fill in found:
            assert violations(instance.grid, words, False, fill) == []
        compared += 1
        with_fills += bool(found)
    assert with_fills >= 2  # the cases are not all trivially empty
