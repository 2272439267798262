"""Enumeration at scale, the report's "Enumeration at scale" section (`python -m benchmarks
--kinds scale`): `satpuzzle solve --count` and `--all` on instances with 10^5 solutions or
more, every one a whole process, against clingo on its own ASP model
(benchmarks/baselines/clingo_count.py, `python -m clingo PROGRAM 0 --project=show`) and CP-SAT
(benchmarks/baselines/cpsat_enumerate.py: OR-Tools' enumerate_all_solutions with a solution
callback that counts, or prints each solution for --all).

- Every method is a process of its own, started through satpuzzle.children.run_command
  (killed with everything it started at the time limit), its standard output written to a
  file (printing every solution is part of the path), timed from before it starts to after
  it has exited. Methods run interleaved (run 1 of each, then run 2 of each, the order
  rotated every round), so that a busy moment of the machine hits all of them; medians.
- The counts are read from what each process printed: satpuzzle's --count lines (one per
  puzzle of a batch, summed), the solutions its --all printed (blocks separated by blank
  lines, or lines for one-line puzzles), clingo's `Models :` line or its `Answer:` lines,
  CP-SAT's count or solution lines. Every printed solution must be distinct, and every count
  must equal the count known independently (a closed form, a dynamic program) where there
  is one, else the count most methods agree on; any other is **wrong**.
- `--engine auto`'s choice per row: satpuzzle runs with `--stats`, whose line says whether
  the kind's own search engine or a CNF answered; for a CNF, whether clasp enumerates it or
  SAT with blocking clauses does is the pipeline's own rule (`pipeline.enumerates_natively`)
  on the instance's formula.

Instances: Latin squares of order 5 (an empty 5×5 Sudoku with boxes 1×5, 161,280), a batch of
1,000 empty 4×4 Sudokus (288 each), the Fibonacci jigsaw 4×20 (4,181, a target of the issue)
and 4×27 (121,393 = F(26)), a 4×4 crossword whose last cell is `x` with the built-in English
list (276,703 fills), Shikaku dominoes (every cell of one checkerboard colour holds a 2: the
solutions are the domino tilings of the board, 167,089 on 6×8), and from the shared data a
Hashiwokakero instance of Coelho et al. (2019) with 115,584 solutions and a PARTITION
instance with 399,307 perfect splits. `--quick` takes smaller crossword, jigsaw, Hashi and
PARTITION instances (the Latin squares, the batch and the dominoes stay) and one run; a
few minutes on 2 cores.

Also a script: `python benchmarks/scale.py [--quick] [--runs N] [--cases latin,batch,...]`
prints the section's Markdown on standard output.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from satpuzzle.children import run_command

SATPUZZLE, CLINGO, CPSAT = "satpuzzle", "clingo", "CP-SAT"
METHODS = (SATPUZZLE, CLINGO, CPSAT)
MODES = ("count", "all")
LONG = 60.0  # a method whose first run took longer runs once (its spread is small next to it)
CPSAT_SCRIPT = ROOT / "benchmarks" / "baselines" / "cpsat_enumerate.py"

# One Python process for clingo's side of a batch: each one-line 4×4 Sudoku its own
# program (the facts of clingo_count._sudoku, written here from the line, so that no
# satpuzzle import weighs on clingo's start-up), grounded and solved in turn; `count`
# prints each puzzle's number of models, `all` each model on a line.
CLINGO_BATCH = """
import sys
import clingo
RULES = '''RULES_HERE'''
path, mode, rows, cols = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
side = rows * cols
cells = " ".join(f"cell({r},{c}). unit(row({r}),{r},{c}). unit(col({c}),{r},{c}). "
                 f"unit(box({r // rows},{c // cols}),{r},{c})."
                 for r in range(side) for c in range(side)) + f" size({side})."
out = sys.stdout
for line in open(path):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    givens = " ".join(f"given({i // side},{i % side},{int(ch, 36)})."
                      for i, ch in enumerate(line) if ch not in ".0")
    control = clingo.Control(["0", "--project=show", "--warn=none"])
    control.add("base", [], cells + givens + RULES)
    control.ground([("base", [])])
    if mode == "count":
        control.solve()
        print(int(control.statistics["summary"]["models"]["enumerated"]))
    else:
        control.solve(on_model=lambda model: out.write(str(model) + "\\n"))
