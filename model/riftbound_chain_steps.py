"""Scenario steps of the Riftbound Chain (docs/format.md, "Riftbound: the Chain"):
``chain_play``, ``activate_ability``, ``chain_trigger``, ``pass_priority``,
``resolve_chain`` (model.riftbound_chain, model.riftbound_activate)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.model import death as dt
from arbiter.model import riftbound_activate as ac
from arbiter.model import riftbound_attach as ra
from arbiter.model import riftbound_chain as ch
from arbiter.model import riftbound_costs as rc
from arbiter.model import riftbound_total_cost as tc
from arbiter.model.errors import IllegalAction
from arbiter.model.riftbound_play import FACEDOWN, PlayCard
from arbiter.model.riftbound_steps import ChooseTargets
from arbiter.model.state import JSON, Event, GameObject, GameState
from arbiter.model.steps import Resolve, Step, resolve_part
from arbiter.model.values.features import Feature

# The articles refusing a card played without the permission it needs (check_timing).
TIMING_REFUSALS = {"Riftbound 813.1.c.1", "Riftbound 806.1.b"}
UNDO = {ac.Permission.ACTION: "Riftbound 806.4.b", ac.Permission.REACTION: "Riftbound 813.4.b"}


@dataclass(frozen=True, kw_only=True)
class ToTrash(Step):
    """A spell's card leaves the Chain for its owner's trash once it resolved (359.3.d)."""

    card: str

    def resolve(self, state: GameState) -> GameState:
        spell = state.obj(self.card)
        state = state.with_object(replace(spell, zone=dt.TRASH, region=None))
        fields: tuple[tuple[str, JSON], ...] = (("target", self.card), ("to", dt.TRASH))
        return state.with_event(Event("move", fields, ("Riftbound 359.3.d", "Riftbound 108.2.b")))


@dataclass(frozen=True, kw_only=True)
class EquipEffect(Step):
    """The effect of an Equip ability: attach the gear to the chosen unit (818.1.c.2)."""

    gear: str
    to: str

    def target_ids(self) -> tuple[str, ...]:
        return (self.to,)

    def resolve(self, state: GameState) -> GameState:
        return ra.equip(state, self.gear, self.to)


@dataclass(frozen=True, kw_only=True)
class WeaponmasterEffect(Step):
    """One Weaponmaster trigger resolving: its own chosen Equipment (821.1.c.7, 821.1.d)."""

    unit: str
    gear: str
    player: str

    def resolve(self, state: GameState) -> GameState:
        return PlayCard(card=self.unit, by=self.player, equip=self.gear).weaponmaster(state)


def _with_feature(obj: GameObject, name: str) -> GameObject:
    return replace(obj, features={**obj.features, name: Feature(name)})


def _undone(before: GameState, item: str, source: str, rule: str) -> GameState:
    """806.4.b / 813.4.b: what was done to play or activate it is undone; a card goes back
    to the zone it was played from (the state before the step, with the event)."""
    fields: tuple[tuple[str, JSON], ...] = (("item", item), ("source", source))
    return before.with_event(Event("chain_undone", fields, (rule,)))


def _units_there(state: GameState, steps: tuple[Step, ...], battlefield: str | None) -> None:
    """811.1.d.3: a unit played by a hidden card's effect is played at its battlefield."""
    for s in steps:
        if isinstance(s, PlayCard) and state.obj(s.card).kind == "unit" and s.to != battlefield:
            raise IllegalAction(
                "Riftbound 811.1.d.3", f"{s.card} is played at {battlefield}, where it hid"
            )


def _targets_event(state: GameState, source: str, targets: tuple[str, ...]) -> GameState:
    """355.5 / 818.1.b.1: the choices are targets; Deflect adds its cost (809.1.c)."""
    return ChooseTargets(card=source, targets=targets).resolve(state) if targets else state


