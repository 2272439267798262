"""The README's test command leaves out the slow set and CI runs it: every name of SLOW_TESTS
(tests/conftest.py) still names a test, pytest's addopts deselect `slow`, and .ci/run runs
`-m slow` wherever it runs the README's command."""

from __future__ import annotations

import ast

from conftest import ROOT, SLOW_TESTS


def test_every_slow_name_names_a_test_function_of_one_test_file():
    test_files = sorted((ROOT / "tests").rglob("test_*.py"))
    for file_name, functions in SLOW_TESTS.items():
        paths = [path for path in test_files if path.name == file_name]
        assert len(paths) == 1, (file_name, paths)
        tree = ast.parse(paths[0].read_text())
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        missing = [name for name in functions if name not in defined]
        assert not missing, (file_name, missing)
        assert all(name.startswith("test_") for name in functions), file_name


def test_the_default_run_deselects_slow_and_ci_runs_it_with_the_readme_command(pytestconfig):
    addopts = pytestconfig.getini("addopts")  # pyproject.toml's, split as pytest splits them
    assert ["-m", "not slow"] in [addopts[i:i + 2] for i in range(len(addopts) - 1)]
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'slow_tests="python -m pytest -q -m slow"' in ci
    runs = [line for line in ci.splitlines() if "bash -c" in line and "readme_tests" in line]
    assert len(runs) == 2 and all('"$readme_tests && $slow_tests"' in line for line in runs)
    assert "-m slow" in (ROOT / "README.md").read_text()
