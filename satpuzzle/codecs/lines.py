"""Texts of one-line entries (game IDs, URLs): a fault found in one entry is a `BadEntry` at a
character of it, which `read_lines` turns into an InputError at that line and column."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from satpuzzle.errors import InputError
from satpuzzle.grammar.transformer import text_lines

T = TypeVar("T")

MAX_DIGITS = 12  # longer decimal numbers are refused before conversion


class BadEntry(Exception):
    """A fault in one line of the source, `at` its 0-based character index (None: the line)."""

    def __init__(self, message: str, at: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


def source_lines(source: str) -> Iterator[tuple[int, str, int]]:
    """(line number, text, indent) of each line holding an entry: blank lines and `#` comment
    lines are skipped, the text is stripped and `indent` counts what was stripped on the left."""
    for line_number, line in enumerate(text_lines(source), 1):  # one at a time
        text = line.strip()
        if text and not text.startswith("#"):
            yield line_number, text, len(line) - len(line.lstrip())


def read_lines(source: str, where: str, read_one: Callable[[str], T], expected: str,
               ) -> list[T]:
    """`read_one` applied to each entry line of `source`; a BadEntry becomes an InputError at its
    line and column of the source named `where`."""
    instances = []
    for line_number, text, indent in source_lines(source):
        try:
            instances.append(read_one(text))
        except BadEntry as bad:
            column = None if bad.at is None else indent + bad.at + 1
            raise InputError(bad.message, where, line_number, column) from None
    if not instances:
        raise InputError(f"nothing to read: expected {expected}", where, 1, 1)
    return instances


def quoted(text: str, limit: int = 30) -> str:
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def number(text: str, what: str, at: int | None = None) -> int:
    """A decimal number of a description or parameters; absurdly long ones are refused here
    (Python would refuse to convert them, and no grid is that large)."""
    if len(text) > MAX_DIGITS:
        raise BadEntry(f"{what}: number {quoted(text, 15)} is too large", at)
    return int(text)


def or_list(names: list[str] | tuple[str, ...]) -> str:
    """`a, b or c`."""
    return names[0] if len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"


def grid(values: list[int] | tuple[int, ...], cols: int) -> tuple[tuple[int, ...], ...]:
    """Values in reading order as rows of `cols`."""
    return tuple(tuple(values[i:i + cols]) for i in range(0, len(values), cols))
