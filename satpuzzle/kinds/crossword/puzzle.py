"""Crossword filling (the crossword assignment): every maximal horizontal or vertical run of two or
more white cells must be a dictionary word; a white cell in no such run is free.

Instance → CNF: candidate words per slot, filtered by length, fixed letters and letter sets,
then by arc consistency between crossing slots, before any clause is written. Puzzle variables
are cell letters c(row, col, letter), one-hot per cell; auxiliary word variables are channelled
to them (word → its letters; letter → one of the words having it there), so a solution is its
cell letters and blocking on them is sound and short.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import error_at, tokenize_rows
from satpuzzle.kinds.crossword import dictionaries
from satpuzzle.kinds.crossword.search import Oracle, SlotProblem, TrieSearch
from satpuzzle.textio import confined, read_bytes, unpack_gzip

KIND = "crossword"
ENUMERATE_ALL = True  # the assignment asks for every solution: --all is the default
LETTERS = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTERS = frozenset(LETTERS)
MAX_CELLS = 10_000
LARGE_GRID_CELLS = 100  # white cells above which the search starts with its SAT oracle
_CELL = re.compile(r"\[([a-z]+)\]|([01a-z])")
_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}

Cell = frozenset[str] | None  # allowed letters of a white cell, None for a black cell
Fill = tuple[str, ...]


@dataclass(frozen=True)
class CrosswordInstance:
    """A grid (cell tokens as written: '1', '0', a letter or '[set]') and a word list."""

    grid: tuple[tuple[str, ...], ...]
    words: tuple[str, ...]
    distinct: bool = False
    title: str | None = None
    KIND = KIND

    def __post_init__(self) -> None:
        """Refuse what is no crossword, also when built in code (readers refuse it earlier,
        at its position): rows of one width, at most MAX_CELLS cells, each '0', '1', a
        letter a-z or '[letters]'; words of letters a-z. Lists become tuples."""
        try:
            grid = tuple(map(tuple, self.grid))
            width = len(grid[0]) if grid else 0
            cells = set().union(*grid)  # the distinct cell tokens: few, checked one by one
            valid = (width > 0 and len(grid) * width <= MAX_CELLS
                     and all(len(row) == width for row in grid)
                     and all(type(cell) is str and _CELL.fullmatch(cell) for cell in cells))
        except TypeError:
            valid = False
        if not valid:
            raise InputError(f"the grid must be rows of one width, at most {MAX_CELLS} cells, "
                             "each '0' (black), '1' (white), a letter a-z or '[letters]'")
        try:
            words = tuple(self.words)
            # at C speed, as bytes: a built-in dictionary has 600,000 words (20 ms)
            letters = "".join(words)
            valid = (all(words) and letters.isascii()
                     and not letters.encode().translate(None, LETTERS.encode()))
        except TypeError:
            valid = False
        if not valid:
            raise InputError("the words must be strings of letters a-z")
        if type(self.distinct) is not bool:
            raise InputError(f"distinct is True or False, found {self.distinct!r}")
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "words", words)

    def allowed(self, row: int, col: int) -> Cell:
        token = self.grid[row][col]
        if token == "0":
            return None
        if token == "1":
            return ALL_LETTERS
        return frozenset(token.strip("[]"))


# ---------------------------------------------------------------- reading


def parse_grid_rows(rows: list[list[Token]], where: Token | str) -> tuple[tuple[str, ...], ...]:
    """Cells of each line (tokens of a line are joined): `1` white, `0` black, a letter,
    or `[letters]`; every line must have the same number of cells."""
    grid = []
    for row in rows:
        cells = []
        for token in row:
            cells += _parse_cells(token)
        grid.append(tuple(cells))
    if not grid:
        raise error_at(where, "empty grid: expected lines of 0, 1, letters or [letter sets]")
    for row, cells in zip(rows, grid):
        if len(cells) != len(grid[0]):
            raise row[0].error(f"line has {len(cells)} cells, expected {len(grid[0])} "
                               "like the first line")
    if len(grid) * len(grid[0]) > MAX_CELLS:
        raise error_at(where, f"grid of {len(grid)}×{len(grid[0])} cells is too large "
                            f"(at most {MAX_CELLS} cells)")
    return tuple(grid)


def _parse_cells(token: Token) -> list[str]:
    text, cells, offset = token.text, [], 0
    while offset < len(text):
        match = _CELL.match(text, offset)
        if not match:
            column = None if token.pos.column is None else token.pos.column + offset
            raise Position(token.pos.path, token.pos.line, column).error(
                f"unexpected {text[offset]!r}: expected 1 (white), 0 (black), a letter a-z "
                "or a letter set such as [aeiou]")
        cells.append(match.group(0) if match.group(1) is None
                     else "[" + "".join(sorted(set(match.group(1)))) + "]")
        offset = match.end()
    return cells



def normalize_words(raw: Iterable[str]) -> tuple[tuple[str, ...], int]:
    """Lowercase a-z words (accents stripped, ligatures expanded), duplicates removed, in
    first-seen order; also the number of entries dropped for other characters."""
    seen: dict[str, None] = {}
    dropped = 0
    for entry in raw:
        word = entry.strip().lower()
        if not word:
            continue
        word = "".join(_LIGATURES.get(ch, ch) for ch in word)
        word = "".join(ch for ch in unicodedata.normalize("NFD", word)
                       if not unicodedata.combining(ch))
        if word.isascii() and word.isalpha():
            seen.setdefault(word, None)
        else:
            dropped += 1
    return tuple(seen), dropped


def read_dictionary(path: str, where: Token | None = None,
                    min_zipf: float | None = None) -> tuple[str, ...]:
    """A word list: a built-in name (`fr`, `en`) unless a file has that name, or a file,
    plain or gzip. Prints a one-line summary on stderr."""
    if path in dictionaries.BUILTIN and not os.path.exists(path):
        if min_zipf is None:  # normalised once per installed list: later runs read the cache
            listed = dictionaries.builtin_words(path, normalize_words)
            return _reported(f"built-in {path}", listed.words, listed.dropped,
                             listed.duplicates, "", path)
        entries, zipf = dictionaries.raw_entries(path)
        return _summarised(f"built-in {path}", entries, zipf, min_zipf, path)
    if min_zipf is not None:
        raise InputError("--min-zipf needs a built-in dictionary (fr or en), whose source "
                         "has word frequencies", path)
    try:
        data = unpack_gzip(read_bytes(path, path), path)
    except InputError as exc:
        message = f"cannot read dictionary {path!r}: {exc.message}"
        raise (where.error(message) if where else InputError(message, path)) from None
    entries = data.decode("utf-8", errors="replace").splitlines()
    return _summarised(path, entries, None, None, path)


def _summarised(label: str, entries: list[str], zipf: dict[str, float] | None,
                min_zipf: float | None, path: str) -> tuple[str, ...]:
    rare = 0
    if min_zipf is not None:
        if zipf is None:
            zipf = dictionaries.zipf_for_french()
        kept = [e for e in entries if zipf.get(e.strip().lower(), 0.0) >= min_zipf]
        rare, entries = len(entries) - len(kept), kept
    words, dropped = normalize_words(entries)
    duplicates = sum(1 for e in entries if e.strip()) - dropped - len(words)
    below = f", {rare} below Zipf {min_zipf}" if min_zipf is not None else ""
    return _reported(label, words, dropped, duplicates, below, path)


def _reported(label: str, words: tuple[str, ...], dropped: int, duplicates: int, below: str,
              path: str) -> tuple[str, ...]:
    """The words, after the one-line summary on stderr (an error when there are none)."""
    if not words:
        raise InputError("empty dictionary: no word of letters a-z", path)
    print(f"satpuzzle: dictionary {label}: {len(words)} words kept, {dropped} dropped "
          f"(other characters), {duplicates} duplicates removed{below}", file=sys.stderr)
    return words


def from_spec(spec: PuzzleSpec) -> CrosswordInstance:
    """`crossword { words: ... | dictionary: file "PATH"; distinct: yes; grid { ... } }`."""
    spec.check_names({"words", "dictionary", "distinct", "grid"}, {"grid", "words"})
    rows = spec.rows("grid")
    if rows is None:
        raise spec.error("crossword needs a grid: 'grid {' then lines of 0, 1 and letters")
    where = spec.blocks["grid"].name if "grid" in spec.blocks else spec.fields["grid"].name
    grid = parse_grid_rows(rows, where)
    _require_slot(grid, where)
    distinct = False
    if "distinct" in spec.fields:
        token = spec.fields["distinct"].values[0]
        if token.text not in ("yes", "no"):
            raise token.error("distinct takes yes or no")
        distinct = token.text == "yes"
    # the dictionary last: reading it prints a summary line, which must not precede an error
    if "words" in spec.fields or "words" in spec.blocks:
        entries = ([t.text for t in spec.fields["words"].values] if "words" in spec.fields
                   else [t.text for row in spec.blocks["words"].rows for t in row])
        words, _ = normalize_words(entries)
    elif "dictionary" in spec.fields:
        words = _spec_dictionary(spec)
    else:
        raise spec.error("crossword needs words: 'words: w1 w2 ...' or "
                         "'dictionary: file \"PATH\"'")
    if not words:
        raise spec.error("the word list is empty")
    return CrosswordInstance(grid, words, distinct, spec.title)


def _spec_dictionary(spec: PuzzleSpec) -> tuple[str, ...]:
    """`dictionary: file "PATH"`, or a built-in list `dictionary: fr` (optionally followed by
    `min-zipf=Z`)."""
    values = spec.fields["dictionary"].values
    if values[0].text == "file" and len(values) == 2 and values[1].text.startswith('"'):
        try:
            path = confined(values[1].text.strip('"'), spec.base_dir)
        except InputError as exc:
            raise values[1].error(exc.message) from None
        return read_dictionary(str(path), values[1])
    if values[0].text in dictionaries.BUILTIN and len(values) <= 2:
        min_zipf = None
        if len(values) == 2:
            match = re.fullmatch(r"min-zipf=(\d+(?:\.\d+)?)", values[1].text)
            if not match:
                raise values[1].error("expected min-zipf=NUMBER")
            min_zipf = float(match.group(1))
        return read_dictionary(values[0].text, values[0], min_zipf)
    raise values[0].error(f'expected dictionary: file "PATH", or a built-in list: '
                          f'{" or ".join(dictionaries.BUILTIN)}')


def _with_slots(instance: CrosswordInstance, where: Token | str) -> CrosswordInstance:
    _require_slot(instance.grid, where)
    return instance


def _require_slot(grid: tuple[tuple[str, ...], ...], where: Token | str) -> None:
    if not slots(CrosswordInstance(grid, ())):
        raise error_at(where, "the grid has no slot (no run of two or more white cells)")


def sniff(text: str) -> bool:
    """Native crossword grids need a dictionary (--dict), which names the kind."""
    return False


def read_native(text: str, path: str, options: dict) -> tuple[list[CrosswordInstance], bool]:
    """The seed's files: a grid of p lines of q cells, and the dictionary given by --dict."""
    if not options.get("dict"):
        raise InputError("a crossword grid needs a dictionary: --dict WORDS", path)
    rows = tokenize_rows(text, path)
    if not rows:
        raise InputError("empty file, expected a grid of 0, 1 and letters", path, 1, 1)
    grid = parse_grid_rows(rows, path)
    _require_slot(grid, path)  # before the dictionary's summary line
    words = read_dictionary(options["dict"], None, options.get("min_zipf"))
    return [CrosswordInstance(grid, words, bool(options.get("distinct")))], False


