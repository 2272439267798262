"""What puzzle people paste, read as they paste it: puzz.link URLs in every shape they are
shared in (editor and player links, `type=player&`, no scheme, blanks, capitals), Simon
Tatham game IDs without `sgt:GAME:` (by their shape, or narrowed by --kind), standard input
(`-`) wherever a FILE is taken, files of URLs and IDs one a line, and satpuzzle's own JSON.
Every answer is checked by the rule checker; every bad input is one line FILE:LINE:COL, exit 2.
"""

from __future__ import annotations

import json

import pytest
from conftest import parse_grids, run_cli, run_process, sudoku_brute_force_count

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.formats import links, puzzlink
from satpuzzle.kinds import registry

# canonical URLs (tests/formats/test_formats_puzzlink.py reads them), one per kind
SUDOKU = "https://puzz.link/p?sudoku/4/4/g2j1h1j3g"
SHIKAKU = "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
HASHI = "https://puzz.link/p?hashi/5/4/3h1h1h3k4i4"
CANONICAL = {"sudoku": SUDOKU, "shikaku": SHIKAKU, "hashi": HASHI}


def shapes(url: str) -> list[str]:
    """The same puzzle as people share it: the shapes pzprjs reads, written by hand."""
    query = url.split("?", 1)[1]
    pid, rest = query.split("/", 1)
    return [
        f"https://puzz.link/p?{pid}_edit/{rest}",  # editor link
        f"https://puzz.link/p?{pid}_play/{rest}",  # player link
        f"https://puzz.link/p?type=player&{pid}/{rest}",
        f"https://puzz.link/p?type=editor&lang=en&{pid}_edit/{rest}",
        f"puzz.link/p?{query}",  # no scheme
        f"pzv.jp/p.html?{query}",
        f"  {url}\t",  # blanks around it
        f"HTTPS://PUZZ.LINK/p?{query}",  # capitals in the scheme and host
        f"http://Puzz.Link/p?{pid.upper()}/{rest}",
        f"https://pzprxs.vercel.app/p?{query}/" if not query.endswith("/") else url,
    ]


CASES = [(kind, shape) for kind, url in CANONICAL.items() for shape in shapes(url)]


@pytest.mark.parametrize(("kind", "shape"), CASES, ids=[f"{k}-{i}" for k, s in CASES
                                                         for i in [s.strip()[:40]]])
def test_every_url_shape_reads_as_the_canonical_url(kind, shape):
    [expected] = satpuzzle.load(CANONICAL[kind])
    assert satpuzzle.load(shape) == [expected]
    assert links.explicit(shape) or links.shaped(shape)
    assert puzzlink.write(expected) == CANONICAL[kind]


@pytest.mark.parametrize("kind", CANONICAL)
def test_url_shapes_solve_on_the_command_line(kind):
    for shape in shapes(CANONICAL[kind])[:6]:
        result = run_cli("solve", shape, "--format", "json")
        assert result.returncode == 0, result.stderr
        [instance] = satpuzzle.load(shape)
        kind_ = instance.KIND
        answer = json.loads(result.stdout)
        assert answer["kind"] == kind_ and answer["status"] == "SAT"
        solution = next(satpuzzle.solutions(instance, limit=1))
        assert satpuzzle.check(instance, solution) == []


def test_a_sudoku_url_without_scheme_gives_its_grid():
    result = run_cli("solve", "puzz.link/p?type=player&sudoku_edit/4/4/g2j1h1j3g")
    assert result.returncode == 0, result.stderr
    [grid] = parse_grids(result.stdout)
    [instance] = satpuzzle.load(SUDOKU)
    assert satpuzzle.check(instance, tuple(map(tuple, grid))) == []
    assert grid[0][1] == 2  # the given of the URL's body (g2: one empty cell, then 2)


@pytest.mark.parametrize(("source", "message"), [
    ("puzz.link/p?akari/4/4/g2j1h1j3", "1:13: error: url: puzzle 'akari' is not supported"),
    ("puzz.link/p?sudoku_edit/4/4/g2j1h1j3!",
     "1:37: error: url sudoku 4x4: unexpected character '!'"),
    ("https://puzz.link/p?type=player&sudoku/4",
     "1:33: error: url: expected sudoku/COLS/ROWS/BODY"),
])
def test_bad_urls_say_where(source, message):
    result = run_cli("solve", source)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert message in result.stderr


# ---------------------------------------------------------------- game IDs without sgt:GAME:

# IDs as the games show them (Game > Specific), from tests/formats/test_formats_sgt.py
RECT = "4x3:4c2_2a2c2"
BRIDGES = "5x4m2:3b1b1b3e4c4"
SOLO = "4j:b1c3b3c2b,aaabcaa____b_"
BOTH = "3x3:2d3a4a"  # reads as a Rectangles and as a Bridges puzzle


