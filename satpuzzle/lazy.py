"""The one way satpuzzle defers an import: `Lazy(module)` stands for a module, `Lazy(module,
attribute)` for one of its attributes, and either imports the module on first use.

Start-up pays for every module imported, used or not: numpy, Lark and every kind's encoding
cost more than `satpuzzle --help` does by itself. So a kind declares its name, options and
engines in its `__init__.py` and reaches its `puzzle.py` through a Lazy; a module that needs
numpy in a few functions binds `np = Lazy("numpy")`. The module name is a string literal, so
that tests/architecture/test_layers.py reads it as the import it is.

As a class attribute a Lazy is resolved when read: `KIND.puzzle` is the module itself, and
`fit = Lazy("satpuzzle.kinds.sudoku.puzzle", "fit")` makes `KIND.fit` that function, unbound,
as `staticmethod(function)` would.
"""

from __future__ import annotations

import sys
from typing import Any

_UNSET: Any = object()  # not imported yet (an attribute may well be None)


class Lazy:
    """Module `module` (or its `attribute`), imported on first attribute access or call."""

    __slots__ = ("_attribute", "_module", "_target")

    def __init__(self, module: str, attribute: str | None = None) -> None:
        self._module = module
        self._attribute = attribute
        self._target: Any = _UNSET

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and inspect probe for these: not forwarded
            raise AttributeError(name)
        return getattr(loaded(self), name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return loaded(self)(*args, **kwargs)

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return loaded(self)

    def __reduce__(self) -> tuple[type[Lazy], tuple[str, str | None]]:
        return Lazy, (self._module, self._attribute)

    def __repr__(self) -> str:
        what = self._module + (f".{self._attribute}" if self._attribute else "")
        return f"<lazy {what}>"


def loaded(value: Any) -> Any:
    """What `value` stands for, imported now if it is a Lazy; any other value itself."""
    if not isinstance(value, Lazy):
        return value
    if value._target is _UNSET:
        # __import__, as the import statement: `python -X importtime` lists what it imports
        # (importlib.import_module goes around the timer)
        __import__(value._module)
        module = sys.modules[value._module]
        value._target = module if value._attribute is None else getattr(module,
                                                                        value._attribute)
    return value._target
