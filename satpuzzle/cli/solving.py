"""`satpuzzle solve`: build one request from the command line, run the library's pipeline,
print what each puzzle's answer (satpuzzle.answers) says as its events come."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from satpuzzle import answers, counting, pipeline, reports, runs
from satpuzzle.answers import Said
from satpuzzle.cli import common
from satpuzzle.cli.common import EXIT_FOUND, EXIT_GAVE_UP, EXIT_USAGE, InputError, positive
from satpuzzle.kinds import registry
from satpuzzle.loading import Loaded
from satpuzzle.progress import Progress
from satpuzzle.reports import FILL_FORMATS, SolveOutput
from satpuzzle.solving import DEFAULT_SOLVER, SOLVER_NAMES

if TYPE_CHECKING:
    from satpuzzle.runs import Events, RunContext, SolveRun

Item = TypeVar("Item")

# every engine any kind offers, besides SAT, the race and clasp's enumeration
ENGINES = ("auto", "sat", "race", pipeline.CLINGO, *dict.fromkeys(
    engine.name for kind in registry.KINDS.values() for engine in kind.engines))


def add_parser(solve: argparse.ArgumentParser) -> None:
    solve.epilog = (f"solvers: {', '.join(SOLVER_NAMES)} (default {DEFAULT_SOLVER}; those "
                    "missing from this PySAT build are refused)")
    common.input_options(solve)
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
    common.output_options(solve)
    solve.add_argument("--pretty", action="store_true",
                       help="text: draw solutions with Unicode box-drawing characters")
    solve.add_argument("--engine", choices=ENGINES, default="auto", help=reports.engine_help())
    common.work_options(solve, "puzzles of a file of one-line puzzles or a directory")
    solve.add_argument("--split", type=positive, metavar="K",
                       help="cut one puzzle into K disjoint cubes (values of its most "
                            "constrained puzzle variables) solved side by side by --jobs "
                            "workers or on --cluster: the first solution ends the run, "
                            "--count and --all add the cubes up, each solution once; SAT "
                            "answers every cube (see docs/CLUSTER.md)")
    common.certify_options(solve)
    solve.add_argument("--no-check", action="store_true",
                       help="skip the rule check of each solution before it is printed")
    common.budget_option(solve, "give up after this long; exit 3 with what was found")
    solve.add_argument("--stats", action="store_true",
                       help="print variables, clauses, compile and solve time, and solver "
                            "conflicts where known, on stderr")
    solve.set_defaults(handler=cmd_solve)


def request_from(args: argparse.Namespace, run: RunContext) -> SolveRun:
    """What a command line asks of `solve`; built once, passed down unchanged."""
    limit = (args.limit or (2 if args.unique else None if args.all or args.count
                            else pipeline.KIND_DEFAULT))
    solver = DEFAULT_SOLVER if args.solver_cmd is not None else args.solver or DEFAULT_SOLVER
    request = run.request(limit=limit, forced=args.forced, solver=solver,
                          solver_cmd=args.solver_cmd, engine=args.engine,
                          check=not args.no_check, workers=args.jobs, count_only=args.count,
                          encodings=common.encodings_of(args))
    certifying = common.certifying_of(args, Path(args.file).stem or "puzzle")
    return runs.SolveRun(request, args.counter, args.cluster, args.split, certifying)


def cmd_solve(args: argparse.Namespace, context: RunContext) -> int:
    output = SolveOutput(args.format, args.pretty, args.count, args.unique, args.forced,
                         args.all, args.limit, args.output, args.stats, args.certify)
    output.check_questions()
    run = request_from(args, context).checked()  # --solver-cmd, --counter and --solver
    loaded = common.load_args(args, context)
    output.check_pictures(loaded)
    if args.split:
        run.check_split(loaded)
    if output.writes_fill(loaded):  # a fill written into a file: the first
        run = replace(run, request=replace(run.request, limit=1))
    if loaded.one_line and not args.forced:
        return _solve_batch(args, context, loaded, run, output)
    pooled = runs.pooled(run, loaded.instances, args.count)
    if len(loaded.instances) > 1 and (args.jobs > 1 or args.cluster or pooled):
        return _solve_in_parallel(args, context, loaded, run, output, pooled)
    if args.cluster and not args.split:  # said, not silently ignored
        print("satpuzzle: note: --cluster shares out the puzzles of a file or a directory, or "
              "the cubes of --split; this one puzzle is solved here", file=sys.stderr)
    return _solve_in_turn(args, context, loaded, run, output)


def _solve_in_turn(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                   run: SolveRun, output: SolveOutput) -> int:
    """The puzzles of the file one after another, each printed as its events come; a
    puzzle's bad input is that puzzle's answer when the file holds several."""
    statuses = []
    for number, instance in enumerate(loaded.instances, 1):
        common.write_said(args, context, answers.header(loaded, output, number))
        limit = run.request.limit_for(registry.kind_of(instance))
        answer = answers.PuzzleAnswer(instance, limit, output, loaded.inferred)
        try:
            statuses.append(_print_run(args, context, answer, runs.puzzle_events(run, instance)))
        except InputError as exc:
            if len(loaded.instances) == 1:
                raise
            # one puzzle's bad input (over the budget, say) is that puzzle's answer, as with
            # --jobs: the others are still answered
            print(reports.puzzle_message(str(exc), number), file=sys.stderr)
            statuses.append(EXIT_USAGE)
        if statuses[-1] == EXIT_GAVE_UP:
            break
    common.write_said(args, context, answers.many_summary(statuses, len(loaded.instances)))
    return max(statuses, default=EXIT_FOUND)  # gave up > none found > found


def _print_run(args: argparse.Namespace, context: RunContext, answer: answers.PuzzleAnswer,
               events: Events) -> int:
    """Print what `answer` says of each event as it comes, then its end; its exit status."""
    common.write_said(args, context, answer.opening())
    with Progress("solutions") as progress, closing(events):
        interrupted = _printed(args, context, events, answer.feed, progress, lambda: answer.count)
    # the answer shares the terminal with the progress line, cleared whatever the end
    said, status = answer.closing(context.elapsed(), interrupted)
    with context.cancel.atomic():
        common.write_said(args, context, said)
    return status


def _printed(args: argparse.Namespace, context: RunContext, items: Iterable[Item],
             feed: Callable[[Item], list[Said]], progress: Progress,
             advanced: Callable[[], int]) -> bool:
    """Write what `feed` says of each item as it comes, each piece whole and counted once (a
    signal waits until it is out); whether the run was interrupted. `advanced()`: how far
    the progress line has got."""
    try:
        for item in items:
            with context.cancel.atomic():
                said = feed(item)
                progress.advance(advanced() - progress.done)
                if said:
                    with progress.paused():  # one write a solution: 0.75 -> 0.23 s
                        common.write_said(args, context, said)
    except KeyboardInterrupt:  # while printing: the run's children are closed
        return True
    return False


def _solve_in_parallel(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                       run: SolveRun, output: SolveOutput, pooled: bool = False) -> int:
    """--jobs N over several puzzles, printed in input order (answers.ParallelAnswers);
    `pooled`: one worker, each puzzle solved in it (runs.pooled)."""
    parallel = answers.ParallelAnswers(loaded, output, run.request,
                                       prefixed=args.jobs > 1 or bool(args.cluster))
    with (runs.place(run.cluster, args.jobs, context.remaining()) as where,
          Progress("puzzles", total=len(loaded.instances)) as progress,
          closing(where.solve_each(loaded.instances, run.request,
                                   in_process=pooled)) as results):
        _printed(args, context, results, lambda result: parallel.feed(result, context.elapsed()),
                 progress, lambda: parallel.answered)
    said, status = parallel.closing(context.elapsed())
    common.write_said(args, context, said)
    return status


def _solve_batch(args: argparse.Namespace, context: RunContext, loaded: Loaded,
                 run: SolveRun, output: SolveOutput) -> int:
    """One-line puzzles: one answer line each, in input order (answers.BatchAnswers)."""
    batch = answers.BatchAnswers(loaded.instances, output, run.request)
    with (runs.place(run.cluster, args.jobs, context.remaining()) as where,
          Progress("puzzles", total=len(loaded.instances)) as progress,
          closing(runs.batch_events(run, where, loaded.instances)) as events):
        interrupted = _printed(args, context, events, batch.feed, progress,
                               lambda: batch.received)
    said, status = batch.closing(loaded.inferred, context.elapsed(), interrupted)
    common.write_said(args, context, said)
    return status
