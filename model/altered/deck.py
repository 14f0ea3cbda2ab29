"""Putting a card at a position of a Deck (Altered Complete Rules 3.0, 3.2.2.b, 3.2.2.f).

A Deck is ordered top first by its cards' timestamps (Decision AL-DRAW-1), so a card put
"X cards from the top" (or the bottom) is moved to the Deck and the Deck's cards are given
new timestamps in their new order (Decision AL-DECK-POS). "X cards from the top" means X
cards above it; a Deck with fewer cards gets it at the other end: at the bottom when sent
X from the top, at the top when sent X from the bottom (3.2.2.f). Pure functions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.altered.zones import move
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step
from arbiter.model.tokens import deck_order


def put_in_deck(state: GameState, card: str, player: str, cards: int, from_top: bool) -> GameState:
    """Move ``card`` to ``player``'s Deck with ``cards`` cards above it (``from_top``) or
    below it."""
    deck = [o.id for o in deck_order(state, player) if o.id != card]
    rules = ["Altered 3.2.2.b"]
    if cards > len(deck):  # 3.2.2.f: not enough cards: the other end
        index = len(deck) if from_top else 0
        rules.append("Altered 3.2.2.f")
    else:
        index = cards if from_top else len(deck) - cards
    moved = move(state, card, "deck", player=player, cause="put", rules=tuple(rules))
    state = moved.state
    if not moved.done:
        return state
    owner = state.obj(card).owner
    order = [o.id for o in deck_order(state, owner) if o.id != card]
    order.insert(min(index, len(order)), card)
    for oid in order:
        state, stamp = state.tick()
        state = state.with_object(replace(state.obj(oid), timestamp=stamp))
    where = "top" if from_top else "bottom"
    return state.with_event(
        Event(
            "deck-position",
            (("card", card), ("asked", f"{cards} from the {where}"), ("deck", order)),
            tuple(rules),
        )
    )


@dataclass(frozen=True, kw_only=True)
class PutInDeck(Step):
    """``to_deck: {card, player, top | bottom: X}`` (X cards above or below it)."""

    card: str
    player: str
    cards: int
    from_top: bool

    def target_ids(self) -> tuple[str, ...]:
        return (self.card,)

    def resolve(self, state: GameState) -> GameState:
        return put_in_deck(state, self.card, self.player, self.cards, self.from_top)
