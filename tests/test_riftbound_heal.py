"""Riftbound damage and Heal (Core Rules 1.3, 142, 418): damage is a value marked on a
unit; a Heal instruction clears it from several units at once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  a: {owner: ana, kind: unit, base: {might: 4}, zone: base, counters: {damage: 3}}
  b: {owner: bo, kind: unit, base: {might: 2}, zone: base, counters: {damage: 1}}
  c: {owner: bo, kind: unit, base: {might: 2}, zone: base}
  rod: {owner: ana, kind: gear, zone: base}
  gone: {owner: ana, kind: unit, base: {might: 2}, zone: trash, counters: {damage: 1}}
steps:
"""


def run(*steps: str) -> dict[str, Any]:
    return view(HEAD + "".join(f"  - {s}\n" for s in steps))


@pytest.mark.rule("Riftbound 142", "Riftbound 142.4", "Riftbound 418.1", "Riftbound 418.2")
def test_heal_clears_the_damage_of_several_units_at_once() -> None:
    out = run("heal: {targets: [a, b, c]}")
    assert all("damage" not in out["objects"][u].get("counters", {}) for u in ("a", "b", "c"))
    heal = [e for e in out["events"] if e["kind"] == "heal"]
    assert len(heal) == 1 and heal[0]["targets"] == ["a", "b"]  # c had nothing to clear
    assert "Riftbound 418.1" in heal[0]["rules"]


@pytest.mark.rule("Riftbound 142", "Riftbound 142.1", "Riftbound 142.2", "Riftbound 142.3")
def test_damage_is_a_value_of_units_on_the_board_only() -> None:
    assert run("heal: {targets: [rod]}")["illegal"]["rule"] == "Riftbound 142"
    assert run("heal: {targets: [gone]}")["illegal"]["rule"] == "Riftbound 142"
    hit = "damage: {source: rod, each: 1, targets: [a]}"
    assert run(hit, "cleanup: {}")["objects"]["a"]["zone"] == "trash"  # 4 damage, Might 4
    assert run(hit, "heal: {targets: [a]}", "cleanup: {}")["objects"]["a"]["zone"] == "base"
