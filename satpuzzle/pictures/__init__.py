"""Pictures of puzzles and solutions: SVG documents, and Unicode box-drawing text.

Each kind's pictures module (satpuzzle/kinds/<kind>/pictures.py, reached through its Kind)
offers
    svg(instance, solution | None) -> svg.Drawing   the picture's elements and size
    pretty(instance, solution | None) -> str        box-drawing text for a terminal
and this module frames them: `render_svg` stacks panels (the puzzle, or each solution)
vertically under a caption each, `render_pretty` returns the text.

Drawings are deterministic (the same input gives the same bytes) and every structural feature
is a shape, so that a machine without fonts still shows grids, fills, bridges and borders.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from satpuzzle.drawing import svg
from satpuzzle.instances import Instance, Solution
from satpuzzle.kinds import registry

MARGIN = 16  # around the whole document
CAPTION = 28  # height of the caption line above each panel
GAP = 24  # between stacked panels
CAPTION_SIZE = 16


def caption_width(caption: str) -> float:
    """A generous estimate of a caption's width, so that a long title is not cut off."""
    return len(caption) * CAPTION_SIZE * 0.65


def panel_top(index: int, heights: Sequence[float]) -> float:
    """The y where the body of panel `index` starts (after its caption)."""
    return MARGIN + sum(h + CAPTION + GAP for h in heights[:index]) + CAPTION


def render_svg(instance: Instance, solutions: Sequence[Solution] | None = None) -> str:
    """One standalone SVG document: the unsolved puzzle when `solutions` is None or empty,
    else each solution in turn, stacked vertically and captioned "solution k"."""
    module = registry.kind_of(instance)
    if solutions:
        panels = [(f"solution {k}", module.svg(instance, solution))
                  for k, solution in enumerate(solutions, 1)]
    else:
        title = getattr(instance, "title", None)
        panels = [(title or f"{instance.KIND} puzzle", module.svg(instance, None))]
    heights = [drawing.height for _, drawing in panels]
    width = max(max(drawing.width, caption_width(caption)) for caption, drawing in panels)
    width += 2 * MARGIN
    height = panel_top(len(panels), heights) - CAPTION - GAP + MARGIN
    body = []
    for index, (caption, drawing) in enumerate(panels):
        top = panel_top(index, heights)
        body.append(svg.text(MARGIN, top - CAPTION / 2, caption, size=CAPTION_SIZE,
                             anchor="start", bold=True))
        body.append(svg.group(drawing.body, MARGIN, top))
    return svg.document(math.ceil(width), math.ceil(height), body)  # whole pixels


def render_pretty(instance: Instance, solution: Solution | None) -> str:
    """The solution (or the puzzle, when `solution` is None) in box-drawing text."""
    return registry.kind_of(instance).pretty(instance, solution)
