"""The scenario steps of the Altered kernel: each is data plus a pure ``resolve``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from arbiter.model.altered.day import TerrainLimits, decide, dusk, rest
from arbiter.model.altered.keywords import other_expedition
from arbiter.model.altered.payment import mana, set_mana
from arbiter.model.altered.play import PlayChoices, play
from arbiter.model.altered.zones import (
    BOOSTS,
    SEEN_BY,
    Permission,
    Prohibition,
    ensure_faces,
    is_visible,
    move,
    prohibited,
    reveal,
    turn_face_down,
    zone_kind,
)
from arbiter.model.gigantic import switch_card
from arbiter.model.passive_order import after_passives
from arbiter.model.state import Event, GameState
from arbiter.model.steps import Step
from arbiter.model.trace import RuleStep
from arbiter.model.values import characteristics as ch
from arbiter.model.values.reading import NumberReading


@dataclass(frozen=True, kw_only=True)
class SetMana(Step):
    """Players' mana available to pay costs (game counters ``mana.<player>``)."""

    amounts: Mapping[str, int]

    def resolve(self, state: GameState) -> GameState:
        for player, amount in self.amounts.items():
            state = set_mana(state, player, amount)
        return state.with_event(Event("mana", (("set", dict(self.amounts)),), ()))


@dataclass(frozen=True, kw_only=True)
class Play(Step):
    """Play a card (spell or character): A-SPELL-1…6, A-GOLD-1/2/5, A-KW-TOUGH."""

    card: str
    choices: PlayChoices

    def target_ids(self) -> tuple[str, ...]:
        return (self.card, *(o for v in self.choices.targets.values() for o in v))

    scout: bool = False  # played for its Scout X (Altered 7.4.5.c)

    def resolve(self, state: GameState) -> GameState:
        if self.scout:
            from arbiter.model.altered.scout import play_with_scout

            return play_with_scout(state, self.card, self.choices)
        return play(state, self.card, self.choices)


@dataclass(frozen=True, kw_only=True)
class Send(Step):
    """Move an object under the Altered rules (A-GOLD-6, A-GOLD-7, A-TIME-1)."""

    target: str
    zone: str
    player: str | None = None

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state = ensure_faces(state)
        from arbiter.model import board_leave as bl
        from arbiter.model import standing_modifiers as sm  # Altered 6.2: modifiers on moves

        bl.check_single(state, state.obj(self.target), self.zone)  # one Hero (3.2.6.b)

        if sm.has_standing(state) and ":" not in self.zone:
            return sm.perform(state, (f"send_{self.zone}:{self.target}",), None, self.player)
        return move(state, self.target, self.zone, player=self.player, cause="effect").state


@dataclass(frozen=True, kw_only=True)
class GainBoosts(Step):
    """An object gains boosts (+1/+1/+1 counters); "cannot gain boosts" stops it (A-GOLD-1)."""

    target: str
    amount: int

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        if zone_kind(obj.zone) in ("discard", "deck", "hand"):
            why = RuleStep("A-GOLD-3", f"no counters in {obj.zone} (rules 3.0 2.5.b): not done")
            return state.with_event(
                Event("boosts", (("target", self.target), ("done", False)), (why.rule,), (why,))
            )
        ban = prohibited(state, obj, "gain_boosts")
        if ban is not None:
            whys = (
                RuleStep("A-GOLD-1", f"{self.target} cannot gain boosts ({ban.source})"),
                RuleStep("A-GOLD-3", "that part of the effect is not done"),
            )
            return state.with_event(
                Event(
                    "boosts",
                    (("target", self.target), ("done", False)),
                    ("A-GOLD-1", "A-GOLD-3"),
                    whys,
                )
            )
        n = obj.counters.get(BOOSTS, 0) + self.amount
        state = state.with_object(replace(obj, counters={**obj.counters, BOOSTS: n}))
        return state.with_event(
            Event("boosts", (("target", self.target), ("done", True), ("boosts", n)), ())
        )


