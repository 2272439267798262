"""The modules a kind's `Lazy` attributes stand for, as the type checker sees them.

Each kind's `__init__.py` names, under `TYPE_CHECKING`, the modules its attributes stand for
and holds them to these protocols with `Conforms[Instance, Solution](...)` and
`Hooks[...](...)` (never run): a module missing a function, or one with other parameters,
another result, or another kind's instance class, fails mypy. `Kind` (kinds/base.py) routes
its methods to these modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from satpuzzle.instances import Instance, JSONOut, Options, Solution

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

# One kind's own classes, in the protocols its modules are held to: `Conforms[SudokuInstance,
# Grid](...)` names them, so that every module of a kind takes the same instance class, and
# the solutions one makes are those the others take.
I = TypeVar("I", bound=Instance)
I_contra = TypeVar("I_contra", bound=Instance, contravariant=True)
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class ModelModule(Protocol[I]):
    """A kind's `puzzle.py`: the instance, read from a `.puz` block and written back."""

    @property
    def BLOCK_LIMITS(self) -> Limits: ...  # the most each block holds (grammar.limits)

    def from_spec(self, spec: PuzzleSpec) -> I: ...
    def to_puz(self, instance: I) -> str: ...


class RulesModule(Protocol[I_contra]):
    """A kind's rules (`Kind.encode`): its `rules.py`."""

    def encode(self, instance: I_contra) -> Formula: ...


class DecodingModule(Protocol[I_contra, S_co]):
    """A model's true puzzle variables in the kind's words (`Kind.decode`,
    `Kind.forced_text`)."""

    def decode(self, instance: I_contra, true_names: Iterable[VarName]) -> S_co: ...
    def forced_text(self, instance: I_contra, forced: dict[VarName, bool]) -> list[str]: ...


class RenderingModule(Protocol[I_contra, S]):
    """Solutions as text and JSON, and read back (`Kind.render_text`, `Kind.render_json`,
    `Kind.solution_from_json`, `Kind.parse_solutions`)."""

    def render_text(self, instance: I_contra, solution: S) -> str: ...
    def render_json(self, instance: I_contra, solution: S) -> JSONOut: ...
    def from_json(self, instance: I_contra, data: object, path: str) -> S: ...
    def parse_solutions(self, instance: I_contra, text: str, path: str) -> list[S]: ...


class PuzzleModule(ModelModule[I], RulesModule[I], DecodingModule[I, S],
                   RenderingModule[I, S], Protocol[I, S]):
    """A `puzzle.py` that holds every role above: where `Kind`'s required methods go unless
    the kind routes them to its role modules (`decode = Lazy("...decoding", "decode")`)."""


class PicturesModule(Protocol[I_contra, S_contra]):
    """What a kind's `pictures.py` provides."""

    def svg(self, instance: I_contra, solution: S_contra | None) -> Drawing: ...
    def pretty(self, instance: I_contra, solution: S_contra | None) -> str: ...


class CheckerModule(Protocol[I_contra, S_contra]):
    """What a kind's rule checker (`satpuzzle/checkers/<kind>.py`) provides: it imports
    nothing from satpuzzle, so it names the instance by its own protocol, or not at all."""

    def check(self, instance: I_contra, solution: S_contra) -> list[str]: ...


class CodecsModule(Protocol[I]):
    """What a kind's `codecs.py` names: its codecs in each exchange format (satpuzzle/codecs)."""

    @property
    def SGT_GAMES(self) -> tuple[SgtGame[I], ...]: ...
    @property
    def URL(self) -> UrlCodec[I] | None: ...
    @property
    def JSON(self) -> JsonCodec[I] | None: ...
    @property
    def NATIVE(self) -> tuple[NativeFormat[I], ...]: ...


class NativeReading(Protocol[I]):
    """A kind's native files: their instances (`Kind.read_native`)."""

    def read_native(self, text: str, path: str,
                    options: Options) -> tuple[list[I], bool]: ...


