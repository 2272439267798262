"""docs/API.md's examples run as written: every ```python block, in order, in one namespace,
from the repository's root, and what each prints is the ```text block that follows it (`...`
there stands for any text, as in doctest)."""

from __future__ import annotations

import contextlib
import io
import re

from conftest import ROOT

API_DOC = ROOT / "docs" / "API.md"
BLOCK = re.compile(r"```(python|text)\n(.*?)```", re.DOTALL)


def examples() -> list[tuple[str, str]]:
    """(code, expected output) for each python block; every python block is followed by the
    text block of its output before the next python block."""
    blocks = BLOCK.findall(API_DOC.read_text())
    pairs = []
    for (language, code), following in zip(blocks, [*blocks[1:], ("", "")]):
        if language == "python":
            assert following[0] == "text", f"no ```text output after:\n{code}"
            pairs.append((code, following[1]))
    return pairs


def matches(expected: str, printed: str) -> bool:
    pattern = ".*?".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, printed, re.DOTALL) is not None


def test_matches_treats_dots_as_any_text():
    assert matches("a ... c\n", "a bb c\n") and not matches("a ... c\n", "a b d\n")
    assert matches("x\n", "x\n") and not matches("x\n", "x\ny\n")


def test_api_doc_examples_print_what_the_doc_says(monkeypatch):
    pairs = examples()
    assert len(pairs) >= 5, "docs/API.md holds fewer examples than it did"
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for code, expected in pairs:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, str(API_DOC), "exec"), namespace)  # noqa: S102
        assert matches(expected, printed.getvalue()), (
            f"docs/API.md: the block\n{code}\nprinted\n{printed.getvalue()}\nnot\n{expected}")


def test_api_doc_lists_every_public_function():
    import satpuzzle

    text = API_DOC.read_text()
    functions = [name for name in satpuzzle.__all__ if callable(getattr(satpuzzle, name))
                 and not isinstance(getattr(satpuzzle, name), type)]
    assert sorted(functions) == ["check", "compile", "count", "encoded", "explain", "export",
                                 "forced", "generate", "load", "render", "solutions", "solve",
                                 "unique"]
    for name in functions:
        assert f"`{name}(" in text, name
    for name in ("Result", "Forced", "Timeout", "InputError"):
        assert f"`{name}`" in text, name
