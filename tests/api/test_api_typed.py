"""The Python API's typed answers (Result, Forced), its time limits (Timeout, the work really
stopped, from the main thread and from others), `count`, `unique`, `generate`, `__all__`,
and instance constructors that refuse what is no puzzle."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest
from conftest import INSTANCES, ROOT, run_cli

import satpuzzle
from satpuzzle import Forced, InputError, Result, Timeout, pipeline
from satpuzzle.kinds.crossword.model import CrosswordInstance
from satpuzzle.kinds.hashi.puzzle import HashiInstance
from satpuzzle.kinds.jigsaw.puzzle import JigsawInstance
from satpuzzle.kinds.one_in_three_sat.puzzle import OneInThreeInstance
from satpuzzle.kinds.partition.puzzle import PartitionInstance
from satpuzzle.kinds.shikaku.puzzle import ShikakuInstance
from satpuzzle.kinds.sudoku.puzzle import SudokuInstance

SUDOKU = INSTANCES / "sudoku"
TWO = SUDOKU / "two-solutions.puz"
EMPTY = SUDOKU / "empty-9x9.puz"
# seconds past a timeout that a loaded 2-core machine may take to stop (2.5 s was passed at
# load averages of 5 and more); every call timed with it runs far longer if not stopped
SLACK = 10.0


def _load(path):
    return satpuzzle.load(str(path))[0]


def _descendants() -> list[int]:
    """Processes below this one in its session (the children's watcher lives in a session
    of its own and outlives calls by design)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    found, frontier = [], [os.getpid()]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent:
                frontier.append(pid)
                try:
                    if os.getsid(pid) == os.getsid(0):
                        found.append(pid)
                except ProcessLookupError:
                    pass
    return found


def _nothing_left_running() -> None:
    for _ in range(20):  # a killed child may take a moment to be reaped
        if not _descendants():
            return
        time.sleep(0.1)
    assert _descendants() == []


# ---------------------------------------------------------------- typed answers


def test_count_and_unique_answer_with_results():
    puzzle = _load(TWO)
    counted = satpuzzle.count(puzzle)
    assert isinstance(counted, Result)
    assert (counted.kind, counted.status, counted.count, counted.complete) == (
        "sudoku", "SAT", 2, True)
    assert counted.solutions == () and counted.solution is None and counted.stopped is None
    answer = satpuzzle.unique(puzzle)
    assert (answer.status, answer.count, answer.verdict) == ("SAT", 2, "multiple")
    assert len(answer.solutions) == 2 and answer.solution == answer.solutions[0]
    assert all(satpuzzle.check(puzzle, grid) == [] for grid in answer.solutions)
    assert satpuzzle.count(puzzle, limit=1).complete is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        answer.count = 3  # type: ignore[misc]


def test_verdicts_and_statuses():
    unsolvable = _load(SUDOKU / "unsolvable.puz")
    none = satpuzzle.unique(unsolvable)
    assert (none.status, none.count, none.complete, none.verdict) == ("UNSAT", 0, True, "none")
    assert satpuzzle.solve(unsolvable) is None
    classic = _load(SUDOKU / "classic.puz")
    one = satpuzzle.unique(classic)
    assert (one.status, one.count, one.complete, one.verdict) == ("SAT", 1, True, "unique")
    assert one.solution == satpuzzle.solve(classic)
    assert satpuzzle.count(classic).count == 1


def _cli_json(*args) -> dict:
    result = run_cli("solve", *args, "--format", "json")
    return json.loads(result.stdout)


def _same_answer(api: dict, cli: dict) -> None:
    """Equal, solutions compared as a set (which of two comes first is the solver's)."""
    def key(solution):
        return json.dumps(solution, sort_keys=True)

    assert {**api, "solutions": None} == {**cli, "solutions": None}
    assert sorted(map(key, api["solutions"])) == sorted(map(key, cli["solutions"]))


@pytest.mark.parametrize("path", [TWO, SUDOKU / "classic.puz", SUDOKU / "unsolvable.puz",
                                  INSTANCES / "shikaku" / "codingame-10x10.puz",
                                  INSTANCES / "hashi" / "dailyprogrammer-7x7.puz"])
def test_to_json_is_what_the_command_prints(path):
    puzzle = _load(path)
    _same_answer(satpuzzle.count(puzzle).to_json(), _cli_json(path, "--count"))
    _same_answer(satpuzzle.unique(puzzle).to_json(), _cli_json(path, "--unique"))
    assert satpuzzle.forced(puzzle).to_json() == _cli_json(path, "--forced")


