"""verify --certify (satpuzzle.verify with certify=True): each side of a reduction found
unsatisfiable has its "no solution" proven, and only those."""

from __future__ import annotations

from satpuzzle.reductions import partition_contour
from satpuzzle.verify import random_sources, verify_all


def test_each_unsatisfiable_side_is_certified():
    reports = list(verify_all(partition_contour, random_sources(partition_contour, 6, 1, 6),
                              certify=True))
    unsatisfiable = [r for r in reports if not r.source_satisfiable]
    satisfiable = [r for r in reports if r.source_satisfiable]
    assert unsatisfiable and satisfiable  # seed 1 gives both (the test would prove nothing)
    for report in unsatisfiable:
        assert not report.mismatch
        assert [side for side, _ in report.certificates] == ["source", "jigsaw"]
        for _side, certificate in report.certificates:
            assert certificate.certified, certificate.reason
            assert certificate.claim == "no solution"
    for report in satisfiable:
        assert report.certificates == []


def test_without_certify_nothing_is_proven():
    reports = verify_all(partition_contour, random_sources(partition_contour, 3, 1, 6))
    assert all(report.certificates == [] for report in reports)
