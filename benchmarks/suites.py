"""The benchmark suites: per kind, the instances (quick or full) and the methods compared.

A suite builder takes the shared data folder and the mode and returns a Suite; missing data
falls back to generated instances and says so in the suite's notes. Baselines that need an
optional package (OR-Tools, PuLP) or a module another contributor adds
(benchmarks/baselines/cpsat.py, sudoku_annealing.py) are imported lazily: when the import
fails the method is reported "absent", never as a failure. Every kind's suite has a
*satpuzzle command* method (the whole `satpuzzle solve FILE` process) beside the in-process
one, and names a trivial puzzle of its kind whose whole process is the start-up row.
Enumeration at scale (whole processes against clingo and CP-SAT) is benchmarks/scale.py.
"""

from __future__ import annotations

import importlib
import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import satpuzzle
from benchmarks.crossword import read_vanbeek
from benchmarks.harness import Answer, Case, Method
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.kinds.crossword.wordlists import read_dictionary
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.shikaku import generator as shikaku_generator
from satpuzzle.kinds.shikaku import puzzle as shikaku
from satpuzzle.kinds.sudoku import native as sudoku_native
from satpuzzle.kinds.sudoku import puzzle as sudoku

SOLUTIONS_SENT = 2_000  # an enumeration sends at most this many fills back for checking


@dataclass
class Suite:
    """What one section of the report measures."""

    kind: str  # section name and file stem of its plots
    title: str
    cases: list[Case]
    methods: list[Method]
    time_limit: float
    notes: list[str] = field(default_factory=list)
    size_label: str = "cells"
    trivial: list[str] = field(default_factory=list)  # `satpuzzle solve` arguments: start-up


INSTANCES = Path(__file__).resolve().parents[1] / "instances"


def trivial(relative: str, *options: str) -> list[str]:
    """The arguments of `satpuzzle solve` on a bundled puzzle solved in milliseconds."""
    return [str(INSTANCES / relative), *options]


# ---------------------------------------------------------------- shared method helpers


def module_available(name: str) -> Callable[[], str | None]:
    """An `available` check: None when `name` (and what it imports) can be imported."""
    def available() -> str | None:
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            return f"{name.rsplit('.', 1)[-1]} not importable: {error}"
        if getattr(module, "AVAILABLE", True) is False:  # the baseline's solver is missing
            return f"{name.rsplit('.', 1)[-1]}: its solver package is not installed"
        return None
    return available


def warm_kind(instance: Any) -> None:
    """Import the pipeline, the back ends, the kind's modules and its rule checker in the
    parent (these imports are lazy), so that the timed child does not pay for them: imports
    are start-up, which the *satpuzzle command* row measures."""
    import pysat.solvers  # noqa: F401 - the back ends, imported by the pipeline on first use

    import satpuzzle.pipeline  # noqa: F401 - the solve pipeline and what it imports
    from satpuzzle import api
    from satpuzzle.kinds import registry
    from satpuzzle.solving import DEFAULT_SOLVER

    # The API checks its back end once per process (it builds a PySAT solver and collects
    # garbage, remembered): in a child forked from this large process the collection alone
    # took 17 ms, 3x the Sudoku solve, so it is done once here, like an import.
    api.solver_name(DEFAULT_SOLVER)

    kind = registry.kind(getattr(instance, "instance", instance).KIND)
    _ = kind.checker


def satpuzzle_method(run: Callable[[Any, float], Answer] | None = None) -> Method:
    return Method("satpuzzle", run or satpuzzle_first, warm=warm_kind)


def satpuzzle_first(instance: Any, time_limit: float) -> Answer:
    """satpuzzle's first solution through the solve pipeline, in this process, as the API
    gives it (`satpuzzle.solutions`: the kind's default engine, every answer rule-checked)."""
    solution = next(satpuzzle.solutions(instance, limit=1, check=True), None)
    return Answer("unsat") if solution is None else Answer("solved", [solution])


def satpuzzle_all(instance: Any, time_limit: float) -> Answer:
    """Every solution through the pipeline (rule-checked there), counted; a sample goes back
    for the harness's own check."""
    found = []
    count = 0
    for solution in satpuzzle.solutions(instance, check=True):
        count += 1
        if len(found) < SOLUTIONS_SENT:
            found.append(solution)
    if not count:
        return Answer("solved", [], count=0)
    return Answer("solved", found, count=count)


