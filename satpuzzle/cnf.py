"""A thin CNF layer: named puzzle variables over PySAT's IDPool (constraints are written by
the library, satpuzzle.constraints, on this pool), the families' bookkeeping, and DIMACS
output with a self-describing header (the text itself: satpuzzle.dimacs)."""

from __future__ import annotations

import itertools
import os
import resource
import weakref
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from pysat import _utils as pysat_utils

# PySAT's C code, called from the main thread, installs a SIGINT handler that longjmps out
# of whatever was running: a Ctrl-C inside malloc leaves malloc's lock taken and the process
# hangs forever (seen: `compile` of a 49×49 Sudoku interrupted, asleep in malloc). satpuzzle
# handles signals itself (Python handlers between calls, children killed by the parent), so
# PySAT is told it never runs on the main thread and installs nothing.
pysat_utils.MainThread.check = staticmethod(lambda: False)

from satpuzzle.errors import InputError
from satpuzzle.instances import VarName
from satpuzzle.lazy import Lazy

if TYPE_CHECKING:
    import numpy
    from pysat.formula import IDPool as VariablePool

# imported by the first formula built: the command line's help needs only the budgets here
np = Lazy("numpy")
IDPool = Lazy("pysat.formula", "IDPool")
_dimacs = Lazy("satpuzzle.dimacs")  # writing DIMACS (to_dimacs), not every run

__all__ = [
    "BYTES_PER_CLAUSE",
    "DEFAULT_MAX_CLAUSES",
    "ClauseBlock",
    "ClauseBudgetExceeded",
    "FamilyStats",
    "Formula",
    "Reachability",
    "Span",
    "VarName",
    "clause_budget",
    "latest_formula",
    "max_clauses",
    "pb_clause_estimate",
    "refuse_estimate",
]

# The clause budget (--max-clauses): a compile that would go past it is refused with a clear
# message instead of exhausting memory. 20 M clauses is about 3 GB in Python lists plus the
# solver's copy (measured: 7.4 M clauses of the 15x15 French crossword peak at 1.1 GB in numpy
# blocks; list clauses take ~150 bytes each).
DEFAULT_MAX_CLAUSES = 20_000_000
BYTES_PER_CLAUSE = 150

# PBEnc's mixed-radix encoding of a sum of n weighted literals, measured for n = 5 to 3,000
# and weights of 1 to 45 bits: 1.9 to 5.4 times n^1.5·bits clauses (above 5 only for n < 40,
# a few thousand clauses; 2.7, 3.2 and 3.4 for 1,500, 2,000 and 3,000 numbers of 40 bits,
# which peak at 257 bytes per clause). The estimate takes 3.6:
# a puzzle estimated over the budget is refused at once; one the estimate let through and
# that outgrows it is stopped by the memory cap below, or by the exact count after. Above
# PB_IN_PROCESS estimated clauses the native encoder, deaf to signals and timers for as long
# as it runs (tens of seconds, gigabytes), works in a child that a timeout or Ctrl-C kills,
# with its memory capped by the clause budget.
PB_IN_PROCESS = 200_000
PB_BYTES_PER_CLAUSE = 300  # the encoder's peak per clause, measured 257-262
PB_MEMORY_MARGIN = 512 << 20
# the clause budget in force: a context variable, not a module global, so that each thread
# (the API called from threads, the tasks a Dask worker runs side by side) has its own
_budget: ContextVar[int] = ContextVar("clause_budget", default=DEFAULT_MAX_CLAUSES)
_latest: list[Callable[[], Formula | None]] = [lambda: None]  # the formula last begun


class ClauseBudgetExceeded(InputError):
    """A compile refused because it would pass the clause budget."""


@contextmanager
def clause_budget(limit: int | None) -> Iterator[None]:
    """Formulas built inside refuse to grow past `limit` clauses (None: the budget in force,
    DEFAULT_MAX_CLAUSES unless an enclosing clause_budget set another)."""
    token = _budget.set(_budget.get() if limit is None else limit)
    try:
        yield
    finally:
        _budget.reset(token)


def max_clauses() -> int:
    return _budget.get()


def latest_formula() -> Formula | None:
    """The formula most recently begun in this process, if it is still alive."""
    return _latest[0]()


