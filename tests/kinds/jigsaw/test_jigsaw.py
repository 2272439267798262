"""Jigsaw (edge matching) end to end: solution sets against a brute force written from the
rules for every variant, matching and border; the checker against mutated boards; the
generator; .puz, native, Eternity II and Brendan Owen files; output round trips through
`satpuzzle check`; input errors. Every solution found is re-checked by the rule checker."""

from __future__ import annotations

import dataclasses
import functools
import json
import random

import pytest
from conftest import INSTANCES, run_cli, shared

import satpuzzle
from satpuzzle.checkers.jigsaw import check
from satpuzzle.constraints.encodings import choices
from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw import FAMILIES, rules
from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw import rendering as jigsaw_rendering
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance

JIGSAW = INSTANCES / "jigsaw"
VARIANTS = ("puzzle", "orientation", "position", "contour", "contour-orientation",
            "contour-position")


# ---------------------------------------------------------------- brute force from the rules


def turn(piece, quarter_turns):
    """Clockwise quarter turns: the left label comes to the top each time."""
    for _ in range(quarter_turns % 4):
        piece = (piece[3], piece[0], piece[1], piece[2])
    return tuple(piece)


def ring(rows, cols):
    """The frame cells clockwise from the top-left corner (all cells when a side is ≤ 2)."""
    if rows == 1 or cols == 1:
        return [(r, c) for r in range(rows) for c in range(cols)]
    top = [(0, c) for c in range(cols)]
    right = [(r, cols - 1) for r in range(1, rows)]
    bottom = [(rows - 1, c) for c in reversed(range(cols - 1))]
    left = [(r, 0) for r in reversed(range(1, rows - 1))]
    return top + right + bottom + left


def fits(a, b, instance):
    if instance.matching == "opposite":
        return a == -b and a != 0
    return a == b and (a != 0 or instance.border == "free")


def brute_force_boards(instance):
    """Every valid visible board (per cell its four shown labels, None when empty): pieces
    placed cell by cell in row-major order, each unused piece (or the fixed one) in each
    allowed rotation, checked against the outside and the cells above and to the left. Of
    identical unused pieces only one is tried: the others would show the same boards."""
    rows, cols = instance.rows, instance.cols
    contour = instance.variant.startswith("contour")
    cells = ring(rows, cols) if contour else [(r, c) for r in range(rows) for c in range(cols)]
    fixed_at = {cell: i for i, cell in enumerate(cells)}
    order = sorted(cells)
    turns = (0,) if instance.variant.endswith("orientation") else (0, 1, 2, 3)
    board = {}
    used = [False] * len(instance.pieces)
    found = set()

    def fine(r, c, shown):
        outside = [(r == 0, 0), (c == cols - 1, 1), (r == rows - 1, 2), (c == 0, 3)]
        if instance.border == "zero" and any(edge and shown[s] != 0 for edge, s in outside):
            return False
        if (r - 1, c) in board and not fits(shown[0], board[(r - 1, c)][2], instance):
            return False
        return (r, c - 1) not in board or fits(shown[3], board[(r, c - 1)][1], instance)

    def place(k):
        if k == len(order):
            if not all(used):
                return  # every piece must be placed
            found.add(tuple(tuple(board.get((r, c)) for c in range(cols))
                            for r in range(rows)))
            return
        r, c = order[k]
        if instance.variant.endswith("position"):
            choices = [fixed_at[(r, c)]]
        else:
            choices = [i for i in range(len(instance.pieces)) if not used[i]]
        tried = set()
        for i in choices:
            if instance.pieces[i] in tried:
                continue  # an identical piece shows the same boards
            tried.add(instance.pieces[i])
            used[i] = True
            for shown in {turn(instance.pieces[i], t) for t in turns}:
                if fine(r, c, shown):
                    board[(r, c)] = shown
                    place(k + 1)
                    del board[(r, c)]
            used[i] = False

    place(0)
    return found


