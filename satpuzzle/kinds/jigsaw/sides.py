"""A piece's outline cut into its four sides, each classed flat, tab or blank and described
for matching (Behague (2024), §2).

Corners: the outline is resampled evenly and smoothed (the jitter of a scan averages out),
each point gets its bend measured between the points 0.08 piece sizes before and after it;
the corner candidates are the most bent convex points, each the most bent near it. Of every
four of the sixteen most bent, in order along the outline, the four kept score best as a
piece's corners: their quadrilateral close to a rectangle (right angles, opposite sides
equal, every side about the piece's size), the outline between two of them a side (leaving
and reaching its corners along its chord, within a bump's height of it, not beyond its
ends), the corners bent most. Real pieces curve into their tabs and tab heads bend like
corners at that scale: what tells a corner is that the outline leaves it along both
sides' chords, where it leaves a tab's head across them. Generators cut on a grid, and put
nubs beside a corner, leaving it square to their side (piecemaker): such a corner hardly
bends the outline and is no candidate; where most pieces' corners make a rectangle, a
piece's corner goes where its other three put it when that makes a rectangle (on_grid).

A side, from one corner to the next clockwise on screen, is taken in its own frame: the chord
from (0, 0) to (1, 0), the deviation positive outwards. Flat when it keeps within FLAT of its
chord; else a tab when it lies outside its chord on the whole about the chord's middle, a
blank when inside (bump_shape). Two descriptors:
  - `chain` (§2.1): the side on a G × G grid, each cell holding the motif of the curve
    crossing it: 0 none, 1 horizontal, 2 vertical, 3 and 4 the two diagonals (after Freeman
    1961); quadratic in the precision G;
  - `ordinates` (§2.3): at n abscissae of the chord, the curve's lowest, middle and highest
    ordinates (a side of a jigsaw piece has at most three at any abscissa); linear in n.
A blank is described as the tab it fits would be: mirrored (x → 1 − x) and turned inside out
(deviation negated), so that a tab and the blank it fits describe alike ("opposite" matching).
Descriptors are relative to the chord (so free of rotation) and to its length (of scale).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError

Points = npt.NDArray[np.float64]
Vector = npt.NDArray[np.float64]

RESAMPLED = 400  # points of an outline resampled evenly
SMOOTHING = 0.015  # Gaussian smoothing of the outline, in piece sizes
PASSES = 3  # of resampling and smoothing
BEND_ARC = 0.08  # a point's bend is measured between the points this far before and after
CANDIDATE_GAP = 0.08  # a corner candidate bends most within this arc of it
MIN_BEND = 30.0  # degrees: a point bending less is no corner candidate
CANDIDATES = 16  # most bent candidates tried four at a time
DEPARTURE = 0.07  # the arc along which a side leaves its corner along its chord
DEPARTURE_WEIGHT = 5.0  # of how far across its chord a side leaves or reaches its corners
BUMP_HEIGHT = 0.3  # a side strays at most this far from its chord (in chord lengths)
LENGTH_WEIGHT = 3.0  # of a side's length off the piece size by more than a factor
LENGTH_SLACK = 0.3  # e^0.3 = 1.35
BEND_WEIGHT = 3.0  # of the corners' bends (in turns)
REFINE = 0.03  # a corner moves at most this far to where its sides' straight ends meet:
# smoothing rounds a cut corner off by 0.02; on real pieces the ends curve, and a meet
# farther off is no corner (measured on real pieces, matching suffered beyond 0.03)
REFINE_STRAIGHT = 0.06  # ... or this far when both ends are straight within STRAIGHT_FIT
STRAIGHT_FIT = 0.006  # RMS distance of a side's ends from their line, in piece sizes
SHARP_ARM = 0.05  # a corner is sharp when the outline's two arms this long (in piece sizes)
SHARP_FIT = 0.0001  # ... keep within this RMS of their lines (an outline without noise: a
# vector drawing's vertex; lines through a Bezier side's ends miss it by 0.016 piece sizes,
# while in noise lines through many points of straight ends beat short arms)
SHARP_TURN = 30.0  # ... turn within this many degrees of a right angle (slanting cut ends)
SHARP_GAP = 0.012  # ... and meet within this of the outline (a rounded corner misses by more)
SHARP_SEARCH = 0.04  # the sharp point is looked for this far along from the smoothed corner
SHARP_SPACING = 0.005  # the unsmoothed outline resampled this finely (in piece sizes)
# A corner found within this (in piece sizes) of a point known to be a corner (where a cut
# file's or a picture's lines cross) is put there: the crossing is exact, the finder's
# corner under noise is 0.02 off it (a noisy cut-line file's 6x6 to 15x15 boards rebuilt 18
# of 18 so, 0 of 18 without)
KNOWN_SNAP = 0.08
KNOWN_ON = 0.05  # a known corner this near a face's outline (in piece sizes) lies on it
KNOWN_APART = 0.5  # four known corners closer than this (in piece sizes) are not a piece's
# Pieces of a grid cut (on_grid): most pieces' corners make a rectangle (their quadrilateral
# scores under COMPLETE_RECTANGLE, _quad_scores), GRID_SHARE of them at least: piecemaker's
# 0.70-0.83, the own cutter's 0.92-1.00 up to 1 % noise, the puzzle-bot puzzle's real pieces
# 0.01. A corner of another piece goes where the other three's parallelogram puts it
# (_completed) when that point lies within COMPLETE_ON of the outline and COMPLETE_FAR from
# the corner found, and the quadrilateral then scores under COMPLETE_RECTANGLE and
# COMPLETE_GAIN better than before, with at most COMPLETE_LOSS of the outline fewer on its
# chords (within ON_CHORD of them)
GRID_SHARE = 0.5
COMPLETE_ON, COMPLETE_FAR = 0.04, 0.15
COMPLETE_RECTANGLE, COMPLETE_GAIN, COMPLETE_LOSS = 0.1, 0.3, 0.1
ON_CHORD = 0.02  # in piece sizes
STRAIGHT = 0.17  # the ends of a side (in chord lengths) are straight: no bump reaches them
FLAT = 0.06  # a side within this much of its chord (in chord lengths) is flat: real flat
# sides keep within 0.04, a real bump reaches 0.05 and more (measured on 1000 real pieces)
DEVIATION_ENDS = 0.1  # of a side's chord, left out of its deviation (by rank: borders.py)
FLAT_LABEL, TAB, BLANK = 0, 1, -1
BUMP_SPREAD = 0.12  # of the weight telling a tab from a blank, in chord lengths (0.05 to
# 0.2 measured on the puzzle-bot puzzle's inner edges: 0.12 left fewest pairs alike)
DESCRIPTORS = ("arc", "ordinates", "chain")
PROFILE_SMOOTHING = 0.08  # of a side's arc descriptor, in arc lengths of the side
ARC_POINTS = 64  # points of the arc descriptor
SAMPLES = 32  # abscissae of the ordinates descriptor
GRID = 16  # cells a side of the chain-code grid
GRID_LOW, GRID_HIGH = -0.2, 0.45  # the deviations the chain-code grid spans


@dataclass(frozen=True)
class Side:
    """One side of a piece: its points in its own frame (chord (0, 0) → (1, 0), deviation
    positive outwards) and whether it is flat (0), a tab (1) or a blank (-1)."""

    profile: Points
    shape: int
    length: float  # its chord, in the outline's units


@dataclass(frozen=True)
class Piece:
    """A piece's outline (resampled, smoothed, clockwise on screen), its four corners in
    order along it, and its four sides, side i from corner i to corner i + 1."""

    outline: Points
    corners: tuple[int, int, int, int]  # indices of the outline's points nearest them
    sides: tuple[Side, Side, Side, Side]
    corner_points: Points  # 4 × 2: where the sides' straight ends meet
    # as read, for reading it again (on_grid): the outline as given (clockwise), the piece
    # size it was read at, the points known to be corners
    given: Points | None = field(default=None, compare=False, repr=False)
    size: float = field(default=0.0, compare=False, repr=False)
    known: Points | None = field(default=None, compare=False, repr=False)


def piece_size(outlines: list[Points]) -> float:
    """The size of the pieces (the median square root of their areas): every piece is
    smoothed alike, so that the two sides of an edge stay alike."""
    return float(np.median([math.sqrt(abs(area(np.asarray(points, dtype=float))))
                            for points in outlines]))


def piece(outline: Points, index: int = 0, size: float | None = None,
          known: Points | None = None) -> Piece:
    """The corners and sides of one outline (`size`: of the pieces, piece_size; by default
    of this one); an InputError naming the outline when it has no four corners. `known`:
    points known to be corners (k × 2, NaN rows ignored), where a corner found near one
    goes."""
    points = _clockwise(np.asarray(outline, dtype=float))
    size = size or math.sqrt(abs(area(points)))
    if not size > 0 or not np.isfinite(size):
        raise InputError(f"outline {index + 1} encloses no area")
    smooth = points
    for _ in range(PASSES):  # jitter lengthens the outline: each pass measures it again
        smooth = _resampled(smooth, RESAMPLED)
        spacing = _perimeter(smooth) / RESAMPLED
        smooth = _smoothed(smooth, SMOOTHING * size / spacing)
    return _built(points, smooth, _corners(smooth, index, size), size, known)


def _built(points: Points, smooth: Points, corners: tuple[int, int, int, int], size: float,
           known: Points | None) -> Piece:
    """The piece of these corners (indices into `smooth`), placed exactly."""
    # a corner sharp in the outline as given (a vector drawing's vertex) stays there; a
    # rounded or noisy one (smoothing, a real piece's shoulders, a scan) goes where the
    # straight ends of its two sides meet: lines through many points find it precisely
    fine = _resampled(points, min(20 * RESAMPLED, max(RESAMPLED, round(
        _perimeter(points) / (SHARP_SPACING * size)))))
    lines = [_baseline(smooth, corners[i], corners[(i + 1) % 4]) for i in range(4)]
    sharp = [_sharp(fine, smooth[corner], size) for corner in corners]
    exact = np.array([_meet(lines[i - 1], lines[i], smooth[corners[i]], size)
                      if (found := sharp[i]) is None else found for i in range(4)])
    if known is not None:
        corners, exact = _snapped(smooth, corners, exact, known, size)
    sides = tuple(_side(smooth, corners[i], corners[(i + 1) % 4], exact[i], exact[(i + 1) % 4])
                  for i in range(4))
    return Piece(smooth, corners, (sides[0], sides[1], sides[2], sides[3]), exact, points,
                 size, known)


def on_grid(pieces: list[Piece]) -> list[Piece]:
    """The pieces, where GRID_SHARE of them or more have corners making a rectangle (a
    puzzle cut on a grid, as generators cut), with each of the others given a corner where
    the other three put it (_completed) when that makes it one too. Real pieces are no
    rectangles (1 in 100 of the puzzle-bot puzzle's): they are left as read. The list
    itself when no piece changed."""
    scores = [_quad_score(piece) for piece in pieces]
    if not pieces or np.mean(np.array(scores) < COMPLETE_RECTANGLE) < GRID_SHARE:
        return pieces
    redone = []
    for piece, score in zip(pieces, scores):
        if score >= COMPLETE_RECTANGLE and piece.given is not None:
            corners = _completed(piece.outline, piece.corners, piece.size)
            if corners != piece.corners:
                piece = _built(piece.given, piece.outline, corners, piece.size, piece.known)
        redone.append(piece)
    return pieces if all(a is b for a, b in zip(redone, pieces)) else redone


def _quad_score(piece: Piece) -> float:
    return float(_quad_scores(piece.outline[np.array([piece.corners])],
                              abs(area(piece.outline)))[0])


def _snapped(smooth: Points, corners: tuple[int, int, int, int], exact: Points,
             known: Points, size: float) -> tuple[tuple[int, int, int, int], Points]:
    """Each corner within KNOWN_SNAP of a known one moved onto it (its index onto the
    outline's point nearest it), unless that would take the corners out of their order."""
    known = np.asarray(known, dtype=float).reshape(-1, 2)
    known = known[np.isfinite(known).all(axis=1)]
    if not len(known):
        return corners, exact
    if len(known) == 4 and (taken := _four_known(smooth, known, size)) is not None:
        return taken
    snapped = exact.copy()
    moved = list(corners)
    for i in range(4):
        distances = np.linalg.norm(known - exact[i], axis=1)
        nearest = int(np.argmin(distances))
        if distances[nearest] <= KNOWN_SNAP * size:
            snapped[i] = known[nearest]
            moved[i] = int(np.argmin(np.linalg.norm(smooth - known[nearest], axis=1)))
    # the corners go round the outline in order: snaps that break it are not taken
    ranks = [(index - moved[0]) % len(smooth) for index in moved]
    if ranks != sorted(ranks) or len(set(moved)) < 4:
        return corners, exact
    return (moved[0], moved[1], moved[2], moved[3]), snapped


def _four_known(smooth: Points, known: Points, size: float
                ) -> tuple[tuple[int, int, int, int], Points] | None:
    """A face with exactly four known corners (a grid cut's crossings) takes them, in the
    outline's order from the top left one (where the finder starts a piece in place), when
    each lies on the outline (within KNOWN_ON of it): the finder can take a nub next to a
    corner for it, as in piecemaker's cuts, which put nubs anywhere along a side; the
    crossings cannot."""
    apart = np.linalg.norm(known[:, None, :] - known[None, :, :], axis=2)
    if apart[np.triu_indices(4, 1)].min() < KNOWN_APART * size:  # a spurious crossing
        return None
    distances = np.linalg.norm(smooth[:, None, :] - known[None, :, :], axis=2)
    nearest = distances.argmin(axis=0)
    if distances[nearest, np.arange(4)].max() > KNOWN_ON * size or len(set(nearest)) < 4:
        return None
    order = list(np.argsort(nearest))
    first = order.index(int(np.argmin(known.sum(axis=1))))  # the top left: side 0 on top
    order = order[first:] + order[:first]
    return (int(nearest[order[0]]), int(nearest[order[1]]), int(nearest[order[2]]),
            int(nearest[order[3]])), known[order]


def _perimeter(points: Points) -> float:
    return float(np.linalg.norm(np.diff(points, axis=0, append=points[:1]), axis=1).sum())


def area(points: Points) -> float:
    """The shoelace area: > 0 clockwise on screen (y down)."""
    x, y = points[:, 0], points[:, 1]
    return float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) / 2


def _clockwise(points: Points) -> Points:
    """Clockwise on screen (y down): a positive shoelace area."""
    return points if area(points) > 0 else points[::-1].copy()


def _resampled(points: Points, count: int) -> Points:
    closed = np.vstack([points, points[:1]])
    steps = np.linalg.norm(np.diff(closed, axis=0), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])
    wanted = np.linspace(0.0, along[-1], count, endpoint=False)
    return np.column_stack([np.interp(wanted, along, closed[:, 0]),
                            np.interp(wanted, along, closed[:, 1])])


