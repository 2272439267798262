"""Jigsaw pieces from CUT-LINE files (satpuzzle/kinds/jigsaw/cutlines.py): a cut written as
its lines, as Draradech's generator and cutting plotters write it, not one closed path per
piece. Cuts made outside satpuzzle (benchmarks/outside_cutters.py, the three-Bezier edges of
Draradech's generator) rebuilt through the command line as the identity (the pieces come in
place, numbered in reading order), up to a turn of the whole board; hostile drawings refused
in one line."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from conftest import needs_shapely, run_cli

from benchmarks import outside_cutters


def _cut_lines(tmp_path: Path, size: int, layout: str, radius: float = 0.1,
               seed: int = 1) -> tuple[Path, int, int]:
    made = outside_cutters.cut(size, size, "bezier", seed=seed)
    files = outside_cutters.write_cut_lines(made, tmp_path, f"{layout}-{size}", layout, radius)
    truth = json.loads(files["truth"].read_text())
    assert truth["in_place"] and truth["pieces"][1] == {"row": 0, "col": 1, "rotation": 0}
    return files["svg"], made.rows, made.cols


def _one_line_refusal(path: Path) -> str:
    result = run_cli("solve", path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and result.stderr.count("\n") == 1, result.stderr
    return lines[0]


@needs_shapely
@pytest.mark.parametrize("layout", outside_cutters.LAYOUTS)
@pytest.mark.parametrize("size", [4, 6])
def test_a_cut_line_file_is_rebuilt_as_the_identity(tmp_path, size, layout):
    """Whole cut lines or one path an edge, the frame a rect with rounded corners: the
    first board is the identity turned as a whole, and the shapes allow exactly its four
    turns."""
    path, rows, cols = _cut_lines(tmp_path, size, layout)
    text = path.read_text()
    assert text.count("<path") == (2 * (size - 1) if layout == "rows"
                                   else 2 * size * (size - 1))
    assert 'rx="2.000"' in text and " Z" not in text and "Z\"" not in text  # open paths
    solved = run_cli("solve", path, "--format", "json")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, rows, cols) is not None, solution
    counted = run_cli("solve", path, "--count")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.strip() == "4"


@needs_shapely
@pytest.mark.parametrize("layout", outside_cutters.LAYOUTS)
def test_import_outlines_writes_the_board_of_a_cut_line_file(tmp_path, layout):
    """`satpuzzle import outlines` writes the board in the puzzle language: its pieces in
    reading order of their cells, the corner piece first, and it solves to the identity."""
    path, rows, cols = _cut_lines(tmp_path, 4, layout, radius=0.0)
    imported = run_cli("import", "outlines", path, "-o", tmp_path / "board.puz")
    assert imported.returncode == 0, imported.stderr
    board = (tmp_path / "board.puz").read_text()
    assert "size: 4x4" in board
    first = board.split("pieces {")[1].split("\n")[2].split()
    assert first[0] == "0" and first[3] == "0", board  # top-left: flat top and left
    solved = run_cli("solve", tmp_path / "board.puz", "--format", "json")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, rows, cols) is not None, solution


def _rounded_frame(low: float, high: float, radius: float) -> str:
    """A path round the square low..high, its corners arcs, as the generator writes its
    border: closed by coming back to its start, with no Z."""
    a, b, r = low + radius, high - radius, radius
    return (f"M {a} {low} L {b} {low} A {r} {r} 0 0 1 {high} {a} L {high} {b} "
            f"A {r} {r} 0 0 1 {b} {high} L {a} {high} A {r} {r} 0 0 1 {low} {b} L {low} {a} "
            f"A {r} {r} 0 0 1 {a} {low} ")


@needs_shapely
def test_the_generator_s_own_layout_is_rebuilt(tmp_path):
    """As Draradech's generator writes a cut: all horizontal lines in ONE path (a subpath
    each), all vertical ones in another, the border a closed path with rounded corners
    written as arcs, the whole inside a transformed group."""
    made = outside_cutters.cut(4, 4, "bezier", seed=2)
    data = [line.svg_data(False).removesuffix("Z") for line in made.cut_lines()]
    low = outside_cutters.MARGIN * made.piece
    frame = _rounded_frame(low, low + 4 * made.piece, 2.0)
    drawing = (f'<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(7 3) '
               f'rotate(90 50 50)"><path fill="none" d="{"".join(data[:3])}"/>'
               f'<path fill="none" d="{"".join(data[3:])}"/>'
               f'<path fill="none" d="{frame}"/></g></svg>')
    path = tmp_path / "generator.svg"
    path.write_text(drawing)
    counted = run_cli("solve", path, "--count")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.strip() == "4"


@needs_shapely
def test_open_strokes_that_cut_nothing_leave_the_closed_pieces_as_before(tmp_path):
    """A file of closed pieces with a stroke beside them (a signature, a mark): the stroke
    encloses nothing, the closed paths are the pieces. A line sized in percentages is no
    cut line, and no error."""
    made = outside_cutters.cut(3, 3, "ball", seed=2)
    files = outside_cutters.write(made, tmp_path, "ball")
    text = files["svg"].read_text().replace("</svg>", '<path d="M1 1 L4 2 L2 5"/>\n'
                                            '<line x1="10%" y1="0" x2="5" y2="5"/>\n</svg>')
    files["svg"].write_text(text)
    counted = run_cli("solve", files["svg"], "--count")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.strip() == "4"


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60">\n{}\n</svg>\n'
FRAME = '<rect x="0" y="0" width="60" height="60" rx="3"/>'


@needs_shapely
@pytest.mark.parametrize(("body", "said"), [
    # a line stopping inside the puzzle: two pieces left joined
    ('<path d="M0 20 L60 20 M0 40 L60 40"/>\n<path d="M20 0 L20 60"/>\n'
     '<path d="M40 0 L40 30"/>\n' + FRAME,
     ("4:1: error: a cut line ends at (40, 30) meeting no other line nor the frame: a cut "
     "line ending inside the puzzle leaves two pieces joined")),
    # lines that enclose nothing with the frame
    ('<path d="M5 20 L50 20"/>\n<path d="M5 40 L50 40"/>\n' + FRAME,
     ("2:1: error: the 2 open path(s) (cut lines) enclose no piece with the frame: a cut "
     "line ends at")),
    # no frame: the lines' faces are not closed
    ('<path d="M0 20 L60 20 M0 40 L60 40"/>\n<path d="M20 0 L20 60 M40 0 L40 60"/>',
     ("2:1: error: a cut line ends at (60, 40) meeting no other line nor the frame: the "
     "pieces along it are not closed")),
    # 7 faces: no rows x columns board
    ('<path d="M0 20 L60 20 M0 40 L60 40"/>\n<path d="M20 0 L20 60"/>\n'
     '<path d="M40 0 L40 20"/>\n' + FRAME,
     "1:1: error: the cut lines enclose 7 pieces that lie on no rows × columns grid"),
    # a line's coordinates overflowing through a transform
    ('<g transform="scale(1e300)"><path d="M0 20 L1e300 20"/></g>\n' + FRAME,
     "2:29: error: a cut line's coordinates out of range"),
    # finite but huge: the noding grid would be out of a float's range (was an internal
    # error of the geometry library, exit 4)
    ('<line x1="0" y1="30" x2="60" y2="1e308"/>\n' + FRAME,
     "2:1: error: a cut line's coordinates out of range (beyond 1e+12)"),
])
def test_hostile_cut_lines_are_refused_in_one_line(tmp_path, body, said):
    path = tmp_path / "lines.svg"
    path.write_text(SVG.format(body))
    line = _one_line_refusal(path)
    assert said in line, line


@needs_shapely
def test_lines_crossing_each_other_everywhere_are_refused_before_noding(tmp_path):
    """Two zigzags of 1000 points each, across each other: a million crossings, which the
    noding would make a million faces of; counted first and refused, quickly."""
    across = " ".join(f"{k * 0.1:.1f} {100 * (k % 2)}" for k in range(1000))
    down = " ".join(f"{100 * (k % 2)} {k * 0.1:.1f}" for k in range(1000))
    path = tmp_path / "zigzags.svg"
    path.write_text(SVG.format(f'<polyline points="{across}"/>\n<polyline points="{down}"/>'
                               f'\n<rect width="100" height="100"/>'))
    start = time.monotonic()
    line = _one_line_refusal(path)
    assert "the cut lines touch or cross in more than 500000 places" in line, line
    assert time.monotonic() - start < 60


def test_without_shapely_a_cut_line_file_says_which_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "shapely", None)  # `import shapely` raises ImportError
    path = tmp_path / "lines.svg"
    path.write_text(SVG.format('<path d="M0 30 L60 30"/>\n' + FRAME))
    line = _one_line_refusal(path)
    assert line.endswith("error: reading cut lines (open paths) needs shapely: pip install "
                         "'satpuzzle[outlines]'"), line


@needs_shapely
@pytest.mark.parametrize("layout", outside_cutters.LAYOUTS)
@pytest.mark.parametrize("noise", [0.0, 0.002])
def test_the_crossings_are_read_as_the_pieces_corners(tmp_path, layout, noise):
    """Each piece comes with its four corners where the cut lines cross (the frame's corner
    where its straight sides meet, though rounded): the grid's vertices; in noise the
    edges' ends stay on them, and two noisy whole lines cross within a few times the noise
    of them."""
    import numpy as np

    from satpuzzle.kinds.jigsaw import outlines

    made = outside_cutters.cut(4, 4, "bezier", seed=3)
    files = outside_cutters.write_cut_lines(made, tmp_path, "lines", layout, 0.1, noise, 3)
    read = outlines.read(files["svg"].read_text(), str(files["svg"]))
    assert read.grid == (4, 4) and read.corners is not None and len(read.corners) == 16
    low = outside_cutters.MARGIN
    for index, corners in enumerate(read.corners):
        r, c = divmod(index, 4)
        true = (np.array([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]]) + low) * made.piece
        assert np.abs(corners - true).max() < max(1e-3, 5 * noise) * made.piece, (index,
                                                                              corners)


@needs_shapely
def test_a_page_round_the_frame_and_a_background_are_no_pieces(tmp_path):
    """A page's background (`width="100%"`: no frame) and a page border drawn round the
    frame (a face whose hole is the puzzle) leave the pieces as they are."""
    path, rows, cols = _cut_lines(tmp_path, 4, "rows")
    page = ('<rect width="100%" height="100%" fill="white"/>\n'
            '<rect x="1" y="1" width="98" height="98" fill="none"/>\n')
    path.write_text(path.read_text().replace("  <path", page + "  <path", 1))
    solved = run_cli("solve", path, "--format", "json")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, rows, cols) is not None, solution


@needs_shapely
@pytest.mark.parametrize("layout", outside_cutters.LAYOUTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_noisy_cut_lines_are_rebuilt_on_their_crossings(tmp_path, layout, seed):
    """Draradech-style cut lines wobbling by 0.2 % of a piece (their ends kept on the
    crossings): the corner finder alone lands 0.02 piece sizes off the crossings and no
    board comes out; with the crossings as the pieces' corners, the identity, 6×6."""
    made = outside_cutters.cut(6, 6, "bezier", seed=seed)
    files = outside_cutters.write_cut_lines(made, tmp_path, f"noisy-{layout}", layout, 0.1,
                                            0.002, seed)
    solved = run_cli("solve", files["svg"], "--format", "json")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, 6, 6) is not None, solution


