"""The slot problem of a crossword: its slots, each slot's candidate words as a bit set, and
the symbols each white cell may hold, at the arc-consistency fixpoint; what every engine and
the CNF start from.

Words of one length are numbered in sorted order and each slot's domain is a Python int used as
a bit set over them; `letter_bits[p][k]` is the set of words with letter k at position p, so
fixing a letter in a slot is one AND, and "some word still fits" is a non-zero test. Built with
numpy in milliseconds even for the 600k-word French list.

Arc consistency between crossing slots runs on these bit sets before any search or clause.

A rebus string a cell may hold is one more symbol after 'z' (CrosswordInstance.symbol), and a
word holding rebus strings is also spelled with their symbols (spellings), so that a slot of
fewer cells matches it and nothing else changes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from operator import itemgetter

import numpy as np

from satpuzzle.kinds.crossword.model import CrosswordInstance, slots

ALL_LETTER_BITS = (1 << 26) - 1
# A rebus string a cell may hold is one more symbol of the alphabet, after the letters: the
# characters from chr(97 + 26) on, so that a symbol's index is `ord(ch) - 97` as a letter's
# and masks simply get more bits (satpuzzle.kinds.crossword.model: rebus). Words are indexed
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


@functools.lru_cache(maxsize=4096)
def mask_letters(mask: int) -> str:
    """The symbols of a mask (letters, then a rebus's characters after 'z'), in order
    (cached: grids repeat few masks)."""
    return "".join(chr(97 + k) for k in range(mask.bit_length()) if mask >> k & 1)

MAX_SPELLINGS = 8  # spellings of one word across rebus cells (the word itself not counted)


def slot_problem(instance: CrosswordInstance) -> SlotProblem:
    """Slots, candidate words (bit sets) and allowed symbols at the arc-consistency fixpoint:
    letters, and with rebus cells one symbol a string (the words' spellings across them)."""
    cell_letters = {(r, c): letters
                    for r, row in enumerate(instance.grid) for c in range(len(row))
                    if (letters := instance.allowed(r, c)) is not None}
    found = slots(instance)
    if not instance.symbols:
        return SlotProblem(found, cell_letters, instance.words)
    word_of = spellings(instance, {len(slot) for slot in found})
    return SlotProblem(found, cell_letters, tuple(word_of), 26 + len(instance.symbols),
                       word_of)


def spellings(instance: CrosswordInstance, lengths: set[int]) -> dict[str, str]:
    """Every word of `instance` as the engines spell it (spelling -> word): the word itself,
    and where it holds rebus strings, the word with one or more of their occurrences
    (not overlapping) replaced by their symbols, so that a slot of that many cells matches
    it; at most MAX_SPELLINGS a word, of the `lengths` of the grid's slots only."""
    found = dict(zip(instance.words, instance.words))
    held_by: dict[str, list[tuple[str, str]]] = {}  # word -> the (string, symbol) it holds
    for held, sym in instance.symbol.items():
        for word in [w for w in instance.words if held in w]:  # at C speed: most hold none
            held_by.setdefault(word, []).append((held, sym))
    for word, strings in held_by.items():
        for spelled in _spelled(word, strings, lengths):
            found[spelled] = word
    return found


def _spelled(word: str, held: list[tuple[str, str]], lengths: set[int]) -> list[str]:
    """`word` with non-overlapping occurrences of the rebus strings it holds (`held`, each
    with its symbol) replaced by their symbols, each choice of one or more occurrences
    (MAX_SPELLINGS at most, 16 times as many choices tried), of one of `lengths`."""
    occurrences = []
    for text, sym in held:
        start = word.find(text)
        while start >= 0:
            occurrences.append((start, start + len(text), sym))
            start = word.find(text, start + 1)
    occurrences.sort()
    found: list[str] = []
    steps = [0]  # the choices tried: bounded as the spellings are

    def extend(parts: list[str], end: int, first: int) -> None:
        for k in range(first, len(occurrences)):
            start, stop, sym = occurrences[k]
            if start < end:
                continue
            if len(found) >= MAX_SPELLINGS or steps[0] >= 16 * MAX_SPELLINGS:
                return
            steps[0] += 1
            chosen = [*parts, word[end:start], sym]
            spelled = "".join(chosen) + word[stop:]
            if len(spelled) in lengths:
                found.append(spelled)
            extend(chosen, stop, k + 1)

    extend([], 0, 0)
    return found


def estimate_clauses(instance: CrosswordInstance) -> int:
    """The clauses of rules.encode(), counted on the arc-consistent slot problem without writing
    one (for --max-clauses, before any engine starts): a word spells each of its letters (one
    binary clause a letter: nearly all of it), a cell's letter needs a word having it there,
    a slot holds a word, a cell holds one letter and, with `distinct`, no word fills two
    slots, the last two counted as pairwise at-most-one (the default encoding). A 23×23 van
    Beek grid with the 609,000 French words: 13,267,460 clauses, estimated in 0.13 s."""
    problem = slot_problem(instance)
    letters = {cell: mask.bit_count() for cell, mask in problem.cell_masks.items()}
    spelled = sum(domain.bit_count() * len(slot)
                  for domain, slot in zip(problem.domains, problem.slots))
    supported = sum(letters[cell] for slot in problem.slots for cell in slot)
    one_letter = sum(1 + count * (count - 1) // 2 for count in letters.values())
    distinct = _distinct_pairs(problem) if instance.distinct else 0
    return spelled + supported + len(problem.slots) + one_letter + distinct


def _distinct_pairs(problem: SlotProblem) -> int:
    """Pairs of slots of one length that share a candidate word, summed over the words."""
    pairs = 0
    for length in {len(slot) for slot in problem.slots}:
        domains = [d for d, slot in zip(problem.domains, problem.slots) if len(slot) == length]
        size = max(domain.bit_length() for domain in domains)
        if len(domains) < 2 or not size:
            continue
        uses = np.zeros(size, dtype=np.int64)
        for domain in domains:
            packed = np.frombuffer(domain.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
            uses += np.unpackbits(packed, bitorder="little")[:size]
        pairs += int((uses * (uses - 1) // 2).sum())
    return pairs
