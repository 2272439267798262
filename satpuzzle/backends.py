"""Every back end satpuzzle answers with, behind one description: what it is, what it can do
(solve, enumerate, count, project, assume, prove) and whether it is installed here; and the
places a run's work can go. The pipeline's table (satpuzzle.pipeline.CHOICES) chooses among
them from the request; the command line's refusals ("--forced needs an incremental PySAT back
end", "--counter ganak counts in satpuzzle itself") are these capabilities and places.

What the capabilities mean:
- solve: finds a solution, or says there is none;
- enumerate: each solution once, one after another (a limit stops it);
- count: the number of solutions without one event per solution;
- project: solutions told apart by the puzzle variables only (auxiliaries ignored);
- assume: incremental answers under assumptions on one loaded formula (batches of one-line
  puzzles, --forced's backbone, --split's cubes);
- prove: "no (other) solution" is a proof, not a give-up (--unique, UNSAT, complete counts).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from satpuzzle.kinds import registry

SOLVE, ENUMERATE, COUNT, PROJECT, ASSUME, PROVE = (
    "solve", "enumerate", "count", "project", "assume", "prove")
CAPABILITIES = (SOLVE, ENUMERATE, COUNT, PROJECT, ASSUME, PROVE)


def _installed(module: str) -> Callable[[], bool]:
    return lambda: importlib.util.find_spec(module) is not None


@dataclass(frozen=True)
class Backend:
    """One back end: its name (as the pipeline's CHOICES and Ended.engine say it), what it
    can do, where it lives, whether it can run here."""

    name: str
    can: frozenset[str]
    module: str  # where it is run from
    what: str
    available: Callable[[], bool] = lambda: True

    def does(self, capability: str) -> bool:
        return capability in self.can


# The back ends that take satpuzzle's CNF, by the name the pipeline chooses them by
BACKENDS: dict[str, Backend] = {backend.name: backend for backend in (
    Backend("sat", frozenset({SOLVE, ENUMERATE, PROJECT, ASSUME, PROVE}), "satpuzzle.solving",
            "a PySAT solver (--solver NAME, default cadical195): one call per solution, each "
            "blocked on its puzzle variables; incremental, so batches, cubes and the "
            "backbone run under assumptions on one loaded formula"),
    Backend("backbone", frozenset({PROJECT, ASSUME, PROVE}), "satpuzzle.backbone",
            "--forced: what every solution shares, proven by a PySAT solver under "
            "assumptions"),
    Backend("external", frozenset({SOLVE, ENUMERATE, PROJECT, PROVE}), "satpuzzle.external",
            "an external DIMACS solver (--solver-cmd): one run per solution, blocking "
            "clauses added to the file; not incremental, so no --forced, --jobs, --cluster"),
    Backend("clingo", frozenset({SOLVE, ENUMERATE, COUNT, PROJECT, PROVE}),
            "satpuzzle.enumeration",
            "clasp through the clingo package: every solution in one search, projected on the "
            "puzzle variables (#project), a count without decoding (--count)",
            _installed("clingo")),
    Backend("ganak", frozenset({COUNT, PROJECT, PROVE}), "satpuzzle.counting",
            "Ganak through pyganak: an exact model count projected on the puzzle variables, "
            "nothing enumerated (--counter ganak, auto)", _installed("pyganak")),
    Backend("race", frozenset({SOLVE}), "satpuzzle.pipeline",
            "--engine race: the kind's first engine and SAT side by side for one solution, "
            "the first answer wins"),
)}


def engine_backends() -> dict[str, Backend]:
    """The kinds' own engines (kinds/base.Engine), as "kind:engine": exact search where they
    suit the instance, so they prove; one that cannot decide an instance declines it and SAT
    answers instead."""
    return {f"{kind.name}:{engine.name}": Backend(
        f"{kind.name}:{engine.name}", frozenset({SOLVE, ENUMERATE, PROVE}),
        f"satpuzzle.kinds.{kind.name}", engine.help or engine.name)
        for kind in registry.KINDS.values() for engine in kind.engines}


@dataclass(frozen=True)
class Place:
    """Where a run's work goes, and the back ends that can run there ("engine": the kinds'
    engines)."""

    name: str
    runs: frozenset[str]
    what: str


# satpuzzle.runs.place() gives the run its place; satpuzzle.runs.SolveRun refuses the rest
PLACES: dict[str, Place] = {place.name: place for place in (
    Place("here", frozenset(BACKENDS) | {"engine"},
          "this process (Request.in_process: the API's iterators, a race's enumerating "
          "child): nothing forked, no deadline of its own"),
    Place("child", frozenset(BACKENDS) | {"engine"},
          "one child process per run (satpuzzle.children), which a deadline or Ctrl-C stops "
          "whatever it is doing: the default"),
    # an external solver is one program run per solution, Ganak one count per puzzle: both
    # are run from this process, one puzzle at a time
    Place("jobs", frozenset(BACKENDS) - {"external", "ganak"} | {"engine"},
          "--jobs N worker processes sharing a file's puzzles, a batch's or --split's cubes "
          "(each worker runs the pipeline)"),
    Place("cluster", frozenset(BACKENDS) - {"external", "ganak"} | {"engine"},
          "a Dask cluster (--cluster ADDRESS, satpuzzle.cluster): the same work as --jobs, "
          "on its workers"),
)}


def available(name: str) -> bool:
    """Whether the back end `name` (of BACKENDS) can run here."""
    return BACKENDS[name].available()
