"""docs/API.md's example runs as written: every ```python block, in order, in one namespace,
from the repository's root."""

from __future__ import annotations

import contextlib
import io
import os
import re

from conftest import ROOT

API_DOC = ROOT / "docs" / "API.md"


def test_api_doc_example_runs(monkeypatch):
    blocks = re.findall(r"```python\n(.*?)```", API_DOC.read_text(), re.DOTALL)
    assert blocks, "docs/API.md holds no python example"
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in blocks:
            exec(compile(block, str(API_DOC), "exec"), namespace)  # noqa: S102
    output = printed.getvalue()
    assert "2 solutions;" in output
    assert re.search(r"\d+ variables, \d+ clauses", output)
    assert "<text>:3:" in output and "error:" in output


def test_api_doc_lists_every_public_function():
    import satpuzzle

    text = API_DOC.read_text()
    public = [name for name in ("load", "compile", "solve", "solutions", "check", "forced",
                                "render", "export") if callable(getattr(satpuzzle, name))]
    assert len(public) == 8
    for name in public:
        assert f"`{name}(" in text
    assert os.path.exists(ROOT / "tests" / "test_api_doc.py")
