"""The mean step of the engine `best` (satpuzzle.kinds.crossword.best): the fills at one
lowest entry score, highest sum of scores first, each proven, over the CNF of the words
scoring at least that much.

Each slot's score is in the order encoding (`shortfall_terms`): per slot and per distinct
score L of its candidates below their best, a variable "this slot scores more than L", soft,
which a word scoring L there excludes. A fill's shortfall, its slots' best candidates' sum
less its own, is then the weighted count of those variables false. From the best fill known,
SAT is asked for a fill falling short by less, the shortfall counted by a totalizer, until
the answer is UNSAT: that is the proof (`improving`). Where the counter would be large, MaxSAT
on the same soft literals instead (`by_maxsat`: PySAT's RC2, stratified), whose optimum is the
proof.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from pysat.card import ITotalizer
from pysat.examples.rc2 import RC2Stratified
from pysat.formula import WCNF

from satpuzzle.cnf import Formula
from satpuzzle.kinds.crossword.model import Fill, LetterName
from satpuzzle.kinds.crossword.problem import SlotProblem
from satpuzzle.solving import NON_INCREMENTAL, make_solver, solver_aliases

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.best import Ranking

CellLetter = tuple[int, int, str]  # (row, column, letter), 0-based
Solver = Any  # a PySAT solver (the library has no types)


def improving(ranking: Ranking, formula: Formula, letters: dict[CellLetter, int],
              clauses: list[list[int]], softs: list[tuple[int, int]], top: int,
              lowest: int) -> Iterator[Fill]:
    """Solution-improving search: from the best fill known at this lowest score (the
    threshold search's, else any fill by SAT), ask SAT for a fill whose shortfall (`top`,
    the sum of the slots' best candidates, less its sum) is below that fill's, until
    none is: the last fill found is then proven best (the UNSAT answer is the proof).
    The shortfall is counted by a totalizer (Bailleux & Boufkhad 2003, PySAT's
    ITotalizer) over the soft literals' negations, each as many times as it weighs."""
    solver = make_solver(rc2_solver(ranking.solver_name),
                         itertools.chain(formula.all_clauses(), clauses))
    bound = ShortfallBound(solver, formula, softs)
    try:
        while True:
            fill = first_at(ranking, solver, formula, lowest)
            if fill is None:
                return  # no fill left at this lowest score
            fill = least_short(ranking, solver, formula, bound, top, fill)
            cells = ranking.block(fill)
            solver.add_clause([-letters[cell] for cell in cells])
            yield fill
    finally:
        solver.delete()
        bound.delete()


def first_at(ranking: Ranking, solver: Solver, formula: Formula, lowest: int) -> Fill | None:
    """The best fill known at this lowest score (the threshold search's), else any fill by
    SAT (None when there is none left)."""
    known = ranking.so_far
    if known is not None and known[0].lowest == lowest:
        return known[1]
    if not ranking.solve(solver, []):
        return None
    fill = ranking.decode(formula, solver.get_model())
    ranking.consider(fill)
    return fill


def least_short(ranking: Ranking, solver: Solver, formula: Formula, bound: ShortfallBound,
                top: int, fill: Fill) -> Fill:
    """From `fill`, fills falling short of `top` by less, each found by SAT under the bound,
    until SAT says none does: the last one, proven best of the fills left."""
    shortfall = top - ranking.quality(fill).total
    while shortfall > 0:
        if not ranking.solve(solver, [bound.below(shortfall)]):
            break  # proven: no fill falls short by less
        fill = ranking.decode(formula, solver.get_model())
        ranking.consider(fill)
        previous, shortfall = shortfall, top - ranking.quality(fill).total
        if shortfall >= previous:  # the counter would not bound the sum: a bug
            raise RuntimeError(f"a fill short by {shortfall} under bound {previous}")
    return fill


class ShortfallBound:
    """A fill's shortfall, counted on `solver`: one variable per unit of shortfall, true
    where the fill is short (each soft literal's negation, as many times as it weighs), and
    a totalizer over them, rebuilt higher when a bound asks for more than it counts."""

    def __init__(self, solver: Solver, formula: Formula,
                 softs: list[tuple[int, int]]) -> None:
        self.solver = solver
        self.formula = formula
        self.short: list[int] = []
        first = formula.reserve(sum(weight for _, weight in softs))
        for literal, weight in softs:
            for _ in range(weight):
                solver.add_clause([literal, first + len(self.short)])
                self.short.append(first + len(self.short))
        self.counter: ITotalizer | None = None

    def below(self, shortfall: int) -> int:
        """The assumption "the shortfall is below `shortfall`"."""
        if self.counter is None or len(self.counter.rhs) < shortfall:
            # a counter this high (the next fills may fall short by more than the first)
            if self.counter is not None:
                self.counter.delete()  # its clauses stay, harmless: a bound unused
            self.counter = ITotalizer(lits=self.short, ubound=shortfall,
                                      top_id=self.formula.pool.top)
            self.formula.reserve(self.counter.top_id - self.formula.pool.top)
            self.solver.append_formula(self.counter.cnf.clauses)
        return -self.counter.rhs[shortfall - 1]

    def delete(self) -> None:
        if self.counter is not None:
            self.counter.delete()


def by_maxsat(ranking: Ranking, formula: Formula, letters: dict[CellLetter, int],
              clauses: list[list[int]], softs: list[tuple[int, int]]) -> Iterator[Fill]:
    """The fills highest sum first by MaxSAT (RC2, stratified): RC2's optimum is the
    proof; each fill is then blocked and RC2 goes on."""
    wcnf = WCNF()
    wcnf.extend(formula.all_clauses())
    wcnf.extend(clauses)
    for literal, weight in softs:
        wcnf.append([literal], weight=weight)
    if not wcnf.soft:  # every slot's candidates score alike: RC2 wants some soft clause
        wcnf.append([formula.reserve(1)], weight=1)
    maxsat = TimedRC2(wcnf, rc2_solver(ranking.solver_name), ranking, formula)
    try:
        while True:
            model = maxsat.compute()
            if model is None:
                return
            fill = ranking.decode(formula, model)
            cells = ranking.block(fill)
            maxsat.add_clause([-letters[cell] for cell in cells])
            yield fill
    finally:
        maxsat.delete()


def letter_table(formula: Formula) -> dict[CellLetter, int]:
    """(row, column, letter), 0-based, -> the variable of that letter in that cell."""
    names = cast(dict[int, LetterName], formula.names)  # ("c", row, column, letter)
    return {(name[1] - 1, name[2] - 1, name[3]): ident for ident, name in names.items()
            if name[0] == "c"}


def spelled_words(problem: SlotProblem, letters: dict[CellLetter, int],
                  score: dict[str, int]) -> Iterator[tuple[np.ndarray, list[int]]]:
    """Per slot, a row per candidate word: the negated variables of its letters in the
    slot's cells (the clause "not this word here"), and the words' scores."""
    for number, cells in enumerate(problem.slots):
        words = problem.slot_words(number)
        if not words:
            continue
        tables = []
        for r, c in cells:
            table = np.zeros(problem.alphabet, dtype=np.int64)  # letters, rebus symbols
            for k in range(problem.alphabet):
                table[k] = letters.get((r, c, chr(97 + k)), 0)
            tables.append(table)
        spelled = problem.index(number).matrix[problem.slot_numbers(number)]
        literals = np.stack([-tables[p][spelled[:, p]] for p in range(len(cells))], axis=1)
        # arc consistency leaves no candidate a letter its cell lacks; should one slip
        # through, it could not be placed, and its clause is left out
        placeable = (literals != 0).all(axis=1)
        yield literals[placeable], [score[w] for w, ok in zip(words, placeable) if ok]


def shortfall_terms(formula: Formula, problem: SlotProblem, letters: dict[CellLetter, int],
                    score: dict[str, int]) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """The objective in the order encoding of each slot's score: hard clauses, and soft unit
    clauses as (literal, weight). Per slot and per distinct score L of its candidates below
    their highest, a variable "this slot scores more than L" (each implying the one of the
    next lower score), soft, weighing the gap to the next higher score; a word scoring L here
    excludes it ("not these letters here, or the slot scores L or less"). A fill then
    falsifies soft clauses weighing, per slot, its best candidate's score less its word's:
    the sum of scores is maximised as by a soft clause per word weighing its shortfall, with
    a few soft clauses per slot instead of one per candidate (and cores over slots, not
    words: far fewer, far smaller)."""
    clauses: list[list[int]] = []
    softs: list[tuple[int, int]] = []
    for literals, scores in spelled_words(problem, letters, score):
        distinct = sorted(set(scores))
        if len(distinct) < 2:
            continue  # every candidate scores alike: nothing to choose here
        base = formula.reserve(len(distinct) - 1)
        above = {level: base + k for k, level in enumerate(distinct[:-1])}  # scores > level
        for k, level in enumerate(distinct[:-1]):
            softs.append((above[level], distinct[k + 1] - level))
            if k:
                clauses.append([-above[level], above[distinct[k - 1]]])
        for clause, word_score in zip(literals.tolist(), scores):
            if word_score in above:
                clauses.append([*clause, -above[word_score]])
    return clauses, softs


def rc2_solver(solver_name: str) -> str:
    """The back end RC2 runs on: the one asked for, unless it takes no assumptions."""
    canonical = solver_aliases().get(solver_name, solver_name)
    return "cadical195" if canonical in NON_INCREMENTAL else canonical


class TimedRC2(RC2Stratified):
    """RC2 whose SAT calls run in slices (Ranking.solve), and whose satisfiable calls report
    their fill as the best so far (each stratum's model is a fill)."""

    def __init__(self, wcnf: WCNF, solver: str, ranking: Ranking, formula: Formula) -> None:
        self.ranking = ranking
        self.formula = formula
        self.minimizing = False
        # no hardening: it cuts solutions worse than the optimum, which the next fills are
        super().__init__(wcnf, solver=solver, adapt=True, exhaust=True, minz=True,
                         nohard=True)

    def minimize_core(self) -> None:
        self.minimizing = True  # RC2 bounds these calls itself (1,000 conflicts each)
        try:
            super().minimize_core()
        finally:
            self.minimizing = False

    def _call_oracle(self, assumptions=(), expect_interrupt=False):
        if self.minimizing:
            return super()._call_oracle(assumptions, expect_interrupt)
        answer = self.ranking.solve(self.oracle, list(assumptions))
        if answer:
            self.ranking.consider(self.ranking.decode(self.formula, self.oracle.get_model()))
        return answer
