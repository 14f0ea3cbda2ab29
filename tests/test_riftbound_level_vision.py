"""Riftbound Level (824: abilities active while the controller has N XP) and Vision (817:
look at the top card of the Main Deck as the permanent enters, and maybe recycle it)."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.model.keyword_reads import with_passives
from tests.helpers import run_text, view

LEVEL = """ruleset: riftbound
players: [ana, bo]
counters: {{xp.ana: {xp}}}
objects:
  adept:
    owner: ana
    kind: unit
    base: {{might: 2}}
    zone: base
    might_passives: [{{id: lv3, add: 2, level: 3}}]
    keyword_passives: [{{id: lv5, keyword: Tank, while_mighty: false, level: 5}}]
steps: []
"""


def adept(xp: int) -> dict[str, Any]:
    out: dict[str, Any] = view(LEVEL.format(xp=xp))["objects"]["adept"]
    return out


@pytest.mark.rule(
    "RB-LEVEL",
    "Riftbound 824.1.b.1", "Riftbound 824.1.c", "Riftbound 824.1.d", "Riftbound 824.1.c.1"
)
def test_a_level_ability_is_active_exactly_while_its_controller_has_the_xp() -> None:
    assert adept(2)["might"]["shown"] == 2
    assert adept(3)["might"]["shown"] == 4
    state = run_text(LEVEL.format(xp=4)).state
    assert "Tank" not in with_passives(state, state.obj("adept")).features
    state = run_text(LEVEL.format(xp=5)).state
    assert "Tank" in with_passives(state, state.obj("adept")).features
    # 824.1.c.1: the controller's XP counts, not the owner's
    moved = LEVEL.format(xp=5).replace("zone: base\n", "zone: base\n    controller: bo\n")
    assert view(moved)["objects"]["adept"]["might"]["shown"] == 2


VISION = """ruleset: riftbound
players: [ana, bo]
objects:
  seer: {owner: ana, kind: unit, base: {might: 1}, zone: hand, features: {Vision: 2}}
  top: {owner: ana, kind: spell, zone: deck}
  next: {owner: ana, kind: spell, zone: deck}
steps:
"""


def seen(out: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(e["seen"], e["recycled"]) for e in out["events"] if e["kind"] == "vision"]


@pytest.mark.rule("Riftbound 817.1.b", "Riftbound 817.1.c", "Riftbound 817.2", "Riftbound 817.2.a")
def test_each_vision_looks_at_the_top_card_and_a_recycled_card_goes_to_the_bottom() -> None:
    out = view(VISION + "  - play_card: {card: seer, vision: [true, false]}\n")
    assert seen(out) == [("top", True), ("next", False)]
    order = sorted((o for o in ("top", "next")), key=lambda c: out["objects"][c]["timestamp"])
    assert order == ["next", "top"]  # top is now at the bottom


@pytest.mark.rule("Riftbound 817.2.b")
def test_without_a_recycle_every_vision_sees_the_same_card() -> None:
    out = view(VISION + "  - play_card: {card: seer}\n")
    assert seen(out) == [("top", False), ("top", False)]
    out = view(VISION + "  - play_card: {card: seer, vision: [true, true, true]}\n")
    assert out["illegal"]["rule"] == "Riftbound 817.2"
