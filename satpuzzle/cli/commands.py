"""The subcommands other than `solve`: compile, decode, generate, reduce, verify, check,
import and export. Each parses, calls the library, prints."""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_NONE,
    STARTED,
    InternalError,
    cluster_address,
    deadline,
    encodings_of,
    gave_up,
    load_args,
    output_options,
    positive,
    reading_options,
    remaining,
    single,
    untouched,
    write_output,
)
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.pipeline import Request

# Each command imports what it uses when it runs: building its parser needs none of these
cluster = Lazy("satpuzzle.cluster")
dimacs = Lazy("satpuzzle.dimacs")
formats = Lazy("satpuzzle.formats")
pipeline = Lazy("satpuzzle.pipeline")
reductions = Lazy("satpuzzle.reductions")
solving = Lazy("satpuzzle.solving")
load = Lazy("satpuzzle.loading", "load")
load_text = Lazy("satpuzzle.loading", "load_text")
Progress = Lazy("satpuzzle.progress", "Progress")
run_in_child = Lazy("satpuzzle.stages", "run_in_child")
run_children = Lazy("satpuzzle.children", "run_children")
printable = Lazy("satpuzzle.textio", "printable")
read_text = Lazy("satpuzzle.textio", "read_text")
read_input = Lazy("satpuzzle.textio", "read_input")

# adds options to a parser; budget_option also takes the --timeout help and `compiles`
Builder = Callable[..., None]


# ---------------------------------------------------------------- the parsers
# One builder per command, listed in satpuzzle.cli.COMMANDS with the command's help line;
# `subcommands.add_parser(NAME)` gives the command's parser (see satpuzzle.cli._Filling).


def add_compile_parser(subcommands: Any, input_options: Builder,
                       budget_option: Builder) -> None:
    compile_ = subcommands.add_parser("compile")
    input_options(compile_)
    output_options(compile_)
    budget_option(compile_)
    compile_.add_argument("--explain", action="store_true",
                          help="print, per family of constraints, the constraints, clauses, "
                               "auxiliary variables, literals and encoding, with an example "
                               "clause (the CNF goes to -o FILE if given)")
    compile_.add_argument("--format", choices=("text", "json"), default="text",
                          help="with --explain: json gives the same table to tools")
    compile_.set_defaults(handler=cmd_compile)


def add_decode_parser(subcommands: Any, input_options: Builder,
                      budget_option: Builder) -> None:
    decode = subcommands.add_parser(
        "decode",
        description="FILE is the puzzle, or the CNF written by `satpuzzle compile` (its header "
                    "carries the puzzle and the variable map); MODEL is a DIMACS solver's output.")
    input_options(decode)
    decode.add_argument("model", metavar="MODEL")
    decode.add_argument("--format", choices=("text", "json", "svg"), default="text")
    decode.add_argument("--pretty", action="store_true",
                        help="text: draw the solution with Unicode box-drawing characters")
    budget_option(decode)
    decode.set_defaults(handler=cmd_decode, stage="decoding")


def add_generate_parser(subcommands: Any, input_options: Builder,
                        budget_option: Builder) -> None:
    generate = subcommands.add_parser(
        "generate",
        description="Random puzzles as the seed documents make them; --unique uses the solver "
                    "until the printed puzzle has exactly one solution.")
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
    work_options(generate, "puzzles")
    seen: set[str] = set()
    for kind in registry.KINDS.values():
        kind.add_arguments(generate, kind.generate_options, seen)
    output_options(generate)
    budget_option(generate, "give up after this long; exit 3: the puzzles made so far are "
                            "printed on standard output, an -o FILE is left untouched")
    generate.set_defaults(handler=cmd_generate)


def add_reduce_parser(subcommands: Any, input_options: Builder,
                      budget_option: Builder) -> None:
    names = tuple(reductions.REDUCTIONS)
    reduce = subcommands.add_parser(
        "reduce",
        description="Reductions of the jigsaw paper (docs/REDUCTIONS.md): " + ", ".join(
            names) + ".")
    reduce.add_argument("reduction", metavar="NAME", choices=names)
    reduce.add_argument("file", metavar="INPUT", help="the source instance (.puz or native)")
    reduce.add_argument("--kind", choices=registry.NAMES,
                        help="read INPUT in this kind's native format")
    reduce.add_argument("--index", type=positive, metavar="K",
                        help="the K-th puzzle of a file that holds several")
    reading_options(reduce)
    output_options(reduce)
    budget_option(reduce, compiles=False)
    reduce.set_defaults(handler=cmd_reduce, stage="reducing")


