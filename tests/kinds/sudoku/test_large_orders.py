"""Pruning before encoding (satpuzzle/kinds/sudoku/pruning.py, `--encoding prune=LEVEL`):
each level removes only candidates no solution holds, so solution counts stay exact, and
answers on large orders pass the independent checker."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import satpuzzle
from satpuzzle.checkers.sudoku import violations
from satpuzzle.kinds.sudoku import pruning, rules
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance, to_puz

LEVELS = pruning.LEVELS


def brute_count(givens: tuple[tuple[int, ...], ...], box_rows: int, box_cols: int) -> int:
    """Solutions by plain backtracking, cell by cell: independent of the encoder."""
    size = box_rows * box_cols
    grid = [list(row) for row in givens]
    for r, c in itertools.product(range(size), repeat=2):
        if grid[r][c] and not _fits(grid, r, c, grid[r][c], box_rows, box_cols):
            return 0

    def count(at: int) -> int:
        if at == size * size:
            return 1
        r, c = divmod(at, size)
        if grid[r][c]:
            return count(at + 1)
        total = 0
        for digit in range(1, size + 1):
            if _fits(grid, r, c, digit, box_rows, box_cols):
                grid[r][c] = digit
                total += count(at + 1)
                grid[r][c] = 0
        return total

    return count(0)


def _fits(grid: list[list[int]], r: int, c: int, digit: int, box_rows: int,
          box_cols: int) -> bool:
    size = box_rows * box_cols
    top, left = r - r % box_rows, c - c % box_cols
    peers = ([(r, k) for k in range(size)] + [(k, c) for k in range(size)]
             + [(top + i, left + j) for i in range(box_rows) for j in range(box_cols)])
    return all(grid[pr][pc] != digit for pr, pc in peers if (pr, pc) != (r, c))


def sat_count(instance: SudokuInstance, level: str) -> int:
    result = satpuzzle.count(satpuzzle.encoded(instance, {"prune": level}), engine="sat")
    assert result.complete
    return result.count


def partial_grids(box_rows: int, box_cols: int, most: int) -> st.SearchStrategy[
        tuple[tuple[int, ...], ...]]:
    """Random partial grids: up to `most` cells each given a random digit (clashes and
    puzzles without a solution included)."""
    size = box_rows * box_cols
    cell = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1),
                     st.integers(1, size))

    def build(cells: list[tuple[int, int, int]]) -> tuple[tuple[int, ...], ...]:
        grid = [[0] * size for _ in range(size)]
        for r, c, digit in cells:
            grid[r][c] = digit
        return tuple(map(tuple, grid))

    return st.lists(cell, max_size=most).map(build)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partial_grids(2, 2, 9))
def test_counts_on_4x4_equal_brute_force_at_every_level(givens: tuple[tuple[int, ...], ...],
                                                         ) -> None:
    instance = SudokuInstance(2, 2, givens)
    expected = brute_count(givens, 2, 2)
    for level in LEVELS:
        assert sat_count(instance, level) == expected, level


def _solved_6x6() -> list[list[int]]:
    """A valid 6×6 grid (boxes 2×3) by the pattern shift."""
    return [[(3 * (r % 2) + r // 2 + c) % 6 + 1 for c in range(6)] for r in range(6)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sets(st.integers(0, 35), min_size=14, max_size=22),
       st.lists(st.tuples(st.integers(0, 35), st.integers(1, 6)), max_size=2))
def test_counts_on_6x6_equal_with_and_without_pruning(blanks: set[int],
                                                      noise: list[tuple[int, int]]) -> None:
    """A solved 6×6 with 14-22 cells blanked, and sometimes a wrong digit or two written in
    (puzzles with no solution): the count is the same at every level, and brute force's."""
    grid = _solved_6x6()
    for cell in blanks:
        grid[cell // 6][cell % 6] = 0
    for cell, digit in noise:
        grid[cell // 6][cell % 6] = digit
    givens = tuple(map(tuple, grid))
    instance = SudokuInstance(2, 3, givens)
    counts = {level: sat_count(instance, level) for level in LEVELS}
    assert set(counts.values()) == {brute_count(givens, 2, 3)}, counts


def test_pruning_removes_only_impossible_candidates_and_keeps_forced_cells_as_variables(
        ) -> None:
    """On a classic 9×9 the matching level leaves fewer variables than none, every cell
    keeps its variable, and the one solution is the same."""
    classic = Path(__file__).resolve().parents[3] / "instances" / "sudoku" / "classic.puz"
    instance = satpuzzle.load(str(classic))[0]
    sizes = {}
    for level in LEVELS:
        formula = satpuzzle.compile(satpuzzle.encoded(instance, {"prune": level}))
        sizes[level] = formula.num_vars
        cells = {(row, col) for _x, row, col, _digit in formula.names.values()}
        empty = sum(1 for row in instance.givens for value in row if not value)
        assert len(cells) == empty, level
    assert sizes["matching"] <= sizes["locked"] <= sizes["singles"] <= sizes["none"]
    assert sizes["singles"] < sizes["none"]
    answers = {level: satpuzzle.solve(satpuzzle.encoded(instance, {"prune": level}))
               for level in LEVELS}
    assert len({str(answer) for answer in answers.values()}) == 1


def test_a_contradiction_found_by_pruning_is_no_solution() -> None:
    """Row 1 needs 4 in its last cell, which column 4 already holds: no clash between two
    givens, but no solution; every level says so (an empty group in the formula)."""
    givens = ((1, 2, 3, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 4))
    instance = SudokuInstance(2, 2, givens)
    assert brute_count(givens, 2, 2) == 0
    for level in LEVELS:
        assert sat_count(instance, level) == 0, level


@pytest.mark.parametrize("level", ["none", "matching"])
def test_large_order_answers_pass_the_checker(level: str) -> None:
    """A 25×25 with 40% of its cells empty (several solutions likely), solved through the
    API with the rule check on, and checked here again."""
    from benchmarks.suites import generated_sudoku

    instance = generated_sudoku(5, 0.4, 3)
    answer = satpuzzle.solve(satpuzzle.encoded(instance, {"prune": level}), timeout=300)
    assert answer is not None
    assert violations(instance.givens, 5, 5, answer) == []


def test_the_default_level_is_a_known_level() -> None:
    assert rules.DEFAULT_PRUNE in LEVELS


def test_the_command_line_takes_a_level_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    puzzle = tmp_path / "four.puz"
    puzzle.write_text(to_puz(SudokuInstance(2, 2, ((1, 0, 0, 0), (0, 0, 3, 0), (0, 4, 0, 0),
                                                   (0, 0, 0, 2)))))
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(puzzle),
                           "--encoding", "prune=matching", "--count"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    bad = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(puzzle),
                          "--encoding", "prune=everything"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in bad.stderr


def test_large_grids_leave_cadical_its_own_options() -> None:
    """From 25×25 on the formula does not ask for the options under which a model found by
    propagation alone is taken as the only one (solving.ModelStream); smaller grids do."""
    from benchmarks.suites import generated_sudoku

    assert rules.encode(generated_sudoku(3, 0.5, 0)).settled_by_propagation
    assert rules.encode(generated_sudoku(4, 0.5, 0)).settled_by_propagation
    assert not rules.encode(generated_sudoku(5, 0.5, 0)).settled_by_propagation
    assert not rules.encode(generated_sudoku(6, 0.5, 0)).settled_by_propagation


def test_uniqueness_on_a_large_grid_is_decided_by_a_second_search() -> None:
    """Without the propagation shortcut a 25×25 is still called unique or not rightly: one
    cell emptied (its digit forced) has one solution; two rows of one band emptied have at
    least two (the rows swapped), each passing the checker."""
    from benchmarks.suites import generated_sudoku

    full = generated_sudoku(5, 0.0, 7)
    one_empty = [list(row) for row in full.givens]
    one_empty[3][4] = 0
    single = satpuzzle.count(SudokuInstance(5, 5, one_empty), limit=2)
    assert (single.count, single.complete) == (1, True)
    two_rows = [list(row) for row in full.givens]
    two_rows[5] = [0] * 25
    two_rows[7] = [0] * 25
    double = SudokuInstance(5, 5, two_rows)
    assert satpuzzle.count(double, limit=2).count == 2
    answers = list(satpuzzle.solutions(double, limit=2))
    assert len(answers) == 2 and answers[0] != answers[1]
    for answer in answers:
        assert violations(double.givens, 5, 5, answer) == []
