"""Altered Complete Rules 3.0, Dusk (4.2.4): terrains an expedition cannot move forward
due to (4.2.4.c) or only can (4.2.4.d), one move however many terrains it wins (4.2.4.g),
every expedition at once (4.2.4.h), and what it moved forward due to (4.2.4.j)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.altered_helpers import events, final
from tests.helpers import ROOT, view

BOARD = """
objects:
  scout: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 3, water: 2}}
  guard: {owner: bo, kind: character, zone: "expedition:hero", base: {forest: 1, water: 1}}
  bird: {owner: bo, kind: character, zone: "expedition:companion", base: {mountain: 2}}
steps:
"""


def progress(dusk: str) -> dict[tuple[str, str], dict[str, Any]]:
    state = final(BOARD + f"  - dusk: {dusk}\n")
    return {(e["player"], e["expedition"]): e for e in events(state, "progress")}


@pytest.mark.rule("Altered 4.2.4.g", "Altered 4.2.4.j")
def test_an_expedition_greater_in_two_terrains_moves_forward_once_due_to_both() -> None:
    out = progress("{}")
    ana = out[("ana", "hero")]
    assert ana["moved"] is True and ana["position"] == 1
    assert ana["due_to"] == ["forest", "water"]
    assert "Altered 4.2.4.g" in ana["rules"]
    assert out[("bo", "hero")]["due_to"] == []  # did not move forward


@pytest.mark.rule("Altered 4.2.4.h")
def test_every_successful_expedition_moves_forward_at_once() -> None:
    out = progress("{}")
    moved = sorted(k for k, e in out.items() if e["moved"])
    assert moved == [("ana", "hero"), ("bo", "companion")]
    assert out[("bo", "companion")]["due_to"] == ["mountain"]


@pytest.mark.rule("Altered 4.2.4.c", "Altered 4.2.4.j")
def test_a_terrain_it_cannot_move_forward_due_to_is_ignored() -> None:
    out = progress("{cannot: {ana-hero: [forest]}}")
    ana = out[("ana", "hero")]
    assert ana["moved"] is True and ana["due_to"] == ["water"]
    assert "Altered 4.2.4.c" in ana["rules"]
    both = progress("{cannot: {ana-hero: [forest, water]}}")
    assert both[("ana", "hero")]["moved"] is False


@pytest.mark.rule("Altered 4.2.4.d")
def test_an_expedition_that_can_only_move_forward_due_to_a_terrain_ignores_the_others() -> None:
    out = progress("{only: {ana-hero: [mountain]}}")
    ana = out[("ana", "hero")]
    assert ana["moved"] is False and ana["due_to"] == []
    assert "Altered 4.2.4.d" in ana["rules"]
    water = progress("{only: {ana-hero: [water]}}")
    assert water[("ana", "hero")]["due_to"] == ["water"]


@pytest.mark.rule("Altered 4.2.4.c", "Altered 4.2.4.d")
def test_the_example_of_terrains_ignored_at_dusk() -> None:
    path = ROOT / "examples" / "rulebooks" / "altered_dusk_terrains.yaml"
    out = view(path.read_text(encoding="utf-8"))
    assert out["expect"]["failed"] == 0 and out["expect"]["passed"] == 4
