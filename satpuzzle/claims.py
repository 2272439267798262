"""`--certify`: the negative claims a run's answers make ("no solution", "unique", "N
solutions, complete"), each backed by a checked proof (satpuzzle.certify) once the run has
answered, whichever back end answered: the claim's formula is compiled again from the puzzle
and refuted by CaDiCaL, so that a count from clasp or Ganak, or an answer from a kind's own
engine, is certified by the same proof as one from SAT.

A positive answer needs no proof: the solution printed is its own certificate, and the rule
checker has checked it. A run cut short, or stopped at --limit, claims nothing negative."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from satpuzzle.errors import EXIT_GAVE_UP, EXIT_INTERNAL, InputError
from satpuzzle.instances import Instance, Solution
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy
from satpuzzle.pipeline import Done, Ended, Event, Found, Request

if TYPE_CHECKING:
    from satpuzzle.certify import Certificate, Claim, ProofOptions

# proving loads CaDiCaL's proof machinery and the proof checkers: only when a claim is made
certify = Lazy("satpuzzle.certify")

# what a best-first engine claims of its first answer (Engine.optimality)
Optimality = Callable[[Instance, Solution], "tuple[str, Instance] | None"]

# the most answers of one puzzle a claim carries to be matched against the proof's models;
# beyond, the claim is their number alone
MOST_KEPT = 100_000


@dataclass(frozen=True)
class Certified:
    """Puzzle `index`'s claim and its certificate; comes just before that puzzle's Done."""

    index: int
    certificate: Certificate


@dataclass(frozen=True)
class Certifying:
    """What --certify asks: how to prove (the proof budget, the checkers), and --proof-dir
    DIR, where each claim's CNF and proofs are kept as `stem`.cnf, .lrat and .drat."""

    options: ProofOptions = field(default_factory=lambda: certify.ProofOptions())
    proof_dir: str | None = None
    stem: str = "puzzle"

    def __post_init__(self) -> None:
        if self.proof_dir is not None and not self.options.keep:
            object.__setattr__(self, "options", replace(self.options, keep=True))


def asked(certify_: bool, proof_dir: str | None, proof_bytes: int | None,
          stem: str) -> Certifying | None:
    """What --certify, --proof-dir DIR and --proof-bytes N ask (None: no --certify)."""
    if not certify_ and (proof_dir is not None or proof_bytes is not None):
        raise InputError("--proof-dir and --proof-bytes go with --certify")
    if not certify_:
        return None
    options = certify.ProofOptions(proof_bytes=proof_bytes or certify.DEFAULT_PROOF_BYTES)
    return Certifying(options, proof_dir, stem)


def certified(events: Iterator[Event], instances: Sequence[Instance], request: Request,
              certifying: Certifying) -> Iterator[Event | Certified]:
    """`events`, with a Certified before the Done of each puzzle whose answer is a negative
    claim, proven once the run has ended (those Done wait for it); a run cut short passes
    its Done on with nothing certified."""
    found: dict[int, list[Solution]] = {}
    proven_first: dict[int, bool] = {}  # a puzzle's first answer came proven (not cut short)
    held: list[Done] = []
    for event in events:
        if isinstance(event, Found):
            kept = found.setdefault(event.index, [])
            proven_first.setdefault(event.index, not event.unproven)
            if len(kept) <= MOST_KEPT:
                kept.append(event.solution)
        elif isinstance(event, Done):
            held.append(event)
            continue
        elif isinstance(event, Ended) and event.stopped is None:
            claims = _claims(held, found, instances)
            optimality = _optimality(instances, event.engine)
            if optimality is not None:
                claims.update(_best_claims(held, found, proven_first, instances, optimality))
            yield from _proven(held, claims, instances, request, certifying)
            held = []
        elif isinstance(event, Ended):
            yield from held
            held = []
        yield event
    yield from held  # a run that sent no Ended was cut short


def _claims(held: list[Done], found: dict[int, list[Solution]],
            instances: Sequence[Instance]) -> dict[int, Claim]:
    """Each puzzle whose search was exhaustive claims there are no answers but those found."""
    claims: dict[int, Claim] = {}
    for done in held:
        if done.complete:
            kept = found.get(done.index, [])
            claims[done.index] = (certify.Claim(instances[done.index], solutions=kept)
                                  if len(kept) == done.count
                                  else certify.Claim(instances[done.index], count=done.count))
    return claims


def _optimality(instances: Sequence[Instance], engine: str | None) -> Optimality | None:
    """What the engine that answered claims of its first answer, if it gives its answers best
    first, each proven (Engine.optimality)."""
    kinds = {instance.KIND for instance in instances}
    if len(kinds) != 1:
        return None
    return next((candidate.optimality for candidate in registry.kind_of(instances[0]).engines
                 if candidate.name == engine), None)


def _best_claims(held: list[Done], found: dict[int, list[Solution]],
                 proven_first: dict[int, bool], instances: Sequence[Instance],
                 optimality: Optimality) -> dict[int, Claim]:
    """A best-first engine stopped at a limit: its first answer's "proven best", as the
    engine states it (an instance with no solution when it holds)."""
    claims: dict[int, Claim] = {}
    for done in held:
        kept = found.get(done.index)
        if done.complete or not kept or not proven_first.get(done.index):
            continue
        stated = optimality(instances[done.index], kept[0])
        if stated is not None:
            text, narrowed = stated
            claims[done.index] = certify.Claim(narrowed, count=0, text=text)
    return claims


def _proven(held: list[Done], claims: dict[int, Claim], instances: Sequence[Instance],
            request: Request, certifying: Certifying) -> Iterator[Event | Certified]:
    order = list(claims)
    certificates: dict[int, Certificate] = {}
    whole = replace(request, cube=())  # a --split run's claim is the whole puzzle's
    for position, certificate in certify.certify_each([claims[i] for i in order], whole,
                                                      certifying.options, request.workers):
        certificates[order[position]] = certificate
    for done in sorted(held, key=lambda done: done.index):
        if done.index in certificates:
            _keep(certificates[done.index], certifying, done.index, len(instances))
            yield Certified(done.index, certificates[done.index])
        yield done


def _keep(certificate: Certificate, certifying: Certifying, index: int, total: int) -> None:
    """--proof-dir: the claim's CNF and proofs, for outside checkers."""
    if certifying.proof_dir is None or not certificate.cnf:
        return
    stem = certifying.stem if total == 1 else f"{certifying.stem}-{index + 1}"
    certify.save(certificate, Path(certifying.proof_dir), stem)


def certified_made(texts: Sequence[str], request: Request,
                   certifying: Certifying) -> list[Certificate]:
    """`generate --unique --certify`: each puzzle made (its text in the language) claimed
    unique, as a setter would publish it, and certified: read back from the text written,
    so that what is proven is the puzzle printed."""
    from satpuzzle.loading import load_text

    instances = [load_text(text, "<generated>").instances[0] for text in texts]
    made = [certify.Claim(instance, count=1) for instance in instances]
    done = dict(certify.certify_each(made, request, certifying.options, request.workers))
    certificates = [done[index] for index in range(len(instances))]
    for index, certificate in enumerate(certificates):
        _keep(certificate, certifying, index, len(certificates))
    return certificates


def status_of(certificates: Sequence[Certificate], status: int) -> int:
    """The exit status once these claims are certified (or not): a claim found false is a bug
    (4), one not proven within the time or the proof budget gave up (3)."""
    if any(certificate.false for certificate in certificates):
        return EXIT_INTERNAL
    if not all(certificate.certified for certificate in certificates):
        return EXIT_GAVE_UP
    return status
