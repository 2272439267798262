"""Jigsaw's rules over the constraint library (satpuzzle.constraints).

The puzzle variables are cell(r, c, top, right, bottom, left): cell (r, c) shows these four
labels, one of its candidate tuples (puzzle._candidates: the turns of the pieces allowed
there, filtered by the border rule and arc consistency). The rule book:

1. Every cell shows one tuple ("cell").
2. Every piece is placed once ("piece"); a class of k identical pieces fills k cells
   ("copies"). Position variants fix each piece to its cell: no such rule.
3. Two cells sharing an edge show fitting labels there: the edge shows one label ("edge"),
   and that label is the one both its cells show ("match"; the "diamonds" of Heule 2008).

Redundant rules, each measured (RULES, below): a piece at a cell, x(piece, cell), is one of
its turns there ("placed"), which are at most one ("turn"), and each cell holds one piece
("holds"): Heule's piece×cell variables; two adjacent sides of a cell showing labels a and b
need a tuple with a and b there ("corner"). Measured no better and off: the colour counts
("colour") and Heule's chessboard parity ("parity").

Whole-board rotations of a solution are different boards, so no symmetry is broken.
"""

from __future__ import annotations

from collections import defaultdict

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.kinds.jigsaw import FAMILIES
from satpuzzle.kinds.jigsaw.candidates import Candidates, candidates, shared_edges, side_kinds
from satpuzzle.kinds.jigsaw.puzzle import (
    KIND,
    Cell,
    JigsawInstance,
    Piece,
    partner,
    piece_class,
    puzzle_cells,
)

# Which redundant rules are stated. Measured (benchmarks/jigsaw.py --set, docs/BENCHMARKS.md,
# Brendan boards 6x6, 4x9, 5x8, 4x11, median of 5 shuffles, CaDiCaL 1.9.5): "implications"
# (each cell tuple implies its edge labels: without them 6x6 went from 2 s to 27 s);
# "piece_cell" (Heule's piece×cell variables under the tuples), "corner_pairs" and no
# at-most-one per cell where the edge implications already give it ("cell_amo" false):
# together 3.4 s against 16.0 s in all; "colour_counts" (cardinality of each label over the
# edges) and "parity" (Heule's chessboard parity) measured no better. How each rule is
# encoded is the families' choice (FAMILIES in __init__.py; --encoding FAMILY=NAME).
RULES = {"implications": True, "piece_cell": True, "colour_counts": False, "parity": False,
         "corner_pairs": True, "cell_amo": False}

CORNER_PAIRS = 10_000  # label pairs at a cell's corner past which "corner_pairs" is not
# stated there (Brendan Owen's and Eternity II boards: 22 labels a side at most, 484 pairs)

Variables = dict[Cell, list[int]]


def encode(instance: JigsawInstance) -> Formula:
    """The rule book, rule by rule."""
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)
    board = candidates(instance)
    variables = {cell: [model.var("cell", *cell, *t) for t in board.options[cell]]
                 for cell in board.cells}
    one_tuple_per_cell(model, instance, board, variables)
    every_piece_placed(model, board, variables, instance.variant)
    edges = shared_edges(instance, board.cells)
    edge_vars: dict[int, list[int]] = defaultdict(list)
    side_vars: dict[tuple[Cell, int], dict[int, int]] = {}
    for a, side_a, b, side_b in edges:
        labels = edges_match(model, instance, board, variables, (a, side_a), (b, side_b))
        for label, var in labels.items():
            edge_vars[label].append(var)
        side_vars[(a, side_a)] = labels
        side_vars[(b, side_b)] = {partner(label, instance.matching): var
                                  for label, var in labels.items()}
    whole_zero_board = instance.border == "zero" and not instance.contour
    if RULES["colour_counts"] and whole_zero_board:
        colour_counts(model, instance, edge_vars)
    if RULES["corner_pairs"]:
        corner_pairs(model, board, variables, side_vars)
    if RULES["parity"] and whole_zero_board:
        parity(model, instance, board, variables)
    formula.one_hot = True
    options = sum(len(v) for v in variables.values())
    formula.summary.append(
        f"jigsaw {instance.rows}x{instance.cols} {instance.variant}, {instance.matching} "
        f"matching, {instance.border} border: {len(instance.pieces)} pieces, "
        f"{len(board.classes) or len(instance.pieces)} classes, {options} cell tuples, "
        f"{len(edges)} shared edges")
    return formula


