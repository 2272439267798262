"""Lynce & Ouaknine (2006), "Sudoku as a SAT problem" (9th International Symposium on
Artificial Intelligence and Mathematics): the minimal, efficient and extended encodings of a
9×9 Sudoku, built through `satpuzzle.constraints.Model` families, and the question the paper
asks of them: how many puzzles does polynomial-time inference solve with no search at all,
unit propagation alone, and unit propagation with failed-literal probing.

The encodings (729 variables x(r, c, d), "cell r c holds digit d"), each family a constraint
per cell, or per row, column or box and digit:

| family | minimal | efficient | extended |
| --- | --- | --- | --- |
| cell definedness (some digit) | yes | yes | yes |
| cell uniqueness (at most one digit, pairwise) | | yes | yes |
| row / column / box uniqueness (a digit at most once, pairwise) | yes | yes | yes |
| row / column / box definedness (a digit at least once) | | | yes |

giving 8,829, 11,745 and 11,988 clauses for the empty grid, before the givens. Box
uniqueness is written over every pair of a box's cells, also those a row or column clause
already excludes, as the paper counts it (9·9·36 = 2,916 clauses per group).

Unit propagation is PySAT's `Solver.propagate` (the solver's own propagation under the givens
as assumptions, no search); failed-literal probing assumes each free literal in turn and,
when its propagation conflicts, fixes the opposite literal, to a fixpoint. A puzzle is
solved when all 729 variables are assigned without conflict.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pysat.solvers import Solver

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model

VARIANTS = ("minimal", "efficient", "extended")
# the clause counts the paper gives for the empty grid, before the givens
PUBLISHED_CLAUSES = {"minimal": 8829, "efficient": 11745, "extended": 11988}
GROUPS = ("row", "column", "box")
SOLVER = "minisat22"


def families(variant: str) -> list[str]:
    """The families of an encoding, in the order they are written."""
    chosen = ["cell-definedness"]
    if variant in ("efficient", "extended"):
        chosen.append("cell-uniqueness")
    chosen += [f"{group}-uniqueness" for group in GROUPS]
    if variant == "extended":
        chosen += [f"{group}-definedness" for group in GROUPS]
    return chosen


def groups(kind: str) -> Iterator[list[tuple[int, int, int]]]:
    """The (row, column, digit) triples of each constraint of a family kind: per cell its
    digits, or per row, column or box and digit its cells (rows, columns and digits 0..8)."""
    nine = range(9)
    if kind == "cell":
        for r, c in itertools.product(nine, nine):
            yield [(r, c, d) for d in nine]
    elif kind == "row":
        for r, d in itertools.product(nine, nine):
            yield [(r, c, d) for c in nine]
    elif kind == "column":
        for c, d in itertools.product(nine, nine):
            yield [(r, c, d) for r in nine]
    else:
        for b, d in itertools.product(nine, nine):
            top, left = 3 * (b // 3), 3 * (b % 3)
            yield [(top + i, left + j, d) for i in range(3) for j in range(3)]


def empty_grid(variant: str) -> tuple[Formula, dict[tuple[int, int, int], int]]:
    """The empty grid in the encoding `variant`: its formula and x(r, c, d) (digits 0..8)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown encoding {variant!r}: one of {', '.join(VARIANTS)}")
    formula = Formula("sudoku")
    uniqueness = [f for f in families(variant) if f.endswith("uniqueness")]
    model = Model(formula, {f: "pairwise" for f in uniqueness}, {f: "amo" for f in uniqueness})
    x = {(r, c, d): model.var("x", r + 1, c + 1, d + 1)
         for r, c, d in itertools.product(range(9), repeat=3)}
    for family in families(variant):
        kind, rule = family.split("-")
        for triples in groups(kind):
            lits = [x[t] for t in triples]
            if rule == "definedness":
                model.at_least_one(family, lits)
            else:
                model.at_most_one(family, lits)
    return formula, x


def read_puzzles(path: Path, cap: int | None = None) -> list[str]:
    """The 81-character puzzles of a file (comments and blank lines skipped), the first
    `cap` of them."""
    found = []
    with path.open(encoding="ascii") as handle:
        for line in handle:
            text = line.strip()
            if len(text) < 81 or text.startswith("#"):
                continue
            found.append(text[:81])
            if cap is not None and len(found) >= cap:
                break
    return found


def givens(puzzle: str, x: dict[tuple[int, int, int], int]) -> list[int]:
    return [x[i // 9, i % 9, int(ch) - 1] for i, ch in enumerate(puzzle) if ch in "123456789"]


class Propagator:
    """Unit propagation and failed-literal probing over one formula (no search)."""

    def __init__(self, formula: Formula, solver: str = SOLVER) -> None:
        self.solver = Solver(name=solver, bootstrap_with=list(formula.all_clauses()))
        self.variables = range(1, formula.num_vars + 1)
        self.calls = 0

    def close(self) -> None:
        self.solver.delete()

    def unit(self, assumptions: Sequence[int]) -> set[int] | None:
        """The literals unit propagation assigns under `assumptions` (None: a conflict)."""
        self.calls += 1
        ok, lits = self.solver.propagate(assumptions=list(assumptions))
        return set(lits) if ok else None

    def probe(self, assumptions: Sequence[int]) -> set[int] | None:
        """Failed-literal probing to a fixpoint: a free literal whose propagation conflicts
        is fixed false, and the scan goes on under the new assumptions until a whole pass
        fixes nothing. A literal implied by a probe that did not fail cannot fail itself
        under the same assumptions (unit propagation is monotone): it is not probed."""
        fixed = list(assumptions)
        known = self.unit(fixed)
        changed = True
        while changed and known is not None and len(known) < len(self.variables):
            changed = False
            harmless: set[int] = set()
            for v in self.variables:
                if v in known or -v in known:
                    continue
                for lit in (v, -v):
                    if lit in harmless:
                        continue
                    implied = self.unit([*fixed, lit])
                    if implied is None:
                        fixed.append(-lit)
                        known = self.unit(fixed)
                        if known is None:
                            return None
                        harmless = set()
                        changed = True
                        break
                    harmless |= implied
        return known

    def solved(self, known: set[int] | None) -> bool:
        return known is not None and len(known) == len(self.variables)


@dataclass
class SetResult:
    """One encoding on one set of puzzles: how many each inference solved, and its time."""

    variant: str
    name: str
    puzzles: int
    unit: int
    probing: int
    unit_seconds: float
    probing_seconds: float
    probing_puzzles: int  # how many went through probing (the first ones, if capped)
    unit_on_probed: int  # unit propagation's count on those same puzzles


def measure(variant: str, name: str, puzzles: Sequence[str],
            probe_cap: int | None = None) -> SetResult:
    """Unit propagation on every puzzle; probing on the first `probe_cap` (all if None)."""
    formula, x = empty_grid(variant)
    propagator = Propagator(formula)
    try:
        started = time.perf_counter()
        unit_solved = [propagator.solved(propagator.unit(givens(p, x))) for p in puzzles]
        unit_seconds = time.perf_counter() - started
        probed = puzzles if probe_cap is None else puzzles[:probe_cap]
        started = time.perf_counter()
        probing = sum(unit_solved[i] or propagator.solved(propagator.probe(givens(p, x)))
                      for i, p in enumerate(probed))
        probing_seconds = time.perf_counter() - started
    finally:
        propagator.close()
    return SetResult(variant, name, len(puzzles), sum(unit_solved), probing, unit_seconds,
                     probing_seconds, len(probed), sum(unit_solved[:len(probed)]))
