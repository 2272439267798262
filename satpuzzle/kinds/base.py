"""The one interface every puzzle kind implements.

A kind is a `Kind` subclass in `satpuzzle/kinds/<kind>/__init__.py`, instantiated once and
listed in `satpuzzle/kinds/registry.py`. That `__init__.py` holds declarations only (name,
options, file suffixes, engines' names and help) and reaches its other modules through
`satpuzzle.lazy.Lazy`, so that they load on first use. The required methods go to the kind's
`puzzle` and `pictures` modules (typed by the PuzzleModule and PicturesModule protocols), or
to the modules of their roles where the kind routes them there (ModelModule, RulesModule,
DecodingModule, RenderingModule);
the optional hooks have defaults that say "this kind does not do that", so that no caller
probes a kind with `getattr`. Everything below the kinds (CNF, grammar, drawing, codec
framework) knows no kind; everything above (pipeline, loading, formats, CLI) reaches a kind
only through this interface.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from satpuzzle.errors import InputError
from satpuzzle.instances import Instance, JSONOut, Options, Solution
from satpuzzle.kinds.interface import CodecsModule, I, PicturesModule, PuzzleModule

if TYPE_CHECKING:  # types only: a kind's declarations load none of these
    from satpuzzle.cnf import Formula, VarName
    from satpuzzle.codecs.json_reader import JsonCodec
    from satpuzzle.codecs.native import NativeFormat
    from satpuzzle.codecs.puzzlink import UrlCodec
    from satpuzzle.codecs.sgt import SgtGame
    from satpuzzle.drawing.svg import Drawing
    from satpuzzle.grammar import PuzzleSpec
    from satpuzzle.grammar.limits import Limits
    from satpuzzle.solving import Job

__all__ = ["Instance", "Solution"]  # the layers' view of what a kind makes (instances.py)



class Fit:
    """How well a native text fits a kind, from `Kind.fit`: the loader takes the one kind
    with the highest level and refuses to guess between kinds tied at the top."""

    NO = 0  # cannot be this kind
    POSSIBLE = 1  # the shape fits (a grid of the right characters)
    LIKELY = 2  # the shape fits and an invariant of the kind holds (clue sums, no repeats)
    CERTAIN = 3  # a signature only this kind's format has (a header, a magic line)


@dataclass(frozen=True)
class Engine(Generic[I]):
    """A way to find solutions other than SAT with blocking clauses.

    `solutions(instance, solver_name)` yields each solution once; `suits(instance)` says
    whether `--engine auto` should prefer it for this instance (it is exact there and measured
    faster than SAT). An engine that cannot decide an instance raises `EngineDeclined` before
    yielding anything; `auto` then falls back to SAT."""

    name: str
    solutions: Callable[[I, str], Iterator[Solution]]
    suits: Callable[[I], bool] = lambda _instance: True
    help: str = ""
    # an engine whose answers come best first, each proven best of those not given yet: what
    # that claims of the first, `optimality(instance, solution)`, as the claim in words and
    # an instance that has no solution when it holds (certified by --certify)
    optimality: Callable[[I, Solution], tuple[str, I] | None] | None = None
    # a best-effort engine (an approximation, the optimum of an objective): its answer may be
    # a board that is no solution; `scored(instance, board)` checks it in place of the rules
    # (an independent scorer: a legal board, what it reaches of its proven bound) and says
    # so; it claims nothing of other answers, and `auto` never takes it
    scored: Callable[[I, Solution], str] | None = None
    # an engine that answers in the process that asks, every native call under a budget
    # (solving.IN_PROCESS_CONFLICTS): the pipeline runs it there, never in a child (a run
    # whose deadline needs a child to stop it goes to SAT instead)
    in_process: bool = False


class EngineDeclined(Exception):
    """An engine that is exact only on some instances was given another one."""


@dataclass(frozen=True)
class Signed:
    """How the loader tells the files of a kind's format by their content, before anything
    else is tried (a crossword constructor's file, even one named `.puz`): `maybe(text,
    path)`, declared with the kind and cheap, says whether a text may be one (only then is the
    format's module loaded, and its `signature(source, path)` asked what the file is, a name or
    None; bytes are always asked); `read` (a Lazy) reads a recognised file: `(name, source,
    path, kind, options) -> instances`, an InputError when the kind given is another."""

    maybe: Callable[[str, str], bool]
    read: Callable[[str, str | bytes, str, str | None, Options], list[Instance]]


@dataclass(frozen=True)
class ExchangeFormat:
    """An exchange format a kind owns, declared in its `__init__.py` (`Kind.exchange_formats`)
    and found by satpuzzle.formats and satpuzzle.loading through the registry.

    `name` is the format's name (`import --format NAME`, `export --format NAME`); `codec`
    a Lazy, loaded on first use. A format of this kind alone (Across Lite, ipuz, xd, .jpz,
    the sites' JSON: crosswords) is a module of the kind's `formats/` package, and `codec` is
    that module: `NAME`, `KINDS`, `read(source, path)`, `write(instance)` unless read-only.
    A format several kinds write (janko.at text: satpuzzle/formats/janko.py over the kind-free
    framework satpuzzle/codecs/janko.py) is a family, and `codec` is this kind's codec for it
    (a `JankoCodec` in the kind's `janko.py`). `signed`: how a file of the format is told by
    its content before anything else (`Signed`), None for a format read only when named;
    `guessed`: a text of the format may be read as this kind without the kind being named
    (False for a Nurikabe's janko.at grid, which is a Shikaku's)."""

    name: str
    codec: Any  # a Lazy: a module or a family's codec, each read by its own protocol
    signed: Signed | None = None
    guessed: bool = True


@dataclass(frozen=True)
class Option:
    """A command-line option a kind adds (`--box`, `--dict`, ...). `names_kind`: giving it
    says which kind a native file is; `native_only`: it applies to native files, and a .puz
    file writes it as an entry instead."""

    flags: tuple[str, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    names_kind: bool = True
    native_only: bool = True

    @property
    def dest(self) -> str:
        return self.kwargs.get("dest") or self.flags[0].lstrip("-").replace("-", "_")


class Kind:
    """One puzzle kind. Subclasses set `name`, `checker`, `puzzle` and `pictures` (the
    required methods below go to those modules) and override the optional hooks where the
    kind has such a thing."""

    name: ClassVar[str]
    # The kind's modules, each a satpuzzle.lazy.Lazy: imported when first used, so that the
    # command line's declarations (options, engines, suffixes) cost no encoding's imports
    checker: ClassVar[ModuleType]  # satpuzzle.checkers.<kind>: imports nothing from satpuzzle
    # satpuzzle/kinds/<kind>/puzzle.py; a kind whose puzzle.py is the model only routes the
    # other required methods to its role modules itself (`decode = Lazy(...)`)
    # (of Any: the registry hands a kind only its own instances, found by their KIND, which
    # the type checker cannot follow; `Conforms` holds the modules to one class)
    puzzle: ClassVar[PuzzleModule[Any, Any]]
    pictures: ClassVar[PicturesModule[Any, Any]]  # satpuzzle/kinds/<kind>/pictures.py
    # Kinds whose users want every solution (crosswords): --all is the default
    enumerate_all: ClassVar[bool] = False
    # where a file of one-line puzzles gets one answer line per puzzle
    engines: ClassVar[tuple[Engine[Any], ...]] = ()
    input_options: ClassVar[tuple[Option, ...]] = ()
    # file name endings that say a native file is of this kind (".has"): a file no kind
    # recognises by content is read as its name says, so that its errors show where they are
    file_suffixes: ClassVar[tuple[str, ...]] = ()
    generate_options: ClassVar[tuple[Option, ...]] = ()
    # the rows × columns `satpuzzle generate` makes when --size is not given
    generate_size: ClassVar[tuple[int, int]] = (10, 10)
    # names `satpuzzle generate` also takes for this kind, each with the generate options it
    # sets where the command line leaves them unset ("jigsaw-cut": --cut --cut-dir .)
    generate_presets: ClassVar[dict[str, dict[str, object]]] = {}
    # the exchange formats the kind owns or writes a family of (ExchangeFormat), in the
    # order satpuzzle.formats lists them
    exchange_formats: ClassVar[tuple[ExchangeFormat, ...]] = ()
    # the files `solve --format F -o FILE` writes a solution into (write_fill)
    fill_formats: ClassVar[tuple[str, ...]] = ()
    # the families of constraints a user may switch the encoding of (--encoding FAMILY=NAME,
    # `encoding:` in the language): family → what it states ("amo", "card", "pb",
    # "connected", "acyclic"); the kind's rules module passes this to constraints.Model.
    # Its instances carry the choice as a field `encodings: tuple[tuple[str, str], ...]`.
    encoding_families: ClassVar[dict[str, str]] = {}

    # ------------------------------------------------------------ reading

    def from_spec(self, spec: PuzzleSpec) -> Instance:
        """The instance a `.puz` block describes (validated; errors carry positions)."""
        return self.puzzle.from_spec(spec)

    @property
    def block_limits(self) -> Limits:
        """The most each block of the kind's puzzles holds, checked while a .puz text is
        read, before it is parsed (satpuzzle.grammar.limits)."""
        return self.puzzle.BLOCK_LIMITS

    def fit(self, text: str) -> int:
        """How well a native text fits this kind (a `Fit` level); cheap, never raises."""
        return Fit.NO

    def adapt_native(self, text: str) -> str | None:
        """A native text that says plainly what it holds in a way the kind's reader does not
        read (a `.has` header `COLUMNS ROWS ISLANDS`, a Sudoku's empty cells written `-`),
        rewritten character for character, so that every error keeps its position, into
        what the reader reads; None when there is nothing to rewrite. The loader and the
        native formats read a kind's texts through it (None: the kind has none)."""
        return None

    def read_native(self, text: str, path: str,
                    options: Options) -> tuple[list[Instance], bool]:
        """The instances of a native file, and whether it is one-line puzzles (one answer
        line each)."""
        raise InputError(f"{self.name} puzzles have no native format; write a .puz file",
                         path, 1, 1)

    def adjust(self, instance: Instance, options: Options) -> Instance:
        """The instance with command-line options that also apply to .puz files."""
        return instance

    def input_notes(self, instance: Instance) -> list[str]:
        """What `solve` says of how `instance` was read, once before searching (none by
        default)."""
        return []

    def known_causes(self, instance: Instance) -> list[str]:
        """Why `instance` has no solution, as far as shows before any search: the notes
        `solve` prints after "no solution" (none by default)."""
        return []

    def to_puz(self, instance: Instance) -> str:
        text = self.puzzle.to_puz(instance)
        chosen = getattr(instance, "encodings", ())
        if not chosen:
            return text
        # the user's encoding choices travel with the puzzle: `encoding:` after the opening
        head, brace, rest = text.partition("{")
        line = "encoding: " + ",".join(f"{family}={name}" for family, name in chosen)
        return f"{head}{brace}\n  {line}{rest}" if brace else text

    def with_encodings(self, instance: Instance, chosen: Sequence[tuple[str, str]],
                       ) -> Instance:
        """The instance with these encoding choices (family, name) added to its own, later
        choices of a family winning; an unknown family or encoding is an InputError that
        lists the choices."""
        if not chosen:
            return instance
        self.check_encodings(chosen)
        merged = dict(getattr(instance, "encodings", ()))
        merged.update(chosen)
        return dataclasses.replace(instance, encodings=tuple(merged.items()))

    def check_encodings(self, chosen: Sequence[tuple[str, str]]) -> None:
        """An InputError listing the choices unless every (family, name) is one of this
        kind's switchable families and an encoding that writes its constraint."""
        if not chosen:
            return
        from satpuzzle.constraints import encodings as registry  # only when choices are made

        for family, name in chosen:
            constraint = self.encoding_families.get(family)
            if constraint is None:
                names = ", ".join(f"{f} ({registry._WORDS[c]})"
                                  for f, c in self.encoding_families.items())
                raise InputError(f"a {self.name} puzzle has no family {family!r} to choose an "
                                 f"encoding for: its families are {names or 'none'}")
            registry.check_name(name, constraint, family)

    # ------------------------------------------------------------ encoding

    def encode(self, instance: Instance) -> Formula:
        return self.puzzle.encode(instance)

    def encode_standalone(self, instance: Instance) -> Formula:
        """A formula whose models are exactly the solutions, with no lazy constraints: what
        a DIMACS file for an external solver must hold."""
        return self.encode(instance)

    def estimate_clauses(self, instance: Instance) -> int | None:
        """Clauses the encoding will have, when known before building it (--max-clauses)."""
        return None

    def encode_batch(self, instances: Sequence[Instance]) -> tuple[Formula, list[Job]] | None:
        """One formula for many one-line puzzles and a job (assumptions) per puzzle, or None
        when the kind has no batch encoding."""
        return None

    def answer_names(self, instance: Instance, solution: Solution) -> list[VarName] | None:
        """The true puzzle variables, by name, of the model of the batch formula
        (encode_batch) that `solution` stands for; None when the kind cannot say. A certified
        batch blocks a claimed answer by these without asking the solver for it again."""
        return None

    def decode(self, instance: Instance, true_names: Iterable[VarName]) -> Solution:
        return self.puzzle.decode(instance, true_names)

    # ------------------------------------------------------------ engines

    def engine_for(self, instance: Instance, requested: str) -> Engine[Any] | None:
        """The engine `--engine requested` runs on this instance; None means SAT. "auto"
        takes the first engine that suits the instance; "search" and "race" the kind's
        first engine; any other name that engine."""
        if requested == "sat":
            return None
        if requested == "auto":
            return next((e for e in self.engines if e.suits(instance)), None)
        wanted = self.engines[:1] if requested in ("search", "race") else [
            e for e in self.engines if e.name == requested]
        if not wanted:
            names = ", ".join(["auto", "sat", *(e.name for e in self.engines)])
            what = ("no search engine of its own" if requested in ("search", "race")
                    else f"no engine {requested!r}")
            raise InputError(f"puzzle kind {self.name!r} has {what}; its engines: {names}")
        return wanted[0]

    # ------------------------------------------------------------ answers

    def prepare_check(self, instance: Instance) -> Callable[[Solution], list[str]]:
        """The rule check of one solution, prepared once per instance (checkers may build
        sets or tables once and reuse them for every solution)."""
        check = self.checker.check  # the checker module is loaded once, not per solution
        return lambda solution: check(instance, solution)

    def write_fill(self, format_name: str, instance: Instance,
                   solution: Solution) -> str | bytes:
        """The puzzle's file in `format_name` (one of fill_formats) with `solution` written
        in, for `solve --format F -o FILE`."""
        raise InputError(f"--format {format_name} writes no {self.name} puzzle's solution")

    def render_text(self, instance: Instance, solution: Solution) -> str:
        return self.puzzle.render_text(instance, solution)

    def render_line(self, instance: Instance, solution: Solution) -> str:
        """One line per solution, for files of one-line puzzles."""
        return " ".join(self.render_text(instance, solution).split())

    def render_json(self, instance: Instance, solution: Solution) -> JSONOut:
        return self.puzzle.render_json(instance, solution)

    def solution_from_json(self, instance: Instance, data: object, path: str) -> Solution:
        return self.puzzle.from_json(instance, data, path)

    def parse_solutions(self, instance: Instance, text: str, path: str) -> list[Solution]:
        """Solutions as `solve` prints them (text), for `check`."""
        return self.puzzle.parse_solutions(instance, text, path)

    def forced_text(self, instance: Instance, forced: dict[VarName, bool]) -> list[str]:
        """--forced: what every solution shares, in the kind's own words."""
        return self.puzzle.forced_text(instance, forced)

    def pretty(self, instance: Instance, solution: Solution | None) -> str:
        """Box-drawing text of the puzzle (solution None) or a solution."""
        return self.pictures.pretty(instance, solution)

    def svg(self, instance: Instance, solution: Solution | None) -> Drawing:
        """The picture's drawing."""
        return self.pictures.svg(instance, solution)

    # ------------------------------------------------------------ exchange formats
    # The kind's codecs (satpuzzle/kinds/<kind>/codecs.py, built on satpuzzle/codecs), through
    # which satpuzzle/formats reads and writes it; the defaults say "not in this format".
    # Properties, so that a kind loads its codecs (and its puzzle module) when a format is
    # used, not when the command line is built.

    # the kind's codecs module, as Lazy("satpuzzle.kinds.<kind>.codecs"), or None: it names
    # what it has as SGT_GAMES, URL, JSON and NATIVE (see satpuzzle/codecs)
    codecs: ClassVar[CodecsModule[Any] | None] = None
    # the names of `native_formats`, known without loading them (`export --format` choices)
    native_format_names: ClassVar[tuple[str, ...]] = ()

    @property
    def sgt_games(self) -> tuple[SgtGame, ...]:
        """Simon Tatham's games that express this kind (format `sgt`); the first one writes."""
        return self.codecs.SGT_GAMES if self.codecs is not None else ()

    @property
    def url_codec(self) -> UrlCodec | None:
        """puzz.link URLs (format `url`)."""
        return self.codecs.URL if self.codecs is not None else None

    @property
    def json_codec(self) -> JsonCodec | None:
        """The instance as JSON (format `json`)."""
        return self.codecs.JSON if self.codecs is not None else None

    @property
    def native_formats(self) -> tuple[NativeFormat, ...]:
        """The kind's native files as named formats (`sudoku-line`, `has`, `dimacs`, ...),
        named in `native_format_names`."""
        return self.codecs.NATIVE if self.codecs is not None else ()

    # ------------------------------------------------------------ generation

    @property
    def can_generate(self) -> bool:
        return type(self).generate is not Kind.generate

    def generate(self, rows: int, cols: int, seed: int, unique: bool,
                 options: Options) -> Instance:
        raise InputError(f"satpuzzle cannot generate {self.name} puzzles")

    # ------------------------------------------------------------ command line

    def add_arguments(self, parser: argparse._ActionsContainer,
                      options: Sequence[Option], seen: set[str]) -> None:
        """Add `options` to a parser, skipping flags another kind added already."""
        for option in options:
            if option.flags[0] in seen:
                continue
            seen.add(option.flags[0])
            parser.add_argument(*option.flags, **option.kwargs)

    def __repr__(self) -> str:
        return f"<kind {self.name}>"
