"""Altered Ongoing Emblems (Complete Rules 3.0, 2.2.2.m, 2.2.14, 5.2.4.a): an effect that
lasts longer than its resolution makes an Emblem in Limbo, with a duration ("this turn",
"this Afternoon", "this Day"), whose passive ability acts on the cards its controller
plays: their cost (at the declaration), their Fleeting (as a spell enters Limbo). Pure
functions; ``arbiter.model.altered.play`` asks them when a card is played.

Durations: "this Day" ends when a new day begins (the ``day`` counter changes, QA-2);
"this Afternoon" ends with the day too, or at Dusk; "this turn" ends when its controller's
turn does: a card played ends the turn (4.2.3.e), a quick action does not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from arbiter.model.state import Ability, Event, GameObject, GameState
from arbiter.model.steps import Step

LIMBO = "limbo"
EMBLEM = "emblem"


class Duration(Enum):
    TURN = "turn"
    AFTERNOON = "afternoon"
    DAY = "day"


@dataclass(frozen=True, slots=True)
class OngoingEmblem(Ability):
    """The passive ability of an Emblem-Ongoing: on the cards its controller plays."""

    controller: str = ""
    duration: Duration = Duration.TURN
    day: int = 1
    kinds: frozenset[str] = frozenset()  # card kinds it acts on (empty: every card)
    cost: int = 0  # added to the cost (a reduction is negative)
    fleeting: bool | None = None  # the spell gains (True) or loses (False) Fleeting
    next_only: bool = False  # "the next card you play": spent on its first card
    text: str = ""


def day_of(state: GameState) -> int:
    return state.counters.get("day", 1)


def live(state: GameState, player: str, kind: str) -> list[tuple[GameObject, OngoingEmblem]]:
    """The Ongoing Emblems of ``player`` in Limbo that act on a card of ``kind`` now."""
    out = []
    for obj in sorted(state.objects.values(), key=lambda o: (o.timestamp, o.id)):
        if obj.kind != EMBLEM or obj.zone != LIMBO:
            continue
        for ab in obj.abilities:
            if not isinstance(ab, OngoingEmblem) or ab.controller != player:
                continue
            if ab.day != day_of(state) or (ab.kinds and kind not in ab.kinds):
                continue
            out.append((obj, ab))
    return out


def create(state: GameState, emblem_id: str, ab: OngoingEmblem) -> GameState:
    """2.2.14.c: the effect that lasts makes an Emblem-Ongoing in Limbo."""
    state, t = state.tick()
    ab = replace(ab, id=f"{emblem_id}.ongoing", source=emblem_id, timestamp=t, day=day_of(state))
    obj = GameObject(
        emblem_id,
        ab.controller,
        EMBLEM,
        zone=LIMBO,
        controller=ab.controller,
        timestamp=t,
        abilities=(ab,),
    )
    state = state.with_object(obj)
    return state.with_event(
        Event(
            "emblem",
            (("id", emblem_id), ("controller", ab.controller), ("duration", ab.duration.value)),
            ("Altered 2.2.2.m", "Altered 2.2.14.c"),
        )
    )


def cease(state: GameState, emblem_id: str, why: str, rule: str) -> GameState:
    objects = {k: v for k, v in state.objects.items() if k != emblem_id}
    return replace(state, objects=objects).with_event(
        Event("emblem-ends", (("id", emblem_id), ("why", why)), (rule,))
    )


def cost_change(state: GameState, player: str, kind: str) -> tuple[int, list[str]]:
    """What the live emblems add to the cost of a card being played, and which they are."""
    found = [(o, a) for o, a in live(state, player, kind) if a.cost]
    return sum(a.cost for _, a in found), [o.id for o, _ in found]


def fleeting_change(state: GameState, player: str, kind: str) -> tuple[bool | None, list[str]]:
    """5.2.4.a.3: an emblem says the spell entering Limbo gains or loses Fleeting (the
    latest emblem's word stands)."""
    found = [(o, a) for o, a in live(state, player, kind) if a.fleeting is not None]
    return (found[-1][1].fleeting if found else None), [o.id for o, _ in found]


def after_play(state: GameState, player: str, used: list[str]) -> GameState:
    """The "next card" emblems used are spent; the turn of ``player`` ended with the card
    played (4.2.3.e), so their "this turn" emblems cease."""
    for oid in dict.fromkeys(used):
        obj = state.objects.get(oid)
        if obj is not None and any(
            isinstance(a, OngoingEmblem) and a.next_only for a in obj.abilities
        ):
            state = cease(state, oid, "spent on the card played", "Altered 2.2.14.c")
    for obj in list(state.objects.values()):
        if obj.kind != EMBLEM:
            continue
        if any(
            isinstance(a, OngoingEmblem) and a.controller == player and a.duration is Duration.TURN
            for a in obj.abilities
        ):
            state = cease(state, obj.id, "its controller's turn ended", "Altered 4.2.3.e")
    return state


@dataclass(frozen=True, kw_only=True)
class EmblemStep(Step):
    """``emblem: {id, player, duration, cost, fleeting, next, kinds, text}``."""

    emblem_id: str
    ability: OngoingEmblem

    def resolve(self, state: GameState) -> GameState:
        return create(state, self.emblem_id, self.ability)
