"""Shared helpers: run the CLI as a user would, read its grids, check them independently."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
INSTANCES = ROOT / "instances"
# Real benchmark data lives beside the checkout; tests that need it skip when it is absent.
SHARED_DATA = ROOT.parent / "shared" / "data"


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 120,
            input_text: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "satpuzzle", *map(str, args)],
                          check=False, capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout,
                          input=input_text)


def parse_grids(text: str) -> list[list[list[int]]]:
    """Grids printed as blocks of lines of space-separated numbers, blocks split by blank lines."""
    grids, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append([int(v) for v in line.split()])
        elif current:
            grids.append(current)
            current = []
    if current:
        grids.append(current)
    return grids


def shared(relative: str) -> Path:
    path = SHARED_DATA / relative
    if not path.exists():
        pytest.skip(f"shared benchmark data not present: {path}")
    return path
