"""The text of what a command says: verdicts, counts, summaries, `--stats`, `--forced`'s
headline, a file's puzzle headers, how a run was cut short, verify's lines. Functions from
events and typed results to strings; the CLI decides where each string goes (stdout or
stderr) and when (never in the middle of a solution: its signal-safe printing)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from satpuzzle import pipeline
from satpuzzle.errors import (
    EXIT_FOUND,
    EXIT_GAVE_UP,
    EXIT_INTERNAL,
    EXIT_NONE,
    EXIT_USAGE,
    InputError,
)
from satpuzzle.kinds import registry
from satpuzzle.textio import printable

if TYPE_CHECKING:
    from satpuzzle.backbone import Backbone
    from satpuzzle.certify import Certificate
    from satpuzzle.cnf import Formula
    from satpuzzle.instances import Instance, Solution
    from satpuzzle.kinds.base import Kind
    from satpuzzle.loading import Loaded
    from satpuzzle.pipeline import Compiled, Ended
    from satpuzzle.verify import InstanceReport

# how a run on a Dask cluster ends when the cluster goes (satpuzzle.cluster.ClusterLost)
LOST_WORDS = {"scheduler-lost": "lost the Dask scheduler",
              "workers-lost": "lost every Dask worker"}


# the files `solve --format F -o FILE` writes a solution into (a crossword's fill into the
# constructor's file it was read from), and the kind that owns each
FILL_OWNERS = {name: kind.name for kind in registry.KINDS.values() for name in kind.fill_formats}
FILL_FORMATS = tuple(FILL_OWNERS)


@dataclass(frozen=True)
class SolveOutput:
    """What `solve` is asked to print, and how (the CLI builds it from its command line)."""

    format: str = "text"
    pretty: bool = False
    count: bool = False
    unique: bool = False
    forced: bool = False
    all: bool = False
    limit: int | None = None
    output: str = "-"
    stats: bool = False
    certify: bool = False

    def check_questions(self) -> None:
        """--count asks how many; --unique and --forced ask other questions."""
        if self.count and (self.unique or self.forced):
            other = "--unique" if self.unique else "--forced"
            raise InputError(f"--count and {other} ask different questions; give one")

    def check_pictures(self, loaded: Loaded) -> None:
        """--pretty draws text, --format svg one puzzle's solutions: refuse what they cannot
        do."""
        if self.pretty and self.format != "text":
            raise InputError(f"--pretty draws text; it does not apply to --format {self.format}")
        if self.format == "svg" and (self.count or self.forced):
            raise InputError("--format svg draws solutions; --count and --forced print text or "
                             "json")
        if self.format == "svg" and (len(loaded.instances) > 1 or loaded.one_line):
            raise InputError("--format svg draws the solutions of one puzzle; the file holds "
                             f"{len(loaded.instances)}: choose one with --index K", loaded.path)
        if self.pretty and loaded.one_line:  # batches answer one line per puzzle
            raise InputError("--pretty draws a grid, but a file of one-line puzzles is "
                             "answered one line each: choose one puzzle with --index K",
                             loaded.path)

    def writes_fill(self, loaded: Loaded) -> bool:
        """--format puz, ipuz, xd write one fill of one crossword into a file: refuse what they
        cannot do; True when one of them is asked (the run then stops at the first fill)."""
        if self.format not in FILL_FORMATS:
            if self.output != "-":
                raise InputError("-o writes a filled grid: give --format puz, ipuz or xd "
                                 "(text, json and svg print on standard output)")
            return False
        asked = [option for option, given in (
            ("--all", self.all), ("--count", self.count), ("--unique", self.unique),
            ("--forced", self.forced), ("--limit", (self.limit or 1) > 1)) if given]
        if asked:
            raise InputError(f"--format {self.format} writes one fill; {asked[0]} asks for more")
        if len(loaded.instances) != 1 or loaded.one_line:
            raise InputError(f"--format {self.format} writes the fill of one puzzle; the file "
                             f"holds {len(loaded.instances)}: choose one with --index K",
                             loaded.path)
        if loaded.instances[0].KIND != FILL_OWNERS[self.format]:
            raise InputError(f"--format {self.format} writes a {FILL_OWNERS[self.format]}'s "
                             f"fill; this is a {loaded.instances[0].KIND} puzzle", loaded.path)
        return True


def untouched(output: str) -> str:
    """What a run cut short says of its -o FILE ("" for standard output)."""
    if output == "-":
        return ""
    return f"{output} left untouched (-o FILE is written only when the command completes)"


def engine_help() -> str:
    """solve --engine's help: the auto rules, then every engine a kind offers."""
    parts = [("auto: the kind's own engine where it has one that suits the puzzle; else, for "
             f"every solution (--all, --count) or --limit K of {pipeline.NATIVE_FROM} or more, "
             "clingo where it is installed, with the default --solver (Hashi's connectivity "
             "as reachability rules); else SAT with blocking clauses; sat: always SAT with "
             "blocking clauses; clingo: the CNF enumerated by clasp in one search, projected "
             "onto the puzzle variables (needs the clingo package); race: for one solution, the "
             "kind's first engine and SAT side by side in two processes, the first answer "
             "wins (which solution is printed may then vary from run to run)")]
    for kind in registry.KINDS.values():
        parts += [f"{engine.name} ({kind.name}): {engine.help}" for engine in kind.engines]
    return "; ".join(parts)


