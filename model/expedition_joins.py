"""Triggers on an object joining or leaving "my expedition" (Altered Complete Rules 3.0,
7.4.4.i): ``when: {enters | leaves: <subject>, zone: my_expedition}``. The expeditions of
the trigger's source (both, for a Gigantic character: 7.4.4.f) are one subset of the
Expedition zone: an object joins it when it comes into one of them from outside them (a
card played into it, a switch from another player's... or from an expedition not among
them), and moving between two of them is neither joining nor leaving. Pure functions.
"""

from __future__ import annotations

from arbiter.model.effects import algebra as fx
from arbiter.model.effects import refs as rf
from arbiter.model.state import Event, GameState

MY_EXPEDITION = "my_expedition"
EXPEDITION = "expedition:"


def _expedition(zone: object) -> str | None:
    if isinstance(zone, str) and zone.startswith(EXPEDITION):
        return zone[len(EXPEDITION) :]
    return None


def crosses(state: GameState, when: fx.When, source: str, event: Event) -> bool | None:
    """Whether ``event`` makes its object join (``enters``) or leave (``leaves``) the
    expeditions of ``source``'s controller that ``source`` is in; None when ``when`` is
    not about "my expedition"."""
    if rf.event_name(when) != MY_EXPEDITION:
        return None
    kind = rf.event(when)
    from arbiter.model.altered.keywords import expeditions_of
    from arbiter.model.altered.zones import EXPEDITIONS
    from arbiter.model.passive_order import after_passives

    derived = after_passives(state)  # A-PASS-1: Gigantic may come from a passive
    src = derived.objects.get(source)
    if src is None:
        return False
    mine = set(expeditions_of(src))
    if event.kind == "move":
        before, after = _expedition(event.get("from")), _expedition(event.get("to"))
    elif event.kind == "switch" and event.get("done") and not event.get("card_only"):
        after = event.get("to")
        before = next((e for e in EXPEDITIONS if e != after), None)
    else:
        return False
    moved = state.objects.get(str(event.get("target")))
    if not mine or moved is None or moved.controlled_by != src.controlled_by:
        return False
    inside_before, inside_after = before in mine, after in mine
    if kind == "enters":
        return inside_after and not inside_before
    return inside_before and not inside_after
