"""``arbiter check`` reports the cards whose result differs between a seed's reading (the
default) and the full rulebook's (a policy): each witness runs both readings."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.scenario import parse_file
from arbiter.solver.check.diagnostics import run_check
from arbiter.solver.check.witness import write_witnesses
from arbiter.solver.engine.runner import run

SET = """
ruleset: altered
cards:
  ancient_oak:
    kind: character
    base: {forest: 3, mountain: 3, water: 3}
    keywords: [Gigantic]
  shove:
    kind: spell
    text: "Target character switches expeditions."
    roles: {target: character}
    effect:
      - switch: {target: target}
  thorn_guard:
    kind: character
    base: {forest: 1}
    keywords: {Tough: 2}
  poke:
    kind: spell
    base: {hand_cost: 1, reserve_cost: 1}
    spell:
      targets: {foe: {kind: character, controller: opponent}}
      steps: [{boost: 1, target: foe}]
  ally_boost:
    kind: spell
    base: {hand_cost: 1, reserve_cost: 1}
    spell:
      targets: {mine: {kind: character, controller: you}}
      steps: [{boost: 1, target: mine}]
"""


def diagnostics() -> list:  # type: ignore[type-arg]
    return list(run_check(load_cardset("set.yaml", textwrap.dedent(SET))).diagnostics)


@pytest.mark.rule("A-KW-GIGANTIC", "A-KW-TOUGH", "Altered 7.4.4.m", "Altered 7.4.7")
def test_check_reports_the_cards_whose_result_differs_between_seed_and_rulebook() -> None:
    found = [(d.code, d.cards, d.rules) for d in diagnostics()]
    assert found == [
        ("ruling-rulebook-version", ("ancient_oak", "shove"), ("A-KW-GIGANTIC", "Altered 7.4.4.m")),
        ("ruling-rulebook-version", ("poke", "thorn_guard"), ("A-KW-TOUGH", "Altered 7.4.7")),
    ]  # a spell that targets only your own characters never meets an opponent's Tough


@pytest.mark.rule("Altered 7.4.4.m", "Altered 7.4.7")
def test_each_witness_and_its_rulebook_variant_run_and_differ(tmp_path: Path) -> None:
    found = diagnostics()
    for d, path in zip(found, write_witnesses(found, str(tmp_path)), strict=True):
        assert path is not None and d.witness is not None
        variant = Path(path).with_suffix(".3.0.yaml")
        results = [run(parse_file(p)) for p in (path, str(variant))]
        assert all(r.stopped_by is None and r.passed >= 1 and r.failed == 0 for r in results)
        assert d.witness.text != d.witness.variants[0][1]
