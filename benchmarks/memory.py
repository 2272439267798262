"""Peak memory and time of `satpuzzle compile` and `satpuzzle solve` on the largest bundled
instance of each kind (and, with --shared, the largest benchmark instances of the shared
data folder). Each run is a fresh process; peak RSS is the largest of it and its solver
children (getrusage RUSAGE_CHILDREN, read in a wrapper process of its own).

    python benchmarks/memory.py [--shared] [--timeout 120]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"

# One run in a wrapper: the wrapper's RUSAGE_CHILDREN peak is the command's (and its
# children's) own, uncontaminated by earlier runs. argv[1]: where the command's output goes.
WRAPPER = """
import json, resource, subprocess, sys, time
started = time.monotonic()
with open(sys.argv[1], "wb") as output:
    done = subprocess.run(sys.argv[2:], stdout=output, stderr=subprocess.PIPE)
print(json.dumps({"rc": done.returncode, "seconds": time.monotonic() - started,
                  "peak_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                  "cpu": sum(resource.getrusage(resource.RUSAGE_CHILDREN)[:2]),
                  "stderr": done.stderr.decode(errors="replace")[-300:]}))
"""


Case = tuple[str, list[str], list[str] | None]  # label, file arguments, solve-only options


def largest_bundled() -> list[Case]:
    cases = []
    for kind_dir in sorted(p for p in (ROOT / "instances").iterdir() if p.is_dir()):
        files = [p for p in kind_dir.iterdir() if p.suffix in (".puz", ".txt", ".cnf", ".tsv")
                 and "solution" not in p.name]
        largest = max(files, key=lambda p: p.stat().st_size)
        index = ["--index", "1"] if largest.suffix == ".tsv" else []
        cases.append((f"{kind_dir.name}: {largest.name}", [str(largest), *index], []))
    return cases


def shared_cases() -> list[Case]:
    cases: list[Case] = []
    vanbeek = SHARED / "crossword" / "grids-vanbeek.txt"
    if vanbeek.exists():
        sys.path.insert(0, str(ROOT))
        from benchmarks.crossword import read_vanbeek

        name, rows = next(g for g in read_vanbeek(vanbeek) if len(g[1]) == 15)
        grid = Path("/tmp/satpuzzle-memory-vb15.txt")
        grid.write_text("\n".join(rows) + "\n")
        for words in ("en", "fr"):
            cases.append((f"crossword: van Beek {name} 15x15 --dict {words} (1st fill)",
                          [str(grid), "--dict", words], ["--limit", "1"]))
    for label, relative, compile_too in (
            ("sudoku: top95 (95 puzzles, one batch)", "sudoku/top95.txt", False),
            ("jigsaw: Eternity II, 256 pieces", "jigsaw/eternity2/e2pieces.txt", True),
            ("jigsaw: Brendan 7x7", "jigsaw/brendan/pieces_07x07.txt", True)):
        if (SHARED / relative).exists():
            cases.append((label, [str(SHARED / relative)], [] if compile_too else None))
    return cases


def measure(command: list[str], timeout: float) -> dict:
    """One whole `satpuzzle` process in its wrapper (see measure_process)."""
    return measure_process([sys.executable, "-m", "satpuzzle", *command], timeout)


def measure_process(command: list[str], timeout: float, output: str = os.devnull,
                    grace: float = 60.0) -> dict:
    """One whole process in its wrapper, started through satpuzzle.children.run_command (the
    wrapper's process group, the command in it, is killed whatever ends the wait): its exit
    code ("killed" past `timeout` + `grace` seconds), wall seconds, peak RSS in KiB, CPU
    seconds (user + system, its children's included) and stderr's end; its standard output
    goes to the file `output`."""
    sys.path.insert(0, str(ROOT))
    from satpuzzle.children import run_command

    argv = [sys.executable, "-c", WRAPPER, output, *command]
    with tempfile.TemporaryDirectory(prefix="satpuzzle-memory-") as name:
        out, err = Path(name) / "out", Path(name) / "err"
        code, killed = run_command(argv, out, err, timeout + grace)
        if killed or code != 0:
            return {"rc": "killed" if killed else code, "seconds": float("nan"),
                    "peak_kb": float("nan"), "stderr": err.read_text()[-300:]}
        return json.loads(out.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", action="store_true", help="add the shared data's largest")
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    cases = largest_bundled() + (shared_cases() if args.shared else [])
    print(f"{'instance':<62} {'stage':<8} {'peak MB':>8} {'seconds':>8}  exit")
    for label, source, solve_options in cases:
        stages = [("compile", ["compile", *source, "-o", "/tmp/satpuzzle-memory.cnf"])]
        if solve_options is None:  # a batch file: compile takes one puzzle, solve them all
            stages, solve_options = [], []
        stages.append(("solve", ["solve", *source, *solve_options,
                                 "--timeout", str(args.timeout)]))
        for stage, command in stages:
            run = measure(command, args.timeout)
            print(f"{label:<62} {stage:<8} {run['peak_kb'] / 1024:8.0f} {run['seconds']:8.2f}"
                  f"  {run['rc']}", flush=True)

if __name__ == "__main__":
    main()
