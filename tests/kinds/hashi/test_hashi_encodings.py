"""Hashiwokakero's rule families (kinds/hashi/rules.py) under every encoding a user may
choose: degrees by the order encoding (the default) or any CardEnc cardinality encoding,
connectivity by cuts, spanning tree or clasp reachability, no loops by any cardinality
encoding; the same solutions on the bundled puzzles and on small random puzzles against the
brute force of test_hashi, by SAT and by clasp; every clause in a family."""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import INSTANCES
from test_hashi import brute_force_solutions

import satpuzzle
from satpuzzle.kinds.hashi import FAMILIES, rules
from satpuzzle.kinds.hashi import generation as hashi_generation
from satpuzzle.kinds.hashi import puzzle as hashi
from satpuzzle.kinds.hashi import rules as hashi_rules
from satpuzzle.kinds.registry import KINDS

KIND = KINDS["hashi"]
BUNDLED = sorted((INSTANCES / "hashi").glob("*.puz"))
DEGREES = ["order", "seqcounter", "totalizer", "sortnetwrk"]
CONNECTED = ["cuts", "tree", "reachability"]
CHOICES = ([(("degree", name),) for name in DEGREES]
           + [(("connected", name),) for name in CONNECTED]
           + [(("no-loops", "totalizer"),), (("degree", "totalizer"), ("connected", "tree"))])


def solution_set(instance, engine: str = "auto") -> set:
    return {tuple(s) for s in satpuzzle.solutions(instance, engine=engine)}


def test_the_families_are_declared():
    assert KIND.encoding_families == FAMILIES
    assert set(FAMILIES) >= {"degree", "connected"}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
@pytest.mark.parametrize("chosen", CHOICES, ids=lambda c: ",".join("=".join(x) for x in c))
def test_bundled_puzzles_have_the_same_solutions_in_every_encoding(path, chosen):
    instance = satpuzzle.load(str(path))[0]
    other = KIND.with_encodings(instance, chosen)
    formula = KIND.encode(other)
    for family, name in chosen:
        if family in formula.families:
            assert name in formula.families[family].encoding
    expected = solution_set(instance)
    assert solution_set(other, "sat") == expected
    assert solution_set(other) == expected


def test_the_connectivity_entry_maps_to_the_connected_family():
    """lazy is reachability (cuts and clasp's rules), eager the spanning tree; a choice of
    the family wins over the entry."""
    instance = satpuzzle.load(str(INSTANCES / "hashi" / "dailyprogrammer-7x7.puz"))[0]
    lazy = hashi_rules.encode(instance)
    assert lazy.refine is not None and lazy.reachable is not None
    assert "reachability" in lazy.families["connected"].encoding
    eager = hashi_rules.encode(hashi.with_connectivity(instance, "eager"))
    assert eager.refine is None and "tree" in eager.families["connected"].encoding
    cuts = hashi_rules.encode(KIND.with_encodings(hashi.with_connectivity(instance, "eager"),
                                            (("connected", "cuts"),)))
    assert cuts.refine is not None and cuts.reachable is None
    standalone = hashi_rules.encode_standalone(KIND.with_encodings(instance,
                                                             (("connected", "cuts"),)))
    assert standalone.refine is None  # DIMACS export: always the tree
    assert rules.connectivity_method(instance) == "reachability"


@pytest.mark.parametrize("seed", range(6))
def test_random_puzzles_match_the_brute_force_in_every_encoding(seed):
    rng = random.Random(seed)
    instance = hashi_generation.generate(6, 6, islands=rng.randint(6, 10), seed=200 + seed)
    expected = brute_force_solutions(instance.grid)
    for chosen in CHOICES:
        other = dataclasses.replace(instance, encodings=chosen)
        assert solution_set(other, "sat") == expected, chosen
    assert solution_set(dataclasses.replace(
        instance, encodings=(("connected", "reachability"),))) == expected


@pytest.mark.parametrize("seed", range(4))
def test_no_loops_is_the_same_in_every_encoding(seed):
    """The `loops: no` variant: a count (any cardinality encoding) with cuts, or the tree's
    arcs, give the same solutions."""
    instance = dataclasses.replace(
        hashi_generation.generate(6, 6, islands=7 + seed, seed=300 + seed), no_loops=True)
    expected = solution_set(instance, "sat")
    for chosen in ((("connected", "tree"),), (("connected", "cuts"),),
                   (("no-loops", "totalizer"),), (("no-loops", "sortnetwrk"),)):
        assert solution_set(dataclasses.replace(instance, encodings=chosen), "sat") == \
            expected, chosen


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_clause_belongs_to_a_family(path):
    instance = satpuzzle.load(str(path))[0]
    for formula in (KIND.encode(instance), KIND.encode_standalone(instance),
                    KIND.encode(KIND.with_encodings(instance, (("degree", "seqcounter"),))),
                    hashi_rules.encode_local_rules(instance)):
        rows = formula.explanation()
        assert "(unattributed)" not in {row.name for row in rows}
        assert sum(row.clauses for row in rows) == formula.num_clauses


def test_an_island_out_of_reach_is_a_contradiction_in_a_family():
    instance = hashi.HashiInstance(((3, 0, 1),))  # a 3 with one neighbour
    formula = hashi_rules.encode(instance)
    assert "(unattributed)" not in {row.name for row in formula.explanation()}
    assert list(satpuzzle.solutions(instance)) == []
