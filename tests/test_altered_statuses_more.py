"""Altered Complete Rules 3.0, 2.4: a status gained again (2.4.1.g), Boosted read by
conditions (2.4.4.a), playing exhausted cards from the Reserve when a passive allows it
(2.4.5.d)."""

from __future__ import annotations

import pytest

from tests.altered_helpers import events, final, refused

AGAIN = """
objects:
  gericht:
    owner: ana
    kind: character
    zone: expedition:hero
    status: [fleeting]
    {can}
    triggers:
      - id: fleet
        when: {{counter: fleeting, change: up}}
        do: [{{counter: {{target: self, name: boosts, add: 1}}}}]
steps:
  - status: {{target: gericht, gain: fleeting}}
"""


@pytest.mark.rule("Altered 2.4.1.g", "Altered 2.4.1.f")
def test_a_passive_lets_a_status_be_gained_again_nothing_changes_but_reactions_trigger() -> None:
    state = final(AGAIN.format(can="can: [regain_fleeting]"))
    (gained,) = events(state, "gain-status")
    assert gained["done"] is True and gained["again"] is True
    assert gained["rules"] == ["Altered 2.4.1.g"]
    assert state.obj("gericht").counters["fleeting"] == 1  # no second "instance"
    assert state.obj("gericht").counters.get("boosts") == 1  # its Reaction triggered
    state = final(AGAIN.format(can=""))
    (refused_gain,) = events(state, "gain-status")
    assert refused_gain["done"] is False and refused_gain["rules"] == ["Altered 2.4.1.f"]
    assert state.obj("gericht").counters.get("boosts") is None


BOOSTED = """
objects:
  lift:
    owner: ana
    kind: spell
    zone: hand
    base: {hand_cost: 0}
    spell:
      targets: {t: {kind: character}}
      steps: [{if: {boosted: t}, boost: 2, target: t}]
  a: {owner: ana, kind: character, zone: expedition:hero, boosts: 1}
  b: {owner: ana, kind: character, zone: expedition:hero}
steps:
"""


@pytest.mark.rule("Altered 2.4.4.a")
def test_an_object_is_boosted_when_it_has_a_boost() -> None:
    assert (
        final(BOOSTED + "  - play: {card: lift, targets: {t: a}}\n").obj("a").counters["boosts"]
        == 3
    )
    assert (
        final(BOOSTED + "  - play: {card: lift, targets: {t: b}}\n")
        .obj("b")
        .counters.get("boosts", 0)
        == 0
    )
    card_language = final(
        BOOSTED
        + "  - perform: {by: a, do: {if: {has: boosted}, counters: "
        + "{name: charge, add: 1, target: self}}}\n"
        + "  - perform: {by: b, do: {if: {has: boosted}, counters: "
        + "{name: charge, add: 1, target: self}}}\n"
    )
    assert card_language.obj("a").counters.get("charge") == 1
    assert card_language.obj("b").counters.get("charge") is None


EXHAUSTED = """
objects:
  hero: {{owner: ana, kind: hero, zone: hero, {can}}}
  tired: {{owner: ana, kind: character, zone: reserve, status: [exhausted]}}
  banned: {{owner: ana, kind: character, zone: reserve, status: [exhausted], cannot: [be_played]}}
steps:
"""


@pytest.mark.rule("Altered 2.4.5.c", "Altered 2.4.5.d")
def test_a_passive_may_allow_playing_exhausted_cards_from_the_reserve_but_no_more() -> None:
    play = "  - play: {card: tired}\n"
    assert refused(EXHAUSTED.format(can="can: []") + play) == "Altered 2.4.5.c"
    state = final(EXHAUSTED.format(can="can: [play_exhausted]") + play)
    assert state.obj("tired").zone == "expedition:hero"
    banned = EXHAUSTED.format(can="can: [play_exhausted]") + "  - play: {card: banned}\n"
    assert refused(banned) == "A-GOLD-1"  # other restrictions still hold
