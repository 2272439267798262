"""The jigsaw search's compiled loop (satpuzzle/kinds/jigsaw/search_kernel.py): the same boards
in the same order as the Python loop (search.EdgeSearch) on every variant, the hand-over from
one to the other mid-search, the Python loop alone without numba, and a whole process on a
Brendan board that needs the hand-over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import pytest

import satpuzzle
from satpuzzle.kinds.jigsaw import generation, search, search_kernel
from satpuzzle.kinds.jigsaw import puzzle as jigsaw
from satpuzzle.kinds.jigsaw.decoding import placements_for

BRENDAN = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "jigsaw" / "brendan"

needs_numba = pytest.mark.skipif(not search_kernel.COMPILED,
                                 reason="numba missing or unable to cache its loops")

CASES = [(variant, matching, border)
         for variant in jigsaw.VARIANTS
         for matching in ("opposite", "equal")
         for border in ("zero", "free")]


def python_boards(instance: jigsaw.JigsawInstance, limit: int) -> list[dict]:
    boards = search.EdgeSearch(*search.engine_arguments(instance)).boards()
    return [board for board in islice(boards, limit) if board is not None]


@needs_numba
@pytest.mark.parametrize("variant,matching,border", CASES)
def test_the_compiled_loop_finds_the_python_loops_boards_in_its_order(variant, matching,
                                                                      border):
    for seed in range(3):
        instance = generation.generate(3, 4, labels=3, variant=variant, seed=seed,
                                       matching=matching, border=border)
        expected = python_boards(instance, 300)
        kernel = search_kernel.kernel_for(*search.engine_arguments(instance))
        assert kernel is not None
        assert list(islice(kernel.boards(), 300)) == expected
        if variant == "puzzle" and border == "zero":
            assert expected  # a generated board has its own solution at least


@needs_numba
def test_the_loop_resumes_after_each_budget_of_placements():
    instance = generation.generate(4, 4, labels=3, seed=2, matching="equal")
    expected = python_boards(instance, 10_000)
    kernel = search_kernel.kernel_for(*search.engine_arguments(instance))
    assert kernel is not None
    assert list(kernel.boards(budget=7)) == expected
    assert len(expected) > 10


@pytest.mark.parametrize("compiled", (True, False))
def test_the_hand_over_mid_search_neither_loses_nor_repeats_a_board(monkeypatch, compiled):
    if compiled and not search_kernel.COMPILED:
        pytest.skip("numba missing or unable to cache its loops")
    monkeypatch.setattr(search_kernel, "COMPILED", compiled)  # False: Python throughout
    instance = generation.generate(4, 4, labels=3, seed=2, matching="equal")
    expected = list(search.search(instance))
    assert len(expected) > 10
    for pause in (1, 5, 40, 1000):
        monkeypatch.setattr(search, "PYTHON_PLACEMENTS", pause)
        assert list(search.search(instance)) == expected


def test_too_large_key_tables_leave_the_search_to_python(monkeypatch):
    monkeypatch.setattr(search_kernel, "MAX_KEYS", 3)
    instance = generation.generate(3, 3, labels=3, seed=0, matching="equal")
    assert search_kernel.kernel_for(*search.engine_arguments(instance)) is None
    monkeypatch.setattr(search, "PYTHON_PLACEMENTS", 1)
    assert list(search.search(instance))


@needs_numba
@pytest.mark.skipif(not (BRENDAN / "pieces_07x06.txt").exists(),
                    reason="Brendan Owen's boards (../shared/data/jigsaw/brendan) absent")
def test_a_brendan_board_past_the_hand_over_in_a_whole_process():
    # 6x7 takes the search 2.2 million placements, past PYTHON_PLACEMENTS
    path = BRENDAN / "pieces_07x06.txt"
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(path), "--engine",
                           "search", "--format", "json", "--timeout", "300"],
                          check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (instance,), _ = jigsaw.read_native(path.read_text(), str(path), {})
    board = json.loads(done.stdout)["solutions"][0]
    assert board == [[list(placement) for placement in row] for row in next(search.search(instance))]
    assert satpuzzle.check(instance, tuple(tuple(map(tuple, row)) for row in board)) == []


def test_a_compiled_loop_that_fails_to_load_leaves_the_search_to_python(monkeypatch):
    # warm() found numba unable to load or compile the loop (LLVM out of memory, say)
    monkeypatch.setattr(search_kernel, "_WARM", [False])
    instance = generation.generate(4, 4, labels=3, seed=2, matching="equal")
    assert search_kernel.kernel_for(*search.engine_arguments(instance)) is None
    expected = [placements_for(instance, board) for board in python_boards(instance, 10_000)]
    monkeypatch.setattr(search, "PYTHON_PLACEMENTS", 3)
    assert list(search.search(instance)) == expected


@needs_numba
def test_the_compiled_loop_loads():
    assert search_kernel.warm()


SCIPY_LINALG_LEFT_OUT = """
import importlib.util, sys
from satpuzzle.kinds.jigsaw import search_kernel
assert search_kernel.warm()
print("scipy.linalg" in sys.modules)
if importlib.util.find_spec("scipy") is not None:  # refused while loading, allowed again
    import scipy.linalg.cython_blas
"""


@needs_numba
def test_loading_the_compiled_loop_leaves_scipy_linalg_out():
    # numba asks whether scipy's BLAS is there on its first load: importing scipy.linalg to
    # answer doubled the cost of loading the cached loop (0.2 s of CPU a process)
    done = subprocess.run([sys.executable, "-c", SCIPY_LINALG_LEFT_OUT], capture_output=True,
                          check=False,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]


@needs_numba
@pytest.mark.skipif(not (BRENDAN / "pieces_08x08.txt").exists(),
                    reason="Brendan Owen's boards (../shared/data/jigsaw/brendan) absent")
def test_the_timeout_stops_the_compiled_loop_and_its_process(tmp_path):
    # 8x8 takes the search more than 10^10 placements: the compiled loop is running at 3 s
    board = tmp_path / "pieces_08x08.txt"
    board.write_text((BRENDAN / "pieces_08x08.txt").read_text())
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "satpuzzle", "solve", str(board), "--engine",
                           "search", "--timeout", "3"],
                          check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 3
    assert time.monotonic() - started < 60
    assert "Traceback" not in done.stderr
    assert [line for line in done.stderr.splitlines() if "timeout" in line]
    time.sleep(0.5)
    assert not [pid for pid in os.listdir("/proc") if pid.isdigit()
                and str(board).encode() in _cmdline(pid)]


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # gone meanwhile
        return b""
