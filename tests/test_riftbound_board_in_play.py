"""Units on the Riftbound Board are in play wherever they stand (Core Rules 1.3, 107:
a Base or a battlefield; Decision RB-ZONES): damage may target them, bonuses and
replacements of objects there apply, "all units" selects them and they fight. The seed's
single zone ``play`` keeps meaning the same."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  bolt: {owner: ana, kind: spell, zone: hand}
  caster: {owner: ana, kind: unit, base: {might: 2}, zone: base}
  a: {owner: bo, kind: unit, base: {might: 3}, zone: battlefield, at: ridge}
  b: {owner: bo, kind: unit, base: {might: 3}, zone: base}
  gone: {owner: bo, kind: unit, base: {might: 3}, zone: trash}
"""


def run(objects: str, *steps: str) -> dict[str, Any]:
    return view(HEAD + objects + "steps:\n" + "".join(f"  - {s}\n" for s in steps))


def damage(out: dict[str, Any], oid: str) -> int:
    counters: dict[str, int] = out["objects"][oid].get("counters", {})
    return counters.get("damage", 0)


@pytest.mark.rule("RB-ZONES", "Riftbound 107.1", "Riftbound 107.2", "D-TIME-1")
def test_damage_targets_units_at_a_battlefield_and_in_a_base_not_in_the_trash() -> None:
    out = run("", "damage: {source: bolt, each: 1, targets: [a, b]}")
    assert "illegal" not in out
    assert (damage(out, "a"), damage(out, "b")) == (1, 1)
    out = run("", "damage: {source: bolt, each: 1, targets: [gone]}")
    assert out["illegal"]["rule"] == "D-TIME-1"


@pytest.mark.rule("RB-ZONES", "Riftbound 107.2", "D-DIST-1", "DMG-CAND")
def test_an_open_split_chooses_among_the_units_on_the_board() -> None:
    out = run("", "damage: {source: bolt, split: 3, targets: open}")
    assert "illegal" not in out
    dealt = {o: damage(out, o) for o in ("a", "b", "gone")}
    assert sum(dealt.values()) == 3 and dealt["gone"] == 0
    assert sorted(dealt.values()) == [0, 0, 3]  # 3 is lethal to a Might 3 unit: one kill


@pytest.mark.rule("RB-ZONES", "Riftbound 323.5", "Riftbound 321")
def test_an_open_split_counts_a_might_only_unit_killed_when_its_damage_reaches_its_might() -> None:
    out = run("", "might: {target: a, add: 1}", "damage: {source: bolt, split: 3, targets: open}")
    assert (damage(out, "a"), damage(out, "b")) == (0, 3)  # a's Might is 4 now: b dies
    out = run("", "damage: {source: bolt, split: 5, targets: open}")
    assert sorted(damage(out, o) for o in ("a", "b")) == [2, 3]  # 3 kills one, 2 is left


@pytest.mark.rule("RB-ZONES", "Riftbound 107.2", "D-BONUS-1")
def test_a_damage_bonus_of_a_unit_in_its_base_applies() -> None:
    fan = "  fan: {owner: ana, kind: unit, base: {might: 1}, zone: base,"
    fan += " damage_bonus: {amount: 1, to: [spell]}}\n"
    out = run(fan, "damage: {source: bolt, each: 1, targets: [a]}")
    assert damage(out, "a") == 2


@pytest.mark.rule("RB-ZONES", "Riftbound 107.2", "EFF-EVAL")
def test_all_enemy_units_are_the_enemy_units_on_the_board() -> None:
    out = run(
        "",
        "perform: {by: caster, do: {damage: {amount: 1, to: {enemy: unit}}}}",
    )
    assert "illegal" not in out
    assert (damage(out, "a"), damage(out, "b"), damage(out, "gone")) == (1, 1, 0)


@pytest.mark.rule("RB-ZONES", "Riftbound 107.2", "Riftbound 460.2.a")
def test_units_at_a_battlefield_fight() -> None:
    mine = "  hero: {owner: ana, kind: unit, base: {might: 4}, zone: battlefield, at: ridge}\n"
    out = run(mine, "combat: {attackers: [hero], defenders: [a]}")
    assert "illegal" not in out
    assert (damage(out, "a"), damage(out, "hero")) == (4, 3)
    lethal = [e["target"] for e in out["events"] if e["kind"] == "lethal"]
    assert lethal == ["a"]