def add_verify_parser(subcommands: Any, input_options: Builder,
                      budget_option: Builder) -> None:
    verify = subcommands.add_parser(
        "verify",
        description="Each source instance is solved directly and through the reduction: equal "
                    "satisfiability, every jigsaw solution found mapped back and checked, a "
                    "source solution mapped forward and checked. Exit 1 on any mismatch.")
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
    work_options(verify, "source instances", jobs=False)
    reading_options(verify)
    budget_option(verify, "stop after this long; exit 3 with the counts so far")
    verify.add_argument("--verbose", "-v", action="store_true",
                        help="one line per instance, not only mismatches")
    verify.set_defaults(handler=cmd_verify)


def add_check_parser(subcommands: Any, input_options: Builder,
                     budget_option: Builder) -> None:
    check = subcommands.add_parser("check")
    input_options(check)
    check.add_argument("solution", metavar="SOLUTION",
                       help="solutions as printed by solve (text or JSON)")
    budget_option(check, compiles=False)
    check.set_defaults(handler=cmd_check, stage="checking")


def add_import_parser(subcommands: Any, input_options: Builder,
                      budget_option: Builder) -> None:
    readable = _readable_formats()
    import_ = subcommands.add_parser(
        "import",
        description="FORMAT is one of: " + ", ".join(readable) + ". SOURCE is a file, or "
                    "for sgt and url the game ID or URL itself (e.g. 'sgt:rect:7x7:...', "
                    "'https://puzz.link/p?hashi/...'). docs/FORMATS.md describes each.")
    import_.add_argument("format", metavar="FORMAT", choices=readable)
    import_.add_argument("source", metavar="SOURCE")
    reading_options(import_)
    output_options(import_)
    budget_option(import_, compiles=False)
    import_.set_defaults(handler=cmd_import, stage="importing")


def add_export_parser(subcommands: Any, input_options: Builder,
                      budget_option: Builder) -> None:
    export = subcommands.add_parser(
        "export",
        description="Formats: " + ", ".join(formats.FORMATS) + ". Importing what export "
                    "writes gives the same puzzle back (titles and solver options apart, "
                    "where a format has no room for them).")
    input_options(export)
    export.add_argument("--format", required=True, choices=tuple(formats.FORMATS))
    output_options(export)
    budget_option(export, compiles=False)
    export.set_defaults(handler=cmd_export, stage="exporting")


def work_options(parser: argparse.ArgumentParser, what: str, jobs: bool = True) -> None:
    """--jobs N and --cluster ADDRESS: where the work of many items runs."""
    if jobs:
        parser.add_argument("--jobs", type=positive, default=1, metavar="N",
                            help=f"worker processes sharing the {what} (default 1)")
    parser.add_argument("--cluster", metavar="ADDRESS", type=cluster_address,
                        help=f"share the {what} out on a Dask cluster instead: its scheduler's "
                             "address (tcp://host:8786), or local:N for N worker processes on "
                             "this machine; needs the cluster extra (see docs/CLUSTER.md)")


def _readable_formats() -> tuple[str, ...]:
    return tuple(name for name in formats.FORMATS if name != "svg")  # pictures: write only


# ---------------------------------------------------------------- the commands


def cmd_compile(args: argparse.Namespace) -> int:
    instance = single(load_args(args))
    request = _request(args)
    compiled = pipeline.compile(instance, request, standalone=True)
    formula = compiled.formula
    with pipeline.compiling(request):
        text = formula.to_dimacs(source=compiled.kind.to_puz(compiled.instance))
    if args.explain:
        return _explain(args, formula, text)
    write_output(args, text, (args.file,))
    if args.output != "-":
        print(f"{args.output}: {formula.num_vars} variables ({len(formula.names)} puzzle), "
              f"{formula.num_clauses} clauses", file=sys.stderr)
    return EXIT_FOUND


