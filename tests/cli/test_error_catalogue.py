"""The error catalogue (tests/errors/EXPECTED.tsv): every bad input gives exit status 2, one
line on stderr naming the file and, where one applies, the line and column, and no traceback.

Most cases run the command's entry point in a process forked from this one (tests/bounded.py:
a new interpreter costs a second of start-up on a busy machine), which also bounds the memory a
refusal may take; the cases marked `sub` run the real command in a new interpreter, as a user
would.
"""

from __future__ import annotations

import os
import shlex
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from bounded import bounded
from conftest import INSTANCES, ROOT, run_process

ERRORS = ROOT / "tests" / "errors"
MANIFEST = ERRORS / "EXPECTED.tsv"
COLUMNS = ["case", "run", "args", "status", "stderr", "xfail"]
# A bad input is refused before any real work: a case slower than this hangs or allocates
# what an absurd size asks for (a 10^9 x 10^9 board) instead of refusing it.
FAST = 10.0
MEMORY = 100  # MB above the test process: the same for memory


@dataclass(frozen=True)
class Case:
    name: str
    run: str
    args: str
    status: int
    stderr: str
    xfail: str


def read_manifest() -> list[Case]:
    lines = [line for line in MANIFEST.read_text("utf-8").splitlines()
             if line and not line.startswith("#")]
    assert lines[0].split("\t") == COLUMNS, "EXPECTED.tsv header changed"
    cases = []
    for line in lines[1:]:
        fields = line.split("\t")
        assert len(fields) == len(COLUMNS), f"EXPECTED.tsv: {len(fields)} fields in {line!r}"
        name, run, args, status, stderr, xfail = fields
        assert run in ("in", "sub"), line
        cases.append(Case(name, run, args, int(status), stderr, xfail))
    return cases


CASES = read_manifest()


def _params() -> list:
    return [pytest.param(case, id=case.name, marks=[pytest.mark.xfail(
        strict=True, reason=case.xfail)] if case.xfail else []) for case in CASES]


def _places(case: Case, tmp: Path) -> dict[str, str]:
    return {"{file}": str(ERRORS / case.name), "{dir}": str(ERRORS),
            "{instances}": str(INSTANCES), "{tmp}": str(tmp),
            "{unreadable}": str(tmp / "unreadable.puz"), "{digits5000}": "7" * 5000}


def _fill(text: str, places: dict[str, str]) -> str:
    for placeholder, value in places.items():
        text = text.replace(placeholder, value)
    return text


def _unreadable_file(path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("running as root, who reads a file whatever its mode: chmod 000 cannot "
                    "make one unreadable")
    path.write_text((INSTANCES / "sudoku" / "classic.puz").read_text("utf-8"), "utf-8")
    path.chmod(0)


def _matches(line: str, expected: str) -> bool:
    if expected.endswith("*"):
        return line.startswith(expected[:-1])
    return line == expected


@pytest.mark.parametrize("case", _params())
def test_bad_input(case: Case, tmp_path: Path) -> None:
    places = _places(case, tmp_path)
    if "{unreadable}" in case.args:
        _unreadable_file(tmp_path / "unreadable.puz")
    argv = [_fill(word, places) for word in shlex.split(case.args)]
    start = time.monotonic()
    grown = 0.0
    if case.run == "sub":
        result = run_process(*argv, timeout=60)
        status, out, err = result.returncode, result.stdout, result.stderr
    else:
        outcome = bounded(*argv, tmp=tmp_path, limit=2 * FAST)
        status, out, err, grown = outcome.code, outcome.stdout, outcome.stderr, outcome.grown_mb
    elapsed = time.monotonic() - start
    assert "Traceback" not in err, err
    assert status == case.status, err
    lines = err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}:\n{err}"
    expected = _fill(case.stderr, places)
    assert _matches(lines[0], expected), f"\n got:      {lines[0]}\n expected: {expected}"
    assert out == "", "an error prints nothing on stdout"
    assert case.run == "sub" or elapsed < FAST, f"refused only after {elapsed:.1f} s"
    assert grown < MEMORY, f"refused only after taking {grown:.0f} MB"


def test_catalogue_is_large_and_every_file_is_a_case() -> None:
    assert len(CASES) >= 60
    names = [case.name for case in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    files = {path.name for path in ERRORS.iterdir()
             if path.name != MANIFEST.name and not path.name.startswith("good-")}
    used = {case.name for case in CASES if "{file}" in case.args}
    used |= {name for case in CASES for name in files if f"{{dir}}/{name}" in case.args}
    assert files <= used, f"files under tests/errors/ that no case reads: {sorted(files - used)}"
    missing = {case.name for case in CASES if "{file}" in case.args} - files
    assert not missing, f"cases whose file is missing: {sorted(missing)}"
    assert all(case.status == 2 for case in CASES), "bad input exits with status 2"
