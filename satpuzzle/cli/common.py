"""What every subcommand shares: exit codes, signals, option types, reading the puzzle named on
the command line, writing outputs. The command's clock is its run context
(satpuzzle.runs.RunContext), made by main() and passed to the command."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from satpuzzle.errors import (  # noqa: F401 - the exit statuses, for the commands
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_INTERNAL,
    EXIT_NONE,
    EXIT_USAGE,
    InputError,
)
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy
from satpuzzle.textio import MAX_INPUT_BYTES

if TYPE_CHECKING:
    from satpuzzle.loading import Loaded
    from satpuzzle.runs import RunContext

# imported when a command reads its puzzle: building the parsers needs neither
read_puzzles = Lazy("satpuzzle.runs", "read_puzzles")
write_file = Lazy("satpuzzle.runs", "write_file")
time_limit = Lazy("satpuzzle.stages", "time_limit")
check_cluster_address = Lazy("satpuzzle.cluster", "check_address")  # when --cluster is given

class Signals:
    """SIGINT and SIGTERM become KeyboardInterrupt, but never in the middle of printing a
    solution: inside `atomic()` the interrupt waits until the solution is out and counted.

    A signal is never lost: the first one also starts a watchdog that ends the process with
    exit 3 if the orderly stop has not ended it GRACE seconds later (an interrupt swallowed
    by a library's `except BaseException`, or raised where Python turns it into another
    error); a second signal ends it at once. Workers die with the process (children.py)."""

    GRACE = 5.0  # seconds: an orderly stop takes a fraction of one

    def __init__(self) -> None:
        self.depth = 0
        self.pending = False
        self.received = 0
        # the command's own process (main() without argv): the watchdog may end it; a caller
        # from Python (a test, an embedding program) keeps its process
        self.own_process = False

    def handle(self, _signum: int, _frame: Any) -> None:
        self.received += 1
        if self.received > 1 and self.own_process:
            _stop_now()
        if self.received == 1 and self.own_process:
            watchdog = threading.Timer(self.GRACE, _stop_now)
            watchdog.daemon = True
            watchdog.start()
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


def _stop_now() -> None:
    """End the process with exit 3 (see Signals)."""
    try:
        sys.stderr.write("satpuzzle: interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(EXIT_GAVE_UP)


SIGNALS = Signals()


def encodings_of(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    """--encoding FAMILY=NAME,...: the choices, in order (checked against the puzzle's
    families when it is compiled)."""
    text = getattr(args, "encoding", "")
    if not text:
        return ()
    from satpuzzle.constraints.model import parse_choices

    return tuple(parse_choices(text).items())


def positive(text: str) -> int:
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, found {text!r}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, found {text!r}")
    # timers and waits refuse years: a longer limit is no limit in practice
    return min(value, LONGEST_TIMEOUT)


LONGEST_TIMEOUT = 1e8  # seconds, about three years


def cluster_address(text: str) -> str:
    """--cluster ADDRESS: refused before any work when it cannot name a cluster."""
    try:
        return str(check_cluster_address(text))
    except InputError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def kind_options(args: argparse.Namespace) -> dict[str, Any]:
    """The values of every kind's input options, by option name."""
    return {option.dest: getattr(args, option.dest, None)
            for kind in registry.KINDS.values() for option in kind.input_options}


def load_args(args: argparse.Namespace, run: RunContext) -> Loaded:
    """The puzzles FILE holds, read as --kind and the kinds' options say, within --timeout;
    --index keeps one of them. The readers' notes (a dictionary's summary) come once all is
    well."""
    loaded, notes = read_puzzles(args.file, args.kind, args.index, kind_options(args), run)
    sys.stderr.write(notes)
    return loaded


def single(loaded: Loaded) -> Any:
    if len(loaded.instances) != 1:
        raise InputError(f"the file holds {len(loaded.instances)} puzzles; choose one with "
                         "--index K", loaded.path)
    return loaded.instances[0]


def write_output(args: argparse.Namespace, run: RunContext, text: str | bytes,
                 inputs: tuple[str, ...] = (), stopped: str | None = None) -> bool:
    """stdout for `-o -`, else a file written whole (a temporary name, then renamed), never
    over a device, a FIFO, one of `inputs` or (without --force) a read-only file. Bytes are
    a binary format (an Across Lite puzzle). Text is a file format's (JSON, SVG, .puz,
    DIMACS), written in UTF-8 whatever the locale: standard output gets the bytes the file
    would hold."""
    if args.output == "-" and isinstance(text, str) and not hasattr(sys.stdout, "buffer"):
        sys.stdout.write(text)  # a text stream in place of stdout (a caller's StringIO)
    elif args.output == "-":
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    elif stopped is None:
        write_file(args.output, text, inputs, getattr(args, "force", False), run)
    # a run cut short (`stopped`: "timeout", "interrupt") prints what it did, but never
    # replaces -o FILE: that is written only when the command completes (see untouched())
    return args.output == "-" or stopped is None


def untouched(args: argparse.Namespace) -> str:
    """What a run cut short says of its -o FILE ("" for standard output)."""
    if args.output == "-":
        return ""
    return (f"{args.output} left untouched (-o FILE is written only when the command "
            "completes)")


# adds options to a parser; budget_option also takes the --timeout help and `compiles`
Builder = Callable[..., None]


def output_options(parser: argparse.ArgumentParser, default: str = "-") -> None:
    parser.add_argument("-o", "--output", default=default,
                        help="output file (default: stdout); written to a temporary name, "
                             "then renamed; only a regular file is replaced")
    parser.add_argument("--force", action="store_true",
                        help="replace a read-only output file")


def reading_options(parser: argparse.ArgumentParser) -> None:
    """How far reading may go: the size of what is read, where puzzles may refer to."""
    parser.add_argument("--max-input-bytes", type=positive, metavar="N",
                        help=f"read at most N bytes of any file, unpacked (default "
                             f"{MAX_INPUT_BYTES:,})")
    parser.add_argument("--allow-path", action="append", default=[], metavar="DIR",
                        help="let file references inside puzzles read from DIR too (by "
                             "default only from the puzzle's own directory); repeatable")
