"""The solve pipeline: compiled instances, requests, and the events every path consumes."""

from __future__ import annotations

from typing import Any

from satpuzzle.cnf import refuse_estimate
from satpuzzle.kinds import registry


def check_budget(instance: Any) -> None:
    """Refuse, before encoding, a puzzle whose kind estimates more clauses than the budget
    (--max-clauses); kinds without an estimate are stopped by the Formula itself as it grows."""
    estimate = registry.kind_of(instance).estimate_clauses(instance)
    if estimate is not None:
        refuse_estimate(estimate, f"this {instance.KIND} puzzle")
