"""Outcomes of the seed's trie-and-backtracking crossword baseline (benchmarks/baselines/crossword_trie.py).

The cross-check below solves random small grids by an independent brute force: its own grid
reader, every combination of dictionary words in the horizontal runs times every letter of the
other white cells, then a check of every row and column of the filled grid.
"""

from __future__ import annotations

import itertools
import random
from string import ascii_lowercase

import pytest

from benchmarks.baselines.crossword_trie import solutions

SEED_WORDS = ["mars", "mois", "plus", "tard", "soir"]
SEED_GRID = ["1111", "1001", "1001", "1111"]
# Worked out by hand: the top word ends in s, so the right column is soir, so the bottom row is
# soir, so the left column ends in s and starts like the top row: (mars|mois) x (mars|mois), or
# plus twice.
SEED_SOLUTIONS = [
    ["mars", "a00o", "r00i", "soir"],
    ["mars", "o00o", "i00i", "soir"],
    ["mois", "a00o", "r00i", "soir"],
    ["mois", "o00o", "i00i", "soir"],
    ["plus", "l00o", "u00i", "soir"],
]


# --- independent brute force -------------------------------------------------------------


def read_cells(grid: list[str]) -> list[list[set[str] | None]]:
    """Per cell: None if black, else the set of letters it allows."""
    table = []
    for row in grid:
        cells: list[set[str] | None] = []
        chars = iter(row)
        for ch in chars:
            if ch == "[":
                letters = set()
                for inner in chars:
                    if inner == "]":
                        break
                    letters.add(inner)
                cells.append(letters)
            elif ch == "0":
                cells.append(None)
            elif ch == "1":
                cells.append(set(ascii_lowercase))
            else:
                cells.append({ch})
        table.append(cells)
    return table


def horizontal_runs(table: list[list[set[str] | None]]) -> list[list[tuple[int, int]]]:
    runs = []
    for r, row in enumerate(table):
        c = 0
        while c < len(row):
            start = c
            while c < len(row) and row[c] is not None:
                c += 1
            if c - start >= 2:
                runs.append([(r, j) for j in range(start, c)])
            c += 1
    return runs


def is_solution(filled: list[str], table: list[list[set[str] | None]], words: set[str]) -> bool:
    for r, row in enumerate(table):
        for c, allowed in enumerate(row):
            if (allowed is None) != (filled[r][c] == "0"):
                return False
            if allowed is not None and filled[r][c] not in allowed:
                return False
    columns = ["".join(col) for col in zip(*filled)] if filled else []
    pieces = [piece for line in [*filled, *columns] for piece in line.split("0")]
    return all(piece in words for piece in pieces if len(piece) >= 2)


def brute_force(grid: list[str], words: list[str]) -> list[list[str]]:
    """Sorted solutions: words in horizontal runs x letters elsewhere, each filling checked."""
    table = read_cells(grid)
    word_set = set(words)
    word_letters = set("".join(word_set))
    runs = horizontal_runs(table)
    in_runs = {cell for run in runs for cell in run}
    others = [(r, c) for r, row in enumerate(table) for c, a in enumerate(row)
              if a is not None and (r, c) not in in_runs]

    def in_vertical_run(r: int, c: int) -> bool:
        above = r > 0 and table[r - 1][c] is not None
        below = r + 1 < len(table) and table[r + 1][c] is not None
        return above or below

    run_options = [[w for w in word_set if len(w) == len(run)] for run in runs]
    other_options = [
        sorted(table[r][c] & word_letters if in_vertical_run(r, c) else table[r][c])
        for r, c in others
    ]
    found = []
    for run_words in itertools.product(*run_options):
        for letters in itertools.product(*other_options):
            chars = [["0" if a is None else "?" for a in row] for row in table]
            for run, word in zip(runs, run_words):
                for (r, c), letter in zip(run, word):
                    chars[r][c] = letter
            for (r, c), letter in zip(others, letters):
                chars[r][c] = letter
            filled = ["".join(row) for row in chars]
            if is_solution(filled, table, word_set):
                found.append(filled)
    return sorted(found)