def _smoothed(points: Points, sigma: float) -> Points:
    if sigma < 0.3:
        return points
    half = int(3 * sigma) + 1
    offsets = np.arange(-half, half + 1)
    kernel = np.exp(-0.5 * (offsets / sigma) ** 2)
    kernel /= kernel.sum()
    padded = np.vstack([points[-half:], points, points[:half]])
    return np.column_stack([np.convolve(padded[:, 0], kernel, "valid"),
                            np.convolve(padded[:, 1], kernel, "valid")])


def _angles(points: Points, arc: int) -> tuple[Vector, Vector]:
    """Each point's angle (degrees) between the points `arc` before and after it, and its
    turn (> 0: convex, clockwise on screen)."""
    before = np.roll(points, arc, axis=0) - points
    after = np.roll(points, -arc, axis=0) - points
    cosine = (before * after).sum(axis=1) / (np.linalg.norm(before, axis=1)
                                             * np.linalg.norm(after, axis=1) + 1e-12)
    turn = -before[:, 0] * after[:, 1] + before[:, 1] * after[:, 0]
    return np.degrees(np.arccos(np.clip(cosine, -1.0, 1.0))), turn


def _candidates(points: Points, spacing: float, size: float) -> tuple[npt.NDArray[np.intp],
                                                                         Vector]:
    """The corner candidates, in order along the outline: the points bending most (convex,
    measured over BEND_ARC), each the most bent within CANDIDATE_GAP of it; and every
    point's bend (degrees, 0 where concave)."""
    count = len(points)
    angle, turn = _angles(points, max(2, round(BEND_ARC * size / spacing)))
    bend = np.where(turn > 0, 180.0 - angle, 0.0)
    gap = max(1, round(CANDIDATE_GAP * size / spacing))
    around = bend[(np.arange(count)[:, None] + np.arange(-gap, gap + 1)[None, :]) % count]
    peaks = np.flatnonzero((bend > MIN_BEND) & (bend >= around.max(axis=1)))
    strongest = peaks[np.argsort(-bend[peaks], kind="stable")][:CANDIDATES]
    return np.sort(strongest), bend


