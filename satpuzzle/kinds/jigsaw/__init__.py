"""Jigsaw (edge-matching) puzzles in the six variants of Behague (2024), with the paper's
polynomial algorithms as engines where they are exact.

Declarations only: the modules load on first use (satpuzzle.lazy)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from satpuzzle.instances import Instance, Options
from satpuzzle.kinds.base import Engine, ExchangeFormat, Kind, Option, Signed
from satpuzzle.lazy import Lazy

_generation = Lazy("satpuzzle.kinds.jigsaw.generation")

# puzzle.VARIANTS, declared here too so that the command line's choices need not load the
# encoding (tests/architecture/test_startup.py checks that the two agree)
VARIANTS = ("puzzle", "orientation", "position", "contour", "contour-orientation",
            "contour-position")

# The families whose encoding a user may switch (--encoding FAMILY=NAME); rules.py passes
# this dict to constraints.Model. "cell": one tuple per cell (its at-most-one is written only
# where the edges do not imply it: contours, free borders); "turn": a piece at a cell shows
# one turn; "holds": a cell holds one piece; "piece": a unique piece is placed once;
# "copies": k identical pieces fill k cells; "edge": a shared edge shows one label;
# "colour" and "parity": the colour counts and parity rules, written only when switched on
# in rules.RULES (off by default: measured no better).
FAMILIES = {"cell": "amo", "turn": "amo", "holds": "amo", "piece": "amo", "copies": "card",
            "edge": "amo", "colour": "card", "parity": "pb"}


def _may_be_outlines(text: str, path: str) -> bool:
    """Whether a text may be piece outlines (outlinefile.py tells for sure): an SVG
    document or a JSON object of "outlines"; cheap, asked of every text read."""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    return (head.startswith("<") and "<svg" in head) or head.startswith('{"outlines"')


# pieces given by their outlines (SVG, JSON points, pictures): read into edge labels
_OUTLINES = Signed(_may_be_outlines, Lazy("satpuzzle.kinds.jigsaw.outlinefile", "read_signed"))


def _best_effort(name: str, boards: str, report: str, help: str) -> Engine[Instance]:
    """A best-effort engine (satpuzzle/kinds/jigsaw/besteffort.py): never chosen by auto."""
    return Engine(name, Lazy("satpuzzle.kinds.jigsaw.besteffort", boards),
                  lambda _instance: False, help=help,
                  scored=Lazy("satpuzzle.kinds.jigsaw.besteffort", report))


# boards that may be no solution, each with what it reaches against its proven bound
_BEST_EFFORT = (
    _best_effort("approx-orientation", "orientation_boards", "orientation_report",
                 "orientation: a board of at least half its cells validly placed, Behague "
                 "(2024), §4.1 (a best-effort board: it may be no solution, and says so)"),
    _best_effort("approx-position", "position_boards", "position_report",
                 "position: turns matching at least (mn + 4m + 4n - 9) of the 2mn + m + n "
                 "face pairs, Behague (2024), §5.1 (best effort, as approx-orientation)"),
    _best_effort("maxsat", "optimum_boards", "optimum_report",
                 "the board matching the most face pairs (orientation: the most valid "
                 "pieces), by MaxSAT (PySAT's RC2): what to give when no board is perfect"),
)


class JigsawKind(Kind):
    name = "jigsaw"
    checker = Lazy("satpuzzle.checkers.jigsaw")
    codecs = Lazy("satpuzzle.kinds.jigsaw.codecs")
    puzzle = Lazy("satpuzzle.kinds.jigsaw.puzzle")
    pictures = Lazy("satpuzzle.kinds.jigsaw.pictures")
    encoding_families = FAMILIES
    # "search" first: `--engine search` and `race` take the first engine. `auto` takes the
    # first that suits: search on whole boards of distinct pieces, euler on contour-orientation
    # frames, propagation on position puzzles (declining where it gets stuck), else SAT.
    engines = (Engine("search", Lazy("satpuzzle.kinds.jigsaw.search", "search"),
                      Lazy("satpuzzle.kinds.jigsaw.search", "search_suits"),
                      help="depth-first search on whole boards of distinct pieces"),
               Engine("euler", Lazy("satpuzzle.kinds.jigsaw.euler", "solutions"),
                      Lazy("satpuzzle.kinds.jigsaw.euler", "suits"),
                      help="contour-orientation: Eulerian trails along each side, Behague "
                           "(2024), §4 (polynomial without pieces fitting two sides)"),
               Engine("propagation", Lazy("satpuzzle.kinds.jigsaw.propagation", "solutions"),
                      Lazy("satpuzzle.kinds.jigsaw.propagation", "suits"),
                      help="position: Algorithm 1's constraint propagation, Behague (2024), "
                           "§5.2 (declines where it gets stuck)"),
               *_BEST_EFFORT)
    input_options = (
        Option(("--variant",), {"choices": VARIANTS,
                                "help": "jigsaw: which problem a native piece file poses "
                                        "(default puzzle)"}),
        Option(("--matching",), {"choices": ("opposite", "equal"),
                                 "help": "jigsaw: i fits -i (opposite, the paper's) or equal "
                                         "labels fit"}),
        Option(("--border",), {"choices": ("zero", "free"),
                               "help": "jigsaw: outer edges must be 0 (zero) or are "
                                       "unconstrained (free)"}),
        Option(("--board",), {"metavar": "RxC",
                              "help": "jigsaw: board size for a piece file without a header"}),
        Option(("--descriptor",), {"choices": ("arc", "ordinates", "chain"),
                                   "help": "jigsaw outlines: how a side is described: points "
                                           "along it (arc, default), ordinates at abscissae "
                                           "or a chain code (Behague (2024), §2.3, §2.1)"}),
        Option(("--grouping",), {"choices": ("auto", "pairs", "kmeans", "aligned",
                                             "assembled"),
                                 "help": "jigsaw outlines: edge classes from pairs, or from "
                                         "assembled where the labels of pairs allow no board "
                                         "(auto, default); the best pairing "
                                         "of tabs and blanks (pairs), k-means "
                                         "(Behague (2024), §2.2; needs scikit-learn), the "
                                         "best pairing of the curves laid on each other "
                                         "(aligned), or the pairs of the least-cost board "
                                         "assembled from each side's likeliest partners "
                                         "(assembled)"}),
        Option(("--edge-classes",), {"metavar": "K|auto",
                                     "help": "jigsaw outlines with --grouping kmeans: k "
                                             "(default one per tab; auto: best silhouette)"}),
    )
    exchange_formats = (ExchangeFormat("outlines", Lazy("satpuzzle.kinds.jigsaw.outlinefile"),
                                       signed=_OUTLINES),)
    generate_options = (
        Option(("--labels",), {"type": int, "default": None, "metavar": "K",
                               "help": "jigsaw: distinct labels on interior edges (default: "
                                       "about one per two pieces)"}),
        Option(("--variant",), {"choices": VARIANTS, "default": "puzzle",
                                "help": "jigsaw: which problem to pose (default puzzle)"}),
        Option(("--matching",), {"choices": ("opposite", "equal"), "default": "opposite",
                                 "help": "jigsaw: i fits -i (default) or equal labels fit"}),
        Option(("--border",), {"choices": ("zero", "free"), "default": "zero",
                               "help": "jigsaw: outer edges 0 (default) or any label"}),
        Option(("--cut",), {"action": "store_true",
                            "help": "jigsaw: cut pieces with random tabs, scatter and turn "
                                    "them, and read the board back from their outlines "
                                    "(edge classes as labels)"}),
        Option(("--noise",), {"type": float, "default": 0.0, "metavar": "S",
                              "help": "jigsaw --cut: jitter of every outline point, in piece "
                                      "sizes (default 0; 0.005 = 0.5 %%)"}),
        Option(("--cut-dir",), {"metavar": "DIR",
                                "help": "jigsaw --cut: also write the cut itself into DIR: "
                                        "cut-RxC-seedN.svg, .png, .json (the outlines' "
                                        "points) and -truth.json (each piece's true cell and "
                                        "turn); jigsaw-cut: the current directory by "
                                        "default"}),
    )
    # `generate jigsaw-cut`: the synthetic cutter's files, in the current directory by default
    generate_presets: ClassVar[dict[str, dict[str, object]]] = {
        "jigsaw-cut": {"cut": True, "cut_dir": "."}}
    fit = Lazy("satpuzzle.kinds.jigsaw.puzzle", "fit")
    read_native = Lazy("satpuzzle.kinds.jigsaw.puzzle", "read_native")
    estimate_clauses = Lazy("satpuzzle.kinds.jigsaw.candidates", "estimate_clauses")
    # puzzle.py is the model: the other required methods go to the modules of their roles
    encode = Lazy("satpuzzle.kinds.jigsaw.rules", "encode")
    decode = Lazy("satpuzzle.kinds.jigsaw.decoding", "decode")
    forced_text = Lazy("satpuzzle.kinds.jigsaw.decoding", "forced_text")
    render_text = Lazy("satpuzzle.kinds.jigsaw.rendering", "render_text")
    render_json = Lazy("satpuzzle.kinds.jigsaw.rendering", "render_json")
    solution_from_json = Lazy("satpuzzle.kinds.jigsaw.rendering", "from_json")
    parse_solutions = Lazy("satpuzzle.kinds.jigsaw.rendering", "parse_solutions")
    native_format_names = ("eternity", "brendan")

    def known_causes(self, instance: Instance) -> list[str]:
        """Pieces read from outlines whose labels fit no board: the outlines may be noisy."""
        from satpuzzle.kinds.jigsaw.board import OutlinedJigsaw

        if not isinstance(instance, OutlinedJigsaw):
            return []
        assembled = ("" if instance.grouping == "assembled" else
                     "--grouping assembled pairs the sides by the cheapest whole board, and ")
        return [("the pieces were read from outlines, whose sides may be misread (noise, "
                 f"a worn tab): {assembled}--engine maxsat gives the board matching the most "
                 "sides")]

    def generate(self, rows: int, cols: int, seed: int, unique: bool,
                 options: Options) -> Instance:
        if options.get("cut"):
            return _outlines_board(rows, cols, seed, float(options.get("noise") or 0.0),
                                   options.get("cut_dir"))
        labels = options.get("labels")
        if labels is None:
            labels = max(1, rows * cols // 2)
        return _generation.generate(rows, cols, labels=labels,
                                    variant=options.get("variant") or "puzzle", seed=seed,
                                    matching=options.get("matching") or "opposite",
                                    border=options.get("border") or "zero")


def _outlines_board(rows: int, cols: int, seed: int, noise: float,
                    folder: str | None = None) -> Instance:
    """The board read back from the outlines of a synthetic cut (satpuzzle generate --cut);
    with `folder` (--cut-dir), the cut's own files written there too."""
    from satpuzzle.kinds.jigsaw import board, cutter

    cut = cutter.cut(rows, cols, seed=seed, noise=noise)
    if folder is not None:
        _write_cut(cut, folder, f"cut-{rows}x{cols}-seed{seed}")
    return board.board(list(cut.outlines), {"board": (rows, cols)},
                       f"cut {rows}x{cols}, noise {noise:g}, seed {seed}")


