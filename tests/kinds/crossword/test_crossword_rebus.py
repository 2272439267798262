"""Rebus cells in the crossword kind: cells holding a string of letters (`(heart)`), in the
language, the engines (search, SAT, best, counting), the independent checker, the "no solution"
notes, the constructors' files' fill problems (`--rebus`) and the writers' rebus cells."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from conftest import ROOT, run_cli, run_process

import satpuzzle
from satpuzzle.checkers import crossword as checker
from satpuzzle.codecs.gridfile import GridFile
from satpuzzle.kinds.crossword import causes, codecs, puzzle, rendering
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.kinds.crossword.problem import MAX_SPELLINGS, slot_problem, spellings
from satpuzzle.kinds.crossword.slotsearch import SlotSearch

ENGINES = ["search", "sat", "best", "slots"]

# a 3×3 grid whose centre holds HEART: its across and down entries read AHEARTE
CENTRE = """crossword {
  words: cab ado bye cob aby bee aheartb ahearte oheartd dheartx
  grid {
    111
    1(heart)1
    111
  }
}
"""
CENTRE_FILL = ("cab", "a(heart)e", "bee")

# a grid small enough to enumerate by hand: the centre holds a letter or a string
SMALL_WORDS = ["aaa", "aab", "aba", "abb", "baa", "bab", "bba", "bbb",
               "axyb", "axyzb", "bxya", "axya", "bxyzb", "axyzzb"]
SMALL_GRID = (("[ab]",) * 3, ("[ab]", "(a|b|xy|xyz)", "[ab]"), ("[ab]",) * 3)


def brute_force(grid: tuple[tuple[str, ...], ...], words: list[str], choices: list[list[str]],
                rebus: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every assignment of `choices` (per white cell, row-major: a letter or a string) that
    the independent checker accepts."""
    white = [(r, c) for r, row in enumerate(grid) for c, token in enumerate(row) if token != "0"]
    found = set()
    for held in itertools.product(*choices):
        cells = [["0"] * len(row) for row in grid]
        for (r, c), string in zip(white, held):
            cells[r][c] = string if len(string) == 1 else f"({string})"
        fill = tuple("".join(row) for row in cells)
        if not checker.violations(grid, words, False, fill, (), rebus):
            found.add(fill)
    return found


def load(text: str, tmp_path: Path) -> CrosswordInstance:
    """The one puzzle of `text` in the language, read from a file as the command line does."""
    (tmp_path / "puzzle.puz").write_text(text)
    [instance] = satpuzzle.load(str(tmp_path / "puzzle.puz"))
    return instance


def fills(instance: CrosswordInstance, engine: str) -> list[tuple[str, ...]]:
    """Every fill by `engine`; "slots": the slot search that answers large grids, run
    directly (the engine `search` gives small grids to the trie search)."""
    if engine == "slots":
        problem = slot_problem(instance)
        search = SlotSearch(problem, len(instance.grid), len(instance.grid[0]),
                            instance.distinct)
        return [instance.shown(fill) for fill in search.fills()]
    return list(satpuzzle.solutions(instance, engine=engine))


def scored(instance: CrosswordInstance) -> CrosswordInstance:
    """The instance with a score per word (the engine `best` needs them)."""
    from dataclasses import replace

    return replace(instance, scores=tuple(range(len(instance.words))))


def engine_instance(instance: CrosswordInstance, engine: str) -> CrosswordInstance:
    return scored(instance) if engine == "best" else instance


# ---------------------------------------------------------------- the language and engines


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rebus_cell_of_the_language_is_filled_by_every_engine(engine: str,
                                                                  tmp_path: Path) -> None:
    (tmp_path / "centre.puz").write_text(CENTRE)
    [instance] = satpuzzle.load(str(tmp_path / "centre.puz"))
    assert instance.grid[1][1] == "(heart)" and instance.symbols == ("heart",)
    assert fills(engine_instance(instance, engine), engine) == [CENTRE_FILL]


