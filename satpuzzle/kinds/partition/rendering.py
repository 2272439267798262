"""PARTITION solutions as text (the two parts), one line (batches) and JSON, and read back
from text and JSON (`satpuzzle check`)."""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzle.errors import InputError
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.partition.puzzle import INTEGER, PartitionInstance, Solution

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


def render_json(instance: PartitionInstance, solution: Solution) -> dict[str, JSONOut]:
    other = _other(instance, solution)
    return {"indices": list(solution), "other_indices": other,
            "sum": sum(instance.numbers[i] for i in solution)}


# ---------------------------------------------------------------- reading back


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
        if not INTEGER.match(word):
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
