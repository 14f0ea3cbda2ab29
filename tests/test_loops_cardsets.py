"""``arbiter loops`` on card sets: the card-set reader of ``arbiter check`` (same keys),
and large sets where only the cards with abilities are searched (LOOP-4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter.model.format.loop_input import load_for_loops
from arbiter.solver.loops.report import analyse
from tests.helpers import cli

TWO_CARD_LOOP = """\
  ember_imp:
    kind: character
    triggers:
      - when: {counter: life, of: opponent, change: down}
        do: [{counter: {target: cinder_totem, name: heat, add: 1}}]
  cinder_totem:
    kind: permanent
    triggers:
      - when: {counter: heat, of: self, change: up}
        do: [{damage: {target: opponent, amount: 1}}]
"""

CHECK_KEYS = """\
ruleset: altered
cards:
  ancient_oak:
    kind: character
    base: {forest: 3, mountain: 3, water: 3}
    keywords: [Gigantic, {Tough: 1}]
  order:
    kind: spell
    text: "The attack of the opposing character is divided by 2."
    roles: {opponent: {kind: character, side: enemy}}
    effect:
      - modify: {target: opponent, stat: forest, op: divide, value: 2, rounding: down}
"""


@pytest.mark.rule("LOOP-4")
def test_loops_reads_the_card_keys_that_check_reads(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text(CHECK_KEYS + TWO_CARD_LOOP, encoding="utf-8")
    check = cli("check", str(path), "--json", "--witness-dir", str(tmp_path / "w"))
    assert check.returncode in (0, 1), check.stderr
    result = cli("loops", str(path), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["verdict"] == "loop" and out["mandatory"] is True
    data = load_for_loops(str(path))
    oak = data.scenario.start.objects["ancient_oak"]
    assert set(oak.features) == {"Gigantic", "Tough"} and oak.features["Tough"].number == 1


@pytest.mark.rule("LOOP-4")
def test_a_card_set_over_the_scenario_object_limit_is_searched_on_its_cards_with_abilities(
    tmp_path: Path,
) -> None:
    vanilla = "".join(
        f"  vanilla{i:03d}: {{kind: character, base: {{forest: 1}}}}\n" for i in range(300)
    )
    path = tmp_path / "big.yaml"
    path.write_text("ruleset: altered\ncards:\n" + vanilla + TWO_CARD_LOOP, encoding="utf-8")
    data = load_for_loops(str(path))
    assert len(data.scenario.start.objects) == 302
    report = analyse(data)
    assert report.verdict.verdict == "loop"
    searched = {o for _, objs, _ in report.candidates for o in objs}
    assert searched == {"cinder_totem", "ember_imp"}
    result = cli("loops", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["verdict"] == "loop"


def test_a_loops_card_set_with_an_unknown_card_key_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n  imp: {kind: character, keyword: [Gigantic]}\n", encoding="utf-8")
    result = cli("loops", str(path))
    assert result.returncode == 2
    assert "bad.yaml:2:" in result.stderr and "cards.imp.keyword" in result.stderr
