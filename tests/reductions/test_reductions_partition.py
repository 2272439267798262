"""The PARTITION-based reductions of the jigsaw paper (§3.1-§3.3): PARTITION ≤ CONTOUR,
CONTOUR ≤ PUZZLE, PARTITION ≤ PUZZLE-ORIENTATION. For each: 100 seeded random sources, equal
satisfiability of source and image (both solved by satpuzzle), every jigsaw solution found
mapped back and accepted by the source's rule checker, a source solution mapped forward and
accepted by the jigsaw rule checker, the documented sizes; boards the constructions never
build themselves (turned whole, equal pieces swapped) mapped back too; the paper's example."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import satpuzzle
from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, frame_cells, rotated
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.reductions import contour_puzzle, partition_contour, partition_orientation

INSTANCES = 100
SOLUTION_CAP = 4  # jigsaw solutions mapped back per instance
PAPER_EXAMPLE = (2, 3, 4, 3, 4)  # §3.1, figure 6: I1 = {2, 3, 3}, I2 = {4, 4}


# ---------------------------------------------------------------- independent helpers


def splittable(numbers: tuple[int, ...]) -> bool:
    """Subset sums, from the definition: some part sums to half the total."""
    total = sum(numbers)
    sums = {0}
    for x in numbers:
        sums |= {s + x for s in sums}
    return total % 2 == 0 and total // 2 in sums


def turn_board(board, quarter_turns: int):
    """The whole solution turned clockwise: cell (r, c) goes to (c, R−1−r), every piece one
    more quarter turn; None cells stay None."""
    for _ in range(quarter_turns % 4):
        rows, cols = len(board), len(board[0])
        board = tuple(tuple(
            None if board[rows - 1 - c][r] is None
            else (board[rows - 1 - c][r][0], (board[rows - 1 - c][r][1] + 1) % 4)
            for c in range(rows)) for r in range(cols))
    return board


def scramble(instance: JigsawInstance, board, rng: random.Random):
    """The same visible board with equal pieces permuted among their cells and every piece
    given any turn that shows the same labels (always 0 when pieces do not turn)."""
    cells = [(r, c) for r, row in enumerate(board) for c, entry in enumerate(row) if entry]
    by_labels = defaultdict(list)
    for cell in cells:
        index, turns = board[cell[0]][cell[1]]
        by_labels[instance.pieces[index]].append(cell)
    new = [list(row) for row in board]
    for labels, where in by_labels.items():
        indices = [board[r][c][0] for r, c in where]
        rng.shuffle(indices)
        for (r, c), index in zip(where, indices):
            shown = rotated(instance.pieces[board[r][c][0]], board[r][c][1])
            turns = [t for t in range(4) if rotated(labels, t) == shown]
            if instance.variant.endswith("orientation"):
                turns = [0]
            new[r][c] = (index, rng.choice(turns))
    return tuple(tuple(row) for row in new)


def labels_of(instance: JigsawInstance) -> set[int]:
    return {abs(v) for piece in instance.pieces for v in piece if v}


# ---------------------------------------------------------------- round trips


def round_trip(module, source, rng: random.Random) -> bool:
    """Solve source and image, compare, map both ways, check everything; True if solvable."""
    target = module.reduce(source)
    source_solution = next(satpuzzle.solutions(source, limit=1), None)
    target_solutions = list(satpuzzle.solutions(target, limit=SOLUTION_CAP))
    assert (source_solution is None) == (not target_solutions), source
    for board in target_solutions:
        assert satpuzzle.check(target, board) == []
        for variant in (board, scramble(target, board, rng)):
            back = module.to_source(source, target, variant)
            assert satpuzzle.check(source, back) == [], (source, variant, back)
    if source_solution is not None:
        forward = module.to_target(source, target, source_solution)
        assert satpuzzle.check(target, forward) == [], (source, forward)
    return source_solution is not None


@pytest.mark.parametrize("module", [partition_contour, partition_orientation],
                         ids=lambda m: m.NAME)
def test_partition_reductions_random(module):
    rng, shuffles = random.Random(f"{module.NAME} 2024"), random.Random(1)
    solvable = 0
    for draw in range(INSTANCES):
        source = module.random_source(rng, 3 + draw % 4)
        assert 3 <= len(source.numbers) <= 6 and all(1 <= x <= 6 for x in source.numbers)
        found = round_trip(module, source, shuffles)
        assert found == splittable(source.numbers), source
        solvable += found
    assert 0 < solvable < INSTANCES, solvable


def test_contour_puzzle_random():
    rng, shuffles = random.Random("contour-puzzle 2024"), random.Random(1)
    solvable = 0
    for draw in range(INSTANCES):
        source = contour_puzzle.random_source(rng, 3 + draw % 4)
        assert source.variant == "contour"
        solvable += round_trip(contour_puzzle, source, shuffles)
    assert 0 < solvable < INSTANCES, solvable


def test_chain_partition_contour_puzzle():
    """PARTITION → CONTOUR → PUZZLE composed: satisfiability kept, solutions mapped back twice."""
    rng = random.Random("chain")
    outcomes = set()
    for _ in range(20):
        source = partition_contour.random_source(rng, 3)
        contour = partition_contour.reduce(source)
        puzzle = contour_puzzle.reduce(contour)
        boards = list(satpuzzle.solutions(puzzle, limit=2))
        assert bool(boards) == splittable(source.numbers), source
        outcomes.add(bool(boards))
        for board in boards:
            frame = contour_puzzle.to_source(contour, puzzle, board)
            assert satpuzzle.check(contour, frame) == []
            split = partition_contour.to_source(source, contour, frame)
            assert satpuzzle.check(source, split) == []
    assert outcomes == {True, False}


# ---------------------------------------------------------------- sizes


def half_sum(numbers: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """S'/2 and the block lengths: the numbers, doubled when their sum is odd."""
    lengths = numbers if sum(numbers) % 2 == 0 else tuple(2 * x for x in numbers)
    return sum(lengths) // 2, lengths


