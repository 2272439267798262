"""What every subcommand shares: option types, the options several commands take, reading the
puzzle named on the command line, writing outputs. The command's clock and cancellation are
its run context (satpuzzle.runs.RunContext), made by main() and passed to the command."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

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
    from satpuzzle.answers import Said
    from satpuzzle.claims import Certifying
    from satpuzzle.loading import Loaded
    from satpuzzle.runs import RunContext

# imported when a command reads its puzzle: building the parsers needs none of these
cnf = Lazy("satpuzzle.cnf")
read_puzzles = Lazy("satpuzzle.runs", "read_puzzles")
write_file = Lazy("satpuzzle.runs", "write_file")
check_cluster_address = Lazy("satpuzzle.cluster", "check_address")  # when --cluster is given
parse_choices = Lazy("satpuzzle.constraints.model", "parse_choices")
claims = Lazy("satpuzzle.claims")  # --certify

LONGEST_TIMEOUT = 1e8  # seconds, about three years: timers and waits refuse years


# ---------------------------------------------------------------- option types


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
    return min(value, LONGEST_TIMEOUT)  # a longer limit is no limit in practice


def rows_cols(text: str) -> tuple[int, int]:
    """--size RxC, or N for N×N."""
    match = re.fullmatch(r"([0-9]{1,12})(?:[xX×]([0-9]{1,12}))?", text)
    if not match:
        raise InputError(f"--size: expected rows x columns like 10x10, found {text!r}")
    return int(match.group(1)), int(match.group(2) or match.group(1))


def cluster_address(text: str) -> str:
    """--cluster ADDRESS: refused before any work when it cannot name a cluster."""
    try:
        return str(check_cluster_address(text))
    except InputError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


# ---------------------------------------------------------------- options several commands take


def input_options(parser: argparse.ArgumentParser) -> None:
    """FILE, --kind, --index and every option a kind adds for reading its files."""
    parser.add_argument("file", metavar="FILE",
                        help="a .puz file, a native puzzle file (janko.at text too), "
                             "satpuzzle's JSON, a file of URLs or game IDs one a line, a "
                             "directory, '-' for standard input, or a puzz.link URL or a game "
                             "ID itself")
    source_options(parser)
    seen: set[str] = set()
    for kind in registry.KINDS.values():
        kind.add_arguments(parser, kind.input_options, seen)


def source_options(parser: argparse.ArgumentParser, what: str = "FILE") -> None:
    """--kind, --index, and how far reading may go: the size of what is read, where puzzles
    may refer to."""
    parser.add_argument("--kind", choices=registry.NAMES,
                        help=f"read {what} in this kind's native format")
    parser.add_argument("--index", type=positive, metavar="K",
                        help="the K-th puzzle of a file that holds several")
    reading_options(parser)


def reading_options(parser: argparse.ArgumentParser) -> None:
    """How far reading may go: the size of what is read, where puzzles may refer to."""
    parser.add_argument("--max-input-bytes", type=positive, metavar="N",
                        help=f"read at most N bytes of any file, unpacked (default "
                             f"{MAX_INPUT_BYTES:,})")
    parser.add_argument("--allow-path", action="append", default=[], metavar="DIR",
                        help="let file references inside puzzles read from DIR too (by "
                             "default only from the puzzle's own directory); repeatable")


def budget_option(parser: argparse.ArgumentParser,
                  timeout_help: str = "give up after this long; exit 3, nothing written",
                  compiles: bool = True) -> None:
    """--timeout, which every command takes, and --max-clauses and --encoding for those that
    compile: a command that keeps no time of its own (set_defaults(stage=...)) is stopped by
    main() when --timeout runs out."""
    parser.add_argument("--timeout", type=positive_float, metavar="SECONDS", help=timeout_help)
    if not compiles:
        return
    default = cnf.DEFAULT_MAX_CLAUSES
    parser.add_argument("--max-clauses", type=positive, metavar="N",
                        help=f"refuse a puzzle whose formula would pass N clauses, whichever "
                             f"engine answers (default {default:,}, about "
                             f"{default * cnf.BYTES_PER_CLAUSE / 1e9:.0f} GB)")
    parser.add_argument("--encoding", metavar="FAMILY=NAME[,...]", default="",
                        help="encode these families of the puzzle's constraints with these "
                             "encodings (compile --explain lists a puzzle's families; "
                             "docs/ENCODINGS.md the encodings)")


def output_options(parser: argparse.ArgumentParser, default: str = "-") -> None:
    parser.add_argument("-o", "--output", default=default,
                        help="output file (default: stdout); written to a temporary name, "
                             "then renamed; only a regular file is replaced")
    parser.add_argument("--force", action="store_true",
                        help="replace a read-only output file")


def work_options(parser: argparse.ArgumentParser, what: str, jobs: bool = True) -> None:
    """--jobs N and --cluster ADDRESS: where the work of many items runs."""
    if jobs:
        parser.add_argument("--jobs", type=positive, default=1, metavar="N",
                            help=f"worker processes sharing the {what} (default 1)")
    parser.add_argument("--cluster", metavar="ADDRESS", type=cluster_address,
                        help=f"share the {what} out on a Dask cluster instead: its scheduler's "
                             "address (tcp://host:8786), or local:N for N worker processes on "
                             "this machine; needs the cluster extra (see docs/CLUSTER.md)")


def certify_options(parser: argparse.ArgumentParser) -> None:
    """--certify, its proof budget and where its proofs are kept."""
    parser.add_argument("--certify", action="store_true",
                        help="back every negative claim (no solution, unique, N solutions "
                             "complete) with an LRAT proof from CaDiCaL, checked by a checker "
                             "that shares no code with the solver (docs/CLI.md)")
    parser.add_argument("--proof-dir", metavar="DIR",
                        help="with --certify: keep each claim's CNF and proofs (STEM.cnf, "
                             ".lrat, .drat) for outside checkers")
    parser.add_argument("--proof-bytes", type=positive, metavar="N",
                        help="with --certify: refuse a proof past N bytes (default 128 MiB)")


def certifying_of(args: argparse.Namespace, stem: str) -> Certifying | None:
    """--certify's request, or None without it."""
    return claims.asked(args.certify, args.proof_dir, args.proof_bytes, stem)