def _explain(args: argparse.Namespace, formula: Any, text: str) -> int:
    """compile --explain: the families' table on stdout, the CNF to -o FILE if given."""
    from satpuzzle.constraints import report

    rows = formula.explanation()
    if args.output != "-":
        write_output(args, text, (args.file,))
    # the examples hold ∨ and ¬: a terminal that cannot show them (LC_ALL=C) gets escapes
    utf8 = (sys.stdout.encoding or "").lower().replace("-", "") == "utf8"
    if args.format == "json":
        print(json.dumps(report.table_json(rows, formula.names, formula.num_vars,
                                           formula.num_clauses), ensure_ascii=not utf8))
    else:
        reconfigure = getattr(sys.stdout, "reconfigure", None)  # a StringIO has none
        if not utf8 and reconfigure is not None:
            reconfigure(errors="backslashreplace")
        print("\n".join(report.table_lines(rows, formula.names, formula.num_vars,
                                           formula.num_clauses)))
    return EXIT_FOUND


def cmd_decode(args: argparse.Namespace) -> int:
    text = read_text(args.file)
    if dimacs.is_satpuzzle_cnf(text):
        header = dimacs.read_header(text, args.file)
        instance = single(load_text(header.source, args.file))
        names, clauses = _trusted_encoding(instance, header, text, args.file, _request(args))
    else:
        instance = single(load_args(args))
        formula = pipeline.compile(instance, _request(args), standalone=True).formula
        names, clauses = formula.names, list(formula.all_clauses())
    model = dimacs.read_model(read_text(args.model), args.model)
    if model.status != "SAT":
        print(f"satpuzzle: the model file says {model.status}", file=sys.stderr)
        return EXIT_NONE if model.status == "UNSAT" else EXIT_GAVE_UP
    number = dimacs.first_falsified(clauses, model.true_vars)
    if number is not None:
        raise InputError(f"the model falsifies clause {number} of the CNF: it is not a "
                         "model of this puzzle's encoding", args.model)
    module = registry.kind_of(instance)
    solution = module.decode(instance, [names[v] for v in model.true_vars if v in names])
    problems = module.prepare_check(instance)(solution)
    if problems:
        raise InternalError("the decoded solution failed the rule check: " + "; ".join(problems))
    if args.format == "json":
        print(json.dumps({"kind": instance.KIND, "status": "SAT", "count": 1, "complete": False,
                          "solutions": [module.render_json(instance, solution)]}))
    else:
        print(_picture(args, instance, solution) or module.render_text(instance, solution))
    return EXIT_FOUND


def _request(args: argparse.Namespace) -> Request:
    return pipeline.Request(deadline=deadline(args.timeout), max_clauses=args.max_clauses,
                            started=STARTED[0], encodings=encodings_of(args))


def _trusted_encoding(instance: Any, header: Any, text: str, path: str,
                      request: Request) -> tuple[dict[int, Any], list[list[int]]]:
    """The variable map and clauses a compiled CNF must hold: its puzzle encoded again. A CNF
    whose header map or clauses differ was edited since `compile`: bad input, not a model to
    decode (a tampered map would decode into nonsense, tampered clauses into a wrong answer)."""
    if header.kind != instance.KIND:
        raise InputError(f"the header says {printable(header.kind)!r} but its puzzle is a "
                         f"{instance.KIND}: the file was edited after `satpuzzle compile`", path)
    formula = pipeline.compile(instance, request, standalone=True).formula
    clauses = dimacs.read_cnf(text, path).clauses
    if dict(header.names) != formula.names:
        raise InputError("the variable map in the header is not this puzzle's: the file was "
                         "edited after `satpuzzle compile` (compile the puzzle again)", path)
    if [list(c) for c in clauses] != [list(c) for c in formula.all_clauses()]:
        raise InputError("the clauses are not this puzzle's encoding: the file was edited "
                         "after `satpuzzle compile` (compile the puzzle again)", path)
    return formula.names, clauses


def _picture(args: argparse.Namespace, instance: Any, solution: Any) -> str | None:
    """decode --format svg or --pretty: the solution drawn; None for plain text."""
    if args.pretty and args.format != "text":
        raise InputError(f"--pretty draws text; it does not apply to --format {args.format}")
    if args.format == "svg":
        from satpuzzle.pictures import render_svg

        return render_svg(instance, [solution]).rstrip("\n")
    if args.pretty:
        return registry.kind_of(instance).pretty(instance, solution)
    return None


