"""Each benchmark script still runs (``--smoke``: tiny sizes, one repeat).

The scripts measure; they assert nothing about time. These tests only keep them
working as the code under them changes (a benchmark that no longer runs measures
nothing). The full runs are ``make bench``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT

SMOKE = {
    "damage.py": ["--smoke"],
    "damage.py --cpsat-params": ["--smoke", "--cpsat-params"],
    "cli_start.py": ["--smoke"],
}


@pytest.mark.parametrize("script", sorted(SMOKE))
def test_the_benchmark_runs_in_smoke_mode(script: str) -> None:
    path = ROOT / "benchmarks" / script.split()[0]
    done = subprocess.run(
        [sys.executable, str(path), *SMOKE[script]],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.splitlines()) >= 3  # a table was printed
