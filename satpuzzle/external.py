"""Any DIMACS SAT solver binary as a back end: `satpuzzle solve --solver-cmd 'CMD'`.

The formula is written to a temporary DIMACS file and CMD is run on it, one fresh process per
call: `{input}` in CMD is replaced by the file's path (else the path is appended as the last
argument) and `{output}` by a temporary path for solvers that write their model to a file
(MiniSat). The answer is read from the competition-format `s` and `v` lines of the solver's
standard output, or from the output file; exit codes 10 and 20 are taken as a hint and checked
against it. Every model is checked against every clause, so a wrong answer from the solver is
an error, never a wrong solution. Enumeration re-runs the solver with one blocking clause over
the puzzle variables per solution found.

The solver runs in its own process group (and session, so a terminal's Ctrl-C does not reach
it directly); the group is killed at the deadline and whenever satpuzzle stops, Ctrl-C and
SIGTERM included.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from satpuzzle.children import exit_text, run_command
from satpuzzle.cnf import Formula
from satpuzzle.dimacs import (
    FlatClauses,
    clause_text,
    first_falsified,
    problem_line,
    read_answer,
)
from satpuzzle.errors import InputError

INPUT, OUTPUT = "{input}", "{output}"
EXIT_SAT, EXIT_UNSAT = 10, 20  # the SAT competition's convention, followed by most solvers

# Counters as solvers print them: `c conflicts: 49 ...` (CaDiCaL, Kissat),
# `conflicts : 69 (...)` (MiniSat), `c 45 conflicts` (PicoSAT with -v).
_COUNTER_NAMES = "conflicts|decisions|propagations|restarts"
_COUNTER_AFTER = re.compile(rf"^(?:c\s+)?({_COUNTER_NAMES})\s*:\s*(\d+)\b")
_COUNTER_BEFORE = re.compile(rf"^c\s+(\d+)\s+({_COUNTER_NAMES})\s*$")


@dataclass
class ExternalResult:
    """One run of the solver: status "SAT", "UNSAT" or "UNKNOWN" (the solver gave up, or the
    timeout killed it: `timed_out`), the true variables of a SAT model, wall time, and the
    counters the solver printed (conflicts, decisions, ...)."""

    status: str
    true_vars: frozenset[int] = frozenset()
    elapsed: float = 0.0
    stats: dict[str, int] = field(default_factory=dict)
    timed_out: bool = False


# ---------------------------------------------------------------- the command


def solver_argv(command: str) -> list[str]:
    """CMD split as a shell would (no shell is run), its program checked to exist and be
    executable; InputError otherwise."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise InputError(f"--solver-cmd: cannot split {command!r}: {exc}") from None
    if not argv:
        raise InputError("--solver-cmd is empty; give a solver command such as 'cadical'")
    program = argv[0]
    if os.sep in program:
        if not os.path.exists(program):
            raise InputError(f"--solver-cmd: solver {program!r} not found")
        if os.path.isdir(program) or not os.access(program, os.X_OK):
            raise InputError(f"--solver-cmd: solver {program!r} is not executable")
    elif shutil.which(program) is None:
        raise InputError(f"--solver-cmd: solver {program!r} not found on PATH")
    return argv


def _with_paths(argv: Sequence[str], input_path: str, output_path: str) -> list[str]:
    filled = [word.replace(INPUT, input_path).replace(OUTPUT, output_path) for word in argv]
    if not any(INPUT in word for word in argv):
        filled.append(input_path)
    return filled


# ---------------------------------------------------------------- the formula


class _Problem:
    """A CNF prepared once: its DIMACS clause lines, and the clauses to check models with."""

    def __init__(self, clauses: Iterable[Sequence[int]], num_vars: int) -> None:
        lines: list[str] = []

        def written() -> Iterator[Sequence[int]]:  # one pass: formulas can be large
            for clause in clauses:
                lines.append(clause_text([clause]))
                yield clause

        self.num_vars = num_vars
        self.flat = FlatClauses(written())
        self.body = "".join(lines)
        self.num_clauses = self.flat.count

    def dimacs(self, extra: Sequence[Sequence[int]]) -> str:
        return (f"{problem_line(self.num_vars, self.num_clauses + len(extra))}\n"
                f"{self.body}{clause_text(extra)}")

    def falsified(self, true_vars: frozenset[int],
                  extra: Sequence[Sequence[int]]) -> tuple[int, list[int]] | None:
        """The number (1-based) and literals of the first clause the model falsifies."""
        number = self.flat.first_falsified(true_vars)
        if number is not None:
            return number, self.flat.clause(number)
        number = first_falsified(extra, true_vars)
        if number is not None:
            return self.num_clauses + number, list(extra[number - 1])
        return None


