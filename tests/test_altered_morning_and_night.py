"""Altered Complete Rules 3.0, the day's phases that end and begin a day: Morning
(4.2.1), Clean-up and Check Victory (4.2.5.c-d)."""

from __future__ import annotations

import pytest

from tests.altered_helpers import altered, final, part

# -- the day: Morning, Clean-up, Check Victory (4.2.1, 4.2.5.c-d) ---------------------------


@pytest.mark.rule("Altered 4.2.1.b", "Altered 4.2.1.c", "Altered 4.2.1.d", "Altered 4.2.1.e")
def test_morning_succeeds_prepares_draws_two_and_expands() -> None:
    out = altered(
        part(
            """
            objects:
              t: {owner: ana, kind: character, zone: "expedition:hero", counters: {exhausted: 1}}
              a1: {owner: ana, kind: character, zone: deck}
              a2: {owner: ana, kind: character, zone: deck}
              a3: {owner: ana, kind: character, zone: deck}
              b1: {owner: bo, kind: character, zone: deck}
            steps:
              - morning: {expand: {ana: a1}}
            """
        )
    )
    s = out.state
    assert s.players == ("bo", "ana")  # the player to the left becomes the first player
    assert "exhausted" not in s.obj("t").counters
    assert (s.obj("a1").zone, s.obj("a2").zone, s.obj("a3").zone) == ("mana", "hand", "deck")
    assert s.obj("b1").zone == "hand"
    assert s.counters.get("day") == 2


@pytest.mark.rule(
    "Altered 4.2.5.c", "Altered 2.2.12", "Altered 2.2.13", "Altered 3.2.10.b", "Altered 3.2.7.b"
)
def test_clean_up_keeps_as_many_as_the_limits_and_discards_the_rest() -> None:
    state = final(
        """
        objects:
          hero: {owner: ana, kind: hero, zone: hero, base: {reserve_limit: 1, landmark_limit: 1}}
          r1: {owner: ana, kind: character, zone: reserve}
          r2: {owner: ana, kind: character, zone: reserve}
          l1: {owner: ana, kind: permanent, zone: landmark}
          l2: {owner: ana, kind: permanent, zone: landmark}
          b1: {owner: bo, kind: character, zone: reserve}
          b2: {owner: bo, kind: character, zone: reserve}
          b3: {owner: bo, kind: character, zone: reserve}
        steps:
          - clean_up: {keep: {ana: [r1, l2]}}
        """
    )
    zones = {k: v.zone for k, v in state.objects.items() if k != "hero"}
    assert (zones["r1"], zones["r2"], zones["l1"], zones["l2"]) == (
        "reserve",
        "discard",
        "discard",
        "landmark",
    )
    assert sorted(zones[b] for b in ("b1", "b2", "b3")) == ["discard", "reserve", "reserve"]


@pytest.mark.rule("Altered 4.2.5.d")
def test_check_victory_needs_seven_and_strictly_more() -> None:
    from dataclasses import replace

    from arbiter.model.altered_day import check_victory

    state = altered(part("objects: {}\nsteps:\n  - check_victory: {}\n")).state

    def verdict(ana: int, bo: int) -> object:
        counters = {
            "position.ana.hero": ana - ana // 2,
            "position.ana.companion": ana // 2,
            "position.bo.hero": bo - bo // 2,
            "position.bo.companion": bo // 2,
        }
        out = check_victory(replace(state, counters={**state.counters, **counters}))
        return out.events[-1].get("verdict")

    assert verdict(6, 2) == "next day"
    assert verdict(7, 6) == {"winner": "ana"}
    assert verdict(8, 8) == {"tiebreakers": ["ana", "bo"]}
