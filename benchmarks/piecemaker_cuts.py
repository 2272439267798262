"""Jigsaw cuts made by another generator, read back as a user's files are: piecemaker (Jake
Hickenlooper's generator behind Puzzle Massive, `pip install piecemaker`, which runs
`rsvg-convert` and `potrace`: Debian's librsvg2-bin and potrace), in its two cut styles (`interlockingnubs`,
`stochasticnubs`: nubs anywhere along a side, some beside a corner, some sides nearly
straight).

For each board size, style and seed, piecemaker cuts a picture (made here, light colours) into
R x C pieces, and satpuzzle solves, as whole processes (benchmarks/outside_cutters.run_solve):
- `lines`: its cut-line file `lines.svg` (the pieces in place: the truth is the identity, up
  to a turn of the whole board);
- `picture`: its pieces' own pictures (RGBA, one a piece) laid apart, in shuffled order and
  turned by any angle, on a black table, as one PNG; the truth is each piece's cell from its
  place in piecemaker's `pieces.json`.

Usage: python -m benchmarks.piecemaker_cuts [--sizes 6,10] [--styles interlockingnubs,...]
[--seeds 1,2,3] [--sources lines,picture] [--piece 100] [--piecemaker PATH] [--grouping G]
[--board-given] [--corners]
Prints one row per case and a summary per size, style and source: boards rebuilt exactly,
mean share of neighbours in place, CPU seconds (getrusage of the children), load average.
With --corners, under each picture's row the pieces whose corners satpuzzle reads (as `solve`
does: sides.piece, then sides.on_grid) more than 0.1 piece sizes from their cell's corners on
piecemaker's grid, turned and moved as the piece was laid.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from benchmarks.outside_cutters import identity_turn, neighbour_accuracy, run_solve

STYLES = ("interlockingnubs", "stochasticnubs")
SOURCES = ("lines", "picture")
TABLE = (0, 0, 0)  # the table the pieces lie on in the picture


@dataclass(frozen=True)
class Cut:
    """piecemaker's output for one board: its folder, the board's size, and each piece's
    cell (row, col) by the id piecemaker gave it."""

    folder: Path
    rows: int
    cols: int
    cells: dict[int, tuple[int, int]]
    origins: dict[int, tuple[float, float]] = field(default_factory=dict)  # boxes' top left
    piece: int = 100  # pixels a cell

    @property
    def sized(self) -> Path:
        return self.folder / "size-100"  # the pieces at full size (others are scaled)


def image(side: int, seed: int, path: Path) -> None:
    """A light picture to cut: smooth colour waves, no flat area (its content is of no use
    to satpuzzle, which reads shapes only)."""
    from PIL import Image

    y, x = np.mgrid[0:side, 0:side] / side
    rng = np.random.default_rng(seed)
    phase = rng.uniform(0, 2 * math.pi, 3)
    channels = [150 + 80 * np.sin(2 * math.pi * (k + 1) * (x + 0.7 * y) + phase[k])
                for k in range(3)]
    Image.fromarray(np.stack(channels, axis=2).astype(np.uint8)).save(path, quality=95)


def cut(size: int, style: str, seed: int, folder: Path, piece: int, program: str) -> Cut:
    """piecemaker run on a picture of size × piece pixels a side, asked for size² pieces."""
    picture = folder / "picture.jpg"
    image(size * piece, seed, picture)
    out = folder / "cut"
    out.mkdir()
    subprocess.run([program, "--dir", str(out), "--number-of-pieces", str(size * size),
                    "--variant", style, "--random-seed", str(seed),
                    "--exclude-outside-piece-container", "--use-max-size", str(picture)],
                   check=True, capture_output=True, timeout=600)
    boxes = json.loads((out / "size-100" / "pieces.json").read_text())
    if len(boxes) != size * size:
        raise ValueError(f"piecemaker made {len(boxes)} pieces, not {size * size}")
    span = size * piece / size
    cells = {}
    origins = {}
    for key, box in boxes.items():
        x0, y0, x1, y1 = box[:4]
        cells[int(key)] = (min(size - 1, int((y0 + y1) / 2 / span)),
                           min(size - 1, int((x0 + x1) / 2 / span)))
        origins[int(key)] = (float(x0), float(y0))
    if len(set(cells.values())) != size * size:
        raise ValueError("piecemaker's pieces do not make a grid")
    return Cut(out, size, size, cells, origins, piece)


@dataclass(frozen=True)
class Laid:
    """The picture of the pieces laid apart, and each one's centre there, by piece id."""

    path: Path
    centres: dict[int, tuple[float, float]]
    # each piece's turn (degrees, counterclockwise on screen), its picture's size before and
    # after, and where the turned picture's top left was put
    placed: dict[int, tuple[float, int, int, int, int, int, int]] = field(default_factory=dict)


