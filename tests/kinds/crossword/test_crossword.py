"""Crosswords: the seed's example, free cells, letter sets, --distinct, native files and
dictionaries, errors. Every printed fill is re-checked by the independent checker."""

from __future__ import annotations

import dataclasses
import gzip
import json
import random

import pytest
from conftest import INSTANCES, run_cli
from test_crossword_differential import instance_of, random_case

import satpuzzle
from benchmarks.baselines.crossword_trie import solutions as trie_solutions
from satpuzzle.checkers.crossword import violations
from satpuzzle.constraints.encodings import choices
from satpuzzle.kinds.crossword import FAMILIES
from satpuzzle.kinds.crossword.model import CrosswordInstance

SEED_WORDS = ["mars", "mois", "plus", "tard", "soir"]
SEED_SOLUTIONS = {
    ("mars", "a00o", "r00i", "soir"), ("plus", "l00o", "u00i", "soir"),
    ("mois", "a00o", "r00i", "soir"), ("mois", "o00o", "i00i", "soir"),
    ("mars", "o00o", "i00i", "soir"),
}


def fills(output: str) -> list[tuple[str, ...]]:
    return [tuple(block.split("\n")) for block in output.strip().split("\n\n") if block]


def test_seed_example_has_exactly_its_five_solutions():
    result = run_cli("solve", INSTANCES / "crossword" / "seed-example.puz")
    assert result.returncode == 0
    found = fills(result.stdout)
    assert len(found) == 5 and set(found) == SEED_SOLUTIONS
    grid = ["1111", "1001", "1001", "1111"]
    for fill in found:
        assert violations(grid, SEED_WORDS, False, fill) == []
    assert "5 solution(s), complete" in result.stderr


def test_seed_native_files_plain_and_gzip(tmp_path):
    (tmp_path / "grid.txt").write_text("1111\n1001\n1001\n1111\n")
    (tmp_path / "words.txt").write_text("\n".join([*SEED_WORDS, "Moïs", "MARS", "a-b"]) + "\n")
    (tmp_path / "words.gz").write_bytes(gzip.compress((tmp_path / "words.txt").read_bytes()))
    for dictionary in ("words.txt", "words.gz"):
        result = run_cli("solve", tmp_path / "grid.txt", "--dict", tmp_path / dictionary)
        assert set(fills(result.stdout)) == SEED_SOLUTIONS
        assert "5 words kept, 1 dropped (other characters), 2 duplicates removed" \
            in result.stderr
    as_json = json.loads(run_cli("solve", tmp_path / "grid.txt", "--dict",
                                 tmp_path / "words.txt", "--format", "json").stdout)
    assert as_json["count"] == 5 and as_json["complete"] is True
    assert {tuple(s) for s in as_json["solutions"]} == SEED_SOLUTIONS


def test_free_cells_and_letter_sets(tmp_path):
    instance = satpuzzle.load('crossword {\n words: ab ba\n grid {\n  11\n  01\n }\n}\n')[0]
    found = list(satpuzzle.solutions(instance))
    assert sorted(found) == [("ab", "0a"), ("ba", "0b")]  # column 2 is a slot too
    # Row 1 is a slot "ab"/"ba"; the last cell is in no slot: free (26 letters).
    instance = satpuzzle.load('crossword {\n words: ab ba\n grid {\n  110\n  001\n }\n}\n')[0]
    found = list(satpuzzle.solutions(instance))
    assert len(found) == 2 * 26 and len(set(found)) == len(found)
    for fill in found:
        assert violations(instance.grid, instance.words, False, fill) == []
    restricted = satpuzzle.load(
        'crossword {\n words: ab ba\n grid {\n  1[ab]0\n  00[xyz]\n }\n}\n')[0]
    found = list(satpuzzle.solutions(restricted))
    assert sorted(found) == sorted((w + "0", "00" + z) for w in ("ab", "ba") for z in "xyz")


def test_distinct_forbids_a_word_twice():
    words = " ".join(x + y for x in "abc" for y in "abc")
    text = 'crossword {\n words: ' + words + '\n%s grid {\n  11\n  11\n }\n}\n'
    every = list(satpuzzle.solutions(satpuzzle.load(text % "")[0]))
    distinct_instance = satpuzzle.load(text % " distinct: yes\n")[0]
    distinct = list(satpuzzle.solutions(distinct_instance))
    assert len(every) == 81  # any 2×2 letters over {a, b, c}: every run is a word
    expected = [f for f in every if len({f[0], f[1], f[0][0] + f[1][0], f[0][1] + f[1][1]}) == 4]
    assert sorted(distinct) == sorted(expected) and 0 < len(distinct) < 81
    for fill in distinct:
        assert violations(distinct_instance.grid, distinct_instance.words, True, fill) == []


