"""Verify a reduction on real instances: solve each source instance directly and through the
reduction, require equal satisfiability, map every jigsaw solution found back and check it with
the source rules, map a source solution forward and check it with the jigsaw rules. Every check
goes through the kinds' independent rule checkers, never through the encoders."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from types import ModuleType
from typing import Any

from satpuzzle import check, solutions
from satpuzzle.certify import Certificate
from satpuzzle.errors import InputError
from satpuzzle.instances import Instance
from satpuzzle.kinds import registry


@dataclass
class InstanceReport:
    """What one source instance showed: its satisfiability both ways and every broken check."""

    label: str
    source_satisfiable: bool
    target_satisfiable: bool
    target_solutions_checked: int = 0
    problems: list[str] = field(default_factory=list)
    pieces: int = 0
    # --certify: each unsatisfiable side's "no solution", certified or not (satpuzzle.certify)
    certificates: list[tuple[str, Certificate]] = field(default_factory=list)

    @property
    def mismatch(self) -> bool:
        return bool(self.problems) or self.source_satisfiable != self.target_satisfiable


def verify_instance(reduction: ModuleType, source: Instance, label: str,
                    solutions_cap: int = 5, solver: str = "cadical195",
                    encodings: Sequence[tuple[str, str]] = (), *,
                    certify: bool = False) -> InstanceReport:
    """Run every check of one source instance through `reduction`; `encodings`: choices
    (family, name) for the source's and the target's families (each applies to the kinds
    that have that family, and one that neither has is refused). `certify`: each side
    found unsatisfiable has its "no solution" proven (`certificates`: "source" or
    "jigsaw", and its Certificate)."""
    target: Any = reduction.reduce(source)  # the reduction's jigsaw: its `pieces` are counted
    source, target = _with_encodings([source, target], encodings)
    source_solution = next(solutions(source, limit=1, solver=solver), None)
    target_solutions = list(islice(solutions(target, limit=solutions_cap, solver=solver),
                                   solutions_cap))
    report = InstanceReport(label, source_solution is not None, bool(target_solutions),
                            len(target_solutions), pieces=len(target.pieces))
    if source_solution is not None:
        report.problems += _prefixed("direct source solution", check(source, source_solution))
        forward = reduction.to_target(source, target, source_solution)
        report.problems += _prefixed("source solution mapped forward", check(target, forward))
    for number, board in enumerate(target_solutions, 1):
        report.problems += _prefixed(f"jigsaw solution {number}", check(target, board))
        back = reduction.to_source(source, target, board)
        report.problems += _prefixed(f"jigsaw solution {number} mapped back",
                                     check(source, back))
    if report.source_satisfiable != report.target_satisfiable:
        report.problems.insert(0, "source is " + _sat_word(report.source_satisfiable)
                               + " but its jigsaw is " + _sat_word(report.target_satisfiable))
    if certify:
        from satpuzzle.certify import certify as certified

        for side, instance, satisfiable in (("source", source, report.source_satisfiable),
                                            ("jigsaw", target, report.target_satisfiable)):
            if not satisfiable:
                report.certificates.append((side, certified(instance, count=0)))
    return report


def verify_all(reduction: ModuleType, sources: Iterable[tuple[str, Instance]],
               solutions_cap: int = 5, solver: str = "cadical195",
               encodings: Sequence[tuple[str, str]] = (), *,
               certify: bool = False) -> Iterator[InstanceReport]:
    for label, source in sources:
        yield verify_instance(reduction, source, label, solutions_cap, solver, encodings,
                              certify=certify)


def _with_encodings(instances: list[Instance], encodings: Sequence[tuple[str, str]],
                    ) -> list[Instance]:
    if not encodings:
        return instances
    kinds = [registry.kind_of(instance) for instance in instances]
    for family, _name in encodings:
        if not any(family in kind.encoding_families for kind in kinds):
            known = "; ".join(f"{kind.name}: {', '.join(kind.encoding_families) or 'none'}"
                              for kind in kinds)
            raise InputError(f"neither the source nor the jigsaw has a family {family!r} "
                             f"to choose an encoding for ({known})")
    return [kind.with_encodings(instance, [(f, n) for f, n in encodings
                                           if f in kind.encoding_families])
            for kind, instance in zip(kinds, instances)]


def random_sources(reduction: ModuleType, count: int, seed: int,
                   size: int) -> Iterator[tuple[str, Instance]]:
    """`count` random source instances; instance k is a function of (seed, k) alone, so any
    one can be reproduced by itself."""
    for index in range(count):
        yield random_source(reduction, seed, size, index)


def random_source(reduction: ModuleType, seed: int, size: int, index: int,
                  ) -> tuple[str, Instance]:
    """Random source instance `index` of `random_sources`, with its label."""
    import random

    rng = random.Random(f"{reduction.NAME}/{seed}/{index}")
    return f"random #{index + 1} (seed {seed})", reduction.random_source(rng, size)


def _sat_word(satisfiable: bool) -> str:
    return "satisfiable" if satisfiable else "unsatisfiable"


def _prefixed(what: str, problems: list[str]) -> list[str]:
    return [f"{what}: {problem}" for problem in problems[:5]]


def source_instances(reduction: ModuleType, paths: Sequence[str], kind: str | None,
                     index: int | None = None) -> list[tuple[str, Instance]]:
    """The instances of the given files (the `index`-th of each, when given), each of the
    reduction's source kind and accepted by it, labelled by file (and number in the file)."""
    from satpuzzle.loading import load

    kind = kind or (reduction.SOURCE_KIND if reduction.SOURCE_KIND != "jigsaw" else None)
    found = []
    for path in paths:
        instances = load(path, kind, {}).instances
        if index is not None:
            if index > len(instances):
                raise InputError(f"--index {index}: the file holds {len(instances)} "
                                 "puzzle(s)", path)
            instances = [instances[index - 1]]
        for number, instance in enumerate(instances, 1):
            if instance.KIND != reduction.SOURCE_KIND:
                raise InputError(f"{reduction.NAME} reduces {reduction.SOURCE_KIND} instances; "
                                 f"puzzle {number} is a {instance.KIND}", path)
            refusal = reduction.accepts(instance)
            if refusal:
                raise InputError(f"puzzle {number}: {refusal}", path)
            label = path if len(instances) == 1 else f"{path} #{number}"
            found.append((label, instance))
    return found
