"""CP-SAT enumerating every solution as a process of its own, the peer of `satpuzzle solve
--count` / `--all` in the whole-process comparison (benchmarks/scale.py).

    python benchmarks/baselines/cpsat_enumerate.py MODEL.txt count|all [--time-limit S]
    python benchmarks/baselines/cpsat_enumerate.py --sudoku-batch FILE --box RxC count|all

MODEL.txt is a model written by benchmarks.baselines.cpsat.export (protobuf text, with
MODEL.txt.json: the shown variables and whether every model solution is a distinct puzzle
solution). --sudoku-batch reads one-line Sudokus (`.` or `0` empty) and builds each one's
model with benchmarks.baselines.cpsat (AllDifferent per row, column and box), one after the
other, as a user of OR-Tools would loop over a file. Every solution comes through a solution
callback (`enumerate_all_solutions`, one worker): `count` prints the number of solutions of
each puzzle, `all` prints each solution as one line (the shown variables' values), through
a buffered standard output. Where the model has several solutions per puzzle solution (a
jigsaw's symmetric pieces) they are told apart by the shown values and counted once. Exit
code 0: complete; 3: stopped by the time limit (the count so far is printed). satpuzzle is
not imported: the process pays for OR-Tools' start-up only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ortools.sat.python import cp_model


class Enumerator(cp_model.CpSolverSolutionCallback):
    """Counts (and with `out`, writes) each solution; with `unique` False, each distinct
    assignment of the shown variables once."""

    def __init__(self, shown: list[Any], unique: bool, out: Any = None) -> None:
        super().__init__()
        self.shown = shown
        self.unique = unique
        self.out = out
        self.found = 0
        self.seen: set[tuple[int, ...]] = set()

    def on_solution_callback(self) -> None:
        value = self.value
        if self.unique and self.out is None:
            self.found += 1
            return
        values = tuple(value(var) for var in self.shown)
        if not self.unique:
            if values in self.seen:
                return
            self.seen.add(values)
        self.found += 1
        if self.out is not None:
            self.out.write(" ".join(map(str, values)) + "\n")


def enumerate_model(model: Any, shown: list[Any], unique: bool, mode: str,
                    deadline: float | None) -> tuple[int, bool]:
    """(solutions, complete) of one model; `all` writes each solution to standard output."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    if deadline is not None:
        solver.parameters.max_time_in_seconds = max(0.01, deadline - time.monotonic())
    callback = Enumerator(shown, unique, sys.stdout if mode == "all" else None)
    status = solver.solve(model, callback)
    if status == cp_model.MODEL_INVALID:
        raise SystemExit(f"invalid CP-SAT model: {model.validate()}")
    return callback.found, status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)


def read_model(path: str) -> tuple[Any, list[Any], bool]:
    model = cp_model.CpModel()
    if not model.proto.parse_text_format(Path(path).read_text()):
        raise SystemExit(f"{path}: not a CP-SAT model in protobuf text")
    side = json.loads(Path(path + ".json").read_text())
    shown = [model.get_int_var_from_proto_index(index) for index in side["shown"]]
    return model, shown, bool(side["unique"])


def sudoku_batch(path: str, box: str) -> Iterator[tuple[Any, list[Any], bool]]:
    """One model per one-line puzzle, each built when the previous one is answered."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from types import SimpleNamespace

    from benchmarks.baselines import cpsat

    rows, cols = (int(part) for part in box.split("x"))
    size = rows * cols
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        digits = [0 if ch in ".0" else int(ch, 36) for ch in line]
        givens = tuple(tuple(digits[r * size:(r + 1) * size]) for r in range(size))
        one = cpsat._build(SimpleNamespace(KIND="sudoku", box_rows=rows, box_cols=cols,
                                           givens=givens, regions=None), counting=True)
        yield one.model, one.shown, one.unique


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", nargs="?", help="a model written by cpsat.export")
    parser.add_argument("mode", choices=("count", "all"))
    parser.add_argument("--sudoku-batch", metavar="FILE")
    parser.add_argument("--box", default="2x2", metavar="RxC")
    parser.add_argument("--time-limit", type=float, default=None, metavar="S")
    args = parser.parse_args(argv)
    deadline = None if args.time_limit is None else time.monotonic() + args.time_limit
    puzzles: Iterable[tuple[Any, list[Any], bool]]
    if args.sudoku_batch:
        puzzles = sudoku_batch(args.sudoku_batch, args.box)
    elif args.model:
        puzzles = [read_model(args.model)]
    else:
        parser.error("a MODEL or --sudoku-batch FILE")
    complete = True
    for model, shown, unique in puzzles:
        found, complete = enumerate_model(model, shown, unique, args.mode, deadline)
        if args.mode == "count":
            print(found)
        if not complete:
            break
    sys.stdout.flush()
    return 0 if complete else 3


if __name__ == "__main__":
    sys.exit(main())
