"""janko.at text (satpuzzle/formats/janko.py) and `.has` headers in either order
(satpuzzle/formats/native.py): read by content, never by the file name; a `-` that cannot be
a drawing aid is an empty cell; solutions pass the rule checker and match the published ones;
bad texts are one line FILE:LINE:COL; `export --format janko` reads back as the same puzzle.
"""

from __future__ import annotations

import dataclasses

import pytest
from conftest import parse_grids, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_formats_sgt import bridges_grids, jigsaws, partitions, solo_boxes

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.formats import janko
from satpuzzle.kinds.hashi.header import has_rows_first
from satpuzzle.kinds.sudoku.cages import Cage
from satpuzzle.kinds.sudoku.dashes import dashes_as_cells
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.loading import load_text

# Published puzzles as the puzzlekit dataset (github.com/SmilingWayne/puzzlekit-dataset)
# gives them, janko.at's layout: the number in each name is janko.at's.
SUDOKU_0001 = """9 9
2 1 - 4 - - - 3 6
8 - - - - - - - 5
- - 5 3 - 9 8 - -
6 - 4 9 - 7 1 - -
- - - - 3 - - - -
- - 7 5 - 4 6 - 2
- - 6 2 - 3 5 - -
5 - - - - - - - 9
9 3 - - - 5 - 2 7
"""
SUDOKU_0001_SOLUTION = """2 1 9 4 5 8 7 3 6
8 4 3 1 7 6 2 9 5
7 6 5 3 2 9 8 4 1
6 2 4 9 8 7 1 5 3
1 5 8 6 3 2 9 7 4
3 9 7 5 1 4 6 8 2
4 7 6 2 9 3 5 1 8
5 8 2 7 4 1 3 6 9
9 3 1 8 6 5 4 2 7"""
CHAOS_001 = """4 4
- - 4 3
- - - 1
- 2 - -
- - - -
1 1 1 3
1 3 3 3
2 2 4 4
2 2 4 4
"""
CHAOS_001_SOLUTION = "2 1 4 3\n3 4 2 1\n1 2 3 4\n4 3 1 2"
CHAOS_005 = """5 5
- - 5 - -
- - 1 - -
4 - - - -
- - - - -
- 2 3 - -
4 4 1 1 1
4 4 4 2 1
5 5 3 2 1
5 3 3 2 2
5 5 3 3 2
"""
SHIKAKU_251 = """7 7
2 - - - - - 3
- - - - - - -
- - 8 - 4 - -
- - - 4 - - -
- - 9 - 8 - -
- - - - - - -
5 - - - - - 6
"""
HASHI_012 = """5 5
3 - 3 - 3
- - - - -
4 - - 1 -
- - 2 - 3
2 - - 1 -
"""
HASHI_013 = """6 6
2 - - 3 - 3
- - 3 - 3 -
- - - - - -
3 - 3 - 1 -
- - - 1 - 2
2 - 4 - 2 -
"""
PUBLISHED = {"sudoku-0001": (SUDOKU_0001, "sudoku"), "chaos-001": (CHAOS_001, "sudoku"),
             "chaos-005": (CHAOS_005, "sudoku"), "shikaku-251": (SHIKAKU_251, "shikaku"),
             "hashi-012": (HASHI_012, "hashi"), "hashi-013": (HASHI_013, "hashi")}


def unique_and_valid(instance) -> None:
    found = list(satpuzzle.solutions(instance, limit=2))
    assert len(found) == 1
    assert satpuzzle.check(instance, found[0]) == []


@pytest.mark.parametrize("name", PUBLISHED)
def test_published_texts_are_read_by_content_and_solve_uniquely(name, tmp_path):
    text, kind = PUBLISHED[name]
    path = tmp_path / "puzzle.txt"  # no name says what it holds
    path.write_text(text)
    loaded = load_text(text, str(path))
    assert loaded.inferred == kind
    [instance] = loaded.instances
    unique_and_valid(instance)
    result = run_cli("solve", path, "--unique")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("unique")
    assert f"read as {kind}" in result.stderr


def test_sudoku_answers_are_the_published_ones():
    for text, solution in ((SUDOKU_0001, SUDOKU_0001_SOLUTION), (CHAOS_001, CHAOS_001_SOLUTION)):
        result = run_cli("solve", "-", input_text=text)
        assert result.returncode == 0, result.stderr
        assert parse_grids(result.stdout) == parse_grids(solution)


