"""A dedicated edge-matching baseline: scan-row depth-first search in C
(jigsaw_backtrack.c), compiled here with the system's C compiler on first use.

Whole boards only, equal matching, border zero, rotations allowed (the Brendan and Eternity II
boards of benchmarks/jigsaw.py). The board is searched along its shorter side (it is
transposed when it is wider than tall: fewer open edges on the frontier, measured up to 300×
fewer nodes on 6×9). AVAILABLE is False without a C compiler.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance, Solution, rotated

SOURCE = Path(__file__).with_suffix(".c")
COMPILER = shutil.which("cc") or shutil.which("gcc")
AVAILABLE = COMPILER is not None


def build() -> Path:
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    binary = Path(tempfile.gettempdir()) / f"satpuzzle-jigsaw-backtrack-{digest}"
    if not binary.exists():
        partial = binary.with_name(binary.name + ".partial")
        subprocess.run([COMPILER, "-O2", "-o", str(partial), str(SOURCE)], check=True)
        partial.replace(binary)
    return binary


def _mirror(piece: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The piece seen in the board mirrored across its main diagonal (top ↔ left,
    right ↔ bottom)."""
    top, right, bottom, left = piece
    return (left, bottom, right, top)


def input_text(instance: JigsawInstance) -> str:
    """What the program reads: the board searched with more rows than columns (a wide board
    is searched as its mirror image), the labels numbered from 1 in order of appearance."""
    transpose = instance.cols > instance.rows
    pieces = [_mirror(p) if transpose else tuple(p) for p in instance.pieces]
    rows, cols = ((instance.cols, instance.rows) if transpose
                  else (instance.rows, instance.cols))
    numbers = {0: 0}
    for piece in pieces:
        for label in piece:
            numbers.setdefault(label, len(numbers))
    return f"{rows} {cols}\n" + "".join(
        " ".join(str(numbers[label]) for label in piece) + "\n" for piece in pieces)


def solve(instance: JigsawInstance, time_limit: float) -> tuple[Solution | None, int | None]:
    """The first solution found and the search nodes; (None, None) when the time runs out."""
    if (instance.contour or instance.variant != "puzzle" or instance.matching != "equal"
            or instance.border != "zero"):
        raise ValueError("the backtracking baseline takes whole boards, equal matching, "
                         "border zero, rotations free")
    transpose = instance.cols > instance.rows
    pieces = [_mirror(p) if transpose else tuple(p) for p in instance.pieces]
    cols = instance.rows if transpose else instance.cols
    text = input_text(instance)
    try:
        done = subprocess.run([str(build())], input=text, capture_output=True, text=True,
                              timeout=time_limit, check=True)
    except subprocess.TimeoutExpired:
        return None, None
    head, *lines = done.stdout.split("\n")
    status, nodes = head.split()
    if status != "SOLVED":
        return None, int(nodes)
    placed = [tuple(map(int, line.split())) for line in lines if line]
    board = [[(0, 0)] * instance.cols for _ in range(instance.rows)]
    for k, (index, turns) in enumerate(placed):
        r, c = divmod(k, cols)
        if not transpose:
            board[r][c] = (index, turns)
            continue
        # the cell (r, c) of the searched board is (c, r) here, showing the mirror image
        shown = _mirror(rotated(pieces[index], turns))
        original = instance.pieces[index]
        board[c][r] = (index, next(t for t in range(4) if rotated(original, t) == shown))
    return tuple(tuple(row) for row in board), int(nodes)