# ---------------------------------------------------------------- encoding


def slots(instance: CrosswordInstance) -> list[list[tuple[int, int]]]:
    """Maximal horizontal then vertical runs of two or more white cells."""
    height, width = len(instance.grid), len(instance.grid[0])
    found = []
    for lines in ([[(r, c) for c in range(width)] for r in range(height)],
                  [[(r, c) for r in range(height)] for c in range(width)]):
        for line in lines:
            run: list[tuple[int, int]] = []
            for cell in [*line, None]:
                if cell is not None and instance.grid[cell[0]][cell[1]] != "0":
                    run.append(cell)
                    continue
                if len(run) >= 2:
                    found.append(run)
                run = []
    return found


def slot_problem(instance: CrosswordInstance) -> SlotProblem:
    """Slots, candidate words (bit sets) and allowed letters at the arc-consistency fixpoint."""
    cell_letters = {(r, c): letters
                    for r, row in enumerate(instance.grid) for c in range(len(row))
                    if (letters := instance.allowed(r, c)) is not None}
    return SlotProblem(slots(instance), cell_letters, instance.words)


def encode(instance: CrosswordInstance) -> Formula:
    return encode_problem(instance, slot_problem(instance))


def encode_problem(instance: CrosswordInstance, problem: SlotProblem) -> Formula:
    """The CNF of `instance` from its arc-consistent slot problem."""
    formula = Formula(KIND)
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
        idents = [formula.var("c", r + 1, c + 1, ch) for ch in letters]
        formula.exactly_one(idents)
        table = np.zeros(26, dtype=np.int64)
        table[[ord(ch) - 97 for ch in letters]] = idents
        letter_vars[(r, c)] = table
    uses: list[tuple[np.ndarray, np.ndarray, int]] = []  # (word numbers, word vars, length)
    for number, slot in enumerate(problem.slots):
        numbers = problem.slot_numbers(number)
        word_vars = formula.reserve(len(numbers)) + np.arange(len(numbers), dtype=np.int64)
        formula.at_least_one(word_vars.tolist())
        _channel(formula, problem.index(number).matrix[numbers], word_vars,
                 [letter_vars[cell] for cell in slot])
        uses.append((numbers, word_vars, len(slot)))
    if instance.distinct:
        _distinct_words(formula, uses)
    return formula


