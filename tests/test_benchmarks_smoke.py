"""Every script of benchmarks/ runs in its smoke mode (``--smoke``: tiny sizes, one run),
so a benchmark that no longer matches the code fails here and not in ``make bench``.
Numbers are printed, never asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def test_there_are_benchmark_scripts() -> None:
    assert len(SCRIPTS) >= 7


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_benchmark_runs_in_its_smoke_mode(script: Path) -> None:
    assert "--smoke" in script.read_text(encoding="utf-8"), f"{script.name} has no --smoke"
    done = subprocess.run(
        [sys.executable, str(script), "--smoke"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), f"{script.name} printed nothing"
    assert "Traceback" not in done.stderr
