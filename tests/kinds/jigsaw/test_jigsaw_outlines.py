"""Jigsaw pieces read from their outlines (issue 32, parts 1-5): the synthetic cutter's
pieces, scattered and turned, read back from SVG, JSON points and a PNG picture, cut into
sides, grouped into edge classes and solved: the board found puts every piece beside its true
neighbours (up to a turn of the whole board); noise up to the level docs/BENCHMARKS.md
claims; hostile outline files refused in one line with exit 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from conftest import run_cli

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw import board, cutter, outlinefile, outlines, sides

pytest.importorskip("scipy", reason="the outlines extra (scipy) is not installed")


def accuracy(cut: cutter.Cut, source: str | bytes, options: dict[str, object] | None = None
             ) -> float:
    """The neighbour accuracy of the first board solved from `source`, 0 when none."""
    found = outlines.read(source, "<cut>")
    instance = board.board(found, dict(options or {}))
    solution = satpuzzle.solve(instance, timeout=120)
    if solution is None:
        return 0.0
    order = cutter.matched(cut, found)
    placed = [[None if cell is None else order[cell[0]] for cell in row] for row in solution]
    return cutter.neighbour_accuracy(cut, placed)


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("form", ["svg", "json", "png"])
def test_a_cut_read_back_solves_to_its_true_board(form: str) -> None:
    cut = cutter.cut(4, 4, seed=1)
    source = {"svg": cut.svg, "json": cut.points_json, "png": cut.png}[form]()
    assert accuracy(cut, source) == 1.0


def test_a_rectangular_cut_solves_to_its_true_board() -> None:
    cut = cutter.cut(3, 5, seed=4, noise=0.003)
    assert accuracy(cut, cut.svg()) == 1.0


def test_noise_of_half_a_percent_of_a_piece_is_tolerated() -> None:
    # docs/BENCHMARKS.md: every 6×6 board solved exactly at noise 0.005
    for seed in (1, 2, 3):
        cut = cutter.cut(6, 6, seed=seed, noise=0.005)
        assert accuracy(cut, cut.svg()) == 1.0, seed


def test_sides_are_classed_flat_tab_or_blank_as_cut() -> None:
    cut = cutter.cut(5, 5, seed=7, noise=0.005)
    found = outlines.read(cut.svg(), "<cut>")
    order = cutter.matched(cut, found)
    size = sides.piece_size(found)
    shapes: dict[cutter.Edge, list[int]] = {}
    for index, outline in enumerate(found):
        piece = sides.piece(outline, index, size)
        for side, edge in zip(piece.sides, cutter.side_edges(cut, order[index],
                                                             piece.corner_points)):
            if edge is None:
                assert side.shape == sides.FLAT_LABEL
            else:
                shapes.setdefault(edge, []).append(side.shape)
    assert len(shapes) == 2 * 5 * 4  # every interior edge seen from both sides
    assert all(sorted(pair) == [sides.BLANK, sides.TAB] for pair in shapes.values())


def test_a_tab_and_its_blank_describe_alike_by_every_descriptor() -> None:
    cut = cutter.cut(2, 1, seed=3)
    found = outlines.read(cut.svg(), "<cut>")
    size = sides.piece_size(found)
    pieces = [sides.piece(outline, index, size) for index, outline in enumerate(found)]
    tab, blank = (next(side for piece in pieces for side in piece.sides if side.shape == shape)
                  for shape in (sides.TAB, sides.BLANK))
    for name in sides.DESCRIPTORS:
        same = np.linalg.norm(sides.describe(tab, name) - sides.describe(blank, name))
        flipped = sides.Side(blank.profile, sides.TAB, blank.length)  # not turned inside out
        other = np.linalg.norm(sides.describe(tab, name) - sides.describe(flipped, name))
        assert same < other / 2, name


def test_kmeans_grouping_reads_a_clean_cut() -> None:
    pytest.importorskip("sklearn", reason="the outlines extra (scikit-learn) is not installed")
    cut = cutter.cut(3, 3, seed=2)
    assert accuracy(cut, cut.svg(), {"grouping": "kmeans"}) == 1.0


def test_svg_paths_with_curves_relative_commands_and_transforms() -> None:
    text = ('<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(10 20)">'
            '<path d="M0 0 h10 v10 H0 z"/><path transform="rotate(90)" '
            'd="m0,0 c 3 0 7 0 10 0 s 0 5 0 10 q -5 0 -10 0 t 0 -10 Z"/></g>'
            '<polygon points="0,0 4,0 4,4 0,4"/></svg>')
    found = outlines.read(text, "t.svg")
    assert len(found) == 3
    assert np.allclose(found[0][:4], [[10, 20], [20, 20], [20, 30], [10, 30]])
    # a square of curves from (0, 0) to (10, 10), S bulging out past x = 10; rotate(90)
    # turns (x, y) into (-y, x), then the group's shift
    rotated = found[1]
    assert rotated[:, 0].min() == pytest.approx(0.0) and rotated[:, 0].max() == pytest.approx(10)
    # T reflects the control point of Q: a bulge to y = 20 - 2.5
    assert rotated[:, 1].min() == pytest.approx(17.5) and 30 < rotated[:, 1].max() < 31.5


# ---------------------------------------------------------------- the command line


def test_solve_and_import_read_outlines_through_the_registry(tmp_path: Path) -> None:
    cut = cutter.cut(3, 3, seed=5)
    (tmp_path / "pieces.svg").write_text(cut.svg())
    (tmp_path / "pieces.png").write_bytes(cut.png())
    for name in ("pieces.svg", "pieces.png"):
        solved = run_cli("solve", name, "--format", "json", cwd=tmp_path)
        assert solved.returncode == 0, solved.stderr
        assert json.loads(solved.stdout)
    imported = run_cli("import", "outlines", "pieces.svg", "-o", "board.puz", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    again = run_cli("solve", "board.puz", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    picture = run_cli("solve", "pieces.svg", "--format", "svg", cwd=tmp_path)
    assert picture.returncode == 0
    assert picture.stdout.count("<polygon") == 9  # each piece's own outline, placed


def test_the_unsolved_picture_is_the_outlines_and_reads_back(tmp_path: Path) -> None:
    cut = cutter.cut(3, 3, seed=6)
    (tmp_path / "pieces.svg").write_text(cut.svg())
    drawn = run_cli("export", "pieces.svg", "--format", "svg", cwd=tmp_path)
    assert drawn.returncode == 0, drawn.stderr
    again = outlinefile.read(drawn.stdout, "drawn.svg")[0]
    assert again == outlinefile.read(cut.svg(), "pieces.svg")[0] or accuracy(
        cut, drawn.stdout) == 1.0


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (width, height), 255).save(out, format="PNG")
    return out.getvalue()


HOSTILE: dict[str, str | bytes] = {
    "laughs.svg": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                   '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg><path d="&b;"/></svg>'),
    "external.svg": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM '
                     '"file:///etc/passwd">]><svg>&x;</svg>'),
    "broken.svg": "<svg><path d='M0 0 L 1 1 Z'></svg>",
    "garbage.svg": '<svg><path d="M0 0 L 1 1 % 3 Z"/></svg>',
    "arc.svg": '<svg><path d="M0 0 A 5 5 0 0 1 10 10 Z"/></svg>',
    "short.svg": '<svg><path d="M0 0 C 1 1 Z"/></svg>',
    "huge.svg": '<svg><path d="M0 0 L 1e999 0 L 1 1 Z"/></svg>',
    "open.svg": '<svg><path d="M0 0 L 10 0 L 10 10"/></svg>',
    "triangle.svg": '<svg><path d="M0 0 L 100 0 L 50 80 Z"/></svg>',
    "transform.svg": '<svg><path transform="explode(3)" d="M0 0 L 1 0 L 1 1 Z"/></svg>',
    "bad.json": '{"outlines": [[[0, 0], [1, "a"]]]}',
    "truncated.json": '{"outlines": [[[0, 0], [1, ',
    "nested.json": '{"outlines": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "blank.png": _png(40, 30),
    "truncated.png": _png(40, 30)[:60],
    "jpeg.jpg": b"\xff\xd8\xff\xe0" + b"\0" * 40,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_outline_files_get_one_line_and_exit_2(tmp_path: Path, name: str) -> None:
    data = HOSTILE[name]
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data)
    for command in (("solve", name), ("import", "outlines", name)):
        result = run_cli(*command, cwd=tmp_path)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2, (name, result.stderr)
        assert len(lines) == 1 and "Traceback" not in result.stderr, (name, result.stderr)
        assert "error:" in lines[0] and name in lines[0], (name, lines)


@pytest.mark.parametrize("side", [100_000, 9_800])
def test_a_picture_too_large_is_refused_before_it_is_decoded(tmp_path: Path, side: int
                                                             ) -> None:
    # 100 000²: past Pillow's own limit; 9 800²: past ours, where Pillow only warns
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    png = (outlines.PNG_MAGIC + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b""))
           + chunk(b"IEND", b""))
    (tmp_path / "bomb.png").write_bytes(png)
    result = run_cli("solve", "bomb.png", cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "too large" in result.stderr or "exceeds limit" in result.stderr


def test_another_kind_named_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pieces.svg").write_text(cutter.cut(2, 2, seed=1).svg())
    result = run_cli("solve", "pieces.svg", "--kind", "sudoku", cwd=tmp_path)
    assert result.returncode == 2 and "jigsaw" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_board_the_borders_cannot_tell_asks_for_board() -> None:
    cut = cutter.cut(2, 2, seed=1)
    found = outlines.read(cut.svg(), "<cut>")[:3]
    with pytest.raises(InputError, match="--board"):
        board.board(found, {})


def test_the_cutter_refuses_what_it_cannot_cut() -> None:
    with pytest.raises(InputError):
        cutter.cut(0, 3)
    with pytest.raises(InputError):
        cutter.cut(3, 3, noise=0.5)
    truth = json.loads(cutter.cut(2, 3, seed=1).truth_json())
    assert truth["rows"] == 2 and truth["cols"] == 3
    assert sorted((p["row"], p["col"]) for p in truth["pieces"]) == [
        (r, c) for r in range(2) for c in range(3)]


def test_generate_cut_writes_the_board_read_back_from_a_cut(tmp_path: Path) -> None:
    made = run_cli("generate", "jigsaw", "--size", "3x4", "--cut", "--noise", "0.003",
                   "--seed", "2", "-o", "cut.puz", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    text = (tmp_path / "cut.puz").read_text()
    assert "size: 3x4" in text and "matching: opposite" in text
    solved = run_cli("solve", "cut.puz", cwd=tmp_path)
    assert solved.returncode == 0, solved.stderr
    refused = run_cli("generate", "jigsaw", "--cut", "--noise", "0.9", cwd=tmp_path)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1


# ---------------------------------------------------------------- the aligned grouping


def _true_tab_blank_pairs(cut: cutter.Cut, found: list[np.ndarray],
                          pieces: list[sides.Piece]) -> list[tuple[sides.Side, sides.Side]]:
    """Each interior edge of the cut as (its tab, its blank), read from the outlines."""
    order = cutter.matched(cut, found)
    by_edge: dict[cutter.Edge, list[sides.Side]] = {}
    for index, piece in enumerate(pieces):
        for side, edge in zip(piece.sides, cutter.side_edges(cut, order[index],
                                                             piece.corner_points)):
            if edge is not None:
                by_edge.setdefault(edge, []).append(side)
    return [(a, b) if a.shape == sides.TAB else (b, a) for a, b in by_edge.values()]


def _corner_moved(side: sides.Side, along: float) -> sides.Side:
    """The side with its first corner moved `along` (chord lengths) along it: a corner
    found off, as noise leaves it."""
    kept = side.profile[side.profile[:, 0] >= along]
    points = kept[:, 0] + 1j * kept[:, 1]
    chord = points[-1] - points[0]
    framed = (points - points[0]) / chord  # the new chord from 0 to 1, deviation kept
    return sides.Side(np.column_stack([framed.real, framed.imag]), side.shape,
                      side.length * abs(chord))


def test_aligned_costs_find_each_tab_its_blank_with_corners_found_off() -> None:
    """The aligned comparison lays the two curves on each other, ends free to slide: a
    blank whose corner is found 0.03 of a side off still fits its own tab best (in the
    chord's frame the whole descriptor would move)."""
    from satpuzzle.kinds.jigsaw import sidematch

    cut = cutter.cut(4, 4, seed=3)
    found = outlines.read(cut.svg(), "<cut>")
    scale = sides.piece_size(found)
    pieces = [sides.piece(outline, index, scale) for index, outline in enumerate(found)]
    pairs = _true_tab_blank_pairs(cut, found, pieces)
    tabs = [tab for tab, _ in pairs]
    blanks = [_corner_moved(blank, 0.03) for _, blank in pairs]
    costs = sidematch.costs(tabs, blanks, scale)
    assert costs.shape == (24, 24)
    assert list(costs.argmin(axis=1)) == list(range(24))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_aligned_grouping_rebuilds_noisy_cuts(seed: int) -> None:
    """docs/benchmarks/DETAILS.md: every 6×6 board rebuilt exactly at noise 0.005 with
    --grouping aligned, as with the default."""
    cut = cutter.cut(6, 6, seed=seed, noise=0.005)
    assert accuracy(cut, cut.svg(), {"grouping": "aligned"}) == 1.0


def test_the_aligned_grouping_reads_a_clean_cut_and_two_pieces() -> None:
    """No noise (every pair's cost near 0: the merge's floor keeps pairs alike within it
    open), and the fewest sides there are: one tab, one blank."""
    cut = cutter.cut(6, 6, seed=1)
    assert accuracy(cut, cut.svg(), {"grouping": "aligned"}) == 1.0
    pair = cutter.cut(1, 2, seed=5)
    assert accuracy(pair, pair.svg(), {"grouping": "aligned", "board": "1x2"}) == 1.0
