"""satpuzzle.dimacs: one status table for every solver answer, CNF reading with positions,
writing, the satpuzzle header, and checking a model against clauses."""

from __future__ import annotations

import pytest

from satpuzzle.cnf import Formula
from satpuzzle.dimacs import (
    HEADER_MARKER,
    STATUS_WORDS,
    FlatClauses,
    first_falsified,
    is_satpuzzle_cnf,
    read_answer,
    read_cnf,
    read_header,
    read_model,
    write_cnf,
)
from satpuzzle.errors import InputError

# ---------------------------------------------------------------- the status table


@pytest.mark.parametrize(("word", "status"), [
    ("SATISFIABLE", "SAT"), ("SAT", "SAT"),
    ("UNSATISFIABLE", "UNSAT"), ("UNSAT", "UNSAT"),
    ("UNKNOWN", "UNKNOWN"), ("INDETERMINATE", "UNKNOWN"), ("INDET", "UNKNOWN"),
])
def test_one_status_table(word: str, status: str) -> None:
    assert STATUS_WORDS[word] == status
    # the same answer in a competition `s` line, a MiniSat result file, a solver's log
    assert read_answer(f"s {word}\n").status == status
    assert read_answer(f"{word}\n").status == status
    assert read_answer(f"c log\ns {word}\n", bare=False, strict=False).status == status


def test_minisat_indet_is_unknown_for_decode() -> None:
    model = read_model("INDET\n", "model.txt")
    assert model.status == "UNKNOWN"
    assert read_model("s INDETERMINATE\n", "model.txt").status == "UNKNOWN"


def test_model_formats() -> None:
    assert read_model("s SATISFIABLE\nv 1 -2\nv 3 0\n", "m").true_vars == {1, 3}
    assert read_model("SAT\n-1 2 0\n", "m").true_vars == {2}
    assert read_model("1 2 -3 0", "m").status == "SAT"
    assert read_model("c comment\ns UNSATISFIABLE\n", "m").status == "UNSAT"


@pytest.mark.parametrize(("text", "where", "message"), [
    ("s SATISFIABLE\nv 1 x 0\n", (2, 5), "expected an integer literal, found 'x'"),
    ("SAT\n1 2 1_0 0\n", (2, 5), "expected an integer literal, found '1_0'"),
    ("s MAYBE\n", (1, 3), "unknown solver status 'MAYBE'"),
    ("hello\n", (1, 1), "expected an integer literal, found 'hello'"),
])
def test_bad_model_files_name_the_position(text: str, where: tuple[int, int],
                                           message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_model(text, "model.txt")
    assert (caught.value.path, caught.value.line, caught.value.column) == ("model.txt", *where)
    assert message in caught.value.message


def test_model_file_without_a_model() -> None:
    with pytest.raises(InputError, match="no model found"):
        read_model("c nothing\n", "m")
    with pytest.raises(InputError, match="says SAT but gives no 'v' line"):
        read_model("s SATISFIABLE\n", "m")


def test_a_solver_log_is_skipped_when_not_strict() -> None:
    log = "c CaDiCaL\nconflicts : 12\ns SATISFIABLE\nv 1 -2 0\nsome words\n"
    answer = read_answer(log, bare=False, strict=False)
    assert (answer.status, answer.true_vars) == ("SAT", frozenset({1}))
    with pytest.raises(InputError):
        read_answer(log)  # strict: a line that is neither is an error
    assert read_answer("nothing here\n", bare=False, strict=False).status is None


# ---------------------------------------------------------------- checking a model


def test_first_falsified_clause() -> None:
    clauses = [[1, 2], [-1, 3], [-2, -3]]
    assert first_falsified(clauses, {1, 3}) is None
    assert first_falsified(clauses, {1}) == 2
    assert first_falsified(clauses, set()) == 1
    assert first_falsified(clauses, {2, 3}) == 3
    assert first_falsified([], {1}) is None
    assert first_falsified([[1], []], {1}) == 2  # an empty clause is never satisfied
    assert first_falsified([[5]], {99}) == 1  # variables beyond the clauses are ignored


def test_flat_clauses_checks_many_models() -> None:
    flat = FlatClauses([[1, -2], [2, 3, -4], [4]])
    assert flat.count == 3
    assert flat.clause(2) == [2, 3, -4]
    assert flat.first_falsified({1, 4}) == 2
    assert flat.first_falsified({1, 2, 4}) is None


# ---------------------------------------------------------------- CNF text


def test_write_then_read_a_cnf() -> None:
    text = write_cnf(3, [[1, -2], [3]], comments=["c hello"])
    assert text == "c hello\np cnf 3 2\n1 -2 0\n3 0\n"
    cnf = read_cnf(text, "f.cnf")
    assert (cnf.num_vars, cnf.num_clauses, cnf.clauses) == (3, 2, [(1, -2), (3,)])


def test_read_cnf_clauses_span_lines_and_satlib_ends() -> None:
    cnf = read_cnf("c x\np cnf 3 2\n1 2\n -3 0 2\n0\n%\n0\n", "f.cnf")
    assert cnf.clauses == [(1, 2, -3), (2,)]


@pytest.mark.parametrize(("text", "where", "message"), [
    ("p cnf 2 1\n1 x 0\n", (2, 3), "expected an integer literal, found 'x'"),
    ("p cnf 2 1\n1   3 0\n", (2, 5), "literal 3 out of range"),
    ("1 2 0\n", (1, 1), "before the first clause"),
    ("p cnf 2\n1 0\n", (1, 1), "expected the header 'p cnf VARIABLES CLAUSES'"),
    ("p cnf 2 2\n1 0\n", (1, 1), "the header announces 2 clause(s), the file holds 1"),
    ("p cnf 2 1\n1 0\n  2 -1\n", (3, 3), "last clause has no terminating 0"),
    ("c only\n", (1, 1), "no 'p cnf VARIABLES CLAUSES' header"),
    ("p cnf 2 1\np cnf 2 1\n", (2, 1), "a second 'p cnf' header"),
])
def test_read_cnf_errors_are_where_the_user_wrote_them(text: str, where: tuple[int, int],
                                                       message: str) -> None:
    with pytest.raises(InputError) as caught:
        read_cnf(text, "f.cnf")
    assert (caught.value.path, caught.value.line, caught.value.column) == ("f.cnf", *where)
    assert message in caught.value.message


def test_satpuzzle_header_round_trip() -> None:
    formula = Formula("sudoku")
    a, b = formula.var("v", 1, 2), formula.var("v", 3, "x")
    formula.add([a, -b])
    text = formula.to_dimacs(source="sudoku {\n}\n")
    assert text.startswith(HEADER_MARKER) and is_satpuzzle_cnf(text)
    header = read_header(text, "f.cnf")
    assert header.kind == "sudoku"
    assert header.source == "sudoku {\n}\n"
    assert header.names == {a: ("v", 1, 2), b: ("v", 3, "x")}
    assert read_cnf(text, "f.cnf").clauses == [(a, -b)]
