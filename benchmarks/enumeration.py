"""Enumeration by clasp (satpuzzle/enumeration.py, what `--engine auto` runs for --all,
--count, --limit K > 1 and --unique) against SAT with blocking clauses (`--engine sat`) and
against clingo on its own ASP model of the puzzle (benchmarks/baselines/clingo_count.py).

    python benchmarks/enumeration.py [--runs 3] [--sections whole,loading,single,hashi]

- whole: whole processes, medians of --runs interleaved runs (satpuzzle's start-up
  included; clingo as `python -m clingo PROGRAM 0 --project=show`, its batch as one Python
  process grounding and counting each puzzle in turn, or one program with the givens as
  assumptions): --count and --all (printing every solution to /dev/null) on the 161,280
  Latin squares of order 5 (an empty 5×5 Sudoku with boxes 1×5), 1,000 empty 4×4 Sudokus
  (288 each) and jigsaw "Fibonacci 4x20" (4,181).
- loading: the CNF handed to clasp as aspif text against one `Backend.add_rule` per clause.
- single: time to the first solution, clasp against CaDiCaL, in this process.
- hashi: on clasp, connectivity as reachability rules (what auto and --engine clingo run), the
  eager encoding, and lazy connectivity cuts added by a propagator (defined here); and SAT
  with lazy cuts (what one solution and --unique run), on up to 1,000 solutions of the
  bundled and some Coelho instances (shared data).

Not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.baselines import clingo_count
from satpuzzle import enumeration, pipeline
from satpuzzle.kinds import registry
from satpuzzle.loading import load
from satpuzzle.pipeline import Found, Request, compile
from satpuzzle.solving import Job, LimitReached

SHARED = ROOT.parent / "shared" / "data"
SECTIONS = ("whole", "loading", "single", "hashi")
FIBONACCI = ROOT / "instances" / "jigsaw" / "fibonacci-4x20.puz"
LATIN = """sudoku "Latin squares of order 5" {
  box: 1x5
  grid {
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
  }
}
"""

# clingo's side of a batch, one process: every one-line 4×4 Sudoku its own program (the
# facts of clingo_count._sudoku, written here from the line so that no satpuzzle import
# weighs on clingo's start-up), or one program with each puzzle's givens as assumptions.
CLINGO_BATCH = """
import sys
import clingo
RULES = '''RULES_HERE'''
def cells(side, rows, cols):
    for r in range(side):
        for c in range(side):
            yield r, c, f"cell({r},{c}). unit(row({r}),{r},{c}). unit(col({c}),{r},{c}). " \\
                        f"unit(box({r // rows},{c // cols}),{r},{c})."
path, mode, assume = sys.argv[1], sys.argv[2], sys.argv[3] == "assume"
lines = [line.strip() for line in open(path) if line.strip() and not line.startswith("#")]
base = " ".join(text for _r, _c, text in cells(4, 2, 2)) + " size(4)."
def answer(control, assumptions):
    if mode == "count":
        control.solve(assumptions=assumptions)
        print(int(control.statistics["summary"]["models"]["enumerated"]))
    else:
        models = []
        control.solve(assumptions=assumptions, on_model=lambda m: models.append(str(m)))
        print(" ".join(models))
if assume:
    control = clingo.Control(["0", "--project=show", "--warn=none"])
    control.add("base", [], base + RULES)
    control.ground([("base", [])])
