"""`?` clues of Shikaku and Hashi (puzz.link's clues of unknown number, `.` in its URLs): a `?`
Shikaku clue stands in a rectangle of any area, a `?` Hashi island takes any number of bridges.
Solutions are compared with brute forces written here from the rules alone (they read the
puzzle's text, not its instance), `--unique` and `--forced` with what all solutions share, and
every format that carries `?` is round-tripped; the ones that cannot carry it refuse it."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest
from conftest import run_cli

import satpuzzle
from satpuzzle import formats
from satpuzzle.checkers import hashi as hashi_checker
from satpuzzle.checkers import shikaku as shikaku_checker
from satpuzzle.errors import InputError
from satpuzzle.formats import puzzlink
from satpuzzle.kinds import registry
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.hashi import rendering as hashi_rendering
from satpuzzle.kinds.shikaku import presolve
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.shikaku import rendering as shikaku_rendering

# cspuz_core's own test of puzz.link Shikaku URLs: a `?` among the clues.
CSPUZ_URL = "https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g"
CSPUZ_GRID = """\
. . . . . .
. . . . . .
. 6 6 . . .
. 4 ? . 8 .
. . . . . .
. 4 . . 4 ."""

Grid = list[list[str]]  # the puzzle's cells as written: "." empty or water, a number, "?"


# ---------------------------------------------------------------- brute forces from the rules


def cells_of(text: str) -> Grid:
    return [line.split() for line in text.splitlines() if line.strip()]


def shikaku_brute_force(grid: Grid) -> set[frozenset]:
    """Every cover of the grid by rectangles each holding one clue, of the clue's area (any
    area for `?`): the first cell not yet covered (reading order) is the top-left corner of
    the rectangle that covers it, so trying every rectangle from there finds each cover once.
    A solution is the set of (clue cell, top, left, height, width)."""
    rows, cols = len(grid), len(grid[0])
    clues = {(r, c): cell for r, line in enumerate(grid) for c, cell in enumerate(line)
             if cell != "."}
    covered = [[False] * cols for _ in range(rows)]
    found: set[frozenset] = set()

    def search(chosen: list[tuple]) -> None:
        free = next(((r, c) for r in range(rows) for c in range(cols) if not covered[r][c]),
                    None)
        if free is None:
            found.add(frozenset(chosen))
            return
        top, left = free
        for height in range(1, rows - top + 1):
            for width in range(1, cols - left + 1):
                cells = [(r, c) for r in range(top, top + height)
                         for c in range(left, left + width)]
                if any(covered[r][c] for r, c in cells):
                    break  # a wider rectangle overlaps as well
                inside = [cell for cell in cells if cell in clues]
                if len(inside) != 1:
                    continue
                clue = clues[inside[0]]
                if clue != "?" and int(clue) != height * width:
                    continue
                for r, c in cells:
                    covered[r][c] = True
                search([*chosen, (inside[0], top, left, height, width)])
                for r, c in cells:
                    covered[r][c] = False

    search([])
    return found


def hashi_pairs(grid: Grid) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each island with the nearest island to its right and below it (water between)."""
    rows, cols = len(grid), len(grid[0])
    pairs = []
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] == ".":
            continue
        for dr, dc in ((0, 1), (1, 0)):
            y, x = r + dr, c + dc
            while y < rows and x < cols and grid[y][x] == ".":
                y, x = y + dr, x + dc
            if y < rows and x < cols:
                pairs.append(((r, c), (y, x)))
    return pairs


