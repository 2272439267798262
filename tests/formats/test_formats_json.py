"""The instance as JSON (format `json`): every bundled instance and random instances of every
kind survive write → read unchanged; malformed JSON, schema violations and the kinds' own
checks give InputErrors at the right line, column and JSON path."""

from __future__ import annotations

import json
import re
import string

import pytest
from conftest import INSTANCES, ROOT, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satpuzzle import formats
from satpuzzle.errors import InputError
from satpuzzle.formats.instance_json import read, write
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.kinds.nurikabe.puzzle import NurikabeInstance
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance
from satpuzzle.loading import load


def round_trip(instance) -> None:
    text = write(instance)
    assert read(text, "x.json") == [instance]
    assert write(read(text, "x.json")[0]) == text  # stable: same instance, same text


# ---------------------------------------------------------------- bundled instances


def bundled_files() -> list:
    return sorted(path for path in INSTANCES.rglob("*") if path.is_file())


def test_every_bundled_instance_round_trips():
    loaded, kinds = [], set()
    for path in bundled_files():
        try:
            instances = load(str(path)).instances
        except InputError:
            continue  # solution files and inputs that need --kind or --dict
        loaded.append(path)
        for instance in instances:
            round_trip(instance)
            kinds.add(instance.KIND)
    assert {p for p in bundled_files() if p.suffix == ".puz"} <= set(loaded)
    assert kinds == set(formats.format_module("json").KINDS)


def test_list_document_holds_several_puzzles():
    batch = load(str(INSTANCES / "sudoku" / "hard-batch.txt")).instances
    mixed = [*batch, *load(str(INSTANCES / "partition" / "wikipedia.puz")).instances]
    text = "[" + ",".join(write(instance) for instance in mixed) + "]"
    assert formats.read("json", text, "many.json") == mixed
    assert formats.write("json", mixed[0]) == write(mixed[0])


def test_cli_export_then_import(tmp_path):
    source = INSTANCES / "sudoku" / "jigsaw-9x9.puz"
    out = tmp_path / "jigsaw.json"
    exported = run_cli("export", source, "--format", "json", "-o", out)
    assert exported.returncode == 0, exported.stderr
    assert json.loads(out.read_text())["regions"][8][0] == 6  # region 'G' of the .puz
    back = run_cli("import", "json", out)
    assert back.returncode == 0, back.stderr
    assert load(str(source)).instances == formats.read("puz", back.stdout, "<stdout>")
    many = run_cli("export", INSTANCES / "sudoku" / "hard-batch.txt", "--format", "json")
    assert len(read(many.stdout, "<stdout>")) == 5


