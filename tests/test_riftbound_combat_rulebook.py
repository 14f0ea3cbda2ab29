"""Riftbound combat through the full rulebook: the Might a combat reads (the layers of
472-475, buffs, continuous effects), the Resolution Step (461: Combat Cleanup with the
designations held, heal, recall, result), the attribution of kills (428.5.c) and the
source of combat damage (417.6.c)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import ROOT, view

HEAD = """
ruleset: riftbound
players: [ana, bo]
"""


def run(objects: str, steps: str) -> dict[str, Any]:
    out = view(HEAD + "objects:\n" + objects + "steps:\n" + steps)
    assert "illegal" not in out, out["illegal"]
    return out


def events(out: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in out["events"] if e["kind"] == kind]


def combat(attack: str, defend: str, resolution: bool = True) -> str:
    return (
        "  - combat:\n"
        "      attackers: [a]\n      defenders: [d]\n"
        f"      assign: {{attackers: {{d: {attack}}}, defenders: {{a: {defend}}}}}\n"
        f"      resolution: {'true' if resolution else 'false'}\n"
    )


# -- the Might a combat reads ----------------------------------------------------------


@pytest.mark.rule("RB-MIGHT-3", "Riftbound 703", "Riftbound 472.3", "Riftbound 474.1")
def test_combat_reads_might_through_the_layers_buffs_and_continuous_effects() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 1}}\n"
        "  banner:\n    owner: ana\n    kind: unit\n    base: {might: 1}\n"
        "    might_passives: [{add: 1, to: other_friendly}]\n"
        "  d: {owner: bo, kind: unit, base: {might: 2}}\n",
        "  - buff: {target: a}\n"
        "  - might: {target: d, add: 2, this_turn: true}\n"
        "  - combat: {attackers: [a], defenders: [d]}\n",
    )
    attackers, defenders = events(out, "combat_assignment")
    assert attackers["total"] == 3  # printed 1, buff +1, the banner's +1
    assert attackers["lethal"] == {"d": 4}  # printed 2, +2 this turn
    assert defenders["total"] == 4 and defenders["lethal"] == {"a": 3}


@pytest.mark.rule("RB-MIGHT-3", "CMB-MIGHT")
def test_a_foundation_modification_of_might_adds_to_the_layers_in_combat_and_at_cleanup() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 3}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 3}}\n"
        "  hurt: {owner: bo, kind: unit, base: {might: 4}, damage: 2}\n",
        "  - might: {target: a, add: 2}\n"
        "  - modify: {target: a, stat: might, op: add, value: -1}\n"
        "  - modify: {target: hurt, stat: might, op: add, value: -2}\n"
        "  - combat: {attackers: [a], defenders: [d], assign: {attackers: {d: 4}, "
        "defenders: {a: 3}}}\n"
        "  - cleanup: {}\n",
    )
    assert events(out, "combat_assignment")[0]["total"] == 4  # 3 + 2 - 1
    killed = [e["target"] for e in events(out, "move") if e.get("killed")]
    assert killed == ["d", "hurt"]  # hurt: Might 4 - 2 = 2, damage 2 (323.5)
    assert out["objects"]["a"]["zone"] == "play"  # Might 4, damage 3


# -- the Resolution Step ---------------------------------------------------------------


@pytest.mark.rule(
    "Riftbound 814.1.c",
    "Riftbound 814.1.d",
    "Riftbound 814.1.d.1",
    "Riftbound 461.1",
    "Riftbound 461.1.a.1",
    "Riftbound 143.3.b.2",
    "Riftbound 324.1",
)
@pytest.mark.rule("RB-COMBAT-END")
def test_a_shield_defender_dealt_its_printed_might_survives_and_is_healed() -> None:
    objs = (
        "  a: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 2}, features: {Shield: 1}}\n"
    )
    out = run(objs, combat("2", "3"))
    assert [e["target"] for e in events(out, "move") if e.get("killed")] == ["a"]
    assert out["objects"]["d"]["zone"] == "play"
    assert out["objects"]["d"].get("counters", {}).get("damage", 0) == 0  # healed (3c)
    # without the Resolution Step the damage stays, and a later Cleanup, out of combat,
    # reads the Might without Shield: the designation is gone
    late = run(objs, combat("2", "3", resolution=False) + "  - cleanup: {}\n")
    assert out["objects"]["a"]["zone"] == "trash"
    assert late["objects"]["d"]["zone"] == "trash"


@pytest.mark.rule(
    "Riftbound 807.1.c",
    "Riftbound 807.1.d",
    "Riftbound 807.1.d.1",
    "Riftbound 807.1.b.3",
    "Riftbound 814.1.b.3",
)
def test_an_assault_attacker_dealt_its_printed_might_survives_the_combat_cleanup() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 2}, features: [Assault]}\n"
        "  d: {owner: bo, kind: unit, base: {might: 1}, features: [Shield]}\n",
        combat("3", "2"),  # an omitted X is 1: the attacker has 3, the defender 2
    )
    attackers, defenders = events(out, "combat_assignment")
    assert (attackers["total"], attackers["lethal"]) == (3, {"d": 2})
    assert (defenders["total"], defenders["lethal"]) == (2, {"a": 3})
    assert [e["target"] for e in events(out, "move") if e.get("killed")] == ["d"]
    assert out["objects"]["a"]["zone"] == "play"  # 2 damage on Might 2 + Assault 1
    assert events(out, "combat_result")[0]["won"] == "ana"


@pytest.mark.rule("Riftbound 461.1.a.2", "Riftbound 461.3.a", "Riftbound 461.3.b")
@pytest.mark.rule("RB-COMBAT-END")
def test_attackers_are_recalled_when_a_defender_survives_and_the_defender_wins() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 3}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 1}, prevention: 5}\n",
        combat("3", "1"),
    )
    assert out["objects"]["a"]["zone"] == "base"
    (recall,) = [e for e in events(out, "move") if e.get("recalled")]
    assert recall["rules"] == ["Riftbound 461.1.a.2"]
    (res,) = events(out, "combat_result")
    assert (res["won"], res["lost"], res["remaining"]) == ("bo", "ana", ["d"])


@pytest.mark.rule("Riftbound 323.5", "Riftbound 461.1")
@pytest.mark.rule("RB-COMBAT-END")
def test_a_unit_outside_the_combat_with_lethal_damage_dies_before_the_heal() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 1}, prevention: 5}\n"
        "  hurt: {owner: bo, kind: unit, base: {might: 2}, damage: 2}\n"
        "  sore: {owner: bo, kind: unit, base: {might: 3}, damage: 1}\n",
        combat("2", "1"),
    )
    killed = [e["target"] for e in events(out, "move") if e.get("killed")]
    assert killed == ["hurt"]
    (heal,) = events(out, "heal")
    assert heal["targets"] == ["a", "sore"]


@pytest.mark.rule("Riftbound 461.3.d")
def test_no_result_when_both_sides_die() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 2}}\n",
        combat("2", "2"),
    )
    (res,) = events(out, "combat_result")
    assert res["won"] is None and res["lost"] is None and res["remaining"] == []


@pytest.mark.rule(
    "Riftbound 428.5",
    "Riftbound 428.5.a",
    "Riftbound 428.5.c",
    "Riftbound 417.6.c",
    "Riftbound 417.6.c.1",
)
def test_a_combat_kill_is_attributed_to_the_units_that_dealt_the_damage() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  b: {owner: ana, kind: unit, base: {might: 2}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 3}}\n",
        "  - combat: {attackers: [a, b], defenders: [d], assign: {attackers: {d: 4}, "
        "defenders: {a: 2, b: 1}}, resolution: true}\n",
    )
    damage = {e["target"]: e["sources"] for e in events(out, "damage")}
    assert damage == {"d": ["a", "b"], "a": ["d"], "b": ["d"]}
    kills = {e["target"]: e for e in events(out, "move") if e.get("killed")}
    assert kills["d"]["killed_by"] == ["a", "b"] and kills["a"]["killed_by"] == ["d"]
    assert "Riftbound 428.5.c" in kills["d"]["rules"]
    assert "b" not in kills  # 1 damage on Might 2; healed after


@pytest.mark.rule("Riftbound 323.4", "Riftbound 808.1.d.2", "Riftbound 372")
def test_a_would_die_replacement_and_a_deathknell_act_in_the_combat_cleanup() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 2}, features: [Deathknell]}\n"
        "  d:\n    owner: bo\n    kind: unit\n    base: {might: 2}\n"
        "    death_replacements: [{id: hourglass, instead: [heal, recall]}]\n",
        combat("2", "2"),
    )
    kinds = [e["kind"] for e in out["events"]]
    assert kinds.index("deathknell") < kinds.index("move")
    assert out["objects"]["a"]["zone"] == "trash"
    (saved,) = events(out, "replaced")
    assert saved["saved"] == ["d"] and out["objects"]["d"]["zone"] == "base"
    (res,) = events(out, "combat_result")
    assert res["won"] is None  # nobody remains at the battlefield (461.3.d)


@pytest.mark.rule("Riftbound 417.1.a", "Riftbound 417.7", "Riftbound 437.5", "Riftbound 437.5.a")
def test_assigned_damage_is_dealt_after_assignment_and_through_prevention() -> None:
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 5}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 2}, prevention: 3}\n",
        combat("5", "2"),
    )
    kinds = [e["kind"] for e in out["events"]]
    assert kinds.index("combat_assignment") < kinds.index("damage")
    assert events(out, "combat_assignment")[0]["lethal"] == {"d": 5}
    (hit,) = [e for e in events(out, "damage") if e["target"] == "d"]
    assert (hit["amount"], hit["prevented"]) == (2, 3)
    assert out["objects"]["d"]["zone"] == "trash"


@pytest.mark.rule("Riftbound 461.1", "Riftbound 814.1.d.1")
def test_the_example_resolves_a_combat_to_its_end() -> None:
    out = view((ROOT / "examples" / "combat" / "resolution.yaml").read_text(encoding="utf-8"))
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 10


@pytest.mark.rule("Riftbound 428.5.c", "Riftbound 428.5.a")
@pytest.mark.rule("RB-KILL-BY")
def test_a_cleanup_kill_is_attributed_to_what_dealt_the_damage_last() -> None:
    out = run(
        "  bolt: {owner: ana, kind: spell}\n"
        "  zap: {owner: ana, kind: spell}\n"
        "  v: {owner: bo, kind: unit, base: {might: 3}}\n"
        "  w: {owner: bo, kind: unit, base: {might: 3}, damage: 3}\n",
        "  - damage: {each: 1, targets: [v], source: bolt}\n"
        "  - damage: {each: 2, targets: [v], source: zap}\n"
        "  - cleanup: {}\n",
    )
    kills = {e["target"]: e for e in events(out, "move") if e.get("killed")}
    assert kills["v"]["killed_by"] == ["zap"]
    assert "Riftbound 428.5.c" in kills["v"]["rules"]
    assert "killed_by" not in kills["w"]  # marked before the scenario: nothing to name
    assert "Riftbound 428.5.c" not in kills["w"]["rules"]


@pytest.mark.rule("Riftbound 808.2", "Riftbound 808.1.d.1")
def test_each_deathknell_of_a_unit_triggers_separately_and_a_saved_unit_none() -> None:
    knells = (
        "    features: [Deathknell]\n"
        "    triggers:\n"
        "      - {id: first, when: {leaves: self},\n"
        "         do: [{counter: {target: w, name: one, add: 1}}]}\n"
        "      - {id: second, when: {leaves: self},\n"
        "         do: [{counter: {target: w, name: two, add: 1}}]}\n"
    )
    dies = run(
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 2}\n    counters: {damage: 2}\n"
        + knells
        + "  w: {owner: bo, kind: unit, base: {might: 5}}\n",
        "  - cleanup: {}\n",
    )
    assert dies["objects"]["w"]["counters"] == {"one": 1, "two": 1}
    saved = run(
        "  u:\n    owner: bo\n    kind: unit\n    base: {might: 2}\n    counters: {damage: 2}\n"
        "    death_replacements: [{id: hourglass, instead: [heal, recall]}]\n"
        + knells
        + "  w: {owner: bo, kind: unit, base: {might: 5}}\n",
        "  - cleanup: {}\n",
    )
    assert "counters" not in saved["objects"]["w"]
    assert [e for e in saved["events"] if e["kind"] == "deathknell"] == []


# -- keywords while Mighty: the layers applied again (471) -----------------------------

FIORA = (
    "  fiora:\n    owner: bo\n    kind: unit\n    base: {might: 4}\n"
    "    keyword_passives: [{keyword: Shield, while_mighty: true}]\n"
)


@pytest.mark.rule(
    "Riftbound 471", "Riftbound 471.1", "Riftbound 471.3", "Riftbound 472.2", "Riftbound 364.3"
)
@pytest.mark.rule("RB-471")
def test_a_buff_makes_fiora_mighty_and_the_layers_again_give_her_shield() -> None:
    plain = run(FIORA + "  a: {owner: ana, kind: unit, base: {might: 9}}\n", combat_on("fiora"))
    assert events(plain, "combat_assignment")[0]["lethal"] == {"fiora": 4}
    buffed = run(
        FIORA + "  a: {owner: ana, kind: unit, base: {might: 9}}\n",
        "  - buff: {target: fiora}\n" + combat_on("fiora"),
    )
    attackers, defenders = events(buffed, "combat_assignment")
    assert attackers["lethal"] == {"fiora": 6}  # 4 + buff = 5: Mighty, so Shield 1
    assert defenders["total"] == 6


@pytest.mark.rule("Riftbound 471.2")
@pytest.mark.rule("RB-471")
def test_assault_in_combat_can_make_a_unit_mighty_and_give_it_tank() -> None:
    objs = (
        "  brute:\n    owner: ana\n    kind: unit\n    base: {might: 4}\n"
        "    features: {Assault: 1}\n"
        "    keyword_passives: [{keyword: Tank}]\n"
        "  pal: {owner: ana, kind: unit, base: {might: 1}}\n"
        "  d: {owner: bo, kind: unit, base: {might: 5}}\n"
    )
    steps = (
        "  - combat: {attackers: [brute, pal], defenders: [d], "
        "assign: {attackers: {d: 6}, defenders: {pal: 1, brute: 4}}}\n"
    )
    out = view(HEAD + "objects:\n" + objs + "steps:\n" + steps)
    # attacking, brute has 4 + Assault 1 = 5: Mighty, so Tank: lethal on it first
    assert out["illegal"]["rule"] == "Riftbound 815.1.c.2"


def combat_on(defender: str) -> str:
    return f"  - combat: {{attackers: [a], defenders: [{defender}], objective: kills}}\n"


@pytest.mark.rule("Riftbound 471.3")
def test_the_fiora_example_gives_shield_once_she_is_mighty() -> None:
    path = ROOT / "examples" / "rulebooks" / "riftbound_fiora_mighty_shield.yaml"
    out = view(path.read_text(encoding="utf-8"))
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 4


@pytest.mark.rule("Riftbound 365", "Riftbound 365.1")
def test_a_passive_of_a_permanent_applies_only_while_it_is_on_the_board() -> None:
    out = run(
        "  banner:\n    owner: ana\n    kind: unit\n    base: {might: 1}\n    damage: 1\n"
        "    might_passives: [{add: 2, to: other_friendly}]\n"
        "  a: {owner: ana, kind: unit, base: {might: 2}}\n",
        "  - expect: {objects.a.might.shown: 4}\n  - cleanup: {}\n",
    )
    assert out["expect"]["failed"] == 0
    assert out["objects"]["banner"]["zone"] == "trash"
    assert out["objects"]["a"]["might"]["shown"] == 2


@pytest.mark.rule("Riftbound 317.2", "Riftbound 317.2.a", "Riftbound 324")
def test_a_unit_pumped_this_turn_survives_the_end_of_turn_healed_before_the_pump_ends() -> None:
    """The Ending Special Cleanup heals (2c) before "this turn" effects expire (2d) and
    before its kills (3b): 4 damage on Might 2 + 3 this turn is healed, not lethal."""
    out = run(
        "  u: {owner: ana, kind: unit, base: {might: 2}, damage: 4}\n",
        "  - might: {target: u, add: 3, this_turn: true}\n  - cleanup: {}\n  - end_turn: {}\n"
        "  - cleanup: {}\n",
    )
    u = out["objects"]["u"]
    assert u["zone"] == "play" and u["might"]["shown"] == 2
    assert u.get("counters", {}).get("damage", 0) == 0


@pytest.mark.rule("RB-MIGHT-3", "Riftbound 708")
def test_the_might_section_shows_the_might_the_rules_read_with_foundation_modifications() -> None:
    """The JSON view's ``might`` shows what a Cleanup and a combat read (RB-MIGHT-3): the
    layers, then the foundation's modifications of ``might`` on top; Mighty follows it."""
    out = run(
        "  a: {owner: ana, kind: unit, base: {might: 3}}\n"
        "  b: {owner: ana, kind: unit, base: {might: 3}}\n",
        "  - might: {target: a, add: 1}\n"
        "  - modify: {target: a, stat: might, op: add, value: 2}\n"
        "  - modify: {target: b, stat: might, op: add, value: -1}\n",
    )
    a, b = out["objects"]["a"]["might"], out["objects"]["b"]["might"]
    assert a["shown"] == 6 and a["mighty"] is True and a["modified"] == 2
    assert a["increases"] == 1 and a["printed"] == 3
    assert b["shown"] == 2 and b["mighty"] is False and b["modified"] == -1
    assert out["objects"]["a"]["characteristics"]["might"]["shown"] == 5  # 3 + 2: no layer
