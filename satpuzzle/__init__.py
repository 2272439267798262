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
    from satpuzzle import pipeline

    return pipeline.compile(instance, standalone=True).formula


def solutions(instance: Any, limit: int | None = None, solver: str = "cadical195",
              engine: str = "auto", check: bool = True) -> Iterator[Any]:
    """Solutions one by one, each exactly once, in this process (no timeout), each checked
    by the independent rule checker unless `check` is False (a solution breaking a rule
    raises satpuzzle.pipeline.CheckFailed). `engine` "auto" uses the kind's own engine where
    it has one and it suits the instance, "sat" always the SAT solver with blocking clauses,
    or an engine by name (an InputError for a kind without it)."""
    from satpuzzle import pipeline

    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                              or limit < 1):
        raise ValueError(f"limit must be a positive integer or None (every solution), "
                         f"not {limit!r}")
    request = pipeline.Request(limit=limit, solver=solver, engine=engine, check=check,
                               in_process=True)
    return pipeline.solutions(instance, request)


def solve(instance: Any, solver: str = "cadical195") -> Any | None:
    """The first solution found, or None when there is none."""
    return next(solutions(instance, limit=1, solver=solver), None)


def check(instance: Any, solution: Any) -> list[str]:
    """Rule violations of `solution` (empty when valid), from the independent checker; an
    InputError when `solution` is not shaped like a solution of this kind at all."""
    from satpuzzle.errors import InputError
    from satpuzzle.kinds import registry

    kind = registry.kind_of(instance)
    try:
        return kind.checker.check(instance, solution)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as exc:
        raise InputError(f"not a {kind.name} solution ({type(exc).__name__}: {exc}); "
                         "expected what satpuzzle.solutions yields") from None


def forced(instance: Any, solver: str = "cadical195",
           timeout: float | None = None) -> dict[tuple, bool] | None:
    """What every solution shares (the backbone over the puzzle's variables), as
    {variable name: value}; None when there is no solution. Raises TimeoutError when
    `timeout` seconds pass first."""
    import time

    from satpuzzle import pipeline

    deadline = None if timeout is None else time.monotonic() + timeout
    request = pipeline.Request(forced=True, solver=solver, deadline=deadline)
    result = next(event for event in pipeline.solve(instance, request)
                  if isinstance(event, pipeline.ForcedResult))
    if result.backbone.status in ("timeout", "interrupted"):
        raise TimeoutError(f"backbone incomplete after {result.backbone.elapsed:.2f} s")
    if not result.backbone.solution_found:
        return None
    return result.forced


def render(instance: Any, solution: Any = None, format: str = "text") -> Any:
    """A solution as the command line prints it: "text", "pretty" (box drawing), "json"
    (a JSON-ready object) or "svg" (a picture; `solution` None draws the unsolved puzzle)."""
    from satpuzzle.kinds import registry

    kind = registry.kind_of(instance)
    if format == "svg":
        from satpuzzle.pictures import render_svg

        return render_svg(instance, [] if solution is None else [solution])
    if format == "pretty":
        return kind.pretty(instance, solution)
    module = kind
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
