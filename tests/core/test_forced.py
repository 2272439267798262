"""`satpuzzle solve --forced` and `--stats`: the backbone of small puzzles of every kind against
brute force (what ALL solutions from `satpuzzle.solutions` agree on), each kind's forced text
against the same agreement, and the CLI's unique / no-solution / timeout / stats behaviour."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from conftest import INSTANCES, ROOT, run_cli, wait_for_child

import satpuzzle
from satpuzzle.backbone import Forced, Progress, Solution, backbone, backbone_steps
from satpuzzle.cnf import VarName
from satpuzzle.kinds import registry
from satpuzzle.kinds.hashi import geometry as hashi_geometry
from satpuzzle.kinds.hashi import rules as hashi_rules
from satpuzzle.kinds.jigsaw import decoding as jigsaw_decoding
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.shikaku import generator as shikaku_generator

# Two solutions; its local rules (no connectivity) allow disconnected bridge sets too, so its
# backbone is only right if the lazy connectivity cuts are applied (found by a search over
# generated 5x5 puzzles, seed 28).
HASHI_NEEDS_CUTS = """hashi {
  grid {
    . . . 3 3
    2 . 4 . .
    . . . . .
    . . 4 4 2
    . . 2 2 .
  }
}
"""
PARTITION_FOUR_ONES = "partition {\n  numbers: 1 1 1 1\n}\n"


def _load(name: str) -> list[Any]:
    return satpuzzle.load(str(INSTANCES / name))


def _cases() -> dict[str, Any]:
    cases = {
        "sudoku six-by-six": _load("sudoku/six-by-six.puz")[0],
        "sudoku two solutions": _load("sudoku/two-solutions.puz")[0],
        "sudoku empty 4x4": _load("sudoku/empty-4x4.puz")[0],
        "crossword seed": _load("crossword/seed-example.puz")[0],
        "shikaku 20x20": _load("shikaku/codingame-20x20.puz")[0],
        "shikaku generated": shikaku_generator.generate(6, 6, depth=3, merge_iters=1,
                                                        merge_prob=0.2, seed=1, unique=False),
        "hashi 7x7": _load("hashi/dailyprogrammer-7x7.puz")[0],
        "hashi needs cuts": satpuzzle.load(HASHI_NEEDS_CUTS)[0],
        "partition wikipedia": _load("partition/wikipedia.puz")[0],
        "partition four ones": satpuzzle.load(PARTITION_FOUR_ONES)[0],
        "one-in-three example": _load("one-in-three-sat/example.puz")[0],
        "one-in-three chain": _load("one-in-three-sat/chain.cnf")[0],
    }
    for name in ("generated-4x4", "contour-3x4", "fibonacci-4x6", "language-example-2x2"):
        cases[f"jigsaw {name}"] = _load(f"jigsaw/{name}.puz")[0]
    generated = {  # identical pieces; equal matching with free border; position variant
        "identical": {"rows": 3, "cols": 3, "labels": 1, "matching": "equal"},
        "equal free": {"rows": 2, "cols": 3, "labels": 2, "matching": "equal",
                       "border": "free"},
        "position free": {"rows": 3, "cols": 3, "labels": 3, "variant": "position",
                          "border": "free"},
    }
    for name, options in generated.items():
        cases[f"jigsaw {name}"] = jigsaw_generation.generate(seed=2, **options)
    return cases


CASES = _cases()


# ---------------------------------------------------------------- solutions as variable names


def _true_names(instance: Any, solution: Any) -> set[VarName]:
    """The puzzle variables a solution makes true, written from each encoder's naming."""
    kind = instance.KIND
    if kind == "sudoku":
        return {("x", r + 1, c + 1, solution[r][c]) for r, row in enumerate(instance.givens)
                for c, given in enumerate(row) if not given}
    if kind == "crossword":
        return {("c", r + 1, c + 1, solution[r][c]) for r, row in enumerate(instance.grid)
                for c in range(len(row)) if instance.allowed(r, c) is not None}
    if kind == "shikaku":
        return {("rect", *p.clue, p.top, p.left, p.height, p.width) for p in solution}
    if kind == "hashi":
        cells = [(a[0] + 1, a[1] + 1, b[0] + 1, b[1] + 1, k) for a, b, k in solution]
        return {("bridge", *pair, n) for *pair, k in cells for n in range(1, k + 1)}
    if kind == "jigsaw":
        return {("cell", r, c, *jigsaw.rotated(instance.pieces[p[0]], p[1]))
                for r, row in enumerate(solution) for c, p in enumerate(row) if p is not None}
    if kind == "partition":
        return {("side", i) for i in solution}
    return {("x", v) for v in solution}  # one-in-three-sat


