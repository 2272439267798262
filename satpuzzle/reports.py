"""The text of what a command says: verdicts, counts, summaries, `--stats`, `--forced`'s
headline, a file's puzzle headers, how a run was cut short, verify's lines. Functions from
events and typed results to strings; the CLI decides where each string goes (stdout or
stderr) and when (never in the middle of a solution: its signal-safe printing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from satpuzzle import counting, pipeline
from satpuzzle.errors import EXIT_FOUND, EXIT_GAVE_UP, EXIT_INTERNAL, EXIT_NONE, EXIT_USAGE
from satpuzzle.textio import printable

if TYPE_CHECKING:
    from satpuzzle.loading import Loaded
    from satpuzzle.pipeline import Compiled, Ended

# how a run on a Dask cluster ends when the cluster goes (satpuzzle.cluster.ClusterLost)
LOST_WORDS = {"scheduler-lost": "lost the Dask scheduler",
              "workers-lost": "lost every Dask worker"}


def gave_up(what: str, elapsed: float) -> str:
    """"interrupted", "timeout after S s" or "lost the Dask scheduler after S s", for a run
    cut short."""
    if what == "interrupt":
        return "interrupted"
    return f"{LOST_WORDS.get(what, 'timeout')} after {elapsed:.2f} s"


def _stopped_word(stopped: str) -> str:
    return {"interrupt": "interrupted",  # "unknown": an external solver gave up
            "unknown": "the solver answered UNKNOWN", **LOST_WORDS}.get(stopped, "timeout")


def stopped_after(stopped: str, elapsed: float) -> str:
    """"timeout after S s" and the like, S counted as --timeout counts: from the start of the
    command (reading the puzzle and its dictionary included), not of the stage that was cut."""
    return f"{_stopped_word(stopped)} after {elapsed:.2f} s"


def stats_lines(compiled: Compiled | None, ended: Ended) -> list[str]:
    """--stats. Solve time is wall time of the solving child (loading the clauses included);
    conflicts where the back end reports them (summed over workers; absent when the run was
    cut short)."""
    if compiled is None:  # a kind's own engine: no CNF of its own to describe
        parts = [f"{ended.engine or 'search'} engine"]
    else:
        parts = [f"variables {compiled.variables} ({compiled.puzzle_variables} puzzle)",
                 f"clauses {compiled.clauses}", f"compile {compiled.seconds:.3f} s"]
    parts.append(f"solve {ended.elapsed:.3f} s")
    if ended.calls is not None:
        parts.append(f"solver calls {ended.calls}")
    if "conflicts" in ended.stats:
        parts.append(f"conflicts {ended.stats['conflicts']}")
    lines = [", ".join(parts)]
    if compiled is not None and compiled.families:
        from satpuzzle.constraints.report import table_lines

        lines += table_lines(compiled.families, {}, compiled.variables, compiled.clauses,
                             puzzle_variables=compiled.puzzle_variables)
    if ended.engine == "race":
        lines.append(f"first answer by {ended.winner or 'neither engine'} "
                     "(search engine and SAT raced)")
    if ended.engine == pipeline.CLINGO:
        lines.append("enumerated by clasp (clingo), projected on the puzzle variables")
    if ended.engine == counting.GANAK:
        lines.append("counted by ganak, projected on the puzzle variables "
                     "(nothing enumerated; 'solve' is the count's time)")
    return ["satpuzzle: stats: " + line for line in lines]


def forced_headline(result: Any) -> str:
    """--forced's first line: what the backbone (satpuzzle.backbone) proved, or how far."""
    counts = (f"{len(result.forced_true)} true, {len(result.forced_false)} false; "
              f"{result.calls} solver calls")
    total = len(result.live)
    if result.status == "none":
        return "forced: nothing, there is no solution"
    if not result.solution_found:
        return "forced: unknown, no solution found before the run was cut short"
    if not result.complete:
        return (f"forced so far: {len(result.forced_true) + len(result.forced_false)} of "
                f"{total} puzzle variables proven ({counts}), {len(result.free)} free, "
                f"{len(result.undecided)} undecided; 'open' below means not proven forced")
    if not result.free:
        return f"forced: all {total} puzzle variables ({counts}): the solution is unique"
    return (f"forced: {total - len(result.free)} of {total} puzzle variables ({counts}), "
            f"{len(result.free)} free")


def forced_cut_short(result: Any, elapsed: float) -> str | None:
    """What --forced says of a backbone cut short; None when it was not."""
    if result.status not in ("timeout", "interrupted"):
        return None
    what = "interrupt" if result.status == "interrupted" else "timeout"
    detail = (f"{len(result.undecided)} of {len(result.live)} variables undecided"
              if result.solution_found else "before a first solution")
    return f"{stopped_after(what, elapsed)}: backbone incomplete, {detail}"


def verdict(count: int, status: str) -> str:
    """--unique: none, unique, multiple, or unknown when cut short before a second."""
    if status == "UNKNOWN" and count < 2:
        return "unknown"
    return {0: "none", 1: "unique"}.get(count, "multiple")


# ---------------------------------------------------------------- several puzzles


def puzzle_header(loaded: Loaded, number: int) -> str:
    instance = loaded.instances[number - 1]
    source = f" ({loaded.sources[number - 1]})" if loaded.sources else ""
    title = f": {instance.title}" if getattr(instance, "title", None) else ""
    return printable(f"# puzzle {number}{source}{title}")


_STATUS_WORDS = {EXIT_FOUND: "solved", EXIT_NONE: "no solution", EXIT_USAGE: "bad input",
                 EXIT_GAVE_UP: "gave up", EXIT_INTERNAL: "internal error"}


def many_summary(statuses: Sequence[int], total: int) -> str | None:
    """The line after a file or directory of several puzzles; None for one puzzle."""
    if total < 2:
        return None
    counts = [f"{statuses.count(code)} {word}" for code, word in _STATUS_WORDS.items()
              if statuses.count(code)]
    if len(statuses) < total:
        counts.append(f"{total - len(statuses)} not attempted")
    return f"satpuzzle: {total} puzzles: {', '.join(counts)}"


def puzzle_message(message: str, number: int) -> str:
    """An error's line, said of puzzle `number` of a file that holds several."""
    if message.startswith("satpuzzle: "):
        return f"satpuzzle: puzzle {number}: " + message[len("satpuzzle: "):]
    return message


# ---------------------------------------------------------------- verify


def verify_report_lines(report: Any) -> list[str]:
    """One instance's line of verify (satpuzzle.verify's report), then its problems."""
    verdict = "MISMATCH" if report.mismatch else "ok"
    headline = (f"{report.label}: {verdict}, source "
                f"{'sat' if report.source_satisfiable else 'unsat'}, jigsaw "
                f"{'sat' if report.target_satisfiable else 'unsat'} ({report.pieces} pieces, "
                f"{report.target_solutions_checked} solutions mapped back)")
    return [headline, *(f"  {problem}" for problem in report.problems)]
