"""Pictures of a cut drawn as lines, read back: the pieces are the regions between the lines
(satpuzzle/kinds/jigsaw/linework.py).

A cut made outside satpuzzle (benchmarks/outside_cutters.py: three-Bézier edges as
Draradech's generator describes them, ball tabs, dovetails) is drawn as its cut lines and
frame, in place, anti-aliased (drawn 4 times larger, then reduced), as a cutting plan's
preview or a scan of one shows it; optionally light on dark, turned, saved as JPEG. Then
`satpuzzle solve PICTURE --format json` runs as a whole process, and its first board is
checked against the truth: each outline read is matched to the cell its centre lies in, and
the share of true neighbour pairs side by side on the board (in its best turn) is reported.

    python -m benchmarks.line_pictures [--sizes 4,6,10] [--widths 1,2,4] [--seeds 1,2,3]
        [--families bezier,ball,dovetail] [--pixels 100] [--turn 0] [--jpeg 0] [--invert]

Not part of the test suite (tests/kinds/jigsaw/test_line_pictures.py runs small cases).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import statistics
import sys
from pathlib import Path

import numpy as np

from benchmarks import outside_cutters

SUPERSAMPLE = 4
MARGIN = 0.2  # of a piece, around the frame


def picture(cut_: outside_cutters.OutsideCut, pixels: int = 100, width: float = 2.0, *,
            turn: float = 0.0, invert: bool = False, jpeg: int = 0, noise: float = 0.0,
            seed: int = 0) -> bytes:
    """The cut's lines and frame, `width` pixels wide, `pixels` a piece (PNG, or JPEG of
    that quality); with `noise`, each line's points but its two ends moved by Gaussian noise
    of that share of a piece (a hand's or a scanner's wobble; the lines still meet)."""
    from PIL import Image, ImageDraw

    unit = pixels / cut_.piece * SUPERSAMPLE
    lines = cut_.cut_lines()
    # the cutter puts the frame's corner its MARGIN pieces in; here it is MARGIN pieces in
    origin = (outside_cutters.MARGIN - MARGIN) * cut_.piece
    size = (np.array([cut_.cols, cut_.rows]) + 2 * MARGIN) * cut_.piece * unit
    image = Image.new("L", (math.ceil(size[0]), math.ceil(size[1])), 255)
    draw = ImageDraw.Draw(image)
    stroke = max(1, round(width * SUPERSAMPLE))
    gauss = np.random.default_rng(seed + 7919)
    for line in lines:
        points = np.vstack([line.points(0.01 * cut_.piece), line.segments[-1].end[None, :]])
        if noise:
            points[1:-1] += gauss.normal(0.0, noise * cut_.piece, points[1:-1].shape)
        points = (points - origin) * unit
        draw.line([tuple(map(float, p)) for p in points], fill=0, width=stroke, joint="curve")
    corner = MARGIN * cut_.piece * unit
    far = corner + np.array([cut_.cols, cut_.rows]) * cut_.piece * unit
    draw.rectangle([corner, corner, far[0], far[1]], outline=0, width=stroke)
    image = image.resize((math.ceil(size[0] / SUPERSAMPLE), math.ceil(size[1] / SUPERSAMPLE)),
                         Image.Resampling.BOX)
    if turn:
        image = image.rotate(turn, expand=True, fillcolor=255,
                             resample=Image.Resampling.BICUBIC)
    if invert:
        image = image.point(lambda value: 255 - value)
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=jpeg) if jpeg else image.save(out, format="PNG")
    return out.getvalue()


def outlines_picture(cut_: outside_cutters.OutsideCut, pixels: int = 80,
                     width: float = 2.0) -> bytes:
    """The cut's scattered pieces drawn as their outlines (not filled), `width` pixels wide,
    on the page `OutsideCut.png` draws them filled on (the same scale and place)."""
    from PIL import Image, ImageDraw

    factor = pixels / cut_.piece
    page = np.array(cut_.extent())
    big = factor * SUPERSAMPLE
    image = Image.new("L", (math.ceil(page[0] * big), math.ceil(page[1] * big)), 255)
    draw = ImageDraw.Draw(image)
    stroke = max(1, round(width * SUPERSAMPLE))
    for points in cut_.outlines:
        ring = [(float(x) * big, float(y) * big) for x, y in points]
        draw.line([*ring, ring[0]], fill=0, width=stroke, joint="curve")
    image = image.resize((math.ceil(page[0] * factor), math.ceil(page[1] * factor)),
                         Image.Resampling.BOX)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def cells_of(found: list[np.ndarray], rows: int, cols: int, turn: float = 0.0,
             ) -> list[tuple[int, int]]:
    """The cell of each outline read: where its centre falls on the grid of the outlines'
    own extent, once the drawing's `turn` (degrees, as `picture` turned it) is undone."""
    centres = np.array([points.mean(axis=0) for points in found])
    if turn:
        angle = math.radians(turn)  # the picture turned anticlockwise on screen: turn back
        back = np.array([[math.cos(angle), -math.sin(angle)],
                         [math.sin(angle), math.cos(angle)]])
        centres = (centres - centres.mean(axis=0)) @ back.T
    low, high = centres.min(axis=0), centres.max(axis=0)
    step = (high - low) / np.maximum(np.array([cols, rows]) - 1, 1)
    grid = np.rint((centres - low) / np.where(step > 0, step, 1)).astype(int)
    return [(int(r), int(c)) for c, r in grid]