def _brute_force(instance: Any) -> tuple[list[Any], set[int], set[int], set[int]]:
    """Every solution, and the live variables true in all, false in all, and the rest."""
    module = registry.kind(instance.KIND)
    formula = module.encode(instance)
    ident = {name: v for v, name in formula.names.items()}
    live = set(formula.live_puzzle_vars())
    solutions = list(satpuzzle.solutions(instance))
    true_sets = []
    for solution in solutions:
        names = _true_names(instance, solution)
        assert module.decode(instance, names) == solution  # the helper reads it right
        assert names <= ident.keys()
        true_sets.append({ident[name] for name in names} & live)
    if not true_sets:
        return solutions, set(), set(), set()
    always = set.intersection(*true_sets)
    never = live - set.union(*true_sets)
    return solutions, always, never, live - always - never


def _forced_names(instance: Any) -> tuple[Any, dict[VarName, bool]]:
    formula = registry.kind(instance.KIND).encode(instance)
    result = backbone(formula)
    forced = {formula.names[v]: v in result.forced_true
              for v in sorted(result.forced_true | result.forced_false)}
    return result, forced


@pytest.mark.parametrize("name", sorted(CASES))
def test_backbone_equals_agreement_of_all_solutions(name):
    instance = CASES[name]
    solutions, always, never, free = _brute_force(instance)
    formula = registry.kind(instance.KIND).encode(instance)
    result = backbone(formula)
    assert result.status == "solved"
    assert result.forced_true == always
    assert result.forced_false == never
    assert result.free == free and not result.undecided
    # several solutions differ on some variable; one leaves nothing free
    assert bool(free) == (len(solutions) > 1)
    assert 1 <= result.calls <= 1 + len(result.live) + 50  # a few re-solves after cuts


def test_hashi_backbone_needs_the_connectivity_cuts():
    instance = CASES["hashi needs cuts"]
    with_cuts = backbone(hashi_rules.encode(instance))
    local_only = backbone(hashi_rules.encode_local_rules(instance))
    assert (with_cuts.forced_true, with_cuts.forced_false) != (
        local_only.forced_true, local_only.forced_false)
    assert len(with_cuts.free) < len(local_only.free)


@pytest.mark.parametrize("name", ["sudoku six-by-six", "hashi needs cuts", "jigsaw contour-3x4"])
def test_a_run_cut_short_reports_only_what_its_steps_proved(name):
    """After every prefix of the steps (as a timeout would leave them): forced = the forced
    steps, free = where the solutions seen so far disagree, undecided = the rest."""
    instance = CASES[name]
    _solutions, always, never, _free = _brute_force(instance)
    formula = registry.kind(instance.KIND).encode(instance)
    live = formula.live_puzzle_vars()
    steps = list(backbone_steps(formula, live))
    for cut in range(1, len(steps)):
        progress = Progress(live)
        for step in steps[:cut]:
            progress.apply(step)
        result = progress.finish("timeout", 0.0)
        seen = [step.true_vars for step in steps[:cut] if isinstance(step, Solution)]
        disagree = set.union(*map(set, seen)) - set.intersection(*map(set, seen))
        proven = {step.literal for step in steps[:cut] if isinstance(step, Forced)}
        assert result.status == "timeout" and result.free == disagree
        assert result.forced_true == {lit for lit in proven if lit > 0} <= always
        assert result.forced_false == {-lit for lit in proven if lit < 0} <= never
        assert result.undecided == set(live) - disagree - {abs(lit) for lit in proven}


# ---------------------------------------------------------------- each kind's forced text


def _agreement(values: list[dict]) -> dict:
    """Per key, the value every solution gives it, or None where they differ."""
    return {key: value if all(v[key] == value for v in values) else None
            for key, value in values[0].items()}


