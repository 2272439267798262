"""Jigsaw pieces as outlines: one closed polyline per piece, read from an SVG drawing (one
closed path or polygon per piece, as cut generators and vectorised scans give them), a JSON
list of points, or a picture of the pieces on a plain background (PNG, JPEG).

Reads are bounded and hostile input is refused in one line: the XML is parsed by expat with
any document type declaration refused (so no entity is ever declared or expanded), element,
piece and point counts are capped, numbers must be finite; a picture's pixel count is
checked before it is decoded. Curves (C, S, Q, T) and elliptical arcs (A, as SVG editors
write circles) are sampled to points.
"""

from __future__ import annotations

import io
import json
import math
import re
import warnings
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from satpuzzle.errors import InputError
from satpuzzle.kinds.jigsaw import cutlines, linework

Points = npt.NDArray[np.float64]  # n × 2, x right and y down
Matrix = npt.NDArray[np.float64]  # 3 × 3 affine transform

MAX_OUTLINES = 10_000  # pieces in one file
MAX_POINTS = 2_000_000  # points over all outlines, curves sampled
MAX_ELEMENTS = 100_000  # XML elements
MAX_PIXELS = 64_000_000  # a picture's width × height, checked before decoding
BORDER_BAND = 0.05  # of a picture's smaller side: the frame its background is read from
CURVE_POINTS = 12  # points sampled on each curve segment
MIN_POINTS = 8  # an outline of fewer points is no piece
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_MAGIC = b"\xff\xd8\xff"
JSON_START = re.compile(r'\A\s*\{\s*"outlines"\s*:')
OPEN_PATHS_NOTE = "satpuzzle reads one closed path per piece"


class Outlines(list[Points]):
    """The outlines read, and how many open paths (cut lines, not pieces) were left out:
    said when the closed ones make no board."""

    open_paths: int = 0
    grid: tuple[int, int] | None = None  # rows × columns, for pieces cut from cut lines
    # per piece, points known to be among its corners, where lines cross: from cut lines,
    # 4 × 2 clockwise from the top-left, NaN where unknown; from a picture of lines, k × 2
    # in no order (a corner piece's outer corner is not among them)
    corners: list[Points] | None = None

    def open_paths_note(self) -> str:
        """"N open path(s) left out: ...", or "" when none was."""
        return open_paths_note(self.open_paths)


def open_paths_note(count: int) -> str:
    return f"{count} open path(s) left out: {OPEN_PATHS_NOTE}" if count else ""


def sniff(source: str | bytes) -> str | None:
    """Which outline source this is: "svg", "json", "image", or None."""
    if isinstance(source, bytes):
        return "image" if source.startswith((PNG_MAGIC, JPEG_MAGIC)) else None
    head = source[:4096].lstrip("\ufeff \t\r\n")
    if head.startswith("<") and "<svg" in head:  # after an XML declaration, comments
        return "svg"
    return "json" if JSON_START.match(head) else None


def read(source: str | bytes, path: str) -> list[Points]:
    """The outlines of an SVG, JSON or picture source, each with at least MIN_POINTS points."""
    kind = sniff(source)
    if kind == "image" and isinstance(source, bytes):
        return read_image(source, path)
    if isinstance(source, bytes):
        raise InputError("binary data, expected a PNG or JPEG picture of jigsaw pieces", path)
    if kind == "json":
        return read_json(source, path)
    if kind == "svg" or source.lstrip().startswith("<"):
        return read_svg(source, path)
    raise InputError('expected jigsaw outlines: an SVG drawing, a JSON {"outlines": '
                     '[[[x, y], ...], ...]} or a PNG/JPEG picture', path, 1, 1)


def missing(library: str, purpose: str) -> InputError:
    """The error for an optional library of the `outlines` extra that is not installed."""
    return InputError(f"{purpose} needs {library}: pip install 'satpuzzle[outlines]'")


# ---------------------------------------------------------------- SVG

