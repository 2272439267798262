"""What flows between the layers, typed: a puzzle instance, a solution, JSON.

Every layer passes instances and solutions along without knowing their kind; only the kind
that made them (the registry finds it by `instance.KIND`) looks inside. So the layers below
and above the kinds see an `Instance`, which promises what every kind's instance class has
(its `KIND` and its `title`), and a `Solution`, which promises nothing: code that wants more
must narrow it, as the kind's own functions do by taking their concrete classes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    from dataclasses import Field


class Instance(Protocol):
    """A puzzle instance: a kind's frozen dataclass (`SudokuInstance`, ...)."""

    # a dataclass's: `dataclasses.replace` makes one with other encodings, another title
    __dataclass_fields__: ClassVar[dict[str, Field[object]]]

    @property
    def KIND(self) -> str: ...  # the kind's name, by which the registry finds its kind

    @property
    def title(self) -> str | None: ...


# one kind's own instance class, to which code written for every kind (a codec of an exchange
# format) holds each kind's functions: a codec's reader makes the class its writer takes
InstanceT = TypeVar("InstanceT", bound=Instance)

# a kind's decoded answer (a grid, a fill, a list of pieces): only its kind looks inside
Solution: TypeAlias = object

# a CNF variable's name, as the kind that made the variable wrote it: ("cell", 2, 3, 7)
VarName: TypeAlias = tuple[object, ...]

# JSON as written (json.dumps takes it): mappings and sequences of JSON, and its scalars
JSONOut: TypeAlias = (
    "Mapping[str, JSONOut] | Sequence[JSONOut] | str | int | float | bool | None")

# the options a run was given, by their names (the command line's, as argparse parsed them,
# or the API's keywords): each kind reads and checks its own, so their values are Any
Options: TypeAlias = dict[str, Any]