def _channel(formula: Formula, spelled: np.ndarray, word_vars: np.ndarray,
             cell_tables: list[np.ndarray]) -> None:
    """Word ↔ letters, built as numpy blocks: each word implies its letter in every cell
    (binary clauses), and each allowed letter of a cell implies one of the words having it
    there (one long clause per cell and letter)."""
    for position, table in enumerate(cell_tables):
        letters = spelled[:, position].astype(np.int64)
        formula.add_pairs(-word_vars, table[letters])
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
            formula.add_block(np.concatenate(pieces), np.array(ends))


def _distinct_words(formula: Formula, uses: list[tuple[np.ndarray, np.ndarray, int]]) -> None:
    """At most one slot takes each word (slots of one length share word numbers)."""
    for length in sorted({length for _, _, length in uses}):
        numbers = np.concatenate([n for n, _, size in uses if size == length])
        variables = np.concatenate([v for _, v, size in uses if size == length])
        order = np.argsort(numbers, kind="stable")
        numbers, variables = numbers[order], variables[order]
        bounds = np.flatnonzero(np.diff(numbers)) + 1
        for group in np.split(variables, bounds):
            if len(group) > 1:
                formula.at_most_one(group.tolist())


def search(instance: CrosswordInstance, solver_name: str) -> Iterator[Fill]:
    """Every fill, by the search engine (crossword_search.TrieSearch) with a SAT oracle of
    back end `solver_name` built only if the search stalls."""
    problem = slot_problem(instance)
    height, width = len(instance.grid), len(instance.grid[0])
    # Large grids: static-order backtracking stalls (the seed's trie finds nothing in a
    # minute on a 15×15 van Beek grid), so the oracle is built at once, not after a wait.
    budget = 0.0 if len(problem.cell_masks) > LARGE_GRID_CELLS else None
    engine = TrieSearch(problem, height, width, instance.distinct,
                        oracle_factory=lambda: sat_oracle(instance, problem, solver_name),
                        oracle_budget=budget)
    return engine.fills()


