"""The candidates of a jigsaw's cells, shared by its rules (rules.py) and its search engine
(search.py): each cell's label tuples, the distinct rotations of the distinct pieces allowed
there, filtered by the border rule and by arc consistency with the neighbours' candidates; and
the size of the encoding they make, known before building it (--max-clauses)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from satpuzzle.kinds.jigsaw.puzzle import (
    BOTTOM,
    LEFT,
    RIGHT,
    STEPS,
    TOP,
    Cell,
    JigsawInstance,
    Piece,
    fits,
    fixed,
    partner,
    piece_class,
    puzzle_cells,
    rotated,
    rotates,
)

# ---------------------------------------------------------------- encoding

@dataclass
class Candidates:
    """The candidate label tuples of each cell and the class each belongs to."""

    cells: list[Cell]
    options: dict[Cell, list[Piece]]
    classes: dict[Piece, int]  # class → how many pieces it holds (empty for position variants)


def side_kinds(instance: JigsawInstance, cells: Iterable[Cell]) -> dict[Cell, tuple[str, ...]]:
    """For each puzzle cell and side: "outer" (edge of the board), "inner" (shared with
    another puzzle cell) or "open" (facing the empty interior of a contour)."""
    inside = set(cells)
    kinds = {}
    for r, c in inside:
        sides = []
        for dr, dc in STEPS:
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < instance.rows and 0 <= c2 < instance.cols):
                sides.append("outer")
            else:
                sides.append("inner" if (r2, c2) in inside else "open")
        kinds[(r, c)] = tuple(sides)
    return kinds


def _label_allowed(label: int, kind: str, instance: JigsawInstance) -> bool:
    if kind == "outer":
        return instance.border == "free" or label == 0
    if kind == "inner":
        return label != 0 or (instance.matching == "equal" and instance.border == "free")
    return True


def estimate_clauses(instance: JigsawInstance) -> int:
    """About the clauses, cheap and computed before any encoding (for --max-clauses): a
    placement variable per cell and piece shown, each with its edge implications and the
    piece-cell links (eight clauses each at most: 6.6 measured on Eternity II). A 100x100
    board of distinct pieces would need 4·10^8 placements: refused here, before listing them."""
    cells = len(puzzle_cells(instance))
    if fixed(instance.variant):
        shown = 4
    else:
        classes = {piece_class(piece, instance.variant) for piece in instance.pieces}
        shown = len(classes) * (4 if rotates(instance.variant) else 1)
    return cells * shown * 8


def candidates(instance: JigsawInstance) -> Candidates:
    cells = puzzle_cells(instance)
    kinds = side_kinds(instance, cells)
    classes: dict[Piece, int] = defaultdict(int)
    if fixed(instance.variant):
        raw = {cell: sorted({rotated(piece, t) for t in range(4)})
               for cell, piece in zip(cells, instance.pieces)}
        classes = {}
    else:
        for piece in instance.pieces:
            classes[piece_class(piece, instance.variant)] += 1
        turns = range(4) if rotates(instance.variant) else range(1)
        shown = sorted({rotated(piece, t) for piece in classes for t in turns})
        raw = {cell: shown for cell in cells}
    options = {cell: [t for t in raw[cell]
                      if all(_label_allowed(t[s], kinds[cell][s], instance) for s in range(4))]
               for cell in cells}
    _arc_consistency(instance, options, kinds)
    return Candidates(cells, options, dict(classes))


def shared_edges(instance: JigsawInstance, cells: Iterable[Cell]) -> list[tuple[Cell, int,
                                                                                 Cell, int]]:
    """(cell A, side of A, cell B, side of B) for every edge between two puzzle cells, A above
    or left of B."""
    inside = set(cells)
    edges = []
    for r, c in sorted(inside):
        if (r, c + 1) in inside:
            edges.append(((r, c), RIGHT, (r, c + 1), LEFT))
        if (r + 1, c) in inside:
            edges.append(((r, c), BOTTOM, (r + 1, c), TOP))
    return edges


def _arc_consistency(instance: JigsawInstance, options: dict[Cell, list[Piece]],
                     kinds: dict[Cell, tuple[str, ...]]) -> None:
    """Drop every tuple with a side label that no candidate of the neighbour fits, until none
    is left to drop (cheap, and it spares the solver most impossible placements)."""
    edges = shared_edges(instance, options)
    by_cell: dict[Cell, list[tuple[int, Cell, int]]] = defaultdict(list)
    for a, side_a, b, side_b in edges:
        by_cell[a].append((side_a, b, side_b))
        by_cell[b].append((side_b, a, side_a))
    queue = list(options)
    queued = set(queue)
    while queue:
        cell = queue.pop()
        queued.discard(cell)
        for side, other, other_side in by_cell[cell]:
            offered = {t[side] for t in options[cell]}
            fitting = {a for a in offered if fits(a, partner(a, instance.matching), instance)}
            wanted = {partner(a, instance.matching) for a in fitting}
            kept = [t for t in options[other] if t[other_side] in wanted]
            if len(kept) != len(options[other]):
                options[other] = kept
                if other not in queued:
                    queue.append(other)
                    queued.add(other)
