"""Every reader, on every text, gives instances or one clean error line (issue 7, part 2).

Hypothesis builds .puz texts of each kind (fields and cells drawn near and across their
limits), native files and exchange-format texts, then mutates them (characters inserted,
deleted, replaced; numbers swapped for odd ones; lines duplicated; truncation). The readers
must return a non-empty list of instances or raise an InputError whose text is one line
starting with the input's path. The fuzzer's own mutations (tests/fuzzing.py) are drawn as
strategies too, from its starting texts, and a short run of the fuzzer closes the file."""

from __future__ import annotations

import functools
import io
import json
import random
import tempfile
from collections import Counter
from pathlib import Path

import fuzzing
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from satpuzzle import formats
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.loading import load_text

PUZ_PATH = "fuzzed.puz"
TEXT_PATH = "fuzzed.txt"
EXAMPLES = settings(max_examples=45, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ODD_NUMBERS = ("0", "-1", "+2", "007", "1_000", "99999999999999999999", "-99999999999",
               "7" * 5000, "²", "½", "١٢", "３", "①", "1e3", "NaN", "0x1F", "x", "", "9x9",
               "0x0")
ODD_TEXT = st.sampled_from(("\n", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x1c", "\x85", "\u2028",
                            "\ufeff", "\xa0", "{", "}", '"', "#", ":", "|", "[", "]", "é",
                            "\u0301", "\U0001f600", " ", "-", "="))


def assert_clean(read, text: str, path: str) -> list:
    """`read(text, path)` gives instances or one clean InputError line naming `path`."""
    try:
        result = read(text, path)
    except InputError as error:
        message = str(error)
        assert len(message.splitlines()) == 1, repr(message)
        assert message.startswith(f"{path}:"), (message, path)
        return []
    assert isinstance(result, list) and result, result
    assert all(instance.KIND in registry.KINDS for instance in result)
    return result


def read_puz(text: str, path: str) -> list:
    return load_text(text, path).instances


def read_native(kind: str):
    return lambda text, path: load_text(text, path, kind).instances


def read_format(name: str):
    return lambda text, path: formats.read(name, text, path)


# ---------------------------------------------------------------- building texts
# Each kind's strategy takes `noisy`: False builds texts that are valid or nearly so (so that
# parsing goes deep), True lets odd values into every place.

ODD = st.sampled_from(ODD_NUMBERS + ("|", "-", "+", "A", "z", "é"))


def values(plain: st.SearchStrategy[str], noisy: bool) -> st.SearchStrategy[str]:
    return st.one_of(plain, plain, plain, ODD) if noisy else plain


@st.composite
def grid_rows(draw, cells: st.SearchStrategy[str], height: int, width: int, noisy: bool,
              joiner: str = " ") -> list[str]:
    """`height` rows of `width` cells; when noisy, a row may be dropped, doubled or ragged."""
    rows = [joiner.join(draw(st.lists(cells, min_size=width, max_size=width)))
            for _ in range(height)]
    if noisy and rows and draw(st.booleans()):
        k = draw(st.integers(0, len(rows) - 1))
        edit = draw(st.sampled_from(["drop", "double", "ragged"]))
        if edit == "drop":
            del rows[k]
        elif edit == "double":
            rows.insert(k, rows[k])
        else:
            rows[k] = joiner.join(draw(st.lists(cells, max_size=width + 2)))
    return rows


def block(name: str, rows: list[str]) -> str:
    return f"  {name} {{\n" + "".join(f"    {row}\n" for row in rows) + "  }\n"


def puzzle(kind: str, body: str, title: str | None) -> str:
    head = kind if title is None else f'{kind} "{title}"'
    return f"{head} {{\n{body}}}\n"


TITLES = st.one_of(st.none(), st.text(st.characters(blacklist_characters='"\n\r'),
                                      max_size=12))


@st.composite
def sudoku_texts(draw, noisy: bool, regions: bool = True) -> str:
    size = draw(st.sampled_from([1, 2, 4, 4, 6, 9, 16] if noisy else [1, 4, 4, 6, 9]))
    symbols = ["."] * 3 + [str(v) for v in range(1, min(size, 9) + 1)]
    symbols += list("ABCDEFG") if size > 9 else []
    joiner = draw(st.sampled_from([" ", ""])) if size <= 9 else " "
    rows = draw(grid_rows(values(st.sampled_from(symbols), noisy), size, size, noisy, joiner))
    body = ""
    if draw(st.booleans()):
        shapes = [f"{r}x{size // r}" for r in range(1, size + 1) if size % r == 0]
        body += f"  box: {draw(values(st.sampled_from(shapes), noisy))}\n"
    if regions and draw(st.integers(0, 3)) == 0:
        # rows or columns as regions: N connected cells each
        by_rows = draw(st.booleans())
        names = [chr(65 + k) if k < 26 else str(k) for k in range(size)]
        lines = [" ".join(names[r] if by_rows else names[c] for c in range(size))
                 for r in range(size)]
        if noisy and lines:
            lines[0] = draw(st.sampled_from(["A A", "1 ² 3 4", lines[0] + " Z", "é"]))
        body += block("regions", lines)
    return puzzle("sudoku", body + block("grid", rows), draw(TITLES))


@st.composite
def crossword_texts(draw, noisy: bool) -> str:
    height, width = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    cells = values(st.sampled_from(["1", "1", "1", "0", "a", "b", "[ab]"]), noisy)
    first = "11" if not noisy else ""  # a run of two white cells: at least one slot
    rows = draw(grid_rows(cells, height, width - len(first), noisy, ""))
    rows = [first + row for row in rows]
    word = st.text("ab", min_size=2, max_size=5)
    words = draw(st.lists(values(word, noisy), min_size=1, max_size=8))
    body = f"  words: {' '.join(words)}\n" if all(words) else "  words: x\n"
    if draw(st.booleans()):
        body += f"  distinct: {draw(values(st.sampled_from(['yes', 'no']), noisy))}\n"
    return puzzle("crossword", body + block("grid", rows), draw(TITLES))


@st.composite
def shikaku_texts(draw, noisy: bool) -> str:
    """Vertical strips, each with one clue: its area."""
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    grid = [["."] * width for _ in range(height)]
    left = 0
    while left < width:
        strip = draw(st.integers(1, width - left))
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(left, left + strip - 1))
        grid[r][c] = str(height * strip)
        left += strip
    if noisy:
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
        grid[r][c] = draw(ODD)
    rows = [" ".join(row) for row in grid]
    return puzzle("shikaku", block("grid", rows), draw(TITLES))


