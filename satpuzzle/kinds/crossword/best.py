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
   shortfall), until the answer is UNSAT: that is the proof (`mean.improving`). Where
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

import dataclasses
import enum
import sys
import time
from collections.abc import Iterator, Sequence

from satpuzzle.cnf import Formula
from satpuzzle.kinds.crossword import rules
from satpuzzle.kinds.crossword.alarm import Alarm, OutOfBudget
from satpuzzle.kinds.crossword.decoding import decode_symbols
from satpuzzle.kinds.crossword.mean import (
    CellLetter,
    by_maxsat,
    improving,
    letter_table,
    shortfall_terms,
)
from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill, slots
from satpuzzle.kinds.crossword.problem import SlotProblem, slot_problem, spellings
from satpuzzle.kinds.crossword.search import LARGE_GRID_CELLS
from satpuzzle.kinds.crossword.slotsearch import SearchStalled, SlotSearch
from satpuzzle.kinds.crossword.trie import TrieSearch, oracle_seconds
from satpuzzle.kinds.crossword.wordlists import DEFAULT_SCORE
from satpuzzle.solving import make_solver
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


def optimality_claim(instance: CrosswordInstance,
                     solution: object) -> tuple[str, CrosswordInstance] | None:
    """What "proven best" says of the first fill printed (`solution`), for --certify: no fill
    has every entry scoring above its lowest entry score, i.e. the instance narrowed to the
    words scoring the next level or more has no fill. None for a list without scores, a fill
    of the top score (nothing to refute) or a grid with rebus cells (its fill is shown, not
    spelled)."""
    if not instance.scores or instance.symbols or not isinstance(solution, tuple):
        return None
    score = word_scores(instance)
    try:
        lowest = min(score["".join(solution[r][c] for r, c in cells)]
                     for cells in slots(instance))
    except (KeyError, IndexError):
        return None  # not a fill of this grid and list: the rule checker says why
    above = sorted({s for s in score.values() if s > lowest})
    if not above:
        return None
    kept = [word for word in instance.words if score[word] >= above[0]]
    narrowed = dataclasses.replace(instance, words=tuple(kept),
                                   scores=tuple(score[word] for word in kept))
    return f"no fill has every entry scoring {above[0]} or more", narrowed


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
        that improves the best fill known under a bound on the shortfall (`mean.improving`) while
        its counter is small, else by MaxSAT (`mean.by_maxsat`)."""
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
            yield from improving(self, formula, letters, [*blocked, *clauses], softs,
                                 self.top_of(lowest), lowest)
        else:
            yield from by_maxsat(self, formula, letters, [*blocked, *clauses], softs)

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
        proven = (f"; proven: {self.proven}" if self.proven
                  else "; nothing proven yet of a better fill")
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


