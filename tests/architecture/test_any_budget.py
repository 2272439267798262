"""`Any` only where data enters or leaves (issue 30): what flows between the layers has its
type (satpuzzle/instances.py: an `Instance`, a `Solution`, `JSONOut`, `Options`), and a kind's
functions take the kind's own classes. `Any` is left where the type checker cannot follow
the data: parsed files, unpickled messages from child processes and workers, a module or
codec chosen by name, the registry handing a kind its own instances. Each module may use
`typing.Any` at most as often as ALLOWED says, with the reason; every other module not at
all. A module that needs more says why here; one that needs fewer lowers its number (the
test fails on an allowance left larger than the use, so that the list stays tight)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "satpuzzle"

# module (path under the repository) -> (its uses of Any, why it needs them)
ALLOWED: dict[str, tuple[int, str]] = {
    # layer 0
    "satpuzzle/instances.py": (1, "Options: a run's options by name, each kind reads its own"),
    "satpuzzle/lazy.py": (9, "a Lazy stands for any module or attribute, imported when used"),
    "satpuzzle/errors.py": (2, "the exceptions a command may end with, read by name"),
    "satpuzzle/textio.py": (2, "a stream of text or of bytes, read in chunks"),
    # layer 1
    "satpuzzle/children.py": (1, "a forked multiprocessing.Process (its pid known once started)"),
    "satpuzzle/solving.py": (2, "a worker's events, unpickled: a model or a search's solution"),
    # layer 2
    "satpuzzle/constraints/__init__.py": (1, "the package's names, imported when first used"),
    # layer 3
    "satpuzzle/codecs/json_reader.py": (5, "parsed JSON, as json.loads gives it"),
    # layer 4: the kinds
    "satpuzzle/kinds/base.py": (9, ("the registry hands a kind its own instances (found by "
                                    "KIND): Kind's view of its modules, engines and codecs; "
                                    "a format's codec, a Lazy; an option's argparse keywords")),
    "satpuzzle/kinds/sudoku/__init__.py": (3, "Kind's methods overridden: its own instances"),
    "satpuzzle/kinds/crossword/__init__.py": (5, "Kind's methods overridden: its own instances"),
    "satpuzzle/kinds/sudoku/cages.py": (1, "cages as a caller gave SudokuInstance: anything"),
    "satpuzzle/kinds/shikaku/codecs.py": (1, "a clue grid of numbers or of the URL's symbols"),
    "satpuzzle/kinds/crossword/mean.py": (1, "a PySAT solver: the library has no types"),
    "satpuzzle/kinds/crossword/puzzle.py": (2, "a dictionary's limits: an int or a float"),
    "satpuzzle/kinds/crossword/formats/ipuzfile.py": (11, "parsed ipuz JSON"),
    "satpuzzle/kinds/crossword/formats/sitejson.py": (8, "parsed JSON of the sites' puzzles"),
    "satpuzzle/kinds/crossword/formats/acrosslite.py": (6, "the puz library's objects"),
    # the rule checkers import nothing from satpuzzle: what they check comes untyped
    "satpuzzle/checkers/jigsaw.py": (3, "the instance given to `check`, read by its fields"),
    "satpuzzle/checkers/kakuro.py": (1, "a solution's rows as given to `check`"),
    # layer 5
    "satpuzzle/pipeline.py": (2, "what a child sends its parent (Message), told apart by take"),
    # layer 6
    "satpuzzle/formats/__init__.py": (1, "a format's module, chosen by name"),
    "satpuzzle/formats/janko.py": (1, "a Killer's cages, read by name"),
    "satpuzzle/loading.py": (1, "a signed format's module, chosen by name"),
    "satpuzzle/api.py": (1, "Result.instance: None only as the dataclass default"),
    "satpuzzle/__init__.py": (1, "generate(**options): a kind's generator options"),
    "satpuzzle/verify.py": (1, "a reduction module's jigsaw, read by name"),
    "satpuzzle/cluster.py": (5, "a task's outcome and events, unpickled from Dask's workers"),
    "satpuzzle/runs.py": (2, ("a request's fields passed through to Request; a Dask client, "
                              "from the optional distributed package")),
    # layer 7
    "satpuzzle/cli/__init__.py": (3, "argparse's own Action signature: its values untyped"),
}


def _is_any(node: ast.AST) -> bool:
    """`Any` or `typing.Any`."""
    return ((isinstance(node, ast.Name) and node.id == "Any")
            or (isinstance(node, ast.Attribute) and node.attr == "Any"))


def _any_in_text(text: str) -> int:
    """Uses of Any in a quoted type ("dict[str, Any]")."""
    try:
        inner = ast.parse(text, mode="eval")
    except SyntaxError:
        return 0  # no expression: text, not a type
    return sum(1 for node in ast.walk(inner) if _is_any(node))


def uses_of_any(source: str, path: str = "<source>") -> int:
    """How often a module uses typing.Any: in annotations, aliases, casts, type arguments;
    imports aside. A string counts only where a type stands (a quoted annotation, a quoted
    TypeAlias), so that a docstring saying "Any DIMACS solver" does not."""
    tree = ast.parse(source, path)
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        count += _is_any(node)
        count += sum(_any_in_text(quoted.value) for quoted in _string_annotations(node))
    return count


def _string_annotations(node: ast.AST) -> list[ast.Constant]:
    """The string constants of `node` that stand for types: quoted annotations and the
    quoted value of a `TypeAlias`."""
    found: list[ast.AST | None] = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        found.append(node.returns)
        arguments = node.args
        found += [a.annotation for a in (*arguments.posonlyargs, *arguments.args,
                                         *arguments.kwonlyargs)]
        found += [arguments.vararg and arguments.vararg.annotation,
                  arguments.kwarg and arguments.kwarg.annotation]
    elif isinstance(node, ast.AnnAssign):
        found.append(node.annotation)
        if _is_type_alias(node.annotation):
            found.append(node.value)
    return [n for n in found
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _is_type_alias(annotation: ast.AST) -> bool:
    return (isinstance(annotation, ast.Name) and annotation.id == "TypeAlias") or (
        isinstance(annotation, ast.Attribute) and annotation.attr == "TypeAlias")


def _key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


SOURCES = sorted(PACKAGE.rglob("*.py"))


def budget_problem(key: str, source: str) -> str | None:
    """What is wrong with the uses of Any in module `key`'s `source`, or None."""
    used = uses_of_any(source, key)
    allowed, why = ALLOWED.get(key, (0, ""))
    if used > allowed:
        return (f"{key} uses Any {used} time(s), {allowed} allowed"
                + (f" ({why})" if why else "") + ": give what flows here its type "
                "(satpuzzle/instances.py: Instance, Solution, JSONOut, Options; a kind's own "
                "classes inside the kind), or, where data enters or leaves untyped, say why "
                "in ALLOWED")
    if used < allowed:
        return (f"{key} uses Any {used} time(s) but {allowed} are allowed: lower its "
                "allowance in ALLOWED to what it uses")
    return None


