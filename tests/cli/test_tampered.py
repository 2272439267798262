"""A compiled CNF edited after `satpuzzle compile` is bad input (exit 2, one line), never a
traceback or an "internal error": `decode` trusts only the puzzle in the header, encoded
again, and checks the file's variable map and clauses against it."""

from __future__ import annotations

import pytest
from conftest import INSTANCES, run_cli

import satpuzzle
from satpuzzle import pipeline
from satpuzzle.loading import load


@pytest.fixture
def compiled(tmp_path):
    puzzle = INSTANCES / "sudoku" / "empty-4x4.puz"
    cnf = tmp_path / "e.cnf"
    assert run_cli("compile", puzzle, "-o", cnf).returncode == 0
    formula = pipeline.compile(load(str(puzzle)).instances[0], standalone=True).formula
    model = tmp_path / "e.model"
    solution = satpuzzle.solve(load(str(puzzle)).instances[0])
    true = {v for v, name in formula.names.items()
            if name[0] == "x" and solution[name[1] - 1][name[2] - 1] == name[3]}
    model.write_text("s SATISFIABLE\nv " + " ".join(
        str(v if v in true else -v) for v in range(1, formula.num_vars + 1)) + " 0\n")
    assert run_cli("decode", cnf, model).returncode == 0  # the untouched pair decodes
    return cnf, model


def _edited(cnf, edit) -> None:
    lines = cnf.read_text().splitlines()
    cnf.write_text("\n".join(edit(lines)) + "\n")


def _refused(result, words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr


def test_a_truncated_variable_line_is_bad_input(compiled):
    cnf, model = compiled
    first = next(i for i, line in enumerate(cnf.read_text().splitlines())
                 if line.startswith("c var:"))
    _edited(cnf, lambda lines: [*lines[:first], "c var: 6", *lines[first + 1:]])
    result = run_cli("decode", cnf, model)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_a_renamed_variable_is_bad_input(compiled):
    cnf, model = compiled
    _edited(cnf, lambda lines: [line.replace("c var: 1 x 1 1 1", "c var: 1 x 1 1 2")
                                for line in lines])
    _refused(run_cli("decode", cnf, model), "variable map in the header is not this puzzle's")


def test_an_edited_clause_is_bad_input_not_an_internal_error(compiled):
    cnf, model = compiled
    text = cnf.read_text().splitlines()
    first_clause = next(i for i, line in enumerate(text) if line[:1] in "-123456789")
    _edited(cnf, lambda lines: [*lines[:first_clause], "1 2 3 4 5 6 0",
                                *lines[first_clause + 1:]])
    _refused(run_cli("decode", cnf, model), "the clauses are not this puzzle's encoding")
