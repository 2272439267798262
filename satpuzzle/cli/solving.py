"""`satpuzzle solve`: build one request from the command line, run the library's pipeline,
print its events as they come."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import closing
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from satpuzzle import counting, pipeline, reports, runs
from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_NONE,
    EXIT_USAGE,
    SIGNALS,
    cluster_address,
    encodings_of,
    load_args,
    output_options,
    positive,
)
from satpuzzle.cli.printing import PuzzlePrinter, many_summary, print_stats
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.loading import Loaded
from satpuzzle.pipeline import Compiled, Done, Ended, Found, Request
from satpuzzle.progress import Progress
from satpuzzle.reports import (
    FILL_FORMATS,
    SolveOutput,
    puzzle_header,
    puzzle_message,
    stopped_after,
)
from satpuzzle.solving import DEFAULT_SOLVER, SOLVER_NAMES

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext, SolveRun

# every engine any kind offers, besides SAT, the race and clasp's enumeration
ENGINES = ("auto", "sat", "race", pipeline.CLINGO, *dict.fromkeys(
    engine.name for kind in registry.KINDS.values() for engine in kind.engines))


def add_parsers(subcommands: Any, input_options: Any, budget_option: Any) -> None:
    solve = subcommands.add_parser(
        "solve", help="solve, enumerate, count or prove unique",
        epilog=f"solvers: {', '.join(SOLVER_NAMES)} (default {DEFAULT_SOLVER}; "
               "those missing from this PySAT build are refused)")
    input_options(solve)
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="every solution, streamed")
    how_many.add_argument("--limit", type=positive, metavar="K", help="at most K solutions")
    solve.add_argument("--count", action="store_true",
                       help="print only the number of solutions (all of them, or up to --limit)")
    solve.add_argument("--counter", choices=counting.COUNTERS, default=counting.ENUMERATE,
                       help="how --count counts: enumerate (default: every solution found "
                            "and rule-checked); ganak: an exact model counter projected on "
                            "the puzzle variables, nothing enumerated, for counts beyond "
                            "enumeration (no rule check; needs pyganak); auto: enumerate for "
                            f"up to {counting.AUTO_SECONDS:g} s, then ganak and enumeration "
                            "side by side, the first to finish answers (see docs/CLI.md)")
    how_many.add_argument("--unique", action="store_true",
                          help="say whether exactly one solution exists (stops at the second)")
    how_many.add_argument("--forced", action="store_true",
                          help="print what every solution shares (cells, bridges, rectangles, "
                               "placements with one value in all: the backbone); SAT always")
    back_end = solve.add_mutually_exclusive_group()
    # default None, not DEFAULT_SOLVER: argparse sees a conflict only with a non-default value
    back_end.add_argument("--solver", metavar="NAME",
                          help="PySAT back end (see the list below)")
    back_end.add_argument("--solver-cmd", metavar="CMD",
                          help="an external DIMACS SAT solver instead, e.g. 'cadical' or "
                               "'minisat {input} {output}': the CNF file replaces {input} "
                               "(else its path is appended), {output} is a file for the "
                               "model; competition output (s/v lines) is read, every model "
                               "checked; one run per solution (blocking clauses); not with "
                               "--forced or --jobs (see docs/CLI.md)")
    solve.add_argument("--format", choices=("text", "json", "svg", *FILL_FORMATS),
                       default="text",
                       help="svg: the solutions found as one SVG picture, printed at the end; "
                            "puz (Across Lite), ipuz, xd: a crossword's first fill written "
                            "into the constructor's file it was read from, clues kept (-o)")
    output_options(solve)
    solve.add_argument("--pretty", action="store_true",
                       help="text: draw solutions with Unicode box-drawing characters")
    solve.add_argument("--engine", choices=ENGINES, default="auto", help=reports.engine_help())
    solve.add_argument("--jobs", type=positive, default=1, metavar="N",
                       help="worker processes for a file of one-line puzzles or a directory "
                            "(default 1)")
    solve.add_argument("--cluster", metavar="ADDRESS", type=cluster_address,
                       help="solve a file of one-line puzzles or a directory on a Dask cluster "
                            "instead: its scheduler's address (tcp://host:8786), or local:N for "
                            "N worker processes on this machine; needs the cluster extra (see "
                            "docs/CLUSTER.md)")
    solve.add_argument("--split", type=positive, metavar="K",
                       help="cut one puzzle into K disjoint cubes (values of its most "
                            "constrained puzzle variables) solved side by side by --jobs "
                            "workers or on --cluster: the first solution ends the run, "
                            "--count and --all add the cubes up, each solution once; SAT "
                            "answers every cube (see docs/CLUSTER.md)")
    solve.add_argument("--no-check", action="store_true",
                       help="skip the rule check of each solution before it is printed")
    budget_option(solve, "give up after this long; exit 3 with what was found")
    solve.add_argument("--stats", action="store_true",
                       help="print variables, clauses, compile and solve time, and solver "
                            "conflicts where known, on stderr")
    solve.set_defaults(handler=cmd_solve)


# ---------------------------------------------------------------- the request


def request_from(args: argparse.Namespace, run: RunContext) -> SolveRun:
    """What a command line asks of `solve`; built once, passed down unchanged."""
    if args.limit:
        limit: int | None = args.limit
    elif args.unique:
        limit = 2
    elif args.all or args.count:
        limit = None
    else:
        limit = pipeline.KIND_DEFAULT
    solver = DEFAULT_SOLVER if args.solver_cmd is not None else args.solver or DEFAULT_SOLVER
    request = run.request(limit=limit, forced=args.forced, solver=solver,
                          solver_cmd=args.solver_cmd, engine=args.engine,
                          check=not args.no_check, workers=args.jobs, count_only=args.count)
    return runs.SolveRun(request, args.counter, args.cluster, args.split)


def output_from(args: argparse.Namespace) -> SolveOutput:
    """What a command line asks `solve` to print, and how."""
    return SolveOutput(args.format, args.pretty, args.count, args.unique, args.forced,
                       args.all, args.limit, args.output)


def cmd_solve(args: argparse.Namespace, context: RunContext) -> int:
    output = output_from(args)
    output.check_questions()
    run = request_from(args, context).checked()  # --solver-cmd, --counter and --solver
    loaded = load_args(args, context)
    output.check_pictures(loaded)
    if args.split:
        run.check_split(loaded)
    one_fill = output.writes_fill(loaded)  # a fill written into a file: the first
    request = replace(run.request, encodings=encodings_of(args),
                      limit=1 if one_fill else run.request.limit)
    run = replace(run, request=request)
    if loaded.one_line and not args.forced:
        return _solve_batch(args, context, loaded, run)
    if len(loaded.instances) > 1 and (args.jobs > 1 or args.cluster):
        return _solve_in_parallel(args, context, loaded, run)
    if args.cluster and not args.split:  # said, not silently ignored
        print("satpuzzle: note: --cluster shares out the puzzles of a file or a directory, or "
              "the cubes of --split; this one puzzle is solved here", file=sys.stderr)
    return _solve_in_turn(args, context, loaded, run)


def _solve_in_turn(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                   run: SolveRun) -> int:
    """The puzzles of the file one after another, each printed as its events come; a
    puzzle's bad input is that puzzle's answer when the file holds several."""
    statuses = []
    for number, instance in enumerate(loaded.instances, 1):
        _print_header(args, loaded, number)
        printer = PuzzlePrinter(args, context, instance, run.request, loaded.inferred)
        try:
            with Progress("solutions") as progress:
                printer.progress = progress
                statuses.append(printer.run(runs.puzzle_events(run, instance)))
        except InputError as exc:
            if len(loaded.instances) == 1:
                raise
            # one puzzle's bad input (over the budget, say) is that puzzle's answer, as with
            # --jobs: the others are still answered
            print(puzzle_message(str(exc), number), file=sys.stderr)
            statuses.append(EXIT_USAGE)
        if statuses[-1] == EXIT_GAVE_UP:
            break
    many_summary(statuses, len(loaded.instances))
    return max(statuses, default=EXIT_FOUND)  # gave up > none found > found


# ---------------------------------------------------------------- several puzzles


def _print_header(args: argparse.Namespace, loaded: Loaded, number: int) -> None:
    """Puzzle `number`'s header, in text, when the file holds several."""
    if len(loaded.instances) > 1 and args.format == "text":
        print(puzzle_header(loaded, number), flush=True)


