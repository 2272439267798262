""".xd crosswords (Saul Pwanson's plain-text format of the xd corpus, spec 3.0:
github.com/century-arcade/xd, doc/xd-format.md). No maintained Python library reads it, and the
spec is short, so this module reads and writes it itself.

A file is sections, told apart by `## Metadata` / `## Grid` / `## Clues` / `## Notes` headers
or, without them, by two or more blank lines, in that order: `Key: value` lines, the grid one
row a line (`#` a block, `_` no cell, a letter the solution, `.` an empty cell, lowercase a
shaded or circled letter; in a grid without `#`, `.` is a block, as xd-crossword-tools writes), clues `A1. Clue text ~ ANSWER` and `D1. ...`, then free notes. The
grid is the solution: xd has no player's grid, so its letters are given only with
--keep-solution. A digit or symbol in the grid is a cell whose answer holds no letter (open),
as in the other formats; HTML comments `<!-- ... -->` are skipped wherever they are, as
xd-crossword-tools skips them.

A rebus: the `Rebus` header (`Rebus: 1=HEART 2=DIAMOND`, or comma-separated) names grid
characters that stand for several letters (GridFile.rebus; upper-cased, accents folded). An
item that is not `KEY=LETTERS` with a one-character key, a key that is `#`, `_` or `.`, or
that no cell of the grid holds, and a string of more than MAX_REBUS_LETTERS characters are
refused at the header's line; a string of other characters than letters (`+`, `10`) leaves its
cells open, no letter known. A fill is written back with a `Rebus` header of its own (the
file's keys kept for the strings it had, new ones `1`-`9`, `0`, then symbols) and its answers
spelled in full.

Bars (barred grids), as xd-crossword-tools (Puzzmo) writes them: a `## Design` section holding
a `<style>` block of rules `A { bar-left: true; bar-top: true }` (also `bar-right`,
`bar-bottom`), then a grid of the puzzle's size naming a rule per cell (`.` none). A file
saying `Form: barred` whose bars are not in a Design section (older files, which leave them to
be inferred from the answers) is refused: its entries are unknown. A fill written back as xd
keeps the file's Design section (its bars and its other styles, circles and shading, with the
cells using them), or writes one for the bars of a grid read from another format.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from satpuzzle.codecs.gridfile import (
    BLOCK,
    BOTTOM,
    MAX_REBUS_LETTERS,
    OPEN,
    RIGHT,
    Bar,
    Clue,
    GridFile,
    RebusCell,
    bar_of_side,
    cell_letters,
    entries,
)
from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    from satpuzzle.kinds.crossword.model import CrosswordInstance

# the crossword kind's codecs: a fill problem from a file, a file from a puzzle
crossword_codecs = Lazy("satpuzzle.kinds.crossword.codecs")

NAME = "xd"
KINDS = ("crossword",)
FORMAT = "xd"
MAX_CELLS = 10_000  # as the crossword kind's grids
_HEADER = re.compile(r"##[ \t]+(\w[\w ]*?)\s*$")  # a space after ##: a grid row has none
_META = re.compile(r"([A-Za-z][\w -]*?)\s*:\s?(.*)")
_CLUE = re.compile(r"([AD])(\d{1,5})\.\s?(.*?)(?:\s~\s(.*))?")
_STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.DOTALL | re.IGNORECASE)
_STYLE_RULE = re.compile(r"([^{}]+)\{([^}]*)\}")
_BAR_NAME = re.compile(r"bar-(?:top|left|right|bottom)\s*:", re.IGNORECASE)
BAR_PROPERTIES = {f"bar-{side}": side for side in ("top", "left", "right", "bottom")}
_CLUE_LINE = re.compile(r"^\s*[AD]\d{1,5}\.\s[^\n]*\s~\s", re.MULTILINE)


def is_xd(text: str, path: str) -> bool:
    """Whether `text` is an xd file: named `.xd`, or holding across or down clues written
    `A1. Clue ~ ANSWER`."""
    return Path(path).suffix.lower() == ".xd" or (" ~ " in text and bool(
        _CLUE_LINE.search(text)))


def signature(source: str | bytes, path: str) -> str | None:
    """NAME when `source` is an xd file, else None."""
    return NAME if isinstance(source, str) and is_xd(source, path) else None


def read(source: str, path: str) -> list[CrosswordInstance]:
    """The fill problem of an xd file, its word list the file's own answers (a dictionary
    comes with `solve --dict`, through satpuzzle.loading)."""
    return [crossword_codecs.fill_problem(read_document(source, path), path)]


def read_document(text: str, path: str) -> GridFile:
    sections = _sections(text)
    meta = _metadata(sections.get("metadata", []), path)
    header = next((number for number, line in sections.get("metadata", [])
                   if _is_rebus_header(line)), 1)
    keys = _rebus_keys(meta.get("rebus", ""), path, header)
    grid, rebus = _grid(sections.get("grid", []), keys, path)
    unused = next((key for key in keys if not any(key in row for _, row in sections["grid"])),
                  None)
    if unused is not None:
        raise InputError(f"the Rebus header's key {unused!r} ({keys[unused]}) names no cell "
                         "of the grid", path, header, 1)
    clues = tuple(clue for number, line in sections.get("clues", [])
                  if (clue := _clue(line)) is not None)
    cells = tuple("".join(BLOCK if cell == BLOCK else OPEN for cell in row) for row in grid)
    notes = "\n".join(line for _, line in sections.get("notes", [])).strip()
    bars = _bars(sections.get("design", []), len(grid), len(grid[0]), path)
    if not bars and meta.get("form", "").lower() == "barred":
        raise InputError("this xd file says 'Form: barred' but draws no bars in a '## Design' "
                         "section: its entries are unknown, and a fill across its bars would "
                         "be wrong", path)
    return GridFile(FORMAT, cells, tuple(grid), clues, meta.get("title", ""),
                    meta.get("author", ""), meta.get("copyright", ""), notes,
                    text.encode("utf-8"), bars=bars, rebus=tuple(rebus))


def _bars(lines: list[tuple[int, str]], height: int, width: int, path: str) -> frozenset[Bar]:
    """The bars a `## Design` section draws: its `<style>` rules (`A { bar-left: true }`,
    also several selectors `A, B { ... }`, a rule over several lines, a selector re-opened)
    naming `bar-left`, `bar-top`, `bar-right` or `bar-bottom`, placed by the design grid
    after the style block. Refused rather than ignored: a bar property of a value other than
    true or false, one the rules' syntax leaves unread, or a design grid not of the puzzle's
    size when some rule draws a bar."""
    text = "\n".join(line for _, line in lines)
    style = _STYLE_BLOCK.search(text)
    first = lines[0][0] if lines else 1
    if style is None:
        return frozenset()
    sides: dict[str, set[str]] = {}
    read = 0
    for selectors, body in _STYLE_RULE.findall(style.group(1)):
        for declaration in body.split(";"):
            name, _, value = (part.strip().strip("\"'").lower()
                              for part in declaration.partition(":"))
            if name not in BAR_PROPERTIES:
                continue
            read += 1
            if value not in ("true", "false"):
                raise InputError(f"{name}: {value!r} in the Design section: expected true or "
                                 "false", path, first, 1)
            for selector in selectors.split(","):
                drawn = sides.setdefault(selector.strip(), set())
                (drawn.add if value == "true" else drawn.discard)(BAR_PROPERTIES[name])
    if read != len(_BAR_NAME.findall(style.group(1))):
        raise InputError("the Design section's style names a bar in a rule satpuzzle cannot "
                         "read (expected 'A { bar-left: true }' rules)", path, first, 1)
    if not any(sides.values()):
        return frozenset()
    if any(len(selector) != 1 for selector, drawn in sides.items() if drawn):
        raise InputError("a Design rule drawing bars must name one character of the design "
                         "grid", path, first, 1)
    grid = [row.strip() for row in text[style.end():].splitlines() if row.strip()]
    if len(grid) != height or any(len(row) != width for row in grid):
        raise InputError(f"the Design section's grid must be {height} rows of {width} cells, "
                         "as the puzzle's, to place its bars", path, first, 1)
    return frozenset(bar for r, row in enumerate(grid) for c, name in enumerate(row)
                     for side in sides.get(name, ())
                     if (bar := bar_of_side(r, c, side)) is not None)


def _sections(text: str) -> dict[str, list[tuple[int, str]]]:
    """Section name -> its (line number, line) pairs, blank lines left out."""
    lines = _without_comments(text)
    explicit = any(_HEADER.fullmatch(line.strip()) for _, line in lines)
    sections: dict[str, list[tuple[int, str]]] = {}
    if explicit:
        name = None
        for number, line in lines:
            header = _HEADER.fullmatch(line.strip())
            if header:
                name = header.group(1).lower()
                continue
            if name and line.strip():
                sections.setdefault(name, []).append((number, line))
        return sections
    groups: list[list[tuple[int, str]]] = [[]]
    blanks = 0
    for number, line in lines:
        if not line.strip():
            blanks += 1
            continue
        if blanks >= 2 and groups[-1]:
            groups.append([])
        blanks = 0
        groups[-1].append((number, line))
    if groups[0] and not all(_META.fullmatch(line.strip()) for _, line in groups[0]):
        groups.insert(0, [])  # no metadata section: the file starts with its grid
    for name, group in zip(("metadata", "grid", "clues"), groups):
        sections[name] = group
    sections["notes"] = [pair for group in groups[3:] for pair in group]
    return sections


_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def _without_comments(text: str) -> list[tuple[int, str]]:
    """(line number, line) pairs of `text` with its HTML comments `<!-- ... -->` (one line or
    several) taken out, as xd-crossword-tools reads them; a line holding only a comment, or
    inside one, is no line (so that it neither ends a section nor counts as one of its
    lines)."""
    spans = [match.span() for match in _COMMENT.finditer(text)]
    kept, start, first = [], 0, 0
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        end = start + len(line)
        while first < len(spans) and spans[first][1] <= start:
            first += 1  # spans in order: each passed once
        touched, at = [], first
        while at < len(spans) and spans[at][0] < end:
            touched.append((max(spans[at][0], start), min(spans[at][1], end)))
            at += 1
        pieces, cut = [], start
        for a, b in touched:
            pieces.append(line[cut - start:a - start])
            cut = b
        shown = "".join([*pieces, line[cut - start:]]).rstrip("\r\n")
        if shown.strip() or not touched:
            kept.append((number, shown))
        start = end
    return kept


def _metadata(lines: list[tuple[int, str]], path: str) -> dict[str, str]:
    meta: dict[str, str] = {}
    for number, line in lines:
        match = _META.fullmatch(line.strip())
        if not match:
            raise InputError("expected a metadata line 'Key: value'", path, number, 1)
        meta.setdefault(match.group(1).lower(), match.group(2).strip())
    return meta


def _is_rebus_header(line: str) -> bool:
    match = _META.fullmatch(line.strip())
    return bool(match and match.group(1).lower() == "rebus")


def _rebus_keys(header: str, path: str, line: int) -> dict[str, str]:
    """`Rebus: 1=HEART 2=DIAMOND` (or comma-separated): the cell character -> its string."""
    keys = {}
    for item in re.split(r"[\s,]+", header.strip()):
        if not item:
            continue
        key, equals, value = item.partition("=")
        if len(key) != 1 or not equals or not value or key in "#_.":
            raise InputError(f"the Rebus header's item {item[:30]!r}: expected KEY=LETTERS, "
                             "a key of one character other than '#', '_' or '.'", path, line, 1)
        if len(value) > MAX_REBUS_LETTERS:
            raise InputError(f"the Rebus header's key {key!r} stands for {value[:20]!r}... "
                             f"({len(value)} characters): a rebus cell holds at most "
                             f"{MAX_REBUS_LETTERS}", path, line, 1)
        keys[key] = value
    return keys


def _grid(lines: list[tuple[int, str]], keys: dict[str, str],
          path: str) -> tuple[list[str], list[RebusCell]]:
    """The solution's rows (a rebus cell holding its first letter) and its rebus cells."""
    if not lines:
        raise InputError("the xd file has no grid", path, 1, 1)
    rows: list[str] = []
    rebus: list[RebusCell] = []
    width = len(lines[0][1].strip())
    if len(lines) * width > MAX_CELLS:
        raise InputError(f"grid of {len(lines)}×{width} cells is too large (at most "
                         f"{MAX_CELLS} cells)", path, lines[0][0], 1)
    # xd-crossword-tools (Puzzmo) writes blocks `.`: a grid without `#` means them so
    empty_is_block = not any("#" in line for _, line in lines)
    for number, line in lines:
        text = line.strip()
        column = line.index(text[0]) + 1
        if len(text) != width:
            raise InputError(f"grid line has {len(text)} cells, expected {width} like the "
                             "first", path, number, column)
        row = []
        for offset, char in enumerate(text):
            if char in keys:  # a string of no letters leaves its cell open
                letters = cell_letters(keys[char]) or OPEN
                if len(letters) > 1:
                    rebus.append((len(rows), offset, letters))
                row.append(letters[0])
            elif char in "#_" or (char == "." and empty_is_block):
                row.append(BLOCK)
            elif char == ".":
                row.append(OPEN)
            elif char.isascii() and char.isalpha():
                row.append(char.upper())
            elif not char.isalpha() and char.isprintable() and not char.isspace():
                row.append(OPEN)  # a digit or symbol as a cell's answer: no letter known
            else:
                raise InputError(f"unexpected {char!r} in the grid: expected a letter, '#' "
                                 "(block) or '.' (empty)", path, number, column + offset)
        rows.append("".join(row))
    return rows, rebus