def _between(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    if a[0] == b[0]:
        return [(a[0], c) for c in range(a[1] + 1, b[1])]
    return [(r, a[1]) for r in range(a[0] + 1, b[0])]


def hashi_brute_force(grid: Grid) -> set[tuple]:
    """Every choice of 0, 1 or 2 bridges per pair with no crossing, each numbered island's
    count equal to its number (`?` islands: any count) and all islands connected."""
    islands = [(r, c) for r, line in enumerate(grid) for c, cell in enumerate(line)
               if cell != "."]
    pairs = hashi_pairs(grid)
    found = set()
    for counts in itertools.product(range(3), repeat=len(pairs)):
        bridges = [(a, b, k) for (a, b), k in zip(pairs, counts) if k]
        spans = [cell for a, b, _ in bridges for cell in _between(a, b)]
        if len(spans) != len(set(spans)):
            continue  # two bridges cross
        degree = dict.fromkeys(islands, 0)
        for a, b, k in bridges:
            degree[a] += k
            degree[b] += k
        if any(grid[r][c] != "?" and degree[(r, c)] != int(grid[r][c]) for r, c in islands):
            continue
        if _connected(islands, bridges):
            found.add(tuple(sorted(bridges)))
    return found


def _connected(islands: list[tuple[int, int]], bridges: list[tuple]) -> bool:
    reached, frontier = {islands[0]}, [islands[0]]
    while frontier:
        here = frontier.pop()
        for a, b, _ in bridges:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in reached:
                    reached.add(y)
                    frontier.append(y)
    return len(reached) == len(islands)


# ---------------------------------------------------------------- instances as text


def shikaku_text(grid: Grid) -> str:
    rows = "\n".join("    " + " ".join(line) for line in grid)
    return f"shikaku {{\n  grid {{\n{rows}\n  }}\n}}\n"


def hashi_text(grid: Grid, connectivity: str | None = None) -> str:
    rows = "\n".join("    " + " ".join(line) for line in grid)
    field = f"  connectivity: {connectivity}\n" if connectivity else ""
    return f"hashi {{\n{field}  grid {{\n{rows}\n  }}\n}}\n"


def random_shikaku_grids(seed: int, count: int) -> Iterator[Grid]:
    """Small grids, some cut into rectangles with one clue each (a solution exists), some with
    clues placed at random (often none or several); a share of the clues made `?`."""
    rng = random.Random(seed)
    while count:
        rows, cols = rng.randint(1, 4), rng.randint(2, 4)
        grid = [["."] * cols for _ in range(rows)]
        if rng.random() < 0.6:
            for top, left, height, width in _cut(rng, 0, 0, rows, cols):
                r, c = top + rng.randrange(height), left + rng.randrange(width)
                grid[r][c] = str(height * width)
        else:
            for r, c in rng.sample(list(itertools.product(range(rows), range(cols))),
                                   rng.randint(1, min(4, rows * cols))):
                grid[r][c] = str(rng.randint(1, 4))
        clues = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != "."]
        for r, c in rng.sample(clues, rng.randint(1, len(clues))):
            grid[r][c] = "?"
        count -= 1
        yield grid


def _cut(rng: random.Random, top: int, left: int, height: int,
         width: int) -> list[tuple[int, int, int, int]]:
    if height * width > 1 and rng.random() < 0.75:
        if width == 1 or (height > 1 and rng.random() < 0.5):
            at = rng.randrange(1, height)
            return (_cut(rng, top, left, at, width)
                    + _cut(rng, top + at, left, height - at, width))
        at = rng.randrange(1, width)
        return _cut(rng, top, left, height, at) + _cut(rng, top, left + at, height, width - at)
    return [(top, left, height, width)]


def random_hashi_grids(seed: int, count: int) -> Iterator[Grid]:
    """3 to 5 islands on grids of at most 4×5, numbers 1..4 or `?`, some `?`, at most 9
    pairs, every island reachable through the pairs."""
    rng = random.Random(seed)
    while count:
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        grid = [["."] * cols for _ in range(rows)]
        for r, c in rng.sample(list(itertools.product(range(rows), range(cols))),
                               rng.randint(3, 5)):
            grid[r][c] = "?" if rng.random() < 0.5 else str(rng.randint(1, 4))
        pairs = hashi_pairs(grid)
        islands = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != "."]
        if ("?" not in {cell for line in grid for cell in line} or len(pairs) > 9
                or not _connected(islands, [(a, b, 1) for a, b in pairs])):
            continue  # no `?`, too slow to brute-force, or unsolvable at a glance
        count -= 1
        yield grid


def load(text: str):
    [instance] = satpuzzle.load(text)
    return instance


def shikaku_solutions(instance) -> set[frozenset]:
    return {frozenset((p.clue, p.top, p.left, p.height, p.width) for p in solution)
            for solution in satpuzzle.solutions(instance)}


# ---------------------------------------------------------------- cspuz_core's URL


