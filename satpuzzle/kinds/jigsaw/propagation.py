"""Algorithm 1 of Behague (2024), §5.2 ("Propagation des contraintes") for PUZZLE-POSITION,
as a solver independent of the SAT encoding and as the engine "propagation": every piece is
fixed at its cell (row-major), only its rotation is unknown.

  1. Orient the frame from its zeros, clockwise from the top-left corner: a frame piece whose
     turns putting 0 on every outer side, no 0 on an inner side (0 fits nothing) and fitting
     the frame pieces already oriented all look the same is oriented. (The paper's
     OrienterContour checks nothing: two frame pieces that do not fit would go unnoticed.)
  2. Repeat until a pass changes nothing: a piece whose turns consistent with the oriented
     neighbours all look the same is oriented. This is the paper's rule "exactly one consistent
     rotation, or two for an (i, j, i, j) piece": consistent turns of such a piece come in the
     pairs {0, 2} / {1, 3}, which look alike, and a piece (i, i, i, i) looks the same in all
     four turns (the paper orients those before the loop; here the loop does, and also checks
     them against their neighbours).
A piece with no consistent turn proves that there is no solution (the paper's §6.1 remark:
stop when NbOrientation = 0). Statuses: "solved" (every piece oriented, a valid board),
"unsat" (that proof), "stuck" (no progress, pieces left unoriented).

A piece is oriented only when every solution shows that look there, so "solved" means that
board is the only one. The engine yields it, yields nothing on "unsat", and declines
(EngineDeclined) when stuck, for SAT to take over. The §5.2.4 theorem (border zero: fewer
than 4 pieces (i, i, i, j), i ≠ j, and Algorithm 1 never gets stuck) says where it always
decides; on random position puzzles it decides nearly always (docs/REDUCTIONS.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from satpuzzle.kinds.base import EngineDeclined
from satpuzzle.kinds.jigsaw.decoding import placements_for
from satpuzzle.kinds.jigsaw.puzzle import (
    STEPS,
    Cell,
    JigsawInstance,
    Piece,
    Placement,
    Solution,
    frame_cells,
    rotated,
)

STATUSES = ("solved", "unsat", "stuck")


@dataclass(frozen=True)
class PropagationResult:
    """What Algorithm 1 ends with: `board` holds (piece index, quarter turns) for the oriented
    cells and None for the others; `conflict` is the cell whose piece has no consistent turn
    (status "unsat"); `rounds` counts the passes of the main loop."""

    status: str
    board: tuple[tuple[Placement | None, ...], ...]
    rounds: int
    conflict: Cell | None = None

    @property
    def oriented(self) -> int:
        return sum(1 for row in self.board for placement in row if placement is not None)


def propagate(instance: JigsawInstance) -> PropagationResult:
    """Run Algorithm 1 on a position instance (see the module docstring)."""
    if instance.variant != "position":
        raise ValueError(f"Algorithm 1 solves position puzzles, not {instance.variant!r}")
    cells = [(r, c) for r in range(instance.rows) for c in range(instance.cols)]
    piece_at = dict(zip(cells, instance.pieces))
    shown: dict[Cell, Piece] = {}
    # The frame first: its zeros fix the turn of an edge or corner piece. Each is also checked
    # against the frame pieces oriented before it, else a wrong frame would pass unseen.
    _, conflict = _orientation_pass(instance, frame_cells(instance.rows, instance.cols),
                                    piece_at, shown)
    rounds, changed = 0, True
    while changed and conflict is None:
        rounds += 1
        changed, conflict = _orientation_pass(instance, cells, piece_at, shown)
    if conflict is not None:
        status = "unsat"
    else:
        status = "solved" if len(shown) == len(cells) else "stuck"
    return PropagationResult(status, _board(instance, cells, shown), rounds, conflict)


def _orientation_pass(instance: JigsawInstance, cells: list[Cell], piece_at: dict[Cell, Piece],
                      shown: dict[Cell, Piece]) -> tuple[bool, Cell | None]:
    """One pass of the loop over the unoriented pieces, orienting as it goes (as the paper's
    pseudo-code does): whether anything changed, and the first cell with no consistent turn."""
    changed = False
    for cell in cells:
        if cell in shown:
            continue
        looks = consistent_looks(instance, cell, piece_at[cell], shown)
        if not looks:
            return changed, cell
        if len(looks) == 1:
            shown[cell] = looks[0]
            changed = True
    return changed, None


def consistent_looks(instance: JigsawInstance, cell: Cell, piece: Piece,
                     shown: dict[Cell, Piece]) -> list[Piece]:
    """The distinct label tuples the piece can show at `cell`: outer sides obey the border
    rule, sides facing an oriented neighbour fit it, sides facing an unoriented one carry a
    label that can fit something."""
    return sorted(look for look in {rotated(piece, turns) for turns in range(4)}
                  if all(_side_ok(instance, cell, side, look[side], shown) for side in range(4)))


def _side_ok(instance: JigsawInstance, cell: Cell, side: int, label: int,
             shown: dict[Cell, Piece]) -> bool:
    dr, dc = STEPS[side]
    neighbour = (cell[0] + dr, cell[1] + dc)
    if not (0 <= neighbour[0] < instance.rows and 0 <= neighbour[1] < instance.cols):
        return instance.border == "free" or label == 0
    if neighbour in shown:
        return _fits(instance, label, shown[neighbour][(side + 2) % 4])
    # 0 fits nothing under opposite matching, nor under equal matching with border zero
    return label != 0 or (instance.matching == "equal" and instance.border == "free")


def _fits(instance: JigsawInstance, mine: int, theirs: int) -> bool:
    if instance.matching == "opposite":
        return mine == -theirs and mine != 0
    return mine == theirs and (mine != 0 or instance.border == "free")


def _board(instance: JigsawInstance, cells: list[Cell],
           shown: dict[Cell, Piece]) -> tuple[tuple[Placement | None, ...], ...]:
    """Placements for the oriented cells (the smallest turn showing the look), None elsewhere."""
    board: list[list[Placement | None]] = [[None] * instance.cols for _ in range(instance.rows)]
    for index, cell in enumerate(cells):
        if cell in shown:
            piece = instance.pieces[index]
            turns = next(t for t in range(4) if rotated(piece, t) == shown[cell])
            board[cell[0]][cell[1]] = (index, turns)
    return tuple(tuple(row) for row in board)


# ---------------------------------------------------------------- the engine


def suits(instance: JigsawInstance) -> bool:
    """`--engine auto` tries Algorithm 1 on every position puzzle: it is polynomial, and where
    it does not decide the engine declines and SAT answers."""
    return instance.variant == "position"


def solutions(instance: JigsawInstance, solver_name: str = "") -> Iterator[Solution]:
    """The engine "propagation": the one board when Algorithm 1 orients every piece, nothing
    when it proves there is none; EngineDeclined (before yielding) when it gets stuck or the
    puzzle is not a position puzzle. `solver_name` is not used."""
    if instance.variant != "position":
        raise EngineDeclined(f"Algorithm 1 solves position puzzles, not {instance.variant}")
    result = propagate(instance)
    if result.status == "stuck":
        raise EngineDeclined(f"Algorithm 1 oriented {result.oriented} of "
                             f"{len(instance.pieces)} pieces and got stuck")
    if result.status == "solved":
        shown: dict[Cell, Piece] = {}
        for r, row in enumerate(result.board):
            for c, placement in enumerate(row):
                assert placement is not None  # solved: every piece oriented
                piece, turns = placement
                shown[(r, c)] = rotated(instance.pieces[piece], turns)
        yield placements_for(instance, shown)