@st.composite
def hashi_texts(draw, noisy: bool) -> str:
    height, width = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = values(st.sampled_from([".", ".", ".", ".", "1", "2", "3", "4"]), noisy)
    rows = draw(grid_rows(cells, height, width, noisy, draw(st.sampled_from([" ", ""]))))
    body = ""
    if draw(st.booleans()):
        mode = draw(values(st.sampled_from(["lazy", "eager"]), noisy))
        body = f"  connectivity: {mode}\n"
    return puzzle("hashi", body + block("grid", rows), draw(TITLES))


@st.composite
def jigsaw_texts(draw, noisy: bool, plain: bool = False) -> str:
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    variant, matching, border = ("puzzle", "equal", "zero") if plain else (
        draw(st.sampled_from(["puzzle", "orientation", "position", "contour",
                              "contour-orientation", "contour-position"])),
        draw(st.sampled_from(["opposite", "equal"])), draw(st.sampled_from(["zero", "free"])))
    count = height * width
    if variant.startswith("contour") and height > 2 and width > 2:
        count = 2 * height + 2 * width - 4
    count += draw(st.sampled_from([-1, 0, 1])) if noisy else 0
    label = values(st.integers(-3, 3).map(str), noisy)
    pieces = [" ".join(draw(st.lists(label, min_size=4, max_size=4)))
              for _ in range(max(count, 0))]
    size = draw(values(st.just(f"{height}x{width}"), noisy))
    body = f"  size: {size}\n  variant: {variant}\n  matching: {matching}\n"
    body += f"  border: {draw(values(st.just(border), noisy))}\n"
    return puzzle("jigsaw", body + block("pieces", pieces), draw(TITLES))