@pytest.mark.parametrize("engine", ENGINES)
def test_every_fill_of_a_small_rebus_grid_as_brute_force_finds_them(engine: str) -> None:
    instance = CrosswordInstance(SMALL_GRID, SMALL_WORDS)
    choices = [["a", "b"]] * 4 + [["a", "b", "xy", "xyz"]] + [["a", "b"]] * 4
    expected = brute_force(SMALL_GRID, SMALL_WORDS, choices)
    assert len(expected) == 720  # written down once: a change of the checker shows here
    found = fills(engine_instance(instance, engine), engine)
    assert len(found) == len(set(found)) and set(found) == expected
    assert any("(xyz)" in fill[1] for fill in found) and any("(xy)" in fill[1] for fill in found)


@pytest.mark.parametrize("engine", ENGINES)
def test_distinct_words_are_told_apart_as_the_grid_reads_them(engine: str) -> None:
    """With `distinct`, AXYB across and AXYB down (one rebus cell, spelled alike) are one
    word used twice, as are AAA in two slots."""
    instance = CrosswordInstance(SMALL_GRID, SMALL_WORDS, distinct=True)
    choices = [["a", "b"]] * 4 + [["a", "b", "xy", "xyz"]] + [["a", "b"]] * 4
    everything = brute_force(SMALL_GRID, SMALL_WORDS, choices)
    expected = {fill for fill in everything
                if not checker.violations(SMALL_GRID, SMALL_WORDS, True, fill)}
    assert 0 < len(expected) < len(everything)
    assert ("aab", "a(xy)b", "bba") in everything - expected  # AXYB across and down
    found = fills(engine_instance(instance, engine), engine)
    assert len(found) == len(set(found)) and set(found) == expected


@pytest.mark.parametrize("engine", ["search", "sat", "clingo"])
def test_counting_a_small_rebus_grid_gives_the_brute_force_count(engine: str) -> None:
    if engine == "clingo":
        pytest.importorskip("clingo")
    instance = CrosswordInstance(SMALL_GRID, SMALL_WORDS)
    assert satpuzzle.count(instance, engine=engine).count == 720


def test_strings_any_open_cell_may_hold_fill_as_brute_force_finds_them() -> None:
    """`rebus: xy zz`: every open cell a letter or one of them. The words use the letters a
    and b only, and every cell is in an entry, so the brute force needs no other letter."""
    grid = (("1", "1"), ("1", "1"))
    words = ["ab", "ba", "aa", "axy", "xyb", "xyzz", "zzxy", "bzz", "zza", "xyxy", "abb"]
    instance = CrosswordInstance(grid, words, rebus=("xy", "zz"))
    expected = brute_force(grid, words, [["a", "b", "xy", "zz"]] * 4, ("xy", "zz"))
    assert len(expected) > 5 and any("(" in "".join(fill) for fill in expected)
    for engine in ENGINES:
        found = fills(engine_instance(instance, engine), engine)
        assert len(found) == len(set(found)) and set(found) == expected, engine


def test_a_cell_marked_star_holds_the_strings_its_words_imply(tmp_path: Path) -> None:
    """`(*)`: the strings of two letters or more that an across word and a down word put
    there; here HEART (both) and not STAR (across only)."""
    text = (CENTRE.replace("111\n    1(heart)1\n    111", "1a1\n    a(*)1\n    1e1")
            .replace("oheartd", "astarb"))
    (tmp_path / "implied.puz").write_text(text)
    [instance] = satpuzzle.load(str(tmp_path / "implied.puz"))
    assert instance.grid[1][1] == "(heart)"
    assert fills(instance, "search") == [CENTRE_FILL]
    # a copy (as the engine `best` makes with fewer words) keeps the strings found once
    from dataclasses import replace

    assert replace(instance, words=instance.words[:3]).symbols == ("heart",)