def test_a_found_corner_goes_onto_a_known_one_nearby_only():
    """sides.piece(known=...): a corner found within KNOWN_SNAP of a known point goes there;
    one farther keeps its place; NaN rows are ignored."""
    import numpy as np

    from satpuzzle.kinds.jigsaw import sides

    square = np.array([(x, 0.0) for x in np.linspace(0, 100, 50, endpoint=False)]
                      + [(100.0, y) for y in np.linspace(0, 100, 50, endpoint=False)]
                      + [(x, 100.0) for x in np.linspace(100, 0, 50, endpoint=False)]
                      + [(0.0, y) for y in np.linspace(100, 0, 50, endpoint=False)])
    plain = sides.piece(square, 0, 100.0)
    known = np.array([[1.5, -1.0], [np.nan, np.nan], [100.0 + 20.0, 100.0]])
    moved = sides.piece(square, 0, 100.0, known)
    nearest = [int(np.argmin(np.linalg.norm(plain.corner_points - point, axis=1)))
               for point in known[[0, 2]]]
    assert np.allclose(moved.corner_points[nearest[0]], [1.5, -1.0])  # 1.8 away: snapped
    assert np.allclose(moved.corner_points[nearest[1]], plain.corner_points[nearest[1]])
    assert sides.KNOWN_SNAP * 100.0 < 20.0