def _corners(points: Points, index: int, size: float) -> tuple[int, int, int, int]:
    """The four corners: of every four candidates in order along the outline, the four whose
    quadrilateral is closest to a rectangle of the piece's size with the outline between
    them four sides (each leaving its corner along its chord, one bump at most), the
    corners bending most. A tab's head bends as much as a corner, but the outline leaves
    it across the chords of the sides it would make; two points of one head are too close."""
    spacing = _perimeter(points) / len(points)
    candidates, bend = _candidates(points, spacing, size)
    if len(candidates) < 4:
        raise InputError(f"outline {index + 1}: no four corners found (is it a jigsaw piece?)")
    sides = _side_costs(points, candidates, max(1, round(DEPARTURE * size / spacing)))
    order = np.array(list(combinations(range(len(candidates)), 4)))  # into candidates
    following = np.roll(order, -1, axis=1)
    corners = points[candidates]
    lengths = np.linalg.norm(corners[following] - corners[order], axis=2) / size
    score = (sides[order, following].sum(axis=1)
             + _quad_scores(corners[order], abs(area(points)))
             + LENGTH_WEIGHT * np.maximum(0.0, np.abs(np.log(lengths + 1e-12))
                                          - LENGTH_SLACK).sum(axis=1)
             - BEND_WEIGHT * bend[candidates][order].sum(axis=1) / 360)
    chosen = candidates[order[int(np.argmin(score))]]
    return int(chosen[0]), int(chosen[1]), int(chosen[2]), int(chosen[3])