_TOKEN = re.compile(r"\s*,?\s*(?:([MmLlHhVvCcSsQqTtZzAa])|"
                    r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0, "A": 7}
_TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*,?")


def read_svg(text: str, path: str) -> list[Points]:
    """Every closed subpath of every <path>, and every <polygon>, as an outline in the
    drawing's user units (transforms of the element and its groups applied)."""
    from xml.parsers import expat

    parser = expat.ParserCreate(namespace_separator=" ")
    outlines: list[Points] = []
    lines: list[cutlines.CutLine] = []  # open paths: a cut's lines, the pieces if they cut
    frames: list[Points] = []  # <rect>s: a cut's frame, read only with cut lines
    stack: list[Matrix] = [np.eye(3)]
    counts = {"elements": 0, "points": 0, "open": 0}

    def where() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def refuse(*_: object) -> None:
        raise InputError("an SVG with a document type declaration (<!DOCTYPE>) is refused: "
                         "it could declare entities", path, *where())

    def start(name: str, attributes: dict[str, str]) -> None:
        counts["elements"] += 1
        if counts["elements"] > MAX_ELEMENTS:
            raise InputError(f"more than {MAX_ELEMENTS} XML elements", path, *where())
        tag = name.rpartition(" ")[2]
        try:
            matrix = stack[-1] @ _transform(attributes.get("transform", ""))
            stack.append(matrix)
            if tag == "rect":
                frame = cutlines.rect(attributes)
                frames.extend([] if frame is None else [_apply(matrix, frame)])
                return
            found, left = _element(tag, attributes)
        except InputError as error:
            raise InputError(f"<{tag}>: {error.message}", path, *where()) from None
        left = [points for points in left if len(points) > 1]
        counts["open"] += len(left)
        lines.extend(cutlines.CutLine(_apply(matrix, points), *where()) for points in left)
        counts["points"] += sum(len(points) for points in left)
        for points in found:
            if len(points) >= MIN_POINTS - 5:  # a polygon of 3+ corners; checked again below
                outlines.append(_apply(matrix, points))
                counts["points"] += len(points)
        if len(outlines) > MAX_OUTLINES or counts["points"] > MAX_POINTS:
            raise InputError(f"more than {MAX_OUTLINES} outlines or {MAX_POINTS} points",
                             path, *where())

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda _name: stack.pop()
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise InputError(f"not valid XML: {expat.ErrorString(exc.code)}", path, exc.lineno,
                         exc.offset + 1) from None
    # the pieces are the faces the cut lines enclose, when they enclose any
    cut = cutlines.pieces(lines, outlines + frames, path)
    if cut is not None:
        pieces = _checked(cut.faces, path, "no piece enclosed by the cut lines",
                          (cut.rows, cut.cols))
        pieces.corners = cut.corners  # every face has its 3 points or more: none left out
        return pieces
    empty = "; ".join(filter(None, ["no closed <path> or <polygon> in the SVG",
                                    open_paths_note(counts["open"])]))
    checked = _checked(outlines, path, empty)
    checked.open_paths = counts["open"]
    return checked


def _element(tag: str, attributes: dict[str, str]) -> tuple[list[Points], list[Points]]:
    """The closed outlines and the open lines of one SVG element (none of most)."""
    if tag == "path":
        return _path(attributes.get("d", ""))
    if tag == "polygon":
        return [_numbers_as_points(attributes.get("points", ""))], []
    if tag == "polyline":
        return [], [_numbers_as_points(attributes.get("points", ""))]
    if tag == "line":
        end_points = cutlines.line(attributes)
        return [], [] if end_points is None else [end_points]
    return [], []