def _expected_lines(instance: Any, solutions: list[Any]) -> list[str]:
    """What --forced should say, from the solutions alone (no variables); for `open` lines
    only the part before the comma (the ruled-out detail is checked separately)."""
    kind = instance.KIND
    if kind == "sudoku":
        cells = _agreement([{(r, c): s[r][c] for r, row in enumerate(instance.givens)
                             for c, given in enumerate(row) if not given} for s in solutions])
        return [f"r{r + 1}c{c + 1} = {d}" if d else f"r{r + 1}c{c + 1} open"
                for (r, c), d in sorted(cells.items())]
    if kind == "crossword":
        cells = _agreement([{(r, c): ch for r, row in enumerate(s) for c, ch in enumerate(row)}
                            for s in solutions])
        rows = len(instance.grid)
        return ["".join(cells[(r, c)] or "?" for c in range(len(instance.grid[r])))
                for r in range(rows)]
    if kind == "shikaku":
        rects = _agreement([{p.clue: p[1:] for p in s} for s in solutions])
        lines = []
        for r, c, area in instance.clues:
            rect, label = rects[(r, c)], f"clue r{r + 1}c{c + 1} ({area})"
            if rect is None:
                lines.append(f"{label} open")
            else:
                top, left, height, width = rect
                lines.append(f"{label} = r{top + 1}c{left + 1}-r{top + height}c{left + width} "
                             f"({height}x{width})")
        return lines
    if kind == "hashi":
        return _expected_hashi_lines(instance, solutions)
    if kind == "jigsaw":
        shown = _agreement([{(r, c): jigsaw.rotated(instance.pieces[p[0]], p[1])
                             for r, row in enumerate(s) for c, p in enumerate(row)
                             if p is not None} for s in solutions])
        return [f"r{r + 1}c{c + 1} " + ("open" if labels is None else "=")
                for (r, c), labels in sorted(shown.items())]
    if kind == "partition":
        sides = _agreement([{i: i in s for i in range(len(instance.numbers))}
                            for s in solutions])
        groups = [("part 1", True), ("part 2", False), ("open", None)]
        return [f"{label}: indices {' '.join(str(i) for i, v in sides.items() if v is side)}"
                for label, side in groups if side in sides.values()]
    values = _agreement([{v: v in s for v in sorted({abs(x) for c in instance.clauses for x in c})}
                         for s in solutions])
    forced = [str(v if value else -v) for v, value in values.items() if value is not None]
    free = [str(v) for v, value in values.items() if value is None]
    return ([f"forced: {' '.join(forced)}"] if forced else []) + (
        [f"open: {' '.join(free)}"] if free else [])


def _expected_hashi_lines(instance: Any, solutions: list[Any]) -> list[str]:
    """A line per candidate pair whose bridge counts over all solutions pin something down."""
    layout = hashi_geometry.board(instance.grid)
    words = {frozenset({0}): "no bridge", frozenset({1}): "1 bridge",
             frozenset({2}): "2 bridges", frozenset({1, 2}): "at least 1 bridge",
             frozenset({0, 1}): "at most 1 bridge"}
    lines = []
    for a, b in sorted((layout.islands[a], layout.islands[b]) for a, b in layout.pairs):
        counts = frozenset({(x, y): k for x, y, k in s}.get((a, b), 0) for s in solutions)
        if counts in words:
            lines.append(f"r{a[0] + 1}c{a[1] + 1}-r{b[0] + 1}c{b[1] + 1}: {words[counts]}")
    return lines


def _comparable(instance: Any, line: str) -> str:
    """A printed line without the detail the expectation leaves out."""
    if instance.KIND == "jigsaw":
        return line.split(" = ")[0] + " =" if " = " in line else line.split(",")[0]
    if instance.KIND == "partition":
        return line.split(",")[0]
    return line.split(",")[0] if " open" in line else line


@pytest.mark.parametrize("name", sorted(CASES))
def test_forced_text_says_what_all_solutions_agree_on(name):
    instance = CASES[name]
    solutions = list(satpuzzle.solutions(instance))
    _result, forced = _forced_names(instance)
    lines = registry.kind(instance.KIND).forced_text(instance, forced)
    assert [_comparable(instance, line) for line in lines] == _expected_lines(instance, solutions)


