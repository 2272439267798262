"""Checking proof files (`satpuzzle check-proof CNF PROOF`, satpuzzle.certify.check_proof_files):
LRAT, text and binary DRAT, bad input at its FILE:LINE:COL, the checker agreeing with a CaDiCaL
program's own proofs and with drat-trim where they are installed (skipped, naming them, where
they are not)."""

from __future__ import annotations

import subprocess
import time

import pytest
from conftest import INSTANCES, external_program

from satpuzzle import certify, dimacs
from satpuzzle.errors import InputError
from satpuzzle.loading import load
from satpuzzle.pipeline import Request, solutions


@pytest.fixture(scope="module")
def unique_certificate():
    puzzle = load(str(INSTANCES / "sudoku/inkala-2012.puz")).instances[0]
    result = certify.certify(puzzle, Request(), list(solutions(puzzle, Request(limit=2))),
                             options=certify.ProofOptions(keep=True))
    assert result.certified
    return result


@pytest.fixture
def saved(tmp_path, unique_certificate):
    """The certificate's CNF, LRAT and DRAT files."""
    return certify.save(unique_certificate, tmp_path, "inkala")


@pytest.fixture
def files(saved):
    """The CNF and the DRAT proof."""
    return saved[0], saved[2]


def binary(proof_text: str) -> bytes:
    """A text DRAT proof in drat-trim's binary form."""
    out = bytearray()
    for line in proof_text.splitlines():
        words = line.split()
        deleted = words[0] == "d"
        out.append(0x64 if deleted else 0x61)
        for word in words[1 if deleted else 0:]:
            literal = int(word)
            value = 2 * abs(literal) + (literal < 0)
            while value > 0x7F:
                out.append(value & 0x7F | 0x80)
                value >>= 7
            out.append(value)
    return bytes(out)


def test_a_proof_file_is_verified(files, unique_certificate):
    cnf, proof = files
    checked = certify.check_proof_files(str(cnf), str(proof))
    assert checked.verified, checked.reason
    assert checked.proof_format == "DRAT" and checked.checker.startswith("dratify")
    assert checked.verdict().startswith(f"verified: {checked.proof_lines}-line DRAT proof ")


def test_an_lrat_proof_file_is_verified(saved, unique_certificate):
    cnf, lrat_proof, _drat = saved
    checked = certify.check_proof_files(str(cnf), str(lrat_proof))
    assert checked.verified, checked.reason
    assert checked.proof_format == "LRAT" and checked.checker == "satpuzzle LRAT checker"
    assert checked.proof_lines == unique_certificate.proof_lines


def test_a_tampered_lrat_proof_file_is_rejected(saved, tmp_path):
    cnf, lrat_proof, _drat = saved
    lines = lrat_proof.read_text().splitlines()
    cut = tmp_path / "cut.lrat"
    cut.write_text("\n".join(lines[:-1]) + "\n")  # all but the empty clause
    checked = certify.check_proof_files(str(cnf), str(cut))
    assert not checked.verified and checked.proof_format == "LRAT"
    assert checked.verdict().startswith("rejected: every lemma checked, but the proof never")


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("10000 1 2 0 3 x 0\n", 1, 15, "expected a number, found 'x'"),
    ("10000 1 2 0 3 0\n0 d 5 0\n", 2, 1, "expected a clause number, found '0'"),
    ("10000 1 2 0 3 0\n10001 d 5\n", 2, 1, "expected 'ID LITERALS 0 HINTS 0'"),
    ("10000 1 2 0 3 0\n10001 1 0 2 0 0\n", 2, 1, "expected 'ID LITERALS 0 HINTS 0'"),
])
def test_a_malformed_lrat_proof_is_an_error_at_its_position(saved, tmp_path, text, line,
                                                           column, words):
    cnf, _lrat, _drat = saved
    bad = tmp_path / "bad.lrat"
    bad.write_text(text)
    with pytest.raises(InputError) as caught:
        certify.check_proof_files(str(cnf), str(bad))
    error = caught.value
    assert (error.path, error.line, error.column) == (str(bad), line, column)
    assert words in error.message


def test_a_binary_proof_file_is_verified(files, tmp_path, unique_certificate):
    cnf, _proof = files
    binary_proof = tmp_path / "inkala.bdrat"
    binary_proof.write_bytes(binary(unique_certificate.drat))
    assert certify.read_proof(binary_proof.read_bytes(), "p") == certify.read_proof(
        unique_certificate.drat.encode(), "p")
    assert certify.check_proof_files(str(cnf), str(binary_proof)).verified


