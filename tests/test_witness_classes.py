"""One witness per class of equivalent findings (Decision CHECK-WIT): which finding
represents its class, and so every path in the report, must not depend on the order in
which Python happens to iterate a set of card ids (it changes with the hash seed of the
process, Decision ORD-1)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT


def _generated(n: int, seed: int) -> str:
    spec = importlib.util.spec_from_file_location("bench_check", ROOT / "benchmarks" / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text: str = module.generate(n, seed)
    return text


def _report(cards: Path, witnesses: Path, hash_seed: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "arbiter.solver.cli.main", "check", str(cards), "--json"]
        + ["--witness-dir", str(witnesses)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.replace(str(witnesses), "<witnesses>")


@pytest.mark.rule("CHECK-WIT", "ORD-1")
def test_the_report_is_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    cards = tmp_path / "generated.yaml"
    cards.write_text(_generated(300, 5), encoding="utf-8")
    one = _report(cards, tmp_path / "a", "1")
    assert '"ruling-D-PREV-3"' in one  # classes of findings over cards of equal id lengths
    assert _report(cards, tmp_path / "b", "2") == one
