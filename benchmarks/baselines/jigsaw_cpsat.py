"""A constraint-programming baseline for edge-matching puzzles: the classic table model solved
by OR-Tools CP-SAT (the model of MiniCP's Eternity exercise, where Brendan Owen's boards come
from).

One integer variable per cell (which piece), AllDifferent over them; one integer variable per
edge of the board (its label, as seen from the cell above or to the left; outer edges fixed to 0
with border zero); per cell, a table constraint over (piece, top, right, bottom, left) listing
every piece in every allowed rotation. Whole-board variants only (`puzzle`, `orientation`,
`position`). A missing OR-Tools is reported by AVAILABLE = False.
"""

from __future__ import annotations

from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Solution, rotated

try:
    from ortools.sat.python import cp_model
except ImportError:  # optional: pip install ortools
    cp_model = None

AVAILABLE = cp_model is not None


def solve(instance: JigsawInstance, time_limit: float | None = None,
          workers: int = 1) -> tuple[str, Solution | None]:
    """CP-SAT's status name and the first solution found (None without one)."""
    if cp_model is None:
        raise RuntimeError("OR-Tools is not installed: pip install ortools")
    if instance.contour:
        raise ValueError("the CP-SAT baseline models whole boards only")
    rows, cols, pieces = instance.rows, instance.cols, instance.pieces
    model = cp_model.CpModel()
    labels = sorted({label for piece in pieces for label in piece}
                    | {-label for piece in pieces for label in piece} | {0})
    low, high = labels[0], labels[-1]
    inner_zero = instance.matching == "equal" and instance.border == "free"

    def edge(outer: bool, name: str):
        if outer and instance.border == "zero":
            return model.NewConstant(0)
        var = model.NewIntVar(low, high, name)
        if not outer and not inner_zero:
            model.Add(var != 0)
        return var

    # across[r][c]: the edge above row r (r = rows: below the last row); down[r][c]: the edge
    # left of column c in row r.
    across = [[edge(r in (0, rows), f"h{r}_{c}") for c in range(cols)] for r in range(rows + 1)]
    down = [[edge(c in (0, cols), f"v{r}_{c}") for c in range(cols + 1)] for r in range(rows)]
    piece_at = {}
    fixed = instance.variant.endswith("position")
    turns = (0,) if instance.variant.endswith("orientation") else (0, 1, 2, 3)
    partner = (lambda a: -a) if instance.matching == "opposite" else (lambda a: a)
    for r in range(rows):
        for c in range(cols):
            index = r * cols + c
            var = model.NewIntVar(index if fixed else 0, index if fixed else len(pieces) - 1,
                                  f"p{r}_{c}")
            piece_at[(r, c)] = var
            tuples = set()
            for i in ([index] if fixed else range(len(pieces))):
                for t in turns:
                    top, right, bottom, left = rotated(pieces[i], t)
                    # edge variables hold the label of the cell above / to the left
                    seen_top = top if r == 0 else partner(top)
                    seen_left = left if c == 0 else partner(left)
                    tuples.add((i, seen_top, right, bottom, seen_left))
            model.AddAllowedAssignments(
                [var, across[r][c], down[r][c + 1], across[r + 1][c], down[r][c]], sorted(tuples))
    if not fixed:
        model.AddAllDifferent(list(piece_at.values()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(model)
    name = solver.StatusName(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return name, None
    board = []
    for r in range(rows):
        row = []
        for c in range(cols):
            i = solver.Value(piece_at[(r, c)])
            shown = (solver.Value(across[r][c]), solver.Value(down[r][c + 1]),
                     solver.Value(across[r + 1][c]), solver.Value(down[r][c]))
            want = (shown[0] if r == 0 else partner(shown[0]), shown[1], shown[2],
                    shown[3] if c == 0 else partner(shown[3]))
            row.append((i, next(t for t in turns if rotated(pieces[i], t) == want)))
        board.append(tuple(row))
    return name, tuple(board)