def _completed(points: Points, corners: tuple[int, int, int, int], size: float
               ) -> tuple[int, int, int, int]:
    """The corners of a grid cut's piece with one put where the other three say it is. A nub
    leaving a corner square to its side (piecemaker's start at a corner) bends the outline
    there hardly at all, so that the corner is no candidate and a nub's head is taken
    instead. Where the parallelogram of the other three corners puts the fourth on the
    outline, far from the one found, and the quadrilateral is then a
    rectangle (a grid's cell) where it was not, with about as much of the outline on its
    chords, the corner goes there. Only for grid cuts: real pieces are no rectangles, and
    the fourth point of three real corners' parallelogram often lies on a side's flank
    (on the puzzle-bot puzzle, 2 of 1000 pieces would pass even the stricter bounds of a
    15-degree bend and 0.02 of the outline fewer on the chords)."""
    chosen = list(corners)
    count = len(points)
    for i in range(4):
        before, after, opposite = chosen[i - 1], chosen[(i + 1) % 4], chosen[(i + 2) % 4]
        wanted = points[before] + points[after] - points[opposite]
        between = (before + 1 + np.arange((after - before - 1) % count)) % count
        if not len(between):
            continue
        gaps = np.linalg.norm(points[between] - wanted, axis=1)
        nearest = int(between[int(np.argmin(gaps))])
        if (gaps.min() > COMPLETE_ON * size
                or np.linalg.norm(points[chosen[i]] - wanted) < COMPLETE_FAR * size):
            continue
        trial = chosen.copy()
        trial[i] = nearest
        scores = _quad_scores(points[np.array([chosen, trial])], abs(area(points)))
        if (scores[1] < min(COMPLETE_RECTANGLE, scores[0] - COMPLETE_GAIN)
                and _on_chords(points, trial, size)
                > _on_chords(points, chosen, size) - COMPLETE_LOSS):
            chosen = trial
    return chosen[0], chosen[1], chosen[2], chosen[3]


