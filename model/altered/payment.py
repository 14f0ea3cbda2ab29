"""Paying mana in Altered (A-GOLD-2): mana is the game counter ``mana.<player>``; under
``mana_payment: orbs`` ready Mana Orbs pay what it does not (Altered 3.2.9.f)."""

from __future__ import annotations

from dataclasses import replace

from arbiter.model.altered import mana_orbs
from arbiter.model.errors import IllegalAction
from arbiter.model.state import JSON, Event, GameState


def mana(state: GameState, player: str) -> int:
    return state.counters.get(f"mana.{player}", 0)


def set_mana(state: GameState, player: str, amount: int) -> GameState:
    counters = dict(state.counters)
    counters[f"mana.{player}"] = amount
    return replace(state, counters=counters)


def pay(state: GameState, player: str, amount: int, what: str, rules: tuple[str, ...]) -> GameState:
    """A-GOLD-2: a cost that cannot be paid in full cannot be paid at all. Under
    ``mana_payment: orbs`` ready Mana Orbs pay what the mana counter does not (3.2.9.f)."""
    have = mana(state, player)
    orbs = mana_orbs.available(state, player)
    if amount > have + orbs:
        raise IllegalAction(
            "A-GOLD-2",
            f"{player} cannot pay {amount} for {what}: only {have + orbs} mana available",
        )
    state = set_mana(state, player, have - min(have, amount))
    state, used = mana_orbs.exhaust(state, player, amount - min(have, amount))
    left = have - min(have, amount)
    fields: tuple[tuple[str, JSON], ...] = (("player", player), ("amount", amount))
    fields += (("for", what), ("mana_left", left))
    if used:
        fields += (("orbs_exhausted", used),)
        rules = (*rules, "Altered 3.2.9.f")
    return state.with_event(Event("pay", fields, rules))
