"""The board the assembly's beam found, improved where whole sets of its pieces can be moved
at once (the `assembled` grouping, satpuzzle.kinds.jigsaw.assembly).

The beam places pieces in a fixed order, so a piece read badly (its sides fitting their true
partners worse than some others) pushes the truth out of the beam, and the pieces after it
fit the wrong one. *repaired* takes the board's cells of one colour of a checkerboard, then
the other, until the board's cost stops dropping: the cells of one colour do not touch, so
each piece's cost in one of them does not depend on where the others of that colour go;
every piece of that colour is taken out at once and put back where the assignment of least
total cost puts it (each in its best turn; exact, scipy's linear_sum_assignment), the others
held. No round costs more than the one before (the board as it was is one of the
assignments). Local search over a placement found is how assembly solvers end (Pomeranz et
al. 2011; Gallagher 2012); a piece swapped with one of the other colour is not moved back.

Time and memory per round: a pieces × cells table (half the board each way: 500 × 500 on
1,000 pieces), each entry the least over a piece's turns of up to four side costs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from satpuzzle.kinds.jigsaw.assembly import Pairs

Costs = npt.NDArray[np.float64]
Board = list[tuple[int, int]]
ROUNDS = 12  # checkerboard rounds at most (each colour once a round)
UNFIT = 1e300  # an impossible placement in the assignment (scipy takes no infinity)
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # top, right, bottom, left


def board_cost(found: Pairs, board: Board, rows: int, cols: int) -> float:
    """The board's cost: its neighbouring sides' pair costs, and its misread sides'."""
    total = 0.0
    for cell, (piece, turn) in enumerate(board):
        r, c = divmod(cell, cols)
        border = (r == 0, c == cols - 1, r == rows - 1, c == 0)
        wrong = sum((found.kinds[piece][(d - turn) % 4] == 0) != border[d] for d in range(4))
        if wrong:
            total += wrong * found.misread
        for direction in (1, 2):  # right, bottom: each neighbouring pair once
            dr, dc = DIRECTIONS[direction]
            if r + dr < rows and c + dc < cols:
                other, its_turn = board[(r + dr) * cols + c + dc]
                total += float(found.cost[4 * piece + (direction - turn) % 4,
                                          4 * other + (direction + 2 - its_turn) % 4])
    return total


def repaired(found: Pairs, board: Board, rows: int, cols: int, rounds: int = ROUNDS
             ) -> Board:
    """`board` after checkerboard rounds of reassignment while its cost drops."""
    current = list(board)
    cost = board_cost(found, current, rows, cols)
    for _ in range(rounds):
        before = cost
        for colour in (0, 1):
            cells = [cell for cell in range(rows * cols) if sum(divmod(cell, cols)) % 2 == colour]
            moved = _reassigned(found, list(current), cells,
                                [current[cell][0] for cell in cells], rows, cols)
            if moved is not None:
                moved_cost = board_cost(found, moved, rows, cols)
                if moved_cost < cost:
                    current, cost = moved, moved_cost
        if not cost < before:
            break
    return current


def _reassigned(found: Pairs, board: Board, cells: list[int], pieces: list[int], rows: int,
                cols: int) -> Board | None:
    """`board` with `pieces` put into `cells` (no two of them touching, the rest of the board
    held) by the assignment of least total cost, each piece in its best turn there."""
    from scipy.optimize import linear_sum_assignment

    costs, turns = _placing_costs(found, board, cells, pieces, rows, cols)
    if costs.size == 0:
        return board
    chosen_piece, chosen_cell = linear_sum_assignment(np.where(np.isfinite(costs), costs, UNFIT))
    if not np.isfinite(costs[chosen_piece, chosen_cell]).all():
        return None
    for i, j in zip(chosen_piece, chosen_cell):
        board[cells[j]] = (pieces[i], int(turns[i, j]))
    return board


def _placing_costs(found: Pairs, board: Board, cells: list[int], pieces: list[int],
                   rows: int, cols: int) -> tuple[Costs, npt.NDArray[np.intp]]:
    """pieces × cells: the least cost of each piece in each cell against the pieces around
    it (the cells' own pieces left out), over the turns fitting the cell's border; and that
    turn."""
    index = np.full(len(found.kinds), -1, dtype=np.intp)
    index[pieces] = np.arange(len(pieces))
    costs = np.full((len(pieces), len(cells)), np.inf)
    turns = np.zeros((len(pieces), len(cells)), dtype=np.intp)
    taken = set(cells)
    turn_of: dict[tuple[bool, ...], npt.NDArray[np.intp]] = {}
    for j, cell in enumerate(cells):
        r, c = divmod(cell, cols)
        border = (r == 0, c == cols - 1, r == rows - 1, c == 0)
        sides = found.facing_sides(border)
        if sides.shape[1] == 0:
            continue
        if border not in turn_of:
            turn_of[border] = np.array([turn for _, turn in found.fitting(border)],
                                       dtype=np.intp)
        mine = index[sides[0]]
        wanted = mine >= 0
        total = found.penalty(border)[wanted].copy()
        for direction, (dr, dc) in enumerate(DIRECTIONS):
            neighbour = (r + dr) * cols + c + dc
            if not (0 <= r + dr < rows and 0 <= c + dc < cols) or neighbour in taken:
                continue
            other, its_turn = board[neighbour]
            if other < 0:
                continue
            facing = 4 * other + (direction + 2 - its_turn) % 4
            total += found.cost[facing, sides[1 + direction][wanted]]
        rows_of = mine[wanted]
        # per piece its cheapest turn: sorted by piece, then cost, the first of each piece
        order = np.lexsort((total, rows_of))
        first = order[np.unique(rows_of[order], return_index=True)[1]]
        costs[rows_of[first], j] = total[first]
        turns[rows_of[first], j] = turn_of[border][wanted][first]
    return costs, turns
