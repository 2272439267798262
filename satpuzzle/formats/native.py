"""The native files satpuzzle already reads, as named exchange formats: each kind lists its
own (`Kind.native_formats`: one-line Sudoku, `.has` Hashi, Eternity II and Brendan Owen
jigsaw piece files, DIMACS read as 1-in-3 SAT).

Each writer checks its own output by reading it back: a puzzle the format cannot carry whole
(a Sudoku box shape the one-line format would guess differently, a jigsaw whose board the
Eternity II file cannot tell) is refused with a clear message instead of written wrong.
Titles and solver options are not part of these formats (`NativeFormat.drops`) and are
dropped.

A kind's reader reads its texts as the kind's `adapt_native` rewrites them (a `.has` header
`COLUMNS ROWS ISLANDS`, a Sudoku grid whose empty cells are `-`), here as in satpuzzle.loading.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from satpuzzle.codecs.native import NativeFormat
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry


@dataclass(frozen=True)
class NativeFile:
    """One kind's native format as satpuzzle.formats sees a format (NAME, KINDS, read,
    write)."""

    NAME: str
    KINDS: tuple[str, ...]
    codec: NativeFormat

    def read(self, source: str, path: str) -> list[Instance]:
        adapted = registry.kind(self.KINDS[0]).adapt_native(source)
        return self.codec.read(adapted or source, path)

    def write(self, instance: Instance) -> str:
        text = self.codec.write(instance)
        back = self.codec.read(text, f"<{self.codec.name}>")
        if back != [self._comparable(instance)]:
            raise InputError(f"the {self.codec.name} format cannot carry this puzzle whole "
                             "(reading it back gives another puzzle); use --format puz")
        return text

    def _comparable(self, instance: Instance) -> Instance:
        """The instance as the format carries it: without the fields it drops."""
        return dataclasses.replace(instance, **dict.fromkeys(self.codec.drops))


# format name -> format, in the order of the kinds in the registry
FORMATS: dict[str, NativeFile] = {
    codec.name: NativeFile(codec.name, (kind.name,), codec)
    for kind in registry.KINDS.values() for codec in kind.native_formats
}


