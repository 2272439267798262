"""1-in-3 SAT solutions as text (a line of signed literals) and JSON, and read back from
both (`satpuzzle check`)."""

from __future__ import annotations

from satpuzzle.errors import InputError
from satpuzzle.kinds.one_in_three_sat.puzzle import INTEGER, OneInThreeInstance, Solution, occurring

# ---------------------------------------------------------------- output


def _literals(instance: OneInThreeInstance, solution: Solution) -> list[int]:
    true_vars = set(solution)
    return [v if v in true_vars else -v for v in sorted(occurring(instance))]


def render_text(instance: OneInThreeInstance, solution: Solution) -> str:
    """One line: every occurring variable as a signed literal (positive = true)."""
    return " ".join(map(str, _literals(instance, solution)))


def render_json(instance: OneInThreeInstance, solution: Solution) -> list[int]:
    return _literals(instance, solution)


# ---------------------------------------------------------------- reading back


def parse_solutions(instance: OneInThreeInstance, text: str, path: str) -> list[Solution]:
    """Solutions as `render_text` prints them: one line each of signed literals (positive =
    true), optionally a leading `v` and a trailing 0. Variables not listed are false. Verdict
    lines (`unique`, `multiple`, ...) and `#` / `c` comments are skipped."""
    solutions = []
    for number, line in enumerate(text.splitlines(), 1):
        content = line.split("#", 1)[0]
        words = content.split()
        if not words or words[0] == "c" or content.strip() in _VERDICTS:
            continue
        if words[0] in ("v", "s"):
            if words[0] == "s":
                continue
            content = content.replace("v", " ", 1)
        true_vars, column = [], 0
        for word in content.split():
            column = content.index(word, column)
            if not INTEGER.match(word):
                raise InputError(f"expected a literal (a signed integer), found {word!r}",
                                 path, number, column + 1)
            column += len(word)
            if int(word) > 0:
                true_vars.append(int(word))
        solutions.append(tuple(sorted(true_vars)))
    if not solutions:
        raise InputError("empty solution file, expected lines of literals", path, 1, 1)
    return solutions


_VERDICTS = {"unique", "multiple", "none", "unknown", "no solution"}


def from_json(instance: OneInThreeInstance, data: object, path: str) -> Solution:
    """A solution given as JSON: a list of signed literals as `render_json` writes it
    (positive = true, variables not listed false)."""
    if not isinstance(data, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in data):
        raise InputError("a 1-in-3 SAT solution in JSON is a list of signed literals "
                         "(positive = true)", path)
    return tuple(sorted(v for v in data if v > 0))
