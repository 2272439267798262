"""The rules of Kakuro, as the rule book states them, over the constraint library.

1. Each white cell holds one digit from 1 to 9 (family `cell`).
2. The digits of a run, a maximal line of white cells, are all different (family `distinct`).
3. The digits of a run add up to the clue before it, where there is one (family `sum`:
   by default a table of the sets of different digits that reach the clue, or any
   pseudo-Boolean encoding).

A cell's digit is an integer variable whose direct view ("cell r, c holds d") is the puzzle
variable ("d", r, c, d), which the decoder reads.
"""

from __future__ import annotations

from satpuzzle.cnf import Formula
from satpuzzle.constraints.integers import IntVar, all_different, different_sum
from satpuzzle.constraints.model import Model
from satpuzzle.kinds.kakuro import ENCODING_FAMILIES as FAMILIES
from satpuzzle.kinds.kakuro.puzzle import DIGITS, KIND, KakuroInstance, runs, white_cells


def encode(instance: KakuroInstance) -> Formula:
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)

    # 1. Each white cell holds one digit from 1 to 9.
    digit = {}
    for r, c in white_cells(instance):
        digit[(r, c)] = IntVar(model, "cell", DIGITS, name=("d", r, c),
                               example=f"r{r + 1}c{c + 1} holds one digit")
        digit[(r, c)].direct()  # its exactly-one, also for a cell no clue constrains

    for run in runs(instance):
        r, c = run.cells[0]
        where = f"the {run.direction} run from r{r + 1}c{c + 1}"
        cells = [digit[cell] for cell in run.cells]
        # 2. The digits of a run are all different.
        all_different(model, "distinct", cells, example=f"{where}: different digits")
        # 3. They add up to its clue.
        if run.total is not None:
            different_sum(model, "sum", cells, run.total,
                          example=f"{where} adds up to {run.total}")
    return formula