def cmd_generate(args: argparse.Namespace) -> int:
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
    chosen = encodings_of(args)  # written into each puzzle as `encoding:`, checked first
    kind.check_encodings(chosen)
    if args.count > 1 or args.cluster:
        return _generate_many(args, (args.kind, rows, cols, args.unique, options))
    # in a child process: a timeout or Ctrl-C stops it even inside a long solver call
    with Progress("puzzles", total=1):
        how, text = run_in_child(
            lambda _send: kind.to_puz(kind.with_encodings(
                kind.generate(rows, cols, args.seed, args.unique, options), chosen)),
            remaining(args.timeout))
    if how != "done":
        print(f"satpuzzle: {gave_up(how)} while generating a {rows}x{cols} {args.kind} puzzle "
              f"(seed {args.seed}): nothing written", file=sys.stderr)
        return EXIT_GAVE_UP
    write_output(args, text)
    return EXIT_FOUND


def _generate_many(args: argparse.Namespace, spec: tuple) -> int:
    """generate --count N (or --cluster): puzzle K from seed SEED+K-1, made by --jobs worker
    processes or on the cluster, written in seed order; cut short, those made so far."""
    seeds = range(args.seed, args.seed + args.count)
    request = pipeline.Request(deadline=deadline(args.timeout), started=STARTED[0],
                               encodings=encodings_of(args))
    with Progress("puzzles", total=args.count) as progress:
        if args.cluster:
            texts, how = _generated_on_cluster(args, spec, seeds, request, progress)
        else:
            texts, how = _generated_here(args, spec, seeds, request, progress)
    parts: list[str] = []
    seen: set[str] = set()
    for seed, text in zip(seeds, texts):
        if text not in seen:
            seen.add(text)
            parts.append(f"# puzzle {len(parts) + 1} (seed {seed})\n{text}")
    stopped = None if how == "done" else how
    # cut short: standard output gets the puzzles made, -o FILE nothing (write_output)
    written = bool(parts) and write_output(args, "\n".join(parts), stopped=stopped)
    same = len(texts) - len(parts)
    left_out = f"{same} puzzle(s) equal to an earlier one left out" if same else ""
    if stopped is None:
        if left_out:
            print(f"satpuzzle: {left_out}", file=sys.stderr)
        return EXIT_FOUND
    made = f"{len(texts)} of {args.count} seeds' puzzles"
    if written:
        what = f"the first {made} written" + (f"; {left_out}" if left_out else "")
    elif args.output == "-":
        what = f"{made} made, none written"
    else:
        what = f"{made} made, none written: {untouched(args)}"
    print(f"satpuzzle: {gave_up(how)} while generating {args.kind} puzzles: {what}",
          file=sys.stderr)
    return EXIT_GAVE_UP


def _generated_here(args: argparse.Namespace, spec: tuple, seeds: range,
                    request: Any, progress: Any) -> tuple[list[str], str]:
    """The puzzles made by --jobs worker processes (worker k takes seeds k, k+N, ...): the
    run of them in seed order that is complete, and how the run ended."""
    jobs = max(1, min(args.jobs, len(seeds)))
    made: dict[int, str] = {}

    def worker(first: int, send: Callable[[object], None]) -> None:
        for index in range(first, len(seeds), jobs):
            send((index, cluster.generate_work((*spec, [seeds[index]]), request)[0]))

    def on_event(_child: int, payload: Any) -> None:
        made[payload[0]] = payload[1]
        progress.advance()

    run = run_children([functools.partial(worker, first) for first in range(jobs)], on_event,
                       remaining(args.timeout))
    texts: list[str] = []
    while len(texts) in made:
        texts.append(made[len(texts)])
    return texts, run.stopped or "done"


def _generated_on_cluster(args: argparse.Namespace, spec: tuple, seeds: range,
                          request: Any, progress: Any) -> tuple[list[str], str]:
    texts: list[str] = []
    how = "done"
    with cluster.connect(args.cluster, remaining(args.timeout)) as client:
        try:
            for text in cluster.generated(client, spec, seeds, request):
                texts.append(text)
                progress.advance()
        except TimeoutError:
            how = "timeout"
        except KeyboardInterrupt:
            how = "interrupt"
        except cluster.ClusterLost as exc:
            how = exc.stopped
    return texts, how


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
            refusal = reduction.accepts(instance)
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
    write_output(args, text, (args.file,))
    return EXIT_FOUND


