"""Outcomes of the seed's eup-rules Sudoku baseline (benchmarks/baselines/sudoku_eup.py)."""

from __future__ import annotations

import copy
import random
import time

import pytest
from conftest import sudoku_brute_force_count

from benchmarks.baselines.sudoku_eup import count_solutions, solve

# Norvig's "hard" puzzle (the first of top95); "." is an empty cell.
NORVIG_HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NORVIG_HARD_SOLUTION = (
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)


def parse(text: str, size: int = 9) -> list[list[int]]:
    digits = [0 if ch in ".0" else int(ch) for ch in text]
    return [digits[r * size:(r + 1) * size] for r in range(size)]


def empty(size: int) -> list[list[int]]:
    return [[0] * size for _ in range(size)]


def is_valid_solution(
    grid: list[list[int]], givens: list[list[int]], box_rows: int, box_cols: int
) -> bool:
    """Every row, column and box is a permutation of 1..N, and every given is kept."""
    size = box_rows * box_cols
    values = list(range(1, size + 1))
    rows = [list(row) for row in grid]
    cols = [[grid[r][c] for r in range(size)] for c in range(size)]
    boxes = [
        [grid[top + dr][left + dc] for dr in range(box_rows) for dc in range(box_cols)]
        for top in range(0, size, box_rows)
        for left in range(0, size, box_cols)
    ]
    return (
        len(grid) == size
        and all(sorted(unit) == values for unit in rows + cols + boxes)
        and all(
            givens[r][c] in (0, grid[r][c]) for r in range(size) for c in range(size)
        )
    )


def test_empty_4x4_has_288_solutions() -> None:
    assert count_solutions(empty(4), 2, 2) == 288


def test_empty_6x6_count() -> None:
    # The empty 6x6 (2x3 boxes) grid has 28,200,960 solutions, too many to enumerate here
    # in pure Python. Relabelling the values is a bijection on solutions, so each of the 6!
    # possible first rows starts the same number of them: fixing it to 1..6 must give
    # 28,200,960 / 720 = 39,168.
    grid = empty(6)
    grid[0] = [1, 2, 3, 4, 5, 6]
    assert count_solutions(grid, 2, 3) * 720 == 28_200_960
    # The transposed box shape (3 rows x 2 columns) is the same count by symmetry.
    assert count_solutions(grid, 3, 2) * 720 == 28_200_960


def test_norvig_hard_has_exactly_one_solution() -> None:
    givens = parse(NORVIG_HARD)
    before = copy.deepcopy(givens)
    solution = solve(givens, 3, 3)
    assert givens == before  # the input is not mutated
    assert solution is not None
    assert is_valid_solution(solution, givens, 3, 3)
    assert solution == parse(NORVIG_HARD_SOLUTION)
    assert count_solutions(givens, 3, 3) == 1


def test_equal_givens_in_a_row_have_no_solution() -> None:
    grid = empty(9)
    grid[4][1] = grid[4][7] = 5
    assert solve(grid, 3, 3) is None
    assert count_solutions(grid, 3, 3) == 0


def test_deadly_rectangle_gives_two_solutions() -> None:
    solved = parse(NORVIG_HARD_SOLUTION)
    # Two rows of one band and two columns of different stacks holding a,b / b,a: swapping
    # the four values gives another valid grid, and nothing else can change.
    r1, r2, c1, c2 = next(
        (r1, r2, c1, c2)
        for r1 in range(9)
        for r2 in range(r1 + 1, 9)
        if r1 // 3 == r2 // 3
        for c1 in range(9)
        for c2 in range(c1 + 1, 9)
        if c1 // 3 != c2 // 3
        and solved[r1][c1] == solved[r2][c2]
        and solved[r1][c2] == solved[r2][c1]
    )
    grid = copy.deepcopy(solved)
    for r, c in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]:
        grid[r][c] = 0
    assert count_solutions(grid, 3, 3) == 2
    assert count_solutions(grid, 3, 3, limit=1) == 1
    first = solve(grid, 3, 3)
    assert first is not None and is_valid_solution(first, grid, 3, 3)
    # The search branches on the first blank cell and tries the smaller value first.
    assert first[r1][c1] == min(solved[r1][c1], solved[r1][c2])


def test_first_solution_follows_the_seed_order() -> None:
    # Pinned from a literal, slow transcription of the seed's pseudo-code (full rule sweeps,
    # recursion): fewest-candidates cell first in row-major order, values increasing.
    assert solve(empty(4), 2, 2) == [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    assert solve(empty(9), 3, 3) == parse(
        "123456789456789123789123456231674895875912364694538217317265948542897631968341572"
    )


def test_limit_one_on_empty_9x9_is_quick() -> None:
    start = time.perf_counter()
    assert count_solutions(empty(9), 3, 3, limit=1) == 1
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2),
                                                    (3, 3), (3, 4), (4, 4), (5, 5)])
def test_empty_grids_of_any_shape_solve_to_valid_grids(box_rows: int, box_cols: int) -> None:
    size = box_rows * box_cols
    solution = solve(empty(size), box_rows, box_cols)
    assert solution is not None
    assert is_valid_solution(solution, empty(size), box_rows, box_cols)


def random_grid(rng: random.Random, box_rows: int, box_cols: int) -> list[list[int]]:
    """Givens from a random solved grid, thinned out, sometimes with a random extra given
    (so some grids are contradictory and many have several solutions)."""
    size = box_rows * box_cols
    base = solve(empty(size), box_rows, box_cols)
    assert base is not None
    relabel = list(range(1, size + 1))
    rng.shuffle(relabel)
    keep = rng.choice([0.3, 0.45, 0.6])
    grid = [[relabel[v - 1] if rng.random() < keep else 0 for v in row] for row in base]
    if rng.random() < 0.3:
        grid[rng.randrange(size)][rng.randrange(size)] = rng.randint(1, size)
    return grid


@pytest.mark.parametrize(("box_rows", "box_cols", "trials"), [(2, 2, 200), (2, 3, 40),
                                                              (3, 2, 40)])
def test_counts_match_plain_backtracking(box_rows: int, box_cols: int, trials: int) -> None:
    rng = random.Random(2024 + box_rows)
    for _ in range(trials):
        grid = random_grid(rng, box_rows, box_cols)
        expected = sudoku_brute_force_count(grid, box_rows, box_cols)
        assert count_solutions(grid, box_rows, box_cols) == expected, grid
        first = solve(grid, box_rows, box_cols)
        assert (first is None) == (expected == 0)
        if first is not None:
            assert is_valid_solution(first, grid, box_rows, box_cols)


def test_bad_input_is_rejected() -> None:
    with pytest.raises(ValueError):
        solve(empty(8), 3, 3)
    bad = empty(4)
    bad[0][0] = 5
    with pytest.raises(ValueError):
        count_solutions(bad, 2, 2)
