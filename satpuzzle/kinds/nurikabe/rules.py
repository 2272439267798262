"""Nurikabe's rules over the constraint library (satpuzzle.constraints).

Each cell is sea or belongs to the island of one number: a one-hot choice between the
puzzle variables ("sea", r, c) and ("island", r, c, i), i indexing `instance.clues`, where
island i is offered only on the cells it could reach (`reach`)."""

from __future__ import annotations

from collections import deque

from satpuzzle.cnf import Formula
from satpuzzle.constraints.graphs import connected
from satpuzzle.constraints.model import Model
from satpuzzle.kinds.nurikabe import FAMILIES

KIND = "nurikabe"
Cell = tuple[int, int]


def neighbours(instance, r: int, c: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < instance.rows and 0 <= c + dc < instance.cols]


def reach(instance) -> list[list[Cell]]:
    """Per number n, the cells its island could take: within n − 1 steps of it, never
    through another number's cell or a cell beside one (that island would touch it)."""
    owner = {(r, c): i for i, (r, c, _) in enumerate(instance.clues)}
    out = []
    for i, (r0, c0, size) in enumerate(instance.clues):
        seen, queue = {(r0, c0): 0}, deque([(r0, c0)])
        while queue:
            cell = queue.popleft()
            for nxt in neighbours(instance, *cell):
                if nxt not in seen and seen[cell] + 1 < size and all(
                        owner.get(x, i) == i for x in [nxt, *neighbours(instance, *nxt)]):
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
        out.append(list(seen))
    return out


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
    for ((r, c), i), lit in island.items():
        for other in neighbours(instance, r, c):
            same = [x for x in (sea.get(other), island.get((other, i))) if x is not None]
            model.implies("touch", [lit], same, example=f"r{r + 1}c{c + 1}: no other island")

    for i, (r, c, size) in enumerate(instance.clues):
        members = [cell for cell in cells if (cell, i) in island]
        # The island of number n has exactly n cells,
        model.count("size", [island[cell, i] for cell in members], "equals", size,
                    example=f"the island of r{r + 1}c{c + 1} has {size} cells")
        # and they are connected, grown from the number's cell (one cell is).
        index = {cell: k for k, cell in enumerate(members)}
        present = [None if cell == (r, c) else island[cell, i] for cell in members]
        if len(members) > 1:
            connected(model, "island", len(members), _edges(instance, index), present,
                      index[r, c], example=f"the island of r{r + 1}c{c + 1} is connected")

    # The sea is connected (a cell no island reaches is sea for sure: the root then).
    water = list(sea)
    index = {cell: k for k, cell in enumerate(water)}
    certain = [k for k, cell in enumerate(water) if choices[cell] == [sea[cell]]]
    connected(model, "sea", len(water), _edges(instance, index), root=min(certain, default=None),
              present=[None if len(choices[cell]) == 1 else sea[cell] for cell in water],
              example="the sea is connected")

    # No 2×2 block is all sea (a block holding a number never is).
    pools = [[-sea[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1)]
             for r, c in cells if r + 1 < instance.rows and c + 1 < instance.cols
             and all((r + dr, c + dc) in sea for dr in (0, 1) for dc in (0, 1))]
    model.clauses("pool", pools, what="no 2x2 block all sea", example="no 2x2 pool")

    formula.one_hot = True  # the true choice of each cell tells the solution
    return formula


def _edges(instance, index: dict[Cell, int]) -> list[tuple[int, int, None]]:
    """Orthogonal neighbours among the cells of `index`, each pair once."""
    return [(k, index[other], None) for (r, c), k in index.items()
            for other in ((r + 1, c), (r, c + 1)) if other in index]

