"""The subcommands that read one puzzle file: compile, decode, check, import and export. Each
parses, calls the library, prints (`solve`: satpuzzle.cli.solving; generate, reduce and
verify: satpuzzle.cli.making)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_NONE,
    budget_option,
    encodings_of,
    input_options,
    load_args,
    output_options,
    reading_options,
    single,
    write_output,
    write_said,
)
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext

# Each command imports what it uses when it runs: building its parser needs none of these
dimacs = Lazy("satpuzzle.dimacs")
formats = Lazy("satpuzzle.formats")
pipeline = Lazy("satpuzzle.pipeline")
load_text = Lazy("satpuzzle.loading", "load_text")
PuzzleAnswer = Lazy("satpuzzle.answers", "PuzzleAnswer")
SolveOutput = Lazy("satpuzzle.reports", "SolveOutput")
reports = Lazy("satpuzzle.reports")
read_text = Lazy("satpuzzle.textio", "read_text")
read_input = Lazy("satpuzzle.textio", "read_input")

# ---------------------------------------------------------------- the parsers
# One builder per command, listed in satpuzzle.cli.COMMANDS with the command's help line.


def add_compile_parser(compile_: argparse.ArgumentParser) -> None:
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


def add_decode_parser(decode: argparse.ArgumentParser) -> None:
    decode.description = ("FILE is the puzzle, or the CNF written by `satpuzzle compile` (its "
                          "header carries the puzzle and the variable map); MODEL is a DIMACS "
                          "solver's output.")
    input_options(decode)
    decode.add_argument("model", metavar="MODEL")
    decode.add_argument("--format", choices=("text", "json", "svg"), default="text")
    decode.add_argument("--pretty", action="store_true",
                        help="text: draw the solution with Unicode box-drawing characters")
    budget_option(decode)
    decode.set_defaults(handler=cmd_decode, stage="decoding")


def add_check_parser(check: argparse.ArgumentParser) -> None:
    input_options(check)
    check.add_argument("solution", metavar="SOLUTION",
                       help="solutions as printed by solve (text or JSON)")
    budget_option(check, compiles=False)
    check.set_defaults(handler=cmd_check, stage="checking")


def add_import_parser(import_: argparse.ArgumentParser) -> None:
    readable = tuple(name for name in formats.FORMATS if name != "svg")  # pictures: write only
    import_.description = ("FORMAT is one of: " + ", ".join(readable) + ". SOURCE is a file, "
                           "or for sgt and url the game ID or URL itself (e.g. "
                           "'sgt:rect:7x7:...', 'https://puzz.link/p?hashi/...'). "
                           "docs/FORMATS.md describes each.")
    import_.add_argument("format", metavar="FORMAT", choices=readable)
    import_.add_argument("source", metavar="SOURCE")
    reading_options(import_)
    output_options(import_)
    budget_option(import_, compiles=False)
    import_.set_defaults(handler=cmd_import, stage="importing")


def add_export_parser(export: argparse.ArgumentParser) -> None:
    export.description = ("Formats: " + ", ".join(formats.FORMATS) + ". Importing what export "
                          "writes gives the same puzzle back (titles and solver options apart, "
                          "where a format has no room for them).")
    input_options(export)
    export.add_argument("--format", required=True, choices=tuple(formats.FORMATS))
    output_options(export)
    budget_option(export, compiles=False)
    export.set_defaults(handler=cmd_export, stage="exporting")


# ---------------------------------------------------------------- the commands


def cmd_compile(args: argparse.Namespace, run: RunContext) -> int:
    instance = single(load_args(args, run))
    request = run.request(encodings=encodings_of(args))
    compiled = pipeline.compile(instance, request, standalone=True)
    formula = compiled.formula
    with pipeline.compiling(request):
        text = formula.to_dimacs(source=compiled.kind.to_puz(compiled.instance))
    if args.explain:
        return _explain(args, run, formula, text)
    write_output(args, run, text, (args.file,))
    if args.output != "-":
        print(f"{args.output}: {formula.num_vars} variables ({len(formula.names)} puzzle), "
              f"{formula.num_clauses} clauses", file=sys.stderr)
    return EXIT_FOUND


def _explain(args: argparse.Namespace, run: RunContext, formula: Any, text: str) -> int:
    """compile --explain: the families' table on stdout, the CNF to -o FILE if given."""
    from satpuzzle.constraints import report

    rows = formula.explanation()
    if args.output != "-":
        write_output(args, run, text, (args.file,))
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


def cmd_decode(args: argparse.Namespace, run: RunContext) -> int:
    text = read_text(args.file)
    request = run.request(encodings=encodings_of(args))
    if dimacs.is_satpuzzle_cnf(text):  # the CNF of `compile`: its header holds the puzzle
        header = dimacs.read_header(text, args.file)
        instance = single(load_text(header.source, args.file))
        encoding = pipeline.encoding_of(instance, request, (header, text, args.file))
    else:
        instance = single(load_args(args, run))
        encoding = pipeline.encoding_of(instance, request)
    model = dimacs.read_model(read_text(args.model), args.model)
    if model.status != "SAT":
        print(f"satpuzzle: the model file says {model.status}", file=sys.stderr)
        return EXIT_NONE if model.status == "UNSAT" else EXIT_GAVE_UP
    solution = pipeline.decode_model(instance, encoding, model.true_vars, args.model)
    if args.pretty and args.format != "text":
        raise InputError(f"--pretty draws text; it does not apply to --format {args.format}")
    answer = PuzzleAnswer(instance, 1, SolveOutput(args.format, args.pretty))  # as solve prints
    write_said(args, run, answer.add(solution) + answer.answer(None))
    return EXIT_FOUND


def cmd_check(args: argparse.Namespace, run: RunContext) -> int:
    instance = single(load_args(args, run))
    broken = 0
    for line, valid in reports.checked(registry.kind_of(instance), instance,
                                       read_text(args.solution), args.solution):
        print(line)
        broken += not valid
    return EXIT_NONE if broken else EXIT_FOUND


# ---------------------------------------------------------------- import and export


def cmd_import(args: argparse.Namespace, run: RunContext) -> int:
    import os

    from satpuzzle.formats import links

    source, path = args.source, args.source
    # a game ID or URL in place of a file: with its prefix, or shaped as one and no such file
    pasted = links.explicit(source) or (source != "-" and not os.path.lexists(source)
                                        and links.shaped(source))
    if not pasted:
        source = read_input(path)  # text, or the bytes of a binary format (Across Lite)
    instances = formats.read(args.format, source, path)
    write_output(args, run, "\n".join(formats.write("puz", i) for i in instances),
                 (args.source,))
    return EXIT_FOUND


def cmd_export(args: argparse.Namespace, run: RunContext) -> int:
    write_output(args, run, reports.exported(args.format, load_args(args, run)), (args.file,))
    return EXIT_FOUND
