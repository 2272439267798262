"""The clue fields the ipuz specification allows and the `ipuz` library refuses (`label` as
text, `cells`, `continued`, `references` and `see` in the specification's forms): checked
here, to the specification, and taken out of the clue the library checks the rest of."""

from __future__ import annotations

from satpuzzle.lazy import Lazy

ipuz = Lazy("ipuz")


def library_clue(clue: object) -> object:
    """`clue` without the fields the specification allows and the library refuses, those
    checked here: `label` (text), `cells` ([column, row] pairs), `continued` (a list of
    {direction, number}), `references` (a list of {direction, number}) and `see` (one)."""
    if not isinstance(clue, dict):
        return clue
    kept = dict(clue)
    for field in ("label", "cells", "continued", "references", "see"):
        if field not in clue:
            continue
        value = clue[field]
        if field in ("references", "see") and _library_knows(field, value):
            continue
        if not spec_clue_field(field, value):
            raise ipuz.IPUZException(f"Invalid Clue in clues element found: its {field!r}")
        del kept[field]
    return kept


def _library_knows(field: str, value: object) -> bool:
    """Whether the library checks `value` itself (its forms of `references` and `see`)."""
    numbers = value if field == "references" else [value]
    return isinstance(numbers, list) and all(
        isinstance(number, (int, str)) and not isinstance(number, bool) for number in numbers)


def spec_clue_field(field: str, value: object) -> bool:
    """Whether a clue's `field` holds `value` in a form the specification allows."""
    if field == "label":
        return isinstance(value, (str, int)) and not isinstance(value, bool)
    if field == "cells":
        return isinstance(value, list) and all(
            isinstance(cell, list) and len(cell) == 2
            and all(type(index) is int and index >= 0 for index in cell) for cell in value)
    if field == "see":
        return _cross_reference(value)
    return isinstance(value, list) and all(map(_cross_reference, value))


def _cross_reference(value: object) -> bool:
    """A {"direction", "number"} naming another clue."""
    return (isinstance(value, dict) and isinstance(value.get("direction"), str)
            and isinstance(value.get("number"), (int, str))
            and not isinstance(value.get("number"), bool))
