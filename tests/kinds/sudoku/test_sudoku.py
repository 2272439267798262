"""Sudoku end to end: counts against known figures and brute force, uniqueness, UNSAT, sizes,
formats, back ends. Every grid the CLI prints is re-checked here by the independent checker."""

from __future__ import annotations

import json
import random

import pytest
from conftest import INSTANCES, parse_grids, run_cli, shared, sudoku_brute_force_count

import satpuzzle
from satpuzzle.checkers.sudoku import violations
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

SUDOKU = INSTANCES / "sudoku"


def assert_valid(givens, box_rows, box_cols, grids) -> None:
    for grid in grids:
        assert violations(givens, box_rows, box_cols, grid) == []


def pattern_solution(box_rows: int, box_cols: int) -> list[list[int]]:
    """A valid grid for any box shape (the standard shifted pattern)."""
    size = box_rows * box_cols
    return [[(box_cols * (r % box_rows) + r // box_rows + c) % size + 1 for c in range(size)]
            for r in range(size)]


def test_empty_4x4_has_288_solutions_all_distinct_and_valid():
    counted = run_cli("solve", SUDOKU / "empty-4x4.puz", "--all", "--count")
    assert counted.returncode == 0 and counted.stdout.strip() == "288"
    listed = run_cli("solve", SUDOKU / "empty-4x4.puz", "--all")
    grids = parse_grids(listed.stdout)
    assert len(grids) == 288
    assert len({json.dumps(g) for g in grids}) == 288
    assert_valid([[0] * 4] * 4, 2, 2, grids)
    assert "288 solution(s), complete" in listed.stderr


def test_published_hard_puzzles_are_unique():
    result = run_cli("solve", SUDOKU / "inkala-2012.puz", "--unique")
    assert result.returncode == 0
    verdict, *grids = result.stdout.strip().split("\n\n")
    assert verdict == "unique" and len(grids) == 1
    instance = satpuzzle.load(str(SUDOKU / "inkala-2012.puz"))[0]
    assert_valid(instance.givens, 3, 3, parse_grids(grids[0]))


def test_one_line_batch_answers_each_line_in_order():
    source = (SUDOKU / "hard-batch.txt").read_text().split("\n")
    puzzles = [line for line in source if line and not line.startswith("#")]
    result = run_cli("solve", SUDOKU / "hard-batch.txt", "--unique")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == len(puzzles)
    for puzzle, line in zip(puzzles, lines):
        verdict, answer = line.split()
        assert verdict == "unique"
        givens = [[int(ch) if ch != "." else 0 for ch in puzzle[r * 9:r * 9 + 9]] for r in range(9)]
        grid = [[int(ch) for ch in answer[r * 9:r * 9 + 9]] for r in range(9)]
        assert_valid(givens, 3, 3, [grid])


def test_norvig_hardest_set_unique(tmp_path):
    path = shared("sudoku/hardest.txt")
    result = run_cli("solve", path, "--unique")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    puzzles = [p.strip() for p in path.read_text().splitlines() if p.strip()]
    assert len(lines) == len(puzzles) == 11
    for puzzle, line in zip(puzzles, lines):
        verdict, answer = line.split()
        assert verdict == "unique"
        givens = [[0 if ch in ".0" else int(ch) for ch in puzzle[r * 9:r * 9 + 9]]
                  for r in range(9)]
        assert_valid(givens, 3, 3, [[[int(ch) for ch in answer[r * 9:r * 9 + 9]]
                                     for r in range(9)]])


def test_several_solutions_counted_exactly():
    result = run_cli("solve", SUDOKU / "two-solutions.puz", "--all")
    grids = parse_grids(result.stdout)
    instance = satpuzzle.load(str(SUDOKU / "two-solutions.puz"))[0]
    assert len(grids) == 2 == sudoku_brute_force_count(instance.givens, 3, 3)
    assert grids[0] != grids[1]
    assert_valid(instance.givens, 3, 3, grids)
    six = satpuzzle.load(str(SUDOKU / "six-by-six.puz"))[0]
    counted = run_cli("solve", SUDOKU / "six-by-six.puz", "--count")
    assert int(counted.stdout) == sudoku_brute_force_count(six.givens, 2, 3) == 6


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2)])
def test_random_small_puzzles_match_brute_force(box):
    rng = random.Random(2026 + box[0] * 10 + box[1])
    rows, cols = box
    for _ in range(25):
        solution = pattern_solution(rows, cols)
        rng.shuffle(solution)  # row swaps across bands may break boxes: that makes UNSAT cases
        givens = [[v if rng.random() < 0.35 else 0 for v in row] for row in solution]
        instance = SudokuInstance(rows, cols, tuple(map(tuple, givens)))
        found = list(satpuzzle.solutions(instance))
        assert len(found) == sudoku_brute_force_count(givens, rows, cols)
        assert len(set(found)) == len(found)
        assert_valid(givens, rows, cols, found)


