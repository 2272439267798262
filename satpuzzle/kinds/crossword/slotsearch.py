"""The slot search, the crossword engine for large grids: branching on whole words, the most
constrained slot first, with arc consistency maintained after each choice and a look-ahead
order of the words. Where the trie's static cell order stalls on large grids (nothing in a
minute on a 15×15 van Beek grid, where building the SAT oracle for the French list took 12 s
and 1.6 GB), it fills them with almost no backtracking: a first fill of that grid with
600,000 French words in a fraction of a second. If it goes as long without a fill as the
oracle would cost, it says so (SearchStalled) and the trie search with its oracle on from the
start answers instead (satpuzzle.kinds.crossword.search).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator

from satpuzzle.kinds.crossword.problem import (
    SlotProblem,
    mask_letters,
    members,
    restricted,
    supported_letters,
)


class SearchStalled(Exception):
    """SlotSearch ran its time allowance without a fill (and so yielded none)."""


class SlotSearch:
    """Every fill, each once, by branching on whole words of one slot at a time: the classic
    constraint-programming crossword search (Ginsberg et al., "Search lessons learned from
    crossword puzzles", AAAI 1990; van Beek's CP model in Beacham, Chen, Sillito & van Beek,
    "Constraint programming lessons learned from crossword puzzles", 2001, section 3).

    Arc consistency between crossing slots is maintained after every choice, on the same bit
    sets as SlotProblem's; the slot with fewest candidates per open crossing goes next (a
    forced one first); its words are tried in
    decreasing order of the product of the candidates each leaves its crossing slots (Ginsberg's
    look-ahead value order), so that a first fill of a large grid comes with hardly any
    backtracking. Each fill is one word per slot, so disjoint branches give every fill once;
    white cells in no slot take each of their letters at the leaves.

    With `stall_after` seconds, fills() raises SearchStalled when that much time has passed
    without a fill, before yielding any: another engine may then take over and still give
    every fill exactly once."""

    def __init__(self, problem: SlotProblem, height: int, width: int, distinct: bool = False,
                 stall_after: float | None = None) -> None:
        self.problem = problem
        self.height, self.width = height, width
        self.distinct = distinct
        self.stall_after = stall_after
        count = len(problem.slots)
        self.indexes = [problem.index(slot) for slot in range(count)]
        # per slot: (its position, the crossing slot, the position there)
        self.crossings: list[list[tuple[int, int, int]]] = [[] for _ in range(count)]
        for pairs in problem.slots_of_cell.values():
            if len(pairs) == 2:
                (a, at_a), (b, at_b) = pairs
                self.crossings[a].append((at_a, b, at_b))
                self.crossings[b].append((at_b, a, at_a))
        self.same_length = [[other for other in range(count) if other != slot
                             and len(problem.slots[other]) == len(problem.slots[slot])]
                            for slot in range(count)]
        self.free_cells = sorted(set(problem.cell_masks) - set(problem.slots_of_cell))
        self.nodes = 0

    def fills(self) -> Iterator[tuple[str, ...]]:
        """Every fill, each once (the order depends on the look-ahead, not the alphabet)."""
        domains = list(self.problem.domains)
        if not all(domains) or not self._propagate(domains, set(range(len(domains)))):
            return
        deadline = (None if self.stall_after is None
                    else time.monotonic() + self.stall_after)
        chosen: list[int | None] = [None] * len(domains)
        # the open branches: (slot, its words still to try, the domains they start from)
        frames = [self._branch(domains, chosen)]
        while frames:
            slot, candidates, base = frames[-1]
            if slot < 0:  # every slot has its word: the leaves
                frames.pop()
                yield from self._leaves(chosen)
                if deadline is not None:
                    deadline = None  # a fill came: no more stalling, every fill follows
                continue
            number = next(candidates, None)
            if number is None:
                frames.pop()
                chosen[slot] = None
                continue
            if self.distinct and self._used(slot, number, chosen):
                continue
            self.nodes += 1
            if deadline is not None and time.monotonic() > deadline:
                raise SearchStalled
            domains = list(base)
            domains[slot] = 1 << number
            if self._propagate(domains, {slot}):
                chosen[slot] = number
                frames.append(self._branch(domains, chosen))

    def _used(self, slot: int, number: int, chosen: list[int | None]) -> bool:
        """Whether another slot holds word `number` of `slot`'s length already (with rebus
        strings: the word it spells, in a slot of any length)."""
        word_of = self.problem.word_of
        if word_of is None:
            return any(chosen[o] == number for o in self.same_length[slot])
        word = word_of[self.indexes[slot].words[number]]
        return any(held is not None and word_of[self.indexes[other].words[held]] == word
                   for other, held in enumerate(chosen) if other != slot)

    def _branch(self, domains: list[int],
                chosen: list[int | None]) -> tuple[int, Iterator[int], list[int]]:
        """The next slot (-1 when all are chosen), its words in look-ahead order, and the
        domains they start from. The slot is a forced one (a single word) if any, else the one
        with fewest candidates per open crossing slot (dom/deg: Bessière & Régin, "MAC and
        combined heuristics", CP 1996): on the 23×23 van Beek grid 23.06 with the English list
        plain fewest-candidates took 99,528 choices, dom/deg 2,769."""
        best, lowest = -1, (0, 0.0)
        crossings = self.crossings
        for slot, domain in enumerate(domains):
            if chosen[slot] is None:
                size = domain.bit_count()
                if size > 1:
                    degree = sum(chosen[other] is None for _, other, _ in crossings[slot])
                    key = (1, size / (degree + 1))
                else:
                    key = (0, 0.0)
                if best < 0 or key < lowest:
                    best, lowest = slot, key
        if best < 0:
            return best, iter(()), domains
        return best, iter(self._value_order(best, domains, chosen)), domains

    def _value_order(self, slot: int, domains: list[int], chosen: list[int | None]) -> list[int]:
        """The slot's words, those leaving the most candidates to its open crossing slots
        first (sum of logarithms: the product without big numbers); words that leave a
        crossing slot none are dropped (arc consistency would refuse them)."""
        numbers = members(domains[slot])
        crossings = [(position, self.indexes[other].letter_bits[other_position],
                      domains[other])
                     for position, other, other_position in self.crossings[slot]
                     if chosen[other] is None]
        if len(numbers) < 2 or not crossings:
            return numbers
        words = self.indexes[slot].words
        scored = []
        for number in numbers:
            word, score = words[number], 0.0
            for position, row, domain in crossings:
                left = (domain & row[ord(word[position]) - 97]).bit_count()
                if not left:
                    break
                score += math.log(left)
            else:
                scored.append((-score, number))
        scored.sort()
        return [number for _, number in scored]

    def _propagate(self, domains: list[int], pending: set[int]) -> bool:
        """Arc consistency from the slots in `pending` (domains changed in place); False when
        some slot has no word left."""
        indexes, crossings = self.indexes, self.crossings
        while pending:
            slot = pending.pop()
            domain, index = domains[slot], indexes[slot]
            for position, other, other_position in crossings[slot]:
                mask = supported_letters(index, domain, position)
                kept = restricted(indexes[other], domains[other], other_position, mask)
                if kept != domains[other]:
                    if not kept:
                        return False
                    domains[other] = kept
                    pending.add(other)
        return True

    def _leaves(self, chosen: list[int | None]) -> Iterator[tuple[str, ...]]:
        """The fills of the chosen words: one per combination of the free cells' letters."""
        grid = [["0"] * self.width for _ in range(self.height)]
        for slot, number in enumerate(chosen):
            assert number is not None  # leaves come once every slot has its word
            word = self.indexes[slot].words[number]
            for (r, c), letter in zip(self.problem.slots[slot], word):
                grid[r][c] = letter
        free = self.free_cells
        masks = self.problem.cell_masks
        for letters in itertools.product(*(mask_letters(masks[cell]) for cell in free)):
            for (r, c), letter in zip(free, letters):
                grid[r][c] = letter
            yield tuple("".join(row) for row in grid)
