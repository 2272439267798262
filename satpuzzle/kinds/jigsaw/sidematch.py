"""How well a tab fits a blank, from the two curves themselves rather than from a descriptor
of each alone (the `aligned` grouping of satpuzzle.kinds.jigsaw.board).

A descriptor is taken in the side's chord frame, so that a corner found slightly off moves
the whole descriptor: under noise a tab and its own blank then differ more than two
different tabs do. Here the two curves are laid on each other rigidly (turned and moved, in
piece sizes, not stretched), their ends left out and free to slide, and the cost is how far
they stay apart:

  1. every tab against every blank: both curves taken at steps of STEP along them; the
     tab's middle window against the blank's, slid by up to SLIDE steps either way, each
     placing fitted by the best turn and shift (Procrustes, in closed form); the least mean
     squared distance;
  2. for each tab its CANDIDATES best blanks by (1), and for each blank its best tabs: a
     few steps of iterative closest points from the placing of (1) (the middle of one curve
     against the whole other, both ways), the mean squared distance to the nearest point of
     the other curve; plus how far the two sides' corners end up apart, squared, weighed
     by how precisely corners are found in these outlines: its typical value against the
     typical shape cost, both the medians over the pairs that are each other's best by
     shape (nearly all true pairs). Where a tab sits along its side tells tabs apart, as
     far as the corners are found precisely: the synthetic cutter's straight ends place
     them within a few thousandths of a piece, the three-Bezier family's curved ends only
     within a few hundredths under noise. Pairs not refined cost FAR more than any refined
     one.

Measured in docs/benchmarks/DETAILS.md ("Pieces cut elsewhere").
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from satpuzzle.kinds.jigsaw import sides

Points = npt.NDArray[np.float64]
Costs = npt.NDArray[np.float64]

SMOOTHING = 0.0  # of each curve before comparing, in piece sizes (the outline is smoothed)
STEP = 0.01  # between the points compared in (1), in piece sizes
MARGIN = 0.05  # left out at each end of a side (in piece sizes): near the corners
SLIDE = 6  # steps a window slides either way in (1)
CANDIDATES = 30  # blanks per tab (and tabs per blank) refined in (2)
ICP_STEPS = 3
MIDDLE_POINTS = 32  # of a curve's middle, moved onto the other curve in (2)
CURVE_POINTS = 100  # of the whole other curve
FAR = 1e3  # a pair not refined costs this many times the largest refined cost
SHAPE_FLOOR = 1e-8  # the typical shape cost taken as at least this (piece sizes squared)
APART_FLOOR = 1e-6  # the typical corners' distance, squared, as at least this (0.001)
CHUNK = 256  # pairs refined at once (memory: CHUNK × MIDDLE_POINTS × CURVE_POINTS)
ROUGH_CHUNK = 2_000_000  # tab × blank × slide elements compared at once in (1)


def costs(tabs: list[sides.Side], blanks: list[sides.Side], size: float,
          candidates: int = CANDIDATES, estimated: bool = False) -> Costs:
    """tabs × blanks: how badly each tab fits each blank (mean squared distance, in piece
    sizes squared, after the best rigid placing; see the module's doc); `candidates` blanks
    per tab and tabs per blank refined in (2). A pair not refined costs FAR more than any
    refined one, or with `estimated` its cost by (1) in the units of (2) (times the median
    ratio of the two over the refined pairs): a search over boards can still take it."""
    if not tabs or not blanks:
        return np.zeros((len(tabs), len(blanks)))
    tab_curves = [_curve(side, size) for side in tabs]
    blank_curves = [_curve(side, size) for side in blanks]
    rough, placing = _slid_procrustes(tab_curves, blank_curves)
    keep = min(candidates, len(blanks), len(tabs))
    chosen = np.zeros(rough.shape, dtype=bool)
    rows = np.arange(len(tabs))[:, None]
    chosen[rows, np.argsort(rough, axis=1)[:, :keep]] = True
    chosen[np.argsort(rough, axis=0)[:keep, :], np.arange(len(blanks))[None, :]] = True
    first, second = np.nonzero(chosen)
    turn, tab_centre, blank_centre = placing
    shape, apart = _icp_costs(tab_curves, blank_curves, first, second,
                              (turn[first, second], tab_centre[first, second],
                               blank_centre[first, second]))
    refined = _combined(shape, apart, first, second, rough.shape)
    if estimated:
        ratio = float(np.median(refined / np.maximum(rough[first, second], 1e-18)))
        out = rough * ratio
    else:
        out = np.full(rough.shape, FAR * (float(refined.max()) + 1e-9))
    out[first, second] = refined
    return out


def _curve(side: sides.Side, size: float) -> Points:
    """The side as the tab it is or fits (sides.canonical), in piece sizes, resampled and
    smoothed."""
    points = sides.canonical(side) * (side.length / size)
    points = _resampled(points, 400)
    spacing = float(np.linalg.norm(np.diff(points, axis=0), axis=1).mean()) or 1.0
    return sides._smoothed_open(points, SMOOTHING / spacing)


def _resampled(points: Points, count: int) -> Points:
    """`count` points evenly along an open curve, its ends kept."""
    along = _along(points)
    wanted = np.linspace(0.0, along[-1], count)
    return np.column_stack([np.interp(wanted, along, points[:, 0]),
                            np.interp(wanted, along, points[:, 1])])


def _stepped(points: Points, step: float) -> Points:
    """Points every `step` along an open curve from its start."""
    along = _along(points)
    wanted = np.arange(0.0, along[-1], step)
    return np.column_stack([np.interp(wanted, along, points[:, 0]),
                            np.interp(wanted, along, points[:, 1])])


def _along(points: Points) -> npt.NDArray[np.float64]:
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    return np.concatenate([[0.0], np.cumsum(steps)])


Placing = tuple[Costs, Points, Points]  # per pair: turn (radians), then its two centres


def _slid_procrustes(tab_curves: list[Points], blank_curves: list[Points]
                     ) -> tuple[Costs, Placing]:
    """(1): the least mean squared distance of a tab's middle window to a blank's, the
    blank's slid by -SLIDE..SLIDE steps, each placing the best turn and shift; and that
    placing (the turn taking the tab's window onto the blank's, the two windows' centres),
    where (2) starts."""
    tabs = [_stepped(curve, STEP) for curve in tab_curves]
    blanks = [_stepped(curve, STEP) for curve in blank_curves]
    shortest = min(len(points) for points in tabs + blanks)
    window = min(shortest, max(4, shortest - 2 * SLIDE - 2 * round(MARGIN / STEP)))

    def cut(points: Points, shift: int) -> Points:
        start = max(0, min(len(points) - window, (len(points) - window) // 2 + shift))
        return points[start:start + window]

    tab_windows = np.array([cut(points, 0) for points in tabs])  # t × w × 2
    blank_windows = np.array([[cut(points, shift) for shift in range(-SLIDE, SLIDE + 1)]
                              for points in blanks])  # b × s × w × 2
    tab_centres = tab_windows.mean(axis=1)  # t × 2
    blank_centres = blank_windows.mean(axis=2)  # b × s × 2
    tab_windows -= tab_centres[:, None, :]
    blank_windows -= blank_centres[:, :, None, :]
    # tabs a chunk at a time: the t × b × s arrays below stay within ROUGH_CHUNK elements
    step = max(1, ROUGH_CHUNK // max(1, len(blanks) * (2 * SLIDE + 1)))
    cost = np.zeros((len(tabs), len(blanks)))
    turn = np.zeros((len(tabs), len(blanks)))
    centres = np.zeros((len(tabs), len(blanks), 2))
    for start in range(0, len(tabs), step):
        at = slice(start, start + step)
        cost[at], turn[at], centres[at] = _rough(tab_windows[at], blank_windows,
                                                 blank_centres)
    placing = (turn, np.broadcast_to(tab_centres[:, None, :], centres.shape), centres)
    return cost, placing


def _rough(tab_windows: Points, blank_windows: Points, blank_centres: Points
           ) -> tuple[Costs, Costs, Points]:
    """(1) for some tabs (t × w × 2, centred) against every blank's slid windows (b × s × w
    × 2, centred; their centres b × s × 2): the least mean squared distance, the turn taking
    the tab's window onto the blank's, and that blank window's centre."""
    window = tab_windows.shape[1]
    tab_norms = (tab_windows ** 2).sum(axis=(1, 2))
    blank_norms = (blank_windows ** 2).sum(axis=(2, 3))
    dot = np.einsum("twd,bswd->tbs", tab_windows, blank_windows)
    cross = (np.einsum("tw,bsw->tbs", tab_windows[..., 0], blank_windows[..., 1])
             - np.einsum("tw,bsw->tbs", tab_windows[..., 1], blank_windows[..., 0]))
    # the best turn leaves |a|² + |b|² - 2 |Σ a·b + i a×b| (Procrustes in the plane)
    residual = (tab_norms[:, None, None] + blank_norms[None, :, :]
                - 2 * np.sqrt(dot ** 2 + cross ** 2))
    best = residual.argmin(axis=2)[..., None]  # t × b × 1
    turn = np.arctan2(np.take_along_axis(cross, best, axis=2),
                      np.take_along_axis(dot, best, axis=2))[..., 0]
    centres = np.take_along_axis(np.broadcast_to(blank_centres[None], (*best.shape[:2],
                                                                       *blank_centres.shape[1:])),
                                 best[..., None], axis=2)[:, :, 0, :]
    cost = np.maximum(np.take_along_axis(residual, best, axis=2)[..., 0], 0.0) / window
    return np.asarray(cost, dtype=float), np.asarray(turn, dtype=float), centres


def _middle(points: Points) -> Points:
    """The curve without MARGIN at either end (along its chord, in piece sizes)."""
    x = points[:, 0]
    inside = np.flatnonzero((x >= MARGIN) & (x <= x[-1] - MARGIN))
    if len(inside) < 4:
        return points
    return points[inside[0]:inside[-1] + 1]


def _icp_costs(tab_curves: list[Points], blank_curves: list[Points],
               first: npt.NDArray[np.intp], second: npt.NDArray[np.intp],
               placing: Placing) -> tuple[Costs, Costs]:
    """(2) for the pairs (first[k], second[k]), from the placings of (1): the mean of both
    ways' shape costs, and of their corners' squared distances."""
    def prepared(curves: list[Points]) -> tuple[Points, Points]:
        middles = np.array([_resampled(_middle(curve), MIDDLE_POINTS) for curve in curves])
        wholes = np.array([_resampled(curve, CURVE_POINTS) for curve in curves])
        return middles, wholes

    tab_middles, tab_wholes = prepared(tab_curves)
    blank_middles, blank_wholes = prepared(blank_curves)
    tab_ends = np.array([curve[[0, -1]] for curve in tab_curves])
    blank_ends = np.array([curve[[0, -1]] for curve in blank_curves])
    turn, tab_centre, blank_centre = placing
    shape, apart = np.zeros(len(first)), np.zeros(len(first))
    for start in range(0, len(first), CHUNK):
        at = slice(start, start + CHUNK)
        t, b = first[at], second[at]
        onto_blank = _placed(tab_middles[t], turn[at], tab_centre[at], blank_centre[at])
        onto_tab = _placed(blank_middles[b], -turn[at], blank_centre[at], tab_centre[at])
        ends_onto_blank = _placed(tab_ends[t], turn[at], tab_centre[at], blank_centre[at])
        ends_onto_tab = _placed(blank_ends[b], -turn[at], blank_centre[at], tab_centre[at])
        there, ends_there = _icp(onto_blank, blank_wholes[b], ends_onto_blank)
        back, ends_back = _icp(onto_tab, tab_wholes[t], ends_onto_tab)
        shape[at] = (there + back) / 2
        apart[at] = (_apart(ends_there, blank_ends[b]) + _apart(ends_back, tab_ends[t])) / 2
    return shape, apart


def _apart(placed: Points, ends: Points) -> Costs:
    """How far the corners of one side, placed on the other, are from its corners (their
    mean displacement), squared."""
    return np.asarray(((placed - ends).mean(axis=1) ** 2).sum(axis=1), dtype=float)


def _combined(shape: Costs, apart: Costs, first: npt.NDArray[np.intp],
              second: npt.NDArray[np.intp], shape_of: tuple[int, int]) -> Costs:
    """shape / s + apart / a, in units of s: s and a the median shape cost and squared
    corner distance of the pairs each other's best by shape (the mutual best: nearly all
    true pairs), so that the corners count as much as they are found precisely here."""
    table = np.full(shape_of, np.inf)
    table[first, second] = shape
    best_blank = table.argmin(axis=1)
    best_tab = table.argmin(axis=0)
    mutual = best_tab[best_blank] == np.arange(shape_of[0])
    lookup = np.full(shape_of, -1)
    lookup[first, second] = np.arange(len(first))
    chosen = lookup[np.arange(shape_of[0])[mutual], best_blank[mutual]]
    chosen = chosen[chosen >= 0]
    if len(chosen) == 0:
        return shape
    typical_shape = max(float(np.median(shape[chosen])), SHAPE_FLOOR)
    typical_apart = max(float(np.median(apart[chosen])), APART_FLOOR)
    return np.asarray(shape + apart * (typical_shape / typical_apart), dtype=float)


def _placed(points: Points, turn: Costs, origin: Points, destination: Points) -> Points:
    """k × n points turned by turn[k] about origin[k], then moved there to destination[k]."""
    cos, sin = np.cos(turn)[:, None], np.sin(turn)[:, None]
    a = points - origin[:, None, :]
    return np.stack([cos * a[..., 0] - sin * a[..., 1], sin * a[..., 0] + cos * a[..., 1]],
                    axis=2) + destination[:, None, :]


def _icp(moving: Points, fixed: Points, carried: Points) -> tuple[Costs, Points]:
    """k × n points moved rigidly onto k × m curves, ICP_STEPS steps of iterative closest
    points (each point to the nearest point of the other curve's polyline, then the best
    turn and shift); the mean squared distance left, per pair."""
    current = moving.copy()
    for step in range(ICP_STEPS + 1):
        target = _nearest_on(current, fixed)
        if step == ICP_STEPS:
            return (np.asarray(((current - target) ** 2).sum(axis=2).mean(axis=1), dtype=float),
                    carried)
        here, there = current.mean(axis=1, keepdims=True), target.mean(axis=1, keepdims=True)
        a, b = current - here, target - there
        dot = (a * b).sum(axis=(1, 2))
        cross = (a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]).sum(axis=1)
        angle = np.arctan2(cross, dot)
        current = _placed(current, angle, here[:, 0, :], there[:, 0, :])
        carried = _placed(carried, angle, here[:, 0, :], there[:, 0, :])
    raise AssertionError("unreachable")


