"""`python -m satpuzzle` and the `satpuzzle` command. Ctrl-C or SIGTERM during start-up
(importing takes a moment on a loaded machine) ends the run with exit 3 and one line, as it
does later on; main() then installs the handlers that stop the work cleanly. Once main() has
answered, the process flushes its output and leaves without the interpreter's shutdown:
freeing millions of clauses one object at a time takes seconds on large puzzles, and a
signal in the middle of it would end the process with no word."""

import os
import signal
import sys


def _interrupted(_signum: int, _frame: object) -> None:
    sys.stderr.write("satpuzzle: interrupted\n")
    os._exit(3)


def _stop_on_signals() -> None:
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)


def _leave(code: int) -> None:
    """Flush what was written and end the process with `code` at once."""
    _stop_on_signals()
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:  # the reader left (`| head`): quietly, as during the run
        code = 3
    except OSError as exc:  # a full disk
        sys.stderr.write(f"satpuzzle: error: cannot write the output: {exc.strerror or exc}\n")
        code = 2
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except OSError:
        pass  # nowhere left to say anything
    os._exit(code)


def run() -> int:
    _stop_on_signals()
    try:
        try:
            from satpuzzle.cli import main

            code = main()
        finally:  # main's handlers raise KeyboardInterrupt: from here on, stop at once
            _stop_on_signals()
    except KeyboardInterrupt:
        sys.stderr.write("satpuzzle: interrupted\n")
        code = 3
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        if not isinstance(exc.code, int | None):
            sys.stderr.write(f"{exc.code}\n")
    _leave(code)
    return code  # not reached: _leave ends the process


if __name__ == "__main__":
    sys.exit(run())
