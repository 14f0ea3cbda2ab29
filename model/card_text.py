"""The card language's abilities an object keeps as written for the play kernels
(model/imported_play.py: additional costs, as-enters effects, permissions), and the
Altered permission to play exhausted Reserve cards (Decision IMP-MAY) that the Altered
play kernel reads. A module of its own: the kernels read it without importing the card
language's performer."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.model.effects import algebra as a
from arbiter.model.state import Ability, GameObject, GameState


@dataclass(frozen=True, slots=True)
class CardText(Ability):
    """An ability of the card language the play kernel reads as written: an additional
    cost, an as-enters effect or a permission."""

    ability: a.CardAbility | None = None


def texts(obj: GameObject, kind: a.Kind) -> list[a.CardAbility]:
    return [
        t.ability
        for t in obj.abilities
        if isinstance(t, CardText) and t.ability is not None and t.ability.kind is kind
    ]


def permits_exhausted(state: GameState, card: GameObject, player: str) -> GameObject | None:
    """Altered 2.4.5.d: an object of ``player`` in play or in their Hero zone whose
    permission lets them play ``card``, exhausted in their Reserve (its selector picks it:
    "exhausted Spells" only spells); None when there is none."""
    from arbiter.model.altered.zones import IN_PLAY, zone_kind
    from arbiter.model.effects import evaluate as ev

    for holder in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if holder.controlled_by != player or zone_kind(holder.zone) not in (*IN_PLAY, "hero"):
            continue
        for ab in texts(holder, a.Kind.PERMISSION):
            for e in ab.effects:
                if not isinstance(e.action, a.Play) or e.action.to is not a.PlayPlace.DEFAULT:
                    continue
                if ev.matches(state, ev.Context(holder.id), e.selector, card):
                    return holder
    return None
