"""Jigsaw pieces cut OUTSIDE satpuzzle, to judge its outline reading on shapes it was not tuned
to (docs/benchmarks/DETAILS.md, "Pieces cut elsewhere"). Nothing here comes from satpuzzle's
own cutter: the tab families follow published descriptions of other generators.

Families (every interior edge its own random shape; a tab on one piece is the blank of its
neighbour; border sides straight):

- ``bezier``: as Draradech's browser jigsaw generator (and the Inkscape extension derived
  from it) describes its edges: each interior edge a chain of three cubic Béziers through ten
  points given as fractions of the side, a tab of size ``tab`` (20 % of the piece by default:
  head half-width 2t, height 3t, neck half-width t, with t = tab / 2), every point along and
  across the side moved by a uniform jitter of up to ``jitter`` (4 % by default), the edge
  leaving one grid vertex on the line the previous edge of the same cut line arrived on
  (smooth cut lines). Written as ``C`` commands, as laser-cut files are.
- ``ball``: a round head, a circular arc of about 250-300 degrees, on a straight narrow neck
  (half the head's width or less), with rounded shoulders, placed off centre (0.32 to 0.68 of
  the side): the "ball" tabs of many die-cut and laser-cut puzzles. Written with each arc as
  cubic Béziers, or with ``A`` commands (``arcs=True``), as SVG editors write circles.
- ``dovetail``: a trapezoid tab wider at its head than at its base, straight lines only,
  off centre.

Pieces are scattered on a grid 2.2 piece sizes apart and turned by a random angle (or a
quarter turn, or not at all); outline noise is Gaussian, its standard deviation a share of a
piece's size, added to every point of the outline sampled every 0.01 piece (the SVG is then
a polyline, as a tracing of a scan is). The picture is dark pieces on a white page, drawn at
4 times the size and reduced (grey, anti-aliased borders). A cut whose tabs are so large that
a piece's outline crosses itself is refused (ball tabs above about 0.2, dovetails from about 0.25, three-Bézier tabs from about 0.3).

    python -m benchmarks.outside_cutters cut --family ball --size 4x4 --seed 1 --out DIR
    python -m benchmarks.outside_cutters measure [--families bezier,ball] [--sizes 4,6,10]
        [--noises 0,0.0025,0.005,0.01] [--seeds 3] [--sources svg,png] [--timeout 60]
    python -m benchmarks.outside_cutters cut --size 6x6 --cut-lines rows --radius 0.1
    python -m benchmarks.outside_cutters measure-lines [--sizes 4,6,10,15]
        [--noises 0,0.002] [--layouts rows,edges] [--radius 0.1] [--seeds 3]

Cut-line files (``--cut-lines``, ``measure-lines``): the same cut, in place, written as a
cutting plotter's file is and as Draradech's generator writes it: each horizontal cut line
one open <path> of cubic Béziers across the whole width, each vertical one down the whole
height (``rows``), or one open path per interior edge (``edges``), and the frame a <rect>
(``--radius``: its corners rounded, ``rx``). With noise, each line is a polyline of points
every 0.01 piece moved by Gaussian noise, its two ends kept (on the frame or on a vertex of
the grid, so that the lines still meet). Pieces are in place: the truth is the identity
(piece k, in reading order of the cells, at row k // cols, column k % cols, not turned);
``measure-lines`` checks the first board against it up to a turn of the whole board.

`measure` writes each cut to a temporary folder, runs ``satpuzzle solve FILE --format json``
on it as a user would (a whole process) and checks the board against the truth: perfect (every
neighbour pair in place, up to a turn of the whole board) and the share of neighbour pairs in
place (0 when no board came out)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import mean

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
FAMILIES = ("bezier", "ball", "dovetail")
SPACING = 0.01  # outline points for noise and pictures, in piece sizes
SLOT = 2.2  # scatter grid, in piece sizes: a turned piece with its tabs fits in 2
SUPERSAMPLE = 4
MARGIN = 0.5  # a cut-line file's page margin around the frame, in piece sizes


# Contours: a start point and segments, each ending where the next starts.
@dataclass(frozen=True)
class Line:
    end: Array


@dataclass(frozen=True)
class Cubic:
    first: Array
    second: Array
    end: Array


@dataclass(frozen=True)
class Arc:
    """A circular arc about `centre` from angle `start` turning by `sweep` radians (angles
    as atan2(y, x) in the path's own coordinates)."""

    centre: Array
    radius: float
    start: float
    sweep: float

    @property
    def end(self) -> Array:
        angle = self.start + self.sweep
        return self.centre + self.radius * np.array([math.cos(angle), math.sin(angle)])


Segment = Line | Cubic | Arc


@dataclass(frozen=True)
class Contour:
    start: Array
    segments: tuple[Segment, ...]

    def mapped(self, matrix: Array, shift: Array) -> Contour:
        """The path under x -> matrix @ x + shift, matrix a similarity (turn, scale, and maybe
        a mirror)."""
        def point(p: Array) -> Array:
            return matrix @ p + shift

        scale = math.sqrt(abs(float(np.linalg.det(matrix))))
        mirror = float(np.linalg.det(matrix)) < 0
        moved: list[Segment] = []
        for segment in self.segments:
            if isinstance(segment, Line):
                moved.append(Line(point(segment.end)))
            elif isinstance(segment, Cubic):
                moved.append(Cubic(point(segment.first), point(segment.second),
                                   point(segment.end)))
            else:
                towards = matrix @ np.array([math.cos(segment.start), math.sin(segment.start)])
                moved.append(Arc(point(segment.centre), segment.radius * scale,
                                 math.atan2(towards[1], towards[0]),
                                 -segment.sweep if mirror else segment.sweep))
        return Contour(point(self.start), tuple(moved))

    def reversed(self) -> Contour:
        starts = [self.start] + [segment.end for segment in self.segments[:-1]]
        back: list[Segment] = []
        for segment, begin in zip(reversed(self.segments), reversed(starts)):
            if isinstance(segment, Line):
                back.append(Line(begin))
            elif isinstance(segment, Cubic):
                back.append(Cubic(segment.second, segment.first, begin))
            else:
                back.append(Arc(segment.centre, segment.radius, segment.start + segment.sweep,
                                -segment.sweep))
        return Contour(self.segments[-1].end, tuple(back))

    def points(self, spacing: float) -> Array:
        """Points along the path about `spacing` apart, the start included, the end not
        (a closed path's end is its start)."""
        out = [self.start[None, :]]
        begin = self.start
        for segment in self.segments:
            if isinstance(segment, Line):
                n = max(1, math.ceil(float(np.linalg.norm(segment.end - begin)) / spacing))
                t = np.linspace(0.0, 1.0, n + 1)[1:, None]
                out.append(begin + t * (segment.end - begin))
            elif isinstance(segment, Cubic):
                polygon = (np.linalg.norm(segment.first - begin)
                           + np.linalg.norm(segment.second - segment.first)
                           + np.linalg.norm(segment.end - segment.second))
                n = max(2, math.ceil(float(polygon) / spacing))
                t = np.linspace(0.0, 1.0, n + 1)[1:, None]
                out.append((1 - t) ** 3 * begin + 3 * (1 - t) ** 2 * t * segment.first
                           + 3 * (1 - t) * t ** 2 * segment.second + t ** 3 * segment.end)
            else:
                n = max(2, math.ceil(abs(segment.sweep) * segment.radius / spacing))
                angles = segment.start + segment.sweep * np.linspace(0.0, 1.0, n + 1)[1:]
                out.append(segment.centre + segment.radius
                           * np.column_stack([np.cos(angles), np.sin(angles)]))
            begin = segment.end
        return np.vstack(out)[:-1]

    def svg_data(self, arcs: bool, digits: int = 3) -> str:
        """Absolute path data, closed; arcs as A commands or as cubic Béziers (quarter
        circles at most, the usual 4/3 tan(θ/4) handles)."""
        def f(p: Array) -> str:
            return f"{p[0]:.{digits}f} {p[1]:.{digits}f}"

        parts = [f"M{f(self.start)}"]
        for segment in self.segments:
            if isinstance(segment, Line):
                parts.append(f"L{f(segment.end)}")
            elif isinstance(segment, Cubic):
                parts.append(f"C{f(segment.first)} {f(segment.second)} {f(segment.end)}")
            elif arcs:
                large = int(abs(segment.sweep) > math.pi)
                sweep = int(segment.sweep > 0)  # y down: a positive turn is clockwise
                r = f"{segment.radius:.{digits}f}"
                parts.append(f"A{r} {r} 0 {large} {sweep} {f(segment.end)}")
            else:
                pieces = max(1, math.ceil(abs(segment.sweep) / (math.pi / 2) - 1e-9))
                step = segment.sweep / pieces
                handle = 4 / 3 * math.tan(step / 4) * segment.radius
                for k in range(pieces):
                    a0, a1 = segment.start + k * step, segment.start + (k + 1) * step
                    p0 = segment.centre + segment.radius * np.array([math.cos(a0), math.sin(a0)])
                    p1 = segment.centre + segment.radius * np.array([math.cos(a1), math.sin(a1)])
                    c0 = p0 + handle * np.array([-math.sin(a0), math.cos(a0)])
                    c1 = p1 - handle * np.array([-math.sin(a1), math.cos(a1)])
                    parts.append(f"C{f(c0)} {f(c1)} {f(p1)}")
        return "".join(parts) + "Z"


def crossings(points: Array) -> int:
    """How many pairs of non-adjacent segments of a closed polyline cross: a piece whose
    tabs or blanks run into each other (a tab too large for its family) crosses itself."""
    start, step = points, np.roll(points, -1, axis=0) - points

    def cross(u: Array, v: Array) -> Array:
        return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]

    gap = start[None, :, :] - start[:, None, :]
    den = cross(step[:, None, :], step[None, :, :])
    with np.errstate(divide="ignore", invalid="ignore"):
        t = cross(gap, step[None, :, :]) / den
        u = cross(gap, step[:, None, :]) / den
    inner = 1e-9
    hit = (den != 0) & (t > inner) & (t < 1 - inner) & (u > inner) & (u < 1 - inner)
    index = np.arange(len(points))
    apart = np.abs(index[:, None] - index[None, :])
    return int((hit & (apart > 1) & (apart < len(points) - 1)).sum()) // 2