def sat_oracle(instance: CrosswordInstance, problem: SlotProblem, solver_name: str) -> Oracle:
    """Is there a fill extending these letters? The CNF of encode() under assumptions."""
    from satpuzzle.solving import make_solver

    formula = encode_problem(instance, problem)
    solver = make_solver(solver_name, formula.all_clauses())
    letter_var = {(name[1] - 1, name[2] - 1, name[3]): ident
                  for ident, name in formula.names.items() if name[0] == "c"}
    top = max(formula.names, default=0)

    def oracle(prefix: list[tuple[tuple[int, int], str]],
               conflicts: int | None = None) -> dict[tuple[int, int], str] | None:
        assumptions = [letter_var[(r, c, letter)] for (r, c), letter in prefix]
        if conflicts is None or not hasattr(solver, "solve_limited"):
            answer = solver.solve(assumptions=assumptions)
        else:
            solver.conf_budget(conflicts)
            answer = solver.solve_limited(assumptions=assumptions)
            if answer is None:
                return {}  # unknown within the budget: the search goes on below, unpruned
        if not answer:
            return None
        true_vars = {lit for lit in solver.get_model()[:top] if lit > 0}
        return {(r, c): letter for (r, c, letter), ident in letter_var.items()
                if ident in true_vars}

    return oracle