"""


# ---------------------------------------------------------------- records


@dataclass
class ScaleRecord:
    """One (instance, mode, method): its whole-process times, one per run, and what it
    printed. `status`: solved (complete, count read), timeout, wrong (after checking),
    error, absent. `engine`: what satpuzzle's --engine auto ran (satpuzzle rows only)."""

    case: str
    kind: str
    mode: str
    method: str
    times: list[float]
    status: str
    count: int | None = None
    detail: str = ""
    engine: str = ""
    expected: int | None = None  # the count known independently, where there is one
    target: float | None = None  # the bound on satpuzzle ÷ clingo for this row


@dataclass
class ScaleSection:
    """The report's "Enumeration at scale" section."""

    title: str
    records: list[ScaleRecord]
    runs: int
    time_limit: float
    notes: list[str] = field(default_factory=list)
    startup: dict[str, list[float]] = field(default_factory=dict)
    kind: str = "scale"


# ---------------------------------------------------------------- cases


@dataclass
class ScaleCase:
    """An instance, written to files, and the command of every method in every mode."""

    name: str
    kind: str
    expected: int | None
    commands: dict[str, dict[str, list[str]]]  # method: mode: argv
    instance: Any = None  # satpuzzle's instance (the first puzzle of a batch)
    copies: int = 1  # puzzles in a batch, all the same: each solution printed `copies` times
    lines: bool = False  # satpuzzle prints one line per solution (one-line puzzles)
    targets: dict[str, float] = field(default_factory=dict)  # mode: bound on ÷ clingo
    note: str = ""


def own_limit(limit: float) -> int:
    """The time limit each process is given, a little under the one that kills it, so that
    it stops by itself and says how far it got."""
    return max(1, int(limit - min(10.0, limit / 10)))


def satpuzzle_argv(limit: float, *arguments: object) -> dict[str, list[str]]:
    base = [sys.executable, "-m", "satpuzzle", "solve", *map(str, arguments)]
    return {mode: [*base, f"--{mode}", "--stats", "--timeout", str(own_limit(limit))]
            for mode in MODES}


def clingo_argv(program: Path, limit: float) -> dict[str, list[str]]:
    base = [sys.executable, "-m", "clingo", str(program), "0", "--project=show",
            "--warn=none", f"--time-limit={own_limit(limit)}"]
    return {"count": [*base, "-q"], "all": base}


def cpsat_argv(model: Path, limit: float) -> dict[str, list[str]]:
    return {mode: [sys.executable, str(CPSAT_SCRIPT), str(model), mode,
                   "--time-limit", str(own_limit(limit))] for mode in MODES}


def peers(case_name: str, instance: Any, folder: Path, limit: float) -> dict[str, dict]:
    """clingo's program and CP-SAT's model of `instance`, written to `folder`."""
    from benchmarks.baselines import clingo_count, cpsat

    stem = re.sub(r"[^a-z0-9]+", "-", case_name.lower()).strip("-")
    writers = {"sudoku": (clingo_count._sudoku, clingo_count.SUDOKU),
               "jigsaw": (clingo_count._jigsaw, clingo_count.JIGSAW),
               "crossword": (clingo_count._crossword, clingo_count.CROSSWORD),
               "shikaku": (clingo_count._shikaku, clingo_count.SHIKAKU),
               "partition": (clingo_count._partition, clingo_count.PARTITION),
               "hashi": (clingo_count._hashi, clingo_count.HASHI),
               "one-in-three-sat": (clingo_count._one_in_three, clingo_count.ONE_IN_THREE)}
    facts, rules = writers[instance.KIND]
    program = folder / f"{stem}.lp"
    program.write_text("\n".join(facts(instance)) + rules)
    commands = {CLINGO: clingo_argv(program, limit)}
    if cpsat.AVAILABLE:
        model = folder / f"{stem}.cpsat.txt"
        cpsat.export(instance, str(model))
        commands[CPSAT] = cpsat_argv(model, limit)
    return commands


def latin_case(folder: Path, limit: float) -> ScaleCase:
    """The 161,280 Latin squares of order 5 (OEIS A002860), as an empty Sudoku with 1×5 boxes."""
    import satpuzzle
    from benchmarks.enumeration import LATIN

    path = folder / "latin5.puz"
    path.write_text(LATIN)
    (instance,) = satpuzzle.load(str(path))
    name = "Latin squares 5×5 (empty Sudoku, box 1x5)"
    return ScaleCase(name, "sudoku", 161_280,
                     {SATPUZZLE: satpuzzle_argv(limit, path), **peers(name, instance, folder, limit)},
                     instance, targets={"count": 1.0, "all": 1.5},
                     note="161,280 = the Latin squares of order 5 (OEIS A002860)")


