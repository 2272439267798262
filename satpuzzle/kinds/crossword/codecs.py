"""Crosswords in the exchange formats: JSON (the grid one row a line)."""

from __future__ import annotations

from typing import Any

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
    words, _ = crossword.normalize_words(
        r.string(word, f.at("words", i)) for i, word in enumerate(entries))
    if not words:
        raise r.fail(f.at("words"), "the word list is empty (no word of letters a-z)")
    distinct = r.boolean(f.get("distinct", False), f.at("distinct"))
    instance = CrosswordInstance(grid, words, distinct, title)
    return crossword._with_slots(instance, f.token("grid"))


def write_json(instance: CrosswordInstance) -> dict[str, Any]:
    return {"grid": ["".join(row) for row in instance.grid], "words": list(instance.words),
            "distinct": instance.distinct}


JSON = JsonCodec(("grid", "words", "distinct"), ("grid", "words"), read_json, write_json,
                 one_a_line=("grid",))


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
NATIVE = ()
