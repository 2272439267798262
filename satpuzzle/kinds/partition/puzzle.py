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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import ClassVar, cast

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.limits import BlockLimit
from satpuzzle.grammar.transformer import text_lines, tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.kinds.partition import rules
from satpuzzle.solving import Job

KIND = "partition"

# A solution: the sorted 0-based indices of the part that holds number 0 (so that a split and
# its mirror image are one solution).
Solution = tuple[int, ...]

# PBEnc hands weights to a C++ library as 64-bit integers: the total must fit.
MAX_TOTAL = 2 ** 62
MAX_NUMBERS = 100_000  # more is refused on reading (3.6 n^1.5 clauses would pass any budget)
BLOCK_LIMITS = {"numbers": BlockLimit(MAX_NUMBERS, MAX_NUMBERS, "numbers")}  # before parsing
_INTEGER = re.compile(r"^[+-]?[0-9]+$")


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
    if not _INTEGER.match(token.text):
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
    if len(fields) != 4 or not all(_INTEGER.match(f.strip()) for f in fields[:3]):
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
            if not _INTEGER.match(field.strip()):
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


def parse_solutions(instance: PartitionInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them (the `part 1:` line of each gives the indices;
    `part 2:` lines are derived and skipped) or as `render_line` prints them (a line of
    indices, possibly after a verdict word). Verdict lines (`unique`, `multiple`, `no
    solution`) and `#` comments are skipped."""
    solutions = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.split("#", 1)[0].strip()
        if not stripped or stripped in _VERDICTS or stripped.startswith("part 2:"):
            continue
        first = stripped.split()[0]
        if first in _VERDICTS:  # `--unique` on one-line puzzles: "unique 0 2 5"
            stripped = stripped[len(first):].strip()
        column = line.index(stripped) + 1
        if stripped.startswith("part 1:"):
            body = stripped[len("part 1:"):].split(",", 1)[0].strip()
            if not body.startswith("indices"):
                raise InputError("expected 'part 1: indices I J ..., numbers ...'",
                                 path, number, column)
            offset = column + stripped.index(body) + len("indices")
            words = body[len("indices"):]
        else:
            offset, words = column - 1, stripped
        solutions.append(_indices(words, path, number, offset))
    if not solutions:
        raise InputError("empty solution file, expected 'part 1: indices ...' lines or lines "
                         "of indices", path, 1, 1)
    return solutions


_VERDICTS = {"unique", "multiple", "none", "unknown", "no solution"}


def _indices(words: str, path: str, line: int, offset: int) -> Solution:
    indices, column = [], 0
    for word in words.split():
        column = words.index(word, column)
        if not _INTEGER.match(word):
            raise InputError(f"expected an index (a non-negative integer), found {word!r}",
                             path, line, offset + column + 1)
        indices.append(int(word))
        column += len(word)
    return tuple(indices)


def from_json(instance: PartitionInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: `{"indices": [...], ...}` as `render_json` writes it, or a
    bare list of indices."""
    if isinstance(data, dict):
        data = data.get("indices")
    if not isinstance(data, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in data):
        raise InputError('a PARTITION solution in JSON is {"indices": [0-based indices of the '
                         'part holding index 0]} or a list of indices', path)
    return tuple(data)


# ---------------------------------------------------------------- encoding


def _check_positive(instance: PartitionInstance) -> None:
    """Instances built in code get the reader's checks too."""
    if not instance.numbers or any(type(a) is not int or a <= 0 for a in instance.numbers):
        raise InputError("PARTITION numbers must be a non-empty list of positive integers")
    if sum(instance.numbers) >= MAX_TOTAL:
        raise InputError("PARTITION numbers must sum to less than 2^62")


def encode(instance: PartitionInstance) -> Formula:
    """The rules of rules.py for one puzzle."""
    _check_positive(instance)
    return rules.encode(instance)


def encode_batch(instances: Sequence[PartitionInstance]) -> tuple[Formula, list[Job]]:
    """All puzzles in one formula, a job (guard assumptions) each: rules.encode_batch."""
    for instance in instances:
        _check_positive(instance)
    return rules.encode_batch(instances)


def decode(instance: PartitionInstance, true_names: Iterable[VarName]) -> Solution:
    """The indices whose side variable is true."""
    count = len(instance.numbers)
    # ("side", index): the rules' name of each number's side
    sides = (cast(tuple[str, int], name)[1] for name in true_names if name[0] == "side")
    return tuple(sorted(index for index in sides if 0 <= index < count))


# ---------------------------------------------------------------- output


def _other(instance: PartitionInstance, solution: Solution) -> list[int]:
    chosen = set(solution)
    return [i for i in range(len(instance.numbers)) if i not in chosen]


def _part_line(label: str, instance: PartitionInstance, indices: Sequence[int]) -> str:
    values = [instance.numbers[i] for i in indices if 0 <= i < len(instance.numbers)]
    return (f"{label}: indices {' '.join(map(str, indices))}, numbers "
            f"{' '.join(map(str, values))}, sum {sum(values)}")


def render_text(instance: PartitionInstance, solution: Solution) -> str:
    """Two lines: the part holding index 0, then the other part (0-based indices, their
    numbers and their sum)."""
    return "\n".join([_part_line("part 1", instance, solution),
                      _part_line("part 2", instance, _other(instance, solution))])


def render_line(instance: PartitionInstance, solution: Solution) -> str:
    """One line for batches: the 0-based indices of the part holding index 0."""
    return " ".join(map(str, solution))


def render_json(instance: PartitionInstance, solution: Solution) -> dict[str, object]:
    other = _other(instance, solution)
    return {"indices": list(solution), "other_indices": other,
            "sum": sum(instance.numbers[i] for i in solution)}


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


# ---------------------------------------------------------------- forced cells


def forced_text(instance: PartitionInstance, forced: dict[VarName, bool]) -> list[str]:
    """`satpuzzle solve --forced`: the numbers forced into the part of number 0 (`part 1`),
    those forced into the other part, and the open ones, as `part 1: indices 0 3, numbers 3 2`
    (0-based indices, as in solutions)."""
    side = {name[1]: value for name, value in forced.items() if name[0] == "side"}
    count = len(instance.numbers)
    groups = [("part 1", [i for i in range(count) if side.get(i) is True]),
              ("part 2", [i for i in range(count) if side.get(i) is False]),
              ("open", [i for i in range(count) if i not in side])]
    return [f"{label}: indices {' '.join(map(str, indices))}, numbers "
            f"{' '.join(str(instance.numbers[i]) for i in indices)}"
            for label, indices in groups if indices]