def test_cspuz_url_solves_uniquely_checks_and_round_trips():
    [instance] = puzzlink.read(CSPUZ_URL, CSPUZ_URL)
    assert instance == load(shikaku_text(cells_of(CSPUZ_GRID)))
    assert (3, 2, None) in instance.clues
    assert puzzlink.write(instance) == CSPUZ_URL
    solutions = list(satpuzzle.solutions(instance))
    assert len(solutions) == 1
    assert satpuzzle.check(instance, solutions[0]) == []
    assert shikaku_solutions(instance) == shikaku_brute_force(cells_of(CSPUZ_GRID))
    question = next(p for p in solutions[0] if p.clue == (3, 2))
    assert question.height * question.width == 36 - (6 + 6 + 4 + 8 + 4 + 4)


def test_cli_solves_the_url_and_says_unique():
    result = run_cli("solve", CSPUZ_URL, "--unique")
    assert result.returncode == 0, result.stderr
    verdict, grid = result.stdout.strip().split("\n\n")
    assert verdict == "unique"
    [instance] = puzzlink.read(CSPUZ_URL, CSPUZ_URL)
    assert shikaku_rendering.parse_solutions(instance, grid, "out") == [satpuzzle.solve(instance)]
    exported = run_cli("export", CSPUZ_URL, "--format", "url")
    assert exported.returncode == 0 and exported.stdout.strip() == CSPUZ_URL


def test_cli_solve_then_check_a_url_solution(tmp_path):
    puz = tmp_path / "cspuz.puz"
    puz.write_text(shikaku_text(cells_of(CSPUZ_GRID)))
    solved = run_cli("solve", puz, "--format", "json")
    assert solved.returncode == 0, solved.stderr
    answer = tmp_path / "answer.json"
    answer.write_text(solved.stdout)
    checked = run_cli("check", puz, answer)
    assert checked.returncode == 0 and "valid" in checked.stdout


# ---------------------------------------------------------------- Shikaku against brute force


def test_shikaku_question_rectangle_takes_any_area():
    grid = cells_of("? . .\n. 3 .\n. . ?")
    instance = load(shikaku_text(grid))
    assert instance.clues == ((0, 0, None), (1, 1, 3), (2, 2, None))
    expected = shikaku_brute_force(grid)
    assert len(expected) == 2  # the 3 across or down, the `?`s take the two sides left
    assert shikaku_solutions(instance) == expected


@pytest.mark.parametrize("seed", range(4))
def test_shikaku_solutions_match_brute_force(seed):
    counts = []
    for grid in random_shikaku_grids(seed, 30):
        expected = shikaku_brute_force(grid)
        try:
            instance = load(shikaku_text(grid))
        except InputError as error:  # refused on reading only when no cover exists
            assert expected == set(), error
            counts.append(0)
            continue
        assert shikaku_solutions(instance) == expected, grid
        counts.append(len(expected))
    assert max(counts) > 1 and counts.count(1) > 0  # several solutions and one both seen


def test_shikaku_question_candidates_are_every_free_rectangle():
    for grid in random_shikaku_grids(11, 40):
        rows, cols = len(grid), len(grid[0])
        clues = [(r, c, None if cell == "?" else int(cell)) for r, line in enumerate(grid)
                 for c, cell in enumerate(line) if cell != "."]
        known = sum(area for *_, area in clues if area)
        spare = rows * cols - known - (sum(area is None for *_, area in clues) - 1)
        found = presolve.candidates(rows, cols, clues).rects(len(clues))
        for (r, c, area), rects in zip(clues, found):
            expected = {(top, left, h, w)
                        for top, left in itertools.product(range(rows), range(cols))
                        for h in range(1, rows - top + 1) for w in range(1, cols - left + 1)
                        if top <= r < top + h and left <= c < left + w
                        and (h * w == area if area else h * w <= spare)
                        and sum(top <= y < top + h and left <= x < left + w
                                for y, x, _ in clues) == 1}
            assert sorted(rects) == sorted(expected), (grid, r, c)


