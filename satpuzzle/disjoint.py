"""Disjoint sets (union-find with path halving) over any hashable items: the one place
satpuzzle groups connected things (islands, regions, cells). The rule checkers keep their own
on purpose: they share no code with the rest."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class DisjointSets(Generic[T]):
    """Each item starts in a set of its own; `union` merges two sets."""

    def __init__(self, items: Iterable[T] = ()) -> None:
        self.parent: dict[T, T] = {item: item for item in items}

    def find(self, item: T) -> T:
        """The representative of the set holding `item` (added alone if new)."""
        parent = self.parent
        parent.setdefault(item, item)
        while parent[item] != item:
            parent[item] = parent[parent[item]]
            item = parent[item]
        return item

    def union(self, first: T, second: T) -> None:
        self.parent[self.find(first)] = self.find(second)

    def groups(self) -> dict[T, list[T]]:
        """Representative → members, both in the order items were added."""
        found: dict[T, list[T]] = {}
        for item in list(self.parent):
            found.setdefault(self.find(item), []).append(item)
        return found
