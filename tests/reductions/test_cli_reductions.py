"""The reduction commands end to end: `reduce` writes a jigsaw instance the solver and the rule
checker accept, `verify` reports counts and fails loudly on a broken reduction, and `generate
jigsaw` writes solvable instances."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT, run_cli

import satpuzzle
from satpuzzle import cli
from satpuzzle.reductions import REDUCTIONS, reduction

PARTITION = ROOT / "instances" / "partition" / "wikipedia.puz"
ONE_IN_THREE = ROOT / "instances" / "one-in-three-sat" / "example.puz"
CONTOUR = ROOT / "instances" / "jigsaw" / "contour-3x4.puz"
SUMMARY = re.compile(r"^(\d+) instances, (\d+) satisfiable, (\d+) mismatches$", re.MULTILINE)


def summary(text: str) -> tuple[int, int, int]:
    found = SUMMARY.search(text)
    assert found, text
    return tuple(int(g) for g in found.groups())


@pytest.mark.parametrize("name, source, index, satisfiable", [
    ("partition-contour", PARTITION, 1, True),
    ("partition-contour", PARTITION, 2, False),
    ("partition-orientation", PARTITION, 1, True),
    ("partition-orientation", PARTITION, 2, False),
    ("one-in-three-position", ONE_IN_THREE, None, True),
    ("contour-puzzle", CONTOUR, None, True),
])
def test_reduce_writes_a_jigsaw_with_the_source_satisfiability(tmp_path, name, source, index,
                                                              satisfiable):
    out = tmp_path / "out.puz"
    extra = ["--index", str(index)] if index else []
    made = run_cli("reduce", name, source, *extra, "-o", out)
    assert made.returncode == 0, made.stderr
    (target,) = satpuzzle.load(str(out))
    assert target.KIND == "jigsaw"
    solved = run_cli("solve", out, "--limit", "2", "--format", "json")
    assert solved.returncode == (0 if satisfiable else 1), solved.stderr
    boards = json.loads(solved.stdout)["solutions"]
    assert bool(boards) == satisfiable
    if boards:
        (tmp_path / "boards.json").write_text(solved.stdout)
        checked = run_cli("check", out, tmp_path / "boards.json")
        assert checked.returncode == 0 and checked.stdout.count("valid") == len(boards)
        # every board the solver found maps back to a source solution the source rules accept
        module = reduction(name)
        (source_instance,) = [s for i, s in enumerate(satpuzzle.load(str(source)), 1)
                              if index in (None, i)]
        for data in boards:
            board = satpuzzle.kinds.registry.kind("jigsaw").solution_from_json(target, data, str(out))
            back = module.to_source(source_instance, target, board)
            assert satpuzzle.check(source_instance, back) == []


def test_reduce_refuses_a_file_of_several_sources_without_index(tmp_path):
    result = run_cli("reduce", "partition-contour", PARTITION, "-o", tmp_path / "x.puz")
    assert result.returncode == 2
    assert "--index" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.puz").exists()


@pytest.mark.parametrize("args, words", [
    (["reduce", "no-such-reduction", str(PARTITION)], "invalid choice"),
    (["reduce", "partition-contour", str(ONE_IN_THREE)], "reduces partition instances"),
    (["verify", "partition-contour"], "either --random N or source FILEs"),
    (["reduce", "partition-contour", str(PARTITION), "--index", "3"], "--index 3"),
])
def test_reduction_command_errors(args, words):
    result = run_cli(*args)
    assert result.returncode == 2, result.stderr
    assert words in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_verify_random_reports_both_outcomes(name):
    result = run_cli("verify", name, "--random", "20", "--seed", "3", "-v")
    assert result.returncode == 0, result.stdout + result.stderr
    total, satisfiable, mismatches = summary(result.stdout)
    assert (total, mismatches) == (20, 0)
    assert 0 < satisfiable < total  # random sources include unsatisfiable ones
    assert result.stdout.count(": ok, source sat, jigsaw sat") == satisfiable
    assert result.stdout.count(": ok, source unsat, jigsaw unsat") == total - satisfiable


def test_verify_files(tmp_path):
    result = run_cli("verify", "partition-contour", PARTITION, "-v")
    assert result.returncode == 0, result.stderr
    assert summary(result.stdout) == (2, 1, 0)
    table = tmp_path / "numbers.tsv"
    table.write_text("# index\tn\topt\tnumbers\n0\t4\t0\t1 2 3 4\n1\t3\t1\t1 1 1\n")
    result = run_cli("verify", "partition-orientation", table, "--kind", "partition")
    assert result.returncode == 0, result.stderr
    assert summary(result.stdout) == (2, 1, 0)


def test_verify_is_deterministic():
    first = run_cli("verify", "one-in-three-position", "--random", "8", "--seed", "5", "-v")
    second = run_cli("verify", "one-in-three-position", "--random", "8", "--seed", "5", "-v")
    assert first.returncode == 0 and first.stdout == second.stdout


def test_verify_catches_a_broken_inverse(monkeypatch, capsys):
    """A reduction whose inverse map lies must be reported, with exit status 1."""
    module = reduction("partition-contour")
    monkeypatch.setattr(module, "to_source", lambda source, target, board: (0,))
    status = cli.main(["verify", "partition-contour", str(PARTITION)])
    out = capsys.readouterr().out
    assert status == 1
    assert "MISMATCH" in out and "mapped back" in out
    assert summary(out)[2] == 1


def test_verify_catches_a_broken_construction(monkeypatch, capsys):
    """A construction that loses satisfiability is a mismatch even with no solution to map."""
    module = reduction("partition-orientation")
    real = module.reduce

    def broken(source):
        target = real(source)
        pieces = list(target.pieces)
        pieces[-1] = (7777, 7777, 7777, 7777)  # a piece that fits nowhere
        return type(target)(target.rows, target.cols, tuple(pieces), variant=target.variant,
                            matching=target.matching, border=target.border)

    monkeypatch.setattr(module, "reduce", broken)
    status = cli.main(["verify", "partition-orientation", "--random", "6", "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "source is satisfiable but its jigsaw is unsatisfiable" in out


@pytest.mark.parametrize("variant", ["puzzle", "orientation", "position", "contour",
                                     "contour-orientation", "contour-position"])
def test_generate_jigsaw_is_solvable_and_checked(tmp_path, variant):
    out = tmp_path / "g.puz"
    made = run_cli("generate", "jigsaw", "--size", "3x4", "--labels", "3", "--variant", variant,
                   "--seed", "11", "-o", out)
    assert made.returncode == 0, made.stderr
    (instance,) = satpuzzle.load(str(out))
    assert (instance.rows, instance.cols, instance.variant) == (3, 4, variant)
    solved = run_cli("solve", out, "--limit", "1")
    assert solved.returncode == 0, solved.stderr
    (tmp_path / "s.txt").write_text(solved.stdout)
    checked = run_cli("check", out, tmp_path / "s.txt")
    assert checked.returncode == 0 and "solution 1: valid" in checked.stdout
    again = run_cli("generate", "jigsaw", "--size", "3x4", "--labels", "3", "--variant", variant,
                    "--seed", "11")
    assert again.stdout == out.read_text()