@pytest.mark.parametrize(("bare", "kind"), [(RECT, "shikaku"), (BRIDGES, "hashi"),
                                            (SOLO, "sudoku"), ("2x2:a2b4_3d4_3b1a", "sudoku")])
def test_bare_game_ids_are_read_by_their_shape(bare, kind):
    game = {"shikaku": "rect", "hashi": "bridges", "sudoku": "solo"}[kind]
    [instance] = satpuzzle.load(bare)
    assert instance.KIND == kind
    assert satpuzzle.load(f"sgt:{game}:{bare}") == [instance]
    assert satpuzzle.load(f"{game}:{bare}") == [instance]
    assert satpuzzle.load(bare, kind) == [instance]
    result = run_cli("solve", bare, "--kind", kind, "--format", "json")
    assert result.returncode == 0, result.stderr
    solution = next(satpuzzle.solutions(instance, limit=1))
    assert satpuzzle.check(instance, solution) == []


def test_an_id_two_games_read_needs_kind():
    result = run_cli("solve", BOTH)
    assert result.returncode == 2
    assert "reads as a rect and as a bridges puzzle" in result.stderr
    assert "sgt:rect:ID or sgt:bridges:ID (or give --kind)" in result.stderr
    shikaku = run_cli("solve", BOTH, "--kind", "shikaku")
    assert shikaku.returncode == 0, shikaku.stderr
    [instance] = satpuzzle.load(BOTH, "shikaku")
    assert instance.KIND == "shikaku"
    assert satpuzzle.check(instance, next(satpuzzle.solutions(instance))) == []
    [hashi] = satpuzzle.load(BOTH, "hashi")
    assert hashi.KIND == "hashi"


def test_kind_narrows_the_games_and_their_errors():
    result = run_cli("solve", RECT, "--kind", "hashi")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{RECT}:1:8: error: sgt bridges: unexpected character '_'")


@pytest.mark.parametrize("argv", [["7x7#12345"], ["7x7#12345", "--kind", "shikaku"],
                                  ["sgt:rect:7x7#12345"], ["rect:7x7#12345"]])
def test_random_seeds_keep_their_refusal(argv):
    result = run_cli("solve", *argv)
    assert result.returncode == 2
    assert "is a random seed (PARAMS#SEED), not a puzzle" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_file_named_like_an_id_is_read_as_the_file(tmp_path):
    (tmp_path / "4x3:x").write_text("sudoku { grid {\n1 . . .\n. . . .\n. . . .\n. . . .\n} }")
    result = run_cli("solve", "4x3:x", "--count", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "72"  # 288 4×4 grids, a quarter with 1 in the corner


def test_import_takes_bare_ids_and_urls_without_scheme():
    rect = run_cli("import", "sgt", RECT)
    assert rect.returncode == 0, rect.stderr
    assert rect.stdout.startswith("shikaku {")
    url = run_cli("import", "url", "puzz.link/p?hashi_edit/5/4/3h1h1h3k4i4")
    assert url.returncode == 0, url.stderr
    assert satpuzzle.load(url.stdout) == satpuzzle.load(HASHI)


# ---------------------------------------------------------------- standard input

PUZ = "sudoku { grid {\n 1 . . .\n . . 1 .\n . 1 . .\n . . . 1\n} }\n"


def test_solve_reads_standard_input_in_a_process():
    result = run_process("solve", "-", "--count", input_text=PUZ)
    assert result.returncode == 0, result.stderr
    [instance] = satpuzzle.load(PUZ)
    assert int(result.stdout) == sudoku_brute_force_count(instance.givens, 2, 2)
    native = run_process("solve", "-", input_text="- - 4 3\n- - - 1\n- 2 - -\n- - - -\n",
                         timeout=60)
    assert native.returncode == 0, native.stderr
    assert "read as sudoku" in native.stderr


@pytest.mark.parametrize("command", [["compile", "-"], ["export", "-", "--format", "url"],
                                     ["export", "-", "--format", "janko"],
                                     ["import", "puz", "-"], ["solve", "-", "--all"]])
def test_every_file_argument_takes_standard_input(command):
    result = run_cli(*command, input_text=PUZ)
    assert result.returncode == 0, result.stderr
    assert result.stdout


def test_check_and_decode_read_standard_input(tmp_path):
    puzzle = tmp_path / "p.puz"
    puzzle.write_text(PUZ)
    solved = run_cli("solve", puzzle)
    assert solved.returncode == 0
    check = run_cli("check", puzzle, "-", input_text=solved.stdout)
    assert check.returncode == 0, check.stderr
    assert check.stdout.strip() == "solution 1: valid"
    cnf = run_cli("compile", "-", input_text=PUZ)
    model = tmp_path / "model.txt"
    formula = satpuzzle.compile(satpuzzle.load(PUZ)[0])
    from pysat.solvers import Solver

    with Solver(name="cadical195", bootstrap_with=formula.all_clauses()) as solver:
        assert solver.solve()
        model.write_text("s SATISFIABLE\nv " + " ".join(map(str, solver.get_model())) + " 0\n")
    decoded = run_cli("decode", "-", model, input_text=cnf.stdout)
    assert decoded.returncode == 0, decoded.stderr
    [grid] = parse_grids(decoded.stdout)
    assert satpuzzle.check(satpuzzle.load(PUZ)[0], tuple(map(tuple, grid))) == []


def test_errors_name_standard_input():
    result = run_cli("solve", "-", input_text="sudoku { grid {\n 1 2 3\n} }\n")
    assert result.returncode == 2
    assert result.stderr.startswith("<stdin>:")
    empty = run_cli("solve", "-", input_text="")
    assert empty.stderr == "<stdin>:1:1: error: empty file, expected a puzzle\n"
    index = run_cli("solve", "-", "--index", "3", input_text=PUZ)
    assert index.stderr == "<stdin>: error: --index 3: the file holds 1 puzzle(s)\n"


def test_standard_input_is_bounded():
    result = run_process("solve", "-", "--max-input-bytes", "100", input_text=PUZ * 10)
    assert result.returncode == 2
    assert result.stderr == ("<stdin>: error: standard input holds more than 100 bytes; at "
                             "most 100 accepted (--max-input-bytes)\n")


# ---------------------------------------------------------------- files of links

LINKS = f"""# pasted from a forum thread
{SUDOKU}
  puzz.link/p?shikaku_edit/6/6/j3g56h6t6h23g5j

sgt:rect:{RECT}
{BRIDGES}
HTTPS://PUZZ.LINK/p?type=player&hashi/5/4/3h1h1h3k4i4
"""


def test_a_file_of_links_is_solved_in_order(tmp_path):
    path = tmp_path / "links.txt"
    path.write_text(LINKS)
    instances = satpuzzle.load(str(path))
    assert [i.KIND for i in instances] == ["sudoku", "shikaku", "shikaku", "hashi", "hashi"]
    result = run_cli("solve", path, "--format", "json")
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["kind"] for a in answers] == [i.KIND for i in instances]
    assert all(a["status"] == "SAT" for a in answers)
    text = run_cli("solve", path)
    for line, number in zip((2, 3, 5, 6, 7), range(1, 6)):
        assert f"# puzzle {number} ({path}:{line})" in text.stdout
    assert "5 puzzles: 5 solved" in text.stderr
    for instance in instances:
        assert satpuzzle.check(instance, next(satpuzzle.solutions(instance))) == []


