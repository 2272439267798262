"""The encoding study: `python -m benchmarks.encodings` writes docs/ENCODINGS.md.

    python -m benchmarks.encodings [--quick] [--kinds sudoku,hashi,...] [--budget S]
                                   [--out docs/ENCODINGS.md] [--data ../shared/data]

Three parts, each measured when it runs (nothing in the report is typed by hand but the
literature's claims and the prose):

1. Lynce & Ouaknine (2006): their minimal, efficient and extended 9×9 Sudoku encodings,
   rebuilt through the constraint library (benchmarks/lynce_ouaknine.py), their clause
   counts checked against the paper's, and how many puzzles of top95, top1465 and the
   17-clue set unit propagation solves, and unit propagation with failed-literal probing.
2. Propagation strength: for every at-most-one, cardinality and PB encoding of the
   registry, whether unit propagation is generalised arc consistent (GAC) on its inputs,
   checked on every partial assignment of small constraints, beside what the literature
   says.
3. Every kind, every switchable family (`Kind.encoding_families`, read when the study runs)
   and every encoding the registry allows for it: variables, clauses, compile time, time to
   the first solution and (where small enough) to count the solutions, on the bundled
   instances `instances/<kind>/`, through the real pipeline (`satpuzzle.encoded`, then
   `satpuzzle.count` with `engine="sat"`, so that no kind's own engine answers instead of
   the CNF), each call in a child process killed at the budget.

--quick: top95 and the first puzzles of the other sets, one bundled instance per kind, a
short budget and no counting (under 2 minutes on 2 cores). Progress goes to stderr; the
report and its plots (docs/benchmarks/encodings-*.png) are written at the end. Not part of
the test suite (tests/benchmarks/test_encodings_study.py runs the counts and a tiny study).
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import pickle
import platform
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pysat.solvers import Solver

import satpuzzle
from benchmarks import lynce_ouaknine as lo
from satpuzzle import pipeline
from satpuzzle.children import ChildFailed, run_children
from satpuzzle.cnf import Formula
from satpuzzle.constraints import ENCODINGS, Model, choices
from satpuzzle.constraints.encodings import DEFAULTS
from satpuzzle.errors import InputError
from satpuzzle.kinds.registry import KINDS

PLOTS = "benchmarks"  # the plots' folder under docs/, beside the benchmark report's


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# ================================================================ 1. Lynce & Ouaknine

# (file, name, puzzles read (None: all), puzzles probed (None: all)) per mode; probing
# costs 20-50 ms a puzzle on the minimal and efficient encodings (about 25 min each for the
# whole 17-clue set), 1 ms on the extended one, which probes every puzzle
SETS_FULL = [("top95.txt", "top95", None, None),
             ("puzzles3_magictour_top1465", "top1465", None, None),
             ("puzzles2_17_clue", "17-clue", None, 2000)]
PROBE_ALL = ("extended",)
SETS_QUICK = [("top95.txt", "top95", None, None),
              ("puzzles3_magictour_top1465", "top1465", 100, 30),
              ("puzzles2_17_clue", "17-clue", 1000, 30)]


@dataclass
class LynceOuaknine:
    clauses: dict[str, int]  # variant → clauses of the empty grid
    variables: dict[str, int]
    family_clauses: dict[str, dict[str, int]]  # variant → family → clauses
    results: list[lo.SetResult]
    missing: list[str]


def lynce_ouaknine(data: Path, quick: bool) -> LynceOuaknine:
    clauses, variables, per_family = {}, {}, {}
    for variant in lo.VARIANTS:
        formula, _x = lo.empty_grid(variant)
        clauses[variant], variables[variant] = formula.num_clauses, formula.num_vars
        per_family[variant] = {row.name: row.clauses for row in formula.explanation()}
        progress(f"Lynce & Ouaknine {variant}: {formula.num_vars} variables, "
                 f"{formula.num_clauses} clauses (published {lo.PUBLISHED_CLAUSES[variant]})")
    results, missing = [], []
    for filename, name, cap, probe_cap in (SETS_QUICK if quick else SETS_FULL):
        path = data / "sudoku" / filename
        if not path.exists():
            missing.append(f"{name} ({path} not found)")
            continue
        puzzles = lo.read_puzzles(path, cap)
        for variant in lo.VARIANTS:
            everything = not quick and variant in PROBE_ALL
            result = lo.measure(variant, name, puzzles, None if everything else probe_cap)
            results.append(result)
            progress(f"  {name} {variant}: unit propagation {result.unit}/{result.puzzles} "
                     f"({result.unit_seconds:.1f} s), probing {result.probing}/"
                     f"{result.probing_puzzles} ({result.probing_seconds:.1f} s)")
    return LynceOuaknine(clauses, variables, per_family, results, missing)


# ================================================================ 2. propagation strength

# What the literature says of unit propagation on each encoding (GAC: generalised arc
# consistency, every input literal the constraint forces is forced by unit propagation).
LITERATURE = {
    ("amo", "pairwise"): "GAC (trivially: a true literal falsifies every other)",
    ("amo", "seqcounter"): "GAC (Sinz 2005)",
    ("amo", "ladder"): "GAC (Gent & Nightingale 2004)",
    ("amo", "bitwise"): "GAC (a true literal fixes every bit; Frisch et al. 2005)",
    ("amo", "commander"): "GAC (Klieber & Kwon 2007)",
    ("amo", "product"): "GAC (Chen 2010)",
    ("amo", "bimander"): "GAC (Nguyen & Mai 2015)",
    ("amo", "totalizer"): "GAC (Bailleux & Boufkhad 2003)",
    ("amo", "sortnetwrk"): "GAC (Eén & Sörensson 2006)",
    ("amo", "cardnetwrk"): "GAC (Asín et al. 2011)",
    ("card", "seqcounter"): "GAC (Sinz 2005)",
    ("card", "totalizer"): "GAC (Bailleux & Boufkhad 2003)",
    ("card", "mtotalizer"): "a more compact totalizer, counting modulo a base (Ogawa et "
                            "al. 2013); GAC not claimed",
    ("card", "kmtotalizer"): "the modulo totalizer for ≤ k (Morgado et al. 2014); GAC not "
                             "claimed",
    ("card", "sortnetwrk"): "GAC (Eén & Sörensson 2006)",
    ("card", "cardnetwrk"): "GAC (Asín et al. 2011)",
    ("card", "order"): "GAC (one clause per way to overshoot or fall short)",
    ("pb", "bdd"): "GAC for ≤ k and ≥ k (Eén & Sörensson 2006; Abío et al. 2012)",
    ("pb", "seqcounter"): "GAC for ≤ k and ≥ k (Hölldobler et al. 2012)",
    ("pb", "swc"): "GAC for ≤ k and ≥ k (Hölldobler et al. 2012)",
    ("pb", "sortnetwrk"): "not GAC in general (Eén & Sörensson 2006)",
    ("pb", "adder"): "not GAC (Eén & Sörensson 2006: weak propagation)",
    ("pb", "binmerge"): "GAC in the paper's variant (Manthey, Philipp & Steinke 2014); "
                        "PBLib, which PySAT wraps, makes that variant an option",
    ("pb", "mixedradix"): "not GAC in general (Codish et al. 2010)",
}
# No polynomial encoding can be GAC for every PB equality: that would decide subset sum
# by unit propagation.

# The small constraints each encoding is checked on: every partial assignment of the inputs
AMO_SIZES = range(2, 7)
CARD_SIZES = range(1, 6)
PB_WEIGHTS = ([1, 2, 3], [2, 3, 4, 5], [1, 1, 2, 3], [3, 5, 7], [2, 2, 3])
HOWS = ("atmost", "atleast", "equals")


@dataclass
class Strength:
    constraint: str
    encoding: str
    # per relation ("atmost", ...; "amo" for at-most-one): partial assignments checked and
    # those where unit propagation missed a forced input literal or a conflict
    checked: dict[str, int] = field(default_factory=dict)
    weak: dict[str, int] = field(default_factory=dict)
    example: str = ""
    error: str = ""


def weak_propagations(formula: Formula, inputs: Sequence[int],
                      holds: Callable[[Sequence[bool]], bool]) -> tuple[int, int, str]:
    """(partial assignments checked, those where unit propagation is weaker than the
    constraint, an example) over every partial assignment of `inputs`."""
    checked = weak = 0
    example = ""
    clauses = list(formula.all_clauses())
    facts = level_zero(clauses)
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        for partial in itertools.product((None, False, True), repeat=len(inputs)):
            free = [i for i, value in enumerate(partial) if value is None]
            completions = []
            for values in itertools.product((False, True), repeat=len(free)):
                full = list(partial)
                for i, value in zip(free, values):
                    full[i] = value
                if holds(full):
                    completions.append(full)
            assumptions = [v if value else -v for v, value in zip(inputs, partial)
                           if value is not None]
            ok, lits = solver.propagate(assumptions=assumptions)
            # propagate lists what follows the assumptions, not the formula's own units
            ok = ok and facts is not None and not any(-lit in facts for lit in assumptions)
            lits = [*lits, *(facts or ())]
            checked += 1
            if not completions:
                missed = ok  # a conflict was due
            elif not ok:
                raise AssertionError(f"unit propagation conflicts on {partial}, which "
                                     "extends to a solution: the encoding is wrong")
            else:
                implied = set(lits)
                missed = any(
                    (inputs[i] if completions[0][i] else -inputs[i]) not in implied
                    for i in free if all(c[i] == completions[0][i] for c in completions))
            if missed:
                weak += 1
                if not example:
                    shown = "".join("-" if value is None else "01"[value] for value in partial)
                    example = f"inputs {shown}"
    return checked, weak, example


def level_zero(clauses: Sequence[Sequence[int]]) -> set[int] | None:
    """What unit propagation derives from the clauses alone (None: a conflict)."""
    facts: set[int] = set()
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(lit in facts for lit in clause):
                continue
            open_lits = [lit for lit in clause if -lit not in facts]
            if not open_lits:
                return None
            if len(open_lits) == 1:
                facts.add(open_lits[0])
                changed = True
    return facts


def strength(constraint: str, name: str) -> Strength:
    found = Strength(constraint, name)
    cases: list[tuple[str, Callable[[Model, list[int]], None], int,
                      Callable[[Sequence[bool]], bool], str]] = []
    if constraint == "amo":
        for n in AMO_SIZES:
            cases.append(("amo", lambda m, xs: m.at_most_one("f", xs), n,
                          lambda v: sum(v) <= 1, f"n={n}"))
    elif constraint == "card":
        for n, how in itertools.product(CARD_SIZES, HOWS):
            for k in range(n + 1):
                cases.append((how, lambda m, xs, how=how, k=k: m.count("f", xs, how, k), n,
                              lambda v, how=how, k=k: _compare(how, sum(v), k),
                              f"n={n} {how} {k}"))
    else:
        for weights, how in itertools.product(PB_WEIGHTS, HOWS):
            for k in range(1, sum(weights)):
                cases.append((how, lambda m, xs, how=how, k=k, w=weights:
                              m.linear("f", xs, w, how, k), len(weights),
                              lambda v, how=how, k=k, w=weights: _compare(
                                  how, sum(wi for wi, vi in zip(w, v) if vi), k),
                              f"weights {weights} {how} {k}"))
    for relation, build, n, holds, label in cases:
        formula = Formula("study")
        model = Model(formula, {"f": name}, {"f": constraint})
        inputs = [model.var("x", i) for i in range(n)]
        try:
            build(model, inputs)
        except InputError as error:
            found.error = str(error)
            continue
        checked, weak, example = weak_propagations(formula, inputs, holds)
        found.checked[relation] = found.checked.get(relation, 0) + checked
        found.weak[relation] = found.weak.get(relation, 0) + weak
        if weak and not found.example:
            found.example = f"{label}: {example}"
    return found


def _compare(how: str, total: int, bound: int) -> bool:
    return {"atmost": total <= bound, "atleast": total >= bound,
            "equals": total == bound}[how]


def strengths() -> list[Strength]:
    out = []
    for constraint in ("amo", "card", "pb"):
        for name in choices(constraint):
            if not ENCODINGS[name].writes(constraint):
                continue
            started = time.perf_counter()
            out.append(strength(constraint, name))
            progress(f"propagation {constraint} {name}: {out[-1].weak} weak of "
                     f"{out[-1].checked} ({time.perf_counter() - started:.1f} s)")
    return out


# ================================================================ 3. every kind


QUICK_BUDGET, FULL_BUDGET = 2.0, 20.0
# an encoding past this many clauses is refused (a pseudo-polynomial PB encoding of 30
# four-digit weights reaches millions: gigabytes on a shared machine)
MAX_CLAUSES = 2_000_000
REPEATS = 3  # first-solution searches per measurement, the median kept (while quick)
COUNT_CAP = 1000  # solutions counted at most (the count is then "≥ 1000")
PER_FILE_FULL = 3  # instances taken from each bundled file (one-line batches hold many)


@dataclass
class Case:
    kind: str
    label: str  # file name, with the puzzle's number in a batch
    instance: object
    families: dict[str, str]  # family used by this instance → encoding it uses by default
    clauses: int  # with the default encodings
    skipped: str = ""  # why the study left it out


@dataclass
class Run:
    kind: str
    case: str
    family: str
    constraint: str
    encoding: str
    default: bool
    status: str  # SAT, UNSAT, timeout, refused, error
    variables: int | None = None
    clauses: int | None = None
    auxiliaries: int | None = None  # the family's own
    family_clauses: int | None = None
    compile_seconds: float | None = None
    solve_seconds: float | None = None
    count: int | None = None
    count_complete: bool = False
    count_seconds: float | None = None
    detail: str = ""


# Harder instances from the shared data (full mode), where the bundled ones are answered in
# milliseconds: (glob under the data folder, files taken, instances looked at from each
# file's end (the last ones of partdata.tsv have 30 numbers), instances kept of those that
# state a switchable family: an odd PARTITION total states none)
SHARED = {
    "sudoku": [("sudoku/top95.txt", 1, 10, 10)],
    "hashi": [("hashi/coelho2019/100/*.has", 3, 1, 1), ("hashi/coelho2019/200/*.has", 2, 1, 1),
              ("hashi/coelho2019/400/*.has", 1, 1, 1)],
    "jigsaw": [("jigsaw/brendan/pieces_04x04.txt", 1, 1, 1),
               ("jigsaw/brendan/pieces_05x05.txt", 1, 1, 1)],
    "one-in-three-sat": [("sat/uf50-218/*.cnf", 3, 1, 1)],
    "partition": [("partition/partdata.tsv", 1, 6, 2)],
}


def bundled(kind: str, quick: bool, budget: float, data: Path | None = None) -> list[Case]:
    """The bundled instances of a kind that use at least one switchable family, with the
    encoding each family takes by default (what the compiled formula records); with `data`
    (full mode), the shared data's instances of SHARED too."""
    folder = ROOT / "instances" / kind
    sources: list[tuple[Path, str, slice, int]] = [
        (path, path.name, slice(0, PER_FILE_FULL), PER_FILE_FULL)
        for path in (sorted(folder.glob("*")) if folder.is_dir() else [])]
    if data is not None and not quick:
        for pattern, files, last, keep in SHARED.get(kind, []):
            for path in sorted(data.glob(pattern))[:files]:
                sources.append((path, f"shared: {path.relative_to(data)}", slice(-last, None),
                                keep))
    switchable = KINDS[kind].encoding_families
    cases: list[Case] = []
    for path, name, which, keep in sources:
        kept = len(cases) + keep
        try:
            instances = satpuzzle.load(str(path), kind=kind)
        except (InputError, OSError, ValueError):
            continue  # word lists, solutions and other side files
        first = range(len(instances))[which].start
        for number, instance in enumerate(instances[which], start=first):
            if len(cases) >= kept:
                break
            if not hasattr(instance, "encodings"):
                continue
            try:
                formula = _compile(instance, budget)
            except Exception as error:  # noqa: BLE001 - the report says what went wrong
                progress(f"  {kind} {path.name}: not compiled ({type(error).__name__})")
                continue
            # a family whose constraints this instance states through a switchable encoding
            # (not one decided before any encoding, as an odd Partition total)
            used = {family: stats.encoding for family, stats in formula.families.items()
                    if family in switchable and set(stats.encoding.split(" + "))
                    & set(choices(switchable[family]))}
            if used:
                label = name + (f" #{number + 1}" if len(instances) > 1 else "")
                cases.append(Case(kind, label, instance, used, formula.num_clauses))
    if quick and cases:
        # the instance that uses the most families, the largest of those
        cases = [max(cases, key=lambda c: (len(c.families), c.clauses))]
    return cases


