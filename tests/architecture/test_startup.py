"""Start-up: a command imports what it uses. `satpuzzle --help` and every command's `--help`
load no encoding, no numpy and no Lark; solving a Sudoku loads no other kind's modules and no
optional back end. Measured in real processes by `python -X importtime`, which lists every
module a process (and its forked children) imports, at whatever depth."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
import time

import pytest
from conftest import ROOT

from satpuzzle.cli import COMMANDS
from satpuzzle.kinds import hashi, jigsaw, registry
from satpuzzle.lazy import Lazy, loaded

# what no --help needs: arrays, the .puz parser, any kind's encoding, codecs or checker
HEAVY = ("numpy", "lark", "regex", "clingo", "pyganak", "satpuzzle.grammar.parser",
         "satpuzzle.checkers.", "satpuzzle.formats.native", "satpuzzle.reductions.")
# PySAT's solvers and encoders; `solve --help` lists the installed solvers and `verify --help`
# the default one, both from satpuzzle.solving, which imports pysat.solvers to know them
PYSAT = ("pysat.solvers", "pysat.card", "pysat.formula", "pysat.pb")
NAMES_SOLVERS = {"solve", "verify"}


def imported(*args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run `python -X importtime -m satpuzzle ARGS`; its result and every module imported."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "satpuzzle", *args],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
                            check=False)
    modules = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines()
               if line.startswith("import time:") and "|" in line}
    modules.discard("package")  # the header line: "self [us] | cumulative | imported package"
    return result, modules


def starting_with(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules named by `prefixes`: "a.b" is a.b and its submodules, "a.b." only these."""
    return sorted(m for m in modules for p in prefixes
                  if m.startswith(p if p.endswith(".") else p + ".") or m == p)


def kind_modules(modules: set[str], but: str | None = None) -> list[str]:
    """The kinds' modules other than their declarations (`satpuzzle.kinds.<kind>` itself)."""
    return sorted(m for m in modules if m.count(".") >= 3 and m.startswith("satpuzzle.kinds.")
                  and m.split(".")[2] != but)


def test_help_imports_no_command_and_no_kind():
    result, modules = imported("--help")
    assert result.returncode == 0 and "solve, enumerate, count" in result.stdout
    assert not starting_with(modules, HEAVY + ("pysat",))
    assert not kind_modules(modules)
    # the commands' modules load with the command that runs
    assert not starting_with(modules, ("satpuzzle.cli.commands", "satpuzzle.cli.solving",
                                       "satpuzzle.pipeline", "satpuzzle.loading"))
    # nor the run context, dataclasses (with the inspect module), gzip: a fresh Python with
    # nothing else installed starts in 9 ms, and these were 10 of the 37 ms `--help` took
    assert not starting_with(modules, ("satpuzzle.runs", "dataclasses", "inspect", "gzip",
                                       "multiprocessing"))


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_commands_help_imports_no_encoding(command):
    result, modules = imported(command, "--help")
    assert result.returncode == 0, result.stderr[-2000:]
    assert f"usage: satpuzzle {command}" in result.stdout
    assert not starting_with(modules, HEAVY)
    assert not kind_modules(modules)
    if command not in NAMES_SOLVERS:
        assert not starting_with(modules, PYSAT)


def test_solving_a_sudoku_loads_only_sudoku():
    result, modules = imported("solve", "instances/sudoku/classic.puz")
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines()[0] == "5 3 4 6 7 8 9 1 2"
    assert "satpuzzle.kinds.sudoku.puzzle" in modules  # the measurement sees it at all
    assert not kind_modules(modules, but="sudoku")
    assert starting_with(modules, ("satpuzzle.checkers.",)) == ["satpuzzle.checkers.sudoku"]
    # optional back ends, other formats, the reductions, numpy (a 9×9 is encoded in plain
    # Python): not on this path
    assert not starting_with(modules, ("clingo", "pyganak", "numpy", "satpuzzle.formats.native",
                                       "satpuzzle.reductions.", "satpuzzle.cli.commands"))
    # a small puzzle is answered in this process, under a conflict budget: no child runner's
    # machinery, nor clasp's, the backbone's or an external solver's; Lark without `regex`
    # (whose refused import the list shows: its submodules are what loading it brings)
    assert not starting_with(modules, ("multiprocessing", "ctypes", "regex.", "json",
                                       "satpuzzle.enumeration", "satpuzzle.backbone",
                                       "satpuzzle.external"))


