"""Where Nurikabe's islands could lie: neighbours, the cells each number's island could
reach, and the edges between cells, for the rules (rules.py)."""

from __future__ import annotations

from collections import deque

Cell = tuple[int, int]


def neighbours(instance, r: int, c: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < instance.rows and 0 <= c + dc < instance.cols]


def reach(instance) -> list[list[Cell]]:
    """Per number n, the cells its island could take: within n − 1 steps of it, never
    through another number's cell or a cell beside one (that island would touch it)."""
    owner = {(r, c): i for i, (r, c, _) in enumerate(instance.clues)}
    out = []
    for i, (r0, c0, size) in enumerate(instance.clues):
        seen, queue = {(r0, c0): 0}, deque([(r0, c0)])
        while queue:
            cell = queue.popleft()
            for nxt in neighbours(instance, *cell):
                if nxt not in seen and seen[cell] + 1 < size and all(
                        owner.get(x, i) == i for x in [nxt, *neighbours(instance, *nxt)]):
                    seen[nxt] = seen[cell] + 1
                    queue.append(nxt)
        out.append(list(seen))
    return out


def edges(instance, index: dict[Cell, int]) -> list[tuple[int, int, None]]:
    """Orthogonal neighbours among the cells of `index`, each pair once."""
    return [(k, index[other], None) for (r, c), k in index.items()
            for other in ((r + 1, c), (r, c + 1)) if other in index]

