"""How `satpuzzle solve` prints one puzzle's events as they come: solutions, counts, verdicts,
JSON, SVG, a crossword's fill written into its file, --forced's backbone and --stats; and
the header of each puzzle of a file and the summary after them."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from contextlib import closing
from typing import TYPE_CHECKING, Any

from satpuzzle import pipeline, reports
from satpuzzle.cli.common import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_NONE,
    SIGNALS,
    untouched,
    write_output,
)
from satpuzzle.kinds import registry
from satpuzzle.lazy import Lazy
from satpuzzle.pipeline import Compiled, Counting, Done, Ended, ForcedResult, Found, Request
from satpuzzle.progress import Progress
from satpuzzle.reports import FILL_FORMATS

if TYPE_CHECKING:
    from satpuzzle.runs import Events, RunContext

# --format json: the API's answers, as JSON
forced_of = Lazy("satpuzzle.api", "forced_of")
Result = Lazy("satpuzzle.api", "Result")
constructors = Lazy("satpuzzle.kinds.crossword.formats.constructors")  # --format puz, ipuz, xd


class PuzzlePrinter:
    """Prints the events of one puzzle's run in the chosen mode and format, as they come."""

    def __init__(self, args: argparse.Namespace, run: RunContext, instance: Any,
                 request: Request, inferred: str | None = None, one_line: bool = False,
                 prefix: str = "satpuzzle: ") -> None:
        self.args, self.run_context = args, run
        self.instance = instance
        self.kind = registry.kind_of(instance)
        self.limit = request.limit_for(self.kind)
        self.read_as = f" (read as {inferred})" if inferred else ""
        self.one_line = one_line
        self.prefix = prefix  # "satpuzzle: puzzle K: " for a puzzle answered by a worker
        self.progress = Progress("solutions", enabled=False)
        self.solutions: list[Any] = []
        self.count = 0
        self.compiled: Compiled | None = None
        self.done: Done | None = None
        self.forced: ForcedResult | None = None

    def say(self, message: str) -> None:
        print(self.prefix + message, file=sys.stderr)

    def run(self, events: Events) -> int:
        """Print every event of `events`; the exit status of the puzzle."""
        for note in self.kind.input_notes(self.instance):  # once, after the input's checks
            self.say(f"note: {note}")
        ended = None
        with closing(events):
            try:
                for event in events:
                    ended = self.feed(event) or ended
            except KeyboardInterrupt:  # while printing: the pipeline's children are closed
                ended = Ended("interrupt", self.run_context.elapsed())
        # the count, verdict and summary share the terminal with the progress line: clear it
        # first, whichever way the run ended (finished, --limit, --timeout, Ctrl-C)
        self.progress.stop()
        return self.finish(ended or Ended("interrupt", self.run_context.elapsed()))

    def feed(self, event: pipeline.Event) -> Ended | None:
        if isinstance(event, Found):
            if event.unproven:
                self.say(event.unproven)
            self.add(event.solution)
        elif isinstance(event, (Done, Counting)):
            self.answered(event)
        elif isinstance(event, Compiled):
            self.compiled = event
        elif isinstance(event, ForcedResult):
            self.forced = event
        elif isinstance(event, Ended):
            return event
        return None

    def answered(self, event: Done | Counting | None) -> None:
        """The puzzle's Done, or how far its count has got: a native count (--count) says
        its number there alone, with no Found per solution."""
        if not isinstance(event, Counting):
            self.done = event
        if event is not None and event.count > self.count:
            self.progress.advance(event.count - self.count)
            self.count = event.count

    def add(self, solution: Any) -> None:
        """Count and print a solution (already rule-checked by the pipeline)."""
        with SIGNALS.atomic():  # a solution is printed and counted whole, or not at all
            self.count += 1
            self.progress.advance()
            if self.args.count:
                return
            if not (self.args.format == "text" and self.streaming):
                self.solutions.append(solution)  # printed at the end
                return
            # printed now and not kept: --all of 115,584 Hashi solutions grew to 5 GB
            with self.progress.paused():  # one write a solution: 0.75 -> 0.23 s for 167,089
                gap = "\n" if self.count > 1 else ""
                sys.stdout.write(f"{gap}{self.render(solution)}\n")
                sys.stdout.flush()

    @property
    def streaming(self) -> bool:
        return not self.args.unique and not self.one_line

    def render(self, solution: Any) -> str:
        if self.one_line:
            return self.kind.render_line(self.instance, solution)
        if self.args.pretty:
            return self.kind.pretty(self.instance, solution)
        return self.kind.render_text(self.instance, solution)

    def status(self, stopped: str | None) -> str:
        complete = self.done is not None and self.done.complete
        return "SAT" if self.count else ("UNKNOWN" if stopped or not complete else "UNSAT")

    def finish(self, ended: Ended) -> int:
        """Print what comes at the end (counts, verdicts, JSON, SVG) and the summary line;
        the exit status."""
        if self.forced is not None:
            return self.finish_forced(self.forced, ended)
        self.print_answer(ended.stopped)
        if self.args.stats:
            print_stats(self.compiled, ended)
        return self.summary(ended)

    def print_answer(self, stopped: str | None) -> None:
        status = self.status(stopped)
        complete = self.done is not None and self.done.complete and not stopped
        with SIGNALS.atomic():
            if self.args.format == "json":
                print(json.dumps(self.as_json(status, complete)), flush=True)
            elif self.args.format == "svg":
                self.print_svg(status)
            elif self.args.format in FILL_FORMATS:
                self.write_fill(stopped)
            elif self.args.count:
                print(self.count, flush=True)
            elif self.args.unique:
                self.print_verdict(status)
            elif self.one_line:
                for solution in self.solutions:
                    print(self.render(solution))
                if not self.count:
                    print("no solution" if status == "UNSAT" else "unknown")
                sys.stdout.flush()

    def print_verdict(self, status: str) -> None:
        rendered = [self.render(s) for s in self.solutions]
        separator = " " if self.one_line else "\n\n"
        print(separator.join([reports.verdict(self.count, status), *rendered]), flush=True)

    def write_fill(self, stopped: str | None) -> None:
        """--format puz, ipuz, xd: the first fill written into the puzzle's file (nothing
        when there is none: the verdict says so; -o FILE not in a run cut short, even with
        the best fill found by then: write_output)."""
        if self.solutions:
            written = constructors.write_fill(self.args.format, self.instance, self.solutions[0])
            write_output(self.args, self.run_context, written, (self.args.file,), stopped)

    def print_svg(self, status: str) -> None:
        """--format svg: the solutions found as one document, stacked (the unsolved puzzle
        when there is none); with --unique the verdict goes to stderr."""
        from satpuzzle.pictures import render_svg

        if self.args.unique:
            self.say(reports.verdict(self.count, status))
        sys.stdout.write(render_svg(self.instance, self.solutions))
        sys.stdout.flush()

    def as_json(self, status: str, complete: bool) -> dict[str, Any]:
        """What --format json prints: the API's answer (satpuzzle.api.Result) as JSON."""
        return Result(self.instance.KIND, status, self.count, complete, tuple(self.solutions),
                      instance=self.instance).to_json()

    def summary(self, ended: Ended) -> int:
        """Exit status of a run, and a line on stderr when it was cut short or enumerated."""
        if ended.stopped:
            output = untouched(self.args) if self.args.format in FILL_FORMATS else ""
            self.say(f"{reports.stopped_after(ended.stopped, self.run_context.elapsed())}: "
                     f"{self.count} solution(s) found so far, enumeration incomplete"
                     + (f"; {output}" if output else ""))
            return EXIT_GAVE_UP
        several = self.limit != 1 and not self.args.unique  # several could be printed
        complete = bool(self.done and self.done.complete)
        # why none, when it shows before any search (one line a cause)
        causes = () if self.count else self.kind.known_causes(self.instance)
        for line in reports.summary_lines(self.count, complete, several, self.args.count,
                                          causes, self.read_as):
            self.say(line)
        return EXIT_FOUND if self.count else EXIT_NONE

    # ------------------------------------------------------------ --forced

    def finish_forced(self, event: ForcedResult, ended: Ended) -> int:
        result = event.backbone
        if self.args.format == "json":
            print(json.dumps(forced_of(self.instance, event).to_json()), flush=True)
        else:
            print("\n".join([reports.forced_headline(result), *event.lines]), flush=True)
        if self.args.stats:
            print_stats(self.compiled, ended)
        cut_short = reports.forced_cut_short(result, self.run_context.elapsed())
        if cut_short is not None:
            self.say(cut_short)
            return EXIT_GAVE_UP
        if result.status == "none":
            self.say(f"no solution, so nothing is forced{self.read_as}")
            return EXIT_NONE
        return EXIT_FOUND


def print_stats(compiled: Compiled | None, ended: Ended) -> None:
    """--stats, on stderr so that stdout stays the answer."""
    print("\n".join(reports.stats_lines(compiled, ended)), file=sys.stderr)


def many_summary(statuses: Sequence[int], total: int) -> None:
    """One line on stderr after a file or directory of several puzzles."""
    line = reports.many_summary(statuses, total)
    if line is not None:
        print(line, file=sys.stderr)