def test_shikaku_question_in_a_large_empty_grid_is_refused_by_the_budget(tmp_path):
    grid = [["."] * 400 for _ in range(400)]
    grid[200][0] = "?"  # 6.5·10^11 cells in its candidates: counted, not listed
    (tmp_path / "big.txt").write_text("\n".join(" ".join(line) for line in grid))
    path = tmp_path / "big.puz"
    path.write_text('shikaku {\n  grid: file "big.txt"\n}\n')
    result = run_cli("solve", path)
    assert result.returncode == 2
    assert "candidate rectangles cover" in result.stderr and "--max-clauses" in result.stderr


# ---------------------------------------------------------------- Hashi against brute force


def test_hashi_question_island_takes_any_number():
    grid = cells_of("? . 2\n. . .\n1 . ?")
    expected = hashi_brute_force(grid)
    assert len(expected) == 2
    for mode in ("lazy", "eager"):
        instance = load(hashi_text(grid, mode))
        assert set(satpuzzle.solutions(instance)) == expected


def test_hashi_lone_question_island_needs_no_bridge():
    instance = load(hashi_text(cells_of(". ? .")))
    assert list(satpuzzle.solutions(instance)) == [()]
    assert hashi_brute_force(cells_of(". ? .")) == {()}


@pytest.mark.parametrize("seed", range(3))
def test_hashi_solutions_match_brute_force_lazy_and_eager(seed):
    counts = []
    for grid in random_hashi_grids(seed, 25):
        expected = hashi_brute_force(grid)
        for mode in ("lazy", "eager"):
            instance = load(hashi_text(grid, mode))
            assert set(satpuzzle.solutions(instance)) == expected, (grid, mode)
        counts.append(len(expected))
    assert max(counts) > 1 and min(counts) == 0  # several solutions and none both seen


def test_hashi_question_in_generated_puzzles_matches_brute_force():
    """Generated (solvable) puzzles with islands made `?`: more solutions, never fewer."""
    rng = random.Random(5)
    checked = 0
    while checked < 15:
        instance = hashi_generation.generate(rng.randint(3, 5), rng.randint(3, 5), islands=4,
                                  seed=rng.randrange(10**6))
        grid = [[hashi.cell_text(v) for v in row] for row in instance.grid]
        if len(hashi_pairs(grid)) > 9:
            continue
        before = hashi_brute_force(grid)
        r, c = rng.choice([(r, c) for r, line in enumerate(grid)
                           for c, cell in enumerate(line) if cell != "."])
        grid[r][c] = "?"
        after = hashi_brute_force(grid)
        assert before <= after
        assert set(satpuzzle.solutions(load(hashi_text(grid)))) == after
        checked += 1


# ---------------------------------------------------------------- --unique and --forced


def _forced_lines(instance) -> list[str]:
    return registry.kind(instance.KIND).forced_text(instance, satpuzzle.forced(instance))


def _shikaku_expected_forced(grid: Grid, solutions: set[frozenset]) -> list[str]:
    lines = []
    for (r, c), cell in sorted(((r, c), cell) for r, line in enumerate(grid)
                               for c, cell in enumerate(line) if cell != "."):
        rects = {rect[1:] for solution in solutions for rect in solution if rect[0] == (r, c)}
        label = f"clue r{r + 1}c{c + 1} ({cell})"
        if len(rects) == 1:
            top, left, h, w = rects.pop()
            lines.append(f"{label} = r{top + 1}c{left + 1}-r{top + h}c{left + w} ({h}x{w})")
        else:
            lines.append(f"{label} open")
    return lines


def _hashi_expected_forced(grid: Grid, solutions: set[tuple]) -> list[str]:
    words = {frozenset({0}): "no bridge", frozenset({1}): "1 bridge",
             frozenset({2}): "2 bridges", frozenset({1, 2}): "at least 1 bridge",
             frozenset({0, 1}): "at most 1 bridge"}
    lines = []
    for a, b in sorted(hashi_pairs(grid)):
        counts = frozenset({(x, y): k for x, y, k in s}.get((a, b), 0) for s in solutions)
        if counts in words:
            lines.append(f"r{a[0] + 1}c{a[1] + 1}-r{b[0] + 1}c{b[1] + 1}: {words[counts]}")
    return lines