def _path(data: str) -> tuple[list[Points], list[Points]]:
    """The closed subpaths of SVG path data, curves sampled, and its open subpaths (cut
    lines, not pieces)."""
    tokens = list(_tokens(data))
    subpaths: list[Points] = []
    dropped: list[Points] = []
    points: list[tuple[float, float]] = []
    current = (0.0, 0.0)
    start = current
    control = current  # the last control point, for S and T
    command = ""
    i = 0
    while i < len(tokens):
        if isinstance(tokens[i], str):
            command = str(tokens[i])
            i += 1
        elif not command:
            raise InputError("path data starts with a number, expected a command such as M")
        name, relative = command.upper(), command.islower()
        count = _ARGS[name]
        args = tokens[i:i + count]
        if len(args) < count or not all(isinstance(a, float) for a in args):
            raise InputError(f"command {command} needs {count} numbers")
        values = [float(a) for a in args]
        i += count
        if name == "Z":
            if len(points) > 2:
                subpaths.append(np.array(points, dtype=float))
            points, current = [], start
            command = ""
            continue
        current, control, new = _segment(name, values, relative, current, control)
        if name == "M":
            dropped += _ended(points, subpaths)
            points, start = [current], current
            command = "l" if relative else "L"  # numbers after M are lines
            continue
        points += new
        if len(points) > MAX_POINTS:
            raise InputError(f"more than {MAX_POINTS} points")
    return subpaths, dropped + _ended(points, subpaths)


def _ended(points: list[Point], subpaths: list[Points]) -> list[Points]:
    """A subpath ended without Z: kept when it ends where it started; [it] when it is open
    (a cut line), else []."""
    if len(points) > 2 and np.allclose(points[0], points[-1]):
        subpaths.append(np.array(points[:-1], dtype=float))
        return []
    return [np.array(points, dtype=float)] if len(points) > 1 else []


def _tokens(data: str) -> Iterator[str | float]:
    at = 0
    data = data.strip()
    while at < len(data):
        match = _TOKEN.match(data, at)
        if not match or match.end() == at:
            raise InputError(f"unexpected {data[at:at + 10]!r} in path data at character "
                             f"{at + 1}")
        at = match.end()
        if match.group(1):
            yield match.group(1)
        else:
            value = float(match.group(2))
            if not math.isfinite(value):
                raise InputError(f"number {match.group(2)[:20]!r} out of range")
            yield value
        while at < len(data) and data[at] in " \t\r\n,":
            at += 1


Point = tuple[float, float]


