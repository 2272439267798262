"""The `satpuzzle` command: compile, solve, decode and check puzzles.

Exit status: 0 at least one solution (check: every solution valid), 1 proven none (check: a
rule broken), 2 bad input or usage, 3 gave up (timeout or interrupt).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import multiprocessing.connection
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from satpuzzle import __version__, formats, pipeline, reductions
from satpuzzle.backbone import Backbone, backbone
from satpuzzle.cnf import (
    BYTES_PER_CLAUSE,
    DEFAULT_MAX_CLAUSES,
    Formula,
    clause_budget,
    latest_formula,
    read_header,
    read_model,
)
from satpuzzle.errors import InputError
from satpuzzle.external import ExternalEnumeration, solver_argv
from satpuzzle.kinds import registry
from satpuzzle.kinds.jigsaw.puzzle import VARIANTS as JIGSAW_VARIANTS
from satpuzzle.loading import Loaded, load, load_text
from satpuzzle.progress import Progress
from satpuzzle.reductions import REDUCTIONS
from satpuzzle.solving import (
    DEFAULT_SOLVER,
    SOLVER_NAMES,
    Job,
    JobResult,
    RunOutcome,
    SolverCrash,
    check_solver,
    run_jobs,
    run_race,
    run_search,
)
from satpuzzle.stages import StageTimeout, run_in_child, time_limit
from satpuzzle.textio import read_text, write_atomic

EXIT_FOUND, EXIT_NONE, EXIT_USAGE, EXIT_GAVE_UP, EXIT_INTERNAL = 0, 1, 2, 3, 4
_READABLE = tuple(name for name in formats.FORMATS if name != "svg")  # pictures: write only


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="satpuzzle", description=__doc__,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"satpuzzle {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    compile_ = commands.add_parser("compile", help="write the puzzle's CNF in DIMACS")
    _input_options(compile_)
    compile_.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    compile_.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                          help="give up after this long; exit 3, nothing written")
    _budget_option(compile_)
    compile_.set_defaults(handler=cmd_compile)

    solve = commands.add_parser(
        "solve", help="solve, enumerate, count or prove unique",
        epilog=f"solvers: {', '.join(SOLVER_NAMES)} (default {DEFAULT_SOLVER}; "
               "those missing from this PySAT build are refused)")
    _input_options(solve)
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="every solution, streamed")
    how_many.add_argument("--limit", type=_positive, metavar="K", help="at most K solutions")
    solve.add_argument("--count", action="store_true",
                       help="print only the number of solutions (all of them, or up to --limit)")
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
                               "--forced or --jobs (see docs/FORMATS.md)")
    solve.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                       help="give up after this long; exit 3 with what was found")
    solve.add_argument("--format", choices=("text", "json", "svg"), default="text",
                       help="svg: the solutions found as one SVG picture, printed at the end")
    solve.add_argument("--pretty", action="store_true",
                       help="text: draw solutions with Unicode box-drawing characters")
    solve.add_argument("--engine", choices=("auto", "sat", "search", "race"), default="auto",
                       help="auto: the kind's own search engine where it has one and it "
                            "suits the puzzle (crosswords: trie search with a SAT oracle; "
                            "jigsaw: depth-first search on whole boards of distinct pieces), "
                            "else SAT with blocking clauses; sat: always SAT with blocking "
                            "clauses; search: always the kind's own engine; race: for one "
                            "solution, the kind's search and SAT side by side in two "
                            "processes, the first answer wins (which board is printed may "
                            "then vary from run to run; with --all/--count: search)")
    solve.add_argument("--jobs", type=_positive, default=1, metavar="N",
                       help="worker processes for a file of one-line puzzles (default 1)")
    solve.add_argument("--no-check", action="store_true",
                       help="skip the rule check of each solution before it is printed")
    _budget_option(solve)
    solve.add_argument("--stats", action="store_true",
                       help="print variables, clauses, compile and solve time, and solver "
                            "conflicts where known, on stderr")
    solve.set_defaults(handler=cmd_solve)

    decode = commands.add_parser(
        "decode", help="turn an external solver's model into a solution",
        description="FILE is the puzzle, or the CNF written by `satpuzzle compile` (its header "
                    "carries the puzzle and the variable map); MODEL is a DIMACS solver's output.")
    _input_options(decode)
    decode.add_argument("model", metavar="MODEL")
    decode.add_argument("--format", choices=("text", "json", "svg"), default="text")
    decode.add_argument("--pretty", action="store_true",
                        help="text: draw the solution with Unicode box-drawing characters")
    decode.set_defaults(handler=cmd_decode)

    generate = commands.add_parser(
        "generate", help="write a random puzzle (.puz)",
        description="Random puzzles as the seed documents make them; --unique uses the solver "
                    "until the printed puzzle has exactly one solution.")
    generate.add_argument("kind", choices=GENERATORS, help="puzzle kind")
    generate.add_argument("--size", default="10x10", metavar="RxC",
                          help="rows x columns (default 10x10)")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("--unique", action="store_true",
                          help="make the puzzle have exactly one solution")
    generate.add_argument("--depth", type=int, default=None,
                          help="shikaku: levels of recursive cuts (default: enough for "
                               "rectangles of a few cells)")
    generate.add_argument("--merge-iters", type=int, default=1, metavar="N",
                          help="shikaku: rounds of random merges (nbMergeIter, default 1)")
    generate.add_argument("--merge-prob", type=float, default=0.2, metavar="P",
                          help="shikaku: probability of merging a pair (mergeProb, default 0.2)")
    generate.add_argument("--islands", type=int, default=None, metavar="N",
                          help="hashi: number of random islands (default: a fifth of the cells)")
    generate.add_argument("--labels", type=_positive, default=None, metavar="K",
                          help="jigsaw: distinct labels on interior edges (default: about "
                               "one per two pieces)")
    generate.add_argument("--variant", choices=JIGSAW_VARIANTS, default="puzzle",
                          help="jigsaw: which problem to pose (default puzzle)")
    generate.add_argument("--matching", choices=("opposite", "equal"), default="opposite",
                          help="jigsaw: i fits -i (default) or equal labels fit")
    generate.add_argument("--border", choices=("zero", "free"), default="zero",
                          help="jigsaw: outer edges 0 (default) or any label")
    generate.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    generate.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                          help="give up after this long; exit 3, nothing written")
    generate.set_defaults(handler=cmd_generate)

    reduce = commands.add_parser(
        "reduce", help="compile a source instance into a jigsaw by one of the paper's reductions",
        description="Reductions of the jigsaw paper (docs/REDUCTIONS.md): " + ", ".join(
            REDUCTIONS) + ".")
    reduce.add_argument("reduction", metavar="NAME", choices=REDUCTIONS)
    reduce.add_argument("file", metavar="INPUT", help="the source instance (.puz or native)")
    reduce.add_argument("--kind", choices=registry.NAMES,
                        help="read INPUT in this kind's native format")
    reduce.add_argument("--index", type=_positive, metavar="K",
                        help="the K-th puzzle of a file that holds several")
    reduce.add_argument("-o", "--output", default="-", help="output .puz (default: stdout)")
    reduce.set_defaults(handler=cmd_reduce)

    verify = commands.add_parser(
        "verify", help="check a reduction on random or given source instances",
        description="Each source instance is solved directly and through the reduction: equal "
                    "satisfiability, every jigsaw solution found mapped back and checked, a "
                    "source solution mapped forward and checked. Exit 1 on any mismatch.")
    verify.add_argument("reduction", metavar="NAME", choices=REDUCTIONS)
    verify.add_argument("files", metavar="FILE", nargs="*", help="source instances")
    verify.add_argument("--random", type=_positive, metavar="N",
                        help="verify on N random source instances instead of files")
    verify.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    verify.add_argument("--size", type=_positive, default=4, metavar="K",
                        help="scale of random instances (numbers or variables; default 4)")
    verify.add_argument("--kind", choices=registry.NAMES,
                        help="read FILEs in this kind's native format")
    verify.add_argument("--cap", type=_positive, default=5, metavar="K",
                        help="jigsaw solutions mapped back per instance (default 5)")
    verify.add_argument("--solver", default=DEFAULT_SOLVER, metavar="NAME")
    verify.add_argument("--timeout", type=_positive_float, metavar="SECONDS",
                        help="stop after this long; exit 3 with the counts so far")
    verify.add_argument("--verbose", "-v", action="store_true",
                        help="one line per instance, not only mismatches")
    verify.set_defaults(handler=cmd_verify)

    check = commands.add_parser("check", help="check solutions against the rules")
    _input_options(check)
    check.add_argument("solution", metavar="SOLUTION",
                       help="solutions as printed by solve (text or JSON)")
    check.set_defaults(handler=cmd_check)

    import_ = commands.add_parser(
        "import", help="read a puzzle in another format and write it as .puz",
        description="FORMAT is one of: " + ", ".join(_READABLE) + ". SOURCE is a file, or "
                    "for sgt and url the game ID or URL itself (e.g. 'sgt:rect:7x7:...', "
                    "'https://puzz.link/p?hashi/...'). docs/FORMATS.md describes each.")
    import_.add_argument("format", metavar="FORMAT", choices=_READABLE)
    import_.add_argument("source", metavar="SOURCE")
    import_.add_argument("-o", "--output", default="-", help="output .puz (default: stdout)")
    import_.set_defaults(handler=cmd_import)

    export = commands.add_parser(
        "export", help="write a puzzle in another format (game ID, URL, JSON, SVG, ...)",
        description="Formats: " + ", ".join(formats.FORMATS) + ". Importing what export "
                    "writes gives the same puzzle back (titles and solver options apart, "
                    "where a format has no room for them).")
    _input_options(export)
    export.add_argument("--format", required=True, choices=tuple(formats.FORMATS))
    export.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    export.set_defaults(handler=cmd_export)
    return parser


def _input_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .puz file or a native puzzle file")
    parser.add_argument("--kind", choices=registry.NAMES,
                        help="read FILE in this kind's native format")
    parser.add_argument("--box", metavar="RxC", help="Sudoku box shape for native files")
    parser.add_argument("--index", type=_positive, metavar="K",
                        help="the K-th puzzle of a file that holds several")
    parser.add_argument("--dict", metavar="WORDS",
                        help="crossword dictionary for a native grid (plain or .gz)")
    parser.add_argument("--distinct", action="store_true",
                        help="crossword: no word used twice in one grid")
    parser.add_argument("--connectivity", choices=("lazy", "eager"),
                        help="hashi: connectivity by lazy cuts (default) or an eager encoding")
    parser.add_argument("--variant", choices=JIGSAW_VARIANTS,
                        help="jigsaw: which problem a native piece file poses (default puzzle)")
    parser.add_argument("--matching", choices=("opposite", "equal"),
                        help="jigsaw: i fits -i (opposite, the paper's) or equal labels fit")
    parser.add_argument("--border", choices=("zero", "free"),
                        help="jigsaw: outer edges must be 0 (zero) or are unconstrained (free)")
    parser.add_argument("--board", metavar="RxC",
                        help="jigsaw: board size for a piece file without a header")
    parser.add_argument("--min-zipf", type=float, metavar="Z",
                        help="crossword: keep only built-in dictionary words at least this "
                             "common (Zipf scale: 3 = once per million words)")


def _budget_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--max-clauses", type=_positive, metavar="N",
                        help=f"refuse to compile past N clauses (default {DEFAULT_MAX_CLAUSES:,}, "
                             f"about {DEFAULT_MAX_CLAUSES * BYTES_PER_CLAUSE / 1e9:.0f} GB)")


def _board_size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    match = re.fullmatch(r"([0-9]{1,12})[xX×]([0-9]{1,12})", text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise InputError(f"--board: expected rows x columns like 6x12, found {text!r}")
    return int(match.group(1)), int(match.group(2))


def _positive(text: str) -> int:
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, found {text!r}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, found {text!r}")
    return value


# ---------------------------------------------------------------- loading


def _load(args: argparse.Namespace) -> Loaded:
    options = {"box": args.box, "dict": args.dict, "distinct": args.distinct,
               "min_zipf": args.min_zipf, "connectivity": args.connectivity,
               "variant": args.variant, "matching": args.matching, "border": args.border,
               "board": _board_size(args.board)}
    if args.file.endswith(".puz") and (args.box or args.dict or args.distinct):
        raise InputError("--box, --dict and --distinct apply to native files; in a .puz file "
                         "write them as entries (see docs/LANGUAGE.md)", args.file)
    jigsaw_options = args.variant or args.matching or args.border or args.board
    if args.file.endswith(".puz") and jigsaw_options:
        raise InputError("--variant, --matching, --border and --board apply to native piece "
                         "files; in a .puz file write them as entries (see docs/LANGUAGE.md)",
                         args.file)
    # --box is a Sudoku option, --dict a crossword one, --variant & co. jigsaw ones: each
    # names the kind
    kind = args.kind or ("sudoku" if args.box else "crossword" if args.dict
                         else "jigsaw" if jigsaw_options else None)
    seconds = _Deadline(getattr(args, "timeout", None)).remaining()
    notes = io.StringIO()  # readers' notes (a dictionary's summary) wait until all is well
    with time_limit("reading the puzzle", seconds, started=_STARTED[0]), \
            contextlib.redirect_stderr(notes):
        loaded = _loaded_and_chosen(args, kind, options)
    sys.stderr.write(notes.getvalue())
    _READ_AS[0] = f" (read as {loaded.inferred})" if loaded.inferred else ""
    return loaded


_READ_AS = [""]  # the verdict lines say which kind an input was recognised as


def _loaded_and_chosen(args: argparse.Namespace, kind: str | None,
                       options: dict[str, Any]) -> Loaded:
    loaded = load(args.file, kind, options)
    if args.connectivity:  # a .puz file's hashi puzzles take the command line's choice too
        loaded.instances = [registry.kind_of(i).adjust(i, {"connectivity": args.connectivity})
                            for i in loaded.instances]
    if args.index is not None:
        if args.index > len(loaded.instances):
            raise InputError(f"--index {args.index}: the file holds "
                             f"{len(loaded.instances)} puzzle(s)", args.file)
        loaded.instances = [loaded.instances[args.index - 1]]
        loaded.one_line = False
    return loaded


def _single(loaded: Loaded) -> Any:
    if len(loaded.instances) != 1:
        raise InputError(f"the file holds {len(loaded.instances)} puzzles; choose one with "
                         "--index K", loaded.path)
    return loaded.instances[0]


def _module(instance: Any):
    return registry.kind_of(instance)


# ---------------------------------------------------------------- compile


def cmd_compile(args: argparse.Namespace) -> int:
    instance = _single(_load(args))
    module = _module(instance)
    with _compiling(args, instance, _Deadline(args.timeout).remaining()):
        formula = registry.kind_of(instance).encode_standalone(instance)
        text = formula.to_dimacs(source=module.to_puz(instance))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        write_atomic(args.output, text)
        print(f"{args.output}: {formula.num_vars} variables ({len(formula.names)} puzzle), "
              f"{formula.num_clauses} clauses", file=sys.stderr)
    return EXIT_FOUND


@contextlib.contextmanager
def _compiling(args: argparse.Namespace, instance: Any, seconds: float | None) -> Iterator[None]:
    """The compile stage: within the clause budget (--max-clauses: a kind's estimate is
    checked before any work, the Formula itself stops growing past it) and the time left."""
    with clause_budget(getattr(args, "max_clauses", None)), \
            time_limit("compiling", seconds, _clauses_so_far, _STARTED[0]):
        pipeline.check_budget(instance)
        yield


def _clauses_so_far() -> str:
    formula = latest_formula()
    return f"{formula.num_clauses:,} clauses built so far" if formula else "no clause yet"


# ---------------------------------------------------------------- solve


class Report:
    """Prints the answers of one puzzle in the chosen mode and format as they arrive."""

    def __init__(self, args: argparse.Namespace, instance: Any, one_line: bool = False,
                 progress: Progress | None = None) -> None:
        self.args = args
        self.progress = progress or Progress("solutions", enabled=False)
        self.instance = instance
        self.module = _module(instance)
        self.checker = None if args.no_check else registry.kind(instance.KIND).checker
        self.one_line = one_line
        self.solutions: list[Any] = []
        self.count = 0

    def add(self, solution: Any, checked: bool = False) -> None:
        """Count and print a solution, after the rule check unless it was `checked` already
        (by a worker process)."""
        with SIGNALS.atomic():  # a solution is printed and counted whole, or not at all
            self._add(solution, checked)

    def _add(self, solution: Any, checked: bool) -> None:
        if self.checker is not None and not checked:
            problems = self.checker.check(self.instance, solution)
            if problems:
                raise InternalError("a solution failed the rule check: " + "; ".join(problems))
        self.count += 1
        self.progress.advance()
        if self.args.count:
            return
        self.solutions.append(solution)
        if self.args.format == "text" and self.streaming:
            with self.progress.paused():
                if self.count > 1:
                    print()
                print(self.render(solution), flush=True)

    @property
    def streaming(self) -> bool:
        return not self.args.unique and not self.one_line

    def render(self, solution: Any) -> str:
        if self.one_line:
            return self.module.render_line(self.instance, solution)
        if getattr(self.args, "pretty", False):
            from satpuzzle.pictures import render_pretty

            return render_pretty(self.instance, solution)
        return self.module.render_text(self.instance, solution)

    def finish(self, result: JobResult, stopped: str | None) -> None:
        status = "SAT" if self.count else ("UNKNOWN" if stopped or not result.complete
                                           else "UNSAT")
        if self.args.format == "json":
            print(json.dumps(self.as_json(status, result.complete and not stopped)), flush=True)
        elif self.args.format == "svg":
            self.print_svg(status)
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
        verdict = self.verdict(status)
        rendered = [self.render(s) for s in self.solutions]
        if self.one_line:
            print(" ".join([verdict, *rendered]), flush=True)
        else:
            print("\n\n".join([verdict, *rendered]), flush=True)

    def print_svg(self, status: str) -> None:
        """--format svg: the solutions found as one document, stacked (the unsolved puzzle
        when there is none); with --unique the verdict goes to stderr."""
        from satpuzzle.pictures import render_svg

        if self.args.unique:
            print(f"satpuzzle: {self.verdict(status)}", file=sys.stderr)
        sys.stdout.write(render_svg(self.instance, self.solutions))
        sys.stdout.flush()

    def as_json(self, status: str, complete: bool) -> dict[str, Any]:
        return {"kind": self.instance.KIND, "status": status, "count": self.count,
                "complete": complete,
                "solutions": [self.module.render_json(self.instance, s)
                              for s in self.solutions]}


class InternalError(Exception):
    """A bug: satpuzzle produced something its own rule checker rejects."""


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


def cmd_solve(args: argparse.Namespace) -> int:
    if args.count and (args.unique or args.forced):
        other = "--unique" if args.unique else "--forced"
        raise InputError(f"--count and {other} ask different questions; give one")
    external = args.solver_cmd is not None
    solver = _external_command(args) if external else check_solver(args.solver or DEFAULT_SOLVER)
    loaded = _load(args)
    _check_picture_options(args, loaded)
    if loaded.one_line and not args.forced:
        batch = _external_batch if external else _solve_batch
        return batch(args, loaded, solver, _limit(args, loaded.instances[0]))
    deadline = _Deadline(args.timeout)
    if len(loaded.instances) > 1 and args.jobs > 1:
        return _solve_parallel(args, loaded, solver, deadline)
    statuses = []
    for number, instance in enumerate(loaded.instances, 1):
        if len(loaded.instances) > 1 and args.format == "text":
            if number > 1:
                print()
            print(_puzzle_header(loaded, number), flush=True)
        statuses.append(_solve_instance(args, instance, solver, deadline))
        if statuses[-1] == EXIT_GAVE_UP:
            break
    _many_summary(statuses, len(loaded.instances))
    return max(statuses, default=EXIT_FOUND)  # gave up > none found > found


def _solve_instance(args, instance, solver: str, deadline: _Deadline) -> int:
    if args.solver_cmd is not None:
        return _external_one(args, instance, solver, _limit(args, instance), deadline)
    if args.forced:
        return _forced_one(args, instance, solver, deadline)
    return _solve_one(args, instance, solver, _limit(args, instance), deadline)


def _puzzle_header(loaded: Loaded, number: int) -> str:
    instance = loaded.instances[number - 1]
    source = f" ({loaded.sources[number - 1]})" if loaded.sources else ""
    title = f": {instance.title}" if getattr(instance, "title", None) else ""
    return f"# puzzle {number}{source}{title}"


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


def _solve_parallel(args, loaded: Loaded, solver: str, deadline: _Deadline) -> int:
    """--jobs N over several puzzles: N worker processes (worker k takes puzzles k, k+N, ...),
    each puzzle's output captured whole and printed in input order as soon as every earlier
    one is out. Interrupted: what is finished is printed, the rest reported, exit 3."""
    count = len(loaded.instances)
    workers = min(args.jobs, count)
    context = multiprocessing.get_context("fork")
    children, receivers = [], []
    for first in range(workers):
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(target=_parallel_worker, args=(
            args, loaded.instances, range(first, count, workers), solver, deadline, sender))
        child.start()
        sender.close()
        children.append(child)
        receivers.append(receiver)
    finished: dict[int, tuple[str, str, int]] = {}
    printed = 0
    interrupted = False
    with Progress("puzzles", total=count) as progress:
        try:
            open_receivers = list(receivers)
            while open_receivers:
                for receiver in multiprocessing.connection.wait(open_receivers):
                    try:
                        index, out, err, status = receiver.recv()
                    except EOFError:
                        open_receivers.remove(receiver)
                        continue
                    finished[index] = (out, err, status)
                    progress.advance()
                with SIGNALS.atomic(), progress.paused():  # each answer whole, once
                    printed = _print_in_order(args, loaded, finished, printed)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            for child in children:
                if interrupted and child.is_alive():
                    child.terminate()  # SIGTERM: the worker stops its own solver first
            for child in children:
                child.join(5)  # after all answers, a worker is only closing its pipe
                if child.is_alive():
                    child.kill()
                    child.join()
            for receiver in receivers:
                receiver.close()
    statuses = [finished[i][2] for i in sorted(finished)]
    for index in range(printed, count):  # after an interrupt: the rest, in order
        _print_parallel_result(args, loaded, index, finished.get(
            index, ("", "satpuzzle: not finished (interrupted)\n", EXIT_GAVE_UP)))
    _many_summary(statuses, count)
    if interrupted:
        print(f"satpuzzle: interrupted: {len(finished)} of {count} puzzles answered",
              file=sys.stderr)
        return EXIT_GAVE_UP
    return max(statuses, default=EXIT_FOUND)


def _print_in_order(args, loaded: Loaded, finished: dict, printed: int) -> int:
    while printed in finished:
        _print_parallel_result(args, loaded, printed, finished[printed])
        printed += 1
    return printed


def _print_parallel_result(args, loaded: Loaded, index: int,
                           result: tuple[str, str, int]) -> None:
    out, err, _status = result
    if args.format == "text":
        print(("\n" if index else "") + _puzzle_header(loaded, index + 1))
    sys.stdout.write(out)
    sys.stdout.flush()
    for line in err.splitlines():  # say which puzzle each message is about
        print(line.replace("satpuzzle: ", f"satpuzzle: puzzle {index + 1}: ", 1),
              file=sys.stderr)


def _parallel_worker(args, instances: Sequence[Any], indices: range, solver: str,
                     deadline: _Deadline, sender) -> None:
    # Ctrl-C reaches the whole process group: the parent decides, then sends SIGTERM, which
    # stops the puzzle being solved (its solver child included) and the loop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stop = []

    def on_term(signum: int, frame: Any) -> None:
        stop.append(signum)
        SIGNALS.handle(signum, frame)

    signal.signal(signal.SIGTERM, on_term)
    try:
        for index in indices:
            if stop:
                break
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = _solve_instance(args, instances[index], solver, deadline)
                except InputError as exc:
                    print(exc, file=sys.stderr)
                    status = EXIT_USAGE
                except (InternalError, SolverCrash) as exc:
                    print(f"satpuzzle: internal error: {exc}", file=sys.stderr)
                    status = EXIT_INTERNAL
            sender.send((index, out.getvalue(), err.getvalue(), status))
    except (KeyboardInterrupt, BrokenPipeError):
        pass  # SIGTERM from the parent: the solver child is already stopped
    finally:
        sender.close()


def _limit(args: argparse.Namespace, instance: Any) -> int | None:
    """How many solutions to look for; None = all. Kinds whose users want every solution
    (crosswords) enumerate all by default."""
    if args.limit:
        return args.limit
    if args.unique:
        return 2
    if args.all or args.count or _module(instance).enumerate_all:
        return None
    return 1


_STARTED = [time.monotonic()]  # when main() began: every --timeout counts from there


class _Deadline:
    """One --timeout for the whole command (reading, compiling, solving; all the puzzles of a
    file), counted from the start of main()."""

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else _STARTED[0] + seconds

    def remaining(self) -> float | None:
        return None if self.end is None else max(0.001, self.end - time.monotonic())


def _solve_one(args, instance, solver: str, limit: int | None, deadline: _Deadline) -> int:
    with Progress("solutions") as progress:
        return _solve_one_shown(args, instance, solver, limit, deadline, progress)


def _solve_one_shown(args, instance, solver: str, limit: int | None, deadline: _Deadline,
                     progress: Progress) -> int:
    module = _module(instance)
    report = Report(args, instance, progress=progress)
    if args.engine == "race" and limit == 1 and module.engine_for(instance, "race"):
        return _race(args, module, instance, solver, deadline, report)
    engine = module.engine_for(instance, args.engine)
    if engine is not None:
        outcome = run_search(lambda: engine.solutions(instance, solver), report.add, limit,
                             timeout=deadline.remaining())
        report.finish(outcome.results[0], outcome.stopped)
        if args.stats:
            _print_stats(None, None, outcome.elapsed)
        return _status_and_summary(args, outcome, [report.count], limit)
    started = time.monotonic()
    with _compiling(args, instance, deadline.remaining()):
        formula = module.encode(instance)
    compiled = time.monotonic() - started

    def on_model(_job: int, true_vars: frozenset[int]) -> None:
        report.add(module.decode(instance, [formula.names[v] for v in true_vars]))

    outcome = run_jobs(formula, [Job(limit=limit)], on_model, solver_name=solver,
                       timeout=deadline.remaining())
    report.finish(outcome.results[0], outcome.stopped)
    if args.stats:
        _print_stats(formula, compiled, outcome.elapsed, counters=outcome.stats)
    return _status_and_summary(args, outcome, [report.count], limit)


def _race(args, module, instance, solver: str, deadline: _Deadline, report: Report) -> int:
    """--engine race, one solution wanted: the kind's search engine, whose time can hang on
    the order it meets the pieces in, and SAT run side by side; the first answer wins."""
    started = time.monotonic()
    with _compiling(args, instance, deadline.remaining()):
        formula = module.encode(instance)
    compiled = time.monotonic() - started

    def decode(true_vars: frozenset[int]) -> Any:
        return module.decode(instance, [formula.names[v] for v in true_vars])

    engine = module.engine_for(instance, "race")
    outcome = run_race(lambda: engine.solutions(instance, solver), formula, decode, report.add,
                       solver, timeout=deadline.remaining())
    report.finish(outcome.results[0], outcome.stopped)
    if args.stats:
        _print_stats(formula, compiled, outcome.elapsed)
        print(f"satpuzzle: stats: first answer by {outcome.winner or 'neither engine'} "
              "(search engine and SAT raced)", file=sys.stderr)
    return _status_and_summary(args, outcome, [report.count], 1)


def _solve_batch(args, loaded: Loaded, solver: str, limit: int | None) -> int:
    module = _module(loaded.instances[0])
    started = time.monotonic()
    with _compiling(args, loaded.instances[0], _Deadline(args.timeout).remaining()):
        formula, jobs = module.encode_batch(loaded.instances)
    compiled = time.monotonic() - started
    for job in jobs:
        job.limit = limit
    reports = [Report(args, instance, one_line=True) for instance in loaded.instances]
    checker = None if args.no_check else registry.kind(loaded.instances[0].KIND).checker

    def decode_and_check(index: int, true_vars: frozenset[int]) -> Any:
        # in the worker processes: with --jobs N the decoding and rule checks are shared too
        instance = loaded.instances[index]
        solution = module.decode(instance, [formula.names[v] for v in true_vars])
        problems = checker.check(instance, solution) if checker else []
        if problems:
            raise InternalError("a solution failed the rule check: " + "; ".join(problems))
        return solution

    def on_model(index: int, found: Any) -> None:
        # with one worker the parent decodes and checks: solver and parent then overlap
        if args.jobs > 1:
            reports[index].add(found, checked=True)
        else:
            names = [formula.names[v] for v in found]
            reports[index].add(module.decode(loaded.instances[index], names))

    finished: dict[int, JobResult] = {}
    next_to_print = 0

    def on_done(result: JobResult) -> None:
        # Workers finish out of order; answers are printed in input order.
        nonlocal next_to_print
        finished[result.index] = result
        progress.advance()
        # atomic: an interrupt between printing a line and counting it would print it twice
        with SIGNALS.atomic(), progress.paused():
            while next_to_print in finished:
                reports[next_to_print].finish(finished.pop(next_to_print), None)
                next_to_print += 1

    with Progress("puzzles", total=len(jobs)) as progress:
        outcome = run_jobs(formula, jobs, on_model, on_done, solver_name=solver,
                           timeout=_Deadline(args.timeout).remaining(), workers=args.jobs,
                           in_child=decode_and_check if args.jobs > 1 else None)
    # Cut short: every puzzle not yet printed still gets its line (what was found, or
    # "unknown"), so that line K of the output always answers puzzle K.
    for index in range(next_to_print, len(jobs)):
        if index in finished:
            reports[index].finish(finished[index], None)
        else:
            reports[index].finish(outcome.results[index], outcome.stopped)
    if args.stats:
        _print_stats(formula, compiled, outcome.elapsed, counters=outcome.stats)
    return _status_and_summary(args, outcome, [r.count for r in reports])


def _status_and_summary(args, outcome: RunOutcome, counts: Sequence[int],
                        limit: int | None = 1) -> int:
    """Exit status of a run, and a line on stderr when it was cut short or enumerated."""
    answered = sum(1 for r in outcome.results if r.count or r.complete)
    if outcome.stopped:
        what = {"interrupt": "interrupted",  # "unknown": an external solver gave up
                "unknown": "the solver answered UNKNOWN"}.get(outcome.stopped, "timeout")
        if len(counts) == 1:
            detail = f"{counts[0]} solution(s) found so far"
        else:
            detail = f"{answered} of {len(counts)} puzzles answered"
        print(f"satpuzzle: {what} after {outcome.elapsed:.2f} s: {detail}, "
              "enumeration incomplete", file=sys.stderr)
        return EXIT_GAVE_UP
    if len(counts) == 1 and limit != 1 and not args.unique:  # several could be printed
        complete = "complete" if outcome.results[0].complete else "limit reached"
        print(f"satpuzzle: {counts[0]} solution(s), {complete}{_READ_AS[0]}", file=sys.stderr)
    if len(counts) == 1 and not counts[0] and not args.count:
        print(f"satpuzzle: no solution{_READ_AS[0]}", file=sys.stderr)
    return EXIT_FOUND if all(counts) else EXIT_NONE


def _print_stats(formula: Formula | None, compiled: float | None, solved: float,
                 calls: int | None = None, counters: dict[str, int] | None = None) -> None:
    """--stats, on stderr so that stdout stays the answer. Solve time is wall time of the
    solving child (loading the clauses included); conflicts where the back end reports them
    (summed over workers; absent when the run was cut short)."""
    if formula is None:  # a kind's own search engine: no CNF of its own to describe
        parts = ["search engine"]
    else:
        parts = [f"variables {formula.num_vars} ({len(formula.names)} puzzle)",
                 f"clauses {formula.num_clauses}", f"compile {compiled:.3f} s"]
    parts.append(f"solve {solved:.3f} s")
    if calls is not None:
        parts.append(f"solver calls {calls}")
    if counters and "conflicts" in counters:
        parts.append(f"conflicts {counters['conflicts']}")
    print("satpuzzle: stats: " + ", ".join(parts), file=sys.stderr)


# ---------------------------------------------------------------- external solvers


def _external_command(args: argparse.Namespace) -> str:
    """--solver-cmd: refuse what it cannot do, and a missing solver, before any work."""
    if args.forced:
        raise InputError("--forced needs an incremental PySAT back end; use --solver NAME "
                         "instead of --solver-cmd")
    if args.jobs > 1:
        raise InputError("--jobs applies to PySAT back ends; --solver-cmd solves the puzzles "
                         "one at a time")
    solver_argv(args.solver_cmd)
    return args.solver_cmd


def _external_run(
    command: str, instance, formula: Formula, limit: int | None, deadline: _Deadline,
    report: Report, index: int = 0,
) -> tuple[JobResult, str | None, ExternalEnumeration]:
    """Enumerate one puzzle's standalone formula with the external solver into `report`; the
    result, why it stopped early (None, "timeout", "unknown", "interrupt") and the run."""
    module = _module(instance)
    enumeration = ExternalEnumeration(command, formula, limit, deadline.end)
    result = JobResult(index)
    try:
        for true_vars in enumeration.models():
            result.count += 1
            report.add(module.decode(instance, [formula.names[v] for v in true_vars]))
    except KeyboardInterrupt:  # the solver's process group is already killed
        return result, "interrupt", enumeration
    result.complete = enumeration.complete
    return result, enumeration.stopped, enumeration


def _external_one(args, instance, command: str, limit: int | None, deadline: _Deadline) -> int:
    report = Report(args, instance)
    started = time.monotonic()
    # an external solver needs the formula complete by itself (Hashi: eager connectivity)
    with _compiling(args, instance, deadline.remaining()):
        formula = registry.kind_of(instance).encode_standalone(instance)
    compiled = time.monotonic() - started
    result, stopped, enumeration = _external_run(command, instance, formula, limit,
                                                 deadline, report)
    outcome = RunOutcome([result], stopped, time.monotonic() - started - compiled,
                         enumeration.stats)
    report.finish(result, stopped)
    if args.stats:
        _print_stats(formula, compiled, outcome.elapsed, enumeration.calls, outcome.stats)
    return _status_and_summary(args, outcome, [report.count], limit)


def _external_batch(args, loaded: Loaded, command: str, limit: int | None) -> int:
    """One-line puzzles solved in turn, one answer line each; once the deadline passes (or
    Ctrl-C) the rest are answered "unknown". A puzzle the solver answers UNKNOWN is
    "unknown" too, and the batch goes on."""
    deadline = _Deadline(args.timeout)
    started = time.monotonic()
    results: list[JobResult] = []
    counts: list[int] = []
    stopped: str | None = None
    gave_up = False
    compiled, calls, counters = 0.0, 0, {}
    formula = None
    for index, instance in enumerate(loaded.instances):
        report = Report(args, instance, one_line=True)
        result, why = JobResult(index), stopped
        if stopped is None:
            compile_started = time.monotonic()
            with _compiling(args, instance, deadline.remaining()):
                formula = registry.kind_of(instance).encode_standalone(instance)
            compiled += time.monotonic() - compile_started
            result, why, enumeration = _external_run(command, instance, formula, limit,
                                                     deadline, report, index)
            calls += enumeration.calls
            for key, value in enumeration.stats.items():
                counters[key] = counters.get(key, 0) + value
            gave_up |= why == "unknown"
            stopped = None if why == "unknown" else why
        report.finish(result, why)
        results.append(result)
        counts.append(report.count)
    stopped = stopped or ("unknown" if gave_up else None)
    outcome = RunOutcome(results, stopped, time.monotonic() - started - compiled, counters)
    if args.stats:  # sizes are the last puzzle's; times, calls and counters the whole batch's
        _print_stats(formula, compiled, outcome.elapsed, calls, counters)
    return _status_and_summary(args, outcome, counts)


# ---------------------------------------------------------------- forced


def _forced_one(args, instance, solver: str, deadline: _Deadline) -> int:
    """--forced: the backbone of one puzzle, or what was proven of it when cut short."""
    module = _module(instance)
    started = time.monotonic()
    with _compiling(args, instance, deadline.remaining()):
        formula = module.encode(instance)
    compiled = time.monotonic() - started
    result = backbone(formula, solver, deadline.remaining())
    forced = {formula.names[v]: v in result.forced_true
              for v in sorted(result.forced_true | result.forced_false)}
    # nothing proven: with no solution there are no cells to describe
    lines = module.forced_text(instance, forced) if result.solution_found else []
    if args.format == "json":
        print(json.dumps(_forced_json(instance, formula, result, forced, lines)), flush=True)
    else:
        print("\n".join([_forced_headline(result), *lines]), flush=True)
    if args.stats:
        _print_stats(formula, compiled, result.elapsed, result.calls, result.stats)
    if result.status in ("timeout", "interrupted"):
        what = "interrupted" if result.status == "interrupted" else "timeout"
        detail = (f"{len(result.undecided)} of {len(result.live)} variables undecided"
                  if result.solution_found else "before a first solution")
        print(f"satpuzzle: {what} after {result.elapsed:.2f} s: backbone incomplete, "
              f"{detail}", file=sys.stderr)
        return EXIT_GAVE_UP
    if result.status == "none":
        print("satpuzzle: no solution, so nothing is forced", file=sys.stderr)
        return EXIT_NONE
    return EXIT_FOUND


def _forced_headline(result: Backbone) -> str:
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


def _forced_json(instance, formula: Formula, result: Backbone, forced: dict,
                 lines: list[str]) -> dict[str, Any]:
    status = ("UNSAT" if result.status == "none" else
              "SAT" if result.solution_found else "UNKNOWN")
    return {"kind": instance.KIND, "status": status, "complete": result.complete,
            "variables": len(result.live), "solver_calls": result.calls,
            "unique": result.complete and result.solution_found and not result.free,
            "forced": [{"name": list(name), "value": value} for name, value in forced.items()],
            "free": [list(formula.names[v]) for v in sorted(result.free)],
            "undecided": [list(formula.names[v]) for v in sorted(result.undecided)],
            "text": lines}


# ---------------------------------------------------------------- decode and check


def cmd_decode(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    if text.startswith("c satpuzzle DIMACS CNF"):
        header = read_header(text, args.file)
        instance = _single(load_text(header.source, args.file))
        names, clauses = header.names, _dimacs_clauses(text, args.file)
    else:
        instance = _single(_load(args))
        formula: Formula = registry.kind_of(instance).encode_standalone(instance)
        names, clauses = formula.names, list(formula.all_clauses())
    model = read_model(read_text(args.model), args.model)
    if model.status != "SAT":
        print(f"satpuzzle: the model file says {model.status}", file=sys.stderr)
        return EXIT_NONE if model.status == "UNSAT" else EXIT_GAVE_UP
    for number, clause in enumerate(clauses, 1):
        if not any((lit > 0) == (abs(lit) in model.true_vars) for lit in clause):
            raise InputError(f"the model falsifies clause {number} of the CNF: it is not a "
                             "model of this puzzle's encoding", args.model)
    module = _module(instance)
    solution = module.decode(instance, [names[v] for v in model.true_vars if v in names])
    problems = registry.kind(instance.KIND).checker.check(instance, solution)
    if problems:
        raise InternalError("the decoded solution failed the rule check: " + "; ".join(problems))
    if args.format == "json":
        print(json.dumps({"kind": instance.KIND, "status": "SAT", "count": 1, "complete": False,
                          "solutions": [module.render_json(instance, solution)]}))
    else:
        print(_picture(args, instance, solution) or module.render_text(instance, solution))
    return EXIT_FOUND


def _picture(args: argparse.Namespace, instance: Any, solution: Any) -> str | None:
    """decode --format svg or --pretty: the solution drawn; None for plain text."""
    if args.pretty and args.format != "text":
        raise InputError(f"--pretty draws text; it does not apply to --format {args.format}")
    if args.format == "svg":
        from satpuzzle.pictures import render_svg

        return render_svg(instance, [solution]).rstrip("\n")
    if args.pretty:
        from satpuzzle.pictures import render_pretty

        return render_pretty(instance, solution)
    return None


def _dimacs_clauses(text: str, path: str) -> list[list[int]]:
    clauses, current = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line or line[0] in "cp%":
            continue
        try:
            for literal in map(int, line.split()):
                if literal == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(literal)
        except ValueError:
            raise InputError("expected integer literals", path, number, 1) from None
    return clauses


GENERATORS = tuple(name for name, kind in registry.KINDS.items() if kind.can_generate)


def cmd_generate(args: argparse.Namespace) -> int:
    match = re.fullmatch(r"([0-9]{1,12})[xX×]([0-9]{1,12})", args.size)
    if not match:
        raise InputError(f"--size: expected rows x columns like 10x10, found {args.size!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    module = registry.kind(args.kind)
    # in a child process: a timeout or Ctrl-C stops it even inside a long solver call
    with Progress("puzzles", total=1):
        how, text = run_in_child(
            lambda _send: module.to_puz(_generated(args, module, rows, cols)),
            _Deadline(args.timeout).remaining())
    if how != "done":
        what = ("interrupted" if how == "interrupt" else
                f"timeout after {time.monotonic() - _STARTED[0]:.2f} s")
        print(f"satpuzzle: {what} while generating a {rows}x{cols} {args.kind} puzzle "
              f"(seed {args.seed}): nothing written", file=sys.stderr)
        return EXIT_GAVE_UP
    if args.output == "-":
        sys.stdout.write(text)
    else:
        write_atomic(args.output, text)
    return EXIT_FOUND


def _generated(args: argparse.Namespace, module, rows: int, cols: int) -> Any:
    return module.generate(rows, cols, args.seed, args.unique, vars(args))

def _source_instances(reduction, paths: Sequence[str], kind: str | None,
                      index: int | None = None) -> list[tuple[str, Any]]:
    """The instances of the given files, each of the reduction's source kind."""
    kind = kind or (reduction.SOURCE_KIND if reduction.SOURCE_KIND != "jigsaw" else None)
    found = []
    for path in paths:
        instances = load(path, kind, {}).instances
        if index is not None:
            if index > len(instances):
                raise InputError(f"--index {index}: the file holds {len(instances)} "
                                 "puzzle(s)", path)
            instances = [instances[index - 1]]
        for number, instance in enumerate(instances, 1):
            if instance.KIND != reduction.SOURCE_KIND:
                raise InputError(f"{reduction.NAME} reduces {reduction.SOURCE_KIND} instances; "
                                 f"puzzle {number} is a {instance.KIND}", path)
            accepts = getattr(reduction, "accepts", None)
            refusal = accepts(instance) if accepts else None
            if refusal:
                raise InputError(f"puzzle {number}: {refusal}", path)
            label = path if len(instances) == 1 else f"{path} #{number}"
            found.append((label, instance))
    return found