def test_forced_answers_with_a_typed_backbone():
    shared = satpuzzle.forced(_load(TWO))
    assert isinstance(shared, Forced)
    # the givens decide every cell but four, whose two digits swap between the solutions
    assert (shared.status, shared.complete, shared.variables) == ("SAT", True, 8)
    assert shared.forced == {} and len(shared) == 0 and len(shared.free) == 8 and not shared.unique
    assert shared.text == ("r4c6 open", "r4c9 open", "r5c6 open", "r5c9 open")
    classic = satpuzzle.forced(_load(SUDOKU / "classic.puz"))
    assert classic.unique and len(classic) == classic.variables and not classic.free
    # read as the {name: value} mapping it was before it was typed
    assert dict(classic.items()) == classic.forced and all(classic[name] in (True, False)
                                                           for name in classic)
    none = satpuzzle.forced(_load(SUDOKU / "unsolvable.puz"))
    assert (none.status, none.forced, none.text) == ("UNSAT", {}, ())


# ---------------------------------------------------------------- time limits


def test_count_cut_short_raises_timeout_with_the_partial_result():
    started = time.monotonic()
    with pytest.raises(Timeout) as stop:
        satpuzzle.count(_load(EMPTY), timeout=0.5)
    elapsed = time.monotonic() - started
    assert 0.5 <= elapsed < 0.5 + SLACK
    assert isinstance(stop.value, TimeoutError)
    partial = stop.value.result
    assert isinstance(partial, Result)
    assert (partial.stopped, partial.complete) == ("timeout", False)
    assert partial.status == ("SAT" if partial.count else "UNKNOWN")
    assert str(stop.value).startswith("timeout after ")
    assert f"{partial.count} solution(s) found so far" in str(stop.value)
    _nothing_left_running()


def test_solutions_cut_short_yield_then_raise():
    found = []
    with pytest.raises(Timeout) as stop:
        found.extend(satpuzzle.solutions(_load(EMPTY), engine="sat", timeout=0.8))
    assert found and stop.value.result.count == len(found)
    assert len(set(found)) == len(found)
    _nothing_left_running()


def test_an_abandoned_enumeration_stops_its_children():
    iterator = satpuzzle.solutions(_load(EMPTY), engine="sat", timeout=30)
    assert next(iterator) is not None
    assert _descendants()  # the solver is at work in a child
    iterator.close()
    _nothing_left_running()


def test_solve_and_unique_within_time_answer_normally():
    puzzle = _load(TWO)
    assert satpuzzle.solve(puzzle, timeout=30) in set(satpuzzle.solutions(puzzle))
    assert satpuzzle.unique(puzzle, timeout=30).verdict == "multiple"
    assert satpuzzle.count(puzzle, timeout=30).count == 2
    assert satpuzzle.solve(_load(SUDOKU / "unsolvable.puz"), timeout=30) is None
    assert satpuzzle.count(puzzle, timeout=math.inf).count == 2  # no limit
    assert satpuzzle.count(puzzle, timeout=1e300).count == 2  # as good as none
    _nothing_left_running()


def test_forced_cut_short_raises_timeout_with_what_was_proven():
    empty = SudokuInstance(5, 5, ((0,) * 25,) * 25)  # thousands of backbone calls: minutes
    # past its compiling on this machine now (a fixed 1 s ran out while compiling at load 4),
    # and far short of the backbone
    started = time.monotonic()
    pipeline.compile(empty)
    timeout = 3 * (time.monotonic() - started) + 2
    with pytest.raises(Timeout) as stop:
        satpuzzle.forced(empty, timeout=timeout)
    partial = stop.value.result
    assert isinstance(partial, Forced) and not partial.complete
    assert partial.stopped == "timeout"
    # before the first solution nothing is open yet; after it, what is not proven stays open
    assert partial.undecided if partial.status == "SAT" else partial.status == "UNKNOWN"
    _nothing_left_running()


@pytest.fixture(scope="module")
def empty_64() -> SudokuInstance:
    """An empty 64x64 Sudoku: seconds of compiling."""
    return SudokuInstance(8, 8, ((0,) * 64,) * 64)


