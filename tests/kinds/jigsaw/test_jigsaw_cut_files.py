"""`generate jigsaw --cut --cut-dir DIR` writes the cut itself, as the issue's synthetic cutter
asks: the pieces as SVG, PNG and points, and the truth; each read back gives the board the
.puz holds, and the truth names every piece's cell once."""

from __future__ import annotations

import json

from conftest import run_cli


def test_the_cut_files_read_back_to_the_same_board(tmp_path):
    folder, made = tmp_path / "cut", tmp_path / "board.puz"
    result = run_cli("generate", "jigsaw", "--cut", "--size", "3x4", "--seed", "5",
                     "--cut-dir", folder, "-o", made)
    assert result.returncode == 0, result.stderr
    stem = folder / "cut-3x4-seed5"
    truth = json.loads(stem.with_name(stem.name + "-truth.json").read_text())
    cells = sorted((piece["row"], piece["col"]) for piece in truth["pieces"])
    assert cells == [(r, c) for r in range(3) for c in range(4)]
    counts = {run_cli("solve", path, "--count").stdout
              for path in (made, stem.with_suffix(".svg"), stem.with_suffix(".png"),
                           stem.with_suffix(".json"))}
    assert len(counts) == 1 and int(counts.pop()) >= 1


def test_a_cut_dir_that_cannot_be_made_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run_cli("generate", "jigsaw", "--cut", "--size", "2x2", "--cut-dir",
                     blocker / "sub")
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "--cut-dir" in result.stderr
