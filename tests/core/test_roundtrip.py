"""compile → an external solver's model file → decode, and the DIMACS header contract."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import INSTANCES, parse_grids, run_cli
from pysat.formula import CNF
from pysat.solvers import Solver

from satpuzzle.checkers.sudoku import violations
from satpuzzle.dimacs import read_header

CLASSIC = INSTANCES / "sudoku" / "classic.puz"


def external_model(cnf_path, out_path, style: str) -> None:
    """Solve the DIMACS file as an outside tool would (only the file, no satpuzzle) and write
    the model in a solver's output format."""
    formula = CNF(from_file=str(cnf_path))
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    if style == "competition":
        text = "c external\ns SATISFIABLE\n" + "".join(
            f"v {' '.join(map(str, model[i:i + 10]))}\n" for i in range(0, len(model), 10)
        ) + "v 0\n"
    else:  # MiniSat's result file
        text = "SAT\n" + " ".join(map(str, model)) + " 0\n"
    out_path.write_text(text)


@pytest.mark.parametrize("style", ["competition", "minisat"])
def test_compile_external_model_decode(tmp_path, style):
    cnf = tmp_path / "classic.cnf"
    assert run_cli("compile", CLASSIC, "-o", cnf).returncode == 0
    external_model(cnf, tmp_path / "model.txt", style)
    expected = run_cli("solve", CLASSIC).stdout
    # decode from the puzzle (re-encoded) and from the CNF alone (its header carries all)
    for source in (CLASSIC, cnf):
        decoded = run_cli("decode", source, tmp_path / "model.txt")
        assert decoded.returncode == 0, decoded.stderr
        assert decoded.stdout == expected
    grid = parse_grids(expected)[0]
    header = read_header(cnf.read_text(), str(cnf))
    assert header.kind == "sudoku"
    assert all(name[0] == "x" for name in header.names.values())
    from satpuzzle import load

    instance = load(str(CLASSIC))[0]
    assert violations(instance.givens, 3, 3, grid) == []


def test_header_records_kind_sizes_and_variable_map(tmp_path):
    cnf = tmp_path / "x.cnf"
    run_cli("compile", CLASSIC, "-o", cnf)
    lines = cnf.read_text().splitlines()
    assert "c kind: sudoku" in lines
    assert "c size: 9x9, box 3x3" in lines
    problem = next(line for line in lines if line.startswith("p cnf"))
    _, _, num_vars, num_clauses = problem.split()
    var_lines = [line for line in lines if line.startswith("c var: ")]
    assert len(var_lines) == 153 == int(num_vars)  # 51 empty cells' candidates, no auxiliaries
    body = lines[lines.index(problem) + 1:]
    assert len(body) == int(num_clauses) and all(line.endswith(" 0") for line in body)
    assert not list(tmp_path.glob(".*tmp"))  # the temporary file was renamed away


def test_unsat_model_file_exit_1(tmp_path):
    (tmp_path / "m.txt").write_text("s UNSATISFIABLE\n")
    result = run_cli("decode", CLASSIC, tmp_path / "m.txt")
    assert result.returncode == 1 and "UNSAT" in result.stderr


def test_compile_to_stdout_matches_file(tmp_path):
    run_cli("compile", CLASSIC, "-o", tmp_path / "a.cnf")
    assert run_cli("compile", CLASSIC).stdout == (tmp_path / "a.cnf").read_text()


@pytest.mark.skipif(shutil.which("minisat") is None, reason="no minisat binary installed")
def test_real_minisat_binary(tmp_path):
    cnf = tmp_path / "c.cnf"
    run_cli("compile", CLASSIC, "-o", cnf)
    subprocess.run(["minisat", str(cnf), str(tmp_path / "out.txt")],
                   check=False, capture_output=True)
    decoded = run_cli("decode", cnf, tmp_path / "out.txt")
    assert decoded.returncode == 0 and decoded.stdout == run_cli("solve", CLASSIC).stdout