class NativeFit(Protocol):
    """How well a native text fits the kind (`Kind.fit`)."""

    def fit(self, text: str) -> int: ...


class BatchRules(Protocol[I_contra]):
    """Files of one-line puzzles answered from one formula (`Kind.encode_batch`)."""

    def encode_batch(self, instances: Sequence[I_contra]) -> tuple[Formula, list[Job]]: ...


class LineRendering(Protocol[I_contra, S_contra]):
    """One line per solution for those files (`Kind.render_line`)."""

    def render_line(self, instance: I_contra, solution: S_contra) -> str: ...


class BatchEncoding(BatchRules[I_contra], LineRendering[I_contra, S_contra],
                    Protocol[I_contra, S_contra]):
    """Both batch hooks in one module; a kind split by role names the two modules apart
    (`Hooks[...](batch=(rules, rendering))`)."""


class StandaloneEncoding(Protocol[I_contra]):
    """`Kind.encode_standalone`: the formula without lazy constraints."""

    def encode_standalone(self, instance: I_contra) -> Formula: ...


class ClauseEstimate(Protocol[I_contra]):
    """`Kind.estimate_clauses`: the clauses the encoding will have, before building it."""

    def estimate_clauses(self, instance: I_contra) -> int | None: ...


class FillWriting(Protocol[I_contra, S_contra]):
    """`Kind.write_fill`: a solution written into the puzzle's file (`Kind.fill_formats`)."""

    def write_fill(self, format_name: str, instance: I_contra,
                   solution: S_contra) -> str | bytes: ...


class EngineModule(Protocol[I_contra, S_co]):
    """A kind engine's functions (`Engine.solutions`, `Engine.suits`), named as the jigsaw
    engines' modules name them."""

    def solutions(self, instance: I_contra, solver_name: str) -> Iterator[S_co]: ...
    def suits(self, instance: I_contra) -> bool: ...


class Conforms(Generic[I, S]):
    """Never made: each kind's `__init__.py` calls `Conforms[ITS_INSTANCE, ITS_SOLUTION](...)`
    under `TYPE_CHECKING` with the modules its `Lazy` attributes stand for, so that the type
    checker holds them to the interface: a module missing a function, one with other
    parameters or another result, or one of another instance class or solution type fails
    mypy. The two classes are given, not inferred: from modules that disagree mypy would
    infer Any and let them pass. `rules`, `decoding` and `rendering` name the modules of
    those roles (`puzzle` itself where it holds them). The optional hooks' modules go to
    `Hooks`."""

    def __init__(self, puzzle: ModelModule[I], pictures: PicturesModule[I, S],
                 checker: CheckerModule[I, S], codecs: CodecsModule[I] | None = None, *,
                 rules: RulesModule[I], decoding: DecodingModule[I, S],
                 rendering: RenderingModule[I, S]) -> None: ...


class Hooks(Generic[I, S]):
    """Never made: as `Conforms`, for the modules that provide the optional hooks a kind
    takes from a module rather than from Kind's defaults."""

    def __init__(self, *, native: NativeReading[I] | None = None,
                 fits: NativeFit | None = None,
                 batch: BatchEncoding[I, S] | tuple[BatchRules[I], LineRendering[I, S]]
                 | None = None,
                 standalone: StandaloneEncoding[I] | None = None,
                 clauses: ClauseEstimate[I] | None = None, fills: FillWriting[I, S] | None = None,
                 engines: Sequence[EngineModule[I, S]] = ()) -> None: ...


def engine(solutions: Callable[[I, str], Iterator[Solution]],
           suits: Callable[[I], bool] | None = None,
           optimality: Callable[[I, Solution], tuple[str, I] | None] | None = None) -> None:
    """Never run: `engine(search.search, search.search_suits)` under TYPE_CHECKING checks
    engine functions that are not named `solutions` and `suits`."""
