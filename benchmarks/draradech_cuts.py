"""Jigsaw cuts made by Draradech's generator (https://github.com/Draradech/jigsaw, its page
`jigsaw.html`, CC0), run unchanged under Node.js (benchmarks/draradech_page.js), read back as
a user's files are.

The generator writes a cutting plan: the horizontal cut lines as one path, the vertical ones
as another, and the frame (corners rounded by `radius` mm); each edge three cubic Béziers
(tab size and jitter as its page sets them: 10-30 % and 0-13 %). For each case satpuzzle
solves, as a whole process (benchmarks/outside_cutters.run_solve):
- `lines`: the SVG as the generator wrote it (pieces in place: the truth is the identity, up
  to a turn of the whole board);
- `picture`: that SVG drawn by rsvg-convert (librsvg) at `--pixels` a piece, its strokes
  `--stroke` mm wide (the generator's 0.1 mm is a hairline), black on white; each region's
  cell is told by where its centre falls (benchmarks/line_pictures.cells_of).

Usage: python -m benchmarks.draradech_cuts --page PATH/jigsaw.html [--sizes 10x10,20x20]
[--tabs 20] [--jitters 4] [--radii 0] [--seeds 1,2,3] [--sources lines,picture]
[--pixels 40,60,100] [--stroke 0.3] [--options "--grouping pairs"]
Prints one row per case (rebuilt exactly or not, neighbours in place, CPU s) and a summary
per size, tab, jitter, radius and source, with the load average. Needs `node` (and
`rsvg-convert` for pictures); the page is not part of satpuzzle.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shlex
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from benchmarks import line_pictures
from benchmarks.outside_cutters import identity_turn, run_solve

RUNNER = Path(__file__).with_name("draradech_page.js")
PIECE_MM = 20  # each tile 20 mm a side (the page's default 300 x 200 mm for 15 x 10)


def generate(page: Path, seed: int, tab: float, jitter: float, size: tuple[int, int],
             radius: float) -> str:
    """The SVG the page saves for these inputs (`size`: rows, cols)."""
    rows, cols = size
    return subprocess.run(["node", str(RUNNER), str(page), str(seed), str(tab), str(jitter),
                           str(cols), str(rows), str(PIECE_MM * cols), str(PIECE_MM * rows),
                           str(radius)], capture_output=True, text=True, check=True,
                          timeout=120).stdout


def solve_lines(svg: str, size: tuple[int, int], folder: Path, timeout: float,
                options: tuple[str, ...]) -> tuple[bool, float, float, str]:
    """The cut-line file solved: rebuilt exactly, neighbours (1 or 0), CPU s, message."""
    path = folder / "jigsaw.svg"
    path.write_text(svg)
    run = run_solve(path, timeout, options, limit=1)
    exact = bool(run.status == 0 and run.solutions
                 and identity_turn(run.solutions[0], *size) is not None)
    return exact, float(exact), run.cpu, "" if exact else run.message[:120] or "wrong board"


def solve_picture(svg: str, size: tuple[int, int], folder: Path, pixels: int, stroke: float,
                  timeout: float, options: tuple[str, ...]) -> tuple[bool, float, float, str]:
    """The SVG drawn as a picture, solved: rebuilt exactly, neighbours, CPU s, message."""
    rows, cols = size
    drawn = folder / "drawn.svg"
    drawn.write_text(svg.replace('stroke-width="0.1"', f'stroke-width="{stroke}"'))
    path = folder / "jigsaw.png"
    subprocess.run(["rsvg-convert", "-w", str(pixels * cols), "-b", "white", str(drawn), "-o",
                    str(path)], check=True, timeout=120)
    result = line_pictures.check(path.read_bytes(), ".png", rows, cols, folder, timeout,
                                 options=options)
    accuracy = float(result["accuracy"])  # type: ignore[arg-type]
    return (accuracy == 1.0, accuracy, float(result["cpu"]),  # type: ignore[arg-type]
            str(result["error"])[:120])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", type=Path, required=True, help="the generator's jigsaw.html")
    parser.add_argument("--sizes", default="10x10")
    parser.add_argument("--tabs", default="20")
    parser.add_argument("--jitters", default="4")
    parser.add_argument("--radii", default="0")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--sources", default="lines,picture")
    parser.add_argument("--pixels", default="60", help="pixels a piece in pictures")
    parser.add_argument("--stroke", type=float, default=0.3, help="stroke width, mm")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--options", default="", help="more options for satpuzzle solve")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("node",) + (("rsvg-convert",) if "picture" in args.sources
                                              else ()) if shutil.which(tool) is None]
    if missing or not args.page.is_file():
        print(f"needs {', '.join(missing) or args.page}")
        return 2
    options = tuple(shlex.split(args.options))
    sizes = [tuple(int(n) for n in text.split("x")) for text in args.sizes.split(",")]
    sources = [(source, int(pixels)) for source in args.sources.split(",")
               for pixels in (args.pixels.split(",") if source == "picture" else ["0"])]
    print(f"load average {os.getloadavg()[0]:.2f}; satpuzzle solve {args.options or '(defaults)'}")
    for size, tab, jitter, radius, (source, pixels) in itertools.product(
            sizes, args.tabs.split(","), args.jitters.split(","), args.radii.split(","),
            sources):
        rows, cols = size
        exact, neighbours, cpu, notes = 0, [], [], []
        seeds = [int(seed) for seed in args.seeds.split(",")]
        for seed in seeds:
            svg = generate(args.page, seed, float(tab), float(jitter), (rows, cols),
                           float(radius))
            with tempfile.TemporaryDirectory() as folder:
                if source == "lines":
                    outcome = solve_lines(svg, (rows, cols), Path(folder), args.timeout,
                                          options)
                else:
                    outcome = solve_picture(svg, (rows, cols), Path(folder), pixels,
                                            args.stroke, args.timeout, options)
            exact += outcome[0]
            neighbours.append(outcome[1])
            cpu.append(outcome[2])
            if not outcome[0]:
                notes.append(f"seed {seed}: {outcome[3]}")
        where = f"{source}{f' {pixels} px' if pixels else ''}"
        print(f"{rows}x{cols} tab {tab} % jitter {jitter} % radius {radius} mm {where}: "
              f"{exact}/{len(seeds)} exact, neighbours {statistics.mean(neighbours):.3f}, "
              f"CPU s median {statistics.median(cpu):.1f}"
              + (f" | {'; '.join(notes)}" if notes else ""), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