def _compile(instance: object, budget: float) -> Formula:
    request = pipeline.Request(deadline=time.monotonic() + budget)
    return pipeline.compile(instance, request).formula


def _with(instance: object, family: str, name: str) -> object:
    encoded = getattr(satpuzzle, "encoded", None)
    if encoded is not None:
        return encoded(instance, {family: name})
    import dataclasses

    return dataclasses.replace(instance, encodings=((family, name),))


def measure_child(instance: object, family: str, count: bool, budget: float,
                  send: Callable[[object], None]) -> None:
    """In a child process: compile, then the first solution, then (`count`, if the first
    came soon enough) the count, each through `pipeline.solve` in this process, every
    result sent as soon as it is known (the parent kills the child at the budget)."""
    started = time.perf_counter()
    formula = pipeline.compile(instance, pipeline.Request(max_clauses=MAX_CLAUSES)).formula
    stats = formula.families.get(family)
    send(("compiled", time.perf_counter() - started, formula.num_vars, formula.num_clauses,
          stats.auxiliaries if stats else None, stats.clauses if stats else None))
    del formula
    request = pipeline.Request(limit=1, engine="sat", in_process=True, max_clauses=MAX_CLAUSES)
    first = _search(instance, request)
    times = [first[1]]
    while len(times) < REPEATS and sum(times) < budget / 8:
        times.append(_search(instance, request)[1])
    first = (first[0], statistics.median(times), *first[2:])
    send(("first", *first))
    if count and first[0] == "SAT" and first[1] < budget / 4:
        send(("count", *_search(instance, pipeline.Request(
            limit=COUNT_CAP, engine="sat", in_process=True, count_only=True,
            max_clauses=MAX_CLAUSES))))


