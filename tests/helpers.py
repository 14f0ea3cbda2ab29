"""Small builders for tests: a scenario from a YAML string, run through the engine."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from arbiter.model.format.document import load
from arbiter.model.format.scenario import parse_document
from arbiter.model.scenario import Scenario
from arbiter.solver.engine.runner import RunResult, run

ROOT = Path(__file__).resolve().parent.parent


def scenario(text: str, name: str = "test.yaml") -> Scenario:
    return parse_document(load(name, textwrap.dedent(text)))


def run_text(text: str) -> RunResult:
    return run(scenario(text))


def view(text: str) -> dict[str, Any]:
    return run_text(text).as_json()


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``arbiter`` as a user would, in a fresh process (``tests/forkserver.py``)."""
    from tests.forkserver import run_cli

    return run_cli(list(args), cwd)


def cli_json(*args: str) -> dict[str, Any]:
    done = cli(*args, "--json")
    assert done.returncode in (0, 1), done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def loaded_by(probe: str, example: str = "examples/seeds/eredan_naya.yaml") -> str:
    """Run ``probe`` (a program printing ``LOADED=<modules>`` last) on an example in a fresh
    interpreter, and return what follows ``LOADED=``: the modules it found imported."""
    done = subprocess.run(
        [sys.executable, "-c", probe, str(ROOT / example)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("LOADED="), done.stdout
    return last.removeprefix("LOADED=")
