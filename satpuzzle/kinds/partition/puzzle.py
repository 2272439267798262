"""PARTITION: split a list of positive integers into two parts of equal sum.

Rules. The numbers are positive integers (0 is refused on reading: a zero fits either part, so
it would only double every count, and the jigsaw reductions turn each number x into a row of x
pieces). A solution is the sorted tuple of the 0-based indices of the part holding index 0;
the other part is the rest. A split and its mirror image are therefore one solution, and
enumeration and `--count` count splits this way: [1, 1, 2] has one solution, (0, 1), not two.
Equal numbers at different indices are different splits: [1, 1, 1, 1] has three solutions,
(0, 1), (0, 2) and (0, 3).

Instance → CNF: one puzzle variable side(i) per number, true when number i lies in the part of
number 0; side(0) is a unit clause (this is what merges a split with its mirror); then the
pseudo-Boolean constraint sum of a_i·side(i) = total/2 through PySAT's PBEnc on the formula's
IDPool, so that its auxiliaries never collide with anything else. An odd total has no split:
the formula is then a plain contradiction. Blocking clauses are on the side variables only.

PBEnc encoding (ENCODING = mixedradix), measured with CaDiCaL 1.9.5 on 2 shared cores. Deciding
all 320 puzzles of partdata.tsv (n = 10-30, numbers up to 9998), encoding included: adder
1.4 s, mixedradix 3.6 s, binmerge 6.4 s, bdd 26 s, best 76 s (it picks BDDs here), seqcounter
68 s on a 1-in-8 sample, sortnetwrk over 120 s on that sample. Enumerating up to 200 splits of
14 satisfiable puzzles: bdd 3.3 s, mixedradix 9-13 s, adder 31-35 s. Random n = 30 with numbers
up to 10^7 (three seeds): mixedradix 3.1, 13.2, 4.9 s; adder 35 s and two timeouts at 40 s.
Mixedradix is kept: within 0.3 s of adder on every partdata puzzle, and far faster where the
search is hard or every split is wanted.

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
from typing import ClassVar

from pysat.pb import EncType

from satpuzzle.cnf import Formula, VarName
from satpuzzle.errors import InputError, Position
from satpuzzle.grammar import PuzzleSpec, Token
from satpuzzle.grammar.transformer import tokenize_rows
from satpuzzle.kinds.base import Fit
from satpuzzle.solving import Job

KIND = "partition"

# A solution: the sorted 0-based indices of the part that holds number 0 (so that a split and
# its mirror image are one solution).
Solution = tuple[int, ...]

# PBEnc encoding of sum a_i·side(i) = total/2 (measurements in the module docstring).
ENCODING = EncType.mixedradix
# PBEnc hands weights to a C++ library as 64-bit integers: the total must fit.
MAX_TOTAL = 2 ** 62
_INTEGER = re.compile(r"^[+-]?[0-9]+$")


@dataclass(frozen=True)
class PartitionInstance:
    numbers: tuple[int, ...]
    title: str | None = None
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
    for line in text.splitlines()[:100]:
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
    rows = tokenize_rows(text, path)
    if not rows:
        raise InputError("empty file, expected integers separated by blanks or newlines",
                         path, 1, 1)
    first = next(line for line in text.splitlines()
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
        tokens = [Token(t.text, Position(path, number, column - 1 + t.pos.column))
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


def _summary(instance: PartitionInstance) -> list[str]:
    total = sum(instance.numbers)
    return [f"numbers: {len(instance.numbers)}, total {total}",
            f"pseudo-Boolean equality sum = {total / 2:g} ({_encoding_name()} encoding)"
            if total % 2 == 0 else "odd total: no split"]


def _encoding_name() -> str:
    return next(name for name in vars(EncType) if getattr(EncType, name) == ENCODING
                and not name.startswith("_"))


def _side_vars(formula: Formula, count: int) -> list[int]:
    """side(i) for every number, created first so that DIMACS variable i + 1 is number i."""
    return [formula.var("side", i) for i in range(count)]


def _equal_halves(formula: Formula, sides: Sequence[int], numbers: Sequence[int],
                  encoding: int, condition: int | None = None) -> None:
    """sum numbers[i]·sides[i] = total/2 (total even) into the formula, under `condition`
    when given (refused up front when its estimate passes the clause budget; a large one is
    encoded in a child that a timeout or a signal kills)."""
    formula.pb_equals(sides, numbers, sum(numbers) // 2, encoding, condition)


def _check_positive(instance: PartitionInstance) -> None:
    """Instances built in code get the reader's checks too."""
    if not instance.numbers or any(type(a) is not int or a <= 0 for a in instance.numbers):
        raise InputError("PARTITION numbers must be a non-empty list of positive integers")
    if sum(instance.numbers) >= MAX_TOTAL:
        raise InputError("PARTITION numbers must sum to less than 2^62")


def encode(instance: PartitionInstance, encoding: int | None = None) -> Formula:
    """side(0) true, and the side(i)-weighted sum equal to half the total."""
    _check_positive(instance)
    formula = Formula(KIND)
    formula.summary = _summary(instance)
    sides = _side_vars(formula, len(instance.numbers))
    formula.add([sides[0]])  # number 0's part: a split and its mirror are one solution
    if sum(instance.numbers) % 2:
        formula.contradiction()
        return formula
    _equal_halves(formula, sides, instance.numbers, ENCODING if encoding is None else encoding)
    return formula


def encode_batch(instances: Sequence[PartitionInstance]) -> tuple[Formula, list[Job]]:
    """All puzzles in one formula: puzzle k's clauses hold only under its guard g(k), at most
    one guard is true, and job k assumes g(k), side(0), and side(i) false past its length.
    The side variables are shared, so every job blocks on the same puzzle variables. (An
    at-most-one over the guards rather than every other guard assumed false: 320 partdata
    puzzles in 7.2 s instead of 11.2 s.)"""
    for instance in instances:
        _check_positive(instance)
    formula = Formula(KIND)
    longest = max(len(instance.numbers) for instance in instances)
    sides = _side_vars(formula, longest)
    guards = [formula.pool.id(("guard", k)) for k in range(len(instances))]
    formula.summary = [(f"batch of {len(instances)} puzzles, up to {longest} numbers, "
                        f"{_encoding_name()} encoding, each under a guard assumption")]
    for guard, instance in zip(guards, instances):
        n = len(instance.numbers)
        if sum(instance.numbers) % 2:
            formula.add([-guard])
            continue
        _equal_halves(formula, sides[:n], instance.numbers, ENCODING, condition=guard)
    formula.at_most_one(guards)  # one job's guard assumed true switches the others off
    jobs = []
    for k, instance in enumerate(instances):
        past_end = [-side for side in sides[len(instance.numbers):]]
        jobs.append(Job([guards[k], sides[0], *past_end]))
    return formula, jobs


def decode(instance: PartitionInstance, true_names: Iterable[VarName]) -> Solution:
    """The indices whose side variable is true."""
    count = len(instance.numbers)
    return tuple(sorted(name[1] for name in true_names
                        if name[0] == "side" and 0 <= name[1] < count))  # type: ignore[operator]


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