def _search(instance: object, request: pipeline.Request) -> tuple[str, float, int, bool]:
    """(status, seconds after compiling, solutions, complete) of one pipeline run."""
    started = time.perf_counter()
    compiling = 0.0
    solutions, complete = 0, False
    for event in pipeline.solve(instance, request):
        if isinstance(event, pipeline.Compiled):
            compiling = event.seconds
        elif isinstance(event, pipeline.Done):
            solutions, complete = event.count, event.complete
    status = "SAT" if solutions else ("UNSAT" if complete else "UNKNOWN")
    return status, time.perf_counter() - started - compiling, solutions, complete


def run_one(case: Case, family: str, name: str, budget: float, count: bool) -> Run:
    constraint = KINDS[case.kind].encoding_families[family]
    default = name in case.families[family].split(" + ")
    run = Run(case.kind, case.label, family, constraint, name, default, "error")
    try:
        instance = _with(case.instance, family, name)
    except InputError as error:
        run.status, run.detail = "refused", str(error).splitlines()[0]
        return run

    def on_event(_index: int, payload: object) -> None:
        what, *values = payload  # type: ignore[misc]
        if what == "compiled":
            (run.compile_seconds, run.variables, run.clauses, run.auxiliaries,
             run.family_clauses) = values
            run.status = "timeout"  # until the search answers
        elif what == "first":
            run.status, run.solve_seconds = values[0], values[1]
        else:
            run.count_seconds, run.count, run.count_complete = values[1], values[2], values[3]

    try:
        outcome = run_children([lambda send: measure_child(instance, family, count, budget,
                                                           send)], on_event, budget)
    except InputError as error:
        run.status, run.detail = "refused", str(error).splitlines()[0]
        return run
    except ChildFailed as failure:
        run.status, run.detail = "error", failure.summary.splitlines()[0][:160]
        return run
    if outcome.stopped == "interrupt":
        raise KeyboardInterrupt
    if outcome.stopped == "timeout" and run.compile_seconds is None:
        run.status = "timeout"
    return run