@pytest.mark.parametrize("numbers", [(1, 1), (2,), (1, 2), PAPER_EXAMPLE, (6, 5, 1, 1, 3, 2)])
def test_partition_sizes(numbers):
    half, lengths = half_sum(numbers)
    long_blocks = sum(1 for x in lengths if x >= 2)
    contour = partition_contour.reduce(PartitionInstance(numbers))
    assert (contour.rows, contour.cols, contour.variant) == (3, half + 2, "contour")
    assert len(contour.pieces) == 2 * half + 6 == 2 * contour.rows + 2 * contour.cols - 4
    assert len(labels_of(contour)) == 6 + long_blocks
    puzzle = partition_orientation.reduce(PartitionInstance(numbers))
    assert (puzzle.rows, puzzle.cols, puzzle.variant) == (4, half + 2, "orientation")
    assert len(puzzle.pieces) == 4 * half + 8 == puzzle.rows * puzzle.cols
    assert len(labels_of(puzzle)) == 10 + long_blocks


def test_contour_puzzle_sizes_and_interior():
    """m × n board, mn pieces, one new label A; the interior pieces alone tile every interior
    (showing −A towards the frame), whatever the board, and come in the three documented
    kinds (side, corner and centre, up to rotation)."""
    rng = random.Random(7)
    for rows in range(3, 9):
        for cols in range(3, 9):
            source = contour_puzzle.random_contour(rng, rows, cols, 3)
            target = contour_puzzle.reduce(source)
            a = contour_puzzle.fresh_label(source)
            assert a not in labels_of(source)
            assert (target.rows, target.cols, target.variant) == (rows, cols, "puzzle")
            assert len(target.pieces) == rows * cols
            assert target.pieces[:len(source.pieces)] == tuple(
                contour_puzzle.frame_piece(p, a) for p in source.pieces)
            assert labels_of(target) <= labels_of(source) | {a}
            kinds = {min(rotated(k, t) for t in range(4))
                     for k in ((-a, a, a, -a), (-a, a, -a, -a), (-a, -a, -a, -a))}
            interior = target.pieces[len(source.pieces):]
            assert {min(rotated(p, t) for t in range(4)) for p in interior} <= kinds
            empty_frame = tuple(tuple(None for _ in range(cols)) for _ in range(rows))
            board = contour_puzzle.to_target(source, target, empty_frame)
            shown = {(r, c): rotated(target.pieces[e[0]], e[1])
                     for r, row in enumerate(board) for c, e in enumerate(row) if e}
            assert len(shown) == (rows - 2) * (cols - 2)
            for (r, c), labels in shown.items():
                for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                    other = shown.get((r + dr, c + dc))
                    assert labels[side] == (-a if other is None else -other[(side + 2) % 4])


