"""Hashiwokakero end to end: published puzzles against their published solutions, exact
connectivity (lazy cuts and the eager spanning tree agree with an independent brute force),
generated unique puzzles, formats, errors and CLI round trips. Every solution the CLI prints is
re-checked here by the independent rule checker."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pytest
from conftest import INSTANCES, run_cli, shared
from pysat.solvers import Solver

import satpuzzle
from satpuzzle.checkers.hashi import violations
from satpuzzle.constraints.encodings import order_sum
from satpuzzle.dimacs import read_header
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.hashi import rendering as hashi_rendering
from satpuzzle.kinds.hashi import rules as hashi_rules
from satpuzzle.solving import Job, ModelStream

HASHI = INSTANCES / "hashi"

# Four 2s on a square: locally, one bridge all round (connected) or two double bridges on
# opposite sides (two closed pairs), across or down.
SQUARE = "hashi {\n  grid {\n    2 . 2\n    . . .\n    2 . 2\n  }\n}\n"


# ---------------------------------------------------------------- helpers written from the rules


def islands_of(grid) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v]


def brute_force_solutions(grid) -> set[tuple]:
    """Every solution by plain backtracking over the pairs of facing islands (0, 1 or 2
    bridges each), degrees closed as soon as an island's last pair is decided, crossings
    refused on the fly, connectivity checked at the end. Shares no code with the encoder."""
    height, width = len(grid), len(grid[0])
    islands = islands_of(grid)
    pairs, inside = [], []
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc, between = r + dr, c + dc, []
            while rr < height and cc < width and not grid[rr][cc]:
                between.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if rr < height and cc < width:
                pairs.append(((r, c), (rr, cc)))
                inside.append(between)
    need = {cell: grid[cell[0]][cell[1]] for cell in islands}
    last = {}
    for index, (a, b) in enumerate(pairs):
        last[a] = last[b] = index
    if any(cell not in last for cell in islands):
        return set()
    occupied: set[tuple[int, int]] = set()
    counts = [0] * len(pairs)
    found = set()

    def search(index: int) -> None:
        if index == len(pairs):
            bridges = tuple(sorted((a, b, k) for (a, b), k in zip(pairs, counts) if k))
            if connected(islands, bridges):
                found.add(bridges)
            return
        a, b = pairs[index]
        for k in (0, 1, 2):
            if k > need[a] or k > need[b] or (k and occupied & set(inside[index])):
                break
            need[a] -= k
            need[b] -= k
            if k:
                occupied.update(inside[index])
            counts[index] = k
            if not (last[a] == index and need[a]) and not (last[b] == index and need[b]):
                search(index + 1)
            counts[index] = 0
            if k:
                occupied.difference_update(inside[index])
            need[a] += k
            need[b] += k

    search(0)
    return found


def connected(islands, bridges) -> bool:
    reached, frontier = {islands[0]}, [islands[0]]
    while frontier:
        cell = frontier.pop()
        for a, b, _k in bridges:
            for here, there in ((a, b), (b, a)):
                if here == cell and there not in reached:
                    reached.add(there)
                    frontier.append(there)
    return len(reached) == len(islands)


def published_solution(path: Path) -> tuple:
    """A solution drawn one character per cell as in simon-frankau/hashiwokakero-solver:
    `-` `=` across, `|` `H` down, islands as digits."""
    lines = path.read_text().split()
    bridges = []
    for r, line in enumerate(lines):
        for c, char in enumerate(line):
            if not char.isdigit():
                continue
            for dr, dc, marks in ((0, 1, "-="), (1, 0, "|H")):
                rr, cc = r + dr, c + dc
                if rr >= len(lines) or cc >= len(line) or lines[rr][cc] not in marks:
                    continue
                mark = lines[rr][cc]
                while lines[rr][cc] == mark:
                    rr, cc = rr + dr, cc + dc
                bridges.append(((r, c), (rr, cc), marks.index(mark) + 1))
    return tuple(sorted(bridges))


def all_solutions(instance, connectivity: str | None = None) -> list[tuple]:
    instance = hashi.with_connectivity(instance, connectivity)
    return list(satpuzzle.solutions(instance))


def local_rule_count(instance) -> int:
    formula = hashi_rules.encode_local_rules(instance)
    stream = ModelStream(formula)
    count = sum(1 for _ in stream.models(Job()))
    stream.close()
    return count


def load_one(text_or_path) -> hashi.HashiInstance:
    (instance,) = satpuzzle.load(str(text_or_path))
    return instance


# ---------------------------------------------------------------- published puzzles


@pytest.mark.parametrize("name", ["hashi-info-9x9", "hashi-info-17x17"])
def test_published_puzzles_are_unique_with_the_published_solution(tmp_path, name):
    result = run_cli("solve", HASHI / f"{name}.puz", "--unique")
    assert result.returncode == 0, result.stderr
    instance = load_one(HASHI / f"{name}.puz")
    assert result.stdout.startswith("unique\n")
    (solution,) = hashi_rendering.parse_solutions(instance, result.stdout, "out")
    assert solution == published_solution(HASHI / f"{name}.solution.txt")
    assert violations(instance.grid, solution) == []


def test_dailyprogrammer_example_has_the_published_solution_among_two():
    instance = load_one(HASHI / "dailyprogrammer-7x7.puz")
    islands = islands_of(instance.grid)  # the challenge numbers islands in this order
    published = [(0, 1), (0, 1), (0, 9), (1, 8), (2, 10), (2, 10), (3, 4), (4, 6), (5, 6),
                 (6, 11), (7, 8), (7, 8), (9, 10), (9, 10), (10, 11), (10, 11), (10, 15),
                 (10, 15), (11, 17), (12, 18), (13, 16), (14, 15), (14, 19), (14, 19), (15, 16),
                 (15, 21), (16, 17), (18, 19), (19, 20), (21, 22), (22, 23), (22, 23)]
    counts: dict[tuple, int] = {}
    for i, j in published:
        counts[(islands[i], islands[j])] = counts.get((islands[i], islands[j]), 0) + 1
    expected = tuple(sorted((a, b, k) for (a, b), k in counts.items()))
    solutions = all_solutions(instance)
    assert len(solutions) == 2 and expected in solutions
    assert set(solutions) == brute_force_solutions(instance.grid)


# ---------------------------------------------------------------- exact connectivity


def test_only_connected_solutions_although_local_rules_allow_others():
    instance = load_one(SQUARE)
    assert local_rule_count(instance) == 3
    for connectivity in ("lazy", "eager"):
        solutions = all_solutions(instance, connectivity)
        assert solutions == [(((0, 0), (0, 2), 1), ((0, 0), (2, 0), 1), ((0, 2), (2, 2), 1),
                              ((2, 0), (2, 2), 1))]


def test_larger_instance_with_disconnected_local_solutions():
    grid = ("2 . 2 . 1", ". . . . .", "3 . 4 . 2", ". . . . .", "2 . 3 . 1")
    instance = load_one("hashi {\n  grid {\n" + "\n".join(grid) + "\n  }\n}\n")
    expected = brute_force_solutions(instance.grid)
    local = local_rule_count(instance)
    assert local > len(expected) >= 1
    for connectivity in ("lazy", "eager"):
        solutions = all_solutions(instance, connectivity)
        assert len(solutions) == len(set(solutions))
        assert set(solutions) == expected
        assert all(violations(instance.grid, s) == [] for s in solutions)


@pytest.mark.parametrize("seed", range(12))
def test_generated_counts_match_brute_force_lazy_and_eager(seed):
    instance = hashi_generation.generate(6, 6, islands=7 + seed % 4, seed=seed)
    expected = brute_force_solutions(instance.grid)
    lazy = all_solutions(instance, "lazy")
    eager = all_solutions(instance, "eager")
    assert len(lazy) == len(set(lazy)) and len(eager) == len(set(eager))
    assert set(lazy) == set(eager) == expected and expected
    assert all(violations(instance.grid, s) == [] for s in lazy)


def test_generated_multi_solution_instances_exist_in_the_sample():
    counts = [len(brute_force_solutions(
        hashi_generation.generate(6, 6, islands=7 + s % 4, seed=s).grid)) for s in range(12)]
    assert max(counts) > 1  # the comparison above is not only about unique puzzles


def test_islands_side_by_side_are_joined_without_water():
    instance = load_one("hashi {\n  grid {\n    12.\n    .21\n  }\n}\n")
    solutions = all_solutions(instance)
    assert set(solutions) == brute_force_solutions(instance.grid)
    assert solutions == [(((0, 0), (0, 1), 1), ((0, 1), (1, 1), 1), ((1, 1), (1, 2), 1))]
    text = hashi_rendering.render_text(instance, solutions[0])
    assert text == "1-2 .\n  |\n. 2-1"
    assert hashi_rendering.parse_solutions(instance, text, "t") == solutions


def test_unsolvable_when_candidate_bridges_cannot_connect():
    instance = load_one("hashi {\n  grid {\n    1 1 . .\n    . . . .\n    . . 1 1\n  }\n}\n")
    assert local_rule_count(instance) == 1
    assert all_solutions(instance, "lazy") == all_solutions(instance, "eager") == []


# ---------------------------------------------------------------- generator


@pytest.mark.parametrize("seed", range(5))
def test_generated_unique_puzzles_have_exactly_one_solution(seed):
    instance = hashi_generation.generate(8, 8, islands=14, seed=seed, unique=True)
    assert instance == hashi_generation.generate(8, 8, islands=14, seed=seed, unique=True)
    for connectivity in ("lazy", "eager"):
        solutions = all_solutions(instance, connectivity)
        assert len(solutions) == 1
        assert violations(instance.grid, solutions[0]) == []


def test_generator_is_deterministic_and_connected():
    first = hashi_generation.generate(10, 12, islands=20, seed=7)
    assert first == hashi_generation.generate(10, 12, islands=20, seed=7)
    assert first != hashi_generation.generate(10, 12, islands=20, seed=8)
    assert (first.height, first.width) == (10, 12)
    assert len(islands_of(first.grid)) >= 2
    assert satpuzzle.solve(first) is not None


# ---------------------------------------------------------------- checker


def test_checker_names_each_broken_rule():
    grid = ((2, 0, 2), (0, 0, 0), (2, 0, 2))
    good = (((0, 0), (0, 2), 1), ((0, 0), (2, 0), 1), ((0, 2), (2, 2), 1), ((2, 0), (2, 2), 1))
    assert violations(grid, good) == []
    assert "do not connect" in violations(grid, (((0, 0), (0, 2), 2), ((2, 0), (2, 2), 2)))[0]
    assert any("has 1 bridge" in p for p in violations(grid, good[1:]))
    assert any("expected 1..2" in p for p in violations(grid, (((0, 0), (0, 2), 3),)))
    assert any("neither" in p for p in violations(grid, (((0, 0), (2, 2), 1),)))
    cross = ((0, 1, 0), (1, 0, 1), (0, 1, 0))
    crossing = (((1, 0), (1, 2), 1), ((0, 1), (2, 1), 1))
    assert any("cross at row 2, column 2" in p for p in violations(cross, crossing))
    assert any("passes over" in p for p in violations(((1, 2, 1),), (((0, 0), (0, 2), 1),)))
    assert any("listed twice" in p for p in violations(grid, good + good[:1]))


# ---------------------------------------------------------------- CLI


def test_cli_solve_all_count_and_check_round_trip(tmp_path):
    path = HASHI / "dailyprogrammer-7x7.puz"
    counted = run_cli("solve", path, "--count")
    assert counted.returncode == 0 and counted.stdout.strip() == "2"
    listed = run_cli("solve", path, "--all")
    assert listed.returncode == 0
    instance = load_one(path)
    solutions = hashi_rendering.parse_solutions(instance, listed.stdout, "out")
    assert len(solutions) == 2 and set(solutions) == brute_force_solutions(instance.grid)
    assert all(violations(instance.grid, s) == [] for s in solutions)
    (tmp_path / "out.txt").write_text(listed.stdout)
    checked = run_cli("check", path, tmp_path / "out.txt")
    assert checked.returncode == 0
    assert checked.stdout.splitlines() == ["solution 1: valid", "solution 2: valid"]


def test_cli_json_and_check_catch_a_broken_solution(tmp_path):
    path = HASHI / "hashi-info-9x9.puz"
    result = run_cli("solve", path, "--format", "json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["kind"] == "hashi" and data["status"] == "SAT" and data["count"] == 1
    instance = load_one(path)
    (solution,) = [hashi_rendering.from_json(instance, s, "j") for s in data["solutions"]]
    assert solution == published_solution(HASHI / "hashi-info-9x9.solution.txt")
    assert all(set(b) == {"from", "to", "count"} for b in data["solutions"][0])
    (tmp_path / "good.json").write_text(result.stdout)
    assert run_cli("check", path, tmp_path / "good.json").returncode == 0
    data["solutions"][0][0]["count"] = 3 - data["solutions"][0][0]["count"]
    (tmp_path / "bad.json").write_text(json.dumps(data))
    broken = run_cli("check", path, tmp_path / "bad.json")
    assert broken.returncode == 1 and "INVALID" in broken.stdout


def test_check_text_reports_a_drawing_error_with_its_position(tmp_path):
    path = HASHI / "hashi-info-9x9.puz"
    drawing = run_cli("solve", path).stdout
    lines = drawing.splitlines()
    lines[0] = lines[0][:3] + "=" + lines[0][4:]  # one half of a bridge doubled
    (tmp_path / "bad.txt").write_text("\n".join(lines) + "\n")
    result = run_cli("check", path, tmp_path / "bad.txt")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{tmp_path / 'bad.txt'}:1:")


def test_compile_uses_the_eager_encoding_and_decode_reads_a_model(tmp_path):
    path = HASHI / "hashi-info-9x9.puz"
    cnf = tmp_path / "h.cnf"
    assert run_cli("compile", path, "-o", cnf).returncode == 0
    text = cnf.read_text()
    assert "c connectivity: eager" in text
    header = read_header(text, str(cnf))
    clauses = [[int(v) for v in line.split()[:-1]] for line in text.splitlines()
               if line and line[0] not in "cp"]
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    decoded = run_cli("decode", cnf, tmp_path / "model.txt", "--format", "json")
    assert decoded.returncode == 0, decoded.stderr
    instance = load_one(path)
    (solution,) = [hashi_rendering.from_json(instance, s, "j")
                   for s in json.loads(decoded.stdout)["solutions"]]
    assert solution == published_solution(HASHI / "hashi-info-9x9.solution.txt")
    assert all(name[0] == "bridge" for name in header.names.values())


def test_standalone_formula_alone_counts_only_connected_solutions():
    instance = load_one(SQUARE)
    formula = satpuzzle.compile(instance)
    assert formula.refine is None
    stream = ModelStream(formula)
    assert sum(1 for _ in stream.models(Job())) == 1


def test_native_has_and_character_grid(tmp_path):
    has = tmp_path / "small.has"
    has.write_text("3 3 4\r\n2 0 2\r\n0 0 0\r\n2 0 2\r\n")  # recognised without --kind
    result = run_cli("solve", has, "--count")
    assert result.returncode == 0 and result.stdout.strip() == "1"
    grid = tmp_path / "small.txt"
    grid.write_text("2.2\n...\n2.2\n")
    result = run_cli("solve", grid, "--kind", "hashi")
    assert result.returncode == 0
    assert result.stdout == "2---2\n|   |\n| . |\n|   |\n2---2\n"
    instance = satpuzzle.load(str(grid), kind="hashi")[0]
    assert hashi.to_puz(instance) == "hashi {\n  grid {\n    2 . 2\n    . . .\n    2 . 2\n  }\n}\n"


def test_sniff_takes_has_files_only():
    assert hashi.sniff("3 3 4\n2 0 2\n0 0 0\n2 0 2\n")
    assert not hashi.sniff("3 3 3\n2 0 2\n0 0 0\n2 0 2\n")  # island count disagrees
    assert not hashi.sniff("3 3 4\n2 0 2\n0 0 0\n")  # a row missing
    assert not hashi.sniff("1 0 1\n0 1 0\n1 0 1\n")  # a crossword grid of 0 and 1
    assert not hashi.sniff("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2"
                           ".....1.4......\n")
    for path in sorted((INSTANCES / "sudoku").iterdir()):
        assert not hashi.sniff(path.read_text())


def test_connectivity_field_and_to_puz_round_trip():
    text = SQUARE.replace("  grid", "  connectivity: eager\n  grid")
    instance = load_one(text)
    assert instance.connectivity == "eager"
    assert load_one(hashi.to_puz(instance)) == instance
    assert hashi_rules.encode(instance).refine is None
    assert hashi_rules.encode(hashi.with_connectivity(instance, "lazy")).refine is not None
    native, _ = hashi.read_native("2.2\n...\n2.2\n", "g", {"connectivity": "eager"})
    assert native[0].connectivity == "eager"


# ---------------------------------------------------------------- errors


def _assert_one_clean_line(result, path, line, column, words):
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{path}:{line}:{column}: error: "), lines[0]
    assert words in lines[0], lines[0]


PUZ = "hashi {\n  grid {\n    2 . 2\n    . . .\n    2 . 2\n  }\n}\n"
ERRORS = {
    "island above 8": ("bad.puz", PUZ.replace("2 . 2\n    . .", "2 . 9\n    . ."), 3, 9,
                       "island value 9 out of range"),
    "island 0": ("bad.puz", PUZ.replace("2 . 2\n    . .", "0 . 2\n    . ."), 3, 5, "island 0"),
    "ragged rows": ("bad.puz", PUZ.replace(". . .", ". ."), 4, 5,
                    "line has 2 cell(s), expected 3"),
    "bad character": ("bad.puz", PUZ.replace(". . .", ". x ."), 4, 7,
                      "expected a digit 1..8, '?' (any number of bridges) or '.'"),
    "bad character in a run": ("bad.txt", "2.2\n.x.\n2.2\n", 2, 2, "found 'x'"),
    "question mark in a .has file": ("bad.has", "3 3 4\n2 0 2\n0 0 0\n2 0 ?\n", 4, 5,
                                     "a .has file has no '?' island"),
    "island 0 in a run": ("bad.txt", "2.2\n...\n2.0\n", 3, 3, "island 0"),
    "bad connectivity": ("bad.puz", PUZ.replace("  grid", "  connectivity: fast\n  grid"), 2, 17,
                         "lazy or eager"),
    "has rows missing": ("bad.has", "3 3 4\n2 0 2\n0 0 0\n", 1, 1,
                         "header says 3 rows but 2 follow"),
    "has short row": ("bad.has", "3 3 4\n2 0 2\n0 0\n2 0 2\n", 3, 1,
                      "line has 2 number(s), expected 3"),
    "has island count": ("bad.has", "3 3 5\n2 0 2\n0 0 0\n2 0 2\n", 1, 5,
                         "header says 5 islands but the grid holds 4"),
    "has value 9": ("bad.has", "3 3 4\n2 0 2\n0 0 0\n2 0 9\n", 4, 5, "island value 9"),
    "no island": ("bad.puz", PUZ.replace("2 . 2", ". . ."), 2, 3, "no island"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_bad_input_gives_one_clean_line(tmp_path, name):
    filename, content, line, column, words = ERRORS[name]
    path = tmp_path / filename
    path.write_text(content)
    kind = [] if filename.endswith(".puz") else ["--kind", "hashi"]
    _assert_one_clean_line(run_cli("solve", path, *kind), path, line, column, words)


# ---------------------------------------------------------------- benchmark data


@pytest.mark.parametrize("name", ["100/Hs_16_100_25_00_001.has", "400/Hs_34_400_75_15_030.has"])
def test_coelho_benchmark_instances_solve(name):
    path = shared(f"hashi/coelho2019/{name}")
    result = run_cli("solve", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    instance = hashi.read_native(path.read_text(), str(path), {})[0][0]
    (data,) = json.loads(result.stdout)["solutions"]
    assert violations(instance.grid, hashi_rendering.from_json(instance, data, "j")) == []


# ---------------------------------------------------------------- degree encodings


@pytest.mark.parametrize("pairs", [1, 2, 3, 4])
@pytest.mark.parametrize("how", ["equals", "atmost", "atleast"])
def test_order_encoded_degrees_accept_exactly_the_right_sums(pairs, how):
    """The degree family's default encoding (constraints.encodings.order_sum), over every
    count 0..2 of each pair (as one/two variables), for every island number."""
    holds = {"equals": int.__eq__, "atmost": int.__le__, "atleast": int.__ge__}[how]
    variables = [(2 * i + 1, 2 * i + 2) for i in range(pairs)]
    for value in range(1, 2 * pairs + 1):
        clauses = order_sum(variables, value, how)
        for counts in itertools.product(range(3), repeat=pairs):
            true = {one for (one, _), k in zip(variables, counts) if k >= 1}
            true |= {two for (_, two), k in zip(variables, counts) if k == 2}
            satisfied = all(any((lit > 0) == (abs(lit) in true) for lit in clause)
                            for clause in clauses)
            assert satisfied == holds(sum(counts), value), (counts, value)


@pytest.mark.parametrize("seed", range(4))
def test_cardenc_degrees_give_the_same_solutions(seed):
    instance = hashi_generation.generate(6, 6, islands=8 + seed, seed=100 + seed)
    expected = brute_force_solutions(instance.grid)
    instance = dataclasses.replace(instance, encodings=(("degree", "seqcounter"),))
    assert "seqcounter" in hashi_rules.encode(instance).families["degree"].encoding
    for connectivity in ("lazy", "eager"):
        assert set(all_solutions(instance, connectivity)) == expected


def test_plain_hashi_grid_is_read_as_hashi_and_says_so(tmp_path):
    """A plain 9×9 grid of '.' and digits without --kind: Sudoku fits its shape, but its
    givens repeat in a box, while every island sees enough neighbours: read as Hashi, and the
    answer says which kind was assumed."""
    lines = (INSTANCES / "hashi" / "hashi-info-9x9.puz").read_text().splitlines()[6:15]
    path = tmp_path / "grid.txt"
    path.write_text("\n".join(line.strip() for line in lines) + "\n")
    result = run_cli("solve", path, "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "1\n"
    assert "(read as hashi)" in result.stderr