def gave_up(what: str, elapsed: float) -> str:
    """"interrupted", "timeout after S s" or "lost the Dask scheduler after S s", for a run
    cut short."""
    if what == "interrupt":
        return "interrupted"
    return f"{LOST_WORDS.get(what, 'timeout')} after {elapsed:.2f} s"


def _stopped_word(stopped: str) -> str:
    return {"interrupt": "interrupted",  # "unknown": an external solver gave up
            "unknown": "the solver answered UNKNOWN", **LOST_WORDS}.get(stopped, "timeout")


def stopped_after(stopped: str, elapsed: float) -> str:
    """"timeout after S s" and the like, S counted as --timeout counts: from the start of the
    command (reading the puzzle and its dictionary included), not of the stage that was cut."""
    return f"{_stopped_word(stopped)} after {elapsed:.2f} s"


def stats_lines(compiled: Compiled | None, ended: Ended) -> list[str]:
    """--stats. Solve time is wall time of the solving child (loading the clauses included);
    conflicts where the back end reports them (summed over workers; absent when the run was
    cut short)."""
    if compiled is None:  # a kind's own engine: no CNF of its own to describe
        parts = [f"{ended.engine or 'search'} engine"]
    else:
        parts = [f"variables {compiled.variables} ({compiled.puzzle_variables} puzzle)",
                 f"clauses {compiled.clauses}", f"compile {compiled.seconds:.3f} s"]
    parts.append(f"solve {ended.elapsed:.3f} s")
    if ended.calls is not None:
        parts.append(f"solver calls {ended.calls}")
    if "conflicts" in ended.stats:
        parts.append(f"conflicts {ended.stats['conflicts']}")
    lines = [", ".join(parts)]
    if compiled is not None and compiled.families:
        from satpuzzle.constraints.report import table_lines

        lines += table_lines(compiled.families, {}, compiled.variables, compiled.clauses,
                             puzzle_variables=compiled.puzzle_variables)
    if ended.engine == "race":
        lines.append(f"first answer by {ended.winner or 'neither engine'} "
                     "(search engine and SAT raced)")
    if ended.engine == pipeline.CLINGO:
        lines.append("enumerated by clasp (clingo), projected on the puzzle variables")
    if ended.engine == "ganak":  # counting.GANAK, whose module --stats alone does not need
        lines.append("counted by ganak, projected on the puzzle variables "
                     "(nothing enumerated; 'solve' is the count's time)")
    return ["satpuzzle: stats: " + line for line in lines]


def forced_headline(result: Backbone) -> str:
    """--forced's first line: what the backbone (satpuzzle.backbone) proved, or how far."""
    counts = (f"{len(result.forced_true)} true, {len(result.forced_false)} false; "
              f"{result.calls} solver calls")
    total = len(result.live)
    if result.status == "none":
        return "forced: nothing, there is no solution"
    if not result.solution_found:
        return "forced: unknown, no solution found before the run was cut short"
    if not result.complete:
        return (f"forced so far: {len(result.forced_true) + len(result.forced_false)} of "
                f"{total} puzzle variables proven ({counts}), {len(result.free)} free, "
                f"{len(result.undecided)} undecided; 'open' below means not proven forced")
    if not result.free:
        return f"forced: all {total} puzzle variables ({counts}): the solution is unique"
    return (f"forced: {total - len(result.free)} of {total} puzzle variables ({counts}), "
            f"{len(result.free)} free")


def forced_cut_short(result: Backbone, elapsed: float) -> str | None:
    """What --forced says of a backbone cut short; None when it was not."""
    if result.status not in ("timeout", "interrupted"):
        return None
    what = "interrupt" if result.status == "interrupted" else "timeout"
    detail = (f"{len(result.undecided)} of {len(result.live)} variables undecided"
              if result.solution_found else "before a first solution")
    return f"{stopped_after(what, elapsed)}: backbone incomplete, {detail}"