def test_contour_puzzle_small_boards_unchanged():
    """A side of at most 2: the contour is the whole board, CONTOUR is PUZZLE, pieces kept."""
    rng = random.Random(3)
    for rows, cols in ((2, 2), (2, 5), (4, 2), (1, 4)):
        source = contour_puzzle.random_contour(rng, rows, cols, 2)
        target = contour_puzzle.reduce(source)
        assert (target.pieces, target.variant) == (source.pieces, "puzzle")
        round_trip(contour_puzzle, source, rng)


# ---------------------------------------------------------------- boards nobody planned


def test_partition_contour_square_board_any_turn():
    """(1, 1) gives a 3 × 3 contour: the board can lie in any of four turns, and the top row
    may hold a short side; every one of them maps back."""
    source = PartitionInstance((1, 1))
    target = partition_contour.reduce(source)
    assert (target.rows, target.cols) == (3, 3)
    planned = partition_contour.to_target(source, target, (0,))
    corners_at_origin = set()
    for turns in range(4):
        board = turn_board(planned, turns)
        assert satpuzzle.check(target, board) == []
        assert partition_contour.to_source(source, target, board) == (0,)
        corners_at_origin.add(board[0][0][0])
    assert len(corners_at_origin) == 4
    solutions = list(satpuzzle.solutions(target, limit=50))
    assert len(solutions) == 4  # the four turns (the two blocks are equal pieces)
    for board in solutions:
        assert partition_contour.to_source(source, target, board) == (0,)


def test_partition_contour_all_solutions_map_back():
    """Every contour of small instances, including the half-turned ones, maps back."""
    rng = random.Random(11)
    for numbers in ((1, 2, 3), (2, 2, 1, 1), (3, 1, 1, 1), (2, 3, 1)):
        source = PartitionInstance(numbers)
        target = partition_contour.reduce(source)
        boards = list(satpuzzle.solutions(target, limit=200))
        assert len(boards) < 200
        turned = [b for b in boards if b[0][0][0] != partition_contour.TOP_LEFT_INDEX]
        assert turned  # the half turn of the board is a solution too
        for board in boards:
            back = partition_contour.to_source(source, target, scramble(target, board, rng))
            assert satpuzzle.check(source, back) == []


def test_partition_orientation_all_solutions_map_back():
    rng = random.Random(12)
    for numbers in ((1, 2, 3), (2, 2, 1, 1), (3, 1, 1, 1)):
        source = PartitionInstance(numbers)
        target = partition_orientation.reduce(source)
        boards = list(satpuzzle.solutions(target, limit=200))
        assert 0 < len(boards) < 200
        for board in boards:
            assert all(turns == 0 for row in board for _, turns in row)
            back = partition_orientation.to_source(source, target, scramble(target, board, rng))
            assert satpuzzle.check(source, back) == []


def test_contour_puzzle_turned_board_maps_back():
    rng = random.Random(13)
    for rows, cols in ((3, 5), (4, 4), (5, 6)):
        source = contour_puzzle.random_contour(rng, rows, cols, 2)
        target = contour_puzzle.reduce(source)
        frame = next(satpuzzle.solutions(source, limit=1))
        board = contour_puzzle.to_target(source, target, frame)
        for turns in ((2,) if rows != cols else (1, 2, 3)):
            turned = scramble(target, turn_board(board, turns), rng)
            assert satpuzzle.check(target, turned) == []
            assert satpuzzle.check(source, contour_puzzle.to_source(source, target, turned)) == []


# ---------------------------------------------------------------- the paper's example, refusals


def test_paper_example_figure_6_and_9():
    """E = {2, 3, 4, 3, 4}, I1 = {2, 3, 3} (indices 0, 1, 3): CONTOUR 3 × 10 with 22 pieces,
    PUZZLE-ORIENTATION 4 × 10 with 40 pieces, both solved by the paper's split."""
    source = PartitionInstance(PAPER_EXAMPLE)
    for module, shape, count in ((partition_contour, (3, 10), 22),
                                 (partition_orientation, (4, 10), 40)):
        target = module.reduce(source)
        assert ((target.rows, target.cols), len(target.pieces)) == (shape, count)
        board = module.to_target(source, target, (0, 1, 3))
        assert satpuzzle.check(target, board) == []
        assert module.to_source(source, target, board) == (0, 1, 3)
        assert satpuzzle.check(source, module.to_source(
            source, target, next(satpuzzle.solutions(target, limit=1)))) == []


