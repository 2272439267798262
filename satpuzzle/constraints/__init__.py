"""The constraint library: a kind states its rules here, and every clause is born here.

It knows no kind. `Model` (model.py) wraps a `Formula` and adds constraints under family
names the kind gives, each written by a named encoding from the one registry
(encodings.py); integers.py adds integer variables with direct, order and log views,
all-different and sums; graphs.py adds connectivity (cuts, spanning tree, clasp
reachability) and acyclicity. What each family cost is recorded on the formula
(`Formula.families`): `satpuzzle compile --explain` prints it.
"""

from satpuzzle.constraints.encodings import DEFAULTS, ENCODINGS, Encoding, choices
from satpuzzle.constraints.model import Model, parse_choices

__all__ = ["DEFAULTS", "ENCODINGS", "Encoding", "Model", "choices", "parse_choices"]
