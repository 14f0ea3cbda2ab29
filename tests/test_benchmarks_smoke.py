"""Every script of benchmarks/ runs in its smoke mode (``--smoke``: tiny sizes, one run),
so a benchmark that no longer matches the code fails here and not in ``make bench``.
Numbers are printed, never asserted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

# every script; a module whose name starts with "_" is shared code the scripts import
SCRIPTS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))


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


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_benchmark_answers_help_and_refuses_an_unknown_option(script: Path) -> None:
    """``--help`` prints the usage without running anything; an unknown option is one
    line of usage error and exit 2, never a traceback or a run of the benchmark."""
    helped = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert helped.returncode == 0, helped.stderr[-2000:]
    assert "usage:" in helped.stdout
    assert "Traceback" not in helped.stderr
    refused = subprocess.run(
        [sys.executable, str(script), "--no-such-option"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "--no-such-option" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert not refused.stdout.strip()
