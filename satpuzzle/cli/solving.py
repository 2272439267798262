"""`satpuzzle solve`: build one request from the command line, run the library's pipeline,
print its events as they come."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import AbstractContextManager, closing, nullcontext
from dataclasses import replace
from functools import partial
from typing import Any

from satpuzzle import counting, pipeline
from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_INTERNAL,
    EXIT_NONE,
    EXIT_USAGE,
    LOST_WORDS,
    SIGNALS,
    STARTED,
    cluster_address,
    deadline,
    elapsed,
    encodings_of,
    load_args,
    output_options,
    positive,
    remaining,
    untouched,
    write_output,
)
from satpuzzle.errors import InputError
from satpuzzle.external import solver_argv
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy
from satpuzzle.loading import Loaded
from satpuzzle.pipeline import (
    Compiled,
    Counting,
    Done,
    Ended,
    ForcedResult,
    Found,
    Request,
    compiled_event,
)
from satpuzzle.progress import Progress
from satpuzzle.solving import DEFAULT_SOLVER, SOLVER_NAMES, check_solver
from satpuzzle.stages import StageTimeout
from satpuzzle.textio import printable

cluster = Lazy("satpuzzle.cluster")  # --cluster: imported when it runs
constructors = Lazy("satpuzzle.kinds.crossword.formats.constructors")  # --format puz, ipuz, xd
# the constructors' files `--format` writes a crossword's fill into (-o FILE)
FILL_FORMATS = ("puz", "ipuz", "xd")

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
    solve.add_argument("--engine", choices=ENGINES, default="auto", help=_engine_help())
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


def _engine_help() -> str:
    parts = [("auto: the kind's own engine where it has one that suits the puzzle; else, for "
             f"every solution (--all, --count) or --limit K of {pipeline.NATIVE_FROM} or more, "
             "clingo where it is installed, with the default --solver (Hashi's connectivity "
             "as reachability rules); else SAT with blocking clauses; sat: always SAT with "
             "blocking clauses; clingo: the CNF enumerated by clasp in one search, projected "
             "onto the puzzle variables (needs the clingo package); race: for one solution, the "
             "kind's first engine and SAT side by side in two processes, the first answer "
             "wins (which solution is printed may then vary from run to run)")]
    for kind in registry.KINDS.values():
        parts += [f"{engine.name} ({kind.name}): {engine.help}" for engine in kind.engines]
    return "; ".join(parts)


# ---------------------------------------------------------------- the request


def request_from(args: argparse.Namespace, solver: str) -> Request:
    """The one request a command line makes; built once, passed down unchanged."""
    if args.limit:
        limit: int | None = args.limit
    elif args.unique:
        limit = 2
    elif args.all or args.count:
        limit = None
    else:
        limit = pipeline.KIND_DEFAULT
    return Request(limit=limit, forced=args.forced, solver=solver, solver_cmd=args.solver_cmd,
                   engine=args.engine, deadline=deadline(args.timeout),
                   max_clauses=args.max_clauses, check=not args.no_check, workers=args.jobs,
                   started=STARTED[0], count_only=args.count, encodings=encodings_of(args))


def cmd_solve(args: argparse.Namespace) -> int:
    if args.count and (args.unique or args.forced):
        other = "--unique" if args.unique else "--forced"
        raise InputError(f"--count and {other} ask different questions; give one")
    if args.solver_cmd is not None:
        _check_external(args)
    _check_counter(args)
    solver = args.solver_cmd or check_solver(args.solver or DEFAULT_SOLVER)
    loaded = load_args(args)
    _check_picture_options(args, loaded)
    if args.split:
        _check_split(args, loaded)
    _check_fill_file_options(args, loaded)
    request = request_from(args, solver if args.solver_cmd is None else DEFAULT_SOLVER)
    if loaded.one_line and not args.forced:
        return _solve_batch(args, loaded, request)
    if len(loaded.instances) > 1 and (args.jobs > 1 or args.cluster):
        return _solve_in_parallel(args, loaded, request)
    if args.cluster and not args.split:  # said, not silently ignored
        print("satpuzzle: note: --cluster shares out the puzzles of a file or a directory, or "
              "the cubes of --split; this one puzzle is solved here", file=sys.stderr)
    statuses = []
    for number, instance in enumerate(loaded.instances, 1):
        if len(loaded.instances) > 1 and args.format == "text":
            if number > 1:
                print()
            print(_puzzle_header(loaded, number), flush=True)
        printer = PuzzlePrinter(args, instance, request, loaded.inferred)
        try:
            with Progress("solutions") as progress:
                printer.progress = progress
                solved = (partial(_split_events, args, instance) if args.split
                          else partial(pipeline.solve, instance))
                statuses.append(printer.run(_answers(args, [instance], request, solved)))
        except InputError as exc:
            if len(loaded.instances) == 1:
                raise
            # one puzzle's bad input (over the budget, say) is that puzzle's answer, as with
            # --jobs: the others are still answered
            message = str(exc)
            if message.startswith("satpuzzle: "):
                message = f"satpuzzle: puzzle {number}: " + message[len("satpuzzle: "):]
            print(message, file=sys.stderr)
            statuses.append(EXIT_USAGE)
        if statuses[-1] == EXIT_GAVE_UP:
            break
    _many_summary(statuses, len(loaded.instances))
    return max(statuses, default=EXIT_FOUND)  # gave up > none found > found


def _check_external(args: argparse.Namespace) -> None:
    """--solver-cmd: refuse what it cannot do, and a missing solver, before any work."""
    if args.forced:
        raise InputError("--forced needs an incremental PySAT back end; use --solver NAME "
                         "instead of --solver-cmd")
    if args.jobs > 1 or args.cluster:
        option = "--jobs" if args.jobs > 1 else "--cluster"
        raise InputError(f"{option} applies to PySAT back ends; --solver-cmd solves the "
                         "puzzles one at a time")
    solver_argv(args.solver_cmd)


def _check_picture_options(args: argparse.Namespace, loaded: Loaded) -> None:
    """--pretty draws text, --format svg one puzzle's solutions: refuse what they cannot do."""
    if args.pretty and args.format != "text":
        raise InputError(f"--pretty draws text; it does not apply to --format {args.format}")
    if args.format == "svg" and (args.count or args.forced):
        raise InputError("--format svg draws solutions; --count and --forced print text or "
                         "json")
    if args.format == "svg" and (len(loaded.instances) > 1 or loaded.one_line):
        raise InputError("--format svg draws the solutions of one puzzle; the file holds "
                         f"{len(loaded.instances)}: choose one with --index K", loaded.path)
    if args.pretty and loaded.one_line:  # batches answer one line per puzzle
        raise InputError("--pretty draws a grid, but a file of one-line puzzles is answered "
                         "one line each: choose one puzzle with --index K", loaded.path)


