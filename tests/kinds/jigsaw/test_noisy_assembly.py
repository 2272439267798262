"""`--grouping assembled` (satpuzzle/kinds/jigsaw/assembly.py): the board assembled from each
side's cheapest partners fixes which blank each tab fits. Claimed here at the highest noise
that passed on every seed tried (docs/benchmarks/DETAILS.md, "Assembly by candidate pairs"):
satpuzzle's own cutter at 1 % noise (6x6 and 10x10; the default pairing rebuilds 2 of 3 and
0 of 3 there) and at 2 % (6x6; the default none), the three-Bezier family (Draradech's edges) at 1 % from the SVG and from
the picture (10x10; the default rebuilds none from 0.25 % on), and from the picture at 0.5 %
on 20x20 (400 pieces; seed 1 rebuilt since the beams start from each corner piece); the
boards checked against the cut's truth. The assembly itself on costs made up: the truth
found where its pairs are the cheapest, nothing where no board fits, bounded on 400 pieces;
a blank read as a tab allowed in the misread pass; pieces swapped put back by the repair."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from conftest import run_cli, run_process

import satpuzzle
from benchmarks import outside_cutters
from satpuzzle.kinds.jigsaw import assembly, board, cutter, outlines

pytest.importorskip("scipy", reason="the outlines extra (scipy) is not installed")


def _own_cut_accuracy(size: int, noise: float, seed: int) -> float:
    """Neighbour accuracy of the first board solved from the own cutter's SVG, 0 for none."""
    cut = cutter.cut(size, size, seed=seed, noise=noise)
    found = outlines.read(cut.svg(), "<cut>")
    solution = satpuzzle.solve(board.board(found, {"grouping": "assembled"}), timeout=120)
    if solution is None:
        return 0.0
    order = cutter.matched(cut, found)
    return cutter.neighbour_accuracy(
        cut, [[None if cell is None else order[cell[0]] for cell in row] for row in solution])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_own_cuts_at_one_percent_noise_are_rebuilt_6x6(seed: int) -> None:
    assert _own_cut_accuracy(6, 0.01, seed) == 1.0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_own_cuts_at_one_percent_noise_are_rebuilt_10x10(seed: int) -> None:
    assert _own_cut_accuracy(10, 0.01, seed) == 1.0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_own_cuts_at_two_percent_noise_are_rebuilt_6x6(seed: int) -> None:
    """The highest noise rebuilt on every seed tried (10x10 at 2 % is not: its costs)."""
    assert _own_cut_accuracy(6, 0.02, seed) == 1.0


def _first_board_is_truth(tmp_path, source: str, size: int, seed: int, noise: float,
                          *extra: str) -> bool:
    """Whether the first board of `satpuzzle solve FILE --grouping assembled` for a noisy
    three-Bezier cut is its truth (up to a turn of the whole board); one board, in its four
    turns, is all the labels allow."""
    made = outside_cutters.cut(size, size, "bezier", seed=seed, noise=noise)
    files = outside_cutters.write(made, tmp_path, f"bezier-{size}-{seed}-{noise}")
    result = run_cli("solve", files[source], "--grouping", "assembled", "--format", "json",
                     "--limit", "64", *extra)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    solutions = json.loads(result.stdout)["solutions"]
    assert len(solutions) == 4
    order = outside_cutters.read_order(made, files[source], 80)
    assert sorted(order) == list(range(size * size))
    first = [[order[cell[0]] for cell in row] for row in solutions[0]]
    return outside_cutters.neighbour_accuracy(list(made.cells), first) == 1.0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_three_bezier_10x10_at_one_percent_is_rebuilt_from_the_svg(tmp_path, seed: int
                                                                   ) -> None:
    assert _first_board_is_truth(tmp_path, "svg", 10, seed, 0.01)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_three_bezier_10x10_at_one_percent_is_rebuilt_from_the_picture(tmp_path,
                                                                       seed: int) -> None:
    assert _first_board_is_truth(tmp_path, "png", 10, seed, 0.01)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_three_bezier_20x20_at_half_a_percent_is_rebuilt_from_the_picture(tmp_path,
                                                                           seed: int) -> None:
    """400 pieces from a picture at 0.5 %: the highest size and noise rebuilt on every seed
    tried (seed 1 needs the beam from another corner piece: 0.44 of neighbours from one);
    about 45 s of CPU each, so a generous time limit on a shared machine."""
    assert _first_board_is_truth(tmp_path, "png", 20, seed, 0.005, "--timeout", "1200")


# ---------------------------------------------------------------- the assembly on made-up costs


