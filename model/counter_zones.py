"""Zones whose objects cannot have or gain counters (Altered 2.5.a-b): a ruleset lists
them (``Ruleset.counterless_zones``: Altered's Discard pile, Deck and Hand; none for the
other games). A counter effect that would put counters on such an object puts none and
records a ``counter_refused`` event (Decision AL-COUNTER-ZONE)."""

from __future__ import annotations

from arbiter.model.state import Event, GameState

RULES = ("Altered 2.5.a", "Altered 2.5.b")


def refuses(state: GameState, target: str, amount: int) -> bool:
    """Whether ``amount`` (> 0) counters cannot be put on object ``target`` where it is."""
    obj = state.objects.get(target)
    if amount <= 0 or obj is None or not isinstance(obj.zone, str):
        return False
    return obj.zone.split(":", 1)[0] in state.ruleset.counterless_zones


def refused(state: GameState, target: str, name: str, amount: int, source: str) -> GameState:
    zone = state.obj(target).zone
    return state.with_event(
        Event(
            "counter_refused",
            (
                ("target", target),
                ("counter", name),
                ("amount", amount),
                ("zone", zone),
                ("source", source),
            ),
            RULES,
        )
    )