def cmd_verify(args: argparse.Namespace) -> int:
    from satpuzzle.verify import random_sources, verify_all

    reduction = reductions.reduction(args.reduction)
    if bool(args.random) == bool(args.files):
        raise InputError("verify: give either --random N or source FILEs")
    sources: Iterable[tuple[str, Any]]
    if args.random:
        sources, count = random_sources(reduction, args.random, args.seed, args.size), args.random
    else:
        files = _source_instances(reduction, args.files, args.kind)
        sources, count = files, len(files)
    chosen = encodings_of(args)
    tally = {"total": 0, "satisfiable": 0, "mismatches": 0}
    if args.cluster:
        return _verify_on_cluster(args, reduction, sources, count, tally)

    def work(send: Callable[[object], None]) -> None:
        # in a child process, so that --timeout and Ctrl-C stop it even inside a solver call
        for report in verify_all(reduction, sources, args.cap, args.solver, chosen):
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

        how, _ = run_in_child(work, remaining(args.timeout), on_report)
    return _verify_summary(tally, how, count)


def _verify_on_cluster(args: argparse.Namespace, reduction: Any, sources: Any, count: int,
                       tally: dict[str, int]) -> int:
    """verify --cluster: the same reports, printed in the same order, as a local run."""
    request = pipeline.Request(deadline=deadline(args.timeout), started=STARTED[0],
                               encodings=encodings_of(args))
    items, spec = ((range(args.random), (args.seed, args.size)) if args.random
                   else (sources, None))
    how = "done"
    with cluster.connect(args.cluster, remaining(args.timeout)) as client, \
            Progress("instances", total=count) as progress:
        try:
            for report in cluster.verify_reports(client, reduction.NAME, items, args.cap,
                                                 args.solver, request, spec):
                tally["total"] += 1
                tally["satisfiable"] += report.source_satisfiable
                tally["mismatches"] += report.mismatch
                progress.advance()
                progress.note = f"{tally['mismatches']} mismatches"
                if report.mismatch or args.verbose:
                    with progress.paused():
                        _print_verify_report(report)
        except TimeoutError:
            how = "timeout"
        except KeyboardInterrupt:
            how = "interrupt"
        except cluster.ClusterLost as exc:
            how = exc.stopped
    return _verify_summary(tally, how, count)


def _verify_summary(tally: dict[str, int], how: str, count: int) -> int:
    """The last line of verify, a note when it was cut short, and its exit status."""
    print(f"{tally['total']} instances, {tally['satisfiable']} satisfiable, "
          f"{tally['mismatches']} mismatches")
    if how != "done":
        print(f"satpuzzle: {gave_up(how)} while verifying: {tally['total']} of {count} instances "
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
    instance = single(load_args(args))
    module = registry.kind_of(instance)
    text = read_text(args.solution)
    if text.lstrip().startswith("{"):
        solutions = _json_solutions(module, instance, text, args.solution)
    else:
        solutions = module.parse_solutions(instance, text, args.solution)
    check = module.prepare_check(instance)
    broken = 0
    for number, solution in enumerate(solutions, 1):
        problems = check(solution)
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
    import os

    from satpuzzle.formats import links

    source, path = args.source, args.source
    # a game ID or URL in place of a file: with its prefix, or shaped as one and no such file
    pasted = links.explicit(source) or (source != "-" and not os.path.lexists(source)
                                        and links.shaped(source))
    if not pasted:
        source = read_input(path)  # text, or the bytes of a binary format (Across Lite)
    instances = formats.read(args.format, source, path)
    write_output(args, "\n".join(formats.write("puz", i) for i in instances), (args.source,))
    return EXIT_FOUND


def cmd_export(args: argparse.Namespace) -> int:
    loaded = load_args(args)
    try:
        texts = [formats.write(args.format, loaded.instances[0])]  # can it hold this kind?
        if len(loaded.instances) > 1 and not formats.holds_many(args.format):
            raise InputError(f"the file holds {len(loaded.instances)} puzzles and the "
                             f"{args.format} format holds one; choose one with --index K")
        texts += [formats.write(args.format, instance) for instance in loaded.instances[1:]]
    except InputError as exc:
        raise exc.at(loaded.path) from None
    if isinstance(texts[0], bytes):  # a binary format (Across Lite) holds one puzzle
        write_output(args, texts[0], (args.file,))
        return EXIT_FOUND
    if args.format == "json" and len(texts) > 1:
        text = "[\n" + ",\n".join(t.rstrip("\n") for t in texts) + "\n]\n"
    elif args.format == "puz":
        text = "\n".join(texts)
    else:
        text = "".join(t if t.endswith("\n") else t + "\n" for t in texts)
    write_output(args, text, (args.file,))
    return EXIT_FOUND