# ---------------------------------------------------------------- one run


def solve_external(command: str, clauses: Iterable[Sequence[int]], num_vars: int,
                   timeout: float | None) -> ExternalResult:
    """Run the solver command once on these clauses; the model, if any, is checked."""
    problem = _Problem(clauses, num_vars)
    with tempfile.TemporaryDirectory(prefix="satpuzzle-") as workdir:
        return _run(solver_argv(command), problem, [], timeout, Path(workdir))


def _run(argv: Sequence[str], problem: _Problem, extra: Sequence[Sequence[int]],
         timeout: float | None, workdir: Path) -> ExternalResult:
    input_path, output_path = workdir / "formula.cnf", workdir / "model.txt"
    input_path.write_text(problem.dimacs(extra))
    with contextlib.suppress(FileNotFoundError):
        output_path.unlink()  # a model left by the previous run must not be read again
    stdout_path, stderr_path = workdir / "stdout.txt", workdir / "stderr.txt"
    full_argv = _with_paths(argv, str(input_path), str(output_path))
    started = time.monotonic()
    returncode = _execute(full_argv, stdout_path, stderr_path, timeout)
    elapsed = time.monotonic() - started
    stdout = stdout_path.read_text(errors="replace")
    stderr = stderr_path.read_text(errors="replace")
    stats = _counters(stdout + "\n" + stderr)
    if returncode is None:
        return ExternalResult("UNKNOWN", elapsed=elapsed, stats=stats, timed_out=True)
    use_file = any(OUTPUT in word for word in argv) and output_path.exists()
    status: str | None = None
    true_vars: frozenset[int] = frozenset()
    if use_file:
        status, true_vars = _read_answer(output_path.read_text(errors="replace"), True,
                                         "its model file")
    if status is None:  # no model file, or one without a status: the solver's own output
        use_file = False
        status, true_vars = _read_answer(stdout, False, "its output")
    status = _checked_status(argv[0], returncode, status, stdout, stderr, use_file)
    if status == "SAT":
        wrong = problem.falsified(true_vars, extra)
        if wrong is not None:
            number, clause = wrong
            shown = " ".join(map(str, clause[:8])) + (" ..." if len(clause) > 8 else "")
            raise InputError(f"--solver-cmd: {argv[0]} answered SAT with a model that falsifies "
                             f"clause {number} ({shown} 0): a wrong answer")
    return ExternalResult(status, true_vars, elapsed, stats)


def _execute(argv: Sequence[str], stdout_path: Path, stderr_path: Path,
             timeout: float | None) -> int | None:
    """Run argv (satpuzzle.children.run_command: its own process group, killed whatever ends
    the wait); its exit code, or None when the timeout killed it."""
    try:
        returncode, _timed_out = run_command(argv, stdout_path, stderr_path, timeout)
    except OSError as exc:
        raise InputError(f"--solver-cmd: cannot run {argv[0]!r}: "
                         f"{exc.strerror or exc}") from None
    return returncode


# ---------------------------------------------------------------- reading the answer


def _read_answer(text: str, bare: bool, where: str) -> tuple[str | None, frozenset[int]]:
    """Status and true variables from `s`/`v` lines (satpuzzle.dimacs.read_answer); with
    `bare` (a model file) also a bare status word (`SAT`, `UNSAT`, `INDET`) and bare literal
    lines, MiniSat's result file. Lines of the solver's log are skipped."""
    try:
        answer = read_answer(text, bare=bare, strict=False)
    except InputError as exc:
        raise InputError(f"--solver-cmd: {exc.message} (line {exc.line} of {where})") from None
    return answer.status, answer.true_vars