def test_unsatisfiable_exit_1_in_text_and_json():
    result = run_cli("solve", SUDOKU / "unsolvable.puz")
    assert result.returncode == 1 and result.stdout == ""
    assert "no solution" in result.stderr
    as_json = run_cli("solve", SUDOKU / "unsolvable.puz", "--format", "json", "--all")
    assert as_json.returncode == 1
    assert json.loads(as_json.stdout) == {"kind": "sudoku", "status": "UNSAT", "count": 0,
                                          "complete": True, "solutions": []}


def test_clashing_givens_are_unsat(tmp_path):
    puzzle = tmp_path / "clash.puz"
    puzzle.write_text("sudoku {\n grid {\n  1 1 . .\n  . . . .\n  . . . .\n  . . . .\n }\n}\n")
    assert run_cli("solve", puzzle).returncode == 1


def test_json_output_contract():
    result = run_cli("solve", SUDOKU / "two-solutions.puz", "--limit", "1", "--format", "json")
    data = json.loads(result.stdout)
    assert set(data) == {"kind", "status", "count", "complete", "solutions"}
    assert data["kind"] == "sudoku" and data["status"] == "SAT" and data["count"] == 1
    assert data["complete"] is False
    grid = data["solutions"][0]
    assert len(grid) == 9 and all(len(row) == 9 and all(type(v) is int for v in row)
                                  for row in grid)
    full = json.loads(run_cli("solve", SUDOKU / "two-solutions.puz", "--all",
                              "--format", "json").stdout)
    assert full["count"] == 2 and full["complete"] is True and len(full["solutions"]) == 2


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22", "lingeling",
                                    "kissat404"])
def test_backends_agree(solver):
    result = run_cli("solve", SUDOKU / "six-by-six.puz", "--all", "--solver", solver)
    grids = parse_grids(result.stdout)
    assert result.returncode == 0
    reference = parse_grids(run_cli("solve", SUDOKU / "six-by-six.puz", "--all").stdout)
    assert sorted(map(str, grids)) == sorted(map(str, reference)) and len(grids) == 6
    hard = run_cli("solve", SUDOKU / "hard-batch.txt", "--solver", solver)
    default = run_cli("solve", SUDOKU / "hard-batch.txt")
    assert hard.returncode == 0 and hard.stdout == default.stdout


@pytest.mark.parametrize("size,box", [(6, (2, 3)), (8, (2, 4)), (12, (3, 4)), (16, (4, 4))])
def test_native_grid_default_boxes(tmp_path, size, box):
    rng = random.Random(size)
    solution = pattern_solution(*box)
    givens = [[v if rng.random() < 0.55 else 0 for v in row] for row in solution]
    path = tmp_path / "grid.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in givens) + "\n")
    result = run_cli("solve", path, "--kind", "sudoku")
    assert result.returncode == 0
    assert_valid(givens, *box, parse_grids(result.stdout))
    detected = run_cli("solve", path)  # recognised by content, without --kind
    assert detected.stdout == result.stdout


def test_box_option_overrides_default_shape(tmp_path):
    solution = pattern_solution(3, 2)  # boxes 3 rows × 2 columns: not the default 2×3
    path = tmp_path / "grid.txt"
    path.write_text("\n".join(" ".join(map(str, row)) for row in solution) + "\n")
    assert run_cli("solve", path, "--box", "3x2", "--unique").stdout.startswith("unique")
    assert run_cli("solve", path).returncode == 1  # the 2×3 boxes of this grid clash