def _on_chords(points: Points, corners: list[int], size: float) -> float:
    """The share of the outline lying on its sides' chords (within ON_CHORD of the chord
    from corner to corner, between its ends)."""
    count = len(points)
    near = 0
    for i in range(4):
        start, end = corners[i], corners[(i + 1) % 4]
        chunk = points[(start + np.arange((end - start) % count + 1)) % count]
        a, b = points[start], points[end]
        chord = b - a
        length = float(np.linalg.norm(chord)) or 1.0
        relative = chunk - a
        along = relative @ chord / length ** 2
        across = np.abs(relative[:, 0] * chord[1] - relative[:, 1] * chord[0]) / length
        near += int(((across < ON_CHORD * size) & (along > 0) & (along < 1)).sum())
    return near / count


def _side_costs(points: Points, candidates: npt.NDArray[np.intp], departure: int
                ) -> npt.NDArray[np.float64]:
    """For each two candidates k, l: how unlike a side the outline from k forward to l is,
    in its chord's frame: leaving k and reaching l across the chord (a side leaves its
    corners along it), straying more than BUMP_HEIGHT from it, or beyond its ends."""
    count = len(points)
    corners = points[candidates]
    chords = corners[None, :, :] - corners[:, None, :]  # k × l × 2, k → l
    lengths = np.linalg.norm(chords, axis=2) + 1e-12
    along = chords / lengths[..., None]
    leaving = _unit(points[(candidates + departure) % count] - corners)
    reaching = _unit(corners - points[(candidates - departure) % count])
    ends = (2.0 - (along * leaving[:, None, :]).sum(axis=2)
            - (along * reaching[None, :, :]).sum(axis=2))
    relative = points[None, None, :, :] - corners[:, None, None, :]  # k × 1 × n × 2
    x = (relative * along[:, :, None, :]).sum(axis=3) / lengths[..., None]
    y = (relative[..., 0] * along[:, :, None, 1]
         - relative[..., 1] * along[:, :, None, 0]) / lengths[..., None]
    steps = np.arange(count)
    inside = ((steps[None, None, :] - candidates[:, None, None]) % count
              <= (candidates[None, :, None] - candidates[:, None, None]) % count)
    stray = np.where(inside, np.abs(y), 0.0).max(axis=2)
    beyond = (np.maximum(0.0, -np.where(inside, x, 0.0).min(axis=2) - 0.1)
              + np.maximum(0.0, np.where(inside, x, 1.0).max(axis=2) - 1.1))
    return np.asarray(DEPARTURE_WEIGHT * ends + 2.0 * np.maximum(0.0, stray - BUMP_HEIGHT)
                      + 2.0 * beyond, dtype=float)