def _check_fill_file_options(args: argparse.Namespace, loaded: Loaded) -> None:
    """--format puz, ipuz, xd write one fill of one crossword into a file: refuse what they
    cannot do; the run then stops at the first fill."""
    if args.format not in FILL_FORMATS:
        if args.output != "-":
            raise InputError("-o writes a filled grid: give --format puz, ipuz or xd (text, "
                             "json and svg print on standard output)")
        return
    asked = [option for option, given in (("--all", args.all), ("--count", args.count),
                                          ("--unique", args.unique), ("--forced", args.forced),
                                          ("--limit", (args.limit or 1) > 1)) if given]
    if asked:
        raise InputError(f"--format {args.format} writes one fill; {asked[0]} asks for more")
    if len(loaded.instances) != 1 or loaded.one_line:
        raise InputError(f"--format {args.format} writes the fill of one puzzle; the file "
                         f"holds {len(loaded.instances)}: choose one with --index K",
                         loaded.path)
    if loaded.instances[0].KIND != "crossword":
        raise InputError(f"--format {args.format} writes a crossword's fill; this is a "
                         f"{loaded.instances[0].KIND} puzzle", loaded.path)
    args.limit = 1


# ---------------------------------------------------------------- --counter


def _check_counter(args: argparse.Namespace) -> None:
    """--counter ganak or auto: refuse what it cannot do, before any work."""
    if args.counter == counting.ENUMERATE:
        return
    if not args.count:
        raise InputError(f"--counter {args.counter} says how --count counts; give --count too")
    if args.solver_cmd is not None or args.jobs > 1 or args.cluster:
        other = ("--solver-cmd" if args.solver_cmd is not None else
                 "--jobs" if args.jobs > 1 else "--cluster")
        raise InputError(f"--counter {args.counter} counts in satpuzzle itself, one puzzle at "
                         f"a time; {other} applies to --counter enumerate")
    if args.counter == counting.GANAK and args.engine != "auto":
        raise InputError(f"--engine {args.engine} enumerates, --counter ganak counts without "
                         "enumerating; give one")
    counting.require()


