"""satpuzzle: describe a puzzle, compile it to CNF, solve it with a PySAT back end, enumerate
and check every solution."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__version__ = "0.1.0"


def load(path_or_text: str, kind: str | None = None) -> list[Any]:
    """The instances of a puzzle file or directory, of a game ID or URL (`sgt:rect:...`,
    `https://puzz.link/p?...`), or of .puz text when the argument holds a newline."""
    from satpuzzle.loading import load as load_file
    from satpuzzle.loading import load_text

    if "\n" in path_or_text or "{" in path_or_text:
        return load_text(path_or_text, "<text>", kind).instances
    return load_file(path_or_text, kind).instances


def compile(instance: Any):
    """The instance's Formula, complete by itself (clauses, named variables; `to_dimacs()`
    for text)."""
    from satpuzzle.kinds import registry

    return registry.kind_of(instance).encode_standalone(instance)


def solutions(instance: Any, limit: int | None = None, solver: str = "cadical195",
              engine: str = "auto") -> Iterator[Any]:
    """Solutions one by one, each exactly once, in this process (no timeout). `engine`
    "auto" uses the kind's own search engine where it has one and it suits the instance,
    "sat" always the SAT solver with blocking clauses, "search" always the kind's own engine
    (an InputError for a kind without one)."""
    from itertools import islice

    from satpuzzle.kinds import registry

    module = registry.kind(instance.KIND)
    chosen = module.engine_for(instance, engine)
    if chosen is not None:
        yield from islice(chosen.solutions(instance, solver), limit)
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
    from satpuzzle.kinds import registry

    return registry.kind(instance.KIND).checker.check(instance, solution)


def forced(instance: Any, solver: str = "cadical195",
           timeout: float | None = None) -> dict[tuple, bool] | None:
    """What every solution shares (the backbone over the puzzle's variables), as
    {variable name: value}; None when there is no solution. Raises TimeoutError when
    `timeout` seconds pass first."""
    from satpuzzle.backbone import backbone
    from satpuzzle.kinds import registry

    formula = registry.kind(instance.KIND).encode(instance)
    result = backbone(formula, solver, timeout)
    if result.status in ("timeout", "interrupted"):
        raise TimeoutError(f"backbone incomplete after {result.elapsed:.2f} s")
    if not result.solution_found:
        return None
    return {formula.names[v]: v in result.forced_true
            for v in sorted(result.forced_true | result.forced_false)}


def render(instance: Any, solution: Any = None, format: str = "text") -> Any:
    """A solution as the command line prints it: "text", "pretty" (box drawing), "json"
    (a JSON-ready object) or "svg" (a picture; `solution` None draws the unsolved puzzle)."""
    from satpuzzle.kinds import registry

    if format == "svg":
        from satpuzzle.pictures import render_svg

        return render_svg(instance, [] if solution is None else [solution])
    if format == "pretty":
        from satpuzzle.pictures import render_pretty

        return render_pretty(instance, solution)
    module = registry.kind(instance.KIND)
    if format == "json":
        return module.render_json(instance, solution)
    if format == "text":
        return module.render_text(instance, solution)
    raise ValueError(f"unknown format {format!r}; expected text, pretty, json or svg")


def export(instance: Any, format: str) -> str:
    """The puzzle in an exchange format: "puz", "json", "sgt", "url", "svg", "has",
    "sudoku-line", "eternity", "brendan" or "dimacs" (docs/FORMATS.md)."""
    from satpuzzle import formats

    return formats.write(format, instance)