def _checked_status(program: str, returncode: int, status: str | None, stdout: str,
                    stderr: str, use_file: bool) -> str:
    """The status the solver printed. A crash or a missing status becomes an InputError
    naming the solver; an exit code that contradicts the printed status too."""
    if status is None:
        if returncode not in (0, EXIT_SAT, EXIT_UNSAT):
            raise InputError(f"--solver-cmd: {program} failed ({exit_text(returncode)})"
                             f"{_last_line(stderr, stdout)}")
        where = "its model file" if use_file else "its output"
        hint = ("; for a solver that writes its model to a file, put {output} in the command "
                "(e.g. 'minisat {input} {output}')" if not use_file else "")
        raise InputError(f"--solver-cmd: {program} printed no status line in {where} "
                         f"(expected 's SATISFIABLE', 's UNSATISFIABLE' or 's UNKNOWN'; "
                         f"{exit_text(returncode)}){hint}")
    expected = {EXIT_SAT: "SAT", EXIT_UNSAT: "UNSAT"}.get(returncode)
    if expected is not None and expected != status:
        raise InputError(f"--solver-cmd: {program} answered {status} but exited with "
                         f"{returncode} ({expected}): contradictory answer")
    return status


def _last_line(*texts: str) -> str:
    for text in texts:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines:
            return f": {lines[-1]}"
    return ""


def _counters(text: str) -> dict[str, int]:
    """The last value of each counter the solver printed."""
    counters: dict[str, int] = {}
    for line in text.splitlines():
        match = _COUNTER_AFTER.match(line.strip())
        if match:
            counters[match.group(1)] = int(match.group(2))
            continue
        match = _COUNTER_BEFORE.match(line.strip())
        if match:
            counters[match.group(2)] = int(match.group(1))
    return counters


# ---------------------------------------------------------------- enumeration


class ExternalEnumeration:
    """Models of a formula from repeated runs of an external solver, each run with one more
    blocking clause over the puzzle variables (the shortest sound one, as with PySAT).

    After `models()` ends: `complete` is True when the enumeration was exhaustive, `stopped`
    is "timeout" (the deadline passed) or "unknown" (the solver gave up) when it was cut
    short; `calls`, `elapsed` and `stats` (counters summed over runs) describe the work."""

    def __init__(self, command: str, formula: Formula, limit: int | None = None,
                 deadline: float | None = None) -> None:
        """`deadline` is a time.monotonic() value, None for no limit."""
        self.argv = solver_argv(command)
        self.formula = formula
        self.limit = limit
        self.deadline = deadline
        self.complete = False
        self.stopped: str | None = None
        self.calls = 0
        self.elapsed = 0.0
        self.stats: dict[str, int] = {}

    def models(self) -> Iterator[frozenset[int]]:
        """The true live puzzle variables of each solution, as they are found."""
        formula = self.formula
        live = formula.live_puzzle_vars()
        live_set = frozenset(live)
        problem = _Problem(formula.all_clauses(), formula.num_vars)
        extra: list[list[int]] = []
        found = 0
        with tempfile.TemporaryDirectory(prefix="satpuzzle-") as workdir:
            while True:
                result = self._call(problem, extra, Path(workdir))
                if result is None or result.status != "SAT":
                    self.complete = result is not None and result.status == "UNSAT"
                    return
                true_vars = live_set.intersection(result.true_vars)
                cuts = formula.refine(true_vars) if formula.refine else []
                if cuts:  # a lazy constraint broken: keep its cuts, they hold for all solutions
                    extra.extend(cuts)
                    continue
                found += 1
                yield true_vars
                if self.limit is not None and found >= self.limit:
                    return  # whether more exist is not asked, as with PySAT
                block = formula.blocking_clause(true_vars, live)
                if not block:  # the solution is forced: there is no other
                    self.complete = True
                    return
                extra.append(block)

    def _call(self, problem: _Problem, extra: list[list[int]],
              workdir: Path) -> ExternalResult | None:
        """One run within the deadline; None (and `stopped` set) when it gave no answer."""
        remaining = None if self.deadline is None else self.deadline - time.monotonic()
        if remaining is not None and remaining <= 0:
            self.stopped = "timeout"
            return None
        self.calls += 1
        result = _run(self.argv, problem, extra, remaining, workdir)
        self.elapsed += result.elapsed
        for key, value in result.stats.items():
            self.stats[key] = self.stats.get(key, 0) + value
        if result.status == "UNKNOWN":
            self.stopped = "timeout" if result.timed_out else "unknown"
            return None
        return result