def _concat(paths: list[Contour]) -> Contour:
    return Contour(paths[0].start, tuple(s for path in paths for s in path.segments))


def _p(x: float, y: float) -> Array:
    return np.array([x, y], dtype=float)


# Edges, in the edge's own frame: from (0, 0) to (1, 0), a tab towards +y.
@dataclass
class BezierEdges:
    """Draradech's three-Bézier edge: ten points as fractions of the side, t = tab / 2;
    `carry` keeps a cut line smooth through grid vertices (the next edge's first handle on
    the line the previous edge's last handle came in on)."""

    rng: random.Random
    tab: float = 0.20
    jitter: float = 0.04
    carry: float | None = None  # across-offset of the previous edge's last handle, world sign
    straight_ends: bool = False  # a diagnosis: end handles on the chord (no slope at corners)

    def new_line(self) -> None:
        self.carry = None

    def edge(self) -> tuple[Contour, float]:
        t, j = self.tab / 2, self.jitter
        def u() -> float:
            return self.rng.uniform(-j, j)

        side = 1.0 if self.rng.random() < 0.5 else -1.0
        a = u() if self.carry is None else -self.carry * side
        b, c, d, e = u(), u(), u(), u()
        if self.straight_ends:
            a = e = 0.0
        self.carry = e * side
        points = [_p(0.2, a), _p(0.5 + b + d, -t + c), _p(0.5 - t + b, t + c),
                  _p(0.5 - 2 * t + b - d, 3 * t + c), _p(0.5 + 2 * t + b - d, 3 * t + c),
                  _p(0.5 + t + b, t + c), _p(0.5 + b + d, -t + c), _p(0.8, e), _p(1.0, 0.0)]
        segments = tuple(Cubic(*points[k:k + 3]) for k in (0, 3, 6))
        return Contour(_p(0.0, 0.0), segments), side


