"""PARTITION: split a list of positive integers into two parts of equal sum.

Rules. The numbers are positive integers (0 is refused on reading: a zero fits either part, so
it would only double every count, and the jigsaw reductions turn each number x into a row of x
pieces). A solution is the sorted tuple of the 0-based indices of the part holding index 0;
the other part is the rest. A split and its mirror image are therefore one solution, and
enumeration and `--count` count splits this way: [1, 1, 2] has one solution, (0, 1), not two.
Equal numbers at different indices are different splits: [1, 1, 1, 1] has three solutions,
(0, 1), (0, 2) and (0, 3).

Instance → CNF: the rules in rules.py, over the constraint library: one puzzle variable
side(i) per number, true when number i lies in the part of number 0; side(0) true (this is
what merges a split with its mirror); the pseudo-Boolean sum of a_i·side(i) equal to total/2
(family `sum`, mixed radix by default, switchable). An odd total has no split: the formula is
then a plain contradiction. Blocking clauses are on the side variables only.

Inputs: `.puz` (`numbers: 3 1 1 2 2 1`, a `numbers { ... }` block over several lines, or
`numbers: file "PATH"`), a plain file of integers separated by blanks and newlines (`#`
comments; `--kind partition`), and the TSV of the arnaud-m/partition benchmark (`index`, `n`,
`optimum difference`, the numbers space-separated; a `#` header line), read as one puzzle per
line and answered one line each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import ClassVar

from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit

KIND = "partition"

# A solution: the sorted 0-based indices of the part that holds number 0 (so that a split and
# its mirror image are one solution).
Solution = tuple[int, ...]

# PBEnc hands weights to a C++ library as 64-bit integers: the total must fit.
MAX_TOTAL = 2 ** 62
MAX_NUMBERS = 100_000  # more is refused on reading (3.6 n^1.5 clauses would pass any budget)
BLOCK_LIMITS = {"numbers": BlockLimit(MAX_NUMBERS, MAX_NUMBERS, "numbers")}  # before parsing
INTEGER = re.compile(r"^[+-]?[0-9]+$")  # one integer word (solutions are read with it too)


@dataclass(frozen=True)
class PartitionInstance:
    numbers: tuple[int, ...]
    title: str | None = None
    # family → encoding chosen by the user (--encoding FAMILY=NAME; FAMILIES in __init__.py)
    encodings: tuple[tuple[str, str], ...] = ()
    KIND: ClassVar[str] = KIND

    def __post_init__(self) -> None:
        """Refuse what is no PARTITION instance, also when built in code (readers refuse it
        earlier, at its position): at least one positive integer, summing below MAX_TOTAL.
        A list becomes a tuple."""
        try:
            numbers = tuple(self.numbers)
            valid = (bool(numbers) and {int}.issuperset(map(type, numbers))
                     and min(numbers) >= 1)
        except TypeError:
            valid = False
        if not valid:
            raise InputError("the numbers must be at least one positive integer")
        if sum(numbers) >= MAX_TOTAL:
            raise InputError(f"the numbers sum to {sum(numbers)}, above the supported 2^62")
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "encodings", tuple(map(tuple, self.encodings)))


# ---------------------------------------------------------------- reading


def _number(token: Token) -> int:
    """One positive integer of the list."""
    if not INTEGER.match(token.text):
        raise token.error(f"expected a positive integer, found {token.text!r}")
    value = int(token.text)
    if value <= 0:
        raise token.error(f"expected a positive integer, found {token.text!r} "
                          "(PARTITION numbers are positive; 0 is not allowed)")
    return value


def instance_from_tokens(tokens: Sequence[Token], where: Token | str,
                         title: str | None = None) -> PartitionInstance:
    """An instance from the tokens of a number list; `where` locates an empty list."""
    if not tokens:
        message = "empty list of numbers: expected at least one positive integer"
        raise where.error(message) if isinstance(where, Token) else InputError(message, where, 1, 1)
    numbers = tuple(_number(token) for token in tokens)
    if sum(numbers) >= MAX_TOTAL:
        raise tokens[0].error(f"the numbers sum to {sum(numbers)}, above the supported 2^62")
    return PartitionInstance(numbers, title)


def from_spec(spec: PuzzleSpec) -> PartitionInstance:
    """The instance of `partition { numbers: ... }` (a field, a block, or `file "PATH"`)."""
    spec.check_names({"numbers"}, {"numbers"})
    if "numbers" in spec.blocks:
        where = spec.blocks["numbers"].name
        rows = spec.blocks["numbers"].rows
    elif "numbers" in spec.fields:
        entry = spec.fields["numbers"]
        where = entry.name
        values = entry.values
        if values[0].text == "file" and len(values) == 2 and values[1].text.startswith('"'):
            rows = spec.rows("numbers") or []
        else:
            rows = [values]
    else:
        raise spec.error("partition needs its numbers: 'numbers: 3 1 1 2 2 1', a "
                         "'numbers {' block, or 'numbers: file \"PATH\"'")
    return instance_from_tokens([token for row in rows for token in row], where, spec.title)


def _tsv_fields(line: str) -> list[str] | None:
    """The four fields of a partdata.tsv line, or None when the line is not one."""
    fields = line.rstrip("\r\n").split("\t")
    if len(fields) != 4 or not all(INTEGER.match(f.strip()) for f in fields[:3]):
        return None
    return fields


def sniff(text: str) -> bool:
    """Whether `text` is a partdata.tsv file: its header comment (`# index<TAB>n<TAB>...`) or
    its first line is four tab-separated fields, the first three integers and the last as
    many numbers as the second says (the reader then checks every line). A plain list of
    integers is not recognised (too many files look like one): read it with `--kind
    partition`."""
    for line in islice(text_lines(text), 100):
        if not line.strip():
            continue
        if line.lstrip().startswith("#"):
            if line.lstrip("# ").lower().startswith("index\tn\t"):
                return True
            continue
        fields = _tsv_fields(line)
        if fields is None:
            return False
        # n numbers in the last field, n ≥ 2, so that a 4-column tab-separated grid row
        # (Sudoku, Shikaku) is not taken for a puzzle line
        words = fields[3].split()
        return len(words) >= 2 and int(fields[1]) == len(words)
    return False


def fit(text: str) -> int:
    """A partdata.tsv file (its header or its four-field lines) is certain."""
    return Fit.CERTAIN if sniff(text) else Fit.NO


def read_native(text: str, path: str, options: dict) -> tuple[list[PartitionInstance], bool]:
    """A partdata.tsv file (one puzzle per line, answered one line each) when it has the TSV
    header comment or its first line is four tab-separated fields; else a plain list of
    integers (one puzzle)."""
    rows = tokenize_rows(text, path, BLOCK_LIMITS["numbers"], "numbers")
    if not rows:
        raise InputError("empty file, expected integers separated by blanks or newlines",
                         path, 1, 1)
    first = next(line for line in text_lines(text)
                 if line.strip() and not line.lstrip().startswith("#"))
    if sniff(text) or len(first.split("\t")) == 4:
        return _read_tsv(text, path), True
    return [instance_from_tokens([t for row in rows for t in row], path)], False


def _read_tsv(text: str, path: str) -> list[PartitionInstance]:
    """partdata.tsv: `index<TAB>n<TAB>optimum<TAB>numbers`; `#` lines are comments."""
    instances = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.rstrip("\r").split("\t")
        if len(fields) != 4:
            raise InputError(f"expected 4 tab-separated fields (index, n, optimum, numbers), "
                             f"found {len(fields)}", path, number, 1)
        column = 1
        header = []
        for name, field in zip(("index", "n", "optimum"), fields[:3]):
            if not INTEGER.match(field.strip()):
                raise InputError(f"expected an integer ({name}), found {field!r}",
                                 path, number, column)
            header.append(int(field))
            column += len(field) + 1
        tokens = [Token(t.text, Position(path, number, None if t.pos.column is None
                                         else column - 1 + t.pos.column))
                  for row in tokenize_rows(fields[3], path) for t in row]
        if header[1] != len(tokens):
            raise InputError(f"the line says n = {header[1]} but lists {len(tokens)} "
                             "number(s)", path, number, len(fields[0]) + 2)
        where = Token(fields[3], Position(path, number, column))
        instances.append(instance_from_tokens(tokens, where, f"index {header[0]}"))
    if not instances:
        raise InputError("no puzzle line in the file", path, 1, 1)
    return instances


# ---------------------------------------------------------------- writing


def to_puz(instance: PartitionInstance) -> str:
    """The instance in the .puz language (a `numbers` block of 20 numbers a line when long)."""
    title = f' "{instance.title}"' if instance.title else ""
    values = list(map(str, instance.numbers))
    if len(values) <= 20:
        body = f"  numbers: {' '.join(values)}\n"
    else:
        lines = [" ".join(values[i:i + 20]) for i in range(0, len(values), 20)]
        body = "  numbers {\n" + "".join(f"    {line}\n" for line in lines) + "  }\n"
    return f"partition{title} {{\n{body}}}\n"
