"""`compile --explain`, the DIMACS header's families and `--encoding` on the command line,
in real processes (issue 27, part 4 and 5)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT

CLASSIC = str(ROOT / "instances" / "sudoku" / "classic.puz")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "satpuzzle", *args], capture_output=True,
                          text=True, input=stdin, timeout=120, cwd=ROOT, check=False)


def _clauses(dimacs: str) -> list[list[int]]:
    rows = [line for line in dimacs.splitlines() if line and line[0] not in "cp"]
    return [list(map(int, row.split()))[:-1] for row in rows]


def test_explain_totals_equal_the_cnf(tmp_path):
    out = tmp_path / "classic.cnf"
    explained = run("compile", CLASSIC, "--explain", "-o", str(out))
    assert explained.returncode == 0, explained.stderr
    table = run("compile", CLASSIC, "--explain", "--format", "json")
    data = json.loads(table.stdout)
    text = out.read_text()
    clauses = _clauses(text)
    assert data["clauses"] == len(clauses) == sum(f["clauses"] for f in data["families"])
    assert sum(f["literals"] for f in data["families"]) == sum(map(len, clauses))
    names = [f["family"] for f in data["families"]]
    assert names == ["cell", "row", "column", "box"]
    cell = data["families"][0]
    assert cell["constraint"] == "exactly one" and cell["encoding"] == "pairwise"
    assert re.match(r"cell r\d+c\d+ holds a digit", cell["example"])
    # the text table: one line per family, an example under it, the totals last
    lines = explained.stdout.splitlines()
    assert lines[0].split()[:3] == ["family", "constraint", "encoding"]
    total = lines[-1].split()
    assert total[0] == "total" and int(total[2]) == len(clauses)
    # the header names each family's clause ranges, and they are the clauses, once each
    owned: dict[str, list[int]] = {}
    for family, words in re.findall(r"^c clauses of (\S+): (.*)$", text, re.MULTILINE):
        for word in words.split():
            low, _, high = word.partition("-")
            owned.setdefault(family, []).extend(range(int(low), int(high or low) + 1))
    assert sorted(owned) == sorted(names)
    assert sorted(n for numbers in owned.values() for n in numbers) == list(
        range(1, len(clauses) + 1))
    for entry in data["families"]:
        assert len(owned[entry["family"]]) == entry["clauses"]
        assert entry["example_clause"] in [clauses[n - 1] for n in owned[entry["family"]]]


def test_a_chosen_encoding_is_explained_and_solves_the_same():
    explained = run("compile", CLASSIC, "--explain", "--format", "json",
                    "--encoding", "cell=sortnetwrk,box=commander")
    data = json.loads(explained.stdout)
    by_name = {f["family"]: f for f in data["families"]}
    assert by_name["cell"]["encoding"] == "sortnetwrk" and by_name["cell"]["auxiliaries"] > 0
    assert by_name["box"]["encoding"] == "commander"
    plain = run("solve", CLASSIC, "--count")
    chosen = run("solve", CLASSIC, "--count", "--encoding", "cell=sortnetwrk,box=commander")
    assert plain.returncode == chosen.returncode == 0
    assert plain.stdout == chosen.stdout == "1\n"


@pytest.mark.parametrize("choice,words", [
    ("nothing=pairwise", "no family 'nothing'"),
    ("cell=adder", "family 'cell' (at most one) has no encoding 'adder': choose one of"),
    ("cell=unheard", "unknown encoding 'unheard'"),
    ("cell", "is not FAMILY=NAME"),
])
def test_bad_choices_are_one_line_and_exit_2(choice, words):
    result = run("solve", CLASSIC, "--encoding", choice)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_encoding_in_the_language_is_read_positioned_and_written_back(tmp_path):
    source = ("sudoku {\n  encoding: cell=ladder,row=bimander\n  grid {\n"
              " 1 . . .\n . . 1 .\n . 1 . .\n . . . 1\n  }\n}\n")
    path = tmp_path / "e.puz"
    path.write_text(source)
    counted = run("solve", str(path), "--count", "--engine", "sat")
    assert counted.returncode == 0 and counted.stdout == "18\n", counted.stderr
    cnf = run("compile", str(path)).stdout
    assert "c source:   encoding: cell=ladder,row=bimander" in cnf
    assert re.search(r"^c family: cell \(exactly one, ladder\)", cnf, re.MULTILINE)
    path.write_text(source.replace("cell=ladder", "cell=adder"))
    refused = run("solve", str(path))
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"{path}:2:13: error: family 'cell'"), refused.stderr


def test_stats_prints_the_families_table():
    result = run("solve", CLASSIC, "--stats")
    assert result.returncode == 0
    lines = [line for line in result.stderr.splitlines() if "stats:" in line]
    assert any(line.split("stats: ")[1].startswith("cell ") for line in lines), lines


def test_generate_writes_the_choice_and_verify_applies_it():
    made = run("generate", "sudoku", "--size", "4", "--seed", "3", "--encoding", "cell=commander")
    assert made.returncode == 0 and "\n  encoding: cell=commander\n" in made.stdout
    solved = run("solve", "-", "--count", stdin=made.stdout)
    assert solved.returncode == 0 and solved.stdout == "1\n", solved.stderr
    checked = run("verify", "partition-contour", "--random", "3", "--encoding",
                  "sum=bdd,cell=ladder")
    assert checked.returncode == 0 and "0 mismatches" in checked.stdout, checked.stderr
    refused = run("verify", "partition-contour", "--random", "3", "--encoding", "nothing=bdd")
    assert refused.returncode == 2
    assert "neither the source nor the jigsaw has a family 'nothing'" in refused.stderr


def test_explain_in_a_locale_without_unicode():
    """LC_ALL=C, no UTF-8 mode: the examples' ∨ come out escaped, never a traceback."""
    env = dict(os.environ, LC_ALL="C", PYTHONCOERCECLOCALE="0", PYTHONUTF8="0")
    for extra in ([], ["--format", "json"]):
        result = subprocess.run([sys.executable, "-m", "satpuzzle", "compile", CLASSIC,
                                 "--explain", *extra], capture_output=True, env=env,
                                timeout=120, cwd=ROOT, check=False)
        assert result.returncode == 0 and not result.stderr, result.stderr
        assert b"\\u2228" in result.stdout
