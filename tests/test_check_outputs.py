"""``arbiter check`` outputs: text grouped by severity, JSON, SARIF 2.1.0, HTML, exit codes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.helpers import ROOT, cli

FLAWED = str(ROOT / "examples" / "cardsets" / "flawed.yaml")
CLEAN = str(ROOT / "examples" / "cardsets" / "eredan.yaml")


def test_json_lists_every_diagnostic_with_its_witness_file(tmp_path: Path) -> None:
    done = cli("check", FLAWED, "--json", "--witness-dir", str(tmp_path))
    assert done.returncode == 1, done.stderr
    out = json.loads(done.stdout)
    assert out["summary"] == {"error": 5, "warning": 7, "ruling": 4, "info": 0}
    for d in out["diagnostics"]:
        assert {"code", "severity", "cards", "rules", "message", "witness"} <= set(d)
        assert Path(d["witness"]).is_file()
        assert Path(d["witness"]).parent == tmp_path / "flawed"
    severities = [d["severity"] for d in out["diagnostics"]]
    assert severities == sorted(severities, key=["error", "warning", "ruling"].index)
    assert out["cardsets"][0]["stats"]["all_pairs"] == 325  # 26 cards


def test_witnesses_run_with_arbiter_run(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    out = json.loads(cli("check", FLAWED, "--json", "--witness-dir", str(tmp_path)).stdout)
    diagnostics = out["diagnostics"]

    def replay(d: dict[str, str]) -> subprocess.CompletedProcess[str]:
        # a loop is shown by the loop search on the cards' minimal state (LOOP-4)
        return cli("loops" if d["code"].startswith("loop-") else "run", d["witness"])

    with ThreadPoolExecutor(max_workers=2) as pool:  # two fresh processes at a time
        runs = list(pool.map(replay, diagnostics))
    for d, done in zip(diagnostics, runs, strict=True):
        if d["code"] == "unknown-characteristic":  # arbiter run refuses the misspelt name
            assert done.returncode == 2 and "some object has" in done.stderr, done.stderr
            continue
        assert done.returncode == 0, (d["code"], done.stdout, done.stderr)


def test_exit_codes_follow_fail_on(tmp_path: Path) -> None:
    w = ("--witness-dir", str(tmp_path))
    assert cli("check", CLEAN, *w).returncode == 0
    assert cli("check", CLEAN, "--fail-on", "ruling", *w).returncode == 0
    ruling_only = tmp_path / "r.yaml"
    ruling_only.write_text(
        "ruleset: eredan\ncards:\n"
        "  a: {kind: character, base: {spirit: 3}}\n"
        "  h: {kind: spell, roles: {t: character},"
        " effect: [{modify: {target: t, stat: spirit, op: divide, value: 2}}]}\n",
        encoding="utf-8",
    )
    assert cli("check", str(ruling_only), *w).returncode == 0
    assert cli("check", str(ruling_only), "--fail-on", "warning", *w).returncode == 0
    assert cli("check", str(ruling_only), "--fail-on", "ruling", *w).returncode == 1


def test_text_report_groups_by_severity_and_names_witnesses(tmp_path: Path) -> None:
    done = cli("check", FLAWED, "--witness-dir", str(tmp_path))
    text = done.stdout
    assert text.index("errors (5)") < text.index("warnings (7)") < text.index("rulings (4)")
    assert "witness:" in text and "examined 4 of 325 pairs" in text
    assert "(arbiter loops it)" in text and "under base-first:" in text


def test_sarif_points_at_the_card_set_lines(tmp_path: Path) -> None:
    done = cli("check", FLAWED, "--format", "sarif", "--witness-dir", str(tmp_path))
    sarif = json.loads(done.stdout)
    assert sarif["version"] == "2.1.0" and "sarif" in sarif["$schema"]
    run = sarif["runs"][0]
    rule_ids = {r["id"] for r in run["tool"]["driver"]["rules"]}
    lines = (ROOT / "examples" / "cardsets" / "flawed.yaml").read_text(encoding="utf-8").split("\n")
    for result in run["results"]:
        assert result["ruleId"] in rule_ids
        assert result["level"] in ("error", "warning", "note")
        loc = result["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] == "examples/cardsets/flawed.yaml"
        line = lines[loc["region"]["startLine"] - 1]
        assert line.strip(), result  # a real line of the file
    banish = next(r for r in run["results"] if r["ruleId"] == "unknown-zone")
    line = lines[banish["locations"][0]["physicalLocation"]["region"]["startLine"] - 1]
    assert "graveyard" in line


def test_html_is_one_self_contained_file(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    (tmp_path / "work").mkdir()
    html = tmp_path / "reports" / "report.html"
    done = cli("check", FLAWED, "--html", str(html), cwd=tmp_path / "work")
    assert done.returncode == 1
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert "<script" not in page and "http://" not in page and "src=" not in page
    assert page.count('class="diag ') == 16 and "Dependency graph" in page
    # the graph of arbiter graph, inline: the flawed set's seeded cycle drawn and named
    assert page.count("<svg") == 1 and "</svg>" in page and "https://" not in page
    assert "cycle: mute_inquisitor.1 → hushed_oracle.1 → mute_inquisitor.1" in page
    # witnesses go into the working folder, never beside the report unless asked
    assert (tmp_path / "work" / "arbiter-witnesses" / "flawed").is_dir()
    assert not (tmp_path / "reports" / "arbiter-witnesses").exists()


def test_list_checks_names_every_kind() -> None:
    done = cli("check", "--list-checks")
    assert done.returncode == 0
    for code in (
        "ruling-E-IMM-1b",
        "dependency-cycle",
        "loop-mandatory",
        "loop-capped",
        "ruling-D-PREV-3",
        "replacement-competition",
    ):
        assert code in done.stdout


def test_json_and_sarif_together_is_a_usage_error() -> None:
    assert cli("check", FLAWED, "--json", "--format", "sarif").returncode == 2


def test_the_demo_checks_the_card_sets_then_runs_the_seed_scenarios() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "arbiter.solver.cli.demo"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    out = done.stdout
    for name in ("eredan", "berserk", "riftbound", "altered", "flawed"):
        assert f"examples/cardsets/{name}.yaml" in out
    assert out.index("flawed.yaml") < out.index("seed scenarios: all passed")