@dataclass(frozen=True, kw_only=True)
class Trigger:
    """A triggered ability put on the Chain (383.3): its source, name and instructions."""

    source: str
    ability: str
    steps: tuple[Step, ...] = ()
    targets: tuple[str, ...] = ()


def _trigger_entry(state: GameState, t: Trigger) -> ch.ChainEntry:
    """187.6.b: an uncontrolled battlefield's ability is the turn player's."""
    obj = state.obj(t.source)
    controller = obj.controller or (state.active_player if obj.kind == "battlefield" else obj.owner)
    return ch.ChainEntry(
        id=ch.next_id(state),
        kind=ch.ItemKind.TRIGGERED,
        controller=controller,
        source=t.source,
        ability=t.ability,
        steps=t.steps,
        targets=ch.choose(state, t.targets),
        pending=True,
    )


@dataclass(frozen=True, kw_only=True)
class ChainPlay(Step):
    """``chain_play: {card, by, timing, to, accelerate, steps, repeats, targets,
    weaponmaster}``: a card played onto the Chain (354-359). A spell stays on it until it
    resolves; a permanent is finalized and enters the Board at once (337.1.c, 359.2), and
    each Weaponmaster of a unit triggers on its own (821.1.c.7)."""

    play: PlayCard
    targets: tuple[str, ...] = ()
    weaponmaster: tuple[str, ...] = ()  # the Equipment each instance chooses, in order
    triggers: tuple[Trigger, ...] = ()  # made by its choices (383.4.b.2): above it, pending

    def target_ids(self) -> tuple[str, ...]:
        return (self.play.card, *self.targets)

    def resolve(self, state: GameState) -> GameState:
        before = state
        card = state.obj(self.play.card)
        player = self.play.by or card.controlled_by
        ch.check_priority(state, player)
        play = replace(self.play, timing="closed") if ch.closed(state) else self.play
        grant = None
        try:
            state = play.enter(state)
        except IllegalAction as refused:
            grant = self._grant(state, card, play.timing, refused)
            state = state.with_object(_with_feature(card, grant.keyword.value))
            state = play.enter(state)
            state = state.with_object(replace(state.obj(card.id), features=card.features))
        item = ch.next_id(state)
        state = _targets_event(state, card.id, self.targets)
        holds = grant is None or ac.grant_holds(state, grant, player, self.targets, counted=1)
        if grant is not None and not holds:  # step 5, check legality (358.3)
            return _undone(before, item, card.id, UNDO[grant.keyword])
        if card.kind == "spell":
            state = self._on_chain(state, card, player, item)
        else:
            state = self._weaponmaster(state, card, player)
        for t in self.triggers:  # 383.4.b.2; 811.1.d.3 for a hidden permanent's play effect
            if card.zone == FACEDOWN and card.kind != "spell" and t.source == card.id:
                _units_there(state, t.steps, card.region)
            state = ch.push(state, _trigger_entry(state, t), ("Riftbound 383.4.b.2",))
        return ch.finalize(state)

    def _grant(
        self, state: GameState, card: GameObject, timing: str, refused: IllegalAction
    ) -> ac.TimingGrant:
        """806.4.a / 813.4.a: a card whose grant could give it the keyword it needs."""
        if refused.rule not in TIMING_REFUSALS:
            raise refused
        need = ac.Permission.REACTION if timing == "closed" else ac.Permission.ACTION
        for g in ac.grants(card, None):
            if ac.allows(g.keyword, need):
                return g
        raise refused

    def _on_chain(self, state: GameState, card: GameObject, player: str, item: str) -> GameState:
        spell = state.obj(card.id)
        state = state.with_object(replace(spell, zone=ch.CHAIN))
        runs = (self.play.steps, *self.play.repeats)
        entry = ch.ChainEntry(
            id=item,
            kind=ch.ItemKind.SPELL,
            controller=player,
            source=card.id,
            card=card.id,
            steps=tuple(s for run in runs for s in run),
            targets=ch.choose(state, self.targets),
            pending=True,
            after=ToTrash(card=card.id),
        )
        return ch.push(state, entry, ("Riftbound 108.1.a", "Riftbound 354", "Riftbound 359.3"))

    def _weaponmaster(self, state: GameState, card: GameObject, player: str) -> GameState:
        feature = card.features.get("Weaponmaster")
        instances = 0 if feature is None else (feature.number or 1)
        if len(self.weaponmaster) > instances:
            raise IllegalAction("Riftbound 821.1.c.7", f"{card.id} has {instances} Weaponmaster")
        for gear in self.weaponmaster:
            entry = ch.ChainEntry(
                id=ch.next_id(state),
                kind=ch.ItemKind.TRIGGERED,
                controller=player,
                source=card.id,
                ability="Weaponmaster",
                steps=(WeaponmasterEffect(unit=card.id, gear=gear, player=player),),
                pending=True,
            )
            state = ch.push(state, entry, ("Riftbound 383.4.a.2", "Riftbound 821.1.c.7"))
        return state