def visible(instance, solution):
    return tuple(tuple(None if p is None else turn(instance.pieces[p[0]], p[1]) for p in row)
                 for row in solution)


def assert_matches_brute_force(instance, limit=2000, engine="auto"):
    solutions = list(satpuzzle.solutions(instance, limit=limit, engine=engine))
    assert len(solutions) < limit
    for solution in solutions:
        assert check(instance, solution) == []
    boards = [visible(instance, s) for s in solutions]
    assert len(set(boards)) == len(boards)  # each visible board once
    assert set(boards) == brute_force_boards(instance)
    return solutions


# ---------------------------------------------------------------- solution sets


def labels_for(variant, matching, border):
    """Few labels give many solutions: enough of them to keep each count within a few
    hundred (measured with the brute force)."""
    if variant in ("puzzle", "contour"):
        if border == "zero":
            return 3 if (variant, matching) != ("contour", "opposite") else 2
        return 8 if (variant, matching) == ("contour", "equal") else 4
    return 2


# "sat": blocking clauses; "search": the depth-first engine, which --engine auto takes only
# on whole boards of distinct pieces but which must count right on every variant.
ENGINES = ("sat", "search")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("border", ("zero", "free"))
@pytest.mark.parametrize("matching", ("opposite", "equal"))
@pytest.mark.parametrize("variant", VARIANTS)
def test_generated_solution_sets_equal_brute_force(variant, matching, border, engine):
    for seed, (rows, cols) in enumerate([(2, 2), (2, 3), (3, 3), (3, 2)]):
        instance = jigsaw_generation.generate(
            rows, cols, labels=labels_for(variant, matching, border), variant=variant,
            seed=seed, matching=matching, border=border)
        # generated instances are solvable
        assert assert_matches_brute_force(instance, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_identical_and_symmetric_pieces_count_each_board_once(variant, engine):
    # Four copies of one piece and pieces symmetric under half or quarter turns: many
    # placements show the same board, which must be reported once.
    alike = JigsawInstance(2, 2, ((0, 1, 1, 0),) * 4, variant, "equal", "free")
    solutions = assert_matches_brute_force(alike, engine=engine)
    count = 8 if variant.startswith("contour") else 9
    symmetric = JigsawInstance(3, 3, (((1, 1, 1, 1),) * 5 + ((1, 2, 1, 2),) * 4)[:count],
                               variant, "equal", "free")
    assert_matches_brute_force(symmetric, engine=engine)
    if variant in ("puzzle", "contour"):
        # (0 1 1 0) in any cell, any turn: only the labels shown count
        assert len(solutions) == len(brute_force_boards(alike)) > 1
    canonical = satpuzzle.solve(JigsawInstance(2, 2, ((1, 1, 1, 1),) * 4, variant, "equal",
                                               "free"))
    # lowest index first in row-major order, unless the variant fixes the pieces' cells
    expected = (((0, 0), (1, 0)), ((3, 0), (2, 0))) if variant == "contour-position" else (
        ((0, 0), (1, 0)), ((2, 0), (3, 0)))
    assert canonical == expected


def test_canonical_decode_lowest_index_first_smallest_turn():
    instance = JigsawInstance(2, 2, ((1, 1, 1, 1),) * 4, "puzzle", "equal", "free")
    assert satpuzzle.solve(instance) == (((0, 0), (1, 0)), ((2, 0), (3, 0)))
    square = JigsawInstance(2, 2, ((0, 1, 1, 0),) * 4)
    assert list(satpuzzle.solutions(square)) == []  # 1 cannot fit 1 in opposite matching


def test_language_example_has_four_board_rotations():
    instance = satpuzzle.load(str(JIGSAW / "language-example-2x2.puz"))[0]
    solutions = assert_matches_brute_force(instance)
    assert len(solutions) == 4  # all labels differ: the solution and its three turns


@pytest.mark.parametrize("variant", VARIANTS)
def test_unsatisfiable_instances_have_no_solution(variant):
    instance = jigsaw_generation.generate(3, 3, labels=2, variant=variant, seed=5)
    pieces = list(instance.pieces)
    pieces[0] = (7, 7, 7, 7) if not variant.startswith("contour") else (0, 7, 7, 7)
    broken = JigsawInstance(3, 3, tuple(pieces), variant)
    assert brute_force_boards(broken) == set()
    assert satpuzzle.solve(broken) is None



# Every redundant rule benchmarks/jigsaw.py can switch (--set), each flipped from its
# default, must keep the solution set; so must every encoding of every switchable family.
SWITCHES = [(key, not value) for key, value in rules.RULES.items()]
# variant, matching, labels, side, border: rotations, identical pieces (few labels), fixed
# pieces, contours and free borders (where the cells' at-most-one is written)
CASES = [("puzzle", "opposite", 2, 3, "zero"), ("puzzle", "equal", 3, 3, "zero"),
         ("puzzle", "equal", 9, 3, "zero"), ("puzzle", "opposite", 9, 3, "zero"),
         ("position", "opposite", 2, 3, "zero"), ("contour", "equal", 3, 4, "zero"),
         ("orientation", "opposite", 3, 3, "free"), ("contour-position", "opposite", 2, 4,
                                                     "zero")]


def generated_cases() -> list[JigsawInstance]:
    return [jigsaw_generation.generate(side, side, labels=labels, variant=variant, seed=seed,
                            matching=matching, border=border)
            for seed, (variant, matching, labels, side, border) in enumerate(CASES)]


def broken_board() -> JigsawInstance:
    """One changed label: the colour counts and parity no longer add up."""
    instance = jigsaw_generation.generate(3, 3, labels=9, variant="puzzle", seed=1,
                                          matching="equal")
    pieces = list(instance.pieces)
    pieces[4] = (pieces[4][0], pieces[4][1], pieces[4][2], 42)
    return JigsawInstance(3, 3, tuple(pieces), "puzzle", "equal")


@pytest.mark.parametrize(("switch", "value"), SWITCHES)
def test_rule_switches_keep_the_solution_set(monkeypatch, switch, value):
    monkeypatch.setitem(rules.RULES, switch, value)
    for instance in generated_cases():
        assert assert_matches_brute_force(instance, engine="sat")
    assert brute_force_boards(broken_board()) == set()
    assert satpuzzle.solve(broken_board(), engine="sat") is None


BUNDLED = ["contour-3x4.puz", "fibonacci-4x6.puz", "generated-4x4.puz",
           "language-example-2x2.puz"]


@functools.cache
def boards_of(instance: JigsawInstance) -> frozenset:
    return frozenset(brute_force_boards(instance))


@pytest.mark.parametrize(("family", "encoding"), [
    (family, name) for family, constraint in FAMILIES.items() for name in choices(constraint)])
def test_every_encoding_choice_keeps_the_solution_set(monkeypatch, family, encoding):
    """Each encoding a family can be switched to, on bundled boards and generated ones
    (the colour counts and parity switched on for their families): the boards brute force
    finds, and the family is written with that encoding where the rule applies."""
    if family in ("colour", "parity"):
        monkeypatch.setitem(rules.RULES, "colour_counts" if family == "colour" else family,
                            True)
    bundled = [satpuzzle.load(str(JIGSAW / name))[0] for name in BUNDLED]
    written = False
    for instance in [*bundled, *generated_cases(), broken_board()]:
        chosen = dataclasses.replace(instance, encodings=((family, encoding),))
        try:
            solutions = list(satpuzzle.solutions(chosen, limit=2000, engine="sat"))
        except InputError as error:  # an encoding may refuse a size (the order encoding)
            assert "encoding" in str(error)
            continue
        assert {visible(instance, s) for s in solutions} == boards_of(instance), instance
        assert len(solutions) < 2000
        stats = satpuzzle.compile(chosen).families.get(family)
        written |= stats is not None and encoding in stats.encoding.split(" + ")
    assert written, f"no case writes family {family!r} with {encoding!r}"


def test_every_clause_belongs_to_a_rule(monkeypatch):
    """`--explain` accounts for every clause, with every redundant rule on."""
    cases = [satpuzzle.load(str(JIGSAW / name))[0] for name in BUNDLED]
    cases += [satpuzzle.load(str(JIGSAW / "fibonacci-4x20.puz"))[0], *generated_cases()]
    for instance in cases:
        names = {row.name for row in satpuzzle.compile(instance).explanation()}
        assert "(unattributed)" not in names and {"cell", "edge", "match"} <= names
    for switch in rules.RULES:
        monkeypatch.setitem(rules.RULES, switch, True)
    for instance in [*cases, broken_board()]:
        names = {row.name for row in satpuzzle.compile(instance).explanation()}
        assert "(unattributed)" not in names, instance


# ---------------------------------------------------------------- generator


@pytest.mark.parametrize("variant", VARIANTS)
def test_generator_is_solvable_and_deterministic(variant):
    for seed in range(3):
        for matching in ("opposite", "equal"):
            instance = jigsaw_generation.generate(4, 5, labels=4, variant=variant, seed=seed,
                                       matching=matching)
            solution = satpuzzle.solve(instance)
            assert solution is not None and check(instance, solution) == []
            again = jigsaw_generation.generate(4, 5, labels=4, variant=variant, seed=seed,
                                    matching=matching)
            assert again == instance
    a = jigsaw_generation.generate(4, 4, labels=3, variant=variant, seed=1)
    b = jigsaw_generation.generate(4, 4, labels=3, variant=variant, seed=2)
    assert a != b
    if variant.endswith("orientation"):
        assert satpuzzle.solve(a) is not None
    if variant.endswith("position"):  # pieces stay at their cells, only turned
        assert len(a.pieces) == len(jigsaw.puzzle_cells(a))


def test_generated_border_labels():
    for matching in ("opposite", "equal"):
        free = jigsaw_generation.generate(3, 4, labels=5, seed=3, border="free", matching=matching)
        assert all(label != 0 for piece in free.pieces for label in piece)
        zero = jigsaw_generation.generate(3, 4, labels=5, seed=3, matching=matching)
        zeros = sum(label == 0 for piece in zero.pieces for label in piece)
        assert zeros == 2 * (3 + 4)  # exactly the outside edges
        signs = {label > 0 for piece in zero.pieces for label in piece if label}
        assert signs == ({True, False} if matching == "opposite" else {True})


# ---------------------------------------------------------------- checker


def test_checker_rejects_mutated_boards():
    rng = random.Random(4)
    for variant in VARIANTS:
        instance = jigsaw_generation.generate(3, 3, labels=2, variant=variant, seed=11)
        valid = brute_force_boards(instance)
        (solution,) = list(satpuzzle.solutions(instance, limit=1))
        cells = [(r, c) for r in range(3) for c in range(3) if solution[r][c] is not None]
        for _ in range(30):
            board = [list(row) for row in solution]
            (r1, c1), (r2, c2) = rng.sample(cells, 2)
            if rng.random() < 0.5:
                board[r1][c1], board[r2][c2] = board[r2][c2], board[r1][c1]
            else:
                index, turns = board[r1][c1]
                board[r1][c1] = (index, (turns + rng.randint(1, 3)) % 4)
            mutated = tuple(tuple(row) for row in board)
            fixed_ok = not variant.endswith("position") or all(
                p is None or p[0] == jigsaw.puzzle_cells(instance).index((r, c))
                for r, row in enumerate(mutated) for c, p in enumerate(row))
            turn_ok = not variant.endswith("orientation") or all(
                p is None or p[1] == 0 for row in mutated for p in row)
            expected_valid = visible(instance, mutated) in valid and fixed_ok and turn_ok
            assert (check(instance, mutated) == []) == expected_valid


def test_checker_rejects_structural_errors():
    instance = jigsaw_generation.generate(3, 3, labels=2, variant="contour", seed=2)
    solution = satpuzzle.solve(instance)
    assert check(instance, solution) == []
    board = [list(row) for row in solution]
    board[1][1] = (0, 0)
    assert any("must stay empty" in p for p in check(instance, board))
    board = [list(row) for row in solution]
    board[0][0] = board[0][1]
    assert any("used 2 times" in p for p in check(instance, board))
    board = [list(row) for row in solution]
    board[0][0] = (board[0][0][0], 4)
    assert any("rotation 4" in p for p in check(instance, board))
    board = [list(row) for row in solution]
    board[0][0] = None
    assert any("holds no piece" in p for p in check(instance, board))
    assert check(instance, solution[:2]) != []
    board = [list(row) for row in solution]
    board[0][0] = (99, 0)
    assert any("no piece 99" in p for p in check(instance, board))


def test_checker_border_rules():
    zero = JigsawInstance(1, 2, ((0, 1, 0, 0), (0, 0, 0, 1)), "position", "equal", "zero")
    assert check(zero, (((0, 0), (1, 0)),)) == []
    assert check(zero, (((0, 1), (1, 0)),)) != []  # 1 turned to the bottom, outside
    free = JigsawInstance(1, 2, ((5, 1, 6, 7), (8, 9, 2, 1)), "position", "equal", "free")
    assert check(free, (((0, 0), (1, 0)),)) == []
    opposite = JigsawInstance(1, 2, ((0, 1, 0, 0), (0, 0, 0, -1)), "position", "opposite")
    assert check(opposite, (((0, 0), (1, 0)),)) == []
    zero_fit = JigsawInstance(1, 2, ((5, 0, 6, 7), (8, 9, 2, 0)), "position", "equal", "free")
    assert check(zero_fit, (((0, 0), (1, 0)),)) == []  # 0 fits 0 with border free
    assert check(JigsawInstance(1, 2, zero_fit.pieces, "position", "opposite", "free"),
                 (((0, 0), (1, 0)),)) != []


# ---------------------------------------------------------------- reading


def test_puz_and_native_files_agree():
    puz = satpuzzle.load(str(JIGSAW / "generated-4x4.puz"))[0]
    native = satpuzzle.load(str(JIGSAW / "generated-4x4.txt"), "jigsaw")[0]
    assert (puz.rows, puz.cols, puz.pieces) == (native.rows, native.cols, native.pieces)
    assert satpuzzle.load(str(JIGSAW / "generated-4x4.txt"))[0].pieces == puz.pieces  # sniffed
    by_file = satpuzzle.load(str(JIGSAW / "pieces-from-file.puz"))[0]
    assert by_file.pieces == puz.pieces and (by_file.rows, by_file.cols) == (4, 4)
    assert satpuzzle.load(jigsaw.to_puz(puz))[0] == puz


def test_puz_defaults_and_fields():
    text = "jigsaw {\n  size: 1x2\n  pieces {\n    0 1 0 0\n    0 0 0 -1\n  }\n}\n"
    instance = satpuzzle.load(text)[0]
    assert (instance.variant, instance.matching, instance.border) == ("puzzle", "opposite",
                                                                      "zero")
    contour = satpuzzle.load(str(JIGSAW / "contour-3x4.puz"))[0]
    assert contour.variant == "contour" and len(contour.pieces) == 10
    solutions = assert_matches_brute_force(contour)
    assert all(solution[1][1] is None and solution[1][2] is None for solution in solutions)


def test_native_options_force_a_reading():
    text = "1 2\n0 1 0 0\n0 0 0 1\n"
    (instance,), _ = jigsaw.read_native(text, "x.txt", {"matching": "equal"})
    assert (instance.rows, instance.cols, instance.matching) == (1, 2, "equal")
    (forced,), _ = jigsaw.read_native(text, "x.txt", {"board": (2, 1), "variant": "position",
                                                      "border": "free"})
    assert (forced.rows, forced.cols, forced.variant, forced.border) == (2, 1, "position",
                                                                         "free")
    # Brendan's header is width first: pieces_03x02.txt is 2 rows of 3
    brendan = "3 2\n" + "0 1 1 0\n" * 6
    (wide,), _ = jigsaw.read_native(brendan, "dir/pieces_03x02.txt", {})
    assert (wide.rows, wide.cols, wide.matching) == (2, 3, "equal")
    (native,), _ = jigsaw.read_native(brendan, "dir/other.txt", {})
    assert (native.rows, native.cols, native.matching) == (3, 2, "opposite")


def test_eternity_style_board_from_border_pieces():
    # a generated 3×5 with equal labels, listed without header
    instance = jigsaw_generation.generate(3, 5, labels=3, seed=1, matching="equal")
    text = "\n".join(" ".join(map(str, piece)) for piece in instance.pieces) + "\n"
    assert jigsaw.sniff(text)
    (read,), _ = jigsaw.read_native(text, "clue.txt", {})
    assert (read.rows, read.cols, read.matching, read.pieces) == (3, 5, "equal",
                                                                  instance.pieces)
    assert satpuzzle.solve(read) is not None


@pytest.mark.parametrize("name, rows, cols", [("clue1.txt", 6, 6), ("clue2.txt", 6, 12),
                                              ("clue3.txt", 6, 6), ("clue4.txt", 6, 12),
                                              ("e2pieces.txt", 16, 16),
                                              ("meta_10x10.txt", 10, 10)])
def test_eternity2_files(name, rows, cols):
    path = shared(f"jigsaw/eternity2/{name}")
    instance = satpuzzle.load(str(path))[0]  # recognised by content
    assert (instance.rows, instance.cols, instance.matching) == (rows, cols, "equal")
    assert len(instance.pieces) == rows * cols
    if name in ("clue1.txt", "clue3.txt"):
        solution = satpuzzle.solve(instance)
        assert solution is not None and check(instance, solution) == []


@pytest.mark.parametrize("name, rows, cols", [("pieces_03x03.txt", 3, 3),
                                              ("pieces_05x03.txt", 3, 5),
                                              ("pieces_04x03.txt", 3, 4),
                                              ("eternity7x7.txt", 7, 7)])
def test_brendan_files(name, rows, cols):
    path = shared(f"jigsaw/brendan/{name}")
    instance = satpuzzle.load(str(path))[0]
    assert (instance.rows, instance.cols, instance.matching) == (rows, cols, "equal")
    if rows * cols <= 15:
        solutions = list(satpuzzle.solutions(instance, limit=50))
        assert solutions and all(check(instance, s) == [] for s in solutions)
        if rows * cols <= 12:
            assert {visible(instance, s) for s in solutions} == brute_force_boards(instance)


def test_tetravex_file():
    path = shared("jigsaw/tetravex/generated_tests/0_3x3")
    instance = satpuzzle.load(str(path), "jigsaw")[0]
    assert (instance.rows, instance.variant, instance.matching, instance.border) == (
        3, "orientation", "equal", "free")
    assert_matches_brute_force(instance)


def test_sniff_leaves_other_kinds_alone():
    assert jigsaw.sniff((JIGSAW / "generated-4x4.txt").read_text())
    for kind in ("sudoku", "shikaku", "hashi", "crossword"):
        for path in (INSTANCES / kind).iterdir():
            if path.suffix != ".puz":
                assert not jigsaw.sniff(path.read_text()), path
    assert not jigsaw.sniff("1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n")  # a 4×4 Sudoku
    assert not jigsaw.sniff("4 0 0 0\n0 0 0 4\n0 4 0 0\n0 0 4 0\n")  # a Shikaku grid
    assert not jigsaw.sniff("2 2\n0 1 2 0\n0 0 -3 -1\n")  # too few pieces for 2×2
    assert not jigsaw.sniff("3 3 4\n2 0 2\n0 0 0\n2 0 2\n")  # a Hashi file
    for name in ("hashi/coelho2019/100", "sudoku"):
        folder = INSTANCES.parent.parent / "shared" / "data" / name
        if folder.exists():
            for path in sorted(p for p in folder.iterdir() if p.is_file())[:5]:
                assert not jigsaw.sniff(path.read_text(errors="replace")), path


# ---------------------------------------------------------------- output round trips


def test_text_and_json_round_trip_through_check(tmp_path):
    puz = JIGSAW / "language-example-2x2.puz"
    text = run_cli("solve", puz, "--all")
    assert text.returncode == 0
    instance = satpuzzle.load(str(puz))[0]
    parsed = jigsaw_rendering.parse_solutions(instance, text.stdout, "out.txt")
    assert {visible(instance, s) for s in parsed} == brute_force_boards(instance)
    (tmp_path / "out.txt").write_text(text.stdout)
    checked = run_cli("check", puz, tmp_path / "out.txt")
    assert checked.returncode == 0 and checked.stdout.count("valid") == 4
    data = run_cli("solve", puz, "--all", "--format", "json")
    solutions = json.loads(data.stdout)["solutions"]
    assert [jigsaw_rendering.from_json(instance, s, "x") for s in solutions] == parsed
    (tmp_path / "out.json").write_text(data.stdout)
    assert run_cli("check", puz, tmp_path / "out.json").returncode == 0
    broken = text.stdout.replace("1r0", "1r1", 1).replace("1r3", "1r1", 1)
    (tmp_path / "bad.txt").write_text(broken)
    result = run_cli("check", puz, tmp_path / "bad.txt")
    assert result.returncode == 1 and "INVALID" in result.stdout


def test_contour_rendering_shows_empty_interior():
    instance = satpuzzle.load(str(JIGSAW / "contour-3x4.puz"))[0]
    solution = satpuzzle.solve(instance)
    text = jigsaw_rendering.render_text(instance, solution)
    assert text.splitlines()[1].split()[1:3] == [".", "."]
    assert jigsaw_rendering.parse_solutions(instance, text, "x") == [solution]
    assert jigsaw_rendering.render_json(instance, solution)[1][1] is None


def test_native_file_cli_and_compile_decode(tmp_path):
    native = JIGSAW / "generated-4x4.txt"
    result = run_cli("solve", native, "--count")
    assert result.returncode == 0 and int(result.stdout) >= 1
    cnf = tmp_path / "p.cnf"
    assert run_cli("compile", native, "-o", cnf).returncode == 0
    instance = satpuzzle.load(str(native))[0]
    formula = satpuzzle.compile(instance)
    from pysat.solvers import Solver

    with Solver(bootstrap_with=list(formula.all_clauses())) as solver:
        assert solver.solve()
        model = solver.get_model()
    (tmp_path / "model.txt").write_text("s SATISFIABLE\nv " + " ".join(map(str, model))
                                        + " 0\n")
    decoded = run_cli("decode", cnf, tmp_path / "model.txt")
    assert decoded.returncode == 0
    (solution,) = jigsaw_rendering.parse_solutions(instance, decoded.stdout, "x")
    assert check(instance, solution) == []


# ---------------------------------------------------------------- errors


PUZ = "jigsaw {{\n  size: {size}\n{extra}  pieces {{\n{pieces}  }}\n}}\n"
GOOD_PIECES = "    0 1 2 0\n    0 0 -3 -1\n    -2 4 0 0\n    3 0 0 -4\n"


@pytest.mark.parametrize("size, extra, pieces, line, column, words", [
    ("2x2", "", GOOD_PIECES.replace("0 0 -3 -1", "0 0 -3"), 5, 5, "this line has 3"),
    ("2x2", "", GOOD_PIECES.replace("0 0 -3 -1", "0 0 -3 -1 7"), 5, 15, "this line has 5"),
    ("2x2", "", GOOD_PIECES.replace("-2 4", "-2 x"), 6, 8, "expected an integer edge label"),
    ("2x2", "", GOOD_PIECES + "    1 1 1 1\n", 8, 5, "one too many"),
    ("2x3", "", GOOD_PIECES, 3, 3, "needs 6"),
    ("2y2", "", GOOD_PIECES, 2, 9, "expected a board size"),
    ("0x2", "", GOOD_PIECES, 2, 9, "expected a board size"),
    ("2x2", "  variant: sideways\n", GOOD_PIECES, 3, 12, "unknown variant 'sideways'"),
    ("2x2", "  matching: same\n", GOOD_PIECES, 3, 13, "unknown matching 'same'"),
    ("2x2", "  border: none\n", GOOD_PIECES, 3, 11, "unknown border 'none'"),
    ("2x2", "  colour: red\n", GOOD_PIECES, 3, 3, "unknown entry 'colour'"),
    ("3x3", "  variant: contour\n", GOOD_PIECES, 4, 3, "frame of a 3×3 board"),
    ("2x2", "  variant: position\n", GOOD_PIECES + "    1 1 1 1\n", 9, 5,
     "this piece would be fixed at cell 5, off the board"),
    ("2x2", "  variant: contour-position\n", GOOD_PIECES + "    1 1 1 1\n", 9, 5,
     "fixed at frame cell 5, off the board"),
])
def test_puz_errors(tmp_path, size, extra, pieces, line, column, words):
    path = tmp_path / "bad.puz"
    path.write_text(PUZ.format(size=size, extra=extra, pieces=pieces))
    result = run_cli("solve", path)
    assert result.returncode == 2
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1 and words in message, message
    assert message.startswith(f"{path}:{line}:{column}: error:"), message


@pytest.mark.parametrize("text, options, line, column, words", [
    ("2 2\n0 1 2 0\n0 0 -3\n-2 4 0 0\n3 0 0 -4\n", (), 3, 1, "this line has 3"),
    ("2 2\n0 1 2 0\n0 0 -3 -1\n-2 4 0 0\n", (), 1, 1, "needs 4"),
    ("2 0\n0 1 2 0\n", (), 1, 3, "positive integer board size"),
    ("2 2\n0 1 2 0\n0 0 -3 -1\n-2 4 0 0\n3 0 0 q\n", (), 5, 7, "integer edge label"),
    ("0 1 2 0\n0 0 -3 -1\n-2 4 0 0\n", (), 1, 1, "cannot tell the board size"),
    ("2 2\n0 1 2 0\n0 0 -3 -1\n-2 4 0 0\n3 0 0 -4\n", ("--board", "3x3"), 1, 1, "needs 9"),
])
def test_native_errors(tmp_path, text, options, line, column, words):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    result = run_cli("solve", path, "--kind", "jigsaw", *options)
    assert result.returncode == 2
    message = result.stderr.strip()
    assert len(message.splitlines()) == 1 and words in message, message
    assert message.startswith(f"{path}:{line}:{column}: error:"), message


def test_solution_file_errors(tmp_path):
    puz = JIGSAW / "language-example-2x2.puz"
    bad = tmp_path / "bad.txt"
    bad.write_text("1r0 2x0\n3r0 4r0\n")
    result = run_cli("check", puz, bad)
    assert result.returncode == 2 and result.stderr.startswith(f"{bad}:1:5: error:")
    bad.write_text("1r0 2r0 3r0\n4r0\n")
    assert run_cli("check", puz, bad).returncode == 2
