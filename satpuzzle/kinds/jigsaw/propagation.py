"""Algorithm 1 of seed document 004 (§5.2, "Propagation des contraintes") for PUZZLE-POSITION,
as a solver independent of the SAT encoding: every piece is fixed at its cell (row-major), only
its rotation is unknown.

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

`fibonacci_family(n)` is the 4×n instance of §5.2.3 (figure 18, missing from the text, is
designed here): its interior 2×(n − 2) cells hold (1, 1, 1, 2) and (−1, −1, −1, −2) in a
checkerboard, the frame shows ∓1 towards the interior, so a valid board is a domino tiling of
the interior (each piece's 2 faces its partner's −2): F(n − 1) boards with F(1) = F(2) = 1,
not the F(n − 2) the paper states (see docs/claims_propagation.part.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from satpuzzle.kinds.jigsaw.puzzle import (
    _STEPS,
    BOTTOM,
    RIGHT,
    Cell,
    JigsawInstance,
    Piece,
    Placement,
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
    dr, dc = _STEPS[side]
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


# ---------------------------------------------------------------- pieces of the form (i, i, i, j)


def is_three_one(piece: Piece) -> bool:
    """Whether the piece is (i, i, i, j) with i ≠ j up to rotation (three equal labels and one
    other, in any order around the piece): the only pieces that two constraints on adjacent
    sides can leave with two different looks (§5.2.4)."""
    return sorted(Counter(piece).values()) == [1, 3]


def count_three_one(instance: JigsawInstance) -> int:
    """How many pieces of the instance have the form (i, i, i, j), i ≠ j (the hypothesis of the
    §5.2.4 theorem: fewer than 4 ⇒ Algorithm 1 solves the instance)."""
    return sum(1 for piece in instance.pieces if is_three_one(piece))


# ---------------------------------------------------------------- the Fibonacci family (§5.2.3)

INNER, SPECIAL, FRAME = 1, 2, 3  # i, j of the interior pieces; the label between frame pieces


def fibonacci(k: int) -> int:
    """F(k) with F(0) = 0, F(1) = 1."""
    a, b = 0, 1
    for _ in range(k):
        a, b = b, a + b
    return a


def family_count(n: int) -> int:
    """The number of boards of fibonacci_family(n): domino tilings of the 2×(n − 2) interior,
    T(1) = 1, T(2) = 2, T(m) = T(m − 1) + T(m − 2), so F(n − 1)."""
    return fibonacci(n - 1)


def fibonacci_family(n: int) -> JigsawInstance:
    """The 4×n position instance of §5.2.3: interior cell (r, c) holds (1, 1, 1, 2) when
    r + c is even and (−1, −1, −1, −2) otherwise (listed so); frame pieces show 0 outside,
    ±3 between frame pieces and the fitting ∓1 towards the interior, so that 2 can only face
    −2 inside the interior; frame pieces are listed turned (r + c) mod 4 quarter turns."""
    if n < 3:
        raise ValueError(f"the family needs an interior: n ≥ 3, not {n}")
    rows, cols = 4, n
    pieces = []
    for r in range(rows):
        for c in range(cols):
            if _interior(r, c, cols):
                pieces.append(_interior_piece(r, c))
            else:
                look = tuple(_frame_label(r, c, side, rows, cols) for side in range(4))
                pieces.append(rotated(look, r + c))  # type: ignore[arg-type]
    title = f"Fibonacci family 4x{n} (seed 004, 5.2.3): {family_count(n)} solutions"
    return JigsawInstance(rows, cols, tuple(pieces), "position", "opposite", "zero", title)


def _interior(r: int, c: int, cols: int) -> bool:
    return 1 <= r <= 2 and 1 <= c <= cols - 2


def _interior_piece(r: int, c: int) -> Piece:
    sign = 1 if (r + c) % 2 == 0 else -1
    return (sign * INNER, sign * INNER, sign * INNER, sign * SPECIAL)


def _frame_label(r: int, c: int, side: int, rows: int, cols: int) -> int:
    dr, dc = _STEPS[side]
    r2, c2 = r + dr, c + dc
    if not (0 <= r2 < rows and 0 <= c2 < cols):
        return 0
    if _interior(r2, c2, cols):
        return -_interior_piece(r2, c2)[0]
    return FRAME if side in (RIGHT, BOTTOM) else -FRAME