def warm_up() -> None:
    """Solve a tiny puzzle here, before any child is forked: the solver's first use in a
    process (imports, probing the back end: 15-25 ms) is then not charged to the first
    encoding measured in each child."""
    path = ROOT / "instances" / "partition" / "wikipedia.puz"
    if path.exists():
        _search(satpuzzle.load(str(path))[0],
                pipeline.Request(limit=1, engine="sat", in_process=True))


def study_kind(kind: str, quick: bool, budget: float, count: bool,
               data: Path | None = None) -> tuple[list[Run], list[Case]]:
    """Every (instance, family, encoding) of a kind. An instance whose default encoding is
    not answered within the budget is left out (noted in the report): every other choice
    would cost the whole budget too, and tell nothing."""
    cases = bundled(kind, quick, budget, data)
    runs = []
    for case in cases:
        families = [f for f in KINDS[kind].encoding_families if f in case.families]
        first = families[0]
        default = next(n for n in case.families[first].split(" + ")
                       if n in choices(KINDS[kind].encoding_families[first]))
        baseline = run_one(case, first, default, budget, count)
        if baseline.status not in ("SAT", "UNSAT"):
            case.skipped = f"default encodings: {baseline.status} {baseline.detail}".strip()
            progress(f"  {kind} {case.label}: left out ({case.skipped})")
            continue
        for family in families:
            constraint = KINDS[kind].encoding_families[family]
            for name in choices(constraint):
                same = family == first and name == default
                run = baseline if same else run_one(case, family, name, budget, count)
                runs.append(run)
                progress(f"  {kind} {case.label} {family}={name}: {run.status} "
                         f"{run.clauses} clauses, {_s(run.solve_seconds)}"
                         + (f", count {run.count} in {_s(run.count_seconds)}"
                            if run.count is not None else ""))
    return runs, cases


def disagreements(runs: Sequence[Run]) -> list[str]:
    """Instances where two encodings of one family gave different answers: a bug."""
    out = []
    keyed: dict[tuple[str, str, str], list[Run]] = {}
    for run in runs:
        keyed.setdefault((run.kind, run.case, run.family), []).append(run)
    for (kind, case, family), group in keyed.items():
        statuses = {r.status for r in group if r.status in ("SAT", "UNSAT")}
        counts = {r.count for r in group if r.count_complete}
        if len(statuses) > 1 or len(counts) > 1:
            shown = ", ".join(f"{r.encoding}: {r.status} {r.count if r.count_complete else ''}"
                              for r in group)
            out.append(f"{kind} {case}, family {family}: {shown}")
    return out


# ================================================================ the report


