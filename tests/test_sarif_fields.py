"""SARIF for code-scanning tools: fullDescription, helpUri into docs/rules.md,
partialFingerprints stable across runs, and an originalUriBaseIds base for the
relative paths (Decision CHECK-SEL: the fingerprint is the baseline's)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from arbiter.solver.cli.check_output import implemented_codes
from tests.helpers import ROOT, cli

FLAWED = ROOT / "examples" / "cardsets" / "flawed.yaml"


def _sarif(path: Path, cwd: Path = ROOT) -> dict[str, object]:
    done = cli("check", str(path), "--format", "sarif", "--witnesses", "none", cwd=cwd)
    assert done.returncode == 1, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_every_code_has_an_anchor_in_the_rules_reference() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="diagnostic-([a-z0-9-]+)"></a>', text))
    assert {c.lower() for c in implemented_codes()} <= anchors


@pytest.mark.rule("CHECK-SEL")
def test_sarif_rules_and_results_carry_what_code_scanning_needs(tmp_path: Path) -> None:
    run = _sarif(FLAWED)["runs"][0]  # type: ignore[index]
    rules = run["tool"]["driver"]["rules"]
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule in rules:
        assert rule["fullDescription"]["text"].startswith(rule["id"])
        page, anchor = rule["helpUri"].split("#")
        assert page == "docs/rules.md" and f'<a id="{anchor}"></a>' in text
    base = run["originalUriBaseIds"]["SRCROOT"]["uri"]
    assert base == ROOT.resolve().as_uri() + "/"
    prints = []
    for result in run["results"]:
        loc = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert loc == {"uri": "examples/cardsets/flawed.yaml", "uriBaseId": "SRCROOT"}
        prints.append(result["partialFingerprints"]["arbiterFinding/v1"])
    assert len(set(prints)) == len(prints)
    # the same finding elsewhere, its lines moved: the same fingerprints
    moved = tmp_path / "flawed.yaml"
    shutil.copy(FLAWED, moved)
    moved.write_text("# a comment\n\n" + moved.read_text(encoding="utf-8"), encoding="utf-8")
    again = _sarif(moved, cwd=tmp_path)["runs"][0]  # type: ignore[index]
    assert [r["partialFingerprints"]["arbiterFinding/v1"] for r in again["results"]] == prints
    assert again["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] != (
        run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"]
    )
