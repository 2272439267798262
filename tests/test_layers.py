"""The import contract (docs/ARCHITECTURE.md): each module of satpuzzle imports only from its
own layer or the layers below it, the rule checkers import nothing from satpuzzle, and a
kind imports no other kind. Every import counts, the ones inside functions too, and the
deferred ones: `Lazy("satpuzzle.x")` (satpuzzle/lazy.py) imports satpuzzle.x."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "satpuzzle"

# bottom up; a module belongs to the first entry that is a prefix of its name
LAYERS: list[tuple[str, ...]] = [
    ("satpuzzle.errors", "satpuzzle.textio", "satpuzzle.progress", "satpuzzle.disjoint",
     "satpuzzle.lazy", "satpuzzle.usercache"),
    ("satpuzzle.cnf", "satpuzzle.dimacs", "satpuzzle.children", "satpuzzle.stages",
     "satpuzzle.solving", "satpuzzle.external", "satpuzzle.backbone", "satpuzzle.enumeration",
     "satpuzzle.counting"),
    ("satpuzzle.constraints",),
    ("satpuzzle.grammar", "satpuzzle.codecs", "satpuzzle.drawing"),
    ("satpuzzle.kinds",),
    ("satpuzzle.pipeline", "satpuzzle.pictures", "satpuzzle.reductions"),
    ("satpuzzle.loading", "satpuzzle.formats", "satpuzzle.verify", "satpuzzle.api",
     "satpuzzle.cluster", "satpuzzle"),
    ("satpuzzle.cli", "satpuzzle.__main__"),
]


def layer_of(module: str) -> int:
    best, found = -1, None
    for number, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), number
    assert found is not None, f"{module} is in no layer: add it to LAYERS and ARCHITECTURE.md"
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every satpuzzle module `path` imports."""
    tree = ast.parse(path.read_text(), str(path))
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
    own = layer_of(name)
    for line, imported in imports(path):
        if name.startswith("satpuzzle.checkers"):
            pytest.fail(f"{path}:{line}: the rule checkers import nothing from satpuzzle "
                        f"(found {imported})")
        if imported.startswith("satpuzzle.checkers"):
            continue  # checkers stand apart: any layer may run them
        assert layer_of(imported) <= own, (
            f"{path}:{line}: {name} (layer {own}) imports {imported} (layer "
            f"{layer_of(imported)}), a layer above it")


def _kind_of_module(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["satpuzzle", "kinds"] and parts[2] not in (
            "base", "registry"):
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


def test_the_contract_catches_an_upward_import(tmp_path):
    """The check itself: an import of the CLI from a kind is found."""
    kind = PACKAGE / "kinds" / "sudoku" / "puzzle.py"
    assert layer_of("satpuzzle.cli") > layer_of(module_name(kind))
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from satpuzzle.cli import main\n")
    assert ("satpuzzle.cli" in {name for _, name in imports(bad)})
    bad.write_text("from satpuzzle.lazy import Lazy\nmain = Lazy('satpuzzle.cli', 'main')\n")
    assert ("satpuzzle.cli" in {name for _, name in imports(bad)})