def batch_case(folder: Path, limit: float, puzzles: int) -> ScaleCase:
    """`puzzles` empty 4×4 Sudokus in one one-line file (288 solutions each)."""
    import satpuzzle
    from benchmarks.baselines import clingo_count

    path = folder / f"empty4x4-{puzzles}.txt"
    path.write_text(("." * 16 + "\n") * puzzles)
    script = folder / "clingo_batch.py"
    script.write_text(CLINGO_BATCH.replace("RULES_HERE", clingo_count.SUDOKU))
    instance = satpuzzle.load(str(path), kind="sudoku")[0]
    commands = {SATPUZZLE: satpuzzle_argv(limit, path, "--box", "2x2"),
                CLINGO: {mode: [sys.executable, str(script), str(path), mode, "2", "2"]
                         for mode in MODES},
                CPSAT: {mode: [sys.executable, str(CPSAT_SCRIPT), "--sudoku-batch", str(path),
                               "--box", "2x2", mode, "--time-limit", str(own_limit(limit))]
                        for mode in MODES}}
    return ScaleCase(f"{puzzles:,} empty 4×4 Sudokus, one file", "sudoku", 288 * puzzles,
                     commands, instance, copies=puzzles, lines=True,
                     targets={"count": 1.0, "all": 1.5},
                     note=("one one-line file; satpuzzle answers it as one batch; clingo and "
                           "CP-SAT, one Python process each, build, ground and solve each "
                           "puzzle in turn"))


def fibonacci_case(folder: Path, limit: float, n: int) -> ScaleCase:
    from benchmarks.jigsaw_claims import family_count, fibonacci_family
    from satpuzzle.kinds.jigsaw import puzzle as jigsaw

    instance = fibonacci_family(n)
    path = folder / f"fibonacci-4x{n}.puz"
    path.write_text(jigsaw.to_puz(instance))
    name = f"jigsaw Fibonacci 4×{n}"
    return ScaleCase(name, "jigsaw", family_count(n),
                     {SATPUZZLE: satpuzzle_argv(limit, path), **peers(name, instance, folder, limit)},
                     instance, targets={"count": 1.0, "all": 1.5} if n == 20 else {},
                     note=(f"Behague (2024) §5.2.3's family (benchmarks/jigsaw_claims.py): "
                           f"domino tilings of the 2×{n - 2} interior, F({n - 1}) = "
                           f"{family_count(n):,}"))


def crossword_case(folder: Path, limit: float, side: int, letter: str,
                   dictionary: str) -> ScaleCase:
    from satpuzzle.loading import load

    path = folder / f"crossword-{side}x{side}-{letter}.txt"
    rows = ["1" * side] * (side - 1) + ["1" * (side - 1) + letter]
    path.write_text("\n".join(rows) + "\n")
    (instance,) = load(str(path), "crossword", {"dict": dictionary}).instances
    name = f"crossword {side}×{side}, last cell `{letter}`, `--dict {dictionary}`"
    return ScaleCase(name, "crossword", None,
                     {SATPUZZLE: satpuzzle_argv(limit, "--kind", "crossword", path, "--dict",
                                                dictionary),
                      **peers(name, instance, folder, limit)},
                     instance,
                     note=(f"every fill of an open {side}×{side} grid whose last cell is "
                           f"`{letter}`, the built-in `{dictionary}` list "
                           f"({len(instance.words):,} words); clingo's and CP-SAT's inputs "
                           "hold the words of the slots' length only, written beforehand"))


def domino_tilings(rows: int, cols: int) -> int:
    """Domino tilings of a rows × cols board, by a dynamic program over columns (the state:
    which cells of the next column are already covered)."""
    ways = {0: 1}
    for _ in range(cols):
        following: dict[int, int] = {}
        for filled, count in ways.items():
            stack = [(0, filled, 0)]
            while stack:
                row, mask, spill = stack.pop()
                if row == rows:
                    following[spill] = following.get(spill, 0) + count
                    continue
                if mask >> row & 1:
                    stack.append((row + 1, mask, spill))
                    continue
                stack.append((row + 1, mask, spill | 1 << row))  # a domino across
                if row + 1 < rows and not mask >> (row + 1) & 1:
                    stack.append((row + 2, mask, spill))  # a domino down
        ways = following
    return ways.get(0, 0)