# a closeable stream of a run's events (closing it stops the run's children)
Events = Generator[pipeline.Event, None, None]
Enumerated = Callable[[Request], Events]


def _answers(args: argparse.Namespace, instances: Sequence[Any], request: Request,
             enumerated: Enumerated) -> Events:
    """The events answering `instances` (puzzle k's say index k): the pipeline's
    (`enumerated(request)`), or for --count by a model counter, those of `--counter`."""
    if args.counter == counting.GANAK:
        return _counted(instances, range(len(instances)), request)
    if args.counter == counting.AUTO:
        return _enumerate_then_count(enumerated, instances, request)
    return enumerated(request)


def _counted(instances: Sequence[Any], indices: Sequence[int], request: Request,
             race: bool = False) -> Events:
    """--counter ganak: each puzzle's formula counted in a child process (satpuzzle.counting),
    projected on its puzzle variables; nothing is enumerated, so no solution is decoded or
    rule-checked. The formula is the standalone one: lazy constraints (Hashi connectivity)
    leave models that are not solutions. `race`: enumeration runs beside the count, and the
    first to finish answers. Ends with Ended(engine="ganak") when Ganak answered any."""
    seconds = 0.0
    engine = None
    for index in indices:
        started = time.monotonic()
        compiled = pipeline.compile(instances[index], request, standalone=True)
        formula = compiled.formula
        yield compiled_event(formula, time.monotonic() - started)
        if race:
            result = counting.count_or_enumerate(
                formula, partial(_enumeration_count, instances[index], request),
                request.remaining())
        else:
            result = counting.count_models(formula, request.remaining())
        seconds += result.seconds
        if result.count is None:
            yield Ended(result.stopped, seconds, engine=counting.GANAK)
            return
        engine = counting.GANAK if result.by == counting.GANAK else engine
        limit = request.limit_for(compiled.kind)
        if limit is None or result.count <= limit:
            yield Done(index, result.count, result.complete)
        else:
            yield Done(index, limit, False)
    yield Ended(None, seconds, engine=engine)


def _enumeration_count(instance: Any, request: Request) -> tuple[int, bool]:
    """In a child of the race: the pipeline's count of one puzzle, in that process (the
    race's parent keeps the time)."""
    found, done = 0, Done(0, 0, False)
    for event in pipeline.solve(instance, replace(request, in_process=True, deadline=None)):
        if isinstance(event, Found):
            found += 1
        elif isinstance(event, Done):
            done = event
    return max(found, done.count), done.complete


