"""Crossword fills best first: the engine `best`, which `--engine auto` runs for a word list
with scores.

A fill's quality is the score of its worst entry, then the sum of its entries' scores (the
mean: every fill of a grid has the same number of entries). Fills come in that order, each
proven to be the best of those not yet printed:

1. The lowest entry score, maximised over the list's distinct scores: "is there a fill
   whose every entry scores at least t?" is asked of the grid over the words scoring t or
   more, whose arc consistency alone settles most high thresholds (on a 15×15 grid most
   slots keep few candidates, or none), then of the kind's search engines as
   `search.search` runs them (the slot search on large grids, the trie on small ones), with
   SAT on the grid's CNF (`rules.encode_problem`) where the slot search stalls. The thresholds
   are tried from the top down in steps that double (galloping), then by bisection between
   the best fill found and the lowest threshold proven empty; each fill found raises the
   bound to its own lowest score. Each question first gets a time budget (1 s, doubling):
   one that runs out sends the search to easier, lower thresholds first, and to the whole
   list with no budget while no fill is known, so that a first fill comes about as soon as
   a plain one would. The threshold just above the optimum proven empty is the proof.
2. The sum at that lowest score. On small grids the trie search first lists every fill of
   the words scoring at least the optimum: if it lists them all within ENUMERATION_SECONDS
   (and ENUMERATION_FILLS), they come highest sum first, the listing being the proof
   (`Ranking.enumerated`; such fills are often few). Otherwise it is maximised over the CNF
   of those words, each slot's score in the order encoding: per slot and per distinct score L of
   its candidates below their best, a variable "this slot scores more than L", which a
   word scoring L there excludes (`shortfall_terms`). A fill's shortfall, its slots' best
   candidates' sum less its own, is then the weighted count of those variables false.
   From the best fill known (step 1's), SAT is asked for a fill falling short by less,
   the shortfall counted by a totalizer (PySAT's ITotalizer over a literal per unit of
   shortfall), until the answer is UNSAT: that is the proof (`Ranking.improved`). Where
   the counter would be large (many score levels between the optimum and the top), MaxSAT
   on the same soft literals instead (PySAT's RC2, stratified; Ignatiev, Morgado &
   Marques-Silva, "RC2: an Efficient MaxSAT Solver", JSAT 11, 2019), whose optimum is the
   proof. (When the fill of step 1 already scores, in every slot, the most that slot's
   candidates can, it is the optimum and goes first with neither.)
3. The next fills (`--limit K`, or every fill): each fill printed is blocked by a clause
   over its cell letters (puzzle variables only); the same way goes on at the same lowest
   score (the listing's next fill; or any fill not printed, then fills falling short by
   less; or RC2 again) until none is left, then step 1 resumes below it.

Each fill better than the last found is offered to the run as it comes (`stages.offer`),
with what is proven so far: a run cut short (--timeout, Ctrl-C, SIGTERM) prints the last one
offered, saying on stderr that it is NOT proven best. Each fill is announced on stderr with
its lowest score and mean and what is proven.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import itertools
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType
from typing import Self, cast

import numpy as np
from pysat.card import ITotalizer
from pysat.examples.rc2 import RC2Stratified
from pysat.formula import WCNF

from satpuzzle.cnf import Formula
from satpuzzle.kinds.crossword import rules
from satpuzzle.kinds.crossword.decoding import decode_symbols
from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill, LetterName, slots
from satpuzzle.kinds.crossword.problem import SlotProblem, slot_problem, spellings
from satpuzzle.kinds.crossword.search import LARGE_GRID_CELLS
from satpuzzle.kinds.crossword.slotsearch import SearchStalled, SlotSearch
from satpuzzle.kinds.crossword.trie import TrieSearch, oracle_seconds
from satpuzzle.kinds.crossword.wordlists import DEFAULT_SCORE
from satpuzzle.solving import NON_INCREMENTAL, make_solver, solver_aliases
from satpuzzle.stages import offer

FIRST_SLICE = 2_000  # conflicts per SAT call between returns to Python, adapted as it goes
FIRST_BUDGET = 1.0  # seconds a threshold question first gets (then 2, 4, ...)
NOTED_FILLS = 10  # fills announced on stderr one by one
# the solution-improving search of the mean while its totalizer stays small (units of
# shortfall, squared: about its clauses); else RC2
LINEAR_UNITS_SQUARED = 4_000_000
# the fills at the best lowest score listed by the trie on small grids, if it lists them all
# within this time and number
ENUMERATION_SECONDS = 2.0
ENUMERATION_FILLS = 200_000


class Outcome(enum.Enum):
    """Ranking.feasible's answer when it has none: the time budget ran out."""

    UNKNOWN = "unknown"


