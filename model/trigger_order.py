"""The order a controller chooses for its triggers that trigger at once (Riftbound
383.3.d, 808.2.a; Decision RB-TRIG-ORDER).

TRIG-1 queues the triggers of one step's events by event, then controller, then the
sources' timestamps and printed order. Under ``trigger_order: controller-chooses`` a step
may name, per player, the order in which that player's triggers resolve
(``triggers: {bo: [u.second, u.first]}``, labels ``source.ability``): the step records it
as a ``trigger_order`` event, and the queue of that step's events puts the player's named
triggers, in that order, in the places its triggers held; the ones it does not name follow
in TRIG-1's order. The other players' places do not move. Under ``declared`` a step that
names an order is refused (TRIG-1 fixes it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from arbiter.model.errors import IllegalAction
from arbiter.model.ruleset import TriggerOrder
from arbiter.model.state import Event, GameState

RULES = ("Riftbound 383.3.d", "Riftbound 808.2.a")
EVENT = "trigger_order"


class Labelled(Protocol):
    @property
    def source(self) -> str: ...

    def label(self) -> str: ...


P = TypeVar("P", bound=Labelled)


def record(state: GameState, orders: Mapping[str, Sequence[str]]) -> GameState:
    """The chosen orders as ``trigger_order`` events; refused where the ruleset fixes the
    order, or for a trigger whose source the player does not control."""
    if not orders:
        return state
    if state.ruleset.trigger_order is not TriggerOrder.CONTROLLER_CHOOSES:
        raise IllegalAction(
            "TRIG-1", "the order of triggers is fixed (trigger_order: declared); none is chosen"
        )
    for player in sorted(orders):
        for label in orders[player]:
            source = label.rsplit(".", 1)[0]
            obj = state.objects.get(source)
            if "." not in label or obj is None:
                raise IllegalAction("Riftbound 808.2.a", f"{label!r} names no object's trigger")
            if obj.controlled_by != player:
                raise IllegalAction(
                    "Riftbound 808.2.a",
                    f"{player} cannot order {label}: its controller {obj.controlled_by} chooses",
                )
        state = state.with_event(
            Event(EVENT, (("player", player), ("order", list(orders[player]))), RULES)
        )
    return state


def chosen(events: Sequence[Event]) -> dict[str, list[str]]:
    """The orders recorded among ``events`` (the latest per player)."""
    out: dict[str, list[str]] = {}
    for e in events:
        if e.kind == EVENT:
            player, order = e.get("player"), e.get("order")
            if isinstance(player, str) and isinstance(order, list):
                out[player] = [str(x) for x in order]
    return out


def reorder(
    queue: tuple[P, ...], controller: Mapping[str, str], orders: Mapping[str, Sequence[str]]
) -> tuple[P, ...]:
    """``queue`` with each ordering player's triggers (``controller``: source -> player)
    permuted into the player's order, in the places they held."""
    out = list(queue)
    for player, order in orders.items():
        places = [i for i, p in enumerate(queue) if controller.get(p.source) == player]
        rank = {label: n for n, label in enumerate(order)}
        mine = [queue[i] for i in places]
        ranked = sorted(range(len(mine)), key=lambda k: (rank.get(mine[k].label(), len(rank)), k))
        for i, k in zip(places, ranked, strict=True):
            out[i] = mine[k]
    return tuple(out)
