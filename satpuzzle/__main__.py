"""`python -m satpuzzle` and the `satpuzzle` command. Ctrl-C or SIGTERM during start-up
(importing takes a moment on a loaded machine) ends the run quietly with exit 3, as it does
later on; main() then installs the handlers that stop the work cleanly."""

import os
import signal
import sys


def _interrupted_early(_signum: int, _frame: object) -> None:
    sys.stderr.write("satpuzzle: interrupted\n")
    os._exit(3)


def run() -> int:
    signal.signal(signal.SIGINT, _interrupted_early)
    signal.signal(signal.SIGTERM, _interrupted_early)
    from satpuzzle.cli import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
