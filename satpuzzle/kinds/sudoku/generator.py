"""Random Sudoku puzzles with exactly one solution, of any order and box shape, plain, X
(diagonals) or Killer (cages), minimal on request, graded by the rules a human needs.

1. A full grid: the kind's encoding of the empty grid, solved with random phases (each cell
   leans towards a random digit), so the seed decides the grid and the solver only repairs
   the random wish into a valid one.
2. Givens are removed in random order (in pairs symmetric under a half turn, the classic
   newspaper look, unless `minimal`), each removal kept only if the puzzle stays unique. One
   incremental solver holds the encoding of the empty grid; a puzzle is its givens as
   assumptions, and "is there a solution other than the known one?" is one call under a
   selector that switches on the clause excluding the known solution. No solver is built per
   question.
3. `minimal`: every given left is then tried once more on its own. One pass is enough: a
   given that could not go could not go later either, since fewer givens only allow more
   solutions.
4. The grade (`grading.py`) is the hardest human rule the puzzle needs. With a target, each
   removal must also keep the grade at or below it, and whole attempts are repeated (a bounded
   number) until the grade is the target.

Killer: cages are grown as random connected regions of distinct digits over the full grid,
their totals read from it; givens are then removed as above (usually all of them).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from satpuzzle.errors import InputError
from satpuzzle.kinds.sudoku import decoding, grading, puzzle, rules
from satpuzzle.kinds.sudoku.puzzle import Grid, SudokuInstance
from satpuzzle.solving import DEFAULT_SOLVER, make_solver

VARIANTS = ("plain", "x", "killer")
DEFAULT_ATTEMPTS = 100
Cell = tuple[int, int]


@dataclass(frozen=True)
class Killer:
    """Killer Sudoku as `generate`'s variant, with its largest cage (None: about N/2, see
    random_cages); the variant "killer" is Killer()."""

    cage_size: int | None = None


def generate(size: int, *, box: tuple[int, int] | str | None = None, seed: int = 0,
             minimal: bool = False, difficulty: str | None = None,
             attempts: int = DEFAULT_ATTEMPTS,
             variant: str | Killer = "plain") -> SudokuInstance:
    """A random N×N Sudoku (boxes `box`, (rows, cols) or "RxC", by default
    `puzzle.default_box`) with exactly one
    solution, proved by the solver; `minimal`: no given can be removed. With `difficulty` (a
    name of `grading.LEVELS`) the grade is that one, or an InputError after `attempts` tries.
    `variant`: "plain", "x" (Sudoku X), "killer" or Killer(cage_size). The title records the
    grade. The same arguments always give the same puzzle."""
    box_rows, box_cols = _checked_shape(size, box)
    killer = variant if isinstance(variant, Killer) else Killer() if variant == "killer" else None
    chosen = variant if isinstance(variant, str) else "killer"
    if chosen not in VARIANTS:
        raise InputError(f"unknown Sudoku variant {chosen!r}; expected one of "
                         + ", ".join(VARIANTS))
    if difficulty is not None and difficulty not in grading.LEVELS:
        raise InputError(f"unknown difficulty {difficulty!r}; expected one of "
                         + ", ".join(grading.LEVELS))
    if attempts < 1:
        raise InputError("--attempts must be at least 1")
    empty = tuple((0,) * size for _ in range(size))
    template = _variant_template(SudokuInstance(box_rows, box_cols, empty), chosen)
    rng = random.Random(seed)
    cap = None if difficulty in (None, grading.SEARCH) else grading.level_index(difficulty)
    grades: dict[str, int] = {}
    for attempt in range(1, attempts + 1):
        instance = _attempt(rng, template, chosen, minimal, cap,
                            killer.cage_size if killer else None)
        grade = grading.grade(instance)
        if difficulty is None or grade == difficulty:
            givens = sum(1 for row in instance.givens for value in row if value)
            name = {"plain": "sudoku", "x": "sudoku X", "killer": "killer sudoku"}[chosen]
            title = (f"generated {size}x{size} {name}, seed {seed}, {givens} givens, "
                     f"{'minimal, ' if minimal else ''}grade {grade}")
            return dataclasses.replace(instance, title=title)
        grades[grade] = grades.get(grade, 0) + 1
    found = ", ".join(f"{count} {grade}" for grade, count in sorted(grades.items()))
    raise InputError(f"no {difficulty} puzzle in {attempts} attempt(s) (seed {seed}; graded: "
                     f"{found}): try another --seed or more --attempts")


def _checked_shape(size: int, box: tuple[int, int] | str | None) -> tuple[int, int]:
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= puzzle.MAX_SIZE:
        raise InputError(f"cannot generate a Sudoku of order {size!r}: 1..{puzzle.MAX_SIZE}")
    if isinstance(box, str):
        return puzzle.parse_box(box, size)
    rows, cols = box or puzzle.default_box(size)
    if rows * cols != size:
        raise InputError(f"box {rows}x{cols} has {rows * cols} cells but the grid is "
                         f"{size}×{size}")
    return rows, cols


def _variant_template(base: SudokuInstance, variant: str) -> SudokuInstance:
    """The empty grid with the variant's extra rules (the cages come later, from the grid)."""
    fields = {field.name for field in dataclasses.fields(SudokuInstance)}
    needed = {"x": "diagonals", "killer": "cages"}.get(variant)
    if needed is not None and needed not in fields:
        raise InputError(f"Sudoku {variant} is not supported by this version's instances yet")
    if variant == "x":
        return dataclasses.replace(base, diagonals=True)
    return base


