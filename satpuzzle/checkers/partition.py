"""PARTITION rules, checked directly: the solution names the part holding index 0 as sorted,
distinct, in-range 0-based indices, and that part's numbers sum to exactly half of the total
(so the rest sums to the other half). Independent of the encoder: it reads the numbers and the
indices, nothing else."""

from __future__ import annotations

from collections.abc import Sequence


def violations(numbers: Sequence[int], indices: Sequence[object]) -> list[str]:
    """Every broken rule, in words; an empty list means the split is valid."""
    problems: list[str] = []
    if not numbers:
        return ["the instance has no numbers"]
    bad = [a for a in numbers if type(a) is not int or a <= 0]
    if bad:
        problems.append(f"the instance holds numbers that are not positive integers: {bad[:5]}")
    if not all(type(i) is int for i in indices):
        return [*problems, f"indices must be integers, found {list(indices)[:10]}"]
    chosen = [i for i in indices if isinstance(i, int)]
    out_of_range = [i for i in chosen if not 0 <= i < len(numbers)]
    if out_of_range:
        return [*problems, f"indices out of range 0..{len(numbers) - 1}: {out_of_range[:10]}"]
    if len(set(chosen)) != len(chosen):
        problems.append("an index is listed twice")
    if chosen != sorted(chosen):
        problems.append("indices are not in increasing order")
    if 0 not in chosen:
        problems.append("index 0 is not in the part given (the solution names the part "
                        "holding index 0)")
    part = sum(numbers[i] for i in set(chosen))
    rest = sum(numbers) - part
    if part != rest:
        problems.append(f"the part sums to {part} and the rest to {rest}: not equal")
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a PARTITION instance."""
    return violations(instance.numbers, solution)
