"""The trie search, the crossword engine that enumerates small grids fastest: the seed's trie
backtracking, generalised, with a SAT oracle to prune barren subtrees.

Cells are visited in one static order (first the slots through a cell the grid constrains,
fewest candidates first, then row-major), each slot gets a prefix tree of its candidate words
read in the order the search visits its cells, and the letters allowed at a cell are those
extending both of its slots' current trie nodes. Every full assignment reached is a fill,
reached once: no fill repeated, none missed.

A SAT oracle prunes barren subtrees (Toda & Soh's non-blocking AllSAT idea: the solver only
decides "is there any fill below this prefix", the search enumerates). It is built lazily, ski-
rental style, once the search has gone as long without a fill as the oracle is estimated to
cost, so easy grids never pay for it and hard ones pay at most about twice. From then on, each
prefix that completes a slot is checked under assumptions, within a conflict budget and only
while the oracle has used under a third of the time since it was built (where pruning does not
pay, the search stays within 1.5× of the plain trie); an UNSAT answer cuts the subtree, a SAT
answer's model orders the letters below it, so the next fill follows the witness.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter

from satpuzzle.kinds.crossword.problem import ALL_LETTER_BITS, Cell, SlotProblem

Trie = dict[str, "Trie"]


def build_trie(words: Sequence[str], key_order: Sequence[int]) -> Trie:
    """Prefix tree of `words` read in position order `key_order`; children in letter order."""
    root: Trie = {}
    if list(key_order) == sorted(key_order):
        keyed: list[str] = sorted(words)
    else:
        keyed = sorted("".join(w[p] for p in key_order) for w in words)
    for key in keyed:
        node = root
        for letter in key:
            node = node.setdefault(letter, {})
    return root


def cell_order(problem: SlotProblem, given: dict[Cell, int]) -> list[Cell]:
    """A static search order: first the slots through a cell the grid constrains (a fixed
    letter, a letter set or a rebus cell: `given` masks other than all letters and other than
    every symbol), fewest candidates first, so the search meets those constraints at once
    instead of at the end; then every other cell in row-major order (the seed's order, which
    measures best on open grids)."""
    plain = (ALL_LETTER_BITS, problem.full_mask)
    constrained = [s for s, slot in enumerate(problem.slots)
                   if any(given[cell] not in plain for cell in slot)]
    constrained.sort(key=lambda s: (problem.domains[s].bit_count(), s))
    order: list[Cell] = []
    placed: set[Cell] = set()
    for slot in constrained:
        for cell in problem.slots[slot]:
            if cell not in placed:
                placed.add(cell)
                order.append(cell)
    return order + sorted(cell for cell in problem.cell_masks if cell not in placed)

# A SAT oracle: given a partial fill (cell, letter) pairs and a conflict budget (None: no
# limit), None when no fill extends it, else the letters of one fill that does (cell -> letter),
# used to order the search below; an empty dict when the budget ran out before an answer.
Oracle = Callable[[list[tuple[Cell, str]], "int | None"], "dict[Cell, str] | None"]
# Rough cost of building the SAT oracle per candidate letter (encode + load; measured on the
# 15×15 van Beek grid with the French list: 1.75 s + 10.8 s for 7.4 M clauses, ~1.7 µs per
# clause, about one clause per candidate letter).
ORACLE_SECONDS_PER_LETTER = 1.7e-6
CHECK_CLOCK_EVERY = 4096  # search steps between looks at the clock
# Once built, the oracle may take at most this share of the time spent since (so the search is
# at most 1 / (1 - share) = 1.5 times slower than without it), and each call at most
# ORACLE_CONFLICTS conflicts: on an open 6×6 grid with the English list one call under
# assumptions took 7 s, where the trie walks the same subtree in a fraction of a second.
ORACLE_SHARE = 1 / 3
ORACLE_CONFLICTS = 500


def oracle_seconds(problem: SlotProblem) -> float:
    """The estimated cost of building the SAT oracle of `problem` (at least half a second)."""
    letters = sum(d.bit_count() * len(slot) for d, slot in zip(problem.domains, problem.slots))
    return max(0.5, letters * ORACLE_SECONDS_PER_LETTER)


class TrieSearch:
    """The seed's trie backtracking generalised (see the module docstring): any static cell
    order, each slot's trie reading its words in the order the search visits its cells, over
    arc-consistent candidates; and a SAT oracle to prune barren subtrees."""

    def __init__(self, problem: SlotProblem, height: int, width: int, distinct: bool = False,
                 oracle_factory: Callable[[], Oracle] | None = None,
                 oracle_budget: float | None = None, order: list[Cell] | None = None) -> None:
        self.problem = problem
        self.height, self.width = height, width
        self.distinct = distinct
        self.oracle_factory = oracle_factory
        self.oracle: Oracle | None = None
        self.oracle_budget = oracle_seconds(problem) if oracle_budget is None else oracle_budget
        self.order = order if order is not None else cell_order(problem, problem.given_masks)
        rank = {cell: k for k, cell in enumerate(self.order)}
        cache: dict[tuple[int, int, tuple[int, ...]], Trie] = {}
        self.tries: list[Trie] = []
        # per cell in search order, its (slot, depth in the slot's trie) pairs
        links: list[list[tuple[int, int]]] = [[] for _ in self.order]
        self.checkpoints: set[int] = set()  # order indices that complete a slot
        for number, slot in enumerate(problem.slots):
            ranks = [rank[cell] for cell in slot]
            key_order = tuple(sorted(range(len(slot)), key=ranks.__getitem__))
            key = (len(slot), problem.domains[number], key_order)
            if key not in cache:
                cache[key] = build_trie(problem.slot_words(number), key_order)
            self.tries.append(cache[key])
            for depth, position in enumerate(key_order):
                links[ranks[position]].append((number, depth))
            self.checkpoints.add(max(ranks))
        self.links = [tuple(pairs) for pairs in links]
        cell_letters = problem.cell_letters()
        self.free_letters = [cell_letters[cell] for cell in self.order]
        self.oracle_calls = 0
        self.pruned = 0
        self.oracle_seconds = 0.0
        self.oracle_since = 0.0  # when the oracle was switched on
        # while the oracle may be switched on: since when no fill came, as of the fills
        # counted at the last look at the clock
        self.barren_since = 0.0
        self.fills_at_clock = 0

    def fills(self) -> Iterator[tuple[str, ...]]:
        """Every fill, each once. Without the oracle, in lexicographic order of the letters in
        search order; once the oracle is on, the witness's letters are tried first."""
        if not self._startable():
            return
        order, links = self.order, self.links
        n = len(order)
        nodes = [[trie] + [{}] * len(slot) for slot, trie in zip(self.problem.slots, self.tries)]
        render = self._renderer()
        letters = [""] * n
        # The letters still to try at each cell, as a lazy iterator over trie keys: no list
        # is built per node (the seed's version copies them; measured ~8% of its time).
        choices: list[Iterator[str]] = [iter(())] * n
        witness: dict[Cell, str] = {}  # the oracle's last model, updated in place
        letters_at, witness_first = self._letter_sources(nodes, witness)
        last = n - 1
        choices[0] = letters_at(0)
        if last == 0:  # one cell: its letters are the fills
            yield from self._leaf_fills(choices[0], letters, 0, render)
            return
        checking = self.oracle is not None
        checkpoints, distinct = self.checkpoints, self.distinct
        # The clock is read every CHECK_CLOCK_EVERY steps only while the oracle may still be
        # switched on; otherwise the countdown practically never runs out.
        countdown = CHECK_CLOCK_EVERY if self.oracle_factory and not checking else 1 << 62
        self.barren_since, self.fills_at_clock = time.monotonic(), 0
        found = 0  # fills yielded, which the clock compares with what it saw last
        next_letters = letters_at
        k = 0
        while k >= 0:
            letter = next(choices[k], None)
            if letter is None:
                k -= 1
                continue
            letters[k] = letter
            for s, p in links[k]:
                nodes[s][p + 1] = nodes[s][p][letter]
            if checking and k in checkpoints:
                chosen = self._checked(order, letters, k, witness, next_letters, witness_first)
                if chosen is None:
                    continue  # no fill below: the subtree is cut
                next_letters = chosen
            k += 1
            choices[k] = next_letters(k)
            if k == last:
                # The leaf level in one tight loop: on dense grids most fills differ only in
                # the last cell, and its trie links need no update.
                for letter in choices[k]:
                    letters[k] = letter
                    grid = render(letters)
                    if not distinct or self._distinct(grid):
                        found += 1
                        yield grid
                k -= 1
            countdown -= 1
            if countdown:
                continue
            countdown, k = self._clock(order, letters, k, found)
            checking = self.oracle is not None

    def _startable(self) -> bool:
        """Whether a fill may exist: every slot has candidates, some cell is white, and the
        oracle, when it is on from the start, finds a fill."""
        if any(not d for d in self.problem.domains) or not self.order:
            return False
        if self.oracle_factory and self.oracle_budget <= 0:
            self._switch_on()
            assert self.oracle is not None
            return self.oracle([], None) is not None
        return True

    def _switch_on(self) -> None:
        """Build the oracle: from now on it is asked at checkpoints."""
        assert self.oracle_factory is not None
        self.oracle = self.oracle_factory()
        self.oracle_since = time.perf_counter()

    def _letter_sources(self, nodes: list[list[Trie]], witness: dict[Cell, str],
                        ) -> tuple[Callable[[int], Iterator[str]], Callable[[int], Iterator[str]]]:
        """The letters to try at the k-th cell of the order: those extending both of its
        slots' trie nodes (a free cell: its allowed letters), in key order; and the same with
        the witness's letter first."""
        order, links, free_letters = self.order, self.links, self.free_letters

        def letters_at(k: int) -> Iterator[str]:
            cell = links[k]
            if len(cell) == 2:
                (hs, hp), (vs, vp) = cell
                across, down = nodes[hs][hp], nodes[vs][vp]
                if len(down) < len(across):
                    across, down = down, across
                return filter(down.__contains__, across)  # in across's (sorted) key order
            if cell:
                s, p = cell[0]
                return iter(nodes[s][p])
            return iter(free_letters[k])

        def witness_first(k: int) -> Iterator[str]:
            found = list(letters_at(k))
            preferred = witness.get(order[k])
            if preferred in found and found[0] != preferred:
                found.remove(preferred)
                found.insert(0, preferred)
            return iter(found)

        return letters_at, witness_first

    def _leaf_fills(self, choices: Iterator[str], letters: list[str], k: int,
                    render: Callable[[list[str]], tuple[str, ...]],
                    ) -> Iterator[tuple[str, ...]]:
        """The fills of each letter left at the last cell, the k-th."""
        for letter in choices:
            letters[k] = letter
            grid = render(letters)
            if not self.distinct or self._distinct(grid):
                yield grid

    def _checked(self, order: list[Cell], letters: list[str], k: int, witness: dict[Cell, str],
                 current: Callable[[int], Iterator[str]],
                 witness_first: Callable[[int], Iterator[str]],
                 ) -> Callable[[int], Iterator[str]] | None:
        """At a checkpoint (the prefix completes a slot), off the witness's path and while the
        oracle is affordable: None when the oracle says no fill extends the prefix; else how
        to order the letters below (the witness's first once there is one)."""
        if not self._affordable() or all(witness.get(order[i]) == letters[i]
                                         for i in range(k + 1)):
            return current  # (on the witness's path: known alive)
        found = self._ask(order, letters, k)
        if found is None:
            return None
        if found:
            witness.clear()
            witness.update(found)
            return witness_first
        return current

    def _clock(self, order: list[Cell], letters: list[str], k: int,
               found: int) -> tuple[int, int]:
        """Every CHECK_CLOCK_EVERY steps while the oracle may be switched on: the next
        countdown, and the depth to go on from. As long barren as the oracle costs to build:
        build it (at most about twice the cost of either alone), then cut the current branch
        at its shallowest dead prefix. (The countdown runs out only with a factory.)"""
        now = time.monotonic()
        if found != self.fills_at_clock:
            self.barren_since, self.fills_at_clock = now, found
        elif now - self.barren_since > self.oracle_budget:
            self._switch_on()
            for j in sorted(self.checkpoints):
                if j >= k:
                    break
                if self._ask(order, letters, j) is None:
                    return 1 << 62, j
            return 1 << 62, k
        return CHECK_CLOCK_EVERY, k

    def _renderer(self) -> Callable[[list[str]], tuple[str, ...]]:
        """Letters in search order -> the grid's rows, '0' in black cells."""
        black, empty = len(self.order), len(self.order) + 1  # "0" and "" after the letters
        rank = {cell: k for k, cell in enumerate(self.order)}
        # one C-level getter per row: search-order letters -> the row's characters (the
        # trailing "" keeps a one-cell row a tuple)
        rows = [itemgetter(*[rank.get((r, c), black) for c in range(self.width)], empty)
                for r in range(self.height)]
        join = "".join

        def render(letters: list[str]) -> tuple[str, ...]:
            padded = [*letters, "0", ""]
            return tuple([join(row(padded)) for row in rows])
        return render

    def _affordable(self) -> bool:
        """Whether the oracle has used less than its share of the time since it was built."""
        return self.oracle_seconds <= ORACLE_SHARE * (time.perf_counter() - self.oracle_since)

    def _ask(self, order: list[Cell], letters: list[str], k: int) -> dict[Cell, str] | None:
        assert self.oracle is not None  # asked only while checking, once it is built
        self.oracle_calls += 1
        start = time.perf_counter()
        found = self.oracle(list(zip(order[:k + 1], letters[:k + 1])), ORACLE_CONFLICTS)
        self.oracle_seconds += time.perf_counter() - start
        if found is None:
            self.pruned += 1
        return found

    def _distinct(self, grid: tuple[str, ...]) -> bool:
        words = ["".join(grid[r][c] for r, c in slot) for slot in self.problem.slots]
        if self.problem.word_of is not None:
            words = [self.problem.word_of[word] for word in words]
        return len(set(words)) == len(words)
