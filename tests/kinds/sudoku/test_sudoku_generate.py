"""Sudoku generation and grading: generated puzzles are unique (counted by the library, limit
2), minimal when asked, reproducible, of any box shape, X and Killer too; the grader's verdicts
on known puzzles and on hand-made candidate states, its soundness (no rule removes the
solution's digit), `--difficulty`, and the command line."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import INSTANCES, run_cli

import satpuzzle
from satpuzzle.checkers import sudoku as checker
from satpuzzle.errors import InputError
from satpuzzle.kinds import sudoku as sudoku_kind
from satpuzzle.kinds.sudoku import generator, grading
from satpuzzle.kinds.sudoku import native as sudoku_native
from satpuzzle.kinds.sudoku import puzzle as sudoku
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

SUDOKU = INSTANCES / "sudoku"


def count(instance: SudokuInstance) -> int:
    return satpuzzle.count(instance, 2).count


def givens_of(instance: SudokuInstance) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(instance.givens) for c, v in enumerate(row) if v]


def without(instance: SudokuInstance, cell: tuple[int, int]) -> SudokuInstance:
    grid = [list(row) for row in instance.givens]
    grid[cell[0]][cell[1]] = 0
    return dataclasses.replace(instance, givens=tuple(map(tuple, grid)))


def solution_of(instance: SudokuInstance):
    return satpuzzle.solve(instance)


# ---------------------------------------------------------------- uniqueness, minimality


@pytest.mark.parametrize("size,box", [(4, None), (6, None), (6, (3, 2)), (9, None),
                                      (8, (2, 4)), (12, (3, 4)), (10, (2, 5))])
@pytest.mark.parametrize("seed", [0, 1])
def test_generated_puzzles_are_unique(size, box, seed):
    instance = generator.generate(size, box=box, seed=seed)
    assert (instance.box_rows, instance.box_cols) == (box or sudoku.default_box(size))
    assert count(instance) == 1
    assert checker.check(instance, solution_of(instance)) == []


@pytest.mark.parametrize("size,box,seed", [(9, None, 0), (9, None, 7), (6, (2, 3), 1),
                                           (12, (3, 4), 2), (4, None, 3)])
def test_minimal_puzzles_lose_uniqueness_without_any_given(size, box, seed):
    instance = generator.generate(size, box=box, seed=seed, minimal=True)
    assert count(instance) == 1
    assert "minimal" in instance.title
    for cell in givens_of(instance):
        assert count(without(instance, cell)) >= 2, cell


def test_default_puzzles_are_symmetric_under_a_half_turn():
    instance = generator.generate(9, seed=4)
    cells = set(givens_of(instance))
    assert cells == {(8 - r, 8 - c) for r, c in cells}


def test_the_same_seed_gives_the_same_puzzle_and_others_differ():
    first = generator.generate(9, seed=11, minimal=True)
    assert first == generator.generate(9, seed=11, minimal=True)
    assert first.givens != generator.generate(9, seed=12, minimal=True).givens
    grids = {generator.generate(9, seed=seed).givens for seed in range(8)}
    assert len(grids) == 8


def test_minimal_puzzles_are_sparser_than_the_symmetric_ones():
    loose = sum(len(givens_of(generator.generate(9, seed=s))) for s in range(5))
    tight = sum(len(givens_of(generator.generate(9, seed=s, minimal=True))) for s in range(5))
    assert tight <= loose
    assert all(17 <= len(givens_of(generator.generate(9, seed=s, minimal=True))) <= 40
               for s in range(3))


def test_full_grid_is_a_solution():
    template = SudokuInstance(2, 3, tuple((0,) * 6 for _ in range(6)))
    grid = generator.full_grid(random.Random(3), template)
    assert checker.check(template, grid) == []


def test_bad_shapes_and_options_are_refused():
    with pytest.raises(InputError, match="box 2x3 has 6 cells"):
        generator.generate(9, box=(2, 3))
    with pytest.raises(InputError, match="unknown difficulty"):
        generator.generate(9, difficulty="fiendish")
    with pytest.raises(InputError, match="order"):
        generator.generate(0)
    with pytest.raises(InputError, match="attempts"):
        generator.generate(4, attempts=0)


# ---------------------------------------------------------------- grading


def load(name: str) -> SudokuInstance:
    return satpuzzle.load(str(SUDOKU / name))[0]


def test_known_puzzles_are_graded():
    # the Wikipedia puzzle falls to the seed's exclusivity alone
    assert grading.grade(load("classic.puz")) == "naked-single"
    # Inkala's "hardest" puzzle needs far more than these rules
    assert grading.grade(load("inkala-2012.puz")) == grading.SEARCH
    # a puzzle with several solutions stalls: no rule can choose between them
    assert grading.grade(load("six-by-six.puz")) == grading.SEARCH


def test_hard_batch_needs_more_than_singles():
    instances, _ = sudoku_native.read_native((SUDOKU / "hard-batch.txt").read_text(), "hard", {})
    grades = [grading.grade(instance) for instance in instances]
    assert all(grading.level_index(g) > grading.level_index("hidden-single") for g in grades)


def grid_with(candidates: dict[tuple[int, int], set[int]], size: int = 9) -> grading._Grid:
    """A 9×9 candidate state: every cell open with every digit, except as given."""
    instance = SudokuInstance(3, 3, tuple((0,) * size for _ in range(size)))
    grid = grading._grid_of(instance)
    for (r, c), digits in candidates.items():
        grid.cand[r * size + c] = sum(1 << (d - 1) for d in digits)
    return grid


def digits_at(grid: grading._Grid, r: int, c: int) -> set[int]:
    mask = grid.cand[r * 9 + c]
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


def test_naked_pair_removes_its_digits_from_the_unit():
    grid = grid_with({(0, 0): {1, 2}, (0, 5): {1, 2}})
    assert grading.RULES[2][1](grid)
    assert digits_at(grid, 0, 3) == set(range(3, 10))
    assert digits_at(grid, 0, 0) == {1, 2} and digits_at(grid, 1, 0) == set(range(1, 10))


def test_locked_candidates_point_out_of_a_box():
    # in box 0, digit 5 only in row 0: it leaves the rest of row 0
    grid = grid_with({cell: set(range(1, 10)) - {5} for cell in
                      [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]})
    assert grading.locked_candidates(grid)
    assert all(5 not in digits_at(grid, 0, c) for c in range(3, 9))
    assert 5 in digits_at(grid, 0, 0) and 5 in digits_at(grid, 1, 5)


def test_hidden_pair_keeps_only_its_digits():
    others = {(0, c): set(range(1, 10)) - {3, 4} for c in range(2, 9)}
    grid = grid_with(others)
    assert grading.RULES[4][1](grid)
    assert digits_at(grid, 0, 0) == {3, 4} == digits_at(grid, 0, 1)


def test_x_wing_clears_the_two_columns():
    # digit 7 in rows 1 and 5 only at columns 2 and 6
    blocked = {(r, c): set(range(1, 10)) - {7} for r in (1, 5) for c in range(9)
               if c not in (2, 6)}
    grid = grid_with(blocked)
    assert grading.x_wing(grid)
    assert all(7 not in digits_at(grid, r, c) for r in range(9) if r not in (1, 5)
               for c in (2, 6))
    assert 7 in digits_at(grid, 1, 2) and 7 in digits_at(grid, 0, 0)


@pytest.mark.parametrize("seed", range(12))
def test_the_rules_never_remove_the_solution(seed):
    instance = generator.generate(9, seed=seed, minimal=True)
    solution = solution_of(instance)
    grade, cand = grading.deduce(instance)
    for cell, mask in enumerate(cand):
        assert mask >> (solution[cell // 9][cell % 9] - 1) & 1
    if grade != grading.SEARCH:
        assert all(mask.bit_count() == 1 for mask in cand)
        easier = grading.LEVELS[grading.level_index(grade) - 1] if grade != "naked-single" \
            else None
        if easier is not None:  # the grade is the least set of rules that fills the grid
            assert grading.deduce(instance, upto=easier)[0] == grading.SEARCH


def test_levels_are_declared_alike():
    assert sudoku_kind.DIFFICULTIES == grading.LEVELS


# ---------------------------------------------------------------- difficulty


@pytest.mark.parametrize("level", ["naked-single", "hidden-single", "naked-pair", "search"])
def test_difficulty_is_honoured(level):
    instance = generator.generate(9, seed=1, difficulty=level)
    assert grading.grade(instance) == level
    assert instance.title.endswith(f"grade {level}")
    assert count(instance) == 1


def test_difficulty_with_minimal_stays_minimal():
    instance = generator.generate(9, seed=2, difficulty="hidden-single", minimal=True)
    assert grading.grade(instance) == "hidden-single"
    for cell in givens_of(instance):
        assert count(without(instance, cell)) >= 2


def test_an_unreachable_difficulty_is_a_clear_error():
    # a 4×4 never needs an X-wing: its rows have four cells
    with pytest.raises(InputError, match=r"no x-wing puzzle in 3 attempt\(s\)"):
        generator.generate(4, seed=0, difficulty="x-wing", attempts=3)


# ---------------------------------------------------------------- variants


def variant_fields() -> set[str]:
    return {field.name for field in dataclasses.fields(SudokuInstance)}


@pytest.mark.skipif("diagonals" not in variant_fields(), reason="Sudoku X not in this version")
@pytest.mark.parametrize("seed", [0, 1])
def test_sudoku_x_is_unique_and_keeps_its_diagonals(seed):
    instance = generator.generate(9, seed=seed, variant="x", minimal=True)
    assert instance.diagonals
    assert count(instance) == 1
    solution = solution_of(instance)
    assert len({solution[i][i] for i in range(9)}) == 9
    assert len({solution[i][8 - i] for i in range(9)}) == 9
    for cell in givens_of(instance)[:6]:
        assert count(without(instance, cell)) >= 2


@pytest.mark.skipif("cages" not in variant_fields(), reason="Killer not in this version")
@pytest.mark.parametrize("size,seed", [(9, 0), (6, 1), (4, 2)])
def test_killer_cages_cover_the_grid_and_are_unique(size, seed):
    instance = generator.generate(size, seed=seed, variant="killer")
    cells = [cell for cage in instance.cages for cell in cage.cells]
    assert sorted(cells) == [(r, c) for r in range(size) for c in range(size)]
    assert count(instance) == 1
    solution = solution_of(instance)
    for cage in instance.cages:
        digits = [solution[r][c] for r, c in cage.cells]
        assert len(set(digits)) == len(digits) and sum(digits) == cage.total
    assert checker.check(instance, solution) == []


@pytest.mark.skipif("cages" not in variant_fields(), reason="Killer not in this version")
def test_killer_cage_size_is_honoured():
    instance = generator.generate(9, seed=3, variant=generator.Killer(cage_size=3))
    assert max(len(cage.cells) for cage in instance.cages) <= 3


# ---------------------------------------------------------------- command line


def test_cli_generates_a_unique_graded_puzzle(tmp_path):
    result = run_cli("generate", "sudoku", "--seed", "5", "--minimal")
    assert result.returncode == 0, result.stderr
    assert 'sudoku "generated 9x9 sudoku, seed 5' in result.stdout and "grade " in result.stdout
    path = tmp_path / "g.puz"
    path.write_text(result.stdout)
    instance = satpuzzle.load(str(path))[0]
    assert instance == generator.generate(9, seed=5, minimal=True)
    counted = run_cli("solve", path, "--count")
    assert counted.returncode == 0 and "1 solution(s), complete" in counted.stderr


@pytest.mark.parametrize("args,shape", [(("--size", "6"), "2x3"), (("--size", "6x6", "--box", "3x2"), "3x2"),
                                        (("--size", "12", "--box", "3x4"), "3x4")])
def test_cli_box_shapes(args, shape):
    result = run_cli("generate", "sudoku", *args, "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert f"box: {shape}" in result.stdout


def test_cli_difficulty_and_errors():
    result = run_cli("generate", "sudoku", "--difficulty", "naked-single", "--seed", "2")
    assert result.returncode == 0 and "grade naked-single" in result.stdout
    assert run_cli("generate", "sudoku", "--size", "9x8").returncode == 2
    bad = run_cli("generate", "sudoku", "--size", "9", "--box", "2x3")
    assert bad.returncode == 2 and "box 2x3 has 6 cells" in bad.stderr
    refused = run_cli("generate", "sudoku", "--size", "4", "--difficulty", "x-wing",
                      "--attempts", "2")
    assert refused.returncode == 2 and "no x-wing puzzle in 2 attempt(s)" in refused.stderr


def test_api_generates_sudoku_of_the_default_size():
    instance = satpuzzle.generate("sudoku", seed=3, difficulty="hidden-single")
    assert instance.size == 9 and grading.grade(instance) == "hidden-single"
    assert satpuzzle.generate("sudoku", 6, seed=3).size == 6
