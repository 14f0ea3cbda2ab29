"""Scout X (Altered Complete Rules 3.0, 7.4.5): a card with Scout X played from the Hand may
be played for X instead of its Hand cost (an alternative cost chosen at the declaration);
then, as it enters the Expedition zone or the Landmark zone, it gains the Reaction "h Send
me to Reserve". Pure functions; ``play: {card, scout: true}`` asks them.

The Reaction is created as the card enters, before any Reaction its entering triggers, so
it resolves first (TRIG-1: first in, first out; Decision AL-SCOUT). The card's own Reactions
triggered by that play then resolve and find it in the Reserve (7.4.5.e, an exception to
6.3.j); they are resolved here, the other objects' after the step as usual.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.model import abilities as ab
from arbiter.model.altered.keywords import has, keyword_number
from arbiter.model.altered.play import PlayChoices, play
from arbiter.model.altered.zones import move, zone_kind
from arbiter.model.errors import IllegalAction
from arbiter.model.state import Event, GameState

SCOUT = "Scout"
ENTERS = frozenset({"expedition", "landmark"})


def scout_cost(state: GameState, card_id: str) -> int:
    """7.4.5.b-c: Scout works while the card is in the Hand; its X is the alternative cost."""
    card = state.obj(card_id)
    if not has(card, SCOUT):
        raise IllegalAction("Altered 7.4.5.c", f"{card_id} has no Scout: it is paid as usual")
    if zone_kind(card.zone) != "hand":
        raise IllegalAction(
            "Altered 7.4.5.b", f"Scout works while the card is in the Hand; {card_id} is not"
        )
    return keyword_number(card, SCOUT)


def play_with_scout(state: GameState, card_id: str, choices: PlayChoices) -> GameState:
    """Play ``card_id`` for its Scout X (cost alterations still apply, 7.4.5.d; "for free"
    still costs nothing), then send it to the Reserve as its Scout Reaction resolves."""
    x = scout_cost(state, card_id)
    state = state.with_event(
        Event("scout", (("card", card_id), ("cost", x)), ("Altered 7.4.5.c", "Altered 7.4.5.d"))
    )
    mark = len(state.events)
    state = play(state, card_id, replace(choices, alternative_cost=x))
    card = state.objects.get(card_id)
    if card is None or zone_kind(card.zone) not in ENTERS:
        return state
    own = [p for p in ab.triggered(state, state.events[mark:]) if p.source == card_id]
    moved = move(
        state, card_id, "reserve", player=choices.player, cause="scout", rules=("Altered 7.4.5.c",)
    )
    state = moved.state
    for pending in own:  # 7.4.5.e: they find the card in the Reserve
        state = ab.resolve_pending(state, pending, True)
    return state
