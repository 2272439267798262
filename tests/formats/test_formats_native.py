"""The native files as exchange formats (one-line Sudoku, .has, Eternity II, Brendan,
DIMACS, the .puz language) and the `import` / `export` commands: import o export is the
identity wherever a format can carry the puzzle, and refusals are clear."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import INSTANCES, run_cli, shared
from hypothesis import given, settings
from hypothesis import strategies as st

from satpuzzle import formats
from satpuzzle.errors import InputError
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance, default_box
from satpuzzle.loading import load


def _untitled(instance):
    changes = {"title": None}
    if instance.KIND == "hashi":
        changes["connectivity"] = None
    return dataclasses.replace(instance, **changes)


def _round_trip(name: str, instance) -> None:
    text = formats.write(name, instance)
    assert formats.read(name, text, f"<{name}>") == [_untitled(instance)]


BUNDLED = sorted(p for p in INSTANCES.rglob("*.puz"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.relative_to(INSTANCES).as_posix())
def test_every_bundled_puzzle_round_trips_through_puz(path):
    for instance in load(str(path)).instances:
        text = formats.write("puz", instance)
        assert formats.read("puz", text, "<puz>") == [instance]  # titles included


@pytest.mark.parametrize("name, path", [
    ("sudoku-line", "sudoku/classic.puz"), ("sudoku-line", "sudoku/six-by-six.puz"),
    ("has", "hashi/hashi-info-9x9.puz"), ("has", "hashi/hashi-info-17x17.puz"),
    ("dimacs", "one-in-three-sat/example.puz"), ("dimacs", "one-in-three-sat/chain.cnf"),
])
def test_bundled_puzzles_round_trip_through_native_formats(name, path):
    for instance in load(str(INSTANCES / path)).instances:
        _round_trip(name, instance)


def test_real_brendan_and_eternity_files_round_trip():
    brendan = load(str(shared("jigsaw/brendan/pieces_05x04.txt"))).instances[0]
    assert (brendan.rows, brendan.cols) == (4, 5)  # the header is width first
    _round_trip("brendan", brendan)
    text = formats.write("brendan", brendan)
    assert text.splitlines()[0] == "5 4"
    eternity = load(str(shared("jigsaw/eternity2/clue1.txt"))).instances[0]
    _round_trip("eternity", eternity)


sudoku_instances = st.sampled_from([4, 6, 8, 9, 12, 16]).flatmap(
    lambda size: st.lists(st.integers(0, size), min_size=size * size, max_size=size * size)
    .map(lambda cells, size=size: SudokuInstance(
        *default_box(size), tuple(tuple(cells[r * size:(r + 1) * size]) for r in range(size)))))


@settings(max_examples=60, deadline=None)
@given(sudoku_instances)
def test_sudoku_line_round_trip_property(instance):
    _round_trip("sudoku-line", instance)


hashi_instances = st.tuples(st.integers(1, 9), st.integers(1, 9)).flatmap(
    lambda shape: st.lists(st.integers(0, 8), min_size=shape[0] * shape[1],
                           max_size=shape[0] * shape[1])
    .filter(any)
    .map(lambda cells, shape=shape: HashiInstance(tuple(
        tuple(cells[r * shape[1]:(r + 1) * shape[1]]) for r in range(shape[0])))))


@settings(max_examples=60, deadline=None)
@given(hashi_instances)
def test_has_round_trip_property(instance):
    _round_trip("has", instance)


one_in_three_instances = st.integers(1, 12).flatmap(
    lambda n: st.lists(st.lists(st.integers(1, n).flatmap(
        lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3).map(tuple),
        min_size=1, max_size=20)
    .map(lambda clauses, n=n: OneInThreeInstance(n, tuple(clauses))))


@settings(max_examples=60, deadline=None)
@given(one_in_three_instances)
def test_dimacs_round_trip_property(instance):
    _round_trip("dimacs", instance)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(1, 6), st.randoms())
def test_brendan_round_trip_property(rows, cols, labels, rng):
    # a border-zero board: outer labels 0, inner labels random 1..labels
    horizontal = [[rng.randint(1, labels) for _ in range(cols)] for _ in range(rows - 1)]
    vertical = [[rng.randint(1, labels) for _ in range(cols - 1)] for _ in range(rows)]
    pieces = []
    for r in range(rows):
        for c in range(cols):
            top = horizontal[r - 1][c] if r else 0
            bottom = horizontal[r][c] if r < rows - 1 else 0
            left = vertical[r][c - 1] if c else 0
            right = vertical[r][c] if c < cols - 1 else 0
            pieces.append((top, right, bottom, left))
    instance = JigsawInstance(rows, cols, tuple(pieces), matching="equal")
    _round_trip("brendan", instance)


def test_formats_refuse_what_they_cannot_carry():
    opposite = load(str(INSTANCES / "jigsaw" / "generated-4x4.puz")).instances[0]
    with pytest.raises(InputError, match="equal matching and a zero border"):
        formats.write("brendan", opposite)
    classic = load(str(INSTANCES / "sudoku" / "classic.puz")).instances[0]
    with pytest.raises(InputError, match="cannot express a sudoku puzzle; it holds hashi"):
        formats.write("has", classic)
    odd_box = dataclasses.replace(SudokuInstance(3, 2, ((0,) * 6,) * 6))
    with pytest.raises(InputError, match="cannot carry this puzzle whole"):
        formats.write("sudoku-line", odd_box)  # a 6x6 line is read with 2x3 boxes
    with pytest.raises(InputError, match="unknown format 'xml'"):
        formats.read("xml", "", "x")


def test_cli_export_then_import_gives_the_same_puzzle(tmp_path):
    source = INSTANCES / "hashi" / "hashi-info-9x9.puz"
    has = tmp_path / "out.has"
    assert run_cli("export", source, "--format", "has", "-o", has).returncode == 0
    imported = run_cli("import", "has", has)
    assert imported.returncode == 0
    back = formats.read("puz", imported.stdout, "<stdout>")
    assert back == [_untitled(load(str(source)).instances[0])]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.has"]  # no temporary left


def test_cli_export_several_puzzles_one_a_line():
    result = run_cli("export", INSTANCES / "sudoku" / "hard-batch.txt", "--format",
                     "sudoku-line")
    lines = [line for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text()
             .splitlines() if line and not line.startswith("#")]
    assert result.returncode == 0
    assert result.stdout.splitlines() == [line.replace("0", ".") for line in lines]


def test_cli_export_refusals_exit_2_with_one_line():
    several = run_cli("export", INSTANCES / "sudoku" / "hard-batch.txt", "--format", "has")
    assert several.returncode == 2
    assert "error: format 'has' cannot express a sudoku puzzle" in several.stderr
    hashi = run_cli("export", INSTANCES / "shikaku" / "simonis-10x10.puz", "--format", "dimacs")
    assert hashi.returncode == 2 and len(hashi.stderr.splitlines()) == 1
    bad = run_cli("import", "has", INSTANCES / "sudoku" / "classic.puz")
    assert bad.returncode == 2 and "expected a .has header" in bad.stderr
    missing = run_cli("import", "dimacs", "/nonexistent/file.cnf")
    assert missing.returncode == 2
    assert missing.stderr.strip() == "/nonexistent/file.cnf: error: no such file"
