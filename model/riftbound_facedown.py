"""Riftbound Facedown Zones whose maximum occupancy changes (Core Rules 1.3: 107.3.b-b.2).

A battlefield's Facedown Zone holds one card (107.3.b) unless an effect changes it: the
maximum is the battlefield's characteristic ``base.facedown`` (absent: 1). A step
``facedown_occupancy: {at, set | add, trash}`` changes it (107.3.b.1); when it falls below
the number of cards there, the zone's controller puts the difference in the trash from
that zone (107.3.b.2), the cards named by ``trash`` (their choice)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Step

FACEDOWN = "facedown"
KEY = "facedown"  # the battlefield's characteristic: its Facedown Zone's maximum
DEFAULT = 1  # 107.3.b


def maximum(battlefield: GameObject) -> int:
    value = battlefield.base.get(KEY, DEFAULT)
    return value if isinstance(value, int) else DEFAULT


def cards_at(state: GameState, battlefield: str) -> list[str]:
    return sorted(
        o.id for o in state.objects.values() if o.zone == FACEDOWN and o.region == battlefield
    )


def has_room(state: GameState, battlefield: str) -> bool:
    """107.3.b: one more card fits in the battlefield's Facedown Zone."""
    found = state.objects.get(battlefield)
    most = maximum(found) if found is not None else DEFAULT
    return len(cards_at(state, battlefield)) < most


@dataclass(frozen=True, kw_only=True)
class Occupancy(Step):
    """``facedown_occupancy: {at, set | add, trash}``."""

    at: str
    set_to: int | None = None
    add: int = 0
    trash: tuple[str, ...] = ()

    def target_ids(self) -> tuple[str, ...]:
        return (self.at, *self.trash)

    def resolve(self, state: GameState) -> GameState:
        bf = state.obj(self.at)
        if bf.kind != "battlefield":
            raise IllegalAction("Riftbound 107.3", f"{self.at} is not a battlefield")
        before = maximum(bf)
        after = max(0, self.set_to if self.set_to is not None else before + self.add)
        state = state.with_object(replace(bf, base={**bf.base, KEY: after}))
        there = cards_at(state, self.at)
        excess = max(0, len(there) - after)
        if len(self.trash) != excess or not set(self.trash) <= set(there):
            raise IllegalAction(
                "Riftbound 107.3.b.2",
                f"{excess} of the cards facedown at {self.at} ({', '.join(there) or 'none'}) "
                f"go to the trash, chosen by its controller: 'trash' names {len(self.trash)}",
            )
        fields: tuple[tuple[str, JSON], ...] = (
            ("at", self.at),
            ("before", before),
            ("after", after),
            ("trashed", list(self.trash)),
        )
        rules = (
            ("Riftbound 107.3.b.1", "Riftbound 107.3.b.2") if excess else ("Riftbound 107.3.b.1",)
        )
        state = state.with_event(Event("facedown_occupancy", fields, rules))
        for card in self.trash:
            obj = state.obj(card)
            state = state.with_object(replace(obj, zone="trash", region=None))
            state = state.with_event(
                Event("move", (("target", card), ("to", "trash")), ("Riftbound 107.3.b.2",))
            )
        return state