@dataclass(frozen=True, kw_only=True)
class ActivateAbility(Step):
    """``activate_ability: {source, ability, by, timing, targets, steps, triggers}``: an
    activated ability is declared, its choices made, its cost paid, checked and finalized
    (401-406); triggers made while paying or choosing wait above it (818.1.c.1)."""

    source: str
    ability: str
    by: str | None = None
    timing: str = "open"
    targets: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    triggers: tuple[Trigger, ...] = ()
    pay: rc.PayChoice | None = None  # the cost paid from the Rune Pool (RB-ACT-COST)

    def target_ids(self) -> tuple[str, ...]:
        return (self.source, *self.targets)

    def resolve(self, state: GameState) -> GameState:
        return self.resolve_with(state, resolve_part)

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        before = state
        obj = state.obj(self.source)
        ability = ac.activated(obj, self.ability)
        player = self.by or obj.controlled_by
        if player != obj.controlled_by:  # 378
            raise IllegalAction("Riftbound 378", f"{player} does not control {self.source}")
        if obj.zone.split(":", 1)[0] not in (*state.ruleset.board_zones, "legend"):
            raise IllegalAction("Riftbound 380", f"{self.source} is not on the Board")
        ch.check_priority(state, player)
        timing = "closed" if ch.closed(state) else self.timing
        need = ac.needed(state, player, timing)  # a unit's: not in a showdown either (145.2)
        grant = None
        if not ac.allows(ability.keyword, need):
            found = [g for g in ac.grants(obj, self.ability) if ac.allows(g.keyword, need)]
            if not found:
                wanted = need.value if need else "an Open State"
                raise IllegalAction(
                    ac.article(need, timing == "closed"),
                    f"{self.ability} of {self.source} needs {wanted}",
                )
            grant = found[0]
        item = ch.next_id(state)
        state = self._choose(state, obj, ability, player)  # 402
        state = self._pay(state, obj, ability, player)  # 403-404
        if grant is not None and not ac.grant_holds(state, grant, player, self.targets, counted=0):
            return _undone(before, item, self.source, UNDO[grant.keyword])  # 405
        steps = self.steps
        if ability.equip:
            steps = (*steps, EquipEffect(gear=self.source, to=self.targets[0]))
        if ability.add:  # 400.2: resolves at once, no chain item
            fields: tuple[tuple[str, JSON], ...] = (
                ("source", self.source),
                ("ability", self.ability),
            )
            state = state.with_event(Event("add_resolves", fields, ("Riftbound 400.2",)))
            for step in steps:
                state = resolve(step, state)
            return state
        entry = ch.ChainEntry(
            id=item,
            kind=ch.ItemKind.ACTIVATED,
            controller=player,
            source=self.source,
            ability=self.ability,
            steps=steps,
            targets=ch.choose(state, self.targets),
            pending=True,
        )
        rules: tuple[str, ...] = ("Riftbound 377.3", "Riftbound 401.1")
        rules = (*rules, "Riftbound 145.2.a.1") if obj.kind == "unit" else rules
        state = ch.push(state, entry, rules)
        for t in self.triggers:  # 818.1.c.1: above it, pending
            state = ch.push(state, _trigger_entry(state, t), ("Riftbound 818.1.c.1",))
        return ch.finalize(state)

    def _choose(
        self, state: GameState, obj: GameObject, ability: ac.ActivatedAbility, player: str
    ) -> GameState:
        if ability.equip:  # 818.1.b.1, 818.1.c.2: one unit the player controls, a target
            if len(self.targets) != 1:
                raise IllegalAction("Riftbound 818.1.b", f"{self.ability} attaches to one unit")
            unit = state.obj(self.targets[0])
            if unit.kind != "unit" or unit.controlled_by != player:
                raise IllegalAction(
                    "Riftbound 818.1.c.2", f"{unit.id} is not a unit {player} controls"
                )
            if "Equip" not in obj.features:
                raise IllegalAction("Riftbound 818.1.b", f"{obj.id} has no Equip")
        return _targets_event(state, self.source, self.targets)

    def _pay(
        self, state: GameState, obj: GameObject, ability: ac.ActivatedAbility, player: str
    ) -> GameState:
        """403-404: with ``pay``, the cost after the modifiers of abilities' costs (403.3)
        comes out of the Rune Pool; without, only [E] is paid (Decision RB-ACT-COST)."""
        if self.pay is not None:
            part = rc.Part("ability", ability.cost, "Riftbound 404.1")
            total = tc.total_cost(state, obj, player, (part,), order=self.pay.order, whole=False)
            rules = ("Riftbound 403.1.a", "Riftbound 403.3")
            return rc.pay(state, player, total.parts, source=obj.id, choice=self.pay, rules=rules)
        if ability.cost.exhaust:
            if obj.counters.get("exhausted", 0):
                raise IllegalAction("Riftbound 414.4", f"{obj.id} is exhausted: cannot pay [E]")
            state = state.with_object(replace(obj, counters={**obj.counters, "exhausted": 1}))
        fields: tuple[tuple[str, JSON], ...] = (
            ("player", player),
            ("source", obj.id),
            ("ability", self.ability),
            ("cost", ability.cost.text()),
            ("energy_and_power_paid", False),
        )
        return state.with_event(Event("pay_cost", fields, ("Riftbound 403.1.a", "Riftbound 404.1")))


