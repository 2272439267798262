"""The fuzzer of the readers: every input, however broken, must give instances or one clean
error. `python tests/fuzz_run.py --seconds 60` runs it; tests/formats/test_fuzz.py runs it
briefly and draws its mutations as Hypothesis strategies (`mutations`, `mutated_seeds`).

Inputs start from every file under instances/ and from valid texts generated for each kind
(the .puz language, native files, every exchange format that can hold the puzzle), then go
through a few random mutations: bit flips, lines and tokens inserted, deleted, duplicated or
swapped, numbers replaced by huge, negative or non-numeric ones, truncation, random Unicode,
two texts spliced, kind words and field values swapped. Each input goes to the loading stage
of every reader: UTF-8 decoding as from a file, then the `.puz` language, recognition by
content, each kind's native reader, each exchange format of satpuzzle.formats (not svg,
which is write-only). The only acceptable outcomes of a reader are a non-empty list of
instances, or an InputError whose text is one line starting with the input's path (or the
path of a file the input refers to). Any other exception, an empty list, a message on
several lines, or a reader running past the time limit is a failure: it is printed (input
and traceback), saved under --save, and counted. A few % of the inputs that parse go further:
small instances are encoded, and written back as .puz, which must read back to an instance
written the same way; nothing is solved. The time limit of a reader is 2 s of CPU time (not
wall-clock time), plus 2 s per 100,000 characters of input: linear work on a big input is no
hang.

Input `i` of seed `s` depends on (s, i) only: `--only i` replays it. A hang inside C code,
which the CPU-time alarm cannot interrupt, ends the run with every thread's stack
(faulthandler); with --save, DIR/current-input.txt names the input that was running.

The mutations take their choices from a `random.Random` in a run (fast, replayable by index)
and from a Hypothesis `draw` in the tests (shrinkable): `DrawRandom` answers the few methods
of `random.Random` they call.
"""

from __future__ import annotations

import contextlib
import dataclasses
import faulthandler
import functools
import io
import itertools
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from satpuzzle import formats
from satpuzzle.errors import InputError
from satpuzzle.kinds import registry
from satpuzzle.loading import load_text
from satpuzzle.textio import decode_bytes, read_text, write_atomic

INSTANCES = Path(__file__).resolve().parents[1] / "instances"
READ_LIMIT = 2.0  # seconds a reader may take on one small input
LIMIT_PER_100K = 2.0  # more seconds per 100,000 characters: linear work on big inputs is fine
MAX_INPUT = 300_000  # characters: mutations that grow a text past this are cut
ENCODE_LIMIT = 10.0  # seconds to encode one small instance
ENCODE_RATE = 0.05  # share of the inputs some reader parses that are encoded, written back
SMALL_INSTANCE = 3000  # characters of repr(instance) up to which an instance counts as small
SHOWN_PER_SIGNATURE = 2  # failures printed and saved for each distinct crash site
WORDS = ("mars", "mois", "plus", "tard", "soir", "ab", "ba", "abc", "cab", "bac", "ace",
         "tea", "eat", "ate", "sea", "ease", "seat", "east", "teas", "sat")

# Replacements for numbers: out of range, signed, not numbers at all, digits Python's int()
# reads differently from str.isdigit().
ODD_NUMBERS = (
    "0", "-1", "-0", "+1", "007", "1_000", "99", "4294967296", "18446744073709551617",
    "9" * 40, "-" + "9" * 30, "7" * 5000, "1e9", "1.5", "NaN", "inf", "0x1F", "²", "½", "١٢", "３", "Ⅻ",
    "①", "", "-", "+", "x", "1x1", "0x0", "99999x99999", "1x" + "9" * 20,
)
# Characters that break parsers: line separators Python's splitlines() knows, control
# characters, quotes, braces, comment marks, combining marks, wide and astral characters.
ODD_CHARACTERS = (
    "\n", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028",
    "\u2029", "\x00", "\x7f", "\ufeff", "\u200b", "\u00a0", "\u3000", "{", "}", '"', "#",
    ":", "|", "-", "+", "=", "[", "]", ",", ".", "_", "\\", "é", "\u0301", "ß", "İ", "Σ",
    "\U0001f600", "\U00010000", "\ud7ff", "\uffff",
)
FIELD_VALUES = (
    "yes", "no", "lazy", "eager", "puzzle", "orientation", "position", "contour",
    "contour-orientation", "contour-position", "opposite", "equal", "zero", "free", "file",
    '"x"', '""', '"fuzz-input.puz"', '"generated-4x4.txt"', "3x3", "2x3", "0x0", "1x1",
    "9x1", "-1x2", "64x64", "65x65", "99999999x99999999", "fr", "en", "min-zipf=3", "9",
)
KIND_WORDS = (*registry.NAMES, "sudokuu", "Sudoku", "slitherlink", "x", "a-", "jigsaw9")


class Hang(BaseException):
    """Raised by the alarm when a reader runs past its time limit (a BaseException, so that
    no `except Exception` in the code under test swallows it)."""