def test_timeout_while_compiling(empty_64):
    started = time.monotonic()
    with pytest.raises(Timeout, match="while compiling") as stop:
        satpuzzle.solve(empty_64, timeout=0.5)
    assert stop.value.result is None
    assert time.monotonic() - started < 0.5 + SLACK
    # cut short, whatever the machine's speed: fewer clauses built than the formula has
    so_far = re.search(r"([\d,]+) clauses? built so far|no clause yet", str(stop.value))
    assert so_far is not None, str(stop.value)
    built = int(so_far[1].replace(",", "")) if so_far[1] else 0
    assert built < pipeline.compile(empty_64).formula.num_clauses


def _in_thread(call):
    """`call()` run in another thread: what it returned or raised."""
    outcome: dict = {}

    def body():
        try:
            outcome["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=body)
    thread.start()
    thread.join(120)
    assert not thread.is_alive()
    return outcome


def test_a_child_killed_while_compiling_is_a_timeout_while_compiling(monkeypatch):
    """A thread's call runs in a child; when the child's own compile timer cannot fire (a
    native call that holds on past it, as a busy machine makes of a big encoding) and it is
    killed, the call still says time ran out while compiling, with no result."""
    real_compile = pipeline.compile

    def stuck_compile(*args, **kwargs):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})  # as a native call would
        time.sleep(60)
        return real_compile(*args, **kwargs)

    monkeypatch.setattr(pipeline, "compile", stuck_compile)
    outcome = _in_thread(lambda: satpuzzle.solve(_load(TWO), engine="sat", timeout=0.3))
    assert isinstance(outcome.get("error"), Timeout), outcome
    assert "while compiling" in str(outcome["error"])
    assert outcome["error"].result is None


def test_timeouts_from_another_thread():
    """No signal reaches a thread other than the main one: the whole call runs in a child."""
    started = time.monotonic()
    outcome = _in_thread(lambda: satpuzzle.count(_load(EMPTY), timeout=0.8))
    assert isinstance(outcome.get("error"), Timeout), outcome
    assert outcome["error"].result.stopped == "timeout"
    assert time.monotonic() - started < 0.8 + SLACK
    # a shape of its own: encoding caches a shape's clause groups once they are built
    empty_63 = SudokuInstance(7, 9, ((0,) * 63,) * 63)
    outcome = _in_thread(lambda: satpuzzle.solve(empty_63, timeout=0.5))
    assert isinstance(outcome.get("error"), Timeout), outcome
    assert "while compiling" in str(outcome["error"])
    puzzle = _load(TWO)
    assert _in_thread(lambda: satpuzzle.unique(puzzle, timeout=30))["value"].count == 2
    assert _in_thread(lambda: satpuzzle.forced(puzzle, timeout=30))["value"].variables == 8
    found = _in_thread(lambda: list(satpuzzle.solutions(puzzle, timeout=30)))["value"]
    assert len(found) == 2
    _nothing_left_running()


def test_ctrl_c_during_a_timed_call_stops_everything(tmp_path):
    script = ("import satpuzzle\n"
              f"puzzle = satpuzzle.load({str(EMPTY)!r})[0]\n"
              "print('started', flush=True)\n"
              "satpuzzle.count(puzzle, timeout=60)\n")
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert process.stdout.readline() == "started\n"
    time.sleep(1.0)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
    _out, err = process.communicate(timeout=30)
    assert "KeyboardInterrupt" in err
    time.sleep(0.3)
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == process.pid:
                    members.append(int(entry))
            except ProcessLookupError:
                pass
    assert members == []


# ---------------------------------------------------------------- arguments


def test_misused_arguments_are_refused_at_the_call():
    puzzle = _load(TWO)
    for timeout in (0, -1, float("nan"), "1", True):
        for call in (satpuzzle.solve, satpuzzle.count, satpuzzle.unique, satpuzzle.forced,
                     satpuzzle.solutions):
            with pytest.raises(ValueError, match="timeout must be"):
                call(puzzle, timeout=timeout)
    with pytest.raises(TypeError, match="expected a puzzle instance"):
        satpuzzle.count("instances/sudoku/classic.puz")
    with pytest.raises(InputError, match="unknown solver"):
        satpuzzle.solve(puzzle, solver="no-such-solver")
    with pytest.raises(InputError, match="no engine 'euler'"):
        satpuzzle.unique(puzzle, engine="euler")


# ---------------------------------------------------------------- generate


