"""Kakuro end to end: solution counts against a brute force written from the rules, every
encoding choice giving the same solutions, the command line's --count and --unique, the
rule checker rejecting broken solutions, bad input as one FILE:LINE:COL line, the exchange
formats' round trips, and published janko.at puzzles (tests/data/kakuro/) whose unique
solution must be the published one."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import INSTANCES, TESTS, run_cli
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import satpuzzle
from satpuzzle.checkers.kakuro import check
from satpuzzle.constraints.encodings import choices
from satpuzzle.errors import InputError
from satpuzzle.kinds.kakuro import codecs
from satpuzzle.kinds.kakuro import puzzle as kakuro
from satpuzzle.kinds.kakuro import rendering as kakuro_rendering
from satpuzzle.kinds.kakuro.puzzle import KakuroInstance

DATA = TESTS / "data" / "kakuro" / "janko_sample.json"

SMALL = """kakuro "small" {
  grid {
    *    4\\  10\\   *
    \\3   .    .   10\\
    \\12  .    .    .
     *  \\9    .    .
  }
}
"""


# ---------------------------------------------------------------- brute force


def brute_force(instance: KakuroInstance) -> set[tuple[tuple[int, ...], ...]]:
    """Every solution, by trying the digits 1-9 in each white cell in turn and checking each
    line of white cells once its last cell is filled; written from the rules only."""
    rows, cols, grid = instance.rows, instance.cols, instance.grid
    whites = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] is None]
    runs = []  # (clue or None, cells) of every maximal line of white cells
    for lines, side in (([[(r, c) for c in range(cols)] for r in range(rows)], 1),
                        ([[(r, c) for r in range(rows)] for c in range(cols)], 0)):
        for line in lines:
            clue, cells = None, []
            for r, c in [*line, (-1, -1)]:  # a block past the end closes the last line
                if r >= 0 and grid[r][c] is None:
                    cells.append((r, c))
                    continue
                if cells:
                    runs.append((clue, cells))
                clue, cells = (grid[r][c][side] if r >= 0 else None), []
    ending: dict[tuple[int, int], list] = {}
    for clue, cells in runs:
        last = max(cells, key=whites.index)
        ending.setdefault(last, []).append((clue, cells))
    digits = [[0] * cols for _ in range(rows)]
    found = set()

    def fill(k: int) -> None:
        if k == len(whites):
            found.add(tuple(map(tuple, digits)))
            return
        r, c = whites[k]
        for d in range(1, 10):
            digits[r][c] = d
            if all(len({digits[y][x] for y, x in cells}) == len(cells)
                   and (clue is None or sum(digits[y][x] for y, x in cells) == clue)
                   for clue, cells in ending.get((r, c), [])):
                fill(k + 1)
        digits[r][c] = 0

    fill(0)
    return found


def random_instance(seed: int) -> KakuroInstance:
    """A small grid (its first row and column blocks), white cells at random, the clues of a
    random filling (which may repeat digits: then the puzzle may have no solution), some
    clues left out."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 4), rng.randint(2, 5)
    while True:
        white = [[r > 0 and c > 0 and rng.random() < 0.75 for c in range(cols)]
                 for r in range(rows)]
        if 1 <= sum(map(sum, white)) <= 7:
            break
    filling = [[rng.randint(1, 9) for _ in range(cols)] for _ in range(rows)]
    grid = []
    for r in range(rows):
        row = []
        for c in range(cols):
            if white[r][c]:
                row.append(None)
                continue
            sums = []
            for dr, dc in ((1, 0), (0, 1)):
                y, x, total = r + dr, c + dc, 0
                while y < rows and x < cols and white[y][x]:
                    total, y, x = total + filling[y][x], y + dr, x + dc
                sums.append(total if total and rng.random() < 0.8 else None)
            row.append(tuple(sums))
        grid.append(tuple(row))
    return KakuroInstance(rows, cols, tuple(grid))


def solvable_random(seed: int) -> KakuroInstance | None:
    """`random_instance(seed)` when its clues are within reach (else None)."""
    instance = random_instance(seed)
    return None if kakuro.impossibility(instance) else instance


def all_solutions(instance: KakuroInstance) -> set:
    return set(satpuzzle.solutions(instance))


CASES = [instance for seed in range(60) if (instance := solvable_random(seed)) is not None]


@pytest.mark.parametrize("index", range(0, len(CASES), 2))
def test_counts_match_brute_force(index):
    instance = CASES[index]
    expected = brute_force(instance)
    found = all_solutions(instance)
    assert found == expected
    for solution in found:
        assert check(instance, solution) == []


def test_random_cases_cover_none_one_and_many():
    counts = {min(len(brute_force(instance)), 2) for instance in CASES[:20]}
    assert counts == {0, 1, 2}


def test_small_puzzle_has_three_solutions():
    instance = satpuzzle.load(SMALL)[0]
    assert len(all_solutions(instance)) == 3 == len(brute_force(instance))


# ---------------------------------------------------------------- encodings


