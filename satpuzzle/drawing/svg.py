"""Tiny SVG-building helpers: each returns one element as a string.

Coordinates are user units (one pixel at the default scale). Numbers are written by `num`
so that the same drawing always gives the same bytes. `crisp=True` asks the renderer for
crisp edges (no anti-aliasing): grid lines then cover whole pixels, which is what makes a
thick line measurably wider than a thin one.
"""

from __future__ import annotations

import colorsys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, TypedDict

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11

FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}


def escape(text: str) -> str:
    """`text` safe inside an XML element or a double-quoted attribute."""
    return "".join(_ESCAPES.get(char, char) for char in text)


def num(value: float) -> str:
    """A coordinate: integers without a decimal point, others to two decimals."""
    rounded = round(float(value), 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0")


def _crisp(crisp: bool) -> str:
    return ' shape-rendering="crispEdges"' if crisp else ""


def document(width: float, height: float, body: Iterable[str],
             background: str = "#ffffff") -> str:
    """A standalone SVG document of the given size, on an opaque background."""
    w, h = num(width), num(height)
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">\n')
    backdrop = rect(0, 0, width, height, fill=background)
    return head + "\n".join([backdrop, *body]) + "\n</svg>\n"


def group(body: Iterable[str], dx: float = 0, dy: float = 0) -> str:
    """Elements moved by (dx, dy)."""
    inner = "\n".join(body)
    return f'<g transform="translate({num(dx)},{num(dy)})">\n{inner}\n</g>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = "#000000",
         width: float = 1, crisp: bool = False) -> str:
    return (f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{stroke}" stroke-width="{num(width)}" stroke-linecap="square"'
            f'{_crisp(crisp)}/>')


class RectStyle(TypedDict, total=False):
    """How `rect` paints, named at the call: `fill` (default "none"), an outline `stroke`
    (default none) of `stroke_width` (default 1), `crisp` edges (default off)."""

    fill: str
    stroke: str | None
    stroke_width: float
    crisp: bool


def rect(x: float, y: float, width: float, height: float, **style: Unpack[RectStyle]) -> str:
    stroke = style.get("stroke")
    stroke_width = style.get("stroke_width", 1)
    outline = (f' stroke="{stroke}" stroke-width="{num(stroke_width)}"' if stroke else "")
    fill, crisp = style.get("fill", "none"), style.get("crisp", False)
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" '
            f'fill="{fill}"{outline}{_crisp(crisp)}/>')


def circle(cx: float, cy: float, r: float, fill: str = "#ffffff", stroke: str | None = None,
           stroke_width: float = 1) -> str:
    outline = f' stroke="{stroke}" stroke-width="{num(stroke_width)}"' if stroke else ""
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"{outline}/>'


def polygon(points: Sequence[tuple[float, float]], fill: str, stroke: str | None = None,
            stroke_width: float = 1) -> str:
    coordinates = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    outline = f' stroke="{stroke}" stroke-width="{num(stroke_width)}"' if stroke else ""
    return f'<polygon points="{coordinates}" fill="{fill}"{outline}/>'


def text(x: float, y: float, content: str, size: float = 14, fill: str = "#000000",
         bold: bool = False, anchor: str = "middle") -> str:
    """Text whose baseline is vertically centred on y (dominant-baseline central)."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{FONT}" font-size="{num(size)}" '
            f'fill="{fill}" text-anchor="{anchor}" dominant-baseline="central"{weight}>'
            f'{escape(content)}</text>')


def hsl(hue: float, saturation: float, lightness: float) -> str:
    """`#rrggbb` of an HSL colour (hue in degrees, the others in 0..1), computed here so that
    every renderer shows the same colour."""
    red, green, blue = colorsys.hls_to_rgb((hue % 360) / 360, lightness, saturation)
    return "#" + "".join(f"{round(channel * 255):02x}" for channel in (red, green, blue))


def hue(index: int) -> float:
    """Well-spread hues for 0, 1, 2, ...: steps of the golden angle."""
    return (index * 137.508) % 360


class Drawing(NamedTuple):
    """A picture's elements and the size they occupy, from (0, 0)."""

    body: list[str]
    width: float
    height: float