def _unit(vectors: Points) -> Points:
    return vectors / (np.linalg.norm(vectors, axis=1, keepdims=True) + 1e-12)


def _quad_scores(quads: Points, area: float) -> Vector:
    """How far each quadrilateral is from a rectangle about the piece's size: 0 for one."""
    edges = np.roll(quads, -1, axis=1) - quads
    lengths = np.linalg.norm(edges, axis=2) + 1e-12  # c × 4
    previous = np.roll(edges, 1, axis=1)
    cosines = np.abs((edges * previous).sum(axis=2)) / (lengths * np.roll(lengths, 1, axis=1))
    opposite = (np.abs(lengths[:, 0] - lengths[:, 2]) + np.abs(lengths[:, 1] - lengths[:, 3])
                ) / lengths.mean(axis=1)
    x, y = quads[..., 0], quads[..., 1]
    areas = np.abs((x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y).sum(axis=1)) / 2
    # tabs and blanks change the piece's area: only a quadrilateral much smaller counts
    return np.asarray(cosines.sum(axis=1) + opposite + np.maximum(0.0, 0.7 - areas / area),
                      dtype=float)


Line = tuple[Vector, Vector, float]  # a point, a unit direction, the fit's RMS distance


def _chunk(points: Points, start: int, end: int) -> Points:
    stop = end if end > start else end + len(points)
    return np.take(points, np.arange(start, stop + 1), axis=0, mode="wrap")


def _frame(chunk: Points, a: Vector, b: Vector) -> tuple[Points, float]:
    """The points relative to the chord a → b: x along it from 0 to 1, y the deviation
    outwards (clockwise on screen the interior is on the left of the walk: y down)."""
    chord = b - a
    length = float(np.linalg.norm(chord)) or 1.0
    ux = chord / length
    uy = np.array([-ux[1], ux[0]])
    relative = chunk - a
    return np.column_stack([relative @ ux, -(relative @ uy)]) / length, length


def _baseline(points: Points, start: int, end: int) -> Line:
    """The line through the straight ends of a side (least squares), or its chord when too
    few points are there."""
    chunk = _chunk(points, start, end)
    profile, _ = _frame(chunk, chunk[0], chunk[-1])
    distance = np.abs(profile[:, 0] - 0.5)
    ends = (distance > 0.5 - STRAIGHT) & (distance < 0.44)
    if ends.sum() < 6 or np.ptp(profile[ends, 0]) < 0.5:
        ends = np.ones(len(chunk), dtype=bool)
    chosen = chunk[ends]
    centre = chosen.mean(axis=0)
    _, spread, axes = np.linalg.svd(chosen - centre, full_matrices=False)
    direction = axes[0] if np.dot(axes[0], chunk[-1] - chunk[0]) > 0 else -axes[0]
    return centre, direction, float(spread[1]) / math.sqrt(len(chosen))


def _meet(first: Line, second: Line, fallback: Vector, size: float) -> Vector:
    (p, u, first_fit), (q, v, second_fit) = first, second
    matrix = np.column_stack([u, -v])
    if abs(np.linalg.det(matrix)) < 0.2:  # nearly parallel: no corner there
        return fallback
    t = np.linalg.solve(matrix, q - p)
    point = p + t[0] * u
    # real sides curve near their corners, and lines through curved ends meet off the
    # corner: the farther reach is for ends that are straight
    straight = max(first_fit, second_fit) < STRAIGHT_FIT * size
    reach = (REFINE_STRAIGHT if straight else REFINE) * size
    return point if np.linalg.norm(point - fallback) < reach else fallback


