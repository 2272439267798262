"""Shikaku end to end: published puzzles and their solution counts, brute-force counts,
generated unique puzzles, errors, and CLI round trips. Every solution printed is re-checked by
the independent rule checker."""

from __future__ import annotations

import json
import random
import time

import pytest
from conftest import INSTANCES, run_cli

import satpuzzle
from satpuzzle.backbone import backbone
from satpuzzle.checkers.shikaku import check, violations
from satpuzzle.kinds.shikaku import decoding as shikaku_decoding
from satpuzzle.kinds.shikaku import encoding as shikaku_encoding
from satpuzzle.kinds.shikaku import generator as shikaku_generator
from satpuzzle.kinds.shikaku import presolve, probing, rules
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.shikaku import rendering as shikaku_rendering
from satpuzzle.solving import Job, ModelStream

SHIKAKU = INSTANCES / "shikaku"

# The published answer to codingame-10x10.puz (CodinGame "Shikaku Solver", test 1).
CODINGAME_10_SOLUTION = """\
AAAABBBCCC
AAAABBBCCC
AAAABBBCCC
AAAADDDDEE
AAAADDDDEE
FFGGGHHHEE
FFGGGHHHII
FFJJKKLLII
FFJJKKLLII
FFJJKKLLII"""


def brute_force_count(rows: int, cols: int, clues) -> int:
    """Cover the first empty cell (row-major) by every rectangle having it as top-left corner
    that holds exactly one clue equal to its area; written from the rules only."""
    area_at = {(r, c): a for r, c, a in clues}
    taken = [[False] * cols for _ in range(rows)]

    def count(start: int) -> int:
        while start < rows * cols and taken[start // cols][start % cols]:
            start += 1
        if start == rows * cols:
            return 1
        top, left = divmod(start, cols)
        total = 0
        for height in range(1, rows - top + 1):
            for width in range(1, cols - left + 1):
                cells = [(r, c) for r in range(top, top + height)
                         for c in range(left, left + width)]
                if any(taken[r][c] for r, c in cells):
                    break  # wider rectangles would hit the same taken cell
                inside = [area_at[cell] for cell in cells if cell in area_at]
                if len(inside) == 1 and inside[0] == height * width:
                    for r, c in cells:
                        taken[r][c] = True
                    total += count(start + 1)
                    for r, c in cells:
                        taken[r][c] = False
        return total

    return count(0)


def letters_to_rectangles(text: str) -> set[tuple[int, int, int, int]]:
    grid = [line.split() if " " in line else list(line) for line in text.splitlines()]
    rects = set()
    for letter in {ch for row in grid for ch in row}:
        cells = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == letter]
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        rects.add((top, left, max(r for r, _ in cells) - top + 1,
                   max(c for _, c in cells) - left + 1))
    return rects


def all_solutions(instance, limit=None):
    return list(satpuzzle.solutions(instance, limit=limit))


# ---------------------------------------------------------------- published puzzles


@pytest.mark.parametrize("name, expected", [
    ("codingame-10x10.puz", 1), ("simonis-10x10.puz", 1), ("codingame-20x15.txt", 20),
    ("codingame-20x20.puz", 32), ("small-5x5.txt", 8),
])
def test_published_counts_and_brute_force(name, expected):
    instance = satpuzzle.load(str(SHIKAKU / name), "shikaku")[0]
    solutions = all_solutions(instance)
    assert len(solutions) == len(set(solutions)) == expected
    assert all(check(instance, s) == [] for s in solutions)
    if instance.rows * instance.cols <= 100:  # the brute force is quick on these
        assert brute_force_count(instance.rows, instance.cols, instance.clues) == expected


def test_codingame_solution_is_the_published_one():
    instance = satpuzzle.load(str(SHIKAKU / "codingame-10x10.puz"))[0]
    (solution,) = all_solutions(instance)
    found = {(p.top, p.left, p.height, p.width) for p in solution}
    assert found == letters_to_rectangles(CODINGAME_10_SOLUTION)


