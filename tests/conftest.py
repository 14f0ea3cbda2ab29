"""Shared fixtures. Tests mark the rule ids they check: ``@pytest.mark.rule("E-LIMIT-2")``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("long" if os.environ.get("ARBITER_FUZZ") == "long" else "ci")

# Whole files that `make test-fast` leaves to `make test`: notebooks, fuzzing (of every
# integer of every example, of hostile files), determinism across processes, benchmark
# smoke runs, the Dask cluster, the browser. A single slow
# test elsewhere is marked ``@pytest.mark.slow`` where it stands.
SLOW_FILES = frozenset(
    {
        "test_notebooks.py",
        "test_fuzz.py",
        "test_fuzz_outside.py",
        "test_numbers.py",
        "test_hostile.py",
        "test_determinism.py",
        "test_benchmarks_smoke.py",
        "test_check_backends.py",
        "test_report_browser.py",
    }
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