def test_cells_and_regions_are_read_as_written():
    [sudoku] = satpuzzle.load(SUDOKU_0001)
    assert (sudoku.box_rows, sudoku.box_cols) == (3, 3) and sudoku.regions is None
    assert sudoku.givens[0] == (2, 1, 0, 4, 0, 0, 0, 3, 6)
    [chaos] = satpuzzle.load(CHAOS_005)
    assert chaos.givens[0] == (0, 0, 5, 0, 0)
    assert chaos.regions[0] == (3, 3, 0, 0, 0)  # labels 1..5 numbered in order
    [shikaku] = satpuzzle.load(SHIKAKU_251)
    assert (shikaku.rows, shikaku.cols) == (7, 7) and shikaku.clues[:2] == ((0, 0, 2),
                                                                            (0, 6, 3))
    [hashi] = satpuzzle.load(HASHI_012)
    assert hashi.grid[2] == (4, 0, 0, 1, 0)


def test_a_sixteen_by_sixteen_sudoku_reads_its_two_digit_numbers():
    rows = [[str(n) for n in range(1, 17)]]
    rows += [["-"] * 16 for _ in range(15)]
    rows[5][3], rows[15][15] = "16", "7"
    text = "16 16\n" + "\n".join(" ".join(row) for row in rows) + "\n"
    [instance] = satpuzzle.load(text)
    assert (instance.box_rows, instance.box_cols) == (4, 4)
    assert instance.givens[0][9:] == tuple(range(10, 17)) and instance.givens[5][3] == 16
    solution = satpuzzle.solve(instance)
    assert satpuzzle.check(instance, solution) == []


# ---------------------------------------------------------------- which kind


def test_a_text_two_kinds_fit_is_not_guessed():
    # clues 1..8, no two side by side, an even sum, every island sees enough, and the areas
    # sum to the 16 cells: a Shikaku and a Hashi alike
    text = "4 4\n4 - 4 -\n- - - -\n4 - 4 -\n- - - -\n"
    result = run_cli("solve", "-", input_text=text)
    assert result.returncode == 2
    assert result.stderr == ("<stdin>:1:1: error: this janko.at text could be a shikaku or a "
                             "hashi puzzle; satpuzzle does not guess: give --kind shikaku or "
                             "--kind hashi\n")
    for kind in ("shikaku", "hashi"):
        solved = run_cli("solve", "-", "--kind", kind, "--format", "json", input_text=text)
        assert solved.returncode in (0, 1), solved.stderr
        [instance] = load_text(text, "<t>", kind).instances
        assert instance.KIND == kind


def test_a_prime_order_grid_is_no_sudoku_without_regions():
    assert "sudoku" not in janko.fits("5 5\n1 - - - -\n- - 2 - -\n- - - - 3\n- 4 - - -\n"
                                      "- - - 5 -\n")


def test_a_hashi_file_name_holding_janko_text(tmp_path):
    path = tmp_path / "012.has"  # a .has name, janko.at's layout inside: read as janko.at text
    path.write_text(HASHI_012)
    result = run_cli("solve", path, "--unique")
    assert result.returncode == 0, result.stderr
    assert satpuzzle.load(str(path)) == satpuzzle.load(HASHI_012)
    scores = janko.fits(SUDOKU_0001)
    assert max(scores, key=scores.get) == "sudoku"


# ---------------------------------------------------------------- `-` is a cell


def test_dashes_among_cells_are_empty_cells():
    text = "- - 4 3\n- - - 1\n- 2 - -\n- - - -\n"  # janko.at's cells without its header
    assert dashes_as_cells(text) == ". . 4 3\n. . . 1\n. 2 . .\n. . . .\n"
    [instance] = load_text(text, "<t>", "sudoku").instances
    assert instance.givens == ((0, 0, 4, 3), (0, 0, 0, 1), (0, 2, 0, 0), (0, 0, 0, 0))
    assert load_text(text, "<t>").inferred == "sudoku"
    assert dashes_as_cells("53--7----\n") == "53..7....\n"


