"""Why a crossword has no fill, when it shows before any search: the notes `solve` prints
after "no solution" (known_causes), and the one about letters typed in a constructor's
player's grid, printed once when the file is read (typed_note). Computed only when asked, so
that a run that finds fills pays nothing for them."""

from __future__ import annotations

import re
from collections import defaultdict

from satpuzzle.codecs.gridfile import BLOCK, OPEN, GridFile
from satpuzzle.kinds.crossword.codecs import answer_texts
from satpuzzle.kinds.crossword.model import IMPLIED, CrosswordInstance, slots

SHOWN = 3  # examples quoted in a note
SHOWN_SLOTS = 5  # slots named, one a note, that no word fits


def typed_count(document: GridFile) -> int:
    """The letters typed in the player's grid of `document` (pre-filled ones not counted)."""
    return sum(ch.isalpha() for row in document.typed for ch in row)


def typed_note(document: GridFile) -> str | None:
    """The note about the player's letters kept as givens, or None when none was typed."""
    count = typed_count(document)
    if not count:
        return None
    return (f"{count} letter{'s' if count != 1 else ''} typed in the player's grid "
            f"{'are' if count != 1 else 'is'} kept as given (--ignore-typed to drop them)")


def unplaced_note(document: GridFile) -> str | None:
    """The note about clues of the file that are on no entry of its grid, or None."""
    count = document.unplaced_clues
    if count <= 0:
        return None
    return (f"{count} clue{'s' if count != 1 else ''} of the file {'are' if count != 1 else 'is'}"
            " on no entry of the grid (a clue on part of an entry, or with neither cells nor a"
            " number of the grid): left out of the clues of a fill written as .puz or xd")


def known_causes(instance: CrosswordInstance) -> list[str]:
    """What makes `instance` unfillable before any search: answers of its file dropped from
    the word list it gave, blank cells in the solution of a file that has one, slots of a
    length no word has, slots whose given letters no word of their length fits."""
    causes = _file_causes(instance.source, instance.words) if instance.source else []
    return causes + _rebus_causes(instance) + _slot_causes(instance)


def _rebus_causes(instance: CrosswordInstance) -> list[str]:
    """The rebus strings no word of the list holds, and the cells marked `(*)` where no
    across and down words agree on a string (implied_grid left them so)."""
    missing = [s for s in instance.symbols if not any(s in word for word in instance.words)]
    causes = []
    if missing:
        shown = ", ".join(f'"{s.upper()}"' for s in missing[:SHOWN])
        causes.append(f"{_many(len(missing), 'rebus string')} in no word of the list "
                      f"({shown}{', ...' if len(missing) > SHOWN else ''})")
    lone = [(r, c) for r, row in enumerate(instance.grid) for c, token in enumerate(row)
            if token == IMPLIED and any((r, c) in slot for slot in slots(instance))]
    if lone:
        r, c = lone[0]
        causes.append(f"{_many(len(lone), 'rebus cell')} (*) where the words of its across "
                      f"and down entries agree on no string (first at row {r + 1}, column "
                      f"{c + 1})")
    return causes


def _file_causes(document: GridFile, words: tuple[str, ...]) -> list[str]:
    """When the word list is the file's own answers: the answers left out of it because some
    of their cells hold no letter in the file's solution (a digit, a symbol, or nothing: the
    readers keep letters only), and where the first such cell is."""
    answers = answer_texts(document)
    complete = {a.lower() for a in answers if a.isalpha()}
    if not complete or complete != set(words):  # a list of its own (--dict)
        return []
    dropped = list(dict.fromkeys(a.replace(OPEN, "?") for a in answers if not a.isalpha()))
    blanks = [(r, c) for r, (row, cells) in enumerate(zip(document.solution, document.cells))
              for c, (ch, cell) in enumerate(zip(row, cells)) if ch == OPEN and cell != BLOCK]
    if not dropped or not blanks:
        return []
    shown = ", ".join(f'"{a}"' for a in dropped[:SHOWN]) + (", ..." if len(dropped) > SHOWN
                                                           else "")
    r, c = blanks[0]
    return [(f"{_many(len(dropped), 'answer')} of the file dropped from the word list "
             f"({shown}: ? a cell of its solution holding a digit, a symbol or nothing)"),
            (f"{_many(len(blanks), 'cell')} of the file's solution without a letter (blank, "
             f"digit or symbol; first at row {r + 1}, column {c + 1})")]


def _many(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _slot_causes(instance: CrosswordInstance) -> list[str]:
    """A note for each slot length no word has (naming its first slot), then for the first
    SHOWN_SLOTS slots whose given letters no word of their length fits (and how many more)."""
    found = slots(instance)
    starts = sorted({slot[0] for slot in found})
    number = {cell: k + 1 for k, cell in enumerate(starts)}
    by_length: dict[int, list[str]] = defaultdict(list)
    for word in instance.words:
        by_length[len(word)].append(word)
    texts: dict[int, str] = {}  # the words of a length, one a line, for one search a slot
    missing: dict[int, str] = {}
    unfit = []
    for slot in found:
        name = f"{number[slot[0]]}-{'Across' if slot[0][0] == slot[1][0] else 'Down'}"
        if any(instance.grid[r][c][0] == "(" or (
                instance.rebus and instance.grid[r][c] == "1") for r, c in slot):
            continue  # a rebus cell: its words are longer than it
        if not by_length[len(slot)]:
            missing.setdefault(len(slot), name)
            continue
        cells = [instance.grid[r][c] for r, c in slot]
        if all(cell == "1" for cell in cells):
            continue
        if len(slot) not in texts:
            texts[len(slot)] = "\n".join(by_length[len(slot)])
        pattern = "".join("." if cell == "1" else cell for cell in cells)
        if not re.search(f"^{pattern}$", texts[len(slot)], re.MULTILINE):
            shown = "".join("?" if cell == "1" else cell.upper() if len(cell) == 1 else cell
                            for cell in cells)
            unfit.append(f"no word of the list fits slot {name} ({shown})")
    causes = [f"no word of length {length} in the list (slot {name})"
              for length, name in missing.items()]
    causes += unfit[:SHOWN_SLOTS]
    if len(unfit) > SHOWN_SLOTS:
        causes.append(f"{_many(len(unfit) - SHOWN_SLOTS, 'more slot')} that no word of the "
                      "list fits")
    return causes
