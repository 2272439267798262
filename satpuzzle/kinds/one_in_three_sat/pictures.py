"""1-in-3 SAT pictures: the variables' values as a strip of cells (green true, red false), then
a table of the clauses, one row each, with the literal that is true highlighted in green."""

from __future__ import annotations

from typing import TYPE_CHECKING

from satpuzzle.drawing import boxes
from satpuzzle.drawing import svg as shapes

if TYPE_CHECKING:
    from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance, Solution

NAME_WIDTH = 72  # "clause k" column
LITERAL_WIDTH = 56
ROW = 26
VARIABLE_WIDTH = 44
VARIABLES_PER_ROW = 12
SECTION_GAP = 18  # between the variable strip and the clause table
TRUE_FILL = "#7fcf7f"
FALSE_FILL = "#f4b6b6"
OPEN_FILL = "#ffffff"
LINE_COLOUR = "#404040"


def occurring(instance: OneInThreeInstance) -> list[int]:
    return sorted({abs(literal) for clause in instance.clauses for literal in clause})


def is_true(literal: int, true_vars: set[int]) -> bool:
    return (literal in true_vars) if literal > 0 else (-literal not in true_vars)


def table_top(instance: OneInThreeInstance) -> float:
    """The y where the clause table starts, under the variable strip."""
    lines = -(-len(occurring(instance)) // VARIABLES_PER_ROW)
    return lines * ROW + SECTION_GAP


def literal_box(instance: OneInThreeInstance, clause: int, position: int) -> tuple[float, float]:
    """Top-left corner of the cell of literal `position` of clause `clause` (both 0-based)."""
    return NAME_WIDTH + position * LITERAL_WIDTH, table_top(instance) + clause * ROW


def svg(instance: OneInThreeInstance, solution: Solution | None) -> shapes.Drawing:
    true_vars = set(solution) if solution is not None else None
    body = []
    x: float  # the top-left corner of each box drawn
    y: float
    for k, variable in enumerate(occurring(instance)):
        x, y = (k % VARIABLES_PER_ROW) * VARIABLE_WIDTH, (k // VARIABLES_PER_ROW) * ROW
        fill = (OPEN_FILL if true_vars is None
                else TRUE_FILL if variable in true_vars else FALSE_FILL)
        body.append(shapes.rect(x, y, VARIABLE_WIDTH, ROW, fill=fill, stroke=LINE_COLOUR,
                                crisp=True))
        body.append(shapes.text(x + VARIABLE_WIDTH / 2, y + ROW / 2, f"x{variable}", size=12))
    for number, clause in enumerate(instance.clauses):
        x, y = literal_box(instance, number, 0)
        body.append(shapes.rect(0, y, NAME_WIDTH, ROW, fill="#eeeeee", stroke=LINE_COLOUR,
                                crisp=True))
        body.append(shapes.text(6, y + ROW / 2, f"clause {number + 1}", size=12,
                                anchor="start"))
        for position, literal in enumerate(clause):
            x, y = literal_box(instance, number, position)
            lit_true = true_vars is not None and is_true(literal, true_vars)
            body.append(shapes.rect(x, y, LITERAL_WIDTH, ROW,
                                    fill=TRUE_FILL if lit_true else OPEN_FILL,
                                    stroke=LINE_COLOUR, crisp=True))
            body.append(shapes.text(x + LITERAL_WIDTH / 2, y + ROW / 2, str(literal),
                                    size=13, bold=lit_true))
    variable_width = min(len(occurring(instance)), VARIABLES_PER_ROW) * VARIABLE_WIDTH
    width = max(NAME_WIDTH + 3 * LITERAL_WIDTH, variable_width)
    return shapes.Drawing(body, width, table_top(instance) + len(instance.clauses) * ROW)


def pretty(instance: OneInThreeInstance, solution: Solution | None) -> str:
    """The assignment as signed literals, then one table row per clause with the true
    literal marked ✓."""
    true_vars = set(solution) if solution is not None else None
    name_width = len(f"clause {len(instance.clauses)}") + 2
    literal_width = max((len(str(lit)) for clause in instance.clauses for lit in clause),
                        default=1) + 4

    def cell(r: int, c: int) -> list[str]:
        clause = instance.clauses[r]
        if c == 0:
            return [f" clause {r + 1}"]
        if c > len(clause):
            return []
        literal = clause[c - 1]
        mark = "✓" if true_vars is not None and is_true(literal, true_vars) else " "
        return [f" {str(literal).rjust(literal_width - 4)} {mark} "]

    def vertical(r: int, c: int) -> int:
        return boxes.LIGHT if c <= len(instance.clauses[r]) + 1 else boxes.NONE

    def horizontal(r: int, c: int) -> int:
        lengths = [len(instance.clauses[k]) for k in (r - 1, r) if 0 <= k < len(instance.clauses)]
        return boxes.LIGHT if c <= max(lengths) else boxes.NONE

    table = boxes.draw(len(instance.clauses), 4, cell, vertical, horizontal,
                       [name_width] + [literal_width] * 3)
    if true_vars is None:
        head = "variables: " + " ".join(f"x{v}" for v in occurring(instance))
    else:
        head = "assignment: " + " ".join(str(v if v in true_vars else -v)
                                         for v in occurring(instance))
    return head + "\n" + table

