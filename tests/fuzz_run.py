"""Fuzz every reader of satpuzzle for a while (tests/fuzzing.py says what is tried and what
counts as a failure):

    python tests/fuzz_run.py --seconds 60 [--seed 0] [--formats puz-file,native,sgt,...]
                             [--save DIR]
    python tests/fuzz_run.py --count 100000      # a number of inputs instead
    python tests/fuzz_run.py --only 1234         # replay input 1234 of the seed

Exit status 0 when no input failed, 1 otherwise, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/, for fuzzing

import fuzzing

from satpuzzle.errors import InputError

DEFAULT_COUNT = 10_000  # inputs when neither --count nor --seconds is given


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/fuzz_run.py",
                                     description=fuzzing.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float,
                        help="stop after this many seconds (with --count: whichever first)")
    parser.add_argument("--count", type=int,
                        help=f"inputs to try (default {DEFAULT_COUNT:,} without --seconds)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=int, default=0, help="number of the first input")
    parser.add_argument("--only", type=int, help="replay input ONLY alone")
    parser.add_argument("--formats", help="comma-separated readers (default: all): puz-file "
                        "(the language, as a .puz file), auto (recognised by content), native "
                        "(every kind's native reader) or a kind's name, and format names")
    parser.add_argument("--save", type=Path, help="directory for failing inputs")
    parser.add_argument("--seeds-per-kind", type=int, default=20,
                        help="generated valid texts of each kind to start from")
    parser.add_argument("--encode-rate", type=float, default=fuzzing.ENCODE_RATE,
                        help="share of parsed inputs that are also encoded and written back")
    parser.add_argument("--time-limit", type=float, default=fuzzing.READ_LIMIT,
                        help="CPU seconds a reader may take on one small input (plus "
                        f"{fuzzing.LIMIT_PER_100K:g} s per 100,000 characters)")
    parser.add_argument("--memory-mb", type=int, default=4096,
                        help="address-space limit of this process (0: none)")
    parser.add_argument("--progress", type=float, default=30, help="seconds between reports")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.memory_mb:
        import resource

        limit = args.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if args.only is not None:
        start, count, seconds = args.only, 1, None
    else:
        count = args.count if args.count is not None or args.seconds is not None \
            else DEFAULT_COUNT
        start, seconds = args.start, args.seconds
    names = [n.strip() for n in args.formats.split(",") if n.strip()] if args.formats else None
    try:
        summary = fuzzing.run(count, args.seed, names, start=start,
                              seeds_per_kind=args.seeds_per_kind,
                              encode_rate=args.encode_rate, read_limit=args.time_limit,
                              save=args.save, progress=args.progress, seconds=seconds,
                              watchdog=600 + 20 * (args.time_limit
                                                   + 3 * fuzzing.LIMIT_PER_100K)
                              + 3 * fuzzing.ENCODE_LIMIT)
    except InputError as error:
        print(error, file=sys.stderr)
        return 2
    fuzzing.report(summary, sys.stdout)
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