def verdict(count: int, status: str) -> str:
    """--unique: none, unique, multiple, or unknown when cut short before a second."""
    if status == "UNKNOWN" and count < 2:
        return "unknown"
    return {0: "none", 1: "unique"}.get(count, "multiple")


def summary_lines(count: int, complete: bool, several: bool, counting: bool,
                  causes: Sequence[str], read_as: str) -> list[str]:
    """What solve says on stderr after a puzzle's answer: how many solutions when several
    could be printed, none, why none (`causes`), and how the file was read (`read_as`: " (read
    as KIND)" when the kind was a guess from the content)."""
    lines = []
    if several:
        lines.append(f"{count} solution(s), {'complete' if complete else 'limit reached'}"
                     f"{read_as}")
    if not count and not counting:
        lines.append(f"no solution{read_as}")
    said = bool(lines)
    lines += [f"note: {cause}" for cause in causes]
    if read_as and not said:  # the kind was a guess from the content: say so
        lines.append(read_as.strip(" ()"))
    return lines


# ---------------------------------------------------------------- several puzzles


def puzzle_header(loaded: Loaded, number: int) -> str:
    """The line over puzzle `number` of a file, after a blank line from the puzzle before."""
    instance = loaded.instances[number - 1]
    source = f" ({loaded.sources[number - 1]})" if loaded.sources else ""
    title = f": {instance.title}" if getattr(instance, "title", None) else ""
    return ("\n" if number > 1 else "") + printable(f"# puzzle {number}{source}{title}")


_STATUS_WORDS = {EXIT_FOUND: "solved", EXIT_NONE: "no solution", EXIT_USAGE: "bad input",
                 EXIT_GAVE_UP: "gave up", EXIT_INTERNAL: "internal error"}


def many_summary(statuses: Sequence[int], total: int) -> str | None:
    """The line after a file or directory of several puzzles; None for one puzzle."""
    if total < 2:
        return None
    counts = [f"{statuses.count(code)} {word}" for code, word in _STATUS_WORDS.items()
              if statuses.count(code)]
    if len(statuses) < total:
        counts.append(f"{total - len(statuses)} not attempted")
    return f"satpuzzle: {total} puzzles: {', '.join(counts)}"


def puzzle_message(message: str, number: int) -> str:
    """An error's line, said of puzzle `number` of a file that holds several."""
    if message.startswith("satpuzzle: "):
        return f"satpuzzle: puzzle {number}: " + message[len("satpuzzle: "):]
    return message


def certified_summary(certificates: Sequence[Certificate]) -> str:
    """--certify over a batch: how many claims were certified, with what."""
    done = [certificate for certificate in certificates if certificate.certified]
    lines = sum(certificate.proof_lines for certificate in done)
    seconds = sum(certificate.check_seconds for certificate in done)
    cut = [certificate for certificate in certificates if certificate.stopped]
    unproven = f"; {len(cut)} not proven: {cut[0].reason}" if cut else ""
    return (f"satpuzzle: {len(done)} of {len(certificates)} claims certified: LRAT proofs of "
            f"{lines:,} lines in all, checked in {seconds:.2f} s{unproven}")


# ---------------------------------------------------------------- compile --explain


def explanation(formula: Formula, as_json: bool, utf8: bool) -> str:
    """compile --explain: per family of constraints, its constraints, clauses, auxiliary
    variables, literals, encoding and an example clause, as a table or as JSON (with `utf8`
    false, JSON escapes the example's ∨ and ¬)."""
    from satpuzzle.constraints import report

    rows = formula.explanation()
    sizes = (rows, formula.names, formula.num_vars, formula.num_clauses)
    if as_json:
        import json

        return json.dumps(report.table_json(*sizes), ensure_ascii=not utf8)
    return "\n".join(report.table_lines(*sizes))


# ---------------------------------------------------------------- verify


@dataclass
class VerifyTally:
    """What `verify` has checked so far: instances, satisfiable ones, mismatches."""

    total: int = 0
    satisfiable: int = 0
    mismatches: int = 0
    certificates: list[Certificate] = field(default_factory=list)  # --certify: unsat sides'

    def add(self, report: InstanceReport, verbose: bool) -> list[str]:
        """Count one instance's report; its lines when they are to be printed."""
        self.total += 1
        self.satisfiable += report.source_satisfiable
        self.mismatches += report.mismatch
        self.certificates += [certificate for _side, certificate in report.certificates]
        unproven = any(not certificate.certified for _side, certificate in report.certificates)
        return verify_report_lines(report) if report.mismatch or verbose or unproven else []

    def closing(self, how: str, count: int, elapsed: float,
                certify: bool = False) -> tuple[str, str | None, int]:
        """The last line, a line for stderr when the run was cut short, the exit status."""
        last = (f"{self.total} instances, {self.satisfiable} satisfiable, "
                f"{self.mismatches} mismatches")
        certified = sum(certificate.certified for certificate in self.certificates)
        if certify:
            last += (f", {certified} of {len(self.certificates)} unsatisfiable sides "
                     "certified")
        if how != "done":
            return last, (f"satpuzzle: {gave_up(how, elapsed)} while verifying: {self.total} "
                          f"of {count} instances checked"), EXIT_GAVE_UP
        if self.mismatches or any(certificate.false for certificate in self.certificates):
            return last, None, EXIT_NONE
        return last, None, EXIT_FOUND if certified == len(self.certificates) else EXIT_GAVE_UP