@dataclass(frozen=True, kw_only=True)
class ChainTrigger(Step):
    """``chain_trigger: {source, ability, targets, steps}``: a triggered ability goes on
    the Chain in any state (383.3, 383.3.c) and is finalized (337.1)."""

    trigger: Trigger

    def target_ids(self) -> tuple[str, ...]:
        return (self.trigger.source, *self.trigger.targets)

    def resolve(self, state: GameState) -> GameState:
        state = ch.push(state, _trigger_entry(state, self.trigger), ("Riftbound 383.3",))
        return ch.finalize(state)


@dataclass(frozen=True, kw_only=True)
class PassPriority(Step):
    """``pass_priority: {by}``: the player with priority passes (338.1.c, 339)."""

    by: str | None = None

    def resolve(self, state: GameState) -> GameState:
        return self.resolve_with(state, resolve_part)

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        player = self.by or ch.holder(state) or state.active_player
        return ch.pass_priority(state, player, resolve)


@dataclass(frozen=True, kw_only=True)
class ResolveChain(Step):
    """``resolve_chain: {items}``: every player passes until ``items`` items (all by
    default) have resolved, newest first (339.1, 340.1)."""

    items: int | None = None

    def resolve(self, state: GameState) -> GameState:
        return self.resolve_with(state, resolve_part)

    def resolve_with(self, state: GameState, resolve: Resolve) -> GameState:
        if state.chain is None:
            raise IllegalAction("Riftbound 340.1", "no Chain exists: nothing resolves")
        return ch.resolve_all(state, self.items, resolve)
