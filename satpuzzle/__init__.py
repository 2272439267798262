"""satpuzzle: describe a puzzle, compile it to CNF, solve it with a PySAT back end, enumerate
and check every solution."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__version__ = "0.1.0"


def load(path_or_text: str, kind: str | None = None) -> list[Any]:
    """The instances of a puzzle file, or of .puz text when the argument holds a newline."""
    from satpuzzle.loading import load as load_file
    from satpuzzle.loading import load_text

    if "\n" in path_or_text or "{" in path_or_text:
        return load_text(path_or_text, "<text>", kind).instances
    return load_file(path_or_text, kind).instances


def compile(instance: Any):
    """The instance's Formula, complete by itself (clauses, named variables; `to_dimacs()`
    for text)."""
    from satpuzzle import registry

    return registry.standalone_formula(instance)


def solutions(instance: Any, limit: int | None = None, solver: str = "cadical195",
              engine: str = "auto") -> Iterator[Any]:
    """Solutions one by one, each exactly once, in this process (no timeout). `engine`
    "auto" uses the kind's own search engine where it has one, "sat" always the SAT solver
    with blocking clauses."""
    from itertools import islice

    from satpuzzle import registry

    module = registry.kind_module(instance.KIND)
    if engine == "auto" and hasattr(module, "search"):
        yield from islice(module.search(instance, solver), limit)
        return
    from satpuzzle.solving import Job, LimitReached, ModelStream

    formula = module.encode(instance)
    stream = ModelStream(formula, solver)
    try:
        for true_vars in stream.models(Job(limit=limit)):
            yield module.decode(instance, [formula.names[v] for v in true_vars])
    except LimitReached:
        return
    finally:
        stream.close()


def solve(instance: Any, solver: str = "cadical195") -> Any | None:
    """The first solution found, or None when there is none."""
    return next(solutions(instance, limit=1, solver=solver), None)


def check(instance: Any, solution: Any) -> list[str]:
    """Rule violations of `solution` (empty when valid), from the independent checker."""
    from satpuzzle import registry

    return registry.checker_module(instance.KIND).check(instance, solution)
