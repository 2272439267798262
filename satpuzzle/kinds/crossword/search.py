"""Crossword search engines: every fill of a grid without blocking clauses, by the trie search
(small grids: fastest at enumerating) or the slot search (large grids: a first fill of a 15×15
van Beek grid with 600,000 French words in a fraction of a second; see SlotSearch).

Words of one length are numbered in sorted order and each slot's domain is a Python int used as
a bit set over them; `letter_bits[p][k]` is the set of words with letter k at position p, so
fixing a letter in a slot is one AND, and "some word still fits" is a non-zero test. Built with
numpy in milliseconds even for the 600k-word French list.

Arc consistency between crossing slots runs on these bit sets before any search or clause.

The trie search is the seed's trie backtracking, generalised: cells are visited in one static order
(first the slots through a cell the grid constrains, fewest candidates first, then row-major),
each slot gets a prefix tree of its candidate words read in the order the search visits its
cells, and the letters allowed at a cell are those extending both of its slots' current trie
nodes. Every full assignment reached is a fill, reached once: no fill repeated, none missed.

A SAT oracle prunes barren subtrees (Toda & Soh's non-blocking AllSAT idea: the solver only
decides "is there any fill below this prefix", the search enumerates). It is built lazily, ski-
rental style, once the search has gone as long without a fill as the oracle is estimated to
cost, so easy grids never pay for it and hard ones pay at most about twice. From then on, each
prefix that completes a slot is checked under assumptions, within a conflict budget and only
while the oracle has used under a third of the time since it was built (where pruning does not
pay, the search stays within 1.5× of the plain trie); an UNSAT answer cuts the subtree, a SAT
answer's model orders the letters below it, so the next fill follows the witness.

The slot search branches on whole words, the most constrained slot first, with arc
consistency maintained after each choice and a look-ahead order of the words. Where the trie's
static cell order stalls on large grids (nothing in a minute on a 15×15 van Beek grid, where
building the oracle for the French list took 12 s and 1.6 GB), it fills them with almost no
backtracking. If it goes as long without a fill as the oracle would cost, the trie search with
its oracle on from the start answers instead (puzzle.search).
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter

import numpy as np

LETTERS = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTER_BITS = (1 << 26) - 1
# A rebus string a cell may hold is one more symbol of the alphabet, after the letters: the
# characters from chr(97 + 26) on, so that a symbol's index is `ord(ch) - 97` as a letter's
# and masks simply get more bits (satpuzzle.kinds.crossword.puzzle: rebus). Words are indexed
# as Latin-1 bytes: at most this many symbols, letters included.
MAX_ALPHABET = 256 - 97
SMALL_LIST = 64  # word lists shorter than this are indexed in plain Python

Cell = tuple[int, int]


class LengthIndex:
    """The words of one length, sorted, and per position and letter the set of their numbers."""

    def __init__(self, words: list[str], letter_bits: list[list[int]], length: int) -> None:
        self.words = words
        self.letter_bits = letter_bits  # [position][letter index] -> bit set over `words`
        self.length = length
        # the mask of every symbol: a cell allowing all of them restricts nothing
        self.full_mask = (1 << len(letter_bits[0])) - 1 if letter_bits else ALL_LETTER_BITS

    @property
    def everything(self) -> int:
        return (1 << len(self.words)) - 1

    @functools.cached_property
    def matrix(self) -> np.ndarray:
        """[word number, position] -> symbol index, 0..25 for the letters (only the SAT
        encoding needs it)."""
        flat = np.frombuffer("".join(self.words).encode("latin-1"), dtype=np.uint8)
        return flat.reshape(len(self.words), self.length) - ord("a")


def build_index(words: Sequence[str], length: int, alphabet: int = 26) -> LengthIndex:
    """Bit sets of `words` (all of `length`: words_by_length) by (position, symbol: the
    `alphabet` symbols, letters first), vectorised with numpy."""
    chosen = sorted(words)
    if len(chosen) < SMALL_LIST:  # numpy's per-call cost would dominate
        letter_bits = [[0] * alphabet for _ in range(length)]
        for number, word in enumerate(chosen):
            bit = 1 << number
            for position, letter in enumerate(word):
                letter_bits[position][ord(letter) - 97] |= bit
        return LengthIndex(chosen, letter_bits, length)
    matrix = np.frombuffer("".join(chosen).encode("latin-1"), dtype=np.uint8)
    matrix = matrix.reshape(len(chosen), length)
    letter_bits = []
    for position in range(length):
        column = matrix[:, position]
        row = []
        for symbol in range(alphabet):
            packed = np.packbits(column == ord("a") + symbol, bitorder="little")
            row.append(int.from_bytes(packed.tobytes(), "little"))
        letter_bits.append(row)
    return LengthIndex(chosen, letter_bits, length)


def words_by_length(words: Sequence[str], lengths: Iterable[int]) -> dict[int, list[str]]:
    """The words of each of `lengths`, picked at C speed (the French list has 600,000 words;
    a Python loop over them took 0.2 s, once per length before)."""
    sizes = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    found = {}
    for length in sorted(set(lengths)):
        picked = np.flatnonzero(sizes == length).tolist()
        found[length] = ([words[picked[0]]] if len(picked) == 1
                         else list(itemgetter(*picked)(words)) if picked else [])
    return found


def members(bits: int) -> list[int]:
    """The numbers in bit set `bits`, in increasing order."""
    if bits.bit_count() <= 32:  # a few bits: cheaper than a round trip through numpy
        found = []
        while bits:
            low = bits & -bits
            found.append(low.bit_length() - 1)
            bits ^= low
        return found
    size = (bits.bit_length() + 7) // 8
    unpacked = np.unpackbits(np.frombuffer(bits.to_bytes(size, "little"), dtype=np.uint8),
                             bitorder="little")
    return np.flatnonzero(unpacked).tolist()


def restricted(index: LengthIndex, domain: int, position: int, mask: int) -> int:
    """The words of `domain` whose symbol at `position` is in `mask` (bit k: symbol k)."""
    if mask == index.full_mask:
        return domain
    row = index.letter_bits[position]
    allowed = 0
    while mask:  # over the allowed letters' bits only
        low = mask & -mask
        allowed |= row[low.bit_length() - 1]
        mask ^= low
    return domain & allowed


def supported_letters(index: LengthIndex, domain: int, position: int) -> int:
    """The mask of the symbols that some word of `domain` has at `position`."""
    if domain.bit_count() < 26:  # few words: read their letters
        words = index.words
        mask = 0
        for number in members(domain):
            mask |= 1 << (ord(words[number][position]) - 97)
        return mask
    row = index.letter_bits[position]
    return sum(1 << letter for letter in range(len(row)) if domain & row[letter])


@functools.lru_cache(maxsize=1024)
def letter_mask(letters: frozenset[str]) -> int:
    mask = 0
    for letter in letters:
        mask |= 1 << (ord(letter) - 97)
    return mask


class SlotProblem:
    """Slots, their word domains and cell letter sets at the arc-consistency fixpoint."""

    def __init__(self, slots: list[list[Cell]], cell_letters: dict[Cell, frozenset[str]],
                 words: Sequence[str], alphabet: int = 26,
                 word_of: dict[str, str] | None = None) -> None:
        """`alphabet`: the number of symbols, the 26 letters then a rebus's strings (each a
        character after 'z'), which the words and cells may use; `word_of`: with rebus
        strings, each of `words` -> the word it spells (itself, or the word it spells across
        rebus cells), so that distinct words are told apart as the grid reads them."""
        self.slots = slots
        self.alphabet = alphabet
        self.word_of = word_of
        self.full_mask = (1 << alphabet) - 1
        self.indexes = {length: build_index(bucket, length, alphabet)
                        for length, bucket in words_by_length(words, map(len, slots)).items()}
        self.slots_of_cell: dict[Cell, list[tuple[int, int]]] = {}
        for number, slot in enumerate(slots):
            for position, cell in enumerate(slot):
                self.slots_of_cell.setdefault(cell, []).append((number, position))
        # allowed symbols per white cell as a mask (cells in no slot stay free)
        self.cell_masks = {cell: letter_mask(frozenset(letters))
                           for cell, letters in cell_letters.items()}
        self.given_masks = dict(self.cell_masks)
        self.domains = [self.index(n).everything for n in range(len(slots))]
        for number, slot in enumerate(slots):
            for position, cell in enumerate(slot):
                self._restrict(number, position, self.cell_masks[cell])
        # a handful of words: arc consistency would cost more than the search it saves
        if sum(domain.bit_count() for domain in self.domains) > SMALL_LIST:
            self.arc_consistency()

    def index(self, slot: int) -> LengthIndex:
        return self.indexes[len(self.slots[slot])]

    def _restrict(self, slot: int, position: int, mask: int) -> bool:
        """Keep the words of `slot` whose letter at `position` is in `mask`; True if it shrank."""
        kept = restricted(self.index(slot), self.domains[slot], position, mask)
        changed = kept != self.domains[slot]
        self.domains[slot] = kept
        return changed

    def supported_mask(self, slot: int, position: int) -> int:
        """The letters that some candidate of `slot` has at `position`."""
        return supported_letters(self.index(slot), self.domains[slot], position)

    def arc_consistency(self) -> None:
        """Shrink domains and cell letter sets until every letter of every cell is used by a
        candidate of each slot through it (AC between crossing slots)."""
        pending = set(range(len(self.slots)))
        while pending:
            number = pending.pop()
            for position, cell in enumerate(self.slots[number]):
                supported = self.supported_mask(number, position) & self.cell_masks[cell]
                if supported == self.cell_masks[cell]:
                    continue
                self.cell_masks[cell] = supported
                for other, other_position in self.slots_of_cell[cell]:
                    if self._restrict(other, other_position, supported):
                        pending.add(other)

    def cell_letters(self) -> dict[Cell, str]:
        """Allowed letters per white cell after arc consistency, as sorted strings."""
        return {cell: mask_letters(mask) for cell, mask in self.cell_masks.items()}

    def slot_numbers(self, slot: int) -> np.ndarray:
        """The numbers (in the length's word list) of the slot's candidates."""
        return np.array(members(self.domains[slot]), dtype=np.int64)

    def slot_words(self, slot: int) -> list[str]:
        words = self.index(slot).words
        return [words[i] for i in members(self.domains[slot])]


Trie = dict[str, "Trie"]


@functools.lru_cache(maxsize=4096)
def mask_letters(mask: int) -> str:
    """The symbols of a mask (letters, then a rebus's characters after 'z'), in order
    (cached: grids repeat few masks)."""
    return "".join(chr(97 + k) for k in range(mask.bit_length()) if mask >> k & 1)


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

    def fills(self) -> Iterator[tuple[str, ...]]:
        """Every fill, each once. Without the oracle, in lexicographic order of the letters in
        search order; once the oracle is on, the witness's letters are tried first."""
        if any(not d for d in self.problem.domains) or not self.order:
            return
        order, links = self.order, self.links
        n = len(order)
        nodes = [[trie] + [{}] * len(slot) for slot, trie in zip(self.problem.slots, self.tries)]
        render = self._renderer()
        letters = [""] * n
        # The letters still to try at each cell, as a lazy iterator over trie keys: no list
        # is built per node (the seed's version copies them; measured ~8% of its time).
        choices: list[Iterator[str]] = [iter(())] * n
        witness: dict[Cell, str] = {}
        free_letters = self.free_letters

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

        if self.oracle_factory and self.oracle_budget <= 0:
            self.oracle = self.oracle_factory()
            self.oracle_since = time.perf_counter()
            if self.oracle([], None) is None:
                return
        checking = self.oracle is not None
        # The clock is read every CHECK_CLOCK_EVERY steps only while the oracle may still be
        # switched on; otherwise the countdown practically never runs out.
        countdown = CHECK_CLOCK_EVERY if self.oracle_factory and not checking else 1 << 62
        last = n - 1
        barren_since = time.monotonic()
        found_fill = False
        next_letters = letters_at
        k = 0
        choices[0] = letters_at(0)
        while k >= 0:
            letter = next(choices[k], None)
            if letter is None:
                k -= 1
                continue
            letters[k] = letter
            for s, p in links[k]:
                nodes[s][p + 1] = nodes[s][p][letter]
            if k == last:
                grid = render(letters)
                if not self.distinct or self._distinct(grid):
                    found_fill = True
                    yield grid
                continue
            if (checking and k in self.checkpoints and self._affordable()
                    and any(witness.get(order[i]) != letters[i] for i in range(k + 1))):
                found = self._ask(order, letters, k)  # (on the witness's path: known alive)
                if found is None:
                    continue
                if found:
                    witness = found
                    next_letters = witness_first
            k += 1
            choices[k] = next_letters(k)
            if k == last:
                # The leaf level in one tight loop: on dense grids most fills differ only in
                # the last cell, and its trie links need no update.
                for letter in choices[k]:
                    letters[k] = letter
                    grid = render(letters)
                    if not self.distinct or self._distinct(grid):
                        found_fill = True
                        yield grid
                k -= 1
            countdown -= 1
            if countdown:
                continue
            countdown = CHECK_CLOCK_EVERY
            now = time.monotonic()
            if found_fill:
                barren_since, found_fill = now, False
            elif now - barren_since > self.oracle_budget:
                # As long barren as the oracle costs to build: build it (at most about twice
                # the cost of either alone), then cut the current branch at its shallowest
                # dead prefix. (The countdown runs out only with a factory.)
                assert self.oracle_factory is not None
                self.oracle = self.oracle_factory()
                self.oracle_since = time.perf_counter()
                checking = True
                countdown = 1 << 62
                for j in sorted(self.checkpoints):
                    if j >= k:
                        break
                    if self._ask(order, letters, j) is None:
                        k = j
                        break

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


class SearchStalled(Exception):
    """SlotSearch ran its time allowance without a fill (and so yielded none)."""


def oracle_seconds(problem: SlotProblem) -> float:
    """The estimated cost of building the SAT oracle of `problem` (at least half a second)."""
    letters = sum(d.bit_count() * len(slot) for d, slot in zip(problem.domains, problem.slots))
    return max(0.5, letters * ORACLE_SECONDS_PER_LETTER)


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