def test_a_tampered_proof_file_is_rejected(files, tmp_path):
    cnf, proof = files
    lines = proof.read_text().splitlines()
    cut = tmp_path / "cut.drat"
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    checked = certify.check_proof_files(str(cnf), str(cut))
    assert not checked.verified
    assert "never derives the empty clause" in checked.reason


def test_a_proof_of_a_weaker_formula_file_is_rejected(files, tmp_path):
    """The CNF with its blocking clause dropped (the formula then has the solution as a
    model), the header's clause count lowered to match: the proof no longer refutes it."""
    cnf, proof = files
    lines = cnf.read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    _p, _cnf, variables, clauses = lines[header].split()
    lines[header] = f"p cnf {variables} {int(clauses) - 1}"
    weaker = tmp_path / "weaker.cnf"
    weaker.write_text("\n".join(lines[:-1]) + "\n")
    assert not certify.check_proof_files(str(weaker), str(proof)).verified


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("1 2 0\n3 x 0\n", 2, 3, "expected a literal or 0, found 'x'"),
    ("1 2 0\nd 3 -4\n", 2, 1, "no terminating 0"),
    ("1 2 0\n  99999999999 0\n", 2, 3, "expected a literal or 0"),
    ("1 2 0\nd d 1 0\n", 2, 3, "expected a literal or 0, found 'd'"),
])
def test_a_malformed_proof_is_an_error_at_its_position(tmp_path, files, text, line, column,
                                                      words):
    cnf, _proof = files
    bad = tmp_path / "bad.drat"
    bad.write_text(text)
    with pytest.raises(InputError) as caught:
        certify.check_proof_files(str(cnf), str(bad))
    error = caught.value
    assert (error.path, error.line, error.column) == (str(bad), line, column)
    assert words in error.message


def test_a_malformed_binary_proof_is_an_error(tmp_path, files):
    cnf, _proof = files
    bad = tmp_path / "bad.bdrat"
    bad.write_bytes(b"a\x02\x04")  # a clause with no terminating 0
    with pytest.raises(InputError, match="no terminating 0"):
        certify.check_proof_files(str(cnf), str(bad))
    bad.write_bytes(b"a\x02\x00\x7f\x02\x00")
    with pytest.raises(InputError, match="expected 'a' or 'd' at byte 3"):
        certify.check_proof_files(str(cnf), str(bad))


def test_a_malformed_cnf_is_an_error_at_its_position(tmp_path, files):
    cnf, proof = files
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 3 0\n")
    with pytest.raises(InputError) as caught:
        certify.check_proof_files(str(bad), str(proof))
    assert (caught.value.line, caught.value.column) == (2, 3)
    with pytest.raises(InputError, match="no such file"):
        certify.check_proof_files(str(tmp_path / "missing.cnf"), str(proof))
    with pytest.raises(InputError, match="directory"):
        certify.check_proof_files(str(cnf), str(tmp_path))


def test_the_timeout_holds_while_checking(tmp_path):
    """A proof that takes the checker long (the pigeonhole principle for 8 holes: CaDiCaL
    proves it in about a second, the checker takes ten): stopped at the timeout."""
    from pysat.solvers import Solver

    holes = 8
    pigeons = holes + 1

    def var(i: int, h: int) -> int:
        return i * holes + h + 1

    clauses = [[var(i, h) for h in range(holes)] for i in range(pigeons)]
    clauses += [[-var(i, h), -var(j, h)]
                for h in range(holes) for i in range(pigeons) for j in range(i + 1, pigeons)]
    with Solver(name="cadical195", bootstrap_with=clauses, with_proof=True) as solver:
        assert not solver.solve()
        proof_lines = solver.get_proof()
    cnf, proof = tmp_path / "php.cnf", tmp_path / "php.drat"
    cnf.write_text(dimacs.write_cnf(pigeons * holes, clauses))
    proof.write_text("\n".join(proof_lines) + "\n")
    started = time.monotonic()
    checked = certify.check_proof_files(str(cnf), str(proof), timeout=0.5)
    assert time.monotonic() - started < 30
    assert checked.stopped == "timeout" and not checked.verified
    assert checked.reason.startswith("timeout after ")


# ---------------------------------------------------------------- other programs agree