def test_a_puzzle_that_spends_the_budget_is_answered_in_a_child():
    """The same answer when the budgeted try in this process gives up (a budget of one
    conflict, on a puzzle that needs dozens): the child answers it from the start."""
    code = ("import sys; from satpuzzle import pipeline; pipeline.HERE_CONFLICTS = 1; "
            "from satpuzzle.__main__ import run; "
            "sys.argv = ['satpuzzle', 'solve', 'instances/sudoku/inkala-2012.puz', '--unique']; "
            "run()")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True,
                            text=True, cwd=ROOT, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "multiprocessing.connection" in result.stderr  # a child answered
    plain = subprocess.run([sys.executable, "-m", "satpuzzle", "solve",
                            "instances/sudoku/inkala-2012.puz", "--unique"],
                           capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
                           check=False)
    assert plain.returncode == 0 and plain.stdout == result.stdout
    assert "unique" in plain.stderr + plain.stdout


def test_help_is_quick():
    """A bound no loaded machine should reach (measured: 0.05 to 0.1 s; Python alone 0.03)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "satpuzzle", "--help"], capture_output=True,
                       cwd=ROOT, env=env, check=True, timeout=60)
        best = min(best, time.perf_counter() - start)
    assert best < 1.0


# ---------------------------------------------------------------- declarations


def test_declared_choices_are_the_encodings():
    """What a kind declares for the command line, so as not to load its encoding, is what
    that encoding accepts."""
    from satpuzzle.kinds.hashi import puzzle as hashi_puzzle
    from satpuzzle.kinds.jigsaw import puzzle as jigsaw_puzzle

    assert hashi.CONNECTIVITY_MODES == hashi_puzzle.CONNECTIVITY_MODES
    assert jigsaw.VARIANTS == jigsaw_puzzle.VARIANTS


@pytest.mark.parametrize("name", registry.NAMES)
def test_native_format_names_are_the_codecs(name):
    kind = registry.kind(name)
    assert kind.native_format_names == tuple(codec.name for codec in kind.native_formats)


def test_declarations_import_no_kind_module():
    code = ("import json, sys; from satpuzzle.kinds import registry; "
            "[(k.input_options, k.engines, k.file_suffixes) for k in registry.KINDS.values()]; "
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    modules = set(json.loads(out))
    assert "satpuzzle.kinds.jigsaw" in modules and not kind_modules(modules)


# ---------------------------------------------------------------- the helper


def test_lazy_imports_on_first_use():
    code = ("import sys; from satpuzzle.lazy import Lazy; colorsys = Lazy('colorsys'); "
            "hls = Lazy('colorsys', 'rgb_to_hls'); before = 'colorsys' in sys.modules; "
            "print(before, hls(1, 0, 0), colorsys.ONE_THIRD, 'colorsys' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.split()
    assert out[0] == "False" and out[-1] == "True"


def test_lazy_stands_for_its_module_or_attribute():
    module, dumps = Lazy("json"), Lazy("json", "dumps")
    assert loaded(module) is json and loaded(dumps) is json.dumps and loaded(3) == 3
    assert module.dumps([1]) == dumps([1]) == "[1]"
    assert repr(dumps) == "<lazy json.dumps>"
    assert pickle.loads(pickle.dumps(dumps))([2]) == "[2]"  # children may be handed one
    assert copy.copy(module).loads("4") == 4
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018

    class Holder:  # as a kind holds its modules and hooks
        codec = Lazy("json")
        dumps = Lazy("json", "dumps")

    assert Holder().codec is json and Holder().dumps is json.dumps  # unbound, as staticmethod
