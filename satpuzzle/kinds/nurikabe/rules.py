"""Nurikabe's rules over the constraint library (satpuzzle.constraints).

Each cell is sea or belongs to the island of one number: a one-hot choice between the
puzzle variables ("sea", r, c) and ("island", r, c, i), i indexing `instance.clues`, where
island i is offered only on the cells it could reach (grid.reach)."""

from __future__ import annotations

import dataclasses

from satpuzzle.cnf import Formula
from satpuzzle.constraints.graphs import connected
from satpuzzle.constraints.model import Model
from satpuzzle.kinds.nurikabe import FAMILIES
from satpuzzle.kinds.nurikabe.grid import edges, neighbours, reach
from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance

KIND = "nurikabe"


def encode(instance) -> Formula:
    """The rule book, rule by rule."""
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)
    clue_cells = {(r, c) for r, c, _ in instance.clues}
    cells = [(r, c) for r in range(instance.rows) for c in range(instance.cols)]
    sea = {cell: model.var("sea", *cell) for cell in cells if cell not in clue_cells}
    island = {(cell, i): model.var("island", *cell, i)
              for i, members in enumerate(reach(instance)) for cell in members}
    choices = {cell: [sea[cell]] if cell in sea else [] for cell in cells}
    for (cell, _i), lit in island.items():
        choices[cell].append(lit)

    # Every cell is sea or lies in exactly one island; a number lies in its own island.
    for (r, c), lits in choices.items():
        model.exactly_one("cell", lits, example=f"cell r{r + 1}c{c + 1} is sea or one island")

    # Islands never touch: a neighbour of a cell of island i is sea or of island i too.
    sizes = [size for _, _, size in instance.clues]
    for ((r, c), i), lit in island.items():
        around = neighbours(instance, r, c)
        for other in around:
            same = [x for x in (sea.get(other), island.get((other, i))) if x is not None]
            model.implies("touch", [lit], same, example=f"r{r + 1}c{c + 1}: no other island")
        # (implied by connectivity, stated for the solver: no island cell stands alone)
        if sizes[i] > 1:
            model.implies("alone", [lit], [x for o in around if (x := island.get((o, i)))],
                          example=f"r{r + 1}c{c + 1} has a neighbour in its island")
    if len(cells) - sum(sizes) > 1:  # nor does a sea cell, in a sea of two cells or more
        for (r, c), lit in sea.items():
            model.implies("alone", [lit], [sea[o] for o in neighbours(instance, r, c) if o in sea],
                          example=f"sea r{r + 1}c{c + 1} has a sea neighbour")

    for i, (r, c, size) in enumerate(instance.clues):
        members = [cell for cell in cells if (cell, i) in island]
        # The island of number n has exactly n cells,
        model.count("size", [island[cell, i] for cell in members], "equals", size,
                    example=f"the island of r{r + 1}c{c + 1} has {size} cells")
        # and they are connected, grown from the number's cell (one cell is): by default each
        # cell lies 1..n − 1 steps from it, beside a cell one step closer.
        index = {cell: k for k, cell in enumerate(members)}
        present = [None if cell == (r, c) else island[cell, i] for cell in members]
        if len(members) > 1:
            connected(model, "island", len(members), edges(instance, index), present,
                      index[r, c], model.encoding("island", "connected", "distance"),
                      bound=size - 1, example=f"the island of r{r + 1}c{c + 1} is connected")

    # The sea is connected (a cell no island reaches is sea for sure: the root then).
    water = list(sea)
    index = {cell: k for k, cell in enumerate(water)}
    certain = [k for k, cell in enumerate(water) if choices[cell] == [sea[cell]]]
    connected(model, "sea", len(water), edges(instance, index), root=min(certain, default=None),
              present=[None if len(choices[cell]) == 1 else sea[cell] for cell in water],
              bound=len(cells) - sum(sizes) - 1, example="the sea is connected")

    # No 2×2 block is all sea (a block holding a number never is).
    pools = [[-sea[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1)]
             for r, c in cells if r + 1 < instance.rows and c + 1 < instance.cols
             and all((r + dr, c + dc) in sea for dr in (0, 1) for dc in (0, 1))]
    model.clauses("pool", pools, what="no 2x2 block all sea", example="no 2x2 pool")

    formula.one_hot = True  # the true choice of each cell tells the solution
    return formula


def encode_standalone(instance: NurikabeInstance) -> Formula:
    """Complete by itself (no lazy cuts): connectivity by cuts becomes spanning trees, for
    DIMACS and external solvers; the other choices stay."""
    chosen = dict(instance.encodings)
    defaults = {"island": "distance", "sea": "cuts"}  # rules.py's
    chosen.update({family: "tree" for family, default in defaults.items()
                   if chosen.get(family, default) in ("cuts", "reachability")})
    return encode(dataclasses.replace(instance, encodings=tuple(chosen.items())))
