"""The Kind interface is held by the type checker: each kind's `__init__.py` passes the
modules its Lazy attributes stand for to `satpuzzle.kinds.interface.Conforms[INSTANCE, SOLUTION]`
under TYPE_CHECKING, so a kind module missing a function, with other parameters or another
result, or taking another instance class, fails mypy (which .ci/run runs on the package). Here a kind made for the test, right
and then wrong in each way, is checked by mypy itself."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

PUZZLE = """\
from dataclasses import dataclass
from typing import Any
from satpuzzle.grammar.limits import BlockLimit
@dataclass(frozen=True)
class Madeup:
    title: str | None = None
    KIND = "madeup"
@dataclass(frozen=True)
class Other:
    title: str | None = None
    KIND = "other"
BLOCK_LIMITS = {"grid": BlockLimit(1, 1)}
def from_spec(spec: Any) -> Any: raise NotImplementedError
def to_puz(instance: Any) -> str: raise NotImplementedError
def encode(instance: Any) -> Any: raise NotImplementedError
def decode(instance: Any, true_names: Any) -> Any: raise NotImplementedError
def render_text(instance: Any, solution: Any) -> str: raise NotImplementedError
def render_json(instance: Any, solution: Any) -> Any: raise NotImplementedError
def from_json(instance: Any, data: object, path: str) -> Any: raise NotImplementedError
def parse_solutions(instance: Any, text: str, path: str) -> list[Any]: raise NotImplementedError
def forced_text(instance: Any, forced: dict[Any, bool]) -> list[str]: raise NotImplementedError
def fit(text: str) -> int: raise NotImplementedError
def read_native(text: str, path: str, options: dict[str, Any]) -> tuple[list[Any], bool]:
    raise NotImplementedError
def estimate_clauses(instance: Any) -> int: raise NotImplementedError
"""
PICTURES = """\
from typing import Any
def svg(instance: Any, solution: Any) -> Any: raise NotImplementedError
def pretty(instance: Any, solution: Any) -> str: raise NotImplementedError
"""
CHECKER = "def check(instance: object, solution: object) -> list[str]: raise NotImplementedError\n"
INIT = """\
from typing import TYPE_CHECKING, Any
if TYPE_CHECKING:
    from satpuzzle.kinds.interface import Conforms, Hooks
    from madeup import checker, pictures, puzzle
    Conforms[puzzle.Madeup, Any](puzzle, pictures, checker, rules=puzzle, decoding=puzzle,
                                 rendering=puzzle)
    Hooks[puzzle.Madeup, Any](native=puzzle, fits=puzzle, clauses=puzzle)
"""

# (what is wrong, the change to puzzle.py or pictures.py, what mypy names)
WRONG = [
    ("a parameter missing",
     ("puzzle", "def render_text(instance: Any, solution: Any)", "def render_text(instance: Any)"),
     "render_text"),
    ("another result", ("puzzle", "def fit(text: str) -> int", "def fit(text: str) -> str"),
     "def fit"),
    ("a function missing", ("pictures", "def pretty(", "def drawn("), "pretty"),
    ("a module of another instance class",
     ("puzzle", "def to_puz(instance: Any)", "def to_puz(instance: Other)"), "to_puz"),
    ("an optional hook with another result",
     ("puzzle", "def estimate_clauses(instance: Any) -> int", "def estimate_clauses(instance: Any) -> str"),
     "estimate_clauses"),
]


def _kind(folder: Path, package: str, change: tuple[str, str, str] | None = None) -> None:
    """A kind's modules for the test, as package `package` under `folder`, with `change`."""
    root = folder / package
    root.mkdir(parents=True)
    texts = {"puzzle": PUZZLE, "pictures": PICTURES, "checker": CHECKER,
             "__init__": INIT.replace("madeup", package)}
    if change:
        module, old, new = change
        assert old in texts[module]
        texts[module] = texts[module].replace(old, new)
    for name, text in texts.items():
        (root / f"{name}.py").write_text(text)


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory) -> dict[str, str]:
    """mypy's errors for each made-up kind (one run for all): package -> its output lines."""
    if importlib.util.find_spec("mypy") is None:  # no interpreter started just to ask
        pytest.skip("mypy is not installed (it comes with the test extra: pip install .[test])")
    folder = tmp_path_factory.mktemp("kinds")
    _kind(folder, "right")
    for number, (_, change, _) in enumerate(WRONG):
        _kind(folder, f"wrong{number}", change)
    packages = ["right", *(f"wrong{n}" for n in range(len(WRONG)))]
    env = dict(os.environ, MYPYPATH=f"{folder}{os.pathsep}{ROOT}")
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent",
                           "--no-incremental", "--config-file", os.devnull,
                           *(arg for name in packages for arg in ("-p", name))],
                          capture_output=True, text=True, cwd=folder, env=env, timeout=600,
                          check=False)
    assert "error:" in done.stdout or done.returncode == 0, done.stdout + done.stderr
    return {name: "\n".join(line for line in done.stdout.splitlines()
                            if line.startswith(f"{name}/")) for name in packages}


def test_a_kind_that_keeps_the_interface_passes(verdicts):
    assert verdicts["right"] == ""


@pytest.mark.parametrize("number", range(len(WRONG)), ids=[w for w, _, _ in WRONG])
def test_a_kind_module_that_breaks_the_interface_fails(verdicts, number):
    what, _, named = WRONG[number]
    output = verdicts[f"wrong{number}"]
    assert "incompatible type Module" in output and named in output, f"{what}:\n{output}"


def test_every_kind_declares_its_modules_to_the_type_checker():
    """Each kind's __init__.py calls Conforms[...](...) under TYPE_CHECKING with the modules
    its Lazy attributes name (a kind added without it would escape the check)."""
    for init in sorted((ROOT / "satpuzzle" / "kinds").glob("*/__init__.py")):
        text = init.read_text()
        call = re.search(r"Conforms\[[^]]+\]\(\s*puzzle, pictures, checker", text)
        assert "if TYPE_CHECKING:" in text and call, (
            f"{init}: no Conforms[INSTANCE, SOLUTION](puzzle, pictures, checker, ...) under "
            "TYPE_CHECKING")
        arguments = text[call.start():].split("](")[1].split(")")[0].split(",")
        positional = [a.strip() for a in arguments if "=" not in a]
        for lazy in ("puzzle", "pictures", "checker", "codecs"):
            if f"{lazy} = Lazy(" in text:
                assert lazy in positional, f"{init}: {lazy} not passed to Conforms[...](...)"