def cmd_reduce(args: argparse.Namespace) -> int:
    reduction = reductions.reduction(args.reduction)
    sources = _source_instances(reduction, [args.file], args.kind, args.index)
    if len(sources) != 1:
        raise InputError(f"the file holds {len(sources)} puzzles; choose one with --index K",
                         args.file)
    label, source = sources[0]
    target = reduction.reduce(source)
    text = (f"# {reduction.NAME} reduction of {label}\n"
            + registry.kind(target.KIND).to_puz(target))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        write_atomic(args.output, text)
    return EXIT_FOUND


def cmd_verify(args: argparse.Namespace) -> int:
    from satpuzzle.verify import random_sources, verify_all

    reduction = reductions.reduction(args.reduction)
    if bool(args.random) == bool(args.files):
        raise InputError("verify: give either --random N or source FILEs")
    sources = (random_sources(reduction, args.random, args.seed, args.size) if args.random
               else _source_instances(reduction, args.files, args.kind))
    count = args.random or len(sources)
    tally = {"total": 0, "satisfiable": 0, "mismatches": 0}

    def work(send: Callable[[object], None]) -> None:
        # in a child process, so that --timeout and Ctrl-C stop it even inside a solver call
        for report in verify_all(reduction, sources, args.cap, args.solver):
            lines = []
            if report.mismatch or args.verbose:
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    _print_verify_report(report)
                lines = out.getvalue().splitlines()
            send((report.source_satisfiable, report.mismatch, lines))

    with Progress("instances", total=count) as progress:
        def on_report(event: Any) -> None:
            satisfiable, mismatch, lines = event
            tally["total"] += 1
            tally["satisfiable"] += satisfiable
            tally["mismatches"] += mismatch
            progress.advance()
            progress.note = f"{tally['mismatches']} mismatches"
            with progress.paused():
                for line in lines:
                    print(line, flush=True)

        how, _ = run_in_child(work, _Deadline(args.timeout).remaining(), on_report)
    print(f"{tally['total']} instances, {tally['satisfiable']} satisfiable, "
          f"{tally['mismatches']} mismatches")
    if how != "done":
        what = ("interrupted" if how == "interrupt" else
                f"timeout after {time.monotonic() - _STARTED[0]:.2f} s")
        print(f"satpuzzle: {what} while verifying: {tally['total']} of {count} instances "
              "checked", file=sys.stderr)
        return EXIT_GAVE_UP
    return EXIT_NONE if tally["mismatches"] else EXIT_FOUND