def _enumerate_then_count(enumerated: Enumerated, instances: Sequence[Any],
                          request: Request) -> Events:
    """--counter auto: enumeration alone for up to counting.AUTO_SECONDS (within --timeout);
    each puzzle it leaves unanswered is then counted by Ganak and enumerated again side by
    side, the first to finish answering (both are exact). Solutions found meanwhile still
    reach the printer, which keeps the larger of that number and the count; counts cut short
    by the switch are dropped."""
    switch = time.monotonic() + counting.AUTO_SECONDS
    trial = replace(request, deadline=switch if request.deadline is None
                    else min(switch, request.deadline))
    final = trial.deadline == request.deadline  # the trial's end is --timeout's
    answered: set[int] = set()
    held: list[Done] = []  # cut short, or stopped at --limit: wanted if the run ends here
    try:
        with closing(enumerated(trial)) as events:
            for event in events:
                if isinstance(event, Done) and event.complete:
                    answered.add(event.index)
                    yield event
                elif isinstance(event, Done):
                    held.append(event)
                elif isinstance(event, Ended):
                    if event.stopped != "timeout" or final:
                        yield from held
                        yield event
                        return
                else:
                    yield event
    except StageTimeout:  # compiling took the trial's time
        if final:
            raise
    yield from _counted(instances, [i for i in range(len(instances)) if i not in answered],
                        request, race=True)


# ---------------------------------------------------------------- printing one puzzle