def test_drawing_aids_stay_drawing_aids():
    dotted = ("5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n"
              "------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n"
              "7 . . | . 2 . | . . 6\n- - - + - - - + - - -\n. 6 . | . . . | 2 8 .\n"
              ". . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n")
    dashed = dotted.replace(".", "-")
    assert dashes_as_cells(dashed) == dotted  # both rules kept, every cell's `-` read as `.`
    expected = load_text(dotted, "<t>", "sudoku").instances
    assert load_text(dashed, "<t>", "sudoku").instances == expected
    # nine lone `-` between nine rows: a rule, not a tenth row
    ruled = "\n".join(dotted.splitlines()[:3] + ["- - - - - - - - -"]
                      + dotted.splitlines()[4:7] + dotted.splitlines()[8:]) + "\n"
    assert load_text(ruled, "<t>", "sudoku").instances == expected


def test_a_row_of_lone_dashes_is_a_row_when_the_grid_needs_it():
    text = "1 - - -\n- - - -\n- - 3 -\n- - - 4\n"
    [instance] = load_text(text, "<t>", "sudoku").instances
    assert instance.givens[1] == (0, 0, 0, 0)
    assert satpuzzle.check(instance, satpuzzle.solve(instance)) == []


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("9 9\n" + "\n".join(SUDOKU_0001.splitlines()[1:9]) + "\n", None,
     "1:1: error: janko.at header says 9 rows, but 8 lines follow"),
    ("4 4\n- - 4 3\n- - 1\n- 2 - -\n- - - -\n", None,
     "3:1: error: line has 3 word(s), expected 4 (the janko.at header's column count)"),
    ("4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - 5\n", "sudoku",
     "5:7: error: clue 5 out of range: expected 1..4 or '.'"),
    ("2 3\n- 2 -\n- 2 2\n", "sudoku",
     "1:1: error: a Sudoku grid is square; the janko.at header says 2 rows and 3 columns"),
    (CHAOS_001.replace("2 2 4 4\n2 2 4 4", "2 2 4 4\n2 4 2 4"), None,
     "9:5: error: region '2' is not connected"),
    (HASHI_012.replace("3 - 3 - 3", "3 - 9 - 3"), "hashi", "2:5: error: island value 9"),
    (SHIKAKU_251.replace("2 - -", "3 - -", 1), "shikaku", "1:1: error: clue areas sum to 50"),
    (HASHI_012 + "1 1 1 1 1\n" * 5, "hashi",
     "7:1: error: a hashi grid has no regions after it"),
])
def test_bad_texts_say_where(text, kind, expected):
    argv = ["solve", "-"] + (["--kind", kind] if kind else [])
    result = run_cli(*argv, input_text=text)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("<stdin>:" + expected), result.stderr


def test_two_numbers_then_something_else_is_not_janko(tmp_path):
    # Brendan Owen's piece files also start `W H`: no janko.at error for them
    assert not janko.looks_like("2 2\n0 0 1 2\n0 2 1 0\n1 0 0 2\n2 1 0 0\n")
    with pytest.raises(InputError, match="cannot tell which puzzle"):
        janko.read("2 2\n1 2\n3 4\n", "x")


# ---------------------------------------------------------------- writing


def test_export_and_import():
    for text, kind in PUBLISHED.values():
        [instance] = satpuzzle.load(text)
        written = satpuzzle.export(instance, "janko")
        assert written == text
        result = run_cli("import", "janko", "-", input_text=written)
        assert result.returncode == 0, result.stderr
        assert satpuzzle.load(result.stdout) == [instance]


def test_what_janko_cannot_carry_is_refused():
    [instance] = satpuzzle.load("sudoku { box: 1x4\n grid {\n1 . . .\n. . . .\n. . . .\n"
                                ". . . .\n} }")
    with pytest.raises(InputError, match="janko.at text cannot carry this puzzle whole"):
        satpuzzle.export(instance, "janko")
    result = run_cli("export", "-", "--format", "janko", input_text=CHAOS_001 + "\n")
    assert result.returncode == 0 and result.stdout == CHAOS_001


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(partitions(), bridges_grids(), solo_boxes(), jigsaws()))
def test_random_instances_round_trip_or_are_refused(instance):
    try:
        text = janko.write(instance)
    except InputError as exc:
        assert "janko.at text cannot carry this puzzle whole" in exc.message
        return
    assert janko.read(text, "<janko>") == [janko._comparable(instance)]


# ---------------------------------------------------------------- .has headers

