"""Riftbound activated abilities (Core Rules 1.3: 145, 376-381, 398-406), Action and
Reaction on abilities and granted under conditions (806, 813), Equip as an activated
ability (818): object keys ``activated``, ``timing_grants``; step ``activate_ability``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  scout: {owner: ana, kind: unit, base: {might: 1}, zone: battlefield, at: ridge}
  smith:
    owner: ana
    kind: unit
    base: {might: 2}
    zone: base
    activated: [{id: temper, cost: {exhaust: true, energy: 1}, text: "exhaust: buff a unit"}]
  brute: {owner: bo, kind: unit, base: {might: 4}, zone: base, features: [Deflect]}
  totem:
    owner: bo
    kind: gear
    zone: base
    activated:
      - {id: ward, cost: {exhaust: true}, keyword: Reaction}
      - {id: drill, cost: {energy: 2}, keyword: Action}
  rune:
    {owner: bo, kind: rune, zone: base, activated: [{id: spark, cost: {exhaust: true}, add: true}]}
  blade:
    owner: ana
    kind: gear
    zone: base
    base: {might_bonus: 2}
    features: [Equip]
    activated:
      - {id: equip_cheap, equip: true, cost: {energy: 1, power: [A]}}
      - {id: equip_exhaust, equip: true, cost: {exhaust: true}}
  bolt: {owner: ana, kind: spell, zone: hand}
  guard:
    owner: bo
    kind: spell
    zone: hand
    timing_grants: [{keyword: Reaction, when: chooses_friendly}]
  dash:
    owner: bo
    kind: spell
    zone: hand
    timing_grants: [{keyword: Action, when: played_another}]
  warden:
    owner: bo
    kind: gear
    zone: base
    activated: [{id: shelter}]
    timing_grants: [{keyword: Reaction, when: chooses_friendly, ability: shelter}]
steps:
"""

BOLT = "chain_play: {card: bolt, targets: [brute], steps: [{might: {target: brute, add: -1}}]}"
TEMPER = (
    "activate_ability: {source: smith, ability: temper, targets: [scout],"
    " steps: [{buff: {target: scout}}]}"
)


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


def kinds(out: dict[str, Any], *wanted: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] in wanted]


def refused(out: dict[str, Any]) -> str:
    assert "illegal" in out, [e["kind"] for e in out["events"]]
    rule: str = out["illegal"]["rule"]
    return rule


@pytest.mark.rule(
    "RB-ACT-COST",
    "Riftbound 145",
    "Riftbound 145.1",
    "Riftbound 145.2.a",
    "Riftbound 145.2.a.1",
    "Riftbound 377.1",
    "Riftbound 377.3",
    "Riftbound 401.1",
    "Riftbound 404.1",
    "Riftbound 406.5",
)
def test_a_units_ability_goes_on_the_chain_like_a_spell_without_a_card() -> None:
    out = run(TEMPER)
    item = out["chain"]["items"][0]
    assert (item["kind"], item["source"], item["ability"], item["card"]) == (
        "activated",
        "smith",
        "temper",
        None,
    )
    assert out["objects"]["smith"]["counters"]["exhausted"] == 1  # the cost is paid
    paid = kinds(out, "pay_cost")[0]
    assert paid["cost"] == "[1][E]" and paid["energy_and_power_paid"] is False
    assert "Riftbound 145.2.a.1" in kinds(out, "chain_add")[0]["rules"]
    out = run(TEMPER, "resolve_chain: {}")
    assert out["objects"]["scout"]["counters"]["buff"] == 1
    assert "chain" not in out


@pytest.mark.rule("Riftbound 145.2", "Riftbound 381", "Riftbound 377.1")
def test_a_units_ability_only_in_its_controllers_open_state_and_when_paid() -> None:
    showdown = TEMPER.replace("ability: temper,", "ability: temper, timing: showdown,")
    assert refused(run(showdown)) == "Riftbound 806.1.c.2"
    assert refused(run(BOLT, TEMPER)) == "Riftbound 813.1.c.2"  # a Closed State
    # an exhausted source cannot pay its exhaust cost a second time
    assert refused(run(TEMPER, "resolve_chain: {}", TEMPER)) == "Riftbound 414.4"
    unknown = "activate_ability: {source: smith, ability: nothing}"
    assert refused(run(unknown)) == "Riftbound 377.1"