class PuzzlePrinter:
    """Prints the events of one puzzle's run in the chosen mode and format, as they come."""

    def __init__(self, args: argparse.Namespace, instance: Any, request: Request,
                 inferred: str | None = None, one_line: bool = False,
                 prefix: str = "satpuzzle: ") -> None:
        self.args = args
        self.instance = instance
        self.kind = registry.kind_of(instance)
        self.limit = request.limit_for(self.kind)
        self.read_as = f" (read as {inferred})" if inferred else ""
        self.one_line = one_line
        self.prefix = prefix  # "satpuzzle: puzzle K: " for a puzzle answered by a worker
        self.progress = Progress("solutions", enabled=False)
        self.solutions: list[Any] = []
        self.count = 0
        self.compiled: Compiled | None = None
        self.done: Done | None = None
        self.forced: ForcedResult | None = None

    def say(self, message: str) -> None:
        print(self.prefix + message, file=sys.stderr)

    def run(self, events: Events) -> int:
        """Print every event of `events`; the exit status of the puzzle."""
        for note in self.kind.input_notes(self.instance):  # once, after the input's checks
            self.say(f"note: {note}")
        ended = None
        with closing(events):
            try:
                for event in events:
                    ended = self.feed(event) or ended
            except KeyboardInterrupt:  # while printing: the pipeline's children are closed
                ended = Ended("interrupt", elapsed())
        # the count, verdict and summary share the terminal with the progress line: clear it
        # first, whichever way the run ended (finished, --limit, --timeout, Ctrl-C)
        self.progress.stop()
        return self.finish(ended or Ended("interrupt", elapsed()))

    def feed(self, event: pipeline.Event) -> Ended | None:
        if isinstance(event, Found):
            if event.unproven:
                self.say(event.unproven)
            self.add(event.solution)
        elif isinstance(event, (Done, Counting)):
            self.answered(event)
        elif isinstance(event, Compiled):
            self.compiled = event
        elif isinstance(event, ForcedResult):
            self.forced = event
        elif isinstance(event, Ended):
            return event
        return None

    def answered(self, event: Done | Counting | None) -> None:
        """The puzzle's Done, or how far its count has got: a native count (--count) says
        its number there alone, with no Found per solution."""
        if not isinstance(event, Counting):
            self.done = event
        if event is not None and event.count > self.count:
            self.progress.advance(event.count - self.count)
            self.count = event.count

    def add(self, solution: Any) -> None:
        """Count and print a solution (already rule-checked by the pipeline)."""
        with SIGNALS.atomic():  # a solution is printed and counted whole, or not at all
            self.count += 1
            self.progress.advance()
            if self.args.count:
                return
            if not (self.args.format == "text" and self.streaming):
                self.solutions.append(solution)  # printed at the end
                return
            # printed now and not kept: --all of 115,584 Hashi solutions grew to 5 GB
            with self.progress.paused():  # one write a solution: 0.75 -> 0.23 s for 167,089
                gap = "\n" if self.count > 1 else ""
                sys.stdout.write(f"{gap}{self.render(solution)}\n")
                sys.stdout.flush()

    @property
    def streaming(self) -> bool:
        return not self.args.unique and not self.one_line

    def render(self, solution: Any) -> str:
        if self.one_line:
            return self.kind.render_line(self.instance, solution)
        if self.args.pretty:
            return self.kind.pretty(self.instance, solution)
        return self.kind.render_text(self.instance, solution)

    def status(self, stopped: str | None) -> str:
        complete = self.done is not None and self.done.complete
        return "SAT" if self.count else ("UNKNOWN" if stopped or not complete else "UNSAT")

    def finish(self, ended: Ended) -> int:
        """Print what comes at the end (counts, verdicts, JSON, SVG) and the summary line;
        the exit status."""
        if self.forced is not None:
            return self.finish_forced(self.forced, ended)
        self.print_answer(ended.stopped)
        if self.args.stats:
            print_stats(self.compiled, ended)
        return self.summary(ended)

    def print_answer(self, stopped: str | None) -> None:
        status = self.status(stopped)
        complete = self.done is not None and self.done.complete and not stopped
        with SIGNALS.atomic():
            if self.args.format == "json":
                print(json.dumps(self.as_json(status, complete)), flush=True)
            elif self.args.format == "svg":
                self.print_svg(status)
            elif self.args.format in FILL_FORMATS:
                self.write_fill(stopped)
            elif self.args.count:
                print(self.count, flush=True)
            elif self.args.unique:
                self.print_verdict(status)
            elif self.one_line:
                for solution in self.solutions:
                    print(self.render(solution))
                if not self.count:
                    print("no solution" if status == "UNSAT" else "unknown")
                sys.stdout.flush()

    def verdict(self, status: str) -> str:
        """--unique: none, unique, multiple, or unknown when cut short before a second."""
        if status == "UNKNOWN" and self.count < 2:
            return "unknown"
        return {0: "none", 1: "unique"}.get(self.count, "multiple")

    def print_verdict(self, status: str) -> None:
        rendered = [self.render(s) for s in self.solutions]
        separator = " " if self.one_line else "\n\n"
        print(separator.join([self.verdict(status), *rendered]), flush=True)

    def write_fill(self, stopped: str | None) -> None:
        """--format puz, ipuz, xd: the first fill written into the puzzle's file (nothing
        when there is none: the verdict says so; -o FILE not in a run cut short, even with
        the best fill found by then: write_output)."""
        if self.solutions:
            written = constructors.write_fill(self.args.format, self.instance, self.solutions[0])
            write_output(self.args, written, (self.args.file,), stopped)

    def print_svg(self, status: str) -> None:
        """--format svg: the solutions found as one document, stacked (the unsolved puzzle
        when there is none); with --unique the verdict goes to stderr."""
        from satpuzzle.pictures import render_svg

        if self.args.unique:
            self.say(self.verdict(status))
        sys.stdout.write(render_svg(self.instance, self.solutions))
        sys.stdout.flush()

    def as_json(self, status: str, complete: bool) -> dict[str, Any]:
        return {"kind": self.instance.KIND, "status": status, "count": self.count,
                "complete": complete,
                "solutions": [self.kind.render_json(self.instance, s) for s in self.solutions]}

    def summary(self, ended: Ended) -> int:
        """Exit status of a run, and a line on stderr when it was cut short or enumerated."""
        if ended.stopped:
            output = untouched(self.args) if self.args.format in FILL_FORMATS else ""
            self.say(f"{_stopped_after(ended.stopped)}: "
                     f"{self.count} solution(s) found so far, enumeration incomplete"
                     + (f"; {output}" if output else ""))
            return EXIT_GAVE_UP
        said = False
        if self.limit != 1 and not self.args.unique:  # several could be printed
            complete = "complete" if self.done and self.done.complete else "limit reached"
            self.say(f"{self.count} solution(s), {complete}{self.read_as}")
            said = True
        if not self.count and not self.args.count:
            self.say(f"no solution{self.read_as}")
            said = True
        if not self.count:  # why, when it shows before any search (one line a cause)
            for cause in self.kind.known_causes(self.instance):
                self.say(f"note: {cause}")
        if self.read_as and not said:  # the kind was a guess from the content: say so
            self.say(self.read_as.strip(" ()"))
        return EXIT_FOUND if self.count else EXIT_NONE

    # ------------------------------------------------------------ --forced

    def finish_forced(self, event: ForcedResult, ended: Ended) -> int:
        result = event.backbone
        if self.args.format == "json":
            print(json.dumps(_forced_json(self.instance, event)), flush=True)
        else:
            print("\n".join([_forced_headline(result), *event.lines]), flush=True)
        if self.args.stats:
            print_stats(self.compiled, ended)
        if result.status in ("timeout", "interrupted"):
            what = "interrupt" if result.status == "interrupted" else "timeout"
            detail = (f"{len(result.undecided)} of {len(result.live)} variables undecided"
                      if result.solution_found else "before a first solution")
            self.say(f"{_stopped_after(what)}: backbone incomplete, {detail}")
            return EXIT_GAVE_UP
        if result.status == "none":
            self.say(f"no solution, so nothing is forced{self.read_as}")
            return EXIT_NONE
        return EXIT_FOUND


