"""Passives, replacements and modify steps are read into the card language's types
(model.effects.algebra): one Selector, one Condition, one Effect, the StatOp enum."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arbiter.model import passives as pv
from arbiter.model.damage import replacement as rp
from arbiter.model.effects import algebra as a
from arbiter.model.effects import describe
from arbiter.model.effects.upgrade import NotExpressible, _passive
from arbiter.model.format.area_passives import passive_effect
from arbiter.model.format.document import load
from arbiter.model.steps import Modify
from tests.helpers import ROOT, scenario, view

PASSIVE_FILES = sorted(
    p
    for top in ("examples", "tests/fixtures", "notebooks")
    for p in (ROOT / top).rglob("*.yaml")
    if "passives:" in p.read_text(encoding="utf-8")
)


def _passive_entries(path: Path) -> list[dict[str, object]]:
    """Every entry of a ``passives:`` list anywhere in the file."""
    found: list[dict[str, object]] = []

    def walk(x: object) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "passives" and isinstance(v, list):
                    found.extend(p for p in v if isinstance(p, dict))
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.rule("A-PASS-1")
def test_the_engine_and_describe_read_every_passive_of_the_examples_alike() -> None:
    """The area parser (what the engine runs) and the format 1 reader (what ``describe``
    shows) give the same effect of the card language for every passive we ship."""
    seen = 0
    for path in PASSIVE_FILES:
        for raw in _passive_entries(path):
            doc = load("p.yaml", yaml.safe_dump({"p": raw}))
            run = passive_effect(doc.node().mapping()["p"].mapping())
            try:
                shown = _passive(raw, 0).effects[0]
            except NotExpressible:
                continue
            assert run == shown, (path.name, raw)
            seen += 1
    assert seen >= 20


PLAYERS_PASSIVE = """
ruleset: altered
players: [ana, bo]
objects:
  totem: {owner: ana, kind: character, zone: expedition:hero, base: {subtypes: [Beast], power: 1},
          passives: [{applies_to: {controller: bo, kind: character}, effect: {gain: Defender}},
                     {applies_to: {self: true}, condition: {subtype: Beast},
                      effect: {stat: power, op: add, value: 2}}]}
  mine: {owner: ana, kind: character, zone: expedition:hero}
  theirs: {owner: bo, kind: character, zone: expedition:hero}
"""


@pytest.mark.rule("A-PASS-1", "A-GOLD-6")
def test_a_passive_may_select_the_objects_of_a_player_named() -> None:
    objs = view(PLAYERS_PASSIVE)["objects"]
    assert "Defender" in objs["theirs"]["features"]
    assert "Defender" not in objs["mine"]["features"]
    assert "Defender" not in objs["totem"]["features"]
    totem = scenario(PLAYERS_PASSIVE).start.objects["totem"]
    named, beast = pv.passives_of(totem)
    assert named.selector == a.Selector(
        a.Pick.ALL, side=a.Side.NAMED, kinds=frozenset({"character"}), name="bo"
    )
    assert describe.selector(named.selector) == "each bo's character"
    assert beast.condition == a.Condition(a.Test.SUBTYPE, name="Beast")
    assert describe.condition(beast.condition) == "this card is a Beast"


@pytest.mark.rule("A-PASS-1")
def test_a_passive_condition_on_a_subtype_follows_the_source() -> None:
    assert view(PLAYERS_PASSIVE)["objects"]["totem"]["characteristics"]["power"]["shown"] == 3
    no_beast = PLAYERS_PASSIVE.replace("subtypes: [Beast]", "subtypes: [Elf]")
    assert view(no_beast)["objects"]["totem"]["characteristics"]["power"]["shown"] == 1


@pytest.mark.rule("A-PASS-1")
def test_the_passive_engine_refuses_what_it_does_not_run() -> None:
    chosen = a.Selector(a.Pick.CHOOSE)
    with pytest.raises(ValueError, match="selects every object in play"):
        pv.passive("p", "s", a.ModifyStat("power"), chosen, a.Const(1))
    with pytest.raises(ValueError, match="condition on the source"):
        pv.passive("p", "s", a.Give(a.Grant.KEYWORD, "Tough"), condition=a.Condition(a.Test.DAY))
    with pytest.raises(ValueError, match="printed amount"):
        pv.passive("p", "s", a.ModifyStat("power"), amount=a.XValue())


@pytest.mark.rule("A-PASS-2")
def test_a_passive_with_a_subtype_changed_by_a_number_is_one_located_error() -> None:
    from arbiter.model.errors import InputError

    text = PLAYERS_PASSIVE.replace(
        "effect: {gain: Defender}", "effect: {stat: subtypes, op: add, value: 1}"
    )
    with pytest.raises(InputError) as info:
        scenario(text, "bad.yaml")
    line = str(info.value)
    assert "\n" not in line and line.startswith("bad.yaml:")
    assert "numeric characteristic" in line


@pytest.mark.rule("R-1", "Berserk 531")
def test_replacement_selectors_are_the_card_languages() -> None:
    text = """
ruleset: berserk
players: [ana, bo]
objects:
  guard: {owner: ana, kind: creature, zone: play,
          replacements: [{when: {event: wounded, object: {ids: [guard, ally], side: yours}},
                          instead: {object: self}}]}
  ally: {owner: ana, kind: creature, zone: play}
  foe: {owner: bo, kind: creature, zone: play}
steps: []
"""
    sc = scenario(text)
    (r,) = [x for x in sc.start.objects["guard"].abilities if isinstance(x, rp.Replacement)]
    assert all(isinstance(s, a.Selector) for s in r.pattern.affected)
    assert r.pattern.affected == (
        a.Selector(a.Pick.NAMED, side=a.Side.YOURS, name="ally"),
        a.Selector(a.Pick.NAMED, side=a.Side.YOURS, name="guard"),
    )
    assert rp.ids_of(r.pattern.affected, "guard") == {"ally", "guard"}
    objs = sc.start.objects
    assert rp.selects(r.pattern.affected, objs["ally"], "ally", "guard", "ana")
    assert not rp.selects(r.pattern.affected, objs["foe"], "foe", "guard", "ana")
    assert rp.ids_of(rp.ANY_OBJECT, "guard") is None


@pytest.mark.rule("E-OPS-1", "E-BONUS-3")
@pytest.mark.parametrize(
    ("word", "op"),
    [("add", a.StatOp.ADD), ("divide", a.StatOp.DIVIDE), ("swap-bonus", a.StatOp.SWAP_BONUS)],
)
def test_a_modify_step_holds_its_op_as_the_enum(word: str, op: a.StatOp) -> None:
    other = "with: b" if word.startswith("swap") else "value: 2"
    text = f"""
ruleset: eredan
players: [ana, bo]
objects:
  a: {{owner: ana, kind: character, base: {{attack: 4}}}}
  b: {{owner: bo, kind: character, base: {{attack: 1}}}}
steps:
  - modify: {{target: a, stat: attack, op: {word}, {other}}}
"""
    (step,) = [s for s in scenario(text).steps if isinstance(s, Modify)]
    assert step.op is op and step.word == word