def _segment(name: str, v: list[float], relative: bool, current: Point,
             control: Point) -> tuple[Point, Point, list[Point]]:
    """One path command: the new current point, the control point S and T reflect, and the
    points it adds (curves sampled)."""
    bx, by = current if relative else (0.0, 0.0)
    if name in ("M", "L"):
        end = (bx + v[0], by + v[1])
        return end, end, [end]
    if name == "H":
        end = (bx + v[0], current[1])
        return end, end, [end]
    if name == "V":
        end = (current[0], by + v[0])
        return end, end, [end]
    if name == "A":
        end = (bx + v[5], by + v[6])
        return end, end, _arc(current, v[0], v[1], v[2], v[3], v[4], end)
    reflected = (2 * current[0] - control[0], 2 * current[1] - control[1])
    if name == "C":
        c1, c2, end = (bx + v[0], by + v[1]), (bx + v[2], by + v[3]), (bx + v[4], by + v[5])
    elif name == "S":
        c1, c2, end = reflected, (bx + v[0], by + v[1]), (bx + v[2], by + v[3])
    elif name == "Q":
        q, end = (bx + v[0], by + v[1]), (bx + v[2], by + v[3])
        return end, q, _quadratic(current, q, end)
    else:  # T
        end = (bx + v[0], by + v[1])
        return end, reflected, _quadratic(current, reflected, end)
    return end, c2, _cubic(current, c1, c2, end)


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    t = np.linspace(0.0, 1.0, CURVE_POINTS + 1)[1:, None]
    a, b, c, d = (np.array(p) for p in (p0, p1, p2, p3))
    curve = (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t * t * c + t ** 3 * d
    return [(float(x), float(y)) for x, y in curve]


def _arc(start: Point, rx: float, ry: float, rotation: float, large: float, sweep: float,
         end: Point) -> list[Point]:
    """An elliptical arc sampled, from its endpoint form to its centre form as the SVG
    specification's implementation notes (appendix B.2.4) give it: radii too small for the
    endpoints are scaled up, zero radii make a line, equal endpoints nothing."""
    if large not in (0.0, 1.0) or sweep not in (0.0, 1.0):
        raise InputError("an arc's flags must be 0 or 1")
    if start == end:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [end]
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    hx, hy = (start[0] - end[0]) / 2, (start[1] - end[1]) / 2
    x1, y1 = cos * hx + sin * hy, -sin * hx + cos * hy
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    root = math.sqrt(max(0.0, numerator / denominator))
    if large == sweep:
        root = -root
    cx1, cy1 = root * rx * y1 / ry, -root * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (start[0] + end[0]) / 2
    cy = sin * cx1 + cos * cy1 + (start[1] + end[1]) / 2
    first = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    turn = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - first
    if sweep and turn < 0:
        turn += 2 * math.pi
    elif not sweep and turn > 0:
        turn -= 2 * math.pi
    steps = max(2, math.ceil(CURVE_POINTS * abs(turn) / (math.pi / 2)))
    angles = first + turn * np.linspace(0.0, 1.0, steps + 1)[1:]
    xs = cx + rx * cos * np.cos(angles) - ry * sin * np.sin(angles)
    ys = cy + rx * sin * np.cos(angles) + ry * cos * np.sin(angles)
    return [(float(x), float(y)) for x, y in zip(xs[:-1], ys[:-1], strict=True)] + [end]


def _quadratic(p0: Point, q: Point, p2: Point) -> list[Point]:
    return _cubic(p0, (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1])),
                  (p2[0] + 2 / 3 * (q[0] - p2[0]), p2[1] + 2 / 3 * (q[1] - p2[1])), p2)


def _numbers_as_points(text: str) -> Points:
    values = [v for v in _tokens(text)]
    if any(isinstance(v, str) for v in values) or len(values) % 2:
        raise InputError("points must be pairs of numbers")
    return np.array(values, dtype=float).reshape(-1, 2)


def _transform(text: str) -> Matrix:
    """The matrix of an SVG transform attribute."""
    matrix = np.eye(3)
    at = 0
    text = text.strip()
    while at < len(text):
        match = _TRANSFORM.match(text, at)
        if not match:
            raise InputError(f"cannot read transform {text[at:at + 30]!r}")
        at = match.end()
        values = [float(v) for v in _tokens(match.group(2)) if not isinstance(v, str)]
        matrix = matrix @ _one_transform(match.group(1), values)
    return matrix


def _one_transform(name: str, v: list[float]) -> Matrix:
    wanted = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3),
              "skewX": (1,), "skewY": (1,)}[name]
    if len(v) not in wanted or not all(math.isfinite(x) for x in v):
        raise InputError(f"{name}() takes {' or '.join(map(str, wanted))} numbers")
    m = np.eye(3)
    if name == "matrix":
        m[0, :], m[1, :] = (v[0], v[2], v[4]), (v[1], v[3], v[5])
    elif name == "translate":
        m[0, 2], m[1, 2] = v[0], v[1] if len(v) > 1 else 0.0
    elif name == "scale":
        m[0, 0], m[1, 1] = v[0], v[1] if len(v) > 1 else v[0]
    elif name == "rotate":
        a = math.radians(v[0])
        cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
        rotation = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0],
                             [0, 0, 1]])
        shift, back = np.eye(3), np.eye(3)
        shift[:2, 2], back[:2, 2] = (cx, cy), (-cx, -cy)
        m = shift @ rotation @ back
    elif name == "skewX":
        m[0, 1] = math.tan(math.radians(v[0]))
    else:
        m[1, 0] = math.tan(math.radians(v[0]))
    return m