def decode(instance: CrosswordInstance, true_names: Iterable[VarName]) -> Fill:
    grid = [["0" if instance.allowed(r, c) is None else "" for c in range(len(row))]
            for r, row in enumerate(instance.grid)]
    for name in true_names:
        if name[0] == "c":
            grid[name[1] - 1][name[2] - 1] = name[3]
    for r, row in enumerate(grid):
        if "" in row:
            raise InputError(f"the model gives no letter to cell row {r + 1}, "
                             f"column {row.index('') + 1}")
    return tuple("".join(row) for row in grid)


# ---------------------------------------------------------------- output


def render_text(instance: CrosswordInstance, solution: Fill) -> str:
    """The grid with letters in white cells and 0 in black cells, as in the seed."""
    return "\n".join(solution)


def render_json(instance: CrosswordInstance, solution: Fill) -> list[str]:
    return list(solution)


def from_json(instance: CrosswordInstance, data: object, path: str) -> Fill:
    if not (isinstance(data, list) and all(isinstance(row, str) for row in data)):
        raise InputError("a crossword solution in JSON is a list of row strings", path)
    return tuple(data)


def parse_solutions(instance: CrosswordInstance, text: str, path: str) -> list[Fill]:
    """Grids of letters and 0, one after another, separated by blank lines."""
    grids, current = [], []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            grids.append(tuple(current))
            current = []
    if not grids:
        raise InputError("empty solution file, expected a filled grid", path, 1, 1)
    return grids


def to_puz(instance: CrosswordInstance) -> str:
    """The instance in the language, with the words that fit some slot inline."""
    lengths = {len(slot) for slot in slots(instance)}
    # when no word fits, all are kept: an empty list would not read back
    words = [w for w in instance.words if len(w) in lengths] or list(instance.words)
    title = f' "{instance.title}"' if instance.title else ""
    lines = [f"crossword{title} {{"]
    if instance.distinct:
        lines.append("  distinct: yes")
    lines.append("  words {")
    lines += ["    " + " ".join(words[i:i + 12]) for i in range(0, len(words), 12)]
    lines += ["  }", "  grid {", *("    " + "".join(row) for row in instance.grid), "  }", "}"]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- forced cells


def forced_text(instance: CrosswordInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the grid as a solution prints it, with the forced letter
    of each white cell, `?` where the letter is open, 0 for black cells."""
    letter = {(name[1], name[2]): name[3] for name, value in forced.items()
              if value and name[0] == "c"}
    return ["".join("0" if instance.allowed(r, c) is None else str(letter.get((r + 1, c + 1), "?"))
                    for c in range(len(row)))
            for r, row in enumerate(instance.grid)]
