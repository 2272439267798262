"""1-in-3 SAT end to end: solution sets against brute force on random small formulas
(degenerate clauses and unsatisfiable ones included), every solution re-checked by the
independent rule checker, SATLIB uf20-91 files read as 1-in-3 instances against a numpy
enumeration of all 2^20 assignments, the DIMACS and .puz readers and their errors, and CLI
round trips."""

from __future__ import annotations

import dataclasses
import json
import random

import numpy as np
import pytest
from conftest import INSTANCES, run_cli, shared
from conftest import one_in_three_brute_force as brute_force

import satpuzzle
from satpuzzle.checkers.one_in_three_sat import check, violations
from satpuzzle.constraints.encodings import choices
from satpuzzle.errors import InputError
from satpuzzle.kinds.one_in_three_sat import puzzle as one_in_three_sat
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance, read_dimacs

ONE_IN_THREE = INSTANCES / "one-in-three-sat"


def numpy_solutions(clauses) -> set[tuple[int, ...]]:
    """The same, over all 2^k assignments at once (k occurring variables, k up to ~22)."""
    used = sorted({abs(lit) for clause in clauses for lit in clause})
    codes = np.arange(1 << len(used), dtype=np.int64)
    bit = {v: ((codes >> j) & 1).astype(np.int8) for j, v in enumerate(used)}
    good = np.ones(len(codes), dtype=bool)
    for clause in clauses:
        true_count = sum(bit[lit] if lit > 0 else 1 - bit[-lit] for lit in clause)
        good &= true_count == 1
    return {tuple(v for j, v in enumerate(used) if code >> j & 1)
            for code in codes[good].tolist()}


def solutions_of(instance: OneInThreeInstance) -> list[tuple[int, ...]]:
    found = list(satpuzzle.solutions(instance))
    for solution in found:
        assert check(instance, solution) == [], (instance, solution)
    assert len(found) == len(set(found))
    return found


def random_formula(rng: random.Random) -> OneInThreeInstance:
    num_vars = rng.randint(1, 7)
    clauses = tuple(tuple(rng.choice((1, -1)) * rng.randint(1, num_vars)
                          for _ in range(rng.randint(1, 3)))
                    for _ in range(rng.randint(1, 9)))
    return OneInThreeInstance(num_vars, clauses)


# ---------------------------------------------------------------- counts and rules


def test_solution_sets_match_brute_force_on_random_formulas():
    rng = random.Random(5)
    outcomes = []
    degenerate = 0
    for _ in range(400):
        instance = random_formula(rng)
        found = solutions_of(instance)
        assert set(found) == brute_force(instance.clauses), instance.clauses
        outcomes.append(bool(found))
        degenerate += any(len({abs(lit) for lit in c}) < len(c) for c in instance.clauses)
    assert 50 < sum(outcomes) < 350  # satisfiable and unsatisfiable both exercised
    assert degenerate > 50  # repeated and complementary literals exercised


@pytest.mark.parametrize("clauses, expected", [
    (((1, 1, 2),), {(2,)}),  # x x y: x true would make two occurrences true
    (((1, -1, 2),), {(), (1,)}),  # x -x y: one occurrence always true, y false, x free
    (((1, 1),), set()),
    (((1, 1, 1),), set()),
    (((1, -1),), {(), (1,)}),  # always exactly one
    (((1, -1, 1),), {()}),  # x true: two occurrences
    (((-2, -2, 3),), {(2, 3)}),  # -y -y z: y true, so z true
])
def test_degenerate_clauses_follow_occurrence_semantics(clauses, expected):
    instance = OneInThreeInstance(3, clauses)
    assert brute_force(clauses) == expected  # the documented semantics, from the referee
    assert set(solutions_of(instance)) == expected


@pytest.mark.parametrize("encoding", choices("amo"))
def test_every_clause_encoding_gives_the_same_solutions(encoding):
    """Every at-most-one encoding the family `clause` can be switched to, on the bundled
    formulas, random ones with repeated and complementary literals, and the degenerate
    clauses: the assignments brute force finds."""
    rng = random.Random(9)
    bundled = [instance for path in sorted(ONE_IN_THREE.iterdir())
               for instance in satpuzzle.load(str(path))]
    degenerate = [OneInThreeInstance(3, clauses) for clauses in (
        ((1, 1, 2),), ((1, -1, 2),), ((1, 1),), ((1, 1, 1),), ((1, -1),), ((1, -1, 1),),
        ((-2, -2, 3),))]
    for instance in bundled + degenerate + [random_formula(rng) for _ in range(60)]:
        chosen = dataclasses.replace(instance, encodings=(("clause", encoding),))
        assert set(solutions_of(chosen)) == brute_force(instance.clauses), instance.clauses


def test_every_clause_belongs_to_the_rule():
    for path in sorted(ONE_IN_THREE.iterdir()):
        for instance in satpuzzle.load(str(path)):
            rows = satpuzzle.compile(instance).explanation()
            assert [row.name for row in rows] == ["clause"], path
            assert rows[0].constraints == len(instance.clauses)


