"""The puzzle language itself (docs/LANGUAGE.md) as an exchange format: every kind, every
field, titles included."""

from __future__ import annotations

from satpuzzle.instances import Instance
from satpuzzle.kinds import registry

NAME = "puz"
KINDS = registry.NAMES


def read(source: str, path: str) -> list[Instance]:
    from satpuzzle.grammar import parse_specs

    return [registry.build(spec) for spec in parse_specs(source, path)]


def write(instance: Instance) -> str:
    return registry.kind(instance.KIND).to_puz(instance)
