"""Native enumeration: a formula's solutions enumerated by clasp (through the clingo package)
in one search, projected onto the live puzzle variables, instead of one SAT call per
solution with blocking clauses (satpuzzle.solving.ModelStream, which this mirrors).

The CNF becomes a ground logic program in clasp's `aspif` text format: a choice rule over
every variable, one integrity constraint per clause (`:- not l1, ..., not lk`), the live puzzle
variables as the projection (`#project`: each solution once, whatever its auxiliaries) and as
the shown terms (variable v shown as the number v). clasp then enumerates by backtracking
(`--project`), with no clause added per solution.

Why text: `Control.backend()` takes one Python call per clause (`add_rule`, about 1.2 µs
each in the bindings); the aspif text is built by numpy in a few vectorised passes and parsed
by clasp in C. The 690,000 clauses of an empty 25×25 Sudoku load in 0.80 to 0.93 s against
1.09 to 1.11 s (medians of 3, each in a fresh process, two sessions), the 10,530 of a 9×9 in
7 ms against 12, a Latin square of order 5 in 2 ms either way (benchmarks/enumeration.py,
section `loading`). The text goes through a pipe, so that a child killed at a deadline leaves
nothing on disk.

The formula must be complete by itself (`Kind.encode_standalone`), or its lazy constraints
must be reachability (`Formula.reachable`: Hashi's connectivity), which becomes rules over
reachability atoms that clasp's unfounded-set check enforces as it searches. That took the
115,584 solutions of a 200-island Coelho Hashi from 66 s (`--count`, the eager spanning-tree
encoding) to 1.0 s of solving; a propagator calling Python on every candidate model had
measured no faster than the eager encoding (up to 1,000 solutions of 43 Hashi instances,
decoded and checked: 121 s against 115 s; benchmarks/enumeration.py, section `hashi`).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from satpuzzle.cnf import Formula, Reachability
from satpuzzle.errors import InputError
from satpuzzle.lazy import Lazy
from satpuzzle.solving import Job, LimitReached

np = Lazy("numpy")  # imported by the first enumeration that writes its program

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    import clingo
    import numpy

# The back end is optional (without it, SAT enumerates) and imported when first used: clingo
# and the thread pool add 20 ms to the start-up of every command otherwise.
AVAILABLE = importlib.util.find_spec("clingo") is not None

# clasp's own choice for CNF input: the ASP default, "tweety", enumerated the 161,280 Latin
# squares of order 5 in 1.4 s against 0.68 s ("frumpy", "crafty", "handy" within 12%); on
# five hard 25×25 Sudokus (two solutions asked) trendy took 25.0 s, frumpy 26.1, crafty 30.5,
# handy 31.3 (CaDiCaL 24.0)
OPTIONS = ("--configuration=trendy", "--warn=none",
           "--stats")  # --stats: counters accumulated over solve calls, read once at the end
# Projection onto the live puzzle variables, when the formula has other variables too (a
# formula of puzzle variables only is counted faster without: 0.59 s against 0.63 s for the
# 161,280 Latin squares of order 5, medians of 3)
PROJECT = "--project=project"
COUNT_SAMPLE = 100  # a count decodes and checks its first models only (see `count`)
PROGRESS_SECONDS = 0.1  # how often a count reports how far it got


def require() -> None:
    """Refuse, in words, a run that needs clingo where it is not installed."""
    if not AVAILABLE:
        raise InputError("the clingo back end needs the clingo package: pip install clingo")


@dataclass(frozen=True)
class Tally:
    """How many models a count has found; `complete` None while it goes on, then whether the
    search was exhaustive."""

    count: int
    complete: bool | None = None


class ClingoModels:
    """Models of a formula, each as the frozenset of its true live puzzle variables, as
    ModelStream gives them: `models(job)` streams them, `count(job)` counts them in C."""

    def __init__(self, formula: Formula) -> None:
        require()
        import clingo

        if formula.refine is not None and formula.reachable is None:
            raise ValueError("clasp needs a formula complete by itself (the kind's "
                             "encode_standalone), or lazy constraints it has natively")
        self.formula = formula
        self.live = formula.live_puzzle_vars()
        projected = len(self.live) < formula.num_vars or formula.reachable is not None
        control = clingo.Control([*OPTIONS, PROJECT] if projected else list(OPTIONS))
        _load(control, aspif_program(formula, self.live))
        control.ground([("base", [])])
        self.control: clingo.Control | None = control  # None once closed
        self.read = _shown_reader(len(self.live), self.live[-1] if self.live else 0)
        self.threads: ThreadPoolExecutor | None = None  # made by the first count

    def models(self, job: Job) -> Iterator[frozenset[int]]:
        """Enumerate `job`: returns normally when exhaustive, raises LimitReached when it
        stopped at the job's limit with the search not over."""
        self._set_limit(job.limit)
        found = 0
        with self._open().solve(assumptions=list(job.assumptions),
                                yield_=True) as handle:
            for model in handle:
                found += 1
                yield frozenset(self.read(model))
            exhausted = handle.get().exhausted
        if job.limit is not None and found >= job.limit and not exhausted:
            raise LimitReached

    def count(self, job: Job, sample: int = COUNT_SAMPLE,
              ) -> Iterator[frozenset[int] | Tally]:
        """Count the models of `job` without handing each to Python: the first `sample`
        models as they come (for the caller to decode and check: an encoding bug shows in
        the first models, and checking every one would take longer than the whole count),
        a Tally of the count so far every PROGRESS_SECONDS, and a last Tally with `complete`
        set. The search runs in this object's one solving thread meanwhile (clasp's own
        asynchronous solve starts a thread per call: 0.4 ms, against 0.6 ms for the 288
        models of an empty 4×4 Sudoku)."""
        self._set_limit(job.limit)
        found = [0]
        first: list[list[int]] = []

        def on_model(model) -> None:  # in the solving thread
            found[0] += 1
            if found[0] <= sample:
                first.append(self.read(model))

        from concurrent.futures import ThreadPoolExecutor, wait
        from concurrent.futures import TimeoutError as FutureTimeout

        if self.threads is None:
            self.threads = ThreadPoolExecutor(max_workers=1)
        control = self._open()
        pending = self.threads.submit(control.solve, assumptions=list(job.assumptions),
                                      on_model=on_model)
        try:
            while True:
                try:
                    exhausted = pending.result(timeout=PROGRESS_SECONDS).exhausted
                    break
                except FutureTimeout:
                    while first:
                        yield frozenset(first.pop(0))
                    yield Tally(found[0])
        finally:
            if not pending.done():  # the caller stopped early: so does the search
                control.interrupt()
                wait([pending])
        while first:
            yield frozenset(first.pop(0))
        limited = job.limit is not None and found[0] >= job.limit and not exhausted
        yield Tally(found[0], not limited)

    def _open(self) -> clingo.Control:
        """The control, while these models are not closed."""
        if self.control is None:
            raise ValueError("the clingo models were closed")
        return self.control

    def _set_limit(self, limit: int | None) -> None:
        from clingo import Configuration

        solve = self._open().configuration.solve  # typed as any option's value
        assert isinstance(solve, Configuration)  # a group of options
        solve.models = str(limit or 0)  # 0: every model

    def counters(self) -> dict[str, int]:
        """Conflicts and decisions summed over the solve calls so far."""
        statistics = self._open().statistics
        solvers = statistics.get("accu", statistics).get("solving", {}).get("solvers", {})
        return {name: int(solvers[key]) for key, name in
                (("conflicts", "conflicts"), ("choices", "decisions")) if key in solvers}

    def close(self) -> None:
        if self.threads is not None:
            self.threads.shutdown()
        self.control = None


