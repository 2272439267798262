"""Crossword's rules over the constraint library (satpuzzle.constraints).

Puzzle variables c(row, col, letter): the white cell holds the letter (rows and columns from
1; a rebus string's "letter" is its symbol, a character after 'z': model.REBUS_BASE);
auxiliary word variables, one per candidate word of each slot (the slot problem's words,
filtered by length, fixed letters and letter sets, then arc consistency between
crossing slots, before any clause is written). The rule book:

1. Every white cell holds one of its allowed letters ("cell").
2. Every slot (a maximal run of two or more white cells) holds one of its candidate words
   ("slot"); the word spells its letters in the slot's cells ("spell"), and a letter in a
   cell is there because some candidate word of the slot has it there ("support").
3. With `distinct`, no word fills two slots ("distinct").

A solution is its cell letters, one per white cell, so blocking on them is sound and short.
The word ↔ letter clauses are built as numpy blocks (constraints.bulk): a large grid has
millions of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from satpuzzle.cnf import Formula
from satpuzzle.constraints import Model
from satpuzzle.constraints.bulk import binary_clauses, clause_block
from satpuzzle.kinds.crossword import FAMILIES
from satpuzzle.kinds.crossword.problem import SlotProblem, slot_problem

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

KIND = "crossword"
Uses = list[tuple[np.ndarray, np.ndarray, int]]  # (word numbers, word variables, length)


def encode(instance: CrosswordInstance) -> Formula:
    """The rule book over the instance's arc-consistent slot problem."""
    return encode_problem(instance, slot_problem(instance))


def encode_problem(instance: CrosswordInstance, problem: SlotProblem) -> Formula:
    """The rule book over `instance`'s arc-consistent slot problem, rule by rule."""
    formula = Formula(KIND)
    model = Model(formula, dict(instance.encodings), FAMILIES)
    formula.one_hot = True  # one letter variable true per white cell
    allowed = problem.cell_letters()
    formula.summary = [
        f"size: {len(instance.grid)}x{len(instance.grid[0])}, {len(problem.slots)} slots",
        (f"dictionary: {len(instance.words)} words, "
         f"{sum(d.bit_count() for d in problem.domains)} candidates after arc consistency"),
    ]
    # letter_vars[cell][k] = variable of letter k in the cell (0 where k is not allowed)
    letter_vars: dict[tuple[int, int], np.ndarray] = {}
    for (r, c), letters in sorted(allowed.items()):
        idents = [model.var("c", r + 1, c + 1, ch) for ch in letters]
        model.exactly_one("cell", idents, example="every white cell holds one letter")
        table = np.zeros(problem.alphabet, dtype=np.int64)  # letters, then rebus symbols
        table[[ord(ch) - 97 for ch in letters]] = idents
        letter_vars[(r, c)] = table
    uses: Uses = []
    for number, slot in enumerate(problem.slots):
        numbers = problem.slot_numbers(number)
        word_vars = model.fresh(len(numbers)) + np.arange(len(numbers), dtype=np.int64)
        model.at_least_one("slot", word_vars.tolist(), example="every slot holds a word")
        spelled(model, problem.index(number).matrix[numbers], word_vars,
                [letter_vars[cell] for cell in slot])
        uses.append((numbers, word_vars, len(slot)))
    if instance.distinct:
        distinct_words(model, spelled_uses(problem, uses) if problem.word_of else uses)
    return formula


def spelled_uses(problem: SlotProblem, uses: Uses) -> Uses:
    """`uses` with each candidate numbered by the word it spells (a rebus spelling and the
    word itself alike), all under one length: distinct words as the grid reads them."""
    assert problem.word_of is not None
    number: dict[str, int] = {}
    spelled: Uses = []
    for slot, (numbers, word_vars, _) in enumerate(uses):
        words = problem.index(slot).words
        ids = [number.setdefault(problem.word_of[words[n]], len(number)) for n in numbers]
        spelled.append((np.array(ids, dtype=np.int64), word_vars, 0))
    return spelled


def spelled(model: Model, spelled: np.ndarray, word_vars: np.ndarray,
            cell_tables: list[np.ndarray]) -> None:
    """Rule 2, word ↔ letters, as numpy blocks: each word implies its letter in every cell
    (binary clauses), and each allowed letter of a cell implies one of the words having it
    there (one long clause per cell and letter)."""
    for position, table in enumerate(cell_tables):
        letters = spelled[:, position].astype(np.int64)
        binary_clauses(model, "spell", -word_vars, table[letters],
                       what="a word spells its letters", example="a word spells its letters")
        order = np.argsort(letters, kind="stable")
        sorted_letters = letters[order]
        present = np.flatnonzero(table)
        starts = np.searchsorted(sorted_letters, present, side="left")
        stops = np.searchsorted(sorted_letters, present, side="right")
        pieces, ends, length = [], [], 0
        for letter, start, stop in zip(present, starts, stops):
            pieces += [np.array([-table[letter]]), word_vars[order[start:stop]]]
            length += 1 + stop - start
            ends.append(length)
        if pieces:
            clause_block(model, "support", np.concatenate(pieces), np.array(ends),
                         what="a letter needs a word having it there",
                         example="a cell's letter comes from a word of its slot")


def distinct_words(model: Model, uses: Uses) -> None:
    """Rule 3: at most one slot takes each word (slots of one length share word numbers)."""
    for length in sorted({length for _, _, length in uses}):
        numbers = np.concatenate([n for n, _, size in uses if size == length])
        variables = np.concatenate([v for _, v, size in uses if size == length])
        order = np.argsort(numbers, kind="stable")
        numbers, variables = numbers[order], variables[order]
        bounds = np.flatnonzero(np.diff(numbers)) + 1
        for group in np.split(variables, bounds):
            if len(group) > 1:
                model.at_most_one("distinct", group.tolist(),
                                  example="no word fills two slots")
