"""Jigsaw pieces from a drawing of the cut's LINES, as many generators and laser-cutting tools
write a cut (Draradech's generator among them): open paths (one per horizontal and one per
vertical cut across the whole puzzle, or one per edge) and the frame (a <rect>, rounded or
not, or a closed path). The pieces are the faces the lines and the frame enclose, in place.

The planar work is shapely's (GEOS): every line and closed shape of the drawing noded
together on a fine grid (snap rounding: a line's end a hair off the line it stops on, as
transforms leave it, still meets it), then polygonized. A face around others (a page or a
margin drawn round the frame: its holes cover most of it) and slivers (under 2 % of the
largest piece: where two drawn lines nearly coincide, loops of a noisy line) are no pieces.
The pieces are numbered in reading order of the cells they sit in (the rows × columns grid
their centres fall on, one a cell, is the board's size), each outline starting at its top-left
corner: the true board of a cut-line file is the identity, no piece turned. Each piece's
corners are read too, where the cut lines cross (nodes of three edges or more).

Bounded like every reader: points of the lines, pairs of touching segments (counted with an
R-tree before noding, so that lines crossing each other everywhere are refused before any
work grows with their crossings), faces. A line ending inside the puzzle without meeting
another (a dangling line), lines enclosing nothing, faces on no grid are refused in one line.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError

Points = npt.NDArray[np.float64]  # n × 2, x right and y down

MAX_LINE_POINTS = 500_000  # points of the cut lines and closed shapes together
MAX_TOUCHING = 500_000  # pairs of touching segments of different lines (or far apart on one)
MAX_FACES = 10_000  # pieces, as outlines.MAX_OUTLINES
PAIRS_AT_ONCE = 4_000_000  # an R-tree query's answer at most (its memory: 16 bytes a pair)
GRID = 1e-6  # the noding grid, in the drawing's diagonals
MAX_COORDINATE = 1e12  # user units: the noding grid's scale stays a float's
MIN_SPAN = 1e-9  # the drawing's diagonal at least, in user units
SLIVER = 0.02  # a face under this share of the largest piece's area is no piece
NEAR_CORNER = 0.25  # of a cell: a crossing this near a corner of the cell is that corner
FRAGMENT = 0.3  # of the median piece's area: a face this small is no piece but a fragment
OFF_FRAME = 0.05  # of a cell: a rounded frame's corner farther off a face is not on it (as
# sides.KNOWN_ON: the corner finder takes a known corner only that near the outline)
START_BACK = 0.1  # a piece's outline starts this far before its top-left corner
LOOSE_END = 0.25  # of a piece's size: a line running on past the frame at most this far
# of a piece's size: a loose end shorter than this is a spur where two noisy lines cross
# just before the vertex they end on (a 20x20 file at 0.5 % noise was refused for a spur of
# 0.0001 piece sizes), not a cut that stops short
SPUR = 0.01
AROUND = 0.5  # a face whose holes take more of its outline's area than this is no piece


@dataclass(frozen=True)
class CutLine:
    """An open path of the drawing (sampled, transformed) and where its element starts."""

    points: Points
    line: int
    column: int


@dataclass(frozen=True)
class CutPieces:
    """The faces the cut lines enclose, in reading order of their cells, and the grid."""

    faces: list[Points]
    rows: int
    cols: int
    # per face, 4 × 2: its corners clockwise from the top-left, where the cut lines cross
    # (or the frame's straight sides meet); a row of NaN where none was found
    corners: list[Points]


def shapely_module() -> ModuleType:
    """shapely, or the one-line error naming the extra that installs it."""
    try:
        import shapely
    except ImportError:
        raise InputError("reading cut lines (open paths) needs shapely: "
                         "pip install 'satpuzzle[outlines]'") from None
    return shapely


def pieces(lines: list[CutLine], closed: list[Points], path: str) -> CutPieces | None:
    """The pieces that the open `lines` and the `closed` shapes (the frame, and any closed
    path drawn with them) enclose together; None when the lines add no face to those of the
    closed shapes alone (strokes that cut nothing: the closed paths are then the pieces)."""
    if not lines:
        return None
    shapely = shapely_module()
    first = (lines[0].line, lines[0].column)
    everything = [line.points for line in lines] + [_closed_ring(shape) for shape in closed]
    total = sum(len(points) for points in everything)
    if total > MAX_LINE_POINTS:
        raise InputError(f"more than {MAX_LINE_POINTS} points in the cut lines and closed "
                         f"shapes", path, *first)
    stacked = np.vstack(everything)
    if not np.abs(stacked).max() <= MAX_COORDINATE:  # NaN and infinity too
        raise InputError(f"a cut line's coordinates out of range (beyond {MAX_COORDINATE:g})",
                         path, *first)
    span = float(np.linalg.norm(stacked.max(axis=0) - stacked.min(axis=0)))
    if not span >= MIN_SPAN:
        raise InputError("the cut lines enclose no area", path, *first)
    grid = GRID * span
    _bounded_touching(shapely, everything, path, first)
    geometries = [shapely.linestrings(points) for points in everything]
    try:
        faces, dangles, crossings = _faces(shapely, geometries, grid)
        fewer = len(faces) <= len(_faces(shapely, geometries[len(lines):], grid)[0])
    except shapely.errors.GEOSException as error:  # coordinates checked above: a net only
        raise InputError(f"the cut lines cannot be noded: {error}", path, *first) from None
    if fewer:
        if len(closed) > 1:
            return None  # the closed paths are the pieces, as without the lines
        frame = "with the frame" if closed else "(and no frame: no closed path or <rect>)"
        why = _dangling(dangles, lines) or "each must run from the frame or a line to another"
        raise InputError(f"the {len(lines)} open path(s) (cut lines) enclose no piece "
                         f"{frame}: {why}", path, *first)
    return _pieces(shapely, (faces, dangles, crossings), lines, path, grid)


def _closed_ring(points: Points) -> Points:
    return np.vstack([points, points[:1]])


Crossings = set[tuple[float, float]]
Arrangement = tuple[list[object], list[object], Crossings]


def _faces(shapely: ModuleType, geometries: list[object], grid: float) -> Arrangement:
    """The faces (polygons) of the linework noded on a grid of `grid`, its dangles, and its
    crossings: the nodes where three edges or more meet (cut lines crossing, or meeting
    the frame)."""
    if not geometries:
        return [], [], set()
    noded = shapely.union_all(geometries, grid_size=grid)
    polygons, _cuts, dangles, _invalid = shapely.polygonize_full([noded])
    edges = shapely.get_parts(noded)
    ends = np.vstack([shapely.get_coordinates(shapely.get_point(edges, 0)),
                      shapely.get_coordinates(shapely.get_point(edges, -1))])
    nodes, degrees = np.unique(ends, axis=0, return_counts=True)
    crossings = {(float(x), float(y)) for (x, y), degree in zip(nodes, degrees) if degree >= 3}
    return list(polygons.geoms), list(dangles.geoms), crossings


def _pieces(shapely: ModuleType, arrangement: Arrangement, lines: list[CutLine], path: str,
            grid: float) -> CutPieces:
    """The faces that are pieces, in reading order of their cells; a dangling line inside
    them, too many of them, or faces on no grid refused."""
    faces, dangles, crossings = arrangement
    shapes = np.array(faces, dtype=object)
    areas = shapely.area(shapes)
    shells = shapely.area(shapely.polygons(shapely.get_exterior_ring(shapes)))
    # a face whose holes cover most of it is round others (a page, a margin); small holes
    # are loops of a noisy line touching the face's outline, and its outline is kept
    solid = areas >= AROUND * shells
    largest = float(areas[solid].max())
    kept = [face for face, area, whole in zip(faces, areas, solid)
            if whole and area >= SLIVER * largest]
    if len(kept) > MAX_FACES:
        raise InputError(f"the cut lines enclose more than {MAX_FACES} pieces", path,
                         lines[0].line, lines[0].column)
    _no_loose_ends(shapely, dangles, kept, lines, path, grid, LOOSE_END * math.sqrt(largest))
    outlines = [np.asarray(shapely.get_coordinates(shapely.get_exterior_ring(face)),
                           dtype=float)[:-1] for face in kept]
    rows, cols, cells = _grid(outlines, path)
    order = sorted(range(len(outlines)), key=lambda index: cells[index])
    low = np.min([points.min(axis=0) for points in outlines], axis=0)
    high = np.max([points.max(axis=0) for points in outlines], axis=0)
    cell = (high - low) / [cols, rows]
    size = float(np.sqrt(cell.prod()))
    tops = [low + cell * cells[index][::-1] for index in order]
    return CutPieces([_from_top_left(outlines[index], top, size)
                      for index, top in zip(order, tops)], rows, cols,
                     [_corners(outlines[index], top, cell, (low, high), crossings)
                      for index, top in zip(order, tops)])


def _corners(points: Points, top: Points, cell: Points, box: tuple[Points, Points],
             crossings: Crossings) -> Points:
    """A face's corners, clockwise on screen from the top-left of its cell (`top`, `cell`
    its width and height): at a corner of the puzzle's box, that corner (where the frame's
    straight sides meet, rounded or not), or, where the frame is rounded so much that the
    corner lies more than OFF_FRAME off the face's outline, the outline's point nearest it
    (the middle of the arc: Draradech's generator rounds the frame by any radius, and the
    corner finder takes a known corner only on the outline); elsewhere the crossing on the
    face's outline nearest that corner of the cell; each within NEAR_CORNER of a cell, NaN
    where none is."""
    low, high = box
    outer = np.array([low, [high[0], low[1]], high, [low[0], high[1]]])
    size = float(np.sqrt(cell.prod()))
    reach = NEAR_CORNER * size
    apart = np.linalg.norm(points[None, :, :] - outer[:, None, :], axis=2)
    off = apart.min(axis=1)
    rounded = (off > OFF_FRAME * size) & (off < reach)  # this face's corner, rounded off it
    outer = np.where(rounded[:, None], points[apart.argmin(axis=1)], outer)
    on_face = np.array([point for point in map(tuple, points) if point in crossings],
                       dtype=float).reshape(-1, 2)
    found = np.full((4, 2), np.nan)
    for k, step in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
        target = top + cell * step
        for candidates in (outer, on_face):
            distances = np.linalg.norm(candidates - target, axis=1)
            if len(candidates) and distances.min() < reach:
                found[k] = candidates[int(np.argmin(distances))]
                break
    return found


def _from_top_left(points: Points, corner: Points, size: float) -> Points:
    """The outline clockwise on screen, starting a little (START_BACK piece sizes along it)
    before its point nearest its cell's top-left `corner`: the first corner along it is
    then that one, its first side the top, and a piece in place is not turned."""
    x, y = points[:, 0], points[:, 1]
    if np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y) < 0:  # anticlockwise (y down)
        points = points[::-1]
    nearest = int(np.argmin(np.linalg.norm(points - corner, axis=1)))
    steps = np.linalg.norm(points - np.roll(points, 1, axis=0), axis=1)  # into each point
    back = np.cumsum(np.roll(steps, -nearest - 1)[::-1])  # lengths back from `nearest`
    start = (nearest - int(np.searchsorted(back, START_BACK * size))) % len(points)
    return np.roll(points, -start, axis=0)


def _no_loose_ends(shapely: ModuleType, dangles: list[object], pieces: list[object],
                   lines: list[CutLine], path: str, grid: float, overshoot: float) -> None:
    """Refuse a cut line that ends without meeting another or the frame: inside the pieces
    (two pieces left joined), or outside them farther than `overshoot` (a line running on
    past the frame, as plotters' files may, is left out; a longer one closes no piece)."""
    ends = [(dangle, index) for dangle in dangles
            for index, _end, distance in [_nearest_end(dangle, lines)]
            if distance <= 10 * grid]  # others end at no line's end: spurs of a noisy line
    if not ends:
        return
    tree = shapely.STRtree(pieces)
    spur = SPUR / LOOSE_END * overshoot  # overshoot is LOOSE_END of a piece's size
    for dangle, index in ends:
        if shapely.length(dangle) < spur:
            continue
        near = [pieces[k] for k in tree.query(dangle, predicate="intersects")]
        if any(shapely.relate_pattern(dangle, piece, "T********") for piece in near):
            why = "a cut line ending inside the puzzle leaves two pieces joined"
        elif shapely.length(dangle) > overshoot:
            why = "the pieces along it are not closed (no frame round the lines?)"
        else:
            continue
        raise InputError(f"{_dangling([dangle], lines)}: {why}", path, lines[index].line,
                         lines[index].column)


def _dangling(dangles: list[object], lines: list[CutLine]) -> str:
    """"a cut line ends at (x, y) meeting no other line nor the frame", of the first
    dangle, or "" with none."""
    if not dangles:
        return ""
    end = _free_end(dangles[0], lines)
    return (f"a cut line ends at ({end[0]:.6g}, {end[1]:.6g}) meeting no other line nor the "
            f"frame")


def _free_end(dangle: object, lines: list[CutLine]) -> Points:
    """The end of a dangle that is an end of a cut line (the other meets the linework)."""
    return _nearest_end(dangle, lines)[1]


def _nearest_end(dangle: object, lines: list[CutLine]) -> tuple[int, Points, float]:
    """The cut line one of whose ends is nearest an end of the dangle, that end of the
    dangle, and how far they are apart."""
    import shapely

    coordinates = np.asarray(shapely.get_coordinates(dangle), dtype=float)
    ends = np.array([[line.points[0], line.points[-1]] for line in lines])  # n × 2 × 2
    best: tuple[float, int, Points] | None = None
    for end in (coordinates[0], coordinates[-1]):
        distances = np.linalg.norm(ends - end, axis=2)  # n × 2
        index = int(np.argmin(distances.min(axis=1)))
        distance = float(distances[index].min())
        if best is None or distance < best[0]:
            best = (distance, index, end)
    assert best is not None
    return best[1], best[2], best[0]


def _bounded_touching(shapely: ModuleType, polylines: list[Points], path: str,
                      where: tuple[int, int]) -> None:
    """Refuse linework whose segments touch in more than MAX_TOUCHING pairs (neighbours
    along one polyline left out): noding works per crossing, and lines zigzagging across
    each other would cross quadratically many times. The R-tree is asked about a few
    segments at a time, so that no answer holds more than PAIRS_AT_ONCE pairs."""
    segments = np.concatenate([np.stack([points[:-1], points[1:]], axis=1)
                               for points in polylines if len(points) > 1])
    owner = np.concatenate([np.full(len(points) - 1, index)
                            for index, points in enumerate(polylines) if len(points) > 1])
    geometries = shapely.linestrings(segments)
    tree = shapely.STRtree(geometries)
    step = max(1, PAIRS_AT_ONCE // len(geometries))
    touching = 0
    for start in range(0, len(geometries), step):
        found = np.asarray(tree.query(geometries[start:start + step], predicate="intersects"))
        first, second = found[0] + start, found[1]
        apart = (owner[first] != owner[second]) | (np.abs(first - second) > 1)
        touching += int((apart & (first < second)).sum())
        if touching > MAX_TOUCHING:
            raise InputError(f"the cut lines touch or cross in more than {MAX_TOUCHING} "
                             f"places", path, *where)


def _grid(outlines: list[Points], path: str) -> tuple[int, int, list[tuple[int, int]]]:
    """grid_of, or an InputError: faces on no grid make no board."""
    found = grid_of(outlines)
    if found is None:
        raise InputError(f"the cut lines enclose {len(outlines)} pieces that lie on no rows × "
                         f"columns grid (one a cell){_fragments(outlines)}: no jigsaw board",
                         path, 1, 1)
    return found


def _fragments(outlines: list[Points]) -> str:
    """Where faces far smaller than the typical piece are, the likely cause: two cut lines
    crossing each other away from the grid (neighbouring tabs overlapping, as a generator's
    large tabs and jitter make them), the cut leaving a fragment between them."""
    from satpuzzle.kinds.jigsaw.sides import area

    areas = np.abs([area(points) for points in outlines])
    small = [index for index, area in enumerate(areas) if area < FRAGMENT * np.median(areas)]
    if not small:
        return ""
    x, y = _centroid(outlines[small[0]])
    return (f"; {len(small)} of them far smaller than a piece (the first at ({x:.4g}, "
            f"{y:.4g})): fragments, where cut lines cross each other off the grid "
            f"(overlapping tabs)")


def grid_of(outlines: list[Points]) -> tuple[int, int, list[tuple[int, int]]] | None:
    """The rows × columns grid the faces' centres fall on, one a cell (of the box round
    them all, cut evenly), and each face's cell; the first such grid, fewest rows first;
    None when there is none."""
    count = len(outlines)
    centres = np.array([_centroid(points) for points in outlines])
    low = np.min([points.min(axis=0) for points in outlines], axis=0)
    high = np.max([points.max(axis=0) for points in outlines], axis=0)
    size = np.maximum(high - low, 1e-300)
    for rows in range(1, count + 1):
        if count % rows:
            continue
        cols = count // rows
        at = np.floor((centres - low) / size * np.array([cols, rows])).astype(int)
        at = np.minimum(at, np.array([cols - 1, rows - 1]))
        cells = [(int(r), int(c)) for c, r in at]
        if len(set(cells)) == count:
            return rows, cols, cells
    return None


def _centroid(points: Points) -> Points:
    """The centre of the area a polygon encloses (the shoelace formula's)."""
    x, y = points[:, 0], points[:, 1]
    cross = x * np.roll(y, -1) - np.roll(x, -1) * y
    area = cross.sum() / 2
    if not abs(area) > 0:
        return np.asarray(points.mean(axis=0), dtype=float)
    return np.array([((x + np.roll(x, -1)) * cross).sum(), ((y + np.roll(y, -1)) * cross).sum()]
                    ) / (6 * area)


class _NotPlain(Exception):
    """A size that is no plain number (a percentage, a unit): the element is no cut line
    nor frame."""


def line(attributes: dict[str, str]) -> Points | None:
    """An SVG <line>'s two ends, or None when they are not plain numbers (a percentage, a
    unit: no cut line, and no error)."""
    def number(name: str, default: float | None = 0.0) -> float | None:
        return _plain(attributes, name, default)

    try:
        ends = [number(name) or 0.0 for name in ("x1", "y1", "x2", "y2")]
    except _NotPlain:
        return None
    return np.array(ends, dtype=float).reshape(2, 2)


def _plain(attributes: dict[str, str], name: str, default: float | None) -> float | None:
    """An attribute as a plain number (px allowed), `default` when absent or auto."""
    text = attributes.get(name, "").strip().removesuffix("px")
    if not text or text == "auto":
        return default
    try:
        value = float(text)
    except ValueError:
        raise _NotPlain from None
    if not math.isfinite(value):
        raise _NotPlain
    return value


def rect(attributes: dict[str, str]) -> Points | None:
    """The outline of an SVG <rect> (x, y, width, height; corners rounded by rx, ry as the
    SVG specification resolves them: one given stands for both, each at most half the side),
    or None for a rect of no area (not rendered) or sized otherwise than in plain numbers
    (`width="100%"`, a page's background: no frame, and no error, since most drawings'
    rects are nothing to the pieces)."""
    def number(name: str, default: float | None = 0.0) -> float | None:
        return _plain(attributes, name, default)

    try:
        return _rect(number)
    except _NotPlain:
        return None


def _rect(number: Callable[..., float | None]) -> Points | None:
    x, y = number("x") or 0.0, number("y") or 0.0
    width, height = number("width") or 0.0, number("height") or 0.0
    if width <= 0 or height <= 0:
        return None
    rx, ry = number("rx", None), number("ry", None)
    rx = ry if rx is None else rx
    ry = rx if ry is None else ry
    rx, ry = min(abs(rx or 0.0), width / 2), min(abs(ry or 0.0), height / 2)
    corners = [(x + width - rx, y + ry, -90.0), (x + width - rx, y + height - ry, 0.0),
               (x + rx, y + height - ry, 90.0), (x + rx, y + ry, 180.0)]
    points: list[tuple[float, float]] = []
    steps = 12 if rx > 0 and ry > 0 else 0
    for cx, cy, start in corners:  # clockwise on screen from the top edge's right end
        for k in range(steps + 1):
            angle = math.radians(start + 90.0 * k / max(steps, 1))
            points.append((cx + rx * math.cos(angle), cy + ry * math.sin(angle)))
    return np.array(points, dtype=float)