# PierreLaur/hashiwokakero-solver's toy grid: `WIDTH HEIGHT ISLANDS`, then HEIGHT rows
TOY_GRID = "5 4 9\n 2  0  4  0  4 \n 2  0  0  3  0\n 0  2  0  4  0\n 3  0  0  0  4"
TOY_ROWS_FIRST = "4 5 9\n 2  0  4  0  4 \n 2  0  0  3  0\n 0  2  0  4  0\n 3  0  0  0  4"


def test_has_headers_in_either_order_when_the_body_decides(tmp_path):
    assert has_rows_first(TOY_GRID) == TOY_ROWS_FIRST
    assert has_rows_first(TOY_ROWS_FIRST) is None
    expected = satpuzzle.load(TOY_ROWS_FIRST + "\n", "hashi")
    for name in ("toy_grid.has", "toy_grid.txt"):
        path = tmp_path / name
        path.write_text(TOY_GRID)
        assert satpuzzle.load(str(path)) == expected
        result = run_cli("solve", path, "--unique")
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("unique")
    [instance] = expected
    unique_and_valid(instance)
    imported = run_cli("import", "has", "-", input_text=TOY_GRID)
    assert imported.returncode == 0, imported.stderr
    assert satpuzzle.load(imported.stdout) == expected


def test_has_header_errors_keep_their_columns(tmp_path):
    path = tmp_path / "wide.has"
    body = "\n".join(" ".join(row) for row in
                     (["2", "0", "4", "0", "4", "0", "0", "0", "0", "0"],
                      ["2"] + ["0"] * 9, ["0"] * 10, ["0"] * 9 + ["3"], ["0"] * 10))
    path.write_text("10 5 9\n" + body + "\n")  # WIDTH HEIGHT, 5 islands and not 9
    result = run_cli("solve", path)
    assert result.returncode == 2
    assert result.stderr == f"{path}:1:6: error: .has header says 9 islands but the grid holds 5\n"
    square = "3 3 2\n1 0 1\n0 0 0\n0 0 0\n"  # square: either order is the same
    assert has_rows_first(square) is None
    assert satpuzzle.load(square, "hashi")[0].grid[0] == (1, 0, 1)


# ---------------------------------------------------------------- Killer Sudoku

# janko.at's Killer layout (the puzzlekit dataset's, documented in SmilingWayne/PuzzleSolver's
# docs/puzzles/killer_sudoku.md): the grid holds each cage's total in one of its cells, then
# a grid of cage labels. KILLER_001 is janko.at's Killer 001 as the dataset gives it.
KILLER_001 = """4 4
9 - 8 3
- 7 - -
4 - - 9
- - - -
2 2 4 1
2 3 4 1
6 3 4 5
6 3 5 5
"""
KILLER_001_SOLUTION = "2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3"
# instances/sudoku/killer-9x9.puz (Solo 3x3k) written by hand in janko.at's layout: each
# total in its cage's first cell, row by row; cages numbered in that order
KILLER_9X9 = """9 9
13 - 17 7 - 7 - 11 -
11 - - - 15 12 7 - 5
7 - 7 - - - 17 19 -
5 - 8 10 13 - - - -
15 15 - - 12 9 8 6 11
- - 10 - - - - - -
14 - - - 6 15 - - 11
5 - 22 16 - 12 - 17 -
- - - - 10 - - - -
1 1 2 3 3 4 4 5 5
6 6 2 2 7 8 9 9 10
11 11 12 12 7 8 13 14 10
15 15 16 17 18 18 13 14 14
19 20 16 17 21 22 23 24 25
19 20 26 26 21 22 23 24 25
27 27 26 26 28 29 29 29 30
31 27 32 33 28 34 34 35 30
31 32 32 33 36 36 35 35 35
"""
KILLER_PUZ = "instances/sudoku/killer-9x9.puz"


def test_a_killer_text_is_read_as_cages_and_solves_as_published():
    [instance] = satpuzzle.load(KILLER_001)
    assert instance.regions is None and (instance.box_rows, instance.box_cols) == (2, 2)
    assert instance.givens == ((0,) * 4,) * 4
    assert len(instance.cages) == 6
    assert instance.cages[0].cells == ((0, 0), (0, 1), (1, 0)) and instance.cages[0].total == 9
    assert instance.cages[1].cells == ((0, 2), (1, 2), (2, 2)) and instance.cages[1].total == 8
    unique_and_valid(instance)
    result = run_cli("solve", "-", "--unique", input_text=KILLER_001)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("unique")
    assert parse_grids(result.stdout.split("\n", 1)[1]) == parse_grids(KILLER_001_SOLUTION)


