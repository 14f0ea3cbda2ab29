"""Altered tokens and draws (Complete Rules 3.0: 7.3.4 Create, 7.3.7 Draw, 2.1.e, 7.5.8.b,
7.4.4.h and 7.4.4.k for a Gigantic character's expeditions). Pure functions.

A token is a Character object with the characteristics its creation gives (A-CHAR-1),
created in an expedition, which it joins with the Expedition zone (7.5.8.b); it carries the
``token`` mark, and if it would leave the Expedition zone for another zone it ceases to
exist instead (2.1.e, in ``arbiter.model.altered.zones.move``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from arbiter.model.altered.keywords import expeditions_of, has
from arbiter.model.altered.zones import EXPEDITIONS, TOKEN, move, zone_kind
from arbiter.model.passive_order import after_passives
from arbiter.model.state import JSON, Ability, BaseValue, Event, GameObject, GameState
from arbiter.model.steps import Step


@dataclass(frozen=True, slots=True)
class Where:
    """Where tokens are created: an expedition by name, "X's expedition" (``of``), or
    "the other expedition" of X (``other_of``); ``pick`` chooses among several (7.4.4.h)."""

    expedition: str | None = None
    of: str | None = None
    other_of: str | None = None
    pick: str | None = None


def targets(state: GameState, where: Where) -> tuple[tuple[str, ...], str]:
    """The expeditions the creation may use, and the rule that says so (empty: none)."""
    if where.expedition is not None:
        return (where.expedition,), "Altered 7.3.4.a"
    ref = after_passives(state).obj(where.of or where.other_of or "")  # A-PASS-1
    here = expeditions_of(ref)
    if where.of is not None:
        return here, "Altered 7.4.4.h" if len(here) > 1 else "Altered 7.3.4.a"
    if has(ref, "Gigantic") or len(here) != 1:  # 7.4.4.k: the other expedition is none
        return (), "Altered 7.4.4.k"
    return tuple(e for e in EXPEDITIONS if e != here[0]), "Altered 7.3.4.a"


def create_tokens(
    state: GameState,
    player: str,
    ids: tuple[str, ...],
    base: Mapping[str, BaseValue],
    where: Where,
    name: str = "",
    abilities: tuple[Ability, ...] = (),
) -> GameState:
    """7.3.4: create the tokens ``ids`` for ``player``, with the abilities the effect gives
    them (2.2.11.f); an impossible creation is not done (7.4.4.k with A-GOLD-3)."""
    options, rule = targets(state, where)
    if not options:
        return state.with_event(
            Event(
                "create",
                (("ids", list(ids)), ("player", player), ("done", False)),
                (rule, "A-GOLD-3"),
            )
        )
    chosen = where.pick if where.pick in options else options[0]
    for oid in ids:
        state, t = state.tick()
        token = GameObject(
            oid,
            player,
            "character",
            zone=f"expedition:{chosen}",
            base=dict(base),
            timestamp=t,
            counters={TOKEN: 1},
            abilities=tuple(replace(a, source=oid, timestamp=t) for a in abilities),
        )
        state = state.with_object(token)
        fields: tuple[tuple[str, JSON], ...] = (
            ("target", oid),
            ("player", player),
            ("expeditions", [chosen]),
            ("token", name or oid),
            ("created", True),
        )
        state = state.with_event(Event("join", fields, (rule, "Altered 7.5.8.b", "A-CHAR-1")))
    return state


def deck_order(state: GameState, player: str) -> list[GameObject]:
    """A player's Deck, top first: the order its cards were declared in (timestamp, id)."""
    cards = [o for o in state.objects.values() if zone_kind(o.zone) == "deck" and o.owner == player]
    return sorted(cards, key=lambda o: (o.timestamp, o.id))


def draw(state: GameState, player: str, count: int) -> GameState:
    """7.3.7: move the top ``count`` cards of the Deck to the Hand. A Deck with too few cards
    first gets the Discard pile at its bottom (3.2.2.d; Decision AL-DRAW-1: in the order of
    the pile, timestamp then id, for the shuffle); what still lacks is not drawn (3.2.2.e)."""
    rules = ["Altered 7.3.7.a"]
    if len(deck_order(state, player)) < count:
        pile = sorted(
            (
                o
                for o in state.objects.values()
                if zone_kind(o.zone) == "discard" and o.owner == player
            ),
            key=lambda o: (o.timestamp, o.id),
        )
        for card in pile:
            state = move(state, card.id, "deck", player=player, cause="shuffle").state
        if pile:
            rules.append("Altered 3.2.2.d")
    top = deck_order(state, player)[:count]
    for card in top:
        state = move(state, card.id, "hand", player=player, cause="draw").state
    if len(top) < count:
        rules.append("Altered 3.2.2.e")
    return state.with_event(
        Event(
            "draw",
            (("player", player), ("asked", count), ("drawn", [c.id for c in top])),
            tuple(rules),
        )
    )


@dataclass(frozen=True, kw_only=True)
class CreateStep(Step):
    """``create: {ids, player, base, name, in | of | other_of, pick, triggers,
    quick_actions}``."""

    player: str
    ids: tuple[str, ...]
    base: Mapping[str, BaseValue]
    place: Where
    name: str = ""
    abilities: tuple[Ability, ...] = ()  # "with ...": the tokens' abilities (2.2.11.f)

    def created_ids(self) -> tuple[str, ...]:
        return self.ids

    def resolve(self, state: GameState) -> GameState:
        return create_tokens(
            state, self.player, self.ids, self.base, self.place, self.name, self.abilities
        )


@dataclass(frozen=True, kw_only=True)
class DrawStep(Step):
    """``draw: {player, count}``."""

    player: str
    count: int = 1

    def resolve(self, state: GameState) -> GameState:
        return draw(state, self.player, self.count)