def dominoes_case(folder: Path, limit: float, rows: int, cols: int) -> ScaleCase:
    import satpuzzle
    from satpuzzle.kinds.shikaku import puzzle as shikaku

    clues = tuple((r, c, 2) for r in range(rows) for c in range(cols) if (r + c) % 2 == 0)
    instance = shikaku.ShikakuInstance(rows, cols, clues)
    path = folder / f"dominoes-{rows}x{cols}.puz"
    path.write_text(satpuzzle.export(instance, "puz"))
    name = f"Shikaku dominoes {rows}×{cols}"
    return ScaleCase(name, "shikaku", domino_tilings(rows, cols),
                     {SATPUZZLE: satpuzzle_argv(limit, path), **peers(name, instance, folder, limit)},
                     instance,
                     note=("a 2 on every cell of one checkerboard colour: a rectangle of area "
                           "2 holding one clue is any domino, so the solutions are the domino "
                           f"tilings of the board, {domino_tilings(rows, cols):,} (counted by "
                           "a transfer-matrix dynamic program here)"))


def subset_splits(numbers: Sequence[int]) -> int:
    """Perfect splits of `numbers` (the part holding the first number), by dynamic
    programming over the sums."""
    total = sum(numbers)
    if total % 2:
        return 0
    half = total // 2
    ways = [0] * (half + 1)
    ways[0] = 1
    for number in numbers[1:]:
        for value in range(half, number - 1, -1):
            ways[value] += ways[value - number]
    return ways[half - numbers[0]] if numbers[0] <= half else 0


def partition_case(folder: Path, limit: float, data: Path, index: int) -> ScaleCase | None:
    import satpuzzle
    from satpuzzle.kinds.partition.puzzle import PartitionInstance

    table = data / "partition" / "partdata.tsv"
    if not table.exists():
        return None
    numbers = next((tuple(int(v) for v in line.split("\t")[3].split())
                    for line in table.read_text().splitlines()
                    if not line.startswith("#") and line.split("\t")[0] == str(index)), None)
    if numbers is None:
        return None
    instance = PartitionInstance(numbers)
    path = folder / f"partdata-{index}.puz"
    path.write_text(satpuzzle.export(instance, "puz"))
    splits = subset_splits(numbers)
    name = f"PARTITION partdata #{index} ({len(numbers)} numbers ≤ {max(numbers)})"
    return ScaleCase(name, "partition", splits,
                     {SATPUZZLE: satpuzzle_argv(limit, path), **peers(name, instance, folder, limit)},
                     instance,
                     note=(f"a real instance (shared data, partition/partdata.tsv, row "
                           f"{index}): {splits:,} perfect splits, counted by a subset-sum "
                           "dynamic program here"))


def hashi_case(folder: Path, limit: float, data: Path, name: str) -> ScaleCase | None:
    """A Coelho et al. (2019) instance of the shared data: many of them have 10^4 to 10^6
    solutions (published puzzles have one; these were generated for an optimisation
    benchmark)."""
    import satpuzzle

    paths = sorted((data / "hashi" / "coelho2019").glob(f"*/{name}.has"))
    if not paths:
        return None
    (instance,) = satpuzzle.load(str(paths[0]))
    islands = sum(1 for row in instance.grid for value in row if value)
    label = f"Hashiwokakero {name} ({islands} islands)"
    return ScaleCase(label, "hashi", None,
                     {SATPUZZLE: satpuzzle_argv(limit, paths[0]),
                      **peers(label, instance, folder, limit)}, instance,
                     note=("a real instance (shared data, Coelho et al. 2019, "
                           f"hashi/coelho2019/{paths[0].parent.name}/{paths[0].name})"))


CASES = ("latin", "batch", "fibonacci", "crossword", "dominoes", "hashi", "partition")
HASHI_FULL, HASHI_QUICK = "Hs_24_200_25_10_004", "Hs_16_100_50_00_001"  # 115,584 and 3,888
PARTITION_FULL, PARTITION_QUICK = 163, 90  # rows of partdata.tsv: 399,307 and 13,018 splits


