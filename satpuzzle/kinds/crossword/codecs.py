"""Crosswords in the exchange formats: JSON (the grid one row a line), and the constructors'
files (Across Lite, ipuz, xd: read by satpuzzle/formats into a GridFile) as fill problems."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from satpuzzle.codecs.gridfile import BLOCK, OPEN, GridFile, RebusCell, entries
from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.errors import InputError
from satpuzzle.kinds.crossword import puzzle as crossword
from satpuzzle.kinds.crossword.puzzle import CrosswordInstance


def read_json(f: Fields, title: str | None) -> CrosswordInstance:
    r = f.reader
    lines = r.array(f.data["grid"], f.at("grid"), nonempty=True)
    rows = []
    for i, line in enumerate(lines):
        text = r.string(line, f.at("grid", i))
        if not text:
            raise r.fail(f.at("grid", i), "expected a non-empty row of cells")
        token = f.token("grid", i, text=text)
        try:  # one row at a time, so that a bad cell is reported with its row's path
            crossword.parse_grid_rows([[token]], token)
        except InputError as exc:
            if exc.message.startswith("$"):
                raise
            raise f.document.error(f.at("grid", i), exc.message, exc.line,
                                   exc.column) from None
        rows.append([token])
    grid = crossword.parse_grid_rows(rows, f.token("grid"))
    entries = r.array(f.data["words"], f.at("words"))
    texts = [r.string(word, f.at("words", i)) for i, word in enumerate(entries)]
    scores = None
    if "scores" in f.data:  # one whole number per entry of "words"
        values = r.array(f.data["scores"], f.at("scores"))
        if len(values) != len(texts):
            raise r.fail(f.at("scores"), f"expected {len(texts)} scores, one per word, "
                                         f"found {len(values)}")
        scores = [_score(r, value, f.at("scores", i)) for i, value in enumerate(values)]
        texts = [f"{text};{score}" for text, score in zip(texts, scores)]
    listed = crossword.normalize_scored(texts, answers=False) if scores is not None else None
    words = listed.words if listed else crossword.normalize_words(texts)[0]
    if not words:
        raise r.fail(f.at("words"), "the word list is empty (no word of letters a-z)")
    distinct = r.boolean(f.get("distinct", False), f.at("distinct"))
    instance = CrosswordInstance(grid, words, distinct, title,
                                 scores=listed.scores if listed else None)
    return crossword._with_slots(instance, f.token("grid"))


def _score(r: Any, value: object, at: Any) -> int:
    if type(value) is not int or abs(value) > crossword.MAX_SCORE:
        raise r.fail(at, f"expected a whole number within ±{crossword.MAX_SCORE:,}")
    return value


def write_json(instance: CrosswordInstance) -> dict[str, Any]:
    crossword.refuse_bars(instance, "satpuzzle's JSON")
    data = {"grid": ["".join(row) for row in instance.grid], "words": list(instance.words),
            "distinct": instance.distinct}
    if instance.scores is not None:
        data["scores"] = list(instance.scores)
    return data


JSON = JsonCodec(("grid", "words", "distinct", "scores"), ("grid", "words"), read_json,
                 write_json, one_a_line=("grid",))


# ---------------------------------------------------------------- constructors' files


def fill_problem(document: GridFile, path: str,
                 options: dict[str, Any] | None = None) -> CrosswordInstance:
    """The fill problem of a constructor's file: its blocks, the letters given in its grid
    (typed in the player's grid or pre-filled by the puzzle) and, with --keep-solution, the
    letters of its solution too; every other cell open. Words: --dict's list (`options`, as the
    command line gives them); without one, the file's own answers, so that the puzzle is
    whole by itself (`export`, `import`; `solve` then finds the constructor's fill again)."""
    keep_solution = bool(options and options.get("keep_solution"))
    if options and options.get("ignore_typed") and document.typed:
        document = _without_typed(document)
    width = document.width
    if len(document.cells) * width > crossword.MAX_CELLS:
        raise InputError(f"grid of {len(document.cells)}×{width} cells is too large (at most "
                         f"{crossword.MAX_CELLS} cells)", path)
    grid = tuple(tuple(_cell(given, answer, keep_solution) for given, answer in zip(row, key))
                 for row, key in zip(document.cells, document.solution))
    crossword._require_slot(grid, path, document.bars)  # before a dictionary's summary line
    scores = None
    if options and options.get("dict"):  # with scores when the list has them (best first)
        listed = crossword.dictionary_from_options(options)
        words, scores = listed.words, listed.scores
    else:
        words = _answers(document, path)
    distinct = bool(options and options.get("distinct"))
    return CrosswordInstance(grid, words, distinct, _title(document.title), scores=scores,
                             source=document, bars=document.bars)


def _without_typed(document: GridFile) -> GridFile:
    """`document` with the letters typed in its player's grid opened (--ignore-typed)."""
    cells = tuple("".join(OPEN if typed.isalpha() else cell for cell, typed in zip(row, mask))
                  for row, mask in zip(document.cells, document.typed))
    return replace(document, cells=cells, typed=())


def _cell(given: str, answer: str, keep_solution: bool) -> str:
    if given == BLOCK:
        return "0"
    if given != OPEN:
        return given.lower()
    if keep_solution and answer not in (BLOCK, OPEN):
        return answer.lower()
    return "1"


def _answers(document: GridFile, path: str) -> tuple[str, ...]:
    """The answers the file's solution spells in full, as a word list."""
    found: dict[str, None] = {}
    for entry in entries(document.cells, document.bars):
        word = "".join(document.solution[r][c] for r, c in entry.cells())
        if word.isalpha():
            found.setdefault(word.lower(), None)
    if not found:
        raise InputError("the file holds no complete answer to use as the word list; give a "
                         "dictionary: satpuzzle solve FILE --dict WORDS", path)
    return tuple(found)


def _title(title: str) -> str | None:
    """A title the language can write (one line, no double quote)."""
    shown = " ".join(title.replace('"', "'").split())
    return shown or None


def grid_file(instance: CrosswordInstance) -> GridFile:
    """The constructor's file of `instance`: the one it was read from, or one made of its
    grid (blocks, given letters, no clues)."""
    if instance.source is not None:
        return instance.source
    cells = tuple("".join(BLOCK if cell == "0" else cell.upper() if len(cell) == 1
                          and cell.isalpha() else OPEN for cell in row)
                  for row in instance.grid)
    solution = tuple("".join(cell if cell == BLOCK else OPEN for cell in row) for row in cells)
    return GridFile("satpuzzle", cells, solution, title=instance.title or "",
                    bars=instance.bars)


def filled_rows(fill: tuple[str, ...]) -> tuple[str, ...]:
    """A fill (rows of letters, `0` for blocks) as GridFile rows: capitals, `#` blocks."""
    return tuple("".join(BLOCK if cell == "0" else cell.upper() for cell in row)
                 for row in fill)


def filled_rebus(instance: CrosswordInstance, fill: tuple[str, ...]) -> tuple[RebusCell, ...]:
    """The cells of `fill` that hold several letters (a rebus), for a writer: GridFile.rebus
    of the filled grid, whose `filled_rows` hold their first letters."""
    return ()


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
NATIVE = ()
