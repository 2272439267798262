"""janko.at text (satpuzzle/formats/janko.py) and `.has` headers in either order
(satpuzzle/formats/native.py): read by content, never by the file name; a `-` that cannot be
a drawing aid is an empty cell; solutions pass the rule checker and match the published ones;
bad texts are one line FILE:LINE:COL; `export --format janko` reads back as the same puzzle.
"""

from __future__ import annotations

import pytest
from conftest import parse_grids, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_formats_sgt import bridges_grids, jigsaws, partitions, solo_boxes

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.formats import janko
from satpuzzle.formats.adapters import dashes_as_cells, has_rows_first
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