def _lines(arms: Points) -> tuple[Points, Points, Vector]:
    """Lines fitted to each of k arms (k × n × 2): centres, unit directions, RMS distances."""
    centres = arms.mean(axis=1)
    _, spread, axes = np.linalg.svd(arms - centres[:, None, :], full_matrices=False)
    return centres, axes[:, 0, :], spread[:, 1] / math.sqrt(arms.shape[1])


def _sharp(fine: Points, near: Vector, size: float) -> Vector | None:
    """Where the outline (unsmoothed, resampled finely) is sharp near `near`: the point along
    it whose two arms (SHARP_ARM long) are straightest, when they are straight, turn about a
    right angle and their lines meet on the outline; None where it is rounded or noisy."""
    count = len(fine)
    spacing = _perimeter(fine) / count
    arm = np.arange(1, max(4, round(SHARP_ARM * size / spacing)) + 1)
    search = max(1, round(SHARP_SEARCH * size / spacing))
    middle = int(np.argmin(np.linalg.norm(fine - near, axis=1)))
    at = middle + np.arange(-search, search + 1)
    p, u, before = _lines(fine[(at[:, None] - arm[None, :]) % count])
    q, v, after = _lines(fine[(at[:, None] + arm[None, :]) % count])
    turn = np.degrees(np.arccos(np.minimum(1.0, np.abs((u * v).sum(axis=1)))))
    fit = np.where(np.abs(90.0 - turn) <= SHARP_TURN, np.maximum(before, after), np.inf)
    best = int(np.argmin(fit))
    if not fit[best] <= SHARP_FIT * size:
        return None
    t = np.linalg.solve(np.column_stack([u[best], -v[best]]), q[best] - p[best])
    point = p[best] + t[0] * u[best]
    if np.linalg.norm(fine[(at[best] + np.arange(-2, 3)) % count] - point, axis=1).min() > (
            SHARP_GAP * size):
        return None
    return np.asarray(point, dtype=float)


def _side(points: Points, start: int, end: int, a: Vector, b: Vector) -> Side:
    profile, length = _frame(_chunk(points, start, end), a, b)
    flat = float(np.abs(profile[:, 1]).max()) < FLAT
    return Side(profile, FLAT_LABEL if flat else bump_shape(profile), length)


def deviation(side: Side) -> float:
    """How far the side strays from its chord at most, in chord lengths, away from its ends
    (within DEVIATION_ENDS of them the smoothing rounds the corner off: a straight side reads
    0.017 there, as much as piecemaker's nearly straight inner sides)."""
    x = side.profile[:, 0]
    middle = (x > DEVIATION_ENDS) & (x < 1 - DEVIATION_ENDS)
    return float(np.abs(side.profile[middle if middle.any() else slice(None), 1]).max())


def bump_shape(profile: Points) -> int:
    """A side that is not flat: a tab when it lies outside its chord on the whole about the
    chord's middle (its deviation weighted by a Gaussian of BUMP_SPREAD chord lengths about
    x = 1/2, along the chord), a blank when inside. Real sides swing out at one shoulder and
    in at the other nearly as far as a shallow head (the puzzle-bot puzzle: +0.14 and -0.13):
    the farthest point alone gave the two sides of 34 of its 1,927 inner edges the same
    class, this 12 (measured against its assembly)."""
    return TAB if bump_weight(profile) > 0 else BLANK


def bump_weight(profile: Points) -> float:
    """What bump_shape weighs: the side's deviation weighted about the chord's middle,
    > 0 outwards; near 0 the sign is the least sure."""
    x, y = profile[:, 0], profile[:, 1]
    weight = np.exp(-0.5 * ((x - 0.5) / BUMP_SPREAD) ** 2)
    middle = (y[1:] + y[:-1]) * (weight[1:] + weight[:-1]) / 4
    return float((middle * np.abs(np.diff(x))).sum())


# ---------------------------------------------------------------- descriptors


def canonical(side: Side) -> Points:
    """The side as the tab it is or fits: a blank mirrored and turned inside out."""
    if side.shape == BLANK:
        return np.column_stack([1.0 - side.profile[::-1, 0], -side.profile[::-1, 1]])
    return side.profile