def _referee_cases() -> list[tuple[CrosswordInstance, set[tuple[str, ...]]]]:
    """Bundled grids and small random ones (plain and distinct), each with its fills by the
    seed's trie backtracking (distinct: those without a repeated word)."""
    cases = []
    for name in ("seed-example.puz", "word-square.puz"):
        instance = satpuzzle.load(str(INSTANCES / "crossword" / name))[0]
        rows = ["".join(row) for row in instance.grid]
        cases.append((instance, {tuple(f) for f in trie_solutions(rows, instance.words)}))
    rng = random.Random(27)
    while len(cases) < 12:
        rows, words = random_case(rng)
        if any(c == "0" for row in rows for c in row) or len(rows) < 3:
            continue  # open grids: every cell in two slots, no free cell
        expected = [tuple(f) for f in trie_solutions(rows, words, limit=5000)]
        if len(expected) == 5000:
            continue
        plain = instance_of(rows, words)
        cases.append((plain, set(expected)))
        distinct = dataclasses.replace(plain, distinct=True)
        cases.append((distinct, {f for f in expected if len(set(f) | set(map(
            "".join, zip(*f)))) == len(f) + len(f[0])}))
    return cases


@pytest.mark.parametrize(("family", "encoding"), [
    (family, name) for family, constraint in FAMILIES.items() for name in choices(constraint)])
def test_every_encoding_choice_keeps_the_fills(family, encoding):
    """Each encoding a family can be switched to: the SAT encoding's fills are the trie
    backtracking's, and the family is written with that encoding."""
    written = False
    for instance, expected in _referee_cases():
        chosen = dataclasses.replace(instance, encodings=((family, encoding),))
        found = list(satpuzzle.solutions(chosen, engine="sat"))
        assert len(found) == len(set(found)) and set(found) == expected, instance
        stats = satpuzzle.compile(chosen).families.get(family)
        written |= stats is not None and encoding in stats.encoding.split(" + ")
    assert written


def test_every_clause_belongs_to_a_rule():
    distinct_written = False
    for instance, _ in _referee_cases():
        names = {row.name for row in satpuzzle.compile(instance).explanation()}
        assert "(unattributed)" not in names
        assert {"cell", "slot", "spell", "support"} <= names
        assert instance.distinct or "distinct" not in names
        distinct_written |= "distinct" in names
    assert distinct_written


def test_compile_decode_round_trip_from_cnf_header(tmp_path):
    from pysat.formula import CNF
    from pysat.solvers import Solver

    cnf = tmp_path / "cw.cnf"
    assert run_cli("compile", INSTANCES / "crossword" / "seed-example.puz", "-o", cnf
                   ).returncode == 0
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=str(cnf)).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv " + " ".join(map(str, model)) + " 0\n")
    decoded = run_cli("decode", cnf, tmp_path / "model.txt")
    assert decoded.returncode == 0
    assert tuple(decoded.stdout.strip().split("\n")) in SEED_SOLUTIONS


@pytest.mark.parametrize("grid,dictionary,words", [
    ("1111\n101\n", "mars\n", "line has 3 cells, expected 4"),
    ("1111\n1201\n", "mars\n", "unexpected '2'"),
    ("10\n01\n", "mars\n", "no slot"),
    ("1111\n1001\n", "", "empty dictionary"),
    ("1111\n1001\n", "1234\n###\n", "empty dictionary"),
])
def test_crossword_errors(tmp_path, grid, dictionary, words):
    (tmp_path / "g.txt").write_text(grid)
    (tmp_path / "d.txt").write_text(dictionary)
    result = run_cli("solve", tmp_path / "g.txt", "--dict", tmp_path / "d.txt")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and words in errors[0]


def test_unreadable_dictionary(tmp_path):
    (tmp_path / "g.txt").write_text("11\n")
    result = run_cli("solve", tmp_path / "g.txt", "--dict", tmp_path / "absent.txt")
    assert result.returncode == 2 and "cannot read dictionary" in result.stderr


def test_builtin_dictionaries_work_out_of_the_box(tmp_path):
    from satpuzzle.kinds.crossword import dictionaries

    french, zipf = dictionaries.raw_entries("fr")
    from satpuzzle.kinds.crossword.wordlists import normalize_words

    words, _ = normalize_words(french)
    assert len(words) >= 200_000 and zipf is None
    assert {"mangeaient", "petites", "chevaux", "finissions"} <= set(words)
    (tmp_path / "g.txt").write_text("1111\n1001\n1001\n1111\n")
    result = run_cli("solve", tmp_path / "g.txt", "--dict", "en", "--min-zipf", "4.5",
                     "--limit", "3", "--format", "json")
    assert result.returncode == 0 and "below Zipf 4.5" in result.stderr
    english, counts = dictionaries.raw_entries("en")
    common = {w for w in english if counts[w] >= 4.5}
    for fill in json.loads(result.stdout)["solutions"]:
        assert violations(["1111", "1001", "1001", "1111"], sorted(common), False, fill) == []


def test_min_zipf_needs_a_builtin_list(tmp_path):
    (tmp_path / "g.txt").write_text("11\n")
    (tmp_path / "d.txt").write_text("ab\n")
    result = run_cli("solve", tmp_path / "g.txt", "--dict", tmp_path / "d.txt",
                     "--min-zipf", "3")
    assert result.returncode == 2 and "--min-zipf needs a built-in dictionary" in result.stderr
