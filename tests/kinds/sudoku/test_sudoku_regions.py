"""Irregular-region (jigsaw) Sudoku: counts against plain backtracking, region errors with
their positions, the bundled puzzles, the checker, batches and the .puz round trip."""

from __future__ import annotations

import random

import pytest
from conftest import INSTANCES, parse_grids, run_cli

import satpuzzle
from satpuzzle.checkers.sudoku import violations
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import batch as sudoku_batch
from satpuzzle.kinds.sudoku import decoding as sudoku_decoding
from satpuzzle.kinds.sudoku import puzzle as sudoku
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.loading import load_text
from satpuzzle.solving import Job, ModelStream

SUDOKU = INSTANCES / "sudoku"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# ---------------------------------------------------------------- helpers written from the rules


def random_regions(size: int, rng: random.Random) -> list[list[int]]:
    """N connected regions of N cells: grow N seeds one free neighbour at a time, retrying
    until the growth fills the grid evenly."""
    while True:
        grid = [[-1] * size for _ in range(size)]
        grown = [1] * size
        for region, cell in enumerate(rng.sample(range(size * size), size)):
            grid[cell // size][cell % size] = region
        for _ in range(size * size * 20):
            region = rng.randrange(size)
            free = [(r + dr, c + dc) for r in range(size) for c in range(size)
                    if grid[r][c] == region for dr, dc in STEPS
                    if 0 <= r + dr < size and 0 <= c + dc < size and grid[r + dr][c + dc] < 0]
            if grown[region] < size and free:
                r, c = rng.choice(free)
                grid[r][c] = region
                grown[region] += 1
        if all(count == size for count in grown):
            return grid


def brute_force_count(givens: list[list[int]], regions: list[list[int]]) -> int:
    """Every filling with each digit once per row, column and region, by cell-by-cell
    backtracking."""
    size = len(givens)
    grid = [list(row) for row in givens]
    members = {k: [(r, c) for r in range(size) for c in range(size) if regions[r][c] == k]
               for k in range(size)}

    def allowed(r: int, c: int, digit: int) -> bool:
        return (all(grid[r][k] != digit for k in range(size) if k != c)
                and all(grid[k][c] != digit for k in range(size) if k != r)
                and all(grid[i][j] != digit for i, j in members[regions[r][c]]
                        if (i, j) != (r, c)))

    def count(position: int) -> int:
        if position == size * size:
            return 1
        r, c = divmod(position, size)
        if grid[r][c]:
            return count(position + 1) if allowed(r, c, grid[r][c]) else 0
        total = 0
        for digit in range(1, size + 1):
            if allowed(r, c, digit):
                grid[r][c] = digit
                total += count(position + 1)
                grid[r][c] = 0
        return total

    return count(0)


def first_filling(size: int, regions: list[list[int]], rng: random.Random) -> list[list[int]]:
    """A random valid filling (backtracking with shuffled digits), or a Latin square that
    ignores the regions when the regions admit none."""
    grid = [[0] * size for _ in range(size)]

    def fill(position: int) -> bool:
        if position == size * size:
            return True
        r, c = divmod(position, size)
        digits = list(range(1, size + 1))
        rng.shuffle(digits)
        for digit in digits:
            grid[r][c] = digit
            if brute_force_ok(grid, regions, r, c) and fill(position + 1):
                return True
        grid[r][c] = 0
        return False

    if fill(0):
        return grid
    return [[(r + c) % size + 1 for c in range(size)] for r in range(size)]


def brute_force_ok(grid: list[list[int]], regions: list[list[int]], r: int, c: int) -> bool:
    size, digit = len(grid), grid[r][c]
    peers = [(r, k) for k in range(size)] + [(k, c) for k in range(size)] + [
        (i, j) for i in range(size) for j in range(size) if regions[i][j] == regions[r][c]]
    return all(grid[i][j] != digit for i, j in peers if (i, j) != (r, c))


def instance_of(givens, regions) -> SudokuInstance:
    size = len(givens)
    box = sudoku.default_box(size)
    return SudokuInstance(box[0], box[1], tuple(map(tuple, givens)),
                          regions=tuple(map(tuple, regions)))


# ---------------------------------------------------------------- counts


@pytest.mark.parametrize("size,trials", [(4, 30), (5, 25)])
def test_random_irregular_puzzles_match_brute_force(size, trials):
    rng = random.Random(7000 + size)
    outcomes = set()
    for _ in range(trials):
        regions = random_regions(size, rng)
        filling = first_filling(size, regions, rng)
        density = rng.choice((0.15, 0.3, 0.45))
        givens = [[v if rng.random() < density else 0 for v in row] for row in filling]
        if rng.random() < 0.2:  # a stray given: often no solution at all
            givens[rng.randrange(size)][rng.randrange(size)] = rng.randint(1, size)
        instance = instance_of(givens, regions)
        found = list(satpuzzle.solutions(instance))
        expected = brute_force_count(givens, regions)
        assert len(found) == expected, (givens, regions)
        assert len(set(found)) == len(found)
        for grid in found:
            assert violations(givens, instance.box_rows, instance.box_cols, grid, regions) == []
        outcomes.add(min(expected, 2))
    assert outcomes == {0, 1, 2}  # the sample holds unsolvable, unique and multiple puzzles


def test_cli_count_of_written_puzzle_matches_brute_force(tmp_path):
    rng = random.Random(99)
    regions = random_regions(5, rng)
    givens = [[v if rng.random() < 0.2 else 0 for v in row]
              for row in first_filling(5, regions, rng)]
    path = tmp_path / "irregular.puz"
    path.write_text(sudoku.to_puz(instance_of(givens, regions)))
    counted = run_cli("solve", path, "--all", "--count")
    assert counted.returncode == 0, counted.stderr
    assert int(counted.stdout) == brute_force_count(givens, regions) > 0


def test_prime_size_with_regions():
    regions = [[0, 0, 0, 1, 1, 1, 1], [0, 0, 0, 2, 1, 1, 1], [0, 2, 2, 2, 2, 2, 2],
               [3, 3, 3, 3, 4, 4, 4], [3, 3, 3, 5, 4, 4, 4], [5, 5, 5, 5, 6, 4, 6],
               [5, 5, 6, 6, 6, 6, 6]]
    assert sudoku.region_problem(regions, 7) is None
    instance = instance_of([[0] * 7 for _ in range(7)], regions)
    assert (instance.box_rows, instance.box_cols) == (1, 7)
    solution = satpuzzle.solve(instance)
    assert solution is not None and satpuzzle.check(instance, solution) == []


# ---------------------------------------------------------------- bundled puzzles


@pytest.mark.parametrize("name,size", [("jigsaw-6x6.puz", 6), ("jigsaw-9x9.puz", 9)])
def test_bundled_jigsaw_sudokus_are_unique_and_valid(name, size):
    instance = satpuzzle.load(str(SUDOKU / name))[0]
    assert instance.size == size and instance.regions is not None
    found = list(satpuzzle.solutions(instance, limit=2))
    assert len(found) == 1
    assert satpuzzle.check(instance, found[0]) == []
    # the regions matter: the same givens with ordinary boxes do not give this solution
    boxes = SudokuInstance(instance.box_rows, instance.box_cols, instance.givens)
    assert satpuzzle.check(boxes, found[0]) != []


def test_bundled_9x9_through_the_cli():
    result = run_cli("solve", SUDOKU / "jigsaw-9x9.puz", "--unique")
    assert result.returncode == 0, result.stderr
    verdict, grid_text = result.stdout.strip().split("\n\n")
    assert verdict == "unique"
    instance = satpuzzle.load(str(SUDOKU / "jigsaw-9x9.puz"))[0]
    grid = parse_grids(grid_text)[0]
    assert violations(instance.givens, 3, 3, grid, instance.regions) == []


def test_to_puz_round_trip_keeps_every_field():
    rng = random.Random(5)
    for size in (4, 5, 6, 7):
        regions = random_regions(size, rng)
        numbering = list(range(size))
        rng.shuffle(numbering)  # any numbering, not only first-seen order
        regions = [[numbering[k] for k in row] for row in regions]
        instance = instance_of([[0] * size for _ in range(size)], regions)
        assert load_text(sudoku.to_puz(instance), "<t>").instances == [instance]
    big = [[(r // 8) * 8 + c // 8 for c in range(64)] for r in range(64)]  # numbers, not letters
    instance = SudokuInstance(8, 8, tuple((0,) * 64 for _ in range(64)), "big",
                              tuple(map(tuple, big)))
    assert load_text(sudoku.to_puz(instance), "<t>").instances == [instance]


def test_digit_symbols_and_file_reference(tmp_path):
    (tmp_path / "regions.txt").write_text("1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n")
    (tmp_path / "p.puz").write_text('sudoku {\n  regions: file "regions.txt"\n'
                                    '  grid {\n    1...\n    ....\n    ....\n    ....\n  }\n}\n')
    instance = satpuzzle.load(str(tmp_path / "p.puz"))[0]
    assert instance.regions == ((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3), (2, 2, 3, 3))


# ---------------------------------------------------------------- errors


def puzzle_with_regions(*lines: str) -> str:
    body = "".join(f"    {line}\n" for line in lines)
    return f"sudoku {{\n  regions {{\n{body}  }}\n  grid {{\n    1 . . .\n    . . . .\n" \
           "    . . . .\n    . . . .\n  }\n}\n"


# (region lines, line, column, words of the message); the regions block starts on line 2
BAD_REGIONS = {
    "region too large": (("A A B B", "A A B B", "A C C D", "C C D D"), 3, 5, "has 5 cells"),
    "disconnected": (("A A B B", "C A B B", "A C D D", "C C D D"), 5, 5, "not connected"),
    "five symbols": (("A A B B", "A A B B", "C C D D", "C C D E"), 6, 11, "5 different"),
    "three symbols": (("A A B B", "A A B B", "C C B B", "C C C C"), 2, 3, "3 different"),
    "short line": (("AABB", "AAB", "CCDD", "CCDD"), 4, 5, "3 symbol(s), expected 4"),
    "missing line": (("AABB", "AABB", "CCDD"), 2, 3, "3 line(s), expected 4"),
    "not a symbol": (("A A B B", "A A B B", "C C D D", "C C D %"), 6, 11, "letter or digit"),
}


@pytest.mark.parametrize("case", sorted(BAD_REGIONS))
def test_bad_regions_are_refused_with_a_position(case):
    lines, line, column, words = BAD_REGIONS[case]
    with pytest.raises(InputError) as caught:
        load_text(puzzle_with_regions(*lines), "bad.puz")
    error = caught.value
    assert (error.path, error.line, error.column) == ("bad.puz", line, column), str(error)
    assert words in error.message


def test_cli_reports_bad_regions_as_one_line(tmp_path):
    path = tmp_path / "bad.puz"
    path.write_text(puzzle_with_regions("A A B B", "C A B B", "A C D D", "C C D D"))
    result = run_cli("solve", path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip() == (f"{path}:5:5: error: region 'A' is not connected: this "
                                     "cell cannot be reached from row 1, column 1 through "
                                     "side-adjacent cells of the region")


def test_region_problem_on_numbers():
    assert sudoku.region_problem([[0, 0], [1, 1]], 2) is None
    assert sudoku.region_problem([[0, 1], [1, 0]], 2)[1] == (1, 1)  # 0 is cut in two
    assert sudoku.region_problem([[0, 0], [1, 2]], 2) == ("region number 2 out of range 0..1",
                                                          (1, 1))


def test_encoding_code_built_instance_with_bad_regions_is_refused():
    bad = instance_of([[0] * 4 for _ in range(4)], [[0, 0, 1, 1]] * 2 + [[2, 2, 3, 3]] * 2)
    assert satpuzzle.solve(bad) is not None  # sanity: this one is fine
    with pytest.raises(InputError, match="region 0 has 6 cells"):  # by the constructor
        instance_of([[0] * 4 for _ in range(4)], [[0, 0, 0, 1]] * 2 + [[2, 2, 3, 3]] * 2)


# ---------------------------------------------------------------- checker and batches


def test_checker_uses_regions_instead_of_boxes():
    regions = [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]]
    instance = instance_of([[0] * 4 for _ in range(4)], regions)
    solution = satpuzzle.solve(instance)
    assert violations([[0] * 4] * 4, 2, 2, solution, regions) == []
    assert any("box" in problem for problem in violations([[0] * 4] * 4, 2, 2, solution))
    swapped = [list(row) for row in solution]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # rows and columns stay Latin
    problems = violations([[0] * 4] * 4, 2, 2, swapped, regions)
    assert problems and all(problem.startswith("region") for problem in problems)
    lopsided = [[0, 0, 0, 0], [0, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]  # region 0 has 5 cells
    assert any("region 0" in problem
               for problem in violations([[0] * 4] * 4, 2, 2, solution, lopsided))


def test_batch_shares_regions_and_refuses_mixing():
    rng = random.Random(11)
    regions = random_regions(5, rng)
    puzzles = []
    for _ in range(3):
        filling = first_filling(5, regions, rng)
        puzzles.append(instance_of([[v if rng.random() < 0.4 else 0 for v in row]
                                    for row in filling], regions))
    formula, jobs = sudoku_batch.encode_batch(puzzles)
    assert "irregular regions" in formula.summary[0]
    for instance, job in zip(puzzles, jobs):
        stream = ModelStream(formula)
        found = {sudoku_decoding.decode(instance, [formula.names[v] for v in model])
                 for model in stream.models(Job(job.assumptions))}
        stream.close()
        assert found == set(satpuzzle.solutions(instance))
    other = instance_of([[0] * 5 for _ in range(5)], random_regions(5, rng))
    with pytest.raises(InputError, match="different regions"):
        sudoku_batch.encode_batch([puzzles[0], other])
    with pytest.raises(InputError, match="different regions"):
        sudoku_batch.encode_batch([puzzles[0], SudokuInstance(1, 5, puzzles[0].givens)])