def _no_options(rng: random.Random) -> dict[str, Any]:
    return {}


@dataclasses.dataclass(frozen=True)
class Reader:
    """One way of loading a text: `read(text, path, options)` gives instances or raises
    InputError; `options` are drawn for each input by `draw_options`, as the command line
    would give them (a native reader's --box, --variant, --board ...)."""

    name: str
    filename: str  # the input's file name for this reader (its suffix matters for .puz)
    read: Callable[[str, str, dict[str, Any]], list[Any]]
    draw_options: Callable[[random.Random], dict[str, Any]] = _no_options


@dataclasses.dataclass(frozen=True)
class Seed:
    """A starting text and the directory it is read from (file references are relative)."""

    text: str
    directory: Path
    origin: str


@dataclasses.dataclass
class Failure:
    index: int
    reader: str
    problem: str
    text: str
    details: str  # the traceback, or what was wrong with the outcome
    signature: str  # where it crashed: failures with one signature are one bug


@dataclasses.dataclass
class Summary:
    inputs: int = 0
    runs: int = 0
    parses: int = 0
    errors: int = 0
    encoded: int = 0
    failures: list[Failure] = dataclasses.field(default_factory=list)
    skipped: list[str] = dataclasses.field(default_factory=list)

    def line(self) -> str:
        return (f"{self.inputs} inputs, {self.parses} clean parses, {self.errors} clean "
                f"errors, {len(self.failures)} failures ({self.runs} reader runs, "
                f"{self.encoded} instances encoded)")


# ---------------------------------------------------------------- readers


def readers(names: Sequence[str] | None, dictionary: str) -> tuple[list[Reader], list[str]]:
    """The readers to feed (all by default; `names` may say "native" for every kind's native
    reader) and notes on the formats that could not be loaded."""
    every: list[Reader] = [
        Reader("puz-file", "fuzz-input.puz",
               lambda text, path, options: load_text(text, path).instances),
        Reader("auto", "fuzz-input.txt",
               lambda text, path, options: load_text(text, path).instances),
    ]
    for kind in registry.KINDS:
        every.append(Reader(f"native-{kind}", "fuzz-input.txt", _native_reader(kind),
                            _option_drawer(kind, dictionary)))
    notes = []
    for name in formats.FORMATS:
        if name == "svg":
            continue  # pictures are written, never read
        try:
            formats.format_module(name)
        except ImportError as exc:
            notes.append(f"format {name!r} skipped: its module does not load ({exc})")
            continue
        every.append(Reader(name, "fuzz-input", _format_reader(name)))
    if names:
        wanted = set(names)
        unknown = wanted - {r.name for r in every} - {"native"} \
            - {r.name.removeprefix("native-") for r in every}
        if unknown:
            raise InputError(f"unknown reader(s) {', '.join(sorted(unknown))}; known: "
                             f"{', '.join(r.name for r in every)}, native")
        every = [r for r in every if r.name in wanted or r.name.removeprefix("native-") in wanted
                 or ("native" in wanted and r.name.startswith("native-"))]
    return every, notes


def _native_reader(kind: str) -> Callable[[str, str, dict[str, Any]], list[Any]]:
    return lambda text, path, options: load_text(text, path, kind, options).instances


def _format_reader(name: str) -> Callable[[str, str, dict[str, Any]], list[Any]]:
    return lambda text, path, options: formats.read(name, text, path)


def _option_drawer(kind: str, dictionary: str) -> Callable[[random.Random], dict[str, Any]]:
    """Command-line options of a native reader, valid as the command line checks them (the
    key "file" names the input file: Brendan Owen's piece files are known by their name)."""
    from satpuzzle.kinds.jigsaw import puzzle as jigsaw

    def draw(rng: random.Random) -> dict[str, Any]:
        if kind == "crossword":
            return {"dict": dictionary, "distinct": rng.random() < 0.3}
        if kind == "sudoku" and rng.random() < 0.3:
            return {"box": rng.choice(["1x1", "2x2", "2x3", "3x2", "3x3", "1x4", "4x4"])}
        if kind == "hashi" and rng.random() < 0.3:
            return {"connectivity": rng.choice(["lazy", "eager"])}
        if kind == "jigsaw" and rng.random() < 0.5:
            chosen = {"variant": rng.choice([None, *jigsaw.VARIANTS]),
                      "matching": rng.choice([None, *jigsaw.MATCHINGS]),
                      "border": rng.choice([None, *jigsaw.BORDERS]),
                      "board": rng.choice([None, None, (1, 1), (2, 2), (2, 3), (3, 3), (4, 4),
                                           (1, 9), (300, 300)]),
                      "file": rng.choice([None, "pieces_4x4.txt", "eternity3x3.txt"])}
            return {key: value for key, value in chosen.items() if value is not None}
        return {}

    return draw


# ---------------------------------------------------------------- seeds


