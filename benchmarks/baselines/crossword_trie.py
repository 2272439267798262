"""Crossword filling by prefix trees and backtracking, as in the crossword assignment (sections 1-2).

The grid's white cells are numbered in row-major order, a total order compatible with every
horizontal word (left to right) and every vertical word (top to bottom). Each maximal run of
two or more white cells is a slot that must hold a dictionary word of its length. Each slot
gets a prefix tree (trie) of its candidate words; a trie node is a dict from letter to child
node, and a node's keys are in increasing order because the tries are built from sorted words.

The search (section 2, "Une approche possible") fills the cells in that static order. At cell k
the letters allowed are A_k = (letters extending the current prefix node of the cell's
horizontal slot) ∩ (letters extending the current prefix node of its vertical slot), tried in
increasing order; an empty A_k sends the search back to the previous cell for its next letter.
Every full assignment reached is a solution, so solutions come in lexicographic order of the
row-major letter sequence. The state is one current node per slot position (the seed's stack of
sub-dictionaries), overwritten in place when the search moves forward, so backtracking costs
nothing.

Pre-filled letters and letter sets (section 2.2) are handled up front: each slot's trie holds
only the words whose letters are allowed in the slot's cells, so A_k never offers a forbidden
letter. Slots with the same length and the same cell restrictions share one trie; unrestricted
slots of one length share the plain trie of that length. A white cell in no slot (a run of
length 1 both ways) is free: it takes every letter its cell allows.

Grid notation: one string per row; '1' is a white cell, '0' a black cell, a letter a-z a
pre-filled white cell, and "[abc]" a white cell restricted to the letters a, b, c.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from string import ascii_lowercase

__all__ = ["solutions"]

# Trie node: letter -> child node; the nodes at a word's full length are empty dicts.
Trie = dict[str, "Trie"]

_CELL = re.compile(r"\[([a-z]+)\]|([01a-z])")
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class _Slot:
    """One maximal run of 2 or more white cells, as indices into the white-cell order."""

    cells: tuple[int, ...]


@dataclass
class _Puzzle:
    """The parsed grid: its shape, the white cells in search order and their allowed letters."""

    rows: int
    cols: int
    positions: list[int]  # flat index (row * cols + col) of each white cell, row-major
    allowed: list[str]  # sorted letters allowed in each white cell


def _parse_row(row: str, r: int) -> list[str | None]:
    """Cells of one row: None for a black cell, else the sorted letters the cell allows."""
    cells: list[str | None] = []
    pos = 0
    while pos < len(row):
        match = _CELL.match(row, pos)
        if match is None:
            raise ValueError(f"row {r}: bad cell at character {pos} in {row!r}")
        letter_set, single = match.groups()
        if letter_set is not None:
            cells.append("".join(sorted(set(letter_set))))
        elif single == "0":
            cells.append(None)
        else:
            cells.append(ascii_lowercase if single == "1" else single)
        pos = match.end()
    return cells


def _parse_grid(grid: list[str]) -> _Puzzle:
    if isinstance(grid, str):
        raise TypeError("grid must be a list of row strings, not one string")
    parsed = []
    for r, row in enumerate(grid):
        if not isinstance(row, str):
            raise TypeError(f"row {r} is not a string: {row!r}")
        parsed.append(_parse_row(row, r))
    cols = len(parsed[0]) if parsed else 0
    for r, cells in enumerate(parsed):
        if len(cells) != cols:
            raise ValueError(f"row {r} has {len(cells)} cells, row 0 has {cols}")
    positions: list[int] = []
    allowed: list[str] = []
    for r, cells in enumerate(parsed):
        for c, cell in enumerate(cells):
            if cell is not None:
                positions.append(r * cols + c)
                allowed.append(cell)
    return _Puzzle(rows=len(parsed), cols=cols, positions=positions, allowed=allowed)


def _find_slots(puzzle: _Puzzle) -> list[_Slot]:
    """Horizontal then vertical maximal runs of length >= 2, each in reading order."""
    index = {flat: k for k, flat in enumerate(puzzle.positions)}
    lines = [[r * puzzle.cols + c for c in range(puzzle.cols)] for r in range(puzzle.rows)]
    lines += [[r * puzzle.cols + c for r in range(puzzle.rows)] for c in range(puzzle.cols)]
    slots: list[_Slot] = []
    for line in lines:
        run: list[int] = []
        for flat in [*line, None]:  # a sentinel closes the last run of the line
            if flat is not None and flat in index:
                run.append(index[flat])
                continue
            if len(run) >= 2:
                slots.append(_Slot(tuple(run)))
            run = []
    return slots


def _check_words(words: Iterable[str]) -> dict[int, list[str]]:
    """The distinct words, sorted and grouped by length (sorted so trie keys are ordered)."""
    distinct = set(words)
    for word in distinct:
        if not isinstance(word, str):
            raise TypeError(f"not a string: {word!r}")
        if not _WORD.fullmatch(word):
            raise ValueError(f"not a lowercase a-z word: {word!r}")
    by_length: dict[int, list[str]] = {}
    for word in sorted(distinct):
        by_length.setdefault(len(word), []).append(word)
    return by_length


def _build_trie(words: Iterable[str]) -> Trie:
    """Prefix tree of sorted words: every node's keys come out in increasing order."""
    root: Trie = {}
    for word in words:
        node = root
        for letter in word:
            node = node.setdefault(letter, {})
    return root


