"""Altered Complete Rules 3.0, 7.4.4.g: the expeditions facing a Gigantic character."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.model.gigantic import facing, my_expedition_is
from tests.altered_helpers import final

BOARD = """
objects:
  giant: {owner: ana, kind: character, zone: "expedition:hero", features: [Gigantic]}
  scout: {owner: ana, kind: character, zone: "expedition:companion"}
  resting: {owner: ana, kind: character, zone: reserve}
steps: []
"""


@pytest.mark.rule("Altered 7.4.4.g", "Altered 7.4.4.f")
def test_the_expedition_facing_a_gigantic_character_is_each_one_facing_its_expeditions() -> None:
    state = final(BOARD)
    assert facing(state, "giant") == [("bo", "hero"), ("bo", "companion")]
    assert facing(state, "scout") == [("bo", "companion")]
    assert facing(state, "resting") == []


@pytest.mark.rule("Altered 7.4.4.g", "Altered 7.4.4.j")
def test_a_gigantic_character_is_ahead_only_of_both_expeditions_facing_it() -> None:
    state = final(BOARD)
    positions = {"position.ana.hero": 2, "position.bo.companion": 1}
    state = replace(state, counters={**state.counters, **positions})
    assert not my_expedition_is(state, "giant", "ahead")  # companion: 0 against 1
    assert my_expedition_is(state, "scout", "behind")


AMAROK = """
objects:
  amarok:
    owner: ana
    kind: character
    zone: "expedition:hero"
    features: {gigantic}
    triggers:
      - id: guard
        when: {enters: any, zone: my_expedition}
        do: [{counter: {target: it, name: marked, add: 1}}]
  pup: {owner: ana, kind: character, zone: "expedition:companion"}
  newcomer: {owner: ana, kind: character, zone: hand, base: {hand_cost: 0}}
  rival: {owner: bo, kind: character, zone: hand, base: {hand_cost: 0}}
steps:
  - switch: {target: pup}
  - play: {card: newcomer, into: companion}
  - play: {card: rival}
"""


def marked(body: str) -> dict[str, int]:
    state = final(body)
    return {o: state.obj(o).counters.get("marked", 0) for o in ("pup", "newcomer", "rival")}


@pytest.mark.rule("Altered 7.4.4.i")
def test_moving_between_a_gigantic_characters_expeditions_is_not_joining_them() -> None:
    assert marked(AMAROK.replace("{gigantic}", "[Gigantic]")) == {
        "pup": 0,  # it was in Amarok's expeditions already
        "newcomer": 1,  # it came from outside them
        "rival": 0,  # another player's expedition
    }
    assert marked(AMAROK.replace("{gigantic}", "[]")) == {"pup": 1, "newcomer": 0, "rival": 0}