@st.composite
def partition_texts(draw, noisy: bool) -> str:
    number = st.one_of(st.integers(1, 20), st.integers(1, 10**18)).map(str)
    numbers = draw(st.lists(values(number, noisy), min_size=1, max_size=12))
    body = f"  numbers: {' '.join(numbers)}\n" if all(numbers) else "  numbers {\n  }\n"
    return puzzle("partition", body, draw(TITLES))


@st.composite
def one_in_three_texts(draw, noisy: bool) -> str:
    num_vars = draw(st.integers(1, 6))
    literal = st.integers(1, num_vars).flatmap(lambda v: st.sampled_from([str(v), str(-v)]))
    clauses = [" ".join(draw(st.lists(values(literal, noisy), min_size=1, max_size=3)))
               for _ in range(draw(st.integers(1, 6)))]
    body = ""
    if draw(st.booleans()):
        body = f"  variables: {draw(values(st.just(str(num_vars)), noisy))}\n"
    return puzzle("one-in-three-sat", body + block("clauses", clauses), draw(TITLES))


@st.composite
def kakuro_texts(draw, noisy: bool) -> str:
    """A first row and column of blocks, white cells and blocks elsewhere; each run's clue
    within reach (from the least sum of its cells)."""
    height, width = draw(st.integers(2, 4)), draw(st.integers(2, 5))
    white = [[r > 0 and c > 0 and draw(st.booleans()) for c in range(width)]
             for r in range(height)]
    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            if white[r][c]:
                row.append(".")
                continue
            sums = []
            for dr, dc in ((1, 0), (0, 1)):
                length, y, x = 0, r + dr, c + dc
                while y < height and x < width and white[y][x]:
                    length, y, x = length + 1, y + dr, x + dc
                least = length * (length + 1) // 2
                sums.append(str(least + draw(st.integers(0, 2 * length))) if length else "")
            row.append("*" if sums == ["", ""] else "\\".join(sums))
        grid.append(row)
    if noisy:
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
        grid[r][c] = draw(ODD)
    return puzzle("kakuro", block("grid", [" ".join(row) for row in grid]), draw(TITLES))


@st.composite
def nurikabe_texts(draw, noisy: bool) -> str:
    """A grid of empty cells and a few island sizes (small ones, so most are solvable)."""
    height, width = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    grid = [[draw(st.sampled_from([".", ".", ".", "1", "2", "3"])) for _c in range(width)]
            for _r in range(height)]
    if noisy:
        r, c = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
        grid[r][c] = draw(ODD)
    return puzzle("nurikabe", block("grid", [" ".join(row) for row in grid]), draw(TITLES))


KIND_TEXTS = {"sudoku": sudoku_texts, "crossword": crossword_texts, "shikaku": shikaku_texts,
              "hashi": hashi_texts, "jigsaw": jigsaw_texts, "partition": partition_texts,
              "one-in-three-sat": one_in_three_texts, "kakuro": kakuro_texts,
              "nurikabe": nurikabe_texts}
VALID_TEXTS = st.one_of([make(False) for make in KIND_TEXTS.values()])
NOISY_TEXTS = st.one_of([make(True) for make in KIND_TEXTS.values()])
PUZ_TEXTS = st.one_of(VALID_TEXTS, NOISY_TEXTS)