def check(data: bytes, suffix: str, rows: int, cols: int, folder: Path,
          timeout: float = 300, turn: float = 0.0, options: tuple[str, ...] = (),
          ) -> dict[str, object]:
    """`satpuzzle solve` on the picture as a whole process: its first board against the
    truth, wall and CPU time."""
    from satpuzzle.kinds.jigsaw import outlines

    path = folder / f"cut-{rows}x{cols}{suffix}"
    path.write_bytes(data)
    found = outlines.read(data, str(path))
    cells = cells_of(found, rows, cols, turn)
    run = outside_cutters.run_solve(path, timeout, options, limit=1)
    result: dict[str, object] = {"pieces": len(found), "wall": run.wall, "cpu": run.cpu,
                                 "accuracy": 0.0, "error": ""}
    solutions = run.solutions
    if run.status != 0 or not solutions:
        result["error"] = run.message[:160] or "no board"
        return result
    board = [[cell[0] if cell else None for cell in row] for row in solutions[0]]
    if len(set(cells)) == len(cells) == rows * cols:
        result["accuracy"] = outside_cutters.neighbour_accuracy(cells, board)
    else:
        result["error"] = f"{len(found)} outlines read for {rows * cols} pieces"
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,6,10")
    parser.add_argument("--widths", default="1,2,4")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--families", default="bezier,ball,dovetail")
    parser.add_argument("--pixels", type=int, default=100)
    parser.add_argument("--turn", type=float, default=0.0)
    parser.add_argument("--jpeg", type=int, default=0, help="JPEG quality (0: PNG)")
    parser.add_argument("--invert", action="store_true", help="light lines on dark")
    parser.add_argument("--noise", type=float, default=0.0, help="share of a piece")
    parser.add_argument("--folder", type=Path, default=Path("/tmp/line_pictures"))
    parser.add_argument("--grouping", default="", help="passed to satpuzzle solve")
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    options = ("--grouping", args.grouping) if args.grouping else ()
    print(f"load {os.getloadavg()[0]:.1f}; {args.pixels} px a piece, turn {args.turn}, "
          f"{'JPEG ' + str(args.jpeg) if args.jpeg else 'PNG'}"
          f"{', inverted' if args.invert else ''}, noise {args.noise:g}"
          f"{', --grouping ' + args.grouping if args.grouping else ''}")
    print("| family | size | line px | perfect | neighbours (mean) | CPU s (median) |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for family in args.families.split(","):
        for size in map(int, args.sizes.split(",")):
            for width in map(float, args.widths.split(",")):
                results = []
                for seed in map(int, args.seeds.split(",")):
                    cut_ = outside_cutters.cut(size, size, family, seed=seed)
                    data = picture(cut_, args.pixels, width, turn=args.turn,
                                   invert=args.invert, jpeg=args.jpeg, noise=args.noise,
                                   seed=seed)
                    results.append(check(data, ".jpg" if args.jpeg else ".png", size, size,
                                         args.folder, turn=args.turn, options=options))
                perfect = sum(r["accuracy"] == 1.0 for r in results)
                mean = statistics.mean(float(r["accuracy"]) for r in results)  # type: ignore[arg-type]
                cpu = statistics.median(float(r["cpu"]) for r in results)  # type: ignore[arg-type]
                errors = "; ".join(sorted({str(r["error"]) for r in results if r["error"]}))
                print(f"| {family} | {size}×{size} | {width:g} | {perfect}/{len(results)} | "
                      f"{mean:.2f} | {cpu:.2f} |" + (f" {errors}" if errors else ""))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
