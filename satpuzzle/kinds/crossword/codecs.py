"""Crosswords in the exchange formats: JSON (the grid one row a line), and the constructors'
files (Across Lite, ipuz, xd: read by satpuzzle/formats into a GridFile) as fill problems."""

from __future__ import annotations

from dataclasses import replace

from satpuzzle.codecs.gridfile import BLOCK, OPEN, GridFile, RebusCell, entries
from satpuzzle.codecs.json_reader import Fields, JsonCodec, JsonPath, Schema
from satpuzzle.errors import InputError
from satpuzzle.instances import JSONOut, Options
from satpuzzle.kinds.crossword import MAX_REBUS_LETTERS, MIN_REBUS_LETTERS
from satpuzzle.kinds.crossword.model import IMPLIED, MAX_CELLS, MAX_SCORE, CrosswordInstance
from satpuzzle.kinds.crossword.puzzle import refuse_bars
from satpuzzle.kinds.crossword.reading import parse_grid_rows, rebus_list, require_slot, with_slots
from satpuzzle.kinds.crossword.rendering import fill_cells
from satpuzzle.kinds.crossword.wordlists import (
    dictionary_from_options,
    normalize_scored,
    normalize_words,
)


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
            parse_grid_rows([[token]], token)
        except InputError as exc:
            if exc.message.startswith("$"):
                raise
            raise f.document.error(f.at("grid", i), exc.message, exc.line,
                                   exc.column) from None
        rows.append([token])
    grid = parse_grid_rows(rows, f.token("grid"))
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
    listed = normalize_scored(texts, answers=False) if scores is not None else None
    words = listed.words if listed else normalize_words(texts)[0]
    if not words:
        raise r.fail(f.at("words"), "the word list is empty (no word of letters a-z)")
    distinct = r.boolean(f.get("distinct", False), f.at("distinct"))
    rebus = []
    if "rebus" in f.data:  # strings every open cell may hold besides a letter
        for i, value in enumerate(r.array(f.data["rebus"], f.at("rebus"))):
            text = r.string(value, f.at("rebus", i))
            if not (text.isascii() and text.isalpha() and text.islower()
                    and MIN_REBUS_LETTERS <= len(text) <= MAX_REBUS_LETTERS):
                raise r.fail(f.at("rebus", i), f"expected a rebus string of "
                                               f"{MIN_REBUS_LETTERS} to "
                                               f"{MAX_REBUS_LETTERS} letters a-z")
            rebus.append(text)
    try:
        instance = CrosswordInstance(grid, words, distinct, title,
                                     scores=listed.scores if listed else None,
                                     rebus=tuple(rebus))
    except InputError as exc:  # too many rebus strings
        raise r.fail(f.at("rebus" if "rebus" in f.data else "grid"), exc.message) from None
    return with_slots(instance, f.token("grid"))


def _score(r: Schema, value: object, at: JsonPath) -> int:
    if type(value) is not int or abs(value) > MAX_SCORE:
        raise r.fail(at, f"expected a whole number within ±{MAX_SCORE:,}")
    return value


def write_json(instance: CrosswordInstance) -> dict[str, JSONOut]:
    refuse_bars(instance, "satpuzzle's JSON")
    data: dict[str, JSONOut] = {
        "grid": ["".join(row) for row in instance.grid], "words": list(instance.words),
            "distinct": instance.distinct}
    if instance.scores is not None:
        data["scores"] = list(instance.scores)
    if instance.rebus:
        data["rebus"] = list(instance.rebus)
    return data


JSON = JsonCodec(("grid", "words", "distinct", "scores", "rebus"), ("grid", "words"), read_json,
                 write_json, one_a_line=("grid",))


# ---------------------------------------------------------------- constructors' files