def _slot_tries(
    slots: list[_Slot], allowed: list[str], by_length: dict[int, list[str]]
) -> list[Trie]:
    """One trie per slot, pruned to the words its cells allow (seed §2.2), shared when equal."""
    cache: dict[tuple[str, ...], Trie] = {}  # keyed by the slot's per-cell allowed letters
    tries = []
    for slot in slots:
        pattern = tuple(allowed[k] for k in slot.cells)
        if pattern not in cache:
            words = by_length.get(len(pattern), [])
            if any(letters != ascii_lowercase for letters in pattern):
                words = [w for w in words if all(a in s for a, s in zip(w, pattern))]
            cache[pattern] = _build_trie(words)
        tries.append(cache[pattern])
    return tries


def _cell_links(n_cells: int, slots: list[_Slot]) -> list[tuple[tuple[int, int], ...]]:
    """Per white cell, its (slot, position in slot) pairs: none, one or two of them."""
    links: list[list[tuple[int, int]]] = [[] for _ in range(n_cells)]
    for s, slot in enumerate(slots):
        for p, k in enumerate(slot.cells):
            links[k].append((s, p))
    return [tuple(cell) for cell in links]


def _search(
    allowed: list[str], links: list[tuple[tuple[int, int], ...]], slots: list[_Slot],
    tries: list[Trie],
) -> Iterator[list[str]]:
    """Backtracking in the static cell order; yields the letter list of each solution.

    The yielded list is the search's own and changes afterwards: the caller copies it out.

    nodes[s][p] is the trie node of slot s after its first p letters in the current prefix: the
    cell at position p reads it and writes nodes[s][p + 1] when it takes a letter. The static
    order guarantees nodes[s][p] was written by the current branch before cell p is reached.
    """
    n = len(allowed)
    if n == 0:
        yield []
        return
    nodes: list[list[Trie]] = [[trie] + [{}] * len(slot.cells) for slot, trie in zip(slots, tries)]
    letters = [""] * n
    choices: list[list[str]] = [[] for _ in range(n)]  # A_k, in increasing order
    tried = [0] * n  # how many letters of A_k have been taken already

    def letters_at(k: int) -> list[str]:
        cell = links[k]
        if not cell:
            return list(allowed[k])  # a free cell
        if len(cell) == 1:
            s, p = cell[0]
            return list(nodes[s][p])
        (hs, hp), (vs, vp) = cell
        across, down = nodes[hs][hp], nodes[vs][vp]
        # Scan the smaller node; both have increasing keys, so A_k comes out sorted.
        if len(down) < len(across):
            across, down = down, across
        return [a for a in across if a in down]

    k = 0
    choices[0] = letters_at(0)
    while k >= 0:
        if tried[k] == len(choices[k]):  # A_k exhausted: back to the previous cell
            k -= 1
            continue
        letter = choices[k][tried[k]]
        tried[k] += 1
        letters[k] = letter
        for s, p in links[k]:
            nodes[s][p + 1] = nodes[s][p][letter]
        if k == n - 1:
            yield letters
        else:
            k += 1
            choices[k] = letters_at(k)
            tried[k] = 0


def _render(puzzle: _Puzzle, letters: list[str]) -> list[str]:
    chars = ["0"] * (puzzle.rows * puzzle.cols)
    for flat, letter in zip(puzzle.positions, letters):
        chars[flat] = letter
    q = puzzle.cols
    return ["".join(chars[r * q:(r + 1) * q]) for r in range(puzzle.rows)]


def solutions(grid: list[str], words: Iterable[str], limit: int | None = None) -> Iterator[list[str]]:
    """Every filling of `grid` by `words`, in lexicographic (row-major) order, lazily.

    Each solution is the grid's rows with letters in the white cells and '0' in the black ones.
    Raises at once, not on first iteration: ValueError on a bad grid, word or limit, TypeError
    on a row or word that is not a string (or a grid given as one string).
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be None or >= 0, not {limit}")
    puzzle = _parse_grid(grid)
    by_length = _check_words(words)
    slots = _find_slots(puzzle)
    tries = _slot_tries(slots, puzzle.allowed, by_length)
    links = _cell_links(len(puzzle.allowed), slots)
    return _generate(puzzle, _search(puzzle.allowed, links, slots, tries), limit)


def _generate(
    puzzle: _Puzzle, found: Iterator[list[str]], limit: int | None
) -> Iterator[list[str]]:
    if limit == 0:
        return
    for count, letters in enumerate(found, start=1):
        yield _render(puzzle, letters)
        if count == limit:
            return
