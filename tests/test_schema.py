"""`arbiter schema` publishes a JSON Schema that every example scenario satisfies."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from arbiter.model.format.document import load
from arbiter.model.format.schema import build_schema
from tests.helpers import ROOT, cli
from tests.test_examples import SCENARIOS


def test_schema_command_prints_a_valid_json_schema() -> None:
    done = cli("schema")
    assert done.returncode == 0
    schema = json.loads(done.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["required"] == ["ruleset", "players", "objects"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_every_example_scenario_satisfies_the_schema(path: Path) -> None:
    validator = jsonschema.Draft202012Validator(build_schema())
    errors = sorted(validator.iter_errors(load(str(path)).root), key=lambda e: list(e.path))
    assert [f"{list(e.path)}: {e.message}" for e in errors][:3] == []


def test_the_schema_rejects_an_unknown_step_kind() -> None:
    validator = jsonschema.Draft202012Validator(build_schema())
    doc = {"ruleset": "eredan", "players": ["a"], "objects": {}, "steps": [{"shuffle": {}}]}
    assert not validator.is_valid(doc)
