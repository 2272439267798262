"""Same input, options and seed: byte-identical output, solution order included, whatever
Python's string hashing (PYTHONHASHSEED) does to the iteration order of sets and dicts.

Two processes with different hash seeds each run the same list of commands (in-process, through
satpuzzle.cli.main, to pay Python's start-up once per process) and their stdout is compared
command by command; a few commands also run as the real `python -m satpuzzle`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import INSTANCES, ROOT, run_process

# Runs each command of a JSON list read on stdin; prints a JSON list of [status, stdout].
DRIVER = """
import contextlib, io, json, sys
from satpuzzle import cli
results = []
for argv in json.load(sys.stdin):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            status = cli.main(argv)
        except SystemExit as exit_:
            status = exit_.code
    results.append([status, out.getvalue()])
json.dump(results, sys.__stdout__)
"""
HASH_SEEDS = ("1", "2")

# A crossword with a letter set: sets of letters are where string hashing could leak into the
# order of variables or solutions.
CROSSWORD_WITH_SETS = """crossword "letter sets" {
  words: mars mois plus tard soir sort pars rots tors mots arts
  grid {
    1[aeiou]11
    1001
    1001
    1111
  }
}
"""


def _commands(scratch: Path) -> dict[str, list[str]]:
    """name -> command line: every kind solved every way, and the seeded commands."""
    i = INSTANCES
    sets = scratch / "crossword-sets.puz"
    lines = {
        "sudoku --all": ["solve", i / "sudoku/two-solutions.puz", "--all"],
        "sudoku --limit 20": ["solve", i / "sudoku/empty-4x4.puz", "--limit", "20"],
        "sudoku --count": ["solve", i / "sudoku/empty-4x4.puz", "--count"],
        "sudoku json": ["solve", i / "sudoku/empty-4x4.puz", "--limit", "20", "--format",
                        "json"],
        "sudoku regions json": ["solve", i / "sudoku/jigsaw-9x9.puz", "--format", "json"],
        "sudoku batch": ["solve", i / "sudoku/hard-batch.txt"],
        "sudoku batch --jobs 2": ["solve", i / "sudoku/hard-batch.txt", "--jobs", "2",
                                  "--format", "json"],
        "sudoku directory --jobs 2": ["solve", i / "sudoku", "--jobs", "2"],
        "sudoku --unique": ["solve", i / "sudoku/six-by-six.puz", "--unique"],
        "sudoku --forced": ["solve", i / "sudoku/jigsaw-6x6.puz", "--forced"],
        "sudoku compile": ["compile", i / "sudoku/jigsaw-9x9.puz"],
        "crossword": ["solve", i / "crossword/seed-example.puz"],
        "crossword sets": ["solve", sets, "--all"],
        "crossword sets --engine sat": ["solve", sets, "--engine", "sat", "--all"],
        "crossword sets json": ["solve", sets, "--format", "json"],
        "crossword --count": ["solve", sets, "--count"],
        "crossword --forced": ["solve", sets, "--forced"],
        "crossword compile": ["compile", sets],
        "shikaku --limit 20": ["solve", i / "shikaku/codingame-20x20.puz", "--limit", "20"],
        "shikaku --all json": ["solve", i / "shikaku/codingame-20x20.puz", "--all", "--format",
                               "json"],
        "shikaku --count": ["solve", i / "shikaku/codingame-20x20.puz", "--count"],
        "shikaku --forced": ["solve", i / "shikaku/codingame-10x10.puz", "--forced"],
        "shikaku --pretty": ["solve", i / "shikaku/simonis-10x10.puz", "--all", "--pretty"],
        "shikaku compile": ["compile", i / "shikaku/codingame-20x20.puz"],
        "hashi --limit 20": ["solve", i / "hashi/dailyprogrammer-7x7.puz", "--limit", "20"],
        "hashi json": ["solve", i / "hashi/dailyprogrammer-7x7.puz", "--limit", "20",
                       "--format", "json"],
        "hashi --count": ["solve", i / "hashi/dailyprogrammer-7x7.puz", "--count"],
        "hashi --forced": ["solve", i / "hashi/dailyprogrammer-7x7.puz", "--forced"],
        "hashi lazy cuts": ["solve", i / "hashi/hashi-info-17x17.puz", "--format", "json"],
        "hashi compile": ["compile", i / "hashi/hashi-info-17x17.puz"],
        "jigsaw --all": ["solve", i / "jigsaw/language-example-2x2.puz", "--all"],
        "jigsaw contour --all": ["solve", i / "jigsaw/contour-3x4.puz", "--all"],
        "jigsaw json": ["solve", i / "jigsaw/fibonacci-4x6.puz", "--all", "--format", "json"],
        "jigsaw --count": ["solve", i / "jigsaw/generated-4x4.puz", "--count"],
        # four boards; the default engine (the depth-first search) prints the same first one
        "jigsaw first board": ["solve", i / "jigsaw/generated-4x4.puz"],
        "jigsaw --all by search": ["solve", i / "jigsaw/generated-4x4.puz", "--all"],
        "jigsaw --forced": ["solve", i / "jigsaw/fibonacci-4x20.puz", "--forced"],
        "jigsaw compile": ["compile", i / "jigsaw/generated-4x4.puz"],
        "partition --all": ["solve", i / "partition/wikipedia.puz", "--all"],
        "partition json": ["solve", i / "partition/wikipedia.puz", "--all", "--format", "json"],
        "partition --count": ["solve", i / "partition/wikipedia.puz", "--count"],
        "partition batch": ["solve", i / "partition/partdata-sample.tsv", "--limit", "20"],
        "partition --forced": ["solve", i / "partition/wikipedia.puz", "--index", "1",
                               "--forced"],
        "partition compile": ["compile", i / "partition/wikipedia.puz", "--index", "1"],
        "1-in-3 --all": ["solve", i / "one-in-three-sat/example.puz", "--all"],
        "1-in-3 json": ["solve", i / "one-in-three-sat/chain.cnf", "--all", "--format", "json"],
        "1-in-3 --count": ["solve", i / "one-in-three-sat/chain.cnf", "--count"],
        "1-in-3 --forced": ["solve", i / "one-in-three-sat/chain.cnf", "--forced"],
        "1-in-3 compile": ["compile", i / "one-in-three-sat/chain.cnf"],
        "generate shikaku": ["generate", "shikaku", "--size", "8x8", "--seed", "3", "--unique"],
        "generate hashi": ["generate", "hashi", "--size", "7x7", "--seed", "2", "--unique"],
        "generate jigsaw": ["generate", "jigsaw", "--size", "4x4", "--seed", "5", "--variant",
                            "position"],
        "reduce partition-contour": ["reduce", "partition-contour",
                                     i / "partition/wikipedia.puz", "--index", "1"],
        "reduce partition-orientation": ["reduce", "partition-orientation",
                                         i / "partition/wikipedia.puz", "--index", "1"],
        "reduce contour-puzzle": ["reduce", "contour-puzzle", i / "jigsaw/contour-3x4.puz"],
        "reduce one-in-three-position": ["reduce", "one-in-three-position",
                                         i / "one-in-three-sat/example.puz"],
    }
    for name in ("partition-contour", "partition-orientation", "contour-puzzle",
                 "one-in-three-position"):
        lines[f"verify {name}"] = ["verify", name, "--random", "5", "--seed", "1", "-v"]
    return {name: [str(word) for word in argv] for name, argv in lines.items()}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("determinism")
    (directory / "crossword-sets.puz").write_text(CROSSWORD_WITH_SETS, "utf-8")
    return directory


@pytest.fixture(scope="module")
def runs(scratch: Path) -> list[dict[str, tuple[int, str]]]:
    """For each hash seed, every command's (status, stdout); the processes run side by side."""
    commands = _commands(scratch)
    processes = []
    for seed in HASH_SEEDS:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=seed)
        processes.append(subprocess.Popen(
            [sys.executable, "-c", DRIVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env, cwd=str(scratch)))
    results = []
    for process in processes:
        out, err = process.communicate(json.dumps(list(commands.values())), timeout=300)
        assert process.returncode == 0, err
        results.append(dict(zip(commands, (tuple(pair) for pair in json.loads(out)),
                                strict=True)))
    return results


COMMAND_NAMES = list(_commands(Path("scratch")))


@pytest.mark.parametrize("name", COMMAND_NAMES)
def test_same_output_under_another_hash_seed(runs, name: str) -> None:
    first, second = (run[name] for run in runs)
    status, stdout = first
    assert status in (0, 1), f"{name}: exit {status}"
    assert stdout.strip(), f"{name}: nothing printed, nothing compared"
    assert second == first, f"{name}: output differs between PYTHONHASHSEED {HASH_SEEDS}"


@pytest.mark.parametrize("args", [
    ["solve", "crossword-sets.puz", "--all"],
    ["generate", "hashi", "--size", "6x6", "--seed", "11"],
])
def test_real_command_is_deterministic(scratch: Path, monkeypatch, args: list[str]) -> None:
    """The command itself, as a user runs it, twice with different hash seeds."""
    outputs = []
    for seed in HASH_SEEDS:
        monkeypatch.setenv("PYTHONHASHSEED", seed)  # run_process passes os.environ on
        result = run_process(*args, cwd=scratch)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout.encode("utf-8"))
    assert outputs[0] and outputs[0] == outputs[1]