def build_cases(folder: Path, data: Path, quick: bool, limit: float,
                wanted: Sequence[str] = CASES) -> list[ScaleCase]:
    """The instances of the section (smaller ones under --quick), written to `folder`."""
    cases: list[ScaleCase | None] = []
    if "latin" in wanted:
        cases.append(latin_case(folder, limit))
    if "batch" in wanted:
        cases.append(batch_case(folder, limit, 1000))
    if "fibonacci" in wanted:
        cases += [fibonacci_case(folder, limit, n) for n in ((20,) if quick else (20, 27))]
    if "crossword" in wanted:
        cases.append(crossword_case(folder, limit, 3 if quick else 4, "x", "en"))
    if "dominoes" in wanted:
        cases.append(dominoes_case(folder, limit, 6, 8))
    if "hashi" in wanted:
        cases.append(hashi_case(folder, limit, data, HASHI_QUICK if quick else HASHI_FULL))
    if "partition" in wanted:
        cases.append(partition_case(folder, limit, data,
                                    PARTITION_QUICK if quick else PARTITION_FULL))
    return [case for case in cases if case is not None]


# ---------------------------------------------------------------- reading what was printed


@dataclass
class Reading:
    """What one process printed: its count (None: unreadable), the number of distinct
    solutions printed (--all), whether it says it finished, the engine satpuzzle names."""

    count: int | None
    distinct: int | None = None
    complete: bool = True
    engine: str = ""
    detail: str = ""


def blocks(path: Path, lines: bool) -> tuple[int, int]:
    """(solutions, distinct solutions) in a file: blocks separated by blank lines, or
    one solution per line."""
    seen: set[int] = set()
    total = 0
    block: list[bytes] = []
    with open(path, "rb") as handle:
        for line in handle:
            if lines:
                if line.strip():
                    total += 1
                    seen.add(hash(line))
                continue
            if line.strip():
                block.append(line)
            elif block:
                total += 1
                seen.add(hash(b"".join(block)))
                block = []
    if block:
        total += 1
        seen.add(hash(b"".join(block)))
    return total, len(seen)


def integers(text: str) -> int | None:
    """The sum of the integer lines of `text` (one per puzzle), None when there is none or
    a line is something else."""
    values = [line.strip() for line in text.splitlines() if line.strip()]
    if not values or not all(value.isdigit() for value in values):
        return None
    return sum(int(value) for value in values)


def read_satpuzzle(out: Path, err: Path, mode: str, case: ScaleCase) -> Reading:
    errors = err.read_text(errors="replace")
    engine = ""
    for line in errors.splitlines():
        found = re.match(r"satpuzzle: stats: (\S+) engine", line)
        if found:
            engine = f"{found.group(1)} (the kind's own)"
        elif line.startswith("satpuzzle: stats: variables"):
            engine = "CNF"
        if "counted by ganak" in line:
            engine = "ganak"
        if "enumerated by clasp" in line:
            engine = "clasp (clingo)"
    if mode == "count":
        count = integers(out.read_text(errors="replace"))
        return Reading(count, engine=engine, detail="" if count is not None
                       else f"unreadable output: {errors.strip()[-200:]}")
    total, distinct = blocks(out, case.lines)
    return Reading(total, distinct, engine=engine)


MODELS = re.compile(r"^Models\s*:\s*(\d+)(\+?)", re.MULTILINE)


def read_clingo(out: Path, err: Path, mode: str, case: ScaleCase) -> Reading:
    if case.copies > 1:  # the batch script: counts, or one model per line
        if mode == "count":
            return Reading(integers(out.read_text(errors="replace")))
        total, distinct = blocks(out, True)
        return Reading(total, distinct)
    if mode == "count":
        text = out.read_text(errors="replace")
        found = MODELS.search(text)
        if not found:
            return Reading(None, detail=f"no Models line: {text.strip()[-200:]}")
        return Reading(int(found.group(1)), complete=not found.group(2))
    total = 0
    seen: set[int] = set()
    complete = False
    with open(out, "rb") as handle:
        answer = False
        for line in handle:
            if answer:
                seen.add(hash(frozenset(line.split())))
                answer = False
            elif line.startswith(b"Answer:"):
                total += 1
                answer = True
            elif line.startswith(b"Models"):
                complete = not line.rstrip().endswith(b"+")
    return Reading(total, len(seen), complete)


