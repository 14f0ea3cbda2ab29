"""Altered Complete Rules 3.0, 3.2.2.b and 3.2.2.f: a card put at a position of a Deck
(Decision AL-DECK-POS)."""

from __future__ import annotations

import pytest

from arbiter.model.tokens import deck_order
from tests.altered_helpers import events, final

DECK = """
objects:
  d1: {owner: ana, kind: character, zone: deck}
  d2: {owner: ana, kind: character, zone: deck}
  d3: {owner: ana, kind: character, zone: deck}
  c: {owner: ana, kind: character, zone: reserve}
steps:
"""


def order(body: str) -> list[str]:
    return [o.id for o in deck_order(final(DECK + body), "ana")]


@pytest.mark.rule("Altered 3.2.2.b", "AL-DECK-POS")
def test_a_card_goes_that_many_cards_from_the_top_or_the_bottom() -> None:
    assert order("  - to_deck: {card: c, top: 0}\n") == ["c", "d1", "d2", "d3"]
    assert order("  - to_deck: {card: c, top: 2}\n") == ["d1", "d2", "c", "d3"]
    assert order("  - to_deck: {card: c, bottom: 1}\n") == ["d1", "d2", "c", "d3"]
    assert order("  - to_deck: {card: c, bottom: 0}\n") == ["d1", "d2", "d3", "c"]
    state = final(DECK + "  - to_deck: {card: c, top: 1}\n  - draw: {player: ana, count: 2}\n")
    assert state.obj("c").zone == "hand" and state.obj("d2").zone == "deck"


@pytest.mark.rule("Altered 3.2.2.f")
def test_a_deck_without_enough_cards_gets_it_at_the_other_end() -> None:
    assert order("  - to_deck: {card: c, top: 5}\n") == ["d1", "d2", "d3", "c"]
    assert order("  - to_deck: {card: c, bottom: 5}\n") == ["c", "d1", "d2", "d3"]
    state = final(DECK + "  - to_deck: {card: c, top: 5}\n")
    assert "Altered 3.2.2.f" in events(state, "deck-position")[0]["rules"]