def one_tuple_per_cell(model: Model, instance: JigsawInstance, board: Candidates,
                       variables: Variables) -> None:
    """Rule 1. Two tuples of one cell differ on some side; when every side is a shared edge
    or a 0 border, the edge implications already forbid both, and at-least-one is enough."""
    kinds = [kind for sides in side_kinds(instance, puzzle_cells(instance)).values()
             for kind in sides]
    implied = (RULES["implications"] and not RULES["cell_amo"]
               and (instance.border == "zero" or "outer" not in kinds) and "open" not in kinds)
    for cell in board.cells:
        if implied:
            model.at_least_one("cell", variables[cell], example="every cell shows a piece")
        else:
            model.exactly_one("cell", variables[cell], example="every cell shows one piece")


def every_piece_placed(model: Model, board: Candidates, variables: Variables,
                       variant: str) -> None:
    """Rule 2: each class of interchangeable pieces fills exactly as many cells as it has
    pieces; with the piece×cell variables when RULES["piece_cell"]."""
    if not board.classes:
        return
    formula = model.formula
    members: dict[Piece, list[int]] = defaultdict(list)
    held: dict[Cell, list[int]] = {}
    for cell in board.cells:
        by_class: dict[Piece, list[int]] = defaultdict(list)
        for t, var in zip(board.options[cell], variables[cell]):
            by_class[piece_class(t, variant)].append(var)
        held[cell] = []
        for klass, lits in by_class.items():
            if RULES["piece_cell"] and len(lits) > 1:
                # x(class, cell) = one of the class's turns at the cell
                x = formula.pool.id(("at", klass, cell))
                model.clauses("placed", [[-x, *lits], *([-lit, x] for lit in lits)],
                              what="piece at a cell = one of its turns", constraints=1,
                              example="a piece at a cell shows one of its turns")
                model.at_most_one("turn", lits, example="a piece at a cell shows one turn")
                members[klass].append(x)
                held[cell].append(x)
            else:
                members[klass].extend(lits)
                held[cell].append(lits[0])
    if RULES["piece_cell"]:
        for cell in board.cells:
            model.exactly_one("holds", held[cell], example="every cell holds one piece")
    for klass, count in board.classes.items():
        lits = members.get(klass, [])
        if count == 1:
            model.exactly_one("piece", lits, example="every piece is placed once")
        else:
            model.count("copies", lits, "equals", count,
                        example=f"{count} identical pieces fill {count} cells")


def edges_match(model: Model, instance: JigsawInstance, board: Candidates, variables: Variables,
                first: tuple[Cell, int], second: tuple[Cell, int]) -> dict[int, int]:
    """Rule 3 on one shared edge: label variables (the label shown on the first cell's
    side), exactly one of which holds; each needs a tuple showing it on the first side and
    a fitting tuple on the second; each tuple implies the label of its side."""
    (a, side_a), (b, side_b) = first, second
    by_label_a: dict[int, list[int]] = defaultdict(list)
    by_label_b: dict[int, list[int]] = defaultdict(list)
    for t, var in zip(board.options[a], variables[a]):
        by_label_a[t[side_a]].append(var)
    for t, var in zip(board.options[b], variables[b]):
        by_label_b[partner(t[side_b], instance.matching)].append(var)
    labels = {}
    for label in sorted(by_label_a):
        edge = model.formula.pool.id(("edge", a, side_a, label))
        labels[label] = edge
        shown_a, shown_b = by_label_a[label], by_label_b.get(label, [])
        matching = [[-edge, *shown_a], [-edge, *shown_b]]
        if RULES["implications"]:
            matching += [[-var, edge] for var in shown_a]
            matching += [[-var, edge] for var in shown_b]
        model.clauses("match", matching, what="edge label = the label both cells show",
                      constraints=1, example="both cells show the label of their edge")
    model.exactly_one("edge", list(labels.values()), example="every shared edge shows one label")
    return labels