def read_cpsat(out: Path, err: Path, mode: str, case: ScaleCase) -> Reading:
    if mode == "count":
        return Reading(integers(out.read_text(errors="replace")))
    total, distinct = blocks(out, True)
    return Reading(total, distinct)


READERS: dict[str, Callable[[Path, Path, str, ScaleCase], Reading]] = {
    SATPUZZLE: read_satpuzzle, CLINGO: read_clingo, CPSAT: read_cpsat}
# exit codes of a finished run: satpuzzle 1 = no solution; clingo's 10 / 20 / 30 = satisfiable
# / unsatisfiable / both and exhausted, when its application sets them (python -m clingo: 0)
OK_CODES = {SATPUZZLE: {0, 1}, CLINGO: {0, 10, 20, 30}, CPSAT: {0}}


# ---------------------------------------------------------------- running


def run_process(argv: list[str], folder: Path, limit: float) -> tuple[int | None, float,
                                                                      Path, Path]:
    """(exit code or None when killed at the limit, wall seconds, stdout file, stderr file)."""
    out, err = folder / "stdout", folder / "stderr"
    started = time.perf_counter()
    code, _killed = run_command(argv, out, err, limit)
    return code, time.perf_counter() - started, out, err


def one_run(case: ScaleCase, method: str, mode: str, folder: Path,
            limit: float) -> tuple[str, float, Reading]:
    """One whole process: its status (solved, timeout, error), seconds and reading."""
    code, seconds, out, err = run_process(case.commands[method][mode], folder, limit)
    try:
        if code is None:
            return "timeout", seconds, Reading(None, detail=f"killed after {seconds:.0f} s")
        reading = READERS[method](out, err, mode, case)
        if code == 3 or not reading.complete:
            return "timeout", seconds, Reading(reading.count, detail="stopped by its time "
                                               f"limit after {reading.count or 0:,} solutions")
        if code not in OK_CODES[method] or reading.count is None:
            tail = err.read_text(errors="replace").strip().splitlines()[-2:]
            detail = reading.detail or f"exit {code}: {' | '.join(tail)}"
            return "error", seconds, Reading(None, detail=detail[:300])
        return "solved", seconds, reading
    finally:
        out.unlink(missing_ok=True)
        err.unlink(missing_ok=True)


def auto_engine(case: ScaleCase, stated: str) -> str:
    """What `--engine auto` ran, from satpuzzle's --stats line (`stated`) and, for a CNF,
    the pipeline's own rule for clasp against SAT with blocking clauses."""
    if stated != "CNF" or case.instance is None:  # a named engine, clasp included
        return stated or "?"
    from satpuzzle import pipeline

    formula = pipeline.compile(case.instance).formula
    native = pipeline.enumerates_natively(formula, pipeline.Request(limit=None), None)
    return "clasp (clingo)" if native else "SAT (CaDiCaL, blocking clauses)"


def run_case(case: ScaleCase, runs: int, limit: float, folder: Path,
             progress: Callable[[str], None] = lambda line: None) -> list[ScaleRecord]:
    """Every method in both modes, `runs` interleaved rounds each (order rotated), checked.
    A method that timed out counting is not asked to print every solution (a record with
    no time says so)."""
    records: list[ScaleRecord] = []
    counted_late = set()
    for mode in MODES:
        methods = [method for method in METHODS if method in case.commands]
        times: dict[str, list[float]] = {method: [] for method in methods}
        outcome: dict[str, tuple[str, Reading]] = {
            method: ("timeout", Reading(None, detail="not run: its --count timed out"))
            for method in methods if method in counted_late}
        for round_ in range(runs):
            shift = round_ % len(methods)
            for method in methods[shift:] + methods[:shift]:
                status, previous = outcome.get(method, ("solved", None))
                if status != "solved" or (times[method] and times[method][0] > LONG):
                    continue  # a timeout or an error is not repeated, nor a long run
                status, seconds, reading = one_run(case, method, mode, folder, limit)
                times[method].append(seconds)
                if previous is not None and status == "solved" and (
                        reading.count, reading.distinct) != (previous.count, previous.distinct):
                    status, reading = "wrong", Reading(
                        reading.count, reading.distinct, detail=(
                            f"runs disagree: {previous.count} then {reading.count}"))
                outcome[method] = (status, reading)
                progress(f"scale {case.name} --{mode} {method}: {status} {seconds:.2f} s"
                         + (f" ({reading.count:,})" if reading.count is not None else ""))
        for method in methods:
            status, reading = outcome[method]
            record = ScaleRecord(case.name, case.kind, mode, method, times[method], status,
                                 reading.count, reading.detail, expected=case.expected,
                                 target=case.targets.get(mode))
            if mode == "count" and status == "timeout":
                counted_late.add(method)
            if method == SATPUZZLE:
                record.engine = auto_engine(case, reading.engine)
            if status == "solved" and mode == "all" and reading.distinct is not None \
                    and reading.distinct * case.copies != reading.count:
                record.status = "wrong"
                record.detail = (f"{reading.count:,} solutions printed, "
                                 f"{reading.distinct:,} distinct")
            records.append(record)
    reconcile(records)
    return records


