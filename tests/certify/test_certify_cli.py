"""--certify, --proof-dir and check-proof as a user runs them: each negative claim's verdict
says what was certified and how; the kept CNF holds the puzzle's formula as `compile` writes it
plus one blocking clause per claimed answer, and its proof checks again from the files; a
tampered proof, or a CNF that claims one answer fewer, is rejected; a claim planted false
fails to certify (exit 4)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import INSTANCES, run_cli

from satpuzzle.dimacs import read_cnf

CLASSIC = INSTANCES / "sudoku" / "classic.puz"
THREE = INSTANCES / "kakuro" / "three.puz"  # three solutions
UNSOLVABLE = INSTANCES / "sudoku" / "unsolvable.puz"
TWO = INSTANCES / "sudoku" / "two-solutions.puz"
VERDICT = re.compile(r"certified: \d+-line LRAT proof checked in \d+\.\d\d s")


def clauses(path: Path) -> list[tuple[int, ...]]:
    return [tuple(clause) for clause in read_cnf(path.read_text(), str(path)).clauses]


def test_unique_is_certified_on_its_verdict_line():
    result = run_cli("solve", CLASSIC, "--unique", "--certify")
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("unique — ") and VERDICT.search(first), first


def test_a_count_is_certified_and_its_files_check_again(tmp_path):
    kept = tmp_path / "proofs"
    result = run_cli("solve", THREE, "--count", "--certify", "--proof-dir", kept)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "3\n"
    assert re.search(r"3 solutions, complete — " + VERDICT.pattern, result.stderr)
    cnf, lrat, drat = (kept / f"three.{suffix}" for suffix in ("cnf", "lrat", "drat"))
    for proof in (lrat, drat):
        checked = run_cli("check-proof", cnf, proof)
        assert checked.returncode == 0 and checked.stdout.startswith("verified: "), checked


def test_the_kept_cnf_is_the_puzzles_formula_and_one_blocking_clause_an_answer(tmp_path):
    """Written from the puzzle, not read back from the solver: `compile`'s clauses, then a
    clause over every live puzzle variable for each of the three answers."""
    kept = tmp_path / "proofs"
    assert run_cli("solve", THREE, "--all", "--certify", "--proof-dir", kept).returncode == 0
    compiled = tmp_path / "three.cnf"
    assert run_cli("compile", THREE, "-o", compiled).returncode == 0
    formula, certified = clauses(compiled), clauses(kept / "three.cnf")
    assert certified[:len(formula)] == formula
    blocking = certified[len(formula):]
    assert len(blocking) == 3 and len({len(clause) for clause in blocking}) == 1


def test_a_tampered_proof_and_a_count_one_short_are_rejected(tmp_path):
    kept = tmp_path / "proofs"
    assert run_cli("solve", THREE, "--count", "--certify", "--proof-dir", kept).returncode == 0
    cnf, lrat = kept / "three.cnf", kept / "three.lrat"
    steps = lrat.read_text().splitlines()
    (tmp_path / "cut.lrat").write_text("\n".join(steps[:-1]) + "\n")  # no empty clause
    cut = run_cli("check-proof", cnf, tmp_path / "cut.lrat")
    assert cut.returncode == 1 and cut.stdout.startswith("rejected: "), cut
    # the same proof for a claim of two answers: the CNF without the last blocking clause
    lines = cnf.read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    variables, count = map(int, lines[header].split()[2:4])
    short = lines[:header] + [f"p cnf {variables} {count - 1}"] + lines[header + 1:-1]
    (tmp_path / "short.cnf").write_text("\n".join(short) + "\n")
    one_short = run_cli("check-proof", tmp_path / "short.cnf", lrat)
    assert one_short.returncode == 1 and one_short.stdout.startswith("rejected: "), one_short


def test_no_solution_is_certified():
    result = run_cli("solve", UNSOLVABLE, "--certify")
    assert result.returncode == 1, result.stderr
    assert re.search(r"no solution — " + VERDICT.pattern, result.stderr), result.stderr


def test_two_solutions_claim_nothing_to_prove_and_say_so():
    result = run_cli("solve", TWO, "--unique", "--certify")
    assert result.returncode == 0
    assert result.stdout.startswith("multiple\n")
    assert "not certified: nothing negative to prove" in result.stderr


def test_json_carries_the_certificate():
    result = run_cli("solve", CLASSIC, "--unique", "--certify", "--format", "json")
    certificate = json.loads(result.stdout)["certificate"]
    assert certificate["claim"] == "unique" and certificate["certified"] is True
    assert certificate["proof_lines"] > 0


def test_a_batch_sums_its_certificates(tmp_path):
    lines = [line for line in (INSTANCES / "sudoku" / "hard-batch.txt").read_text().split("\n")
             if line and not line.startswith("#")][:4]
    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    result = run_cli("solve", batch, "--unique", "--certify")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 4
    assert "satpuzzle: 4 of 4 claims certified: LRAT proofs of " in result.stderr


def test_a_claim_planted_false_fails_to_certify(monkeypatch):
    """The pipeline made to claim one answer of a puzzle that has three: the proof, made from
    the puzzle itself, finds the others, and the run ends as a bug (exit 4), not certified."""
    from satpuzzle import pipeline

    real = pipeline.solve

    def one_answer_only(instance, request):
        for event in real(instance, request):
            if isinstance(event, pipeline.Found) and event.index == 0:
                yield event
                yield pipeline.Done(0, 1, True)
                yield pipeline.Ended(None, 0.0)
                return

    monkeypatch.setattr(pipeline, "solve", one_answer_only)
    result = run_cli("solve", THREE, "--all", "--engine", "sat", "--certify")
    assert "1 solution(s), complete" in result.stderr
    assert result.returncode == 4, result.stderr
    assert "unique — not certified" in result.stderr


def test_generate_certifies_the_setters_unique(tmp_path):
    out = tmp_path / "made.puz"
    result = run_cli("generate", "sudoku", "--unique", "--certify", "--seed", "3", "-o", out)
    assert result.returncode == 0, result.stderr
    assert re.search(r"seed 3: unique — " + VERDICT.pattern, result.stderr)
    assert out.read_text().startswith("sudoku")


def test_verify_certifies_each_unsatisfiable_side():
    result = run_cli("verify", "partition-orientation", "--random", "3", "--certify")
    assert result.returncode == 0, result.stderr
    made = re.search(r"(\d+) of (\d+) unsatisfiable sides certified", result.stdout)
    assert made and made.group(1) == made.group(2) and int(made.group(2)) > 0


def test_what_certify_cannot_back_is_refused_in_one_line():
    for args, words in ((("solve", CLASSIC, "--forced", "--certify"), "--forced"),
                        (("solve", CLASSIC, "--proof-dir", "x"), "--proof-dir"),
                        (("generate", "sudoku", "--certify"), "--unique")):
        result = run_cli(*args)
        assert result.returncode == 2 and words in result.stderr, result
        assert len(result.stderr.splitlines()) == 1