def _write_cut(cut: Cut, folder: str, stem: str) -> None:
    """STEM.svg, STEM.png, STEM.json (the outlines' points) and STEM-truth.json in `folder`
    (made if missing), each written whole."""
    from satpuzzle.errors import InputError
    from satpuzzle.textio import write_files

    try:
        write_files(folder, ((f"{stem}.svg", cut.svg()), (f"{stem}.png", cut.png()),
                             (f"{stem}.json", cut.points_json()),
                             (f"{stem}-truth.json", cut.truth_json())))
    except InputError as error:
        raise InputError(f"--cut-dir: {error.message}", folder) from None

KIND = JigsawKind()

if TYPE_CHECKING:  # the modules the Lazy attributes above stand for, held to the interface
    from satpuzzle.checkers import jigsaw as checker
    from satpuzzle.kinds.interface import Conforms, Hooks, engine
    from satpuzzle.kinds.jigsaw import (
        candidates,
        codecs,
        decoding,
        euler,
        pictures,
        propagation,
        puzzle,
        rendering,
        rules,
        search,
    )
    from satpuzzle.kinds.jigsaw.cutter import Cut

    Conforms[puzzle.JigsawInstance, puzzle.Solution](
        puzzle, pictures, checker, codecs, rules=rules, decoding=decoding, rendering=rendering)
    Hooks[puzzle.JigsawInstance, puzzle.Solution](native=puzzle, fits=puzzle, clauses=candidates, engines=(euler, propagation))
    engine(search.search, search.search_suits)
