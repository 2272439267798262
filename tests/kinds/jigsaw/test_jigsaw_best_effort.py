"""The best-effort engines as a user runs them (`--engine approx-orientation`,
`approx-position`, `maxsat`): the board comes with one line saying what it reaches, counted by
the independent scorer, against its proven bound; a board that is no solution says so; MaxSAT
gives the best board when no perfect one exists; `auto` never takes them; a wrong variant is
refused in one line."""

from __future__ import annotations

import re

from conftest import INSTANCES, run_cli

FIBONACCI = INSTANCES / "jigsaw" / "fibonacci-4x6.puz"  # position variant, solvable
GENERATED = INSTANCES / "jigsaw" / "generated-4x4.puz"  # puzzle variant, solvable
REPORT = re.compile(r"satpuzzle: (approx-position|approx-orientation|maxsat): (\d+) of (\d+) ")


def reported(stderr: str) -> tuple[str, int, int]:
    found = REPORT.search(stderr)
    assert found, stderr
    return found.group(1), int(found.group(2)), int(found.group(3))


def test_approx_position_reaches_its_bound():
    result = run_cli("solve", FIBONACCI, "--engine", "approx-position")
    assert result.returncode == 0, result.stderr
    engine, score, total = reported(result.stderr)
    bound = float(re.search(r"proven at least ([0-9.]+)", result.stderr).group(1))
    assert engine == "approx-position" and total == 2 * 4 * 6 + 4 + 6
    assert bound <= score <= total
    assert ("a solution" if score == total else "not a solution") in result.stderr


def test_maxsat_is_a_solution_where_one_exists():
    for path in (FIBONACCI, GENERATED):
        result = run_cli("solve", path, "--engine", "maxsat")
        assert result.returncode == 0, result.stderr
        _engine, score, total = reported(result.stderr)
        assert score == total and ", a solution " in result.stderr


def test_maxsat_gives_the_best_board_when_none_is_perfect(tmp_path):
    """One label changed on a solvable 4×4: no perfect board, and the best one misses one
    face pair only (the changed face is the only one that cannot fit)."""
    text = GENERATED.read_text().replace("     2  0  2  1\n", "     2  0  2  2\n", 1)
    broken = tmp_path / "broken.puz"
    broken.write_text(text)
    assert run_cli("solve", broken, "--count").stdout == "0\n"
    result = run_cli("solve", broken, "--engine", "maxsat")
    _engine, score, total = reported(result.stderr)
    assert score == total - 1 and "not a solution" in result.stderr


def test_auto_never_takes_a_best_effort_engine():
    result = run_cli("solve", FIBONACCI, "--stats")
    assert result.returncode == 0
    assert not REPORT.search(result.stderr)


def test_a_wrong_variant_is_refused_in_one_line():
    result = run_cli("solve", FIBONACCI, "--engine", "approx-orientation")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "orientation instances" in result.stderr


def test_noisy_outlines_with_no_board_point_to_maxsat_which_gives_one(tmp_path):
    """Pieces read from outlines too noisy for a perfect board (a 3×3 cut, 2% jitter, the
    first seed whose labels by `pairs` fit no board: the default, `auto`, would turn to the
    assembly there): "no solution" says why it may be and what to run; MaxSAT then gives
    the best board, which says it is none."""
    from satpuzzle.kinds.jigsaw import cutter

    pieces = tmp_path / "pieces.svg"
    for seed in range(40):
        pieces.write_text(cutter.cut(3, 3, seed=seed, noise=0.02).svg())
        if run_cli("solve", pieces, "--count", "--grouping", "pairs").stdout == "0\n":
            break
    else:
        raise AssertionError("no seed gave outlines with no board")
    none = run_cli("solve", pieces, "--grouping", "pairs")
    assert none.returncode == 1 and "--engine maxsat" in none.stderr, none.stderr
    best = run_cli("solve", pieces, "--engine", "maxsat", "--grouping", "pairs")
    assert best.returncode == 0, best.stderr
    _engine, score, total = reported(best.stderr)
    assert score < total and "not a solution" in best.stderr
