"""Native files as named exchange formats (one-line Sudoku, `.has`, piece files, DIMACS, ...):
each is a `NativeFormat` a kind gives (satpuzzle/kinds/<kind>/codecs.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic

from satpuzzle.instances import InstanceT


@dataclass(frozen=True)
class NativeFormat(Generic[InstanceT]):
    """A file format of one kind. `read(text, path)` its instances; `write(instance)` the
    text. `drops`: the instance fields the format does not carry (set to None before
    comparing an instance with what its text reads back as); `multi`: whether one text
    holds several puzzles (one a line)."""

    name: str
    read: Callable[[str, str], list[InstanceT]]
    write: Callable[[InstanceT], str]
    drops: tuple[str, ...] = field(default=("title",))
    multi: bool = False


def natural(text: str) -> bool:
    """Digits 0-9 only: "²".isdigit() is true, but int("²") fails."""
    return text.isascii() and text.isdigit()