# ---------------------------------------------------------------- the program text


def aspif_program(formula: Formula, live: Sequence[int]) -> bytes:
    """The formula as aspif text: a choice over every variable, a constraint per clause, the
    live puzzle variables projected and shown (each as its own number)."""
    rules = _constraints_text(formula)
    choice = _statement(1, 1, formula.num_vars, *range(1, formula.num_vars + 1), 0, 0)
    shown = "".join(f"4 {len(str(v))} {v} 1 {v}\n" for v in live)
    project = _statement(3, len(live), *live)
    reach = _reachability_rules(formula.reachable, formula.num_vars)
    return (f"asp 1 0 0\n{choice}".encode() + rules
            + f"{reach}{project}{shown}0\n".encode())


# Up to this many clauses held as Python lists (no numpy blocks), the constraints are written
# in plain Python: importing numpy (30-60 ms) costs more than the text of a small formula
# (the 1,692 clauses of the Fibonacci jigsaw 4×20 take about 1 ms).
PLAIN_TEXT_UP_TO = 50_000


def _constraints_text(formula: Formula) -> bytes:
    """One aspif rule per clause, `1 0 0 0 k -l1 ... -lk`: in plain Python for a small
    formula, in numpy's vectorised passes for a large one (the same text)."""
    if not formula.blocks and len(formula.clauses) <= PLAIN_TEXT_UP_TO:
        return "".join(f"1 0 0 0 {len(clause)}{''.join(f' {-lit}' for lit in clause)}\n"
                       for clause in formula.clauses).encode()
    return _integer_text(*_constraint_tokens(*formula.flat()))


def _reachability_rules(reachable: Reachability | None, first_atom: int) -> str:
    """Reachability as rules over new atoms r_i (numbered after the formula's variables):
    r_root; r_b :- r_a, edge; r_a :- r_b, edge; and :- not r_i for every node. The atoms are
    in no choice rule, so clasp holds each true only when some chain of true edges from the
    root supports it (its unfounded-set check): connectivity without cuts or an eager
    encoding, as clingo's own reachability programs have it."""
    if reachable is None:
        return ""
    atom = [first_atom + 1 + node for node in range(reachable.nodes)]
    lines = [_statement(1, 0, 1, atom[reachable.root], 0, 0)]
    for a, b, literal in reachable.edges:
        lines.append(_statement(1, 0, 1, atom[b], 0, 2, atom[a], literal))
        lines.append(_statement(1, 0, 1, atom[a], 0, 2, atom[b], literal))
    lines += [_statement(1, 0, 0, 0, 1, -r) for r in atom]
    return "".join(lines)


