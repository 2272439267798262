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


def test_generate_jigsaw_cut_is_the_cutter_by_its_own_name(tmp_path):
    """`generate jigsaw-cut`, as the issue names it: --cut, its files in the current
    directory unless --cut-dir says where; the board on standard output, as with --cut."""
    result = run_cli("generate", "jigsaw-cut", "--size", "2x3", "--seed", "4", "--noise",
                     "0.002", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        f"cut-2x3-seed4{end}" for end in ("-truth.json", ".json", ".png", ".svg")]
    assert result.stdout == run_cli("generate", "jigsaw", "--cut", "--size", "2x3", "--seed",
                                    "4", "--noise", "0.002").stdout
    elsewhere = tmp_path / "elsewhere"
    moved = run_cli("generate", "jigsaw-cut", "--size", "2x3", "--cut-dir", elsewhere,
                    cwd=tmp_path)
    assert moved.returncode == 0 and (elsewhere / "cut-2x3-seed0.svg").is_file()