def test_a_file_of_links_from_standard_input_in_parallel():
    result = run_cli("solve", "-", "--jobs", "2", "--count", input_text=LINKS)
    assert result.returncode == 0, result.stderr
    assert "# puzzle 4 (<stdin>:6)" in result.stdout


def test_a_bad_line_of_a_links_file_says_where(tmp_path):
    path = tmp_path / "links.txt"
    path.write_text(f"{SUDOKU}\n\n  4x3:4c2_2a2c!\n")
    result = run_cli("solve", path)
    assert result.returncode == 2
    assert result.stderr == (f"{path}:3:15: error: sgt rect: unexpected character '!' in the "
                             "description: expected a..z (a run of empty cells), a number, or "
                             "'_'\n")
    with pytest.raises(InputError, match=r"links.txt:3:15: error"):
        satpuzzle.load(str(path))


# ---------------------------------------------------------------- satpuzzle's own JSON


def test_solve_reads_its_own_json_export(tmp_path):
    exported = run_cli("export", "-", "--format", "json", input_text=LINKS)
    assert exported.returncode == 0, exported.stderr
    path = tmp_path / "puzzles.json"
    path.write_text(exported.stdout)
    assert satpuzzle.load(str(path)) == satpuzzle.load(LINKS)
    result = run_cli("solve", path, "--count")
    assert result.returncode == 0, result.stderr
    assert "5 puzzles: 5 solved" in result.stderr
    one = run_cli("export", SHIKAKU, "--format", "json")
    solved = run_cli("solve", "-", "--format", "json", input_text=one.stdout)
    assert solved.returncode == 0, solved.stderr
    [instance] = satpuzzle.load(SHIKAKU)
    answer = json.loads(solved.stdout)["solutions"][0]
    solution = registry.kind_of(instance).solution_from_json(instance, answer, "<answer>")
    assert satpuzzle.check(instance, solution) == []


def test_bad_json_says_where():
    result = run_cli("solve", "-", input_text='{"kind": "sudoku", "givens": [[1, 2], [3]]}')
    assert result.returncode == 2
    assert result.stderr == ("<stdin>:1:39: error: $.givens[1]: expected a list of 2 "
                             "item(s), found 1\n")