def test_cli_reports_schema_error_with_position(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"kind": "partition",\n "numbers": [4, 0, 4]}\n')
    result = run_cli("import", "json", path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:2:17: error: $.numbers[1]: expected a positive")


def test_documented_examples_read():
    text = (ROOT / "docs" / "FORMATS.md").read_text()
    section = text.split("## The instance as JSON", 1)[1].split("\n## ", 1)[0]
    examples = re.findall(r"```json\n(.*?)```", section, re.DOTALL)
    kinds = [read(example, "FORMATS.md")[0].KIND for example in examples]
    assert sorted(kinds) == sorted(formats.format_module("json").KINDS)


# ---------------------------------------------------------------- random instances

TITLES = st.none() | st.text(st.characters(blacklist_characters='"\n\r',
                                           blacklist_categories=("Cs",)), max_size=12)


@st.composite
def sudokus(draw):
    box_rows, box_cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    size = box_rows * box_cols
    givens = tuple(tuple(draw(st.lists(st.integers(0, size), min_size=size, max_size=size)))
                   for _ in range(size))
    shape = draw(st.sampled_from(["boxes", "rows", "columns", "box regions"]))
    numbering = draw(st.permutations(range(size)))
    pattern = {
        "boxes": None,
        "rows": lambda r, c: r,
        "columns": lambda r, c: c,
        "box regions": lambda r, c: (r // box_rows) * (size // box_cols) + c // box_cols,
    }[shape]
    regions = None if pattern is None else tuple(
        tuple(numbering[pattern(r, c)] for c in range(size)) for r in range(size))
    return SudokuInstance(box_rows, box_cols, givens, draw(TITLES), regions)


@st.composite
def shikakus(draw):
    """A grid cut into rectangles (guillotine cuts), one clue somewhere in each."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    pending, clues = [(0, 0, rows, cols)], []
    while pending:
        top, left, height, width = pending.pop()
        cut = draw(st.sampled_from(["none", "rows", "cols"]))
        if cut == "rows" and height > 1:
            k = draw(st.integers(1, height - 1))
            pending += [(top, left, k, width), (top + k, left, height - k, width)]
        elif cut == "cols" and width > 1:
            k = draw(st.integers(1, width - 1))
            pending += [(top, left, height, k), (top, left + k, height, width - k)]
        else:
            r = top + draw(st.integers(0, height - 1))
            c = left + draw(st.integers(0, width - 1))
            clues.append((r, c, height * width))
    return ShikakuInstance(rows, cols, tuple(sorted(clues)), draw(TITLES))


@st.composite
def hashis(draw):
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                         min_size=1))
    values = {cell: draw(st.integers(1, 8)) for cell in cells}
    grid = tuple(tuple(values.get((r, c), 0) for c in range(cols)) for r in range(rows))
    return HashiInstance(grid, draw(TITLES), draw(st.sampled_from([None, "lazy", "eager"])))


LETTER_SETS = st.sets(st.sampled_from(string.ascii_lowercase), min_size=1, max_size=4).map(
    lambda letters: "[" + "".join(sorted(letters)) + "]")
CELLS = st.sampled_from(["0", "1", "1", "a", "z"]) | LETTER_SETS


@st.composite
def crosswords(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    grid = [[draw(CELLS) for _ in range(cols)] for _ in range(rows)]
    grid[0][0] = grid[0][1] = "1"  # a slot, as every crossword needs one
    words = draw(st.lists(st.text(string.ascii_lowercase, min_size=1, max_size=6),
                          min_size=1, max_size=8, unique=True))
    return CrosswordInstance(tuple(map(tuple, grid)), tuple(words), draw(st.booleans()),
                             draw(TITLES))


@st.composite
def jigsaws(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    variant = draw(st.sampled_from(jigsaw.VARIANTS))
    count = jigsaw.expected_count(rows, cols, variant)
    pieces = tuple(tuple(draw(st.lists(st.integers(-3, 3), min_size=4, max_size=4)))
                   for _ in range(count))
    return JigsawInstance(rows, cols, pieces, variant, draw(st.sampled_from(jigsaw.MATCHINGS)),
                          draw(st.sampled_from(jigsaw.BORDERS)), draw(TITLES))


@st.composite
def partitions(draw):
    numbers = draw(st.lists(st.integers(1, 10 ** 12), min_size=1, max_size=12))
    return PartitionInstance(tuple(numbers), draw(TITLES))


@st.composite
def one_in_threes(draw):
    num_vars = draw(st.integers(1, 6))
    literal = st.integers(1, num_vars).flatmap(lambda v: st.sampled_from([v, -v]))
    clauses = draw(st.lists(st.lists(literal, min_size=1, max_size=3).map(tuple),
                            min_size=1, max_size=6))
    used = max(abs(x) for clause in clauses for x in clause)
    return OneInThreeInstance(max(num_vars, used), tuple(clauses), draw(TITLES))


@st.composite
def nurikabes(draw):
    """A grid with numbers on some of its cells (solvable or not: JSON carries either)."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                          unique=True, max_size=rows * cols))
    clues = tuple((r, c, draw(st.integers(1, rows * cols))) for r, c in sorted(cells))
    return NurikabeInstance(rows, cols, clues, draw(TITLES))


INSTANCES_OF_EVERY_KIND = (sudokus() | shikakus() | hashis() | crosswords() | jigsaws()
                           | partitions() | one_in_threes() | nurikabes())
PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(INSTANCES_OF_EVERY_KIND)
def test_random_instances_round_trip(instance):
    round_trip(instance)


@PROPERTY
@given(st.lists(INSTANCES_OF_EVERY_KIND, min_size=1, max_size=4))
def test_random_lists_round_trip(instances):
    text = "[\n" + ",\n".join(write(instance) for instance in instances) + "]"
    assert read(text, "x.json") == instances


@settings(max_examples=60, deadline=None)
@given(sudokus(), st.data())
def test_a_changed_given_is_reported_at_its_path(instance, data):
    """Any cell made out of range is refused with its own path, line and column."""
    size = instance.size
    r, c = data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1))
    bad = data.draw(st.sampled_from([size + 1, -1, 1.5, True, "1", None]))
    document = json.loads(write(instance))
    document["givens"][r][c] = bad
    text = write_like(document)
    with pytest.raises(InputError) as caught:
        read(text, "g.json")
    assert caught.value.message.startswith(f"$.givens[{r}][{c}]: expected an integer 0..{size}")
    assert (caught.value.line, caught.value.column) == cell_position(text, r, c)


