"""The import contract (docs/ARCHITECTURE.md): each module of satpuzzle imports only from its
own layer or the layers below it, the rule checkers import nothing from satpuzzle, and a
kind imports no other kind. Every import counts, the ones inside functions too, and the
deferred ones: `Lazy("satpuzzle.x")` (satpuzzle/lazy.py) imports satpuzzle.x."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "satpuzzle"

# bottom up: each layer a tuple of groups, each group a module or a package, itself in order
# (a group may import the groups before it in its layer, never those after: no sideways
# import goes unordered). A module belongs to the group that is the longest prefix of its
# name; the package `satpuzzle` (its `__init__.py`) is the group "satpuzzle" and matches only
# itself, so that a module listed nowhere fails.
LAYERS: list[tuple[str, ...]] = [
    ("satpuzzle.instances", "satpuzzle.errors", "satpuzzle.cancelling", "satpuzzle.progress",
     "satpuzzle.disjoint", "satpuzzle.lazy", "satpuzzle.usercache", "satpuzzle.textio"),
    ("satpuzzle.dimacs", "satpuzzle.children", "satpuzzle.stages", "satpuzzle.cnf",
     "satpuzzle.solving", "satpuzzle.external", "satpuzzle.counting", "satpuzzle.backbone",
     "satpuzzle.enumeration"),
    ("satpuzzle.constraints",),
    ("satpuzzle.grammar", "satpuzzle.drawing", "satpuzzle.codecs"),
    ("satpuzzle.kinds",),
    ("satpuzzle.backends", "satpuzzle.pipeline", "satpuzzle.certify", "satpuzzle.pictures",
     "satpuzzle.reductions"),
    ("satpuzzle.formats", "satpuzzle.loading", "satpuzzle.api", "satpuzzle",
     "satpuzzle.verify", "satpuzzle.cluster", "satpuzzle.claims", "satpuzzle.runs",
     "satpuzzle.reports", "satpuzzle.answers", "satpuzzle.generating"),
    ("satpuzzle.cli", "satpuzzle.__main__"),
]
# The one place a module is imported by a name computed at run time, and why it may be: a
# Dask worker imports the modules its client had loaded (names read from the client's own
# sys.modules, so no layer is crossed that the client did not already cross).
DYNAMIC_IMPORTS = {("satpuzzle.cluster", "_import")}


def position(module: str) -> tuple[int, int]:
    """(layer, group) of `module`: its place bottom up."""
    best, found = -1, None
    for number, groups in enumerate(LAYERS):
        for order, prefix in enumerate(groups):
            matches = module == prefix or (
                prefix != "satpuzzle" and module.startswith(prefix + "."))
            if matches and len(prefix) > best:
                best, found = len(prefix), (number, order)
    assert found is not None, f"{module} is in no layer: add it to LAYERS and ARCHITECTURE.md"
    return found


def layer_of(module: str) -> int:
    return position(module)[0]


@functools.cache
def _parsed(source: str, filename: str) -> ast.Module:
    """A module's tree, parsed once for the several tests that read it (they only read it);
    keyed by the text, so that a file written again is parsed again."""
    return ast.parse(source, filename)


def parse(path: Path) -> ast.Module:
    return _parsed(path.read_text(), str(path))


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every satpuzzle module `path` imports."""
    tree = parse(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                name = module_name(path)
                package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from satpuzzle.kinds import sudoku` imports the submodule when there is one
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                submodule = PACKAGE.parent / Path(*candidate.split("."))
                is_module = submodule.with_suffix(".py").exists() or submodule.is_dir()
                found.append((node.lineno, candidate if is_module else base))
        elif _is_lazy(node):
            found.append((node.lineno, _lazy_module(path, node)))
    return [(line, name) for line, name in found
            if name == "satpuzzle" or name.startswith("satpuzzle.")]


def _is_lazy(node: ast.AST) -> bool:
    """A call of satpuzzle.lazy.Lazy, by whatever name it was imported."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Name) and func.id == "Lazy") or (
        isinstance(func, ast.Attribute) and func.attr == "Lazy")


def _lazy_module(path: Path, node: ast.Call) -> str:
    """The module a Lazy stands for: a string literal, so that this test can read it."""
    first = node.args[0] if node.args else None
    assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
        f"{path}:{node.lineno}: Lazy takes the module's name as a string literal")
    return first.value


SOURCES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_imports_go_down_the_layers(path):
    name = module_name(path)
    if name.startswith("satpuzzle.checkers"):  # they stand apart, in no layer
        for line, imported in imports(path):
            pytest.fail(f"{path}:{line}: the rule checkers import nothing from satpuzzle "
                        f"(found {imported})")
        return
    own = layer_of(name)
    for line, imported in imports(path):
        if imported.startswith("satpuzzle.checkers"):
            continue  # checkers stand apart: any layer may run them
        assert layer_of(imported) <= own, (
            f"{path}:{line}: {name} (layer {own}) imports {imported} (layer "
            f"{layer_of(imported)}), a layer above it")
        assert position(imported) <= position(name), (
            f"{path}:{line}: {name} imports {imported}, which comes after it in layer {own} "
            f"(a sideways import): reorder LAYERS[{own}] if that is the design, or move the code")


def _kind_of_module(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["satpuzzle", "kinds"] and parts[2] not in (
            "base", "interface", "registry"):
        return parts[2]
    return None


@pytest.mark.parametrize("path", [p for p in SOURCES if _kind_of_module(module_name(p))],
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_a_kind_imports_no_other_kind(path):
    own = _kind_of_module(module_name(path))
    for line, imported in imports(path):
        other = _kind_of_module(imported)
        assert other in (None, own), f"{path}:{line}: kind {own} imports kind {other}"
        assert imported != "satpuzzle.kinds.registry", (
            f"{path}:{line}: a kind reaches other kinds through the registry")


# the exchange formats and the loader know a kind only by its declarations (its
# `exchange_formats`, read through the registry): what a format means for a kind is that kind's
READS_KINDS_BY_REGISTRY = ("satpuzzle.formats", "satpuzzle.loading")


@pytest.mark.parametrize("path", [p for p in SOURCES
                                  if module_name(p).startswith(READS_KINDS_BY_REGISTRY)],
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_formats_and_loading_reach_kinds_through_the_registry(path):
    for line, imported in imports(path):
        assert _kind_of_module(imported) is None, (
            f"{path}:{line}: {module_name(path)} imports {imported}, a kind's module: declare "
            "it in the kind's exchange_formats and reach it through the registry")


def test_the_contract_catches_an_upward_import(tmp_path):
    """The check itself: an import of the CLI from a kind is found."""
    kind = PACKAGE / "kinds" / "sudoku" / "puzzle.py"
    assert layer_of("satpuzzle.cli") > layer_of(module_name(kind))
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from satpuzzle.cli import main\n")
    assert ("satpuzzle.cli" in {name for _, name in imports(bad)})
    bad.write_text("from satpuzzle.lazy import Lazy\nmain = Lazy('satpuzzle.cli', 'main')\n")
    assert ("satpuzzle.cli" in {name for _, name in imports(bad)})


def dynamic_imports(path: Path) -> list[tuple[int, str]]:
    """(line, enclosing function) of every import by a computed name: `importlib.import_module`,
    `__import__`, `importlib.util.spec_from_*`/`module_from_spec` (which the contract cannot
    read), outside satpuzzle/lazy.py (whose Lazy takes a string literal, read above)."""
    tree = parse(path)
    found = []
    dynamic = {"import_module", "__import__", "spec_from_file_location", "spec_from_loader",
               "module_from_spec", "exec_module", "load_module"}

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = function
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = child.name
            if isinstance(child, ast.Call):
                func = child.func
                called = func.attr if isinstance(func, ast.Attribute) else (
                    func.id if isinstance(func, ast.Name) else "")
                if called in dynamic:
                    found.append((child.lineno, function))
            elif isinstance(child, ast.ImportFrom) and child.module == "importlib":
                names = {alias.name for alias in child.names}
                if names & dynamic:  # `from importlib import import_module`
                    found.append((child.lineno, function))
            visit(child, inner)

    visit(tree, "")
    return found


@pytest.mark.parametrize("path", [p for p in SOURCES if p.name != "lazy.py"],
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_import_by_a_computed_name(path):
    """An import the contract cannot read is an import it cannot check: satpuzzle defers
    imports with Lazy("literal") only, except where DYNAMIC_IMPORTS says why not."""
    name = module_name(path)
    for line, function in dynamic_imports(path):
        assert (name, function) in DYNAMIC_IMPORTS, (
            f"{path}:{line}: an import by a computed name: use Lazy(\"module\") (a string "
            "literal this test reads) or a plain import")


def _top_level_names(module: str) -> set[str] | None:
    """The names `module` (a satpuzzle module or package) defines at its top level, or None
    when no such module exists."""
    base = PACKAGE.parent / Path(*module.split("."))
    source = base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"
    if not source.exists():
        return None
    names: set[str] = set()
    for node in parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.If):  # `if TYPE_CHECKING:` / try-imports: names both ways
            names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            names |= {(a.asname or a.name).split(".")[0] for n in ast.walk(node)
                      if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    if base.is_dir():  # a package's submodules are its attributes too
        names |= {p.stem for p in base.glob("*.py")} | {p.name for p in base.iterdir()
                                                       if (p / "__init__.py").exists()}
    return names


def lazy_targets(path: Path) -> list[tuple[int, str, str | None]]:
    """(line, module, attribute or None) of every Lazy in `path`."""
    found = []
    for node in ast.walk(parse(path)):
        if _is_lazy(node):
            module = _lazy_module(path, node)
            second = node.args[1] if len(node.args) > 1 else None
            attribute = second.value if isinstance(second, ast.Constant) else None
            found.append((node.lineno, module, attribute))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_every_lazy_points_at_something_that_exists(path):
    """A Lazy naming a module or attribute that does not exist would pass every import-time
    check and fail only when first used: each one is resolved here, statically."""
    for line, module, attribute in lazy_targets(path):
        if not module.startswith("satpuzzle"):
            continue  # third-party modules: optional extras may be absent by design
        names = _top_level_names(module)
        assert names is not None, f"{path}:{line}: Lazy({module!r}): no such module"
        if attribute is not None:
            assert attribute in names, (
                f"{path}:{line}: Lazy({module!r}, {attribute!r}): {module} defines no "
                f"{attribute}")


def test_the_contract_catches_a_sideways_import_and_an_unlisted_module(tmp_path):
    """The checks themselves: a group importing one after it in its layer is found, a module
    listed nowhere is in no layer, a computed import and a Lazy at nothing are found."""
    assert position("satpuzzle.cnf") < position("satpuzzle.solving")
    assert position("satpuzzle.solving.x") > position("satpuzzle.cnf")
    with pytest.raises(AssertionError, match="in no layer"):
        position("satpuzzle.newmodule")
    bad = tmp_path / "bad.py"
    bad.write_text("import importlib\n\ndef f(n):\n    return importlib.import_module(n)\n")
    assert dynamic_imports(bad) == [(4, "f")]
    bad.write_text("from importlib import import_module\n")
    assert dynamic_imports(bad) == [(1, "")]
    assert _top_level_names("satpuzzle.no_such_module") is None
    assert "Lazy" in (_top_level_names("satpuzzle.lazy") or set())
    assert "nothing_here" not in (_top_level_names("satpuzzle.lazy") or set())