def _nearest_on(points: Points, curves: Points) -> Points:
    """For k × n points, the nearest point of each of k polylines (k × m × 2): on one of the
    two segments at the nearest vertex (vertices alone would leave a distance of the
    order of their spacing, as large as what tells two tabs apart)."""
    count = curves.shape[1]
    # |p - c|² as |p|² + |c|² - 2 p·c: a batched product, not a k × n × m × 2 array
    squared = ((points ** 2).sum(axis=2)[:, :, None] + (curves ** 2).sum(axis=2)[:, None, :]
               - 2 * np.matmul(points, curves.transpose(0, 2, 1)))
    vertex = squared.argmin(axis=2)
    best = np.take_along_axis(curves, vertex[:, :, None], axis=1)
    best_distance = ((points - best) ** 2).sum(axis=2)
    for other in (np.maximum(vertex - 1, 0), np.minimum(vertex + 1, count - 1)):
        start = np.take_along_axis(curves, vertex[:, :, None], axis=1)
        end = np.take_along_axis(curves, other[:, :, None], axis=1)
        direction = end - start
        length = (direction ** 2).sum(axis=2)
        t = np.clip(((points - start) * direction).sum(axis=2) / np.maximum(length, 1e-18),
                    0.0, 1.0)
        foot = start + t[..., None] * direction
        distance = ((points - foot) ** 2).sum(axis=2)
        closer = distance < best_distance
        best = np.where(closer[..., None], foot, best)
        best_distance = np.where(closer, distance, best_distance)
    return np.asarray(best, dtype=float)
