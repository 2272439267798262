"""One solver per grid shape, kept by a process that answers Sudokus in process (the Python
API), so that its later puzzles of that shape skip building and loading a formula.

A fresh puzzle costs a formula of a few thousand clauses and a solver to load them into;
loading alone takes about as long as solving. A process that answers many puzzles of one
shape pays that once instead: the empty grid's formula stays loaded in one incremental
solver, and each puzzle is its givens as assumptions (as batches of one-line puzzles do).
Everything a puzzle adds (one blocking clause) sits behind a selector that is retired at
once, so what the solver learns holds for every later puzzle.

Answers never depend on which puzzles came before: the shared solver gives a puzzle's answer
only when it proves it unique (or that there is none); a puzzle with several solutions is
declined, and the fresh encoding answers it, in the order it always does.

Where it applies: `engine` is used by `--engine auto` (the API's default) for a shape of
which this process has decoded `WARM_AFTER` solutions itself (not in a child), when the
default back end is asked for. It never answers in a forked child (the command line's back
ends, `--jobs` workers): a child would have to build the solver for a single puzzle, or
inherit one and throw away what it learns. The command line decodes in its children only, so
it never picks this engine and answers exactly as before; a process that also solves in
process (the API) and then asks for a run in a child pays one declined child, then SAT.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pysat.solvers import Solver

from satpuzzle.children import in_child
from satpuzzle.cnf import Formula, max_clauses
from satpuzzle.errors import InputError
from satpuzzle.kinds.base import Engine, EngineDeclined
from satpuzzle.kinds.sudoku import puzzle
from satpuzzle.solving import DEFAULT_SOLVER, NON_INCREMENTAL, solver_aliases

# Shapes whose empty-grid formula is at most this big (9×9: 10,530 clauses, about 6 ms to
# build and load, against 1.5 ms for one fresh puzzle); a 16×16 formula (110,000 clauses)
# would cost more than it saves on the few puzzles a process usually answers.
MAX_CLAUSES = 20_000
WARM_AFTER = 2  # puzzles of a shape answered in process before its solver is built
KEPT_SHAPES = 4  # shared solvers kept at once (least recently used dropped first)
TRACKED_SHAPES = 64  # shapes whose in-process answers are counted (regions vary a lot)
# CaDiCaL's options on a shared solver. No variable elimination (nor blocked, covered or
# conditioned clause elimination, off by default), no "lucky" guessing at the start of a
# solve, and no incremental lazy backtracking (`ilb`, which keeps the previous solve's trail:
# a second solve of the empty 4×4 then found a model with no new decision, and the puzzle was
# wrongly called unique). Then every variable of a model found without a single decision was
# forced by propagation from the givens over clauses the rules imply, so that model is the
# only one, and the second solve that would prove it is skipped (half of the 17-clue
# puzzles, solved by singles alone).
OPTIONS = {"elim": 0, "block": 0, "cover": 0, "condition": 0, "lucky": 0, "ilb": 0,
           "fastelim": 0}
# Each puzzle retires a selector variable, and every model lists every variable: after this
# many puzzles the solver is built again (6 ms), so that reading a model stays cheap.
SELECTORS = 2_000

Key = tuple[int, int, Any]  # box rows, box columns, regions (a tuple of tuples, or None)


@dataclass(eq=False)
class SharedSolver:
    """The empty grid's formula in an incremental solver: candidate k (cell k // N, digit
    k % N + 1) is variable k + 1."""

    formula: Formula
    solver: Any
    size: int
    next_selector: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    closed: bool = False
    configured: bool = False  # OPTIONS hold: a model found without a decision is unique
    decisions: int = 0  # the solver's decisions so far

    @classmethod
    def loaded(cls, formula: Formula, size: int) -> SharedSolver:
        solver = Solver(name=DEFAULT_SOLVER)
        configured = solver_aliases().get(DEFAULT_SOLVER) == "cadical195"
        if configured:
            solver.solver.configure(OPTIONS)  # before any clause, as CaDiCaL requires
        solver.append_formula(formula.all_clauses())
        return cls(formula, solver, size, formula.num_vars + 1, configured=configured)

    def _decided(self) -> bool:
        """Whether the last solve made a decision (assumptions are not decisions); True when
        that cannot be told."""
        decisions = (self.solver.accum_stats() or {}).get("decisions")
        if decisions is None or not self.configured:
            return True
        decided, self.decisions = decisions != self.decisions, decisions
        return decided

    def first_and_more(self, givens: tuple[tuple[int, ...], ...]) -> tuple[list[int], bool]:
        """The true puzzle variables of a solution under the givens ([] when there is none),
        and whether there is another one."""
        n = self.size
        assumptions = [cell * n + value for cell, value in
                       enumerate(itertools.chain.from_iterable(givens)) if value]
        with self.lock:
            if self.closed:  # dropped by another thread meanwhile: the fresh encoding answers
                raise EngineDeclined
            if not self.solver.solve(assumptions=assumptions):
                self._decided()
                return [], False
            first = [v for v in self.solver.get_model()[:n ** 3] if v > 0]
            if not self._decided():  # propagation alone found it: it is the only one
                return first, False
            block = [-v for v in sorted(set(first).difference(assumptions))]
            selector = self.next_selector
            self.next_selector += 1
            self.solver.add_clause([-selector, *block])
            more = self.solver.solve(assumptions=[*assumptions, selector])
            self.solver.add_clause([-selector])  # retired: this puzzle's clause is gone
            self._decided()
        return first, bool(more)

    def selectors_used(self) -> int:
        return self.next_selector - self.formula.num_vars - 1

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.solver.delete()


class Shared:
    """The shared solvers of this process and the counts that decide when to build one."""

    def __init__(self, build: Callable[[Key], Formula]) -> None:
        self._build = build  # the empty grid's formula of a shape
        self._solvers: OrderedDict[Key, SharedSolver] = OrderedDict()
        self._answered: OrderedDict[Key, int] = OrderedDict()
        self._lock = threading.Lock()
        self.builds = 0  # solvers built so far (tests look)

    def note_answer(self, key: Key) -> None:
        """A puzzle of this shape was answered in this process."""
        if in_child():
            return  # a child's counts die with it
        with self._lock:
            self._answered[key] = self._answered.pop(key, 0) + 1
            while len(self._answered) > TRACKED_SHAPES:
                self._answered.popitem(last=False)

    def suits(self, key: Key) -> bool:
        """Whether puzzles of this shape should go to a shared solver here."""
        if in_child() or _most_clauses(key) > MAX_CLAUSES:
            return False
        with self._lock:
            return key in self._solvers or self._answered.get(key, 0) >= WARM_AFTER

    def solver(self, key: Key) -> SharedSolver:
        """The shape's shared solver, built when there is none or when the current one has
        used up its selectors."""
        with self._lock:
            found = self._solvers.get(key)
            if found is not None and found.selectors_used() < SELECTORS:
                self._solvers.move_to_end(key)
                return found
        if _most_clauses(key) > MAX_CLAUSES:
            raise EngineDeclined
        built = SharedSolver.loaded(self._build(key), key[0] * key[1])
        with self._lock:
            self.builds += 1
            if key in self._solvers:
                self._solvers.pop(key).close()
            self._solvers[key] = built
            while len(self._solvers) > KEPT_SHAPES:
                self._solvers.popitem(last=False)[1].close()
        return built

    def clear(self) -> None:
        """Drop every shared solver and count (tests start from a clean process state)."""
        with self._lock:
            for shared in self._solvers.values():
                shared.close()
            self._solvers.clear()
            self._answered.clear()
            self.builds = 0


def _most_clauses(key: Key) -> int:
    """The empty grid's clauses before duplicates are dropped: N² + 3N² groups, N³(N-1)/2
    pairs within cells and 3N³(N-1)/2 within units."""
    n = key[0] * key[1]
    return 4 * n * n + 2 * n ** 3 * (n - 1)


@cache
def _is_default(solver_name: str) -> bool:
    """Whether `solver_name` is the default back end, and that one takes assumptions."""
    aliases = solver_aliases()
    default = aliases[DEFAULT_SOLVER]
    return aliases.get(solver_name) == default and default not in NON_INCREMENTAL


def engine(shared: Shared, key_of: Callable[[Any], Key],
           decode: Callable[[Any, list[int], Formula], Any]) -> Engine:
    """The Engine that answers a puzzle on its shape's shared solver, or declines."""

    def solutions(instance: Any, solver_name: str) -> Iterator[Any]:
        if in_child():
            raise EngineDeclined  # see the module's docstring: SAT, as the command runs it
        if not _is_default(solver_name):
            raise EngineDeclined  # another back end was asked for: SAT runs it
        try:
            key = key_of(instance)
        except InputError:
            raise EngineDeclined from None  # the fresh encoding reports it, with its words
        if key is None:
            raise EngineDeclined  # a variant: its own rules, the fresh encoding
        if _most_clauses(key) > max_clauses():
            raise EngineDeclined  # over --max-clauses: the fresh formula, smaller, may fit
        found = shared.solver(key)
        true_vars, more = found.first_and_more(instance.givens)
        if more:
            raise EngineDeclined  # several solutions: the fresh encoding lists them
        if true_vars:
            yield decode(instance, true_vars, found.formula)

    def suits(instance: Any) -> bool:
        try:
            key = key_of(instance)
        except InputError:
            return False
        return key is not None and shared.suits(key)

    return Engine("shared", solutions, suits,
                  "Sudoku: the shape's solver kept by the process, givens as assumptions "
                  "(in process, after a few puzzles of the shape)")


def _decode_vars(instance: Any, true_vars: list[int], formula: Formula) -> Any:
    return puzzle.decode(instance, [formula.names[v] for v in true_vars])


# The process's shared solvers and the engine on them
SHARED = Shared(puzzle.encode_empty)
ENGINE = engine(SHARED, puzzle.checked_shape_key, _decode_vars)


def note_answer(instance: Any) -> None:
    """A solution of `instance` was decoded in this process (variants are not counted)."""
    if not instance.variant:
        SHARED.note_answer(puzzle.shape_key(instance))
