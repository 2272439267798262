"""The instance as JSON: exactly what satpuzzle parsed, one object per puzzle, keys in a fixed
order, `{"kind": ..., "title": ..., ...the kind's fields}` (schemas in docs/FORMATS.md, "The
instance as JSON"). Reading accepts one such object or a list of them.

The reader with its positions (FILE:LINE:COL and JSON paths) is satpuzzle/codecs/json_reader.py;
each kind's keys and checks are its codec (`Kind.json_codec`, in
satpuzzle/kinds/<kind>/codecs.py).
"""

from __future__ import annotations

from satpuzzle.codecs.json_reader import JsonCodec, read_documents, write_instance
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry

NAME = "json"
CODECS: dict[str, JsonCodec] = {kind.name: kind.json_codec for kind in registry.KINDS.values()
                                if kind.json_codec}
KINDS = tuple(CODECS)


def read(source: str, path: str) -> list[Instance]:
    """The instances of a JSON text: one puzzle object, or a list of them."""
    return read_documents(source, path, CODECS)


def write(instance: Instance) -> str:
    """The instance as one JSON object, keys in schema order."""
    kind = registry.kind_of(instance)
    if kind.json_codec is None:
        raise InputError(f"JSON cannot express a {instance.KIND} puzzle")
    return write_instance(kind.name, kind.json_codec, instance)
