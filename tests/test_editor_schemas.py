"""Schemas for editors: draft-07 (yaml-language-server), an $id and a description on every
key; the loops files and every witness arbiter check writes validate; ``arbiter init``
scaffolds files with the modeline that names them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from arbiter.model.format.editor_schema import KINDS, build
from tests.helpers import ROOT, cli


def _keys_without_description(node: Any, path: str = "") -> list[str]:
    missing: list[str] = []
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            if not (isinstance(sub, dict) and sub.get("description")):
                missing.append(f"{path}.{key}")
        for key, sub in node.items():
            missing += _keys_without_description(
                sub, f"{path}.{key}" if key != "properties" else path
            )
    elif isinstance(node, list):
        for sub in node:
            missing += _keys_without_description(sub, path)
    return missing


@pytest.mark.parametrize("kind", KINDS)
def test_every_schema_is_draft_07_with_an_id_and_described_keys(kind: str) -> None:
    schema = build(kind)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == f"urn:arbiter:schema:{kind}:v1"
    jsonschema.Draft7Validator.check_schema(schema)
    assert _keys_without_description(schema) == []
    flag = [] if kind == "scenario" else [f"--{kind}"]
    assert json.loads(cli("schema", *flag).stdout) == schema


def test_loops_files_and_every_written_witness_validate(tmp_path: Path) -> None:
    loops = jsonschema.Draft7Validator(build("loops"))
    for path in sorted((ROOT / "examples" / "loops").glob("*.yaml")):
        errors = [e.message for e in loops.iter_errors(yaml.safe_load(path.read_text("utf-8")))]
        assert errors == [], path
    witness = jsonschema.Draft7Validator(build("witness"))
    sets = sorted(str(p) for p in (ROOT / "examples" / "cardsets").glob("*.yaml"))
    done = cli("check", *sets, "--witness-dir", str(tmp_path), "--max-witnesses", "0")
    assert done.returncode in (0, 1), done.stderr
    written = sorted(tmp_path.rglob("*.yaml"))
    assert len(written) >= 10
    for path in written:
        errors = [e.message for e in witness.iter_errors(yaml.safe_load(path.read_text("utf-8")))]
        assert errors == [], path


def test_the_format_page_shows_the_modeline() -> None:
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=schemas/cardset.schema.json" in text


def test_init_scaffolds_a_card_set_and_a_scenario_with_the_modeline(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    done = cli("init", str(folder))
    assert done.returncode == 0, done.stderr
    assert f"wrote {folder / 'cards.yaml'}" in done.stderr
    for name, kind in (("cards.yaml", "cardset"), ("scenario.yaml", "scenario")):
        text = (folder / name).read_text(encoding="utf-8")
        line = text.splitlines()[0]
        found = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", line)
        assert found, line
        schema = json.loads((folder / found.group(1)).read_text(encoding="utf-8"))
        assert schema["$id"] == f"urn:arbiter:schema:{kind}:v1"
        jsonschema.Draft7Validator(schema).validate(yaml.safe_load(text))
    check = cli("check", str(folder / "cards.yaml"), "--witness-dir", str(tmp_path / "w"))
    assert check.returncode == 0 and "0 errors, 0 warnings" in check.stdout
    assert cli("run", str(folder / "scenario.yaml")).returncode == 0
    again = cli("init", str(folder))
    assert again.returncode == 2 and "will not write over" in again.stderr
