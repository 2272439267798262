"""The best-effort engines (`--engine approx-orientation`, `approx-position`, `maxsat`): a
board that may be no solution, as a person with a box of pieces would want one when no
perfect board exists or none is asked for. Each board is checked by the independent scorer
(satpuzzle/checkers/jigsaw_score.py: a legal assignment, and what it reaches), not by the
rules, and its report says what it reaches against its proven bound (Behague (2024), §4.1,
§5.1) or that it is the optimum (MaxSAT, PySAT's RC2). They claim nothing of other boards."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from satpuzzle.checkers import jigsaw_score
from satpuzzle.errors import InputError
from satpuzzle.instances import Solution
from satpuzzle.kinds.jigsaw import approx, maxsat
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.stages import offer

# the variant each engine answers: what its count and its bound mean
VARIANT = {"approx-orientation": "orientation", "approx-position": "position"}


class IllegalBoard(Exception):
    """A best-effort engine made a board the scorer refuses: a bug (exit 4)."""


def _needs(engine: str, instance: JigsawInstance) -> None:
    wanted = VARIANT.get(engine)
    if wanted is not None and instance.variant != wanted:
        raise InputError(f"--engine {engine} answers {wanted} instances (Behague (2024), "
                         f"{'§4.1' if wanted == 'orientation' else '§5.1'}); this one is "
                         f"variant {instance.variant}")
    if wanted is None and instance.variant.startswith("contour"):
        raise InputError(f"--engine {engine} fills whole boards; this is a "
                         f"{instance.variant} instance")


def orientation_boards(instance: JigsawInstance, _solver: str) -> Iterator[Solution]:
    _needs("approx-orientation", instance)
    yield approx.approx_orientation(instance).board


def position_boards(instance: JigsawInstance, _solver: str) -> Iterator[Solution]:
    _needs("approx-position", instance)
    yield approx.approx_position(instance).board


def optimum_boards(instance: JigsawInstance, _solver: str) -> Iterator[Solution]:
    _needs("maxsat", instance)
    found = (maxsat.max_valid(instance) if instance.variant == "orientation"
             else maxsat.max_matched(instance, partial(_offer_best, instance)))
    yield found.board


def _offer_best(instance: JigsawInstance, board: Solution, score: int, upper: int) -> None:
    """Offer the best board found so far to the run, which prints it if cut short before
    the optimum is proven (--timeout, Ctrl-C), with what is proven by then."""
    total = jigsaw_score.face_pairs(instance.rows, instance.cols)
    offer(board, f"maxsat: {score} of {total} {approx.MATCHED}, {_verdict(score, total)}: "
                 "the best board found before the run was cut short, NOT proven the most; "
                 f"proven: no board matches more than {upper}")


def _counted(instance: JigsawInstance, board: Solution, complete: bool) -> tuple[int, int, str]:
    """(score, total, what is counted) of `board`, by the independent scorer."""
    if not isinstance(board, tuple):
        raise IllegalBoard(f"not a board: {board!r}")
    problems = jigsaw_score.problems(instance, board, complete)
    if problems:
        raise IllegalBoard("; ".join(problems))
    if not complete:
        return (jigsaw_score.valid_pieces(instance, board), instance.rows * instance.cols,
                approx.VALID)
    return (jigsaw_score.matched_pairs(instance, board),
            jigsaw_score.face_pairs(instance.rows, instance.cols), approx.MATCHED)


def _verdict(score: int, total: int) -> str:
    return "a solution" if score == total else "not a solution"


def orientation_report(instance: JigsawInstance, board: Solution) -> str:
    score, total, what = _counted(instance, board, complete=False)
    bound = approx.approx_orientation(instance).bound  # the algorithm's proven α · mn
    return (f"approx-orientation: {score} of {total} {what}, {_verdict(score, total)} "
            f"(proven at least {float(bound):g} on a solvable instance: Behague (2024), "
            "§4.1)")


def position_report(instance: JigsawInstance, board: Solution) -> str:
    score, total, what = _counted(instance, board, complete=True)
    bound = approx.approx_position(instance).bound
    return (f"approx-position: {score} of {total} {what}, {_verdict(score, total)} "
            f"(proven at least {float(bound):g} on a solvable instance: Behague (2024), "
            "§5.1)")


def optimum_report(instance: JigsawInstance, board: Solution) -> str:
    score, total, what = _counted(instance, board, complete=instance.variant != "orientation")
    return (f"maxsat: {score} of {total} {what}, {_verdict(score, total)} (the most any "
            "board reaches: RC2's MaxSAT optimum, or a board meeting the count of the labels; "
            "not certified)")
