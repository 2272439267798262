"""1-in-3 SAT ≤ PUZZLE-POSITION (Behague (2024), §3.4, Théorème 3.4).

Every piece stays on its cell; only its quarter turn is chosen. All moving parts carry labels of
magnitude 1 (`WIRE`); a wire edge shows +1 on one side and −1 on the other, and which side
shows +1 is the bit the wire carries. Pieces (top, right, bottom, left):

- wire `|` (1, x, −1, x) and `-` (y, 1, y, −1): two usable turns (a quarter turn would show
  the neutral label x or y towards a wire), the value passes straight through;
- crossing `+` (1, 1, −1, −1): its four turns let the two wires through independently;
- junction `J` (1, −1, 1, −1): two visible states, its four arms carry one bit (the top and
  bottom arms show the same label, the left and right arms the opposite one);
- turn (−1, 1, 1, 1) and receiver `R`/`r` (±1, ∓1, ∓1, ∓1): "exactly one side shows the odd
  label". A turn's two closed sides face rigid fillers showing −1, so the odd label sits on
  one of its two wire sides: it bends a wire. A receiver checks exactly one of its inputs;
- fillers `.` and the frame `#`: constant labels, each with a label of its own on some edge,
  so every turn but one would put that label against a neighbour without it.

Layout (top to bottom): frame, the top receivers, one band per occurring variable, the bottom
receivers, frame. A band is a ring of two lanes (rows) closed by turns at both ends; a band
whose polarity needs it has a third row for twists (the lanes swap through a crossing, which
inverts the parity of the readings to its right). Every literal occurrence is one column from
its clause's top receiver to its bottom receiver; on its own variable's band it passes two
stacked junctions (one per lane), on every other band two crossings. The stacked pair reads
the upper lane: the column below carries λ and the column above −λ, where λ flips after every
junction pair and every twist of that ring. Each clause has a bottom receiver checking
"exactly one input shows b" and a top receiver checking "exactly one shows −b" (b = ±1 chosen
per clause), so both check the same 1-in-3 clause. docs/REDUCTIONS.md has the proof and the
flaws of the paper this repairs (the paper's figures are missing: emitters, wires and
receivers are designed here; negative literals, short clauses, repeated variables and the
parity argument that forbids a single-ended emitter are handled below).
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Piece, Solution, piece_of, rotated
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance

NAME = "one-in-three-position"
SOURCE_KIND = "one-in-three-sat"

WIRE = 1  # the magnitude of every label that can change; fillers use 2, 3, ...
TOP, RIGHT, BOTTOM, LEFT = range(4)
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
VERTICAL = (TOP, BOTTOM)

# cell kinds
FRAME, FILLER, VWIRE, HWIRE, CROSS, JUNCTION, TURN, RECEIVER = (
    "frame", "filler", "vwire", "hwire", "cross", "junction", "turn", "receiver")
SYMBOL = {FRAME: "#", FILLER: ".", VWIRE: "|", HWIRE: "-", CROSS: "+", JUNCTION: "J"}

# column items of the plan
OCCURRENCE, SPACER, TWIST = "occurrence", "spacer", "twist"


@dataclass(frozen=True)
class Tile:
    """What a cell holds: its kind, the sides carrying a wire, and for turns and receivers the
    odd label (shown by exactly one side; the other sides show −odd)."""

    kind: str
    wires: frozenset[int] = frozenset()
    odd: int = 0


@dataclass(frozen=True)
class Item:
    """One column between the two ring-end columns."""

    kind: str
    clause: int = -1  # OCCURRENCE: clause index and literal position in it
    position: int = -1
    variable: int = 0
    twisting: frozenset[int] = frozenset()  # TWIST: the variables whose ring twists here


@dataclass(frozen=True)
class Plan:
    items: tuple[Item, ...]
    bottom_odd: tuple[int, ...]  # per clause: the label b its bottom receiver wants once
    variables: tuple[int, ...]  # band order, top to bottom
    tall: frozenset[int]  # variables whose band has a twist row


# (cell, side) -> the outward label of a side that never changes (wire sides have none)
Constants = dict[tuple[tuple[int, int], int], int]


@dataclass(frozen=True)
class Layout:
    rows: int
    cols: int
    tiles: tuple[tuple[Tile, ...], ...]
    pieces: tuple[Piece, ...]
    constants: Constants
    seed: dict  # variable -> the cell whose right side shows its ring bit Λ (upper lane)
    sign: dict  # variable -> σ: the variable is true iff σ·Λ = +1
    receivers: dict  # (clause, position) -> ((cell, side) at the bottom, (cell, side) at top)


# ---------------------------------------------------------------- planning the columns


def _needs(clause: tuple[int, ...], order: tuple[int, ...], odd: int,
           last: dict[int, int]) -> tuple[set[int], list[set[int]]]:
    """Which rings must twist before this block, and inside it before each column, when the
    clause's literals go in `order` and its bottom receiver wants `odd`. Reading k of a ring
    sees Λ·(−1)^(k + twists before it) and must equal odd·sign(literal)·σ·Λ: two consecutive
    readings with equal odd·sign need a twist between them."""
    state = dict(last)
    before: set[int] = set()
    inside: list[set[int]] = [set() for _ in order]
    seen: set[int] = set()
    for pos, j in enumerate(order):
        variable, want = abs(clause[j]), odd * (1 if clause[j] > 0 else -1)
        if state.get(variable) == want:
            (inside[pos] if variable in seen else before).add(variable)
        state[variable] = want
        seen.add(variable)
    return before, inside


@dataclass(frozen=True)
class _Block:
    clause: int
    odd: int
    order: tuple[int, ...]
    inside: tuple[frozenset[int], ...]  # rings twisting just before each of its columns


def _blocks(clauses: tuple[tuple[int, ...], ...], sequence: list[int]
            ) -> tuple[list[_Block], list[tuple[int, int, int]]]:
    """Greedy per clause in `sequence`: the receiver polarity and literal order needing the
    fewest twists. Returns the blocks and the twists between blocks as (variable, first
    allowed gap, last allowed gap); gap g lies just before block g."""
    last: dict[int, int] = {}
    where: dict[int, int] = {}  # variable -> block of its last reading
    blocks: list[_Block] = []
    between: list[tuple[int, int, int]] = []
    for g, k in enumerate(sequence):
        clause = clauses[k]
        options = []
        for odd in (-1, 1):
            for order in sorted(set(itertools.permutations(range(len(clause))))):
                before, inside = _needs(clause, order, odd, last)
                options.append(((3 * sum(map(len, inside)) + len(before)), odd, order, before,
                                inside))
        _, odd, order, before, inside = min(options, key=lambda o: o[0])
        between += [(v, where[v] + 1, g) for v in sorted(before)]
        for j in order:
            last[abs(clause[j])] = odd * (1 if clause[j] > 0 else -1)
            where[abs(clause[j])] = g
        blocks.append(_Block(k, odd, order, tuple(frozenset(s) for s in inside)))
    return blocks, between


def _stab(between: list[tuple[int, int, int]]) -> dict[int, set[int]]:
    """Fewest gaps so that every twist has a gap in its range (earliest-deadline greedy)."""
    chosen: dict[int, set[int]] = {}
    for variable, low, high in sorted(between, key=lambda t: (t[2], t[1])):
        hit = [g for g in chosen if low <= g <= high]
        chosen.setdefault(max(hit) if hit else high, set()).add(variable)
    return chosen


def _plan_for(clauses: tuple[tuple[int, ...], ...], sequence: list[int]) -> Plan:
    blocks, between = _blocks(clauses, sequence)
    gaps = _stab(between)
    items: list[Item] = []
    for g, block in enumerate(blocks):
        if g:
            items.append(Item(SPACER))
            if g in gaps:
                items += [Item(TWIST, twisting=frozenset(gaps[g])), Item(SPACER)]
        for j, twisting in zip(block.order, block.inside):
            if twisting:
                items += [Item(SPACER), Item(TWIST, twisting=twisting), Item(SPACER)]
            items.append(Item(OCCURRENCE, block.clause, j,
                              abs(clauses[block.clause][j])))
    odds = [0] * len(clauses)
    for block in blocks:
        odds[block.clause] = block.odd
    twisted = {v for it in items if it.kind == TWIST for v in it.twisting}
    twisted_inside = {v for b in blocks for s in b.inside for v in s}
    occurring = sorted({it.variable for it in items if it.kind == OCCURRENCE})
    # rings with a twist inside a block keep away from the receiver rows when possible
    plain = [v for v in occurring if v not in twisted_inside]
    variables = tuple(plain[:1] + sorted(twisted_inside) + plain[1:])
    return Plan(tuple(items), tuple(odds), variables, frozenset(twisted))


def _area(chosen: Plan) -> int:
    rows = 4 + sum(3 if v in chosen.tall else 2 for v in chosen.variables) \
        + len(chosen.variables) - 1
    return rows * (len(chosen.items) + 4)


def plan(clauses: tuple[tuple[int, ...], ...], tries: int = 24) -> Plan:
    """Column order, receiver polarities and twists: the smallest board over the clauses in
    their order and `tries` fixed pseudo-random orders (deterministic)."""
    rng = random.Random(len(clauses))
    sequences = [list(range(len(clauses)))]
    sequences += [rng.sample(range(len(clauses)), len(clauses)) for _ in range(tries)]
    return min((_plan_for(clauses, s) for s in sequences), key=_area)


# ---------------------------------------------------------------- the board


def _turn(*wires: int) -> Tile:
    return Tile(TURN, frozenset(wires), -WIRE)


def _grid(source: OneInThreeInstance, chosen: Plan) -> tuple[list[list[Tile]], dict, dict]:
    """Tiles of the whole board, each band's seed cell and each literal's receiver sides."""
    items = chosen.items
    cols = len(items) + 4
    first, tall = chosen.variables[:1], chosen.tall
    inside = {v for i, it in enumerate(items) if it.kind == TWIST and _inside_block(items, i)
              for v in it.twisting}
    top_sep = bool(first) and first[0] in inside
    bottom_sep = bool(first) and chosen.variables[-1] in inside
    band_top: dict[int, int] = {}
    row = 2 + top_sep
    for i, variable in enumerate(chosen.variables):
        row += i > 0  # separator row between bands
        band_top[variable] = row
        row += 3 if variable in tall else 2
    bottom_row = row + bottom_sep
    rows = bottom_row + 2
    tiles = [[Tile(FRAME if r in (0, rows - 1) or c in (0, cols - 1) else FILLER)
              for c in range(cols)] for r in range(rows)]
    column = {i: i + 2 for i in range(len(items))}
    for i, item in enumerate(items):
        if item.kind == OCCURRENCE:
            for r in range(2, bottom_row):
                tiles[r][column[i]] = Tile(VWIRE, frozenset(VERTICAL))
    seed = {}
    for variable in chosen.variables:
        seed[variable] = _band(tiles, items, variable, band_top[variable], cols)
    receivers = _receivers(tiles, source, chosen, column, bottom_row)
    return tiles, seed, receivers


def _inside_block(items: tuple[Item, ...], index: int) -> bool:
    """Whether a twist column lies between two occurrences of the same clause."""
    left = next((it for it in reversed(items[:index]) if it.kind == OCCURRENCE), None)
    right = next((it for it in items[index + 1:] if it.kind == OCCURRENCE), None)
    return left is not None and right is not None and left.clause == right.clause


def _band(tiles: list[list[Tile]], items: tuple[Item, ...], variable: int, top: int,
          cols: int) -> tuple[int, int]:
    """Draw one ring; return its seed cell (the left-end turn of the upper lane)."""
    upper, lower = top, top + 1
    tiles[upper][1], tiles[lower][1] = _turn(RIGHT, BOTTOM), _turn(TOP, RIGHT)
    horizontal = Tile(HWIRE, frozenset((LEFT, RIGHT)))
    for i, item in enumerate(items):
        c = i + 2
        if item.kind == OCCURRENCE:
            kind = JUNCTION if item.variable == variable else CROSS
            tiles[upper][c] = tiles[lower][c] = Tile(kind, frozenset(range(4)))
        elif item.kind == TWIST and variable in item.twisting:
            if upper == top:  # the upper lane dives under the lower one
                tiles[top][c], tiles[top + 2][c] = _turn(LEFT, BOTTOM), _turn(TOP, RIGHT)
                upper, lower = top + 1, top + 2
            else:  # the lower lane climbs over the upper one
                tiles[top + 2][c], tiles[top][c] = _turn(LEFT, TOP), _turn(BOTTOM, RIGHT)
                upper, lower = top, top + 1
            tiles[top + 1][c] = Tile(CROSS, frozenset(range(4)))
        else:
            tiles[upper][c] = tiles[lower][c] = horizontal
    tiles[upper][cols - 2], tiles[lower][cols - 2] = _turn(LEFT, BOTTOM), _turn(TOP, LEFT)
    return (top, 1)


def _receivers(tiles: list[list[Tile]], source: OneInThreeInstance, chosen: Plan,
               column: dict[int, int], bottom_row: int) -> dict:
    """Both receivers of every clause; the literal → (bottom side, top side) map."""
    where: dict = {}
    for k, clause in enumerate(source.clauses):
        cols = sorted((column[i], it.position) for i, it in enumerate(chosen.items)
                      if it.kind == OCCURRENCE and it.clause == k)
        odd = chosen.bottom_odd[k] * WIRE
        for row, inward, odd_here in ((bottom_row, TOP, odd), (1, BOTTOM, -odd)):
            middle = cols[1][0] if len(cols) == 3 else cols[-1][0]
            sides = {}
            for c, position in cols:
                if c == middle:
                    sides[position] = ((row, c), inward)
                else:
                    toward = RIGHT if c < middle else LEFT
                    tiles[row][c] = _turn(inward, toward)
                    sides[position] = ((row, middle), LEFT if c < middle else RIGHT)
                    for between in range(min(c, middle) + 1, max(c, middle)):
                        tiles[row][between] = Tile(HWIRE, frozenset((LEFT, RIGHT)))
            wires = frozenset(side for _, side in sides.values())
            tiles[row][middle] = Tile(RECEIVER, wires, odd_here)
            for position, side in sides.items():
                bottom, top = where.get((k, position), (None, None))
                where[(k, position)] = (side, top) if row == bottom_row else (bottom, side)
    return where


# ---------------------------------------------------------------- labels


def _side_role(tile: Tile, side: int) -> str:
    if side in tile.wires:
        return "wire"
    if tile.kind in (TURN, RECEIVER):
        return "fixed"
    if tile.kind == VWIRE:
        return "vneutral"
    if tile.kind == HWIRE:
        return "hneutral"
    return "constant"


def _constants(tiles: list[list[Tile]]) -> Constants:
    """The outward label of every side that never changes. Fixed sides of turns and receivers
    show −odd; a run of | wires in a row shares one magnitude (each | shows the same label left
    and right, so the edge labels alternate), as does a column run of − wires; every other edge
    gets a magnitude of its own. Checks the layout rules the proof relies on."""
    fresh = itertools.count(WIRE + 1)
    edge = _wire_run_labels(tiles, fresh)
    constants: Constants = {}
    for r, line in enumerate(tiles):
        for c in range(len(line)):
            for side in range(4):
                label = _side_constant(tiles, edge, fresh, (r, c), side)
                if label is not None:
                    constants[((r, c), side)] = label
    _check_rigid(tiles, constants)
    return constants


# an edge, named by the cell left of it or above it and that cell's side (RIGHT or BOTTOM)
EdgeKey = tuple[tuple[int, int], int]


def _edge_key(r: int, c: int, side: int) -> EdgeKey:
    """The edge on `side` of cell (r, c)."""
    if side in (RIGHT, BOTTOM):
        return ((r, c), side)
    dr, dc = STEPS[side]
    return ((r + dr, c + dc), side ^ 2)


def _wire_run_labels(tiles: list[list[Tile]], fresh: Iterator[int]) -> dict[EdgeKey, int]:
    """The labels (shown by the edge's naming cell) along each run of | in a row and of − in
    a column: a new magnitude a run, its sign alternating edge by edge."""
    rows, cols = len(tiles), len(tiles[0])
    edge: dict[EdgeKey, int] = {}
    for r in range(1, rows - 1):
        for c in range(1, cols - 1):
            for kind, back, ahead, step in ((VWIRE, LEFT, RIGHT, (0, 1)),
                                            (HWIRE, TOP, BOTTOM, (1, 0))):
                if tiles[r][c].kind != kind or tiles[r - step[0]][c - step[1]].kind == kind:
                    continue
                rr, cc = r, c
                label = next(fresh)
                edge[_edge_key(rr, cc, back)] = label
                while tiles[rr][cc].kind == kind:
                    label = -label
                    edge[_edge_key(rr, cc, ahead)] = label
                    rr, cc = rr + step[0], cc + step[1]
    return edge


def _side_constant(tiles: list[list[Tile]], edge: dict[EdgeKey, int], fresh: Iterator[int],
                   cell: tuple[int, int], side: int) -> int | None:
    """The outward label `cell` shows on `side`, None on a wire's side (it changes). An
    edge's label not yet in `edge` is decided there: −odd on a fixed side, else a new
    magnitude."""
    r, c = cell
    dr, dc = STEPS[side]
    nr, nc = r + dr, c + dc
    if not (0 <= nr < len(tiles) and 0 <= nc < len(tiles[0])):
        return 0
    tile, neighbour = tiles[r][c], tiles[nr][nc]
    mine, theirs = _side_role(tile, side), _side_role(neighbour, side ^ 2)
    if mine == "wire" or theirs == "wire":
        assert mine == theirs == "wire", (cell, side, mine, theirs)
        return None
    assert "fixed" not in (mine, theirs) or {mine, theirs} == {"fixed", "constant"}, \
        (cell, side, mine, theirs)
    assert not {mine, theirs} & {"vneutral", "hneutral"} or mine == theirs or \
        "constant" in (mine, theirs), (cell, side, mine, theirs)
    k = _edge_key(r, c, side)
    if k not in edge:
        if mine == "fixed" or theirs == "fixed":
            fixed_tile = tile if mine == "fixed" else neighbour
            shown = -fixed_tile.odd
            edge[k] = shown if (mine == "fixed") == (k[0] == cell) else -shown
        else:
            edge[k] = next(fresh)
    label = edge[k]
    return label if k[0] == cell else -label


def _check_rigid(tiles: list[list[Tile]], constants: Constants) -> None:
    """Every filler has a side whose magnitude no other neighbour of it can show (not ±WIRE):
    then only its own turn fits. Every | and − shows equal neutral labels on both sides."""
    for r, line in enumerate(tiles):
        for c, tile in enumerate(line):
            labels = _labels(constants, (r, c))
            if tile.kind == FILLER:
                assert any(abs(v) != WIRE for v in labels.values()), ((r, c), labels)
            elif tile.kind == VWIRE:
                assert labels[LEFT] == labels[RIGHT] and abs(labels[LEFT]) > WIRE, (r, c)
            elif tile.kind == HWIRE:
                assert labels[TOP] == labels[BOTTOM] and abs(labels[TOP]) > WIRE, (r, c)


def _labels(constants: Constants, cell: tuple[int, int]) -> dict[int, int]:
    """The constant labels of a cell's sides, by side."""
    return {side: constants[(cell, side)] for side in range(4) if (cell, side) in constants}


def _piece(tile: Tile, labels: dict[int, int]) -> Piece:
    """The piece as listed (its turn 0), from its constant labels (`_labels`)."""
    w = WIRE
    if tile.kind == VWIRE:
        return (w, labels[RIGHT], -w, labels[LEFT])
    if tile.kind == HWIRE:
        return (labels[TOP], w, labels[BOTTOM], -w)
    if tile.kind == CROSS:
        return (w, w, -w, -w)
    if tile.kind == JUNCTION:
        return (w, -w, w, -w)
    if tile.kind in (TURN, RECEIVER):
        return (tile.odd, -tile.odd, -tile.odd, -tile.odd)
    return piece_of([labels[side] for side in range(4)])  # a filler: every side constant


# ---------------------------------------------------------------- wire values


def _propagate(tiles, seeds: dict[tuple[int, int], int]) -> dict:
    """Outward labels of every wire side reachable from the seeds (cell → label on its right
    side), through wires, crossings, junctions and turns (never through a receiver)."""
    shown: dict = {}
    queue: deque = deque()

    def put(cell: tuple[int, int], side: int, label: int) -> None:
        old = shown.get((cell, side))
        assert old is None or old == label, (cell, side, old, label)
        if old is None:
            shown[(cell, side)] = label
            queue.append((cell, side))
            dr, dc = STEPS[side]
            other = (cell[0] + dr, cell[1] + dc)
            if shown.get((other, side ^ 2)) is None:
                shown[(other, side ^ 2)] = -label
                queue.append((other, side ^ 2))
            assert shown[(other, side ^ 2)] == -label

    for cell, label in seeds.items():
        put(cell, RIGHT, label)
    while queue:
        cell, side = queue.popleft()
        tile, label = tiles[cell[0]][cell[1]], shown[(cell, side)]
        if tile.kind in (VWIRE, HWIRE, CROSS) or tile.kind == TURN:
            partners = ([s for s in tile.wires if s != side] if tile.kind == TURN
                        else [side ^ 2])
            for other in partners:
                put(cell, other, -label)
        elif tile.kind == JUNCTION:
            for other in range(4):
                if other != side:
                    same_axis = (other in VERTICAL) == (side in VERTICAL)
                    put(cell, other, label if same_axis else -label)
    return shown


def _receiver_truths(tiles, receivers: dict, shown: dict) -> dict:
    """For each literal occurrence: (bottom, top) truth of its receiver inputs."""
    truths = {}
    for key, sides in receivers.items():
        truths[key] = tuple(shown[side] == tiles[side[0][0]][side[0][1]].odd for side in sides)
    return truths


@lru_cache(maxsize=32)
def layout(source: OneInThreeInstance) -> Layout:
    """The whole construction: tiles, pieces, and the facts the maps need (cached: the maps
    rebuild it from the source; nothing in it is modified afterwards)."""
    if not source.clauses:
        # nothing to encode: one flat piece (the 1-in-3 kind itself refuses empty formulas)
        return Layout(1, 1, ((Tile(FRAME),),), ((0, 0, 0, 0),),
                      {((0, 0), side): 0 for side in range(4)}, {}, {}, {})
    chosen = plan(source.clauses)
    tiles, seed, receivers = _grid(source, chosen)
    constants = _constants(tiles)
    pieces = tuple(_piece(tile, _labels(constants, (r, c)))
                   for r, line in enumerate(tiles) for c, tile in enumerate(line))
    # σ per variable from the wiring itself: with Λ = +1 every reading of the variable must
    # agree on its value, at the bottom and at the top receiver
    shown = _propagate(tiles, {cell: WIRE for cell in seed.values()})
    truths = _receiver_truths(tiles, receivers, shown)
    sign: dict[int, int] = {}
    for (k, position), (bottom, top) in truths.items():
        literal = source.clauses[k][position]
        value = bottom == (literal > 0)  # the variable's value when Λ = +1
        assert bottom == top, (k, position)
        sigma = 1 if value else -1
        assert sign.setdefault(abs(literal), sigma) == sigma, (k, position)
    frozen = tuple(tuple(line) for line in tiles)
    return Layout(len(tiles), len(tiles[0]), frozen, pieces, constants, seed, sign, receivers)


# ---------------------------------------------------------------- protocol


def accepts(source: object) -> str | None:
    """Why `reduce` refuses this source before any work: never (its size is polynomial in
    the source's)."""
    return None


def reduce(source: OneInThreeInstance) -> JigsawInstance:
    """The PUZZLE-POSITION instance (opposite matching, zero border)."""
    plan_ = layout(source)
    clauses = " & ".join("(" + " ".join(map(str, c)) + ")" for c in source.clauses)
    return JigsawInstance(plan_.rows, plan_.cols, plan_.pieces, variant="position",
                          title=f"{NAME}: {clauses}")


def to_target(source: OneInThreeInstance, target: JigsawInstance,
              source_solution: tuple[int, ...]) -> Solution:
    """The board of a 1-in-3 assignment (true variables; the others false): every ring set to
    its variable, every other piece turned to fit. ValueError if the assignment is not one."""
    plan_ = layout(source)
    true = set(source_solution)
    seeds = {plan_.seed[v]: WIRE * plan_.sign[v] * (1 if v in true else -1)
             for v in plan_.seed}
    shown = _propagate(plan_.tiles, seeds)
    board = []
    for r, line in enumerate(plan_.tiles):
        row = []
        for c, tile in enumerate(line):
            index = r * plan_.cols + c
            wanted = tuple(shown[((r, c), s)] if s in tile.wires
                           else plan_.constants[((r, c), s)] if tile.kind not in (
                               TURN, RECEIVER) else -tile.odd for s in range(4))
            turns = [t for t in range(4) if rotated(plan_.pieces[index], t) == wanted]
            if not turns:
                raise ValueError(f"{sorted(true)} is not a 1-in-3 assignment of the formula "
                                 f"(no turn fits cell ({r}, {c}))")
            row.append((index, turns[0]))
        board.append(tuple(row))
    return tuple(board)


def to_source(source: OneInThreeInstance, target: JigsawInstance,
              target_solution: Solution) -> tuple[int, ...]:
    """The assignment a board encodes: each variable's ring bit, read on the right side of the
    ring's upper left-end turn (every valid board is the board of an assignment)."""
    plan_ = layout(source)
    true = []
    for variable, (r, c) in plan_.seed.items():
        index, turns = target_solution[r][c]
        label = rotated(target.pieces[index], turns)[RIGHT]
        if label * plan_.sign[variable] > 0:
            true.append(variable)
    return tuple(sorted(true))


def random_source(rng: random.Random, size: int) -> OneInThreeInstance:
    """`size` variables, 0.6·size to 1.4·size clauses of 1-3 literals, both signs; a literal
    repeats a variable of its clause now and then."""
    size = max(1, size)
    count = max(1, round(size * rng.uniform(0.6, 1.4)))
    clauses = []
    for _ in range(count):
        length = rng.choices((1, 2, 3), weights=(1, 2, 5))[0]
        if rng.random() < 0.1 or length > size:
            variables = [rng.randint(1, size) for _ in range(length)]
        else:
            variables = rng.sample(range(1, size + 1), length)
        clauses.append(tuple(v if rng.random() < 0.5 else -v for v in variables))
    text = " & ".join("(" + " ".join(map(str, c)) + ")" for c in clauses)
    return OneInThreeInstance(size, tuple(clauses), title=f"random {text}")


def draw(source: OneInThreeInstance) -> str:
    """The layout as one character per cell (the docs' figure): # frame, . filler, | and -
    wires, + crossing, J junction, turns as corners (╮ ╭ ╯ ╰ by their wire sides), R and r
    receivers (R: the odd label is +1, r: −1)."""
    corner = {frozenset((LEFT, BOTTOM)): "┐", frozenset((RIGHT, BOTTOM)): "┌",
              frozenset((LEFT, TOP)): "┘", frozenset((RIGHT, TOP)): "└"}
    lines = []
    for line in layout(source).tiles:
        out = []
        for tile in line:
            if tile.kind == TURN:
                out.append(corner[tile.wires])
            elif tile.kind == RECEIVER:
                out.append("R" if tile.odd > 0 else "r")
            else:
                out.append(SYMBOL[tile.kind])
        lines.append("".join(out))
    return "\n".join(lines)