def _s(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    if seconds < 0.01:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _reason(detail: str) -> str:
    """An error line, short: "passed the budget of 2,000,000 clauses" and the like."""
    text = detail.removeprefix("satpuzzle: error: ").split(" (about")[0].split(": choose")[0]
    return text.replace(" and was stopped", "")


def _geo(values: Sequence[float]) -> float | None:
    values = [max(v, 1e-4) for v in values]
    return math.exp(statistics.fmean(map(math.log, values))) if values else None


def _machine() -> str:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as handle:
            cpu = next((line.split(":", 1)[1].strip() for line in handle
                        if line.startswith("model name")), platform.processor())
    except OSError:
        cpu = platform.processor()
    one, five, _ = os.getloadavg()
    return (f"{cpu}, {os.cpu_count()} cores; Python {sys.version.split()[0]}; load average "
            f"at the end {one:.1f} / {five:.1f} (1 / 5 min)")


def lo_lines(study: LynceOuaknine, images: list[str]) -> list[str]:
    lines = ["## Lynce & Ouaknine (2006): Sudoku as a SAT problem", "",
             ("The three 9×9 encodings of the paper, built family by family through "
             "`satpuzzle.constraints.Model` (benchmarks/lynce_ouaknine.py; "
             "tests/benchmarks/test_encodings_study.py asserts the counts): "
             "every at-most-one pairwise, "
             "729 variables x(r, c, d), clauses for the empty grid before the givens:"), "",
             "| family | " + " | ".join(lo.VARIANTS) + " |",
             "| --- | " + " | ".join("---:" for _ in lo.VARIANTS) + " |"]
    names = list(dict.fromkeys(f for v in lo.VARIANTS for f in study.family_clauses[v]))
    for family in names:
        lines.append(f"| {family} | " + " | ".join(
            f"{study.family_clauses[v].get(family, 0):,}" or "" for v in lo.VARIANTS) + " |")
    lines.append("| **clauses (computed)** | " + " | ".join(
        f"**{study.clauses[v]:,}**" for v in lo.VARIANTS) + " |")
    lines.append("| clauses (published) | " + " | ".join(
        f"{lo.PUBLISHED_CLAUSES[v]:,}" for v in lo.VARIANTS) + " |")
    lines.append("| variables | " + " | ".join(
        f"{study.variables[v]}" for v in lo.VARIANTS) + " |")
    lines += ["", ("Puzzles solved with no search: unit propagation alone (PySAT's "
              "`Solver.propagate` on MiniSat 2.2 with the givens as assumptions), then with "
              "failed-literal probing to a fixpoint (each free literal assumed in turn; one "
              "whose propagation conflicts is fixed false). Solved: all 729 variables "
              "assigned without a conflict."), "",
              ("| set | puzzles | encoding | unit propagation | probed | probing | "
              "probing time / puzzle |"), "| --- | ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in study.results:
        probed = (f"{r.probing_puzzles:,}" if r.probing_puzzles == r.puzzles
                  else f"first {r.probing_puzzles:,}")
        unit_there = ("" if r.probing_puzzles == r.puzzles
                      else f" ({r.unit_on_probed:,} of the probed)")
        lines.append(f"| {r.name} | {r.puzzles:,} | {r.variant} | {r.unit:,} "
                     f"({100 * r.unit / max(r.puzzles, 1):.1f}%){unit_there} | {probed} | "
                     f"{r.probing:,} ({100 * r.probing / max(r.probing_puzzles, 1):.1f}%) | "
                     f"{_s(r.probing_seconds / max(r.probing_puzzles, 1))} |")
    if study.missing:
        lines += ["", "Not measured: " + "; ".join(study.missing) + "."]
    lines += ["", *(f"![{image}]({PLOTS}/{image})" for image in images), ""]
    lines += [lo_findings(study.results), ""]
    return lines


CONNECTIVITY = {"cuts": "lazy: cuts per model", "reachability": "lazy (clasp: unfounded sets)",
                "tree": "eager, not GAC", "distance": "eager, not GAC", "levels": "eager"}


# where the measurement below says more than the literature's claim
MEASURED_WEAK = {"mtotalizer": "not GAC (measured)", "kmtotalizer": "not GAC (measured)",
                 "binmerge": "not GAC as PySAT builds it (measured)",
                 # the registry's note: one selector per allowed set of different digits
                 "table": "a value stays while an allowed set holds it"}


def propagation(constraint: str, name: str) -> str:
    """The literature's word on unit propagation for this encoding, short (the section
    "Propagation strength" has the sources and the measurements)."""
    if name in CONNECTIVITY:
        return CONNECTIVITY[name]
    if name in MEASURED_WEAK:
        return MEASURED_WEAK[name]
    text = LITERATURE.get(("pb" if constraint == "distinct-sum" else constraint, name), "")
    if text.startswith("GAC for"):
        return text.split(" (")[0]
    if text.startswith("GAC"):
        return "GAC"
    if text.startswith("not GAC"):
        return "not GAC"
    return "see below" if text else "–"


def lo_findings(results: Sequence[lo.SetResult]) -> str:
    """The paragraph that reads the table, its numbers taken from the results."""
    def share(variant: str, what: str) -> str:
        parts = []
        for r in results:
            if r.variant == variant:
                solved, of = ((r.unit, r.puzzles) if what == "unit"
                              else (r.probing, r.probing_puzzles))
                parts.append(f"{solved:,} of {of:,} ({r.name})")
        return ", ".join(parts)

    same = all(a.unit == b.unit and a.probing == b.probing for a in results
               for b in results if a.name == b.name and {a.variant, b.variant}
               == {"minimal", "efficient"})
    faster = all(a.probing_seconds < b.probing_seconds for a in results for b in results
                 if a.name == b.name and (a.variant, b.variant) == ("efficient", "minimal"))
    return ("What it shows: the minimal and efficient encodings have no \"digit d somewhere "
            "in this row\" clause, so unit propagation finds only naked singles (a cell left "
            "with one candidate), while hard puzzles need hidden singles: unit propagation on "
            f"the minimal encoding solves {share('minimal', 'unit')}. The extended "
            "encoding's definedness clauses are the hidden singles: unit propagation on it "
            f"solves {share('extended', 'unit')}, and with failed-literal probing "
            f"{share('extended', 'probing')}, against {share('minimal', 'probing')} for "
            "the minimal encoding with probing. "
            + ("With cell uniqueness, the efficient encoding solved as many puzzles as the "
               "minimal one on every set, by either inference"
               + (" (its probing took less time a puzzle). " if faster else ". ")
               if same else "")
            + "satpuzzle's own Sudoku encoding is the extended one over the candidates the "
            "givens leave (each cell, row, column and box an exactly-one), a pair of cells "
            "that share a row or column and a box excluded once instead of twice.")


def strength_lines(found: Sequence[Strength]) -> list[str]:
    lines = ["## Propagation strength", "",
             "Whether unit propagation on an encoding is generalised arc consistent (GAC) on "
             "its inputs: every input literal the constraint forces under a partial "
             "assignment, and every conflict, is found by unit propagation alone. "
             "*Measured*: every partial assignment of the inputs of small constraints "
             f"(at most one of {AMO_SIZES.start}..{AMO_SIZES.stop - 1} literals; cardinality: "
             f"n = {CARD_SIZES.start}..{CARD_SIZES.stop - 1}, every bound 0..n; PB: weights "
             + ", ".join(str(w) for w in PB_WEIGHTS) + ", every bound strictly between 0 and "
             "the total), each through `Model` and the registry, propagated by "
             "`Solver.propagate`; the count is of partial assignments where propagation "
             "missed something (0: GAC on every case tried).", "",
             "| constraint | encoding | literature | measured: weak / checked | example |",
             "| --- | --- | --- | --- | --- |"]
    for s in found:
        measured = ", ".join(f"{rel} {s.weak.get(rel, 0)}/{s.checked[rel]}"
                             for rel in s.checked)
        if s.error and not s.checked:
            measured = f"refused: {s.error}"
        lines.append(f"| {s.constraint} | {s.encoding} | "
                     f"{LITERATURE.get((s.constraint, s.encoding), '–')} | {measured} | "
                     f"{s.example or ''} |")
    lines += ["", ("No polynomial-size encoding can be GAC for every pseudo-Boolean equality "
              "(it would decide subset sum by unit propagation), so weak `equals` rows are "
              "expected for PB; for `atmost`/`atleast` BDDs and the sequential (weight) "
              "counter are GAC, adders and sorting networks of the weighted sum are not. "
              "Sources: Sinz, \"Towards an optimal CNF encoding of Boolean cardinality "
              "constraints\" (CP 2005); Gent & Nightingale, \"A new encoding of AllDifferent "
              "into SAT\" (2004); Frisch, Peugniez, Doggett & Nightingale, \"Solving "
              "non-Boolean satisfiability problems with stochastic local search\" (2005); "
              "Klieber & Kwon (2007); Chen (2010); Nguyen & Mai (2015); Bailleux & "
              "Boufkhad, \"Efficient CNF encoding of Boolean cardinality constraints\" "
              "(CP 2003); Eén & Sörensson, \"Translating pseudo-Boolean constraints into SAT\" "
              "(JSAT 2006); Asín, Nieuwenhuis, Oliveras & Rodríguez-Carbonell, \"Cardinality "
              "networks\" (Constraints 2011); Ogawa et al., \"Modulo based CNF encoding of "
              "cardinality constraints\" (ICTAI 2013); Morgado et al. (2014); Hölldobler, "
              "Manthey & Steinke, \"A compact encoding of pseudo-Boolean constraints into "
              "SAT\" (KI 2012); Abío, Nieuwenhuis, Oliveras, Rodríguez-Carbonell & "
              "Mayer-Eichberger, \"A new look at BDDs for pseudo-Boolean constraints\" (JAIR "
              "2012); Manthey, Philipp & Steinke (2014); Codish, Fekete, Fuhs & "
              "Schneider-Kamp, \"Optimal base encodings for pseudo-Boolean constraints\" "
              "(TACAS 2011)."), ""]
    return lines


WHY = {
    "amo": ("pairwise up to 30 literals (no auxiliaries, GAC, binary clauses only, the "
            "cheapest to propagate), then a linear GAC encoding: the ladder (`Model`) or "
            "Sinz's sequential counter (the bulk constraints, `constraints/bulk.py`); the "
            "limit was measured on 25×25 Sudoku"),
    "card": "sequential counter (GAC, O(n·k) clauses and auxiliaries)",
    "pb": ("mixed radix (compact for large weights, where the BDD and the sequential "
           "counters grow with the weights' size: see the PARTITION table; not GAC)"),
    "connected": ("cuts (lazy: no clauses up front, the cut of a component added per model "
                  "that is not connected)"),
    "acyclic": "levels (one parent per node, levels decreasing along parent arcs)",
    "distinct-sum": "table (one selector per allowed set of values)",
}


def kind_lines(kind: str, runs: Sequence[Run], cases: Sequence[Case],
               images: list[str]) -> tuple[list[str], list[str]]:
    """The kind's section, and the better defaults it suggests."""
    lines = [f"### {kind}", ""]
    if not cases:
        return lines + ["No bundled instance uses a switchable family.", ""], []
    measured = [c for c in cases if not c.skipped]
    lines += ["Instances: " + (", ".join(f"`{c.label}`" for c in measured) or "none") + "."
              + "".join(f" Left out: `{c.label}` ({c.skipped})." for c in cases if c.skipped),
              "",
              ("| family | encoding | propagation | solved / timeout / other | variables | "
              "clauses | family clauses | compile | first solution | count (≤ "
              f"{COUNT_CAP:,}) |"),
              "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    suggestions = []
    families = list(dict.fromkeys(r.family for r in runs))
    for family in families:
        own = [r for r in runs if r.family == family]
        names = list(dict.fromkeys(r.encoding for r in own))
        summary: dict[str, float | None] = {}
        counted: dict[str, float] = {}
        for name in names:
            mine = [r for r in own if r.encoding == name]
            solved = [r for r in mine if r.status in ("SAT", "UNSAT")]
            timeouts = sum(r.status == "timeout" for r in mine)
            other = len(mine) - len(solved) - timeouts
            complete = len(solved) == len(mine)

            def total(attr: str, rows=mine) -> str:
                values = [getattr(r, attr) for r in rows]
                if any(v is None for v in values):
                    return "–"
                return f"{sum(values):,}"

            solve = _geo([r.solve_seconds for r in solved]) if complete else None
            summary[name] = solve
            # an instance with no solution is counted by its first search
            counts = [r.count_seconds if r.count_seconds is not None else r.solve_seconds
                      for r in mine if r.count_seconds is not None or r.status == "UNSAT"]
            count_text = _s(sum(counts)) if len(counts) == len(mine) else "–"
            if len(counts) == len(mine):
                counted[name] = sum(counts)
            default = any(r.default for r in mine)
            label = f"**{name}** (default)" if default else name
            lines.append(
                f"| {family} | {label} | {propagation(mine[0].constraint, name)} | "
                f"{len(solved)} / {timeouts} / {other} | "
                f"{total('variables')} | {total('clauses')} | {total('family_clauses')} | "
                f"{_s(sum(r.compile_seconds or 0 for r in mine))} | "
                f"{_s(solve)} | {count_text} |")
        defaults = {r.encoding for r in own if r.default}
        for times, what, floor in ((summary, "geometric mean time to the first solution", 0.01),
                                   (counted, "total time to count", 0.05)):
            base = [times[d] for d in defaults if times.get(d) is not None]
            known = [(t, n) for n, t in times.items() if t is not None]
            if not base or not known:
                continue
            best = min(known)
            if best[1] not in defaults and best[0] < 0.8 * min(base) and min(base) > floor:
                suggestions.append(
                    f"{kind} `{family}`: {best[1]} {_s(best[0])} against the default "
                    f"{'/'.join(sorted(defaults))} {_s(min(base))} ({what}, "
                    f"{len(measured)} instances)")
    unanswered = [r for r in runs if r.status not in ("SAT", "UNSAT")]
    if unanswered:
        lines += ["", "Not answered: " + "; ".join(
            f"{r.family}={r.encoding} on `{r.case}`: {r.status}"
            + (f" ({_reason(r.detail)})" if r.detail else "")
            for r in unanswered) + "."]
    lines += ["", ("Compile: `pipeline.compile`, summed over the instances. First solution: "
              "geometric mean over the instances of `pipeline.solve` with `limit=1, "
              "engine=\"sat\"` after its compile (search, decoding, the rule check; the "
              f"median of up to {REPEATS} runs where they are quick), shown "
              "only when every instance was answered; count: the total time of the same "
              f"with `limit={COUNT_CAP:,}` (`--count`: every solution, or the first "
              f"{COUNT_CAP:,}), where the first solution came within a quarter of the budget, "
              "shown when every instance was counted. Each instance runs "
              "in a child process killed at the budget. "
              "Variables and clauses are the totals over the instances (with `cuts`, the "
              "clauses before any cut)."), ""]
    lines += [f"![{image}]({PLOTS}/{image})" for image in images] + [""]
    return lines, suggestions


def defaults_lines(all_runs: Sequence[Run], suggestions: Sequence[str]) -> list[str]:
    lines = ["## Defaults and why", "",
             ("The registry's defaults (`satpuzzle/constraints/encodings.py`, `DEFAULTS`), used "
             "by every family a kind does not give a default of its own:"), ""]
    for constraint, name in DEFAULTS.items():
        lines.append(f"- {constraint}: **{name}**" + (f" — {WHY[constraint]}"
                                                        if constraint in WHY else ""))
    seen: dict[tuple[str, str], set[str]] = {}
    for run in all_runs:
        if run.default:
            seen.setdefault((run.kind, run.family), set()).add(run.encoding)
    own = [f"{kind} `{family}`: {', '.join(sorted(names))}"
           for (kind, family), names in sorted(seen.items())
           if names != {DEFAULTS.get(KINDS[kind].encoding_families[family])}]
    lines += ["", "What each family used by default on the instances measured, where it is "
              "not the registry's default (the kind's own choice, or pairwise turning to "
              "ladder above 30 literals): " + ("; ".join(own) if own else "none") + ".", ""]
    lines += ["Measured better than the default (at least 20% less time to the first "
              "solution, geometric mean, where the default takes over 10 ms; or to count, in "
              "total, where the default takes over 50 ms): "
              + ("; ".join(suggestions) if suggestions else "none") + ". These are "
              "reported, not applied: a default is the kind's choice and is changed there.",
              ""]
    return lines


def write_report(out: Path, command: str, elapsed: float, lo_study: LynceOuaknine | None,
                 found: Sequence[Strength], per_kind: dict[str, tuple[list[Run], list[Case]]],
                 quick: bool, budget: float) -> None:
    folder = out.parent / PLOTS
    lines = ["# Encodings", "",
             "<!-- generated by benchmarks/encodings.py: do not edit by hand -->", "",
             f"Generated by `{command}` in {elapsed / 60:.1f} min"
             f"{' (quick mode: small samples)' if quick else ''}; rerun it to regenerate "
             "this page and its plots (`python -m benchmarks.encodings --quick` takes under "
             "2 minutes). Machine: " + _machine() + ".", "",
             ("satpuzzle writes every clause through the constraint library "
             "(`satpuzzle/constraints/`), under a family named in the puzzle's words; a "
             "user may switch the encoding of a kind's switchable families "
             "(`--encoding FAMILY=NAME`, `encoding:` in the language). This page measures "
             "what the choices cost and how strongly they propagate."), ""]
    if lo_study is not None:
        lines += lo_lines(lo_study, plot_lo(lo_study, folder))
    if found:
        lines += strength_lines(found)
    all_runs = [run for runs, _cases in per_kind.values() for run in runs]
    suggestions: list[str] = []
    if per_kind:
        lines += ["## Every kind, every switchable family, every encoding", "",
                  f"Budget {budget:g} s and {MAX_CLAUSES:,} clauses per instance and "
                  "encoding. Instances: the bundled ones (`instances/<kind>/`, at most "
                  f"{PER_FILE_FULL} a file) and, in full mode, a few harder ones of the "
                  "shared data (`shared:`). Families read from "
                  "`Kind.encoding_families` when the study ran: "
                  + "; ".join(f"{kind}: {', '.join(KINDS[kind].encoding_families) or 'none'}"
                              for kind in per_kind) + ".", ""]
        bad = disagreements(all_runs)
        lines += ["Answers compared across the encodings of each family on each instance "
                  "(status, and the count where complete): "
                  + ("**disagreements**: " + "; ".join(bad) if bad else "all agree") + ".",
                  ""]
        for kind, (runs, cases) in per_kind.items():
            section, more = kind_lines(kind, runs, cases, plot_kind(kind, runs, folder))
            lines += section
            suggestions += more
    if per_kind or found:
        lines += defaults_lines(all_runs, suggestions)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


# ================================================================ plots


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_lo(study: LynceOuaknine, folder: Path) -> list[str]:
    if not study.results:
        return []
    plt = _pyplot()
    from benchmarks.report import save_figure

    folder.mkdir(parents=True, exist_ok=True)
    sets = list(dict.fromkeys(r.name for r in study.results))
    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    width = 0.13
    for i, variant in enumerate(lo.VARIANTS):
        for j, (what, hatch) in enumerate((("unit propagation", ""), ("probing", "//"))):
            xs, ys = [], []
            for k, name in enumerate(sets):
                r = next((r for r in study.results if r.name == name and r.variant == variant),
                         None)
                if r is None:
                    continue
                xs.append(k + (2 * i + j - 2.5) * width)
                ys.append(100 * (r.unit / r.puzzles if j == 0 else
                                 r.probing / max(r.probing_puzzles, 1)))
            axes.bar(xs, ys, width, color=f"C{i}", hatch=hatch, alpha=0.85,
                     label=f"{variant}, {what}")
    axes.set_xticks(range(len(sets)), sets)
    axes.set_ylabel("% of puzzles solved with no search")
    axes.set_ylim(0, 130)  # room for the legend above the 100% bars
    axes.set_yticks(range(0, 101, 20))
    axes.set_title("Lynce & Ouaknine encodings: unit propagation and failed-literal probing",
                   fontsize=9)
    axes.legend(fontsize=7, ncol=3, loc="upper center")
    axes.grid(True, axis="y", alpha=0.25)
    figure.tight_layout()
    name = "encodings-lynce-ouaknine.png"
    save_figure(figure, folder / name)
    plt.close(figure)
    return [name]


def plot_kind(kind: str, runs: Sequence[Run], folder: Path) -> list[str]:
    """Per family: clauses against time to the first solution, one marker per encoding
    and instance (a cross at the budget line: not solved)."""
    runs = [r for r in runs if r.clauses is not None]
    families = list(dict.fromkeys(r.family for r in runs))
    if not families:
        return []
    plt = _pyplot()
    from benchmarks.report import save_figure

    folder.mkdir(parents=True, exist_ok=True)
    columns = min(3, len(families))
    rows = math.ceil(len(families) / columns)
    figure, grid = plt.subplots(rows, columns, figsize=(3.6 * columns, 3.0 * rows), dpi=100,
                                squeeze=False)
    markers = "os^Dv<>ph*P"
    top = max((r.solve_seconds or 0 for r in runs), default=1) or 1
    for axes, family in zip(grid.flat, families):
        own = [r for r in runs if r.family == family]
        for index, name in enumerate(dict.fromkeys(r.encoding for r in own)):
            mine = [r for r in own if r.encoding == name]
            ok = [r for r in mine if r.solve_seconds is not None]
            axes.scatter([r.clauses for r in ok], [max(r.solve_seconds, 1e-3) for r in ok],
                         marker=markers[index % len(markers)], color=f"C{index % 10}",
                         s=18, alpha=0.75, label=name)
            bad = [r for r in mine if r.solve_seconds is None]
            if bad:
                axes.scatter([r.clauses for r in bad], [top * 1.5] * len(bad), marker="x",
                             color=f"C{index % 10}", s=22)
        axes.set_xscale("log")
        axes.set_yscale("log")
        axes.set_title(f"{kind}: {family}", fontsize=8)
        axes.tick_params(labelsize=7)
        axes.grid(True, which="both", alpha=0.2)
        axes.legend(fontsize=5, ncol=2)
    for axes in list(grid.flat)[len(families):]:
        axes.axis("off")
    figure.supxlabel("clauses (log)", fontsize=8)
    figure.supylabel("first solution, s (log)", fontsize=8)
    figure.tight_layout()
    name = f"encodings-{kind}.png"
    save_figure(figure, folder / name)
    plt.close(figure)
    return [name]


# ================================================================ main


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.encodings",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small samples, one instance per kind, no counting (< 2 min)")
    parser.add_argument("--kinds", default="",
                        help="comma-separated kinds (default: every kind with switchable "
                        "families)")
    parser.add_argument("--parts", default="lo,strength,kinds",
                        help="which parts: lo (Lynce & Ouaknine), strength, kinds")
    parser.add_argument("--budget", type=float, default=0.0, metavar="S",
                        help=f"seconds per call (default {QUICK_BUDGET:g} quick, "
                        f"{FULL_BUDGET:g} full)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "ENCODINGS.md")
    parser.add_argument("--save", type=Path, metavar="FILE",
                        help="also keep the measurements (pickle) for --load")
    parser.add_argument("--load", type=Path, metavar="FILE",
                        help="write the report from measurements --save kept, measuring "
                        "nothing")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args(argv)
    args.parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    switchable = [k for k, kind in KINDS.items() if kind.encoding_families]
    args.kinds = ([k.strip() for k in args.kinds.split(",") if k.strip()] if args.kinds
                  else switchable)
    unknown = [k for k in args.kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kind(s) {', '.join(unknown)}; expected {', '.join(KINDS)}")
    args.budget = args.budget or (QUICK_BUDGET if args.quick else FULL_BUDGET)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    given = list(argv if argv is not None else sys.argv[1:])
    if "--save" in given:  # where the measurements were kept is not how to make them
        at = given.index("--save")
        del given[at:at + 2]
    command = "python -m benchmarks.encodings " + shlex.join(given)
    started = time.perf_counter()
    if args.load:
        # the report again from saved measurements (its text or plots changed)
        with args.load.open("rb") as handle:
            saved = pickle.load(handle)
        write_report(args.out, saved["command"], saved["elapsed"], saved["lo"],
                     saved["strength"], saved["kinds"], saved["quick"], saved["budget"])
        progress(f"wrote {args.out} from {args.load}")
        return 0
    lo_study = lynce_ouaknine(args.data, args.quick) if "lo" in args.parts else None
    found = strengths() if "strength" in args.parts else []
    per_kind = {}
    if "kinds" in args.parts:
        warm_up()
        for kind in args.kinds:
            begin = time.perf_counter()
            progress(f"== {kind}: families {KINDS[kind].encoding_families}")
            per_kind[kind] = study_kind(kind, args.quick, args.budget, count=not args.quick,
                                        data=args.data if args.data.exists() else None)
            progress(f"== {kind} done in {time.perf_counter() - begin:.1f} s")
    elapsed = time.perf_counter() - started
    if args.save:
        for _runs, cases in per_kind.values():
            for case in cases:
                case.instance = None  # the report needs labels, not puzzles
        with args.save.open("wb") as handle:
            pickle.dump({"command": command.strip(), "elapsed": elapsed, "lo": lo_study,
                         "strength": found, "kinds": per_kind, "quick": args.quick,
                         "budget": args.budget}, handle)
    write_report(args.out, command.strip(), elapsed, lo_study, found, per_kind, args.quick,
                 args.budget)
    progress(f"wrote {args.out} in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