def verify_report_lines(report: InstanceReport) -> list[str]:
    """One instance's line of verify (satpuzzle.verify's report), then its problems."""
    verdict = "MISMATCH" if report.mismatch else "ok"
    headline = (f"{report.label}: {verdict}, source "
                f"{'sat' if report.source_satisfiable else 'unsat'}, jigsaw "
                f"{'sat' if report.target_satisfiable else 'unsat'} ({report.pieces} pieces, "
                f"{report.target_solutions_checked} solutions mapped back)")
    return [headline, *(f"  {problem}" for problem in report.problems),
            *(f"  {side}: {certificate.verdict()}" for side, certificate in report.certificates)]


# ---------------------------------------------------------------- generate


def generated(seeds: Sequence[int], texts: Sequence[str]) -> tuple[list[str], str]:
    """generate --count N's puzzles in seed order, each under its '# puzzle K (seed S)' line,
    those equal to an earlier one left out; and the note that says how many were."""
    parts: list[str] = []
    seen: set[str] = set()
    for seed, text in zip(seeds, texts):
        if text not in seen:
            seen.add(text)
            parts.append(f"# puzzle {len(parts) + 1} (seed {seed})\n{text}")
    same = len(texts) - len(parts)
    return parts, f"{same} puzzle(s) equal to an earlier one left out" if same else ""


def generate_cut_short(made: int, asked: int, written: bool, left_out: str,
                       untouched: str) -> str:
    """What generate --count N says of the puzzles made when it was cut short (`untouched`:
    what it says of an -o FILE, "" for standard output)."""
    made_words = f"{made} of {asked} seeds' puzzles"
    if written:
        return f"the first {made_words} written" + (f"; {left_out}" if left_out else "")
    if not untouched:
        return f"{made_words} made, none written"
    return f"{made_words} made, none written: {untouched}"


# ---------------------------------------------------------------- check and export


def checked(kind: Kind, instance: Instance, text: str, path: str) -> Iterator[tuple[str, bool]]:
    """check: one line per solution of `text` (as solve prints them, text or JSON), valid or
    the rules it breaks, as each is checked; and whether it was valid."""
    if text.lstrip().startswith("{"):
        solutions = _json_solutions(kind, instance, text, path)
    else:
        solutions = kind.parse_solutions(instance, text, path)
    check = kind.prepare_check(instance)
    for number, solution in enumerate(solutions, 1):
        problems = check(solution)
        verdict = "valid" if not problems else "INVALID: " + "; ".join(problems)
        yield f"solution {number}: {verdict}", not problems


def _json_solutions(kind: Kind, instance: Instance, text: str, path: str) -> list[Solution]:
    import json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    if not isinstance(data, dict) or not isinstance(data.get("solutions"), list):
        raise InputError('expected a JSON object with a "solutions" list', path, 1, 1)
    return [kind.solution_from_json(instance, item, path) for item in data["solutions"]]


def exported(format: str, loaded: Loaded) -> str | bytes:
    """export: the puzzles of `loaded` written in `format`, one document (a binary format,
    Across Lite, holds one puzzle)."""
    from satpuzzle import formats

    try:
        texts = [formats.write(format, loaded.instances[0])]  # can it hold this kind?
        if len(loaded.instances) > 1 and not formats.holds_many(format):
            raise InputError(f"the file holds {len(loaded.instances)} puzzles and the "
                             f"{format} format holds one; choose one with --index K")
        texts += [formats.write(format, instance) for instance in loaded.instances[1:]]
    except InputError as exc:
        raise exc.at(loaded.path) from None
    if isinstance(texts[0], bytes):
        return texts[0]
    return _joined(format, cast(list[str], texts))


def _joined(format: str, texts: list[str]) -> str:
    if format == "json" and len(texts) > 1:
        return "[\n" + ",\n".join(t.rstrip("\n") for t in texts) + "\n]\n"
    if format == "puz":
        return "\n".join(texts)
    return "".join(t if t.endswith("\n") else t + "\n" for t in texts)
