"""The crossword engine `search`: every fill of a grid without blocking clauses, by the trie
search (small grids: fastest at enumerating; satpuzzle.kinds.crossword.trie) or the slot
search (large grids: a first fill of a 15×15 van Beek grid with 600,000 French words in a
fraction of a second; satpuzzle.kinds.crossword.slotsearch), both over the arc-consistent
slot problem (satpuzzle.kinds.crossword.problem), with the grid's CNF as the trie's SAT
oracle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import cast

from satpuzzle.kinds.crossword.model import CrosswordInstance, Fill, LetterName
from satpuzzle.kinds.crossword.problem import SlotProblem, slot_problem
from satpuzzle.kinds.crossword.slotsearch import SearchStalled, SlotSearch
from satpuzzle.kinds.crossword.trie import Oracle, TrieSearch, oracle_seconds

LARGE_GRID_CELLS = 100  # white cells above which the slot search answers (search_symbols)


def search(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """Every fill, a rebus cell shown as `(heart)` (search_symbols' fills)."""
    return map(instance.shown, search_symbols(instance, solver_name))


def search_symbols(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """Every fill, in the engines' symbols (a rebus cell holds its string's symbol). Small
    grids: the trie search (trie.TrieSearch), fastest at enumerating, with a SAT oracle of
    back end `solver_name` built only if it stalls. Large grids: the slot search
    (slotsearch.SlotSearch: maintained arc consistency, look-ahead word order), which finds
    a first fill of a 15×15 van Beek grid in a fraction of a second where the trie finds
    none in a minute; if it stalls without a fill for as long as the oracle would take
    to build, the trie search with the oracle on from the start answers instead."""
    problem = slot_problem(instance)
    height, width = len(instance.grid), len(instance.grid[0])

    def trie_search(oracle_budget: float | None) -> Iterator[Fill]:
        return TrieSearch(problem, height, width, instance.distinct,
                          oracle_factory=lambda: sat_oracle(instance, problem, solver_name),
                          oracle_budget=oracle_budget).fills()

    if len(problem.cell_masks) <= LARGE_GRID_CELLS:
        return trie_search(None)
    return _slots_then_trie(SlotSearch(problem, height, width, instance.distinct,
                                       stall_after=oracle_seconds(problem)), trie_search)


def _slots_then_trie(slot_search: SlotSearch,
                     trie_search: Callable[[float], Iterator[Fill]]) -> Iterator[Fill]:
    """The slot search's fills; if it stalls (having yielded none), the trie search's with
    its oracle built at once (ski rental: at most about twice what either costs alone)."""
    try:
        yield from slot_search.fills()
        return
    except SearchStalled:
        pass
    yield from trie_search(0.0)


def sat_oracle(instance: CrosswordInstance, problem: SlotProblem, solver_name: str) -> Oracle:
    """Is there a fill extending these letters? The CNF of encode() under assumptions."""
    from satpuzzle.kinds.crossword import rules  # only when the oracle is built
    from satpuzzle.solving import make_solver

    formula = rules.encode_problem(instance, problem)
    solver = make_solver(solver_name, formula.all_clauses())
    letter_var = {(name[1] - 1, name[2] - 1, name[3]): ident
                  for ident, name in cast(dict[int, LetterName], formula.names).items()
                  if name[0] == "c"}  # ("c", row, column, letter) as rules.py names it
    top = max(formula.names, default=0)

    def oracle(prefix: list[tuple[tuple[int, int], str]],
               conflicts: int | None = None) -> dict[tuple[int, int], str] | None:
        assumptions = [letter_var[(r, c, letter)] for (r, c), letter in prefix]
        if conflicts is None or not hasattr(solver, "solve_limited"):
            answer = solver.solve(assumptions=assumptions)
        else:
            solver.conf_budget(conflicts)
            answer = solver.solve_limited(assumptions=assumptions)
            if answer is None:
                return {}  # unknown within the budget: the search goes on below, unpruned
        if not answer:
            return None
        true_vars = {lit for lit in solver.get_model()[:top] if lit > 0}
        return {(r, c): letter for (r, c, letter), ident in letter_var.items()
                if ident in true_vars}

    return oracle