def lay_out(cut_: Cut, seed: int, path: Path) -> Laid:
    """The pieces' own pictures on a black table, a slot each in shuffled order, each turned
    by any angle and moved a little within its slot."""
    from PIL import Image

    rng = random.Random(seed)
    pieces = {int(p.stem): Image.open(p).convert("RGBA")
              for p in (cut_.sized / "raster" / "image-0").glob("*.png")}
    slot = int(max(max(im.size) for im in pieces.values()) * 1.5)
    per_row = math.ceil(math.sqrt(len(pieces)))
    table = Image.new("RGB", (per_row * slot, math.ceil(len(pieces) / per_row) * slot), TABLE)
    order = list(pieces)
    rng.shuffle(order)
    centres = {}
    placed = {}
    for place, key in enumerate(order):
        angle = rng.uniform(0, 360)
        turned = pieces[key].rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        r, c = divmod(place, per_row)
        left = c * slot + rng.randint(0, max(0, slot - turned.size[0]))
        top = r * slot + rng.randint(0, max(0, slot - turned.size[1]))
        table.paste(turned, (left, top), turned)
        alpha = np.asarray(turned)[:, :, 3] > 127
        ys, xs = np.nonzero(alpha)
        centres[key] = (left + float(xs.mean()), top + float(ys.mean()))
        placed[key] = (angle, *pieces[key].size, *turned.size, left, top)
    table.save(path)
    return Laid(path, centres, placed)


def true_corners(cut_: Cut, laid: Laid, key: int) -> np.ndarray:
    """The corners of piece `key`'s cell on piecemaker's grid, where they lie in the picture
    of the pieces laid apart (turned about its picture's centre, as Pillow turns it)."""
    angle, width, height, turned_width, turned_height, left, top = laid.placed[key]
    row, col = cut_.cells[key]
    corners = np.array([[col, row], [col + 1, row], [col + 1, row + 1], [col, row + 1]],
                       dtype=float) * cut_.piece
    x0, y0 = cut_.origins[key]
    d = corners - [x0 + width / 2, y0 + height / 2]
    a = math.radians(angle)
    return np.column_stack([d[:, 0] * math.cos(a) + d[:, 1] * math.sin(a),
                            -d[:, 0] * math.sin(a) + d[:, 1] * math.cos(a)]) + [
        left + turned_width / 2, top + turned_height / 2]


def misread_corners(cut_: Cut, laid: Laid, off: float = 0.1) -> list[str]:
    """The pieces of the picture whose corners, read as `satpuzzle solve` reads them, lie
    more than `off` piece sizes from their cell's corners: one line each."""
    from satpuzzle.kinds.jigsaw import outlines as reader
    from satpuzzle.kinds.jigsaw import sides

    found = reader.read(laid.path.read_bytes(), str(laid.path))
    size = sides.piece_size(found)
    pieces = sides.on_grid([sides.piece(points, k, size) for k, points in enumerate(found)])
    keys = list(laid.centres)
    centres = np.array([laid.centres[key] for key in keys])
    lines = []
    for k, (points, piece) in enumerate(zip(found, pieces)):
        key = keys[int(np.argmin(np.linalg.norm(centres - np.asarray(points).mean(axis=0),
                                                axis=1)))]
        truth = true_corners(cut_, laid, key)
        gaps = np.linalg.norm(piece.corner_points[:, None, :] - truth[None], axis=2).min(axis=1)
        if gaps.max() > off * cut_.piece:
            lines.append(f"  outline {k + 1} (piece {key}, cell {cut_.cells[key]}): corners "
                         f"off {', '.join(f'{gap / cut_.piece:.2f}' for gap in gaps)}")
    return lines