def _attempt(rng: random.Random, template: SudokuInstance, variant: str, minimal: bool,
             cap: int | None, cage_size: int | None) -> SudokuInstance:
    """One puzzle: a full grid, the variant's cages, then givens removed."""
    solution = full_grid(rng, template)
    if variant == "killer":
        template = dataclasses.replace(template, cages=random_cages(rng, solution, cage_size))
    prover = UniquenessProver(template, solution)
    try:
        cells = [(r, c) for r in range(template.size) for c in range(template.size)]
        # killer givens are few or none: symmetric pairs would only keep needless ones
        symmetric = not minimal and variant != "killer"
        givens = _remove(rng, prover, template, set(cells), cap, symmetric)
        if minimal:
            givens = _remove(rng, prover, template, givens, None, False)
    finally:
        prover.close()
    return prover.instance(givens)


def _remove(rng: random.Random, prover: UniquenessProver, template: SudokuInstance,
            givens: set[Cell], cap: int | None, symmetric: bool) -> set[Cell]:
    """One pass over the givens in random order, each removed (with its mirror image under a
    half turn, when `symmetric`) if the puzzle stays unique and, under a cap, its grade stays
    at most the cap."""
    size = template.size
    order = sorted(givens)
    rng.shuffle(order)
    for cell in order:
        if cell not in givens:
            continue  # went with its mirror image
        group = {cell, (size - 1 - cell[0], size - 1 - cell[1])} if symmetric else {cell}
        group &= givens
        left = givens - group
        if prover.has_other(left):
            continue
        if cap is not None:
            grade = grading.grade(prover.instance(left))
            if grading.level_index(grade) > cap:
                continue
        givens = left
    return givens


# ---------------------------------------------------------------- the solver's part


def full_grid(rng: random.Random, template: SudokuInstance) -> Grid:
    """A random solution of the empty `template` (its variant's rules included): the
    solver's decisions lean towards one random digit per cell."""
    formula = rules.encode(template)
    size = template.size
    phases = []
    for r in range(size):
        for c in range(size):
            wish = rng.randrange(1, size + 1)
            for digit in range(1, size + 1):
                ident = formula.pool.obj2id.get(("x", r + 1, c + 1, digit))
                if ident is not None:
                    phases.append(ident if digit == wish else -ident)
    solver = make_solver(DEFAULT_SOLVER, formula.all_clauses())
    try:
        solver.set_phases(phases)
        if not solver.solve():
            raise InputError(f"no {size}×{size} grid satisfies these rules")
        true_names = [formula.names[v] for v in solver.get_model() if v > 0 and v in formula.names]
    finally:
        solver.delete()
    return decoding.decode(template, true_names)


class UniquenessProver:
    """The empty grid of `template` (variant rules and cages included) on one incremental
    solver, and `solution`, a solution of it, to ask about: whether some givens of it leave
    another solution."""

    def __init__(self, template: SudokuInstance, solution: Grid) -> None:
        self.template, self.solution = template, solution
        formula = rules.encode(template)
        size = template.size
        self.literal = {}
        for r in range(size):
            for c in range(size):
                ident = formula.pool.obj2id.get(("x", r + 1, c + 1, solution[r][c]))
                if ident is None:
                    raise InputError("the known solution is not a solution of the template")
                self.literal[(r, c)] = ident
        self.solver = make_solver(DEFAULT_SOLVER, formula.all_clauses())
        # the selector switches on "not the known solution": its cells' literals, one false
        self.selector = formula.pool.top + 1
        self.solver.add_clause([-self.selector] + [-lit for lit in self.literal.values()])

    def has_other(self, givens: Sequence[Cell] | set[Cell]) -> bool:
        """Whether the puzzle with these cells of the solution given has another solution."""
        assumptions = [self.selector] + [self.literal[cell] for cell in sorted(givens)]
        return bool(self.solver.solve(assumptions=assumptions))

    def instance(self, givens: set[Cell]) -> SudokuInstance:
        size = self.template.size
        grid = tuple(tuple(self.solution[r][c] if (r, c) in givens else 0 for c in range(size))
                     for r in range(size))
        return dataclasses.replace(self.template, givens=grid)

    def close(self) -> None:
        self.solver.delete()


# ---------------------------------------------------------------- Killer cages


def random_cages(rng: random.Random, solution: Grid, cage_size: int | None = None) -> tuple:
    """Cages covering the grid: connected regions grown from random cells towards a random
    size of 2..`cage_size` (default: about N/2, at least 2), each adding a random neighbour
    whose digit the cage lacks (so a cage may stop short, down to one cell); the totals are
    the solution's sums."""
    from satpuzzle.kinds.sudoku.cages import Cage

    size = len(solution)
    largest = max(2, min(size, cage_size if cage_size is not None else max(2, size // 2)))
    free = {(r, c) for r in range(size) for c in range(size)}
    order = sorted(free)
    rng.shuffle(order)
    cages = []
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        cells, digits = [start], {solution[start[0]][start[1]]}
        goal = rng.randint(2, largest)
        while len(cells) < goal:
            border = sorted({step for r, c in cells
                             for step in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                             if step in free and solution[step[0]][step[1]] not in digits})
            if not border:
                break
            step = rng.choice(border)
            free.discard(step)
            cells.append(step)
            digits.add(solution[step[0]][step[1]])
        cages.append(Cage(tuple(cells), sum(digits)))
    return tuple(cages)