def describe(side: Side, descriptor: str = "arc", precision: int | None = None) -> Vector:
    """The side's descriptor as a vector (of its canonical form: a tab and the blank it fits
    alike)."""
    profile = canonical(side)
    if descriptor == "chain":
        return chain_code(profile, precision or GRID).ravel().astype(float)
    if descriptor == "arc":
        dense = _dense(_trimmed(profile), 4 * (precision or ARC_POINTS))
        return _smoothed_open(dense, PROFILE_SMOOTHING * len(dense))[::4].ravel()
    if descriptor == "ordinates":
        return ordinates(profile, precision or SAMPLES).ravel()
    raise InputError(f"unknown descriptor {descriptor!r}; expected one of "
                     f"{', '.join(DESCRIPTORS)}")


def ordinates(profile: Points, samples: int) -> Points:
    """§2.3: at `samples` abscissae of the chord, the lowest, middle and highest ordinate of
    the curve there (0 where it does not pass)."""
    xs = (np.arange(samples) + 0.5) / samples
    x0, y0 = profile[:-1, 0], profile[:-1, 1]
    x1, y1 = profile[1:, 0], profile[1:, 1]
    out = np.zeros((samples, 3))
    for k, x in enumerate(xs):
        crossing = (x0 - x) * (x1 - x) <= 0
        crossing &= x0 != x1
        if not crossing.any():
            continue
        t = (x - x0[crossing]) / (x1[crossing] - x0[crossing])
        ys = np.sort(y0[crossing] + t * (y1[crossing] - y0[crossing]))
        out[k] = ys[0], ys[len(ys) // 2], ys[-1]
    return out


def chain_code(profile: Points, grid: int) -> npt.NDArray[np.int8]:
    """§2.1: the side on a grid × grid lattice over the chord (x from 0 to 1, deviation from
    GRID_LOW to GRID_HIGH), each cell the motif of the curve through it: 0 none, 1
    horizontal, 2 vertical, 3 one diagonal, 4 the other; as one-hot planes (grid × grid × 4)
    so that distances between motifs are equal."""
    dense = _dense(profile, grid * 8)
    cx = np.clip((dense[:, 0] * grid).astype(int), 0, grid - 1)
    cy = np.clip(((dense[:, 1] - GRID_LOW) / (GRID_HIGH - GRID_LOW) * grid).astype(int), 0,
                 grid - 1)
    cells = cx * grid + cy
    motifs = np.zeros((grid * grid, 4), dtype=np.int8)
    change = np.flatnonzero(np.diff(cells)) + 1
    starts = np.concatenate([[0], change])
    ends = np.concatenate([change, [len(cells)]]) - 1
    for first, last in zip(starts, ends):
        dx, dy = dense[last] - dense[first]
        if abs(dx) > 2 * abs(dy):
            motif = 1
        elif abs(dy) > 2 * abs(dx):
            motif = 2
        else:
            motif = 3 if dx * dy > 0 else 4
        motifs[cells[first], motif - 1] = 1
    return motifs


def _smoothed_open(points: Points, sigma: float) -> Points:
    """Gaussian smoothing of an open curve, its ends held (reflected padding)."""
    if sigma < 0.3:
        return points
    half = min(int(3 * sigma) + 1, len(points) - 1)
    offsets = np.arange(-half, half + 1)
    kernel = np.exp(-0.5 * (offsets / sigma) ** 2)
    kernel /= kernel.sum()
    padded = np.vstack([2 * points[0] - points[half:0:-1], points,
                        2 * points[-1] - points[-2:-half - 2:-1]])
    return np.column_stack([np.convolve(padded[:, 0], kernel, "valid"),
                            np.convolve(padded[:, 1], kernel, "valid")])


def _trimmed(profile: Points, margin: float = 0.08) -> Points:
    """The side between the abscissae `margin` and 1 - `margin`, its ends on them exactly:
    the corners, rounded differently on the two pieces of an edge, are left out, so that the
    arc length is counted from the same places on both."""
    x = profile[:, 0]
    first = int(np.argmax(x >= margin))
    last = len(x) - 1 - int(np.argmax(x[::-1] <= 1 - margin))
    if not 0 < first < last < len(x) - 1:
        return profile
    def at(i: int, j: int, value: float) -> Points:
        t = (value - x[i]) / (x[j] - x[i]) if x[j] != x[i] else 0.0
        return profile[i] + t * (profile[j] - profile[i])
    return np.vstack([at(first - 1, first, margin), profile[first:last + 1],
                      at(last, last + 1, 1 - margin)])


def _dense(profile: Points, count: int) -> Points:
    steps = np.linalg.norm(np.diff(profile, axis=0), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])
    wanted = np.linspace(0.0, along[-1], count)
    return np.column_stack([np.interp(wanted, along, profile[:, 0]),
                            np.interp(wanted, along, profile[:, 1])])