def test_seed_native_format_and_check_command(tmp_path):
    result = run_cli("solve", SUDOKU / "seed-format.txt")
    assert result.returncode == 0
    (tmp_path / "sol.txt").write_text(result.stdout)
    checked = run_cli("check", SUDOKU / "seed-format.txt", tmp_path / "sol.txt")
    assert checked.returncode == 0 and checked.stdout.strip() == "solution 1: valid"
    broken = result.stdout.replace("4", "#").replace("5", "4").replace("#", "5")
    (tmp_path / "bad.txt").write_text(broken)
    rejected = run_cli("check", SUDOKU / "seed-format.txt", tmp_path / "bad.txt")
    assert rejected.returncode == 1 and "INVALID" in rejected.stdout


def test_check_reads_json_output(tmp_path):
    out = run_cli("solve", SUDOKU / "two-solutions.puz", "--all", "--format", "json").stdout
    (tmp_path / "sol.json").write_text(out)
    checked = run_cli("check", SUDOKU / "two-solutions.puz", tmp_path / "sol.json")
    assert checked.stdout.splitlines() == ["solution 1: valid", "solution 2: valid"]


def test_gecode_16x16_and_25x25_unique():
    """All 55 16×16 examples and the two non-minimal 25×25 ones (the 16 minimal 25×25 puzzles
    of Alain Frisch take seconds each: they are measured by benchmarks/sudoku.py instead)."""
    rows = [line.split("\t") for line in
            shared("sudoku/gecode_sudoku_examples.tsv").read_text().splitlines()[1:]]
    chosen = [r for r in rows if r[1] == "4" or r[0] in ("89", "90")]
    assert len(chosen) == 57
    for index, order, size, grid in (r[:4] for r in chosen):
        side = int(size)
        lines = "\n".join(grid[r * side:(r + 1) * side] for r in range(side))
        instance = satpuzzle.load(f"sudoku {{\n grid {{\n{lines}\n }}\n}}\n")[0]
        assert instance.size == side and (instance.box_rows, instance.box_cols) == (int(order),) * 2
        found = list(satpuzzle.solutions(instance, limit=2))
        assert len(found) == 1, f"gecode example {index}"
        assert_valid(instance.givens, int(order), int(order), found)


def test_file_with_several_puzzles(tmp_path):
    two = (SUDOKU / "two-solutions.puz").read_text()
    unsolvable = (SUDOKU / "unsolvable.puz").read_text()
    path = tmp_path / "many.puz"
    path.write_text(two + "\n" + unsolvable)
    result = run_cli("solve", path, "--all")
    assert result.returncode == 1  # one of the puzzles has no solution
    first, second = result.stdout.split("# puzzle 2: unsolvable\n")
    assert first.startswith("# puzzle 1: two solutions\n")
    assert len(parse_grids(first.split("\n", 1)[1])) == 2 and second == ""
    lines = run_cli("solve", path, "--all", "--format", "json").stdout.splitlines()
    assert [json.loads(line)["status"] for line in lines] == ["SAT", "UNSAT"]
    only = run_cli("solve", path, "--index", "1", "--count")
    assert only.returncode == 0 and only.stdout.strip() == "2"
    assert run_cli("compile", path).returncode == 2  # which one? --index says
    assert run_cli("compile", path, "--index", "2").returncode == 0


def test_batch_with_two_workers_keeps_input_order(tmp_path):
    path = tmp_path / "mixed.txt"
    batch = [line for line in (SUDOKU / "hard-batch.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    clash = "11" + "." * 79  # two equal givens: no solution
    path.write_text("\n".join([*batch, clash, *batch[:2]]) + "\n")
    one = run_cli("solve", path, "--unique")
    two = run_cli("solve", path, "--unique", "--jobs", "2")
    assert one.returncode == two.returncode == 1  # one puzzle has no solution
    assert one.stdout == two.stdout
    verdicts = [line.split()[0] for line in two.stdout.splitlines()]
    assert verdicts == ["unique"] * 5 + ["none"] + ["unique"] * 2