def _clue(line: str) -> Clue | None:
    """A clue line `A1. Text ~ ANSWER` (lines of other groups and `^` metadata ignored)."""
    match = _CLUE.fullmatch(line.strip())
    if not match:
        return None
    direction = "across" if match.group(1) == "A" else "down"
    return Clue(direction, int(match.group(2)), match.group(3).replace("\\", "\n"))


# ---------------------------------------------------------------- writing


def write(instance: CrosswordInstance) -> str:
    """The puzzle as xd (not filled: the solution the file it came from held)."""
    document = crossword_codecs.grid_file(instance)
    return write_filled(document, document.solution, document.rebus)


def write_filled(document: GridFile, filled: tuple[str, ...],
                 rebus: tuple[RebusCell, ...] = ()) -> str:
    """The xd text of `document` with `filled` as its grid (`.` where no letter is known),
    its rebus cells `rebus` (`filled` holding their first letters) written by the keys of a
    `Rebus` header: the metadata of the xd file it was read from (its Rebus header replaced),
    or its title, author and copyright; clues with their answers as `filled` spells them; the
    file's Design section, or one drawing the document's bars."""
    original = (_sections(document.original.decode("utf-8"))
                if document.format == FORMAT and document.original else {})
    if original:
        meta = [line.strip() for _, line in original.get("metadata", [])]
    else:
        meta = [f"{key}: {value}" for key, value in (
            ("Title", document.title), ("Author", document.author),
            ("Copyright", document.copyright)) if value]
    meta = [_one_line(line) for line in meta]
    keys = _write_keys(rebus, _rebus_keys(next(
        (line.partition(":")[2] for line in meta if _is_rebus_header(line)), ""), "", 1))
    at = next((i for i, line in enumerate(meta) if _is_rebus_header(line)), len(meta))
    name = meta[at].partition(":")[0] if at < len(meta) else "Rebus"  # as the file spells it
    header = [f"{name}: {' '.join(f'{key}={letters}' for letters, key in keys.items())}"]
    meta[at:at + 1] = header if keys else []
    strings = {(r, c): letters for r, c, letters in rebus}
    grid = ["".join("#" if cell == BLOCK else keys[strings[(r, c)]] if (r, c) in strings
                    else cell for c, cell in enumerate(row)) for r, row in enumerate(filled)]
    groups = []
    numbered = sorted(entries(document.cells, document.bars), key=lambda e: e.number)
    for direction in ("across", "down"):
        group = []
        for entry in numbered:
            if entry.direction != direction:
                continue
            answer = "".join(strings.get((r, c), filled[r][c]) for r, c in entry.cells())
            text = document.clue_text(direction, entry.number).replace("\r", "")
            text = text.replace("\n", "\\")  # the spec's line separator in a clue
            group.append(f"{direction[0].upper()}{entry.number}. {text} ~ {answer}")
        groups.append("\n".join(group))
    parts = ["\n".join(meta) or "Title: ", "\n".join(grid), "\n\n".join(groups)]
    design = _original_design(original.get("design", [])) or (
        _design(document) if document.bars else "")
    if design:  # headed sections, the bars and styles in a Design section
        parts = [f"## {name}\n\n{part}" for name, part in zip(("Metadata", "Grid", "Clues"),
                                                               parts)]
        parts.append("## Design\n\n" + design)
        if document.notes.strip():
            parts.append("## Notes\n\n" + document.notes.strip())
        return "\n\n".join(parts) + "\n"
    if document.notes.strip():
        parts.append(document.notes.strip())
    return "\n\n\n".join(parts) + "\n"