def fill_problem(document: GridFile, path: str,
                 options: Options | None = None) -> CrosswordInstance:
    """The fill problem of a constructor's file: its blocks, the letters given in its grid
    (typed in the player's grid or pre-filled by the puzzle) and, with --keep-solution, the
    letters of its solution too; every other cell open. Words: --dict's list (`options`, as the
    command line gives them); without one, the file's own answers, so that the puzzle is
    whole by itself (`export`, `import`; `solve` then finds the constructor's fill again).
    Rebus cells, as --rebus says (rebus_cells): by default those of the file's solution hold
    one of its rebus strings."""
    keep_solution = bool(options and options.get("keep_solution"))
    if options and options.get("ignore_typed") and document.typed:
        document = _without_typed(document)
    width = document.width
    if len(document.cells) * width > MAX_CELLS:
        raise InputError(f"grid of {len(document.cells)}×{width} cells is too large (at most "
                         f"{MAX_CELLS} cells)", path)
    rule = (options or {}).get("rebus") or ("file" if document.rebus else None)
    grid = tuple(tuple(_cell(given, answer, keep_solution) for given, answer in zip(row, key))
                 for row, key in zip(document.cells, document.solution))
    grid = _with_rebus(grid, document, rule, keep_solution)
    rebus = rebus_list(rule, path)
    require_slot(grid, path, document.bars)  # before a dictionary's summary line
    scores = None
    if options and options.get("dict"):  # with scores when the list has them (best first)
        listed = dictionary_from_options(options)
        words, scores = listed.words, listed.scores
    else:
        words = _answers(document, path, rule != "none")
    distinct = bool(options and options.get("distinct"))
    try:
        return CrosswordInstance(grid, words, distinct, _title(document.title), scores=scores,
                                 source=document, bars=document.bars, rebus=rebus)
    except InputError as exc:  # too many rebus strings
        raise exc.at(path) from None


def rebus_strings(document: GridFile) -> dict[tuple[int, int], str]:
    """The file's rebus cells a fill can hold: (row, col) -> their string, lower-case (2 to
    MAX_REBUS_LETTERS letters a-z; a cell of other characters is left out)."""
    return {cell: letters.lower() for cell, letters in document.rebus_cells().items()
            if letters.isascii() and letters.isalpha()
            and MIN_REBUS_LETTERS <= len(letters) <= MAX_REBUS_LETTERS}


def _with_rebus(grid: tuple[tuple[str, ...], ...], document: GridFile, rule: str | None,
                keep_solution: bool) -> tuple[tuple[str, ...], ...]:
    """The grid with the file's rebus cells as `rule` says: `file` one of the file's strings,
    `implied` any implied one `(*)`, a list of strings (every open cell may hold one) an
    open cell as the others; a cell given or typed with its whole string (the file's `cells`
    then hold its first letter), or any with --keep-solution, its own string given; `none`
    or no rule: the cell as any other, one letter."""
    found = rebus_strings(document)
    if not found or rule in (None, "none"):
        return grid
    choices = "(" + "|".join(sorted(set(found.values()))) + ")"
    rows = [list(row) for row in grid]
    for (r, c), string in found.items():
        if keep_solution or document.cells[r][c] != OPEN:
            rows[r][c] = f"({string})"
        elif rule in ("file", "implied"):
            rows[r][c] = IMPLIED if rule == "implied" else choices
    return tuple(map(tuple, rows))


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


def answer_texts(document: GridFile, rebus: bool = True) -> list[str]:
    """The answers the file's solution spells, a rebus cell with its whole string (unless
    not `rebus`: its first letter), as the file writes them (upper-case; `.` an unknown
    cell)."""
    strings = ({cell: letters.upper() for cell, letters in rebus_strings(document).items()}
               if rebus else {})
    return ["".join(strings.get((r, c)) or document.solution[r][c] for r, c in entry.cells())
            for entry in entries(document.cells, document.bars)]


def _answers(document: GridFile, path: str, rebus: bool = True) -> tuple[str, ...]:
    """The answers the file's solution spells in full, as a word list (answer_texts)."""
    found: dict[str, None] = {}
    for word in answer_texts(document, rebus):
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
    """A fill (rows of letters, `0` for blocks, `(heart)` a rebus cell) as GridFile rows:
    capitals, `#` blocks, a rebus cell's first letter (filled_rebus has its string)."""
    return tuple("".join(BLOCK if cell == "0" else cell[0].upper()
                         for cell in fill_cells(row)) for row in fill)


def filled_rebus(instance: CrosswordInstance, fill: tuple[str, ...]) -> tuple[RebusCell, ...]:
    """The cells of `fill` that hold several letters (a rebus), for a writer: GridFile.rebus
    of the filled grid, whose `filled_rows` hold their first letters."""
    return tuple((r, c, cell.upper()) for r, row in enumerate(fill)
                 for c, cell in enumerate(fill_cells(row)) if len(cell) > 1)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
NATIVE = ()
