"""Outputs are safe: `-o` writes a temporary file and renames it, replaces only a regular
file, never an input of the command, a read-only file only with --force, and keeps the mode
of what it replaces (else the umask's)."""

from __future__ import annotations

import os
import stat

import pytest
from conftest import INSTANCES, run_cli

CLASSIC = INSTANCES / "sudoku" / "classic.puz"


def _one_error_line(result, words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [
    ("compile", str(CLASSIC)), ("export", str(CLASSIC), "--format", "json"),
    ("generate", "shikaku", "--size", "4x4"),
])
def test_a_device_is_never_replaced(command):
    before = os.stat("/dev/null")
    result = run_cli(*command, "-o", "/dev/null")
    _one_error_line(result, "not a regular file")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_a_fifo_and_a_directory_are_refused(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _one_error_line(run_cli("compile", CLASSIC, "-o", fifo), "not a regular file")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    _one_error_line(run_cli("compile", CLASSIC, "-o", tmp_path), "not a regular file")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary left


def test_an_input_is_never_the_output(tmp_path):
    puzzle = tmp_path / "p.puz"
    puzzle.write_bytes(CLASSIC.read_bytes())
    _one_error_line(run_cli("export", puzzle, "--format", "puz", "-o", puzzle),
                    "input of the command")
    assert puzzle.read_bytes() == CLASSIC.read_bytes()
    link = tmp_path / "link.puz"
    link.symlink_to(puzzle)  # the same file under another name
    _one_error_line(run_cli("compile", puzzle, "-o", link), "input of the command")
    assert puzzle.read_bytes() == CLASSIC.read_bytes()


def test_read_only_needs_force_and_modes_are_kept(tmp_path):
    target = tmp_path / "out.cnf"
    target.write_text("old\n")
    target.chmod(0o444)
    if os.access(target, os.W_OK) and os.geteuid() != 0:  # pragma: no cover - odd systems
        pytest.skip("read-only files are writable here")
    _one_error_line(run_cli("compile", CLASSIC, "-o", target), "read-only")
    assert target.read_text() == "old\n"
    forced = run_cli("compile", CLASSIC, "-o", target, "--force")
    assert forced.returncode == 0, forced.stderr
    assert target.read_text().startswith("c satpuzzle DIMACS CNF")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o444  # the mode it had
    kept = tmp_path / "kept.cnf"
    kept.write_text("old\n")
    kept.chmod(0o640)
    assert run_cli("compile", CLASSIC, "-o", kept).returncode == 0
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o640


def test_a_new_file_gets_the_umask_mode(tmp_path):
    old = os.umask(0o027)
    try:
        assert run_cli("compile", CLASSIC, "-o", tmp_path / "new.cnf").returncode == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.cnf").st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["new.cnf"]  # no temporary left


def test_titles_cannot_drive_the_terminal(tmp_path):
    grid = CLASSIC.read_text().split("grid {")[1].split("}")[0]
    (tmp_path / "a.puz").write_text('sudoku "evil\x1b[2Jtitle\u202eexe.txt" {\n grid {' + grid
                                    + "}\n}\n")
    (tmp_path / "b.puz").write_bytes(CLASSIC.read_bytes())
    result = run_cli("solve", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "# puzzle 1 (" in result.stdout and "evil\\x1b[2Jtitle\\u202eexe" in result.stdout


# ---------------------------------------------------------------- reading: confined, bounded


def _puz_with_reference(tmp_path, kind: str, entry: str, reference: str):
    puzzle = tmp_path / "p.puz"
    puzzle.write_text(f'{kind} {{\n  {entry}: file "{reference}"\n}}\n')
    return puzzle


@pytest.mark.skipif(not os.path.exists("/etc/passwd"), reason="no /etc/passwd here")
def test_references_stay_in_the_puzzles_directory(tmp_path):
    puzzle = _puz_with_reference(tmp_path, "partition", "numbers", "/etc/passwd")
    result = run_cli("solve", puzzle)
    _one_error_line(result, "outside the puzzle's directory; give --allow-path DIR")
    assert "root:" not in result.stderr  # nothing of the file is shown
    allowed = run_cli("solve", puzzle, "--allow-path", "/etc")
    assert allowed.returncode == 2 and "outside" not in allowed.stderr  # read, then refused
    up = _puz_with_reference(tmp_path, "sudoku", "grid", "../elsewhere.txt")
    _one_error_line(run_cli("solve", up), "outside the puzzle's directory")
    inside = tmp_path / "numbers.txt"
    inside.write_text("3 1 1 2 2 1\n")
    ok = _puz_with_reference(tmp_path, "partition", "numbers", "numbers.txt")
    assert run_cli("solve", ok).returncode == 0