# the characters an xd file written here gives rebus cells: digits, then symbols that are
# neither letters nor the grid's `#`, `_`, `.` (nor a header's separators `=` and `,`)
REBUS_KEYS = ("1234567890!$%&*+?@^~"
              + "".join(map(chr, range(0x2460, 0x24B6)))  # ① ... ⒵: numbers, no letters
              + "".join(map(chr, range(0x2776, 0x2794))))  # ❶ ... ➓


def _write_keys(rebus: tuple[RebusCell, ...], old: dict[str, str]) -> dict[str, str]:
    """Each rebus string of `rebus` -> its key: the key the file gave it (`old`: key ->
    string) unless a letter (a fill puts letters elsewhere that would read as the rebus),
    else the next of REBUS_KEYS that no other string has."""
    kept = {letters: key for key, letters in old.items() if not key.isalpha()}
    keys: dict[str, str] = {}
    free = (key for key in REBUS_KEYS if key not in old)
    for letters in dict.fromkeys(letters for _, _, letters in rebus):
        key = kept.get(letters) or next(free, None)
        if key is None:
            raise InputError(f"the fill has {len({letters for *_, letters in rebus})} "
                             f"different rebus strings; xd is written with at most "
                             f"{len(REBUS_KEYS)}: write it as ipuz")
        keys[letters] = key
    return keys


