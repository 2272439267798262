"""The back ends' table (satpuzzle/backends.py) and the pipeline's choice among them
(satpuzzle.pipeline.CHOICES): every choice names a declared back end, the capabilities say
what the command line refuses, and a request gets the back end the rules give it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import INSTANCES

from satpuzzle import backends, pipeline
from satpuzzle.kinds import registry
from satpuzzle.kinds.sudoku import shared
from satpuzzle.loading import load


def one(path: str):
    return load(str(INSTANCES / path), None, {}).instances[0]


def test_every_choice_names_a_declared_back_end():
    for choice in pipeline.CHOICES:
        assert choice.backend in backends.BACKENDS or choice.backend == "engine"
        assert choice.why
    assert pipeline.CHOICES[-1].backend == "sat"  # the last rule, which always holds
    for backend in [*backends.BACKENDS.values(), *backends.engine_backends().values()]:
        assert backend.can and backend.can <= set(backends.CAPABILITIES), backend.name
    for place in backends.PLACES.values():
        assert place.runs <= set(backends.BACKENDS) | {"engine"}, place.name


def test_the_kinds_engines_are_listed():
    listed = backends.engine_backends()
    for kind in registry.KINDS.values():
        for engine in kind.engines:
            assert backends.SOLVE in listed[f"{kind.name}:{engine.name}"].can


def test_capabilities_are_the_refusals():
    """--forced needs assumptions (an external solver has none); --jobs and --cluster run
    neither an external solver nor Ganak (one puzzle at a time, from this process)."""
    external, ganak = backends.BACKENDS["external"], backends.BACKENDS["ganak"]
    assert backends.BACKENDS["backbone"].does(backends.ASSUME)
    assert not external.does(backends.ASSUME)
    assert not ganak.does(backends.ENUMERATE) and ganak.does(backends.COUNT)
    for place in ("jobs", "cluster"):
        assert "external" not in backends.PLACES[place].runs
        assert "ganak" not in backends.PLACES[place].runs
        assert "sat" in backends.PLACES[place].runs


@pytest.mark.parametrize("fields, expected", [
    ({}, "sat"),
    ({"engine": "sat"}, "sat"),
    ({"forced": True}, "backbone"),
    ({"solver_cmd": "cadical"}, "external"),
    ({"forced": True, "solver_cmd": "cadical"}, "backbone"),  # which then refuses it
])
def test_a_sudoku_request_gets_its_back_end(fields, expected):
    # the Sudoku's shared engine suits a shape this process has answered a few puzzles of
    # (tests run before this one may have): a fresh process has answered none
    shared.SHARED.clear()
    asked = pipeline.Asked(one("sudoku/classic.puz"), replace(pipeline.Request(), **fields))
    assert pipeline.choose(asked) == expected


@pytest.mark.parametrize("fields, expected", [
    ({"engine": "search"}, "engine"),
    ({"engine": "race", "limit": 1}, "race"),
    ({"engine": "race", "limit": None}, "engine"),
    ({"engine": "sat"}, "sat"),
    ({"engine": "search", "cube": (("x", True),)}, "sat"),  # a --split cube is SAT's
])
def test_a_jigsaw_request_gets_its_back_end(fields, expected):
    asked = pipeline.Asked(one("jigsaw/generated-4x4.puz"), replace(pipeline.Request(), **fields))
    assert pipeline.choose(asked) == expected