def test_a_nine_by_nine_killer_text_is_the_puz_puzzle_and_solves_the_same(tmp_path):
    [from_puz] = satpuzzle.load(KILLER_PUZ)
    [instance] = satpuzzle.load(KILLER_9X9)
    assert instance == janko._comparable(from_puz)  # the same cages, no title
    unique_and_valid(instance)
    path = tmp_path / "killer.txt"
    path.write_text(KILLER_9X9)
    ours, theirs = run_cli("solve", path), run_cli("solve", KILLER_PUZ)
    assert ours.returncode == theirs.returncode == 0, ours.stderr + theirs.stderr
    assert "read as sudoku" in ours.stderr
    assert parse_grids(ours.stdout) == parse_grids(theirs.stdout) != []


def test_killers_are_written_in_the_same_layout():
    [from_puz] = satpuzzle.load(KILLER_PUZ)
    assert satpuzzle.export(from_puz, "janko") == KILLER_9X9
    result = run_cli("export", KILLER_PUZ, "--format", "janko")
    assert result.returncode == 0, result.stderr
    assert result.stdout == KILLER_9X9
    [published] = satpuzzle.load(KILLER_001)
    written = satpuzzle.export(published, "janko")  # labels renumbered 1.., same cages
    assert written.splitlines()[:5] == KILLER_001.splitlines()[:5]
    assert satpuzzle.load(written) == [published]
    imported = run_cli("import", "janko", "-", input_text=written)
    assert imported.returncode == 0, imported.stderr
    assert satpuzzle.load(imported.stdout) == [published]
    # a cage without a total is `?`, both ways
    unknown = KILLER_001.replace("9 - 8 3", "9 - 8 ?")
    [loose] = satpuzzle.load(unknown)
    assert [cage.total for cage in loose.cages if (0, 3) in cage.cells] == [None]
    assert satpuzzle.load(satpuzzle.export(loose, "janko")) == [loose]
    solution = satpuzzle.solve(loose)
    assert satpuzzle.check(loose, solution) == []


