"""The subcommands that make puzzles: generate (random puzzles), reduce (a source instance
compiled into a jigsaw) and verify (a reduction checked on many source instances). Each
parses, calls the library (satpuzzle.runs, satpuzzle.verify), prints."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from satpuzzle.cli import common
from satpuzzle.cli.common import EXIT_FOUND, InputError, positive
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext
    from satpuzzle.verify import InstanceReport

# Each command imports what it uses when it runs: building its parser needs none of these
reductions = Lazy("satpuzzle.reductions")
solving = Lazy("satpuzzle.solving")
verify = Lazy("satpuzzle.verify")
Progress = Lazy("satpuzzle.progress", "Progress")
runs = Lazy("satpuzzle.runs")
generating = Lazy("satpuzzle.generating")
reports = Lazy("satpuzzle.reports")

def add_generate_parser(generate: argparse.ArgumentParser) -> None:
    generate.description = ("Random puzzles as the seed documents make them; --unique uses the "
                            "solver until the printed puzzle has exactly one solution.")
    generate.add_argument("kind", choices=tuple(registry.GENERATORS), help="puzzle kind")
    generate.add_argument("--size", metavar="RxC",
                          help="rows x columns, or N for N×N (default 10x10; sudoku 9)")
    generate.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    generate.add_argument("--unique", action="store_true",
                          help="make the puzzle have exactly one solution")
    generate.add_argument("--count", type=positive, default=1, metavar="N",
                          help="N puzzles, from seeds SEED to SEED+N-1, in that order, each "
                               "under a '# puzzle K (seed S)' line; a puzzle equal to an "
                               "earlier one is left out (default 1: one puzzle, no header)")
    common.work_options(generate, "puzzles")
    seen: set[str] = set()
    for kind in registry.KINDS.values():
        kind.add_arguments(generate, kind.generate_options, seen)
    common.output_options(generate)
    common.certify_options(generate)
    common.budget_option(generate, "give up after this long; exit 3: the puzzles made so far are "
                            "printed on standard output, an -o FILE is left untouched")
    generate.set_defaults(handler=cmd_generate)


def add_reduce_parser(reduce: argparse.ArgumentParser) -> None:
    names = tuple(reductions.REDUCTIONS)
    reduce.description = ("Reductions of the jigsaw paper (docs/REDUCTIONS.md): "
                          + ", ".join(names) + ".")
    reduce.add_argument("reduction", metavar="NAME", choices=names)
    reduce.add_argument("file", metavar="INPUT", help="the source instance (.puz or native)")
    common.source_options(reduce, "INPUT")
    common.output_options(reduce)
    common.budget_option(reduce, compiles=False)
    reduce.set_defaults(handler=cmd_reduce, stage="reducing")


def add_verify_parser(verify: argparse.ArgumentParser) -> None:
    verify.description = ("Each source instance is solved directly and through the reduction: "
                          "equal satisfiability, every jigsaw solution found mapped back and "
                          "checked, a source solution mapped forward and checked. Exit 1 on any "
                          "mismatch.")
    verify.add_argument("reduction", metavar="NAME", choices=tuple(reductions.REDUCTIONS))
    verify.add_argument("files", metavar="FILE", nargs="*", help="source instances")
    verify.add_argument("--random", type=positive, metavar="N",
                        help="verify on N random source instances instead of files")
    verify.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    verify.add_argument("--size", type=positive, default=4, metavar="K",
                        help="scale of random instances (numbers or variables; default 4)")
    verify.add_argument("--kind", choices=registry.NAMES,
                        help="read FILEs in this kind's native format")
    verify.add_argument("--cap", type=positive, default=5, metavar="K",
                        help="jigsaw solutions mapped back per instance (default 5)")
    verify.add_argument("--solver", default=solving.DEFAULT_SOLVER, metavar="NAME")
    common.work_options(verify, "source instances", jobs=False)
    common.reading_options(verify)
    common.budget_option(verify, "stop after this long; exit 3 with the counts so far")
    verify.add_argument("--certify", action="store_true",
                        help="prove each unsatisfiable side's \"no solution\" (LRAT, checked)")
    verify.add_argument("--verbose", "-v", action="store_true",
                        help="one line per instance, not only mismatches")
    verify.set_defaults(handler=cmd_verify)


def cmd_generate(args: argparse.Namespace, run: RunContext) -> int:
    kind, preset = registry.GENERATORS[args.kind]
    rows, cols = common.rows_cols(args.size) if args.size else kind.generate_size
    certifying = common.certifying_of(args, f"{kind.name}-seed{args.seed}")
    if certifying is not None and not args.unique:
        raise InputError("--certify proves the claim of --unique: give --unique too")
    options = {option.dest: getattr(args, option.dest) for option in kind.generate_options}
    options.update({name: value for name, value in preset.items() if not options.get(name)})
    chosen = common.encodings_of(args)  # written into each puzzle as `encoding:`, checked first
    kind.check_encodings(chosen)
    job = generating.Generation((kind.name, rows, cols, args.unique, options),
                                range(args.seed, args.seed + args.count), args.jobs,
                                args.cluster, certifying, args.output)
    # no clause budget of its own: the process's (main()) bounds what generating builds
    request = run.request(encodings=chosen, max_clauses=None)
    with Progress("puzzles", total=args.count) as progress:
        made = generating.generate(job, request, run.elapsed, progress.advance)
    if made.text is not None:
        common.write_output(args, run, made.text, stopped=made.stopped)
    for note in made.notes:
        print(note, file=sys.stderr)
    return made.status


def cmd_reduce(args: argparse.Namespace, run: RunContext) -> int:
    text = runs.reduced(reductions.reduction(args.reduction), args.file, args.kind, args.index)
    common.write_output(args, run, text, (args.file,))
    return EXIT_FOUND


def cmd_verify(args: argparse.Namespace, run: RunContext) -> int:
    job = runs.Verifying(reductions.reduction(args.reduction), args.cap, args.solver,
                         (args.random, args.seed, args.size) if args.random else None,
                         args.certify)
    sources, count = job.sources(args.files, args.kind)
    tally = reports.VerifyTally()
    with Progress("instances", total=count) as progress:
        def on_report(report: InstanceReport) -> None:
            lines = tally.add(report, args.verbose)
            progress.advance()
            progress.note = f"{tally.mismatches} mismatches"
            if lines:
                with progress.paused():
                    print("\n".join(lines), flush=True)

        request = run.request(encodings=common.encodings_of(args), max_clauses=None)
        how = runs.verify_many(job, sources, request, args.cluster, on_report)
    last, cut_short, status = tally.closing(how, count, run.elapsed(), args.certify)
    print(last)
    if cut_short:
        print(cut_short, file=sys.stderr)
    return status
