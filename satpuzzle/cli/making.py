"""The subcommands that make puzzles: generate (random puzzles), reduce (a source instance
compiled into a jigsaw) and verify (a reduction checked on many source instances). Each
parses, calls the library (satpuzzle.runs, satpuzzle.verify), prints."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from satpuzzle.cli import common
from satpuzzle.cli.common import EXIT_FOUND, EXIT_GAVE_UP, InputError, positive
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext

# Each command imports what it uses when it runs: building its parser needs none of these
reductions = Lazy("satpuzzle.reductions")
solving = Lazy("satpuzzle.solving")
verify = Lazy("satpuzzle.verify")
Progress = Lazy("satpuzzle.progress", "Progress")
runs = Lazy("satpuzzle.runs")
reports = Lazy("satpuzzle.reports")

def add_generate_parser(generate: argparse.ArgumentParser) -> None:
    generate.description = ("Random puzzles as the seed documents make them; --unique uses the "
                            "solver until the printed puzzle has exactly one solution.")
    generate.add_argument("kind", choices=[name for name, kind in registry.KINDS.items()
                                                   if kind.can_generate], help="puzzle kind")
    generate.add_argument("--size", default=None, metavar="RxC",
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
    verify.add_argument("--verbose", "-v", action="store_true",
                        help="one line per instance, not only mismatches")
    verify.set_defaults(handler=cmd_verify)


def cmd_generate(args: argparse.Namespace, run: RunContext) -> int:
    kind = registry.kind(args.kind)
    if args.size is None:
        rows, cols = kind.generate_size
    else:
        match = re.fullmatch(r"([0-9]{1,12})(?:[xX×]([0-9]{1,12}))?", args.size)
        if not match:
            raise InputError(f"--size: expected rows x columns like 10x10, found {args.size!r}")
        rows = int(match.group(1))
        cols = int(match.group(2) or rows)
    options = {option.dest: getattr(args, option.dest) for option in kind.generate_options}
    chosen = common.encodings_of(args)  # written into each puzzle as `encoding:`, checked first
    kind.check_encodings(chosen)
    spec = (args.kind, rows, cols, args.unique, options)
    # no clause budget of its own: the process's (main()) bounds what generating builds
    request = run.request(encodings=chosen, max_clauses=None)
    if args.count > 1 or args.cluster:
        return _generate_many(args, run, spec, request)
    with Progress("puzzles", total=1):
        how, text = runs.generate_one(spec, args.seed, request, run.remaining())
    if how != "done":
        print(f"satpuzzle: {gave_up(how, run)} while generating a {rows}x{cols} {args.kind} "
              f"puzzle (seed {args.seed}): nothing written", file=sys.stderr)
        return EXIT_GAVE_UP
    common.write_output(args, run, text)
    return EXIT_FOUND


def _generate_many(args: argparse.Namespace, run: RunContext, spec: tuple,
                   request: Any) -> int:
    """generate --count N (or --cluster): puzzle K from seed SEED+K-1, made by --jobs worker
    processes or on the cluster, written in seed order; cut short, those made so far."""
    seeds = range(args.seed, args.seed + args.count)
    with Progress("puzzles", total=args.count) as progress:
        made = runs.generate_many(spec, seeds, request, getattr(args, "jobs", 1), args.cluster,
                                  run.remaining(), progress.advance)
    texts, how = made.items, made.how
    parts, left_out = reports.generated(seeds, texts)
    stopped = None if how == "done" else how
    # cut short: standard output gets the puzzles made, -o FILE nothing (write_output)
    written = bool(parts) and common.write_output(args, run, "\n".join(parts), stopped=stopped)
    if stopped is None:
        if left_out:
            print(f"satpuzzle: {left_out}", file=sys.stderr)
        return EXIT_FOUND
    what = reports.generate_cut_short(len(texts), args.count, written, left_out,
                                      reports.untouched(args.output))
    print(f"satpuzzle: {gave_up(how, run)} while generating {args.kind} puzzles: {what}",
          file=sys.stderr)
    return EXIT_GAVE_UP


def cmd_reduce(args: argparse.Namespace, run: RunContext) -> int:
    text = runs.reduced(reductions.reduction(args.reduction), args.file, args.kind, args.index)
    common.write_output(args, run, text, (args.file,))
    return EXIT_FOUND


def cmd_verify(args: argparse.Namespace, run: RunContext) -> int:
    reduction = reductions.reduction(args.reduction)
    if bool(args.random) == bool(args.files):
        raise InputError("verify: give either --random N or source FILEs")
    sources: Iterable[tuple[str, Any]]
    if args.random:
        sources, count = verify.random_sources(reduction, args.random, args.seed,
                                               args.size), args.random
    else:
        files = verify.source_instances(reduction, args.files, args.kind)
        sources, count = files, len(files)
    tally = reports.VerifyTally()
    with Progress("instances", total=count) as progress:
        def on_report(report: Any) -> None:
            lines = tally.add(report, args.verbose)
            progress.advance()
            progress.note = f"{tally.mismatches} mismatches"
            if lines:
                with progress.paused():
                    print("\n".join(lines), flush=True)

        job = runs.Verifying(reduction, args.cap, args.solver,
                             (args.random, args.seed, args.size) if args.random else None)
        request = run.request(encodings=common.encodings_of(args), max_clauses=None)
        how = runs.verify_many(job, sources, request, args.cluster, on_report)
    last, cut_short, status = tally.closing(how, count, run.elapsed())
    print(last)
    if cut_short:
        print(cut_short, file=sys.stderr)
    return status


def gave_up(how: str, run: RunContext) -> str:
    return str(reports.gave_up(how, run.elapsed()))
