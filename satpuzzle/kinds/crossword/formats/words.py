"""A crossword file's own entries (a .jpz's `<word>`s, an ipuz clue's `cells`) held to the
entries satpuzzle fills: the straight runs of the grid's open cells between blocks and bars
(satpuzzle.codecs.gridfile.entries). A variety crossword (spiral, marching bands, rows garden,
snake charmer, ...) lists entries that turn, run backwards, or cross a bar; filled by its
straight runs it would get a wrong answer, its clues on no entry, so it is refused, naming the
first word that is not one of its grid's straight runs.

A word that is part of a straight run is no variety when the run is an entry of the file too
(a clue on part of an entry, as kotwords' test of gaps has): its clue is on no entry satpuzzle
fills and is not kept. A word of one cell is no entry either way, and is not checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from satpuzzle.codecs.gridfile import Bar, entries
from satpuzzle.errors import InputError

Cell = tuple[int, int]  # (row, column), from 0
ACROSS, DOWN = (0, 1), (1, 0)


@dataclass(frozen=True)
class Word:
    """One entry as the file lists it: `name` as an error shows it (`clue 'Inward 1-5'`,
    `<word id="3">`), its cells in order."""

    name: str
    cells: tuple[Cell, ...]


def direction(cells: tuple[Cell, ...]) -> str | None:
    """'across' or 'down' when `cells` run forward, one cell a step, along a row or a column;
    None otherwise (or for fewer than two cells)."""
    if len(cells) < 2:
        return None
    step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
    if step not in (ACROSS, DOWN) or _bend(cells) is not None:
        return None
    return "across" if step == ACROSS else "down"


def _bend(cells: tuple[Cell, ...]) -> int | None:
    """The index of the first cell after which a word leaves the way its first step went."""
    step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
    return next((i for i in range(1, len(cells) - 1)
                 if (cells[i + 1][0] - cells[i][0], cells[i + 1][1] - cells[i][1]) != step),
                None)


def _at(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _shape(word: Word) -> str | None:
    """What keeps `word` from being a straight run, or None when it is one."""
    cells = word.cells
    if len(cells) < 2:
        return None
    step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
    if step in ((0, -1), (-1, 0)):
        return f"{word.name} runs backwards from {_at(cells[0])}"
    if step not in (ACROSS, DOWN):
        return f"{word.name} goes from {_at(cells[0])} to {_at(cells[1])}, not the next cell"
    bend = _bend(cells)
    return None if bend is None else f"{word.name} turns at {_at(cells[bend])}"


def _runs(grid: tuple[str, ...], bars: frozenset[Bar]) -> dict[tuple[str, Cell], list[Cell]]:
    """(direction, cell) -> the cells of the grid's entry of that direction through the cell."""
    found = {}
    for entry in entries(grid, bars):
        run = entry.cells()
        for cell in run:
            found[(entry.direction, cell)] = run
    return found


def _placement(word: Word, runs: dict[tuple[str, Cell], list[Cell]]
               ) -> tuple[str | None, dict[tuple[str, Cell], bool]]:
    """What keeps a straight `word` off the grid's entries (`runs`, as _runs gives them; None
    when it is on one), and the entries (direction, first cell) it lies on -> whether it is
    that whole entry."""
    way = direction(word.cells)
    if way is None:
        return None, {}
    run = runs.get((way, word.cells[0]))
    if run is None:
        return f"{word.name} starts at {_at(word.cells[0])}, where no {way} entry runs", {}
    if not set(word.cells) <= set(run):
        outside = next(cell for cell in word.cells if cell not in run)
        return f"{word.name} runs on through a block or across a bar to {_at(outside)}", {}
    return None, {(way, run[0]): tuple(run) == word.cells}


def refuse_variety(words: Iterable[Word], path: str, grid: tuple[str, ...] | None = None,
                   bars: frozenset[Bar] = frozenset(), kind: str = "") -> None:
    """Refuse, in one line naming the first word at fault, a file whose `words` are not the
    straight runs of its grid: a word that turns, runs backwards or skips cells, and (with the
    `grid`, GridFile.cells rows, and its `bars`) one crossing a block or bar, or dividing an
    entry the file lists no word for whole. `kind`: what the file says it is (clue groups,
    a kind's name), shown when given."""
    listed = list(words)
    problem = next((shown for word in listed if (shown := _shape(word))), None)
    if problem is None and grid is not None:
        whole: dict[tuple[str, Cell], bool] = {}
        parts: dict[tuple[str, Cell], Word] = {}
        runs = _runs(grid, bars)
        for word in listed:
            shown, found = _placement(word, runs)
            if shown is not None:
                problem = shown
                break
            for key, is_whole in found.items():
                whole[key] = whole.get(key, False) or is_whole
                if not is_whole:
                    parts.setdefault(key, word)
        else:
            divided = next((key for key, is_whole in whole.items() if not is_whole), None)
            if divided is not None:
                way, start = divided
                problem = (f"{parts[divided].name} is part of the {way} run from "
                           f"{_at(start)}, which satpuzzle fills as one entry")
    if problem is not None:
        said = f"; {kind}" if kind else ""
        raise InputError(f"a variety crossword whose entries are not the straight runs of its "
                         f"grid ({problem}{said}): satpuzzle fills straight-run crosswords "
                         "only", path)