def _apply(matrix: Matrix, points: Points) -> Points:
    return np.asarray(points @ matrix[:2, :2].T + matrix[:2, 2], dtype=float)


def _checked(outlines: list[Points], path: str, empty: str,
             grid: tuple[int, int] | None = None) -> Outlines:
    kept = Outlines(points for points in outlines if len(points) >= 3)
    kept.grid = grid
    if not kept:
        raise InputError(empty, path, 1, 1)
    for index, points in enumerate(kept):
        if not np.isfinite(points).all():
            raise InputError(f"outline {index + 1}: coordinates out of range", path, 1, 1)
    return kept


# ---------------------------------------------------------------- JSON


def read_json(text: str, path: str) -> list[Points]:
    """{"outlines": [[[x, y], ...], ...]}: one list of points per piece."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", path, exc.lineno, exc.colno) from None
    except RecursionError:
        raise InputError("JSON nested too deeply", path, 1, 1) from None
    items = data.get("outlines") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise InputError('expected {"outlines": [[[x, y], ...], ...]}', path, 1, 1)
    if len(items) > MAX_OUTLINES:
        raise InputError(f"more than {MAX_OUTLINES} outlines", path, 1, 1)
    outlines = []
    total = 0
    for index, item in enumerate(items):
        if not (isinstance(item, list) and all(
                isinstance(p, list) and len(p) == 2
                and all(type(x) in (int, float) for x in p) for p in item)):
            raise InputError(f"outline {index + 1}: expected a list of [x, y] number pairs",
                             path, 1, 1)
        total += len(item)
        if total > MAX_POINTS:
            raise InputError(f"more than {MAX_POINTS} points", path, 1, 1)
        outlines.append(np.array(item, dtype=float).reshape(-1, 2))
    return _checked(outlines, path, "no outline in the JSON")


# ---------------------------------------------------------------- pictures


def read_image(data: bytes, path: str) -> list[Points]:
    """The outer boundary of each dark (or light) shape on a plain background: the picture
    in grey, thresholded (Otsu) against the background most of a frame 5 % of its size wide
    shows, its connected shapes labelled (8-connected), shapes along the picture's edge
    (touching it, half its width or height long: a scanner's strip) dropped when others are
    left, specks under 1 % of the largest dropped, each shape's boundary traced (Moore neighbours) through its
    pixel centres."""
    mask = _foreground(data, path)
    try:
        from scipy import ndimage
    except ImportError:
        raise missing("scipy", "reading pictures of pieces") from None

    drawn = linework.outlines_between_lines(mask, _trace, MAX_OUTLINES, path)
    if drawn is not None:  # a cut drawn as lines: the regions between them
        between = _checked(drawn, path, "no piece found between the lines of the picture")
        if len(between) == len(drawn):
            between.corners = drawn.crossings
            between.grid = drawn.grid
        return between
    labels, count = ndimage.label(mask, structure=np.ones((3, 3), dtype=int))
    if count == 0:
        raise InputError("no piece found in the picture (a plain background only)", path)
    if count > MAX_OUTLINES:
        raise InputError(f"more than {MAX_OUTLINES} shapes in the picture", path)
    sizes = np.bincount(labels.ravel())[1:]
    boxes = ndimage.find_objects(labels)
    kept = _inside(labels, count, boxes)
    sizes = np.where(kept, sizes, 0)
    outlines = []
    for index, box in enumerate(boxes):
        if box is None or sizes[index] < 0.01 * sizes.max() or sizes[index] < 16:
            continue
        shape = labels[box] == index + 1
        trace = _trace(np.pad(shape, 1))
        outlines.append(trace + np.array([box[1].start - 1, box[0].start - 1], dtype=float))
    return _checked(outlines, path, "no piece found in the picture")


def _inside(labels: npt.NDArray[np.int32], count: int,
            boxes: list[tuple[slice, slice] | None]) -> npt.NDArray[np.bool_]:
    """Which shapes (labels 1 to count) to keep: all but those touching the picture's edge
    along half its width or height or more (a scanner's dark strip, the page's edge, a
    frame), when any other is left. A piece cut by the frame is kept: it is left out later
    when it has no four corners."""
    height, width = labels.shape
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    touching = np.zeros(count + 1, dtype=bool)
    touching[edge] = True
    spanning = np.array([box is not None and (box[0].stop - box[0].start >= height / 2
                                              or box[1].stop - box[1].start >= width / 2)
                         for box in boxes], dtype=bool)
    kept = ~(touching[1:] & spanning)
    return kept if kept.any() else np.ones(count, dtype=bool)


def _foreground(data: bytes, path: str) -> npt.NDArray[np.bool_]:
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # Pillow warns of a large picture on stderr: here it is refused in one line
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
        with image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise InputError(f"a picture of {width}×{height} pixels is too large (at most "
                                 f"{MAX_PIXELS} pixels)", path)
            grey = np.asarray(image.convert("L"), dtype=np.float64)
    except (UnidentifiedImageError, Image.DecompressionBombError,
            Image.DecompressionBombWarning, OSError, ValueError, SyntaxError) as exc:
        raise InputError(f"cannot read the picture: {exc}", path) from None
    if grey.size == 0:
        raise InputError("an empty picture", path)
    # the background is what most of a frame a few percent wide shows: a scanner's dark
    # strip along one or two edges is thinner than that
    band = max(1, round(BORDER_BAND * min(grey.shape)))
    inner = np.ones(grey.shape, dtype=bool)
    inner[band:-band, band:-band] = False
    background = float(np.median(grey[inner]))
    threshold = _otsu(grey)
    return grey < threshold if background >= threshold else grey >= threshold


def _otsu(grey: npt.NDArray[np.float64]) -> float:
    """The grey level that best splits the picture's histogram in two (Otsu 1979)."""
    histogram = np.bincount(np.clip(grey, 0, 255).astype(int).ravel(), minlength=256)
    weights = histogram.cumsum().astype(float)  # floats: squared sums overflow integers
    means = (histogram * np.arange(256)).cumsum().astype(float)
    total, mean = weights[-1], means[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (mean * weights - total * means) ** 2 / (weights * (total - weights))
    between = np.nan_to_num(between)
    # a two-tone picture splits as well at every level between its tones: take the middle
    best = np.flatnonzero(between >= between.max() * (1 - 1e-9))
    return float(best.mean()) + 0.5


# Moore neighbourhood, clockwise on screen from the west
_AROUND = ((0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1))


def _trace(shape: npt.NDArray[np.bool_]) -> Points:
    """The outer boundary of the one shape in a padded mask, clockwise on screen, as (x, y)
    pixel centres."""
    rows, cols = np.nonzero(shape)
    first = (int(rows[0]), int(cols[0]))  # topmost, then leftmost: its west is outside
    boundary = [first]
    current, back = first, 0  # came from the west
    second: tuple[int, int] | None = None
    limit = 4 * shape.size
    while len(boundary) < limit:
        for step in range(1, 9):
            direction = (back + step) % 8
            r, c = current[0] + _AROUND[direction][0], current[1] + _AROUND[direction][1]
            if shape[r, c]:
                # the next search starts from the neighbour before this one
                back = (direction + 5) % 8 if direction % 2 else (direction + 6) % 8
                break
        else:
            break  # a single pixel
        # done when leaving the first pixel as at the start (Jacob's criterion): a shape
        # whose first pixel joins two parts (a neck one pixel wide) is passed through twice
        if current == first and (r, c) == second:
            boundary.pop()  # the first pixel, reached again
            break
        second = (r, c) if second is None else second
        current = (r, c)
        boundary.append(current)
    return np.array([(c, r) for r, c in boundary], dtype=float)
