"""satpuzzle: describe a puzzle, compile it to CNF, solve it with a PySAT back end, enumerate
and check every solution.

The Python API (docs/API.md). Every call that searches goes through the pipeline
(satpuzzle.pipeline) as the command line does, and takes `timeout=` seconds: without it the
search runs in this process; with it, in child processes killed at the deadline, and the
call raises `Timeout` (a TimeoutError carrying what was found by then) rather than return a
partial answer. Bad input raises `InputError`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from satpuzzle.errors import InputError

if TYPE_CHECKING:
    from satpuzzle.api import Forced, Result, Timeout
    from satpuzzle.cnf import Formula
    from satpuzzle.instances import Instance, JSONOut, Solution
    from satpuzzle.pipeline import Request

__version__ = "0.1.0"

__all__ = [
    "Forced", "InputError", "Result", "Timeout", "__version__", "check", "compile", "count",
    "encoded", "explain", "export", "forced", "generate", "load", "render", "solutions",
    "solve", "unique",
]

DEFAULT_SOLVER = "cadical195"  # satpuzzle.solving.DEFAULT_SOLVER, without importing PySAT

_API_CLASSES = ("Forced", "Result", "Timeout")


def __getattr__(name: str) -> type:
    """The API's result classes, imported on first use: `satpuzzle` itself stays cheap to
    import, so that the command's signal handlers are in place before anything slow."""
    if name in _API_CLASSES:
        from satpuzzle import api

        return getattr(api, name)
    raise AttributeError(f"module 'satpuzzle' has no attribute {name!r}")


def load(source: str | os.PathLike[str] | bytes, kind: str | None = None) -> list[Instance]:
    """The instances of a puzzle file or directory, of a game ID or URL (`sgt:rect:...`,
    `https://puzz.link/p?...`), or of puzzle text (.puz, JSON, a native text such as an
    81-character Sudoku line). An os.PathLike or bytes is always a file name; a str is told
    apart as the command line tells its FILE argument (satpuzzle.loading.load, docs/API.md):
    text when it holds a line break, a link when it starts with http://, https:// or sgt:,
    else the file or directory of that name when there is one, else a link by its shape, else
    one line of puzzle text, else "no such file"."""
    from satpuzzle.loading import load as load_argument

    if isinstance(source, (bytes, os.PathLike)):
        path = os.fsdecode(source)
        if not isinstance(path, str):  # a PathLike whose __fspath__ gives neither type
            raise TypeError(f"expected a file name, not {type(source).__name__}")
        return load_argument(path, kind, literal=True).instances
    if not isinstance(source, str):
        raise TypeError(f"expected a file name (str, os.PathLike or bytes) or puzzle text "
                        f"(str), not {type(source).__name__}")
    return load_argument(source, kind).instances


def compile(instance: Instance) -> Formula:
    """The instance's Formula, complete by itself (clauses, named variables; `to_dimacs()`
    for text)."""
    from satpuzzle import pipeline

    return pipeline.compile(instance, standalone=True).formula


def encoded(instance: Instance, choices: str | dict[str, str]) -> Instance:
    """The instance with these encodings for its families (`"cell=ladder,box=commander"`
    or a dict), as `--encoding` gives them: every call on it (solve, count, compile ...)
    writes those families so. An unknown family or encoding is an InputError that lists
    the choices."""
    from satpuzzle.kinds import registry

    if isinstance(choices, str):
        from satpuzzle.constraints.model import parse_choices

        choices = parse_choices(choices)
    return registry.kind_of(instance).with_encodings(instance, tuple(choices.items()))


def explain(instance: Instance) -> dict[str, object]:
    """What `compile --explain --format json` prints: per family of constraints the
    constraints, clauses, auxiliary variables, literals and encoding, with an example
    clause; the totals are the formula's."""
    from satpuzzle.constraints import report

    formula = compile(instance)
    return report.table_json(formula.explanation(), formula.names, formula.num_vars,
                             formula.num_clauses)


def solutions(instance: Instance, limit: int | None = None, solver: str = DEFAULT_SOLVER,
              engine: str = "auto", check: bool = True, *,
              timeout: float | None = None) -> Iterator[Solution]:
    """Solutions one by one as they are found, each exactly once, each checked by the
    independent rule checker unless `check` is False (a solution breaking a rule raises
    satpuzzle.pipeline.CheckFailed: a bug). `limit`: at most that many (None: every one).
    `engine` "auto" uses the kind's own engine where it has one and it suits the instance,
    "sat" always the SAT solver with blocking clauses, or an engine by name (an InputError
    for a kind without it). `timeout`: seconds for the whole enumeration, from the first
    solution asked for; when they run out, the iteration raises Timeout after the last
    solution found in time (its `result` has the count). Leaving the loop early (or closing
    the iterator) stops the search at once. Arguments are checked at the call."""
    from satpuzzle import api

    request = _request(instance, api.check_limit(limit), solver, engine, check)
    return api.solutions(instance, request, api.check_timeout(timeout))