def test_shikaku_forced_with_question_clues_is_what_all_solutions_share():
    seen = 0
    for grid in random_shikaku_grids(21, 40):
        solutions = shikaku_brute_force(grid)
        if len(solutions) < 2:
            continue
        instance = load(shikaku_text(grid))
        printed = [line.split(",")[0] for line in _forced_lines(instance)]
        assert printed == _shikaku_expected_forced(grid, solutions), grid
        seen += 1
    assert seen >= 5


def test_hashi_forced_with_question_islands_is_what_all_solutions_share():
    seen = 0
    for grid in random_hashi_grids(31, 40):
        solutions = hashi_brute_force(grid)
        if not solutions:
            continue
        instance = load(hashi_text(grid))
        assert _forced_lines(instance) == _hashi_expected_forced(grid, solutions), grid
        seen += len(solutions) > 1
    assert seen >= 3


def test_cli_unique_and_forced_with_question_clues(tmp_path):
    shikaku_path = tmp_path / "two.puz"
    shikaku_path.write_text(shikaku_text(cells_of("? . .\n. 3 .\n. . ?")))
    several = run_cli("solve", shikaku_path, "--unique")
    assert several.returncode == 0 and several.stdout.startswith("multiple")
    forced = run_cli("solve", shikaku_path, "--forced")
    assert forced.returncode == 0, forced.stderr
    assert "clue r1c1 (?) open" in forced.stdout and "clue r2c2 (3) open" in forced.stdout
    hashi_path = tmp_path / "bridges.puz"
    hashi_path.write_text(hashi_text(cells_of("? . 2\n. . .\n1 . ?")))
    several = run_cli("solve", hashi_path, "--unique")
    assert several.returncode == 0 and several.stdout.startswith("multiple")
    forced = run_cli("solve", hashi_path, "--forced")
    assert forced.returncode == 0, forced.stderr
    # both solutions join the top `?` to the 2 across and the 2 to the `?` below, once each
    assert "r1c1-r1c3: 1 bridge" in forced.stdout and "r1c3-r3c3: 1 bridge" in forced.stdout
    unique = hashi_text(cells_of("1 . ?"))
    (tmp_path / "one.puz").write_text(unique)
    result = run_cli("solve", tmp_path / "one.puz", "--unique")
    assert result.stdout.splitlines()[0] == "unique"


# ---------------------------------------------------------------- round trips and refusals


def test_shikaku_round_trips_puz_url_json_and_plain(tmp_path):
    for grid in random_shikaku_grids(41, 20):
        try:
            instance = load(shikaku_text(grid))
        except InputError:
            continue
        assert any(area is None for *_, area in instance.clues)
        assert load(shikaku.to_puz(instance)) == instance
        url = puzzlink.write(instance)
        assert "." in url.split("/", 6)[-1]
        assert puzzlink.read(url, url) == [instance]
        for name in ("json", "puz"):
            assert formats.read(name, satpuzzle.export(instance, name), "x") == [instance]
        plain = tmp_path / "plain.txt"
        plain.write_text(shikaku.to_plain(instance))
        assert satpuzzle.load(str(plain), "shikaku") == [instance]


def test_hashi_round_trips_puz_url_and_json():
    for grid in random_hashi_grids(43, 20):
        instance = load(hashi_text(grid, "eager"))
        assert load(hashi.to_puz(instance)) == instance
        url = puzzlink.write(instance)
        assert puzzlink.read(url, url) == [hashi.HashiInstance(instance.grid)]
        text = satpuzzle.export(instance, "json")
        assert "?" in [island[2] for island in json.loads(text)["islands"]]
        assert formats.read("json", text, "x") == [instance]


