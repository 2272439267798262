"""--split K: a puzzle cut into K disjoint cubes solved side by side gives what the unsplit run
gives: the same count on every bundled instance that counts within the test's budget (K = 2, 3,
7), the same set of solutions under --all, and a first solution that passes the checker."""

from __future__ import annotations

import pytest
from conftest import INSTANCES, run_cli

from satpuzzle.errors import InputError
from satpuzzle.loading import load

BUDGET = "5"  # seconds per unsplit count; an instance beyond it is left out


def bundled_puzzles() -> list[tuple[str, int]]:
    """(file, --index) for every puzzle of instances/ a reader takes (files of many one-line
    puzzles: their first three)."""
    found = []
    for path in sorted(INSTANCES.rglob("*")):
        if not path.is_file():
            continue
        try:
            count = len(load(str(path), None, {}).instances)
        except InputError:  # solution files, and lists that need --kind
            continue
        found += [(str(path.relative_to(INSTANCES)), index)
                  for index in range(1, min(count, 3) + 1)]
    return found


def count(path: str, index: int, *more: str) -> tuple[int, str]:
    result = run_cli("solve", INSTANCES / path, "--index", index, "--count", "--timeout", BUDGET,
                     *more)
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, result.stdout.strip()


@pytest.mark.parametrize(("path", "index"), bundled_puzzles())
def test_split_counts_equal_unsplit(path, index):
    status, unsplit = count(path, index)
    if status == 3:
        pytest.skip(f"{path} #{index}: not counted within {BUDGET} s")
    assert status in (0, 1), unsplit
    for parts in ("2", "3", "7"):
        split_status, split = count(path, index, "--split", parts, "--jobs", "2")
        assert (split_status, split) == (status, unsplit), (path, index, parts)


def solutions(*args: object) -> tuple[int, list[str]]:
    result = run_cli("solve", *args, "--all", "--timeout", "120")  # never reached alone
    assert "Traceback" not in result.stderr, result.stderr
    return result.returncode, [block.strip() for block in result.stdout.split("\n\n")
                               if block.strip()]


@pytest.mark.parametrize("path", ["sudoku/empty-4x4.puz", "jigsaw/fibonacci-4x20.puz",
                                  "shikaku/codingame-20x20.puz", "hashi/dailyprogrammer-7x7.puz",
                                  "crossword/seed-example.puz", "sudoku/six-by-six.puz"])
def test_split_all_is_the_same_set_each_solution_once(path):
    status, unsplit = solutions(INSTANCES / path)
    assert status == 0 and unsplit
    for parts in ("3", "7"):
        split_status, split = solutions(INSTANCES / path, "--split", parts, "--jobs", "2")
        assert split_status == 0
        assert len(split) == len(set(split)) == len(unsplit)
        assert set(split) == set(unsplit)


def test_first_solution_wins_and_is_checked():
    result = run_cli("solve", INSTANCES / "sudoku" / "empty-9x9.puz", "--split", "7",
                     "--jobs", "2")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line.strip()]
    assert len(rows) == 9
    assert all(sorted(row) == [str(v) for v in range(1, 10)] for row in rows)
    assert all(sorted(column) == [str(v) for v in range(1, 10)] for column in zip(*rows))


def test_unique_verdict_through_cubes():
    for path, verdict in (("sudoku/two-solutions.puz", "multiple"),
                          ("sudoku/classic.puz", "unique"), ("sudoku/unsolvable.puz", "none")):
        result = run_cli("solve", INSTANCES / path, "--unique", "--split", "3")
        assert result.stdout.split("\n")[0] == verdict, (path, result.stderr)


def test_split_refuses_what_it_cannot_do():
    for args in (["sudoku/classic.puz", "--forced"], ["sudoku/hard-batch.txt"],
                 ["sudoku/classic.puz", "--count", "--counter", "ganak"]):
        result = run_cli("solve", INSTANCES / args[0], *args[1:], "--split", "2")
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1 and "--split" in result.stderr, result.stderr


@pytest.mark.parametrize("path", ["sudoku/empty-4x4.puz", "jigsaw/fibonacci-4x20.puz",
                                  "shikaku/codingame-20x20.puz", "crossword/seed-example.puz"])
def test_k_cubes_are_made_and_exclusive(path):
    """K cubes where the puzzle leaves K open, each a distinct set of decisions of one tree:
    any two disagree on some variable (so no solution is in two)."""
    from satpuzzle.pipeline import Request, split_cubes

    instance = load(str(INSTANCES / path), None, {}).instances[0]
    for parts in (2, 3, 7):
        cubes = split_cubes(instance, Request(), parts)
        assert len(cubes) == parts
        for first in range(parts):
            for second in range(first + 1, parts):
                one, other = dict(cubes[first]), dict(cubes[second])
                assert any(name in other and other[name] != value
                           for name, value in one.items())
