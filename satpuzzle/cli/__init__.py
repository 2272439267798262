"""The `satpuzzle` command: compile, solve, decode and check puzzles.

Exit status: 0 at least one solution (check: every solution valid), 1 proven none (check: a
rule broken), 2 bad input or usage, 3 gave up (timeout or interrupt), 4 internal error (a bug:
an answer the rule checker rejects, a worker that died).

This package only parses the command line and prints: the work is the library's
(satpuzzle.pipeline and below). Each subcommand's handler takes the argparse Namespace and
builds the library's typed requests from it; nothing below the CLI sees a Namespace.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import NoReturn

from satpuzzle import __version__
from satpuzzle.children import ChildFailed
from satpuzzle.cli import commands, solving
from satpuzzle.cli.common import (
    EXIT_GAVE_UP,
    EXIT_INTERNAL,
    EXIT_USAGE,
    SIGNALS,
    STARTED,
    InternalError,
    positive,
    positive_float,
    reading_options,
    remaining,
)
from satpuzzle.cnf import BYTES_PER_CLAUSE, DEFAULT_MAX_CLAUSES, clause_budget
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.pipeline import CheckFailed
from satpuzzle.stages import StageTimeout, time_limit
from satpuzzle.textio import reading_limits

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in one line, like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="satpuzzle", description=__doc__.split("\n\nThis package")[0],
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"satpuzzle {__version__}")
    subcommands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_compile_parser(subcommands, input_options, budget_option)
    solving.add_parsers(subcommands, input_options, budget_option)
    commands.add_parsers(subcommands, input_options, budget_option)
    return parser


def input_options(parser: argparse.ArgumentParser) -> None:
    """FILE, --kind, --index and every option a kind adds for reading its files."""
    parser.add_argument("file", metavar="FILE", help="a .puz file or a native puzzle file")
    parser.add_argument("--kind", choices=registry.NAMES,
                        help="read FILE in this kind's native format")
    parser.add_argument("--index", type=positive, metavar="K",
                        help="the K-th puzzle of a file that holds several")
    reading_options(parser)
    seen: set[str] = set()
    for kind in registry.KINDS.values():
        kind.add_arguments(parser, kind.input_options, seen)


def budget_option(parser: argparse.ArgumentParser,
                  timeout_help: str = "give up after this long; exit 3, nothing written",
                  compiles: bool = True) -> None:
    """--timeout, which every command takes, and --max-clauses for those that compile: a
    command that keeps no time of its own (set_defaults(stage=...)) is stopped by main()
    when --timeout runs out."""
    parser.add_argument("--timeout", type=positive_float, metavar="SECONDS", help=timeout_help)
    if not compiles:
        return
    parser.add_argument("--max-clauses", type=positive, metavar="N",
                        help=f"refuse to compile past N clauses (default {DEFAULT_MAX_CLAUSES:,}, "
                             f"about {DEFAULT_MAX_CLAUSES * BYTES_PER_CLAUSE / 1e9:.0f} GB)")


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


def _command_timer(args: argparse.Namespace) -> AbstractContextManager[None]:
    """--timeout for a command that keeps no time of its own (its parser set `stage`): a timer
    stops it wherever it is. solve, compile, generate and verify count their own."""
    stage = getattr(args, "stage", None)
    if stage is None:
        return nullcontext()
    return time_limit(stage, remaining(args.timeout), started=STARTED[0])


def main(argv: Sequence[str] | None = None) -> int:
    # a command-line run counts from the process start; a call from Python from now
    STARTED[0] = time.monotonic() - (_process_age() if argv is None else 0.0)
    signal.signal(signal.SIGTERM, SIGNALS.handle)
    signal.signal(signal.SIGINT, SIGNALS.handle)
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        if sys.stderr is not None:
            print("satpuzzle: error: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        with reading_limits(getattr(args, "max_input_bytes", None),
                            getattr(args, "allow_path", ())), \
                clause_budget(getattr(args, "max_clauses", None)), _command_timer(args):
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
        _discard_stdout()  # the reader went away (e.g. `| head`): nothing more to say
        return EXIT_GAVE_UP
    except OSError as exc:  # writing the answer failed (a full disk), or the system refused
        writing = exc.errno in _WRITE_ERRORS
        if writing:
            _discard_stdout()
        what = "cannot write the output: " if writing else ""
        print(f"satpuzzle: error: {what}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    except (InternalError, CheckFailed, ChildFailed) as exc:
        print(f"satpuzzle: internal error: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}


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