def read_order(laid: Laid) -> list[int]:
    """For each outline as satpuzzle reads the picture, the piece whose centre is nearest."""
    from satpuzzle.kinds.jigsaw import outlines as reader

    found = reader.read(laid.path.read_bytes(), str(laid.path))
    keys = list(laid.centres)
    centres = np.array([laid.centres[key] for key in keys])
    return [keys[int(np.argmin(np.linalg.norm(centres - np.asarray(points).mean(axis=0),
                                              axis=1)))] for points in found]


@dataclass(frozen=True)
class Outcome:
    perfect: bool
    neighbours: float
    status: int
    cpu: float
    message: str


def measure(cut_: Cut, source: str, seed: int, folder: Path, timeout: float,
            options: tuple[str, ...]) -> Outcome:
    cells = [(r, c) for r in range(cut_.rows) for c in range(cut_.cols)]
    if source == "lines":
        path = cut_.folder / "lines.svg"
        run = run_solve(path, timeout, options, limit=4)
        if not run.solutions:
            return Outcome(False, 0.0, run.status, run.cpu, run.message)
        first = run.solutions[0]
        board = [[None if cell is None else int(cell[0]) for cell in row] for row in first]
        return Outcome(identity_turn(first, cut_.rows, cut_.cols) is not None,
                       neighbour_accuracy(cells, board), run.status, run.cpu, run.message)
    laid = lay_out(cut_, seed, folder / "laid.png")
    run = run_solve(laid.path, timeout, options, limit=4)
    if not run.solutions:
        return Outcome(False, 0.0, run.status, run.cpu, run.message)
    order = read_order(laid)
    index = {cell: k for k, cell in enumerate(cells)}
    board = [[None if cell is None else index[cut_.cells[order[int(cell[0])]]] for cell in row]
             for row in run.solutions[0]]
    share = neighbour_accuracy(cells, board)
    return Outcome(share == 1.0, share, run.status, run.cpu, run.message)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="6,10")
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--sources", default=",".join(SOURCES))
    parser.add_argument("--piece", type=int, default=100, help="pixels a piece")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--piecemaker", default=shutil.which("piecemaker"),
                        help="the piecemaker command (default: on PATH)")
    parser.add_argument("--grouping", default=None)
    parser.add_argument("--board-given", action="store_true",
                        help="pass the board's size (--board RxC), as a user who knows it")
    parser.add_argument("--corners", action="store_true",
                        help="list the pictures' pieces whose corners are read 0.1 off")
    args = parser.parse_args(argv)
    if not args.piecemaker:
        parser.error("piecemaker is not installed (pip install piecemaker; it runs "
                     "rsvg-convert and potrace: Debian's librsvg2-bin and potrace)")
    options = ("--grouping", args.grouping) if args.grouping else ()
    print(f"load average {os.getloadavg()}, piecemaker {args.piecemaker}, "
          f"options {' '.join(options) or '(defaults)'}")
    summary: dict[tuple[int, str, str], list[Outcome]] = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        for style in args.styles.split(","):
            for seed in [int(s) for s in args.seeds.split(",")]:
                with tempfile.TemporaryDirectory() as temporary:
                    folder = Path(temporary)
                    made = cut(size, style, seed, folder, args.piece, args.piecemaker)
                    given = ("--board", f"{size}x{size}") if args.board_given else ()
                    for source in args.sources.split(","):
                        outcome = measure(made, source, seed, folder, args.timeout,
                                          options + given)
                        summary.setdefault((size, style, source), []).append(outcome)
                        print(f"{size}x{size} {style} seed {seed} {source}: "
                              f"{'perfect' if outcome.perfect else 'not perfect'}, "
                              f"neighbours {outcome.neighbours:.3f}, exit {outcome.status}, "
                              f"CPU {outcome.cpu:.2f} s  {outcome.message[:70]}", flush=True)
                        if args.corners and source == "picture":  # laid out again alike
                            laid = lay_out(made, seed, folder / "laid-again.png")
                            print("\n".join(misread_corners(made, laid)) or "  corners: none off",
                                  flush=True)
    print("\n| board | style | source | perfect | neighbours | CPU s (median) |")
    print("|---|---|---|---|---|---|")
    for (size, style, source), outcomes in summary.items():
        perfect = sum(o.perfect for o in outcomes)
        print(f"| {size}×{size} | {style} | {source} | {perfect} of {len(outcomes)} | "
              f"{statistics.mean(o.neighbours for o in outcomes):.3f} | "
              f"{statistics.median(o.cpu for o in outcomes):.2f} |")
    print(f"load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
