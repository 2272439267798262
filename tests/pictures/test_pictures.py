"""Pictures: SVG documents of every kind, checked as rasterised pixels (resvg, decoded here
by a small PNG reader), and `--pretty` box-drawing text, through the library and the CLI."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
import zlib
from types import SimpleNamespace

import pytest
from conftest import INSTANCES

import satpuzzle
from satpuzzle import cli, formats, pictures
from satpuzzle.drawing import boxes
from satpuzzle.kinds import registry
from satpuzzle.kinds.crossword import pictures as crossword_picture
from satpuzzle.kinds.hashi import pictures as hashi_picture
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.jigsaw import pictures as jigsaw_picture
from satpuzzle.kinds.jigsaw.puzzle import rotated
from satpuzzle.kinds.kakuro import pictures as kakuro_picture
from satpuzzle.kinds.nurikabe import pictures as nurikabe_picture
from satpuzzle.kinds.one_in_three_sat import pictures as sat_picture
from satpuzzle.kinds.partition import pictures as partition_picture
from satpuzzle.kinds.shikaku import pictures as shikaku_picture
from satpuzzle.kinds.sudoku import pictures as sudoku_picture
from satpuzzle.pictures import render_pretty, render_svg

SVG_NS = "{http://www.w3.org/2000/svg}"
EXAMPLES = {
    "sudoku": "sudoku/classic.puz",
    "crossword": "crossword/seed-example.puz",
    "shikaku": "shikaku/codingame-10x10.puz",
    "hashi": "hashi/hashi-info-9x9.puz",
    "jigsaw": "jigsaw/generated-4x4.puz",
    "partition": "partition/wikipedia.puz",
    "one-in-three-sat": "one-in-three-sat/example.puz",
    "kakuro": "kakuro/janko-091.puz",
    "nurikabe": "nurikabe/janko-0020-6x6.puz",
}
# a crossword whose top-left letter is given: 'm' of mars/mois
PREFILLED_CROSSWORD = """crossword {
  words: mars mois plus tard soir
  grid {
    m111
    1001
    1001
    1111
  }
}
"""


# ---------------------------------------------------------------- PNG reading


class Image:
    """Decoded RGBA pixels of an 8-bit PNG (colour types 2 and 6, not interlaced)."""

    def __init__(self, png: bytes) -> None:
        assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        position, data, header = 8, b"", None
        while position < len(png):
            (length,) = struct.unpack(">I", png[position:position + 4])
            kind = png[position + 4:position + 8]
            body = png[position + 8:position + 8 + length]
            position += 12 + length
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", body)
            elif kind == b"IDAT":
                data += body
        assert header is not None
        self.width, self.height, depth, colour, _, _, interlace = header
        assert depth == 8 and colour in (2, 6) and not interlace, header
        self.channels = 4 if colour == 6 else 3
        self.rows = self._unfilter(zlib.decompress(data))

    def _unfilter(self, raw: bytes) -> list[bytearray]:
        stride, step = self.width * self.channels, self.channels
        rows: list[bytearray] = []
        previous = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride):
                left = line[i - step] if i >= step else 0
                up = previous[i]
                corner = previous[i - step] if i >= step else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 0xFF
                elif kind == 2:
                    line[i] = (line[i] + up) & 0xFF
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 0xFF
                elif kind == 4:
                    line[i] = (line[i] + _paeth(left, up, corner)) & 0xFF
            rows.append(line)
            previous = line
        return rows

    def rgb(self, x: float, y: float) -> tuple[int, int, int]:
        row, start = self.rows[int(y)], int(x) * self.channels
        return row[start], row[start + 1], row[start + 2]

    def dark(self, x: float, y: float) -> bool:
        red, green, blue = self.rgb(x, y)
        return 0.299 * red + 0.587 * green + 0.114 * blue < 100

    def light(self, x: float, y: float) -> bool:
        red, green, blue = self.rgb(x, y)
        return 0.299 * red + 0.587 * green + 0.114 * blue > 180


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


@pytest.fixture(scope="module")
def rasterise():
    resvg = pytest.importorskip("resvg_py", reason="resvg-py (test extra) is not installed")

    def render(document: str) -> Image:
        return Image(bytes(resvg.svg_to_bytes(svg_string=document)))

    return render


@pytest.fixture(scope="module")
def fonts(rasterise) -> None:
    """Skip glyph-colour checks on a machine whose renderer finds no font."""
    doc = ('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40">'
           '<rect width="60" height="40" fill="#fff"/><text x="5" y="30" font-size="30" '
           'font-family="DejaVu Sans, sans-serif">88</text></svg>')
    image = rasterise(doc)
    if not any(image.dark(x, y) for x in range(60) for y in range(40)):
        pytest.skip("no font available to the SVG renderer: glyph colours cannot be checked")


def dark_runs(image: Image, points) -> list[int]:
    """Lengths of the runs of dark pixels met along a sequence of points."""
    runs, current = [], 0
    for x, y in points:
        if image.dark(x, y):
            current += 1
        elif current:
            runs.append(current)
            current = 0
    if current:
        runs.append(current)
    return runs


def run_at(image: Image, x: int, y: int, step: tuple[int, int] = (1, 0)) -> int:
    """Width of the dark run through (x, y) along `step`."""
    assert image.dark(x, y), f"expected a dark pixel at {(x, y)}"
    width, (dx, dy) = 1, step
    for sign in (1, -1):
        k = 1
        while image.dark(x + sign * k * dx, y + sign * k * dy):
            width, k = width + 1, k + 1
    return width


def colour_of(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def near(pixel: tuple[int, int, int], colour: str, tolerance: int = 3) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour_of(colour)))


def load(relative: str, index: int = 0):
    return satpuzzle.load(str(INSTANCES / relative))[index]


def origin(instance, solutions, panel: int = 0) -> tuple[float, float]:
    """Where panel `panel`'s drawing starts in render_svg's document."""
    module = registry.kind_of(instance)
    drawings = [module.svg(instance, s) for s in solutions] if solutions else [
        module.svg(instance, None)]
    heights = [drawing.height for drawing in drawings]
    return pictures.MARGIN, pictures.panel_top(panel, heights)


# ---------------------------------------------------------------- every kind


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_kind_is_valid_svg_that_rasterises(kind, rasterise):
    instance = load(EXAMPLES[kind])
    solutions = list(satpuzzle.solutions(instance, limit=2))
    assert solutions, f"{EXAMPLES[kind]} should be solvable"
    for chosen in (None, solutions):
        document = render_svg(instance, chosen)
        root = ET.fromstring(document.encode())
        assert root.tag == f"{SVG_NS}svg"
        captions = [t.text for t in root.iter(f"{SVG_NS}text")
                    if t.text and t.text.startswith("solution ")]
        assert captions == ([f"solution {k}" for k in range(1, len(chosen) + 1)]
                            if chosen else [])
        image = rasterise(document)
        assert (image.width, image.height) == (int(root.get("width")), int(root.get("height")))
        # the drawing is not blank: some dark pixels inside the first panel's area
        x0, y0 = origin(instance, chosen)
        assert any(image.dark(x, y) for x in range(int(x0), image.width - 16, 2)
                   for y in range(int(y0), image.height - 16, 2))
        assert render_svg(instance, chosen) == document  # deterministic


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_kind_has_pretty_text(kind):
    instance = load(EXAMPLES[kind])
    solution = satpuzzle.solve(instance)
    text = render_pretty(instance, solution)
    assert text.strip() and render_pretty(instance, None).strip()
    assert re.search("[\u2500-\u257f]", text), "no box-drawing character"
    assert text == render_pretty(instance, solution)


def test_svg_format_writes_the_unsolved_puzzle_for_every_kind():
    module = formats.format_module("svg")
    assert set(module.KINDS) == set(EXAMPLES)
    instance = load(EXAMPLES["shikaku"])
    assert formats.write("svg", instance) == render_svg(instance, None)
    assert not hasattr(module, "read")


def test_titles_are_escaped():
    instance = load(EXAMPLES["partition"])
    odd = type(instance)(instance.numbers, title='a <b> & "c"')
    root = ET.fromstring(render_svg(odd).encode())
    assert 'a <b> & "c"' in [t.text for t in root.iter(f"{SVG_NS}text")]


def test_box_drawing_has_every_junction():
    table = boxes.junctions()
    assert len(table) == 81  # none, light or heavy on each of four arms
    assert table[(boxes.LIGHT,) * 4] == "┼" and table[(boxes.HEAVY,) * 4] == "╋"
    assert table[(boxes.LIGHT, boxes.LIGHT, boxes.HEAVY, boxes.HEAVY)] == "┿"
    assert table[(boxes.NONE, boxes.HEAVY, boxes.NONE, boxes.LIGHT)] == "┎"
    assert table[(boxes.NONE, boxes.NONE, boxes.LIGHT, boxes.HEAVY)] == "╼"


# ---------------------------------------------------------------- Sudoku


def test_sudoku_box_lines_are_thicker_than_cell_lines(rasterise):
    instance = load(EXAMPLES["sudoku"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = sudoku_picture.CELL
    y = int(y0 + 4)  # near the top of the first row, above the digits
    widths = {c: run_at(image, int(x0 + c * cell), y) for c in range(10)}
    thick = {c: w for c, w in widths.items() if c % 3 == 0}
    thin = {c: w for c, w in widths.items() if c % 3}
    assert min(thick.values()) > max(thin.values()) >= 1, widths
    # the same across rows: every third horizontal line is thick
    x = int(x0 + 4)
    heights = {r: run_at(image, x, int(y0 + r * cell), (0, 1)) for r in range(10)}
    assert min(heights[r] for r in (0, 3, 6, 9)) > max(heights[r] for r in (1, 2, 4, 5, 7, 8))


def test_sudoku_irregular_regions_get_thick_borders(rasterise):
    # a 4x4 with irregular regions (rows of region numbers), as the regions field gives them
    regions = ((0, 0, 0, 1), (0, 2, 1, 1), (2, 2, 3, 1), (2, 3, 3, 3))
    instance = SimpleNamespace(KIND="sudoku", box_rows=2, box_cols=2, size=4, title=None,
                               givens=((1, 0, 0, 0),) + ((0,) * 4,) * 3, regions=regions)
    image = rasterise(render_svg(instance))
    x0, y0 = origin(instance, None)
    cell = sudoku_picture.CELL
    between, inside = [], []
    for r in range(4):
        for c in range(1, 4):  # the vertical side between (r, c-1) and (r, c)
            width = run_at(image, int(x0 + c * cell), int(y0 + r * cell + cell // 2 + 8))
            (between if regions[r][c - 1] != regions[r][c] else inside).append(width)
    assert between and inside and min(between) > max(inside), (between, inside)
    text = render_pretty(instance, None)
    assert text.splitlines()[1].count("┃") == 3  # frame, between regions 0|1, frame


def test_sudoku_jigsaw_regions_from_a_file(rasterise):
    instance = load("sudoku/jigsaw-6x6.puz")
    regions = getattr(instance, "regions", None)
    if not regions:
        pytest.skip("this SudokuInstance has no irregular regions field")
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell, size = sudoku_picture.CELL, instance.size
    between, inside = [], []
    for r in range(size):
        for c in range(1, size):
            # the side between (r, c-1) and (r, c), then between (c-1, r) and (c, r)
            across = run_at(image, int(x0 + c * cell), int(y0 + r * cell + 5))
            down = run_at(image, int(x0 + r * cell + 5), int(y0 + c * cell), (0, 1))
            (between if regions[r][c - 1] != regions[r][c] else inside).append(across)
            (between if regions[c - 1][r] != regions[c][r] else inside).append(down)
    assert between and inside and min(between) > max(inside)


def test_sudoku_givens_black_and_solved_digits_blue(rasterise, fonts):
    instance = load(EXAMPLES["sudoku"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = sudoku_picture.CELL

    def colours(r: int, c: int) -> set[str]:
        found = set()
        for y in range(int(y0 + r * cell + 6), int(y0 + (r + 1) * cell - 6)):
            for x in range(int(x0 + c * cell + 6), int(x0 + (c + 1) * cell - 6)):
                red, green, blue = image.rgb(x, y)
                if blue > 150 and red < 100:
                    found.add("blue")
                elif red + green + blue < 150:
                    found.add("black")
        return found

    for r, row in enumerate(instance.givens):
        for c, given in enumerate(row):
            assert colours(r, c) == ({"black"} if given else {"blue"}), (r, c)


# ---------------------------------------------------------------- crossword


def test_crossword_black_squares_dark_white_cells_light(rasterise):
    instance = satpuzzle.load(PREFILLED_CROSSWORD)[0]
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = crossword_picture.CELL
    for r, row in enumerate(instance.grid):
        for c, token in enumerate(row):
            centre = (x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell)
            corner = (x0 + c * cell + 5, y0 + r * cell + 5)  # clear of the letter
            if token == "0":
                assert image.dark(*centre) and image.dark(*corner)
            elif token == "m":  # given: grey square
                assert near(image.rgb(*corner), crossword_picture.PREFILLED_FILL)
            else:
                assert image.rgb(*corner) == (255, 255, 255)


def test_crossword_given_letters_black_filled_letters_blue(rasterise, fonts):
    instance = satpuzzle.load(PREFILLED_CROSSWORD)[0]
    solution = satpuzzle.solve(instance)
    assert solution[0][0] == "m"
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = crossword_picture.CELL

    def blue_pixels(r: int, c: int) -> int:
        return sum(1 for y in range(int(y0 + r * cell + 4), int(y0 + (r + 1) * cell - 4))
                   for x in range(int(x0 + c * cell + 4), int(x0 + (c + 1) * cell - 4))
                   if image.rgb(x, y)[2] > 150 and image.rgb(x, y)[0] < 100)

    assert blue_pixels(0, 0) == 0
    assert all(blue_pixels(r, c) > 5 for r, c in ((0, 1), (3, 3), (1, 0)))


# ---------------------------------------------------------------- Shikaku


def test_shikaku_rectangles_outlined_dark_and_filled_light(rasterise):
    instance = load(EXAMPLES["shikaku"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = shikaku_picture.CELL
    for index, p in enumerate(solution):
        left, top = x0 + p.left * cell, y0 + p.top * cell
        right, bottom = left + p.width * cell, top + p.height * cell
        middle_y = top + cell // 2 + (cell if p.height > 1 and p.clue[0] == p.top else 0)
        middle_x = left + cell // 2
        # the outline: dark on all four sides
        for x, y in ((left, middle_y), (right, middle_y), (middle_x, top), (middle_x, bottom)):
            assert image.dark(x, y), (index, p, x, y)
        # inside: light, the rectangle's own fill, and no dark pixel across a clue-free row
        if p.height > 1:
            row = [(x, middle_y) for x in range(int(left + 4), int(right - 3))]
            assert not any(image.dark(x, y) for x, y in row), (index, p)
            assert near(image.rgb(left + 6, middle_y), shikaku_picture.fill_colour(index))


# ---------------------------------------------------------------- Nurikabe


def test_nurikabe_sea_dark_islands_light_and_numbers_drawn(rasterise):
    instance = load(EXAMPLES["nurikabe"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = nurikabe_picture.CELL
    numbers = {(r, c) for r, c, _ in instance.clues}
    for r, row in enumerate(solution):
        for c, mark in enumerate(row):
            # a point inside the cell, off its centre where a number is drawn
            x, y = int(x0 + c * cell + 6), int(y0 + r * cell + 6)
            assert near(image.rgb(x, y), nurikabe_picture.SEA_COLOUR if mark == "#"
                        else "#ffffff", 8), (r, c, mark)
            centre = int(x0 + (c + 0.5) * cell), int(y0 + (r + 0.5) * cell)
            if (r, c) in numbers:
                assert any(image.dark(centre[0] + dx, centre[1] + dy)
                           for dx in range(-5, 6) for dy in range(-5, 6)), (r, c)
    # the puzzle alone: no sea drawn, every cell light
    bare = rasterise(render_svg(instance, None))
    x0, y0 = origin(instance, None)
    assert all(near(bare.rgb(int(x0 + c * cell + 6), int(y0 + r * cell + 6)), "#ffffff", 8)
               for r in range(instance.rows) for c in range(instance.cols))
    pretty = render_pretty(instance, solution)
    assert pretty.count("█") == 3 * sum(row.count("#") for row in solution)


# ---------------------------------------------------------------- Kakuro


def test_kakuro_blocks_grey_clues_split_and_digits_only_in_white_cells(rasterise, fonts):
    instance = load(EXAMPLES["kakuro"])
    solution = satpuzzle.solve(instance)
    x0, y0 = origin(instance, [solution])
    cell = kakuro_picture.CELL
    for drawn in (None, [solution]):
        image = rasterise(render_svg(instance, drawn))
        x0, y0 = origin(instance, drawn)
        for r, row in enumerate(instance.grid):
            for c, here in enumerate(row):
                left, top = x0 + c * cell, y0 + r * cell
                inside = [image.rgb(x, y) for y in range(int(top + 8), int(top + cell - 7))
                          for x in range(int(left + 8), int(left + cell - 7))]
                blue = sum(b > 120 and red < 100 for red, _, b in inside)
                if here is None:  # white, with its digit in blue when solved
                    assert near(image.rgb(left + 4, top + 4), "#ffffff"), (r, c)
                    assert (blue > 5) == (drawn is not None), (r, c)
                    continue
                assert near(image.rgb(left + 3, top + cell - 4), kakuro_picture.BLOCK_COLOUR)
                assert blue == 0
                if here != (None, None):  # the diagonal: light on the grey, corner to corner
                    mid = cell // 2
                    assert sum(image.rgb(left + mid, top + mid)) > 3 * 150, (r, c)


# ---------------------------------------------------------------- Hashi


def bridge_runs(image: Image, x0: float, y0: float, first, second) -> list[int]:
    """Dark runs met crossing the bridge between two islands halfway, perpendicularly."""
    cell = hashi_picture.CELL
    (r1, c1), (r2, c2) = first, second
    mx, my = x0 + (c1 + c2 + 1) * cell / 2, y0 + (r1 + r2 + 1) * cell / 2
    span = range(-cell // 2 + 3, cell // 2 - 2)
    if r1 == r2:
        return dark_runs(image, [(int(mx), int(my) + k) for k in span])
    return dark_runs(image, [(int(mx) + k, int(my)) for k in span])


def test_hashi_double_bridges_two_lines_single_bridges_one(rasterise):
    # a double bridge across, a single one down
    instance = HashiInstance(((2, 0, 3), (0, 0, 0), (0, 0, 1)))
    solution = satpuzzle.solve(instance)
    assert sorted(count for _, _, count in solution) == [1, 2]
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    for first, second, count in solution:
        assert len(bridge_runs(image, x0, y0, first, second)) == count


def test_hashi_published_puzzle_bridges_drawn_as_counted(rasterise):
    instance = load(EXAMPLES["hashi"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    counts = {1: 0, 2: 0}
    for first, second, count in solution:
        assert len(bridge_runs(image, x0, y0, first, second)) == count, (first, second)
        counts[count] += 1
    assert counts[1] and counts[2]
    # where no bridge is, nothing is drawn: islands next to each other without one
    bridged = {(a, b) for a, b, _ in solution}
    islands = [(r, c) for r, row in enumerate(instance.grid) for c, v in enumerate(row) if v]
    for r, c in islands:
        if (r, c + 1) in islands and ((r, c), (r, c + 1)) not in bridged:
            assert bridge_runs(image, x0, y0, (r, c), (r, c + 1)) == []


def test_hashi_islands_are_circles(rasterise):
    instance = load(EXAMPLES["hashi"])
    image = rasterise(render_svg(instance))
    x0, y0 = origin(instance, None)
    cell, radius = hashi_picture.CELL, hashi_picture.RADIUS
    for r, row in enumerate(instance.grid):
        for c, value in enumerate(row):
            cx, cy = x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell
            rim = image.dark(cx + radius, cy) and image.dark(cx, cy - radius)
            assert rim == bool(value), (r, c)


# ---------------------------------------------------------------- jigsaw


def triangle_samples(x: float, y: float) -> list[tuple[float, float]]:
    """A point inside each triangle (top, right, bottom, left), clear of labels and lines."""
    cell = jigsaw_picture.CELL
    quarter = cell // 4
    return [(x + quarter, y + 5), (x + cell - 5, y + quarter),
            (x + cell - quarter, y + cell - 5), (x + 5, y + cell - quarter)]


def test_jigsaw_triangles_carry_their_label_colour(rasterise):
    instance = load(EXAMPLES["jigsaw"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = jigsaw_picture.CELL
    labels_seen = set()
    for r, row in enumerate(solution):
        for c, (piece, turns) in enumerate(row):
            shown = rotated(instance.pieces[piece], turns)
            samples = triangle_samples(x0 + c * cell, y0 + r * cell)
            for (x, y), label in zip(samples, shown):
                assert near(image.rgb(x, y), jigsaw_picture.label_colour(label)), (r, c, label)
                labels_seen.add(label)
    assert len(labels_seen) >= 4
    # distinct labels, distinct colours
    colours = {jigsaw_picture.label_colour(label) for label in labels_seen}
    assert len(colours) == len(labels_seen)


def test_jigsaw_unsolved_shows_the_pieces_in_input_order(rasterise):
    instance = load("jigsaw/contour-3x4.puz")
    image = rasterise(render_svg(instance))
    x0, y0 = origin(instance, None)
    for index, piece in enumerate(instance.pieces):
        px, py = jigsaw_picture.piece_origin(instance, index)
        for (x, y), label in zip(triangle_samples(x0 + px, y0 + py), piece):
            assert near(image.rgb(x, y), jigsaw_picture.label_colour(label)), (index, label)


def test_jigsaw_contour_leaves_the_interior_empty(rasterise):
    instance = load("jigsaw/contour-3x4.puz")
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    cell = jigsaw_picture.CELL
    for r, row in enumerate(solution):
        for c, placement in enumerate(row):
            pixel = image.rgb(x0 + c * cell + cell // 4, y0 + r * cell + 5)
            if placement is None:
                assert near(pixel, jigsaw_picture.EMPTY_CELL_COLOUR)
            else:
                label = rotated(instance.pieces[placement[0]], placement[1])[0]
                assert near(pixel, jigsaw_picture.label_colour(label))


# ---------------------------------------------------------------- partition


def test_partition_rows_as_long_as_their_sums(rasterise):
    instance = load(EXAMPLES["partition"])
    solution = satpuzzle.solve(instance)
    image = rasterise(render_svg(instance, [solution]))
    x0, y0 = origin(instance, [solution])
    rows = partition_picture.parts(instance, solution)
    scale = partition_picture.bar_scale(instance, solution)
    for k, (name, indices) in enumerate(rows):
        y = y0 + k * (partition_picture.ROW + partition_picture.ROW_GAP) + 5
        end = x0 + partition_picture.LABEL_WIDTH + sum(
            instance.numbers[i] for i in indices) * scale
        last_shade = partition_picture.SHADES[name][(len(indices) - 1) % 2]
        assert near(image.rgb(end - 6, y), last_shade)  # the last number's bar up to the end
        assert image.rgb(end + 4, y) == (255, 255, 255)
        assert image.dark(end, y)  # its outline
    unsolved = rasterise(render_svg(instance))
    assert unsolved.height < image.height  # one row, not two


# ---------------------------------------------------------------- 1-in-3 SAT


def test_one_in_three_sat_true_literal_highlighted(rasterise):
    instance = load(EXAMPLES["one-in-three-sat"])
    for solution in satpuzzle.solutions(instance):
        image = rasterise(render_svg(instance, [solution]))
        x0, y0 = origin(instance, [solution])
        true_vars = set(solution)
        for number, clause in enumerate(instance.clauses):
            highlighted = []
            for position, literal in enumerate(clause):
                x, y = sat_picture.literal_box(instance, number, position)
                pixel = image.rgb(x0 + x + 5, y0 + y + 5)
                if near(pixel, sat_picture.TRUE_FILL):
                    highlighted.append(literal)
                else:
                    assert pixel == (255, 255, 255)
            value = [lit for lit in clause if (lit > 0) == (abs(lit) in true_vars)]
            assert highlighted == value and len(highlighted) == 1, (number, clause)


# ---------------------------------------------------------------- command line


def test_cli_solve_format_svg_stacks_the_solutions(capsys, rasterise):
    path = str(INSTANCES / EXAMPLES["crossword"])
    assert cli.main(["solve", path, "--format", "svg", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("<svg") == 1
    root = ET.fromstring(out.encode())
    captions = [t.text for t in root.iter(f"{SVG_NS}text") if t.text.startswith("solution")]
    assert captions == ["solution 1", "solution 2", "solution 3"]
    instance = load(EXAMPLES["crossword"])
    expected = render_svg(instance, list(satpuzzle.solutions(instance, limit=3)))
    assert out == expected
    rasterise(out)


def test_cli_solve_unique_svg_verdict_on_stderr(capsys):
    path = str(INSTANCES / EXAMPLES["sudoku"])
    assert cli.main(["solve", path, "--format", "svg", "--unique"]) == 0
    captured = capsys.readouterr()
    assert "unique" in captured.err and "unique" not in captured.out
    root = ET.fromstring(captured.out.encode())
    assert [t.text for t in root.iter(f"{SVG_NS}text") if t.text == "solution 1"]


def test_cli_svg_without_solution_draws_the_puzzle(capsys):
    path = str(INSTANCES / EXAMPLES["partition"])
    assert cli.main(["solve", path, "--index", "2", "--format", "svg"]) == 1
    out = capsys.readouterr().out
    texts = [t.text for t in ET.fromstring(out.encode()).iter(f"{SVG_NS}text")]
    assert "wikipedia 2 5" in texts and not any(t.startswith("solution") for t in texts)


def test_cli_pretty_draws_what_text_prints(capsys):
    path = str(INSTANCES / EXAMPLES["sudoku"])
    assert cli.main(["solve", path]) == 0
    plain = capsys.readouterr().out
    assert cli.main(["solve", path, "--pretty"]) == 0
    pretty = capsys.readouterr().out
    assert "┏" in pretty and "╋" in pretty
    assert re.findall(r"\d", pretty) == re.findall(r"\d", plain)
    instance = load(EXAMPLES["sudoku"])
    assert pretty.rstrip("\n") == render_pretty(instance, satpuzzle.solve(instance))


def test_cli_text_and_json_unchanged(capsys):
    path = str(INSTANCES / EXAMPLES["hashi"])
    instance = load(EXAMPLES["hashi"])
    module = satpuzzle.kinds.registry.kind("hashi")
    solution = satpuzzle.solve(instance)
    assert cli.main(["solve", path]) == 0
    assert capsys.readouterr().out.rstrip("\n") == module.render_text(instance, solution)
    assert cli.main(["solve", path, "--format", "json"]) == 0
    assert '"solutions"' in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["--pretty", "--format", "json"], "--pretty draws text"),
    (["--format", "svg", "--count"], "--format svg draws solutions"),
])
def test_cli_refuses_what_pictures_cannot_do(capsys, argv, message):
    assert cli.main(["solve", str(INSTANCES / EXAMPLES["sudoku"]), *argv]) == 2
    assert message in capsys.readouterr().err


def test_cli_refuses_svg_of_several_puzzles(capsys):
    assert cli.main(["solve", str(INSTANCES / EXAMPLES["partition"]), "--format", "svg"]) == 2
    assert "--index K" in capsys.readouterr().err
    batch = str(INSTANCES / "sudoku/hard-batch.txt")
    assert cli.main(["solve", batch, "--pretty"]) == 2
    assert "one line each" in capsys.readouterr().err


def test_cli_decode_pretty_and_svg(capsys, tmp_path):
    path = str(INSTANCES / EXAMPLES["hashi"])
    instance = load(EXAMPLES["hashi"])
    formula = satpuzzle.compile(instance)
    names = {name: var for var, name in formula.names.items()}
    solution = satpuzzle.solve(instance)
    true_names = set()
    for (r1, c1), (r2, c2), count in solution:
        for k in range(1, count + 1):
            true_names.add(("bridge", r1 + 1, c1 + 1, r2 + 1, c2 + 1, k))
    assert true_names <= set(names), "bridge variable names changed"
    # a model of the whole formula: the solution's bridges, the auxiliaries by the solver
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=list(formula.all_clauses())) as solver:
        assumptions = [names[n] if n in true_names else -names[n]
                       for n in names if n[0] == "bridge"]
        assert solver.solve(assumptions=assumptions)
        model = solver.get_model()
    model_file = tmp_path / "model.txt"
    model_file.write_text("SAT\n" + " ".join(map(str, model)) + " 0\n")
    assert cli.main(["decode", path, str(model_file), "--pretty"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == render_pretty(instance, solution)
    assert cli.main(["decode", path, str(model_file), "--format", "svg"]) == 0
    assert capsys.readouterr().out == render_svg(instance, [solution])