def test_plain_hashi_grid_with_question_islands_is_read(tmp_path):
    path = tmp_path / "bridges.txt"
    path.write_text("?.2\n...\n1.?\n")
    result = run_cli("solve", path, "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2" and "read as hashi" in result.stderr
    assert satpuzzle.load(str(path), "hashi") == [load(hashi_text(cells_of("? . 2\n. . .\n1 . ?")))]


def test_question_marks_are_drawn_and_printed():
    shikaku_instance = load(shikaku_text(cells_of("? . .\n. 3 .\n. . ?")))
    hashi_instance = load(hashi_text(cells_of("? . 2\n. . .\n1 . ?")))
    for instance in (shikaku_instance, hashi_instance):
        solution = satpuzzle.solve(instance)
        for drawn in (satpuzzle.export(instance, "svg"),
                      satpuzzle.render(instance, solution, "svg")):
            assert ">?</text>" in drawn
        assert "?" in satpuzzle.render(instance, None, "pretty")
        assert "?" in satpuzzle.render(instance, solution, "pretty")
    text = satpuzzle.render(hashi_instance, satpuzzle.solve(hashi_instance))
    assert text.startswith("?") and hashi_rendering.parse_solutions(hashi_instance, text, "x") == [
        satpuzzle.solve(hashi_instance)]


@pytest.mark.parametrize(("text", "fmt", "words"), [
    (shikaku_text(cells_of("? . .\n. 3 .\n. . ?")), "sgt", "Rectangles has no '?' clue"),
    (hashi_text(cells_of("? . 2\n. . .\n1 . ?")), "sgt", "Bridges has no '?' island"),
    (hashi_text(cells_of("? . 2\n. . .\n1 . ?")), "has", "a .has file has no '?' island"),
])
def test_formats_without_question_clues_refuse_them(tmp_path, text, fmt, words):
    path = tmp_path / "q.puz"
    path.write_text(text)
    result = run_cli("export", path, "--format", fmt)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and words in result.stderr


@pytest.mark.parametrize(("grid", "line", "column", "words"), [
    ("4 . ?\n. . .\n. . 5", 2, 3, "'?' clue(s) take a cell each"),
    (". ?? .\n. . .", 3, 7, "expected a clue (a positive area or '?')"),
])
def test_shikaku_question_errors_are_one_line_with_a_position(tmp_path, grid, line, column,
                                                             words):
    path = tmp_path / "bad.puz"
    path.write_text(shikaku_text(cells_of(grid)))
    result = run_cli("solve", path)
    assert result.returncode == 2 and result.stdout == ""
    [message] = result.stderr.splitlines()
    assert message.startswith(f"{path}:{line}:{column}: error: ") and words in message


def test_json_question_value_errors_name_the_path(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"kind": "shikaku", "rows": 1, "cols": 2, "clues": [[0, 0, "x"]]}')
    result = run_cli("import", "json", path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:1:")
    assert '$.clues[0][2]: expected an integer 1..2 or "?"' in result.stderr


# ---------------------------------------------------------------- the rule checkers


def test_shikaku_checker_accepts_any_area_for_a_question_clue():
    clues = [(0, 0, None), (0, 2, 1)]
    assert shikaku_checker.violations(1, 3, clues, [((0, 0), 0, 0, 1, 2),
                                                    ((0, 2), 0, 2, 1, 1)]) == []
    wrong = shikaku_checker.violations(1, 3, clues, [((0, 0), 0, 0, 1, 3)])
    assert any("holds 2 clues" in problem for problem in wrong)
    assert shikaku_checker.violations(1, 3, clues, [(None, 0, 0, 1, 2),
                                                    ((0, 2), 0, 2, 1, 1)]) == []
    missing = shikaku_checker.violations(1, 3, [(0, 0, None), (0, 2, 2)],
                                         [((0, 2), 0, 1, 1, 2)])
    assert "clue ? at (0, 0) has no rectangle" in missing
    assert shikaku_checker.violations(1, 3, [(0, 0, 2), (0, 2, 1)],
                                      [((0, 0), 0, 0, 1, 1), ((0, 2), 0, 1, 1, 2)]) != []


def test_hashi_checker_accepts_any_count_for_a_question_island():
    grid = [[-1, 0, 2], [0, 0, 0], [3, 0, 0]]  # a `?` island is a negative number
    three = [((0, 0), (0, 2), 2), ((0, 0), (2, 0), 1)]
    assert hashi_checker.violations(grid, three) == [
        "island 3 at row 3, column 1 has 1 bridge(s)"]
    right = [((0, 0), (0, 2), 2), ((0, 0), (2, 0), 2)]
    assert hashi_checker.violations([[-1, 0, 2], [0, 0, 0], [2, 0, 0]], right) == []
    alone = hashi_checker.violations([[-1, 0, 2], [0, 0, 0], [2, 0, 0]],
                                     [((0, 2), (0, 0), 2)])
    assert alone != []  # the island below is left out