def file_seeds(root: Path = INSTANCES) -> list[Seed]:
    """Every readable text file under instances/."""
    seeds = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            try:
                seeds.append(Seed(read_text(path), path.parent, str(path.relative_to(root))))
            except InputError:
                continue
    return seeds


def generated_seeds(rng: random.Random, per_kind: int,
                    dictionary: str | None = None) -> list[Seed]:
    """Valid texts of every kind: random small instances in the language, in their native
    files and in every exchange format that can hold them. Crosswords sometimes take their
    words from the file `dictionary`."""
    makers = [_sudoku_text, _crossword_text, _shikaku_text, _hashi_text, _jigsaw_text,
              _partition_text, _one_in_three_text, _kakuro_text, _nurikabe_text]
    seeds = []
    for make in makers:
        for _ in range(per_kind):
            text = make(rng)
            if make is _crossword_text and dictionary and rng.random() < 0.3:
                text = re.sub(r"(?s)  words(: [^\n]*| \{.*?\})\n",
                              f'  dictionary: file "{dictionary}"\n', text, count=1)
            seeds.append(Seed(text, INSTANCES, make.__name__))
            seeds += [Seed(t, INSTANCES, f"{make.__name__} as {name}")
                      for name, t in _other_texts(text)]
    return seeds


def _other_texts(puz_text: str) -> list[tuple[str, str]]:
    """The puzzle of `puz_text` in every other format that can hold it."""
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # a dictionary's summary line
            instance = load_text(puz_text, "generated.puz").instances[0]
    except InputError:
        return []
    texts = []
    for name in formats.FORMATS:
        if name in ("svg", "puz"):
            continue
        try:
            written = formats.write(name, instance)
        except (InputError, ImportError):
            continue
        if isinstance(written, str):  # the mutations work on text (not Across Lite bytes)
            texts.append((name, written))
    if instance.KIND == "shikaku":
        from satpuzzle.kinds.shikaku.puzzle import to_plain

        texts.append(("plain", to_plain(instance)))
    if instance.KIND == "partition":
        texts.append(("plain", "\n".join(map(str, instance.numbers)) + "\n"))
    if instance.KIND == "kakuro":
        from satpuzzle.kinds.kakuro.puzzle import to_plain as kakuro_plain

        texts.append(("plain", kakuro_plain(instance)))
    if instance.KIND == "crossword":
        texts.append(("plain", "\n".join("".join(row) for row in instance.grid) + "\n"))
    return texts


def _title(rng: random.Random) -> str:
    return rng.choice(["", ' "fuzz"', ' "a title with spaces"', ' "é ü 漢字"', ' ""'])


