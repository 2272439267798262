"""A Sudoku as janko.at text (satpuzzle/codecs/janko.py): its grid, `-` an empty cell, a
digit a given; a jigsaw (Chaos) Sudoku's region labels after it, one a cell; a Killer's grid
holding each cage's total in one cell of the cage, its labels naming its cages. Which of the
two a text with labels is, its words say (`_is_killer`); a text both could be (a 1×1 grid
alone) is refused, not guessed. The boxes are the default shape for the order (9 → 3×3,
6 → 2×3); an order with no such box (a prime) is read only with its regions (or cages)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from satpuzzle.codecs.janko import (
    EMPTY,
    UNKNOWN,
    JankoCodec,
    Layout,
    Words,
    cannot_carry,
    dotted,
    grid_spec,
    grid_words,
    plain,
    word,
)
from satpuzzle.codecs.native import natural
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import Block
from satpuzzle.instances import Instance
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.sudoku import KIND
from satpuzzle.kinds.sudoku.cages import total_range

if TYPE_CHECKING:
    from satpuzzle.kinds.sudoku.puzzle import SudokuInstance


def fit(text: str, lay: Layout) -> int:
    if not grid_words(lay) or lay.rows != lay.cols:
        return Fit.NO
    if lay.regions:  # region lines after the grid: only a jigsaw or Killer Sudoku has them
        return Fit.CERTAIN
    return KIND.fit(plain(lay, ".")) if _has_boxes(lay.rows) else Fit.NO


def _has_boxes(size: int) -> bool:
    """Whether an N×N Sudoku has boxes of more than one row and column (N not prime): a
    janko.at Sudoku of prime order is a jigsaw, with its regions."""
    return size >= 4 and any(size % d == 0 for d in range(2, math.isqrt(size) + 1))


def read(lay: Layout) -> Instance:
    where = lay.header[0]
    if lay.rows != lay.cols:
        raise where.error(f"a Sudoku grid is square; the janko.at header says {lay.rows} rows "
                          f"and {lay.cols} columns")
    if lay.regions and _is_killer(lay):
        return KIND.from_spec(_killer_spec(lay))
    return KIND.from_spec(grid_spec("sudoku", lay, dotted(lay)))


# ---------------------------------------------------------------- Killer Sudoku


def _labelled(lay: Layout) -> dict[str, list[tuple[int, int]]]:
    """The cells of each label of the second grid, labels in the order their first cells
    are read (row by row)."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(lay.regions):
        for c, label in enumerate(row):
            cells.setdefault(label.text, []).append((r, c))
    return cells


def _is_killer(lay: Layout) -> bool:
    """Whether a square grid with labels after it is a Killer (its labels cages, its numbers
    their totals) rather than a jigsaw Sudoku; an InputError when it could be either.

    A jigsaw's labels are N regions of N cells and its numbers digits 1..N; a Killer's every
    cage holds one number (or `?`), and a cage of k cells a total that k different digits of
    1..N reach. Both hold only when each of N regions of N cells holds one number N(N+1)/2
    ≤ N: a 1×1 grid. A text that is neither is read the way it leans, for its errors: as a
    Killer when a number can only be a total (above N, or `?`) or when there are more labels
    than N and most of them hold exactly one number."""
    size = lay.rows
    cells = _labelled(lay)
    clues = [[t.text != EMPTY for t in row] for row in lay.grid]
    numbers = {label: sum(clues[r][c] for r, c in members) for label, members in cells.items()}
    words = [t.text for row in lay.grid for t in row if t.text != EMPTY]
    beyond = any(not natural(word) or int(word) > size for word in words)
    killer = all(count == 1 for count in numbers.values())
    jigsaw = (not beyond and len(cells) == size
              and all(len(members) == size for members in cells.values()))
    if killer and jigsaw:
        totals = [int(lay.grid[r][c].text) for members in cells.values()
                  for r, c in members if clues[r][c]]
        low, high = total_range(size, size)
        if any(not low <= total <= high for total in totals):
            return False  # what the numbers allow: digits, not totals
        raise lay.header[0].error(
            "this janko.at text could be a jigsaw Sudoku (its regions after the grid) or a "
            "Killer Sudoku (its cages and their totals); satpuzzle does not guess: write it "
            "as a .puz file, with a 'regions' or a 'cages' block")
    if killer or jigsaw:
        return killer
    single = sum(count == 1 for count in numbers.values())
    return beyond or (len(cells) > size and 2 * single > len(cells))


