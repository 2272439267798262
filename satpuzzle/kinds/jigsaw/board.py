"""From the outlines of real (or cut) pieces to a jigsaw board, after Behague (2024), §2:
each outline cut into four sides (satpuzzle.kinds.jigsaw.sides), the tabs and blanks grouped
into edge classes by their descriptors, each class a label: flat 0, a tab of class c the
label +c, a blank of class c the label -c, so that `opposite` matching fits a tab to the blank
of its class. The instance keeps every piece's outline and corners to draw the board
assembled.

Grouping (`grouping`):
  - `kmeans` (§2.2, annex 7.3.1): k-means over the descriptors of the tabs and of the blanks
    as the tabs they fit (scikit-learn, the `outlines` extra); k is `classes`, by default one
    class per tab (the interior edges of a sound cut), or "auto": the k of the best
    silhouette among fractions of that;
  - `pairs`: each tab paired with one blank, the pairing of least total distance (the
    assignment problem, scipy), one class per pair: k-means asks that each cluster hold a
    tab and its blank, this makes it so;
  - `auto` (the default): the labels of `pairs`, or of `assembled` where the depth-first
    search proves that those allow no board (satpuzzle.kinds.jigsaw.boardcheck);
  - `aligned`: the same pairing, its costs not distances between descriptors but how far a
    tab and a blank stay apart when their curves are laid on each other (turned and moved,
    their ends free to slide: satpuzzle.kinds.jigsaw.sidematch), so that a corner found
    slightly off does not move the whole comparison.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError
from satpuzzle.instances import Options
from satpuzzle.kinds.jigsaw import borders, outlines, shared_sides
from satpuzzle.kinds.jigsaw import sides as side_shapes
from satpuzzle.kinds.jigsaw.puzzle import (
    JigsawInstance,
    Piece,
    Solution,
    _board_from_borders,
    parse_board,
    piece_of,
)

Points = npt.NDArray[np.float64]
GROUPINGS = ("auto", "pairs", "kmeans", "aligned", "assembled")
MERGE = 3.0  # pairs closer than this many typical pair distances share a class
ALIGNED_MERGE = 0.9  # the same for the aligned costs (measured: DETAILS.md), the typical
ALIGNED_FLOOR = 1e-6  # pair's cost taken as at least this (0.001 piece sizes apart, squared):
# without noise two tabs alike within that are told apart only by the corners' places
MISREAD = 100.0  # a side misread in the assembly costs this many typical pairs
ALIKE = 0.005  # two tabs' descriptors this near: alike shapes, not noise (_merged_unlike)
SPECK = 0.25  # an outline enclosing less of the median piece's area is no piece
GROUPING = "auto"  # pairs, or assembled where pairs allows no board (docs/BENCHMARKS.md)


@dataclass(frozen=True)
class OutlinedJigsaw(JigsawInstance):
    """A jigsaw read from outlines: its pieces' labels, and per piece its outline (clockwise
    on screen) and its four corners, piece side i (label i: top, right, bottom, left) running
    from corner i to corner i + 1. Outlines do not count in comparisons: the puzzle is its
    labels."""

    shapes: tuple[Points, ...] = field(default=(), compare=False, repr=False)
    corners: tuple[Points, ...] = field(default=(), compare=False, repr=False)
    # the outlines of the file left out as no piece, and why (the pieces numbered without them)
    left_out: tuple[str, ...] = field(default=(), compare=False, repr=False)
    grouping: str = field(default="", compare=False, repr=False)  # the one that gave the labels


def board(shapes: list[Points], options: Options, title: str | None = None
          ) -> OutlinedJigsaw:
    """The jigsaw of these outlines: labels from the edge classes, the board size from the
    border pieces (or options["board"]). Outlines that are no piece (a speck under SPECK of
    a piece's area, a shape with no four corners: a print's fragment) are left out, named
    in `left_out`, when the others make a board; else the first of them is the error."""
    scale = side_shapes.piece_size(shapes)
    pieces: list[side_shapes.Piece] = []
    left_out: list[InputError] = []
    read = shapes if isinstance(shapes, outlines.Outlines) else None
    # where lines cross (cut-line files, pictures of lines): known corners, and the grid
    known = read.corners if read is not None and read.corners is not None else None
    for index, outline in enumerate(shapes):
        area = abs(side_shapes.area(np.asarray(outline, dtype=float)))
        share = area / scale ** 2 if scale > 0 else 0.0
        try:
            if share < SPECK:
                raise InputError(f"outline {index + 1}: a speck ({share:.2f} of a piece's "
                                 f"area), no piece")
            pieces.append(side_shapes.piece(outline, index, scale,
                                            known[index] if known is not None else None))
        except InputError as error:
            left_out.append(error)
    grid = read.grid if read is not None and not left_out else None
    pieces = shared_sides.opposed(borders.settled(pieces, parse_board(options.get("board"))
                                                  or grid))
    labels, size, grouping = _labels_and_size(pieces, options,
                                              parse_board(options.get("board")) or grid)
    # open paths left out (cut lines) are the likelier cause when the closed ones make no board
    note = shapes.open_paths_note() if isinstance(shapes, outlines.Outlines) else ""
    first = f"{note}; " if note else ""
    if left_out and (size is None or size[0] * size[1] != len(labels)):
        more = f" (and {len(left_out) - 1} more)" if len(left_out) > 1 else ""
        why = (_border_count(labels) if size is None
               else f"a {size[0]}×{size[1]} board holds {size[0] * size[1]}")
        raise InputError(f"{first}{left_out[0].message}{more}; without "
                         f"{'them' if more else 'it'}, the other {len(labels)} outlines make "
                         f"no board ({why})")
    if size is None:
        raise InputError(f"{first}cannot tell the board of {len(labels)} pieces from their "
                         f"flat sides ({_border_count(labels)}): give --board RxC")
    rows, cols = size
    return OutlinedJigsaw(rows, cols, tuple(labels), "puzzle", "opposite", "zero", title,
                          shapes=tuple(piece.outline for piece in pieces),
                          corners=tuple(piece.corner_points for piece in pieces),
                          left_out=tuple(error.message for error in left_out),
                          grouping=grouping)


def _labels_and_size(pieces: list[side_shapes.Piece], options: Options,
                     given: tuple[int, int] | None
                     ) -> tuple[list[Piece], tuple[int, int] | None, str]:
    """The pieces' labels by the grouping asked for, the board's size (`given`, or told
    by the flat sides) and the grouping that gave the labels. `auto`: the labels of `pairs`,
    or of `assembled` where those of `pairs` cannot tell the board: the search proves that
    they allow none (satpuzzle.kinds.jigsaw.boardcheck), or a class of theirs holds tabs of
    unlike shapes (noise merged them: _merged_unlike)."""
    grouping = str(options.get("grouping") or GROUPING)
    first = "pairs" if grouping == "auto" else grouping
    labels = edge_labels(pieces, {**options, "grouping": first}, given) if pieces else []
    size = given or _board_from_borders(labels)
    if grouping != "auto" or size is None or not _assembles(pieces, labels, size):
        return labels, size, first
    from satpuzzle.kinds.jigsaw import boardcheck

    descriptor = str(options.get("descriptor") or side_shapes.DESCRIPTORS[0])
    instance = JigsawInstance(size[0], size[1], tuple(labels), "puzzle", "opposite", "zero")
    # a merged class is not trusted even where its labels allow one board only: that board
    # was the wrong one on 1 of 3 6x6 cuts at 1 % noise (docs/benchmarks/DETAILS.md)
    if not _merged_unlike(pieces, labels, descriptor) and not boardcheck.no_board(instance):
        return labels, size, first
    labels = edge_labels(pieces, {**options, "grouping": "assembled"}, given)
    return labels, given or _board_from_borders(labels), "assembled"


def _merged_unlike(pieces: list[side_shapes.Piece], labels: list[Piece],
                   descriptor: str) -> bool:
    """Whether a class of the labels holds two tabs whose shapes differ by more than ALIKE
    (their descriptors' distance): `pairs` merged them because noise made their blanks
    interchangeable, not because the shapes are alike (a cut whose tabs are all alike
    keeps its classes, and --count counts the boards they allow). Measured: tabs alike
    0.000 apart (Draradech's generator without jitter); merged by 1 % noise 0.019 and more."""
    tabs: dict[int, list[npt.NDArray[np.float64]]] = {}
    for piece, shown in zip(pieces, labels):
        for side, label in zip(piece.sides, shown):
            if label > 0:
                tabs.setdefault(label, []).append(side_shapes.describe(side, descriptor))
    for members in tabs.values():
        if len(members) > 1:
            vectors = np.array(members)
            apart = np.linalg.norm(vectors[:, None, :] - vectors[None, :, :], axis=2)
            if apart[np.triu_indices(len(members), 1)].min() > ALIKE:
                return True
    return False


def _assembles(pieces: list[side_shapes.Piece], labels: list[Piece],
               size: tuple[int, int]) -> bool:
    """Whether `assembled` could take over: a board of these pieces, within its bound."""
    from satpuzzle.kinds.jigsaw.assembly import MAX_PIECES

    return size[0] * size[1] == len(labels) and 4 <= len(pieces) <= MAX_PIECES


def _border_count(labels: list[Piece]) -> str:
    """What the flat sides say, against what a board of that many pieces needs: "12 corner
    pieces found, expected 4", or, the corners right, the edge pieces no board has."""
    corners = sum(1 for piece in labels if piece.count(0) == 2)
    if corners != 4:
        return f"{corners} corner pieces found, expected 4"
    edges = sum(1 for piece in labels if piece.count(0) == 1)
    fitting = sorted({2 * (rows + len(labels) // rows) - 8 for rows in range(2, len(labels))
                      if len(labels) % rows == 0 and rows <= len(labels) // rows})
    wanted = " or ".join(map(str, fitting)) if fitting else "a count some rows × columns has"
    return f"4 corner pieces and {edges} edge pieces found; a board of {len(labels)} " \
           f"pieces has {wanted} edge pieces"


def edge_labels(pieces: list[side_shapes.Piece], options: Options,
                size: tuple[int, int] | None = None) -> list[Piece]:
    """Each piece's four labels (top, right, bottom, left: its sides in order); `size`, the
    board's when known (else the flat sides tell it), is used by the `assembled` grouping."""
    descriptor = str(options.get("descriptor") or side_shapes.DESCRIPTORS[0])
    grouping = str(options.get("grouping") or GROUPING)
    if grouping not in GROUPINGS:
        raise InputError(f"unknown grouping {grouping!r}; expected one of "
                         f"{', '.join(GROUPINGS)}")
    if grouping == "auto":  # its check needs a board of labels: board() makes it
        grouping = "pairs"
    if grouping == "assembled":
        from satpuzzle.kinds.jigsaw.assembly import MAX_PIECES

        if len(pieces) > MAX_PIECES:
            raise InputError(f"--grouping assembled: at most {MAX_PIECES} pieces, found "
                             f"{len(pieces)}")
    found = [(p, s) for p, piece in enumerate(pieces) for s, side in enumerate(piece.sides)
             if side.shape != side_shapes.FLAT_LABEL]
    labels = [[0, 0, 0, 0] for _ in pieces]
    if found and grouping == "assembled":
        labels = _assembled(pieces, found, size, float(options.get("merge") or ALIGNED_MERGE))
    elif found:
        vectors = np.array([side_shapes.describe(pieces[p].sides[s], descriptor)
                            for p, s in found])
        shapes = [pieces[p].sides[s].shape for p, s in found]
        if grouping == "aligned":
            classes = _aligned([pieces[p].sides[s] for p, s in found], shapes,
                               float(options.get("merge") or ALIGNED_MERGE))
        elif grouping == "pairs":
            classes = _paired(vectors, shapes, float(options.get("merge") or MERGE))
        else:
            classes = _clustered(vectors, shapes, options.get("edge_classes"))
        for (p, s), shape, group in zip(found, shapes, classes):
            labels[p][s] = shape * (group + 1)
    return [piece_of(piece) for piece in labels]


def _paired(vectors: Points, shapes: list[int], merge: float) -> list[int]:
    """Each tab paired with a blank, the pairing of least total squared distance; then two
    pairs share a class when swapping their blanks costs less than `merge` times the median
    cost of a pair (their classes joined, transitively), so that a tab and blank mistaken
    for each other under noise still have a class in common and the solver tells them
    apart. A side left over (more tabs than blanks or the reverse) gets a class of its own."""
    tabs = [i for i, shape in enumerate(shapes) if shape == side_shapes.TAB]
    blanks = [i for i, shape in enumerate(shapes) if shape == side_shapes.BLANK]
    a, b = vectors[tabs], vectors[blanks]
    cost = np.maximum((a * a).sum(1)[:, None] + (b * b).sum(1)[None, :] - 2 * a @ b.T, 0.0)
    return _paired_by_cost(cost, shapes, merge)


def _aligned(found: list[side_shapes.Side], shapes: list[int], merge: float) -> list[int]:
    """The pairing of `_paired`, its costs those of the two curves laid on each other
    (satpuzzle.kinds.jigsaw.sidematch) rather than distances between descriptors."""
    from satpuzzle.kinds.jigsaw import sidematch

    size = float(np.median([side.length for side in found]))
    tabs = [side for side, shape in zip(found, shapes) if shape == side_shapes.TAB]
    blanks = [side for side, shape in zip(found, shapes) if shape == side_shapes.BLANK]
    return _paired_by_cost(sidematch.costs(tabs, blanks, size), shapes, merge, ALIGNED_FLOOR)


def _assembled(pieces: list[side_shapes.Piece], found: list[tuple[int, int]],
               size: tuple[int, int] | None, merge: float) -> list[list[int]]:
    """The labels of the least-cost board assembled from the aligned costs' candidate pairs
    (satpuzzle.kinds.jigsaw.assembly): each pair of neighbouring sides its own class, the
    border 0. Where no board fits the sides as read and the board's size was given (`size`:
    --board, a cut-line file's grid), the assembly is tried again with a side per piece
    allowed to be misread (flat inside, or not flat on the border: relabelled by the board);
    where none is found, the classes of `_aligned`. The size is not guessed: pieces that
    are no whole board would be laid out as one."""
    from satpuzzle.kinds.jigsaw import assembly, sidematch

    sides = [pieces[p].sides[s] for p, s in found]
    shapes = [side.shape for side in sides]
    length = float(np.median([side.length for side in sides]))
    tabs = [i for i, shape in enumerate(shapes) if shape == side_shapes.TAB]
    blanks = [i for i, shape in enumerate(shapes) if shape == side_shapes.BLANK]
    cost = sidematch.costs([sides[i] for i in tabs], [sides[i] for i in blanks], length,
                           assembly.REFINED, estimated=True)
    kinds = [(piece.sides[0].shape, piece.sides[1].shape, piece.sides[2].shape,
              piece.sides[3].shape) for piece in pieces]
    given = size is not None
    size = size or _board_from_borders(kinds)
    number = [4 * p + s for p, s in found]
    placed = None
    if size is not None and tabs and blanks:
        exact = assembly.pairs(kinds, [number[i] for i in tabs], [number[i] for i in blanks],
                               cost)
        placed = assembly.assemble(kinds, exact, *size)
        if placed is None and given:
            typical = float(np.median(cost.min(axis=1)))
            placed = assembly.assemble(kinds, exact.tolerant(MISREAD * typical), *size)
    if placed is not None and size is not None:
        return _board_labels(kinds, placed, size)
    labels = [[0, 0, 0, 0] for _ in pieces]
    for (p, s), shape, group in zip(found, shapes,
                                    _paired_by_cost(cost, shapes, merge, ALIGNED_FLOOR)):
        labels[p][s] = shape * (group + 1)
    return labels


def _board_labels(kinds: list[tuple[int, int, int, int]], placed: list[tuple[int, int]],
                  size: tuple[int, int]) -> list[list[int]]:
    """Each piece's labels on the board `placed` ((piece, turn) per cell in reading order):
    0 on the border, each pair of neighbouring sides its own class k, +k on the tab, -k on
    the blank (a side read as flat takes the sign its partner leaves it)."""
    rows, cols = size
    labels = [[0, 0, 0, 0] for _ in kinds]
    group = 0
    for cell, (piece, turn) in enumerate(placed):
        r, c = divmod(cell, cols)
        for direction, (dr, dc) in ((1, (0, 1)), (2, (1, 0))):  # right, bottom
            if r + dr >= rows or c + dc >= cols:
                continue
            neighbour, its_turn = placed[(r + dr) * cols + c + dc]
            mine = (piece, (direction - turn) % 4)
            theirs = (neighbour, (direction + 2 - its_turn) % 4)
            group += 1
            sign = kinds[mine[0]][mine[1]] or -kinds[theirs[0]][theirs[1]] or 1
            labels[mine[0]][mine[1]] = sign * group
            labels[theirs[0]][theirs[1]] = -sign * group
    return labels


def _paired_by_cost(cost: Points, shapes: list[int], merge: float, floor: float = 0.0
                    ) -> list[int]:
    """The classes of `_paired` from a tabs × blanks cost matrix (tabs and blanks in the
    order of `shapes`), the median pair's cost taken as at least `floor`."""
    try:
        from scipy.optimize import linear_sum_assignment
    except ImportError:
        raise outlines.missing("scipy", "pairing tabs with blanks") from None
    tabs = [i for i, shape in enumerate(shapes) if shape == side_shapes.TAB]
    blanks = [i for i, shape in enumerate(shapes) if shape == side_shapes.BLANK]
    classes = [-1] * len(shapes)
    if tabs and blanks:
        rows, cols = linear_sum_assignment(cost)
        own = cost[rows, cols]
        # regret[p, q]: what giving pair p's tab the blank of q, and q's tab p's, adds
        regret = cost[rows][:, cols] + cost[rows][:, cols].T - own[:, None] - own[None, :]
        groups = _components(regret < merge * max(floor, float(np.median(own))))
        for group, r, c in zip(groups, rows, cols):
            classes[tabs[r]] = classes[blanks[c]] = group
    extra = max(classes) + 1
    for i in range(len(classes)):
        if classes[i] < 0:
            classes[i], extra = extra, extra + 1
    return classes


def _components(linked: npt.NDArray[np.bool_]) -> list[int]:
    """The connected components of a symmetric adjacency matrix, numbered from 0."""
    from scipy.sparse.csgraph import connected_components  # with scipy.optimize above

    _, found = connected_components(linked, directed=False)
    return [int(group) for group in found]


def _clustered(vectors: Points, shapes: list[int], wanted: object) -> list[int]:
    """k-means classes (scikit-learn); k as given, or one per tab, or "auto"."""
    try:
        from sklearn.cluster import KMeans
    except ImportError:
        raise outlines.missing("scikit-learn", "--grouping kmeans") from None
    default = max(1, shapes.count(side_shapes.TAB), shapes.count(side_shapes.BLANK))
    count = len(vectors)
    if wanted in (None, ""):
        tried = [default]
    elif str(wanted) == "auto":
        tried = sorted({k for f in (0.5, 0.625, 0.75, 0.875, 1.0)
                        if 2 <= (k := max(2, round(default * f))) < count}) or [default]
    else:
        try:
            tried = [int(str(wanted))]
        except ValueError:
            raise InputError(f"--edge-classes: expected a number or 'auto', found "
                             f"{wanted!r}") from None
        if not 1 <= tried[0] <= count:
            raise InputError(f"--edge-classes {tried[0]}: between 1 and {count} (the tabs "
                             f"and blanks found)")
    best: tuple[float, list[int]] | None = None
    for k in tried:
        found = KMeans(n_clusters=min(k, count), n_init=4, random_state=0).fit_predict(vectors)
        classes = [int(c) for c in found]
        score = _silhouette(vectors, classes) if len(tried) > 1 else 0.0
        if best is None or score > best[0]:
            best = (score, classes)
    assert best is not None
    return best[1]


def _silhouette(vectors: Points, classes: list[int]) -> float:
    from sklearn.metrics import silhouette_score

    if not 1 < len(set(classes)) < len(classes):
        return -1.0
    return float(silhouette_score(vectors, classes))


# ---------------------------------------------------------------- drawing

CELL = 60  # pixels a piece


def board_svg(instance: OutlinedJigsaw, solution: Solution) -> tuple[list[str], float, float]:
    """The assembled board: every piece's own outline, turned and placed in its cell (its
    corners on the cell's), filled by the piece's number's hue; the drawing's body, width
    and height."""
    from satpuzzle.drawing import svg as shapes

    body = []
    for r, row in enumerate(solution):
        for c, placement in enumerate(row):
            if placement is None:
                continue
            index, turns = placement
            top = (-turns) % 4  # the piece side shown at the top
            corners = instance.corners[index]
            z0 = complex(*corners[top])
            z1 = complex(*corners[(top + 1) % 4])
            w0, w1 = complex(c * CELL, r * CELL), complex((c + 1) * CELL, r * CELL)
            scale = (w1 - w0) / (z1 - z0)
            outline = instance.shapes[index]
            placed = (outline[:, 0] + 1j * outline[:, 1] - z0) * scale + w0
            points = [(float(z.real), float(z.imag)) for z in placed]
            fill = shapes.hsl(shapes.hue(index), 0.45, 0.75)
            body.append(shapes.polygon(points, fill=fill, stroke="#000000"))
            middle = complex((c + 0.5) * CELL, (r + 0.5) * CELL)
            body.append(shapes.text(middle.real, middle.imag, str(index + 1), size=CELL * 0.25))
    margin = CELL * 0.3
    return ([shapes.group(body, margin, margin)], instance.cols * CELL + 2 * margin,
            instance.rows * CELL + 2 * margin)


def scattered_svg(instance: OutlinedJigsaw) -> tuple[list[str], float, float]:
    """The pieces as read: one black closed path per outline, at the place it was read."""
    if not instance.shapes:
        return [], 0.0, 0.0
    low = np.min([shape.min(axis=0) for shape in instance.shapes], axis=0)
    high = np.max([shape.max(axis=0) for shape in instance.shapes], axis=0)
    shift = 10 - low
    body = []
    for shape in instance.shapes:
        moved = shape + shift
        data = "M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in moved) + "Z"
        body.append(f'<path d="{data}" fill="#000000"/>')
    width, height = (high - low + 20).tolist()
    return body, float(width), float(height)
