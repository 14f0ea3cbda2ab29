"""Altered Complete Rules 3.0, 3.2.1.c with 4.3: tiebreakers replace the Adventure's regions
by the Arena; Progress then compares the players' totals terrain by terrain."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model.altered.steps import Dusk
from arbiter.model.altered.types import subtypes_of
from arbiter.model.altered_day import check_victory
from tests.altered_helpers import events, final

BOARD = """
objects:
  wood: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Forest]}}
  lake: {owner: ana, kind: region, zone: adventure, base: {subtypes: [Water]}}
  a1: {owner: ana, kind: character, zone: expedition:hero, base: {forest: 3, mountain: 1, water: 0}}
  a2: {owner: ana, kind: character, zone: expedition:companion, base: {forest: 0, water: 2}}
  b1: {owner: bo, kind: character, zone: expedition:hero, base: {forest: 1, mountain: 2, water: 1}}
steps: []
"""
TIED = {
    "position.ana.hero": 4,
    "position.ana.companion": 3,
    "position.bo.hero": 5,
    "position.bo.companion": 2,
}


def tied() -> object:
    state = final(BOARD)
    return check_victory(replace(state, counters={**state.counters, **TIED}))


@pytest.mark.rule("Altered 3.2.1.c", "Altered 2.2.2.k")
def test_tiebreakers_replace_the_regions_by_the_arena() -> None:
    state = tied()
    assert events(state, "check-victory")[-1]["verdict"] == {"tiebreakers": ["ana", "bo"]}
    (started,) = events(state, "tiebreakers")
    assert started["replaced"] == ["lake", "wood"]
    regions = [o for o in state.objects.values() if o.zone == "adventure"]
    assert [o.id for o in regions] == ["arena"]
    assert subtypes_of(regions[0]) == {"forest", "mountain", "water"}
    again = check_victory(state)  # no effect during tiebreakers
    assert events(again, "check-victory")[-1]["verdict"] is None


@pytest.mark.rule("Altered 3.2.1.c")
def test_in_tiebreakers_progress_compares_the_totals_terrain_by_terrain() -> None:
    state = Dusk().resolve(tied())
    (progress,) = events(state, "tiebreak-progress")
    assert progress["totals"]["ana"] == {"forest": 3, "mountain": 1, "water": 2}
    assert progress["terrains_won"] == {"ana": 2, "bo": 1}
    assert progress["verdict"] == {"winner": "ana"}
    assert state.counters.get("position.ana.hero") == 4  # expeditions no longer move