def _sudoku_text(rng: random.Random) -> str:
    box_rows, box_cols = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (2, 3), (3, 2),
                                     (3, 3), (2, 4), (4, 4)])
    size = box_rows * box_cols
    symbols = list(range(1, size + 1))
    rng.shuffle(symbols)
    # the classic pattern of a filled grid, its digits renamed, cells kept at random
    keep = rng.random()
    cells = [[symbols[(box_cols * (r % box_rows) + r // box_rows + c) % size]
              if rng.random() < keep else 0 for c in range(size)] for r in range(size)]
    runs = size <= 9 and rng.random() < 0.5
    lines = ["".join(str(v) if v else "." for v in row) if runs
             else " ".join(str(v) if v else "." for v in row) for row in cells]
    body = [f"  box: {box_rows}x{box_cols}"] if rng.random() < 0.5 else []
    if rng.random() < 0.2:
        # rows as irregular regions: each is N connected cells, and the filled pattern fits
        body += ["  regions {", *("    " + " ".join([chr(65 + r)] * size)
                                  for r in range(size)), "  }"]
    body += ["  grid {", *("    " + line for line in lines), "  }"]
    return f"sudoku{_title(rng)} {{\n" + "\n".join(body) + "\n}\n"


def _crossword_text(rng: random.Random) -> str:
    rows, cols = rng.randint(1, 4), rng.randint(2, 5)
    tokens = ["1"] * 6 + ["0", "a", "e", "[ab]", "[eio]"]
    cells = [[rng.choice(tokens) for _ in range(cols)] for _ in range(rows)]
    cells[0][:2] = ["1", "1"]  # at least one slot
    words = rng.sample(WORDS, rng.randint(1, len(WORDS)))
    body = [f"  words: {' '.join(words)}" if rng.random() < 0.5
            else "  words {\n" + "".join(f"    {w}\n" for w in words) + "  }"]
    if rng.random() < 0.3:
        body.append("  distinct: yes")
    body += ["  grid {", *("    " + "".join(row) for row in cells), "  }"]
    return f"crossword{_title(rng)} {{\n" + "\n".join(body) + "\n}\n"


def _nurikabe_text(rng: random.Random) -> str:
    """A random grid of a few numbers (solvable or not: the fuzzer wants readers' paths)."""
    from satpuzzle.kinds.nurikabe import puzzle as nurikabe

    rows, cols = rng.randint(1, 7), rng.randint(1, 7)
    cells = rng.sample([(r, c) for r in range(rows) for c in range(cols)],
                       rng.randint(0, max(1, rows * cols // 4)))
    clues = tuple((r, c, rng.randint(1, min(9, rows * cols))) for r, c in cells)
    title = rng.choice([None, "fuzz", "a title with spaces"])
    return nurikabe.to_puz(nurikabe.NurikabeInstance(rows, cols, clues, title))


def _shikaku_text(rng: random.Random) -> str:
    from satpuzzle.kinds.shikaku import generator as shikaku_generator
    from satpuzzle.kinds.shikaku import puzzle as shikaku

    instance = shikaku_generator.generate(rng.randint(1, 7), rng.randint(1, 7),
                                          depth=rng.randint(0, 4), merge_iters=rng.randint(0, 2),
                                          merge_prob=rng.random(), seed=rng.randrange(10**6))
    if instance.clues and rng.random() < 0.3:  # a `?` clue: a rectangle of any area
        clues = list(instance.clues)
        k = rng.randrange(len(clues))
        clues[k] = (*clues[k][:2], None)
        instance = dataclasses.replace(instance, clues=tuple(clues))
    return shikaku.to_puz(instance)


def _hashi_text(rng: random.Random) -> str:
    from satpuzzle.kinds.hashi import generation as hashi_generation
    from satpuzzle.kinds.hashi import puzzle as hashi

    rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    cols = max(cols, 5 - rows)  # a 2x2 grid has no room for two islands apart
    instance = hashi_generation.generate(rows, cols, islands=rng.randint(2, rows * cols),
                              seed=rng.randrange(10**6))
    if rng.random() < 0.3:  # a `?` island: any number of bridges
        grid = [list(row) for row in instance.grid]
        r, c = rng.choice([(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v])
        grid[r][c] = hashi.ANY
        instance = dataclasses.replace(instance, grid=tuple(map(tuple, grid)))
    text = hashi.to_puz(instance)
    if rng.random() < 0.3:
        mode = rng.choice(hashi.CONNECTIVITY_MODES)
        text = text.replace("{\n", f"{{\n  connectivity: {mode}\n", 1)
    # the variants (2..4 bridges a pair keep the numbers possible), drawn from the text itself so
    # that the shared stream, and with it every other kind's seeds, stays as it was
    own = random.Random(text)
    if own.random() < 0.3:
        variant = f"  max-bridges: {own.randint(2, 4)}\n"
        if own.random() < 0.5:
            variant += "  loops: no\n"
        text = text.replace("{\n", "{\n" + variant, 1)
    return text


def _jigsaw_text(rng: random.Random) -> str:
    from satpuzzle.kinds.jigsaw import generation as jigsaw_generation
    from satpuzzle.kinds.jigsaw import puzzle as jigsaw

    if rng.random() < 0.4:  # what the Eternity II and Brendan Owen files hold
        variant, matching, border = "puzzle", "equal", "zero"
    else:
        variant, matching, border = (rng.choice(jigsaw.VARIANTS), rng.choice(jigsaw.MATCHINGS),
                                     rng.choice(jigsaw.BORDERS))
    instance = jigsaw_generation.generate(rng.randint(1, 4), rng.randint(1, 4),
                                          labels=rng.randint(1, 4), variant=variant,
                                          matching=matching, border=border,
                                          seed=rng.randrange(10**6))
    return jigsaw.to_puz(instance)


def _partition_text(rng: random.Random) -> str:
    from satpuzzle.kinds.partition import puzzle as partition

    numbers = tuple(rng.randint(1, rng.choice([3, 20, 1000, 10**12]))
                    for _ in range(rng.randint(1, 12)))
    return partition.to_puz(partition.PartitionInstance(numbers, rng.choice([None, "fuzz"])))


def _one_in_three_text(rng: random.Random) -> str:
    from satpuzzle.kinds.one_in_three_sat import puzzle as one_in_three_sat

    num_vars = rng.randint(1, 8)
    clauses = tuple(tuple(rng.choice([-1, 1]) * rng.randint(1, num_vars)
                          for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(1, 8)))
    instance = one_in_three_sat.OneInThreeInstance(num_vars, clauses)
    return one_in_three_sat.to_puz(instance)


def _kakuro_text(rng: random.Random) -> str:
    """A grid of blocks and white cells whose clues are the sums of a random filling (which
    may repeat a digit in a run: then there is no solution), some left out, all within reach
    of their runs."""
    from satpuzzle.kinds.kakuro import puzzle as kakuro

    rows, cols = rng.randint(2, 6), rng.randint(2, 6)
    while True:
        white = [[r > 0 and c > 0 and rng.random() < 0.7 for c in range(cols)]
                 for r in range(rows)]
        digits = [[rng.randint(1, 9) for _ in range(cols)] for _ in range(rows)]
        grid = []
        for r in range(rows):
            row = []
            for c in range(cols):
                if white[r][c]:
                    row.append(None)
                    continue
                sums = []
                for dr, dc in ((1, 0), (0, 1)):
                    y, x, total = r + dr, c + dc, 0
                    while y < rows and x < cols and white[y][x]:
                        total, y, x = total + digits[y][x], y + dr, x + dc
                    sums.append(total if total and rng.random() < 0.9 else None)
                row.append(tuple(sums))
            grid.append(tuple(row))
        instance = kakuro.KakuroInstance(rows, cols, tuple(grid), rng.choice([None, "fuzz"]))
        if kakuro.impossibility(instance) is None:
            return kakuro.to_puz(instance)


# ---------------------------------------------------------------- mutations

_NUMBER = re.compile(r"-?\d+")
_TOKEN = re.compile(r"\S+")
_KIND_WORD = re.compile(r"(?m)^\s*([a-z][a-z0-9-]*)(?=\s*(\"[^\"\n]*\"\s*)?\{)")
_FIELD_VALUE = re.compile(r"(?m)^(\s*[a-z][a-z0-9_-]*\s*:\s*)(\S+)")


class Mutator:
    """Random edits of a text; `pool` gives lines and tokens to insert and texts to splice."""

    def __init__(self, pool: Sequence[str]) -> None:
        self.pool = pool
        self.lines = sorted({line for text in pool for line in text.splitlines()})
        self.tokens = sorted({token for text in pool for token in text.split()})
        self.edits: list[Callable[[random.Random, str], str]] = [
            self.flip_bits, self.insert_line, self.delete_line, self.duplicate_line,
            self.swap_lines, self.insert_token, self.delete_token, self.duplicate_token,
            self.odd_number, self.odd_number, self.odd_number, self.truncate,
            self.odd_characters, self.splice, self.swap_kind, self.swap_value,
            self.repeat_line, self.widen_line,
        ]

    def mutate(self, rng: random.Random, text: str) -> str:
        for _ in range(1 + min(int(rng.expovariate(0.7)), 7)):
            text = rng.choice(self.edits)(rng, text)[:MAX_INPUT]
        return text

    @staticmethod
    def flip_bits(rng: random.Random, text: str) -> str:
        """Flip bits of the UTF-8 bytes; the result may not be UTF-8 any more, which the
        reader must refuse cleanly (it is decoded as a file would be)."""
        data = bytearray(text.encode("utf-8", "surrogatepass"))
        if not data:
            return text
        for _ in range(rng.randint(1, 3)):
            bit = rng.randrange(7) if rng.random() < 0.9 else 7
            data[rng.randrange(len(data))] ^= 1 << bit
        return data.decode("utf-8", "surrogateescape")

    @staticmethod
    def _lines(text: str) -> list[str]:
        return text.split("\n")

    def insert_line(self, rng: random.Random, text: str) -> str:
        lines = self._lines(text)
        lines.insert(rng.randint(0, len(lines)), rng.choice(self.lines) if self.lines else "")
        return "\n".join(lines)

    def delete_line(self, rng: random.Random, text: str) -> str:
        lines = self._lines(text)
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)

    def duplicate_line(self, rng: random.Random, text: str) -> str:
        lines = self._lines(text)
        at = rng.randrange(len(lines))
        lines.insert(at, lines[at])
        return "\n".join(lines)

    def swap_lines(self, rng: random.Random, text: str) -> str:
        lines = self._lines(text)
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)

    def repeat_line(self, rng: random.Random, text: str) -> str:
        """One line many times over: grids taller than their header or size says."""
        lines = self._lines(text)
        at = rng.randrange(len(lines))
        lines[at:at + 1] = [lines[at]] * rng.choice([2, 10, 70, 300])
        return "\n".join(lines)

    def widen_line(self, rng: random.Random, text: str) -> str:
        """One line's content repeated: rows wider than the others."""
        lines = self._lines(text)
        at = rng.randrange(len(lines))
        lines[at] = lines[at] + (" " if rng.random() < 0.5 else "") + lines[at].strip() * \
            rng.choice([1, 5, 50])
        return "\n".join(lines)

    @staticmethod
    def _token_spans(text: str) -> list[tuple[int, int]]:
        return [match.span() for match in _TOKEN.finditer(text)]

    def insert_token(self, rng: random.Random, text: str) -> str:
        at = rng.randint(0, len(text))
        token = rng.choice(self.tokens) if self.tokens and rng.random() < 0.8 \
            else rng.choice(FIELD_VALUES + ODD_NUMBERS)
        return f"{text[:at]} {token} {text[at:]}" if rng.random() < 0.7 \
            else text[:at] + token + text[at:]

    def delete_token(self, rng: random.Random, text: str) -> str:
        spans = self._token_spans(text)
        if not spans:
            return text
        start, end = rng.choice(spans)
        return text[:start] + text[end:]

    def duplicate_token(self, rng: random.Random, text: str) -> str:
        spans = self._token_spans(text)
        if not spans:
            return text
        start, end = rng.choice(spans)
        return text[:end] + " " + text[start:end] + text[end:]

    @staticmethod
    def odd_number(rng: random.Random, text: str) -> str:
        numbers = list(_NUMBER.finditer(text))
        if not numbers:
            return text
        match = rng.choice(numbers)
        return text[:match.start()] + rng.choice(ODD_NUMBERS) + text[match.end():]

    @staticmethod
    def truncate(rng: random.Random, text: str) -> str:
        return text[:rng.randint(0, len(text))]

    @staticmethod
    def odd_characters(rng: random.Random, text: str) -> str:
        for _ in range(rng.randint(1, 5)):
            at = rng.randint(0, len(text))
            if rng.random() < 0.8:
                char = rng.choice(ODD_CHARACTERS)
            else:  # any code point but a surrogate, which no UTF-8 file can hold
                char = chr(rng.choice([rng.randrange(0x20, 0x80), rng.randrange(0xA0, 0xD800),
                                       rng.randrange(0xE000, 0x110000)]))
            text = text[:at] + char + text[at:]
        return text

    def splice(self, rng: random.Random, text: str) -> str:
        other = rng.choice(self.pool)
        return text[:rng.randint(0, len(text))] + other[rng.randint(0, len(other)):]

    @staticmethod
    def swap_kind(rng: random.Random, text: str) -> str:
        kinds = list(_KIND_WORD.finditer(text))
        if not kinds:
            return text
        match = rng.choice(kinds)
        return text[:match.start(1)] + rng.choice(KIND_WORDS) + text[match.end(1):]

    @staticmethod
    def swap_value(rng: random.Random, text: str) -> str:
        fields = list(_FIELD_VALUE.finditer(text))
        if not fields:
            return text
        match = rng.choice(fields)
        return text[:match.start(2)] + rng.choice(FIELD_VALUES + ODD_NUMBERS) + \
            text[match.end(2):]


# ---------------------------------------------------------------- running


@contextlib.contextmanager
def time_limit(seconds: float):
    """Raise Hang in this (main) thread after `seconds` of CPU time: processor time, not
    wall-clock time, so that a loaded machine does not turn slow runs into hangs."""
    def alarm(signum, frame):
        raise Hang(f"still running after {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def error_problem(error: InputError, path: str) -> str | None:
    """What is wrong with an InputError's text (None: it is clean)."""
    text = str(error)
    if len(text.splitlines()) != 1 or text != text.strip():
        return "the error message is not one line, or has blanks around it"
    named = error.path or ""
    if named != path and not Path(named).is_file():
        return "the error names neither the input nor a file it refers to"
    if not text.startswith(named + ":"):
        return "the error message does not start with the path"
    return None


def outcome_problem(result: object) -> str | None:
    """What is wrong with a reader's result (None: it is a non-empty list of instances)."""
    if not isinstance(result, list):
        return f"the reader returned {type(result).__name__}, not a list"
    if not result:
        return "the reader returned no instance and no error"
    for instance in result:
        if getattr(instance, "KIND", None) not in registry.KINDS:
            return f"the reader returned {type(instance).__name__}, not a puzzle instance"
    return None


def _signature(exc: BaseException) -> str:
    """Where an exception was raised: its type and innermost satpuzzle frame (not this
    module's, where a Hang is raised)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if "satpuzzle" in f.filename
              and not f.filename.endswith(("fuzzing.py", "fuzz_run.py"))]
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} at {where}"


class Fuzzer:
    def __init__(self, seed: int, reader_names: Sequence[str] | None, seeds_per_kind: int,
                 encode_rate: float, read_limit: float, save: Path | None,
                 out: io.TextIOBase, dictionary: str) -> None:
        self.seed = seed
        self.readers, notes = readers(reader_names, dictionary)
        self.summary = Summary(skipped=notes)
        pool_rng = random.Random(f"satpuzzle-fuzz-pool/{seed}")
        self.seeds = file_seeds() + generated_seeds(pool_rng, seeds_per_kind, dictionary)
        self.mutator = Mutator([s.text for s in self.seeds])
        self.encode_rate = encode_rate
        self.read_limit = read_limit
        self.save = save
        self.out = out
        self.shown: Counter[str] = Counter()

    def make_input(self, index: int) -> tuple[str, Seed]:
        rng = random.Random(f"satpuzzle-fuzz/{self.seed}/{index}")
        seed = rng.choice(self.seeds)
        text = seed.text if rng.random() < 0.05 else self.mutator.mutate(rng, seed.text)
        return text, seed

    def run_input(self, index: int) -> None:
        text, seed = self.make_input(index)
        rng = random.Random(f"satpuzzle-fuzz-run/{self.seed}/{index}")
        self.summary.inputs += 1
        # a text with a stray surrogate stands for bytes that are not UTF-8: decode them as
        # a file would be, which must refuse them cleanly
        data = text.encode("utf-8", "surrogateescape")
        try:
            text = decode_bytes(data, str(seed.directory / "fuzz-input"))
        except InputError as error:
            self.summary.runs += 1
            self._record_error(index, "utf-8", text, error, str(seed.directory / "fuzz-input"))
            return
        parsed: tuple[str, list[Any]] | None = None
        limit = self.read_limit + LIMIT_PER_100K * len(text) / 100_000
        for reader in self.readers:
            options = reader.draw_options(rng)
            path = str(seed.directory / options.pop("file", reader.filename))
            context = f"path {path}, options {options}\n" if options else f"path {path}\n"
            result = self._run(index, reader.name, text, path,
                               lambda t, p, r=reader, o=options: r.read(t, p, o), limit,
                               context)
            if result is not None and parsed is None:
                parsed = (reader.name, result)
        if parsed is not None and rng.random() < self.encode_rate:
            self._go_further(index, parsed[0], text, parsed[1])

    def _run(self, index: int, name: str, text: str, path: str,
             read: Callable[[str, str], list[Any]], limit: float,
             context: str = "") -> list[Any] | None:
        """One reader on one input: the instances when it parsed cleanly. `context` (the
        path and options) goes with a failure's details."""
        self.summary.runs += 1
        try:
            with contextlib.redirect_stderr(io.StringIO()), time_limit(limit):
                result = read(text, path)
        except InputError as error:
            self._record_error(index, name, text, error, path, context)
            return None
        except (Exception, Hang) as exc:  # noqa: BLE001 - any other exception is the finding
            details = context + "".join(traceback.format_exception(exc))
            self._fail(Failure(index, name, f"{type(exc).__name__}: {exc}", text, details,
                               _signature(exc)))
            return None
        problem = outcome_problem(result)
        if problem:
            self._fail(Failure(index, name, problem, text, context + repr(result)[:2000],
                               problem))
            return None
        self.summary.parses += 1
        return result

    def _record_error(self, index: int, name: str, text: str, error: InputError,
                      path: str, context: str = "") -> None:
        problem = error_problem(error, path)
        if problem:
            self._fail(Failure(index, name, problem, text, f"{context}{str(error)!r}",
                               f"{name}: {problem}"))
        else:
            self.summary.errors += 1

    def _go_further(self, index: int, name: str, text: str, instances: list[Any]) -> None:
        """Encode small instances and read their .puz text back."""
        for instance in instances[:3]:
            if len(repr(instance)) > SMALL_INSTANCE:
                continue
            try:
                with contextlib.redirect_stderr(io.StringIO()), time_limit(ENCODE_LIMIT):
                    self.summary.encoded += _encode_and_write_back(instance)
            except (Exception, Hang) as exc:  # noqa: BLE001 - any other exception is a finding
                details = "".join(traceback.format_exception(exc))
                self._fail(Failure(index, f"{name}+encode", f"{type(exc).__name__}: {exc}",
                                   text, details, f"encode: {_signature(exc)}"
                                   if not isinstance(exc, AssertionError)
                                   else str(exc).split(":\n")[0][:80]))

    def _fail(self, failure: Failure) -> None:
        self.summary.failures.append(failure)
        self.shown[failure.signature] += 1
        if self.shown[failure.signature] > SHOWN_PER_SIGNATURE:
            return
        shown = repr(failure.text)
        if len(shown) > 600:
            shown = f"{shown[:400]} ... {shown[-200:]} ({len(failure.text)} characters)"
        print(f"FAILURE input {failure.index}, reader {failure.reader}: {failure.problem}\n"
              f"  input: {shown}\n{_indent(failure.details)}", file=self.out, flush=True)
        if self.save:
            stem = f"{failure.index}-{failure.reader}"
            write_atomic(self.save / f"{stem}.input", failure.text)
            write_atomic(self.save / f"{stem}.log",
                         f"{failure.problem}\n{failure.signature}\n\n{failure.details}\n")

    def run(self, start: int, count: int | None, progress: float = 0, watchdog: float = 0,
            seconds: float | None = None) -> Summary:
        """Inputs `start`, `start + 1`, ...: `count` of them, or until `seconds` have passed
        (whichever comes first; one of the two is needed)."""
        started = last = time.monotonic()
        indices = itertools.count(start) if count is None else range(start, start + count)
        for index in indices:
            if seconds is not None and time.monotonic() - started >= seconds:
                break
            if watchdog:
                # a hang inside C code does not see the alarm: dump every stack and exit
                faulthandler.dump_traceback_later(watchdog, exit=True)
            if self.save:
                # what was running, should a hang inside C code kill the process
                write_atomic(self.save / "current-input.txt", f"{index}\n")
            self.run_input(index)
            now = time.monotonic()
            if progress and now - last >= progress:
                last = now
                print(f"[{now - started:.0f} s] {self.summary.line()}", file=self.out,
                      flush=True)
        return self.summary


def _encode_and_write_back(instance: Any) -> bool:
    """Encode `instance` (False: it was refused with an InputError, which is fine), then write
    it as .puz, which must read back cleanly to an instance written the same way (to_puz may
    normalise: an empty title, words that fit no slot)."""
    module = registry.kind(instance.KIND)
    try:
        module.encode(instance)
    except InputError:
        return False
    text = module.to_puz(instance)
    try:
        back = load_text(text, "written-back.puz").instances
    except InputError as error:
        raise AssertionError(f"to_puz wrote text that does not read back: {error}\n"
                             f"{text}") from None
    again = [module.to_puz(other) for other in back]
    if again != [text]:
        raise AssertionError(f"to_puz, read, to_puz gives another text:\n{text}\n"
                             f"{again!r}")
    return True


def _indent(text: str) -> str:
    return "".join("    " + line + "\n" for line in text.rstrip().splitlines())


def run(count: int | None, seed: int = 0, reader_names: Sequence[str] | None = None, *,
        start: int = 0, seeds_per_kind: int = 20, encode_rate: float = ENCODE_RATE,
        read_limit: float = READ_LIMIT, save: Path | None = None,
        out: io.TextIOBase | None = None, progress: float = 0,
        watchdog: float = 0, seconds: float | None = None) -> Summary:
    """Fuzz `count` inputs (numbered from `start`; None: until `seconds` have passed) and
    return the counts and failures."""
    if count is None and seconds is None:
        raise ValueError("give a count of inputs, a number of seconds, or both")
    out = out or sys.stdout
    if save:
        save.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="satpuzzle-fuzz-") as scratch:
        dictionary = Path(scratch) / "words.txt"
        write_atomic(dictionary, "\n".join(WORDS) + "\n")
        fuzzer = Fuzzer(seed, reader_names, seeds_per_kind, encode_rate, read_limit, save,
                        out, str(dictionary))
        for note in fuzzer.summary.skipped:
            print(f"note: {note}", file=out)
        try:
            return fuzzer.run(start, count, progress, watchdog, seconds)
        finally:
            if watchdog:
                faulthandler.cancel_dump_traceback_later()


def report(summary: Summary, out: io.TextIOBase) -> None:
    sites = Counter(f.signature for f in summary.failures)
    if sites:
        print("failures by crash site:", file=out)
        for signature, number in sites.most_common():
            print(f"  {number:6d}  {signature}", file=out)
    print(summary.line(), file=out)


# ---------------------------------------------------------------- the mutations as strategies


class DrawRandom:
    """The methods of random.Random that the mutations call, each answered by a Hypothesis
    `draw`: a mutation given one of these is a strategy step, shrinkable like any other."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def randint(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def randrange(self, start: int, stop: int | None = None) -> int:
        low, high = (0, start) if stop is None else (start, stop)
        return self.draw(st.integers(low, high - 1))

    def random(self) -> float:
        return self.draw(st.floats(0, 1, exclude_max=True))

    def choice(self, items: Sequence[Any]) -> Any:
        return self.draw(st.sampled_from(items))

    def expovariate(self, rate: float) -> float:
        return self.draw(st.floats(0, 12 / rate))


@functools.cache
def seed_texts() -> tuple[str, ...]:
    """The starting texts of a run of seed 0: instances/ and the generated valid texts (the
    file a generated crossword may name is left out: it exists only during a run)."""
    pool_rng = random.Random("satpuzzle-fuzz-pool/0")
    return tuple(s.text for s in file_seeds() + generated_seeds(pool_rng, 20))


@functools.cache
def seed_mutator() -> Mutator:
    return Mutator(seed_texts())


@st.composite
def mutations(draw: Callable[[st.SearchStrategy[Any]], Any], texts: st.SearchStrategy[str],
              edit: str | None = None) -> str:
    """A text of `texts` after the run's mutations (1 to 8 random edits), or after the one
    edit of the Mutator named `edit` (`flip_bits`, `splice`, ...). Lines, tokens and texts
    to splice come from `seed_texts()`. A text with a stray surrogate stands for bytes that
    are not UTF-8 (see `as_file_text`)."""
    mutator, text, rng = seed_mutator(), draw(texts), DrawRandom(draw)
    if edit is None:
        return mutator.mutate(rng, text)  # type: ignore[arg-type]
    return getattr(mutator, edit)(rng, text)[:MAX_INPUT]


EDITS = ("flip_bits", "insert_line", "delete_line", "duplicate_line", "swap_lines",
         "insert_token", "delete_token", "duplicate_token", "odd_number", "truncate",
         "odd_characters", "splice", "swap_kind", "swap_value", "repeat_line", "widen_line")


def mutated_seeds(edit: str | None = None) -> st.SearchStrategy[str]:
    """The fuzzer's inputs as a strategy: a starting text, mutated."""
    return mutations(st.sampled_from(seed_texts()), edit)


def as_file_text(text: str, path: str) -> str:
    """The text a reader sees when `text` comes from a file: its bytes decoded as UTF-8
    (an InputError when they are not, as for a file)."""
    return decode_bytes(text.encode("utf-8", "surrogateescape"), path)
