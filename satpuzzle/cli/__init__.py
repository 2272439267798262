"""The `satpuzzle` command: compile, solve, decode and check puzzles.

Exit status: 0 at least one solution (check: every solution valid), 1 proven none (check: a
rule broken), 2 bad input or usage, 3 gave up (timeout or interrupt), 4 internal error (a bug:
an answer the rule checker rejects, a worker that died).

This package only parses the command line and prints: the work is the library's
(satpuzzle.runs, satpuzzle.pipeline and below). Each subcommand's handler takes the argparse
Namespace and the run context (satpuzzle.runs.RunContext: when the command started, its
deadline, its clause budget) and builds the library's typed requests from them; nothing below
the CLI sees a Namespace.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn, cast

from satpuzzle import __version__, errors
from satpuzzle.cancelling import Cancellation, process_age
from satpuzzle.errors import EXIT_GAVE_UP, EXIT_USAGE
from satpuzzle.lazy import Lazy
from satpuzzle.textio import reading_limits

if TYPE_CHECKING:
    from satpuzzle.runs import RunContext

# What main() needs once a command runs (or fails), not for --help or a usage error
_runs = Lazy("satpuzzle.runs")

__all__ = ["COMMANDS", "build_parser", "main"]

# Every subcommand, in the order `satpuzzle --help` lists them: its help line and the function
# that adds its arguments to its parser. A command's module is imported when that command runs
# (or shows its own --help), so that `--help` and each command import only what they use.
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "compile": ("write the puzzle's CNF in DIMACS",
                Lazy("satpuzzle.cli.commands", "add_compile_parser")),
    "solve": ("solve, enumerate, count or prove unique",
              Lazy("satpuzzle.cli.solving", "add_parser")),
    "decode": ("turn an external solver's model into a solution",
               Lazy("satpuzzle.cli.commands", "add_decode_parser")),
    "generate": ("write a random puzzle (.puz)",
                 Lazy("satpuzzle.cli.making", "add_generate_parser")),
    "reduce": ("compile a source instance into a jigsaw by one of the paper's reductions",
               Lazy("satpuzzle.cli.making", "add_reduce_parser")),
    "verify": ("check a reduction on random or given source instances",
               Lazy("satpuzzle.cli.making", "add_verify_parser")),
    "check": ("check solutions against the rules",
              Lazy("satpuzzle.cli.commands", "add_check_parser")),
    "check-proof": ("check a proof that a CNF has no model (LRAT or DRAT)",
                    Lazy("satpuzzle.cli.commands", "add_check_proof_parser")),
    "import": ("read a puzzle in another format and write it as .puz",
               Lazy("satpuzzle.cli.commands", "add_import_parser")),
    "export": ("write a puzzle in another format (game ID, URL, JSON, SVG, ...)",
               Lazy("satpuzzle.cli.commands", "add_export_parser")),
}


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see --help)\n")


class _Subcommands(argparse._SubParsersAction):
    """The subcommands' choice, which fills in the chosen command's parser (its builder from
    COMMANDS) just before argparse hands it the rest of the command line: the others stay
    empty, listed by `--help` with their help lines only."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pending: dict[str, Callable[[], None]] = {}

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        fill = self.pending.pop(values[0], None)
        if fill is not None:
            fill()
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="satpuzzle", description=__doc__.split("\n\nThis package")[0],
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"satpuzzle {__version__}")
    subcommands = cast(_Subcommands, parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, action=_Subcommands))
    for name, (help_line, builder) in COMMANDS.items():
        subcommands.pending[name] = partial(builder, subcommands.add_parser(name, help=help_line))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # a command-line run counts from the process start; a call from Python from now
    age = process_age() if argv is None else 0.0
    started = time.monotonic() - age
    cancel = Cancellation(own_process=argv is None)
    signal.signal(signal.SIGTERM, cancel.handle)
    signal.signal(signal.SIGINT, cancel.handle)
    if sys.stdout is None:  # a caller from Python with standard output closed
        if sys.stderr is not None:
            print("satpuzzle: error: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace, RunContext], int] = args.handler
        run = _runs.RunContext.starting(started, getattr(args, "timeout", None),
                                        getattr(args, "max_clauses", None), cancel)
        with reading_limits(getattr(args, "max_input_bytes", None),
                            getattr(args, "allow_path", ())), \
                run.bounds(getattr(args, "stage", None)):
            return handler(args, run)
    except (SystemExit, KeyboardInterrupt) as exc:
        if isinstance(exc, SystemExit):
            raise
        print("satpuzzle: interrupted", file=sys.stderr)
        return EXIT_GAVE_UP
    except Exception as exc:  # noqa: BLE001 - sorted by _failure, a bug raised again
        if cancel.received:  # an interrupt that a library turned into another error
            print("satpuzzle: interrupted", file=sys.stderr)
            return EXIT_GAVE_UP
        return _failure(exc, argv)


def _failure(exc: Exception, argv: Sequence[str] | None) -> int:
    """The exit status for what stopped a command, with its line on stderr
    (satpuzzle.errors.FAILURES); a bug is raised on (the command line's last resort,
    satpuzzle.__main__, says it in one line)."""
    failure = errors.failure(exc)
    if failure is None:
        raise exc
    if failure.discard_output:
        _discard_stdout()
    if failure.text is not None:
        print(failure.text, file=sys.stderr)
    if failure.leave_now and argv is None:
        # the command line: leave now, not after freeing millions of clauses
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(failure.status)
    return failure.status


def _discard_stdout() -> None:
    """Point standard output at /dev/null, so that what is still buffered cannot fail again
    when the interpreter flushes it on the way out."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