@st.composite
def mutated(draw, texts: st.SearchStrategy[str]) -> str:
    """A text after a few random edits."""
    text = draw(texts)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "number", "line", "truncate"]))
        if edit == "insert":
            text = text[:at] + draw(ODD_TEXT) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 4)):]
        elif edit == "number":
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = draw(st.sampled_from(digits))
                text = text[:i] + draw(st.sampled_from(ODD_NUMBERS)) + text[i + 1:]
        elif edit == "line":
            lines = text.split("\n")
            k = draw(st.integers(0, len(lines) - 1))
            lines.insert(k, lines[k])
            text = "\n".join(lines)
        else:
            text = text[:at]
    return text


# ---------------------------------------------------------------- native and format texts


@st.composite
def written(draw, name: str) -> str:
    """A valid puzzle in format `name`, written by satpuzzle's own writer."""
    module = formats.format_module(name)
    kind = draw(st.sampled_from(sorted(set(module.KINDS) & set(registry.KINDS))))
    if name in ("eternity", "brendan"):
        source = draw(jigsaw_texts(False, plain=True))
    elif name == "sudoku-line":
        source = draw(sudoku_texts(False, regions=False))
    else:
        source = draw(KIND_TEXTS[kind](False))
    try:
        (instance,) = load_text(source, PUZ_PATH).instances
        return formats.write(name, instance)
    except InputError:
        return source  # a puzzle the format cannot hold: its .puz text is fuzz too


@st.composite
def dimacs_texts(draw) -> str:
    header = draw(st.sampled_from(["p cnf 3 2", "p cnf 0 0", "p cnf 5", "p  cnf 2 1",
                                   "p dnf 2 1", "p cnf 99999999999999999999 1", "", "c x"]))
    literal = st.one_of(st.integers(-6, 6).map(str), st.sampled_from(ODD_NUMBERS))
    lines = draw(st.lists(st.lists(literal, max_size=5).map(" ".join), max_size=5))
    tail = draw(st.sampled_from(["", "%\n0\n", "0\n"]))
    return "\n".join([header, *lines]) + "\n" + tail


@st.composite
def has_texts(draw) -> str:
    header = " ".join(draw(st.lists(st.sampled_from(["0", "1", "3", "5", "-1", "²", "x",
                                                     "9999"]), min_size=2, max_size=4)))
    cells = st.sampled_from(["0", "0", "1", "2", "4", "8", "9", "-1", "x"])
    height, width = draw(st.integers(0, 4)), draw(st.integers(1, 4))
    return header + "\n" + "\n".join(draw(grid_rows(cells, height, width, True))) + "\n"


@st.composite
def piece_texts(draw) -> str:
    header = draw(st.sampled_from(["", "2 2\n", "1 3\n", "0 0\n", "x y\n", "99999 99999\n"]))
    label = st.one_of(st.integers(-2, 3).map(str), st.sampled_from(ODD_NUMBERS))
    pieces = draw(st.lists(st.lists(label, min_size=3, max_size=5).map(" ".join), max_size=9))
    return header + "\n".join(pieces) + "\n"


@st.composite
def sudoku_lines(draw) -> str:
    symbols = st.sampled_from(list(".0123456789ABGZ") + ["x", "é", "²"])
    size = draw(st.sampled_from([1, 4, 9, 16, 15, 17]))
    lines = draw(st.lists(st.lists(symbols, min_size=size, max_size=size).map("".join),
                          min_size=1, max_size=3))
    return "\n".join(lines) + "\n"


@st.composite
def game_ids(draw) -> str:
    game = draw(st.sampled_from(["rect", "bridges", "solo", "Rectangles", "other", ""]))
    params = draw(st.sampled_from(["3x3", "5x5", "7x7m2", "2x2", "3j", "9j", "0x0", "3x3L",
                                   "99999x99999", "2x3", "x", ""]))
    desc = draw(st.text("abcdefz0123456789_AG,", max_size=30))
    return f"{draw(st.sampled_from(['sgt:', '']))}{game}:{params}:{desc}"