@dataclass
class BallEdges:
    """A round head (a circular arc) on a straight neck with rounded shoulders, off
    centre."""

    rng: random.Random
    tab: float = 0.20  # the head's diameter, in piece sizes (scaled by 0.85-1.15)
    jitter: float = 0.04  # unused: the shape's own parameters vary instead

    def new_line(self) -> None:
        pass

    def edge(self) -> tuple[Contour, float]:
        rng = self.rng
        radius = self.tab / 2 * rng.uniform(0.85, 1.15)
        centre = rng.uniform(0.35, 0.65)
        neck = radius * rng.uniform(0.45, 0.65)  # half the neck's width
        fillet = rng.uniform(0.015, 0.025)
        rise = math.sqrt(radius ** 2 - neck ** 2)  # from the head's centre down to the neck
        head = fillet + rng.uniform(0.01, 0.04) + rise  # height of the head's centre
        left, right = centre - neck, centre + neck
        segments: tuple[Segment, ...] = (
            Line(_p(left - fillet, 0.0)),
            Arc(_p(left - fillet, fillet), fillet, -math.pi / 2, math.pi / 2),
            Line(_p(left, head - rise)),
            _head_arc(centre, head, radius, neck, rise),
            Line(_p(right, fillet)),
            Arc(_p(right + fillet, fillet), fillet, math.pi, math.pi / 2),
            Line(_p(1.0, 0.0)),
        )
        side = 1.0 if rng.random() < 0.5 else -1.0
        return Contour(_p(0.0, 0.0), segments), side


def _head_arc(centre: float, head: float, radius: float, neck: float, rise: float) -> Arc:
    """From the neck's left line where it meets the circle (below the centre, to the left),
    round the top (+y side, away from the edge), to the neck's right line."""
    start = math.atan2(-rise, -neck)  # lower left of the circle (y towards the edge)
    end = math.atan2(-rise, neck)  # lower right
    # the long way, through angle pi/2 (+y): decreasing angles
    sweep = -((start - end) % (2 * math.pi))
    return Arc(_p(centre, head), radius, start, sweep)


@dataclass
class DovetailEdges:
    """A trapezoid tab, its head wider than its base, off centre; lines only."""

    rng: random.Random
    tab: float = 0.20
    jitter: float = 0.04

    def new_line(self) -> None:
        pass

    def edge(self) -> tuple[Contour, float]:
        rng = self.rng
        centre = rng.uniform(0.35, 0.65)
        base = self.tab / 2 * rng.uniform(0.6, 0.9)
        top = base + rng.uniform(0.03, 0.06)
        height = self.tab * rng.uniform(0.9, 1.2)
        lean = rng.uniform(-0.02, 0.02)
        points = [(centre - base, 0.0), (centre - top + lean, height),
                  (centre + top + lean, height), (centre + base, 0.0), (1.0, 0.0)]
        side = 1.0 if rng.random() < 0.5 else -1.0
        return Contour(_p(0.0, 0.0), tuple(Line(_p(x, y)) for x, y in points)), side


EdgeMaker = BezierEdges | BallEdges | DovetailEdges


def _straight() -> Contour:
    return Contour(_p(0.0, 0.0), (Line(_p(1.0, 0.0)),))


