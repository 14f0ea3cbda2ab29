"""The public Python API: what notebooks, scripts and other tools call.

Everything here is stable; the modules behind it may change. Heavy libraries
load only when a function that needs them is called.
"""

from __future__ import annotations

from pathlib import Path

from model.format.document import load as _load_document
from model.format.scenario import parse_document, parse_file
from model.scenario import Scenario
from model.state import JSON
from solver.engine import RunOptions, RunResult
from solver.engine import run as _run


def load_scenario(path: str | Path) -> Scenario:
    """Parse a scenario file (raises ``model.errors.InputError`` on bad input)."""
    return parse_file(str(path))


def scenario_from_text(text: str, name: str = "<text>") -> Scenario:
    """Parse a scenario from a YAML string."""
    return parse_document(_load_document(name, text))


def run(scenario: Scenario | str | Path, *, time_limit: float = 10.0) -> RunResult:
    """Resolve a scenario's steps and check its expectations."""
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    return _run(scenario, RunOptions(time_limit=time_limit))


def run_json(scenario: Scenario | str | Path) -> dict[str, JSON]:
    """``arbiter run --json`` as a dictionary."""
    return run(scenario).as_json()


def history(scenario: Scenario | str | Path, object_id: str, stat: str) -> list[dict[str, JSON]]:
    """The reading of ``object_id.stat`` after each step: one JSON reading per step.

    Useful for plots of raw vs shown vs reference through a sequence of modifications.
    """
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario)
    from dataclasses import replace

    from model.view import characteristic_json

    rows: list[dict[str, JSON]] = []
    for i in range(len(scenario.steps) + 1):
        partial = replace(scenario, steps=scenario.steps[:i], expect=())
        state = _run(partial).state
        reading = characteristic_json(state.obj(object_id), stat)
        rows.append({"step": i, **(reading or {})})
    return rows