def test_odd_sum_is_doubled_and_unsolvable():
    source = PartitionInstance((1, 2, 4))
    contour = partition_contour.reduce(source)
    assert (contour.rows, contour.cols) == (3, 9)  # 2·7/2 + 2
    assert next(satpuzzle.solutions(contour, limit=1), None) is None
    with pytest.raises(ValueError):
        partition_contour.to_target(source, contour, (0, 1))


def test_refused_sources():
    reversible = JigsawInstance(3, 3, ((0, 1, 0, 2),) + ((0, 1, 2, 0),) * 7, variant="contour")
    with pytest.raises(InputError, match="two opposite flat sides"):
        contour_puzzle.reduce(reversible)
    with pytest.raises(InputError, match="contour instance"):
        contour_puzzle.reduce(JigsawInstance(2, 2, ((0, 1, 2, 0),) * 4, variant="puzzle"))
    for numbers in ((), (3, 0), (2, -2)):
        with pytest.raises(InputError):
            partition_contour.reduce(PartitionInstance(numbers))
        with pytest.raises(InputError):
            partition_orientation.reduce(PartitionInstance(numbers))


# Two copies of the reversible piece (0, 1, 0, 2); the contour needs one read 2 → 1 along the
# frame (top side) and the other 1 → 2 (bottom side).
TWO_WAY_CONTOUR = JigsawInstance(3, 3, (
    (0, -2, 5, 0), (0, 1, 0, 2), (0, 0, 6, -1), (-6, 0, 7, 9), (-7, 0, 0, -1), (0, 1, 0, 2),
    (8, -2, 0, 0), (-5, 9, -8, 0)), variant="contour")


def test_paper_relabelling_loses_reversible_pieces():
    """The flaw behind the refusal: relabelling one flat side of a reversible piece (either
    one, the same for equal pieces) turns a solvable contour into an unsolvable puzzle."""
    assert next(satpuzzle.solutions(TWO_WAY_CONTOUR, limit=1), None) is not None
    a = contour_puzzle.fresh_label(TWO_WAY_CONTOUR)
    interior = tuple(contour_puzzle.interior_board(3, 3, a).values())
    for flat_side in (0, 2):
        frame = tuple(
            tuple(a if side == flat_side else v for side, v in enumerate(p))
            if contour_puzzle.reversible(p) else contour_puzzle.frame_piece(p, a)
            for p in TWO_WAY_CONTOUR.pieces)
        naive = JigsawInstance(3, 3, frame + interior)
        assert next(satpuzzle.solutions(naive, limit=1), None) is None
    with pytest.raises(InputError, match="two opposite flat sides"):
        contour_puzzle.reduce(TWO_WAY_CONTOUR)


def test_contour_random_source_unspoiled_is_solvable():
    rng = random.Random(5)
    for _ in range(20):
        board = contour_puzzle.random_contour(rng, rng.randint(3, 5), rng.randint(3, 5), 2)
        assert len(board.pieces) == len(frame_cells(board.rows, board.cols))
        assert next(satpuzzle.solutions(board, limit=1), None) is not None


@pytest.mark.parametrize("name", ["partition-contour", "partition-orientation"])
def test_a_pseudo_polynomial_blow_up_is_refused_before_any_work(tmp_path, name):
    """Two numbers of 10^12 would make trillions of pieces: refused at once, in one line,
    by the command and by the library."""
    import time

    from conftest import run_cli

    from satpuzzle.errors import InputError
    from satpuzzle.kinds.partition.puzzle import PartitionInstance
    from satpuzzle.reductions import reduction

    puzzle = tmp_path / "big.puz"
    puzzle.write_text("partition {\n  numbers: 1000000000000 1000000000000\n}\n")
    started = time.monotonic()
    result = run_cli("reduce", name, puzzle)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "jigsaw pieces" in result.stderr and time.monotonic() - started < 5
    with pytest.raises(InputError, match="jigsaw pieces"):
        reduction(name).reduce(PartitionInstance((10**12, 10**12)))
