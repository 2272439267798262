"""A synthetic jigsaw cutter: a rectangle cut into rows × cols pieces with random tabs, the
pieces scattered and turned, their outlines jittered, as a scan or a cut generator would give
them. The ground truth (each piece's row, column and turn) comes with them, so that reading
outlines back (satpuzzle.kinds.jigsaw.outlines) can be measured (docs/BENCHMARKS.md).

Every interior side has its own shape: one bump (a head on a neck, four cubic Béziers) at a
random position along the side, of random width, height and neck; the two pieces sharing the
side get the same curve, one as a tab and the other as a blank. Border sides are straight.
Units: a piece is 1 × 1 before scaling; noise is the standard deviation of the jitter of
every outline point, in piece sizes (0.01 = 1 % of a piece).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError

Points = npt.NDArray[np.float64]  # n × 2, x right and y down (as SVG and images)

MAX_CUT_PIECES = 2500  # 50 × 50: outlines of a few hundred points each
SPACING = 0.02  # between the points of straight parts, in piece sizes
BEZIER_POINTS = 16  # points sampled on each cubic Bézier of a bump

# A bump on a side from (-1, 0) to (1, 0), height 1 (y towards the tab): shoulder, left half
# of the head, right half, shoulder; each a cubic Bézier (start, control, control, end). The
# neck (x = ±0.35) is narrower than the head (about ±0.55): a blank holds its tab.
BUMP = ((( -1.0, 0.0), (-0.3, 0.0), (-0.15, 0.15), (-0.35, 0.35)),
        ((-0.35, 0.35), (-0.6, 0.6), (-0.7, 1.0), (0.0, 1.0)),
        ((0.0, 1.0), (0.7, 1.0), (0.6, 0.6), (0.35, 0.35)),
        ((0.35, 0.35), (0.15, 0.15), (0.3, 0.0), (1.0, 0.0)))


@dataclass(frozen=True)
class Cut:
    """Scattered pieces and their truth: piece i (in `outlines` order) is the piece cut at
    `cells[i]` = (row, col), turned clockwise by `angles[i]` degrees and moved."""

    rows: int
    cols: int
    outlines: tuple[Points, ...]
    cells: tuple[tuple[int, int], ...]
    angles: tuple[float, ...]
    scale: float  # output units per piece size

    def truth_json(self) -> str:
        """The truth as JSON: board size and, per piece in output order, row, col and the
        turn in degrees clockwise."""
        pieces = [{"row": r, "col": c, "rotation": round(a, 3)}
                  for (r, c), a in zip(self.cells, self.angles)]
        return json.dumps({"rows": self.rows, "cols": self.cols, "pieces": pieces}) + "\n"

    def svg(self) -> str:
        """One closed black <path> per piece."""
        width, height = _extent(self.outlines)
        paths = "\n".join(f'<path d="{path_data(points)}" fill="#000000"/>'
                          for points in self.outlines)
        return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/'
                f'svg" width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} '
                f'{height:.0f}">\n{paths}\n</svg>\n')

    def points_json(self) -> str:
        """The outlines as JSON: {"outlines": [[[x, y], ...], ...]} (outlines.read_json)."""
        pieces = [[[round(float(x), 3), round(float(y), 3)] for x, y in points]
                  for points in self.outlines]
        return json.dumps({"outlines": pieces}) + "\n"

    def png(self) -> bytes:
        """Black pieces on white, one pixel a unit (Pillow)."""
        import io

        from PIL import Image, ImageDraw

        width, height = _extent(self.outlines)
        image = Image.new("L", (math.ceil(width), math.ceil(height)), 255)
        draw = ImageDraw.Draw(image)
        for points in self.outlines:
            draw.polygon([(float(x), float(y)) for x, y in points], fill=0)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()


def path_data(points: Points) -> str:
    """A closed polyline as SVG path data."""
    head = f"M{points[0, 0]:.2f} {points[0, 1]:.2f}"
    return head + "".join(f"L{x:.2f} {y:.2f}" for x, y in points[1:]) + "Z"


def _extent(outlines: tuple[Points, ...]) -> tuple[float, float]:
    corner = np.max([points.max(axis=0) for points in outlines], axis=0)
    return float(corner[0]) + 10, float(corner[1]) + 10


def cut(rows: int, cols: int, *, seed: int = 0, noise: float = 0.0,
        scale: float = 100.0) -> Cut:
    """The pieces of a rows × cols cut, scattered on a grid twice as spaced, each turned by a
    random angle, every outline point jittered by Gaussian noise of `noise` piece sizes."""
    if rows < 1 or cols < 1 or rows * cols > MAX_CUT_PIECES:
        raise InputError(f"cannot cut a {rows}×{cols} jigsaw: 1 to {MAX_CUT_PIECES} pieces")
    if not 0 <= noise <= 0.2:
        raise InputError(f"--noise {noise}: expected 0 to 0.2 (a fraction of a piece)")
    rng = random.Random(seed)
    gauss = np.random.default_rng(seed)
    across = [[_side(rng) for _ in range(cols)] for _ in range(rows - 1)]  # below row r
    down = [[_side(rng) for _ in range(cols - 1)] for _ in range(rows)]  # right of col c
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    per_row = math.ceil(math.sqrt(len(order)))
    outlines, angles = [], []
    for index, (r, c) in enumerate(order):
        outline = _piece(r, c, rows, cols, across, down)
        angle = rng.uniform(0.0, 360.0)
        centre = np.array([c + 0.5, r + 0.5])
        turn = math.radians(angle)
        rotation = np.array([[math.cos(turn), -math.sin(turn)],
                             [math.sin(turn), math.cos(turn)]])  # clockwise on screen
        slot = np.array([(index % per_row) * 2.0 + 1.2, (index // per_row) * 2.0 + 1.2])
        placed = (outline - centre) @ rotation.T + slot
        if noise:
            placed = placed + gauss.normal(0.0, noise, placed.shape)
        outlines.append(placed * scale)
        angles.append(angle)
    return Cut(rows, cols, tuple(outlines), tuple(order), tuple(angles), scale)


def _side(rng: random.Random) -> Points:
    """A random interior side from (0, 0) to (1, 0), bump towards +y (the tab's side) or
    -y, as sampled points."""
    centre = rng.uniform(0.44, 0.56)
    width = rng.uniform(0.18, 0.24)  # half the bump's base
    height = rng.uniform(0.2, 0.28) * (1 if rng.random() < 0.5 else -1)
    neck = rng.uniform(0.75, 1.15)  # narrower or wider necks
    curve = []
    for segment in BUMP:
        control = np.array([(x * neck if abs(x) <= 0.35 else x, y) for x, y in segment])
        t = np.linspace(0.0, 1.0, BEZIER_POINTS, endpoint=False)[:, None]
        curve.append(((1 - t) ** 3) * control[0] + 3 * ((1 - t) ** 2) * t * control[1]
                     + 3 * (1 - t) * t * t * control[2] + t ** 3 * control[3])
    bump = np.vstack(curve) * np.array([width, height]) + np.array([centre, 0.0])
    start, end = centre - width, centre + width
    before = np.column_stack([np.linspace(0.0, start, _count(start), endpoint=False),
                              np.zeros(_count(start))])
    after = np.column_stack([np.linspace(end, 1.0, _count(1.0 - end) + 1),
                             np.zeros(_count(1.0 - end) + 1)])
    return np.vstack([before, bump, after])


def _count(length: float) -> int:
    return max(1, round(length / SPACING))


def _straight() -> Points:
    return np.column_stack([np.linspace(0.0, 1.0, _count(1.0) + 1), np.zeros(_count(1.0) + 1)])


def _piece(r: int, c: int, rows: int, cols: int, across: list[list[Points]],
           down: list[list[Points]]) -> Points:
    """The outline of the piece cut at (r, c), clockwise on screen from its top-left corner:
    top, right, bottom, left side, each without its last point (the next side's first)."""
    def place(curve: Points, origin: tuple[int, int], vertical: bool,
              backwards: bool) -> Points:
        points = (curve[:, ::-1] if vertical else curve) + np.array(origin, dtype=float)
        return (points[::-1] if backwards else points)[:-1]

    top = place(across[r - 1][c] if r else _straight(), (c, r), False, False)
    right = place(down[r][c] if c < cols - 1 else _straight(), (c + 1, r), True, False)
    bottom = place(across[r][c] if r < rows - 1 else _straight(), (c, r + 1), False, True)
    left = place(down[r][c - 1] if c else _straight(), (c, r), True, True)
    return np.vstack([top, right, bottom, left])


def neighbour_accuracy(cut_: Cut, board: list[list[int | None]]) -> float:
    """The share of the cut's neighbour pairs (a piece and the one right of it or below it)
    that a solved `board` (piece index per cell) has side by side the same way, the board
    taken in its best whole-board turn."""
    where = {piece: (r, c) for r, row in enumerate(board) for c, piece in enumerate(row)
             if piece is not None}
    index = {cell: i for i, cell in enumerate(cut_.cells)}
    pairs = [(index[(r, c)], index[(r + dr, c + dc)], (dr, dc))
             for r, c in cut_.cells for dr, dc in ((0, 1), (1, 0))
             if (r + dr, c + dc) in index]
    if not pairs:
        return 1.0
    best = 0
    for turns in range(4):
        right = 0
        for a, b, (dr, dc) in pairs:
            for _ in range(turns):
                dr, dc = dc, -dr
            if a in where and b in where and (where[b][0] - where[a][0],
                                              where[b][1] - where[a][1]) == (dr, dc):
                right += 1
        best = max(best, right)
    return best / len(pairs)


Edge = tuple[str, int, int]  # ("h", r, c): below cell (r, c); ("v", r, c): right of it


def side_edges(cut_: Cut, piece: int, corners: Points) -> list[Edge | None]:
    """The true edge of each side of a piece as read (side i from corners[i] to corners[i +
    1]): the cut's edge it lies on, None on the border. The piece is the cut's `piece`
    (same order as `outlines`)."""
    r, c = cut_.cells[piece]
    turn = math.radians(cut_.angles[piece])
    back = np.array([[math.cos(turn), math.sin(turn)], [-math.sin(turn), math.cos(turn)]])
    centre = corners.mean(axis=0)
    edges: list[Edge | None] = []
    for i in range(4):
        middle = (corners[i] + corners[(i + 1) % 4]) / 2 - centre
        x, y = back @ middle
        if abs(x) > abs(y):
            edge: Edge = ("v", r, c) if x > 0 else ("v", r, c - 1)
        else:
            edge = ("h", r, c) if y > 0 else ("h", r - 1, c)
        inside = (0 <= edge[1] < cut_.rows - (edge[0] == "h")
                  and 0 <= edge[2] < cut_.cols - (edge[0] == "v"))
        edges.append(edge if inside else None)
    return edges


def matched(cut_: Cut, outlines: list[Points]) -> list[int]:
    """For each outline read back (in any order), the cut piece whose outline's centre is
    nearest."""
    centres = np.array([points.mean(axis=0) for points in cut_.outlines])
    return [int(np.argmin(np.linalg.norm(centres - points.mean(axis=0), axis=1)))
            for points in outlines]