@st.composite
def killers(draw):
    """A Sudoku of a default box shape with random connected cages of 1..N cells of
    different digits of a solved grid, totals their sums (now and then `None`), cages in any
    order."""
    box_rows, box_cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 3)]))
    size = box_rows * box_cols
    solved = [[(r * box_cols + r // box_rows + c) % size + 1 for c in range(size)]
              for r in range(size)]
    rng = draw(st.randoms(use_true_random=False))
    free = {(r, c) for r in range(size) for c in range(size)}
    cages = []
    while free:
        cage = [min(free)]
        free.discard(cage[0])
        target = rng.randint(1, size)
        while len(cage) < target:
            digits = {solved[r][c] for r, c in cage}
            near = sorted(cell for cell in {(r + dr, c + dc) for r, c in cage
                                            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
                          & free if solved[cell[0]][cell[1]] not in digits)
            if not near:
                break
            cell = rng.choice(near)
            cage.append(cell)
            free.discard(cell)
        total = None if rng.random() < 0.1 else sum(solved[r][c] for r, c in cage)
        cages.append(Cage(tuple(cage), total))
    rng.shuffle(cages)
    instance = SudokuInstance(box_rows, box_cols, ((0,) * size,) * size, cages=tuple(cages))
    assert satpuzzle.check(instance, solved) == []
    return instance


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(killers())
def test_random_killers_round_trip(instance):
    text = janko.write(instance)
    assert janko.read(text, "<janko>") == [janko._comparable(instance)]


def test_a_jigsaw_or_a_killer_the_numbers_say():
    # four regions of four cells, as in a jigsaw, but 10 can only be a total: a Killer
    rows = "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n"
    killer = "4 4\n10 - 10 -\n- - - -\n10 - 10 -\n- - - -\n" + rows
    [instance] = satpuzzle.load(killer)
    assert instance.regions is None and [cage.total for cage in instance.cages] == [10] * 4
    assert satpuzzle.check(instance, satpuzzle.solve(instance)) == []
    # one digit in each of four regions of four cells: a Killer's four-cell cages would need
    # totals of 10, so these are digits, of a jigsaw Sudoku
    jigsaw = "4 4\n2 - - -\n- - - 1\n- - - 4\n- 3 - -\n" + CHAOS_001.split("\n", 5)[5]
    [instance] = satpuzzle.load(jigsaw)
    assert instance.cages == () and instance.regions[0] == (0, 0, 0, 2)
    assert satpuzzle.check(instance, satpuzzle.solve(instance)) == []
    # a 1×1 grid is both, and is not guessed
    for argv in (["solve", "-"], ["solve", "-", "--kind", "sudoku"]):
        result = run_cli(*argv, input_text="1 1\n1\nA\n")
        assert result.returncode == 2
        assert result.stderr == (
            "<stdin>:1:1: error: this janko.at text could be a jigsaw Sudoku (its regions "
            "after the grid) or a Killer Sudoku (its cages and their totals); satpuzzle does "
            "not guess: write it as a .puz file, with a 'regions' or a 'cages' block\n")


FIVE_CELL_CAGE = """4 4
10 - - 3
- - 5 -
4 6 - 7
- - - -
1 1 1 2
1 1 3 2
4 5 3 6
4 5 6 6
"""


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("9 - 8 3", "9 - 8 -", ("6:7: error: cage '1' holds no total: each cage of a Killer "
                            "Sudoku writes its total (or '?') in one of its cells of the grid")),
    ("9 - 8 3", "9 5 8 3", ("2:3: error: cage '2' holds a second number (its first, 9, at "
                            "line 2, column 1): a Killer cage holds its total alone")),
    ("9 - 8 3", "12 - 8 3", ("2:1: error: no 3 different digits of 1..4 add up to 12 (they "
                             "make 6..9)")),
    ("6 3 5 5", "6 3 5 2", "2:1: error: the cage is not connected: r4c4 cannot be reached"),
    (KILLER_001, FIVE_CELL_CAGE, ("2:1: error: a cage of 5 cells cannot hold different "
                                  "digits of 1..4")),
    ("9 - 8 3", "9 - 8 12345678901", "2:7: error: cage total 12345678901 out of range"),
])
def test_bad_killer_texts_say_where(old, new, expected):
    text = KILLER_001.replace(old, new)
    assert text != KILLER_001
    result = run_cli("solve", "-", input_text=text)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("<stdin>:" + expected), result.stderr


def test_variants_janko_cannot_write_are_refused_naming_the_variant():
    [hashi] = satpuzzle.load(HASHI_012)
    for variant, rules in ((dataclasses.replace(hashi, max_bridges=3),
                            "at most 3 bridges a pair"),
                           (dataclasses.replace(hashi, no_loops=True), "no loops")):
        with pytest.raises(InputError) as caught:
            satpuzzle.export(variant, "janko")
        assert caught.value.message == (
            f"janko.at text cannot carry this puzzle whole: a Hashi variant ({rules}) cannot "
            "be written in this format; use --format puz")
    for path, rules in (("instances/hashi/tatham-10x10m4.puz", "at most 4 bridges a pair"),
                        ("instances/hashi/tatham-7x7m3L.puz",
                         "at most 3 bridges a pair, no loops")):
        result = run_cli("export", path, "--format", "janko")
        assert result.returncode == 2
        assert result.stderr == (f"{path}: error: janko.at text cannot carry this puzzle "
                                 f"whole: a Hashi variant ({rules}) cannot be written in this "
                                 "format; use --format puz\n")
    result = run_cli("export", "instances/sudoku/x-9x9.puz", "--format", "janko")
    assert result.returncode == 2 and "Sudoku X (its diagonals) cannot be written" in (
        result.stderr)
    [killer] = satpuzzle.load(KILLER_001)
    for variant, what in (
            (dataclasses.replace(killer, givens=((1, 0, 0, 0),) + killer.givens[1:]),
             "no place for given digits"),
            (dataclasses.replace(killer, regions=satpuzzle.load(CHAOS_001)[0].regions),
             "not both"),
            (dataclasses.replace(killer, cages=killer.cages[1:]),
             "every cell of a janko.at Killer is in a cage")):
        with pytest.raises(InputError, match="janko.at text cannot carry this puzzle whole: "
                                             f".*{what}"):
            satpuzzle.export(variant, "janko")
    [boxes] = satpuzzle.load("sudoku { box: 1x4\n grid {\n1 . . .\n. . . .\n. . . .\n"
                             ". . . .\n} }")
    with pytest.raises(InputError, match="its 1x4 boxes would read back as the default "
                                         "shape"):
        satpuzzle.export(boxes, "janko")
