"""SVG: a picture of the puzzle (export only; pictures are not read back).

`satpuzzle export --format svg` draws the unsolved puzzle; `satpuzzle solve --format svg`
draws the solutions found (satpuzzle/pictures)."""

from __future__ import annotations

from satpuzzle.instances import Instance
from satpuzzle.kinds import registry
from satpuzzle.pictures import render_svg

NAME = "svg"
KINDS: tuple[str, ...] = registry.NAMES


def write(instance: Instance) -> str:
    """The unsolved puzzle as one standalone SVG document."""
    return render_svg(instance, None)