@dataclass(frozen=True, kw_only=True)
class Grant(Step):
    """An effect gives an object a "cannot" (A-GOLD-1) or a "can" (A-GOLD-5)."""

    target: str
    action: str
    source: str
    can: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state, t = state.tick()
        obj = state.obj(self.target)
        aid = f"{self.source}:{'can' if self.can else 'cannot'}:{self.action}"
        ability = (
            Permission(id=aid, source=self.source, timestamp=t, action=self.action)
            if self.can
            else Prohibition(id=aid, source=self.source, timestamp=t, action=self.action)
        )
        state = state.with_object(replace(obj, abilities=(*obj.abilities, ability)))
        rule = "A-GOLD-5" if self.can else "A-GOLD-1"
        return state.with_event(
            Event("grant", (("target", self.target), ("ability", aid)), (rule,))
        )


@dataclass(frozen=True, kw_only=True)
class Switch(Step):
    """Move to "the other expedition": not a zone change; none for a Gigantic object."""

    target: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        other = other_expedition(after_passives(state).obj(self.target))  # A-PASS-1
        if other is None and (card := switch_card(state, self.target)) is not None:
            return card  # Altered 7.4.4.m under gigantic_version "3.0"
        if other is None:
            why = RuleStep("A-KW-GIGANTIC", f"{self.target} has no other expedition")
            return state.with_event(
                Event(
                    "switch",
                    (("target", self.target), ("done", False)),
                    ("A-KW-GIGANTIC", "A-GOLD-3"),
                    (why,),
                )
            )
        state = state.with_object(replace(obj, zone=f"expedition:{other}"))
        return state.with_event(
            Event("switch", (("target", self.target), ("done", True), ("to", other)), ())
        )


@dataclass(frozen=True, kw_only=True)
class FaceDown(Step):
    """Turn an object face down: it has no base characteristics (A-CHAR-3)."""

    target: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state = ensure_faces(state)
        obj = state.obj(self.target)
        state = state.with_object(turn_face_down(obj))
        return state.with_event(Event("face-down", (("target", self.target),), ("A-CHAR-3",)))


@dataclass(frozen=True, kw_only=True)
class Look(Step):
    """An effect lets ``player`` look at a card of a hidden zone (A-ZONE-2)."""

    player: str
    target: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        obj = state.obj(self.target)
        state = state.with_object(replace(obj, counters={**obj.counters, SEEN_BY + self.player: 1}))
        return state.with_event(
            Event("look", (("player", self.player), ("target", self.target)), ("A-ZONE-2",))
        )


@dataclass(frozen=True, kw_only=True)
class UseCharacteristic(Step):
    """A cost or effect uses a characteristic of a card: a hidden card is revealed first.

    ``gain_mana``: the player gains mana equal to the value (a typical use).
    """

    target: str
    stat: str
    player: str
    gain_mana: bool = False

    def target_ids(self) -> tuple[str, ...]:
        return (self.target,)

    def resolve(self, state: GameState) -> GameState:
        state = ensure_faces(state)
        obj = state.obj(self.target)
        rules: tuple[str, ...] = ()
        if not is_visible(obj.zone):
            state = reveal(state, self.target, f"{self.stat} is used by an effect")
            rules = ("A-ZONE-2",)
        elif obj.counters.get("face_down", 0):
            rules = ("A-CHAR-3",)
        obj = state.obj(self.target)
        r = ch.read(obj, self.stat)
        value = r.components[0].shown if isinstance(r, NumberReading) else 0
        if self.gain_mana:
            state = set_mana(state, self.player, mana(state, self.player) + value)
        return state.with_event(
            Event("use", (("target", self.target), ("stat", self.stat), ("value", value)), rules)
        )


@dataclass(frozen=True, kw_only=True)
class Dusk(Step):
    terrains: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    limits: Mapping[str, TerrainLimits] = field(default_factory=dict)

    def resolve(self, state: GameState) -> GameState:
        from arbiter.model import altered_tiebreakers as tb

        if tb.started(state):  # Altered 4.3.d-e: Progress compares the players' totals
            return tb.progress(state)
        return dusk(state, self.terrains, self.limits)


@dataclass(frozen=True, kw_only=True)
class Rest(Step):
    order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def resolve(self, state: GameState) -> GameState:
        return rest(state, self.order)


@dataclass(frozen=True, kw_only=True)
class Decide(Step):
    choices: Mapping[str, tuple[str, ...]]
    initiative: str | None = None

    def resolve(self, state: GameState) -> GameState:
        return decide(state, self.choices, self.initiative)
