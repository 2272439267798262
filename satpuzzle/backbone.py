"""What every solution shares: the backbone of a puzzle over its live puzzle variables, the
variables that have one value in all solutions (what a setter fixes to make a puzzle unique).

Computed incrementally on one solver, never by enumerating solutions: find a first real
solution; every live variable is then a candidate with its value there. For each candidate
still open, solve with its value flipped as an assumption. A solution found (after the refine
loop: a model with lazy cuts pending is no solution) refutes every candidate it disagrees
with; "unsatisfiable" proves the candidate forced, and it is added as a unit clause, which
helps the later calls. Cost: 1 + (number of candidates checked) solve calls, usually far
fewer than the variables, since each solution found refutes many candidates at once.

The search runs in a child process (solving.run_search) so that a timeout or Ctrl-C stops it
whatever the back end; the child streams each step, so a run cut short still reports what was
proven: forced variables, and variables shown free by some solution.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from satpuzzle.cnf import Formula
from satpuzzle.solving import DEFAULT_SOLVER, make_solver, run_search, solver_counters


@dataclass(frozen=True)
class Solution:
    """Step: a real solution (its true live variables) after `calls` solve calls."""

    true_vars: frozenset[int]
    calls: int


@dataclass(frozen=True)
class Forced:
    """Step: `literal` holds in every solution (proven by an unsatisfiable call)."""

    literal: int
    calls: int


@dataclass(frozen=True)
class Finished:
    """Step: the search ended; the solver's counters where the back end reports them."""

    calls: int
    stats: dict[str, int] | None


Step = Solution | Forced | Finished


@dataclass
class Backbone:
    """The answer: forced variables by value, and what is left when the run was cut short."""

    # complete: "solved" (some solution) or "none"; cut short: "timeout" or "interrupted"
    status: str = "none"
    live: tuple[int, ...] = ()
    forced_true: set[int] = field(default_factory=set)
    forced_false: set[int] = field(default_factory=set)
    # Candidates neither proven forced nor refuted: empty unless the run was cut short.
    undecided: set[int] = field(default_factory=set)
    calls: int = 0
    solution_found: bool = False
    stats: dict[str, int] | None = None
    elapsed: float = 0.0

    @property
    def complete(self) -> bool:
        return self.status in ("solved", "none")

    @property
    def free(self) -> set[int]:
        """Live variables shown to take both values (by two solutions)."""
        if not self.solution_found:
            return set()
        return set(self.live) - self.forced_true - self.forced_false - self.undecided


def backbone_steps(formula: Formula, live: Sequence[int],
                   solver_name: str = DEFAULT_SOLVER) -> Iterator[Step]:
    """The backbone search, one step at a time (see the module docstring)."""
    live_set = frozenset(live)
    top = max(live, default=0)  # models are sliced there: auxiliaries usually come after
    solver = make_solver(solver_name, formula.all_clauses())
    calls = 0

    def real_solution(assumptions: list[int]) -> frozenset[int] | None:
        nonlocal calls
        while True:
            calls += 1
            if not solver.solve(assumptions=assumptions):
                return None
            true_vars = live_set.intersection(solver.get_model()[:top])
            cuts = formula.refine(true_vars) if formula.refine else []
            if not cuts:
                return true_vars
            for clause in cuts:  # valid for every solution: kept for the later calls too
                solver.add_clause(clause)

    try:
        first = real_solution([])
        if first is not None:
            yield Solution(first, calls)
            value = {v: v in first for v in live}  # the candidates still open
            for variable in live:
                if variable not in value:
                    continue  # refuted by an earlier solution
                literal = variable if value.pop(variable) else -variable
                other = real_solution([-literal])
                if other is None:
                    solver.add_clause([literal])
                    yield Forced(literal, calls)
                else:
                    for candidate in [v for v, was in value.items() if (v in other) != was]:
                        del value[candidate]
                    yield Solution(other, calls)
        yield Finished(calls, solver_counters(solver))
    finally:
        solver.delete()


class Progress:
    """What the steps received so far prove (the parent's view of a run in its child)."""

    def __init__(self, live: Sequence[int]) -> None:
        self.result = Backbone(live=tuple(live))
        self.open: dict[int, bool] = {}
        self.finished = False

    def apply(self, step: Step) -> None:
        result = self.result
        result.calls = step.calls
        if isinstance(step, Solution):
            if not result.solution_found:
                result.solution_found = True
                self.open = {v: v in step.true_vars for v in result.live}
            else:
                for candidate in [v for v, was in self.open.items()
                                  if (v in step.true_vars) != was]:
                    del self.open[candidate]
        elif isinstance(step, Forced):
            variable = abs(step.literal)
            self.open.pop(variable, None)
            (result.forced_true if step.literal > 0 else result.forced_false).add(variable)
        else:
            self.finished = True
            result.stats = step.stats

    def finish(self, stopped: str | None, elapsed: float) -> Backbone:
        result = self.result
        result.elapsed = elapsed
        if stopped or not self.finished:
            result.status = "interrupted" if stopped == "interrupt" else "timeout"
            result.undecided = set(self.open)
        else:
            result.status = "solved" if result.solution_found else "none"
        return result


def backbone(formula: Formula, solver_name: str = DEFAULT_SOLVER,
             timeout: float | None = None) -> Backbone:
    """The backbone of `formula` over its live puzzle variables, over real solutions (lazy
    cuts included). A timeout or Ctrl-C returns what was proven so far (status "timeout" or
    "interrupted")."""
    live = formula.live_puzzle_vars()
    progress = Progress(live)
    outcome = run_search(lambda: backbone_steps(formula, live, solver_name), progress.apply,
                         None, timeout)
    return progress.finish(outcome.stopped, outcome.elapsed)