def test_unused_variables_are_not_part_of_solutions():
    instance = OneInThreeInstance(6, ((2, 5), (-5, 3)))
    assert set(solutions_of(instance)) == brute_force(instance.clauses) == {(2,), (3, 5)}


def test_checker_counts_occurrences():
    clauses = ((1, 2, -3), (-1, 2, 4), (3, -4))
    assert violations(clauses, (1, 3, 4)) == []
    assert violations(clauses, ()) == []
    assert any("clause 1" in p for p in violations(clauses, (1, 2, 3, 4)))
    assert any("occur in no clause" in p for p in violations(clauses, (1, 3, 4, 9)))
    assert any("increasing" in p for p in violations(clauses, (4, 3, 1)))
    assert any("2 true literals" in p for p in violations(((1, 1, 2),), (1,)))
    assert violations(((1, 1, 2),), (2,)) == []


def test_encoding_keeps_input_numbering_without_auxiliaries():
    instance = OneInThreeInstance(5, ((1, 2, -3), (-1, 2, 4), (3, -4)))
    formula = satpuzzle.compile(instance)
    assert formula.names == {v: ("x", v) for v in range(1, 5)}
    assert formula.num_vars == 4  # pairwise at-most-one: no auxiliaries for 3 literals


# ---------------------------------------------------------------- SATLIB files


def _uf20_files(count: int):
    folder = shared("sat/uf20-91")
    return sorted(folder.glob("*.cnf"))[:count]


def test_uf20_files_against_numpy_enumeration():
    # Whole files are far above the 1-in-3 threshold (91 clauses, 20 variables) and all come
    # out unsatisfiable; their first clauses are not, so prefixes give real satisfiable
    # instances whose full solution sets are compared.
    for path in _uf20_files(4):
        instance = read_dimacs(path.read_text(), str(path))
        assert instance.num_vars == 20 and len(instance.clauses) == 91
        assert set(solutions_of(instance)) == numpy_solutions(instance.clauses)
        for length in (6, 10, 14):
            prefix = OneInThreeInstance(20, instance.clauses[:length])
            expected = numpy_solutions(prefix.clauses)
            assert set(solutions_of(prefix)) == expected, (path.name, length)


def test_uf20_and_uf50_samples_solve_and_check():
    paths = _uf20_files(1000)[::20] + sorted(shared("sat/uf50-218").glob("*.cnf"))[::50]
    assert len(paths) >= 60
    for path in paths:
        instance = one_in_three_sat.read_native(path.read_text(), str(path), {})[0][0]
        solution = satpuzzle.solve(instance)
        if solution is not None:
            assert check(instance, solution) == []


def test_satlib_file_is_sniffed_and_solved_by_the_cli():
    path = _uf20_files(1)[0]
    result = run_cli("solve", path, "--count")  # no --kind: recognised by the p cnf header
    expected = numpy_solutions(read_dimacs(path.read_text(), str(path)).clauses)
    assert result.returncode == (0 if expected else 1), result.stderr
    assert int(result.stdout) == len(expected)


# ---------------------------------------------------------------- reading


def test_dimacs_reader_accepts_satlib_endings_comments_and_split_clauses():
    text = "c comment\np cnf 4 3\n1 -2\n 3 0 -1 4 0\nc between\n2 0\n%\n0\n\n"
    instance = read_dimacs(text, "x.cnf")
    assert instance == OneInThreeInstance(4, ((1, -2, 3), (-1, 4), (2,)))
    assert one_in_three_sat.sniff(text)
    assert not one_in_three_sat.sniff("c satpuzzle DIMACS CNF\nc kind: sudoku\np cnf 1 1\n1 0\n")
    assert not one_in_three_sat.sniff("1 2 3\n4 5 6\n")


DIMACS_ERRORS = {
    "four literals": ("p cnf 4 1\n1 2 3 4 0\n", 2, 7, "clause of 4 literals"),
    "out of range": ("p cnf 3 2\n1 2 3 0\n-1 -4 0\n", 3, 4, "out of range"),
    "not an integer": ("p cnf 3 1\n1 two 3 0\n", 2, 3, "integer literal"),
    "count mismatch": ("c x\np cnf 3 3\n1 2 3 0\n-1 2 0\n", 2, 1, "announces 3 clause(s)"),
    "empty formula": ("p cnf 3 0\n", 1, 1, "empty formula"),
    "empty clause": ("p cnf 3 2\n1 2 0\n0\n", 3, 1, "empty clause"),
    "no header": ("1 2 0\n", 1, 1, "header"),
    "bad header": ("p cnf three 1\n1 0\n", 1, 1, "p cnf VARIABLES CLAUSES"),
    "unterminated": ("p cnf 3 1\n1 2 3\n", 2, 1, "terminating 0"),
}