for line in lines:
    givens = [(i // 4, i % 4, int(ch)) for i, ch in enumerate(line) if ch not in ".0"]
    if assume:
        answer(control, [(clingo.Function("x", [clingo.Number(n) for n in g]), True)
                         for g in givens])
        continue
    control = clingo.Control(["0", "--project=show", "--warn=none"])
    facts = " ".join(f"given({r},{c},{v})." for r, c, v in givens)
    control.add("base", [], base + facts + RULES)
    control.ground([("base", [])])
    answer(control, [])
""".replace("RULES_HERE", clingo_count.SUDOKU)


# ---------------------------------------------------------------- whole processes


def _satpuzzle(*args: object) -> list[str]:
    return [sys.executable, "-m", "satpuzzle", "solve", *map(str, args)]


def _clingo(program: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "clingo", str(program), "0", "--project=show",
            "--warn=none", *options]


def whole_cases(folder: Path) -> Iterator[tuple[str, dict[str, list[str]]]]:
    """(case, {method: command}) for every whole-process comparison."""
    latin = folder / "latin5.puz"
    latin.write_text(LATIN)
    batch = folder / "empty4x4-1000.txt"
    batch.write_text(("." * 16 + "\n") * 1000)
    script = folder / "clingo_batch.py"
    script.write_text(CLINGO_BATCH)
    programs = {}
    for name, path in (("latin", latin), ("fibonacci", FIBONACCI)):
        instance = load(str(path)).instances[0]
        writer = {"sudoku": clingo_count._sudoku, "jigsaw": clingo_count._jigsaw}[instance.KIND]
        rules = {"sudoku": clingo_count.SUDOKU, "jigsaw": clingo_count.JIGSAW}[instance.KIND]
        programs[name] = folder / f"{name}.lp"
        programs[name].write_text("\n".join(writer(instance)) + rules)
    for mode in ("count", "all"):
        flag = f"--{mode}"
        quiet = ["-q"] if mode == "count" else []
        for name, path in (("Latin 5x5", latin), ("Fibonacci 4x20", FIBONACCI)):
            program = programs["latin" if name.startswith("Latin") else "fibonacci"]
            yield f"{name} {flag}", {
                "satpuzzle (auto: clingo)": _satpuzzle(path, flag),
                "satpuzzle --engine sat": _satpuzzle(path, flag, "--engine", "sat"),
                "clingo": _clingo(program, *quiet)}
        yield f"1000 x empty 4x4 {flag}", {
            "satpuzzle (auto: clingo)": _satpuzzle(batch, "--box", "2x2", flag),
            "satpuzzle --engine sat": _satpuzzle(batch, "--box", "2x2", flag, "--engine", "sat"),
            "clingo (a program per puzzle)": [sys.executable, str(script), str(batch), mode,
                                              "ground"],
            "clingo (givens as assumptions)": [sys.executable, str(script), str(batch), mode,
                                               "assume"]}


def timed_run(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   cwd=ROOT)
    return time.perf_counter() - started


def bench_whole(runs: int, folder: Path) -> None:
    print("\n## Whole processes (medians of interleaved runs, seconds)\n")
    for case, commands in whole_cases(folder):
        times: dict[str, list[float]] = {method: [] for method in commands}
        for _ in range(runs):
            for method, command in commands.items():  # interleaved: same load for all
                times[method].append(timed_run(command))
        medians = {method: statistics.median(values) for method, values in times.items()}
        ours = medians["satpuzzle (auto: clingo)"]
        print(f"{case}")
        for method, median in medians.items():
            peer = method.startswith("clingo")
            ratio = f"   satpuzzle/this = {ours / median:.2f}" if peer else ""
            runs_text = ", ".join(f"{value:.2f}" for value in times[method])
            print(f"  {method:32} {median:7.2f}   ({runs_text}){ratio}", flush=True)


# ---------------------------------------------------------------- loading


def _by_backend(formula: Any, live: list[int]) -> Any:
    import clingo

    control = clingo.Control(list(enumeration.OPTIONS))
    with control.backend() as backend:
        atoms = [backend.add_atom() for _ in range(formula.num_vars)]
        backend.add_rule(atoms, choice=True)
        for clause in formula.all_clauses():
            backend.add_rule([], [-literal for literal in clause])
        backend.add_project(live)
    return control


def _by_text(formula: Any, live: list[int]) -> Any:
    import clingo

    control = clingo.Control(list(enumeration.OPTIONS))
    enumeration._load(control, enumeration.aspif_program(formula, live))
    control.ground([("base", [])])
    return control


LOADING_CASES = ("Latin 5x5", "empty 9x9 Sudoku", "empty 25x25 Sudoku")


def loading_formula(name: str, folder: Path) -> Any:
    """The formula of the case, as the pipeline compiles it (an empty grid's is its batch
    formula too)."""
    if name.startswith("Latin"):
        return compile(load(_write(folder, "latin.puz", LATIN)).instances[0]).formula
    side = int(name.split()[1].split("x")[0])
    grid = "\n".join(" ".join("." * side) for _ in range(side))
    text = f"sudoku {{\n  grid {{\n{grid}\n  }}\n}}\n"
    return compile(load(_write(folder, f"empty{side}.puz", text)).instances[0]).formula


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def time_loading(name: str, method: str) -> float:
    """Seconds to a Control ready to solve, in this (fresh) process: a back end runs in a
    newly forked child, whose large arrays are fresh memory too."""
    with tempfile.TemporaryDirectory() as folder:
        formula = loading_formula(name, Path(folder))
        live = formula.live_puzzle_vars()
        started = time.perf_counter()
        {"aspif text": _by_text, "Backend.add_rule": _by_backend}[method](formula, live)
        return time.perf_counter() - started


def bench_loading(runs: int, folder: Path) -> None:
    print("\n## Loading the CNF into clasp (seconds to a Control ready to solve, each in a "
          "fresh process; medians)\n")
    methods = ("aspif text", "Backend.add_rule")
    for name in LOADING_CASES:
        clauses = loading_formula(name, folder).num_clauses
        times: dict[str, list[float]] = {method: [] for method in methods}
        for _ in range(runs):
            for method in methods:
                script = ("import sys; sys.path.insert(0, sys.argv[1]); "
                          "from benchmarks.enumeration import time_loading; "
                          "print(time_loading(sys.argv[2], sys.argv[3]))")
                done = subprocess.run([sys.executable, "-c", script, str(ROOT), name, method],
                                      capture_output=True, text=True, check=True)
                times[method].append(float(done.stdout))
        cells = "   ".join(f"{method} {statistics.median(values):.3f}"
                           for method, values in times.items())
        print(f"  {name:30} {clauses:>9,} clauses   {cells}", flush=True)


# ---------------------------------------------------------------- the first solution


def single_instances(folder: Path) -> Iterator[tuple[str, list[Any]]]:
    bundled = ROOT / "instances"
    yield "hard 9x9 (bundled hard-batch)", load(str(bundled / "sudoku" / "hard-batch.txt")).instances
    top95 = SHARED / "sudoku" / "top95.txt"
    if top95.exists():
        yield "top95 9x9 (first 30)", load(str(top95)).instances[:30]
    gecode = SHARED / "sudoku" / "gecode_sudoku_examples.tsv"
    if gecode.exists():
        rows = [line.split("\t") for line in gecode.read_text().splitlines()[1:]]
        grids = ["\n".join(row[3][r * 25:(r + 1) * 25] for r in range(25))
                 for row in rows if row[1] == "5"][:5]
        yield "25x25 Gecode (first 5)", [
            load(_write(folder, f"gecode{k}.txt", grid + "\n"), "sudoku").instances[0]
            for k, grid in enumerate(grids)]
    yield "hashi 17x17", load(str(bundled / "hashi" / "hashi-info-17x17.puz")).instances
    yield "shikaku 20x20", load(str(bundled / "shikaku" / "codingame-20x20.puz")).instances
    yield "jigsaw Fibonacci 4x20", load(str(FIBONACCI)).instances


def _answers(instance: Any, **request: Any) -> list[Any]:
    """Every solution the pipeline gives in this process (compiling included)."""
    events = pipeline.solve(instance, Request(in_process=True, **request))
    return [event.solution for event in events if isinstance(event, Found)]


def _timed(action: Callable[[], Any]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def bench_single(runs: int, folder: Path) -> None:
    print("\n## One solution (limit 1) and --unique (limit 2), clasp (--engine clingo) against "
          "CaDiCaL (--engine sat), in process, compiling and loading included (seconds for "
          "the set; medians)\n")
    for name, instances in single_instances(folder):
        times: dict[tuple[str, int], list[float]] = {}
        for _ in range(runs):
            for limit in (1, 2):
                for engine in ("clingo", "sat"):
                    times.setdefault((engine, limit), []).append(sum(
                        _timed(lambda i=i, e=engine, k=limit: _answers(i, limit=k, engine=e))
                        for i in instances))
        cells = "   ".join(f"{engine} limit {limit}: {statistics.median(values):.3f}"
                           for (engine, limit), values in times.items())
        print(f"  {name:32} {len(instances):>4} puzzles   {cells}", flush=True)


# ---------------------------------------------------------------- hashi


def _keys(instance: Any, solutions: list[Any]) -> set[str]:
    kind = registry.kind_of(instance)
    return {repr(kind.render_json(instance, solution)) for solution in solutions}


class Refiner:
    """The alternative to the eager encoding that satpuzzle/enumeration.py does not take: a
    propagator that calls Formula.refine (Hashi's connectivity cuts) on every total
    assignment and adds the cuts it returns, so that only connected models are reported."""

    def __init__(self, refine: Callable[[frozenset[int]], list[list[int]]],
                 live: list[int]) -> None:
        self.refine = refine
        self.live = live
        self.to_solver: dict[int, int] = {}

    def init(self, init: Any) -> None:
        import clingo

        self.to_solver = {v: init.solver_literal(v) for v in self.live}
        init.check_mode = clingo.PropagatorCheckMode.Total

    def check(self, control: Any) -> None:
        is_true = control.assignment.is_true
        true_vars = frozenset(v for v, literal in self.to_solver.items() if is_true(literal))
        for clause in self.refine(true_vars):
            solver_clause = [self.to_solver[abs(lit)] * (1 if lit > 0 else -1)
                             for lit in clause]
            if not control.add_clause(solver_clause) or not control.propagate():
                return


def _propagated(instance: Any, limit: int) -> list[Any]:
    """Solutions of clasp on the lazy formula, its cuts added by the Refiner, decoded and
    rule-checked as the pipeline does."""
    compiled = compile(instance)
    checked = pipeline.checker_for(instance, Request())
    refine, compiled.formula.refine = compiled.formula.refine, None
    models = enumeration.ClingoModels(compiled.formula)
    models.control.register_propagator(Refiner(refine, models.live))
    found = []
    try:
        found.extend(checked(compiled.decode(true_vars))
                     for true_vars in models.models(Job(limit=limit)))
    except LimitReached:
        pass
    return found


def _eager(instance: Any) -> Any:
    from satpuzzle.kinds.hashi import puzzle as hashi

    return hashi.with_connectivity(instance, "eager")


def bench_hashi(step: int = 36, limit: int = 1000) -> None:
    paths = [str(p) for p in sorted((ROOT / "instances" / "hashi").glob("*.puz"))]
    paths += [str(p) for p in sorted(SHARED.glob("hashi/coelho2019/*/*.has"))[::step]]
    print(f"\n## Hashi, up to {limit} solutions: {len(paths)} instances (seconds in all)\n")
    methods: dict[str, Callable[[Any], list[Any]]] = {
        "clasp, reachability rules (auto)": lambda i: _answers(i, limit=limit, engine="clingo"),
        "clasp, eager encoding": lambda i: _answers(_eager(i), limit=limit, engine="clingo"),
        "clasp, lazy (a propagator)": lambda i: _propagated(i, limit),
        "SAT, lazy cuts": lambda i: _answers(i, limit=limit, engine="sat"),
    }
    totals = dict.fromkeys(methods, 0.0)
    for path in paths:
        instance = load(path).instances[0]
        found = []
        for method, run in methods.items():
            started = time.perf_counter()
            found.append(_keys(instance, run(instance)))
            totals[method] += time.perf_counter() - started
        counts = {len(solutions) for solutions in found}
        assert len(counts) == 1 and (all(f == found[0] for f in found) or limit in counts), path
    for method, seconds in totals.items():
        print(f"  {method:32} {seconds:8.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="interleaved runs (median)")
    parser.add_argument("--sections", default=",".join(SECTIONS),
                        help=f"comma-separated among {', '.join(SECTIONS)}")
    args = parser.parse_args(argv)
    enumeration.require()
    sections = {"whole": bench_whole, "loading": bench_loading, "single": bench_single,
                "hashi": lambda _runs, _folder: bench_hashi()}
    with tempfile.TemporaryDirectory() as folder:
        for section in args.sections.split(","):
            sections[section.strip()](args.runs, Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