# ---------------------------------------------------------------- reading and writing


def encodings_of(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    """--encoding FAMILY=NAME,...: the choices, in order (checked against the puzzle's
    families when it is compiled)."""
    text = getattr(args, "encoding", "")
    return tuple(parse_choices(text).items()) if text else ()


def load_args(args: argparse.Namespace, run: RunContext) -> Loaded:
    """The puzzles FILE holds, read as --kind and the kinds' options say, within --timeout;
    --index keeps one of them. The readers' notes (a dictionary's summary) come once all is
    well."""
    options = {option.dest: getattr(args, option.dest, None)
               for kind in registry.KINDS.values() for option in kind.input_options}
    loaded, notes = read_puzzles(args.file, args.kind, args.index, options, run)
    sys.stderr.write(notes)
    return loaded


def write_output(args: argparse.Namespace, run: RunContext, text: str | bytes,
                 inputs: tuple[str, ...] = (), stopped: str | None = None) -> bool:
    """stdout for `-o -`, else a file written whole (a temporary name, then renamed), never
    over a device, a FIFO, one of `inputs` or (without --force) a read-only file. Bytes are
    a binary format (an Across Lite puzzle). Text is a file format's (JSON, SVG, .puz,
    DIMACS), written in UTF-8 whatever the locale: standard output gets the bytes the file
    would hold. A run cut short (`stopped`: "timeout", "interrupt") prints what it did, but
    never replaces -o FILE: that is written only when the command completes."""
    if args.output == "-" and isinstance(text, str) and not hasattr(sys.stdout, "buffer"):
        sys.stdout.write(text)  # a text stream in place of stdout (a caller's StringIO)
    elif args.output == "-":
        data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    elif stopped is None:
        write_file(args.output, text, inputs, getattr(args, "force", False), run)
    return args.output == "-" or stopped is None


def write_said(args: argparse.Namespace, run: RunContext, said: Iterable[Said]) -> None:
    """Each piece of an answer where it says: standard output, standard error, the -o file."""
    for piece in said:
        if piece.where == "file":
            write_output(args, run, piece.text, (args.file,))
        elif piece.where == "out":
            sys.stdout.write(str(piece.text))
        else:
            sys.stdout.flush()  # what came before it, out before it
            print(piece.text, file=sys.stderr)
    sys.stdout.flush()