def is_free(table: list[list[set[str] | None]], r: int, c: int) -> bool:
    """A white cell with no white neighbour belongs to no word."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        i, j = r + dr, c + dc
        if 0 <= i < len(table) and 0 <= j < len(table[0]) and table[i][j] is not None:
            return False
    return True


def random_case(seed: int, dense: bool = False) -> tuple[list[str], list[str]]:
    """A 2x2..4x4 grid with black cells, fixed letters and letter sets, words over {a,b,c}.

    Dense cases are 3x3..4x4 with few black cells and more words, so longer words cross.
    """
    rng = random.Random(seed)
    low, black, fixed, letter_set = (3, 0.1, 0.06, 0.12) if dense else (2, 0.25, 0.12, 0.22)
    rows, cols = rng.randint(low, 4), rng.randint(low, 4)
    shape = [[rng.random() >= black for _ in range(cols)] for _ in range(rows)]
    table = [[set() if white else None for white in row] for row in shape]
    grid = []
    free_unrestricted = 0
    for r, row in enumerate(shape):
        cells = []
        for c, white in enumerate(row):
            draw = rng.random()
            if not white:
                cells.append("0")
            elif draw < fixed:
                cells.append(rng.choice("aaabbbcccd"))  # d is in no word: sometimes no solution
            elif draw < letter_set:
                cells.append("[" + "".join(rng.sample("abc", rng.randint(1, 3))) + "]")
            elif is_free(table, r, c) and free_unrestricted >= 1:
                # A second unrestricted free cell would only multiply the count by 26 again.
                cells.append("[" + "".join(rng.sample("abcz", rng.randint(1, 3))) + "]")
            else:
                free_unrestricted += is_free(table, r, c)
                cells.append("1")
        grid.append("".join(cells))
    words = []
    for length in (2, 3, 4):
        pool = ["".join(t) for t in itertools.product("abc", repeat=length)]
        words += rng.sample(pool, rng.randint(4 if dense else 2, min(12 if dense else 10, len(pool))))
    words += rng.sample(words, 2)  # duplicates must be ignored
    return grid, words


# --- tests ---------------------------------------------------------------------------------


def test_seed_example_has_exactly_its_five_solutions() -> None:
    assert list(solutions(SEED_GRID, SEED_WORDS)) == SEED_SOLUTIONS


def test_seed_example_agrees_with_brute_force() -> None:
    assert brute_force(SEED_GRID, SEED_WORDS) == SEED_SOLUTIONS


CASES = [(seed, False) for seed in range(60)] + [(seed, True) for seed in range(100, 130)]


@pytest.mark.parametrize(("seed", "dense"), CASES)
def test_random_grids_match_brute_force(seed: int, dense: bool) -> None:
    grid, words = random_case(seed, dense)
    found = list(solutions(grid, words))
    assert len({tuple(s) for s in found}) == len(found), "a solution was yielded twice"
    # Equal to the sorted brute force: same set, and in lexicographic order.
    assert found == brute_force(grid, words), (grid, words)


def test_full_4x4_parity_square() -> None:
    # Words: the 4-letter words over {a, b} with an even number of b. A filling is a 4x4 0/1
    # matrix with even rows and columns: its top-left 3x3 block is free, the rest follows.
    words = ["".join(t) for t in itertools.product("ab", repeat=4) if t.count("b") % 2 == 0]
    found = list(solutions(["1111"] * 4, words))
    assert len(found) == 2**9
    assert found == brute_force(["1111"] * 4, words)


def test_random_grids_are_not_trivial() -> None:
    counts = [len(brute_force(*random_case(seed, dense))) for seed, dense in CASES]
    assert sum(count > 0 for count in counts) >= 45
    assert sum(count > 1 for count in counts) >= 30
    assert sum(count == 0 for count in counts) >= 5


def test_free_single_cells_take_every_letter() -> None:
    found = list(solutions(["10", "01"], []))
    assert len(found) == 26 * 26
    assert found[0] == ["a0", "0a"]
    assert found[1] == ["a0", "0b"]
    assert found[-1] == ["z0", "0z"]
    assert len({tuple(s) for s in found}) == len(found)


def test_free_cell_beside_words() -> None:
    # The middle column is black, so (0, 2) and (1, 2) form a vertical word; (0, 0) and (1, 0)
    # too; no horizontal run has length 2.
    grid = ["101", "101", "010"]
    words = ["ab", "ba"]
    found = list(solutions(grid, words))
    assert len(found) == 2 * 2 * 26
    assert found[0] == ["a0a", "b0b", "0a0"]
    assert found == brute_force(grid, words)


def test_prefilled_letters() -> None:
    assert list(solutions(["p111", "1001", "1001", "1111"], SEED_WORDS)) == [SEED_SOLUTIONS[4]]
    assert list(solutions(["1111", "o001", "1001", "1111"], SEED_WORDS)) == [
        SEED_SOLUTIONS[1], SEED_SOLUTIONS[3]]
    assert list(solutions(["111x", "1001", "1001", "1111"], SEED_WORDS)) == []


def test_letter_sets() -> None:
    words = ["ab", "bb", "ac", "ca", "cc"]
    assert list(solutions(["[ab]1"], words)) == [["ab"], ["ac"], ["bb"]]
    assert list(solutions(["[bba]1"], words)) == [["ab"], ["ac"], ["bb"]]
    assert list(solutions(["[ca]"], words)) == [["a"], ["c"]]
    assert list(solutions(["1[xy]"], words)) == []
    grid = ["[mp]111", "1001", "1001", "111[r]"]
    assert list(solutions(grid, SEED_WORDS)) == SEED_SOLUTIONS


def test_vertical_only_and_degenerate_grids() -> None:
    assert list(solutions(["1", "1", "1"], ["cab", "abc", "ab"])) == [["a", "b", "c"], ["c", "a", "b"]]
    assert list(solutions(["00", "00"], [])) == [["00", "00"]]
    assert list(solutions([], ["ab"])) == [[]]
    assert list(solutions(["11"], [])) == []


def test_duplicate_words_are_ignored() -> None:
    assert list(solutions(SEED_GRID, SEED_WORDS * 3)) == SEED_SOLUTIONS


def test_limit() -> None:
    assert list(solutions(SEED_GRID, SEED_WORDS, limit=2)) == SEED_SOLUTIONS[:2]
    assert list(solutions(SEED_GRID, SEED_WORDS, limit=0)) == []
    assert list(solutions(SEED_GRID, SEED_WORDS, limit=5)) == SEED_SOLUTIONS
    assert list(solutions(SEED_GRID, SEED_WORDS, limit=99)) == SEED_SOLUTIONS
    # Lazy: 26**32 fillings, the first three come at once.
    sparse = ["10" * 4, "01" * 4] * 4
    first = list(solutions(sparse, [], limit=3))
    assert first[2] == ["a0a0a0a0", "0a0a0a0a"] * 3 + ["a0a0a0a0", "0a0a0a0c"]
    with pytest.raises(ValueError):
        solutions(SEED_GRID, SEED_WORDS, limit=-1)


@pytest.mark.parametrize(
    "grid",
    [
        ["11", "1"],  # ragged
        ["11", "111"],
        ["12"],
        ["1A"],
        ["1 1"],
        ["1."],
        ["[ab"],
        ["[]1"],
        ["[a1]"],
        ["[AB]"],
        ["[[a]]"],
        ["ab]"],
        ["[ab]1", "111"],  # the set is one cell, so row 0 has 2 cells
    ],
)
def test_bad_grids_raise_at_once(grid: list[str]) -> None:
    with pytest.raises(ValueError):
        solutions(grid, SEED_WORDS)  # not iterated: the check is eager


@pytest.mark.parametrize("words", [["mars", "Mois"], ["mars", ""], ["ma rs"], ["café"]])
def test_bad_words_raise(words: list[str]) -> None:
    with pytest.raises(ValueError):
        solutions(SEED_GRID, words)