def reconcile(records: list[ScaleRecord]) -> None:
    """Per instance, every count against the truth: the independently known count where
    there is one, else the count most (method, mode) records agree on (satpuzzle's on a
    tie). A disagreeing count is wrong; a timeout's partial count is left alone."""
    by_case: dict[str, list[ScaleRecord]] = {}
    for record in records:
        by_case.setdefault(record.case, []).append(record)
    for group in by_case.values():
        counted = [r for r in group if r.status == "solved" and r.count is not None]
        truth = group[0].expected
        if truth is None and counted:
            votes = Counter(r.count for r in counted)
            best = max(votes.values())
            leaders = [count for count, n in votes.items() if n == best]
            ours = [r.count for r in counted if r.method == SATPUZZLE and r.count in leaders]
            truth = ours[0] if ours else leaders[0]
        for record in counted:
            if record.count != truth:
                record.status = "wrong"
                record.detail = f"count {record.count:,}, expected {truth:,}"


# ---------------------------------------------------------------- start-up


def startup_commands(folder: Path) -> dict[str, list[str]]:
    """Each method's process on a trivial instance, and the interpreter alone."""
    from benchmarks.harness import python_baselines

    puzzle = ROOT / "instances" / "sudoku" / "classic.puz"
    program = folder / "trivial.lp"
    program.write_text("a.\n")
    commands = {"`satpuzzle solve` (a 9×9 Sudoku)":
                [sys.executable, "-m", "satpuzzle", "solve", str(puzzle)],
                "`python -m clingo` (the program `a.`)":
                [sys.executable, "-m", "clingo", str(program), "0", "--warn=none"]}
    try:
        import satpuzzle
        from benchmarks.baselines import cpsat

        model = folder / "trivial.cpsat.txt"
        cpsat.export(satpuzzle.load(str(puzzle))[0], str(model))
        commands["CP-SAT script (the same Sudoku)"] = [sys.executable, str(CPSAT_SCRIPT),
                                                       str(model), "count"]
    except (ImportError, RuntimeError):
        pass
    return {**commands, **python_baselines()}


# ---------------------------------------------------------------- the section


def section(data: Path, quick: bool, time_limit: float = 0.0,
            progress: Callable[[str], None] = lambda line: None,
            wanted: Sequence[str] = CASES, runs: int = 0) -> ScaleSection:
    from benchmarks.harness import time_processes

    limit = time_limit or (60.0 if quick else 300.0)
    runs = runs or (1 if quick else 3)
    records: list[ScaleRecord] = []
    with tempfile.TemporaryDirectory(prefix="satpuzzle-scale-") as name:
        folder = Path(name)
        cases = build_cases(folder, data, quick, limit, wanted)
        startup = time_processes(startup_commands(folder), 3 if quick else 5)
        for case in cases:
            progress(f"== scale: {case.name} (expected {case.expected or '?'})")
            records += run_case(case, runs, limit, folder, progress)
    notes = [f"{case.name}: {case.note}." for case in cases if case.note]
    for kind, where in (("partition", "partition/partdata.tsv"), ("hashi", "hashi/coelho2019")):
        if kind in wanted and not any(case.kind == kind for case in cases):
            notes.append(f"no {kind} row: {data / where} not found.")
    return ScaleSection("Enumeration at scale", records, runs, limit, notes, startup)


def main(argv: list[str] | None = None) -> int:
    from benchmarks.report import scale_lines

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=0.0)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args(argv)
    wanted = [name.strip() for name in args.cases.split(",") if name.strip()]
    made = section(args.data, args.quick, args.timeout,
                   lambda line: print(line, file=sys.stderr, flush=True), wanted, args.runs)
    print("\n".join(scale_lines(made)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