@pytest.mark.parametrize("path", SOURCES, ids=_key)
def test_any_only_where_data_enters_or_leaves(path):
    problem = budget_problem(_key(path), path.read_text())
    assert problem is None, problem


def test_every_allowance_names_a_module():
    missing = [name for name in ALLOWED if not (ROOT / name).is_file()]
    assert not missing, f"ALLOWED names modules that do not exist: {missing}"


def test_the_budget_catches_a_new_any():
    """The check itself: an annotation with Any, quoted or not, in a cast or an alias,
    counts; an import or a docstring does not; a module not listed may have none, a listed
    one no more and no fewer than its allowance."""
    assert uses_of_any('"""Any DIMACS solver."""\nfrom typing import Any\n') == 0
    assert uses_of_any("from typing import Any\nx: Any = 1\n") == 1
    assert uses_of_any("def f(a: 'dict[str, Any]') -> 'Any': ...\n") == 2
    assert uses_of_any("import typing\nX: typing.TypeAlias = 'list[Any]'\n") == 1
    assert uses_of_any("from typing import Any, cast\ny = cast(Any, 1)\n") == 1
    stages = (PACKAGE / "stages.py").read_text()
    assert budget_problem("satpuzzle/stages.py", stages) is None
    assert "0 allowed" in budget_problem("satpuzzle/stages.py", stages + "\nx: Any = None\n")
    cluster = (PACKAGE / "cluster.py").read_text()
    assert budget_problem("satpuzzle/cluster.py", cluster) is None
    assert "Dask" in budget_problem("satpuzzle/cluster.py", cluster + "\ny: list[Any] = []\n")
    assert "lower" in budget_problem("satpuzzle/cluster.py",
                                     cluster.replace("Outcome = tuple[str, Any]",
                                                     "Outcome = tuple[str, object]"))