@pytest.mark.parametrize("seed", range(12))
def test_random_small_instances_match_brute_force(seed):
    instance = shikaku_generator.generate(4 + seed % 3, 5, depth=3, merge_iters=1, merge_prob=0.3,
                                seed=seed)
    solutions = all_solutions(instance)
    assert len(set(solutions)) == len(solutions)
    assert len(solutions) == brute_force_count(instance.rows, instance.cols, instance.clues)
    assert all(check(instance, s) == [] for s in solutions)


# ---------------------------------------------------------------- presolve and encoding


def count_models(formula) -> int:
    """Every solution of a formula, counted by blocking each one (as the pipeline does)."""
    stream = ModelStream(formula)
    try:
        return sum(1 for _ in stream.models(Job()))
    finally:
        stream.close()


def random_puzzle(seed: int) -> shikaku.ShikakuInstance:
    """A small puzzle with a random layout, from a few large rectangles to many small ones
    (those have several solutions more often); one seed in four gets its areas shuffled among
    its clue cells, which often leaves no solution."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 6), rng.randint(2, 7)
    depth = rng.randint(1, max(1, (rows * cols).bit_length() - 1))
    instance = shikaku_generator.generate(rows, cols, depth=depth, merge_iters=rng.randint(0, 3),
                                merge_prob=0.5, seed=seed)
    if seed % 4 == 0:
        areas = [area for _, _, area in instance.clues]
        rng.shuffle(areas)
        clues = tuple((r, c, a) for (r, c, _), a in zip(instance.clues, areas))
        instance = shikaku.ShikakuInstance(rows, cols, clues)
    return instance


@pytest.mark.parametrize("seed", range(80))
def test_presolve_probing_and_encoding_keep_every_solution(seed):
    """Counts with neither, the presolve, and the presolve then probing, against the brute
    force: both remove only candidates in no solution, and the encoding alone is exact."""
    instance = random_puzzle(seed)
    rows, cols, clues = instance.rows, instance.cols, instance.clues
    expected = brute_force_count(rows, cols, clues)
    found = presolve.candidates(rows, cols, clues)
    for propagate, probe in ((False, False), (True, False), (True, True)):
        reduced = presolve.reduce(rows, cols, found, len(clues), propagate=propagate)
        if probe:
            probing.probe(rows, cols, clues, reduced)
        assert count_models(rules.encode(rows, cols, clues, reduced)) == expected
        if propagate and expected:
            assert reduced.feasible


@pytest.mark.parametrize("name, expected", [("codingame-20x15.txt", 20),
                                            ("codingame-20x20.puz", 32)])
def test_encoding_without_presolve_counts_the_same(name, expected):
    instance = satpuzzle.load(str(SHIKAKU / name), "shikaku")[0]
    rows, cols, clues = instance.rows, instance.cols, instance.clues
    found = presolve.candidates(rows, cols, clues)
    unreduced = presolve.reduce(rows, cols, found, len(clues), propagate=False)
    assert count_models(rules.encode(rows, cols, clues, unreduced)) == expected


@pytest.mark.parametrize("batch", [7, presolve.POSITIONS_PER_BATCH])
def test_candidates_are_every_rectangle_with_one_clue(monkeypatch, batch):
    monkeypatch.setattr(presolve, "POSITIONS_PER_BATCH", batch)  # batches must not matter
    shikaku.candidates.cache_clear()
    rng = random.Random(4)
    for _ in range(30):
        instance = random_puzzle(rng.randrange(1000))
        rows, cols = instance.rows, instance.cols
        cells = {(r, c) for r, c, _ in instance.clues}
        expected = tuple(tuple(
            (top, left, h, area // h) for h in range(1, area + 1) if area % h == 0
            for top in range(rows - h + 1) for left in range(cols - area // h + 1)
            if top <= r < top + h and left <= c < left + area // h
            and sum((i, j) in cells for i in range(top, top + h)
                    for j in range(left, left + area // h)) == 1)
            for r, c, area in instance.clues)
        assert shikaku.candidates(instance).rects(len(instance.clues)) == expected


def test_forced_counts_presolved_rectangles_as_ruled_out():
    instance = satpuzzle.load(str(SHIKAKU / "small-5x5.txt"), "shikaku")[0]
    solutions = all_solutions(instance)
    formula = shikaku_encoding.encode(instance)
    result = backbone(formula)
    forced = {formula.names[v]: v in result.forced_true
              for v in sorted(result.forced_true | result.forced_false)}
    options = shikaku.candidates(instance).rects(len(instance.clues))
    for line, (r, c, _), rects in zip(shikaku_decoding.forced_text(instance, forced),
                                      instance.clues, options):
        used = {p[1:] for s in solutions for p in s if p.clue == (r, c)}
        if len(used) > 1:
            unused = len(rects) - len(used)
            assert line.endswith(f"{unused} rectangle(s) ruled out" if unused else "open")


def test_huge_candidate_lists_are_refused_within_the_budget(monkeypatch):
    from satpuzzle.cnf import ClauseBudgetExceeded, clause_budget

    monkeypatch.setattr(presolve, "MEMORY_FLOOR", 1000)  # instead of a puzzle of gigabytes
    found = presolve.candidates(100, 100, [(50, 50, 10000)])
    with clause_budget(10), pytest.raises(ClauseBudgetExceeded, match="10,000 cells in all"):
        presolve.reduce(100, 100, found, 1)
    assert presolve.reduce(100, 100, found, 1).feasible  # the default budget lets it through


def test_a_generated_200x200_is_solved_and_checked_quickly():
    instance = shikaku_generator.generate(200, 200, depth=13, merge_iters=1, merge_prob=0.2, seed=0)
    start = time.perf_counter()
    solutions = all_solutions(instance, limit=2)
    assert time.perf_counter() - start < 5  # about 0.6 s (CP-SAT: about 2.5 s; before: 5.6 s)
    assert len(solutions) == 2 and all(check(instance, s) == [] for s in solutions)


# ---------------------------------------------------------------- generator


@pytest.mark.parametrize("size, depth, seed", [(8, 4, 1), (12, 5, 2), (15, 6, 3)])
def test_generated_unique_puzzles_have_one_solution(size, depth, seed):
    instance = shikaku_generator.generate(size, size, depth=depth, merge_iters=2, merge_prob=0.3,
                                seed=seed, unique=True)
    assert sum(area for _, _, area in instance.clues) == size * size
    solutions = all_solutions(instance, limit=2)
    assert len(solutions) == 1 and check(instance, solutions[0]) == []
    if size <= 8:
        assert brute_force_count(size, size, instance.clues) == 1


@pytest.mark.parametrize("seed", range(10))
def test_small_unique_puzzles_match_the_brute_force(seed):
    rows, cols = 4 + seed % 4, 5 + seed % 3
    instance = shikaku_generator.generate(rows, cols, depth=1 + seed % 5, merge_iters=seed % 3,
                                merge_prob=0.5, seed=seed, unique=True)
    assert brute_force_count(rows, cols, instance.clues) == 1


def test_generator_makes_a_100x100_unique_puzzle_quickly():
    start = time.perf_counter()
    instance = shikaku_generator.generate(100, 100, depth=11, merge_iters=1, merge_prob=0.2, seed=4,
                                unique=True)
    assert time.perf_counter() - start < 15  # about 0.7 s (a 200x200: about 4 s)
    solutions = all_solutions(instance, limit=2)
    assert len(solutions) == 1 and check(instance, solutions[0]) == []


def test_generator_is_deterministic():
    make = {"depth": 5, "merge_iters": 2, "merge_prob": 0.4, "seed": 7}
    assert shikaku_generator.generate(12, 9, **make) == shikaku_generator.generate(12, 9, **make)
    assert shikaku_generator.generate(12, 9, **make) != shikaku_generator.generate(
        12, 9, **{**make, "seed": 8})


# ---------------------------------------------------------------- checker


def test_checker_rejects_broken_solutions():
    instance = satpuzzle.load(str(SHIKAKU / "codingame-10x10.puz"))[0]
    (solution,) = all_solutions(instance)
    first, *rest = solution
    assert check(instance, rest) != []  # a clue without rectangle, cells uncovered
    grown = first._replace(height=first.height + 1)
    assert any("area" in p or "clues" in p for p in check(instance, [grown, *rest]))
    outside = first._replace(top=-1)
    assert any("inside" in p for p in check(instance, [outside, *rest]))
    assert violations(1, 2, [(0, 0, 2)], [((0, 0), 0, 0, 1, 2)]) == []
    assert violations(1, 2, [(0, 0, 1), (0, 1, 1)], [((0, 0), 0, 0, 1, 2)]) != []


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("grid, line, column, words", [
    ("2 . 3\n. x .\n", 2, 3, "expected a clue"),
    ("2 . 3\n. -1 .\n", 2, 3, "expected a clue"),
    ("2 . 4\n. .\n", 2, 1, "line has 2 cell(s), expected 3"),
    ("2 . 99\n. . .\n", 1, 5, "out of range"),
    ("2 . 3\n. . .\n", 1, 1, "sum to 5 but the 2×3 grid has 6 cells"),
    ("1 . 4\n. . .\n", 1, 1, "sum to 5"),
    ("5 . .\n. . 1\n", 1, 1, "has no rectangle"),
])
def test_native_errors_name_file_line_column(tmp_path, grid, line, column, words):
    path = tmp_path / "bad.txt"
    path.write_text(grid)
    result = run_cli("solve", path, "--kind", "shikaku")
    assert result.returncode == 2
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1 and words in message
    assert message.startswith(f"{path}:{line}:{column}: error:")


def test_puz_errors_point_into_the_grid(tmp_path):
    path = tmp_path / "bad.puz"
    path.write_text("shikaku {\n  grid {\n    2 . 0\n    . . 3\n  }\n}\n")
    result = run_cli("solve", path)
    assert result.returncode == 2
    assert result.stderr.startswith(f"{path}:2:3: error: clue areas sum to 5")
    path.write_text("shikaku {\n  grid {\n    2 . 0\n    . . -4\n  }\n}\n")
    assert run_cli("solve", path).stderr.startswith(f"{path}:4:9: error: expected a clue")


def test_uncoverable_cell_is_an_input_error(tmp_path):
    path = tmp_path / "hole.txt"
    path.write_text("1 . 1\n2 . 2\n")  # both 2s must lie in row 2: cell (1, 2) is left
    result = run_cli("solve", path, "--kind", "shikaku")
    assert result.returncode == 2 and "lies in no possible rectangle" in result.stderr


# ---------------------------------------------------------------- sniffing


def test_kind_inference_scores_shikaku_grids():
    from satpuzzle.errors import InputError
    from satpuzzle.kinds.base import Fit
    from satpuzzle.loading import infer_kind

    assert infer_kind((SHIKAKU / "codingame-20x15.txt").read_text(), "x.txt") == "shikaku"
    assert infer_kind("2 - 2\n- 2 -\n", "x.txt") == "shikaku"  # '-' cells are no Sudoku
    sudoku_grid = (INSTANCES / "sudoku" / "seed-format.txt").read_text()
    assert infer_kind(sudoku_grid, "x.txt") == "sudoku"
    assert infer_kind((INSTANCES / "sudoku" / "hard-batch.txt").read_text(), "x") == "sudoku"
    assert shikaku.fit("1 0 1\n0 0 1\n") < Fit.LIKELY  # a crossword-like 0/1 grid
    assert infer_kind("4 . . .\n. . . .\n. . . .\n. . . 12\n", "x") == "shikaku"  # 12 > 4
    # a clue repeated in a 2×2 box: no Sudoku, and the clues cover the grid
    assert infer_kind("4 . . .\n. 4 . .\n. . 4 .\n. . . 4\n", "x") == "shikaku"
    # clues that sum to the cells and repeat in no unit: both fit, satpuzzle does not guess
    with pytest.raises(InputError, match="could be a sudoku or a shikaku"):
        infer_kind("4 . . .\n. . 4 .\n. 4 . .\n. . . 4\n", "x")


# ---------------------------------------------------------------- CLI round trips


def test_solve_text_json_and_check(tmp_path):
    puzzle = SHIKAKU / "codingame-20x20.puz"
    text = run_cli("solve", puzzle, "--limit", "3")
    assert text.returncode == 0
    solutions_file = tmp_path / "out.txt"
    solutions_file.write_text(text.stdout)
    checked = run_cli("check", puzzle, solutions_file)
    assert checked.returncode == 0 and checked.stdout.count("valid") == 3
    as_json = run_cli("solve", puzzle, "--limit", "2", "--format", "json")
    data = json.loads(as_json.stdout)
    assert data["count"] == 2 and set(data["solutions"][0][0]) == {
        "clue", "top", "left", "height", "width"}
    json_file = tmp_path / "out.json"
    json_file.write_text(as_json.stdout)
    assert run_cli("check", puzzle, json_file).stdout.count("valid") == 2
    instance = satpuzzle.load(str(puzzle))[0]
    from_text = shikaku_rendering.parse_solutions(instance, text.stdout, "out.txt")
    from_json = [shikaku_rendering.from_json(instance, item, "out.json")
                 for item in data["solutions"]]
    assert all(check(instance, s) == [] for s in from_text + from_json)


def test_check_reports_a_wrong_solution(tmp_path):
    puzzle = SHIKAKU / "codingame-10x10.puz"
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(CODINGAME_10_SOLUTION.replace("FFGGG", "FGGGG"))
    result = run_cli("check", puzzle, wrong)
    assert result.returncode == 1 and "INVALID" in result.stdout
    right = tmp_path / "right.txt"
    right.write_text("\n".join(" ".join(line) for line in CODINGAME_10_SOLUTION.splitlines()))
    assert run_cli("check", puzzle, right).returncode == 0


def test_count_unique_and_native_sniffing():
    counted = run_cli("solve", SHIKAKU / "codingame-20x15.txt", "--count")
    assert counted.returncode == 0 and counted.stdout.strip() == "20"
    unique = run_cli("solve", SHIKAKU / "simonis-10x10.puz", "--unique")
    verdict, grid = unique.stdout.strip().split("\n\n")
    assert verdict == "unique" and len(grid.splitlines()) == 10
    several = run_cli("solve", SHIKAKU / "small-5x5.txt", "--unique")
    assert several.stdout.startswith("multiple")


def test_bordered_output_round_trips(tmp_path):
    instance = shikaku_generator.generate(15, 15, depth=6, merge_iters=0, merge_prob=0, seed=3,
                                unique=True)
    assert len(instance.clues) > len(shikaku_rendering.LETTERS)
    solution = satpuzzle.solve(instance)
    drawn = shikaku_rendering.render_text(instance, solution)
    assert "┌" in drawn and len(drawn.splitlines()) == 2 * 15 + 1
    assert shikaku_rendering.parse_solutions(instance, drawn + "\n\n" + drawn, "x") == [
        solution] * 2
    puz = tmp_path / "big.puz"
    puz.write_text(shikaku.to_puz(instance))
    assert satpuzzle.load(str(puz))[0].clues == instance.clues
    printed = run_cli("solve", puz)
    out = tmp_path / "big.txt"
    out.write_text(printed.stdout)
    assert run_cli("check", puz, out).stdout.strip() == "solution 1: valid"


def test_compile_then_decode_with_a_model(tmp_path):
    puzzle = SHIKAKU / "codingame-10x10.puz"
    cnf = tmp_path / "p.cnf"
    assert run_cli("compile", puzzle, "-o", cnf).returncode == 0
    header = cnf.read_text()
    assert "c kind: shikaku" in header and "c var: 1 rect " in header
    instance = satpuzzle.load(str(puzzle))[0]
    formula = satpuzzle.compile(instance)
    from pysat.solvers import Solver

    with Solver(bootstrap_with=formula.all_clauses()) as solver:
        assert solver.solve()
        model = solver.get_model()
    model_file = tmp_path / "model.txt"
    model_file.write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    decoded = run_cli("decode", cnf, model_file)
    assert decoded.returncode == 0
    grid = "\n".join(line.replace(" ", "") for line in decoded.stdout.strip().splitlines())
    assert letters_to_rectangles(grid) == letters_to_rectangles(CODINGAME_10_SOLUTION)
    as_json = run_cli("decode", cnf, model_file, "--format", "json")
    assert json.loads(as_json.stdout)["solutions"][0][0]["clue"] == [0, 8]
