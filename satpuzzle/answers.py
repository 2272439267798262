"""What `solve` says of one puzzle, composed from its run's events as they come: each solution
when it may be printed at once, and at the end the count, verdict, JSON, SVG or crossword
fill, `--stats` and the summary line, with the puzzle's exit status.

Nothing here writes: every method returns `Said` pieces, and the CLI writes each where it
says (standard output, standard error, or the -o file), never in the middle of a solution."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Literal, TypeVar

from satpuzzle import reports
from satpuzzle.claims import Certified, status_of
from satpuzzle.errors import EXIT_FOUND, EXIT_GAVE_UP, EXIT_NONE
from satpuzzle.instances import Instance, Solution
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy
from satpuzzle.pipeline import (
    Compiled,
    Counting,
    Done,
    Ended,
    Event,
    ForcedResult,
    Found,
    PuzzleEvents,
    Request,
)

if TYPE_CHECKING:
    from satpuzzle.certify import Certificate
    from satpuzzle.loading import Loaded
    from satpuzzle.reports import SolveOutput

Item = TypeVar("Item")

# --format json: the API's answers, as JSON
forced_of = Lazy("satpuzzle.api", "forced_of")
Result = Lazy("satpuzzle.api", "Result")
render_svg = Lazy("satpuzzle.pictures", "render_svg")


@dataclass(frozen=True)
class Said:
    """One piece of a command's output: text for standard output ("out") or standard error
    ("err", one line or more, without the final newline), or the content of the -o file
    ("file": text, or the bytes of a binary format)."""

    where: Literal["out", "err", "file"]
    text: str | bytes


class PuzzleAnswer:
    """One puzzle's answer, fed its run's events in order. `one_line`: a batch's puzzle,
    answered in one line; `prefix` starts its stderr lines ("satpuzzle: puzzle K: " for a
    puzzle answered by a worker)."""

    def __init__(self, instance: Instance, limit: int | None, output: SolveOutput,
                 inferred: str | None = None, one_line: bool = False,
                 prefix: str = "satpuzzle: ") -> None:
        self.instance, self.output = instance, output
        self.kind = registry.kind_of(instance)
        self.limit = limit
        self.read_as = f" (read as {inferred})" if inferred else ""
        self.one_line, self.prefix = one_line, prefix
        self.solutions: list[Solution] = []  # those printed at the end
        self.count = 0
        self.compiled: Compiled | None = None
        self.done: Done | None = None
        self.forced: ForcedResult | None = None
        self.ended: Ended | None = None
        self.certificate: Certificate | None = None  # --certify: the claim's

    def err(self, message: str) -> Said:
        return Said("err", self.prefix + message)

    def opening(self) -> list[Said]:
        """The notes on the puzzle read (once, after the input's checks)."""
        return [self.err(f"note: {note}") for note in self.kind.input_notes(self.instance)]

    def feed(self, event: Event | Certified) -> list[Said]:
        """What to print now for `event`."""
        if isinstance(event, Found):
            note = [self.err(event.unproven)] if event.unproven else []
            return note + self.add(event.solution)
        if isinstance(event, (Done, Counting)):
            self.answered(event)
        elif isinstance(event, Compiled):
            self.compiled = event
        elif isinstance(event, ForcedResult):
            self.forced = event
        elif isinstance(event, Ended):
            self.ended = event
        elif isinstance(event, Certified):
            self.certificate = event.certificate
        return []

    def answered(self, event: Done | Counting | None) -> None:
        """The puzzle's Done, or how far its count has got: a native count (--count) says
        its number there alone, with no Found per solution."""
        if not isinstance(event, Counting):
            self.done = event
        if event is not None:
            self.count = max(self.count, event.count)

    def add(self, solution: Solution) -> list[Said]:
        """Count a solution (already rule-checked by the pipeline); printed now, or kept for
        the end."""
        self.count += 1
        if self.output.count:
            return []
        if not (self.output.format == "text" and self.streaming):
            self.solutions.append(solution)
            return []
        # printed now and not kept: --all of 115,584 Hashi solutions grew to 5 GB
        gap = "\n" if self.count > 1 else ""
        return [Said("out", f"{gap}{self.render(solution)}\n")]

    @property
    def kind_engines(self) -> set[str]:
        return {engine.name for engine in self.kind.engines}

    @property
    def streaming(self) -> bool:
        return not self.output.unique and not self.one_line

    def render(self, solution: Solution) -> str:
        if self.one_line:
            return self.kind.render_line(self.instance, solution)
        if self.output.pretty:
            return self.kind.pretty(self.instance, solution)
        return self.kind.render_text(self.instance, solution)

    def status(self, stopped: str | None) -> str:
        complete = self.done is not None and self.done.complete
        return "SAT" if self.count else ("UNKNOWN" if stopped or not complete else "UNSAT")

    # ------------------------------------------------------------ the end

    def closing(self, elapsed: float, interrupted: bool = False) -> tuple[list[Said], int]:
        """What comes at the end (counts, verdicts, JSON, SVG, --stats) and the summary line;
        the exit status. A run that sent no Ended was interrupted."""
        ended = (Ended("interrupt", elapsed) if interrupted or self.ended is None
                 else self.ended)
        if self.forced is not None:
            return self.closing_forced(self.forced, ended, elapsed)
        said = self.answer(ended.stopped)
        if self.output.stats:
            said.append(Said("err", "\n".join(reports.stats_lines(self.compiled, ended))))
        summary, status = self.summary(ended, elapsed)
        return said + summary, status

    def answer(self, stopped: str | None) -> list[Said]:
        """The answer proper, as the output format and question say."""
        status = self.status(stopped)
        complete = self.done is not None and self.done.complete and not stopped
        output = self.output
        if output.format == "json":
            result = Result(self.instance.KIND, status, self.count, complete,
                            tuple(self.solutions), instance=self.instance).to_json()
            if self.certificate is not None:
                result["certificate"] = certificate_json(self.certificate)
            import json

            return [Said("out", json.dumps(result) + "\n")]
        if output.format == "svg":
            verdict = [self.err(reports.verdict(self.count, status))] if output.unique else []
            return [*verdict, Said("out", render_svg(self.instance, self.solutions))]
        if output.format in reports.FILL_FORMATS:
            return self.fill(stopped)
        if output.count:
            return [Said("out", f"{self.count}\n")]
        if output.unique:
            rendered = [self.render(s) for s in self.solutions]
            separator = " " if self.one_line else "\n\n"
            verdict_line = reports.verdict(self.count, status)
            if self.certificate is not None and not self.one_line:
                verdict_line += f" — {self.certificate.note()}"
            return [Said("out", separator.join([verdict_line, *rendered]) + "\n")]
        if self.one_line:
            lines = [self.render(solution) for solution in self.solutions]
            if not self.count:
                lines.append("no solution" if status == "UNSAT" else "unknown")
            return [Said("out", "".join(line + "\n" for line in lines))]
        return []

    def fill(self, stopped: str | None) -> list[Said]:
        """--format puz, ipuz, xd: the first fill written into the puzzle's file (nothing
        when there is none: the summary says so). A run cut short prints what it found, but
        never replaces -o FILE: that is written only when the command completes."""
        if not self.solutions or (stopped and self.output.output != "-"):
            return []
        return [Said("file", self.kind.write_fill(self.output.format, self.instance,
                                                  self.solutions[0]))]

    def summary(self, ended: Ended, elapsed: float) -> tuple[list[Said], int]:
        """A line on stderr when the run was cut short or enumerated; the exit status."""
        if ended.stopped:
            kept = (reports.untouched(self.output.output)
                    if self.output.format in reports.FILL_FORMATS else "")
            return [self.err(f"{reports.stopped_after(ended.stopped, elapsed)}: "
                             f"{self.count} solution(s) found so far, enumeration incomplete"
                             + (f"; {kept}" if kept else ""))], EXIT_GAVE_UP
        several = self.limit != 1 and not self.output.unique  # several could be printed
        complete = bool(self.done and self.done.complete)
        # why none, when it shows before any search (one line a cause)
        causes = () if self.count else self.kind.known_causes(self.instance)
        lines = reports.summary_lines(self.count, complete, several, self.output.count,
                                      causes, self.read_as)
        said, status = self.certified(EXIT_FOUND if self.count else EXIT_NONE)
        return [self.err(line) for line in lines] + said, status

    def certified(self, status: int) -> tuple[list[Said], int]:
        """--certify: the claim's verdict on stderr (text --unique has it on its verdict
        line), and the exit status when the claim could not be backed: found false, a bug
        (4); not proven within the time or the proof budget, gave up (3)."""
        certificate = self.certificate
        engine = self.ended.engine if self.ended else None
        if certificate is None and self.output.certify and engine in self.kind_engines:
            return [self.err(f"not certified: the {engine} engine's answer claims nothing "
                             "that --certify proves here (a best-effort board, a best fill "
                             "of the top score, a grid with rebus cells)")], status
        if certificate is None and self.output.certify:  # said, not left to be guessed
            return [self.err("not certified: nothing negative to prove (the solutions "
                             "printed, each rule-checked, are the answer's evidence; a limit "
                             "reached claims nothing of the others)")], status
        if certificate is None:
            return [], status
        on_verdict_line = self.output.unique and self.output.format == "text"
        said = [] if on_verdict_line and certificate.certified else [
            self.err(certificate.verdict())]
        return said, status_of([certificate], status)

    def closing_forced(self, event: ForcedResult, ended: Ended,
                       elapsed: float) -> tuple[list[Said], int]:
        """--forced: the backbone's headline and lines (or JSON), --stats, and how it ended."""
        result = event.backbone
        if self.output.format == "json":
            import json

            said = [Said("out", json.dumps(forced_of(self.instance, event).to_json()) + "\n")]
        else:
            said = [Said("out", "\n".join([reports.forced_headline(result), *event.lines])
                         + "\n")]
        if self.output.stats:
            said.append(Said("err", "\n".join(reports.stats_lines(self.compiled, ended))))
        cut_short = reports.forced_cut_short(result, elapsed)
        if cut_short is not None:
            return [*said, self.err(cut_short)], EXIT_GAVE_UP
        if result.status == "none":
            return [*said, self.err(f"no solution, so nothing is forced{self.read_as}")], \
                EXIT_NONE
        return said, EXIT_FOUND


# ---------------------------------------------------------------- several puzzles


@dataclass
class InInputOrder(Generic[Item]):
    """Items numbered 0 … total-1 that finish in any order (--jobs workers, a batch's
    puzzles), handed out in input order as soon as every earlier one is out."""

    total: int
    held: dict[int, Item] = field(default_factory=dict)
    next: int = 0

    def add(self, index: int, item: Item) -> list[tuple[int, Item]]:
        """The items now ready, in order (none while an earlier one is missing)."""
        self.held[index] = item
        ready = []
        while self.next in self.held:
            ready.append((self.next, self.held.pop(self.next)))
            self.next += 1
        return ready

    def rest(self) -> list[tuple[int, Item | None]]:
        """After a run cut short: every item not handed out, in order, None where it never
        came."""
        rest = [(index, self.held.get(index)) for index in range(self.next, self.total)]
        self.next = self.total
        return rest


def header(loaded: Loaded, output: SolveOutput, number: int) -> list[Said]:
    """Puzzle `number`'s header, in text, when the file holds several."""
    if len(loaded.instances) > 1 and output.format == "text":
        return [Said("out", reports.puzzle_header(loaded, number) + "\n")]
    return []


def replayed(loaded: Loaded, output: SolveOutput, request: Request, result: PuzzleEvents,
             elapsed: float, prefixed: bool = True) -> tuple[list[Said], int]:
    """One puzzle's output from the events a worker recorded, as if it had been solved here;
    its exit status. `prefixed`: its lines on stderr name it (several workers)."""
    number = result.index + 1
    said = header(loaded, output, number)
    if result.error is not None:
        return [*said, Said("err", reports.puzzle_message(result.error, number))], result.status
    instance = loaded.instances[result.index]
    answer = PuzzleAnswer(instance, request.limit_for(registry.kind_of(instance)), output,
                          loaded.inferred,
                          prefix=f"satpuzzle: puzzle {number}: " if prefixed else "satpuzzle: ")
    said += answer.opening()
    for event in result.events:
        said += answer.feed(event)
    closing, status = answer.closing(elapsed)
    return said + closing, status


class BatchAnswers:
    """A batch of one-line puzzles: one answer line each, in input order (workers finish out
    of order); cut short, every puzzle not yet printed still gets its line (what was found, or
    "unknown"), so that line K of the output always answers puzzle K. A puzzle's answer lives
    from its first event to its line: a batch of 49,158 puzzles held every solution to the
    end, 70 MB."""

    def __init__(self, instances: Sequence[Instance], output: SolveOutput,
                 request: Request) -> None:
        self.instances, self.output, self.request = instances, output, request
        self.live: dict[int, PuzzleAnswer] = {}
        self.order: InInputOrder[Done] = InInputOrder(len(instances))
        self.compiled: Compiled | None = None
        self.ended = Ended("interrupt", 0.0)
        self.printed = self.answered = self.found = 0
        self.certificates: list[Certificate] = []  # --certify: the claims' certificates
        self.received = 0  # puzzles answered (their Done come), printed or waiting their turn
        self.held: list[str] = []  # answer lines not yet handed out (see `batched`)
        self.held_since = 0.0

    def answer(self, index: int) -> PuzzleAnswer:
        answer = self.live.get(index)
        if answer is None:
            instance = self.instances[index]
            answer = self.live[index] = PuzzleAnswer(
                instance, self.request.limit_for(registry.kind_of(instance)), self.output,
                one_line=True)
        return answer

    def feed(self, event: Event | Certified) -> list[Said]:
        """The lines now ready to print for `event` (a puzzle's Done may free several)."""
        if isinstance(event, Found):
            self.answer(event.index).add(event.solution)
        elif isinstance(event, Compiled):
            self.compiled = event
        elif isinstance(event, Ended):
            self.ended = event
        elif isinstance(event, Certified):
            self.answer(event.index).certificate = event.certificate
        elif isinstance(event, Done):
            self.received += 1
            return self.batched([piece for index, done in self.order.add(event.index, event)
                                 for piece in self.line(index, done)])
        return []

    HELD_LINES = 512
    HELD_AGE = 0.05  # seconds

    def batched(self, said: list[Said]) -> list[Said]:
        """`said`, its standard output lines held back until HELD_LINES of them or HELD_AGE
        seconds, then handed out as one piece: one write for hundreds of puzzles, where a
        write (and a flush) a puzzle cost as much as answering an easy one. Any other piece
        goes out at once, after the lines held before it."""
        ready: list[Said] = []
        for piece in said:
            if piece.where == "out" and isinstance(piece.text, str):
                if not self.held:
                    self.held_since = time.monotonic()
                self.held.append(piece.text)
            else:
                ready += self.released()
                ready.append(piece)
        if self.held and (len(self.held) >= self.HELD_LINES
                          or time.monotonic() - self.held_since >= self.HELD_AGE):
            ready += self.released()
        return ready

    def released(self) -> list[Said]:
        """The lines held back, as one piece (none if there are none)."""
        if not self.held:
            return []
        text = "".join(self.held)
        self.held.clear()
        return [Said("out", text)]

    def line(self, index: int, done: Done | None, stopped: str | None = None) -> list[Said]:
        answer = self.answer(index)
        answer.answered(done)
        del self.live[index]
        self.printed += 1
        self.found += bool(answer.count)
        self.answered += bool(answer.count or (answer.done and answer.done.complete))
        certificate = answer.certificate
        if certificate is None:
            return answer.answer(stopped)
        self.certificates.append(certificate)
        # a claim the run's end left unproven is counted in the summary, not said each
        failed = [] if certificate.certified or certificate.stopped else [Said(
            "err", f"satpuzzle: puzzle {index + 1}: {certificate.verdict()}")]
        return answer.answer(stopped) + failed

    def closing(self, inferred: str | None, elapsed: float,
                interrupted: bool = False) -> tuple[list[Said], int]:
        """The lines of the puzzles not yet printed, --stats, how the file was read and how
        the batch ended; the exit status."""
        if interrupted:
            self.ended = Ended("interrupt", 0.0)
        said = self.released()
        said += [piece for index, done in self.order.rest() for piece in self.line(
            index, done, None if done is not None else self.ended.stopped or "unknown")]
        if self.output.stats:
            said.append(Said("err", "\n".join(reports.stats_lines(self.compiled, self.ended))))
        if inferred:
            said.append(Said("err", f"satpuzzle: read as {inferred}"))
        if self.certificates:
            said.append(Said("err", reports.certified_summary(self.certificates)))
        if self.ended.stopped:
            said.append(Said("err", f"satpuzzle: {reports.stopped_after(self.ended.stopped, elapsed)}: "
                                    f"{self.answered} of {self.printed} puzzles answered, "
                                    "enumeration incomplete"))
            return said, EXIT_GAVE_UP
        return said, status_of(self.certificates,
                               EXIT_FOUND if self.found == self.printed else EXIT_NONE)


class ParallelAnswers:
    """--jobs N over several puzzles: each puzzle solved whole in a worker, its recorded
    events printed in input order as soon as every earlier puzzle is out. Interrupted: what
    is finished is printed, the rest reported, exit 3."""

    def __init__(self, loaded: Loaded, output: SolveOutput, request: Request,
                 prefixed: bool = True) -> None:
        self.loaded, self.output, self.request = loaded, output, request
        self.prefixed = prefixed  # (one worker's puzzles read as if answered in turn)
        self.order: InInputOrder[PuzzleEvents] = InInputOrder(len(loaded.instances))
        self.statuses: list[int] = []
        self.answered = 0

    def feed(self, result: PuzzleEvents, elapsed: float) -> list[Said]:
        self.answered += 1
        return self.said(self.order.add(result.index, result), elapsed)

    def said(self, ready: Sequence[tuple[int, PuzzleEvents | None]],
             elapsed: float) -> list[Said]:
        said: list[Said] = []
        for index, result in ready:
            if result is None:
                said += [*header(self.loaded, self.output, index + 1), Said(
                    "err", f"satpuzzle: puzzle {index + 1}: not finished (interrupted)")]
                continue
            pieces, status = replayed(self.loaded, self.output, self.request, result, elapsed,
                                      self.prefixed)
            said += pieces
            self.statuses.append(status)
        return said

    def closing(self, elapsed: float) -> tuple[list[Said], int]:
        """The puzzles not yet printed, the summary line; the exit status."""
        said = self.said(self.order.rest(), elapsed)
        total = len(self.loaded.instances)
        said += many_summary(self.statuses, total)
        if self.answered < total:
            said.append(Said("err", f"satpuzzle: interrupted: {self.answered} of {total} "
                                    "puzzles answered"))
            return said, EXIT_GAVE_UP
        return said, max(self.statuses, default=EXIT_FOUND)


def many_summary(statuses: Sequence[int], total: int) -> list[Said]:
    """The line after a file or directory of several puzzles (none for one puzzle)."""
    line = reports.many_summary(statuses, total)
    return [] if line is None else [Said("err", line)]


def certificate_json(certificate: Certificate) -> dict[str, object]:
    """--format json: what --certify adds to an answer."""
    return {"claim": certificate.claim, "certified": certificate.certified,
            "note": certificate.note(), "proof_lines": certificate.proof_lines,
            "check_seconds": round(certificate.check_seconds, 6)}