@st.composite
def puzzlink_urls(draw) -> str:
    kind = draw(st.sampled_from(["sudoku", "shikaku", "hashi", "kakuro", ""]))
    cols = draw(st.sampled_from(["4", "9", "0", "-1", "99999", "x", ""]))
    rows = draw(st.sampled_from(["4", "9", "0", "x", ""]))
    body = draw(st.text("0123456789abcdefghijklmnz.-+_", max_size=30))
    return f"https://puzz.link/p?{kind}/{cols}/{rows}/{body}"


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 10), st.sampled_from([10**30, 1.5]),
              st.text("abc", max_size=3)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text("abc", max_size=3), inner, max_size=3)),
    max_leaves=12)


@st.composite
def json_texts(draw) -> str:
    kind = draw(st.sampled_from([*registry.NAMES, "other"]))
    keys = ["title", "size", "box", "givens", "regions", "rows", "cols", "clues", "islands",
            "grid", "words", "distinct", "pieces", "variant", "matching", "border", "numbers",
            "num_vars", "clauses", "connectivity"]
    document = {"kind": kind}
    for key in draw(st.lists(st.sampled_from(keys), max_size=5, unique=True)):
        document[key] = draw(JSON_VALUES)
    return json.dumps(document)


HANDMADE = {"dimacs": dimacs_texts(), "has": has_texts(), "eternity": piece_texts(),
            "brendan": piece_texts(), "sudoku-line": sudoku_lines(), "sgt": game_ids(),
            "url": puzzlink_urls(), "json": json_texts()}
FORMAT_KIND = {"dimacs": "one-in-three-sat", "has": "hashi", "eternity": "jigsaw",
               "brendan": "jigsaw", "sudoku-line": "sudoku", "sgt": "shikaku", "url": "sudoku",
               "json": "partition"}
FORMAT_TEXTS = st.sampled_from(sorted(HANDMADE)).flatmap(
    lambda name: st.tuples(st.just(name), mutated(st.one_of(HANDMADE[name], written(name)))))


# ---------------------------------------------------------------- properties


@EXAMPLES
@given(mutated(PUZ_TEXTS))
def test_mutated_puz_texts_parse_or_fail_cleanly(text):
    assert_clean(read_puz, text, PUZ_PATH)


@EXAMPLES
@given(NOISY_TEXTS)
def test_noisy_puz_texts_parse_or_fail_cleanly(text):
    # odd values in every place, no edit needed to reach the kinds' checks
    assert_clean(read_puz, text, PUZ_PATH)


@EXAMPLES
@given(VALID_TEXTS)
def test_nearly_valid_puz_texts_parse_or_fail_cleanly(text):
    # most of these parse, so that the kinds' deeper checks run; a few are refused (a Hashi
    # grid without islands)
    assert_clean(read_puz, text, PUZ_PATH)


@EXAMPLES
@given(mutated(PUZ_TEXTS), st.sampled_from(sorted(registry.KINDS)))
def test_puz_texts_read_as_native_files_fail_cleanly(text, kind):
    # the same texts given to a native reader by --kind, and recognised by content
    assert_clean(read_native(kind), text, TEXT_PATH)
    assert_clean(lambda t, p: load_text(t, p).instances, text, TEXT_PATH)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(FORMAT_TEXTS)
def test_native_and_format_texts_read_cleanly(case):
    name, text = case
    assert_clean(read_format(name), text, "fuzzed")
    assert_clean(read_native(FORMAT_KIND[name]), text, TEXT_PATH)


@functools.cache
def fuzz_readers() -> tuple[fuzzing.Reader, ...]:
    """The fuzzer's readers, with a word list for the crossword reader's --dict."""
    words = Path(tempfile.mkdtemp(prefix="satpuzzle-fuzz-test-")) / "words.txt"
    words.write_text("\n".join(fuzzing.WORDS) + "\n")
    return tuple(fuzzing.readers(None, str(words))[0])