def _killer_spec(lay: Layout) -> PuzzleSpec:
    """The Sudoku spec of a janko.at Killer: an empty grid and a `cages` block whose lines
    stand where the text's words do (each cage's total at its number, its cells at their
    labels), so that the Sudoku reader's checks (a connected cage of at most N cells, a
    total its cells can reach) point at them. A cage without a number, or with two, is
    refused here."""
    where = lay.header[0]
    rows: list[list[Token]] = []
    for label, members in _labelled(lay).items():
        clues = [lay.grid[r][c] for r, c in members if lay.grid[r][c].text != EMPTY]
        first = lay.regions[members[0][0]][members[0][1]]
        if not clues:
            raise first.error(f"cage {label!r} holds no total: each cage of a Killer Sudoku "
                              "writes its total (or '?') in one of its cells of the grid")
        if len(clues) > 1:
            at = clues[0].pos
            raise clues[1].error(f"cage {label!r} holds a second number (its first, "
                                 f"{clues[0].text}, at line {at.line}, column {at.column}): "
                                 "a Killer cage holds its total alone")
        total = clues[0]
        if total.text != UNKNOWN and not natural(total.text):
            raise total.error(f"cage total {total.text!r} is not a number: a Killer cage "
                              "writes its total as digits, or '?'")
        if natural(total.text) and len(total.text.lstrip("0")) > 9:
            raise total.error(f"cage total {total.text} out of range: a cage of "
                              f"{len(members)} cell(s) adds up to at most "
                              f"{total_range(len(members), lay.rows)[1]}")
        head = "?" if total.text == UNKNOWN else str(int(total.text))
        rows.append([Token(f"{head}:", total.pos)]
                    + [Token(f"r{r + 1}c{c + 1}", lay.regions[r][c].pos) for r, c in members])
    grid = [[Token(".", t.pos) for t in row] for row in lay.grid]
    blocks = {"grid": Block(Token("grid", where.pos), grid),
              "cages": Block(Token("cages", lay.regions[0][0].pos), rows)}
    return PuzzleSpec(Token("sudoku", where.pos), None, {}, blocks, Path("."))


# ---------------------------------------------------------------- writing


def words(instance: SudokuInstance) -> Words:
    if instance.diagonals:
        raise cannot_carry("a Sudoku X (its diagonals) cannot be written in this format")
    if instance.cages:
        return _killer_words(instance)
    grid = [[word(v) for v in row] for row in instance.givens]
    regions = [] if instance.regions is None else [
        [str(region + 1) for region in row] for row in instance.regions]
    return grid, regions


def _killer_words(instance: SudokuInstance) -> Words:
    """A Killer: each cage's total (`?` without one) in its first cell (row by row), `-`
    elsewhere; then the cages' labels, 1.. in the order of their first cells."""
    if instance.regions is not None:
        raise cannot_carry("its layout has one grid of labels, the cages of a Killer or the "
                           "regions of a jigsaw Sudoku, not both")
    if any(any(row) for row in instance.givens):
        raise cannot_carry("the grid of a Killer holds its cage totals, with no place for "
                           "given digits")
    size = instance.size
    grid = [[EMPTY] * size for _ in range(size)]
    labels = [[""] * size for _ in range(size)]
    for number, cage in enumerate(sorted(instance.cages, key=lambda cage: cage.cells), 1):
        r, c = cage.cells[0]
        grid[r][c] = UNKNOWN if cage.total is None else str(cage.total)
        for r, c in cage.cells:
            labels[r][c] = str(number)
    if any("" in row for row in labels):
        raise cannot_carry("every cell of a janko.at Killer is in a cage")
    return grid, labels


def why_another(instance: SudokuInstance) -> str | None:
    """Boxes of another shape than the default for the order read back as the default."""
    if instance.regions is None:
        from satpuzzle.kinds.sudoku.puzzle import default_box

        if (instance.box_rows, instance.box_cols) != default_box(instance.size):
            return (f"its {instance.box_rows}x{instance.box_cols} boxes would read back as "
                    "the default shape for its order")
    return None


JANKO = JankoCodec(fit, read, words, regions=True, why_another=why_another)