def _made_up(rows: int, cols: int, seed: int, spread: float
             ) -> tuple[list[tuple[int, int, int, int]], assembly.Pairs, list[tuple[int, int]]]:
    """A rows × cols board of pieces shuffled and turned, its true pairs costing about 1,
    every other tab-blank pair about 1 + `spread` (both noisy): the kinds, the Pairs and the
    truth (piece, turn) per cell."""
    rng = random.Random(seed)
    pieces = list(range(rows * cols))
    rng.shuffle(pieces)
    turns = [rng.randrange(4) for _ in pieces]
    truth = [(pieces[cell], turns[cell]) for cell in range(rows * cols)]
    kinds = [[0, 0, 0, 0] for _ in pieces]
    partner: dict[int, int] = {}
    for cell, (piece, turn) in enumerate(truth):
        r, c = divmod(cell, cols)
        for direction, (dr, dc) in ((assembly.RIGHT, (0, 1)), (assembly.BOTTOM, (1, 0))):
            if r + dr < rows and c + dc < cols:
                other, its_turn = truth[(r + dr) * cols + c + dc]
                mine = (direction - turn) % 4
                theirs = (direction + 2 - its_turn) % 4
                shape = rng.choice((1, -1))
                kinds[piece][mine], kinds[other][theirs] = shape, -shape
                partner[4 * piece + mine] = 4 * other + theirs
                partner[4 * other + theirs] = 4 * piece + mine
    tabs = [4 * p + s for p in range(len(pieces)) for s in range(4) if kinds[p][s] == 1]
    blanks = [4 * p + s for p in range(len(pieces)) for s in range(4) if kinds[p][s] == -1]
    noise = np.random.default_rng(seed)
    cost = 1 + spread + noise.normal(0, 0.1, (len(tabs), len(blanks)))
    for i, tab in enumerate(tabs):
        cost[i, blanks.index(partner[tab])] = 1 + noise.normal(0, 0.1)
    as_tuples = [(k[0], k[1], k[2], k[3]) for k in kinds]
    return as_tuples, assembly.pairs(as_tuples, tabs, blanks, cost), truth


def _same_board(found: list[tuple[int, int]], truth: list[tuple[int, int]], size: int) -> bool:
    """Whether `found` is `truth` turned as a whole (square boards)."""
    turned = truth
    for _ in range(4):
        if found == turned:
            return True
        # a quarter turn clockwise: cell (r, c) goes to (c, size - 1 - r)
        moved = [(0, 0)] * len(truth)
        for cell, (piece, turn) in enumerate(turned):
            r, c = divmod(cell, size)
            moved[c * size + size - 1 - r] = (piece, (turn + 1) % 4)
        turned = moved
    return False


@pytest.mark.parametrize("seed", [1, 2])
def test_the_cheapest_board_is_found_where_its_pairs_are_cheapest(seed: int) -> None:
    kinds, pairs, truth = _made_up(8, 8, seed, spread=1.0)
    found = assembly.assemble(kinds, pairs, 8, 8)
    assert found is not None and _same_board(found, truth, 8)


def test_a_rectangular_board_is_assembled_in_its_own_shape() -> None:
    kinds, pairs, truth = _made_up(3, 7, 4, spread=1.0)
    found = assembly.assemble(kinds, pairs, 3, 7)
    turned = [truth[len(truth) - 1 - cell] for cell in range(len(truth))]
    turned = [(piece, (turn + 2) % 4) for piece, turn in turned]
    assert found in (truth, turned)


def test_no_board_where_the_sides_fit_none() -> None:
    kinds, pairs, _ = _made_up(4, 4, 1, spread=1.0)
    assert assembly.assemble(kinds, pairs, 4, 5) is None  # 16 pieces, 20 cells
    flat = [(0, 0, 0, 0)] * 16  # no corner piece has two flat sides meeting
    assert assembly.assemble(flat, assembly.pairs(flat, [], [], np.zeros((0, 0))), 4, 4) is None


def test_a_400_piece_board_is_assembled_within_bounds() -> None:
    """Bounded: at most BEAM partial boards a cell, each trying a few pieces (measured in
    about 5 s; the bound asserted is generous, the machine being shared)."""
    import time

    kinds, pairs, truth = _made_up(20, 20, 3, spread=1.0)
    start = time.process_time()
    found = assembly.assemble(kinds, pairs, 20, 20)
    assert time.process_time() - start < 120
    assert found is not None and _same_board(found, truth, 20)


def test_a_file_that_makes_no_board_is_one_line_and_exit_2(tmp_path) -> None:
    """A cut missing a piece: the flat sides tell no board, with the assembly as without."""
    cut = cutter.cut(3, 3, seed=1)
    svg = cut.svg()
    head, _, rest = svg.partition("<path")
    path = tmp_path / "eight.svg"
    path.write_text(head + "<path" + rest.split("<path", 1)[1])
    result = run_process("solve", path, "--grouping", "assembled")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert "error:" in result.stderr