def test_sudoku_open_cells_list_only_digits_no_solution_has():
    instance = CASES["sudoku six-by-six"]
    solutions = list(satpuzzle.solutions(instance))
    _result, forced = _forced_names(instance)
    details = 0
    for line in registry.kind("sudoku").forced_text(instance, forced):
        match = re.fullmatch(r"r(\d+)c(\d+) open, not ([\d ]+)", line)
        if match:
            r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
            details += 1
            assert not {int(d) for d in match.group(3).split()} & {s[r][c] for s in solutions}
    assert details  # this puzzle has open cells with digits ruled out beyond the givens


@pytest.mark.parametrize("name", sorted(n for n in CASES if n.startswith("jigsaw")))
def test_jigsaw_forced_placements_show_the_labels_all_solutions_show(name):
    instance = CASES[name]
    solutions = list(satpuzzle.solutions(instance))
    _result, forced = _forced_names(instance)
    for line in jigsaw_decoding.forced_text(instance, forced):
        if " = " not in line:
            continue
        cell, placements = line.split(" = ")
        r, c = (int(v) - 1 for v in cell[1:].split("c"))
        shown = {jigsaw.rotated(instance.pieces[s[r][c][0]], s[r][c][1]) for s in solutions}
        assert len(shown) == 1
        for placement in placements.split(" or "):
            index, turns = map(int, placement.split("r"))
            assert jigsaw.rotated(instance.pieces[index - 1], turns) in shown


def test_jigsaw_identical_pieces_are_listed_together():
    instance = CASES["jigsaw identical"]
    _result, forced = _forced_names(instance)
    lines = jigsaw_decoding.forced_text(instance, forced)
    corner = next(line for line in lines if line.startswith("r1c1 = "))
    placements = corner.split(" = ")[1].split(" or ")
    assert len(placements) == 4  # the four corner pieces look alike
    for placement in placements:
        index, turns = map(int, placement.split("r"))
        assert jigsaw.rotated(instance.pieces[index - 1], turns)[0] == 0  # flat top


# ---------------------------------------------------------------- the command line


def test_cli_unique_puzzle_forces_every_cell_of_the_solution():
    path = INSTANCES / "sudoku" / "classic.puz"
    instance = satpuzzle.load(str(path))[0]
    solution = satpuzzle.solve(instance)
    result = run_cli("solve", path, "--forced")
    assert result.returncode == 0, result.stderr
    headline, *lines = result.stdout.splitlines()
    assert headline.startswith("forced: all ") and "the solution is unique" in headline
    empty = [(r, c) for r, row in enumerate(instance.givens) for c, v in enumerate(row) if not v]
    assert lines == [f"r{r + 1}c{c + 1} = {solution[r][c]}" for r, c in empty]


