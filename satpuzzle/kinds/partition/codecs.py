"""PARTITION in the exchange formats: JSON."""

from __future__ import annotations

from satpuzzle.codecs.json_reader import Fields, JsonCodec
from satpuzzle.instances import JSONOut
from satpuzzle.kinds.partition import puzzle as partition
from satpuzzle.kinds.partition.puzzle import PartitionInstance


def read_json(f: Fields, title: str | None) -> PartitionInstance:
    numbers = f.reader.integers(f.data["numbers"], f.at("numbers"))
    tokens = [f.token("numbers", i, text=str(n)) for i, n in enumerate(numbers)]
    return partition.instance_from_tokens(tokens, f.token("numbers"), title)


def write_json(instance: PartitionInstance) -> dict[str, JSONOut]:
    return {"numbers": list(instance.numbers)}


JSON = JsonCodec(("numbers",), ("numbers",), read_json, write_json)


# what this kind has in each exchange format (read by Kind's codec properties)
SGT_GAMES = ()
URL = None
NATIVE = ()