def test_generate_through_the_registry():
    first = satpuzzle.generate("hashi", 7, 7, seed=1, unique=True, islands=10)
    assert isinstance(first, HashiInstance)
    assert first == satpuzzle.generate("hashi", 7, 7, seed=1, unique=True, islands=10,
                                       timeout=60)  # the same, made in a child
    assert satpuzzle.unique(first).verdict == "unique"
    board = satpuzzle.generate("jigsaw", 3, 4, seed=2, variant="orientation", labels=3)
    assert (board.rows, board.cols, board.variant) == (3, 4, "orientation")
    rectangles = satpuzzle.generate("shikaku", 6, 6, seed=3, merge_prob=0.5)
    assert (rectangles.rows, rectangles.cols) == (6, 6) and satpuzzle.solve(rectangles)
    puz = run_cli("generate", "hashi", "--size", "7x7", "--seed", "1", "--islands", "10",
                  "--unique").stdout
    assert satpuzzle.load(puz)[0].grid == first.grid  # what the command makes


def test_generate_refuses_what_it_cannot_do():
    with pytest.raises(InputError, match="unknown puzzle kind"):
        satpuzzle.generate("slitherlink")
    with pytest.raises(InputError, match="cannot generate crossword"):
        satpuzzle.generate("crossword")
    with pytest.raises(InputError, match="no option 'labels'; its options: islands"):
        satpuzzle.generate("hashi", labels=3)
    with pytest.raises(InputError, match="variant is one of"):
        satpuzzle.generate("jigsaw", variant="sideways")
    with pytest.raises(InputError, match="islands must be of type int"):
        satpuzzle.generate("hashi", islands=2.5)
    with pytest.raises(InputError, match="rows must be a positive integer"):
        satpuzzle.generate("hashi", 0, 5)


def test_generate_cut_short():
    started = time.monotonic()
    with pytest.raises(Timeout, match="while generating a 60x60 hashi") as stop:
        satpuzzle.generate("hashi", 60, 60, unique=True, timeout=0.5)
    assert stop.value.result is None and time.monotonic() - started < 0.5 + SLACK
    _nothing_left_running()


# ---------------------------------------------------------------- the module


def test_all_names_the_public_api():
    namespace: dict = {}
    exec("from satpuzzle import *", namespace)  # noqa: S102
    assert set(satpuzzle.__all__) <= set(namespace)
    for name in ("solve", "solutions", "count", "unique", "forced", "generate", "Result",
                 "Forced", "Timeout", "InputError"):
        assert name in satpuzzle.__all__
    assert satpuzzle.InputError is __import__("satpuzzle.errors").errors.InputError
    from satpuzzle.solving import DEFAULT_SOLVER

    assert satpuzzle.DEFAULT_SOLVER == DEFAULT_SOLVER  # copied, so that import stays light
    assert issubclass(satpuzzle.Timeout, TimeoutError)


