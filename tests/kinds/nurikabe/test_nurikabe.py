"""Nurikabe end to end: solution sets against a brute force over every shading of small
grids, every encoding choice giving the same solutions, published janko.at puzzles and their
published solutions, the command line (--count, --unique, check), the rule checker
rejecting broken solutions, and the errors of bad input."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import time

import pytest
from conftest import INSTANCES, TESTS, run_cli

import satpuzzle
from satpuzzle.checkers.nurikabe import check
from satpuzzle.constraints.encodings import choices
from satpuzzle.formats import janko
from satpuzzle.kinds.nurikabe import FAMILIES, codecs, rules
from satpuzzle.kinds.nurikabe import decoding as nurikabe_decoding
from satpuzzle.kinds.nurikabe import puzzle as nurikabe
from satpuzzle.kinds.nurikabe import rendering as nurikabe_rendering
from satpuzzle.kinds.nurikabe import rules as nurikabe_rules
from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance

DATA = TESTS / "data" / "nurikabe"
NURIKABE = INSTANCES / "nurikabe"


def brute_force(instance: NurikabeInstance) -> set[tuple[str, ...]]:
    """Every shading of the unnumbered cells that the rule checker accepts."""
    numbered = {(r, c) for r, c, _ in instance.clues}
    free = [(r, c) for r in range(instance.rows) for c in range(instance.cols)
            if (r, c) not in numbered]
    found = set()
    for bits in itertools.product(".#", repeat=len(free)):
        grid = [["."] * instance.cols for _ in range(instance.rows)]
        for (r, c), mark in zip(free, bits):
            grid[r][c] = mark
        solution = tuple("".join(row) for row in grid)
        if not check(instance, solution):
            found.add(solution)
    return found


def random_instance(rng: random.Random, rows: int, cols: int) -> NurikabeInstance:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    picked = rng.sample(cells, rng.randint(1, 3))
    return NurikabeInstance(rows, cols, tuple((r, c, rng.randint(1, 4)) for r, c in picked))


def solution_set(instance: NurikabeInstance) -> set[tuple[str, ...]]:
    found = list(satpuzzle.solutions(instance))
    assert len(found) == len(set(found)), "a solution was found twice"
    return set(found)


SMALL = [random_instance(random.Random(seed), *shape)
         for seed, shape in enumerate([(3, 3)] * 30 + [(3, 4)] * 10 + [(4, 4)] * 12)]


@pytest.mark.parametrize("instance", SMALL, ids=lambda i: nurikabe.to_plain(i).replace(
    "\n", "/").replace(" ", ""))
def test_solutions_equal_brute_force(instance):
    assert solution_set(instance) == brute_force(instance)


def test_the_brute_force_sample_has_solved_and_unsolvable_puzzles():
    counts = [len(brute_force(i)) for i in SMALL[:30]]
    assert 0 in counts and any(c == 1 for c in counts) and any(c > 1 for c in counts)


def _choices_per_family() -> list[tuple[str, str]]:
    out = []
    for family, constraint in FAMILIES.items():
        out += [(family, name) for name in choices(constraint)]
    return out


# a few puzzles with several solutions, one unique, one with none
ENCODING_CASES = [NurikabeInstance(3, 3, ((0, 0, 2), (2, 2, 2))),
                  NurikabeInstance(4, 4, ((0, 0, 3), (2, 3, 2))),
                  NurikabeInstance(4, 4, ((0, 1, 4), (3, 2, 1), (2, 0, 1))),
                  NurikabeInstance(3, 3, ((0, 0, 4), (2, 2, 4)))]


@pytest.mark.parametrize("family,name", _choices_per_family())
def test_every_encoding_choice_gives_the_same_solutions(family, name):
    for instance in ENCODING_CASES:
        chosen = dataclasses.replace(instance, encodings=((family, name),))
        assert solution_set(chosen) == brute_force(instance), (family, name)
        assert chosen.encodings == ((family, name),)
        written = rules.encode(chosen).families[family].encoding
        assert name in written or (family, name, written) == ("sea", "distance", "tree")


def test_families_account_for_every_clause():
    instance = _published()["17_14x24"][0]
    for chosen in ((), (("sea", "tree"), ("island", "tree"))):
        formula = rules.encode(dataclasses.replace(instance, encodings=chosen))
        rows = formula.explanation()
        assert "(unattributed)" not in {row.name for row in rows}
        assert {row.name for row in rows} == {"cell", "touch", "alone", "size", "island", "sea",
                                             "pool"}
        assert sum(row.clauses for row in rows) == formula.num_clauses


def test_standalone_formula_has_no_lazy_constraint_and_the_same_solutions():
    instance = ENCODING_CASES[1]
    formula = nurikabe_rules.encode_standalone(instance)
    assert formula.refine is None
    assert formula.families["island"].encoding == "distance"
    assert formula.families["sea"].encoding == "tree"
    from pysat.solvers import Solver

    found = set()
    with Solver(name="cadical153", bootstrap_with=list(formula.all_clauses())) as solver:
        while solver.solve():  # every model, blocked on the puzzle variables alone
            true = [v for v in solver.get_model() if v > 0 and v in formula.names]
            found.add(nurikabe_decoding.decode(instance, [formula.names[v] for v in true]))
            solver.add_clause([-v for v in true])
    assert found == brute_force(instance)


# ---------------------------------------------------------------- published puzzles


def _published() -> dict[str, tuple[NurikabeInstance, tuple[str, ...], str]]:
    entries = json.loads((DATA / "janko_sample.json").read_text(encoding="utf-8"))
    out = {}
    for key, entry in entries.items():
        instance = janko.read_as(entry["problem"], key, "nurikabe")
        lines = entry["solution"].splitlines()[1:]
        solution = tuple("".join("#" if w == "x" else "." for w in line.split())
                         for line in lines)
        out[key] = (instance, solution, entry["source"])
    return out


@pytest.mark.parametrize("key", sorted(_published()))
def test_published_puzzle_has_its_published_solution_alone(key):
    instance, published, _source = _published()[key]
    assert check(instance, published) == []
    result = satpuzzle.unique(instance)
    assert result.verdict == "unique"
    assert result.solutions[0] == published


def test_published_sample_is_real_and_varied():
    published = _published()
    assert len(published) >= 20
    assert all(source.startswith("https://www.janko.at/") for *_, source in published.values())
    assert max(i.rows * i.cols for i, *_ in published.values()) >= 300


# ---------------------------------------------------------------- bundled puzzles


BUNDLED = sorted(NURIKABE.glob("*.puz"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_puzzle_is_unique_through_the_command_line(path):
    result = run_cli("solve", path, "--unique")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("unique")
    counted = run_cli("solve", path, "--count")
    assert counted.returncode == 0 and counted.stdout.strip() == "1"


def test_count_and_check_through_the_command_line(tmp_path):
    puzzle = tmp_path / "two.puz"
    puzzle.write_text("nurikabe {\n  grid {\n    2 . .\n    . . .\n    . . 2\n  }\n}\n")
    instance = satpuzzle.load(str(puzzle))[0]
    counted = run_cli("solve", puzzle, "--count")
    assert counted.returncode == 0 and int(counted.stdout) == len(brute_force(instance)) > 1
    assert run_cli("solve", puzzle, "--unique").stdout.startswith("multiple")
    every = run_cli("solve", puzzle, "--all")
    assert every.returncode == 0
    answers = tmp_path / "answers.txt"
    answers.write_text(every.stdout)
    checked = run_cli("check", puzzle, answers)
    assert checked.returncode == 0
    assert checked.stdout.count("valid") == len(brute_force(instance))
    parsed = nurikabe_rendering.parse_solutions(instance, every.stdout, "x")
    assert set(parsed) == brute_force(instance)
    broken = tmp_path / "broken.txt"
    broken.write_text("2 # #\n# # #\n# # 2\n")
    result = run_cli("check", puzzle, broken)
    assert result.returncode == 1 and "INVALID" in result.stdout


def test_solution_text_and_json_read_back():
    instance, published, _ = _published()["20_6x6"]
    text = nurikabe_rendering.render_text(instance, published)
    assert nurikabe_rendering.parse_solutions(instance, text + "\n\n" + text, "x") == [published] * 2
    compact = "\n".join(published)
    assert nurikabe_rendering.parse_solutions(instance, compact, "x") == [published]
    data = json.loads(json.dumps(nurikabe_rendering.render_json(instance, published)))
    assert nurikabe_rendering.from_json(instance, data, "x") == published


def test_puz_url_json_and_janko_round_trips():
    for instance, *_ in _published().values():
        assert satpuzzle.load(nurikabe.to_puz(instance))[0] == instance
        for form in ("url", "json", "janko"):
            text = satpuzzle.export(instance, form)
            assert satpuzzle.load(text, kind="nurikabe")[0] == instance, form
    url = satpuzzle.export(_published()["20_6x6"][0], "url")
    assert url == "https://puzz.link/p?nurikabe/6/6/j1o2h4g4m4n"
    assert codecs.read_url(6, 6, "j1o2h4g4m4n", 0) == _published()["20_6x6"][0]


# ---------------------------------------------------------------- the checker


def test_checker_rejects_every_single_flip_of_a_unique_solution():
    instance, published, _ = _published()["131_8x8"]
    for r in range(instance.rows):
        for c in range(instance.cols):
            row = published[r]
            flipped = row[:c] + ("." if row[c] == "#" else "#") + row[c + 1:]
            broken = published[:r] + (flipped,) + published[r + 1:]
            assert check(instance, broken), (r, c)


@pytest.mark.parametrize("rows,expected", [
    (("#.#", "...", "#.."), "holds 2 numbers"),      # the two 2s joined in one island
    (("..#", "###", "##."), "all sea"),              # a 2x2 pool
    (("#.#", "#.#", "##."), "separate parts"),       # the sea cut in two
    (("..#", "#.#", "##."), "has 3 cells but its number is 2"),
    (("..#", "###", "#.."), None),                   # valid
    (("#.#", "###", "###"), "is shaded as sea"),
    (("#.", "##"), "must be 3 rows"),
    (("#.?", "###", "##."), "must be 3 characters"),
])
def test_checker_names_the_broken_rule(rows, expected):
    instance = NurikabeInstance(3, 3, ((0, 1, 2), (2, 2, 2)))
    problems = check(instance, rows)
    assert any(expected in p for p in problems) if expected else not problems, problems


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("grid,where,message", [
    ("2 . .\n. . .", "4:5", None),
    ("2 . x\n. . .\n. . .", "3:9", "expected a number (an island's size) or '.'"),
    ("2 . ?\n. . .\n. . .", "3:9", "a number of unknown value ('?') is not supported"),
    ("2 . 10\n. . .\n. . .", "3:9", "number 10 out of range: the grid has only 9 cells"),
    ("2 . .\n. .\n. . .", "4:5", "line has 2 cell(s), expected 3 (as the first line)"),
])
def test_bad_input_is_one_line_at_its_position(tmp_path, grid, where, message):
    body = "".join(f"    {line}\n" for line in grid.splitlines())
    path = tmp_path / "bad.puz"
    path.write_text(f"nurikabe {{\n  grid {{\n{body}  }}\n}}\n")
    if message is None:  # a well-formed grid: no error
        assert run_cli("solve", path).returncode == 0
        return
    result = run_cli("solve", path)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "\n" not in line and line.startswith(f"{path}:{where}: error: ") and message in line


def test_bad_entries_and_urls(tmp_path):
    path = tmp_path / "bad.puz"
    path.write_text("nurikabe {\n  size: 3\n  grid {\n    1\n  }\n}\n")
    result = run_cli("solve", path)
    assert result.returncode == 2 and f"{path}:2:3: error: unknown entry 'size'" in result.stderr
    path.write_text("nurikabe {\n}\n")
    assert "nurikabe needs a grid" in run_cli("solve", path).stderr
    result = run_cli("solve", "https://puzz.link/p?nurikabe/3/3/1.m")
    assert result.returncode == 2 and "unknown number" in result.stderr
    with pytest.raises(satpuzzle.InputError):
        NurikabeInstance(2, 2, ((0, 0, 5),))


def test_fit_never_guesses_a_plain_grid():
    assert nurikabe.fit("2 . .\n. . .\n. . 2\n") == 0


def test_public_sample_solves_fast():
    """Every published puzzle of the sample, from its text to its checked unique answer."""
    started = time.perf_counter()
    for instance, published, _ in _published().values():
        assert satpuzzle.unique(instance).solutions[0] == published
    assert time.perf_counter() - started < 60
