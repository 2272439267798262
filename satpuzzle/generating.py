"""`generate`: puzzles made from seeds (here, by --jobs worker processes, or on a Dask
cluster), with --certify each one's "unique" proven, and what the command says of them: the
text to write and the lines for standard error."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from satpuzzle import claims, reports, runs
from satpuzzle.errors import EXIT_FOUND, EXIT_GAVE_UP
from satpuzzle.instances import Options

if TYPE_CHECKING:
    from satpuzzle.claims import Certifying
    from satpuzzle.pipeline import Request


@dataclass(frozen=True)
class Generation:
    """What `generate` asks: the puzzles' spec (kind, rows, cols, unique, the kind's options),
    their seeds, where they are made (`jobs` processes, or the Dask cluster at `cluster`),
    --certify, and the -o FILE they go to ("-": standard output)."""

    spec: tuple[str, int, int, bool, Options]
    seeds: range
    jobs: int = 1
    cluster: str | None = None
    certifying: Certifying | None = None
    output: str = "-"


@dataclass(frozen=True)
class Generated:
    """The text to write (None: nothing), how the run was cut short (None: it was not; then
    -o FILE is left untouched), the lines for standard error, the exit status."""

    text: str | None
    stopped: str | None = None
    notes: list[str] = field(default_factory=list)
    status: int = EXIT_FOUND


def generate(job: Generation, request: Request, elapsed: Callable[[], float],
             advance: Callable[[], None]) -> Generated:
    """Make the puzzles of `job` within the request's deadline (`advance` as each is made):
    one puzzle is written alone, several each under its '# puzzle K (seed S)' line."""
    kind, rows, cols = job.spec[:3]
    seeds = job.seeds
    one = len(seeds) == 1 and not job.cluster
    if one:
        how, text = runs.generate_one(job.spec, seeds[0], request, request.remaining())
        texts = [str(text)] if how == "done" else []
    else:
        made = runs.generate_many(job.spec, seeds, request, job.jobs, job.cluster,
                                  request.remaining(), advance)
        texts, how = made.items, made.how
    parts, left_out = reports.generated(seeds, texts)
    if how != "done" and one:
        note = (f"satpuzzle: {reports.gave_up(how, elapsed())} while generating a "
                f"{rows}x{cols} {kind} puzzle (seed {seeds[0]}): nothing written")
        return Generated(None, how, [note], EXIT_GAVE_UP)
    if how != "done":  # standard output gets the puzzles made, -o FILE nothing
        written = bool(parts) and job.output == "-"
        what = reports.generate_cut_short(len(texts), len(seeds), written, left_out,
                                          reports.untouched(job.output))
        note = (f"satpuzzle: {reports.gave_up(how, elapsed())} while generating {kind} "
                f"puzzles: {what}")
        return Generated("\n".join(parts) if parts else None, how, [note], EXIT_GAVE_UP)
    notes, status = _certified(job, texts, request)
    if status != EXIT_FOUND:  # a claim not backed: nothing written
        return Generated(None, None, notes, status)
    if one:
        return Generated(texts[0], None, notes)
    return Generated("\n".join(parts), None,
                     notes + ([f"satpuzzle: {left_out}"] if left_out else []))


def _certified(job: Generation, texts: list[str], request: Request) -> tuple[list[str], int]:
    """--certify: each puzzle's "unique" proven; its verdict line and the exit status."""
    if job.certifying is None:
        return [], EXIT_FOUND
    certificates = claims.certified_made(texts, request, job.certifying)
    notes = [f"satpuzzle: seed {seed}: {certificate.verdict()}"
             for seed, certificate in zip(job.seeds, certificates)]
    return notes, claims.status_of(certificates, EXIT_FOUND)