def write_like(document: dict) -> str:
    """A puzzle object as write lays it out: one key a line, one grid row a line."""
    lines = []
    for key, value in document.items():
        if key in ("givens", "regions") and value is not None:
            rows = ",\n".join("    " + json.dumps(row) for row in value)
            lines.append(f'  "{key}": [\n{rows}\n  ]')
        else:
            lines.append(f'  "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def cell_position(text: str, r: int, c: int) -> tuple[int, int]:
    """Line and column of cell (r, c) of the givens in `write_like`'s layout, worked out from
    the text: the r-th line after `"givens"`, after c commas."""
    lines = text.split("\n")
    line = next(i for i, t in enumerate(lines) if t.startswith('  "givens"')) + 1 + r
    row = lines[line]
    column = row.index("[") + 1
    for _ in range(c):
        column = row.index(",", column) + 1
    while row[column] == " ":
        column += 1
    return line + 1, column + 1


# ---------------------------------------------------------------- errors


def position_of(text: str, needle: str, occurrence: int = 1,
                after: str | None = None) -> tuple[int, int]:
    """Line and column of the `occurrence`-th `needle` (after the text `after`, if given)."""
    index = text.index(after) if after else -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as caught:
        read(text, "e.json")
    assert caught.value.path == "e.json"
    return caught.value


@pytest.mark.parametrize("text", [
    '{"kind": "partition",\n "numbers": [1, 2,]\n}',
    '{"kind": "partition"\n "numbers": [1]}',
    '',
    '{"kind": "partition", "numbers": [1]} extra',
    "{'kind': 'partition'}",
])
def test_malformed_json_gives_the_decoders_position(text):
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        expected = (exc.lineno, exc.colno, exc.msg)
    error = error_of(text)
    assert (error.line, error.column) == expected[:2]
    assert error.message == f"malformed JSON: {expected[2]}"


SUDOKU_4 = '[[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]'

# (document, JSON path, words of the message, where the position points: (text, its n-th
# occurrence[, searched after this text]))
SCHEMA_ERRORS = {
    "given out of range": (
        ('{"kind": "sudoku",\n "givens": [[1, 0, 0, 0], [0, 0, 0, 0],\n  [0, 12, 0, 0], '
        '[0, 0, 0, 0]]}'), "$.givens[2][1]", "expected an integer 0..4, found 12", ("12", 1)),
    "row too short": (
        '{"kind": "sudoku", "givens": [[1, 0, 0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]}',
        "$.givens[1]", "expected a list of 4 item(s), found 3", ("[0, 0, 0]", 1)),
    "missing kind": ('{"title": "x"}', "$", "missing key 'kind'", ("{", 1)),
    "unknown kind": ('{"kind": "slitherlink"}', "$.kind", "expected one of", ('"slitherlink"', 1)),
    "unknown key": ('{"kind": "partition", "numbers": [1, 1], "sum": 2}', "$.sum",
                    "unknown key for a partition puzzle", ("2", 1)),
    "missing key": ('{"kind": "shikaku", "rows": 2, "cols": 2}', "$",
                    "missing key 'clues'", ("{", 1)),
    "title not a string": ('{"kind": "partition", "title": 7, "numbers": [1, 1]}', "$.title",
                           "expected a string, found 7", ("7", 1)),
    "boolean as integer": ('{"kind": "partition", "numbers": [1, true]}', "$.numbers[1]",
                           "expected an integer, found true", ("true", 1)),
    "float as integer": ('{"kind": "hashi", "rows": 2.0, "cols": 2, "islands": []}',
                         "$.rows", "expected an integer ≥ 1, found 2.0", ("2.0", 1)),
    "box not a pair": (f'{{"kind": "sudoku", "box": [2], "givens": {SUDOKU_4}}}', "$.box",
                       "expected a list of 2 item(s)", ("[2]", 1)),
    "second item of a list document": (
        '[{"kind": "partition", "numbers": [1, 1]},\n {"kind": "partition", "numbers": "1 1"}]',
        "$[1].numbers", "expected a list", ('"1 1"', 1)),
    "clue off the grid": ('{"kind": "shikaku", "rows": 2, "cols": 2, "clues": [[0, 2, 4]]}',
                          "$.clues[0][1]", "expected an integer 0..1, found 2", ("2", 3)),
    "empty clause": ('{"kind": "one-in-three-sat", "clauses": [[1], []]}', "$.clauses[1]",
                     "a clause has 1 to 3 literals, this one 0", ("[]", 1)),
    "unknown variant": (('{"kind": "jigsaw", "rows": 1, "cols": 1, "variant": "spiral", '
                        '"pieces": [[0, 0, 0, 0]]}'), "$.variant", "expected one of puzzle",
                        ('"spiral"', 1)),
    "quote in title": ('{"kind": "partition", "title": "a\\"b", "numbers": [1, 1]}', "$.title",
                       "no double quote", ('"a', 1)),
}


@pytest.mark.parametrize("case", sorted(SCHEMA_ERRORS))
def test_schema_errors_name_path_and_position(case):
    text, path, words, where = SCHEMA_ERRORS[case]
    error = error_of(text)
    assert error.message.startswith(path + ": "), error.message
    assert words in error.message
    assert (error.line, error.column) == position_of(text, *where)


# The kinds' own checks, reached through the JSON reader: (document, path, words, position)
KIND_ERRORS = {
    "partition zero": ('{"kind": "partition", "numbers": [4, 0, 4]}', "$.numbers[1]",
                       "expected a positive integer", ("0", 1)),
    "partition empty": ('{"kind": "partition", "numbers": []}', "$.numbers",
                        "empty list of numbers", ("[]", 1)),
    "sudoku region cut in two": (
        (f'{{"kind": "sudoku", "givens": {SUDOKU_4},\n "regions": [[0, 0, 1, 1], [1, 0, 1, 1],'
        '\n  [2, 2, 3, 3], [2, 2, 3, 3]]}'), "$.regions[0][0]", "region 0 has 3 cells",
        ("0", 1, '"regions"')),
    "sudoku region disconnected": (
        (f'{{"kind": "sudoku", "givens": {SUDOKU_4},\n "regions": [[0, 0, 1, 1], [2, 0, 1, 1],'
        '\n  [0, 2, 3, 3], [2, 2, 3, 3]]}'), "$.regions[2][0]", "region 0 is not connected",
        ("0", 4, '"regions"')),
    "sudoku region number out of range": (
        (f'{{"kind": "sudoku", "givens": {SUDOKU_4},\n "regions": [[0, 0, 1, 1], [0, 0, 1, 1],'
        '\n  [2, 2, 3, 3], [2, 2, 3, 4]]}'), "$.regions[3][3]", "region number 4 out of range",
        ("4", 1, '"regions"')),
    "sudoku box does not fit": (f'{{"kind": "sudoku", "box": [3, 3], "givens": {SUDOKU_4}}}',
                                "$.box", "box 3x3 has 9 cells but the grid is 4×4",
                                ("[3, 3]", 1)),
    "hashi island value": (('{"kind": "hashi", "rows": 1, "cols": 3,\n "islands": '
                           '[[0, 0, 1], [0, 2, 9]]}'), "$.islands[1][2]",
                           "island value 9 out of range", ("9", 1)),
    "hashi connectivity": (('{"kind": "hashi", "rows": 1, "cols": 3, "islands": [[0, 0, 1], '
                           '[0, 2, 1]], "connectivity": "fast"}'), "$.connectivity",
                           "connectivity is lazy or eager", ('"fast"', 1)),
    "crossword bad cell": (('{"kind": "crossword",\n "grid": ["1111", "1%01"],\n "words": '
                           '["abcd"]}'), "$.grid[1]", "unexpected '%'", ("%", 1)),
    "crossword ragged grid": ('{"kind": "crossword", "grid": ["1111", "11"], "words": ["ab"]}',
                              "$.grid[1]", "line has 2 cells, expected 4", ('"11"', 1)),
    "crossword without slot": ('{"kind": "crossword", "grid": ["10", "01"], "words": ["ab"]}',
                               "$.grid", "the grid has no slot", ('["10"', 1)),
    "jigsaw one piece too many": (('{"kind": "jigsaw", "rows": 1, "cols": 1, "pieces": '
                                  '[[0, 0, 0, 0],\n [1, 0, 0, 0]]}'), "$.pieces[1]",
                                  "2 piece(s) given", ("[1, 0", 1)),
    "shikaku areas do not sum": (('{"kind": "shikaku", "rows": 2, "cols": 2, "clues": '
                                 '[[0, 0, 3]]}'), "$.clues", "clue areas sum to 3",
                                 ("[[0", 1)),
    "shikaku clue without rectangle": (
        ('{"kind": "shikaku", "rows": 1, "cols": 4, "clues": [[0, 0, 2], [0, 1, 1], '
        '[0, 3, 1]]}'), "$.clues[0]", "clue 2 at row 1, column 1 has no rectangle",
        ("[0, 0", 1)),
    "literal out of range": (('{"kind": "one-in-three-sat", "num_vars": 2, "clauses": '
                             '[[1, -2], [3]]}'), "$.clauses[1][0]", "literal 3 out of range",
                             ("3", 1)),
    "literal zero": ('{"kind": "one-in-three-sat", "clauses": [[1, 0]]}', "$.clauses[0][1]",
                     "0 is not a literal", ("0", 1)),
}


@pytest.mark.parametrize("case", sorted(KIND_ERRORS))
def test_kind_checks_apply_with_json_positions(case):
    text, path, words, where = KIND_ERRORS[case]
    error = error_of(text)
    assert error.message.startswith(path + ": "), error.message
    assert words in error.message
    assert (error.line, error.column) == position_of(text, *where)


def test_repeated_key_is_located_at_the_value_json_keeps():
    text = '{"kind": "partition", "numbers": [1, 1],\n "numbers": [2, -5]}'
    error = error_of(text)
    assert error.message.startswith("$.numbers[1]: expected a positive integer")
    assert (error.line, error.column) == position_of(text, "-5")


def test_huge_board_is_refused_before_any_work():
    text = ('{"kind": "jigsaw", "rows": 1000000000, "cols": 1000000000, "variant": "contour", '
            '"pieces": [[0, 0, 0, 0]]}')
    assert "cannot fill a 1000000000×1000000000 board" in error_of(text).message
    text = '{"kind": "hashi", "rows": 100000, "cols": 100000, "islands": [[0, 0, 1]]}'
    assert "too large" in error_of(text).message
