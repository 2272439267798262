"""Jigsaw search engine: every board by depth-first search, without a CNF.

Edge matching punishes clause learning: on Brendan Owen's boards a plain scan-row search
needs tens of millions of placements at most up to 7×7, where CaDiCaL spends tens of seconds
(benchmarks/jigsaw.py, docs/benchmarks/DETAILS.md). The Python loop below makes about two and a
half million a second; past PYTHON_PLACEMENTS the same loop compiled by numba
(search_kernel.py) takes over at about forty million, the C backtracker's pace.
The cells are filled in a fixed order — rows along the board's shorter side, or the frame
clockwise for contour variants — so that every cell but the first meets neighbours that are
already placed; its candidates are looked up by the labels those neighbours require, and a
piece class is taken only while copies of it remain.

The engine works on the candidate model of the encoder (each cell's label tuples after arc
consistency, and the piece classes with their multiplicities), so a board is a grid of shown
label tuples, the very thing a SAT solution decodes to: both engines count the same boards.
`search` and `search_suits` are the engine as the kind declares it (`--engine search`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from operator import itemgetter

from satpuzzle.kinds.jigsaw.candidates import candidates
from satpuzzle.kinds.jigsaw.decoding import placements_for
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Solution, fixed, piece_class

Cell = tuple[int, int]
Labels = tuple[int, int, int, int]  # top, right, bottom, left
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
_OPPOSITE = (2, 3, 0, 1)  # the neighbour's side facing each side


def search_order(cells: Sequence[Cell], rows: int, cols: int, contour: bool) -> list[Cell]:
    """The order the cells are filled in: rows along the shorter side of a whole board (fewer
    open edges on the frontier: 6×9 took 20 million placements across and 10⁹ along), the
    frame as listed (clockwise) for contours."""
    if contour:
        return list(cells)
    if cols > rows:
        return sorted(cells, key=lambda cell: (cell[1], cell[0]))
    return sorted(cells)


class EdgeSearch:
    """Depth-first search over the cells in `order`.

    `options[cell]`: the label tuples the cell may show; `class_of[t]`: the class of a tuple
    (interchangeable pieces), None with `copies` None when every cell has its own piece
    (position variants); `copies[class]`: how many pieces the class holds; `partner_negates`:
    label a fits -a (opposite matching), else a fits a.
    """

    def __init__(self, order: Sequence[Cell], options: dict[Cell, list[Labels]],
                 class_of: dict[Labels, int] | None, copies: list[int] | None,
                 partner_negates: bool) -> None:
        self.order = list(order)
        index = {cell: k for k, cell in enumerate(self.order)}
        sign = -1 if partner_negates else 1
        # The labels every placed cell offers its neighbours sit in one flat list, four a
        # cell; a cell's key is read from it by an itemgetter over its earlier neighbours'
        # facing sides (a bare label for one neighbour, a tuple for more, () for none).
        self.keys: list[Callable[[list[int]], object]] = []
        # candidates[k][key]: (class, the four labels it offers, the tuple shown)
        self.candidates: list[dict[object, list[tuple[int, Labels, Labels]]]] = []
        for k, (r, c) in enumerate(self.order):
            sides = [side for side, (dr, dc) in enumerate(_STEPS)
                     if index.get((r + dr, c + dc), k) < k]
            facing = [4 * index[(r + _STEPS[s][0], c + _STEPS[s][1])] + _OPPOSITE[s]
                      for s in sides]
            self.keys.append(itemgetter(*facing) if facing else _no_key)
            table: dict[object, list[tuple[int, Labels, Labels]]] = {}
            for labels in options[(r, c)]:
                top, right, bottom, left = labels
                offered = (sign * top, sign * right, sign * bottom, sign * left)
                klass = class_of[labels] if class_of is not None else 0
                faced = tuple(labels[s] for s in sides)
                key: object = faced[0] if len(faced) == 1 else faced
                table.setdefault(key, []).append((klass, offered, labels))
            self.candidates.append(table)
        # position variants: one pseudo-class with a copy for every cell, never exhausted
        self.copies = list(copies) if copies is not None else [len(self.order)]
        self.nodes = 0

    def boards(self, pause: int = 0) -> Iterator[dict[Cell, Labels] | None]:
        """Every assignment of label tuples to the cells that fits, each once; with `pause`,
        also None once after that many placements (the caller may stop there and go on
        faster elsewhere, search_kernel.py). `nodes`: the placements made so far."""
        cells = len(self.order)
        if cells == 0:
            yield {}
            return
        left = list(self.copies)
        flat = [0] * (4 * cells)
        keys, tables = self.keys, self.candidates
        chosen: list[tuple[int, Labels, Labels]] = [(0, (0, 0, 0, 0), (0, 0, 0, 0))] * cells
        # the untried candidates of each cell on the current path
        untried: list[Iterator[tuple[int, Labels, Labels]]] = [iter(())] * cells
        untried[0] = iter(tables[0].get(keys[0](flat), ()))
        k = nodes = 0
        while k >= 0:
            for pick in untried[k]:
                if left[pick[0]]:
                    break
            else:  # exhausted: take back the cell before
                k -= 1
                if k >= 0:
                    left[chosen[k][0]] += 1
                continue
            left[pick[0]] -= 1
            chosen[k] = pick
            nodes += 1
            if nodes == pause:
                self.nodes = nodes
                yield None
            if k + 1 == cells:
                self.nodes = nodes
                yield {cell: chosen[i][2] for i, cell in enumerate(self.order)}
                left[pick[0]] += 1
                continue
            flat[4 * k:4 * k + 4] = pick[1]
            k += 1
            untried[k] = iter(tables[k].get(keys[k](flat), ()))
        self.nodes = nodes


def _no_key(_flat: list[int]) -> tuple[()]:
    return ()


def search_suits(instance: JigsawInstance) -> bool:
    """Whether `--engine auto` takes the depth-first search: on whole boards (`puzzle`,
    `orientation`) where no two pieces are alike. Measured (docs/benchmarks/DETAILS.md): there
    it is 5-30× faster than CaDiCaL; on the PARTITION reductions (rows of identical pieces) it
    tries every arrangement of the copies, and on the 1-in-3 boards (fixed cells, constraints
    that close far from where they open) it backtracks without end: > 120 s where SAT takes
    about a second. Contours stay with SAT too: a search around a frame meets its first cell
    again only at the end."""
    if instance.contour or fixed(instance.variant):
        return False
    classes = {piece_class(piece, instance.variant) for piece in instance.pieces}
    return len(classes) == len(instance.pieces)


def search(instance: JigsawInstance, solver_name: str = "") -> Iterator[Solution]:
    """Every board, by depth-first search over the encoder's candidate tuples: no CNF, no
    solver (`solver_name` is not used). EdgeSearch runs first; past PYTHON_PLACEMENTS the
    compiled loop (search_kernel.py) takes over where numba is there, going again over the
    boards already given without yielding them, as the same search finds them in the same
    order."""
    for shown in _boards(engine_arguments(instance)):
        yield placements_for(instance, shown)


# Placements made in Python before the compiled loop takes over: numba's import and its cached
# loop cost about 0.28 s of CPU, as much as 0.85 million placements of the Python loop (3 million
# a second), so no board pays much more than twice the cheaper of the two (a rent-or-buy
# choice); boards up to 6x6 need fewer (docs/benchmarks/DETAILS.md).
PYTHON_PLACEMENTS = 1_000_000

Arguments = tuple[list[Cell], dict[Cell, list[Labels]], dict[Labels, int] | None,
                  list[int] | None, bool]


def engine_arguments(instance: JigsawInstance) -> Arguments:
    """What EdgeSearch and search_kernel.KernelSearch search: the cells in search order, their
    candidate tuples, the class of each tuple and the copies of each class, the matching."""
    model = candidates(instance)
    order = search_order(model.cells, instance.rows, instance.cols, instance.contour)
    class_of, copies = None, None
    if model.classes:
        number = {klass: k for k, klass in enumerate(model.classes)}
        copies = list(model.classes.values())
        class_of = {t: number[piece_class(t, instance.variant)]
                    for tuples in model.options.values() for t in tuples}
    return order, model.options, class_of, copies, instance.matching == "opposite"


def _boards(arguments: Arguments) -> Iterator[dict[Cell, Labels]]:
    """EdgeSearch's boards, handed to the compiled loop past PYTHON_PLACEMENTS."""
    engine = EdgeSearch(*arguments)
    given = 0
    for shown in engine.boards(pause=PYTHON_PLACEMENTS):
        if shown is not None:
            given += 1
            yield shown
            continue
        from satpuzzle.kinds.jigsaw.search_kernel import kernel_for

        kernel = kernel_for(*arguments)
        if kernel is not None:
            yield from islice(kernel.boards(), given, None)
            return