@needs_shapely
def test_a_spur_where_noisy_lines_cross_before_their_vertex_is_no_loose_end(tmp_path):
    """Two noisy lines crossing just before the vertex they both end on leave a spur of a
    few thousandths of a unit: no cut that stops short (a 20×20 file at 0.5 % noise was
    refused for one), so the file is read as without it; a loose end a tenth of a piece long
    is still refused."""
    import re

    made = outside_cutters.cut(4, 4, "bezier", seed=1)
    files = outside_cutters.write_cut_lines(made, tmp_path, "spur", "edges", 0.1)
    text = files["svg"].read_text()
    first = re.search(r'<path d="([^"]*)"', text)
    assert first is not None
    x, y = map(float, re.findall(r"[-\d.]+", first.group(1))[-2:])  # an interior vertex

    def with_end(dx: float, dy: float) -> Path:
        path = tmp_path / f"spur-{dx}.svg"
        path.write_text(text.replace(first.group(1), f"{first.group(1)} L{x + dx:.3f} "
                                                     f"{y + dy:.3f}", 1))
        return path

    solved = run_cli("solve", with_end(0.003, 0.004), "--format", "json")
    assert solved.returncode == 0, solved.stderr
    solution = json.loads(solved.stdout)["solutions"][0]
    assert outside_cutters.identity_turn(solution, 4, 4) is not None
    assert "leaves two pieces joined" in _one_line_refusal(with_end(0.6, 1.2))