COMMAND = "satpuzzle command"  # the whole `satpuzzle solve` process, start-up included


def puz_files(instance: Any, folder: Path) -> list[str]:
    """The arguments that make `satpuzzle solve` read `instance`: a .puz file of it."""
    path = folder / "puzzle.puz"
    path.write_text(satpuzzle.export(instance, "puz"))
    return [str(path)]


def run_command_line(instance: Any, files: Callable[[Any, Path], list[str]],
                     options: list[str], time_limit: float) -> Answer:
    """`python -m satpuzzle solve FILE ... --format json` as a user runs it, a whole process
    (start-up, parsing, dictionary loading, the pipeline's child, its rule check), started
    through satpuzzle.children.run_command (killed with anything it started); its JSON
    solutions are read back for the harness's check, its count kept."""
    import json
    import sys
    import tempfile

    from satpuzzle.children import run_command
    from satpuzzle.kinds import registry

    with tempfile.TemporaryDirectory(prefix="satpuzzle-bench-") as name:
        folder = Path(name)
        argv = [sys.executable, "-m", "satpuzzle", "solve", *files(instance, folder), *options,
                "--format", "json", "--timeout", f"{time_limit:g}", "--stats"]
        code, killed = run_command(argv, folder / "out", folder / "err", time_limit + 5)
        output = (folder / "out").read_text()
        errors = (folder / "err").read_text().strip().splitlines()
    engine = stated_engine(errors)
    errors = [line for line in errors if not line.startswith("satpuzzle: stats:")]
    if killed or code == 3:
        return Answer("timeout", detail="the command's --timeout")
    try:
        data = json.loads(output)
    except ValueError:
        return Answer("error", detail=f"exit {code}: {' | '.join(errors[-2:])}"[:300])
    if data.get("status") == "UNSAT":
        return Answer("unsat")
    if code != 0:
        return Answer("error", detail=f"exit {code}: {' | '.join(errors[-2:])}"[:300])
    instance = getattr(instance, "instance", instance)  # a crossword case: its instance
    kind = registry.kind_of(instance)
    found = [kind.solution_from_json(instance, item, "<command>")
             for item in data.get("solutions", [])]
    counted = "--count" in options or "--all" in options
    if engine == "SAT" and counted:  # every solution of a CNF: clasp's or SAT's, by the rule
        from satpuzzle import pipeline

        native = pipeline.enumerates_natively(pipeline.compile(instance).formula,
                                              pipeline.Request(limit=None), None)
        engine = "clasp" if native else "SAT"
    return Answer("solved", found, count=data.get("count") if counted else None, engine=engine)


def stated_engine(stderr_lines: list[str]) -> str:
    """What answered, from `satpuzzle solve --stats`: the kind's own engine ("search"), a
    race, or a CNF ("SAT": for a first solution SAT answers a CNF; whether clasp enumerates
    it for --all or --count is the pipeline's rule, which run_command_line asks)."""
    for line in stderr_lines:
        found = re.match(r"satpuzzle: stats: (\S+) engine", line)
        if found:
            return found.group(1)
        if line.startswith("satpuzzle: stats: first answer by"):
            return "race"
        if line.startswith("satpuzzle: stats: variables"):
            return "SAT"
    return ""


def command_method(files: Callable[[Any, Path], list[str]] = puz_files,
                   options: Callable[[Any], list[str]] = lambda instance: ["--limit", "1"],
                   name: str = COMMAND, **more: Any) -> Method:
    """The whole-process twin of satpuzzle_method: what a user waits for at the prompt."""
    def run(instance: Any, time_limit: float) -> Answer:
        return run_command_line(instance, files, options(instance), time_limit)

    return Method(name, run, **more)


def cpsat_first(instance: Any, time_limit: float) -> Answer:
    from benchmarks.baselines import cpsat

    try:
        status, solution = cpsat.solve(instance, time_limit)
    except NotImplementedError as error:
        return Answer("absent", detail=f"CP-SAT model: {error}")
    if status == "solved" and solution is not None:
        return Answer("solved", [solution])
    return Answer(status if status in ("unsat", "timeout") else "error", detail=str(status))


