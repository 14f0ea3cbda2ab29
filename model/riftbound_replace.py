"""Riftbound Replace and Swap Back (Core Rules 1.3, 438): steps ``replace_card: {target,
token: {id, kind, might}}`` and ``swap_back: {token}``.

Replacing creates a token in the target's place (zone, location, controller) without
playing it; the token inherits the target's statuses (its counters: damage, exhausted,
buff) and effects (its Might effects) (438.1). The target goes to the Banishment,
replaced rather than banished (438.5); a replaced token stops existing instead (438.6).
Swapping back removes the token and returns the original to the token's place with the
token's current statuses and effects (438.7.b); a token that replaced a token has nothing
to swap back to (438.7.c). Tokens carry the counter ``token`` (as Altered tokens do).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model import board_leave as bl
from arbiter.model import might as mt
from arbiter.model import riftbound_attach as ra
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Ability, Event, GameObject, GameState
from arbiter.model.steps import Step

TOKEN = "token"
BANISHMENT = "banishment"


@dataclass(frozen=True, slots=True)
class Replaced(Ability):
    """On a token made by Replace: the card it replaced (None: it replaced a token)."""

    original: str | None = None


def _carried(obj: GameObject) -> tuple[dict[str, int], tuple[Ability, ...]]:
    """The statuses and effects that pass to what takes the object's place."""
    counters = {k: v for k, v in obj.counters.items() if k != TOKEN}
    return counters, tuple(a for a in obj.abilities if isinstance(a, mt.MightEffect))


def _without(state: GameState, oid: str) -> GameState:
    return replace(state, objects={k: v for k, v in state.objects.items() if k != oid})


def replace_card(
    state: GameState, target: str, token_id: str, kind: str, might: int | None
) -> GameState:
    if token_id in state.objects:
        raise IllegalAction("Riftbound 438.3.b.1", f"{token_id} exists already: a new token")
    state = ra.leave_board(state, target)
    obj = state.obj(target)
    was_token = obj.counters.get(TOKEN, 0) > 0
    counters, effects = _carried(obj)
    state, t = state.tick()
    token = GameObject(
        id=token_id,
        owner=obj.controlled_by,
        kind=kind,
        zone=obj.zone,
        controller=obj.controlled_by,
        base={"might": might} if might is not None else {},
        timestamp=t,
        counters={**counters, TOKEN: 1},
        abilities=(*effects, Replaced("replaced", token_id, t, None if was_token else target)),
        region=obj.region,
    )
    if was_token:
        state = _without(state, target)  # 438.6
    else:
        gone = bl.off_board(obj)
        state = state.with_object(replace(gone, zone=BANISHMENT, region=None, timestamp=t))
    fields: tuple[tuple[str, JSON], ...] = (
        ("target", target),
        ("token", token_id),
        ("replaced", not was_token),
        ("ceased_to_exist", was_token),
    )
    rules = ("Riftbound 438.1", "Riftbound 438.6" if was_token else "Riftbound 438.5")
    return state.with_object(token).with_event(Event("replace", fields, rules))


def swap_back(state: GameState, token_id: str) -> GameState:
    token = state.objects.get(token_id)
    record = next((a for a in token.abilities if isinstance(a, Replaced)), None) if token else None
    if token is None or record is None:
        raise IllegalAction("Riftbound 438.7", f"{token_id} is not a token made by Replace")
    original = state.objects.get(record.original or "")
    if original is None or original.zone != BANISHMENT:
        raise IllegalAction("Riftbound 438.7.c", f"{token_id} has nothing to swap back to")
    state = ra.leave_board(state, token_id)
    token = state.obj(token_id)
    counters, effects = _carried(token)
    state, t = state.tick()
    kept = tuple(a for a in original.abilities if not isinstance(a, mt.MightEffect))
    back = replace(
        original,
        zone=token.zone,
        region=token.region,
        controller=token.controlled_by,
        counters=counters,
        abilities=(*kept, *effects),
        timestamp=t,
    )
    state = _without(state, token_id).with_object(back)
    fields: tuple[tuple[str, JSON], ...] = (("token", token_id), ("original", back.id))
    return state.with_event(Event("swap_back", fields, ("Riftbound 438.7.b",)))


@dataclass(frozen=True, kw_only=True)
class ReplaceCard(Step):
    """``replace_card: {target, token: {id, kind, might}}``."""

    target: str
    token: str
    kind: str = "unit"
    might: int | None = None

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def created_ids(self) -> tuple[str, ...]:
        return (self.token,)

    def resolve(self, state: GameState) -> GameState:
        return replace_card(state, self.target, self.token, self.kind, self.might)


@dataclass(frozen=True, kw_only=True)
class SwapBack(Step):
    """``swap_back: {token}``."""

    token: str

    def resolve(self, state: GameState) -> GameState:
        return swap_back(state, self.token)
