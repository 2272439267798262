"""Golden outputs: every bundled instance's solution as text, drawn (`--pretty`), as SVG and
as JSON, and its `compile --explain` table, compared byte for byte with the files stored in
tests/golden/ (one file a command: the command, its exit status, its stdout and its stderr).

A changed rendering, verdict line, encoding or exit status fails here with a diff. When the
change is meant, refresh the files and review their diff like code:

    python tests/architecture/test_golden.py --refresh

The commands run in one fresh interpreter through `satpuzzle.cli.main` (a process each would
cost a minute), with a fixed hash seed; seconds printed on stderr are written `<t> s`.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":  # run as a script (--refresh): conftest.py is in tests/
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"

# view -> the options that produce it
VIEWS = {
    "text": ("solve", "--limit", "2"),
    "pretty": ("solve", "--limit", "1", "--pretty"),
    "json": ("solve", "--limit", "1", "--format", "json"),
    "svg": ("solve", "--limit", "1", "--format", "svg"),
    "explain": ("compile", "--explain"),
}
# options a bundled file needs; files that are no puzzle by themselves (a published answer
# in its site's drawing, a word list)
MORE_OPTIONS = {"instances/partition/plain-list.txt": ("--kind", "partition")}
NOT_PUZZLES = {"instances/crossword/word-square-words.txt",
               "instances/hashi/hashi-info-9x9.solution.txt",
               "instances/hashi/hashi-info-17x17.solution.txt"}
# files of several puzzles: the pictures and the table are of one puzzle, the first
SEVERAL = {"instances/sudoku/hard-batch.txt", "instances/partition/partdata-sample.tsv",
           "instances/partition/wikipedia.puz"}
DRIVER = """
import contextlib, io, json, sys
from satpuzzle import cli
results = []
for argv in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as exit_:
            status = exit_.code
    results.append([status, out.getvalue(), err.getvalue()])
json.dump(results, sys.__stdout__)
"""
SECONDS = re.compile(r"\b\d+(?:\.\d+)? ?s\b")


def cases() -> list[tuple[str, list[str]]]:
    """(golden file name, argv) for every bundled instance and view."""
    found = []
    for path in sorted((ROOT / "instances").rglob("*.*")):
        name = path.relative_to(ROOT).as_posix()
        if name in NOT_PUZZLES:
            continue
        kind, stem = path.parent.name, path.name
        for view, options in VIEWS.items():
            command, *rest = options
            argv = [command, name, *rest, *MORE_OPTIONS.get(name, ())]
            if name in SEVERAL and view != "text" and view != "json":
                argv += ["--index", "1"]
            found.append((f"{kind}/{stem}.{view}", argv))
    return found


def render(argv: list[str], status: int, stdout: str, stderr: str) -> str:
    """A golden file: the command, then what it did."""
    stderr = SECONDS.sub("<t> s", stderr)
    return (f"$ satpuzzle {' '.join(argv)}\nexit {status}\n--- stdout\n{stdout}"
            f"{'' if stdout.endswith(chr(10)) or not stdout else chr(10)}--- stderr\n{stderr}")


def run_all(found: list[tuple[str, list[str]]]) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", LC_ALL="C.UTF-8",
               COLUMNS="100")
    env.pop("SATPUZZLE_DEBUG", None)
    done = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps([a for _, a in found]),
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    results = json.loads(done.stdout)
    return {name: render(argv, *result) for (name, argv), result in zip(found, results)}


CASES = cases()


@pytest.fixture(scope="module")
def outputs() -> dict[str, str]:
    return run_all(CASES)


@pytest.mark.parametrize("name", [name for name, _ in CASES])
def test_output_is_golden(name: str, outputs: dict[str, str]) -> None:
    stored = GOLDEN / f"{name}.out"
    assert stored.exists(), \
        f"no golden file {stored}: run python tests/architecture/test_golden.py --refresh"
    expected = stored.read_text(encoding="utf-8")
    got = outputs[name]
    if got != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), got.splitlines(True),
                                            f"golden/{name}.out", "now", n=2))
        pytest.fail("output changed (refresh with python tests/architecture/test_golden.py "
                    f"--refresh if meant):\n{diff[:6000]}")


def test_every_golden_file_has_its_command() -> None:
    """A golden file left behind by a removed instance or view is an error, not dead weight."""
    names = {name for name, _ in CASES}
    stale = sorted(path.relative_to(GOLDEN).as_posix()[:-4] for path in GOLDEN.rglob("*.out")
                   if path.relative_to(GOLDEN).as_posix()[:-4] not in names)
    assert not stale, f"golden files without a command (refresh to remove them): {stale}"


def test_the_golden_files_say_something() -> None:
    """The comparison cannot pass on empty files: each solve of a solvable instance printed a
    solution, and the tables have their total line."""
    for name, argv in CASES:
        text = (GOLDEN / f"{name}.out").read_text(encoding="utf-8")
        assert text.startswith(f"$ satpuzzle {' '.join(argv)}\n"), name
        if name.endswith(".explain") and "\nexit 0\n" in text:
            assert "\ntotal " in text, name


def refresh() -> int:
    outputs = run_all(CASES)
    for stale in GOLDEN.rglob("*.out"):
        stale.unlink()
    for name, text in outputs.items():
        target = GOLDEN / f"{name}.out"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    print(f"wrote {len(outputs)} golden files under {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["--refresh"]:
        sys.exit("usage: python tests/architecture/test_golden.py --refresh")
    sys.exit(refresh())