def _statement(*numbers: int) -> str:
    return " ".join(map(str, numbers)) + "\n"


def _constraint_tokens(literals: numpy.ndarray,
                       ends: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """The integers of one aspif rule per clause, `1 0 0 0 k -l1 ... -lk` (no head, a normal
    body of the clause's negated literals), flat, and where each rule ends."""
    lengths = np.diff(ends, prepend=0)
    count = len(ends)
    rule_ends = ends + 5 * np.arange(1, count + 1)
    headers = np.zeros((count, 5), dtype=np.int32)
    headers[:, 0] = 1
    headers[:, 4] = lengths
    is_header = np.zeros(len(literals) + 5 * count, dtype=bool)
    firsts = rule_ends - lengths - 5
    for k in range(5):
        is_header[firsts + k] = True
    tokens = np.empty(len(is_header), dtype=np.int32)  # variables are numbered below 2**31
    tokens[is_header] = headers.reshape(-1)
    tokens[~is_header] = -literals
    return tokens, rule_ends


def _integer_text(tokens: numpy.ndarray, line_ends: numpy.ndarray) -> bytes:
    """The integers as decimal text, a space after each but a newline after each line's last:
    every token's characters gathered at once from one text of all values in range (in
    32-bit offsets where the text allows: the arrays are fresh memory in the child process,
    whose page faults cost more than the arithmetic)."""
    if not len(tokens):
        return b""
    low, high = int(tokens.min()), int(tokens.max())
    words = [str(value) for value in range(low, high + 1)]
    table = np.frombuffer((" ".join(words) + " ").encode(), dtype=np.uint8)
    widths = np.fromiter(map(len, words), dtype=np.int64, count=len(words)) + 1
    size = np.int32 if int(widths.max()) * len(tokens) < 2**31 else np.int64
    widths = widths.astype(size)
    offsets = np.cumsum(widths, dtype=size) - widths
    index = tokens - low
    width = widths[index]
    ends = np.cumsum(width, dtype=size)
    gather = np.repeat(offsets[index] - (ends - width), width)
    gather += np.arange(int(ends[-1]), dtype=size)
    text = table[gather]
    text[ends[line_ends - 1] - 1] = ord("\n")
    return text.tobytes()


def _load(control, program: bytes) -> None:
    """Hand the program to clasp through a pipe where Linux names it (/proc/self/fd/N; clingo
    refuses an in-memory file, whose name it cannot resolve), else a temporary file."""
    if os.path.isdir("/proc/self/fd"):
        reader, writer = os.pipe()
        feeder = threading.Thread(target=_feed, args=(writer, program), daemon=True)
        feeder.start()
        try:
            control.load(f"/proc/self/fd/{reader}")
        finally:
            os.close(reader)  # a parse error leaves the feeder writing: it stops now
            feeder.join()
        return
    with tempfile.NamedTemporaryFile(suffix=".aspif") as handle:
        handle.write(program)
        handle.flush()
        control.load(handle.name)


def _feed(descriptor: int, data: bytes) -> None:
    with open(descriptor, "wb") as pipe, contextlib.suppress(BrokenPipeError):
        pipe.write(data)


# ---------------------------------------------------------------- reading models


def _shown_reader(capacity: int, largest: int):
    """A function from a model to the numbers of its shown terms (its true live puzzle
    variables: at most `capacity` of them, none above `largest`). The bindings' public
    Model.symbols wraps each symbol in a Python object, then `number` is one more call each
    (7.2 s for the 161,280 Latin squares of order 5, against 1.9 s reading the C array of
    symbols): this reads the array, a number being stored as a fixed offset plus its value,
    and falls back on the public interface where the bindings' internals differ."""
    import clingo

    try:
        from clingo._internal import _ffi, _lib

        shown = _lib.clingo_show_type_shown
        zero = clingo.Number(0)._rep
        if any(clingo.Number(v)._rep != zero + v for v in (1, max(largest, 1))):
            raise AttributeError("numbers are not stored as offsets")
    except (ImportError, AttributeError):
        return _public_reader
    size = _ffi.new("size_t *")
    symbols = _ffi.new("clingo_symbol_t[]", max(capacity, 1))

    def read(model) -> list[int]:
        rep = model._rep
        if not _lib.clingo_model_symbols_size(rep, shown, size) or size[0] > capacity:
            return _public_reader(model)
        if not _lib.clingo_model_symbols(rep, shown, symbols, size[0]):
            return _public_reader(model)
        return [symbol - zero for symbol in _ffi.unpack(symbols, size[0])]

    read.fast = True  # type: ignore[attr-defined]  # a mark on the function, read by the tests
    return read


def _public_reader(model) -> list[int]:
    return [symbol.number for symbol in model.symbols(shown=True)]