def _original_design(lines: list[tuple[int, str]]) -> str:
    """The Design section of the file read, as it was (its style block, then its grid)."""
    text = "\n".join(line.rstrip() for _, line in lines)
    style = _STYLE_BLOCK.search(text)
    if style is None:
        return text
    grid = text[style.end():].strip("\n")
    return text[:style.end()] + ("\n\n" + grid if grid else "")


# the Design section's rules: a cell with a bar on its left, its top, or both
_DESIGN_RULES = {"A": ("left",), "B": ("top",), "C": ("left", "top")}


def _design(document: GridFile) -> str:
    """The `<style>` rules and design grid of the document's bars, each drawn on the left or
    top edge of the cell after it."""
    rows = []
    for r in range(document.height):
        row = []
        for c in range(document.width):
            left = c > 0 and (r, c - 1, RIGHT) in document.bars
            top = r > 0 and (r - 1, c, BOTTOM) in document.bars
            row.append("C" if left and top else "A" if left else "B" if top else ".")
        rows.append("".join(row))
    rules = [f"{name} {{ {'; '.join(f'bar-{side}: true' for side in sides)} }}"
             for name, sides in _DESIGN_RULES.items()]
    return "\n".join(["<style>", *rules, "</style>", "", *rows])


def _one_line(text: str) -> str:
    return " ".join(text.split())
