"""The LRAT checker over arrays, for a long run of claims proven by one solver: the clauses
live in flat arrays, the proof is read as bytes, and the loops are compiled by numba when it
is installed (a 9×9 uniqueness proof of two thousand hints is checked in microseconds, not
the milliseconds of checkers/lrat.py's sets and dictionaries).

Same rules as checkers/lrat.py, and like it importing nothing from satpuzzle. The clauses are
named by the numbers the proof uses, given with them (`add`), and may be added between
chunks of the proof (a clause given to the solver between two solves). A lemma line `ID
LITERALS 0 HINTS 0` is accepted when its hints, taken in order under the negation of its
literals, are each unit until one is false in every literal (reverse unit propagation along
the named clauses); its ID must be unused. `ID d IDS 0` deletes clauses; a deleted clause
cannot be a hint. RAT steps (negative hints) are refused. A unit lemma is remembered by its
literal (`derived`): a claim proven under a selector is the unit clause that negates the
selector."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar, cast

import numpy as np
import numpy.typing as npt

CHECKER = "satpuzzle LRAT checker (arrays)"

F = TypeVar("F", bound=Callable[..., object])


def _compiled(function: F) -> F:
    """`function` compiled by numba (cached on disk), or as it is when numba is missing."""
    try:
        from numba import njit
    except Exception:  # noqa: BLE001 - missing, or its LLVM library not loadable (ulimit -v)
        return function
    try:
        return cast(F, njit(cache=True, nogil=True)(function))
    except RuntimeError:  # no directory numba may cache in: compiled in each process
        _uncached.append(function.__name__)
        return cast(F, njit(nogil=True)(function))


_uncached: list[str] = []  # the loops numba could not cache


# what went wrong, by the code the compiled loop returns (0: every step checked)
_REASONS = {
    1: "a line is malformed (a word that is not an integer, or no terminating 0)",
    2: "a lemma's number is already taken",
    3: "a lemma's number or literal is out of range",
    4: "a RAT step (negative hint), which this checker refuses",
    5: "a hint is no live clause",
    6: "a hint is already satisfied",
    7: "a hint is not unit",
    8: "the hints end without a conflict",
}
_POOL, _TOP, _EMPTY = 0, 1, 2  # meta: the pool's first free slot, the highest clause
# number seen, whether the empty clause was derived
_START, _LENGTH = 0, 1  # index[id]: where clause id's literals begin in the pool, how many
# (0: the number was never used, -1: the clause was deleted or is the empty clause)
_VALUE, _DERIVED, _TRAIL = 0, 1, 2  # assign[var]: its value (1 true, -1 false, 0 unset), the
# sign of a unit lemma derived on it, and (by depth, not by variable) the trail

_Text = npt.NDArray[np.uint8]
_Index = npt.NDArray[np.int64]
_Pool = npt.NDArray[np.int32]


@_compiled
def _number(text: _Text, at: int) -> tuple[int, int, bool]:
    """The integer at `at` (after spaces), the position after it, and whether there was one."""
    n = len(text)
    while at < n and text[at] == 32:
        at += 1
    sign = 1
    if at < n and text[at] == 45:
        sign = -1
        at += 1
    start = at
    value = 0
    while at < n and 48 <= text[at] <= 57 and at - start < 11:
        value = value * 10 + (int(text[at]) - 48)  # int: uint8 arithmetic wraps
        at += 1
    if at == start or (at < n and text[at] != 32 and text[at] != 10):
        return 0, at, False
    return sign * value, at, True


@_compiled
def _check_chunk(text: _Text, index: _Index, pool: _Pool, meta: _Index,
                 assign: _Index) -> tuple[int, int]:
    """Check the proof lines of `text` (each ending with a newline); (0, lines) when every
    step holds, else (reason code, line number)."""
    n = len(text)
    at = 0
    line = 0
    while at < n:
        line += 1
        while at < n and text[at] == 32:
            at += 1
        if at < n and (text[at] == 10 or text[at] == 99):  # blank, or a `c` comment
            while at < n and text[at] != 10:
                at += 1
            at += 1
            continue
        ident, at, ok = _number(text, at)
        if not ok or ident <= 0:
            return 1, line
        while at < n and text[at] == 32:
            at += 1
        if at < n and text[at] == 100:  # `d`: a deletion
            code, at = _deletion(text, at + 1, index)
        else:
            code, at = _lemma(text, at, ident, index, pool, meta, assign)
        if code:
            return code, line
        meta[_TOP] = max(meta[_TOP], ident)
        while at < n and text[at] != 10:  # nothing but spaces after the line's 0
            if text[at] != 32 and text[at] != 13:
                return 1, line
            at += 1
        at += 1
    return 0, line


@_compiled
def _deletion(text: _Text, at: int, index: _Index) -> tuple[int, int]:
    """The clauses a deletion line names marked deleted (an unknown number is ignored)."""
    while True:
        gone, at, ok = _number(text, at)
        if not ok:
            return 1, at
        if gone == 0:
            return 0, at
        if 0 < gone < len(index) and index[gone, _LENGTH] > 0:
            index[gone, _LENGTH] = -1


@_compiled
def _lemma(text: _Text, at: int, ident: int, index: _Index, pool: _Pool, meta: _Index,
           assign: _Index) -> tuple[int, int]:
    """Check a lemma line from its literals on, and keep the lemma when it holds."""
    if ident >= len(index):
        return 3, at
    if index[ident, _LENGTH] != 0:
        return 2, at
    first = meta[_POOL]
    code, at, size, depth, conflict = _negated(text, at, pool, first, assign)
    while True:  # the hints, in order (read to the end even when settled)
        hint, at, ok = _number(text, at)
        if not ok:
            code = code or 1
            break
        if hint == 0:
            break
        if not (conflict or code):
            code, depth, conflict = _propagated(hint, index, pool, assign, depth)
    for k in range(depth):
        assign[assign[k, _TRAIL], _VALUE] = 0
    if code:
        return code, at
    if not conflict:
        return 8, at
    index[ident, _START] = first
    index[ident, _LENGTH] = size if size else -1
    meta[_POOL] = first + size
    if size == 1:
        assign[abs(pool[first]), _DERIVED] = 1 if pool[first] > 0 else -1
    if size == 0:
        meta[_EMPTY] = 1
    return 0, at


@_compiled
def _negated(text: _Text, at: int, pool: _Pool, first: int,
             assign: _Index) -> tuple[int, int, int, int, bool]:
    """A lemma's literals read into the pool at `first` and each made false: (code, position,
    how many, trail depth, whether the lemma is a tautology, true whatever the assignment)."""
    size = depth = 0
    tautology = False
    while True:
        literal, at, ok = _number(text, at)
        if not ok:
            return 1, at, size, depth, tautology
        if literal == 0:
            return 0, at, size, depth, tautology
        var = abs(literal)
        if var >= len(assign):
            return 3, at, size, depth, tautology
        pool[first + size] = literal
        size += 1
        false = -1 if literal > 0 else 1
        if assign[var, _VALUE] == -false:
            tautology = True
        elif assign[var, _VALUE] == 0:
            assign[var, _VALUE] = false
            assign[depth, _TRAIL] = var
            depth += 1


@_compiled
def _propagated(hint: int, index: _Index, pool: _Pool, assign: _Index,
                depth: int) -> tuple[int, int, bool]:
    """Hint clause `hint` under the assignment: (code, trail depth, conflict); its one
    literal not false is made true (code 0), or all are false (a conflict)."""
    if hint < 0:
        return 4, depth, False
    if hint >= len(index) or index[hint, _LENGTH] <= 0:
        return 5, depth, False
    unit = 0
    begin = index[hint, _START]
    for k in range(begin, begin + index[hint, _LENGTH]):
        literal = pool[k]
        state = assign[abs(literal), _VALUE]
        if state != 0 and (state > 0) == (literal > 0):
            return 6, depth, False
        if state == 0:
            if unit != 0 and unit != literal:
                return 7, depth, False
            unit = literal
    if unit == 0:
        return 0, depth, True
    assign[abs(unit), _VALUE] = 1 if unit > 0 else -1
    assign[depth, _TRAIL] = abs(unit)
    return 0, depth + 1, False


@_compiled
def _add_clauses(numbers: _Index, literals: _Pool, ends: _Index, index: _Index, pool: _Pool,
                 meta: _Index) -> int:
    """Clause i (literals[ends[i-1]:ends[i]]) numbered numbers[i]; the first clause whose
    number is taken, or -1."""
    begin = 0
    for i in range(len(numbers)):
        ident = numbers[i]
        if index[ident, _LENGTH] != 0:
            return i
        first = meta[_POOL]
        size = ends[i] - begin
        pool[first:first + size] = literals[begin:ends[i]]
        index[ident, _START] = first
        index[ident, _LENGTH] = size if size else -1
        if size == 0:
            meta[_EMPTY] = 1
        meta[_POOL] = first + size
        meta[_TOP] = max(meta[_TOP], ident)
        begin = ends[i]
    return -1


@dataclass(frozen=True)
class ChunkVerdict:
    """Whether a chunk of proof checked; `reason` says why not, with the line."""

    verified: bool
    reason: str = ""


class ArrayChecker:
    """An LRAT proof checked chunk by chunk against clauses given with their numbers."""

    def __init__(self, variables: int) -> None:
        self.index = np.zeros((1024, 2), np.int64)
        self.pool = np.zeros(4096, np.int32)
        self.meta = np.zeros(3, np.int64)
        self.assign = np.zeros((variables + 1, 3), np.int64)
        self.failed = ""

    def add(self, numbers: npt.ArrayLike, literals: npt.ArrayLike, ends: npt.ArrayLike) -> None:
        """Clauses given to the solver, clause i numbered numbers[i], its literals
        literals[ends[i-1]:ends[i]]."""
        numbers = np.asarray(numbers, np.int64)
        literals = np.asarray(literals, np.int32)
        ends = np.asarray(ends, np.int64)
        if len(numbers) == 0:
            return
        if int(numbers.min()) <= 0:
            raise ValueError("clause numbers start at 1")
        most = int(np.abs(literals).max()) if len(literals) else 0
        if most >= len(self.assign):
            self.assign = _grown(self.assign, max(most + 1, 2 * len(self.assign)))
        self._room(int(numbers.max()) + 1, len(literals))
        taken = _add_clauses(numbers, literals, ends, self.index, self.pool, self.meta)
        if taken >= 0:
            raise ValueError(f"clause number {int(numbers[taken])} is already taken")

    def check(self, text: bytes) -> ChunkVerdict:
        """Check the next chunk of the proof (whole lines); once a chunk fails, every later
        one fails too."""
        if self.failed:
            return ChunkVerdict(False, self.failed)
        lines = text.count(b"\n") + 1
        self._room(int(self.meta[_TOP]) + lines + 1, len(text) // 2 + 1)
        code, line = _check_chunk(np.frombuffer(text, np.uint8), self.index, self.pool,
                                  self.meta, self.assign)
        if code:
            self.failed = f"proof chunk line {line}: {_REASONS.get(int(code), 'rejected')}"
            return ChunkVerdict(False, self.failed)
        return ChunkVerdict(True)

    def derived_unit(self, literal: int) -> bool:
        """Whether a checked lemma is the unit clause `literal` (or the empty clause was
        derived, from which every clause follows)."""
        if self.meta[_EMPTY]:
            return True
        var = abs(literal)
        return var < len(self.assign) and int(self.assign[var, _DERIVED]) == (
            1 if literal > 0 else -1)

    @property
    def empty(self) -> bool:
        return bool(self.meta[_EMPTY])

    def _room(self, ids: int, literals: int) -> None:
        if ids > len(self.index):
            self.index = _grown(self.index, max(ids, 2 * len(self.index)))
        need = int(self.meta[_POOL]) + literals
        if need > len(self.pool):
            self.pool = _grown(self.pool, max(need, 2 * len(self.pool)))


A = TypeVar("A", bound=npt.NDArray[np.integer])


def _grown(array: A, size: int) -> A:
    """`array` zero-padded to `size` rows."""
    grown = np.zeros((size, *array.shape[1:]), array.dtype)
    grown[:len(array)] = array
    return cast(A, grown)


def _is_compiled() -> bool:
    try:
        import numba  # noqa: F401
    except Exception:  # noqa: BLE001 - as in _compiled
        return False
    return True


# without numba the loops run as Python, too slowly for a batch; without a cache for them,
# each process would compile them again (seconds), more than a batch saves
COMPILED = _is_compiled() and not _uncached


_BLAS = "scipy.linalg.cython_blas"


@contextmanager
def blas_refused() -> Iterator[None]:
    """numba's first compilation in a process, or its first load from the cache, asks whether
    scipy's BLAS is there (for np.dot, which these loops and the jigsaw search engine's do
    not use); importing scipy.linalg to answer costs about 0.2 s of CPU, more than loading a
    cached loop. The import is refused meanwhile (a None entry makes it fail), and allowed
    again after."""
    refused = _BLAS not in sys.modules
    if refused:
        sys.modules[_BLAS] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if refused and sys.modules.get(_BLAS, 0) is None:
            del sys.modules[_BLAS]


def warm() -> bool:
    """Compile the loops (or load them from numba's cache) now: before a fork, so that the
    workers share them instead of each compiling its own; False if that failed (LLVM out
    of memory under `ulimit -v`, say). scipy's BLAS is not asked for meanwhile."""
    from numba.core.errors import NumbaError

    try:
        with blas_refused():
            checker = ArrayChecker(2)
            checker.add([1, 2], [1, -1], [1, 2])
            WARM.append(checker.check(b"3 0 1 2 0\n").verified and checker.empty)
    except (NumbaError, OSError, MemoryError, RuntimeError):  # not a timeout's exception
        WARM.append(False)
    return WARM[-1]


WARM: list[bool] = []  # what warm() found, if it ran in this process