@dataclass(frozen=True)
class OutsideCut:
    """Scattered pieces and their truth: piece i (document order) was cut at cells[i] =
    (row, col) and turned clockwise on screen by angles[i] degrees, then moved."""

    rows: int
    cols: int
    family: str
    paths: tuple[Contour, ...]  # in output units, before noise
    outlines: tuple[Array, ...]  # sampled, noise added
    cells: tuple[tuple[int, int], ...]
    angles: tuple[float, ...]
    piece: float  # output units per piece
    noisy: bool
    # the cut in place, in piece units: below[r][c] the edge under cell (r, c), left to
    # right; right[r][c] the edge right of it, top down (for cut-line files)
    below: tuple[tuple[Contour, ...], ...] = ()
    right: tuple[tuple[Contour, ...], ...] = ()

    def truth_json(self) -> str:
        """As satpuzzle's own cut writes its truth (benchmarks/jigsaw_outlines.py checks by
        cells): rows, cols, per piece in document order row, col, rotation (degrees
        clockwise)."""
        pieces = [{"row": r, "col": c, "rotation": round(a, 3)}
                  for (r, c), a in zip(self.cells, self.angles)]
        return json.dumps({"rows": self.rows, "cols": self.cols, "family": self.family,
                           "pieces": pieces}) + "\n"

    def extent(self) -> tuple[float, float]:
        corner = np.max([points.max(axis=0) for points in self.outlines], axis=0)
        return float(corner[0]) + self.piece, float(corner[1]) + self.piece

    def svg(self, arcs: bool = False) -> str:
        """One closed black <path> per piece: curve commands when clean, a polyline of the
        jittered points when noisy."""
        width, height = self.extent()
        if self.noisy:
            data = ["M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in points) + "Z"
                    for points in self.outlines]
        else:
            data = [path.svg_data(arcs) for path in self.paths]
        body = "\n".join(f'  <path d="{d}" fill="none" stroke="#000" stroke-width="0.1"/>'
                         for d in data)
        return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/'
                f'svg" width="{width:.1f}mm" height="{height:.1f}mm" viewBox="0 0 {width:.1f} '
                f'{height:.1f}">\n{body}\n</svg>\n')

    def png(self, pixels: int = 80) -> bytes:
        """Dark pieces (grey 30) on a white page (245), `pixels` a piece, anti-aliased."""
        from PIL import Image, ImageDraw

        factor = pixels / self.piece
        width, height = self.extent()
        big = SUPERSAMPLE * factor
        image = Image.new("L", (math.ceil(width * big), math.ceil(height * big)), 245)
        draw = ImageDraw.Draw(image)
        for points in self.outlines:
            draw.polygon([(float(x) * big, float(y) * big) for x, y in points], fill=30)
        image = image.resize((math.ceil(width * factor), math.ceil(height * factor)),
                             Image.Resampling.BOX)
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    def points_json(self) -> str:
        return json.dumps({"outlines": [[[round(float(x), 3), round(float(y), 3)]
                                         for x, y in points] for points in self.outlines]})

    def cut_lines(self, per_edge: bool = False) -> list[Contour]:
        """The cut in place as its lines, in output units (MARGIN pieces in from the page's
        corner): one open contour per horizontal cut across the whole width, then one per
        vertical cut down the whole height, as Draradech's generator writes them; or one per
        interior edge (`per_edge`), rows' edges first."""
        scale, shift = np.eye(2) * self.piece, _p(MARGIN, MARGIN) * self.piece
        across = [[edge.mapped(scale, shift) for edge in line] for line in self.below]
        down = [[self.right[r][c].mapped(scale, shift) for r in range(self.rows)]
                for c in range(self.cols - 1)]
        if per_edge:
            return [edge for line in across + down for edge in line]
        return [_concat(line) for line in across + down]

    def cut_lines_svg(self, per_edge: bool = False, radius: float = 0.0, noise: float = 0.0,
                      seed: int = 0) -> str:
        """The cut as a cutting plotter's file: its lines (`cut_lines`), each an open <path>
        of cubic Béziers, and the frame a <rect> (corners rounded `radius` pieces, as `rx`).
        With `noise`: each line a polyline of points every 0.01 piece, all but its two ends
        moved by Gaussian noise of that share of a piece (the ends stay on the frame or on
        the grid's vertices, so that the lines still meet)."""
        lines = self.cut_lines(per_edge)
        if noise:
            gauss = np.random.default_rng(seed + 104729)
            data = []
            for line in lines:
                points = np.vstack([line.points(SPACING * self.piece),
                                    line.segments[-1].end[None, :]])
                points[1:-1] += gauss.normal(0.0, noise * self.piece, points[1:-1].shape)
                data.append("M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in points))
        else:
            data = [line.svg_data(False).removesuffix("Z") for line in lines]
        width, height = self.cols * self.piece, self.rows * self.piece
        at = MARGIN * self.piece
        rounded = f' rx="{radius * self.piece:.3f}"' if radius else ""
        stroke = 'fill="none" stroke="#000" stroke-width="0.1"'
        body = "\n".join(f'  <path d="{d}" {stroke}/>' for d in data)
        page_w, page_h = width + 2 * at, height + 2 * at
        return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/'
                f'svg" width="{page_w:.1f}mm" height="{page_h:.1f}mm" viewBox="0 0 '
                f'{page_w:.1f} {page_h:.1f}">\n{body}\n  <rect x="{at:.3f}" y="{at:.3f}" '
                f'width="{width:.3f}" height="{height:.3f}"{rounded} {stroke}/>\n</svg>\n')

    def in_place_truth_json(self) -> str:
        """The truth of a cut-line file: the identity (piece k, in reading order of the
        cells, at row k // cols, column k % cols, not turned)."""
        pieces = [{"row": r, "col": c, "rotation": 0} for r in range(self.rows)
                  for c in range(self.cols)]
        return json.dumps({"rows": self.rows, "cols": self.cols, "family": self.family,
                           "in_place": True, "pieces": pieces}) + "\n"