def test_import_stays_light():
    """`import satpuzzle` brings in neither the pipeline nor PySAT: only the calls do."""
    code = ("import sys, satpuzzle\n"
            "print(sorted(m for m in ('satpuzzle.pipeline', 'pysat', 'numpy') "
            "if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True)
    assert result.stdout.strip() == "[]"


# ---------------------------------------------------------------- constructors


BAD_INSTANCES = {
    "sudoku holding a 9": lambda: SudokuInstance(2, 2, ((9, 0, 0, 0),) + ((0,) * 4,) * 3),
    "sudoku of 3 rows": lambda: SudokuInstance(2, 2, ((0,) * 4,) * 3),
    "sudoku of a float": lambda: SudokuInstance(2, 2, ((1.0, 0, 0, 0),) + ((0,) * 4,) * 3),
    "sudoku of a bool": lambda: SudokuInstance(2, 2, ((True, 0, 0, 0),) + ((0,) * 4,) * 3),
    "sudoku box 0x3": lambda: SudokuInstance(0, 3, ()),
    "sudoku box 9x9": lambda: SudokuInstance(9, 9, ()),
    "sudoku split region": lambda: SudokuInstance(
        2, 2, ((0,) * 4,) * 4, regions=((0, 1, 0, 1),) * 2 + ((2, 3, 2, 3),) * 2),
    "sudoku region of 6": lambda: SudokuInstance(
        2, 2, ((0,) * 4,) * 4, regions=((0, 0, 0, 1),) * 2 + ((2, 2, 3, 3),) * 2),
    "shikaku negative area": lambda: ShikakuInstance(2, 2, ((0, 0, -4),)),
    "shikaku area 0": lambda: ShikakuInstance(2, 2, ((0, 0, 0),)),
    "shikaku area above the cells": lambda: ShikakuInstance(2, 2, ((0, 0, 5),)),
    "shikaku clue off the grid": lambda: ShikakuInstance(2, 2, ((2, 0, 4),)),
    "shikaku two clues on a cell": lambda: ShikakuInstance(2, 2, ((1, 1, 2), (0, 0, 1),
                                                                  (1, 1, 1))),
    "shikaku of 0 rows": lambda: ShikakuInstance(0, 2, ()),
    "hashi island of 9": lambda: HashiInstance(((9, 0, 1),)),
    "hashi ragged": lambda: HashiInstance(((1, 0, 1), (0, 1))),
    "hashi empty": lambda: HashiInstance(()),
    "hashi all water": lambda: HashiInstance(((0, 0), (0, 0))),
    "hashi connectivity": lambda: HashiInstance(((1, 0, 1),), connectivity="fast"),
    "jigsaw piece too many": lambda: JigsawInstance(1, 1, ((0, 0, 0, 0), (0, 0, 0, 0))),
    "jigsaw piece of 3": lambda: JigsawInstance(1, 1, ((0, 0, 0),)),
    "jigsaw label 1.5": lambda: JigsawInstance(1, 1, ((0, 0, 1.5, 0),)),
    "jigsaw variant": lambda: JigsawInstance(1, 1, ((0, 0, 0, 0),), variant="sideways"),
    "jigsaw 0 rows": lambda: JigsawInstance(0, 1, ()),
    "crossword cell 2": lambda: CrosswordInstance((("1", "2"),), ("ab",)),
    "crossword ragged": lambda: CrosswordInstance((("1", "1"), ("1",)), ("ab",)),
    "crossword word": lambda: CrosswordInstance((("1", "1"),), ("Ab1",)),
    "crossword distinct": lambda: CrosswordInstance((("1", "1"),), ("ab",), "yes"),
    "partition empty": lambda: PartitionInstance(()),
    "partition zero": lambda: PartitionInstance((3, 0, 3)),
    "partition negative": lambda: PartitionInstance((3, -1, 4)),
    "partition too large": lambda: PartitionInstance((2 ** 61, 2 ** 61)),
    "1-in-3 clause of 4": lambda: OneInThreeInstance(4, ((1, 2, 3, 4),)),
    "1-in-3 literal 0": lambda: OneInThreeInstance(3, ((1, 0, 3),)),
    "1-in-3 variable 4 of 3": lambda: OneInThreeInstance(3, ((1, -4),)),
    "1-in-3 no clause": lambda: OneInThreeInstance(3, ()),
    "1-in-3 empty clause": lambda: OneInThreeInstance(3, ((),)),
}


@pytest.mark.parametrize("name", BAD_INSTANCES)
def test_constructors_refuse_what_is_no_puzzle(name):
    with pytest.raises(InputError) as error:
        BAD_INSTANCES[name]()
    assert str(error.value).startswith("satpuzzle: error: ")


def test_constructors_take_lists_and_keep_tuples():
    sudoku = SudokuInstance(2, 2, [[0] * 4 for _ in range(4)],
                            regions=[[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]])
    assert type(sudoku.givens) is tuple and type(sudoku.regions[0]) is tuple
    assert hash(sudoku) == hash(SudokuInstance(2, 2, ((0,) * 4,) * 4,
                                               regions=sudoku.regions))
    assert satpuzzle.count(sudoku).count == 288
    shikaku = ShikakuInstance(2, 3, [[1, 1, 4], [0, 0, 2]])
    assert shikaku.clues == ((0, 0, 2), (1, 1, 4))  # row-major order
    assert satpuzzle.unique(shikaku).verdict == "unique"
    assert HashiInstance([[1, 0, 1]]).grid == ((1, 0, 1),)
    assert PartitionInstance([3, 1, 2]).numbers == (3, 1, 2)
    assert OneInThreeInstance(3, [[1, 2, 3]]).clauses == ((1, 2, 3),)
    assert JigsawInstance(1, 1, [[0, 0, 0, 0]]).pieces == ((0, 0, 0, 0),)
    assert CrosswordInstance([["1", "1"]], ["ab"]).words == ("ab",)


def test_every_bundled_instance_passes_its_constructor_again():
    paths = sorted(INSTANCES.glob("*/*.puz"))
    assert len(paths) > 20
    for path in paths:
        for instance in satpuzzle.load(str(path)):
            assert dataclasses.replace(instance) == instance, path