def _stopped_word(stopped: str) -> str:
    return {"interrupt": "interrupted",  # "unknown": an external solver gave up
            "unknown": "the solver answered UNKNOWN", **LOST_WORDS}.get(stopped, "timeout")


def _stopped_after(stopped: str) -> str:
    """"timeout after S s" and the like, S counted as --timeout counts: from the start of the
    command (reading the puzzle and its dictionary included), not of the stage that was cut."""
    return f"{_stopped_word(stopped)} after {elapsed():.2f} s"


def print_stats(compiled: Compiled | None, ended: Ended) -> None:
    """--stats, on stderr so that stdout stays the answer. Solve time is wall time of the
    solving child (loading the clauses included); conflicts where the back end reports them
    (summed over workers; absent when the run was cut short)."""
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
    print("satpuzzle: stats: " + ", ".join(parts), file=sys.stderr)
    if compiled is not None and compiled.families:
        from satpuzzle.constraints.report import table_lines

        for line in table_lines(compiled.families, {}, compiled.variables, compiled.clauses,
                                puzzle_variables=compiled.puzzle_variables):
            print("satpuzzle: stats: " + line, file=sys.stderr)
    if ended.engine == "race":
        print(f"satpuzzle: stats: first answer by {ended.winner or 'neither engine'} "
              "(search engine and SAT raced)", file=sys.stderr)
    if ended.engine == pipeline.CLINGO:
        print("satpuzzle: stats: enumerated by clasp (clingo), projected on the puzzle "
              "variables", file=sys.stderr)
    if ended.engine == counting.GANAK:
        print("satpuzzle: stats: counted by ganak, projected on the puzzle variables "
              "(nothing enumerated; 'solve' is the count's time)", file=sys.stderr)


def _forced_headline(result: Any) -> str:
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


def _forced_json(instance: Any, event: ForcedResult) -> dict[str, Any]:
    result = event.backbone
    status = ("UNSAT" if result.status == "none" else
              "SAT" if result.solution_found else "UNKNOWN")
    return {"kind": instance.KIND, "status": status, "complete": result.complete,
            "variables": len(result.live), "solver_calls": result.calls,
            "unique": result.complete and result.solution_found and not result.free,
            "forced": [{"name": list(name), "value": value}
                       for name, value in event.forced.items()],
            "free": [list(event.names[v]) for v in sorted(result.free)],
            "undecided": [list(event.names[v]) for v in sorted(result.undecided)],
            "text": event.lines}


