"""Sudoku X and Killer Sudoku: counts against a brute force, Solo's own puzzles as hold-outs,
round trips through the language, JSON and Solo IDs, the checker, and bad inputs."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
import subprocess

import pytest
from conftest import ROOT, external_program

import satpuzzle
from satpuzzle.checkers import sudoku as checker
from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku.cages import Cage
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

SOLO = external_program("sgt-solo")
INSTANCES = ROOT / "instances" / "sudoku"
EMPTY4 = tuple((0,) * 4 for _ in range(4))


# ---------------------------------------------------------------- an independent brute force


def _all_4x4_grids() -> list[tuple[tuple[int, ...], ...]]:
    """Every 4×4 Sudoku with 2×2 boxes: rows as permutations, kept when columns and boxes
    hold 1..4 (288 grids)."""
    rows = list(itertools.permutations(range(1, 5)))
    grids = []
    for grid in itertools.product(rows, repeat=4):
        if any(len(set(col)) != 4 for col in zip(*grid)):
            continue
        if all(len({grid[r][c] for r in (top, top + 1) for c in (left, left + 1)}) == 4
               for top in (0, 2) for left in (0, 2)):
            grids.append(grid)
    return grids


GRIDS = _all_4x4_grids()


def _rules_hold(grid, givens, diagonals: bool, cages: list[tuple[int | None, list]]) -> bool:
    """The variants' rules, written again from their statement (cells 0-based)."""
    if any(g and g != v for grow, row in zip(givens, grid) for g, v in zip(grow, row)):
        return False
    size = len(grid)
    if diagonals and (len({grid[i][i] for i in range(size)}) != size
                      or len({grid[i][size - 1 - i] for i in range(size)}) != size):
        return False
    for total, cells in cages:
        digits = [grid[r][c] for r, c in cells]
        if len(set(digits)) != len(digits) or total is not None and sum(digits) != total:
            return False
    return True


def _brute_count(givens, diagonals=False, cages=()) -> int:
    return sum(_rules_hold(grid, givens, diagonals, list(cages)) for grid in GRIDS)


def _instance(givens=EMPTY4, diagonals=False, cages=()) -> SudokuInstance:
    return SudokuInstance(2, 2, givens, diagonals=diagonals,
                          cages=tuple(Cage(tuple(cells), total) for total, cells in cages))


def test_brute_force_sees_288_plain_grids():
    assert len(GRIDS) == 288
    assert satpuzzle.count(_instance()).count == 288


def test_4x4_x_count_matches_brute_force():
    expected = _brute_count(EMPTY4, diagonals=True)
    assert expected == 48
    assert satpuzzle.count(_instance(diagonals=True)).count == expected


KILLER_CASES = [
    [(3, [(0, 0), (0, 1)])],
    [(3, [(0, 0), (0, 1)]), (None, [(1, 0), (1, 1)]), (7, [(2, 2), (2, 3), (3, 3)])],
    [(10, [(0, 0), (1, 0), (2, 0), (3, 0)]), (5, [(0, 1), (1, 1)]), (9, [(3, 2), (3, 3), (2, 3)])],
    [(4, [(1, 1)]), (6, [(1, 2), (2, 2), (2, 1)])],
    [(None, [(0, 0), (1, 1), (0, 1)]), (8, [(3, 0), (3, 1), (3, 2)])],
]


@pytest.mark.parametrize("cages", KILLER_CASES)
@pytest.mark.parametrize("diagonals", [False, True])
def test_4x4_killer_counts_match_brute_force(cages, diagonals):
    expected = _brute_count(EMPTY4, diagonals, cages)
    instance = _instance(diagonals=diagonals, cages=cages)
    result = satpuzzle.count(instance)
    assert result.complete and result.count == expected
    for solution in satpuzzle.solutions(instance, limit=20):
        assert _rules_hold(solution, EMPTY4, diagonals, cages)


def test_random_4x4_killers_with_givens_match_brute_force():
    rng = random.Random(20240611)
    for _ in range(12):
        grid = rng.choice(GRIDS)
        cages = _random_cages(rng, grid)
        givens = tuple(tuple(v if rng.random() < 0.15 else 0 for v in row) for row in grid)
        diagonals = rng.random() < 0.5
        expected = _brute_count(givens, diagonals, cages)
        assert satpuzzle.count(_instance(givens, diagonals, cages)).count == expected