SUM_CHOICES = choices("distinct-sum")
AMO_CHOICES = choices("amo")


def test_sum_choices_include_the_table_and_every_pb_encoding():
    assert "table" in SUM_CHOICES and set(choices("pb")) <= set(SUM_CHOICES)


@pytest.mark.parametrize("name", SUM_CHOICES)
def test_every_sum_encoding_gives_the_same_solutions(name):
    for instance in [satpuzzle.load(SMALL)[0], *CASES[1:12:3]]:
        chosen = dataclasses.replace(instance, encodings=(("sum", name),))
        assert all_solutions(chosen) == brute_force(instance)


@pytest.mark.parametrize("name", AMO_CHOICES)
def test_every_amo_encoding_gives_the_same_solutions(name):
    for instance in [satpuzzle.load(SMALL)[0], *CASES[1:12:4]]:
        expected = brute_force(instance)
        for family in ("cell", "distinct"):
            chosen = dataclasses.replace(instance, encodings=((family, name),))
            assert all_solutions(chosen) == expected, family


def test_table_is_smaller_than_the_pb_default():
    instance = satpuzzle.load(SMALL)[0]
    table = satpuzzle.compile(instance)
    mixed = satpuzzle.compile(dataclasses.replace(instance,
                                                  encodings=(("sum", "mixedradix"),)))
    assert table.num_clauses < mixed.num_clauses
    assert table.families["sum"].encoding == "table"
    assert mixed.families["sum"].encoding == "mixedradix"


def test_an_unknown_encoding_is_refused_with_the_choices():
    instance = dataclasses.replace(satpuzzle.load(SMALL)[0], encodings=(("sum", "ladder"),))
    with pytest.raises(InputError, match="table"):
        satpuzzle.compile(instance)


# ---------------------------------------------------------------- command line


def test_count_and_unique_on_the_command_line(tmp_path):
    path = tmp_path / "small.puz"
    path.write_text(SMALL)
    result = run_cli("solve", path, "--count")
    assert result.returncode == 0 and result.stdout.strip() == "3"
    result = run_cli("solve", path, "--unique")
    assert result.returncode == 0 and result.stdout.splitlines()[0] == "multiple"
    solutions = kakuro_rendering.parse_solutions(satpuzzle.load(SMALL)[0], result.stdout, "out")
    assert len(solutions) == 2 and set(solutions) <= brute_force(satpuzzle.load(SMALL)[0])


def test_encoding_choice_on_the_command_line(tmp_path):
    path = tmp_path / "small.puz"
    path.write_text(SMALL)
    for choice in ("sum=bdd", "sum=adder", "cell=commander,distinct=ladder"):
        result = run_cli("solve", path, "--encoding", choice, "--count")
        assert result.returncode == 0 and result.stdout.strip() == "3", choice
    result = run_cli("solve", path, "--encoding", "sum=ladder")
    assert result.returncode == 2 and "choose one of" in result.stderr and "table" in result.stderr


def test_bundled_puzzles_are_unique(tmp_path):
    paths = sorted((INSTANCES / "kakuro").glob("*.puz"))
    assert paths
    for path in paths:
        instance = satpuzzle.load(str(path))[0]
        result = run_cli("solve", path, "--unique")
        expected = "unique" if path.stem != "three" else "multiple"
        assert result.returncode == 0 and result.stdout.splitlines()[0] == expected, path
        for solution in kakuro_rendering.parse_solutions(instance, result.stdout, str(path)):
            assert check(instance, solution) == []


def test_check_command_accepts_the_printed_solution(tmp_path):
    path = tmp_path / "small.puz"
    path.write_text(SMALL)
    answer = tmp_path / "answer.txt"
    answer.write_text(run_cli("solve", path).stdout)
    assert run_cli("check", path, answer).returncode == 0


# ---------------------------------------------------------------- the checker


def test_checker_rejects_broken_solutions():
    instance = satpuzzle.load(SMALL)[0]
    good = next(iter(brute_force(instance)))
    assert check(instance, good) == []

    def changed(r: int, c: int, value: int) -> tuple:
        rows = [list(row) for row in good]
        rows[r][c] = value
        return tuple(map(tuple, rows))

    assert any("adds up to" in p for p in check(instance, changed(2, 3, good[2][3] % 9 + 1)))
    assert any("repeats" in p for p in check(instance, changed(1, 2, good[1][1])))
    assert any("not a digit" in p for p in check(instance, changed(1, 1, 0)))
    assert any("holds no digit" in p for p in check(instance, changed(0, 0, 5)))
    assert check(instance, good[:-1]) != []


# ---------------------------------------------------------------- bad input