def corner_pairs(model: Model, board: Candidates, variables: Variables,
                 side_vars: dict[tuple[Cell, int], dict[int, int]]) -> None:
    """Two adjacent sides of a cell showing labels a and b need a tuple with a and b there;
    stated only where a cell's corner has at most CORNER_PAIRS pairs of labels (a redundant
    rule, quadratic in the labels: a board read from 1000 outlines, one label per pair of
    sides, would need billions of clauses), and added cell by cell so that the clause
    budget stops it before it is held whole."""
    for cell in board.cells:
        clauses = []
        for side in range(4):
            nxt = (side + 1) % 4
            first, second = side_vars.get((cell, side)), side_vars.get((cell, nxt))
            if not first or not second or len(first) * len(second) > CORNER_PAIRS:
                continue
            support: dict[tuple[int, int], list[int]] = defaultdict(list)
            for t, var in zip(board.options[cell], variables[cell]):
                support[(t[side], t[nxt])].append(var)
            for a, var_a in first.items():
                for b, var_b in second.items():
                    clauses.append([-var_a, -var_b, *support.get((a, b), [])])
        model.clauses("corner", clauses, what="two adjacent labels need a piece showing both",
                      example="labels a and b meet at a corner only on a piece showing both")


def parity(model: Model, instance: JigsawInstance, board: Candidates,
           variables: Variables) -> None:
    """Heule's colour parity: colour the board as a chessboard; every shared edge joins a
    black and a white cell, so for each label the black cells show exactly half of its
    occurrences (equal matching; for opposite matching, as many a or −a as there are
    edges a/−a). One sign variable per piece says whether it lies on a black cell; only for
    boards of distinct pieces."""
    if not board.classes or any(count > 1 for count in board.classes.values()):
        return
    sign = {klass: model.formula.pool.id(("sign", klass)) for klass in board.classes}
    signs = []
    for cell in board.cells:
        black = (cell[0] + cell[1]) % 2 == 0
        for t, var in zip(board.options[cell], variables[cell]):
            s = sign[piece_class(t, instance.variant)]
            signs.append([-var, s if black else -s])
    model.clauses("parity", signs, what="a piece's sign is its cell's colour")
    occurrences: dict[int, int] = defaultdict(int)
    for piece in instance.pieces:
        for label in piece:
            occurrences[label] += 1

    def value_of(label: int) -> int:
        return abs(label) if instance.matching == "opposite" else label

    for value in sorted({value_of(v) for v in occurrences} - {0}):
        weights, lits = [], []
        for klass in board.classes:
            w = sum(1 for label in klass if value_of(label) == value)
            if w:
                weights.append(w)
                lits.append(sign[klass])
        # opposite: every a/−a edge puts one of its two labels on a black cell
        total = occurrences[value]
        if instance.matching == "equal":
            if total % 2:
                model.clause("parity", [], example="a label occurs an odd number of times")
                continue
            total //= 2
        model.linear("parity", lits, weights, "equals", total,
                     example="black cells show half of each label")


def colour_counts(model: Model, instance: JigsawInstance,
                  edge_vars: dict[int, list[int]]) -> None:
    """With border zero on a whole board, every label other than 0 sits on a shared edge, so
    the number of edges showing label a (or its partner) is fixed by the pieces."""
    occurrences: dict[int, int] = defaultdict(int)
    for piece in instance.pieces:
        for label in piece:
            occurrences[label] += 1
    example = "as many edges show a label as the pieces say"
    if instance.matching == "opposite":
        groups: dict[int, list[int]] = defaultdict(list)
        for label, lits in edge_vars.items():
            groups[abs(label)].extend(lits)
        for value, lits in groups.items():
            model.count("colour", lits, "equals", occurrences[value], example=example)
    else:
        for label, lits in edge_vars.items():
            if occurrences[label] % 2:
                model.clause("colour", [], example="a label occurs an odd number of times")
            else:
                model.count("colour", lits, "equals", occurrences[label] // 2,
                            example=example)