def cut(rows: int, cols: int, family: str = "bezier", *, seed: int = 0, noise: float = 0.0,
        tab: float = 0.20, jitter: float = 0.04, piece: float = 20.0,
        turn: str = "any", straight_ends: bool = False) -> OutsideCut:
    """A rows × cols cut of `family`, scattered and turned (`turn`: any angle, quarter
    turns, or none), every outline point jittered by `noise` piece sizes. `straight_ends`
    (bezier family only): every edge leaves its corners along the side, the first and last
    handles not jittered across it (a diagnosis, not the generator's own edges)."""
    rng = random.Random(f"{family}-{seed}")
    gauss = np.random.default_rng(seed + 7919)
    maker: EdgeMaker
    if family == "bezier":
        maker = BezierEdges(rng, tab, jitter, straight_ends=straight_ends)
    elif family == "ball":
        maker = BallEdges(rng, tab, jitter)
    elif family == "dovetail":
        maker = DovetailEdges(rng, tab, jitter)
    else:
        raise ValueError(f"family {family!r}: expected one of {', '.join(FAMILIES)}")
    # horizontal cut lines: below row r, left to right; vertical: right of col c, top down
    below: list[list[Contour]] = []
    for r in range(rows - 1):
        maker.new_line()
        line = []
        for c in range(cols):
            shape, side = maker.edge()
            line.append(shape.mapped(np.array([[1.0, 0.0], [0.0, side]]), _p(c, r + 1)))
        below.append(line)
    right: list[list[Contour]] = [[] for _ in range(rows)]
    for c in range(cols - 1):
        maker.new_line()
        for r in range(rows):
            shape, side = maker.edge()
            right[r].append(shape.mapped(np.array([[0.0, side], [1.0, 0.0]]), _p(c + 1, r)))

    def straight(x0: float, y0: float, x1: float, y1: float) -> Contour:
        return Contour(_p(x0, y0), (Line(_p(x1, y1)),))

    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    per_row = math.ceil(math.sqrt(len(order)))
    paths, outlines, angles = [], [], []
    for index, (r, c) in enumerate(order):
        top = below[r - 1][c] if r else straight(c, r, c + 1, r)
        east = right[r][c] if c < cols - 1 else straight(c + 1, r, c + 1, r + 1)
        bottom = (below[r][c] if r < rows - 1 else straight(c, r + 1, c + 1, r + 1)).reversed()
        west = (right[r][c - 1] if c else straight(c, r, c, r + 1)).reversed()
        outline = _concat([top, east, bottom, west])  # clockwise on screen
        if crossings(outline.points(0.02)):
            raise ValueError(f"piece ({r}, {c}) of the {family} cut crosses itself: tab "
                             f"{tab:g} is too large for this family")
        angle = {"any": rng.uniform(0.0, 360.0), "quarter": 90.0 * rng.randrange(4),
                 "none": 0.0}[turn]
        a = math.radians(angle)
        rotation = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
        slot = _p((index % per_row) * SLOT + 1.3 + rng.uniform(-0.05, 0.05),
                  (index // per_row) * SLOT + 1.3 + rng.uniform(-0.05, 0.05))
        centre = _p(c + 0.5, r + 0.5)
        placed = outline.mapped(rotation * piece, (slot - rotation @ centre) * piece)
        points = placed.points(SPACING * piece)
        if noise:
            points = points + gauss.normal(0.0, noise * piece, points.shape)
        paths.append(placed)
        outlines.append(points)
        angles.append(angle)
    return OutsideCut(rows, cols, family, tuple(paths), tuple(outlines), tuple(order),
                      tuple(angles), piece, noise > 0, tuple(map(tuple, below)),
                      tuple(map(tuple, right)))


def write(cut_: OutsideCut, folder: Path, stem: str, arcs: bool = False,
          pixels: int = 80) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {"svg": folder / f"{stem}.svg", "png": folder / f"{stem}.png",
             "json": folder / f"{stem}.json", "truth": folder / f"{stem}-truth.json"}
    files["svg"].write_text(cut_.svg(arcs))
    files["png"].write_bytes(cut_.png(pixels))
    files["json"].write_text(cut_.points_json())
    files["truth"].write_text(cut_.truth_json())
    return files


LAYOUTS = ("rows", "edges")  # cut-line files: a path a whole cut line, or a path an edge


def write_cut_lines(cut_: OutsideCut, folder: Path, stem: str, layout: str = "rows",
                    radius: float = 0.0, noise: float = 0.0, seed: int = 0) -> dict[str, Path]:
    """The cut's lines as an SVG (`layout` "rows": a path a cut line; "edges": a path an
    edge) and its in-place truth."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    folder.mkdir(parents=True, exist_ok=True)
    files = {"svg": folder / f"{stem}.svg", "truth": folder / f"{stem}-truth.json"}
    files["svg"].write_text(cut_.cut_lines_svg(layout == "edges", radius, noise, seed))
    files["truth"].write_text(cut_.in_place_truth_json())
    return files


# Checking a board against the truth.
def neighbour_accuracy(cells: list[tuple[int, int]], board: list[list[int | None]]) -> float:
    """The share of true neighbour pairs (piece and the one right of it, or below it) that
    `board` (piece index per cell, indices into `cells`) has side by side the same way, in
    the best turn of the whole board."""
    where = {piece: (r, c) for r, row in enumerate(board) for c, piece in enumerate(row)
             if piece is not None}
    at = {cell: piece for piece, cell in enumerate(cells)}
    pairs = [(at[(r, c)], at[(r + dr, c + dc)], dr, dc) for (r, c) in cells
             for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in at]
    best = 0
    for turns in range(4):
        right = 0
        for a, b, dr, dc in pairs:
            for _ in range(turns):
                dr, dc = dc, -dr
            if a in where and b in where and (where[b][0] - where[a][0],
                                              where[b][1] - where[a][1]) == (dr, dc):
                right += 1
        best = max(best, right)
    return best / len(pairs) if pairs else 1.0


def read_order(cut_: OutsideCut, path: Path, pixels: int) -> list[int]:
    """For each outline as satpuzzle reads the file (its numbering of pieces), the cut piece
    whose centre is nearest: a picture's shapes come in the order they are found in it."""
    from satpuzzle.kinds.jigsaw import outlines as reader

    found = reader.read(path.read_bytes() if path.suffix == ".png" else path.read_text(),
                        str(path))
    unit = pixels / cut_.piece if path.suffix == ".png" else 1.0
    centres = np.array([points.mean(axis=0) * unit for points in cut_.outlines])
    return [int(np.argmin(np.linalg.norm(centres - np.asarray(points).mean(axis=0), axis=1)))
            for points in found]


def identity_turn(solution: list[list[list[int] | None]], rows: int, cols: int) -> int | None:
    """How many quarter turns clockwise of the whole board make `solution` (rows of
    [piece, turns]) the identity (piece r * cols + c at (r, c), not turned), or None: the
    truth of a cut-line file, whose pieces are in place and read in reading order."""
    board: list[list[tuple[int, int]]] = [[(r * cols + c, 0) for c in range(cols)]
                                          for r in range(rows)]
    given = [[None if cell is None else (int(cell[0]), int(cell[1])) for cell in row]
             for row in solution]
    for turns in range(4):
        if board == given:
            return turns
        height = len(board)
        board = [[(board[height - 1 - c][r][0], (board[height - 1 - c][r][1] + 1) % 4)
                  for c in range(height)] for r in range(len(board[0]))]
    return None


def in_place_order(cut_: OutsideCut, path: Path) -> list[int]:
    """For each outline as satpuzzle reads a cut-line file, the cell (r * cols + c) its
    centre is in: the check of neighbours does not rely on satpuzzle's numbering."""
    from satpuzzle.kinds.jigsaw import outlines as reader

    found = reader.read(path.read_text(), str(path))
    cells = []
    for points in found:
        c, r = (np.asarray(points).mean(axis=0) / cut_.piece - MARGIN).astype(int)
        cells.append(int(min(max(r, 0), cut_.rows - 1) * cut_.cols
                         + min(max(c, 0), cut_.cols - 1)))
    return cells


LIMIT = 64  # boards asked for: the board in its 4 turns is 4 of them


@dataclass(frozen=True)
class Outcome:
    status: int
    perfect: bool  # the first board given is the truth (up to a turn of the whole board)
    neighbours: float  # in the first board
    among: bool  # the truth is one of the boards given (at most LIMIT)
    boards: int  # how many boards were given
    wall: float
    cpu: float
    message: str  # the last stderr line


@dataclass
class SolveRun:
    """One `satpuzzle solve PATH --format json` process: its exit status, the boards it
    gave, wall and CPU seconds, and the last line it wrote to stderr."""

    status: int
    solutions: list[list[list[list[int] | None]]]
    wall: float
    cpu: float
    message: str


def run_solve(path: Path, timeout: float, options: tuple[str, ...] = (),
              limit: int | None = None) -> SolveRun:
    """`satpuzzle solve PATH --format json --limit LIMIT --timeout T` as a user runs it (a
    whole process), timed by getrusage of the children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(path), "--format",
                             "json", "--limit", str(limit or LIMIT), "--timeout", str(timeout),
                             *options],
                            capture_output=True, text=True, timeout=timeout + 120, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    try:
        answer = json.loads(result.stdout) if result.stdout.strip() else {}
    except json.JSONDecodeError:
        answer = {}
    return SolveRun(result.returncode, answer.get("solutions") or [], wall, cpu,
                    lines[-1] if lines else "")


def solve_file(cut_: OutsideCut, path: Path, pixels: int, timeout: float,
               options: tuple[str, ...] = ()) -> Outcome:
    """`satpuzzle solve PATH --format json --limit LIMIT` as a user runs it (a whole
    process), its boards checked against the truth."""
    run = run_solve(path, timeout, options)
    solutions = run.solutions
    if not solutions:
        return Outcome(run.status, False, 0.0, False, 0, run.wall, run.cpu, run.message)
    order = read_order(cut_, path, pixels)
    scores = [neighbour_accuracy(list(cut_.cells),
                                 [[None if cell is None else order[cell[0]] for cell in row]
                                  for row in solution])
              for solution in solutions]
    return Outcome(run.status, scores[0] == 1.0, scores[0], max(scores) == 1.0,
                   len(solutions), run.wall, run.cpu, run.message)


def solve_cut_lines(cut_: OutsideCut, path: Path, timeout: float,
                    options: tuple[str, ...] = ()) -> Outcome:
    """`satpuzzle solve PATH --format json --limit LIMIT` on a cut-line file: perfect when
    the first board is the identity up to a turn of the whole board; neighbours counted by
    the cells the pieces read sit in."""
    run = run_solve(path, timeout, options)
    solutions = run.solutions
    if not solutions:
        return Outcome(run.status, False, 0.0, False, 0, run.wall, run.cpu, run.message)
    order = in_place_order(cut_, path)
    cells = [(r, c) for r in range(cut_.rows) for c in range(cut_.cols)]
    turns = [identity_turn(solution, cut_.rows, cut_.cols) for solution in solutions]
    neighbours = neighbour_accuracy(cells, [[None if cell is None else order[cell[0]]
                                             for cell in row] for row in solutions[0]])
    return Outcome(run.status, turns[0] is not None, neighbours,
                   any(turn is not None for turn in turns), len(solutions), run.wall, run.cpu,
                   run.message)


def stage_times(path: Path) -> dict[str, tuple[float, float]]:
    """Wall and CPU seconds of satpuzzle's reading stages in this process: the SVG read and
    its faces found ("read"), then corners, sides and edge classes ("board")."""
    from satpuzzle.errors import InputError
    from satpuzzle.kinds.jigsaw import board
    from satpuzzle.kinds.jigsaw import outlines as reader

    times = {}
    text = path.read_text()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        found = reader.read(text, str(path))
    except InputError:  # refused while reading: its time, and no board stage
        times["read"] = (time.perf_counter() - wall, time.process_time() - cpu)
        times["board"] = (math.nan, math.nan)
        return times
    times["read"] = (time.perf_counter() - wall, time.process_time() - cpu)
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.suppress(InputError):  # a board refused still took its time
        board.board(found, {})
    times["board"] = (time.perf_counter() - wall, time.process_time() - cpu)
    return times


def count_file(path: Path, timeout: float) -> str:
    result = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(path), "--count",
                             "--timeout", str(timeout)], capture_output=True, text=True,
                            timeout=timeout + 120, check=False)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    return (f"exit {result.returncode}: {result.stdout.strip() or '-'}"
            f" ({lines[-1] if lines else ''})")


def measure(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.2f}; satpuzzle solve FILE --format json "
          f"--limit {LIMIT} --timeout {args.timeout:g} {args.options}; {args.seeds} seeds",
          flush=True)
    print("| family | source | board | noise | perfect | neighbours | truth among | boards "
          "| exit | wall s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        for family in args.families.split(","):
            for size in map(int, args.sizes.split(",")):
                for noise in map(float, args.noises.split(",")):
                    rows: dict[str, list[Outcome]] = {}
                    for seed in range(1, args.seeds + 1):
                        made = cut(size, size, family, seed=seed, noise=noise, tab=args.tab,
                                   jitter=args.jitter, piece=args.piece, turn=args.turn,
                                   straight_ends=args.straight_ends)
                        files = write(made, Path(scratch), f"{family}-{size}-{noise}-{seed}",
                                      args.arcs, args.pixels)
                        for source in args.sources.split(","):
                            outcome = solve_file(made, files[source], args.pixels,
                                                 args.timeout, tuple(args.options.split()))
                            rows.setdefault(source, []).append(outcome)
                            if not outcome.perfect:
                                failures.append(f"{family} {source} {size}x{size} noise "
                                                f"{noise:g} seed {seed}: exit "
                                                f"{outcome.status}, neighbours "
                                                f"{outcome.neighbours:.3f}, {outcome.boards} "
                                                f"boards, truth among them: {outcome.among}: "
                                                f"{outcome.message}")
                    for source, outcomes in rows.items():
                        statuses = "/".join(str(o.status) for o in outcomes)
                        print(f"| {family} | {source} | {size}×{size} | {noise:g} | "
                              f"{mean(o.perfect for o in outcomes):.2f} | "
                              f"{mean(o.neighbours for o in outcomes):.3f} | "
                              f"{mean(o.among for o in outcomes):.2f} | "
                              f"{'/'.join(str(o.boards) for o in outcomes)} | {statuses} | "
                              f"{sorted(o.wall for o in outcomes)[len(outcomes) // 2]:.1f} | "
                              f"{sorted(o.cpu for o in outcomes)[len(outcomes) // 2]:.1f} |",
                              flush=True)
    print(f"\nload average {os.getloadavg()[0]:.2f}")
    print("\nNot perfect:")
    for line in failures:
        print("-", line)


def measure_lines(args: argparse.Namespace) -> None:
    """Cut-line files solved as a user solves them, checked against the identity, with the
    reading stages timed in this process (medians over the seeds)."""
    print(f"load average {os.getloadavg()[0]:.2f}; satpuzzle solve FILE --format json "
          f"--limit {LIMIT} --timeout {args.timeout:g} {args.options}; {args.seeds} seeds; "
          f"frame corners rounded {args.radius:g}", flush=True)
    print("| layout | board | noise | perfect | neighbours | truth among | boards | exit "
          "| wall s | CPU s | read wall / CPU s | board wall / CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|", flush=True)
    failures: list[str] = []

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    with tempfile.TemporaryDirectory() as scratch:
        for size in map(int, args.sizes.split(",")):
            for noise in map(float, args.noises.split(",")):
                for layout in args.layouts.split(","):
                    outcomes, stages = [], []
                    for seed in range(1, args.seeds + 1):
                        made = cut(size, size, args.family, seed=seed, tab=args.tab,
                                   jitter=args.jitter, piece=args.piece)
                        files = write_cut_lines(made, Path(scratch),
                                                f"{layout}-{size}-{noise}-{seed}", layout,
                                                args.radius, noise, seed)
                        outcome = solve_cut_lines(made, files["svg"], args.timeout,
                                                  tuple(args.options.split()))
                        outcomes.append(outcome)
                        stages.append(stage_times(files["svg"]))
                        if not outcome.perfect:
                            failures.append(f"{layout} {size}x{size} noise {noise:g} seed "
                                            f"{seed}: exit {outcome.status}, neighbours "
                                            f"{outcome.neighbours:.3f}, {outcome.boards} "
                                            f"boards: {outcome.message}")
                    read = [stage["read"] for stage in stages]
                    built = [stage["board"] for stage in stages]
                    print(f"| {layout} | {size}×{size} | {noise:g} | "
                          f"{mean(o.perfect for o in outcomes):.2f} | "
                          f"{mean(o.neighbours for o in outcomes):.3f} | "
                          f"{mean(o.among for o in outcomes):.2f} | "
                          f"{'/'.join(str(o.boards) for o in outcomes)} | "
                          f"{'/'.join(str(o.status) for o in outcomes)} | "
                          f"{median([o.wall for o in outcomes]):.1f} | "
                          f"{median([o.cpu for o in outcomes]):.1f} | "
                          f"{median([w for w, _ in read]):.2f} / "
                          f"{median([c for _, c in read]):.2f} | "
                          f"{median([w for w, _ in built]):.2f} / "
                          f"{median([c for _, c in built]):.2f} |", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.2f}")
    print("\nNot perfect:")
    for line in failures:
        print("-", line)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    cut_parser = commands.add_parser("cut", help="write one cut: SVG, PNG, JSON points, truth")
    cut_parser.add_argument("--family", default="bezier", choices=FAMILIES)
    cut_parser.add_argument("--size", default="4x4")
    cut_parser.add_argument("--seed", type=int, default=1)
    cut_parser.add_argument("--noise", type=float, default=0.0)
    cut_parser.add_argument("--out", type=Path, default=Path("."))
    cut_parser.add_argument("--count", action="store_true",
                            help="then run satpuzzle solve --count on the SVG and the PNG")
    measure_parser = commands.add_parser("measure", help="solve cuts, check against truth")
    measure_parser.add_argument("--families", default="bezier,ball")
    measure_parser.add_argument("--sizes", default="4,6,10")
    measure_parser.add_argument("--noises", default="0,0.0025,0.005,0.01")
    measure_parser.add_argument("--seeds", type=int, default=3)
    measure_parser.add_argument("--sources", default="svg,png")
    measure_parser.add_argument("--timeout", type=float, default=60.0)
    measure_parser.add_argument("--options", default="",
                                help="more satpuzzle solve options, e.g. '--grouping kmeans'")
    lines_parser = commands.add_parser(
        "measure-lines", help="solve cut-line files (in place), check against the identity")
    lines_parser.add_argument("--family", default="bezier", choices=FAMILIES)
    lines_parser.add_argument("--sizes", default="4,6,10,15")
    lines_parser.add_argument("--noises", default="0,0.002")
    lines_parser.add_argument("--layouts", default=",".join(LAYOUTS))
    lines_parser.add_argument("--seeds", type=int, default=3)
    lines_parser.add_argument("--timeout", type=float, default=60.0)
    lines_parser.add_argument("--options", default="", help="more satpuzzle solve options")
    cut_parser.add_argument("--cut-lines", choices=LAYOUTS,
                            help="write the cut as its lines in place (a path a whole cut line, "
                                 "or a path an edge) and a frame, not scattered pieces")
    for sub in (cut_parser, lines_parser):
        sub.add_argument("--radius", type=float, default=0.0,
                         help="cut-line files: the frame's corners rounded (share of a piece)")
    for sub in (cut_parser, measure_parser, lines_parser):
        sub.add_argument("--tab", type=float, default=0.20, help="tab size, share of a piece")
        sub.add_argument("--jitter", type=float, default=0.04, help="bezier family's jitter")
        sub.add_argument("--piece", type=float, default=20.0, help="SVG units a piece")
        sub.add_argument("--pixels", type=int, default=80, help="picture pixels a piece")
        sub.add_argument("--turn", default="any", choices=("any", "quarter", "none"))
        sub.add_argument("--arcs", action="store_true", help="ball arcs as SVG A commands")
        sub.add_argument("--straight-ends", action="store_true",
                         help="bezier family: edges leave their corners along the side")
    args = parser.parse_args(argv)
    if args.command == "measure":
        measure(args)
        return
    if args.command == "measure-lines":
        measure_lines(args)
        return
    rows, cols = map(int, args.size.lower().split("x"))
    made = cut(rows, cols, args.family, seed=args.seed, noise=args.noise, tab=args.tab,
               jitter=args.jitter, piece=args.piece, turn=args.turn,
               straight_ends=args.straight_ends)
    if args.cut_lines:
        written = write_cut_lines(made, args.out, f"{args.family}-{rows}x{cols}-seed"
                                  f"{args.seed}-{args.cut_lines}", args.cut_lines,
                                  args.radius, args.noise, args.seed)
        for path in written.values():
            print(path)
        if args.count:
            print("svg", count_file(written["svg"], 60.0))
        return
    files = write(made, args.out, f"{args.family}-{rows}x{cols}-seed{args.seed}", args.arcs,
                  args.pixels)
    for path in files.values():
        print(path)
    if args.count:
        for source in ("svg", "png"):
            print(source, count_file(files[source], 60.0))

if __name__ == "__main__":
    main()