def solve(instance: Instance, solver: str = DEFAULT_SOLVER, *, engine: str = "auto",
          check: bool = True, timeout: float | None = None) -> Solution | None:
    """The first solution found, or None when there is none (proven: a search cut short
    raises Timeout instead)."""
    from satpuzzle import api

    request = _request(instance, 1, solver, engine, check)
    return api.answer(instance, request, api.check_timeout(timeout), keep=1).solution


def count(instance: Instance, limit: int | None = None, *, solver: str = DEFAULT_SOLVER,
          engine: str = "auto", check: bool = True, timeout: float | None = None) -> Result:
    """How many solutions there are, as `satpuzzle solve --count`: a `Result` whose `count`
    is every solution when `complete`, or `limit` of them when there are at least that many.
    No solution is kept; where clasp counts natively (installed, every solution asked) a
    sample of them is rule-checked, else each one."""
    from satpuzzle import api

    request = _request(instance, api.check_limit(limit), solver, engine, check,
                       count_only=True)
    return api.answer(instance, request, api.check_timeout(timeout), keep=0)


def unique(instance: Instance, *, solver: str = DEFAULT_SOLVER, engine: str = "auto",
           check: bool = True, timeout: float | None = None) -> Result:
    """Whether the puzzle has exactly one solution, as `satpuzzle solve --unique`: a `Result`
    whose `verdict` is "none", "unique" or "multiple"; the search stops at a second solution,
    and `solutions` holds those found (at most two)."""
    from satpuzzle import api

    request = _request(instance, 2, solver, engine, check)
    return api.answer(instance, request, api.check_timeout(timeout), keep=2)


def _request(instance: Instance, limit: int | None, solver: str, engine: str, check: bool,
             count_only: bool = False) -> Request:
    """The pipeline's Request for one call (the deadline is set when the call starts)."""
    from satpuzzle import api, pipeline

    api.kind_name(instance)
    if engine not in ("auto", "sat", pipeline.CLINGO):
        from satpuzzle.kinds import registry

        registry.kind_of(instance).engine_for(instance, engine)  # an InputError if unknown
    # in this process unless a timeout asks for a child (api.events decides)
    return pipeline.Request(limit=limit, solver=api.solver_name(solver), engine=engine,
                            check=bool(check), count_only=count_only, in_process=True)


def check(instance: Instance, solution: Solution) -> list[str]:
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


def forced(instance: Instance, solver: str = DEFAULT_SOLVER, *,
           timeout: float | None = None) -> Forced:
    """What every solution shares (the backbone over the puzzle's variables), as a `Forced`:
    a mapping {variable name: value} of the forced variables (also its `forced` field), with
    `free` those that differ, `unique` when all are forced; status "UNSAT" (and nothing
    forced) without a solution.
    When `timeout` seconds pass first, raises Timeout whose `result` is what was proven."""
    from satpuzzle import api, pipeline

    api.kind_name(instance)
    request = pipeline.Request(forced=True, solver=api.solver_name(solver))
    return api.backbone(instance, request, api.check_timeout(timeout))


def generate(kind: str, rows: int | None = None, cols: int | None = None, *, seed: int = 0,
             unique: bool = False, timeout: float | None = None,
             **options: Any) -> Instance:
    """A random puzzle of `kind` ("shikaku", "hashi", "jigsaw", "sudoku"), as `satpuzzle
    generate` makes it: `rows` × `cols` (by default the command's: 10 × 10, a Sudoku 9 × 9;
    `cols` defaults to `rows`), from `seed`; `unique`: with exactly one solution (the solver
    is asked until it is). `options` are the kind's generator options by their Python names
    (hashi: islands; jigsaw: labels, variant, matching, border; shikaku: depth, merge_iters,
    merge_prob; sudoku: box, minimal, difficulty, attempts, diagonals, killer, cage_size).
    An InputError for an unknown kind, option or value; Timeout (no result)
    when `timeout` seconds pass first, the generator stopped in its child process."""
    from satpuzzle import api

    return api.generate(kind, rows, cols, seed, unique, api.check_timeout(timeout), options)


def render(instance: Instance, solution: Solution | None = None,
           format: str = "text") -> JSONOut:
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


def export(instance: Instance, format: str) -> str | bytes:
    """The puzzle in an exchange format: "puz", "json", "sgt", "url", "svg", "has",
    "sudoku-line", "eternity", "brendan" or "dimacs" (docs/FORMATS.md); a binary format
    (Across Lite's "acrosslite") as bytes."""
    from satpuzzle import formats

    return formats.write(format, instance)