@pytest.mark.rule("Riftbound 806.1.c.2", "Riftbound 806.1.b", "Riftbound 806.2", "Riftbound 381")
def test_an_action_ability_of_a_permanent_is_activated_in_a_showdown_on_any_turn() -> None:
    drill = "activate_ability: {source: totem, ability: drill, timing: showdown}"
    out = run(drill)
    assert out["chain"]["items"][0]["ability"] == "drill"
    ward = "activate_ability: {source: totem, ability: ward, timing: showdown}"
    assert "chain" in run(ward)  # Reaction has every permission of Action (813.1.b)
    # on ana's turn in a Neutral Open State neither keyword lets bo activate (381)
    assert refused(run(ward.replace("showdown", "open"))) == "Riftbound 381"
    # an Action ability is not activated in a Closed State
    assert refused(run(BOLT, "pass_priority: {by: ana}", drill)) == "Riftbound 813.1.c.2"


@pytest.mark.rule("Riftbound 813.1.c.2", "Riftbound 813.1.b", "Riftbound 813.2")
def test_a_reaction_ability_of_a_gear_is_activated_on_an_open_chain() -> None:
    ward = (
        "activate_ability: {source: totem, ability: ward,"
        " steps: [{might: {target: brute, add: 3}}]}"
    )
    out = run(BOLT, "pass_priority: {by: ana}", ward)
    assert [i["source"] for i in out["chain"]["items"]] == ["bolt", "totem"]
    out = run(BOLT, "pass_priority: {by: ana}", ward, "resolve_chain: {}")
    assert out["objects"]["brute"]["might"]["shown"] == 6


@pytest.mark.rule("Riftbound 806.1.c.2", "Riftbound 813.1.c.2", "Riftbound 400.2")
def test_a_rune_ability_that_adds_resolves_at_once() -> None:
    spark = "activate_ability: {source: rune, ability: spark, timing: showdown}"
    assert refused(run(spark)) == "Riftbound 806.1.c.2"  # no Action on ana's turn
    out = run(BOLT, "pass_priority: {by: ana}", spark.replace("showdown", "open"))
    assert refused(out) == "Riftbound 813.1.c.2"
    own = HEAD.replace("players: [ana, bo]", "players: [bo, ana]")
    out = view(own + "  - activate_ability: {source: rune, ability: spark}\n")
    assert kinds(out, "add_resolves") and "chain" not in out
    assert out["objects"]["rune"]["counters"]["exhausted"] == 1


@pytest.mark.rule(
    "RB-GRANT",
    "Riftbound 813.4",
    "Riftbound 813.4.a",
    "Riftbound 813.4.b",
    "Riftbound 806.4",
    "Riftbound 806.4.a",
    "Riftbound 806.4.b",
)
def test_a_conditional_reaction_is_undone_when_its_condition_fails_at_legality() -> None:
    react = "chain_play: {card: guard, targets: [%s], steps: [{might: {target: %s, add: 2}}]}"
    out = run(BOLT, "pass_priority: {by: ana}", react % ("brute", "brute"))
    assert [i["card"] for i in out["chain"]["items"]] == ["bolt", "guard"]
    assert "Reaction" not in out["objects"]["guard"]["features"]  # only while the condition
    out = run(BOLT, "pass_priority: {by: ana}", react % ("scout", "scout"))
    undone = kinds(out, "chain_undone")[0]
    assert undone["rules"] == ["Riftbound 813.4.b"]
    assert out["objects"]["guard"]["zone"] == "hand"  # back where it was played from
    assert [i["card"] for i in out["chain"]["items"]] == ["bolt"]
    # Action granted when another card was played this turn: dash alone is undone
    dash = "chain_play: {card: dash, by: bo, timing: showdown}"
    out = run(dash)
    assert kinds(out, "chain_undone")[0]["rules"] == ["Riftbound 806.4.b"]
    assert "chain" not in out and out["objects"]["dash"]["zone"] == "hand"
    # an ability's conditional Reaction (813.4 on abilities)
    shelter = "activate_ability: {source: warden, ability: shelter, targets: [%s]}"
    assert "chain_undone" not in [
        e["kind"] for e in run(BOLT, "pass_priority: {}", shelter % "brute")["events"]
    ]
    out = run(BOLT, "pass_priority: {}", shelter % "scout")
    assert kinds(out, "chain_undone")[0]["rules"] == ["Riftbound 813.4.b"]


