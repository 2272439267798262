"""The subcommands that read one puzzle file: compile, decode, check, import and export. Each
parses, calls the library, prints (`solve`: satpuzzle.cli.solving; generate, reduce and
verify: satpuzzle.cli.making)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_NONE,
    encodings_of,
    load_args,
    output_options,
    reading_options,
    single,
    write_output,
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
Result = Lazy("satpuzzle.api", "Result")
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


def _readable_formats() -> tuple[str, ...]:
    return tuple(name for name in formats.FORMATS if name != "svg")  # pictures: write only


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
    module = registry.kind_of(instance)
    if args.format == "json":  # as solve prints one solution: the API's answer
        print(json.dumps(Result(instance.KIND, "SAT", 1, False, (solution,),
                                instance=instance).to_json()))
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
        return registry.kind_of(instance).pretty(instance, solution)
    return None


def cmd_check(args: argparse.Namespace, run: RunContext) -> int:
    instance = single(load_args(args, run))
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
    loaded = load_args(args, run)
    try:
        texts = [formats.write(args.format, loaded.instances[0])]  # can it hold this kind?
        if len(loaded.instances) > 1 and not formats.holds_many(args.format):
            raise InputError(f"the file holds {len(loaded.instances)} puzzles and the "
                             f"{args.format} format holds one; choose one with --index K")
        texts += [formats.write(args.format, instance) for instance in loaded.instances[1:]]
    except InputError as exc:
        raise exc.at(loaded.path) from None
    if isinstance(texts[0], bytes):  # a binary format (Across Lite) holds one puzzle
        write_output(args, run, texts[0], (args.file,))
        return EXIT_FOUND
    if args.format == "json" and len(texts) > 1:
        text = "[\n" + ",\n".join(t.rstrip("\n") for t in texts) + "\n]\n"
    elif args.format == "puz":
        text = "\n".join(texts)
    else:
        text = "".join(t if t.endswith("\n") else t + "\n" for t in texts)
    write_output(args, run, text, (args.file,))
    return EXIT_FOUND