def test_two_star_cells_in_one_entry_imply_their_strings_together() -> None:
    """Two `(*)` cells in one entry, each of 2 letters or more: ABCD across reads AB|CD,
    ABCDE AB|CDE or ABC|DE, CDEY CD|EY; down, ABX, CDY, ABCD, CDEY and ABCDE put AB, CD, ABC,
    CDE and ABCD in the first cell. A word is read cell by cell: no regular expression
    backtracking over every split."""
    grid = (("(*)", "(*)"), ("1", "1"))
    instance = CrosswordInstance(grid, ["abcd", "abcde", "abx", "cdy", "cdey", "xy"])
    assert instance.grid[0] == ("(ab|abc|cd)", "(cd|cde)")
    assert sorted(fills(instance, "search")) == [("(ab)(cd)", "xy"), ("(ab)(cde)", "xy")]
    many = CrosswordInstance((("(*)",) * 8 + ("a",), ("1",) * 9),
                             ["b" * 40 + "c", "bb" * 9, "bbx"])
    assert many.grid[0][:8] == ("(*)",) * 8  # no word ends with A: none implied, at once


def test_too_many_implied_strings_are_refused_in_one_line(tmp_path: Path) -> None:
    """A `(*)` cell in the corner of an open grid: every word's start is implied."""
    words = [f"{a}{b}{c}x" for a in "abcdefghi" for b in "abcdefghi" for c in "ab"]
    (tmp_path / "corner.puz").write_text(
        "crossword {\n  words: " + " ".join(words) + "\n  grid {\n    (*)11\n    111\n"
        "    111\n  }\n}\n")
    result = run_process("solve", "corner.puz", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("corner.puz:3:3: error: the rebus cells marked (*)"), line
    assert "at most 64" in line


def test_a_word_has_a_bounded_number_of_spellings() -> None:
    """A word holding a rebus string many times gets at most MAX_SPELLINGS spellings."""
    word = "ab" * 12
    instance = CrosswordInstance((("1",) * 24, ("0",) * 24), (word, "cd"), rebus=("ab",))
    spelled = spellings(instance, set(range(2, 25)))
    assert spelled[word] == word
    assert 1 <= sum(base == word for base in spelled.values()) - 1 <= MAX_SPELLINGS


# ---------------------------------------------------------------- reading and writing


@pytest.mark.parametrize("row, message", [
    ("1(he$rt)1", "unexpected '('"),
    ("1(heart1", "unexpected '('"),
    ("1(" + "a" * 17 + ")1", "at most 16"),
])
def test_a_bad_rebus_cell_is_refused_in_one_line_at_its_place(row: str, message: str,
                                                              tmp_path: Path) -> None:
    (tmp_path / "bad.puz").write_text(CENTRE.replace("1(heart)1", row))
    result = run_process("solve", "bad.puz", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("bad.puz:5:6: error:") and message in line, line


def test_rebus_strings_of_the_language_and_their_errors(tmp_path: Path) -> None:
    text = CENTRE.replace("(heart)", "1").replace("words:", "rebus: heart star\n  words:")
    (tmp_path / "field.puz").write_text(text)
    [instance] = satpuzzle.load(str(tmp_path / "field.puz"))
    assert instance.rebus == ("heart", "star")
    assert CENTRE_FILL in fills(instance, "search")
    again = load(puzzle.to_puz(instance), tmp_path)
    assert again == instance
    (tmp_path / "bad.puz").write_text(text.replace("rebus: heart star", "rebus: heart s7"))
    result = run_process("solve", "bad.puz", cwd=tmp_path)
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert line.startswith("bad.puz:2:16: error: a rebus string is 2 to 16 letters"), line


def test_a_fill_is_read_back_and_rendered_with_its_rebus_cells(tmp_path: Path) -> None:
    instance = load(CENTRE, tmp_path)
    text = rendering.render_text(instance, CENTRE_FILL)
    assert text == "cab\na(heart)e\nbee"
    assert rendering.parse_solutions(instance, text + "\n\n" + text, "x") == [CENTRE_FILL] * 2
    data = json.loads(json.dumps(rendering.render_json(instance, CENTRE_FILL)))
    assert rendering.from_json(instance, data, "x") == CENTRE_FILL
    (tmp_path / "centre.puz").write_text(CENTRE)
    (tmp_path / "fill.txt").write_text(text + "\n")
    result = run_process("check", "centre.puz", "fill.txt", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    exported = json.loads(run_cli("export", "centre.puz", "--format", "json",
                                  cwd=tmp_path).stdout)
    assert exported["grid"][1] == "1(heart)1"


def test_rebus_strings_in_satpuzzles_json(tmp_path: Path) -> None:
    data = {"kind": "crossword", "grid": ["111", "111", "111"], "words": NATIVE_WORDS,
            "rebus": ["heart", "star"]}
    (tmp_path / "open.json").write_text(json.dumps(data))
    [instance] = satpuzzle.load(str(tmp_path / "open.json"))
    assert instance.rebus == ("heart", "star")
    assert satpuzzle.count(instance).count == 3
    assert json.loads(satpuzzle.export(instance, "json"))["rebus"] == ["heart", "star"]
    data["rebus"] = ["heart", "s1"]
    (tmp_path / "bad.json").write_text(json.dumps(data))
    result = run_process("solve", "bad.json", cwd=tmp_path)
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert "error: $.rebus[1]: expected a rebus string of 2 to 16 letters a-z" in line, line
    refused = run_process("solve", "open.json", "--rebus", "heart", cwd=tmp_path)
    assert refused.returncode == 2 and "--rebus heart: applies to" in refused.stderr


def test_pictures_and_forced_cells_show_a_rebus_cell(tmp_path: Path) -> None:
    (tmp_path / "centre.puz").write_text(CENTRE)
    pretty = run_cli("solve", "centre.puz", "--pretty", cwd=tmp_path)
    assert pretty.returncode == 0 and "│ A │HE+│ E │" in pretty.stdout
    svg = run_cli("solve", "centre.puz", "--format", "svg", cwd=tmp_path)
    assert svg.returncode == 0 and ">HEART<" in svg.stdout
    forced = run_cli("solve", "centre.puz", "--forced", cwd=tmp_path)
    assert forced.returncode == 0 and "a(heart)e" in forced.stdout.splitlines()


@pytest.mark.parametrize("fill, complaint", [
    (("cab", "a(hearts)e", "bee"), "row 2, column 2: (hearts) not allowed here"),
    (("cab", "ahe", "bee"), "row 2, column 2: 'h' not allowed here"),
    (("c(ab)", "a(heart)e", "bee"), "expected 3 rows of 3 cells"),
    (("cab", "a(heart)e", "bee(", ), "expected 3 rows of 3 cells"),
])
def test_the_checker_rejects_a_wrong_rebus_fill(fill: tuple[str, ...], complaint: str,
                                                tmp_path: Path) -> None:
    instance = load(CENTRE, tmp_path)
    assert satpuzzle.check(instance, CENTRE_FILL) == []
    assert complaint in " ".join(satpuzzle.check(instance, fill))


def test_the_checker_joins_a_run_from_its_cells_strings() -> None:
    grid = (("1", "1", "1"), ("1", "(*)", "1"), ("1", "1", "1"))
    words = ["cab", "bee", "cob", "aheartb", "ahearte"]
    assert checker.violations(grid, words, False, ("cab", "a(heart)e", "bee")) == []
    assert checker.violations(grid, words, False, ("cab", "a(heart)b", "bee")) == [
        "'bbe' is not in the dictionary"]
    assert checker.violations(grid, words, False, ("cab", "a(hear)e", "bee")) == [
        "'aheare' is not in the dictionary", "'aheare' is not in the dictionary"]
    # an open cell holds a string only where the instance names it
    assert "not allowed" in " ".join(checker.violations(
        (("1", "1"), ("1", "1")), ["ab"], False, ("a(xy)", "ab")))
    assert "not allowed" not in " ".join(checker.violations(
        (("1", "1"), ("1", "1")), ["ab"], False, ("a(xy)", "ab"), (), ("xy",)))


# ---------------------------------------------------------------- the "no solution" notes


def test_no_solution_names_a_rebus_string_no_word_holds(tmp_path: Path) -> None:
    instance = load(CENTRE.replace("(heart)", "(heart|love)"), tmp_path)
    notes = causes.known_causes(instance)
    assert '1 rebus string in no word of the list ("LOVE")' in notes


def test_no_solution_names_a_star_cell_whose_words_agree_on_nothing(tmp_path: Path) -> None:
    text = (CENTRE.replace("111\n    1(heart)1", "1o1\n    a(*)1")
            .replace("aheartb ahearte", "astarb").replace("oheartd dheartx", "oheartd"))
    (tmp_path / "none.puz").write_text(text)
    result = run_process("solve", "none.puz", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert ("1 rebus cell (*) where the words of its across and down entries agree on no "
            "string (first at row 2, column 2)") in result.stderr


# ---------------------------------------------------------------- constructors' files


def grid_file(rebus: tuple[tuple[int, int, str], ...] = ((1, 1, "HEART"),)) -> GridFile:
    """A constructor's 3×3 grid whose centre is the rebus HEART (its solution holds H)."""
    return GridFile("xd", ("...", "...", "..."), ("CAB", "AHE", "BEE"), title="Rebus",
                    rebus=rebus)


def test_a_files_rebus_fills_itself_again_with_its_own_answers() -> None:
    instance = codecs.fill_problem(grid_file(), "x.xd")
    assert set(instance.words) == {"cab", "ahearte", "bee"}
    assert instance.grid[1][1] == "(heart)" and instance.grid[0][0] == "1"
    [fill] = fills(instance, "search")
    assert fill == CENTRE_FILL
    assert codecs.filled_rows(fill) == ("CAB", "AHE", "BEE")
    assert codecs.filled_rebus(instance, fill) == ((1, 1, "HEART"),)


def test_the_rebus_rules_of_a_constructors_file() -> None:
    two = grid_file(((0, 0, "CAT"), (1, 1, "HEART")))
    cells = {rule: codecs.fill_problem(two, "x", {"rebus": rule}).grid
             for rule in ("file", "implied", "none")}
    assert cells["file"][1][1] == cells["file"][0][0] == "(cat|heart)"
    assert cells["none"][1][1] == "1"
    kept = codecs.fill_problem(two, "x", {"keep_solution": True}).grid
    assert kept[0][0] == "(cat)" and kept[1][1] == "(heart)" and kept[0][1] == "a"
    listed = codecs.fill_problem(grid_file(), "x", {"rebus": "heart,star"})
    assert listed.rebus == ("heart", "star") and listed.grid[1][1] == "1"
    assert fills(listed, "search") == [CENTRE_FILL]
    # none: the file's answers read with a rebus cell's first letter, as any other cell
    plain = codecs.fill_problem(grid_file(), "x", {"rebus": "none"})
    assert "ahe" in plain.words and fills(plain, "search") == [("cab", "ahe", "bee")]


def test_a_rebus_typed_whole_in_the_players_grid_is_given() -> None:
    """The readers keep a rebus typed (or given) in the player's grid only when it is the
    whole string, and then hold its first letter in `cells`: the cell is given its string."""
    typed = GridFile("xd", ("...", ".H.", "..."), ("CAB", "AHE", "BEE"),
                     rebus=((1, 1, "HEART"),), typed=("...", ".H.", "..."))
    assert codecs.fill_problem(typed, "x").grid[1][1] == "(heart)"
    assert codecs.fill_problem(typed, "x", {"rebus": "heart,star"}).grid[1][1] == "(heart)"
    assert codecs.fill_problem(typed, "x", {"rebus": "none"}).grid[1][1] == "h"


def test_implied_strings_of_a_files_rebus_cells() -> None:
    instance = codecs.fill_problem(grid_file(), "x", {"rebus": "implied"})
    assert instance.grid[1][1] == "(heart)"
    assert fills(instance, "sat") == [CENTRE_FILL]


# ---------------------------------------------------------------- the command line


NATIVE_WORDS = ["cab", "ado", "bye", "cob", "aby", "bee", "aheartb", "ahearte", "oheartd",
                "dheartx", "astare"]


def test_rebus_strings_on_the_command_line_for_a_native_grid(tmp_path: Path) -> None:
    (tmp_path / "grid.txt").write_text("111\n111\n111\n")
    (tmp_path / "words.txt").write_text("\n".join(NATIVE_WORDS) + "\n")
    result = run_process("solve", "grid.txt", "--dict", "words.txt", "--rebus", "HEART,star",
                         cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    grids = {tuple(block.splitlines()) for block in result.stdout.strip().split("\n\n")}
    assert grids == {("cab", "aby", "bye"), CENTRE_FILL, ("cab", "a(star)e", "bee")}
    plain = run_process("solve", "grid.txt", "--dict", "words.txt", cwd=tmp_path)
    assert plain.returncode == 0 and plain.stdout.strip() == "cab\naby\nbye"


@pytest.mark.parametrize("args, message", [
    (["--rebus", "he$"], "argument --rebus: expected file, implied, none or rebus strings"),
    (["--rebus", "a,heart"], "argument --rebus: expected file, implied, none"),
    (["--rebus", ",".join(f"{a}{b}" for a in "abcdefghi" for b in "abcdefghi")],
     "at most 64 rebus strings"),
    (["--rebus", "implied"], "--rebus implied applies to a constructor's file"),
    (["--rebus", "file"], "--rebus file applies to a constructor's file"),
])
def test_a_bad_rebus_option_is_refused_in_one_line(args: list[str], message: str,
                                                   tmp_path: Path) -> None:
    (tmp_path / "grid.txt").write_text("111\n111\n111\n")
    (tmp_path / "words.txt").write_text("\n".join(NATIVE_WORDS) + "\n")
    result = run_process("solve", "grid.txt", "--dict", "words.txt", *args, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert message in line, line


def test_the_rebus_option_is_an_entry_in_the_language(tmp_path: Path) -> None:
    (tmp_path / "centre.puz").write_text(CENTRE)
    result = run_process("solve", "centre.puz", "--rebus", "heart", cwd=tmp_path)
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert "--rebus" in line and "write them as entries" in line


# ---------------------------------------------------------------- real files


DATA = ROOT / "tests" / "data" / "crossword"


@pytest.mark.parametrize("name", ["xd/nyt1955-01-01.xd",
                                  "puzpy/nyt_rebus_with_notes_and_shape.puz"])
def test_a_real_rebus_file_fills_itself_again_and_is_written_with_its_rebus(
        name: str, tmp_path: Path) -> None:
    """`satpuzzle solve FILE`, the file's own answers as the word list: the constructor's
    fill, rebus cells included, printed as (heart) and written back by --format."""
    [instance] = satpuzzle.load(str(DATA / name))
    document = instance.source
    assert len(document.rebus) >= 3
    result = run_process("solve", DATA / name, "--limit", "1", cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr
    fill = tuple(result.stdout.split())
    assert codecs.filled_rebus(instance, fill) == document.rebus
    assert codecs.filled_rows(fill) == document.solution
    assert satpuzzle.check(instance, fill) == []
    for fmt in ("xd", "ipuz", "puz"):
        out = tmp_path / f"filled.{fmt}"
        result = run_process("solve", DATA / name, "--limit", "1", "--format", fmt, "-o", out,
                             cwd=tmp_path, timeout=600)
        assert result.returncode == 0, result.stderr
        [again] = satpuzzle.load(str(out))
        assert again.source.rebus == document.rebus, fmt
        assert again.source.solution == document.solution, fmt


def test_every_engine_fills_a_real_rebus_file_alike() -> None:
    [instance] = satpuzzle.load(str(DATA / "xd" / "nyt1955-01-01.xd"))
    found = {engine: satpuzzle.solve(engine_instance(instance, engine), engine=engine)
             for engine in ("search", "sat", "best")}
    assert found["search"] == found["sat"] == found["best"]
    assert "(heart)" in found["sat"][0] and "(club)" in found["sat"][11]
