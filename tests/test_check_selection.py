"""``arbiter check`` in a workflow: include-only files, --select/--ignore, per-card
``suppress:``, --baseline, --exit-zero, --statistics (Decisions CHECK-PART, CHECK-SEL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")
CARDSETS = ROOT / "examples" / "cardsets"

PARTS = """ruleset: eredan
include_only: true
cards:
  boost: {kind: spell, roles: {t: character},
          effect: [{modify: {target: t, stat: grit, op: add, value: 1}}]}
"""
WHOLE = """ruleset: eredan
include: [parts.yaml]
cards:
  hero: {kind: character, base: {grit: 2}}
"""


def _json(done: object) -> dict[str, object]:
    return json.loads(done.stdout)  # type: ignore[attr-defined,no-any-return]


@pytest.mark.rule("CHECK-PART")
def test_the_readme_sarif_command_skips_include_only_files(tmp_path: Path) -> None:
    files = sorted(str(p.relative_to(ROOT)) for p in CARDSETS.glob("*.yaml"))
    done = cli("check", *files, "--format", "sarif", "--witness-dir", str(tmp_path))
    results = json.loads(done.stdout)["runs"][0]["results"]
    spells = [r for r in results if "eredan_spells" in json.dumps(r["locations"])]
    assert spells == [], spells
    assert (
        "examples/cardsets/eredan_spells.yaml: include-only (a part of eredan.yaml); "
        "checked through eredan.yaml"
    ) in done.stderr
    # flawed.yaml's seeded errors are real: the README's command exits 0 with --exit-zero
    done = cli("check", *files, "--format", "sarif", "--exit-zero", "--witness-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr


@pytest.mark.rule("CHECK-PART")
def test_an_include_only_file_is_never_checked_alone(tmp_path: Path) -> None:
    (tmp_path / "parts.yaml").write_text(PARTS, encoding="utf-8")
    (tmp_path / "whole.yaml").write_text(WHOLE, encoding="utf-8")
    alone = cli("check", str(tmp_path / "parts.yaml"), "--witness-dir", str(tmp_path / "w"))
    assert alone.returncode == 0 and alone.stdout == ""
    assert "parts.yaml: include-only (check a set that includes it)" in alone.stderr
    both = cli(
        "check",
        str(tmp_path / "parts.yaml"),
        str(tmp_path / "whole.yaml"),
        "--json",
        "--witness-dir",
        str(tmp_path / "w"),
    )
    assert both.returncode == 0, both.stdout + both.stderr
    assert [c["file"] for c in _json(both)["cardsets"]] == [str(tmp_path / "whole.yaml")]
    assert f"parts.yaml: include-only (checked within {tmp_path / 'whole.yaml'})" in both.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: eredan\ninclude: []\ninclude_only: 3\n", encoding="utf-8")
    done = cli("check", str(tmp_path / "whole.yaml"), str(bad))
    assert done.returncode == 2 and "bad.yaml:3:" in done.stderr, done.stderr
    assert "true, or the name of the file that includes this one" in done.stderr


@pytest.mark.rule("CHECK-SEL")
def test_select_and_ignore_take_codes_and_prefixes(tmp_path: Path) -> None:
    w = ("--witness-dir", str(tmp_path))
    found = _json(cli("check", FLAWED, "--json", *w))["diagnostics"]
    every = {d["code"] for d in found}
    rulings = _json(cli("check", FLAWED, "--json", "--select", "ruling", *w))
    assert {d["code"] for d in rulings["diagnostics"]} == {c for c in every if "ruling" in c[:6]}
    not_selected = len(found) - len(rulings["diagnostics"])
    assert not_selected > 0
    assert rulings["cardsets"][0]["not_reported"]["not_selected"] == not_selected
    ignored = _json(cli("check", FLAWED, "--json", "--ignore", "loop-,unknown-card", *w))
    codes = {d["code"] for d in ignored["diagnostics"]}
    assert codes == every - {"loop-capped", "loop-mandatory", "unknown-card"}
    # selecting only rulings: nothing fails the run any more
    assert cli("check", FLAWED, "--select", "ruling", *w).returncode == 0


@pytest.mark.rule("CHECK-SEL")
def test_a_card_suppresses_a_code_with_a_reason(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "cardsets" / "flawed.yaml").read_text(encoding="utf-8")
    target = tmp_path / "flawed.yaml"
    target.write_text(
        text.replace(
            "  ayako:\n    name: Ayako\n",
            "  ayako:\n    name: Ayako\n    suppress: {ruling-E-IMM-1b: ruled by the judges}\n",
        ),
        encoding="utf-8",
    )
    assert "suppress:" in target.read_text(encoding="utf-8")
    out = _json(cli("check", str(target), "--json", "--witness-dir", str(tmp_path / "w")))
    assert all(d["code"] != "ruling-E-IMM-1b" for d in out["diagnostics"])
    assert out["cardsets"][0]["not_reported"]["suppressed"] == 1
    text_report = cli("check", str(target), "--witness-dir", str(tmp_path / "w")).stdout
    assert "1 diagnostic not reported: 1 suppressed in the card files" in text_report
    target.write_text(
        text.replace(
            "  ayako:\n    name: Ayako\n",
            "  ayako:\n    name: Ayako\n    suppress: {ruling-E-IMM-1b: ''}\n",
        ),
        encoding="utf-8",
    )
    done = cli("check", str(target))
    assert done.returncode == 2 and "reason" in done.stderr


@pytest.mark.rule("CHECK-SEL")
def test_a_baseline_reports_only_new_diagnostics(tmp_path: Path) -> None:
    w = ("--witness-dir", str(tmp_path / "w"))
    base = tmp_path / "baseline.json"
    done = cli("check", FLAWED, "--format", "json", "-o", str(base), *w)
    assert done.returncode == 1 and f"wrote {base}" in done.stderr
    again = cli("check", FLAWED, "--json", "--baseline", str(base), *w)
    assert again.returncode == 0, again.stderr
    out = _json(again)
    total = len(json.loads(base.read_text(encoding="utf-8"))["diagnostics"])
    assert out["diagnostics"] == [] and out["cardsets"][0]["not_reported"]["in_baseline"] == total
    # one diagnostic removed from the baseline comes back, alone
    data = json.loads(base.read_text(encoding="utf-8"))
    gone = data["diagnostics"].pop(0)
    base.write_text(json.dumps(data), encoding="utf-8")
    out = _json(cli("check", FLAWED, "--json", "--baseline", str(base), *w))
    assert [(d["code"], d["cards"]) for d in out["diagnostics"]] == [(gone["code"], gone["cards"])]
    base.write_text("{not json", encoding="utf-8")
    bad = cli("check", FLAWED, "--baseline", str(base), *w)
    assert bad.returncode == 2 and "baseline.json:1:" in bad.stderr


@pytest.mark.rule("CHECK-SEL")
def test_exit_zero_and_statistics(tmp_path: Path) -> None:
    w = ("--witness-dir", str(tmp_path))
    assert cli("check", FLAWED, *w).returncode == 1
    assert cli("check", FLAWED, "--exit-zero", *w).returncode == 0
    stats = cli("check", FLAWED, "--statistics", *w)
    lines = stats.stdout.splitlines()
    assert lines[0].split() == ["1", "absent-characteristic", "warning"]  # by count, then code
    total = len(_json(cli("check", FLAWED, "--json", *w))["diagnostics"])
    assert sum(int(line.split()[0]) for line in lines) == total
    as_json = _json(cli("check", FLAWED, "--statistics", "--json", *w))
    assert sum(row["count"] for row in as_json) == total  # type: ignore[attr-defined]