BAD = {
    "bad cell": (SMALL.replace("\\12  .", "\\12  x"), 5, 10, "expected '.'"),
    "ragged": (SMALL.replace("*  \\9    .    .", "*  \\9    ."), 6, 6, "expected 4"),
    "clue without run": (SMALL.replace("*    4\\", "*    4\\5"), 3, 10, "has no run"),
    "clue out of reach": (SMALL.replace("\\3 ", "\\2 "), 4, 5, "out of range"),
    "sum too large": (SMALL.replace("\\3 ", "\\9999 "), 4, 5, "out of range"),
    "run too long": ("kakuro {\n  grid {\n    * \\45 " + ". " * 10 + "\n  }\n}\n", 3, 7,
                     "at most 9 cells"),
    "no grid": ("kakuro {\n  size: 3\n}\n", 2, 3, "unknown entry"),
}


@pytest.mark.parametrize("name", BAD)
def test_bad_input_is_one_line_with_its_position(tmp_path, name):
    text, line, column, words = BAD[name]
    path = tmp_path / "bad.puz"
    path.write_text(text)
    result = run_cli("solve", path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"{path}:{line}:{column}: error: "), result.stderr
    assert words in result.stderr


def test_instances_built_in_code_are_checked():
    with pytest.raises(InputError):
        KakuroInstance(2, 2, ((None,),))
    with pytest.raises(InputError):
        KakuroInstance(1, 2, (((None, None), (1, 2, 3)),))


# ---------------------------------------------------------------- exchange formats


def published() -> dict:
    if not DATA.exists():
        pytest.skip(f"{DATA} is absent")
    return json.loads(DATA.read_text())["data"]


def published_solution(text: str) -> tuple:
    return tuple(tuple(0 if word == "-" else int(word) for word in line.split())
                 for line in text.splitlines()[1:])


def test_round_trips_through_puz_json_url_and_janko():
    for name, entry in list(published().items())[:8]:
        instance = satpuzzle.load(entry["problem"], kind="kakuro")[0]
        assert satpuzzle.load(satpuzzle.export(instance, "puz"))[0] == instance
        assert satpuzzle.load(satpuzzle.export(instance, "json"))[0] == instance
        url = satpuzzle.export(instance, "url")
        assert url.startswith("https://puzz.link/p?kakuro/")
        assert satpuzzle.load(url)[0] == instance, name
        assert satpuzzle.export(instance, "janko") == entry["problem"] + "\n"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["puz", "json", "url", "janko"]))
def test_random_grids_round_trip_through_every_format(seed, name):
    instance = solvable_random(seed)
    assume(instance is not None)
    if name == "janko" and not any(cell not in (None, (None, None))
                                   for row in instance.grid for cell in row):
        with pytest.raises(InputError):  # no clue word: the text cannot say it is a Kakuro
            satpuzzle.export(instance, name)
        return
    assert satpuzzle.load(satpuzzle.export(instance, name), kind="kakuro")[0] == instance


def test_url_refuses_a_grid_whose_first_row_is_white():
    instance = satpuzzle.load("kakuro {\n grid {\n . .\n }\n}\n")[0]
    with pytest.raises(InputError, match="first row and column"):
        satpuzzle.export(instance, "url")


def test_url_writes_none_as_pzprjs_does_today_and_reads_its_older_zero():
    instance = satpuzzle.load(SMALL)[0]
    url = satpuzzle.export(instance, "url")
    assert url == "https://puzz.link/p?kakuro/3/3/la-m-9l4a3c"  # '-': no clue that way
    older = url.replace("-", "0")  # pzprjs before wrote '0' for no clue
    assert satpuzzle.load(older)[0] == satpuzzle.load(url)[0] == dataclasses.replace(
        instance, title=None)


def test_url_errors_point_into_the_body():
    with pytest.raises(InputError, match="expected a sum"):
        satpuzzle.load("https://puzz.link/p?kakuro/3/3/l!0m09l4a3c")
    with pytest.raises(InputError, match="outer clue"):
        satpuzzle.load("https://puzz.link/p?kakuro/3/3/la0m09l4a3")
    assert codecs.read_url(3, 3, "la0m09l4a3c", 0) == satpuzzle.load(SMALL)[0].__class__(
        *dataclasses.astuple(satpuzzle.load(SMALL)[0])[:3])


# ---------------------------------------------------------------- published puzzles


def test_published_puzzles_have_their_published_solution_only():
    for name, entry in published().items():
        instance = satpuzzle.load(entry["problem"], kind="kakuro")[0]
        found = list(satpuzzle.solutions(instance, limit=3))
        expected = published_solution(entry["solution"])
        assert expected in found, name
        assert check(instance, expected) == [], name
        # 257 as the dataset gives it has a second solution (tests/data/kakuro/README.md)
        assert len(found) == (2 if name == "257_24x28" else 1), name


def test_forced_digits_of_a_unique_puzzle_are_its_solution():
    entry = next(iter(published().values()))
    instance = satpuzzle.load(entry["problem"], kind="kakuro")[0]
    lines = list(satpuzzle.forced(instance).text)
    expected = published_solution(entry["solution"])
    assert lines == [f"r{r + 1}c{c + 1} = {expected[r][c]}"
                     for r, c in kakuro.white_cells(instance)]