def _print_verify_report(report) -> None:
    verdict = "MISMATCH" if report.mismatch else "ok"
    print(f"{report.label}: {verdict}, source "
          f"{'sat' if report.source_satisfiable else 'unsat'}, jigsaw "
          f"{'sat' if report.target_satisfiable else 'unsat'} ({report.pieces} pieces, "
          f"{report.target_solutions_checked} solutions mapped back)", flush=True)
    for problem in report.problems:
        print(f"  {problem}")


def cmd_check(args: argparse.Namespace) -> int:
    instance = _single(_load(args))
    module = _module(instance)
    text = read_text(args.solution)
    if text.lstrip().startswith("{"):
        solutions = _json_solutions(module, instance, text, args.solution)
    else:
        solutions = module.parse_solutions(instance, text, args.solution)
    checker = registry.kind(instance.KIND).checker
    broken = 0
    for number, solution in enumerate(solutions, 1):
        problems = checker.check(instance, solution)
        broken += bool(problems)
        verdict = "valid" if not problems else "INVALID: " + "; ".join(problems)
        print(f"solution {number}: {verdict}")
    return EXIT_NONE if broken else EXIT_FOUND


def _json_solutions(module, instance, text: str, path: str) -> list[Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    if not isinstance(data, dict) or not isinstance(data.get("solutions"), list):
        raise InputError('expected a JSON object with a "solutions" list', path, 1, 1)
    return [module.solution_from_json(instance, item, path) for item in data["solutions"]]


# ---------------------------------------------------------------- import and export


def cmd_import(args: argparse.Namespace) -> int:
    source, path = args.source, args.source
    if not formats.inline_format(source):
        source = read_text(path)
    instances = formats.read(args.format, source, path)
    _write_output(args.output, "\n".join(formats.write("puz", i) for i in instances))
    return EXIT_FOUND


def cmd_export(args: argparse.Namespace) -> int:
    loaded = _load(args)
    try:
        texts = [formats.write(args.format, loaded.instances[0])]  # can it hold this kind?
        if len(loaded.instances) > 1 and args.format not in formats.MULTI:
            raise InputError(f"the file holds {len(loaded.instances)} puzzles and the "
                             f"{args.format} format holds one; choose one with --index K")
        texts += [formats.write(args.format, instance) for instance in loaded.instances[1:]]
    except InputError as exc:
        raise exc.at(loaded.path) from None
    if args.format == "json" and len(texts) > 1:
        text = "[\n" + ",\n".join(t.rstrip("\n") for t in texts) + "\n]\n"
    elif args.format == "puz":
        text = "\n".join(texts)
    else:
        text = "".join(t if t.endswith("\n") else t + "\n" for t in texts)
    _write_output(args.output, text)
    return EXIT_FOUND


def _write_output(output: str, text: str) -> None:
    if output == "-":
        sys.stdout.write(text)
    else:
        write_atomic(output, text)


# ---------------------------------------------------------------- entry point


class _Signals:
    """SIGINT and SIGTERM become KeyboardInterrupt, but never in the middle of printing a
    solution: inside `atomic()` the interrupt waits until the solution is out and counted."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending = False

    def handle(self, _signum: int, _frame: Any) -> None:
        if self.depth:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
        if not self.depth and self.pending:
            self.pending = False
            raise KeyboardInterrupt


SIGNALS = _Signals()


def _process_age() -> float:
    """Seconds since this process started (interpreter start-up and imports included), so
    that --timeout bounds the whole command as the user sees it; 0 where unknown."""
    try:
        with open("/proc/self/stat") as handle:
            start_ticks = int(handle.read().rsplit(")", 1)[1].split()[19])
        now = time.clock_gettime(time.CLOCK_BOOTTIME)
        return max(0.0, now - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def main(argv: Sequence[str] | None = None) -> int:
    # a command-line run counts from the process start; a call from Python from now
    _STARTED[0] = time.monotonic() - (_process_age() if argv is None else 0.0)
    signal.signal(signal.SIGTERM, SIGNALS.handle)
    signal.signal(signal.SIGINT, SIGNALS.handle)
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except InputError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("satpuzzle: interrupted", file=sys.stderr)
        return EXIT_GAVE_UP
    except StageTimeout as exc:
        print(f"satpuzzle: {exc}", file=sys.stderr)
        if argv is None:  # the command line: leave now, not after freeing millions of clauses
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(EXIT_GAVE_UP)
        return EXIT_GAVE_UP
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`): nothing more to say
        return EXIT_FOUND
    except (InternalError, SolverCrash) as exc:
        print(f"satpuzzle: internal error: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