def cpsat_method(limit: int | None = None) -> Method:
    return Method("CP-SAT", cpsat_first, module_available("benchmarks.baselines.cpsat"),
                  limit=limit)


def sizes_of(time_limit: float, quick: bool, quick_value: float, full_value: float) -> float:
    return time_limit if time_limit else (quick_value if quick else full_value)


# ---------------------------------------------------------------- sudoku


def sudoku_eup(instance: sudoku.SudokuInstance, time_limit: float) -> Answer:
    from benchmarks.baselines import sudoku_eup as eup

    grid = eup.solve([list(row) for row in instance.givens], instance.box_rows,
                     instance.box_cols)
    if grid is None:
        return Answer("unsat")
    return Answer("solved", [tuple(tuple(row) for row in grid)])


def sudoku_annealing(instance: sudoku.SudokuInstance, time_limit: float) -> Answer:
    from benchmarks.baselines import sudoku_annealing as annealing

    solution, info = annealing.solve(instance, seed=0, time_limit=time_limit * 0.95)
    if solution is None:
        return Answer("timeout", detail=f"no solution: {info}"[:200])
    return Answer("solved", [solution])


def read_sudoku_lines(path: Path, count: int) -> list[sudoku.SudokuInstance]:
    lines = [line.strip() for line in path.read_text().splitlines()
             if line.strip() and not line.startswith("#")][:count]
    instances, _ = sudoku_native.read_native("\n".join(lines) + "\n", str(path), {})
    return instances


def gecode_sudokus(path: Path, order: int, count: int) -> list[sudoku.SudokuInstance]:
    """The Gecode examples of box order `order` (TSV: index, order, side, grid)."""
    chosen = []
    for line in path.read_text().splitlines()[1:]:
        fields = line.split("\t")
        if len(fields) < 4 or fields[1] != str(order):
            continue
        side = int(fields[2])
        text = "\n".join(fields[3][r * side:(r + 1) * side] for r in range(side))
        chosen.append(sudoku_native.read_native(text + "\n", str(path), {})[0][0])
    return chosen[:count]