def test_cli_several_solutions_json_lists_forced_and_free():
    instance = CASES["sudoku two solutions"]
    result = run_cli("solve", INSTANCES / "sudoku" / "two-solutions.puz", "--forced",
                     "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    _solutions, always, never, free = _brute_force(instance)
    formula = registry.kind("sudoku").encode(instance)
    assert data["status"] == "SAT" and data["complete"] is True and data["unique"] is False
    assert data["variables"] == len(formula.live_puzzle_vars())
    assert {tuple(f["name"]) for f in data["forced"] if f["value"]} == {
        formula.names[v] for v in always}
    assert {tuple(f["name"]) for f in data["forced"] if not f["value"]} == {
        formula.names[v] for v in never}
    assert {tuple(name) for name in data["free"]} == {formula.names[v] for v in free}
    assert data["undecided"] == [] and len(data["text"]) == 4


def test_cli_no_solution_exits_1_with_a_clear_message():
    path = INSTANCES / "sudoku" / "unsolvable.puz"
    result = run_cli("solve", path, "--forced")
    assert result.returncode == 1
    assert result.stdout.strip() == "forced: nothing, there is no solution"
    assert "no solution" in result.stderr and "Traceback" not in result.stderr
    data = json.loads(run_cli("solve", path, "--forced", "--format", "json").stdout)
    assert data["status"] == "UNSAT" and data["complete"] is True and data["forced"] == []


def test_cli_forced_refuses_count_and_all():
    path = INSTANCES / "sudoku" / "classic.puz"
    counted = run_cli("solve", path, "--forced", "--count")
    assert counted.returncode == 2 and "--count and --forced" in counted.stderr
    assert run_cli("solve", path, "--forced", "--all").returncode == 2


_STATS = re.compile(r"satpuzzle: stats: variables (\d+) \((\d+) puzzle\), clauses (\d+), "
                    r"compile ([\d.]+) s, solve ([\d.]+) s(?:, solver calls (\d+))?"
                    r"(?:, conflicts (\d+))?$", re.MULTILINE)


def test_cli_stats_match_the_formula_and_are_plausible():
    path = INSTANCES / "sudoku" / "inkala-2012.puz"
    instance = satpuzzle.load(str(path))[0]
    formula = registry.kind("sudoku").encode(instance)
    forced = run_cli("solve", path, "--forced", "--stats")
    assert forced.returncode == 0, forced.stderr
    match = _STATS.search(forced.stderr)
    assert match, forced.stderr
    variables, puzzle, clauses, compiled, solved, calls, conflicts = match.groups()
    assert (int(variables), int(puzzle), int(clauses)) == (
        formula.num_vars, len(formula.names), formula.num_clauses)
    assert 0 <= float(compiled) < 10 and 0 < float(solved) < 30
    # a unique puzzle: one call for the solution, one per variable to prove it forced
    assert int(calls) == 1 + len(formula.live_puzzle_vars())
    assert conflicts is not None and int(conflicts) >= 0
    plain = run_cli("solve", path, "--stats")
    match = _STATS.search(plain.stderr)
    assert plain.returncode == 0 and match, plain.stderr
    assert int(match.group(3)) == formula.num_clauses and match.group(6) is None
    assert match.group(7) is not None and int(match.group(7)) >= 0  # CaDiCaL's conflicts


def test_cli_stats_of_a_search_engine_run():
    result = run_cli("solve", INSTANCES / "crossword" / "seed-example.puz", "--stats")
    assert result.returncode == 0
    assert re.search(r"^satpuzzle: stats: search engine, solve [\d.]+ s$", result.stderr,
                     re.MULTILINE), result.stderr


def _empty_25x25(tmp_path) -> Any:
    """An empty 25x25 Sudoku: 15 625 free variables, seconds of backbone work."""
    path = tmp_path / "empty25.puz"
    rows = "\n".join("    " + " ".join("." * 25) for _ in range(25))
    path.write_text(f"sudoku {{\n  box: 5x5\n  grid {{\n{rows}\n  }}\n}}\n")
    return path


def test_cli_timeout_exits_3_and_reports_what_was_proven(tmp_path):
    path = _empty_25x25(tmp_path)
    start = time.monotonic()
    # the whole backbone takes about 3 s on a quiet machine: 1 s cuts it short anywhere
    result = run_cli("solve", path, "--forced", "--timeout", "1", "--format", "json")
    elapsed = time.monotonic() - start
    assert result.returncode == 3, result.stderr
    assert elapsed < 1 + 0.5 + 3.0  # the limit, slack, interpreter start-up
    assert "timeout" in result.stderr and "backbone incomplete" in result.stderr
    data = json.loads(result.stdout)
    assert data["complete"] is False and data["status"] in ("SAT", "UNKNOWN")
    assert data["forced"] == []  # an empty grid forces nothing: nothing false was claimed
    if data["status"] == "SAT":  # a solution came in time: free and undecided split the rest
        assert data["undecided"] and len(data["free"]) + len(data["undecided"]) == 15625
        assert re.search(r"\d+ of 15625 variables undecided", result.stderr)


def test_api_timeout_returns_status_and_partial_result(tmp_path):
    instance = satpuzzle.load(str(_empty_25x25(tmp_path)))[0]
    formula = registry.kind("sudoku").encode(instance)
    result = backbone(formula, timeout=1.0)
    assert result.status == "timeout" and not result.complete
    assert result.elapsed < 1.0 + 0.5
    assert not result.forced_true and not result.forced_false


def test_cli_interrupt_stops_the_backbone(tmp_path):
    path = _empty_25x25(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "satpuzzle", "solve", str(path), "--forced"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert wait_for_child(process.pid)  # the backbone's solver is running
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=10)
    assert process.returncode == 3
    assert "interrupted" in stderr and "backbone incomplete" in stderr
    assert stdout.startswith(("forced so far:", "forced: unknown"))
