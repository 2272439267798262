"""A model's true side variables as a PARTITION split, and `--forced` in the puzzle's words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from satpuzzle.cnf import VarName
from satpuzzle.kinds.partition.puzzle import PartitionInstance, Solution


def decode(instance: PartitionInstance, true_names: Iterable[VarName]) -> Solution:
    """The indices whose side variable is true."""
    count = len(instance.numbers)
    # ("side", index): the rules' name of each number's side
    sides = (cast(tuple[str, int], name)[1] for name in true_names if name[0] == "side")
    return tuple(sorted(index for index in sides if 0 <= index < count))


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
