"""Sudoku rules, checked directly: every row, column and box (or irregular region) holds each
of 1..N once, and every given is kept; Sudoku X: both main diagonals hold each of 1..N once
too; Killer: the digits of each cage differ and add up to its total (when it has one).
Independent of the encoder by design: the instance's fields are read by name."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, compress


def violations(givens: Sequence[Sequence[int]], box_rows: int, box_cols: int,
               solution: Sequence[Sequence[int]],
               regions: Sequence[Sequence[int]] | None = None) -> list[str]:
    """Every broken rule, in words; an empty list means the solution is valid. With
    `regions` (region number of each cell) the regions replace the boxes."""
    size = box_rows * box_cols
    if len(solution) != size or any(len(row) != size for row in solution):
        return [f"expected {size} rows of {size} values"]
    if regions is None and _plainly_valid(givens, box_rows, box_cols, solution):
        return []  # the common case, told fast; a broken rule is described below
    problems = []
    for r, (row, given_row) in enumerate(zip(solution, givens)):
        for c, (value, given) in enumerate(zip(row, given_row)):
            if type(value) is not int or not 1 <= value <= size:
                problems.append(f"row {r + 1}, column {c + 1}: {value!r} is not in 1..{size}")
            elif given and given != value:
                problems.append(f"row {r + 1}, column {c + 1}: given {given} "
                                f"changed to {value}")
    everything = set(range(1, size + 1))
    if regions is not None:
        return problems + _row_and_column_problems(solution, everything) \
            + _region_problems(solution, regions, size)
    boxes = {
        (top, left): [solution[top + i][left + j] for i in range(box_rows)
                      for j in range(box_cols)]
        for top in range(0, size, box_rows) for left in range(0, size, box_cols)
    }
    problems += _row_and_column_problems(solution, everything)
    for (top, left), box in boxes.items():
        if set(box) != everything:
            problems.append(f"box at row {top + 1}, column {left + 1} does not hold "
                            f"each of 1..{size} once")
    return problems


def _plainly_valid(givens: Sequence[Sequence[int]], box_rows: int, box_cols: int,
                   solution: Sequence[Sequence[int]]) -> bool:
    """Whether every value is an int, every given is kept, and every row, column and box
    holds 1..N once (batches check tens of thousands of grids: one pass of set comparisons)."""
    size = box_rows * box_cols
    everything = frozenset(range(1, size + 1))
    values = list(chain.from_iterable(solution))
    if set(map(type, values)) != {int}:
        return False
    flat_givens = list(chain.from_iterable(givens))
    # the values where a given is, against the givens themselves (both read in C)
    if list(compress(values, flat_givens)) != list(filter(None, flat_givens)):
        return False
    if not all(map(everything.__eq__, map(set, solution))):  # rows
        return False
    if not all(map(everything.__eq__, map(set, zip(*solution)))):  # columns
        return False
    return all(
        everything == set(chain.from_iterable(row[left:left + box_cols]
                                              for row in solution[top:top + box_rows]))
        for top in range(0, size, box_rows) for left in range(0, size, box_cols))


def _row_and_column_problems(solution: Sequence[Sequence[int]], everything: set[int],
                             ) -> list[str]:
    size = len(everything)
    problems = []
    for r, row in enumerate(solution):
        if set(row) != everything:
            problems.append(f"row {r + 1} does not hold each of 1..{size} once")
    for c, column in enumerate(zip(*solution)):
        if set(column) != everything:
            problems.append(f"column {c + 1} does not hold each of 1..{size} once")
    return problems


def _region_problems(solution: Sequence[Sequence[int]], regions: Sequence[Sequence[int]],
                     size: int) -> list[str]:
    """Each region must hold exactly the digits 1..N, one each: counted per region, so a
    region of the wrong size is caught too."""
    if len(regions) != size or any(len(row) != size for row in regions):
        return [f"the regions are not {size} rows of {size} region numbers"]
    digits_by_region: dict[int, list[int]] = {}
    first_cell: dict[int, tuple[int, int]] = {}
    for r in range(size):
        for c in range(size):
            digits_by_region.setdefault(regions[r][c], []).append(solution[r][c])
            first_cell.setdefault(regions[r][c], (r, c))
    problems = []
    if len(digits_by_region) != size:
        problems.append(f"{len(digits_by_region)} regions, expected {size}")
    wanted = sorted(range(1, size + 1), key=str)
    for region, digits in digits_by_region.items():
        # sorted by text: a malformed solution may hold values of any type
        if sorted(digits, key=str) != wanted:
            r, c = first_cell[region]
            problems.append(f"region {region} (first cell row {r + 1}, column {c + 1}) does "
                            f"not hold each of 1..{size} once")
    return problems


def diagonal_problems(solution: Sequence[Sequence[int]], size: int) -> list[str]:
    """Sudoku X: the main diagonal and the anti-diagonal each hold 1..N once."""
    everything = set(range(1, size + 1))
    problems = []
    if {solution[i][i] for i in range(size)} != everything:
        problems.append(f"the main diagonal (top left to bottom right) does not hold each of "
                        f"1..{size} once")
    if {solution[i][size - 1 - i] for i in range(size)} != everything:
        problems.append(f"the anti-diagonal (top right to bottom left) does not hold each of "
                        f"1..{size} once")
    return problems


def cage_problems(solution: Sequence[Sequence[int]], cages: Sequence) -> list[str]:
    """Killer: in each cage (its `cells`, (row, column) from 0, and its `total` or None) no
    digit repeats and the digits add up to the total."""
    problems = []
    for number, cage in enumerate(cages, 1):
        digits = [solution[r][c] for r, c in cage.cells]
        first_r, first_c = min(cage.cells)
        name = f"cage {number} (first cell row {first_r + 1}, column {first_c + 1})"
        if len(set(digits)) != len(digits):
            repeated = sorted({d for d in digits if digits.count(d) > 1}, key=str)
            problems.append(f"{name} repeats {', '.join(map(str, repeated))}")
        if cage.total is not None and all(type(d) is int for d in digits) \
                and sum(digits) != cage.total:
            problems.append(f"{name} adds up to {sum(digits)}, not {cage.total}")
    return problems


def check(instance, solution) -> list[str]:
    """The registry's entry point: violations of `solution` for a Sudoku instance (and its
    variants' rules when it has them)."""
    problems = violations(instance.givens, instance.box_rows, instance.box_cols, solution,
                          getattr(instance, "regions", None))
    diagonals = getattr(instance, "diagonals", False)
    cages = getattr(instance, "cages", ())
    if not (diagonals or cages) or problems and problems[0].startswith("expected "):
        return problems  # plain Sudoku, or a grid of the wrong shape: nothing more to read
    if diagonals:
        problems += diagonal_problems(solution, instance.box_rows * instance.box_cols)
    return problems + cage_problems(solution, cages)
