"""Altered Complete Rules 3.0, 3.2: what each zone is (shared or personal, visible), and the
Adventure's row of regions as the expeditions' positions count it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model.altered.zones import HIDDEN, VISIBLE
from arbiter.model.altered_day import VICTORY_AT, check_victory
from tests.altered_helpers import events, final

BOARD = """
objects:
  rat: {owner: bo, kind: character, zone: expedition:hero, controller: ana}
  sierra: {owner: ana, kind: hero, zone: hero}
steps:
  - send: {target: rat, to: reserve, player: ana}
"""


@pytest.mark.rule("Altered 3.2.1.a", "Altered 3.2.6.a", "Altered 3.2.10.a")
def test_the_adventure_is_visible_and_the_hero_zone_and_reserve_personal_and_visible() -> None:
    assert {"adventure", "hero", "reserve"} <= VISIBLE and not {"hero", "reserve"} & HIDDEN
    state = final(BOARD)
    rat = state.obj("rat")  # a card sent to another player's Reserve goes to its owner's
    assert (rat.zone, rat.owner) == ("reserve", "bo")
    assert state.obj("sierra").zone == "hero"


@pytest.mark.rule("Altered 3.2.1.b", "Altered 4.2.5.d")
def test_expeditions_meet_once_they_moved_across_the_row_of_regions() -> None:
    assert VICTORY_AT == 7  # eight regions in a row: seven steps from one end to the other
    state = final(BOARD)
    positions = {"position.ana.hero": 4, "position.ana.companion": 3, "position.bo.hero": 2}
    out = check_victory(replace(state, counters={**state.counters, **positions}))
    assert events(out, "check-victory")[-1]["verdict"] == {"winner": "ana"}
    positions["position.ana.companion"] = 2
    out = check_victory(replace(state, counters={**state.counters, **positions}))
    assert events(out, "check-victory")[-1]["verdict"] == "next day"