# ---------------------------------------------------------------- several puzzles


def _puzzle_header(loaded: Loaded, number: int) -> str:
    instance = loaded.instances[number - 1]
    source = f" ({loaded.sources[number - 1]})" if loaded.sources else ""
    title = f": {instance.title}" if getattr(instance, "title", None) else ""
    return printable(f"# puzzle {number}{source}{title}")


_STATUS_WORDS = {EXIT_FOUND: "solved", EXIT_NONE: "no solution", EXIT_USAGE: "bad input",
                 EXIT_GAVE_UP: "gave up", EXIT_INTERNAL: "internal error"}


def _many_summary(statuses: Sequence[int], total: int) -> None:
    """One line on stderr after a file or directory of several puzzles."""
    if total < 2:
        return
    counts = [f"{statuses.count(code)} {word}" for code, word in _STATUS_WORDS.items()
              if statuses.count(code)]
    if len(statuses) < total:
        counts.append(f"{total - len(statuses)} not attempted")
    print(f"satpuzzle: {total} puzzles: {', '.join(counts)}", file=sys.stderr)


def _solve_in_parallel(args: argparse.Namespace, loaded: Loaded, request: Request) -> int:
    """--jobs N over several puzzles: each puzzle solved whole in a worker, its events
    printed in input order as soon as every earlier puzzle is out. Interrupted: what is
    finished is printed, the rest reported, exit 3."""
    count = len(loaded.instances)
    finished: dict[int, pipeline.PuzzleEvents] = {}
    statuses: dict[int, int] = {}
    printed = 0
    interrupted = False
    with _connected(args) as client, Progress("puzzles", total=count) as progress:
        results = (pipeline.solve_each(loaded.instances, request, args.jobs) if client is None
                   else cluster.solve_each(client, loaded.instances, request))
        with closing(results):
            try:
                for result in results:
                    finished[result.index] = result
                    progress.advance()
                    with SIGNALS.atomic(), progress.paused():  # each answer whole, once
                        while printed in finished:
                            statuses[printed] = _print_replayed(args, loaded, request, finished[printed])
                            printed += 1
            except KeyboardInterrupt:
                interrupted = True
    interrupted |= len(finished) < count
    for index in range(printed, count):  # after an interrupt: the rest, in order
        if index in finished:
            statuses[index] = _print_replayed(args, loaded, request, finished[index])
        else:
            if args.format == "text":
                print(("\n" if index else "") + _puzzle_header(loaded, index + 1))
            print(f"satpuzzle: puzzle {index + 1}: not finished (interrupted)",
                  file=sys.stderr)
    _many_summary([statuses[i] for i in sorted(statuses)], count)
    if interrupted:
        print(f"satpuzzle: interrupted: {len(finished)} of {count} puzzles answered",
              file=sys.stderr)
        return EXIT_GAVE_UP
    return max(statuses.values(), default=EXIT_FOUND)


def _print_replayed(args: argparse.Namespace, loaded: Loaded, request: Request,
                    result: pipeline.PuzzleEvents) -> int:
    """One puzzle's output from its recorded events, as if it had been solved here."""
    index = result.index
    if args.format == "text":
        print(("\n" if index else "") + _puzzle_header(loaded, index + 1))
    prefix = f"satpuzzle: puzzle {index + 1}: "
    printer = PuzzlePrinter(args, loaded.instances[index], request, loaded.inferred,
                             prefix=prefix)
    if result.error is not None:
        message = result.error
        if message.startswith("satpuzzle: "):
            message = prefix + message[len("satpuzzle: "):]
        print(message, file=sys.stderr)
        return result.status
    status = printer.run(event for event in result.events)
    sys.stdout.flush()
    return status