@EXAMPLES
@given(st.data())
def test_fuzzer_mutations_read_cleanly(data):
    # the fuzzer's starting texts and mutations (all of them, or one edit alone), drawn by
    # Hypothesis, given to one of its readers with its options, as a run does
    edit = data.draw(st.sampled_from((None, *fuzzing.EDITS)))
    text = data.draw(fuzzing.mutated_seeds(edit))
    reader = data.draw(st.sampled_from(fuzz_readers()))
    options = reader.draw_options(fuzzing.DrawRandom(data.draw))  # type: ignore[arg-type]
    path = str(fuzzing.INSTANCES / options.pop("file", reader.filename))
    try:
        with fuzzing.time_limit(20):
            result = reader.read(fuzzing.as_file_text(text, path), path, options)
    except InputError as error:
        assert fuzzing.error_problem(error, path) is None, (reader.name, str(error))
        return
    assert fuzzing.outcome_problem(result) is None, (reader.name, result)


def test_generated_valid_texts_parse():
    # the fuzzer's starting texts of every kind are valid: mutation starts from real puzzles
    seeds = fuzzing.generated_seeds(random.Random(3), 5)
    kinds = Counter()
    for seed in seeds:
        if seed.origin.endswith("_text"):  # the .puz text itself, not another format of it
            kinds.update(instance.KIND for instance in read_puz(seed.text, PUZ_PATH))
    assert kinds == {kind: 5 for kind in registry.KINDS}
    assert {s.origin.split(" as ")[1] for s in seeds if " as " in s.origin} >= {
        "sgt", "url", "json", "sudoku-line", "has", "eternity", "brendan", "dimacs", "plain"}


def test_short_fuzz_run_has_no_failure():
    out = io.StringIO()
    summary = fuzzing.run(2000, seed=11, out=out)
    assert summary.failures == [], out.getvalue()[-3000:]
    assert summary.inputs == 2000
    assert summary.parses > 500 and summary.errors > 5000  # both outcomes were exercised
    assert summary.encoded >= 5  # some inputs went on to encoding and write-back
    assert summary.runs == summary.parses + summary.errors


# Inputs that the campaign of issue 28 (`python tests/fuzz_run.py --seconds 420 --seed 28`)
# found failing: each read by every reader it failed in
CAMPAIGN_FINDINGS = [
    # a Killer cage total with a byte-order mark after it: int() raised ValueError
    ("2 2\n- 1\ufeff\n1 -\n1 1\n2 2\n", "sudoku"),
    ("2 2\n- 2.15..-\n1 -\n1 1\n2 2\n", "sudoku"),
    # an ipuz kind holding a carriage return, quoted in the error: two lines on a terminal
    (('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/c\\rossword#1"], '
     '"dimensions": {"width": 5, "height": 2}, "puzzle": [[1, 2, 0, 3, 0], [5, 0, "#", 6, 0]], '
     '"clues": {"Across": [[1, ""]], "Down": [[1, ""]]}}\n'), "crossword"),
]


@pytest.mark.parametrize("text, kind", CAMPAIGN_FINDINGS)
def test_what_the_campaign_found_reads_cleanly(text, kind):
    assert_clean(read_native(kind), text, TEXT_PATH)
    assert_clean(lambda t, p: load_text(t, p).instances, text, TEXT_PATH)


@pytest.mark.parametrize("text", ["110", "[1, 2]", '"grid"', "null", '{"w": 1}'])
def test_the_site_json_reader_refuses_other_json_cleanly(text):
    """Found by a short campaign after the site JSON reader landed: a bare number reached a
    dict lookup (AttributeError)."""
    assert_clean(lambda t, p: formats.read("sitejson", t, p), text, TEXT_PATH)
