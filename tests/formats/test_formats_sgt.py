"""Simon Tatham's game IDs (satpuzzle/formats/sgt.py): IDs from the installed games read, written
back unchanged, solved uniquely; hand-decoded IDs; random instances round-tripped; bad IDs."""

from __future__ import annotations

import subprocess

import pytest
from conftest import external_program
from hypothesis import given, settings
from hypothesis import strategies as st

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.formats import format_module, inline_format, sgt
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance, default_box, region_problem


def generated(binary: str, params: str, count: int) -> list[str]:
    """`count` game IDs from the installed game, from a fixed seed so that runs repeat."""
    program = external_program(f"sgt-{binary}")
    if program is None:
        pytest.skip(f"sgt-{binary} is not installed (Debian package sgt-puzzles)")
    result = subprocess.run([program, "--generate", str(count), f"{params}#satpuzzle"],
                            capture_output=True, text=True, timeout=60, check=False)
    ids = result.stdout.split()
    assert len(ids) == count, result.stderr
    return ids


def assert_unique_and_valid(instance) -> None:
    found = list(satpuzzle.solutions(instance, limit=2))
    assert len(found) == 1, "a game-generated puzzle has exactly one solution"
    assert satpuzzle.check(instance, found[0]) == []


CASES = [
    ("rect", "rect", "5x5", 3), ("rect", "rect", "7x7", 3), ("rect", "rect", "9x6", 2),
    ("rect", "rect", "13x13", 2),
    ("bridges", "bridges", "7x7m2", 3), ("bridges", "bridges", "10x10", 3),
    ("bridges", "bridges", "5x9m2", 2), ("bridges", "bridges", "15x15m2", 2),
    ("solo", "solo", "2x2", 1), ("solo", "solo", "2x3", 2), ("solo", "solo", "3x2", 1),
    ("solo", "solo", "3x3", 2), ("solo", "solo", "3x4", 1), ("solo", "solo", "4x4", 1),
    ("solo", "solo", "6j", 2), ("solo", "solo", "9j", 2),
]
KIND = {"rect": "shikaku", "bridges": "hashi", "solo": "sudoku"}


@pytest.mark.parametrize(("game", "binary", "params", "count"), CASES,
                         ids=[f"{case[0]}-{case[2]}" for case in CASES])
def test_generated_ids_round_trip_and_solve_uniquely(game, binary, params, count):
    for game_id in generated(binary, params, count):
        source = f"sgt:{game}:{game_id}"
        [instance] = sgt.read(source, source)
        assert instance.KIND == KIND[game]
        assert sgt.write(instance) == source
        assert sgt.read(f"{game.upper()}:{game_id}", "ids.txt") == [instance]  # prefix optional
        assert_unique_and_valid(instance)


def test_jigsaw_ids_carry_regions_and_long_game_names():
    [game_id] = generated("solo", "9j", 1)
    [instance] = sgt.read(f"Solo:{game_id}", "x")
    assert instance.regions is not None
    assert region_problem(instance.regions, 9) is None
    assert (instance.box_rows, instance.box_cols) == default_box(9)
    [rect_id] = generated("rect", "7x7", 1)
    assert sgt.read(f"sgt:Rectangles:{rect_id}", "x")[0].KIND == "shikaku"


# ---------------------------------------------------------------- decoded by hand


def test_rect_id_decoded_by_hand():
    # 4 columns, 3 rows: "4", 3 empty, "2", "2", 1 empty, "2", 3 empty, "2"
    [instance] = sgt.read("sgt:rect:4x3:4c2_2a2c2", "x")
    assert instance == ShikakuInstance(3, 4, ((0, 0, 4), (1, 0, 2), (1, 1, 2), (1, 3, 2),
                                              (2, 3, 2)))
    assert sgt.write(instance) == "sgt:rect:4x3:4c2_2a2c2"


def test_bridges_id_decoded_by_hand():
    [instance] = sgt.read("bridges:5x4m2:3b1b1b3e4c4", "x")
    assert instance == HashiInstance(((3, 0, 0, 1, 0), (0, 1, 0, 0, 3), (0, 0, 0, 0, 0),
                                      (4, 0, 0, 0, 4)))
    assert sgt.write(instance) == "sgt:bridges:5x4m2:3b1b1b3e4c4"
    # no `m`: the game's default of at most 2 bridges per pair
    assert sgt.read("bridges:5x4:3b1b1b3e4c4", "x") == [instance]


