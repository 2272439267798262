"""The Python API and known counts beyond the classic shapes."""

from __future__ import annotations

from conftest import INSTANCES, run_cli

import satpuzzle
from satpuzzle.checkers.sudoku import violations


def test_api_load_compile_solve_solutions_check():
    instance = satpuzzle.load(str(INSTANCES / "sudoku" / "two-solutions.puz"))[0]
    formula = satpuzzle.compile(instance)
    assert formula.to_dimacs().startswith("c satpuzzle DIMACS CNF")
    found = list(satpuzzle.solutions(instance))
    assert len(found) == 2 and found[0] != found[1]
    assert all(satpuzzle.check(instance, grid) == [] for grid in found)
    assert satpuzzle.solve(instance) in found
    # the first of all solutions need not be the one a single solve finds (another engine)
    assert next(iter(satpuzzle.solutions(instance, limit=1))) in found
    broken = [list(row) for row in found[0]]
    broken[0][0], broken[0][1] = broken[0][1], broken[0][0]
    assert satpuzzle.check(instance, broken)


def test_latin_squares_counted_with_one_row_boxes(tmp_path):
    # Boxes of 1 × N make a Sudoku a Latin square: 12 of order 3, 576 of order 4.
    for size, expected in ((3, 12), (4, 576)):
        path = tmp_path / f"latin{size}.txt"
        path.write_text(("0 " * size + "\n") * size)
        result = run_cli("solve", path, "--box", f"1x{size}", "--count")
        assert result.returncode == 0 and int(result.stdout) == expected
    listed = run_cli("solve", tmp_path / "latin3.txt", "--box", "1x3", "--all")
    grids = [block.split("\n") for block in listed.stdout.strip().split("\n\n")]
    assert len(grids) == 12
    for block in grids:
        grid = [[int(v) for v in line.split()] for line in block]
        assert violations([[0] * 3] * 3, 1, 3, grid) == []


def test_api_misuse_gets_a_message_not_an_internal_type_error():
    import pytest

    from satpuzzle.errors import InputError

    for path in sorted(INSTANCES.glob("*/*.puz")):
        instance = satpuzzle.load(str(path))[0]
        for limit in (0, -1, 1.5, True):
            with pytest.raises(ValueError, match="limit must be a positive integer"):
                satpuzzle.solutions(instance, limit=limit)
        for nonsense in (None, 3, "x"):
            try:
                problems = satpuzzle.check(instance, nonsense)
            except InputError as exc:
                assert f"not a {instance.KIND} solution" in str(exc)
            else:
                assert problems, (path, nonsense)  # reported as broken rules instead