def _check_split(args: argparse.Namespace, loaded: Loaded) -> None:
    """--split cuts one puzzle's search: refuse what it cannot do, before any work."""
    other = ("--forced" if args.forced else "--solver-cmd" if args.solver_cmd is not None
             else f"--counter {args.counter}" if args.counter != counting.ENUMERATE else None)
    if other:
        raise InputError(f"--split cuts a SAT search into cubes; {other} does not search "
                         "that way")
    if len(loaded.instances) > 1 or loaded.one_line:
        raise InputError(f"--split cuts one puzzle; the file holds {len(loaded.instances)}: "
                         "choose one with --index K (several puzzles share out with --jobs "
                         "or --cluster as they are)", loaded.path)


def _split_events(args: argparse.Namespace, instance: Any,
                  request: Request) -> Events:
    """--split K: the puzzle's cubes solved by --jobs workers or on --cluster, their events
    merged into one puzzle's."""
    cubes = pipeline.split_cubes(instance, request, args.split)
    copies = [instance] * len(cubes)
    with _connected(args) as client:
        parts = (pipeline.solve_each(copies, request, args.jobs, cubes) if client is None
                 else cluster.solve_each(client, copies, request, cubes))
        with closing(parts):
            limit = request.limit_for(registry.kind_of(instance))
            yield from pipeline.merge_cubes(parts, len(cubes), request, limit)


def _connected(args: argparse.Namespace) -> AbstractContextManager[Any]:
    """--cluster: the Dask client the run's work goes to (None: this machine's --jobs)."""
    if not args.cluster:
        return nullcontext()
    return cluster.connect(args.cluster, remaining(args.timeout))


# ---------------------------------------------------------------- batches


def _solve_batch(args: argparse.Namespace, loaded: Loaded, request: Request) -> int:
    """One-line puzzles: one answer line each, in input order (workers finish out of order);
    cut short, every puzzle not yet printed still gets its line (what was found, or
    "unknown"), so that line K of the output always answers puzzle K. A puzzle's printer
    lives from its first event to its line: a batch of 49,158 puzzles held one printer and
    every solution per puzzle to the end, 70 MB."""
    tally = _BatchTally(args, loaded.instances, request)
    finished: dict[int, Done] = {}
    next_to_print = 0
    compiled = None
    ended = Ended("interrupt", 0.0)
    with _connected(args) as client, Progress("puzzles", total=len(loaded.instances)) as progress:
        events = _answers(args, loaded.instances, request,
                          (lambda req: pipeline.solve_batch(loaded.instances, req))
                          if client is None else
                          (lambda req: cluster.solve_batch(client, loaded.instances, req)))
        with closing(events):
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
    return _batch_status(ended, tally)


class _BatchTally:
    """The printers of a batch's puzzles between their first event and their line, and what
    the exit status needs of the puzzles already printed."""

    def __init__(self, args: argparse.Namespace, instances: Sequence[Any],
                 request: Request) -> None:
        self.args, self.instances, self.request = args, instances, request
        self.live: dict[int, PuzzlePrinter] = {}
        self.printed = self.answered = self.found = 0

    def printer(self, index: int) -> PuzzlePrinter:
        printer = self.live.get(index)
        if printer is None:
            printer = self.live[index] = PuzzlePrinter(self.args, self.instances[index],
                                                       self.request, one_line=True)
        return printer

    def print_line(self, index: int, done: Done | None, stopped: str | None = None) -> None:
        printer = self.printer(index)
        printer.answered(done)
        printer.print_answer(stopped)
        del self.live[index]
        self.printed += 1
        self.found += bool(printer.count)
        self.answered += bool(printer.count or (printer.done and printer.done.complete))


def _batch_status(ended: Ended, tally: _BatchTally) -> int:
    if ended.stopped:
        print(f"satpuzzle: {_stopped_after(ended.stopped)}: "
              f"{tally.answered} of {tally.printed} puzzles answered, enumeration incomplete",
              file=sys.stderr)
        return EXIT_GAVE_UP
    return EXIT_FOUND if tally.found == tally.printed else EXIT_NONE
