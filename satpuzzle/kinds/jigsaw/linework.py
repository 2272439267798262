"""Pictures of a cut drawn as lines: the pieces are the regions the lines enclose.

A cutting plan (a laser cutter's file shown as a picture, a generator's preview, a scan of a
printed cut) shows the cut lines, dark on light or light on dark, with the pieces still in
place: its foreground is one thin network of lines, not one shape per piece. Pieces drawn
apart as their outlines are read the same way. Each region of the background the lines
enclose is a piece, grown to the middle of the lines around it, so that a tab and the blank
it fits meet on one curve as they did on the cut (left as found, two neighbours' outlines
would lie a line's width apart: a tab thinner and its blank wider than the cut made them).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError

Points = npt.NDArray[np.float64]
Trace = Callable[[npt.NDArray[np.bool_]], Points]  # a padded mask's outer boundary, (x, y)

# A network of lines covers little of the box it spans; pieces on a background cover most
# of theirs (a piece's tabs and blanks leave it well over half).
MAX_LINE_COVER = 0.3
MIN_REGIONS = 2  # fewer enclosed regions: a drawing of one outline, not a cut
NEAR_FRAME = 0.25  # of a cell: a region's point this near a corner of the frame is its corner
MIN_REGION_SHARE = 0.05  # of the median region: smaller ones are gaps where lines cross


class LinePieces(list[Points]):
    """The outlines of the regions between the lines, and for each the points where its
    lines meet others (k × 2, (x, y)): its corners, except a corner piece's outer one; and
    the rows × columns of the cut when its pieces lie on a grid (`layout`), else None."""

    crossings: list[Points]
    grid: tuple[int, int] | None = None


def outlines_between_lines(mask: npt.NDArray[np.bool_], trace: Trace, most: int,
                           path: str) -> LinePieces | None:
    """The outlines of the pieces of a picture of cut lines (`mask`: the lines), each grown
    to the middle of its lines, or None when the picture is no such drawing (the usual
    picture: one shape per piece). At most `most` pieces (an InputError beyond)."""
    from scipy import ndimage

    if not _drawn_as_lines(mask):
        return None
    # the background's regions (4-connected: a line one pixel wide on a diagonal still
    # parts them); those reaching the picture's edge are outside the cut
    regions, found = ndimage.label(~mask)
    outside = np.unique(np.concatenate([regions[0], regions[-1], regions[:, 0],
                                        regions[:, -1]]))
    areas = np.bincount(regions.ravel(), minlength=found + 1)
    areas[outside] = 0
    areas[0] = 0
    enclosed = np.flatnonzero(areas)
    if len(enclosed):
        enclosed = enclosed[areas[enclosed] >= MIN_REGION_SHARE * np.median(areas[enclosed])]
    if len(enclosed) < MIN_REGIONS:
        return None
    if len(enclosed) > most:
        raise InputError(f"more than {most} regions between the lines of the picture", path)
    numbers = np.zeros(found + 1, dtype=np.int32)
    numbers[enclosed] = np.arange(1, len(enclosed) + 1)
    pieces = _shared_out(numbers[regions], mask, _half_width(mask) + 1)
    boxes = ndimage.find_objects(pieces)
    found = LinePieces(_outline(pieces, number, boxes[number - 1], trace)
                       for number in range(1, len(enclosed) + 1))
    found.crossings = _crossings(pieces, len(enclosed))
    found.grid = layout(found, found.crossings)
    if found.grid is not None:
        found.crossings = _with_frame_corners(found, found.crossings, found.grid)
    return found


def _with_frame_corners(outlines: list[Points], crossings: list[Points],
                        grid: tuple[int, int]) -> list[Points]:
    """Each region's crossings, and for a corner piece of a cut in place the point of its
    outline nearest the corner of the frame, which no lines cross: where the frame is
    rounded (Draradech's generator rounds it by any radius) the corner finder misses it."""
    low = np.min([points.min(axis=0) for points in outlines], axis=0)
    high = np.max([points.max(axis=0) for points in outlines], axis=0)
    frame = np.array([low, [high[0], low[1]], high, [low[0], high[1]]])
    reach = NEAR_FRAME * float(np.sqrt(np.prod((high - low) / [grid[1], grid[0]])))
    completed = []
    for points, known in zip(outlines, crossings):
        apart = np.linalg.norm(points[None, :, :] - frame[:, None, :], axis=2)
        near = apart.min(axis=1) < reach
        completed.append(np.vstack([known, points[apart.argmin(axis=1)][near]]))
    return completed


def layout(outlines: list[Points], crossings: list[Points]) -> tuple[int, int] | None:
    """The board's rows × columns when the regions are a cut in place: their centres fall
    one a cell on a grid (cutlines.grid_of, as in a cut-line file), every two regions in
    cells side by side share a crossing, and regions meeting at a crossing lie in cells side
    by side or corner to corner. None otherwise (pieces drawn apart as outlines meet at no
    crossing; a turned cut's centres may fit a grid of its box that its crossings belie):
    the board's size is then told by the flat sides."""
    from satpuzzle.kinds.jigsaw.cutlines import grid_of

    found = grid_of(outlines) if len(outlines) >= 4 else None
    if found is None or min(found[:2]) < 2:
        return None
    rows, cols, cells = found
    meeting: dict[tuple[float, float], list[int]] = {}
    for region, points in enumerate(crossings):
        for x, y in points:
            meeting.setdefault((float(x), float(y)), []).append(region)
    shared = set()
    for regions in meeting.values():
        for a in regions:
            for b in regions:
                if max(abs(cells[a][0] - cells[b][0]), abs(cells[a][1] - cells[b][1])) > 1:
                    return None  # regions meeting at a crossing lie in cells apart
                shared.add((cells[a], cells[b]))
    at = set(cells)
    neighbours = [((r, c), (r + dr, c + dc)) for r, c in cells for dr, dc in ((0, 1), (1, 0))
                  if (r + dr, c + dc) in at]
    if not all(pair in shared for pair in neighbours):
        return None
    return rows, cols


def _crossings(pieces: npt.NDArray[np.int32], count: int) -> list[Points]:
    """Where three regions or more meet (the outside, 0, among them), per piece: the centre
    of each cluster of 2 × 2 windows holding three labels or more. The picture's edge is
    outside too: a frame drawn on it (Draradech's generator draws it on its page's edge)
    leaves no outside within the picture where cut lines meet it."""
    from scipy import ndimage

    pieces = np.pad(pieces, 1)  # the outside round the picture; coordinates shift by 1
    windows = np.stack([pieces[:-1, :-1], pieces[:-1, 1:], pieces[1:, :-1], pieces[1:, 1:]])
    ordered = np.sort(windows, axis=0)
    distinct = 1 + (np.diff(ordered, axis=0) != 0).sum(axis=0)
    meeting = distinct >= 3
    clusters, _ = ndimage.label(meeting, structure=np.ones((3, 3), dtype=int))
    points: list[list[tuple[float, float]]] = [[] for _ in range(count + 1)]
    for cluster, box in enumerate(ndimage.find_objects(clusters), start=1):
        if box is None:
            continue
        where = clusters[box] == cluster
        rows, cols = np.nonzero(where)
        centre = (box[1].start + cols.mean() - 0.5, box[0].start + rows.mean() - 0.5)
        for label in np.unique(windows[(slice(None), *box)][:, where]):
            points[int(label)].append(centre)  # the windows' centre, in pixel centres
    return [np.array(corner_points, dtype=float).reshape(-1, 2)
            for corner_points in points[1:]]


def _drawn_as_lines(mask: npt.NDArray[np.bool_]) -> bool:
    """Whether the foreground's largest shape is thin, as drawn lines are (a cut's network
    of lines, or one scattered piece drawn as its outline)."""
    if not mask.any():
        return False
    largest = _largest(mask)
    rows, cols = np.nonzero(largest)
    box_area = (rows.max() - rows.min() + 1) * (cols.max() - cols.min() + 1)
    return bool(largest.sum() <= MAX_LINE_COVER * box_area)


def _half_width(lines: npt.NDArray[np.bool_]) -> float:
    """How far a region grows to reach its lines' middle: the lines' distance from their
    edges along their ridge (the pixels no neighbour is deeper than), a median so that the
    wider spots where lines cross count for little. A line one pixel wide gives 1: both
    regions take it, and their outlines meet on it."""
    from scipy import ndimage

    depth = ndimage.distance_transform_edt(lines)
    ridge = lines & (depth >= ndimage.maximum_filter(depth, size=3) - 1e-9)
    return float(np.median(depth[ridge])) if ridge.any() else 1.0


def _shared_out(pieces: npt.NDArray[np.int32], lines: npt.NDArray[np.bool_],
                reach: float) -> npt.NDArray[np.int32]:
    """Each line pixel within `reach` of a piece given to the nearest piece: two pieces
    split the line between them down its middle (the frame's outer half stays outside)."""
    from scipy import ndimage

    distance, (rows, cols) = ndimage.distance_transform_edt(pieces == 0,
                                                              return_indices=True)
    shared = pieces.copy()
    taken = lines & (distance <= reach)
    shared[taken] = pieces[rows[taken], cols[taken]]
    return shared


def _outline(pieces: npt.NDArray[np.int32], number: int, box: tuple[slice, slice],
             trace: Trace) -> Points:
    """A piece's outline, moved half a pixel outwards: traced through the centres of its
    edge pixels, it lies half a pixel inside the line it shares with its neighbour, whose
    own outline lies half a pixel inside on the other side; moved, the two meet."""
    window = (slice(max(box[0].start - 1, 0), box[0].stop + 1),
              slice(max(box[1].start - 1, 0), box[1].stop + 1))
    points = trace(np.pad(_largest(pieces[window] == number), 1))
    points = points + np.array([window[1].start - 1, window[0].start - 1], dtype=float)
    return _outwards(points, 0.5)


def _largest(shape: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """The largest 8-connected part of `shape` (a line pixel given to a piece across a
    crossing may stand apart from it)."""
    from scipy import ndimage

    parts, count = ndimage.label(shape, structure=np.ones((3, 3), dtype=int))
    if count <= 1:
        return shape
    return parts == int(np.argmax(np.bincount(parts.ravel())[1:])) + 1


def _outwards(points: Points, distance: float) -> Points:
    """A closed outline, clockwise on screen, each point moved `distance` along the outward
    normal of the chord between its neighbours two points away (a pixel staircase's own
    normals zigzag)."""
    if len(points) < 5:
        return points
    tangent = np.roll(points, -2, axis=0) - np.roll(points, 2, axis=0)
    length = np.hypot(tangent[:, 0], tangent[:, 1])
    length[length == 0] = 1.0
    normal = np.column_stack([tangent[:, 1], -tangent[:, 0]]) / length[:, None]
    return points + distance * normal