UNKNOWN = Outcome.UNKNOWN
SignalHandler = Callable[[int, FrameType | None], object] | int | None

CellLetter = tuple[int, int, str]  # (row, column, letter), 0-based


@dataclasses.dataclass(frozen=True, order=True)
class Quality:
    """How good a fill is: its lowest entry score, then the sum of its entries' scores."""

    lowest: int
    total: int
    entries: int = dataclasses.field(compare=False)

    def __str__(self) -> str:
        return f"lowest entry score {self.lowest}, mean {self.total / self.entries:.2f}"


def best_fills(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """The engine `best`: fills(), a rebus cell shown as `(heart)`."""
    return map(instance.shown, fills(instance, solver_name))


def fills(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """The fills of `instance` best first (see the module's docstring), in the engines'
    symbols."""
    with Alarm() as alarm:
        yield from Ranking(instance, solver_name, alarm).ranked()


def word_scores(instance: CrosswordInstance) -> dict[str, int]:
    """Each word's score (DEFAULT_SCORE for a plain list), and each of its rebus spellings'
    (spellings) the same."""
    scores = instance.scores or (DEFAULT_SCORE,) * len(instance.words)
    score = dict(zip(instance.words, scores))
    if instance.symbols:
        lengths = {len(slot) for slot in slots(instance)}
        return {spelled: score[word]
                for spelled, word in spellings(instance, lengths).items()}
    return score


class OutOfBudget(BaseException):
    """A question's time budget ran out (Alarm.budget). Raised from a signal handler anywhere
    in the search: a BaseException, as KeyboardInterrupt, so that no `except Exception` on
    the way swallows it."""


class Alarm:
    """The real-time timer that ends a question's time budget (`budget()`: OutOfBudget).
    Signals reach Python only in the main thread; elsewhere (an API call from a thread), or
    when the process's real-time timer is already in use, there is no timer, and budgets are
    unlimited."""

    def __init__(self) -> None:
        # the timer is the process's one real-time timer: not when another is running
        self.usable = (threading.current_thread() is threading.main_thread()
                       and signal.getitimer(signal.ITIMER_REAL)[0] == 0)
        self.until: float | None = None  # when the current budget runs out
        self.previous: SignalHandler = None

    def __enter__(self) -> Self:
        if self.usable:
            self.previous = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.usable:
            signal.setitimer(signal.ITIMER_REAL, 0)
            # None: the handler before was not set from Python (the default one, in practice)
            signal.signal(signal.SIGALRM,
                          signal.SIG_DFL if self.previous is None else self.previous)

    def _arm(self) -> None:
        seconds = 0.0 if self.until is None else max(0.001, self.until - time.monotonic())
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def _ring(self, _signum: int, _frame: object) -> None:
        now = time.monotonic() + 0.001  # the timer may ring a hair early
        if self.until is not None and now >= self.until:
            self.until = None
            raise OutOfBudget
        self._arm()

    @contextlib.contextmanager
    def budget(self, seconds: float | None) -> Iterator[None]:
        """Raise OutOfBudget inside after `seconds` (None: no budget)."""
        if seconds is None or not self.usable:
            yield
            return
        self.until = time.monotonic() + seconds
        self._arm()
        try:
            yield
        finally:
            self.until = None
            self._arm()


class Ranking:
    """The state of the best-first search of one instance."""

    def __init__(self, instance: CrosswordInstance, solver_name: str, alarm: Alarm) -> None:
        self.instance = instance
        self.solver_name = solver_name
        self.alarm = alarm
        # SAT calls in slices, so that the alarm can ring between them
        self.sliced = alarm.usable
        self.slice = FIRST_SLICE
        scores = instance.scores or (DEFAULT_SCORE,) * len(instance.words)
        self.score = word_scores(instance)  # and a rebus's spellings of the words
        self.levels = sorted(set(scores))  # distinct scores, lowest first
        self.slot_cells = slots(instance)
        self.blocked: list[list[CellLetter]] = []  # fills printed, as cell letters
        self.printed_fills: set[Fill] = set()
        self.so_far: tuple[Quality, Fill] | None = None  # best fill not printed yet
        self.proven = ""  # what is proven of the next fill to print, so far
        self.printed = 0
        self.started = time.monotonic()

    # ------------------------------------------------------------ the order

    def ranked(self) -> Iterator[Fill]:
        above = len(self.levels)  # a level index with no fill left at or above it
        while True:
            found = self.maximise_lowest(above)
            if found is None:
                return  # every fill has been printed
            level, above = found
            lowest = self.levels[level]
            self.prove(f"its lowest entry score, {lowest}, is the best possible")
            proof = (f"no fill has every entry scoring {self.levels[above]} or more"
                     if above < len(self.levels) else f"{lowest} is the top score")
            if self.printed:
                proof = "every better fill printed"
            top = self.top_of(lowest)
            if self.so_far is not None and self.so_far[0].total == top:
                # every entry scores the most its slot can at this lowest score: no MaxSAT
                fill = self.so_far[1]
                self.announce(fill, f"{proof}; every entry scores its slot's highest")
                self.block(fill)
                yield fill
                proof = "every better fill printed"
            for fill in self.at_lowest(lowest):
                self.announce(fill, f"{proof}; no higher mean at lowest {lowest}")
                yield fill
                proof = "every better fill printed"
            above = level

    def announce(self, fill: Fill, proof: str) -> None:
        """Count `fill` as printed, and say why it comes now (the first NOTED_FILLS)."""
        if self.printed < NOTED_FILLS:
            self.note(f"fill {self.printed + 1}: {self.quality(fill)}: proven best of the "
                      f"fills not printed before ({proof})")
        elif self.printed == NOTED_FILLS:
            self.note("the next fills come in the same order, each proven (no more notes)")
        self.so_far = None
        self.proven = ""
        self.printed += 1

    def top_of(self, lowest: int) -> int:
        """The highest sum a fill whose entries all score `lowest` or more could have: each
        slot's best candidate after arc consistency (0 when some slot has none)."""
        problem = slot_problem(self.narrowed(lowest))
        return sum(max((self.score[w] for w in problem.slot_words(n)), default=0)
                   for n in range(len(problem.slots)))

    def maximise_lowest(self, above: int) -> tuple[int, int] | None:
        """The highest level index below `above` with a fill not printed, and the level
        just above it proven to have none (or `above`); None when no fill is left. Each
        question first gets a time budget: one that runs out sends the search lower (a
        lower threshold is an easier question and gives a fill to print should the run be
        cut short), and the budget doubles once nothing lower is left to ask."""
        best = -1  # level index of the best fill found (-1: none yet)
        ceiling = above  # questions at or above this level ran out of time this round
        budget = FIRST_BUDGET
        step = 1  # no fill yet: from the top down, in steps doubling each time (galloping)
        while above - best > 1:
            seconds: float | None = budget
            if best < 0:
                ask = max(0, ceiling - step)
                step *= 2
                if ask == 0:  # the whole list, with no budget: a fill as soon as a plain
                    seconds = None  # first fill would give one
            else:
                ask = (best + ceiling) // 2
                if ask <= best:  # every level above the best fill ran out of time
                    budget *= 2
                    ceiling = above
                    continue
            answer = self.feasible(ask, seconds)
            if answer is UNKNOWN:
                ceiling = ask
                step = ask  # no fill yet: the whole list next
            elif answer is None:
                above = ask
                if ask == 0:
                    return None
                self.progress(f"no fill has every entry scoring {self.levels[ask]} or more")
                self.prove(f"no fill{' not printed' if self.printed else ''} has every "
                           f"entry scoring {self.levels[ask]} or more")
            else:
                best = self.levels.index(self.quality(answer).lowest)
            ceiling = min(ceiling, above)
        return (best, above) if best >= 0 else None

    def narrowed(self, lowest: int) -> CrosswordInstance:
        """The instance with the words scoring `lowest` or more."""
        kept = [w for w in self.instance.words if self.score[w] >= lowest]
        return dataclasses.replace(self.instance, words=tuple(kept),
                                   scores=tuple(self.score[w] for w in kept))

    def feasible(self, level: int, seconds: float | None = None) -> Fill | None | Outcome:
        """A fill not printed yet whose entries all score at least level `level`, None when
        there is none, or UNKNOWN when `seconds` ran out before an answer."""
        narrowed = self.narrowed(self.levels[level])
        problem = slot_problem(narrowed)
        if any(not domain for domain in problem.domains):
            return None  # arc consistency alone proves it: no encoding needed
        try:
            with self.alarm.budget(seconds):
                fill = self.first_fill(narrowed, problem)
        except OutOfBudget:
            return UNKNOWN
        if fill is not None:
            self.consider(fill)
        return fill

    def first_fill(self, narrowed: CrosswordInstance, problem: SlotProblem) -> Fill | None:
        """A fill not printed yet, or None: the kind's search engines as `search.search`
        runs them (the slot search on large grids, the trie on small ones), but with SAT
        where they would call their oracle, so that every step here can be interrupted
        (the oracle's first call has no conflict limit, and a signal waits for it)."""
        height, width = len(narrowed.grid), len(narrowed.grid[0])
        if len(problem.cell_masks) > LARGE_GRID_CELLS:
            slot_search = SlotSearch(problem, height, width, narrowed.distinct,
                                     stall_after=oracle_seconds(problem))
            try:
                return next((f for f in slot_search.fills() if f not in self.printed_fills),
                            None)
            except SearchStalled:
                return self.sat_fill(narrowed, problem)
        trie = TrieSearch(problem, height, width, narrowed.distinct)
        return next((f for f in trie.fills() if f not in self.printed_fills), None)

    def sat_fill(self, narrowed: CrosswordInstance, problem: SlotProblem) -> Fill | None:
        """A fill not printed yet by SAT on the narrowed list's CNF, or None."""
        formula = rules.encode_problem(narrowed, problem)
        letters = letter_table(formula)
        solver = make_solver(self.solver_name, formula.all_clauses())
        try:
            for clause in self.blocked:
                # a fill with a letter the narrowed list cannot give is not among its fills
                if all(cell in letters for cell in clause):
                    solver.add_clause([-letters[cell] for cell in clause])
            if not self.solve(solver, []):
                return None
            return self.decode(formula, solver.get_model())
        finally:
            solver.delete()

    def at_lowest(self, lowest: int) -> Iterator[Fill]:
        """The fills whose lowest entry score is `lowest`, highest sum first: by a search
        that improves the best fill known under a bound on the shortfall (`improved`) while
        its counter is small, else by MaxSAT (`by_maxsat`)."""
        narrowed = self.narrowed(lowest)
        problem = slot_problem(narrowed)
        if any(not domain for domain in problem.domains):
            return
        every = self.enumerated(narrowed, problem)
        if every is not None:
            for fill in every:
                self.block(fill)
                yield fill
            return
        formula = rules.encode_problem(narrowed, problem)
        letters = letter_table(formula)
        blocked = [[-letters[cell] for cell in clause] for clause in self.blocked
                   if all(cell in letters for cell in clause)]
        clauses, softs = shortfall_terms(formula, problem, letters, self.score)
        units = sum(weight for _, weight in softs)
        if units * units <= LINEAR_UNITS_SQUARED:
            yield from self.improved(formula, letters, [*blocked, *clauses], softs,
                                     self.top_of(lowest), lowest)
        else:
            yield from self.by_maxsat(formula, letters, [*blocked, *clauses], softs)

    def enumerated(self, narrowed: CrosswordInstance,
                   problem: SlotProblem) -> list[Fill] | None:
        """Every fill not printed of a small grid's narrowed list, highest sum first, when
        the trie search lists them all within ENUMERATION_SECONDS and ENUMERATION_FILLS
        (the fills at the best lowest score are often few: then listing them is the proof,
        far quicker than SAT's); None otherwise, or where no timer can cut it short."""
        if (not self.alarm.usable or ENUMERATION_SECONDS <= 0
                or len(problem.cell_masks) > LARGE_GRID_CELLS):
            return None
        height, width = len(narrowed.grid), len(narrowed.grid[0])
        trie = TrieSearch(problem, height, width, narrowed.distinct)
        found: list[tuple[Quality, Fill]] = []
        try:
            with self.alarm.budget(ENUMERATION_SECONDS):
                for fill in trie.fills():
                    if fill not in self.printed_fills:
                        if len(found) >= ENUMERATION_FILLS:
                            return None
                        found.append((self.quality(fill), fill))
        except OutOfBudget:
            if found:
                self.consider(max(found)[1])
            return None
        found.sort(key=lambda pair: pair[0], reverse=True)
        return [fill for _, fill in found]

    def improved(self, formula: Formula, letters: dict[CellLetter, int],
                 clauses: list[list[int]], softs: list[tuple[int, int]], top: int,
                 lowest: int) -> Iterator[Fill]:
        """Solution-improving search: from the best fill known at this lowest score (the
        threshold search's, else any fill by SAT), ask SAT for a fill whose shortfall (`top`,
        the sum of the slots' best candidates, less its sum) is below that fill's, until
        none is: the last fill found is then proven best (the UNSAT answer is the proof).
        The shortfall is counted by a totalizer (Bailleux & Boufkhad 2003, PySAT's
        ITotalizer) over the soft literals' negations, each as many times as it weighs."""
        solver = make_solver(rc2_solver(self.solver_name),
                             itertools.chain(formula.all_clauses(), clauses))
        short: list[int] = []  # one variable per unit of shortfall, true where it is short
        first = formula.reserve(sum(weight for _, weight in softs))
        for literal, weight in softs:
            for _ in range(weight):
                solver.add_clause([literal, first + len(short)])
                short.append(first + len(short))
        counter: ITotalizer | None = None
        try:
            while True:
                fill: Fill | None = None
                known = self.so_far
                if known is not None and known[0].lowest == lowest:
                    fill = known[1]
                elif self.solve(solver, []):
                    fill = self.decode(formula, solver.get_model())
                    self.consider(fill)
                if fill is None:
                    return  # no fill left at this lowest score
                shortfall = top - self.quality(fill).total
                while shortfall > 0:
                    if counter is None or len(counter.rhs) < shortfall:
                        # a counter this high (the next fills may fall short by more than
                        # the first)
                        if counter is not None:
                            counter.delete()  # its clauses stay, harmless: a bound unused
                        counter = ITotalizer(lits=short, ubound=shortfall,
                                             top_id=formula.pool.top)
                        formula.reserve(counter.top_id - formula.pool.top)
                        solver.append_formula(counter.cnf.clauses)
                    if not self.solve(solver, [-counter.rhs[shortfall - 1]]):
                        break  # proven: no fill falls short by less
                    fill = self.decode(formula, solver.get_model())
                    self.consider(fill)
                    bound, shortfall = shortfall, top - self.quality(fill).total
                    if shortfall >= bound:  # the counter would not bound the sum: a bug
                        raise RuntimeError(f"a fill short by {shortfall} under bound {bound}")
                cells = self.block(fill)
                solver.add_clause([-letters[cell] for cell in cells])
                yield fill
        finally:
            solver.delete()
            if counter is not None:
                counter.delete()

    def by_maxsat(self, formula: Formula, letters: dict[CellLetter, int],
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
        maxsat = TimedRC2(wcnf, rc2_solver(self.solver_name), self, formula)
        try:
            while True:
                model = maxsat.compute()
                if model is None:
                    return
                fill = self.decode(formula, model)
                cells = self.block(fill)
                maxsat.add_clause([-letters[cell] for cell in cells])
                yield fill
        finally:
            maxsat.delete()

    # ------------------------------------------------------------ fills

    def solve(self, solver, assumptions: list[int]) -> bool:
        """A SAT call, in slices of conflicts when the alarm may ring (a signal is handled
        only between two Python steps, not inside the solver)."""
        if not self.sliced or not hasattr(solver, "solve_limited"):
            return bool(solver.solve(assumptions=assumptions))
        while True:
            solver.conf_budget(self.slice)
            started = time.monotonic()
            answer = solver.solve_limited(assumptions=assumptions)
            spent = time.monotonic() - started
            # slices of about a tenth of a second: often enough for the alarm, rarely
            # enough that resuming the search costs little; only a slice used up says how
            # long its conflicts take (calls that answer quickly, as most of RC2's do, would
            # otherwise grow it without bound, and the next hard call would not let the
            # alarm in for minutes)
            if answer is None and spent < 0.05:
                self.slice = min(self.slice * 2, 1 << 24)
            elif spent > 0.2:
                self.slice = max(100, self.slice // 2)
            if answer is not None:
                return answer

    def decode(self, formula: Formula, model: Sequence[int]) -> Fill:
        names = formula.names
        return decode_symbols(self.instance,
                                     [names[v] for v in model if v > 0 and v in names])

    def quality(self, fill: Fill) -> Quality:
        scores = [self.score["".join(fill[r][c] for r, c in cells)]
                  for cells in self.slot_cells]
        return Quality(min(scores), sum(scores), len(scores))

    def consider(self, fill: Fill) -> None:
        """Keep `fill` as the best so far if it is better than the one kept."""
        quality = self.quality(fill)
        if self.so_far is None or quality > self.so_far[0]:
            better_lowest = self.so_far is None or quality.lowest > self.so_far[0].lowest
            self.so_far = (quality, fill)
            self.offer()  # first: a signal right after the note still finds it offered
            if better_lowest:
                self.progress(f"found a fill with {quality}")

    def prove(self, proven: str) -> None:
        """Record what is now proven of the next fill to print (offered with the fill)."""
        self.proven = proven
        if self.so_far is not None:
            self.offer()

    def offer(self) -> None:
        """Offer the best fill so far to the run, which prints it if cut short now."""
        assert self.so_far is not None
        quality, fill = self.so_far
        proven = f"; proven: {self.proven}" if self.proven else ""
        offer(self.instance.shown(fill),
              f"best: fill {self.printed + 1}: {quality}: the best found before the run was "
              f"cut short, NOT proven best{proven}")

    def block(self, fill: Fill) -> list[CellLetter]:
        """Record `fill` as printed: its cell letters, whose clause keeps it from coming
        again (every white cell: free cells too, so that the clause is exact)."""
        cells = [(r, c, letter) for r, row in enumerate(fill) for c, letter in enumerate(row)
                 if self.instance.grid[r][c] != "0"]
        self.blocked.append(cells)
        self.printed_fills.add(fill)
        return cells

    # ------------------------------------------------------------ messages

    def note(self, message: str) -> None:
        print(f"satpuzzle: best: {message}", file=sys.stderr, flush=True)

    def progress(self, message: str) -> None:
        """On the way to the first fill, which may take long: what is known so far."""
        if not self.printed:
            self.note(f"{time.monotonic() - self.started:.2f} s: {message}")


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