def test_more_pieces_than_the_assembly_takes_is_one_line_and_exit_2(tmp_path) -> None:
    """Bounded: the side costs grow with the square of the pieces; past MAX_PIECES the
    grouping is refused in one line (1,001 squares, 3 KB a hundred)."""
    count = assembly.MAX_PIECES + 1
    squares = "".join(f'<path d="M{i % 40 * 3} {i // 40 * 3}h2v2h-2z"/>' for i in range(count))
    path = tmp_path / "many.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg">{squares}</svg>')
    result = run_process("solve", path, "--grouping", "assembled")
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"at most {assembly.MAX_PIECES} pieces, found {count}" in result.stderr


def test_a_clean_cut_and_two_pieces_are_assembled() -> None:
    """No noise, and the fewest sides there are (one tab, one blank, a 1x2 board)."""
    assert _own_cut_accuracy(4, 0.0, 1) == 1.0
    pair = cutter.cut(1, 2, seed=5)
    found = outlines.read(pair.svg(), "<cut>")
    instance = board.board(found, {"grouping": "assembled", "board": "1x2"})
    assert sorted(abs(label) for piece in instance.pieces for label in piece) == [0] * 6 + [1, 1]
    assert satpuzzle.solve(instance, timeout=120) is not None


def test_count_says_one_board_in_its_four_turns(tmp_path) -> None:
    """The labels of the assembled board allow that board only: --count 4 on a square."""
    cut = cutter.cut(4, 4, seed=2, noise=0.005)
    path = tmp_path / "cut.svg"
    path.write_text(cut.svg())
    result = run_cli("solve", path, "--grouping", "assembled", "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "4"


# ------------------------------------------- the stages after the beam, on made-up costs


def _misread_sign(rows: int, cols: int, seed: int
                  ) -> tuple[list[tuple[int, int, int, int]], assembly.Pairs,
                             list[tuple[int, int]], tuple[int, int]]:
    """A made-up board (as _made_up) where one true blank was read as a tab: two tabs meet
    on the true board, so no board fits the sides as read (the true pairs cost about 1, the
    others about 2). The kinds as read, their Pairs, the truth, and the two tabs that meet."""
    kinds, pairs, truth = _made_up(rows, cols, seed, spread=1.0)
    rng = random.Random(seed)
    piece, side = rng.choice([(p, s) for p, sides in enumerate(kinds) for s in range(4)
                              if sides[s] == -1])
    partner = int(np.argmin(pairs.cost[4 * piece + side]))  # its true tab
    misread = [list(sides) for sides in kinds]
    misread[piece][side] = 1
    as_read = [(k[0], k[1], k[2], k[3]) for k in misread]
    tabs = [4 * p + s for p in range(len(as_read)) for s in range(4) if as_read[p][s] == 1]
    blanks = [4 * p + s for p in range(len(as_read)) for s in range(4) if as_read[p][s] == -1]
    found = assembly.pairs(as_read, tabs, blanks, pairs.cost[np.ix_(tabs, blanks)])
    return as_read, found, truth, (4 * piece + side, partner)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_blank_read_as_a_tab_still_gives_the_true_board(seed: int) -> None:
    """No board fits the sides as read (the beam alone gives none, or a wrong one); with
    misread sides allowed (Pairs.tolerant, as `--board RxC` allows them) two tabs may meet
    at the misread cost, and the true board, whose sides as read fit but for that pair, is
    found."""
    kinds, found, truth, (one, other) = _misread_sign(6, 6, seed)
    before = assembly.assemble(kinds, found, 6, 6)
    assert before is None or not _same_board(before, truth, 6)
    tolerant = found.tolerant(100.0)
    assert tolerant.cost[one, other] == 100.0
    tolerant.cost[one, other] = tolerant.cost[other, one] = 1.0  # its shapes fit as a pair
    assert _same_board(assembly.assemble(kinds, tolerant, 6, 6) or [], truth, 6)


@pytest.mark.parametrize("seed", [1, 2])
def test_repair_puts_swapped_pieces_back(seed: int) -> None:
    """Pieces swapped between cells of one colour of the checkerboard (inner cells, each
    piece turned at random): the checkerboard rounds put every one back, turned right."""
    from satpuzzle.kinds.jigsaw import repair

    _, found, truth = _made_up(8, 8, seed, spread=1.0)
    rng = random.Random(seed)
    board = list(truth)
    inner = [cell for cell in range(64) if 0 < cell // 8 < 7 and 0 < cell % 8 < 7
             and sum(divmod(cell, 8)) % 2 == 0]
    chosen = rng.sample(inner, 8)
    for a, b in zip(chosen[::2], chosen[1::2]):
        board[a], board[b] = (board[b][0], rng.randrange(4)), (board[a][0], rng.randrange(4))
    assert board != truth
    assert repair.board_cost(found, board, 8, 8) > repair.board_cost(found, truth, 8, 8)
    assert repair.repaired(found, board, 8, 8) == truth