def generated_sudoku(order: int, empty: float, seed: int) -> sudoku.SudokuInstance:
    """A shuffled pattern grid with `empty` of its cells blanked (several solutions likely)."""
    rng = random.Random(seed)
    size = order * order
    base = [[(order * (r % order) + r // order + c) % size + 1 for c in range(size)]
            for r in range(size)]
    rows = [b * order + r for b in rng.sample(range(order), order)
            for r in rng.sample(range(order), order)]
    cols = [s * order + c for s in rng.sample(range(order), order)
            for c in rng.sample(range(order), order)]
    digits = rng.sample(range(1, size + 1), size)
    givens = tuple(tuple(0 if rng.random() < empty else digits[base[r][c] - 1] for c in cols)
                   for r in rows)
    return sudoku.SudokuInstance(order, order, givens)


def sudoku_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    limit = sizes_of(time_limit, quick, 3.0, 10.0)
    folder = data / "sudoku"
    sets = [("top1465", "puzzles3_magictour_top1465", 30, 1000),
            ("hardest1106", "puzzles6_forum_hardest_1106", 15, 375),
            ("17clue", "puzzles2_17_clue", 15, 200)]
    cases: list[Case] = []
    notes = []
    for label, name, few, many in sets:
        path = folder / name
        if not path.exists():
            notes.append(f"{path} missing: set {label} skipped")
            continue
        for number, instance in enumerate(read_sudoku_lines(path, few if quick else many), 1):
            cases.append(Case(f"{label}#{number}", 81, instance))
    gecode = folder / "gecode_sudoku_examples.tsv"
    if gecode.exists():
        for number, instance in enumerate(gecode_sudokus(gecode, 4, 3 if quick else 20), 1):
            cases.append(Case(f"gecode16#{number}", 256, instance))
    else:
        notes.append(f"{gecode} missing: no 16x16 Gecode puzzles")
    if not cases:
        notes.append("no shared Sudoku data: generated 9x9 puzzles (55% empty) instead")
        cases += [Case(f"gen9#{seed}", 81, generated_sudoku(3, 0.55, seed))
                  for seed in range(20 if quick else 200)]
    cases += [Case(f"gen25#{seed}", 625, generated_sudoku(5, 0.6, seed))
              for seed in range(2 if quick else 10)]
    annealing_cap = 6 if quick else 40
    notes.append(f"seed 003's annealing runs on the first {annealing_cap} puzzles only (it "
                 "anneals until the time limit when it fails); a failure counts as timeout.")
    methods = [
        satpuzzle_method(),
        command_method(),
        Method("seed 001 eup", sudoku_eup, module_available("benchmarks.baselines.sudoku_eup")),
        Method("seed 003 annealing", sudoku_annealing,
               module_available("benchmarks.baselines.sudoku_annealing"), limit=annealing_cap),
        cpsat_method(),
    ]
    return Suite("sudoku", "Sudoku", cases, methods, limit, notes,
                 trivial=trivial("sudoku/classic.puz"))


# ---------------------------------------------------------------- crossword


SEED_WORDS = ("mars", "mois", "plus", "tard", "soir")
SEED_GRID = ("1111", "1001", "1001", "1111")


@dataclass(frozen=True)
class CrosswordCase:
    """A crossword instance plus how it is run: every fill, or the first one."""

    instance: CrosswordInstance
    rows: tuple[str, ...]
    enumerate_all: bool
    dictionary: str | None = None  # a built-in list's name (`--dict en`), else a word file
    KIND = "crossword"


def crossword_instance(rows: tuple[str, ...], words: tuple[str, ...], enumerate_all: bool,
                       title: str, dictionary: str | None = None) -> CrosswordCase:
    grid = tuple(tuple(row) for row in rows)
    return CrosswordCase(CrosswordInstance(grid, words, title=title), rows,
                         enumerate_all, dictionary)


def crossword_satpuzzle(case: CrosswordCase, time_limit: float) -> Answer:
    if case.enumerate_all:
        return satpuzzle_all(case.instance, time_limit)
    return satpuzzle_first(case.instance, time_limit)


def crossword_trie(case: CrosswordCase, time_limit: float) -> Answer:
    from benchmarks.baselines.crossword_trie import solutions

    fills = solutions(list(case.rows), case.instance.words,
                      limit=None if case.enumerate_all else 1)
    found = []
    count = 0
    for fill in fills:
        count += 1
        if len(found) < SOLUTIONS_SENT:
            found.append(tuple(fill))
    if not case.enumerate_all:
        return Answer("solved", found) if found else Answer("unsat")
    return Answer("solved", found, count=count)


def crossword_files(case: CrosswordCase, folder: Path) -> list[str]:
    """The grid in the native format and the word list, as a user passes them: `--dict en`
    for the built-in list, else a word file."""
    grid = folder / "grid.txt"
    grid.write_text("\n".join(case.rows) + "\n")
    words = case.dictionary
    if words is None:
        words = str(folder / "words.txt")
        Path(words).write_text("\n".join(case.instance.words) + "\n")
    return ["--kind", "crossword", str(grid), "--dict", words]


def crossword_options(case: CrosswordCase) -> list[str]:
    return ["--all"] if case.enumerate_all else ["--limit", "1"]


def crossword_cpsat(case: CrosswordCase, time_limit: float) -> Answer:
    return cpsat_first(case.instance, time_limit)


def crossword_check(case: Any, solution: Any) -> list[str]:
    instance = case.instance if isinstance(case, CrosswordCase) else case
    return satpuzzle.check(instance, solution)


def white_cells(rows: tuple[str, ...]) -> int:
    return sum(ch != "0" for row in rows for ch in row)


def crossword_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    limit = sizes_of(time_limit, quick, 10.0, 60.0)
    words = read_dictionary("en")
    cases = [Case("seed example (all 5 fills)", white_cells(SEED_GRID),
                  crossword_instance(SEED_GRID, SEED_WORDS, True, "seed"))]
    notes = [("`en` = the built-in English list (128k words); first fill unless noted; the "
             "dictionary is loaded before the clock, building the tries / CNF / model is timed, "
             "except in *satpuzzle command* (`satpuzzle solve --kind crossword GRID --dict en "
             "--limit 1`), which times the whole process, loading the list included.")]
    path = data / "crossword" / "grids-vanbeek.txt"
    if path.exists():
        grids = read_vanbeek(path)
        small = [(n, rows) for n, rows in grids if len(rows) == 5][:3 if quick else 10]
        large = [(n, rows) for n, rows in grids if len(rows) == 15][:0 if quick else 2]
        for name, rows in small + large:
            cases.append(Case(f"vb{name}-en", white_cells(rows),
                              crossword_instance(rows, words, False, name, "en")))
    else:
        notes.append(f"{path} missing: open grids instead of van Beek's")
        for side in (3, 4, 5) if quick else (3, 4, 5, 6):
            rows = tuple("1" * side for _ in range(side))
            cases.append(Case(f"open{side}-en", side * side,
                              crossword_instance(rows, words, False, f"open {side}", "en")))
    methods = [
        satpuzzle_method(crossword_satpuzzle),
        command_method(crossword_files, crossword_options),
        Method("seed 000 trie", crossword_trie,
               module_available("benchmarks.baselines.crossword_trie")),
        Method("CP-SAT", crossword_cpsat, module_available("benchmarks.baselines.cpsat"),
               applies=lambda case: not case.enumerate_all),
    ]
    return Suite("crossword", "Crosswords", cases, methods, limit, notes, "white cells",
                 trivial("crossword/seed-example.puz"))


# ---------------------------------------------------------------- shikaku


def shikaku_puzzle(size: int, seed: int) -> shikaku.ShikakuInstance:
    """As benchmarks/shikaku.py: depth ≈ log2(cells / 6), one merge round, unique."""
    depth = max(1, round(math.log2(size * size / 6)))
    return shikaku_generator.generate(size, size, depth=depth, merge_iters=1, merge_prob=0.2,
                                      seed=seed, unique=True)


def _placements(instance: shikaku.ShikakuInstance, rects: list) -> tuple:
    return tuple(shikaku.Placement((r, c), *rect)
                 for (r, c, _area), rect in zip(instance.clues, rects))


def shikaku_cbc(instance: shikaku.ShikakuInstance, time_limit: float) -> Answer:
    import time

    from benchmarks.baselines import shikaku_ilp

    start = time.perf_counter()
    rects = shikaku_ilp.solve(instance.rows, instance.cols, instance.clues, time_limit)
    if rects is None:
        late = time.perf_counter() - start >= 0.95 * time_limit
        return Answer("timeout" if late else "unsat", detail="CBC: no optimal status")
    return Answer("solved", [_placements(instance, rects)])


def shikaku_annealing(instance: shikaku.ShikakuInstance, time_limit: float) -> Answer:
    from benchmarks.baselines.shikaku_annealing import anneal

    rects, solved = anneal(instance.rows, instance.cols, instance.clues, seed=0)
    if not solved:
        return Answer("timeout", detail="annealing stopped without a solution")
    return Answer("solved", [_placements(instance, rects)])


def shikaku_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    limit = sizes_of(time_limit, quick, 10.0, 60.0)
    sizes = (8, 12, 16, 20) if quick else (10, 15, 20, 30, 40, 50)
    repeat = 2 if quick else 5
    cases = [Case(f"{size}x{size}#{seed}", size * size, shikaku_puzzle(size, seed))
             for size in sizes for seed in range(repeat)]
    notes = [("generated unique puzzles (satpuzzle's generator, as benchmarks/shikaku.py), "
             f"sizes {', '.join(f'{s}x{s}' for s in sizes)}, {repeat} seeds each; the annealing "
             "stops at 200,000 steps (a failure counts as timeout).")]
    methods = [
        satpuzzle_method(),
        command_method(),
        Method("CBC ILP (seed 002)", shikaku_cbc,
               module_available("benchmarks.baselines.shikaku_ilp")),
        Method("annealing (seed 002)", shikaku_annealing,
               module_available("benchmarks.baselines.shikaku_annealing"),
               applies=lambda instance: instance.rows <= 20),
        cpsat_method(),
    ]
    return Suite("shikaku", "Shikaku", cases, methods, limit, notes,
                 trivial=trivial("shikaku/small-5x5.txt", "--kind", "shikaku"))


# ---------------------------------------------------------------- hashi


def hashi_cbc(instance: hashi.HashiInstance, time_limit: float) -> Answer:
    from benchmarks.baselines import hashi_ilp

    status, solution = hashi_ilp.solve(instance, time_limit)
    if solution is not None:
        return Answer("solved", [solution])
    return Answer("unsat" if status == "Infeasible" else "timeout", detail=f"CBC: {status}")


def hashi_annealing(instance: hashi.HashiInstance, time_limit: float) -> Answer:
    from benchmarks.baselines import hashi_annealing as annealing

    result = annealing.solve(instance, seed=0)
    if result.solution is None:
        return Answer("timeout", detail=f"annealing gave up after {result.steps} steps")
    return Answer("solved", [result.solution])


def islands(instance: hashi.HashiInstance) -> int:
    return sum(1 for row in instance.grid for value in row if value)


def spread(items: list, count: int) -> list:
    """`count` items evenly spaced over `items`."""
    if count >= len(items):
        return list(items)
    return [items[i * len(items) // count] for i in range(count)]


def hashi_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    limit = sizes_of(time_limit, quick, 10.0, 60.0)
    folder = data / "hashi" / "coelho2019"
    cases: list[Case] = []
    notes = []
    small = 4 if quick else 12
    for seed in range(small):  # small generated puzzles, where the seed's annealing can work
        target = 6 + seed * 30 // max(1, small - 1)
        side = max(5, round((target * 4) ** 0.5))
        instance = hashi_generation.generate(side, side, islands=target, seed=seed)
        cases.append(Case(f"gen{side}x{side}#{seed}", islands(instance), instance))
    notes.append(f"{small} small generated puzzles (6-36 islands, as seed 002's tests) first.")
    if folder.exists():
        per_class = 3 if quick else 12
        for island_class in (100, 200, 300, 400):
            files = sorted((folder / str(island_class)).glob("*.has"))
            for path in spread(files, per_class):
                (instance,), _ = hashi.read_native(path.read_text(), str(path), {})
                cases.append(Case(path.stem, islands(instance), instance))
        notes.append(f"Coelho et al. (2019): {per_class} instances per class of 100, 200, 300, "
                     "400 islands, spread over each class's files.")
    else:
        notes.append(f"{folder} missing: generated puzzles only.")
        for seed in range(4 if quick else 12):
            instance = hashi_generation.generate(20, 20, islands=60 + 10 * seed, seed=100 + seed)
            cases.append(Case(f"gen20x20#{seed}", islands(instance), instance))
    notes.append("The seed's ILP has no connectivity constraint: a disconnected answer is "
                 "rejected by the rule checker and counted as wrong. The annealing runs at most "
                 "200,000 steps (a failure counts as timeout), on puzzles up to 100 islands.")
    methods = [
        satpuzzle_method(),
        command_method(),
        Method("CBC ILP (seed 002)", hashi_cbc, module_available("benchmarks.baselines.hashi_ilp")),
        Method("annealing (seed 002)", hashi_annealing,
               module_available("benchmarks.baselines.hashi_annealing"),
               applies=lambda instance: islands(instance) <= 100),
        cpsat_method(),
    ]
    return Suite("hashi", "Hashiwokakero", cases, methods, limit, notes, "islands",
                 trivial("hashi/dailyprogrammer-7x7.puz"))


# ---------------------------------------------------------------- jigsaw


def jigsaw_table(instance: jigsaw.JigsawInstance, time_limit: float) -> Answer:
    from benchmarks.baselines import jigsaw_cpsat

    status, solution = jigsaw_cpsat.solve(instance, time_limit)
    if solution is not None:
        return Answer("solved", [solution])
    return Answer("unsat" if status == "INFEASIBLE" else "timeout", detail=status)


def jigsaw_sat(instance: jigsaw.JigsawInstance, time_limit: float) -> Answer:
    """satpuzzle's SAT encoding (--engine sat), where --engine auto would search."""
    solution = next(satpuzzle.solutions(instance, limit=1, engine="sat"), None)
    return Answer("unsat") if solution is None else Answer("solved", [solution])


def jigsaw_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    limit = sizes_of(time_limit, quick, 10.0, 60.0)
    boards = ((3, 3, 3), (4, 4, 4), (5, 5, 5), (6, 6, 6)) if quick else \
        ((3, 3, 3), (4, 4, 4), (5, 5, 5), (6, 6, 6), (7, 7, 7), (8, 8, 8))
    cases = [Case(f"gen{r}x{c}-{labels}#{seed}", r * c,
                  jigsaw_generation.generate(r, c, labels=labels, seed=seed))
             for r, c, labels in boards for seed in range(2)]
    notes = ["generated boards (opposite matching, border zero, `labels` colours, 2 seeds each)",
             ("satpuzzle = `solve` as shipped (--engine auto: the depth-first search on boards "
              "of distinct pieces, SAT otherwise)")]
    folder = data / "jigsaw" / "brendan"
    if folder.exists():
        wanted = ("03x03", "04x04", "05x05", "06x05") if quick else \
            ("03x03", "04x04", "05x04", "05x05", "06x05", "06x06", "07x05", "08x05", "07x07")
        for name in wanted:
            path = folder / f"pieces_{name}.txt"
            if path.exists():
                (instance,), _ = jigsaw.read_native(path.read_text(), str(path), {})
                cases.append(Case(path.stem, len(instance.pieces), instance))
        notes.append("then Brendan Owen's boards (equal matching, border zero): "
                     + ", ".join(wanted) + ".")
    else:
        notes.append(f"{folder} missing: generated boards only.")
    methods = [
        satpuzzle_method(),
        command_method(),
        Method("satpuzzle --engine sat", jigsaw_sat, warm=warm_kind),
        cpsat_method(),
        Method("CP-SAT table model", jigsaw_table,
               module_available("benchmarks.baselines.jigsaw_cpsat")),
    ]
    return Suite("jigsaw", "Jigsaw (edge matching)", sorted(cases, key=lambda c: c.size),
                 methods, limit, notes, "pieces", trivial("jigsaw/language-example-2x2.puz"))


# ---------------------------------------------------------------- reductions


@dataclass(frozen=True)
class ReductionCase:
    name: str
    label: str
    source: Any
    KIND = "reduction"


def verify_reduction(case: ReductionCase, time_limit: float) -> Answer:
    """`satpuzzle verify NAME` on one random source instance, in process."""
    from satpuzzle.reductions import reduction
    from satpuzzle.verify import verify_instance

    report = verify_instance(reduction(case.name), case.source, case.label)
    if report.mismatch:
        return Answer("wrong", detail="; ".join(report.problems[:2])[:300])
    return Answer("solved", detail=f"{report.pieces} pieces")


def warm_verify(case: ReductionCase) -> None:
    import satpuzzle.verify  # noqa: F401

    warm_kind(case.source)
    warm_kind(jigsaw.JigsawInstance(1, 1, ((0, 0, 0, 0),)))


def reductions_suite(data: Path, quick: bool, time_limit: float) -> Suite:
    from satpuzzle.reductions import REDUCTIONS, reduction
    from satpuzzle.verify import random_sources

    limit = sizes_of(time_limit, quick, 10.0, 60.0)
    count = 5 if quick else 30
    cases = []
    methods = []
    for name in REDUCTIONS:
        module = reduction(name)
        for label, source in random_sources(module, count, seed=0, size=4):
            pieces = len(module.reduce(source).pieces)
            cases.append(Case(f"{name} {label}", pieces, ReductionCase(name, label, source)))
        methods.append(Method(name, verify_reduction, warm=warm_verify,
                              applies=lambda case, name=name: case.name == name))
    notes = [(f"`satpuzzle verify NAME --random {count}` (seed 0, size 4) per reduction, in "
             "process: solve the source, reduce, solve the jigsaw (up to 5 solutions), map "
             "solutions both ways and rule-check them; one row per reduction; size = pieces "
             "of the jigsaw.")]
    return Suite("reductions", "Reductions (verify)", cases, methods, limit, notes, "pieces")


def reduction_check(case: Any, solution: Any) -> list[str]:
    return []  # verify_instance checks everything itself through the rule checkers


# ---------------------------------------------------------------- registry of suites


BUILDERS: dict[str, Callable[[Path, bool, float], Suite]] = {
    "sudoku": sudoku_suite,
    "crossword": crossword_suite,
    "shikaku": shikaku_suite,
    "hashi": hashi_suite,
    "jigsaw": jigsaw_suite,
    "reductions": reductions_suite,
}

CHECKERS: dict[str, Callable[[Any, Any], list[str]]] = {
    "crossword": crossword_check,
    "reductions": reduction_check,
}


def checker_for(kind: str) -> Callable[[Any, Any], list[str]]:
    """The rule checker a suite's answers go through (satpuzzle's independent checkers)."""
    return CHECKERS.get(kind, satpuzzle.check)
