"""The .puz grammar: every documented example parses; positions, comments, several puzzles."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from satpuzzle import load
from satpuzzle.errors import InputError
from satpuzzle.grammar import parse_specs
from satpuzzle.kinds.registry import NAMES as LANGUAGE_KINDS

EXAMPLES = re.findall(r"```puz\n(.*?)```", (ROOT / "docs" / "LANGUAGE.md").read_text(), re.DOTALL)


def test_language_doc_has_an_example_of_every_kind():
    kinds = {parse_specs(text)[0].kind.text for text in EXAMPLES}
    assert kinds == set(LANGUAGE_KINDS)


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_documented_example_parses(text):
    spec = parse_specs(text, "LANGUAGE.md")[0]
    assert spec.fields or spec.blocks
    if spec.kind.text == "sudoku":
        instance = load(text)[0]
        assert instance.size in (6, 9)


def test_positions_and_structure():
    text = '# c\nsudoku "t" {  # x\n  box: 2x2\n  grid {\n    1 . | . .\n  }\n}\n'
    spec = parse_specs(text, "f.puz")[0]
    assert spec.title == "t"
    box = spec.fields["box"].values[0]
    assert (box.text, box.pos.line, box.pos.column) == ("2x2", 3, 8)
    row = spec.blocks["grid"].rows[0]
    assert [t.text for t in row] == ["1", ".", "|", ".", "."]
    assert (row[4].pos.line, row[4].pos.column) == (5, 13)


def test_several_puzzles_crlf_and_comments_everywhere():
    one = "sudoku {\r\n  # inside\r\n  grid {   # after brace\r\n\r\n    1 .\r\n    . .\r\n  }\r\n}"
    specs = parse_specs(f"# head\r\n\r\n{one}\r\n# between\r\n{one}  # end\r\n")
    assert len(specs) == 2
    instances = load(f"{one}\n{one}\n")
    assert [i.size for i in instances] == [2, 2]


def test_grid_from_file_reference(tmp_path):
    (tmp_path / "g.txt").write_text("# grid\n1 . . .\n. . . .\n. . . .\n. . . .\n")
    (tmp_path / "p.puz").write_text('sudoku {\n  grid: file "g.txt"\n}\n')
    instance = load(str(tmp_path / "p.puz"))[0]
    assert instance.givens[0] == (1, 0, 0, 0)


def test_inline_rows_on_brace_line():
    instance = load("sudoku { grid { 1 . . .\n . . . .\n . . . .\n . . . . } }")[0]
    assert instance.size == 4


def test_syntax_error_position():
    with pytest.raises(InputError) as caught:
        parse_specs("sudoku {\n  grid {\n    1 2\n  }\n  }\n}\n", "x.puz")
    error = caught.value
    assert (error.line, error.column) == (6, 1)