def _random_cages(rng: random.Random, grid) -> list[tuple[int | None, list]]:
    """Dominoes and single cells laid over the grid, totals read off it (some left out)."""
    free = {(r, c) for r in range(4) for c in range(4)}
    cages = []
    for r, c in sorted(free):
        if (r, c) not in free or rng.random() < 0.4:
            continue
        cells = [(r, c)]
        free.discard((r, c))
        for near in ((r, c + 1), (r + 1, c)):
            if near in free and rng.random() < 0.7:
                cells.append(near)
                free.discard(near)
                break
        total = sum(grid[a][b] for a, b in cells) if rng.random() < 0.8 else None
        cages.append((total, cells))
    return cages


# ---------------------------------------------------------------- Solo's puzzles


def _solo_ids(params: str, count: int) -> list[str]:
    seed = random.SystemRandom().randrange(10 ** 9)
    assert SOLO is not None
    done = subprocess.run([SOLO, "--generate", str(count), f"{params}#{seed}"],
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.split()


@pytest.mark.skipif(SOLO is None,
                    reason="Simon Tatham's Solo (sgt-solo, package sgt-puzzles) is "
                           "not installed: the hold-outs need its generator")
@pytest.mark.parametrize("params", ["2x2k", "2x3x", "2x3xk", "3x3x", "3x3k", "3x3xk", "6jx",
                                    "9jk"])
def test_fresh_solo_puzzles_solve_uniquely_and_round_trip(params):
    for game_id in _solo_ids(params, 2):
        instance = satpuzzle.load(f"sgt:solo:{game_id}")[0]
        flags = re.sub(r"^[0-9]+(x[0-9]+|j)", "", params)
        assert instance.diagonals == ("x" in flags)
        assert bool(instance.cages) == ("k" in flags)
        assert satpuzzle.export(instance, "sgt").strip() == f"sgt:solo:{game_id}"
        result = satpuzzle.unique(instance)
        assert result.verdict == "unique", game_id
        solution = result.solution
        assert checker.check(instance, solution) == []
        cages = [(cage.total, list(cage.cells)) for cage in instance.cages]
        assert _rules_hold(solution, instance.givens, instance.diagonals, cages)
        assert _sudoku_rules_hold(instance, solution)


def _sudoku_rules_hold(instance: SudokuInstance, grid) -> bool:
    """Rows, columns and boxes (or regions), again from the rules."""
    size = instance.size
    owner = instance.regions or [[(r // instance.box_rows) * (size // instance.box_cols)
                                  + c // instance.box_cols for c in range(size)]
                                 for r in range(size)]
    units: dict[object, list[int]] = {}
    for r in range(size):
        for c in range(size):
            for key in (("r", r), ("c", c), ("b", owner[r][c])):
                units.setdefault(key, []).append(grid[r][c])
    return all(sorted(unit) == list(range(1, size + 1)) for unit in units.values())


# ---------------------------------------------------------------- round trips


def _bundled(name: str) -> SudokuInstance:
    return satpuzzle.load(str(INSTANCES / name))[0]


@pytest.mark.parametrize("name", ["x-9x9.puz", "killer-9x9.puz", "killer-6x6.puz"])
def test_bundled_variants_are_unique_and_round_trip(name):
    instance = _bundled(name)
    assert instance.diagonals or instance.cages
    assert satpuzzle.unique(instance).verdict == "unique"
    for fmt in ("puz", "json", "sgt"):
        back = satpuzzle.load(satpuzzle.export(instance, fmt))[0]
        if fmt == "sgt":
            back = dataclasses.replace(back, title=instance.title)
        assert back == instance, fmt


def test_language_reads_cages_and_diagonals():
    text = """sudoku "k" {
      size: 4
      diagonals: yes
      cages {
        3: r1c1 r1c2
        ?: r2c1 R2C2
      }
    }"""
    instance = satpuzzle.load(text)[0]
    assert instance.diagonals and instance.givens == EMPTY4
    assert instance.cages == (Cage(((0, 0), (0, 1)), 3), Cage(((1, 0), (1, 1)), None))
    assert satpuzzle.load(satpuzzle.export(instance, "puz"))[0] == instance


def test_variants_refused_where_the_format_cannot_carry_them():
    instance = _instance(diagonals=True)
    for fmt in ("url", "sudoku-line"):
        with pytest.raises(InputError, match="diagonals or cages"):
            satpuzzle.export(instance, fmt)
    with pytest.raises(InputError, match="every cell in a cage"):
        satpuzzle.export(_instance(cages=[(3, [(0, 0), (0, 1)])]), "sgt")


def test_batches_refuse_variants():
    from satpuzzle.kinds.sudoku.batch import encode_batch
    with pytest.raises(InputError, match="plain Sudoku only"):
        encode_batch([_instance(), _instance(diagonals=True)])


def test_pictures_show_the_variants():
    instance = _bundled("killer-6x6.puz")
    svg = satpuzzle.render(instance, None, "svg")
    assert "stroke-dasharray" in svg and ">11<" in svg
    pretty = satpuzzle.render(_instance(diagonals=True), None, "pretty")
    assert "diagonals: each holds every digit once" in pretty


# ---------------------------------------------------------------- the checker


def test_checker_names_broken_variant_rules():
    grid = GRIDS[0]
    cage = Cage(((0, 0), (0, 1)), grid[0][0] + grid[0][1] + 1)
    instance = _instance(diagonals=True, cages=[(cage.total, list(cage.cells))])
    problems = checker.check(instance, grid)
    assert any("adds up to" in p for p in problems)
    if len({grid[i][i] for i in range(4)}) != 4:
        assert any("main diagonal" in p for p in problems)
    repeat = _instance(cages=[(None, [(0, 0), (1, 0)])])
    swapped = ((1, 2, 3, 4), (1, 4, 2, 3), (2, 3, 4, 1), (4, 1, 3, 2))
    assert any("repeats 1" in p for p in checker.check(repeat, swapped))


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(("cages", "message"), [
    ("3: r1c1 r2c2", "not connected"),
    ("3: r1c1 r1c2\n 4: r1c2 r1c3", "also in cage 1"),
    ("30: r1c1 r1c2", "no 2 different digits of 1..4 add up to 30"),
    ("3: r1c1 r1c9", "outside the 4×4 grid"),
    ("3 r1c1 r1c2", "expected a cage line"),
    ("3: a1", "expected a cell like r1c2"),
    ("3:", "needs its cells"),
])
def test_bad_cages_are_one_line_errors_at_their_place(cages, message):
    text = f"sudoku {{\n size: 4\n cages {{\n {cages}\n }}\n}}\n"
    with pytest.raises(InputError) as error:
        satpuzzle.load(text)
    assert message in error.value.message
    assert error.value.line is not None and "\n" not in str(error.value)


def test_bad_diagonals_value():
    with pytest.raises(InputError, match="diagonals takes yes or no"):
        satpuzzle.load("sudoku {\n size: 4\n diagonals: maybe\n}\n")


def test_instances_built_in_code_are_checked():
    with pytest.raises(InputError, match="cage 1: .*not connected"):
        SudokuInstance(2, 2, EMPTY4, cages=(Cage(((0, 0), (3, 3)), 5),))
    with pytest.raises(InputError, match="diagonals must be True or False"):
        SudokuInstance(2, 2, EMPTY4, diagonals=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game_id", "message"), [
    ("2x2k:p", "needs the cages"),
    ("2x2k:p,aaa__baa__a__a__", "needs the cage sums"),
    ("2x2k:p,aaa__baa__a__a__,3a8a4_6c9_6c", "killer sums"),
    ("2x2k:p,aaa__baa__a__a__,3a8a4_6c9_6c4a,", "unexpected data after the killer sums"),
    ("2x2k:p,aaa__baa__a__a__,3a8a4_6c9_6c4_3", "2 sums"),
    ("2x2k:p,aaa__baa__a__a__,30a8a4_6c9_6c4a", "add up to 30"),
])
def test_malformed_killer_ids(game_id, message):
    with pytest.raises(InputError) as error:
        satpuzzle.load(f"sgt:solo:{game_id}")
    assert message in error.value.message
