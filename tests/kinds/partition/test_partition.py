"""PARTITION end to end: solution counts against brute force over all 2^(n-1) splits, every
solution re-checked by the independent rule checker, one-line batches (one formula, guard
assumptions), partdata.tsv's optimum column as the referee of satisfiability, the readers and
their errors, and CLI round trips."""

from __future__ import annotations

import dataclasses
import json
import random
from itertools import islice

import pytest
from conftest import INSTANCES, run_cli, shared
from pysat.solvers import Solver

import satpuzzle
from satpuzzle.checkers.partition import check, violations
from satpuzzle.constraints.encodings import choices
from satpuzzle.errors import InputError
from satpuzzle.kinds.partition import decoding as partition_decoding
from satpuzzle.kinds.partition import puzzle as partition
from satpuzzle.kinds.partition import rules as partition_rules
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.solving import Job, LimitReached, ModelStream

PARTITION = INSTANCES / "partition"


def brute_force(numbers: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every split, as the sorted indices of the part holding index 0: all 2^(n-1) choices of
    the other indices, kept when the part sums to exactly half of the total."""
    total, rest = sum(numbers), range(1, len(numbers))
    found = set()
    for mask in range(1 << (len(numbers) - 1)):
        part = (0, *(i for k, i in enumerate(rest) if mask >> k & 1))
        if 2 * sum(numbers[i] for i in part) == total:
            found.add(part)
    return found


def random_lists(count: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    lists = []
    for _ in range(count):
        high = rng.choice([2, 3, 6, 20, 100])
        lists.append(tuple(rng.randint(1, high) for _ in range(rng.randint(1, 11))))
    return lists


def solutions_of(instance: PartitionInstance) -> list[tuple[int, ...]]:
    found = list(satpuzzle.solutions(instance))
    for solution in found:
        assert check(instance, solution) == [], (instance, solution)
    return found


# ---------------------------------------------------------------- counts and rules


def test_counts_match_brute_force_on_random_lists():
    satisfiable = 0
    for numbers in random_lists(250, seed=7):
        instance = PartitionInstance(numbers)
        found = solutions_of(instance)
        assert len(found) == len(set(found)), numbers  # each split exactly once
        assert set(found) == brute_force(numbers), numbers
        satisfiable += bool(found)
    assert 40 < satisfiable < 230  # both outcomes were exercised


def test_mirror_is_one_solution_and_equal_numbers_are_distinct_splits():
    # The rules of the module docstring, against brute force rather than by hand.
    assert solutions_of(PartitionInstance((1, 1, 2))) == [(0, 1)]
    four_ones = sorted(solutions_of(PartitionInstance((1, 1, 1, 1))))
    assert four_ones == sorted(brute_force((1, 1, 1, 1))) == [(0, 1), (0, 2), (0, 3)]


def test_odd_total_and_single_number_have_no_split_but_compile():
    for numbers in [(1, 2, 4), (7,), (2, 5)]:
        instance = PartitionInstance(numbers)
        assert solutions_of(instance) == []
        formula = satpuzzle.compile(instance)
        with Solver(name="cadical195", bootstrap_with=list(formula.all_clauses())) as solver:
            assert not solver.solve()


def test_auxiliaries_share_the_pool_and_side_i_is_variable_i_plus_one():
    numbers = (5, 9, 3, 8, 6, 7, 4, 2)
    formula = partition_rules.encode(PartitionInstance(numbers))
    assert {ident: name for ident, name in formula.names.items()} == {
        i + 1: ("side", i) for i in range(len(numbers))}
    used = {abs(lit) for clause in formula.all_clauses() for lit in clause}
    assert max(used) == formula.num_vars > len(numbers)  # auxiliaries exist, all in the pool
    assert set(range(1, len(numbers) + 1)) <= used  # every number constrained


def bundled_instances() -> list[PartitionInstance]:
    """The bundled puzzles small enough for brute force (n <= 12) and for every encoding
    (a total below 1,000: PBEnc's sorting network writes 660,000 clauses for ten numbers
    summing to 4,800, four seconds a puzzle)."""
    found = [*satpuzzle.load(str(PARTITION / "wikipedia.puz")),
             *satpuzzle.load(str(PARTITION / "plain-list.txt"), kind="partition"),
             *satpuzzle.load(str(PARTITION / "partdata-sample.tsv"))]
    return [instance for instance in found
            if len(instance.numbers) <= 12 and sum(instance.numbers) < 1000]


@pytest.mark.parametrize("encoding", choices("pb"))
def test_every_sum_encoding_gives_the_same_splits(encoding):
    """Every encoding the family `sum` can be switched to, on the bundled puzzles and small
    random lists, one by one and in a batch: the splits brute force finds."""
    instances = bundled_instances() + [PartitionInstance(numbers)
                                       for numbers in random_lists(25, seed=3)]
    chosen = [dataclasses.replace(instance, encodings=(("sum", encoding),))
              for instance in instances]
    for instance in chosen:
        assert set(solutions_of(instance)) == brute_force(instance.numbers), instance
        if sum(instance.numbers) % 2 == 0:
            assert encoding in satpuzzle.compile(instance).families["sum"].encoding
    formula, jobs = partition_rules.encode_batch(chosen)
    stream = ModelStream(formula)
    try:
        for instance, job in zip(chosen, jobs):
            found = {partition_decoding.decode(instance, [formula.names[v] for v in true_vars])
                     for true_vars in stream.models(job)}
            assert found == brute_force(instance.numbers), instance
    finally:
        stream.close()


def test_every_clause_belongs_to_a_rule():
    """`--explain` accounts for every clause: the mirror rule, the sum, and in a batch the
    guards' at-most-one; none unattributed."""
    instances = [*satpuzzle.load(str(PARTITION / "wikipedia.puz")),
                 *satpuzzle.load(str(PARTITION / "plain-list.txt"), kind="partition"),
                 *satpuzzle.load(str(PARTITION / "partdata-sample.tsv")),
                 PartitionInstance((2, 5)), PartitionInstance((7,))]
    for instance in instances:
        rows = satpuzzle.compile(instance).explanation()
        assert {row.name for row in rows} == {"mirror", "sum"}, instance
    formula, _ = partition_rules.encode_batch(instances)
    assert {row.name for row in formula.explanation()} == {"sum", "batch"}


def test_an_encoding_for_no_family_is_refused():
    with pytest.raises(InputError, match="family 'cell'"):
        satpuzzle.compile(PartitionInstance((1, 1), encodings=(("cell", "ladder"),)))
    with pytest.raises(InputError, match="no encoding 'ladder'"):
        satpuzzle.compile(PartitionInstance((1, 1), encodings=(("sum", "ladder"),)))


def test_checker_rejects_broken_splits():
    numbers = (3, 1, 1, 2, 2, 1)
    assert violations(numbers, (0, 3)) == []
    assert any("index 0" in p for p in violations(numbers, (1, 2, 3, 4)))  # the mirror part
    assert any("not equal" in p for p in violations(numbers, (0, 1)))
    assert any("out of range" in p for p in violations(numbers, (0, 9)))
    assert any("increasing" in p for p in violations(numbers, (3, 0)))
    assert any("twice" in p for p in violations(numbers, (0, 0, 3)))
    assert violations(numbers, (0, "x")) != []


# ---------------------------------------------------------------- batches


def test_batch_jobs_count_like_single_puzzles():
    lists = random_lists(30, seed=11)
    instances = [PartitionInstance(numbers) for numbers in lists]
    formula, jobs = partition_rules.encode_batch(instances)
    stream = ModelStream(formula)
    try:
        for instance, job in zip(instances, jobs):
            found = [partition_decoding.decode(instance, [formula.names[v] for v in true_vars])
                     for true_vars in stream.models(job)]
            assert len(found) == len(set(found))
            assert set(found) == brute_force(instance.numbers), instance.numbers
    finally:
        stream.close()


def _partdata_rows(path) -> list[tuple[int, int, tuple[int, ...]]]:
    rows = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        index, _n, optimum, numbers = line.split("\t")
        rows.append((int(index), int(optimum), tuple(map(int, numbers.split()))))
    return rows


def test_partdata_optimum_zero_exactly_when_satisfiable():
    path = shared("partition/partdata.tsv")
    rows = _partdata_rows(path)
    assert len(rows) == 320
    instances, one_line = partition.read_native(path.read_text(), str(path), {})
    assert one_line and [i.numbers for i in instances] == [numbers for _, _, numbers in rows]
    sample = rows[::4]  # 80 puzzles, n = 10 to 30, both outcomes
    assert {optimum == 0 for _, optimum, _ in sample} == {True, False}
    for index, optimum, numbers in sample:
        instance = PartitionInstance(numbers)
        solution = satpuzzle.solve(instance)
        assert (solution is not None) == (optimum == 0), index
        if solution is not None:
            assert check(instance, solution) == []


def test_partdata_sample_file_one_answer_line_per_puzzle():
    path = PARTITION / "partdata-sample.tsv"
    rows = _partdata_rows(path)
    result = run_cli("solve", path)
    assert result.returncode == 1, result.stderr  # some puzzles have no split
    lines = result.stdout.splitlines()
    assert len(lines) == len(rows)
    for line, (_, optimum, numbers) in zip(lines, rows):
        if optimum:
            assert line == "no solution"
        else:
            indices = tuple(map(int, line.split()))
            assert violations(numbers, indices) == []


def test_batch_count_one_line_per_puzzle(tmp_path):
    # --count on a batch: one count per line, each equal to the brute-force count (the n = 10
    # lines of the sample: longer ones have up to millions of splits).
    rows = [row for row in _partdata_rows(PARTITION / "partdata-sample.tsv")
            if len(row[2]) == 10]
    path = tmp_path / "ten.tsv"
    path.write_text("".join(f"{index}\t10\t{optimum}\t{' '.join(map(str, numbers))}\n"
                            for index, optimum, numbers in rows))
    result = run_cli("solve", path, "--count")
    counts = list(map(int, result.stdout.split()))
    assert counts == [len(brute_force(numbers)) for _, _, numbers in rows]
    assert [count > 0 for count in counts] == [optimum == 0 for _, optimum, _ in rows]


# ---------------------------------------------------------------- reading


def test_puz_forms_agree(tmp_path):
    (tmp_path / "numbers.txt").write_text("# a list\n3 1 1\n2 2 1\n")
    texts = [
        "partition {\n  numbers: 3 1 1 2 2 1\n}\n",
        "partition {\n  numbers {\n    3 1 1\n    2 2 1\n  }\n}\n",
        'partition {\n  numbers: file "numbers.txt"\n}\n',
    ]
    for k, text in enumerate(texts):
        puz = tmp_path / f"p{k}.puz"
        puz.write_text(text)
        assert satpuzzle.load(str(puz)) == [PartitionInstance((3, 1, 1, 2, 2, 1))]


def test_to_puz_round_trip():
    for numbers in [(3, 1, 1, 2, 2, 1), tuple(range(1, 48))]:
        instance = PartitionInstance(numbers, "a title")
        assert satpuzzle.load(partition.to_puz(instance)) == [instance]


def test_plain_list_needs_kind_and_reads():
    path = PARTITION / "plain-list.txt"
    result = run_cli("solve", path, "--kind", "partition", "--all")
    assert result.returncode == 0, result.stderr
    numbers = satpuzzle.load(str(path), kind="partition")[0].numbers
    blocks = [b for b in result.stdout.split("\n\n") if b.strip()]
    assert len(blocks) == len(brute_force(numbers))
    assert run_cli("solve", path).returncode == 2  # a bare list of integers is not sniffed


ERRORS = {
    "not an integer": ("partition {\n  numbers: 1 x 3\n}\n", 2, 14, "integer"),
    "negative": ("partition {\n  numbers: 4 -2 3\n}\n", 2, 14, "positive integer"),
    "zero": ("partition {\n  numbers {\n    4 2\n    0 3\n  }\n}\n", 4, 5, "0 is not allowed"),
    "empty block": ("partition {\n  numbers {\n  }\n}\n", 2, 3, "empty list"),
    "missing": ("partition {\n}\n", 1, 1, "needs its numbers"),
    "unknown entry": ("partition {\n  numbers: 1 1\n  sizes: 2\n}\n", 3, 3, "unknown entry"),
}


@pytest.mark.parametrize("name", ERRORS)
def test_puz_errors_have_positions(name):
    text, line, column, words = ERRORS[name]
    with pytest.raises(InputError) as caught:
        satpuzzle.load(text)
    error = caught.value
    assert (error.line, error.column) == (line, column), str(error)
    assert words in error.message


TSV_ERRORS = {
    "n does not match": ("0\t3\t0\t1 2 3\n1\t4\t0\t1 2 3\n", 2, 3, "n = 4"),
    "non-integer": ("0\t3\t0\t1 x 3\n", 1, 9, "positive integer"),
    "negative": ("5\t3\t0\t1 2 -3\n", 1, 11, "positive integer"),
    "three fields": ("# index\tn\toptimum\tnumbers\n0\t3\t0\n", 2, 1, "4 tab-separated"),
    "bad optimum": ("0\t2\tz\t1 1\n1\t2\t0\t1 1\n", 1, 5, "optimum"),
}


@pytest.mark.parametrize("name", TSV_ERRORS)
def test_tsv_errors_have_positions(name, tmp_path):
    text, line, column, words = TSV_ERRORS[name]
    path = tmp_path / "bad.tsv"
    path.write_text(text)
    result = run_cli("solve", path, "--kind", "partition")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:{line}:{column}: error:"), result.stderr
    assert words in result.stderr and len(result.stderr.splitlines()) == 1


def test_sniff_takes_tsv_not_grids():
    assert partition.sniff((PARTITION / "partdata-sample.tsv").read_text())
    assert not partition.sniff("1 2 3\n4 5 6\n")
    assert not partition.sniff("1\t2\t3\t4\n2\t1\t4\t3\n")  # a tab-separated 4-column grid


# ---------------------------------------------------------------- CLI round trips


def test_cli_text_and_json_solutions_check(tmp_path):
    puz = tmp_path / "p.puz"
    puz.write_text("partition {\n  numbers: 3 1 1 2 2 1\n}\n")
    text = run_cli("solve", puz, "--all")
    assert text.returncode == 0, text.stderr
    (tmp_path / "all.txt").write_text(text.stdout)
    checked = run_cli("check", puz, tmp_path / "all.txt")
    assert checked.returncode == 0 and checked.stdout.count("valid") == 5
    as_json = run_cli("solve", puz, "--all", "--format", "json")
    data = json.loads(as_json.stdout)
    assert data["count"] == 5 and data["complete"]
    assert {tuple(s["indices"]) for s in data["solutions"]} == brute_force((3, 1, 1, 2, 2, 1))
    (tmp_path / "all.json").write_text(as_json.stdout)
    assert run_cli("check", puz, tmp_path / "all.json").returncode == 0
    (tmp_path / "bad.txt").write_text("0 1\n")
    rejected = run_cli("check", puz, tmp_path / "bad.txt")
    assert rejected.returncode == 1 and "INVALID" in rejected.stdout


def test_wikipedia_file_counts():
    result = run_cli("solve", PARTITION / "wikipedia.puz", "--count")
    counts = [int(line) for line in result.stdout.splitlines() if line and line[0] != "#"]
    assert counts == [len(brute_force((3, 1, 1, 2, 2, 1))), len(brute_force((2, 5)))]
    assert result.returncode == 1  # the second puzzle has no split


def test_compile_then_external_model_decodes(tmp_path):
    puz = tmp_path / "p.puz"
    puz.write_text("partition {\n  numbers: 8 5 7 2 3 1\n}\n")
    compiled = run_cli("compile", puz, "-o", tmp_path / "p.cnf")
    assert compiled.returncode == 0, compiled.stderr
    clauses = [list(map(int, line.split()))[:-1]
               for line in (tmp_path / "p.cnf").read_text().splitlines()
               if line and line[0] not in "cp"]
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    decoded = run_cli("decode", tmp_path / "p.cnf", tmp_path / "model.txt")
    assert decoded.returncode == 0, decoded.stderr
    indices = tuple(map(int, decoded.stdout.split("indices")[1].split(",")[0].split()))
    assert violations((8, 5, 7, 2, 3, 1), indices) == []


def test_limit_stops_enumeration():
    instance = PartitionInstance(tuple([1] * 12))
    assert len(list(islice(satpuzzle.solutions(instance, limit=7), 100))) == 7
    stream = ModelStream(partition_rules.encode(instance))
    with pytest.raises(LimitReached):
        list(stream.models(Job(limit=3)))
    stream.close()
