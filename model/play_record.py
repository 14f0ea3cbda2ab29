"""The record of how a card was played (Riftbound 356.2, 356.4.f.1: Decision IMP-EXTRA):
the additional costs paid and declined, kept on the object ``play_card`` played, and the
condition ``{paid: true}`` that reads it. A module of its own so that the card language's
evaluation reads it without importing the play kernel."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.errors import IllegalAction
from arbiter.model.state import Ability, GameState


@dataclass(frozen=True, slots=True)
class PlayRecord(Ability):
    """How the card was played: the ids of the additional costs paid and of those
    declined. It belongs to the object that was played (its timestamp then)."""

    paid: tuple[str, ...] = ()
    declined: tuple[str, ...] = ()


def paid(state: GameState, source: str) -> bool:
    """``{paid: true}`` (356.4.f.1): an additional cost of the card was paid as it was
    played (the choice to pay, whatever it cost), read from the record of its play;
    refused when the object was not played with ``play_card`` with additional costs (or
    has left the place it was played to: its timestamp changed)."""
    obj = state.objects.get(source)
    recs = [r for r in (obj.abilities if obj is not None else ()) if isinstance(r, PlayRecord)]
    if obj is None or not recs or recs[-1].timestamp != obj.timestamp:
        raise IllegalAction(
            "Riftbound 356.4.f.1",
            f"the additional costs paid are recorded by play_card; {source} was not played so",
        )
    return bool(recs[-1].paid)