def _solve_in_parallel(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                       run: SolveRun) -> int:
    """--jobs N over several puzzles: each puzzle solved whole in a worker, its events
    printed in input order as soon as every earlier puzzle is out. Interrupted: what is
    finished is printed, the rest reported, exit 3."""
    count = len(loaded.instances)
    finished: dict[int, pipeline.PuzzleEvents] = {}
    statuses: dict[int, int] = {}
    printed = 0
    interrupted = False
    replayed = partial(_print_replayed, args, context, loaded, run.request)
    with (runs.place(run.cluster, args.jobs, context.remaining()) as where,
          Progress("puzzles", total=count) as progress,
          closing(where.solve_each(loaded.instances, run.request)) as results):
        try:
            for result in results:
                finished[result.index] = result
                progress.advance()
                with SIGNALS.atomic(), progress.paused():  # each answer whole, once
                    while printed in finished:
                        statuses[printed] = replayed(finished[printed])
                        printed += 1
        except KeyboardInterrupt:
            interrupted = True
    interrupted |= len(finished) < count
    for index in range(printed, count):  # after an interrupt: the rest, in order
        if index in finished:
            statuses[index] = replayed(finished[index])
        else:
            _print_header(args, loaded, index + 1)
            print(f"satpuzzle: puzzle {index + 1}: not finished (interrupted)",
                  file=sys.stderr)
    many_summary([statuses[i] for i in sorted(statuses)], count)
    if interrupted:
        print(f"satpuzzle: interrupted: {len(finished)} of {count} puzzles answered",
              file=sys.stderr)
        return EXIT_GAVE_UP
    return max(statuses.values(), default=EXIT_FOUND)


