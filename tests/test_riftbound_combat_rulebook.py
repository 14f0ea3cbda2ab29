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
