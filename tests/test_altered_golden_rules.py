"""Golden rules of Altered (RULES.md §3): cannot beats can, costs, partial effects,
specific beats general, initiative order."""

from __future__ import annotations

import pytest

from arbiter.model.altered.day import decide, initiative_order
from arbiter.model.state import GameState
from tests.altered_helpers import altered, events, final, part, refused
from tests.helpers import scenario

SPARK = """
        cards:
          spark:
            kind: spell
            base: {hand_cost: 1}
            spell:
              targets: {t: {kind: character}}
              steps:
                - {boost: 2, target: t}
                - {mana: 1}
"""


@pytest.mark.rule("A-GOLD-1", "A-GOLD-3")
def test_a_character_that_cannot_gain_boosts_gains_none_and_the_rest_resolves() -> None:
    state = final(
        SPARK
        + """
        objects:
          wall: {owner: bo, kind: character, zone: "expedition:hero", cannot: [gain_boosts]}
          spark: {owner: ana, card: spark, zone: hand}
        steps:
          - mana: {ana: 1}
          - play: {card: spark, targets: {t: wall}}
        """
    )
    assert state.obj("wall").counters.get("boosts", 0) == 0
    assert state.counters["mana.ana"] == 1  # paid 1, then the second step gave 1 back
    step = next(e for e in events(state, "spell-step") if e["verb"] == "boost")
    assert step["done"] is False and "A-GOLD-1" in step["rules"] and "A-GOLD-3" in step["rules"]


@pytest.mark.rule("A-GOLD-1", "A-GOLD-5")
def test_a_card_that_allows_what_the_rules_forbid_loses_to_a_cannot() -> None:
    body = (
        SPARK
        + """
        objects:
          ana_hero: {owner: ana, kind: hero, zone: hero}
          x: {owner: bo, kind: character, zone: "expedition:hero"}
          spark: {owner: ana, card: spark, zone: discard, can: ["play_from:discard"]}
        steps:
          - mana: {ana: 3}
        """
    )
    body = body.rstrip(" ")
    ok = final(body + "          - play: {card: spark, targets: {t: x}}\n")
    assert ok.obj("spark").zone == "reserve"  # A-GOLD-5: the card's "can" wins over the rule
    banned = body + (
        "          - cannot: {target: ana_hero, action: 'play_from:discard', source: edict}\n"
        "          - play: {card: spark, targets: {t: x}}\n"
    )
    assert refused(banned) == "A-GOLD-1"


@pytest.mark.rule("A-GOLD-5", "A-PLAY-1")
def test_without_a_permission_cards_are_played_only_from_hand_or_reserve() -> None:
    body = (
        SPARK
        + """
        objects:
          x: {owner: bo, kind: character, zone: "expedition:hero"}
          spark: {owner: ana, card: spark, zone: discard}
        steps:
          - mana: {ana: 3}
          - play: {card: spark, targets: {t: x}}
        """
    )
    assert refused(body) == "A-PLAY-1"


@pytest.mark.rule("A-GOLD-2")
def test_a_cost_that_cannot_be_paid_in_full_is_not_paid_at_all() -> None:
    body = (
        SPARK
        + """
        objects:
          x: {owner: bo, kind: character, zone: "expedition:hero"}
          spark: {owner: ana, card: spark, zone: hand, base: {hand_cost: 3}}
        steps:
          - mana: {ana: 2}
          - play: {card: spark, targets: {t: x}}
        """
    )
    result = altered(part(body))
    assert result.stopped_by is not None and result.stopped_by.rule == "A-GOLD-2"
    assert result.state.counters["mana.ana"] == 2  # nothing was paid
    assert result.state.obj("spark").zone == "hand"


@pytest.mark.rule("A-GOLD-4", "A-GOLD-3")
def test_an_impossible_move_cannot_be_replaced_by_the_fleeting_discard() -> None:
    state = final(
        """
        objects:
          ghost: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 3},
                  status: [fleeting], cannot: [leave_expedition]}
          sprite: {owner: ana, kind: character, zone: "expedition:hero", base: {forest: 1},
                   status: [fleeting]}
        steps:
          - dusk: {}
          - rest: {}
        """
    )
    assert state.obj("ghost").zone == "expedition:hero"  # neither Reserve nor Discard
    assert state.obj("sprite").zone == "discard"  # the rest of Rest resolves
    ghost_move = next(e for e in events(state, "move") if e["target"] == "ghost")
    assert ghost_move["done"] is False and "A-GOLD-4" in ghost_move["rules"]


@pytest.mark.rule("A-GOLD-8")
def test_the_player_with_the_initiative_decides_first() -> None:
    sc = scenario(
        """
        ruleset: altered
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: character, zone: reserve}
          b: {owner: bo, kind: spell, zone: hand}
        """
    )
    state = decide(sc.start, {"bo": ["b"], "ana": ["a"]})
    order = [e.get("player") for e in state.events]
    assert order == ["ana", "bo"]
    state = decide(sc.start, {"bo": ["b"], "ana": ["a"]}, initiative="bo")
    assert [e.get("player") for e in state.events] == ["bo", "ana"]
    assert initiative_order(sc.start, "bo") == ["bo", "ana"]


@pytest.mark.rule("A-GOLD-8", "A-ZONE-2")
def test_a_choice_in_a_visible_zone_is_known_a_hidden_one_is_explicit_but_not_revealed() -> None:
    sc = scenario(
        """
        ruleset: altered
        players: [ana, bo]
        objects:
          a: {owner: ana, kind: character, zone: reserve}
          b: {owner: bo, kind: spell, zone: hand}
        """
    )
    state: GameState = decide(sc.start, {"ana": ["a"], "bo": ["b"]})
    seen = {e.get("player"): e.get("opponent_sees") for e in state.events}
    assert seen == {"ana": ["a"], "bo": ["a card of bo's hand"]}
    assert state.obj("b").counters.get("revealed", 0) == 0