def test_the_checker_accepts_the_cadical_programs_own_proof(tmp_path, files):
    program = external_program("cadical")
    if program is None:
        pytest.skip("the cadical program is not installed")
    cnf, _proof = files
    proof = tmp_path / "cadical.drat"  # binary DRAT, the program's default
    run = subprocess.run([program, "-q", str(cnf), str(proof)], capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 20, run.stdout + run.stderr  # UNSATISFIABLE
    assert proof.read_bytes()[:1] in (b"a", b"d")
    assert certify.check_proof_files(str(cnf), str(proof)).verified
    # the program's proof of this CNF proves nothing of a weaker one
    text = cnf.read_text().splitlines()
    header = next(i for i, line in enumerate(text) if line.startswith("p cnf"))
    _p, _cnf, variables, count = text[header].split()
    text[header] = f"p cnf {variables} {int(count) - 1}"
    weaker = tmp_path / "weaker.cnf"
    weaker.write_text("\n".join(text[:-1]) + "\n")
    assert not certify.check_proof_files(str(weaker), str(proof)).verified


def test_drat_trim_accepts_satpuzzles_proof_and_rejects_the_tampered_one(tmp_path, files):
    program = external_program("drat-trim")
    if program is None:
        pytest.skip("drat-trim is not installed")
    cnf, proof = files
    run = subprocess.run([program, str(cnf), str(proof)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert "s VERIFIED" in run.stdout, run.stdout
    lines = proof.read_text().splitlines()
    cut = tmp_path / "cut.drat"
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    run = subprocess.run([program, str(cnf), str(cut)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert "s VERIFIED" not in run.stdout


# ---------------------------------------------------------------- hostile files


def test_an_empty_proof_is_rejected_not_an_error(files, tmp_path):
    cnf, _proof = files
    empty = tmp_path / "empty.drat"
    empty.write_text("")
    checked = certify.check_proof_files(str(cnf), str(empty))
    assert not checked.verified and checked.proof_lines == 0


def test_a_text_proof_with_a_nul_byte_is_an_error_at_its_position(files, tmp_path):
    cnf, _proof = files
    bad = tmp_path / "nul.drat"
    bad.write_bytes(b"1 2 0\n3 \x00 0\n")
    with pytest.raises(InputError) as caught:
        certify.check_proof_files(str(cnf), str(bad))
    assert (caught.value.line, caught.value.column) == (2, 3)


@pytest.mark.parametrize("seed", range(20))
def test_random_bytes_are_an_error_or_a_rejection_never_a_crash(files, tmp_path, seed):
    import random

    cnf, _proof = files
    rng = random.Random(seed)
    noise = tmp_path / "noise.drat"
    noise.write_bytes(rng.choice([b"a", b"d", b"1", b""]) + rng.randbytes(rng.randrange(200)))
    try:
        checked = certify.check_proof_files(str(cnf), str(noise))
    except InputError as error:
        assert str(error).startswith(str(noise))
    else:
        assert not checked.verified


def test_the_proof_format_is_told_by_name_suffix_or_first_line(saved, tmp_path):
    """A DRAT proof whose first line holds two clauses ("1 0 2 0") reads like LRAT: named
    .drat, or with proof_format="drat", it is read as DRAT."""
    cnf, lrat_proof, drat_proof = saved
    two_on_a_line = drat_proof.read_text().replace("\n", " ", 1)
    for name, given in (("p.drat", None), ("p.txt", "drat")):
        path = tmp_path / name
        path.write_text(two_on_a_line)
        checked = certify.check_proof_files(str(cnf), str(path), proof_format=given)
        assert checked.proof_format == "DRAT" and checked.verified, checked.reason
    unnamed = tmp_path / "p.txt"
    unnamed.write_text(lrat_proof.read_text())
    assert certify.check_proof_files(str(cnf), str(unnamed)).proof_format == "LRAT"
    with pytest.raises(InputError, match="unknown proof format"):
        certify.check_proof_files(str(cnf), str(unnamed), proof_format="frat")


def test_without_dratify_a_drat_proof_is_rejected_saying_why(monkeypatch, files):
    import builtins

    real_import = builtins.__import__

    def no_dratify(name, *args, **kwargs):
        if name == "dratify":
            raise ImportError("no dratify here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dratify)
    from satpuzzle.checkers import drat

    cnf, proof = files
    verdict = drat.check(cnf.read_text(), proof.read_text())
    assert not verdict.verified and "not installed" in verdict.reason