def _print_replayed(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                    request: Request, result: pipeline.PuzzleEvents) -> int:
    """One puzzle's output from its recorded events, as if it had been solved here."""
    index = result.index
    _print_header(args, loaded, index + 1)
    prefix = f"satpuzzle: puzzle {index + 1}: "
    printer = PuzzlePrinter(args, context, loaded.instances[index], request, loaded.inferred,
                            prefix=prefix)
    if result.error is not None:
        print(puzzle_message(result.error, index + 1), file=sys.stderr)
        return result.status
    status = printer.run(event for event in result.events)
    sys.stdout.flush()
    return status


# ---------------------------------------------------------------- batches


def _solve_batch(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                 run: SolveRun) -> int:
    """One-line puzzles: one answer line each, in input order (workers finish out of order);
    cut short, every puzzle not yet printed still gets its line (what was found, or
    "unknown"), so that line K of the output always answers puzzle K. A puzzle's printer
    lives from its first event to its line: a batch of 49,158 puzzles held one printer and
    every solution per puzzle to the end, 70 MB."""
    tally = _BatchTally(args, context, loaded.instances, run.request)
    finished: dict[int, Done] = {}
    next_to_print = 0
    compiled = None
    ended = Ended("interrupt", 0.0)
    with (runs.place(run.cluster, args.jobs, context.remaining()) as where,
          Progress("puzzles", total=len(loaded.instances)) as progress,
          closing(runs.batch_events(run, where, loaded.instances)) as events):
        try:
            for event in events:
                if isinstance(event, Found):
                    tally.printer(event.index).add(event.solution)
                elif isinstance(event, Compiled):
                    compiled = event
                elif isinstance(event, Ended):
                    ended = event
                elif isinstance(event, Done):
                    finished[event.index] = event
                    progress.advance()
                    # an interrupt between printing a line and counting it would print
                    # it twice
                    with SIGNALS.atomic(), progress.paused():
                        while next_to_print in finished:
                            tally.print_line(next_to_print, finished.pop(next_to_print))
                            next_to_print += 1
        except KeyboardInterrupt:
            ended = Ended("interrupt", 0.0)
    for index in range(next_to_print, len(loaded.instances)):
        tally.print_line(index, finished.get(index),
                         None if index in finished else ended.stopped or "unknown")
    if args.stats:
        print_stats(compiled, ended)
    if loaded.inferred:
        print(f"satpuzzle: read as {loaded.inferred}", file=sys.stderr)
    return _batch_status(ended, tally, context)


class _BatchTally:
    """The printers of a batch's puzzles between their first event and their line, and what
    the exit status needs of the puzzles already printed."""

    def __init__(self, args: argparse.Namespace, context: RunContext, instances: Sequence[Any],
                 request: Request) -> None:
        self.args, self.context, self.instances, self.request = args, context, instances, request
        self.live: dict[int, PuzzlePrinter] = {}
        self.printed = self.answered = self.found = 0

    def printer(self, index: int) -> PuzzlePrinter:
        printer = self.live.get(index)
        if printer is None:
            printer = self.live[index] = PuzzlePrinter(
                self.args, self.context, self.instances[index], self.request, one_line=True)
        return printer

    def print_line(self, index: int, done: Done | None, stopped: str | None = None) -> None:
        printer = self.printer(index)
        printer.answered(done)
        printer.print_answer(stopped)
        del self.live[index]
        self.printed += 1
        self.found += bool(printer.count)
        self.answered += bool(printer.count or (printer.done and printer.done.complete))


def _batch_status(ended: Ended, tally: _BatchTally, context: RunContext) -> int:
    if ended.stopped:
        print(f"satpuzzle: {stopped_after(ended.stopped, context.elapsed())}: "
              f"{tally.answered} of {tally.printed} puzzles answered, enumeration incomplete",
              file=sys.stderr)
        return EXIT_GAVE_UP
    return EXIT_FOUND if tally.found == tally.printed else EXIT_NONE
