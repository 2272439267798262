"""Every encoding choice gives the same solution set (issue 27, part 5).

For every kind in the registry, every family it lets a user switch, and every encoding the
registry allows for that family's constraint: the solutions of bundled instances (the
smallest ones of `instances/<kind>/`) and of small generated ones, enumerated by SAT with
blocking clauses on the puzzle variables, equal the default encoding's, and the count of a
non-parsimonious encoding (auxiliaries) stays the number of solutions. The formula's
families table always adds up to the formula, and no kind leaves a clause outside a family.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from functools import cache

import pytest
from conftest import ROOT

import satpuzzle
from satpuzzle.constraints import choices
from satpuzzle.kinds import registry

INSTANCES = ROOT / "instances"
MOST = 60  # solutions enumerated per instance (instances with more are not taken)
PER_KIND = 2  # bundled instances per kind


def _key(instance, solution) -> str:
    kind = registry.kind_of(instance)
    return json.dumps(kind.render_json(instance, solution), sort_keys=True)


def _solutions(instance) -> frozenset[str] | None:
    """Every solution (None: more than MOST, or not answered in 20 s)."""
    try:
        found = list(satpuzzle.solutions(instance, limit=MOST + 1, engine="sat", timeout=20))
    except satpuzzle.Timeout:
        return None
    if len(found) > MOST:
        return None
    keys = frozenset(_key(instance, s) for s in found)
    assert len(keys) == len(found), "a solution enumerated twice"
    return keys


@cache
def _loaded(kind_name: str) -> tuple:
    """The bundled .puz puzzles of a kind (files under 4 KB), smallest first."""
    folder = INSTANCES / kind_name
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(folder.glob("*.puz"), key=lambda p: p.stat().st_size):
        if path.stat().st_size > 4096:
            continue
        try:
            instance = satpuzzle.load(str(path))[0]
        except satpuzzle.InputError:  # a file that needs options of its own (--kind)
            continue
        if registry.kind_of(instance).name == kind_name:
            found.append((path.name, instance))
    return tuple(found)


@cache
def _few_solutions(kind_name: str, name: str) -> bool:
    instance = dict(_loaded(kind_name))[name]
    return _solutions(instance) is not None


def _bundled(kind_name: str, family: str | None = None) -> list:
    """Up to PER_KIND bundled puzzles (using `family`, if given) with few solutions."""
    picked = []
    for name, instance in _loaded(kind_name):
        if family is not None and family not in _used_families(instance):
            continue
        if _few_solutions(kind_name, name):
            picked.append((name, instance))
        if len(picked) == PER_KIND:
            break
    return picked


def _used_families(instance) -> set[str]:
    formula = registry.kind_of(instance).encode(instance)
    return set(formula.families)


CASES = [(kind.name, family, constraint) for kind in registry.KINDS.values()
         for family, constraint in kind.encoding_families.items()]


def test_some_kinds_have_switchable_families():
    assert {"sudoku"} <= {kind for kind, _f, _c in CASES}


@pytest.mark.parametrize("kind_name,family,constraint", CASES,
                         ids=[f"{k}-{f}" for k, f, _c in CASES])
def test_every_encoding_gives_the_same_solutions(kind_name, family, constraint):
    instances = _bundled(kind_name, family)
    if not instances:
        pytest.skip(f"no small bundled {kind_name} puzzle uses family {family!r}")
    kind = registry.KINDS[kind_name]
    for name, instance in instances:
        expected = _solutions(instance)
        for encoding in choices(constraint):
            chosen = kind.with_encodings(instance, [(family, encoding)])
            formula = kind.encode(chosen)
            assert formula.families[family].encoding.split(" + ")[0] in (encoding, "direct") \
                or encoding in formula.families[family].encoding, (name, encoding)
            assert _solutions(chosen) == expected, (name, family, encoding)
            counted = satpuzzle.count(chosen, engine="sat", timeout=20)
            assert counted.complete and counted.count == len(expected), (name, encoding)


@pytest.mark.parametrize("kind_name", sorted(registry.KINDS))
def test_families_add_up_to_the_formula(kind_name):
    for name, instance in _bundled(kind_name):
        formula = registry.kind_of(instance).encode(instance)
        rows = formula.explanation()
        assert "(unattributed)" not in {r.name for r in rows}, (name, "clauses outside a family")
        assert sum(r.clauses for r in rows) == formula.num_clauses, name
        literals = sum(len(c) for c in formula.all_clauses())
        assert sum(r.literals for r in rows) == literals, name
        ranges = formula.family_ranges()
        assert sum(high - low + 1 for _f, low, high in ranges) == formula.num_clauses
        assert all(a[2] + 1 == b[1] for a, b in itertools.pairwise(ranges))


def test_sudoku_random_givens_same_solutions_every_encoding():
    """Random 4×4 puzzles (few givens: many solutions), every family, every encoding."""
    import random

    generator = random.Random(27)
    kind = registry.KINDS["sudoku"]
    base = satpuzzle.load(str(INSTANCES / "sudoku" / "empty-4x4.puz"))[0]
    for _ in range(4):
        grid = [[0] * 4 for _ in range(4)]
        for _given in range(6):
            r, c = generator.randrange(4), generator.randrange(4)
            grid[r][c] = generator.randrange(1, 5)
        instance = dataclasses.replace(base, givens=tuple(map(tuple, grid)))
        expected = _solutions(instance)
        for family in ("cell", "row", "column", "box"):
            for encoding in choices("amo"):
                chosen = kind.with_encodings(instance, [(family, encoding)])
                assert _solutions(chosen) == expected, (grid, family, encoding)
