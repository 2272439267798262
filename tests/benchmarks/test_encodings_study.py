"""The encoding study (benchmarks/encodings.py): the Lynce & Ouaknine encodings as the paper
counts them, the propagation used to judge them, and a tiny run of the per-kind study."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from pysat.solvers import Solver

from benchmarks import encodings as study
from benchmarks import lynce_ouaknine as lo
from satpuzzle.constraints import choices
from satpuzzle.kinds.registry import KINDS

PUZZLES = lo.read_puzzles(ROOT / "instances" / "sudoku" / "hard-batch.txt")


@pytest.mark.parametrize("variant", lo.VARIANTS)
def test_lynce_ouaknine_counts(variant: str) -> None:
    """729 variables; 8,829 / 11,745 / 11,988 clauses for the empty grid (the paper's
    counts), every clause in one of the paper's families, none unattributed."""
    formula, x = lo.empty_grid(variant)
    assert formula.num_vars == len(x) == 729
    assert formula.num_clauses == lo.PUBLISHED_CLAUSES[variant]
    rows = {row.name: row.clauses for row in formula.explanation()}
    assert list(rows) == lo.families(variant)
    definedness = {f: n for f, n in rows.items() if f.endswith("definedness")}
    assert set(definedness.values()) == {81}
    assert {n for f, n in rows.items() if f.endswith("uniqueness")} == {9 * 9 * 36}


def test_the_three_encodings_have_the_same_solutions() -> None:
    """Each puzzle has one solution under every encoding, the same one."""
    for puzzle in PUZZLES[:2]:
        grids = set()
        for variant in lo.VARIANTS:
            formula, x = lo.empty_grid(variant)
            with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
                models = []
                for _ in range(2):
                    if not solver.solve(assumptions=lo.givens(puzzle, x)):
                        break
                    true = {v for v in solver.get_model() if v > 0}
                    models.append(true)
                    solver.add_clause([-v for v in true])
            assert len(models) == 1
            grid = tuple(sorted(key for key, v in x.items() if v in models[0]))
            assert len(grid) == 81
            grids.add(grid)
        assert len(grids) == 1


def test_propagation_solves_only_what_it_assigns_and_agrees_with_search() -> None:
    formula, x = lo.empty_grid("extended")
    propagator = lo.Propagator(formula)
    try:
        puzzle = PUZZLES[0]
        unit = propagator.unit(lo.givens(puzzle, x))
        probed = propagator.probe(lo.givens(puzzle, x))
        assert unit is not None and probed is not None and unit <= probed
        if propagator.solved(probed):
            with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
                assert solver.solve(assumptions=lo.givens(puzzle, x))
                assert {v for v in solver.get_model() if v > 0} == {v for v in probed if v > 0}
        # a contradictory puzzle (one digit twice in a row) is a conflict, not "solved"
        bad = "11" + puzzle[2:]
        assert propagator.unit(lo.givens(bad, x)) is None
    finally:
        propagator.close()


def test_measure_orders_the_encodings() -> None:
    """The extended encoding propagates at least as much as the efficient one, which does
    at least as much as the minimal one; probing at least as much as unit propagation."""
    results = {v: lo.measure(v, "batch", PUZZLES) for v in lo.VARIANTS}
    for r in results.values():
        assert r.unit <= r.probing <= r.puzzles == len(PUZZLES)
    assert (results["minimal"].probing <= results["efficient"].probing
            <= results["extended"].probing)
    assert results["minimal"].unit <= results["extended"].unit


def test_propagation_strength_measurement() -> None:
    """Pairwise at-most-one and the sequential counter are GAC on every case; the adder
    of a weighted sum misses implications (Eén & Sörensson 2006)."""
    assert not any(study.strength("amo", "pairwise").weak.values())
    assert not any(study.strength("card", "seqcounter").weak.values())
    assert study.strength("pb", "adder").weak["atmost"] > 0


@pytest.mark.skipif("partition" not in KINDS or not KINDS["partition"].encoding_families,
                    reason="partition declares no switchable family")
def test_quick_study_of_one_kind(tmp_path: Path) -> None:
    """The per-kind study on Partition with a tiny budget: every PB encoding of its
    family measured on one instance, the same answer from each, and a report written."""
    study.warm_up()
    runs, cases = study.study_kind("partition", quick=True, budget=5.0, count=True)
    assert len(cases) == 1
    family = next(iter(KINDS["partition"].encoding_families))
    constraint = KINDS["partition"].encoding_families[family]
    assert {r.encoding for r in runs} == set(choices(constraint))
    assert all(r.status in ("SAT", "UNSAT") and r.clauses for r in runs)
    assert sum(r.default for r in runs) == 1
    assert study.disagreements(runs) == []
    out = tmp_path / "ENCODINGS.md"
    study.write_report(out, "python -m benchmarks.encodings --quick", 1.0, None, [],
                       {"partition": (runs, cases)}, True, 5.0)
    text = out.read_text()
    assert "generated by benchmarks/encodings.py" in text
    assert "### partition" in text and "(default)" in text
    assert (tmp_path / "benchmarks" / "encodings-partition.png").exists()
