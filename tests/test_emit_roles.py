"""Writing the card language back (model/effects/emit.py) keeps a format 1 role named
``target`` that several steps use: the upgraded card still makes one choice, not one per
step. A lone ``target`` is the default name and is left out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbiter.model.cardset import Card
from arbiter.model.effects import emit, syntax
from arbiter.model.effects.rewrite import upgrade_text
from arbiter.model.format.cardset import load_cardset
from arbiter.model.format.document import Node, load
from arbiter.model.steps import Step

V1 = """ruleset: eredan
cards:
  zap:
    kind: spell
    roles: {target: character}
    effect:
      - modify: {target: target, stat: attack, op: add, value: -1}
      - modify: {target: target, stat: defense, op: add, value: -1}
  zop:
    kind: spell
    roles: {target: character, ally: {kind: character, side: ally}}
    effect:
      - modify: {target: target, stat: attack, op: add, value: -1}
      - modify: {target: ally, stat: attack, op: add, value: 1}
      - modify: {target: target, stat: defense, op: add, value: -1}
  lone:
    kind: spell
    roles: {target: character}
    effect:
      - modify: {target: target, stat: attack, op: add, value: -1}
"""


def _unplaced(steps: tuple[Step, ...]) -> list[Step]:
    return [replace(step, where=None) for step in steps]


def _upgraded(tmp_path: Path) -> tuple[dict[str, Card], dict[str, Card]]:
    old = tmp_path / "v1.yaml"
    old.write_text(V1, encoding="utf-8")
    new = tmp_path / "v2.yaml"
    new.write_text(upgrade_text("v1.yaml", V1).text, encoding="utf-8")
    assert not load_cardset(str(new)).upgraded  # read as written: format 2
    return dict(load_cardset(str(old)).cards), dict(load_cardset(str(new)).cards)


@pytest.mark.rule("CHECK-REF")
def test_a_role_named_target_used_twice_stays_one_choice_when_upgraded(tmp_path: Path) -> None:
    before, after = _upgraded(tmp_path)
    for cid in ("zap", "zop", "lone"):
        assert [r.name for r in after[cid].roles] == [r.name for r in before[cid].roles], cid
        assert _unplaced(after[cid].effect) == _unplaced(before[cid].effect), cid
    assert len(after["zap"].roles) == 1 and len(after["zop"].roles) == 2


def test_writing_the_upgraded_cards_back_reads_the_same_effects(tmp_path: Path) -> None:
    _, after = _upgraded(tmp_path)
    for cid in ("zap", "zop"):
        (ability,) = after[cid].abilities
        data = emit.effects(ability.effects)
        assert str(data).count("'as': 'target'") == 2, data  # both steps: one choice
        assert syntax.effects(Node(load("t.yaml", "x: 1"), (), data)) == ability.effects
    (lone,) = after["lone"].abilities
    assert "'as'" not in str(emit.effects(lone.effects))  # the default name, left out
