"""Steps made of steps (a Riftbound chain item, a spell's instructions when it is played)
resolve each of their steps as a scenario step would be: an open damage split inside them
goes to the solver (Decision DMG-DP), and each step's objects must exist when its turn
comes (Decision RB-GONE)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import view

HEAD = """ruleset: riftbound
players: [ana, bo]
objects:
  ridge: {owner: ana, kind: battlefield, zone: battlefield, controller: ana}
  bolt: {owner: ana, kind: spell, zone: hand}
  a: {owner: bo, kind: unit, base: {might: 3}, zone: battlefield, at: ridge}
  b: {owner: bo, kind: unit, base: {might: 5}, zone: battlefield, at: ridge}
steps:
"""
SPLIT = "{damage: {source: bolt, split: 4, targets: [a, b]}}"


def run(step: str) -> dict[str, Any]:
    return view(HEAD + f"  - {step}\n")


def split_of(out: dict[str, Any]) -> dict[str, int]:
    return {e["target"]: e["amount"] for e in out["events"] if e["kind"] == "damage"}


@pytest.mark.rule("Riftbound 321", "D-DIST-1", "DMG-DP")
def test_an_open_split_inside_a_chain_item_is_solved_like_one_outside() -> None:
    alone = run(SPLIT[1:-1])
    inside = run(f"chain_item: {{steps: [{SPLIT}]}}")
    assert "illegal" not in inside and "error" not in inside
    assert split_of(inside) == split_of(alone) == {"a": 3, "b": 1}  # one kill: a


@pytest.mark.rule("Riftbound 806", "D-DIST-1", "DMG-DP")
def test_an_open_split_among_a_played_spells_steps_is_solved() -> None:
    out = run(f"play_card: {{card: bolt, steps: [{SPLIT}]}}")
    assert "illegal" not in out
    assert split_of(out) == {"a": 3, "b": 1}
    assert out["objects"]["a"]["zone"] == "trash"  # the Cleanup after the spell (321.1)
