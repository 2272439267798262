"""CP-SAT on Shikaku files as a whole process: the peer of `satpuzzle solve FILE` in the
Shikaku benchmark (benchmarks/shikaku.py).

    python benchmarks/baselines/shikaku_cpsat.py FILE_OR_DIRECTORY...

It does what a user of CP-SAT would have to do for the same answer: start Python, read each
puzzle (through satpuzzle's reader, so that both sides parse the same text the same way),
build the CP-SAT model of benchmarks/baselines/cpsat.py (one Boolean per candidate rectangle,
exactly one per clue and per cell), solve it with one worker, check the answer with the rule
checker as satpuzzle does, and print it as satpuzzle prints it. Exit 0 when every puzzle was
solved, 1 when one had no solution, 4 when an answer broke a rule.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(paths: list[str]) -> int:
    import satpuzzle
    from benchmarks.baselines import cpsat
    from satpuzzle.checkers.shikaku import check
    from satpuzzle.kinds.shikaku.rendering import render_text

    code = 0
    for path in paths:
        for instance in satpuzzle.load(path, "shikaku"):
            status, solution = cpsat.solve(instance)
            if status != "solved":
                print(status)
                code = max(code, 1)
                continue
            if check(instance, solution):
                print("a solution broke a rule", file=sys.stderr)
                return 4
            print(render_text(instance, solution), end="\n\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
