"""One solver per grid shape, kept by a process that answers Sudokus in process (the Python
API), so that its later puzzles of that shape skip building and loading a formula.

A fresh puzzle costs a formula of a few thousand clauses and a solver to load them into;
loading alone takes about as long as solving. A process that answers many puzzles of one
shape pays that once instead: the empty grid's formula stays loaded in one incremental
solver, and each puzzle is its givens as assumptions (as batches of one-line puzzles do).
Everything a puzzle adds (one blocking clause) sits behind a selector that is retired at
once, so what the solver learns holds for every later puzzle. The solver is
solving.ModelStream, as for batches: it builds itself again every few thousand puzzles and
settles most puzzles by propagation, with no second solve.

Answers never depend on which puzzles came before: the shared solver gives a puzzle's answer
only when it proves it unique (or that there is none); a puzzle with several solutions is
declined, and the fresh encoding answers it, in the order it always does.

Where it applies: `engine` is used by `--engine auto` (the API's default) for a shape of
which this process has decoded `WARM_AFTER` solutions itself, when the default back end is
asked for. It answers in the process that asks (`Engine.in_process`), every solve call under
the in-process conflict budget: the API, the command line, which answers small puzzles in its
own process (pipeline.solve's first try), and the one worker that answers the puzzles of a
file or directory (runs.pooled) take it from the third puzzle of a shape on; a puzzle that
spends the budget is declined, and SAT answers it. A run with a deadline whose back end would
go to a child does not take it (pipeline._engine): a child would have to build the solver for
a single puzzle, or inherit one and throw away what it learns.
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache

from satpuzzle.cnf import Formula, max_clauses
from satpuzzle.errors import InputError
from satpuzzle.kinds.base import Engine, EngineDeclined
from satpuzzle.kinds.sudoku import decoding, rules
from satpuzzle.kinds.sudoku.puzzle import Grid, SudokuInstance
from satpuzzle.solving import (
    DEFAULT_SOLVER,
    IN_PROCESS_CONFLICTS,
    NON_INCREMENTAL,
    BudgetSpent,
    Job,
    LimitReached,
    ModelStream,
    solver_aliases,
)

# Shapes whose empty-grid formula is at most this big (9×9: 10,530 clauses, about 6 ms to
# build and load, against 1.5 ms for one fresh puzzle); a 16×16 formula (110,000 clauses)
# would cost more than it saves on the few puzzles a process usually answers.
MAX_CLAUSES = 20_000
WARM_AFTER = 2  # puzzles of a shape answered in process before its solver is built
KEPT_SHAPES = 4  # shared solvers kept at once (least recently used dropped first)
TRACKED_SHAPES = 64  # shapes whose in-process answers are counted (regions vary a lot)

Key = tuple[int, int, Grid | None]  # box rows, box columns, regions (None: boxes)


@dataclass(eq=False)
class SharedSolver:
    """The empty grid's formula in one incremental solver (solving.ModelStream, which builds
    it again every few thousand puzzles and settles most by propagation): candidate k
    (cell k // N, digit k % N + 1) is variable k + 1."""

    formula: Formula
    stream: ModelStream
    size: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    closed: bool = False

    @classmethod
    def loaded(cls, formula: Formula, size: int) -> SharedSolver:
        return cls(formula, ModelStream(formula, DEFAULT_SOLVER), size)

    def first_and_more(self, givens: tuple[tuple[int, ...], ...]) -> tuple[list[int], bool]:
        """The true puzzle variables of a solution under the givens ([] when there is none),
        and whether there is another one."""
        n = self.size
        job = Job([cell * n + value for cell, value in
                   enumerate(itertools.chain.from_iterable(givens)) if value], limit=2,
                  conflicts=IN_PROCESS_CONFLICTS)
        with self.lock:
            if self.closed:  # dropped by another thread meanwhile: the fresh encoding answers
                raise EngineDeclined
            found: list[frozenset[int]] = []
            try:
                found.extend(self.stream.models(job))
            except LimitReached:
                return sorted(found[0]), True
            except BudgetSpent:  # a hard puzzle: the fresh encoding, in a child if need be
                raise EngineDeclined from None
        return (sorted(found[0]) if found else []), False

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.stream.close()


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
        with self._lock:
            self._answered[key] = self._answered.pop(key, 0) + 1
            while len(self._answered) > TRACKED_SHAPES:
                self._answered.popitem(last=False)

    def suits(self, key: Key) -> bool:
        """Whether puzzles of this shape should go to a shared solver here."""
        if _most_clauses(key) > MAX_CLAUSES:
            return False
        with self._lock:
            return key in self._solvers or self._answered.get(key, 0) >= WARM_AFTER

    def solver(self, key: Key) -> SharedSolver:
        """The shape's shared solver, built when there is none."""
        with self._lock:
            found = self._solvers.get(key)
            if found is not None:
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


def engine(shared: Shared, key_of: Callable[[SudokuInstance], Key | None],
           decode: Callable[[SudokuInstance, list[int], Formula], Grid],
           ) -> Engine[SudokuInstance]:
    """The Engine that answers a puzzle on its shape's shared solver, or declines."""

    def solutions(instance: SudokuInstance, solver_name: str) -> Iterator[Grid]:
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

    def suits(instance: SudokuInstance) -> bool:
        try:
            key = key_of(instance)
        except InputError:
            return False
        return key is not None and shared.suits(key)

    return Engine("shared", solutions, suits,
                  "Sudoku: the shape's solver kept by the process, givens as assumptions "
                  "(in process, after a few puzzles of the shape)", in_process=True)


def _decode_vars(instance: SudokuInstance, true_vars: list[int], formula: Formula) -> Grid:
    """The grid of a model of the shape's formula, whose variables are laid out as
    SharedSolver says (givens are true variables too: they are assumed)."""
    return decoding.decode_candidates(instance, true_vars)


# The process's shared solvers and the engine on them
SHARED = Shared(rules.encode_empty)
ENGINE = engine(SHARED, rules.checked_shape_key, _decode_vars)


def note_answer(instance: SudokuInstance) -> None:
    """A solution of `instance` was decoded in this process (variants are not counted; a
    child's counts die with it)."""
    if not instance.variant:
        SHARED.note_answer(rules.shape_key(instance))