@pytest.mark.rule(
    "Riftbound 818.4", "Riftbound 818.1.c.2", "Riftbound 818.1.b.1", "Riftbound 809.1.c"
)
def test_two_equip_abilities_are_separate_activations_with_their_own_costs() -> None:
    cheap = "activate_ability: {source: blade, ability: equip_cheap, targets: [scout]}"
    out = run(cheap)
    assert kinds(out, "pay_cost")[0]["cost"] == "[1][A]"
    assert "exhausted" not in out["objects"]["blade"].get("counters", {})
    out = run(cheap.replace("equip_cheap", "equip_exhaust"), "resolve_chain: {}")
    assert out["objects"]["blade"]["counters"]["exhausted"] == 1
    assert out["objects"]["scout"]["might"]["shown"] == 3  # attached: +2
    # the choice is a target: Deflect adds its cost; an enemy unit is refused
    enemy = "activate_ability: {source: blade, ability: equip_cheap, targets: [brute]}"
    assert refused(run(enemy)) == "Riftbound 818.1.c.2"
    chosen = kinds(run(cheap), "choose_targets")[0]
    assert chosen["targets"] == ["scout"] and chosen["deflect_power"] == 0


@pytest.mark.rule("Riftbound 818.1.c.1", "Riftbound 337.1.b")
def test_a_trigger_made_while_choosing_equip_targets_waits_above_it() -> None:
    equip = (
        "activate_ability: {source: blade, ability: equip_cheap, targets: [scout],"
        " triggers: [{source: scout, ability: chosen, steps: [{buff: {target: scout}}]}]}"
    )
    out = run(equip)
    items = out["chain"]["items"]
    assert [(i["source"], i["ability"]) for i in items] == [
        ("blade", "equip_cheap"),
        ("scout", "chosen"),
    ]
    finals = [e["item"] for e in kinds(out, "chain_finalize")]
    assert finals == [items[0]["id"], items[1]["id"]]  # in the order added
    out = run(equip, "resolve_chain: {items: 1}")
    assert out["objects"]["scout"]["counters"]["buff"] == 1
    assert out["objects"]["scout"]["might"]["shown"] == 2  # buffed, not yet equipped


RUNES = """  r1: {owner: ana, kind: rune, zone: base, base: {domains: [fury]}}
  r2: {owner: ana, kind: rune, zone: base, base: {domains: [calm]}}
"""


@pytest.mark.rule("RB-ACT-COST", "Riftbound 404.1", "Riftbound 145.1")
def test_an_ability_paid_from_the_rune_pool_with_the_modifiers_of_ability_costs() -> None:
    paid = TEMPER.replace("ability: temper,", "ability: temper, pay: true,")
    with_runes = HEAD.replace("steps:\n", "  " + RUNES.strip() + "\nsteps:\n", 1)
    out = view(with_runes + f"  - {paid}\n")
    event = kinds(out, "pay_cost")[0]
    assert event["parts"] == {"ability": "[1][E]"}
    assert len(event["exhausted"]) == 1  # one rune exhausted for the Energy
    assert out["objects"]["smith"]["counters"]["exhausted"] == 1
    assert refused(run(paid)) == "Riftbound 404.1"  # no rune: the Energy cannot be paid
    cheap = with_runes.replace(
        "    activated: [{id: temper,",
        "    cost_modifiers: [{id: less, energy: -1, use: ability, self: true}]\n"
        "    activated: [{id: temper,",
    )
    out = view(cheap + f"  - {paid}\n")
    assert kinds(out, "pay_cost")[0]["exhausted"] == []  # [1] less (403.3): only [E]
