"""The subcommands that read one puzzle file: compile, decode, check, import and export. Each
parses, calls the library, prints (`solve`: satpuzzle.cli.solving; generate, reduce and
verify: satpuzzle.cli.making)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from satpuzzle.cli import common
from satpuzzle.cli.common import EXIT_FOUND, EXIT_GAVE_UP, EXIT_NONE, InputError
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext

# Each command imports what it uses when it runs: building its parser needs none of these
certify = Lazy("satpuzzle.certify")
formats = Lazy("satpuzzle.formats")
runs = Lazy("satpuzzle.runs")
PuzzleAnswer = Lazy("satpuzzle.answers", "PuzzleAnswer")
reports = Lazy("satpuzzle.reports")
read_text = Lazy("satpuzzle.textio", "read_text")

# ---------------------------------------------------------------- the parsers
# One builder per command, listed in satpuzzle.cli.COMMANDS with the command's help line.


def add_compile_parser(compile_: argparse.ArgumentParser) -> None:
    common.input_options(compile_)
    common.output_options(compile_)
    common.budget_option(compile_)
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
    common.input_options(decode)
    decode.add_argument("model", metavar="MODEL")
    decode.add_argument("--format", choices=("text", "json", "svg"), default="text")
    decode.add_argument("--pretty", action="store_true",
                        help="text: draw the solution with Unicode box-drawing characters")
    common.budget_option(decode)
    decode.set_defaults(handler=cmd_decode, stage="decoding")


def add_check_parser(check: argparse.ArgumentParser) -> None:
    common.input_options(check)
    check.add_argument("solution", metavar="SOLUTION",
                       help="solutions as printed by solve (text or JSON)")
    common.budget_option(check, compiles=False)
    check.set_defaults(handler=cmd_check, stage="checking")


def add_import_parser(import_: argparse.ArgumentParser) -> None:
    readable = tuple(name for name in formats.FORMATS if name != "svg")  # pictures: write only
    import_.description = ("FORMAT is one of: " + ", ".join(readable) + ". SOURCE is a file, "
                           "or for sgt and url the game ID or URL itself (e.g. "
                           "'sgt:rect:7x7:...', 'https://puzz.link/p?hashi/...'). "
                           "docs/FORMATS.md describes each.")
    import_.add_argument("format", metavar="FORMAT", choices=readable)
    import_.add_argument("source", metavar="SOURCE")
    common.reading_options(import_)
    common.output_options(import_)
    common.budget_option(import_, compiles=False)
    import_.set_defaults(handler=cmd_import, stage="importing")


def add_export_parser(export: argparse.ArgumentParser) -> None:
    export.description = ("Formats: " + ", ".join(formats.FORMATS) + ". Importing what export "
                          "writes gives the same puzzle back (titles and solver options apart, "
                          "where a format has no room for them).")
    common.input_options(export)
    export.add_argument("--format", required=True, choices=tuple(formats.FORMATS))
    common.output_options(export)
    common.budget_option(export, compiles=False)
    export.set_defaults(handler=cmd_export, stage="exporting")


# ---------------------------------------------------------------- the commands


def add_check_proof_parser(check_proof: argparse.ArgumentParser) -> None:
    check_proof.description = ("Check that PROOF (LRAT, by satpuzzle's own checker; DRAT, text "
                               "or binary, by dratify) refutes CNF (DIMACS), as --certify's "
                               "proofs kept by --proof-dir do. Exit 0 verified, 1 rejected.")
    check_proof.add_argument("cnf", metavar="CNF")
    check_proof.add_argument("proof", metavar="PROOF")
    common.reading_options(check_proof)
    common.budget_option(check_proof, "give up after this long; exit 3", compiles=False)
    check_proof.set_defaults(handler=cmd_check_proof)


def cmd_check_proof(args: argparse.Namespace, run: RunContext) -> int:
    checked = certify.check_proof_files(args.cnf, args.proof, run.remaining())
    print(checked.verdict())
    return EXIT_FOUND if checked.verified else EXIT_GAVE_UP if checked.stopped else EXIT_NONE


def cmd_compile(args: argparse.Namespace, run: RunContext) -> int:
    instance = runs.only(common.load_args(args, run))
    formula, text = runs.compiled_cnf(instance, run.request(encodings=common.encodings_of(args)))
    if not args.explain or args.output != "-":  # --explain: the CNF to -o FILE if given
        common.write_output(args, run, text, (args.file,))
    if args.explain:
        # the examples hold ∨ and ¬: a terminal that cannot show them (LC_ALL=C) gets escapes
        utf8 = (sys.stdout.encoding or "").lower().replace("-", "") == "utf8"
        reconfigure = getattr(sys.stdout, "reconfigure", None)  # a StringIO has none
        if not utf8 and args.format != "json" and reconfigure is not None:
            reconfigure(errors="backslashreplace")
        print(reports.explanation(formula, args.format == "json", utf8))
    elif args.output != "-":
        print(f"{args.output}: {formula.num_vars} variables ({len(formula.names)} puzzle), "
              f"{formula.num_clauses} clauses", file=sys.stderr)
    return EXIT_FOUND


def cmd_decode(args: argparse.Namespace, run: RunContext) -> int:
    if args.pretty and args.format != "text":
        raise InputError(f"--pretty draws text; it does not apply to --format {args.format}")
    request = run.request(encodings=common.encodings_of(args))
    decoded = runs.decoded(args.file, args.model, request, lambda: common.load_args(args, run))
    if decoded.status != "SAT":
        print(f"satpuzzle: the model file says {decoded.status}", file=sys.stderr)
        return EXIT_NONE if decoded.status == "UNSAT" else EXIT_GAVE_UP
    # printed as solve prints one solution
    answer = PuzzleAnswer(decoded.instance, 1, reports.SolveOutput(args.format, args.pretty))
    common.write_said(args, run, answer.add(decoded.solution) + answer.answer(None))
    return EXIT_FOUND


def cmd_check(args: argparse.Namespace, run: RunContext) -> int:
    instance = runs.only(common.load_args(args, run))
    broken = 0
    for line, valid in reports.checked(registry.kind_of(instance), instance,
                                       read_text(args.solution), args.solution):
        print(line)
        broken += not valid
    return EXIT_NONE if broken else EXIT_FOUND


def cmd_import(args: argparse.Namespace, run: RunContext) -> int:
    common.write_output(args, run, formats.imported(args.format, args.source), (args.source,))
    return EXIT_FOUND


def cmd_export(args: argparse.Namespace, run: RunContext) -> int:
    text = reports.exported(args.format, common.load_args(args, run))
    common.write_output(args, run, text, (args.file,))
    return EXIT_FOUND
