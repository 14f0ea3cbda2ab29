"""Mana Orbs (Altered Complete Rules 3.0, 3.2.9), under the policy ``mana_payment: orbs``
(Decision AL-MANA-ORBS): the cards of a player's Mana zone are their Mana Orbs; a card
put there enters exhausted unless said otherwise (Expand: ready; in ``altered.zones.move``);
a mana cost of X is paid with the mana a player was given (the ``mana.<player>`` counter)
first, then by exhausting X ready Mana Orbs, oldest first; before choosing one of their
Mana Orbs a player may exhaust one to ready another (step ``orb``). Under the default
reading (``counter``) mana is the counter alone and nothing here acts. Pure functions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model.altered.zones import zone_kind
from arbiter.model.errors import IllegalAction
from arbiter.model.ruleset import ManaPayment
from arbiter.model.state import Event, GameObject, GameState
from arbiter.model.steps import Step

EXHAUSTED = "exhausted"


def active(state: GameState) -> bool:
    return state.ruleset.mana_payment is ManaPayment.ORBS


def orbs(state: GameState, player: str, *, ready: bool) -> list[GameObject]:
    """The player's Mana Orbs that are ready (or exhausted), oldest first."""
    return sorted(
        (
            o
            for o in state.objects.values()
            if zone_kind(o.zone) == "mana"
            and o.owner == player
            and (o.counters.get(EXHAUSTED, 0) == 0) == ready
        ),
        key=lambda o: (o.timestamp, o.id),
    )


def available(state: GameState, player: str) -> int:
    """What the player's ready Mana Orbs can pay (0 under the counter reading)."""
    return len(orbs(state, player, ready=True)) if active(state) else 0


def exhaust(state: GameState, player: str, amount: int) -> tuple[GameState, list[str]]:
    """3.2.9.f: pay ``amount`` by exhausting that many ready Mana Orbs (oldest first)."""
    used = [o.id for o in orbs(state, player, ready=True)[: max(amount, 0)]]
    for oid in used:
        obj = state.obj(oid)
        state = state.with_object(replace(obj, counters={**obj.counters, EXHAUSTED: 1}))
    return state, used


def swap(state: GameState, player: str, spent: str, readied: str) -> GameState:
    """3.2.9.e: exhaust one of the player's ready Mana Orbs to ready an exhausted one."""
    mine = {o.id for o in orbs(state, player, ready=True)}
    tired = {o.id for o in orbs(state, player, ready=False)}
    if spent not in mine or readied not in tired:
        raise IllegalAction(
            "Altered 3.2.9.e",
            f"{player} exhausts a ready Mana Orb of theirs ({spent}) to ready an exhausted "
            f"one ({readied})",
        )
    a, b = state.obj(spent), state.obj(readied)
    state = state.with_object(replace(a, counters={**a.counters, EXHAUSTED: 1}))
    counters = {k: v for k, v in b.counters.items() if k != EXHAUSTED}
    state = state.with_object(replace(b, counters=counters))
    return state.with_event(
        Event(
            "orb",
            (("player", player), ("exhausted", spent), ("readied", readied)),
            ("Altered 3.2.9.e",),
        )
    )


@dataclass(frozen=True, kw_only=True)
class OrbSwap(Step):
    """``orb: {player, exhaust: <orb>, ready: <orb>}`` (Altered 3.2.9.e)."""

    player: str
    spent: str
    readied: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.spent, self.readied)

    def resolve(self, state: GameState) -> GameState:
        if not active(state):
            raise IllegalAction(
                "AL-MANA-ORBS", "Mana Orbs are used under the policy mana_payment: orbs"
            )
        return swap(state, self.player, self.spent, self.readied)