def test_solo_id_decoded_by_hand():
    [instance] = sgt.read("solo:2x2:a2b4_3d4_3b1a", "x")
    assert instance == SudokuInstance(2, 2, ((0, 2, 0, 0), (4, 3, 0, 0), (0, 0, 4, 3),
                                             (0, 0, 1, 0)))
    [shaped] = sgt.read("solo:2x3:b2a3f6b1a2b4a5b5f1a3b", "x")  # 2-row, 3-column boxes
    assert (shaped.box_rows, shaped.box_cols) == (2, 3)
    assert shaped.givens[0] == (0, 0, 2, 0, 3, 0)


def test_jigsaw_id_decoded_by_hand():
    # lines between horizontal neighbours row by row, then vertical neighbours column by
    # column; each letter counts the joined pairs before the next line
    [instance] = sgt.read("solo:4j:b1c3b3c2b,aaabcaa____b_", "x")
    assert instance.givens == ((0, 0, 1, 0), (0, 0, 3, 0), (0, 3, 0, 0), (0, 2, 0, 0))
    assert instance.regions == ((0, 0, 1, 1), (2, 0, 0, 1), (2, 2, 2, 1), (3, 3, 3, 3))
    assert sgt.write(instance) == "sgt:solo:4j:b1c3b3c2b,aaabcaa____b_"
    assert_unique_and_valid(instance)


def test_long_runs_split_as_the_game_writes_them():
    clues = ((0, 29, 30),)  # 29 empty cells then a 30: 'z' (26) + 'c' (3)
    instance = ShikakuInstance(1, 30, clues)
    assert sgt.write(instance) == "sgt:rect:30x1:zc30"
    assert sgt.read("sgt:rect:30x1:zc30", "x") == [instance]
    islands = HashiInstance(((1,) + (0,) * 28 + (1,), (0,) * 30, (0,) * 30))
    text = sgt.write(islands)
    assert text == "sgt:bridges:30x3m2:1zb1zzh"
    assert sgt.read(text, "x") == [islands]


def test_several_ids_one_a_line():
    source = ("# two puzzles\n\nsgt:rect:4x3:4c2_2a2c2\n"
              "  solo:2x2:a2b4_3d4_3b1a\n")
    kinds = [instance.KIND for instance in sgt.read(source, "ids.txt")]
    assert kinds == ["shikaku", "sudoku"]
    with pytest.raises(InputError) as error:
        sgt.read(source + "solo:2x2:a2b4_3d4_3b1\n", "ids.txt")
    assert (error.value.path, error.value.line) == ("ids.txt", 5)


def test_format_registry_finds_sgt():
    assert inline_format("sgt:rect:4x3:4c2_2a2c2") == "sgt"
    assert format_module("sgt") is sgt
    assert sgt.looks_like("SGT:solo:2x2:a")
    assert not sgt.looks_like("rect:4x3:4c2_2a2c2")  # only the prefix marks an inline ID
    assert not sgt.looks_like("instances/sudoku/classic.puz")


# ---------------------------------------------------------------- random round trips


@st.composite
def partitions(draw) -> ShikakuInstance:
    """A Shikaku with a solution: the grid cut into rectangles, one clue in each."""
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    if rows * cols < 2:
        cols = 2
    rng = draw(st.randoms(use_true_random=False))
    pieces, clues = [(0, 0, rows, cols)], []
    while pieces:
        top, left, height, width = pieces.pop()
        if height * width > 1 and rng.random() < 0.7:
            if (rng.random() < 0.5 and height > 1) or width == 1:
                cut = rng.randrange(1, height)
                pieces += [(top, left, cut, width), (top + cut, left, height - cut, width)]
            else:
                cut = rng.randrange(1, width)
                pieces += [(top, left, height, cut), (top, left + cut, height, width - cut)]
            continue
        clues.append((top + rng.randrange(height), left + rng.randrange(width), height * width))
    return ShikakuInstance(rows, cols, tuple(sorted(clues)))


