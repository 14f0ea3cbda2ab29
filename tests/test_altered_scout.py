"""Altered Complete Rules 3.0, 7.4.5: Scout X (Decision AL-SCOUT)."""

from __future__ import annotations

import pytest

from tests.altered_helpers import events, final, refused

BOARD = """
objects:
  aby:
    owner: ana
    kind: character
    zone: hand
    base: {hand_cost: 4, reserve_cost: 2, forest: 1}
    features: {Scout: 1}
    triggers:
      - id: arrive
        when: {enters: self, zone: expedition}
        do: [{counter: {target: self, name: boosts, add: 1}}]
  plain: {owner: ana, kind: character, zone: hand, base: {hand_cost: 1}}
  kept: {owner: ana, kind: character, zone: reserve, base: {reserve_cost: 1}, features: {Scout: 1}}
steps:
  - mana: {ana: 1}
"""


@pytest.mark.rule("Altered 7.4.5.c", "AL-SCOUT")
def test_scout_pays_x_instead_of_the_hand_cost_then_sends_the_card_to_reserve() -> None:
    state = final(BOARD + "  - play: {card: aby, scout: true}\n")
    (paid,) = events(state, "pay")
    assert paid["amount"] == 1 and paid["mana_left"] == 0
    assert state.obj("aby").zone == "reserve"
    moves = [e for e in events(state, "move") if e["target"] == "aby"]
    assert [m["to"] for m in moves] == ["limbo", "expedition:hero", "reserve"]
    assert moves[-1]["cause"] == "scout"
    assert refused(BOARD + "  - play: {card: aby}\n") == "A-GOLD-2"  # 4 without Scout


@pytest.mark.rule("Altered 7.4.5.b")
def test_scout_works_only_from_the_hand() -> None:
    assert refused(BOARD + "  - play: {card: kept, scout: true}\n") == "Altered 7.4.5.b"
    assert refused(BOARD + "  - play: {card: plain, scout: true}\n") == "Altered 7.4.5.c"


@pytest.mark.rule("Altered 7.4.5.d")
def test_cost_alterations_apply_to_the_scout_cost_and_for_free_costs_nothing() -> None:
    emblem = "  - emblem: {id: cheap, player: ana, cost: -1, next: true}\n"
    state = final(BOARD + emblem + "  - play: {card: aby, scout: true}\n")
    (paid,) = events(state, "pay")
    assert paid["amount"] == 0 and paid["mana_left"] == 1
    state = final(BOARD + "  - play: {card: aby, scout: true, for_free: true}\n")
    assert events(state, "pay")[0]["amount"] == 0
    assert state.obj("aby").zone == "reserve"


@pytest.mark.rule("Altered 7.4.5.e")
def test_the_cards_own_reaction_to_entering_finds_it_in_the_reserve() -> None:
    state = final(BOARD + "  - play: {card: aby, scout: true}\n")
    aby = state.obj("aby")
    assert aby.zone == "reserve" and aby.counters.get("boosts") == 1