def refuse_estimate(estimate: int, what: str = "this puzzle") -> None:
    """Refuse before any encoding when a kind's own estimate is already over the budget."""
    budget = _budget.get()
    if estimate > budget:
        raise ClauseBudgetExceeded(
            f"compiling {what} would take about {estimate:,} clauses (about "
            f"{estimate * BYTES_PER_CLAUSE / 1e9:.1f} GB), over the budget of {budget:,} "
            "clauses: "
            "raise it with --max-clauses N to try anyway")


@dataclass
class FamilyStats:
    """What one family of constraints (a name the kind gives: `cell`, `row`, `degree`, ...)
    cost: constraints stated, clauses, auxiliary variables, literal occurrences, the
    encoding that wrote them, and one example clause in the puzzle's words."""

    name: str
    encoding: str
    what: str = ""  # the constraint, in words ("exactly one", "sum = k")
    constraints: int = 0
    clauses: int = 0
    auxiliaries: int = 0
    literals: int = 0
    example: str = ""  # "cell r3c4 holds a digit"
    example_clause: tuple[int, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {"family": self.name, "constraint": self.what, "encoding": self.encoding,
                "constraints": self.constraints, "clauses": self.clauses,
                "auxiliaries": self.auxiliaries, "literals": self.literals,
                "example": self.example, "example_clause": list(self.example_clause)}


@dataclass(frozen=True)
class Span:
    """Clauses one family wrote in one go: list clauses [first, last) and blocks [first,
    last) of the formula (DIMACS writes the list first, then the blocks)."""

    family: str
    clauses: tuple[int, int]
    blocks: tuple[int, int]


@dataclass(frozen=True)
class Reachability:
    """Every node 0..nodes-1 is reachable from `root` along edges (a, b, literal), each usable
    both ways when its literal is true (Hashi: islands, and pairs with a bridge)."""

    nodes: int
    root: int
    edges: tuple[tuple[int, int, int], ...]


class Formula:
    """Clauses over named puzzle variables and anonymous auxiliaries, sharing one IDPool."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        _latest[0] = weakref.ref(self)  # what a compile cut short had built (latest_formula)
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        # Large uniform groups of clauses kept as numpy arrays (see add_block): a few bytes per
        # literal instead of a Python list per clause.
        self.blocks: list[ClauseBlock] = []
        self.names: dict[int, VarName] = {}
        self.summary: list[str] = []
        self._unchecked = 0  # clauses added since the budget was last checked
        # True when the puzzle variables split into exactly-one groups, so a solution is
        # identified by its true puzzle variables alone (shortest sound blocking clause).
        self.one_hot = False
        # True when a model CaDiCaL finds without a decision may be taken as the only one
        # (solving.ModelStream: its solver then runs without the simplifications that would
        # break that; measured no slower on Sudoku, so other kinds keep CaDiCaL's defaults).
        self.settled_by_propagation = False
        # Lazy constraints (e.g. Hashi connectivity): called with the true live puzzle variables
        # of each model; returns clauses valid for every solution that this model violates, or
        # [] when the model is a real solution. Such a formula is not complete by itself: DIMACS
        # export needs the kind's standalone encoding.
        self.refine: Callable[[frozenset[int]], list[list[int]]] | None = None
        # What `refine` enforces, when it is "every node reachable from a root along edges
        # whose literal is true": an engine that has reachability natively (clasp, whose
        # unfounded-set check is exactly this) takes the formula whole without the cuts.
        self.reachable: Reachability | None = None
        # clause provenance (satpuzzle.constraints): per family what it cost, and where its
        # clauses are, for --explain and the DIMACS header
        self.families: dict[str, FamilyStats] = {}
        self.spans: list[Span] = []
        # pair clauses several families wrote in one ascending run: (block or None, first
        # clause, family names, each clause's family number)
        self.shared_runs: list[tuple[int | None, int, tuple[str, ...], Owners]] = []

    @contextmanager
    def family(self, name: str, encoding: str, what: str = "", constraints: int = 1,
               example: str = "") -> Iterator[FamilyStats]:
        """Clauses added inside are counted as family `name`'s, written by `encoding`."""
        stats = self.families.get(name)
        if stats is None:
            stats = self.families[name] = FamilyStats(name, encoding, what)
        elif encoding not in stats.encoding.split(" + "):
            stats.encoding += " + " + encoding
        if what and not stats.what:
            stats.what = what
        first_clause, first_block = len(self.clauses), len(self.blocks)
        top, named = self.pool.top, len(self.names)
        yield stats
        new_clauses = self.clauses[first_clause:]
        new_blocks = self.blocks[first_block:]
        stats.constraints += constraints
        stats.clauses += len(new_clauses) + sum(len(block.ends) for block in new_blocks)
        stats.literals += sum(map(len, new_clauses)) + sum(
            len(block.literals) for block in new_blocks)
        stats.auxiliaries += (self.pool.top - top) - (len(self.names) - named)
        if not stats.example_clause:
            clause = new_clauses[0] if new_clauses else (
                # one clause, not a chunk of 65,536 turned into lists
                next(new_blocks[0].clauses(chunk=1), []) if new_blocks else [])
            if clause:
                stats.example_clause = tuple(clause)
                stats.example = example
        if new_clauses or new_blocks:
            span = Span(name, (first_clause, len(self.clauses)),
                        (first_block, len(self.blocks)))
            last = self.spans[-1] if self.spans else None
            if (last is not None and last.family == name
                    and last.clauses[1] == first_clause and last.blocks[1] == first_block):
                span = Span(name, (last.clauses[0], span.clauses[1]),
                            (last.blocks[0], span.blocks[1]))
                self.spans[-1] = span
            else:
                self.spans.append(span)

    def claim_pairs(self, families: Sequence[str], owners: Owners, first: int,
                    block: int | None = None) -> None:
        """Binary clauses written outside a family() context, clause first + i being family
        families[owners[i]]'s (the families already in self.families): list clauses from
        `first`, or with `block`, that block's clauses from `first`. Counted at once; their
        ranges are found only when asked for (family_ranges)."""
        counts = (np.bincount(owners, minlength=len(families)).tolist()
                  if hasattr(owners, "dtype") else
                  [0] * len(families))
        if not hasattr(owners, "dtype"):
            for number, count in Counter(owners).items():
                counts[number] = count
        for family, count in zip(families, counts):
            stats = self.families[family]
            stats.clauses += count
            stats.literals += 2 * count
        self.shared_runs.append((block, first, tuple(families), owners))

    def family_ranges(self) -> list[tuple[str, int, int]]:
        """(family, first, last) clause numbers (1-based, inclusive) in DIMACS order; clauses
        no family claims are "(unattributed)"."""
        block_starts = [len(self.clauses)]
        for block in self.blocks:
            block_starts.append(block_starts[-1] + len(block.ends))
        owned_list: list[_Owned] = []  # list clauses, numbered from 0
        owned_blocks: list[_Owned] = []  # block clauses, numbered after the list's
        for span in self.spans:
            if span.clauses[1] > span.clauses[0]:
                owned_list.append((span.clauses[0], span.clauses[1], span.family))
            if span.blocks[1] > span.blocks[0]:
                owned_blocks.append((block_starts[span.blocks[0]],
                                     block_starts[span.blocks[1]], span.family))
        for block_number, first, families, owners in self.shared_runs:
            if block_number is None:
                owned_list += _family_runs(owners, first, families)
            else:
                owned_blocks += _family_runs(owners, block_starts[block_number] + first,
                                             families)
        return _merged(_covering(owned_list, 0, len(self.clauses))
                       + _covering(owned_blocks, len(self.clauses), self.num_clauses))

    def explanation(self) -> list[FamilyStats]:
        """The families' table; an "(unattributed)" row holds the clauses no family claims,
        so the rows always add up to the formula."""
        rows = list(self.families.values())
        clauses = self.num_clauses - sum(row.clauses for row in rows)
        if clauses:
            literals = (sum(map(len, self.clauses)) + sum(len(b.literals) for b in self.blocks)
                        - sum(row.literals for row in rows))
            rows.append(FamilyStats("(unattributed)", "-", "clauses written outside the "
                                    "constraint library", 0, clauses, 0, literals))
        return rows

    def var(self, *name: object) -> int:
        """The puzzle variable called `name`, created on first use."""
        ident = self.pool.id(name)
        self.names[ident] = name
        return ident

    def add_names(self, names: Sequence[VarName]) -> int:
        """New puzzle variables called `names` (none of them in use yet), numbered in one go
        from the pool's next id, as `var` would name them one by one: for encoders that
        number their variables themselves. Returns the first id."""
        first = self.pool.top + 1
        ids = range(first, first + len(names))
        self.pool.obj2id.update(zip(names, ids))
        self.pool.id2obj.update(zip(ids, names))
        self.pool.top += len(names)
        self.names.update(zip(ids, names))
        return first

    def add(self, clause: Sequence[int]) -> None:
        self.clauses.append(list(clause))
        self._grew(1)

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        self.clauses.extend(list(c) for c in clauses)
        self.check_budget()

    def _grew(self, count: int) -> None:
        # the budget is checked every 4,096 clauses or so: cheap enough to leave on
        self._unchecked += count
        if self._unchecked > 4096:
            self.check_budget()

    def check_budget(self) -> None:
        """Refuse to grow past the clause budget (see clause_budget); encoders that append
        to `clauses` directly call this in their loops."""
        self._unchecked = 0
        budget = _budget.get()
        if self.num_clauses > budget:
            raise ClauseBudgetExceeded(
                f"compiling this {self.kind} puzzle passed the budget of {budget:,} "
                f"clauses (about {budget * BYTES_PER_CLAUSE / 1e9:.1f} GB) and was "
                "stopped: raise it with --max-clauses N to go on")

    def add_block(self, literals: numpy.ndarray, ends: numpy.ndarray) -> None:
        """Clauses given flat: clause i is literals[ends[i-1]:ends[i]] (ends[-1] = len)."""
        if len(ends):
            self.blocks.append(ClauseBlock(literals.astype(np.int64), ends.astype(np.int64)))
            self.check_budget()

    def add_pairs(self, first: numpy.ndarray, second: numpy.ndarray) -> None:
        """Binary clauses [first[i], second[i]]."""
        pairs = np.stack([first, second], axis=1).reshape(-1)
        self.add_block(pairs, np.arange(2, len(pairs) + 1, 2))

    def reserve(self, count: int) -> int:
        """The first of `count` consecutive fresh auxiliary variables (no names: cheap for
        hundreds of thousands of them)."""
        first = self.pool.top + 1
        self.pool.top += count
        return first

    def all_clauses(self) -> Iterator[list[int]]:
        """Every clause, small ones then blocks, one list at a time."""
        yield from self.clauses
        for block in self.blocks:
            yield from block.clauses()

    def flat(self) -> tuple[numpy.ndarray, numpy.ndarray]:
        """Every clause, small ones then blocks, as one flat layout (literals, end offsets)."""
        literals, ends = flat_clauses(self.clauses)
        all_literals, all_ends, offset = [literals], [ends], len(literals)
        for block in self.blocks:
            all_literals.append(block.literals)
            all_ends.append(block.ends + offset)
            offset += len(block.literals)
        return np.concatenate(all_literals), np.concatenate(all_ends)

    def has_empty_clause(self) -> bool:
        """Whether some clause is empty (the formula is then unsatisfiable)."""
        return any(not clause for clause in self.clauses) or any(
            np.any(block.ends == _starts(block.ends)) for block in self.blocks)

    @property
    def num_clauses(self) -> int:
        return len(self.clauses) + sum(len(block.ends) for block in self.blocks)

    def contradiction(self) -> None:
        """Make the formula unsatisfiable (an auxiliary forced both ways: valid for every solver)."""
        if ("contradiction",) in self.pool.obj2id:
            return  # already unsatisfiable: once is enough
        flag = self.pool.id(("contradiction",))
        self.clauses += [[flag], [-flag]]

    def pb_equals(self, lits: Sequence[int], weights: Sequence[int], bound: int,
                  encoding: int | None = None, condition: int | None = None) -> None:
        """sum weights[i]·lits[i] = bound through PySAT's PBEnc (`encoding` one of its
        EncType values, default mixed radix), auxiliaries from the shared pool; `condition`:
        the constraint holds only when that literal is true. Refused before encoding when
        the estimate passes the clause budget."""
        from pysat.pb import EncType as PBEncType  # imported when needed: it is slow to import

        encoding = PBEncType.mixedradix if encoding is None else encoding
        estimate = pb_clause_estimate(weights)
        refuse_estimate(self.num_clauses + estimate, f"this {self.kind} puzzle")
        if estimate <= PB_IN_PROCESS:
            literals, ends = flat_clauses(_pb_clauses(lits, weights, bound, self.pool, encoding))
        else:
            literals, ends, self.pool.top = self._pb_in_child(lits, weights, bound, encoding)
        if np.any(ends == _starts(ends)):
            # PBEnc's empty clause: no assignment reaches the bound
            self.add([-condition]) if condition is not None else self.contradiction()
            literals, ends = _without_empty(literals, ends)
        if condition is not None:
            literals, ends = _prefixed(literals, ends, -condition)
        self.add_block(literals, ends)

    def _pb_in_child(self, lits: Sequence[int], weights: Sequence[int], bound: int,
                     encoding: int) -> tuple[numpy.ndarray, numpy.ndarray, int]:
        from satpuzzle.stages import ChildFailed, run_in_child  # PB encodings only

        allowance = (max_clauses() - self.num_clauses) * PB_BYTES_PER_CLAUSE + PB_MEMORY_MARGIN

        def work(_send: Callable[[object], None]) -> tuple[numpy.ndarray, numpy.ndarray, int]:
            _cap_memory(allowance)
            clauses = _pb_clauses(lits, weights, bound, self.pool, encoding)
            return (*flat_clauses(clauses), self.pool.top)

        try:
            how, result = run_in_child(work, None)
        except (ChildFailed, MemoryError) as failure:
            if isinstance(failure, ChildFailed) and failure.exitcode is None:
                raise
            raise ClauseBudgetExceeded(
                f"the pseudo-Boolean encoding of this {self.kind} puzzle outgrew the memory "
                f"allowed by the budget of {max_clauses():,} clauses and was stopped: raise it "
                "with --max-clauses N to go on") from None
        if how == "interrupt":
            raise KeyboardInterrupt
        assert result is not None  # no timeout: done, or interrupted
        return result

    @property
    def num_vars(self) -> int:
        return self.pool.top

    def live_puzzle_vars(self) -> list[int]:
        """Puzzle variables that occur in some clause; only these carry information (a solver
        may report a variable that occurs nowhere as true)."""
        seen = {abs(lit) for clause in self.clauses for lit in clause}
        for block in self.blocks:
            seen.update(np.unique(np.abs(block.literals)).tolist())
        return sorted(v for v in self.names if v in seen)

    def blocking_clause(self, true_vars: Iterable[int], live: Sequence[int],
                        fixed: frozenset[int] = frozenset()) -> list[int]:
        """The shortest sound clause excluding this solution (`true_vars`: its true variables
        among `live`); `fixed` are variables forced true by the assumptions, which every
        solution of the job shares."""
        if self.one_hot:  # the true variables alone tell the solution (in `live`'s order)
            return [-v for v in sorted(true_vars) if v not in fixed]
        truth = set(true_vars)
        return [-v if v in truth else v for v in live if v not in fixed]

    def family_header(self) -> list[str]:
        """Comment lines naming the family of each range of clauses (and the encoding that
        wrote it), so that a reader of the file can tell which rule a clause states."""
        if not self.families:
            return []
        lines = [f"c family: {row.name} ({row.what or 'clauses'}, {row.encoding}): "
                 f"{row.constraints} constraints, {row.clauses} clauses, "
                 f"{row.auxiliaries} auxiliary variables" for row in self.explanation()]
        ranges: dict[str, list[str]] = {}
        for family, low, high in self.family_ranges():
            ranges.setdefault(family, []).append(f"{low}-{high}" if high > low else str(low))
        for family, words in ranges.items():
            # one line a family, wrapped at about 100 characters (a family whose pairs
            # interleave with others' has many ranges)
            line: list[str] = []
            for word in words:
                if line and len(" ".join(line)) + len(word) > 80:
                    lines.append(f"c clauses of {family}: {' '.join(line)}")
                    line = []
                line.append(word)
            lines.append(f"c clauses of {family}: {' '.join(line)}")
        return lines

    def to_dimacs(self, source: str = "") -> str:
        """DIMACS text whose comment header records kind, sizes, the source puzzle and the
        variable map, so that a model from any external solver can be decoded, and the
        projection on the live puzzle variables, so that a model counter counts solutions
        (auxiliaries, and puzzle variables in no clause, would multiply the count)."""
        header = _dimacs.header_lines(self.kind, self.summary, self.num_vars, self.num_clauses,
                              self.names, source)
        header += self.family_header() + _dimacs.projection_lines(self.live_puzzle_vars())
        return _dimacs.write_cnf(self.num_vars, self.all_clauses(), self.num_clauses, header)


# (first, end, family): clauses first..end − 1 (0-based) are the family's
_Owned = tuple[int, int, str]
# each clause's family number, in a list or a numpy array
Owners: TypeAlias = "Sequence[int] | numpy.ndarray"


def _family_runs(owners: Owners, base: int, families: Sequence[str]) -> list[_Owned]:
    """Each run of one family's clauses among `owners`, the family numbers (in `families`)
    of clauses base, base + 1, ... (a list or a numpy array)."""
    numbers = owners.tolist() if hasattr(owners, "tolist") else list(owners)
    runs: list[_Owned] = []
    at = base
    for number, run in itertools.groupby(numbers):
        end = at + sum(1 for _ in run)
        runs.append((at, end, families[number]))
        at = end
    return runs


def _covering(owned: list[_Owned], start: int, end: int) -> list[tuple[str, int, int]]:
    """(family, first, last) clause numbers (1-based, inclusive) of clauses start..end − 1
    in order, the clauses no family owns "(unattributed)"."""
    ranges: list[tuple[str, int, int]] = []
    at = start
    for low, high, family in sorted(owned):
        if low > at:
            ranges.append(("(unattributed)", at + 1, low))
        ranges.append((family, low + 1, high))
        at = high
    if at < end:
        ranges.append(("(unattributed)", at + 1, end))
    return ranges


def _merged(ranges: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """`ranges` with each two adjacent ranges of one family joined."""
    merged: list[tuple[str, int, int]] = []
    for family, low, high in ranges:
        if merged and merged[-1][0] == family and merged[-1][2] + 1 == low:
            merged[-1] = (family, merged[-1][1], high)
        else:
            merged.append((family, low, high))
    return merged


def pb_clause_estimate(weights: Sequence[int]) -> int:
    """PBEnc's clause count for a sum over these weights, within a factor 2 (see
    PB_IN_PROCESS)."""
    bits = max(1, max(weights, default=1).bit_length())
    return int(3.6 * len(weights) ** 1.5 * bits) + 16


def _pb_clauses(lits: Sequence[int], weights: Sequence[int], bound: int, pool: VariablePool,
                encoding: int) -> list[list[int]]:
    from pysat.pb import PBEnc  # imported when needed: it is slow to import

    return PBEnc.equals(list(lits), list(weights), bound, vpool=pool, encoding=encoding).clauses


def flat_clauses(clauses: Sequence[Sequence[int]]) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Clauses as the flat literals and end offsets of a ClauseBlock."""
    lengths = np.fromiter(map(len, clauses), dtype=np.int64, count=len(clauses))
    literals = np.fromiter(itertools.chain.from_iterable(clauses), dtype=np.int64,
                           count=int(lengths.sum()))
    return literals, np.cumsum(lengths)


def _starts(ends: numpy.ndarray) -> numpy.ndarray:
    """Where each clause of a flat layout begins."""
    return np.concatenate([[0], ends[:-1]])[:len(ends)].astype(ends.dtype)


def _without_empty(literals: numpy.ndarray,
                   ends: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    return literals, ends[ends > _starts(ends)]


def _prefixed(literals: numpy.ndarray, ends: numpy.ndarray,
              literal: int) -> tuple[numpy.ndarray, numpy.ndarray]:
    """Every clause with `literal` put in front."""
    return np.insert(literals, _starts(ends), literal), ends + np.arange(1, len(ends) + 1)


def _cap_memory(allowance: int) -> None:
    """In a child about to run a native encoder: address space capped at what it has now
    plus `allowance` bytes, and its stderr silenced (an encoder that runs out of memory
    aborts with a message of its own; the parent says what happened, in one line)."""
    with open("/proc/self/status", encoding="ascii") as status:
        size = next(int(line.split()[1]) * 1024 for line in status
                    if line.startswith("VmSize:"))
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)  # a cap set from outside stays
    cap = size + allowance if hard == resource.RLIM_INFINITY else min(size + allowance, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)


@dataclass
class ClauseBlock:
    """Clauses stored flat: clause i is literals[ends[i-1]:ends[i]]."""

    literals: numpy.ndarray
    ends: numpy.ndarray

    def clauses(self, chunk: int = 1 << 16) -> Iterator[list[int]]:
        starts = _starts(self.ends)
        for first in range(0, len(self.ends), chunk):
            low = int(starts[first])
            last = min(first + chunk, len(self.ends))
            values = self.literals[low:int(self.ends[last - 1])].tolist()
            bounds = (self.ends[first:last] - low).tolist()
            begin = 0
            for end in bounds:
                yield values[begin:end]
                begin = end