@st.composite
def bridges_grids(draw) -> HashiInstance:
    """Islands 1..8 on a grid of at least 3x3, none touching, at least two."""
    rows, cols = draw(st.integers(3, 12)), draw(st.integers(3, 30))
    cells = draw(st.lists(st.integers(0, 8), min_size=rows * cols, max_size=rows * cols))
    grid = [cells[r * cols:(r + 1) * cols] for r in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if (r and grid[r - 1][c]) or (c and grid[r][c - 1]):
                grid[r][c] = 0
    grid[0][0], grid[rows - 1][cols - 1] = 1, 2  # corners of a 3x3 or larger never touch
    grid[0][1] = grid[1][0] = grid[rows - 1][cols - 2] = grid[rows - 2][cols - 1] = 0
    return HashiInstance(tuple(map(tuple, grid)))


@st.composite
def solo_boxes(draw) -> SudokuInstance:
    box_rows, box_cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    size = box_rows * box_cols
    cells = draw(st.lists(st.integers(0, size), min_size=size * size, max_size=size * size))
    return SudokuInstance(box_rows, box_cols, tuple(tuple(cells[i:i + size])
                                                    for i in range(0, size * size, size)))


def first_seen_numbers(regions: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    labels: dict[int, int] = {}
    return tuple(tuple(labels.setdefault(v, len(labels)) for v in row) for row in regions)


def _neighbours(r: int, c: int, size: int) -> list[tuple[int, int]]:
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < size and 0 <= c + dc < size]


def _connected(cells: set[tuple[int, int]], size: int) -> bool:
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        for cell in _neighbours(*stack.pop(), size):
            if cell in cells and cell not in seen:
                seen.add(cell)
                stack.append(cell)
    return seen == cells


@st.composite
def jigsaws(draw) -> SudokuInstance:
    """N connected regions of N cells: the rows (or columns), then random trades of a cell
    between two neighbouring regions that leave both connected."""
    size = draw(st.integers(2, 9))
    rng = draw(st.randoms(use_true_random=False))
    transpose = rng.random() < 0.5
    regions = [[c if transpose else r for c in range(size)] for r in range(size)]
    for _ in range(draw(st.integers(0, 40))):
        r, c = rng.randrange(size), rng.randrange(size)
        mine = regions[r][c]
        others = sorted({regions[x][y] for x, y in _neighbours(r, c, size)} - {mine})
        if not others:
            continue
        theirs = rng.choice(others)
        ours = {(x, y) for x in range(size) for y in range(size) if regions[x][y] == mine}
        their = {(x, y) for x in range(size) for y in range(size) if regions[x][y] == theirs}
        trades = [(give, take) for give in sorted(ours) for take in sorted(their)
                  if _connected(ours - {give} | {take}, size)
                  and _connected(their - {take} | {give}, size)]
        if trades:
            (r1, c1), (r2, c2) = rng.choice(trades)
            regions[r1][c1], regions[r2][c2] = theirs, mine
    assert region_problem(regions, size) is None
    cells = draw(st.lists(st.integers(0, size), min_size=size * size, max_size=size * size))
    box_rows, box_cols = default_box(size)
    return SudokuInstance(box_rows, box_cols,
                          tuple(tuple(cells[i:i + size]) for i in range(0, size * size, size)),
                          regions=first_seen_numbers(regions))


@settings(max_examples=80, deadline=None)
@given(st.one_of(partitions(), bridges_grids(), solo_boxes(), jigsaws()))
def test_random_instances_round_trip(instance):
    text = sgt.write(instance)
    assert sgt.looks_like(text)
    assert sgt.read(text, text) == [instance]


# ---------------------------------------------------------------- refused


@pytest.mark.parametrize(("source", "expected"), [
    ("sgt:rect:7x7:2b3b3c5c2_2j8f2d8_4a6a4ea", "description has 50 cells, expected 49 for 7x7"),
    ("sgt:rect:7x7:2b3b3c5c2_2j8f2d8_4a6a4", "description has 44 cells, expected 49"),
    ("sgt:rect:4x3:4c2_2a2c!", "unexpected character '!'"),
    ("sgt:rect:4x3:4c2_2a2c3", "areas sum to 13"),
    ("sgt:rect:AxB:4c2", "expected parameters WxH"),
    ("sgt:rect:7x7#12345", "random seed"),
    ("sgt:rect:7x7", "expected a game ID PARAMS:DESCRIPTION"),
    ("sgt:pegs:7x7:abc", "found game 'pegs'"),
    ("net:7x7:2b3b3c5c2_2j8f2d8_4a6a4e", "found game 'net'"),  # bare 7x7:...: a Rectangles ID
    ("sgt:bridges:7x7m5:3a2a1i3a2a6a1h2b7a3g3a3a3a1", "m5: the most bridges joining two"),
    ("sgt:bridges:7x7m0L:a4a2b22g4d5g4b3a2h3e3", "is 1..4 (m1..m4)"),
    ("sgt:bridges:5x4m1:5s1", "island 5 needs more than 4"),
    ("sgt:bridges:5x4m2:3b1b1b3e4c", "description has 19 cells, expected 20"),
    ("sgt:bridges:5x4m2:31a1b1b3e4c4", "touch"),
    ("sgt:bridges:5x4m2:3s", "at least two islands"),
    ("sgt:bridges:5x4m2:9s1", "island 9 needs more than 8"),
    ("sgt:bridges:2x4m2:3f1", "at least 3"),
    ("sgt:bridges:5x4m2:3b1b1b3e4c4.", "unexpected character '.'"),
    ("sgt:solo:3x3x:4d3b9_9e8g7_2a4a8a5a4_3a1b9c7b1a3_8a9a4a8a5_4g6e5_7b3d8,a", "unexpected data"),
    ("sgt:solo:3x3k:zzzc,_aaaaaa", "Killer mode"),
    ("sgt:solo:2x2:a5b4_3d4_3b1a", "number 5 out of range"),
    ("sgt:solo:2x2:a2b4_3d4_3b1a,aa", "unexpected data after the grid"),
    ("sgt:solo:4j:b1c3b3c2b", "needs the region description"),
    ("sgt:solo:4j:b1c3b3c2b,aaabcaa____b", "covers 24 positions, expected 25"),
    ("sgt:solo:4j:b1c3b3c2b,aaabcaa____bz", "too long"),
    ("sgt:solo:4j:b1c3b3c2b,aaabb_aa____b_", "regions have [1, 3, 4, 4, 4] cells"),
    ("sgt:solo:4j:b1c3b3c2b,aaabcaa____b!", "unexpected character '!'"),
    ("sgt:solo:6x6:a", "36 symbols is too many"),
    ("sgt:solo:1x3:a", "box shape 1x3 out of range"),
    ("sgt:solo:3x3q:a", "unknown parameter 'q'"),
])
def test_malformed_ids_are_input_errors(source, expected):
    with pytest.raises(InputError) as error:
        sgt.read(source, source)
    assert expected in error.value.message
    assert error.value.path == sgt.inline_path(source, source)
    assert error.value.line == 1


def test_errors_point_at_the_character():
    source = "sgt:rect:4x3:4c2_2a2c!"
    with pytest.raises(InputError) as error:
        sgt.read(source, source)
    assert error.value.column == source.index("!") + 1
    long_source = "sgt:rect:7x7:" + "a" * 100
    with pytest.raises(InputError) as error:
        sgt.read(long_source, long_source)
    assert error.value.path.endswith("...") and len(error.value.path) == 60
    with pytest.raises(InputError, match="nothing to read"):
        sgt.read("# only a comment\n", "ids.txt")


@pytest.mark.parametrize(("instance", "expected"), [
    (HashiInstance(((1, 1, 0), (0, 0, 0), (0, 0, 2))), "touch"),
    (HashiInstance(((1, 0, 2), (0, 0, 0))), "at least 3x3"),
    (HashiInstance(((1, 0, 0), (0, 0, 0), (0, 0, 0))), "at least two islands"),
    (SudokuInstance(1, 4, ((0,) * 4,) * 4), "boxes of 1x4"),
    (SudokuInstance(2, 1, ((0,) * 2,) * 2), "boxes of 2x1"),
    (SudokuInstance(4, 8, ((0,) * 32,) * 32), "at most 31"),
    # regions that are not connected: refused by the constructor already (test_api_typed.py)
    (ShikakuInstance(1, 1, ((0, 0, 1),)), "at least 2 cells"),
])
def test_instances_the_games_cannot_express_are_refused(instance, expected):
    with pytest.raises(InputError) as error:
        sgt.write(instance)
    assert expected in error.value.message
