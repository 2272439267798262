"""The formula of one Shikaku instance: its candidate rectangles (puzzle.candidates), reduced by
the presolve (presolve.py) and probing (probing.py), then the rules (rules.py) over those left."""

from __future__ import annotations

from functools import lru_cache

from satpuzzle.cnf import Formula
from satpuzzle.kinds.shikaku import presolve, probing, rules
from satpuzzle.kinds.shikaku.presolve import Reduction
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance, candidates


@lru_cache(maxsize=2)
def reduced(instance: ShikakuInstance) -> Reduction:
    """The instance's candidates after the presolve (presolve.py) and probing (probing.py).
    Cached: encoding and `--forced` both use it."""
    reduction = presolve.reduce(instance.rows, instance.cols, candidates(instance),
                                len(instance.clues))
    probing.probe(instance.rows, instance.cols, instance.clues, reduction)
    return reduction


def encode(instance: ShikakuInstance) -> Formula:
    """The CNF of one puzzle over the candidates the presolve leaves (rules.py)."""
    return rules.encode(instance.rows, instance.cols, instance.clues, reduced(instance),
                        instance.encodings)