@pytest.mark.parametrize("name", DIMACS_ERRORS)
def test_dimacs_errors_have_positions(name, tmp_path):
    text, line, column, words = DIMACS_ERRORS[name]
    path = tmp_path / "bad.cnf"
    path.write_text(text)
    result = run_cli("solve", path, "--kind", "one-in-three-sat")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:{line}:{column}: error:"), result.stderr
    assert words in result.stderr and len(result.stderr.splitlines()) == 1


PUZ_ERRORS = {
    "four literals": ("one-in-three-sat {\n  clauses {\n    1 2 -3 4\n  }\n}\n", 3, 12,
                      "clause of 4"),
    "not an integer": ("one-in-three-sat {\n  clauses {\n    1 y\n  }\n}\n", 3, 7, "integer"),
    "zero inside": ("one-in-three-sat {\n  clauses {\n    1 0 2\n  }\n}\n", 3, 7, "0 is not"),
    "out of declared range": ("one-in-three-sat {\n  variables: 2\n  clauses {\n    1 -3\n  }\n}\n",
                              4, 7, "out of range"),
    "empty": ("one-in-three-sat {\n  clauses {\n  }\n}\n", 2, 3, "empty formula"),
    "no clauses": ("one-in-three-sat {\n  variables: 3\n}\n", 1, 1, "needs its clauses"),
}


@pytest.mark.parametrize("name", PUZ_ERRORS)
def test_puz_errors_have_positions(name):
    text, line, column, words = PUZ_ERRORS[name]
    with pytest.raises(InputError) as caught:
        satpuzzle.load(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in caught.value.message


def test_puz_rows_file_reference_and_round_trip(tmp_path):
    (tmp_path / "f.cnf").write_text("p cnf 5 3\n1 2 -3 0\n-1 2 4 0\n3 -4 0\n")
    (tmp_path / "f.puz").write_text('one-in-three-sat "t" {\n  clauses: file "f.cnf"\n}\n')
    from_file = satpuzzle.load(str(tmp_path / "f.puz"))[0]
    assert from_file == OneInThreeInstance(5, ((1, 2, -3), (-1, 2, 4), (3, -4)), "t")
    assert satpuzzle.load(one_in_three_sat.to_puz(from_file)) == [from_file]
    inline = satpuzzle.load("one-in-three-sat {\n  clauses {\n    1 2 -3 0\n    -1 2 4\n"
                            "    3 -4\n  }\n}\n")[0]  # a trailing 0 is tolerated
    assert inline.clauses == from_file.clauses and inline.num_vars == 4
    (tmp_path / "g.puz").write_text('one-in-three-sat {\n  clauses: file "g.cnf"\n}\n')
    (tmp_path / "g.cnf").write_text("p cnf 2 1\n1 2 3 0\n")
    with pytest.raises(InputError) as caught:
        satpuzzle.load(str(tmp_path / "g.puz"))
    assert caught.value.path.endswith("g.cnf") and caught.value.line == 2


# ---------------------------------------------------------------- CLI round trips


@pytest.mark.parametrize("name", ["example.puz", "kattis-threesat-sample1.puz", "chain.cnf"])
def test_instance_files_counts_and_checks(name, tmp_path):
    path = ONE_IN_THREE / name
    instance = satpuzzle.load(str(path))[0]
    expected = brute_force(instance.clauses)
    result = run_cli("solve", path, "--all")
    assert result.returncode == (0 if expected else 1), result.stderr
    lines = [line for line in result.stdout.splitlines() if line]
    assert {tuple(int(w) for w in line.split() if int(w) > 0) for line in lines} == expected
    assert len(lines) == len(expected)
    if expected:
        (tmp_path / "sol.txt").write_text(result.stdout)
        checked = run_cli("check", path, tmp_path / "sol.txt")
        assert checked.returncode == 0 and checked.stdout.count("valid") == len(expected)


def test_json_round_trip_and_invalid_solution_rejected(tmp_path):
    path = ONE_IN_THREE / "example.puz"
    result = run_cli("solve", path, "--all", "--format", "json")
    data = json.loads(result.stdout)
    assert data["count"] == 2 and data["complete"]
    (tmp_path / "s.json").write_text(result.stdout)
    assert run_cli("check", path, tmp_path / "s.json").returncode == 0
    (tmp_path / "bad.txt").write_text("1 2 3 4\n")
    rejected = run_cli("check", path, tmp_path / "bad.txt")
    assert rejected.returncode == 1 and "INVALID" in rejected.stdout


def test_compile_keeps_variables_and_decode_reads_a_model(tmp_path):
    path = ONE_IN_THREE / "chain.cnf"
    compiled = run_cli("compile", path, "-o", tmp_path / "c.cnf")
    assert compiled.returncode == 0, compiled.stderr
    instance = satpuzzle.load(str(path))[0]
    solution = min(brute_force(instance.clauses))
    model = [v if v in solution else -v for v in range(1, 8)]
    (tmp_path / "m.txt").write_text("v " + " ".join(map(str, model)) + " 0\n")
    decoded = run_cli("decode", tmp_path / "c.cnf", tmp_path / "m.txt")
    assert decoded.returncode == 0, decoded.stderr
    assert decoded.stdout.split() == list(map(str, model))
