"""puzz.link URLs (satpuzzle/formats/puzzlink.py): published URLs read, written back unchanged
and solved; hand-decoded bodies; random instances round-tripped; bad URLs refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_formats_sgt import partitions

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.formats import format_module, inline_format, puzzlink
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

# Published puzzles (pzprjs / puzz.link examples and benchmarks), each canonical.
PUBLISHED = [
    "https://puzz.link/p?sudoku/4/4/g2j1h1j3g",
    "https://puzz.link/p?sudoku/9/9/l768g3g2g7o4h1j2h43h4g5h92h6j7h5o5g9g1g824l",
    "https://puzz.link/p?sudoku/9/9/g6g4j391g5i4g7o8i159k2k428i1o9g5i8g366j9g2g",
    "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j",
    ("https://puzz.link/p?hashi/19/14/2g2g3g3g2i2g3g2q2g2g1h3g2g3h2v2i3g2h1g2h1g2g3p2g23g2g2g2j2g"
     "2i2h2g3g3g33zh2h3g1h2g32h1g2g2h2j4g3h1h2l2g1j23g2h4g2g1h2h3g2o1g2h2p2g2i2k1g2g3g4j3h22g3h2"),
]


@pytest.mark.parametrize("url", PUBLISHED, ids=lambda url: url.split("?")[1][:14])
def test_published_urls_round_trip_and_solve_uniquely(url):
    [instance] = puzzlink.read(url, url)
    assert puzzlink.write(instance) == url
    found = list(satpuzzle.solutions(instance, limit=2))
    assert len(found) == 1
    assert satpuzzle.check(instance, found[0]) == []


def test_sudoku_decoded_by_hand():
    # g = 1 empty cell, h = 2, j = 4; 16 cells in all
    [instance] = puzzlink.read("https://puzz.link/p?sudoku/4/4/g2j1h1j3g", "x")
    assert instance == SudokuInstance(2, 2, ((0, 2, 0, 0), (0, 0, 1, 0), (0, 1, 0, 0),
                                             (0, 0, 3, 0)))
    [six] = puzzlink.read("https://puzz.link/p?sudoku/6/6/1zu", "x")
    assert (six.box_rows, six.box_cols) == (2, 3)
    assert six.givens[0] == (1, 0, 0, 0, 0, 0)


def test_shikaku_decoded_by_hand():
    [instance] = puzzlink.read("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j", "x")
    assert instance == ShikakuInstance(6, 6, ((0, 4, 3), (1, 0, 5), (1, 1, 6), (1, 4, 6),
                                              (4, 1, 6), (4, 4, 2), (4, 5, 3), (5, 1, 5)))


def test_hashi_decoded_by_hand_and_aliases():
    grid = ((3, 0, 0, 1, 0), (0, 1, 0, 0, 3), (0, 0, 0, 0, 0), (4, 0, 0, 0, 4))
    # 3, 2 empty (h), 1, h, 1, h, 3, 5 empty (k), 4, 3 empty (i), 4
    url = "https://puzz.link/p?hashi/5/4/3h1h1h3k4i4"
    assert puzzlink.read(url, url) == [HashiInstance(grid)]
    assert puzzlink.write(HashiInstance(grid)) == url
    for other in ("http://pzv.jp/p.html?hashikake/5/4/3h1h1h3k4i4",
                  "https://pzprxs.vercel.app/p?bridges/5/4/3h1h1h3k4i4/",
                  "https://puzz.link/p?hashi/flags/5/4/3h1h1h3k4i4#comment"):
        assert puzzlink.read(other, other) == [HashiInstance(grid)]


def test_number16_forms_decoded_by_hand():
    body = "1234g1-10+100=100g.h.i.l."
    values, columns = puzzlink.decode_number16(body, 0, 25, "test")
    unknown, blank = puzzlink.UNKNOWN, None
    assert values == [1, 2, 3, 4, blank, 1, 0x10, 0x100, 4096 + 0x100, blank, unknown,
                      blank, blank, unknown, *[blank] * 3, unknown, *[blank] * 6, unknown]
    assert columns[6] == body.index("-")
    assert puzzlink.encode_number16([5000, 9000, 20000, 100000, None]) == "=388%328*1e50$056d0g"


def test_several_urls_and_registry():
    source = ("# two\nhttps://puzz.link/p?sudoku/4/4/g2j1h1j3g\n\n"
              "http://puzz.link/p?hashi/5/4/3h1h1h3k4i4\n")
    assert [i.KIND for i in puzzlink.read(source, "urls.txt")] == ["sudoku", "hashi"]
    assert inline_format("https://puzz.link/p?sudoku/4/4/g2j1h1j3g") == "url"
    assert format_module("url") is puzzlink
    assert puzzlink.looks_like("HTTP://pzv.jp/p.html?x") and not puzzlink.looks_like("a.puz")


# ---------------------------------------------------------------- random round trips


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, puzzlink.MAX_NUMBER)), max_size=60))
def test_number16_round_trip(values):
    body = puzzlink.encode_number16(values)
    assert puzzlink.decode_number16(body, 0, len(values), "test")[0] == values


@st.composite
def url_sudokus(draw) -> SudokuInstance:
    size = draw(st.sampled_from([1, 4, 6, 9, 16, 25]))
    box = puzzlink.url_box(size)
    cells = draw(st.lists(st.integers(0, size), min_size=size * size, max_size=size * size))
    return SudokuInstance(box[0], box[1], tuple(tuple(cells[i:i + size])
                                                for i in range(0, size * size, size)))


@st.composite
def url_hashis(draw) -> HashiInstance:
    rows, cols = draw(st.integers(1, 10)), draw(st.integers(1, 25))
    cells = draw(st.lists(st.integers(0, 8), min_size=rows * cols, max_size=rows * cols))
    cells[draw(st.integers(0, rows * cols - 1))] = draw(st.integers(1, 8))  # one island at least
    return HashiInstance(tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(rows)))


@settings(max_examples=80, deadline=None)
@given(st.one_of(url_sudokus(), partitions(), url_hashis()))
def test_random_instances_round_trip(instance):
    url = puzzlink.write(instance)
    assert url.startswith(puzzlink.CANONICAL)
    assert puzzlink.read(url, url) == [instance]
    assert puzzlink.write(puzzlink.read(url, url)[0]) == url


# ---------------------------------------------------------------- refused


@pytest.mark.parametrize(("url", "expected"), [
    ("https://puzz.link/p?sudoku/4/4/g2j1h1j3", "body has 15 cells, expected 16"),
    ("https://puzz.link/p?sudoku/4/4/g2j1h1j3gg", "body has 17 cells, expected 16"),
    ("https://puzz.link/p?sudoku/4/4/g2j1h1j3!", "unexpected character '!'"),
    ("https://puzz.link/p?sudoku/4/4/g5j1h1j3g", "clue 5 out of range: expected 1..4"),
    ("https://puzz.link/p?sudoku/4/4/g0j1h1j3g", "clue 0 out of range"),
    ("https://puzz.link/p?sudoku/4/4/g-1", "expected 2 hex digits after '-'"),
    ("https://puzz.link/p?sudoku/8/8/zzzd", "found 8x8"),
    ("https://puzz.link/p?sudoku/4/6/zzh", "square"),
    ("https://puzz.link/p?shikaku/2/2/4.h", "'?' clue(s) take a cell each"),
    ("https://puzz.link/p?shikaku/3/3/gam", "clue 10 out of range: expected 1..9 or '.'"),
    ("https://puzz.link/p?shikaku/3/3/1_6a1b1b", "unexpected character '_'"),
    ("https://puzz.link/p?shikaku/2/2/3i", "areas sum to 3"),
    ("https://puzz.link/p?hashikake/5/5/1234g1-10+100=100g.h.i.l.", "clue 16 out of range"),
    ("https://puzz.link/p?hashi/3/3/o", "no island"),
    ("https://puzz.link/p?hashi/0/3/", "positive COLS and ROWS"),
    ("https://puzz.link/p?hashi/3", "COLS/ROWS/BODY"),
    ("https://puzz.link/p?akari/5/5/abc", "'akari' is not supported"),
    ("https://example.com/index.html", "expected a puzz.link URL"),
    ("https://puzz.link/p?sudoku/4/4/g2j1h1j3g extra", "expected a puzz.link URL"),
])
def test_malformed_urls_are_input_errors(url, expected):
    with pytest.raises(InputError) as error:
        puzzlink.read(url, url)
    assert expected in error.value.message
    assert error.value.line == 1


def test_error_columns_point_into_the_url():
    url = "https://puzz.link/p?shikaku/3/3/gam"
    with pytest.raises(InputError) as error:
        puzzlink.read(url, url)
    assert error.value.column == url.index("a", url.index("/3/3/")) + 1


@pytest.mark.parametrize(("instance", "expected"), [
    (SudokuInstance(2, 4, ((0,) * 8,) * 8), "8x8 grid has 2x4 boxes"),
    (SudokuInstance(3, 2, ((0,) * 6,) * 6), "6x6 grid has 3x2 boxes"),
    (SudokuInstance(2, 2, ((0,) * 4,) * 4, regions=((0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 3, 3),
                                                    (2, 2, 3, 3))), "irregular regions"),
    # a clue above MAX_NUMBER needs a grid above shikaku.MAX_CELLS: refused by the
    # constructor already (test_api_typed.py)
])
def test_instances_urls_cannot_express_are_refused(instance, expected):
    with pytest.raises(InputError) as error:
        puzzlink.write(instance)
    assert expected in error.value.message
